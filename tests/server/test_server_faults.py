"""One bad table, or a database held by someone else, never stops the server: a table whose
stored rows do not rebuild is listed as broken and the others are served; a locked database
gives 503 or a retryable error, changes nothing, and other tables keep answering at once."""

from __future__ import annotations

import json
import logging
import sqlite3
import time
from dataclasses import replace

import pytest
from fastapi.testclient import TestClient

from jantaku.server.app import create_app
from support.server import BOTS3, FAST, Seat, client_for, connect, new_table
from support.waits import wait_until


def test_a_table_whose_rows_do_not_rebuild_is_skipped_and_the_others_served(
    db: str, caplog: pytest.LogCaptureFixture
) -> None:
    first = client_for(db)
    bad = new_table(first, ["human", *BOTS3], seed=1)
    good = new_table(first, ["human", *BOTS3], seed=2)
    for t in (bad, good):
        cm, me = connect(first, t["id"], t["tokens"]["0"], 0)
        me.play(limit=3)
        cm.__exit__(None, None, None)
    raw = sqlite3.connect(db)
    with raw:  # a discard of a tile nobody holds: the log no longer replays
        row = raw.execute(
            "SELECT seq, json FROM events WHERE table_id=? AND json LIKE '%\"dahai\"%' "
            "ORDER BY seq LIMIT 1",
            (bad["id"],),
        ).fetchone()
        ev = json.loads(row[1])
        ev["tile"] = 9999
        raw.execute(
            "UPDATE events SET json=? WHERE table_id=? AND seq=?",
            (json.dumps(ev), bad["id"], row[0]),
        )
    raw.close()
    with caplog.at_level(logging.ERROR, logger="jantaku.server"):
        second = client_for(db)
    assert any(f"table {bad['id']}" in r.getMessage() for r in caplog.records)
    status = {t["id"]: t["status"] for t in second.get("/api/tables").json()}
    assert status == {bad["id"]: "broken", good["id"]: "playing"}
    with second.websocket_connect(f"/ws/{bad['id']}") as ws:
        ws.send_json({"type": "join", "token": bad["tokens"]["0"]})
        assert "could not be restored" in ws.receive_json()["error"]
    cm, me = connect(second, good["id"], good["tokens"]["0"], 0)
    try:
        assert me.play() > 5
        assert me.events[-1]["type"] == "end_game"
    finally:
        cm.__exit__(None, None, None)


def timed_view(seat: Seat) -> float:
    start = time.perf_counter()
    seat.ws.send_json({"type": "view"})
    assert seat.recv()["type"] == "view"
    assert seat.recv()["type"] == "legal"
    return time.perf_counter() - start


def test_a_locked_database_is_503_changes_nothing_and_other_tables_answer(db: str) -> None:
    limits = replace(FAST, busy_timeout=3.0)
    with TestClient(create_app(db, limits=limits)) as client:  # one event loop for every socket
        a = new_table(client, ["human", *BOTS3], seed=5)
        b = new_table(client, ["human", *BOTS3], seed=6)
        cma, sa = connect(client, a["id"], a["tokens"]["0"], 0)
        cmb, sb = connect(client, b["id"], b["tokens"]["0"], 0)
        try:
            before = sa.snapshot()
            action = next(x for x in sa.legal if x["type"] == "discard")
            holder = sqlite3.connect(db, isolation_level=None)
            holder.execute("BEGIN EXCLUSIVE")
            try:
                sa.send_action(action)  # waits for the lock, off the event loop
                # The write is under way once it holds the store's writer lock (waiting on
                # SQLite's, which the holder keeps).
                store = client.app.state.manager.store  # type: ignore[attr-defined]
                wait_until(lambda: store.writing)
                # Meanwhile another table answers at once, and so does the listing.
                best = min(timed_view(sb) for _ in range(3))
                assert best < 0.1, best
                start = time.perf_counter()
                assert len(client.get("/api/tables").json()) == 2
                assert time.perf_counter() - start < 0.5
                r = client.post(
                    "/api/tables", json={"preset": "riichi", "seats": BOTS3 + BOTS3[:1]}
                )
                assert r.status_code == 503 and r.headers["retry-after"]
                busy = sa.recv()
                assert busy["type"] == "error" and busy["retry"] is True, busy
            finally:
                holder.execute("ROLLBACK")
                holder.close()
            assert sa.snapshot() == before  # nothing changed
            sa.send_action(action)  # the same action again, now it goes through
            sa.until_legal()
            assert sa.events[len(before[0])]["type"] == "dahai"
        finally:
            cmb.__exit__(None, None, None)
            cma.__exit__(None, None, None)
