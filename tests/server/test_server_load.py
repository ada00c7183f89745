"""Many bot-only tables on one server: every game finishes, and memory stays flat."""

from __future__ import annotations

import dataclasses
import resource
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from jantaku.server.app import create_app
from jantaku.server.limits import ServerLimits
from support.server import FAST, wait_finished

BOTS3 = ["bot:baseline", "bot:baseline", "bot:random"]
PRESETS = ["riichi", "sanma", "gotou", "tokushima", "mighty", "kanto-boo"]
SEATS = {"riichi": 4, "kanto-boo": 4}
THINK = 0.3
"""Seconds a simulated person of the load test thinks before each action (a quick player)."""


def run_tables(db: Path, n: int) -> list[dict[str, object]]:
    # Room for every game at once: the default keeps 32 bot games in the background.
    limits = dataclasses.replace(FAST, bot_games=max(n, ServerLimits.bot_games))
    client = TestClient(create_app(str(db), limits=limits))

    def one(i: int) -> int:
        preset = PRESETS[i % len(PRESETS)]
        # Random bots rarely reach gotou's 40000 to end its sudden death: their games last
        # hundreds of hands, past the cap a bot-only game is closed at; baseline bots end it.
        kind = "bot:baseline" if preset == "gotou" else "bot:random"
        seats = [kind] * SEATS.get(preset, 3)
        r = client.post("/api/tables", json={"preset": preset, "seats": seats, "seed": i})
        assert r.status_code == 200, r.text
        return int(r.json()["id"])

    with ThreadPoolExecutor(max_workers=8) as pool:
        ids = list(pool.map(one, range(n)))
    listing = wait_finished(client, ids, timeout=600)
    return [listing[i] for i in ids]


def rss_mb() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def test_a_few_concurrent_bot_tables_finish(tmp_path: Path) -> None:
    tables = run_tables(tmp_path / "load.sqlite3", 6)
    assert all(t["status"] == "finished" for t in tables)


@pytest.mark.slow
def test_fifty_concurrent_bot_tables_and_flat_memory(tmp_path: Path) -> None:
    run_tables(tmp_path / "warm.sqlite3", 12)
    before = rss_mb()
    tables = run_tables(tmp_path / "load.sqlite3", 50)
    assert all(t["status"] == "finished" for t in tables)
    run_tables(tmp_path / "again.sqlite3", 50)
    # The peak resident size after 100 more games stays within a small margin of the warm one.
    assert rss_mb() - before < 150


def server_rss_mb(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    raise AssertionError("no VmRSS")


@pytest.mark.slow
def test_fifty_tables_two_hundred_sockets_and_a_flooding_client(tmp_path: Path) -> None:
    """50 tables of four people (200 sockets, each person answering after THINK seconds) play
    on one `jantaku serve` while one more client floods its socket with view requests and junk
    and never reads: the others' median round trip (an action to the seat's next options)
    stays under 50 ms and the server's memory stays bounded."""
    import asyncio
    import json
    import statistics
    import subprocess
    import sys
    import time
    import urllib.request

    from websockets.asyncio.client import connect as ws_connect

    from support.process import free_port

    port = free_port()
    proc = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "jantaku.cli",
            "serve",
            "--port",
            str(port),
            "--db",
            str(tmp_path / "load.sqlite3"),
            "--table-rate",
            "6000",
            "--table-burst",
            "100",
        ],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    base = f"http://127.0.0.1:{port}"

    def post(body: dict[str, object]) -> dict[str, Any]:
        req = urllib.request.Request(
            base + "/api/tables",
            data=json.dumps(body).encode(),
            headers={"content-type": "application/json"},
        )
        return json.load(urllib.request.urlopen(req))  # type: ignore[no-any-return]

    rtts: list[float] = []

    gate = asyncio.Semaphore(10)

    async def join(table: int, token: str) -> Any:
        async with gate:  # the handshakes a few at a time: the machine may be busy
            ws = await ws_connect(
                f"ws://127.0.0.1:{port}/ws/{table}", max_size=2**22, open_timeout=120
            )
            await ws.send(json.dumps({"type": "join", "token": token}))
            return ws

    async def seat(ws: Any, stop: float) -> None:
        sent: float | None = None
        while time.monotonic() < stop:
            try:
                msg = json.loads(await asyncio.wait_for(ws.recv(), timeout=1.0))
            except TimeoutError:
                continue
            if msg["type"] != "legal":
                continue
            if sent is not None:
                rtts.append(time.monotonic() - sent)
                sent = None
            legal, at = msg["actions"], msg["at"]
            if legal:
                # People take a moment over each choice; a client answering at once, at every
                # table together, would measure the server's throughput, not a player's wait.
                await asyncio.sleep(THINK)
                passes = [a for a in legal if a["type"] == "pass"]
                action = passes[0] if passes else legal[0]
                sent = time.monotonic()
                await ws.send(json.dumps({"type": "action", "at": at, "action": action}))
        await ws.close()

    async def flood(table: int, token: str, stop: float) -> int:
        sent = 0
        try:
            url = f"ws://127.0.0.1:{port}/ws/{table}"
            async with ws_connect(url, max_queue=1, open_timeout=120) as ws:
                await ws.send(json.dumps({"type": "join", "token": token}))
                while time.monotonic() < stop:
                    await ws.send('{"type": "view"}' if sent % 2 else "junk" * 100)
                    sent += 1
                    if sent % 100 == 0:
                        await asyncio.sleep(0)
        except Exception:  # disconnected by the server: what it should do
            pass
        return sent

    async def main(tables: list[dict[str, Any]], flooder: dict[str, Any]) -> int:
        sockets = await asyncio.gather(
            *(join(int(t["id"]), tok) for t in tables for tok in t["tokens"].values())
        )
        assert len(sockets) == 200
        stop = time.monotonic() + 40
        flood_task = asyncio.ensure_future(flood(int(flooder["id"]), flooder["tokens"]["0"], stop))
        await asyncio.gather(*(seat(ws, stop) for ws in sockets))
        return await flood_task

    try:
        for _ in range(1200):
            try:
                urllib.request.urlopen(base + "/api/presets", timeout=1)
                break
            except OSError:
                time.sleep(0.1)
        tables = [post({"preset": "riichi", "seats": ["human"] * 4}) for _ in range(50)]
        flooder = post({"preset": "riichi", "seats": ["human", *BOTS3]})
        before = server_rss_mb(proc.pid)
        flooded = asyncio.run(main(tables, flooder))
        after = server_rss_mb(proc.pid)
    finally:
        proc.terminate()
        proc.wait(timeout=60)
    median = statistics.median(rtts)
    print(
        f"\nround trips: {len(rtts)}, median {median * 1000:.1f} ms, "
        f"p90 {statistics.quantiles(rtts, n=10)[-1] * 1000:.1f} ms; "
        f"server RSS {before:.0f} -> {after:.0f} MB; the flooder sent {flooded} messages"
    )
    assert len(rtts) > 1000
    assert median < 0.05
    assert after - before < 200
