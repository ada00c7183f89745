"""点数記録: a change replays the session from the hand it changes (issue 36 item 5), not the
whole log; what it shows is exactly what a replay from scratch shows."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest

from jantaku.scoring.ledger import Ledger
from jantaku.server import session_replay
from jantaku.server.sessions import SessionError, SessionManager, SessionStore, replay

NAMES = {3: ["亜", "伊", "宇"], 4: ["亜", "伊", "宇", "江"]}


def random_hand(rng: random.Random, people: int, refused: bool = True) -> dict[str, Any]:
    """A win (ron or tsumo, sometimes with riichi) or a draw: mostly valid, now and then
    one the ledger refuses (a person not at the table)."""
    who = rng.randrange(people)
    if rng.random() < 0.25:
        tenpai = sorted(rng.sample(range(people), rng.randrange(people)))
        return {"events": [{"type": "draw", "tenpai": tenpai}]}
    other = rng.choice([p for p in range(people) if p != who])
    win: dict[str, Any] = {
        "type": "win",
        "winner": who,
        "from": None if rng.random() < 0.3 else other,
        "han": rng.choice([1, 2, 3, 4, 5, 6, 8, 13]),
        "fu": rng.choice([30, 40, 50]),
    }
    if rng.random() < 0.2:
        win["riichi"] = [who]
    if refused and rng.random() < 0.02:
        win["winner"] = 7  # refused: nobody sits there
    return {"events": [win]}


def counting(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """How many events the ledger is given, counted as they are applied."""
    applied = [0]
    apply = Ledger.apply

    def counted(self: Ledger, ev: Any, following: Any = None) -> dict[str, Any]:
        applied[0] += 1
        return apply(self, ev, following)

    monkeypatch.setattr(Ledger, "apply", counted)
    return applied


@pytest.mark.parametrize(
    ("preset", "people", "seed"),
    [("riichi", 4, 1), ("sanma", 3, 2), ("gotou", 4, 3), ("kanto-boo", 4, 4), ("riichi", 4, 5)],
)
def test_every_change_shows_what_a_replay_from_scratch_shows(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, preset: str, people: int, seed: int
) -> None:
    # Copies every 4 hands: edits and deletions land before, on and after them.
    monkeypatch.setattr(session_replay, "SNAPSHOT_EVERY", 4)
    rng = random.Random(seed)
    manager = SessionManager(SessionStore(str(tmp_path / "s.sqlite3")))
    sid, token = manager.create({"preset": preset, "names": NAMES[people]})
    config = manager.view(sid)["config"]
    kinds: dict[str, int] = {}
    for step in range(120):
        view = manager.view(sid)
        n = len(view["hands"])
        op = rng.choice(["add", "add", "add", "edit", "delete"] if n else ["add"])
        msg: dict[str, Any] = {"type": op, "at": view["rev"]}
        if op == "add":
            msg |= {"cid": f"c{step}", "hand": random_hand(rng, people)}
        else:
            msg["index"] = rng.randrange(n)
        if op == "edit":
            msg["hand"] = random_hand(rng, people)
        # What the change would make, replayed from scratch.
        pairs = zip(view["cids"], view["hands"], strict=True)
        hands = [{"cid": c, "events": h["events"]} for c, h in pairs]
        if op == "add":
            hands.append({"cid": msg["cid"], "events": msg["hand"]["events"]})
        elif op == "edit":
            hands[msg["index"]] = {"cid": hands[msg["index"]]["cid"], **msg["hand"]}
        else:
            del hands[msg["index"]]
        try:
            expected: dict[str, Any] | str = replay(config, hands)
        except SessionError as e:
            expected = e.code
        try:
            got: dict[str, Any] | str = manager.change(sid, token, msg)
        except SessionError as e:
            got = e.code
        kind = op if isinstance(got, dict) else "refused"
        kinds[kind] = kinds.get(kind, 0) + 1
        if isinstance(expected, str):
            assert got == expected, (step, op)
            assert manager.view(sid)["rev"] == view["rev"]  # nothing changed
            continue
        assert isinstance(got, dict)
        shown = {k: got[k] for k in expected}
        assert json.dumps(shown, sort_keys=True) == json.dumps(expected, sort_keys=True), (
            step,
            op,
        )
    # The sequence did what it is meant to test: sessions of several games, every change.
    assert {"add", "edit", "delete"} <= set(kinds), kinds
    final = manager.view(sid)
    assert len(final["hands"]) > 12 and len(final["games"]) >= 2


def long_session(tmp_path: Path, hands: int) -> tuple[SessionManager, str, str]:
    rng = random.Random(7)
    store = SessionStore(str(tmp_path / "s.sqlite3"))
    manager = SessionManager(store)
    sid, token = manager.create({"preset": "riichi", "names": NAMES[4]})
    log: list[dict[str, Any]] = []
    while len(log) < hands:
        hand = {"cid": f"h{len(log)}", **random_hand(rng, 4, refused=False)}
        log.append(hand)
    store.save(sid, 0, log)
    return manager, sid, token


def test_an_append_to_a_long_session_applies_one_hand(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    manager, sid, token = long_session(tmp_path, 1990)
    applied = counting(monkeypatch)
    view = manager.view(sid)  # loaded: the whole log replayed once
    assert len(view["hands"]) == 1990 and applied[0] == 1990
    for k, op in enumerate(["add", "add", "edit", "delete"]):
        applied[0] = 0
        view = manager.view(sid)
        msg: dict[str, Any] = {"type": op, "at": view["rev"]}
        if op == "add":
            msg |= {"cid": f"new{k}", "hand": {"events": [{"type": "draw", "tenpai": [0]}]}}
        else:
            msg |= {"index": 1980}
        if op == "edit":
            msg["hand"] = {"events": [{"type": "draw", "tenpai": [1]}]}
        manager.change(sid, token, msg)
        if op == "add":
            # The new hand's one event, nothing else (a full replay: 1,991 and more).
            assert applied[0] == 1, op
        else:
            # From the last copy at or before hand 1980: at most SNAPSHOT_EVERY hands more.
            assert applied[0] <= len(view["hands"]) - 1980 + session_replay.SNAPSHOT_EVERY, op
    # A preview of the next hand too.
    applied[0] = 0
    out = manager.preview(sid, {"events": [{"type": "draw", "tenpai": []}]})
    assert "refused" not in out and applied[0] == 1


def test_the_state_message_is_built_once_a_revision(tmp_path: Path) -> None:
    manager, sid, token = long_session(tmp_path, 300)
    first = manager.view(sid)
    assert manager.view(sid) is first
    text = manager.view_text(sid)
    assert manager.view_text(sid) is text and json.loads(text)["rev"] == first["rev"]
    manager.change(
        sid,
        token,
        {"type": "add", "at": first["rev"], "cid": "x", "hand": {"events": [{"type": "draw"}]}},
    )
    again = manager.view(sid)
    assert again is not first and again["rev"] == first["rev"] + 1
    assert json.loads(manager.view_text(sid))["cids"][-1] == "x"


def test_a_watchers_state_request_is_the_stored_state_with_its_req(tmp_path: Path) -> None:
    from fastapi.testclient import TestClient

    from jantaku.server.app import create_app

    c = TestClient(create_app(str(tmp_path / "s.sqlite3")))
    r = c.post("/api/sessions", json={"preset": "riichi", "names": NAMES[4]})
    sid, editor = r.json()["id"], r.json()["editor"]
    with c.websocket_connect(f"/ws/score/{sid}") as ws:
        ws.send_text(json.dumps({"type": "join", "token": editor}))
        joined = ws.receive_json()
        assert joined["type"] == "state" and joined["editor"] is True
        hand = {"events": [{"type": "win", "winner": 1, "from": 2, "han": 3, "fu": 30}]}
        ws.send_text(json.dumps({"type": "add", "at": joined["rev"], "cid": "a", "hand": hand}))
        pushed = [ws.receive_json(), ws.receive_json()]
        assert {m["type"] for m in pushed} == {"state", "ack"}
        ws.send_text(json.dumps({"type": "state", "req": {"n": "七"}}))
        asked = ws.receive_json()
    stored = c.get(f"/api/sessions/{sid}").json()
    assert asked.pop("req") == {"n": "七"}
    assert asked == stored == next(m for m in pushed if m["type"] == "state")
    assert stored["hands"][0]["payments"] == [0, 3900, -3900, 0]
