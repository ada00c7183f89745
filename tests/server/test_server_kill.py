"""A real `jantaku serve` process killed with SIGKILL mid-hand and started again on the same
SQLite file: the table resumes where it was, the reconnecting seat gets its full view back,
and the game plays on to its end exactly as an uninterrupted one."""

from __future__ import annotations

import json
import os
import signal
import urllib.request
from pathlib import Path
from typing import Any

import pytest

sync_client = pytest.importorskip("websockets.sync.client", reason="websockets is not installed")

from support.process import free_port, post, start  # noqa: E402

BOTS3 = ["bot:baseline", "bot:baseline", "bot:random"]


class Seat:
    """Seat 0 on a real socket: the events and legal actions it has been sent."""

    def __init__(self, port: int, table: int, token: str) -> None:
        self._cm = sync_client.connect(f"ws://127.0.0.1:{port}/ws/{table}")
        self.ws = self._cm.__enter__()
        self.ws.send(json.dumps({"type": "join", "token": token}))
        self.events: list[dict[str, Any]] = []
        self.legal: list[dict[str, Any]] = []
        self.at = 0
        self.until_legal()

    def close(self) -> None:
        self._cm.__exit__(None, None, None)

    def until_legal(self) -> None:
        while True:
            msg = json.loads(self.ws.recv(timeout=30))
            if msg["type"] == "view":
                self.events = list(msg["events"])
            elif msg["type"] == "events":
                self.events += msg["events"]
            elif msg["type"] == "legal":
                self.legal = msg["actions"]
                self.at = msg["at"]
                return
            else:
                raise AssertionError(msg)

    def play(self, limit: int) -> int:
        """The first legal action (a pass when there is one) until the end or ``limit``."""
        n = 0
        while self.legal and n < limit:
            passes = [a for a in self.legal if a["type"] == "pass"]
            action = passes[0] if passes else self.legal[0]
            self.ws.send(json.dumps({"type": "action", "at": self.at, "action": action}))
            self.until_legal()
            n += 1
        return n


def test_kill_9_mid_hand_and_resume(tmp_path: Path) -> None:
    db = tmp_path / "tables.sqlite3"
    port = free_port()
    proc = start(db, port)
    try:
        t = post(port, "/api/tables", {"preset": "riichi", "seats": ["human", *BOTS3], "seed": 8})
        me = Seat(port, t["id"], t["tokens"]["0"])
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
        again = Seat(port, t["id"], t["tokens"]["0"])
        # The same view and the same choices, in the middle of the same hand.
        assert (again.events, again.legal) == seen
        assert sum(1 for e in again.events if e["type"] == "start_kyoku") == hands
        again.play(100_000)
        assert again.events[-1]["type"] == "end_game"
        again.close()
        # The same game created now and never interrupted.
        ref = post(port, "/api/tables", {"preset": "riichi", "seats": ["human", *BOTS3], "seed": 8})
        other = Seat(port, ref["id"], ref["tokens"]["0"])
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
