"""Capacity of one `jantaku serve` process: how many tables and players it holds with the
action round trip still short.

Usage::

    python benchmarks/bench_server.py [--bot-tables 8] [--humans 50] [--think 1.0]
                                      [--seconds 30] [--preset riichi] [--json]

Starts one server on 127.0.0.1 (a fresh database in a temporary folder; ``--processes N``:
N servers sharing it, each table's socket on the process ``id mod N``, as docs/scaling.md
routes them with Caddy), keeps ``--bot-tables`` bot-only games playing in the background (a
finished one is replaced), and connects ``--humans`` scripted players, each at a table of
its own with baseline bots (a finished game: a new table), each from an address of its own
in 127.0.0.0/8 as people would be (the server limits the tables one address may hold). A
player waits ``--think`` seconds (±50 %, so they do not act in step) once it has options,
then sends the first of them (a pass when it may pass).

The **round trip** of an action is the time from sending it to the first message back (the
events it caused: the bots' replies are played before they are sent). The server's own share
of it, from reading the action to handing out its events, is its
``jantaku_action_latency_seconds`` histogram: its 99th percentile is given as the bucket
bound it falls under (the rest is the sockets, and waiting for a core on a busy machine).

The run ends after ``--seconds``; it prints the median and 99th percentile round trip,
people's actions per second, the decisions per second of the bots at the players' tables (the
server's ``jantaku_bot_turn_seconds``; bot-only games are played by worker processes and show
in games finished), the CPU (in cores) of the server with its worker processes and their
memory (resident set: now, and the sum of each one's peak), and the machine's load average
before and after (the players run in this process, beside the server: on a shared machine the load
says how much of the figures is the machine's).

``docs/scaling.md`` lists measured runs and what one machine holds with round trips under
50 ms.
"""

from __future__ import annotations

import argparse
import asyncio
import http.client
import json
import os
import random
import re
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed

BOT = "bot:baseline"


@dataclass
class Run:
    round_trips: list[float] = field(default_factory=list)
    actions: int = 0
    refused: int = 0
    human_games: int = 0
    bot_tables_made: int = 0
    failed_tables: dict[int, int] = field(default_factory=dict)
    """HTTP status → tables the server refused to make."""


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def start_server(
    db: Path, port: int, tables: int, log: Path | None = None
) -> subprocess.Popen[bytes]:
    src = Path(__file__).resolve().parent.parent / "src"
    env = {**os.environ, "PYTHONPATH": f"{src}{os.pathsep}{os.environ.get('PYTHONPATH', '')}"}
    command = [sys.executable, "-m", "jantaku.cli", "serve", "--port", str(port), "--db", str(db)]
    command += ["--max-tables", str(tables * 4 + 50), "--bot-games", str(tables * 2 + 10)]
    command += ["--table-rate", "100000", "--table-burst", "100000"]
    out = log.open("ab") if log is not None else subprocess.DEVNULL
    proc = subprocess.Popen(command, stdout=out, stderr=subprocess.STDOUT, env=env)
    return wait_until_up(proc, f"http://127.0.0.1:{port}/healthz")


def wait_until_up(proc: subprocess.Popen[bytes], url: str) -> subprocess.Popen[bytes]:
    """``proc`` once ``url`` answers (60 s at most); it is killed if it never does."""
    for _ in range(600):
        try:
            urllib.request.urlopen(url, timeout=1)
            return proc
        except OSError:
            if proc.poll() is not None:
                raise SystemExit("the server did not start") from None
            time.sleep(0.1)
    proc.kill()
    raise SystemExit("the server did not answer in 60 s")


class Refused(Exception):
    def __init__(self, status: int) -> None:
        super().__init__(f"HTTP {status}")
        self.status = status


def call(port: int, path: str, body: Any = None, source: str = "127.0.0.1") -> Any:
    """GET (or POST ``body``) from the local address ``source``: each player has its own,
    as people do (the server limits what one address may create)."""
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
        raise Refused(response.status)
    return raw.decode() if path == "/metrics" else json.loads(raw)


def address(i: int) -> str:
    """The local address of player ``i`` (127.0.0.0/8 is all this machine)."""
    return f"127.0.{1 + i // 250}.{1 + i % 250}"


def metric(text: str, name: str) -> float:
    m = re.search(rf"^{re.escape(name)} (\S+)$", text, re.MULTILINE)
    return float(m.group(1)) if m else 0.0


def _stat(pid: int) -> list[str]:
    """The fields of /proc/PID/stat after the command name (state first)."""
    with open(f"/proc/{pid}/stat") as f:
        return f.read().rsplit(")", 1)[1].split()


def family(pid: int) -> list[int]:
    """A process and its descendants (the server's bot worker processes)."""
    parents: dict[int, int] = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                parents[int(entry.name)] = int(_stat(int(entry.name))[1])
            except (OSError, IndexError, ValueError):
                continue  # it ended meanwhile
    found, todo = [pid], [pid]
    while todo:
        parent = todo.pop()
        children = [child for child, p in parents.items() if p == parent]
        found += children
        todo += children
    return found


def process_figures(pid: int) -> tuple[float, float, float]:
    """(CPU seconds, resident MB, peak resident MB) of a process and its descendants (the
    server's worker processes), from /proc."""
    cpu = rss = peak = 0.0
    for member in family(pid):
        try:
            fields = _stat(member)
            status = Path(f"/proc/{member}/status").read_text()
        except OSError:
            continue
        cpu += (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
        rss += int(re.search(r"VmRSS:\s+(\d+)", status).group(1)) / 1024  # type: ignore[union-attr]
        peak += int(re.search(r"VmHWM:\s+(\d+)", status).group(1)) / 1024  # type: ignore[union-attr]
    return cpu, rss, peak


def choose(actions: list[dict[str, Any]]) -> dict[str, Any]:
    passes = [a for a in actions if a["type"] == "pass"]
    return passes[0] if passes else actions[0]


async def make_table(
    port: int, preset: str, seats: list[str], run: Run, source: str = "127.0.0.1"
) -> Any:
    """A new table (its id and tokens), or None after a refusal (counted; a second later)."""
    try:
        body = {"preset": preset, "seats": seats}
        return await asyncio.to_thread(call, port, "/api/tables", body, source)
    except Refused as e:
        run.failed_tables[e.status] = run.failed_tables.get(e.status, 0) + 1
        await asyncio.sleep(1.0)
        return None


async def player(
    ports: list[int],
    seats: list[str],
    think: float,
    deadline: float,
    run: Run,
    rng: random.Random,
    source: str,
) -> None:
    """One scripted person at a table of bots, played until the deadline (a new table when a
    game ends)."""
    preset = seats.pop()
    while time.monotonic() < deadline:
        made = await make_table(ports[rng.randrange(len(ports))], preset, seats, run, source)
        if made is None:
            continue
        port = ports[made["id"] % len(ports)]  # as Caddy routes a table's socket (scaling.md)
        async with connect(f"ws://127.0.0.1:{port}/ws/{made['id']}", max_size=2**22) as ws:
            await ws.send(json.dumps({"type": "join", "token": made["tokens"]["0"]}))
            sent: float | None = None
            while True:
                left = deadline - time.monotonic()
                if left <= 0:
                    return
                try:
                    msg = json.loads(await asyncio.wait_for(ws.recv(), left))
                except (TimeoutError, ConnectionClosed):
                    return
                if sent is not None:
                    run.round_trips.append(time.monotonic() - sent)
                    sent = None
                if msg["type"] == "error":
                    run.refused += 1
                if msg["type"] == "events" and any(e["type"] == "end_game" for e in msg["events"]):
                    break
                if msg["type"] != "legal" or not msg["actions"]:
                    continue
                await asyncio.sleep(think * rng.uniform(0.5, 1.5))
                sent = time.monotonic()
                at = msg["at"]
                await ws.send(
                    json.dumps({"type": "action", "at": at, "action": choose(msg["actions"])})
                )
                run.actions += 1
        run.human_games += 1


async def bot_tables(
    ports: list[int], preset: str, players: int, count: int, deadline: float, run: Run
) -> None:
    """Keep ``count`` bot-only games playing until the deadline."""
    if count == 0:
        return
    seats = [BOT] * players
    mine: set[int] = set()
    while time.monotonic() < deadline:
        listing = await asyncio.to_thread(call, ports[0], "/api/tables?limit=500")
        playing = {t["id"] for t in listing if t["status"] == "playing"}
        mine &= playing
        while len(mine) < count:
            made = await make_table(ports[run.bot_tables_made % len(ports)], preset, seats, run)
            if made is None:
                break
            mine.add(made["id"])
            run.bot_tables_made += 1
        await asyncio.sleep(1.0)


async def drive(args: argparse.Namespace, ports: list[int]) -> Run:
    run = Run()
    deadline = time.monotonic() + args.seconds
    rng = random.Random(args.seed)
    players = int(call(ports[0], f"/api/presets/{args.preset}")["players"])
    tasks = [bot_tables(ports, args.preset, players, args.bot_tables, deadline, run)]
    for i in range(args.humans):
        seats = ["human", *[BOT] * (players - 1), args.preset]
        rand = random.Random(rng.random())
        tasks.append(player(ports, seats, args.think, deadline, run, rand, address(i)))
        await asyncio.sleep(0.01)  # not all at once: the tables are made as people arrive
    await asyncio.gather(*tasks)
    return run


FROM_THE_DATABASE = ("jantaku_open_tables", "jantaku_games_finished_total")
"""Figures every process reads from the shared database: counted once."""


def merged(texts: list[str]) -> str:
    """The Prometheus text of several processes as one: each sample summed over them (those
    read from the shared database taken once)."""
    totals: dict[str, float] = {}
    for n, text in enumerate(texts):
        for line in text.splitlines():
            if line.startswith("#") or " " not in line:
                continue
            key, value = line.rsplit(" ", 1)
            if n and key in FROM_THE_DATABASE:
                continue
            totals[key] = totals.get(key, 0.0) + float(value)
    return "".join(f"{key} {value}\n" for key, value in totals.items())


def histogram_quantile(before: str, after: str, name: str, q: float) -> float | None:
    """The upper bound of the histogram bucket holding quantile ``q`` of what was observed
    between two scrapes (None: nothing observed)."""
    pattern = re.compile(rf'^{re.escape(name)}_bucket{{le="([^"]+)"}} (\S+)$', re.MULTILINE)
    was = {le: float(v) for le, v in pattern.findall(before)}
    now = [(float(le), float(v) - was.get(le, 0.0)) for le, v in pattern.findall(after)]
    total = now[-1][1] if now else 0.0
    if total <= 0:
        return None
    return next(le for le, count in now if count >= q * total)


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))] if ordered else 0.0


def _ms(seconds: float | None) -> float | None:
    return None if seconds is None else round(seconds * 1000, 1)


def main(argv: list[str] | None = None) -> dict[str, Any]:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--bot-tables", type=int, default=8, help="bot-only games kept playing")
    p.add_argument("--humans", type=int, default=50, help="scripted players, one table each")
    p.add_argument("--think", type=float, default=1.0, help="a player's seconds per decision")
    p.add_argument("--seconds", type=float, default=30.0, help="length of the run")
    p.add_argument("--preset", default="riichi")
    p.add_argument("--seed", type=int, default=0)
    p.add_argument(
        "--processes",
        type=int,
        default=1,
        help="servers on one shared database, each table's socket on the process its id "
        "names (id mod N), as docs/scaling.md routes them with Caddy",
    )
    p.add_argument("--server-log", type=Path, help="append the server's output to this file")
    p.add_argument("--json", action="store_true")
    args = p.parse_args(argv)
    if args.bot_tables < 0 or args.humans < 0 or args.seconds <= 0 or args.think < 0:
        p.error("counts must be 0 or more, --seconds more than 0, --think 0 or more")
    if args.processes < 1:
        p.error("--processes must be 1 or more")

    load_before = os.getloadavg()
    with tempfile.TemporaryDirectory(prefix="bench-server-") as tmp:
        ports = [free_port() for _ in range(args.processes)]
        tables = args.bot_tables + args.humans
        db = Path(tmp) / "bench.sqlite3"
        servers = []
        try:
            for port in ports:
                servers.append(start_server(db, port, tables, args.server_log))
            before_metrics = merged([call(port, "/metrics") for port in ports])
            cpu0 = sum(process_figures(s.pid)[0] for s in servers)
            started = time.monotonic()
            run = asyncio.run(drive(args, ports))
            elapsed = time.monotonic() - started
            figures = [process_figures(s.pid) for s in servers]
            cpu1, rss, peak = (sum(f[i] for f in figures) for i in range(3))
            after_metrics = merged([call(port, "/metrics") for port in ports])
        finally:
            for server in servers:
                server.terminate()
            for server in servers:
                try:
                    server.wait(timeout=30)
                except subprocess.TimeoutExpired:
                    server.kill()
    bot_turns = metric(after_metrics, "jantaku_bot_turn_seconds_count") - metric(
        before_metrics, "jantaku_bot_turn_seconds_count"
    )
    result = {
        "processes": args.processes,
        "bot_tables": args.bot_tables,
        "humans": args.humans,
        "think_seconds": args.think,
        "seconds": round(elapsed, 1),
        "round_trip_ms": {
            "median": round(1000 * statistics.median(run.round_trips), 1)
            if run.round_trips
            else None,
            "p99": round(1000 * percentile(run.round_trips, 0.99), 1) if run.round_trips else None,
            "samples": len(run.round_trips),
        },
        "server_latency_p99_ms_at_most": _ms(
            histogram_quantile(
                before_metrics, after_metrics, "jantaku_action_latency_seconds", 0.99
            )
        ),
        "actions": run.actions,
        "actions_per_second": round(run.actions / elapsed, 1),
        "server_actions": int(metric(after_metrics, "jantaku_actions_total")),
        "bot_decisions_per_second": round(bot_turns / elapsed, 1),
        "games_finished": int(metric(after_metrics, "jantaku_games_finished_total")),
        "refused": run.refused,
        "tables_not_made": {str(k): v for k, v in sorted(run.failed_tables.items())},
        "server_cpu_cores": round((cpu1 - cpu0) / elapsed, 2),
        "server_rss_mb": round(rss, 1),
        "server_peak_rss_mb": round(peak, 1),
        "load_before": [round(x, 2) for x in load_before],
        "load_after": [round(x, 2) for x in os.getloadavg()],
        "cores": os.cpu_count(),
    }
    if args.json:
        print(json.dumps(result))
    else:
        rt = result["round_trip_ms"]
        print(
            f"jantaku serve ×{args.processes}: {args.bot_tables} bot-only tables, "
            f"{args.humans} players "
            f"(think {args.think} s), {result['seconds']} s on {result['cores']} cores"
        )
        print(
            f"  action round trip: median {rt['median']} ms, p99 {rt['p99']} ms "
            f"({rt['samples']} actions); the server's own p99 at most "
            f"{result['server_latency_p99_ms_at_most']} ms"
        )
        print(
            f"  people's actions/s {result['actions_per_second']}, bot decisions/s "
            f"{result['bot_decisions_per_second']}, games finished {result['games_finished']}"
        )
        print(
            f"  server: {result['server_cpu_cores']} cores busy, {result['server_rss_mb']} MB "
            f"resident (peak {result['server_peak_rss_mb']} MB)"
        )
        if run.failed_tables or run.refused:
            print(f"  refused: {run.refused} actions, tables {result['tables_not_made']}")
        print(f"  load average before {result['load_before']}, after {result['load_after']}")
    return result


if __name__ == "__main__":
    main()
