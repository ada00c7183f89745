"""Do bot-only games slow the people at the tables? The round trip of people's actions on one
`jantaku serve` while bot-only games play and a client floods its socket.

Usage::

    python benchmarks/bench_isolation.py [--tables 25] [--bot-tables 50] [--seconds 60]
                                         [--think 0.5] [--workers 1] [--no-flood] [--json]

Starts one server on 127.0.0.1 (a fresh database in a temporary folder; ``--workers``: its
bot worker processes, 0 to play the bot-only games in the server's own process as before),
makes ``--tables`` tables of four people, each seat played by a scripted person with a second
tab open on the same seat (two sockets a seat: 200 sockets for 25 tables), keeps
``--bot-tables`` bot-only games playing (a finished one is replaced), and runs one flooding
client that sends messages on its socket as fast as the server takes them (in a process of
its own, so that it does not slow the scripted people's own loop). Each table and
the flooder come from an address of their own in 127.0.0.0/8, as people would.

A person waits ``--think`` seconds (±50 %) once it has options, then sends the first of them
(a pass when it may pass). The **round trip** is the time from sending an action to the next
message on that socket (the server's word that it took the action; what the action caused
follows after the discard pause, which is not the server's slowness).

It prints the median and 99th percentile round trip, the number of actions, bot-only games
finished, and the machine's load average before and after with its core count (the players
run in this process beside the server: on a shared machine the load says how much of the
figures is the machine's). docs/hardening.md lists measured runs.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import http.client
import json
import os
import random
import socket
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed

from bench_server import wait_until_up

BOT = "bot:baseline"
SERVER = """
import sys, uvicorn
from jantaku.server.app import create_app
from jantaku.server.limits import ServerLimits
limits = ServerLimits(
    max_tables=1000, bot_games=400, table_rate=1e6, table_burst=1e6, tables_per_address=1000,
    bot_workers=int(sys.argv[3]), message_rate=100.0,
)
uvicorn.run(create_app(sys.argv[1], limits=limits), host="127.0.0.1", port=int(sys.argv[2]),
            log_level="warning")
"""


@dataclass
class Run:
    round_trips: list[float] = field(default_factory=list)
    actions: int = 0
    flood_messages: int = 0
    bot_tables_made: int = 0
    bot_games_finished: int = 0


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def start_server(db: Path, port: int, workers: int) -> subprocess.Popen[bytes]:
    src = Path(__file__).resolve().parent.parent / "src"
    env = {**os.environ, "PYTHONPATH": f"{src}{os.pathsep}{os.environ.get('PYTHONPATH', '')}"}
    command = [sys.executable, "-c", SERVER, str(db), str(port), str(workers)]
    proc = subprocess.Popen(command, env=env)
    return wait_until_up(proc, f"http://127.0.0.1:{port}/api/presets")


def call(port: int, path: str, body: Any = None, source: str = "127.0.0.1") -> Any:
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30, source_address=(source, 0))
    try:
        data = None if body is None else json.dumps(body).encode()
        headers = {"content-type": "application/json"} if data is not None else {}
        conn.request("GET" if data is None else "POST", path, body=data, headers=headers)
        response = conn.getresponse()
        raw = response.read()
    finally:
        conn.close()
    if response.status != 200:
        raise RuntimeError(f"{path}: HTTP {response.status} {raw[:200]!r}")
    return json.loads(raw)


def address(i: int) -> str:
    return f"127.0.{1 + i // 250}.{1 + i % 250}"


def choose(actions: list[dict[str, Any]]) -> dict[str, Any]:
    passes = [a for a in actions if a["type"] == "pass"]
    return passes[0] if passes else actions[0]


async def seat(
    port: int, table: int, token: str, think: float, deadline: float, run: Run, rng: Any
) -> None:
    """One person at a four-person table, played until the deadline."""
    async with connect(f"ws://127.0.0.1:{port}/ws/{table}", max_size=2**22) as ws:
        await ws.send(json.dumps({"type": "join", "token": token}))
        sent: float | None = None
        while (left := deadline - time.monotonic()) > 0:
            try:
                msg = json.loads(await asyncio.wait_for(ws.recv(), left))
            except (TimeoutError, ConnectionClosed):
                return
            if sent is not None:
                run.round_trips.append(time.monotonic() - sent)
                sent = None
            if msg["type"] != "legal" or not msg["actions"]:
                continue
            await asyncio.sleep(think * rng.uniform(0.5, 1.5))
            sent = time.monotonic()
            action = {"type": "action", "at": msg["at"], "action": choose(msg["actions"])}
            await ws.send(json.dumps(action))
            run.actions += 1


async def tab(port: int, table: int, token: str, deadline: float) -> None:
    """A second tab open on the same seat: it only reads."""
    async with connect(f"ws://127.0.0.1:{port}/ws/{table}", max_size=2**22) as ws:
        await ws.send(json.dumps({"type": "join", "token": token}))
        while (left := deadline - time.monotonic()) > 0:
            try:
                await asyncio.wait_for(ws.recv(), left)
            except (TimeoutError, ConnectionClosed):
                return


async def flooder(port: int, deadline: float, run: Run) -> None:
    """A client that sends as fast as its socket takes messages (reading the answers in a
    task of their own); let go by the server, it comes back."""
    made = await asyncio.to_thread(
        call, port, "/api/tables", {"preset": "riichi", "seats": ["human", BOT, BOT, BOT]},
        address(900),
    )  # fmt: skip
    while time.monotonic() < deadline:
        async with connect(f"ws://127.0.0.1:{port}/ws/{made['id']}", max_size=2**22) as ws:
            await ws.send(json.dumps({"type": "join", "token": made["tokens"]["0"]}))

            async def read(ws: Any = ws) -> None:
                with contextlib.suppress(ConnectionClosed):
                    async for _ in ws:
                        pass

            reader = asyncio.create_task(read())
            with contextlib.suppress(ConnectionClosed):
                while time.monotonic() < deadline and not reader.done():
                    await ws.send(json.dumps({"type": "dance", "pad": "x" * 512}))
                    run.flood_messages += 1
                    await asyncio.sleep(0)
            reader.cancel()


async def bot_tables(port: int, count: int, deadline: float, run: Run) -> None:
    """Keep ``count`` bot-only games playing until the deadline."""
    mine: set[int] = set()
    while time.monotonic() < deadline:
        listing = await asyncio.to_thread(call, port, "/api/tables?limit=500")
        status = {t["id"]: t["status"] for t in listing}
        done = {i for i in mine if status.get(i) != "playing"}
        run.bot_games_finished += len(done)
        mine -= done
        while len(mine) < count:
            made = await asyncio.to_thread(
                call, port, "/api/tables", {"preset": "riichi", "seats": [BOT] * 4},
                address(950 + run.bot_tables_made % 40),
            )  # fmt: skip
            mine.add(made["id"])
            run.bot_tables_made += 1
        await asyncio.sleep(1.0)


async def drive(args: argparse.Namespace, port: int) -> Run:
    run = Run()
    rng = random.Random(args.seed)
    deadline = time.monotonic() + args.seconds
    tasks = [bot_tables(port, args.bot_tables, deadline, run)]
    flood = None
    if args.flood:
        # In a process of its own: in this one it would slow the people's clients, and their
        # round trips would count the benchmark's own loop.
        command = [sys.executable, __file__, "--flood-port", str(port)]
        flood = subprocess.Popen([*command, "--seconds", str(args.seconds)])
    await asyncio.sleep(2.0)  # the bot games are under way before the people come
    for i in range(args.tables):
        body = {"preset": "riichi", "seats": ["human"] * 4}
        made = await asyncio.to_thread(call, port, "/api/tables", body, address(i))
        for token in made["tokens"].values():
            person = random.Random(rng.random())
            tasks.append(seat(port, made["id"], token, args.think, deadline, run, person))
            tasks.append(tab(port, made["id"], token, deadline))
    await asyncio.gather(*tasks)
    if flood is not None:
        flood.wait(timeout=30)
    return run


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))] if ordered else 0.0


def main(argv: list[str] | None = None) -> dict[str, Any]:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--tables", type=int, default=25, help="tables of four people")
    p.add_argument("--bot-tables", type=int, default=50, help="bot-only games kept playing")
    p.add_argument("--seconds", type=float, default=60.0)
    p.add_argument("--think", type=float, default=0.5, help="a person's seconds per decision")
    p.add_argument("--workers", type=int, default=1, help="the server's bot worker processes")
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--no-flood", dest="flood", action="store_false", help="no flooding client")
    p.add_argument("--flood-port", type=int, help=argparse.SUPPRESS)  # the flooder's process
    p.add_argument("--json", action="store_true")
    args = p.parse_args(argv)
    if args.flood_port is not None:
        flood_run = Run()
        asyncio.run(flooder(args.flood_port, time.monotonic() + args.seconds, flood_run))
        print(json.dumps({"flood_messages": flood_run.flood_messages}), file=sys.stderr)
        return {}
    load_before = os.getloadavg()
    with tempfile.TemporaryDirectory() as tmp:
        port = free_port()
        server = start_server(Path(tmp) / "bench.sqlite3", port, args.workers)
        try:
            run = asyncio.run(drive(args, port))
        finally:
            server.terminate()
            server.wait(timeout=30)
    out = {
        "tables": args.tables,
        "sockets": args.tables * 8,
        "bot_tables": args.bot_tables,
        "workers": args.workers,
        "seconds": args.seconds,
        "actions": run.actions,
        "round_trip_median_ms": round(percentile(run.round_trips, 0.5) * 1000, 1),
        "round_trip_p99_ms": round(percentile(run.round_trips, 0.99) * 1000, 1),
        "flood": args.flood,
        "bot_games_finished": run.bot_games_finished,
        "cores": os.cpu_count(),
        "load_before": [round(x, 2) for x in load_before],
        "load_after": [round(x, 2) for x in os.getloadavg()],
    }
    if args.json:
        print(json.dumps(out))
    else:
        for k, v in out.items():
            print(f"{k:>24}: {v}")
    return out


if __name__ == "__main__":
    main()
