"""One bad row never stops the server: a table whose ``seats``, ``options`` or ``seed`` column
was damaged, or whose stored log breaks the rules (a discard deleted), is listed as broken
with its id and skipped; a damaged scorekeeper session is refused with a code, never a 500;
the server starts and serves the rest."""

from __future__ import annotations

import logging
import sqlite3
from typing import Any

import pytest

from jantaku.game import Game
from jantaku.rules import load_preset
from jantaku.server.integrity import BrokenLog, replay_checked
from support.server import BOTS3, client_for, connect, new_table


def played_tables(db: str, n: int) -> list[Any]:
    """``n`` tables of one person and three bots, a few discards into their game."""
    client = client_for(db)
    out = []
    for seed in range(1, n + 1):
        t = new_table(client, ["human", *BOTS3], seed=seed)
        cm, me = connect(client, t["id"], t["tokens"]["0"], 0)
        me.play(limit=4)
        cm.__exit__(None, None, None)
        out.append(t)
    return out


def damage(db: str, sql: str, *args: object) -> None:
    raw = sqlite3.connect(db)
    with raw:
        raw.execute(sql, args)
    raw.close()


def test_damaged_columns_and_a_deleted_discard_are_listed_as_broken(
    db: str, caplog: pytest.LogCaptureFixture
) -> None:
    seats, options, seed, gap, renumbered, good = played_tables(db, 6)
    damage(db, "UPDATE tables SET seats='[\"human\",' WHERE id=?", seats["id"])
    damage(db, "UPDATE tables SET options='not json' WHERE id=?", options["id"])
    damage(db, "UPDATE tables SET seed='x' WHERE id=?", seed["id"])
    first_discard = (
        'SELECT MIN(seq) FROM events WHERE table_id=? AND json LIKE \'%"type":"dahai"%\''
    )
    for t in (gap, renumbered):
        raw = sqlite3.connect(db)
        (at,) = raw.execute(first_discard, (t["id"],)).fetchone()
        raw.close()
        damage(db, "DELETE FROM events WHERE table_id=? AND seq=?", t["id"], at)
    # The second log is closed up again: no gap, only the rules tell that it is broken.
    damage(db, "UPDATE events SET seq=seq-1 WHERE table_id=? AND seq>?", renumbered["id"], at)
    raw = sqlite3.connect(db)
    seqs = [
        s for (s,) in raw.execute("SELECT seq FROM events WHERE table_id=?", (renumbered["id"],))
    ]
    raw.close()
    assert sorted(seqs) == list(range(len(seqs)))

    with caplog.at_level(logging.ERROR, logger="jantaku.server"):
        second = client_for(db)  # starts: before, the damaged seats column stopped it
    listing = second.get("/api/tables")
    assert listing.status_code == 200
    status = {t["id"]: t["status"] for t in listing.json()}
    broken = [seats, options, seed, gap, renumbered]
    assert status == {**{t["id"]: "broken" for t in broken}, good["id"]: "playing"}
    logged = " ".join(r.getMessage() for r in caplog.records)
    for t in broken:
        assert f"table {t['id']}" in logged
    for t in broken:
        with second.websocket_connect(f"/ws/{t['id']}") as ws:
            ws.send_json({"type": "join", "token": t["tokens"]["0"]})
            refusal = ws.receive_json()
            assert refusal["code"] == "cannot_restore", refusal
    cm, me = connect(second, good["id"], good["tokens"]["0"], 0)
    try:
        assert me.play() > 5
        assert me.events[-1]["type"] == "end_game"
    finally:
        cm.__exit__(None, None, None)


def test_a_log_missing_a_discard_does_not_replay() -> None:
    """Every discard of a whole game, deleted in turn, is caught by the checked replay;
    the whole log replays as the engine's own."""
    game = Game(load_preset("riichi"), 11)
    state = game.new_state()
    while not state.game_over:
        seat = state.current_seats()[0]
        state.apply(state.legal_actions(seat)[0])
    events = state.events
    assert replay_checked(Game(load_preset("riichi"), 11), events).events == events
    discards = [i for i, e in enumerate(events) if e["type"] == "dahai"]
    assert len(discards) > 50
    for i in discards[::5]:
        with pytest.raises(BrokenLog):
            replay_checked(Game(load_preset("riichi"), 11), events[:i] + events[i + 1 :])


def test_a_damaged_session_is_refused_and_the_others_served(db: str) -> None:
    client = client_for(db)
    ids = []
    for _ in range(2):
        r = client.post("/api/sessions", json={"preset": "riichi", "names": ["A", "B", "C", "D"]})
        assert r.status_code == 200, r.text
        ids.append(r.json()["id"])
    bad, good = ids
    damage(db, "UPDATE score_sessions SET config='{\"preset\": ' WHERE id=?", bad)
    fresh = client_for(db)  # nothing of the session in memory
    for _ in range(2):
        r = fresh.get(f"/api/sessions/{bad}")
        assert r.status_code == 404, r.text
        assert "could not be restored" in r.text
    assert fresh.get(f"/api/sessions/{good}").status_code == 200
