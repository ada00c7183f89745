"""Every client is bounded: the scorekeeper's socket is paced like a seat's (a watcher asking
for the whole state again and again waits its turn), ``/preview`` is paced per address, and a
client that stops reading is let go."""

from __future__ import annotations

import asyncio
import time
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from jantaku.server.app import create_app
from jantaku.server.limits import ServerLimits
from jantaku.server.pacing import CLOSE_SLOW, send_all
from support.server import FAST

NAMES = ["A", "B", "C", "D"]


@pytest.fixture
def client(tmp_path: Path) -> TestClient:
    return TestClient(create_app(str(tmp_path / "paced.sqlite3"), limits=FAST))


def test_a_watcher_asking_for_the_state_again_and_again_waits_its_turn(
    client: TestClient,
) -> None:
    sid = client.post("/api/sessions", json={"preset": "riichi", "names": NAMES}).json()["id"]
    limits = ServerLimits()
    asked, read = 12, 8
    with client.websocket_connect(f"/ws/score/{sid}") as ws:
        ws.send_json({"type": "join"})  # a watcher: no editor token
        assert ws.receive_json()["type"] == "state"
        start = time.monotonic()
        for i in range(asked):
            ws.send_json({"type": "state", "req": i})
        replies = [ws.receive_json() for _ in range(read)]
        took = time.monotonic() - start
    assert [r["req"] for r in replies] == list(range(read))
    # The burst goes at once, the rest at the socket's rate of whole states.
    least = (read - limits.view_burst) / limits.view_rate
    assert took >= least - 0.3, took


def test_previews_are_paced_per_address(client: TestClient) -> None:
    sid = client.post("/api/sessions", json={"preset": "riichi", "names": NAMES}).json()["id"]
    hand = {"events": [{"type": "draw"}]}
    answers = [client.post(f"/api/sessions/{sid}/preview", json={"hand": hand}) for _ in range(30)]
    assert answers[0].status_code == 200, answers[0].text
    refused = [r for r in answers if r.status_code == 429]
    assert refused, [r.status_code for r in answers]
    assert refused[0].headers["retry-after"]
    assert refused[0].json()["code"] == "rate_limited"


class Stalled:
    """A socket whose client stopped reading: every send waits forever."""

    def __init__(self) -> None:
        self.closed: int | None = None
        self.sent = 0

    async def send_json(self, message: Any) -> None:
        self.sent += 1
        if self.sent > 3:
            await asyncio.Event().wait()

    async def close(self, code: int = 1000) -> None:
        self.closed = code


def test_a_client_that_stops_reading_is_let_go_within_seconds() -> None:
    async def run() -> tuple[Stalled, float]:
        socket = Stalled()
        queue: asyncio.Queue[Any] = asyncio.Queue()
        for i in range(10):
            queue.put_nowait({"n": i})
        start = time.monotonic()
        await asyncio.wait_for(send_all(socket, queue, timeout=0.5), 5)  # type: ignore[arg-type]
        return socket, time.monotonic() - start

    socket, took = asyncio.run(run())
    assert socket.closed == CLOSE_SLOW
    assert socket.sent == 4
    assert took < 2.0
