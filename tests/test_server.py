"""The placeholder web server that `make run` starts."""

from __future__ import annotations

from fastapi.testclient import TestClient

from jantaku.rules import PRESET_NAMES
from jantaku.server.app import create_app


def test_lobby_lists_every_preset() -> None:
    client = TestClient(create_app())
    page = client.get("/")
    assert page.status_code == 200
    for name in PRESET_NAMES:
        assert name in page.text
    data = client.get("/api/presets").json()
    assert [p["name"] for p in data] == list(PRESET_NAMES)
    assert all(p["title"] and p["title_ja"] for p in data)


def test_unknown_path_is_404() -> None:
    assert TestClient(create_app()).get("/nope").status_code == 404
