"""The web server under test: a test client on a fresh database with fast limits, a table made
over the API, a seat's socket that keeps its events, views and legal actions, and a wait for
games that end on their own."""

from __future__ import annotations

import json
import time
from typing import Any

from fastapi.testclient import TestClient
from starlette.testclient import WebSocketTestSession

from jantaku.server.app import create_app
from jantaku.server.limits import ServerLimits

BOTS3 = ["bot:baseline", "bot:baseline", "bot:random"]

FAST = ServerLimits(
    view_rate=1000, view_burst=1000, table_rate=1000, table_burst=1000, discard_pause=0.002
)
"""Limits for tests that ask for views and make tables far faster than people do."""


def client_for(db: str, limits: ServerLimits = FAST) -> TestClient:
    return TestClient(create_app(db, limits=limits))


def new_table(
    client: TestClient, seats: list[str], seed: int | None = 5, preset: str = "riichi"
) -> Any:
    body: dict[str, Any] = {"preset": preset, "seats": seats}
    if seed is not None:
        body["seed"] = seed
    r = client.post("/api/tables", json=body)
    assert r.status_code == 200, r.text
    return r.json()


def wait_finished(client: TestClient, ids: list[int], timeout: float = 120) -> dict[int, Any]:
    """The listing once these (bot-only) tables are over: they play in the background."""
    deadline = time.monotonic() + timeout
    while True:
        listing = {t["id"]: t for t in client.get("/api/tables?limit=500").json()}
        if all(listing[i]["status"] != "playing" for i in ids):
            return listing
        assert time.monotonic() < deadline, "the bot games did not finish"
        time.sleep(0.05)


class Seat:
    """A test player on one socket: keeps what it was sent and checks it shows nothing
    hidden."""

    def __init__(self, ws: WebSocketTestSession, seat: int) -> None:
        self.ws = ws
        self.seat = seat
        self.events: list[dict[str, Any]] = []
        self.legal: list[dict[str, Any]] = []
        self.at: int | None = None
        self.table: int | None = None

    def recv(self) -> dict[str, Any]:
        msg: dict[str, Any] = self.ws.receive_json()
        while msg["type"] == "presence":  # who else is connected: no part of the game's flow
            msg = self.ws.receive_json()
        assert "wall" not in json.dumps(msg) and "seed" not in json.dumps(msg)
        if msg["type"] == "view":
            assert msg["seat"] == self.seat
            self.table = msg["table"]
            self.events = list(msg["events"])
            self._check(msg["events"])
        elif msg["type"] == "events":
            self.events += msg["events"]
            self._check(msg["events"])
        elif msg["type"] == "legal":
            self.legal = msg["actions"]
            self.at = msg["at"]
            # the at of the options: how many events of its view the seat had seen when they
            # were offered (options to choose from are offered at the newest event)
            assert self.at is not None and self.at <= len(self.events)
            assert self.at == len(self.events) or not self.legal
        return msg

    def _check(self, events: list[dict[str, Any]]) -> None:
        for ev in events:
            if ev["type"] == "start_kyoku":
                assert "wall" not in ev
                assert isinstance(ev["tehai"][0], int)
            if ev["type"] == "tsumo" and ev["actor"] != self.seat:
                assert ev["pai"] == "?"
            if ev["type"] == "pass":
                assert ev["actor"] == self.seat

    def until_legal(self) -> list[dict[str, Any]]:
        """Read until the next ``legal`` message; its actions."""
        while self.recv()["type"] != "legal":
            pass
        return self.legal

    def send_action(self, action: dict[str, Any]) -> None:
        self.ws.send_json({"type": "action", "at": self.at, "action": action})

    def choose(self) -> dict[str, Any]:
        passes = [a for a in self.legal if a["type"] == "pass"]
        return passes[0] if passes else self.legal[0]

    def play(self, limit: int = 100_000) -> int:
        """Play the first legal action (or pass) until the game ends or ``limit`` actions;
        expects the ``legal`` message of the current position to have been read."""
        n = 0
        while self.legal and n < limit:
            self.send_action(self.choose())
            self.until_legal()
            n += 1
        return n

    def expect_error(self) -> str:
        msg = self.recv()
        assert msg["type"] == "error", msg
        return str(msg["error"])

    def snapshot(self) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
        """Ask for the view again: (events, legal actions)."""
        self.ws.send_json({"type": "view"})
        assert self.recv()["type"] == "view"
        assert self.recv()["type"] == "legal"
        return self.events, self.legal


def join(client: TestClient, table_id: int, token: str) -> tuple[Any, WebSocketTestSession]:
    """A socket to the table that has sent its join message."""
    cm = client.websocket_connect(f"/ws/{table_id}")
    ws = cm.__enter__()
    ws.send_json({"type": "join", "token": token})
    return cm, ws


def connect(client: TestClient, table_id: int, token: str, seat: int) -> tuple[Any, Seat]:
    cm, ws = join(client, table_id, token)
    s = Seat(ws, seat)
    assert s.recv()["type"] == "view"
    assert s.recv()["type"] == "legal"
    return cm, s
