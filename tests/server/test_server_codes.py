"""Every HTTP refusal carries a ``code`` of the pages' catalogue and its ``params``: the
validation 422, the body limit's 413, a route's 404 and 405, the scorekeeper's, the lab's and
the calculator's refusals; and a full disk answers 503 with its code, never a 500."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from jantaku.server.app import create_app
from jantaku.server.errors import ERROR_CODES
from support.server import BOTS3, FAST, connect, new_table

WEB = Path(__file__).resolve().parents[2] / "src" / "jantaku" / "web"


@pytest.fixture
def client(tmp_path: Path) -> TestClient:
    app = create_app(str(tmp_path / "codes.sqlite3"), limits=FAST, lab_dir=str(tmp_path / "lab"))
    return TestClient(app, raise_server_exceptions=False)


REFUSALS: list[tuple[str, str, Any, int, str]] = [
    ("GET", "/api/no/such/thing", None, 404, "not_found"),
    ("DELETE", "/api/tables", None, 405, "method_not_allowed"),
    ("POST", "/api/tables", {"preset": "riichi", "seats": "human"}, 422, "invalid_request"),
    ("POST", "/api/tables", {"preset": "riichi", "seats": ["x" * 70_000]}, 413, "too_large"),
    ("GET", "/api/tables/99/log", None, 404, "no_table"),
    ("GET", "/api/presets/nonesuch", None, 404, "not_found"),
    ("POST", "/api/rulesets/import", {"toml": "base = 'nonesuch'"}, 400, "bad_request"),
    ("GET", "/api/sessions/abcdefgh", None, 404, "no_session"),
    ("POST", "/api/lab", {"rules": "nonesuch", "games": 2}, 400, "bad_request"),
    ("GET", "/api/lab/0123456789ab", None, 404, "not_found"),
    ("POST", "/api/calc", {"rules": "riichi", "situation": {"hand": "1m"}}, 422, "invalid_request"),
]


@pytest.mark.parametrize(("method", "path", "body", "status", "code"), REFUSALS)
def test_every_http_refusal_has_a_code_and_params(
    client: TestClient, method: str, path: str, body: Any, status: int, code: str
) -> None:
    r = client.request(method, path, json=body)
    assert r.status_code == status, r.text
    answer = r.json()
    assert answer["code"] == code, answer
    assert isinstance(answer["params"], dict)
    assert answer["detail"]


def test_every_code_has_a_message_in_both_languages() -> None:
    for lang in ("ja", "en"):
        catalogue = json.loads((WEB / "i18n" / lang / "errors.json").read_text("utf-8"))
        assert not sorted(ERROR_CODES - set(catalogue)), lang


def test_a_full_disk_is_503_with_a_code(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    store = client.app.state.manager.store  # type: ignore[attr-defined]

    def full(*args: Any, **kwargs: Any) -> int:
        raise sqlite3.OperationalError("database or disk is full")

    monkeypatch.setattr(store, "create_table", full)
    r = client.post("/api/tables", json={"preset": "riichi", "seats": ["human", *BOTS3]})
    assert r.status_code == 503, r.text
    assert r.json()["code"] == "disk_full"
    assert r.headers["retry-after"]


def test_a_full_disk_is_a_retryable_error_on_the_socket(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    t = new_table(client, ["human", *BOTS3], seed=4)
    cm, me = connect(client, t["id"], t["tokens"]["0"], 0)
    try:
        before = me.snapshot()
        store = client.app.state.manager.store  # type: ignore[attr-defined]

        def full(*args: Any, **kwargs: Any) -> None:
            raise sqlite3.OperationalError("database or disk is full")

        monkeypatch.setattr(store, "append_events", full)
        me.send_action(next(a for a in me.legal if a["type"] == "discard"))
        refusal = me.recv()
        assert refusal["type"] == "error" and refusal["code"] == "disk_full", refusal
        assert refusal["retry"] is True
        monkeypatch.undo()
        assert me.snapshot() == before  # nothing changed
    finally:
        cm.__exit__(None, None, None)
