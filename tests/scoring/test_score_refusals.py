"""点数記録: a hand the rules refuse is answered by the preview with a catalogue code (the
page disables 記録する and says why in the player's language); a refused change over the
socket carries the same code; every code has a message in both catalogues (issue 37)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from fastapi.testclient import TestClient

from jantaku.server.app import create_app

WEB = Path(__file__).resolve().parents[2] / "src" / "jantaku" / "web"


def session(client: TestClient, **body: Any) -> tuple[str, str]:
    r = client.post("/api/sessions", json=body)
    assert r.status_code == 200, r.text
    return r.json()["id"], r.json()["editor"]


def preview(client: TestClient, sid: str, events: list[dict[str, Any]]) -> dict[str, Any]:
    r = client.post(f"/api/sessions/{sid}/preview", json={"hand": {"events": events}})
    assert r.status_code == 200, r.text
    out: dict[str, Any] = r.json()
    return out


def test_preview_names_a_kanto_boo_refusal_by_code(tmp_path: Path) -> None:
    c = TestClient(create_app(str(tmp_path / "s.sqlite3")))
    sid, _ = session(c, preset="kanto-boo", names=["A", "B", "C", "D"])
    out = preview(c, sid, [{"type": "win", "winner": 0, "from": 1, "han": 5, "fu": 30}])
    refused = out["refused"]
    assert refused["code"] == "refused_marushii" and refused["status"] == 422
    assert refused["params"]["hand"] == 1 and "hand" not in out
    ok = preview(c, sid, [{"type": "win", "winner": 0, "from": 1, "han": 1, "fu": 30}])
    assert "refused" not in ok and ok["hand"]["payments"] == [1500, -1500, 0, 0]


def test_a_second_shuba_is_refused_by_code_over_the_socket(tmp_path: Path) -> None:
    c = TestClient(create_app(str(tmp_path / "s.sqlite3")))
    sid, token = session(c, preset="gotou", names=["A", "B", "C"])
    shuba = {"type": "draw", "tenpai": [1], "riichi": [1], "shuba": [1]}
    with c.websocket_connect(f"/ws/score/{sid}") as ws:
        ws.send_text(json.dumps({"type": "join", "token": token}))
        state = ws.receive_json()
        ws.send_text(
            json.dumps({"type": "add", "at": state["rev"], "cid": "a", "hand": {"events": [shuba]}})
        )
        msgs = [ws.receive_json(), ws.receive_json()]
        assert {m["type"] for m in msgs} == {"state", "ack"}
        state = next(m for m in msgs if m["type"] == "state")
        assert state["table"]["shuba_used"] == [1]
        ws.send_text(
            json.dumps({"type": "add", "at": state["rev"], "cid": "b", "hand": {"events": [shuba]}})
        )
        err = ws.receive_json()
    assert err["type"] == "error" and err["code"] == "shuba_used" and err["cid"] == "b"
    assert err["params"]["hand"] == 2
    assert c.get(f"/api/sessions/{sid}").json()["rev"] == state["rev"]


def test_every_refusal_code_has_a_message_in_both_languages() -> None:
    from jantaku.server import sessions

    codes = {c for _, c in sessions.HAND_REASONS} | {
        "hand_invalid",
        "session_ended",
        "names_count",
        "not_between_games",
        "name_length",
        "same_name",
        "invalid",
        "no_double_ron",
        "stale",
        "watch_only",
        "no_session",
    }
    for lang in ("ja", "en"):
        catalogue = json.loads((WEB / "i18n" / lang / "score.json").read_text("utf-8"))
        missing = sorted(c for c in codes if f"err_{c}" not in catalogue)
        assert not missing, (lang, missing)


def test_a_ping_is_answered_for_the_pages_liveness_check(tmp_path: Path) -> None:
    c = TestClient(create_app(str(tmp_path / "s.sqlite3")))
    sid, _ = session(c, preset="riichi", names=["A", "B", "C", "D"])
    with c.websocket_connect(f"/ws/score/{sid}") as ws:
        ws.send_text(json.dumps({"type": "join"}))
        assert ws.receive_json()["type"] == "state"
        ws.send_text(json.dumps({"type": "ping", "req": 7}))
        assert ws.receive_json() == {"type": "pong", "req": 7}


def test_a_refused_session_names_its_code_in_headers(tmp_path: Path) -> None:
    c = TestClient(create_app(str(tmp_path / "s.sqlite3")))
    r = c.post("/api/sessions", json={"preset": "riichi", "names": ["A", "A", "B", "C"]})
    assert r.status_code == 400 and "same name" in r.json()["detail"]
    assert r.headers["x-error-code"] == "same_name"
    r = c.post("/api/sessions", json={"preset": "riichi", "names": ["A", "B"]})
    assert r.headers["x-error-code"] == "names_count"
    assert json.loads(r.headers["x-error-params"]) == {"players": 4, "count": 2}
