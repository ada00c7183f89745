"""A real `jantaku serve` process killed with SIGKILL mid-hand and started again on the same
SQLite file: the table resumes where it was, the reconnecting seat gets its full view back,
and the game plays on to its end exactly as an uninterrupted one."""

from __future__ import annotations

import os
import signal
import urllib.request
from pathlib import Path

import pytest

sync_client = pytest.importorskip("websockets.sync.client", reason="websockets is not installed")

from support.process import free_port, post, start  # noqa: E402
from support.socket_seat import SocketSeat  # noqa: E402

BOTS3 = ["bot:baseline", "bot:baseline", "bot:random"]


def test_kill_9_mid_hand_and_resume(tmp_path: Path) -> None:
    db = tmp_path / "tables.sqlite3"
    port = free_port()
    proc = start(db, port)
    try:
        t = post(port, "/api/tables", {"preset": "riichi", "seats": ["human", *BOTS3], "seed": 8})
        me = SocketSeat(port, t["id"], t["tokens"]["0"], strict=True)
        assert me.play(15) == 15
        seen = (list(me.events), list(me.legal))
        hands = sum(1 for e in me.events if e["type"] == "start_kyoku")
        me.close()
    finally:
        os.kill(proc.pid, signal.SIGKILL)  # no shutdown, no flush: only what was committed
        proc.wait(timeout=10)
    port = free_port()
    proc = start(db, port)
    try:
        again = SocketSeat(port, t["id"], t["tokens"]["0"], strict=True)
        # The same view and the same choices, in the middle of the same hand.
        assert (again.events, again.legal) == seen
        assert sum(1 for e in again.events if e["type"] == "start_kyoku") == hands
        again.play(100_000)
        assert again.events[-1]["type"] == "end_game"
        again.close()
        # The same game created now and never interrupted.
        ref = post(port, "/api/tables", {"preset": "riichi", "seats": ["human", *BOTS3], "seed": 8})
        other = SocketSeat(port, ref["id"], ref["tokens"]["0"], strict=True)
        other.play(100_000)
        other.close()
        logs = [
            urllib.request.urlopen(f"http://127.0.0.1:{port}/api/tables/{x}/log").read()
            for x in (t["id"], ref["id"])
        ]
        # The killed game went on exactly as the one that never was interrupted.
        assert logs[0] == logs[1] and logs[0].count(b'"end_game"') == 1
    finally:
        proc.terminate()
        proc.wait(timeout=10)
