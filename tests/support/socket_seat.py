"""A seat of a real ``jantaku serve`` on its WebSocket, for the tests that kill, stop or back up
the server: it joins with its token, keeps what it is sent and plays the first legal action (a
pass when there is one)."""

from __future__ import annotations

import json
from typing import Any

from websockets.exceptions import ConnectionClosed
from websockets.sync import client as sync_client


class SocketSeat:
    """One seat on a real socket: what it was sent (view, events, legal) and the other
    messages (a restart notice...); ``strict``: any other message fails the test instead."""

    def __init__(self, port: int, table: int, token: str, strict: bool = False) -> None:
        self.strict = strict
        self._cm = sync_client.connect(f"ws://127.0.0.1:{port}/ws/{table}")
        self.ws = self._cm.__enter__()
        self.ws.send(json.dumps({"type": "join", "token": token}))
        self.events: list[dict[str, Any]] = []
        self.legal: list[dict[str, Any]] = []
        self.at = 0
        self.others: list[dict[str, Any]] = []
        """Messages of other types (a restart notice...)."""
        self.until_legal()

    def take(self, msg: dict[str, Any]) -> bool:
        """Keep one message; whether it was the legal actions."""
        if msg["type"] == "view":
            self.events = list(msg["events"])
        elif msg["type"] == "events":
            self.events += msg["events"]
        elif msg["type"] == "legal":
            self.legal, self.at = msg["actions"], msg["at"]
            return True
        elif msg["type"] == "error" or self.strict:
            raise AssertionError(msg)
        else:
            self.others.append(msg)
        return False

    def until_legal(self) -> None:
        while not self.take(json.loads(self.ws.recv(timeout=60))):
            pass

    def send(self, action: dict[str, Any]) -> None:
        self.ws.send(json.dumps({"type": "action", "at": self.at, "action": action}))

    def choice(self) -> dict[str, Any]:
        passes = [a for a in self.legal if a["type"] == "pass"]
        return passes[0] if passes else self.legal[0]

    def play(self, limit: int) -> int:
        n = 0
        while self.legal and n < limit:
            self.send(self.choice())
            self.until_legal()
            n += 1
        return n

    def until_closed(self) -> int:
        """Read what is left until the server closes the socket; the close code."""
        try:
            while True:
                self.take(json.loads(self.ws.recv(timeout=30)))
        except ConnectionClosed as closed:
            assert closed.rcvd is not None, "closed without a close frame"
            return int(closed.rcvd.code)

    def close(self) -> None:
        self._cm.__exit__(None, None, None)
