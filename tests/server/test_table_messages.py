"""What the table page is told besides the events: the live wall's count as the seat's own view
counts it (残り枚数; the page never counts it itself), which seats have a page open (a
friend's seat not yet opened is one the table waits for), and the action types it shows as
buttons, each with its label in every language."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from fastapi.testclient import TestClient

from jantaku.game import ActionType
from jantaku.server import i18n
from jantaku.server.app import create_app
from jantaku.server.live_table import ACTION_TYPES

LIVE_AT_DEAL = 136 - 14 - 4 * 13
"""A four-player hand's live wall once the hands are dealt (the dead wall's 14 tiles apart)."""


def new_table(client: TestClient, seats: list[str], seed: int | None = 5) -> Any:
    body: dict[str, Any] = {"preset": "riichi", "seats": seats}
    if seed is not None:  # (a table of friends gets none: whoever chose it would know the walls)
        body["seed"] = seed
    r = client.post("/api/tables", json=body)
    assert r.status_code == 200, r.text
    return r.json()


def recv_until(ws: Any, kind: str, into: list[dict[str, Any]]) -> dict[str, Any]:
    while True:
        msg: dict[str, Any] = ws.receive_json()
        into.append(msg)
        if msg["type"] == kind:
            return msg


def test_tiles_left_follows_every_draw_of_the_seats_view(tmp_path: Path) -> None:
    client = TestClient(create_app(str(tmp_path / "t.sqlite3")))
    t = new_table(client, ["human", "bot:baseline", "bot:baseline", "bot:baseline"])
    with client.websocket_connect(f"/ws/{t['id']}") as ws:
        ws.send_json({"type": "join", "token": t["tokens"]["0"]})
        got: list[dict[str, Any]] = []
        view = recv_until(ws, "view", got)
        legal = recv_until(ws, "legal", got)
        events = list(view["events"])
        # The dealer has drawn its 14th tile: one fewer than at the deal.
        assert view["tiles_left"] == LIVE_AT_DEAL - 1
        checked = 0
        while checked < 12 and legal["actions"]:
            discard = next(a for a in legal["actions"] if a["type"] in ("discard", "pass"))
            ws.send_json({"type": "action", "at": legal["at"], "action": discard})
            batch: list[dict[str, Any]] = []
            legal = recv_until(ws, "legal", batch)
            for msg in batch:
                if msg["type"] != "events":
                    continue
                events += msg["events"]
                start = max(i for i, ev in enumerate(events) if ev["type"] == "start_kyoku")
                hand = events[start:]
                if any(ev["type"] in ("ankan", "daiminkan", "kakan") for ev in hand):
                    return  # a replacement draw: the count below would not hold
                draws = sum(1 for ev in hand if ev["type"] == "tsumo")
                # Counted by the server from what this seat saw, after the message's events.
                assert msg["tiles_left"] == LIVE_AT_DEAL - draws, (checked, msg["tiles_left"])
                checked += 1
        assert checked >= 5


def test_a_seat_is_told_when_a_friend_opens_and_closes_their_page(tmp_path: Path) -> None:
    client = TestClient(create_app(str(tmp_path / "t.sqlite3")))
    t = new_table(client, ["human", "human", "bot:baseline", "bot:baseline"], seed=None)
    with client.websocket_connect(f"/ws/{t['id']}") as ws0:
        ws0.send_json({"type": "join", "token": t["tokens"]["0"]})
        got: list[dict[str, Any]] = []
        view = recv_until(ws0, "view", got)
        assert view["connected"] == [True, False, True, True]
        recv_until(ws0, "legal", got)
        with client.websocket_connect(f"/ws/{t['id']}") as ws1:
            ws1.send_json({"type": "join", "token": t["tokens"]["1"]})
            mine: list[dict[str, Any]] = []
            # The friend's own page learns it from its view, not from a presence message.
            assert recv_until(ws1, "view", mine)["connected"] == [True, True, True, True]
            assert recv_until(ws0, "presence", got)["connected"] == [True, True, True, True]
            # A second tab of a seat already open changes nothing: nobody is told.
            with client.websocket_connect(f"/ws/{t['id']}") as again:
                again.send_json({"type": "join", "token": t["tokens"]["1"]})
                recv_until(again, "legal", [])
        # Both of seat 1's pages closed: seat 0 is told, once.
        msg = recv_until(ws0, "presence", got)
        assert msg["connected"] == [True, False, True, True]
        assert [m["type"] for m in got].count("presence") == 2


def test_every_action_type_a_page_is_sent_has_a_button_label_in_every_language(
    tmp_path: Path,
) -> None:
    # Every type but the discard (a click on a tile) is a button, so a new ActionType needs
    # its label before any page can be offered it.
    assert set(ACTION_TYPES["buttons"]) == {t.value for t in ActionType} - {"discard"}
    assert ACTION_TYPES["buttons"] == [t.value for t in ActionType if t.value != "discard"]
    assert set(ACTION_TYPES["riichi"]) == {t.value for t in ActionType if t.is_riichi}
    assert set(ACTION_TYPES["riichi"]) < set(ACTION_TYPES["buttons"])
    for lang in i18n.LANGS:
        labels = json.loads((i18n.I18N_DIR / lang / "table.json").read_text("utf-8"))
        missing = [t for t in ACTION_TYPES["buttons"] if not labels.get(f"action.{t}", "").strip()]
        assert missing == [], f"{lang}/table.json has no action.<type> label for {missing}"
    # The page learns them from its view, the first message of its socket.
    client = TestClient(create_app(str(tmp_path / "t.sqlite3")))
    t = new_table(client, ["human", "bot:baseline", "bot:baseline", "bot:baseline"])
    with client.websocket_connect(f"/ws/{t['id']}") as ws:
        ws.send_json({"type": "join", "token": t["tokens"]["0"]})
        assert recv_until(ws, "view", [])["action_types"] == ACTION_TYPES
