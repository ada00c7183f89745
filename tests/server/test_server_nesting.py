"""A deeply nested TOML or JSON body is the client's mistake: a 400 with a code and one line in
the server's log, never a 500 with a traceback."""

from __future__ import annotations

import logging
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from jantaku.server.app import create_app
from support.server import FAST

DEPTH = 5000
DEEP_TOML = 'base = "riichi"\nx = ' + "[" * DEPTH + "]" * DEPTH + "\n"
DEEP_JSON = '{"a":' * DEPTH + "1" + "}" * DEPTH
NAMES = ["A", "B", "C", "D"]


@pytest.mark.parametrize(
    ("path", "body"),
    [
        ("/api/rulesets/import", {"toml": DEEP_TOML}),
        ("/api/sessions", {"toml": DEEP_TOML, "names": NAMES}),
        ("/api/tables", f'{{"preset": "riichi", "seats": ["human"], "options": {DEEP_JSON}}}'),
        ("/api/calc", f'{{"rules": "riichi", "situation": {DEEP_JSON}}}'),
    ],
)
def test_a_deeply_nested_body_is_a_400_and_one_log_line(
    tmp_path: Path, caplog: pytest.LogCaptureFixture, path: str, body: Any
) -> None:
    client = TestClient(
        create_app(str(tmp_path / "deep.sqlite3"), limits=FAST), raise_server_exceptions=False
    )
    with caplog.at_level(logging.INFO):
        if isinstance(body, str):
            r = client.post(path, content=body, headers={"Content-Type": "application/json"})
        else:
            r = client.post(path, json=body)
    assert r.status_code == 400, r.text
    assert r.json().get("code") or r.json().get("detail")
    assert not [rec for rec in caplog.records if rec.exc_info], "a traceback was logged"
    assert all("\n" not in rec.getMessage() for rec in caplog.records)
    assert len([rec for rec in caplog.records if rec.levelno >= logging.WARNING]) <= 1
