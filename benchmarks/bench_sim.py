"""Benchmark of full simulated games: games per second per preset and bot kind.

Usage::

    python benchmarks/bench_sim.py [--games 100] [--seed 0] [--workers 2] [--repeat 1]
                                   [--presets riichi,sanma,gotou,...] [--json]

For each preset (all six by default) and bot kind (``random``: uniform over the legal
actions; ``baseline``: the sensible baseline bot), ``jantaku.sim.simulate`` plays the same
seeded games (full hanchan, every seat the same bot, no invariant checks, no log) in one
process and with ``--workers`` processes, in turns (``--repeat`` times each); the table
gives games per second of each side's best run and the speed-up between the two bests
(each pair's own speed-up is listed after it, the spread says how steady the machine
was). The multi-process time includes starting the worker processes (forked: a few ms),
which weighs on short runs: use more games for a fair speed-up.

The ``CPU speed-up`` column is the speed-up two idle cores would give, from CPU times that
the other load changes much less than wall time: the one-process run's CPU seconds over the
driver's own CPU seconds plus half the workers' (their chunks are queued, so they share the
work evenly; ``simulate`` waits for the last).

On a shared machine wall time swings with the other load, so the one-process rows are
also timed in CPU seconds of this process (``games/CPU-s``, the best of ``--repeat``
runs), and riichienv likewise, in the same run; the ratio column divides the two and the
load average is printed beside them. (A ``--workers`` speed-up needs idle cores: on a busy
machine it measures the others' load.)

Random bots never win (they rarely hold a yaku and never declare), so their games are all
exhaustive draws and run longer than the baseline's, which end with wins or a bust.

``riichienv`` (a Rust engine with Python bindings, on PyPI) is timed beside it when it can
be imported: its ``RandomAgent`` plays full hanchan (``4p-red-half``, ``3p-red-half``)
through the Python ``step`` loop. It is not a project dependency; without it a note says
it is unavailable.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import resource
import sys
import time
from pathlib import Path
from typing import Any

try:
    from jantaku import build
    from jantaku.sim import simulate
except ImportError:  # running from a checkout without installing: use src/
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "src"))
    from jantaku import build
    from jantaku.sim import simulate

BOTS = ("random", "baseline")
RIICHIENV_MODES = {"riichi": "4p-red-half", "sanma": "3p-red-half"}


def bench_jantaku(
    preset: str, bots: str, games: int, seed: int, workers: int, repeat: int = 1
) -> dict[str, Any]:
    simulate(preset, 1, seed=seed + 10_000, bots=bots)  # warm-up: tables, caches
    # One-process and --workers runs alternate, ``repeat`` times each, so a slow spell of
    # the machine falls on both; each side keeps its best (fastest) run, as timeit does.
    cpu: list[float] = []
    walls: list[float] = []
    walls_many: list[float] = []
    driver = worked = float("inf")
    for _ in range(repeat):
        c0 = time.process_time()
        one = simulate(preset, games, seed=seed, bots=bots, workers=1)
        cpu.append(time.process_time() - c0)
        walls.append(one["seconds"])
        kids = resource.getrusage(resource.RUSAGE_CHILDREN)
        c0 = time.process_time()
        many = simulate(preset, games, seed=seed, bots=bots, workers=workers)
        d = time.process_time() - c0
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        w = after.ru_utime + after.ru_stime - kids.ru_utime - kids.ru_stime
        walls_many.append(many["seconds"])
        if d + w / workers < driver + worked / workers:
            driver, worked = d, w
    timing = ("seconds", "games_per_second", "workers")
    same = {k: v for k, v in one.items() if k not in timing}
    same_many = {k: v for k, v in many.items() if k not in timing}
    return {
        "preset": preset,
        "bots": bots,
        "games": games,
        "hands": one["hands"],
        "actions": one["actions"],
        "gps_1": round(games / min(walls), 3),
        "gps_cpu": round(games / min(cpu), 3),
        "gps_w": round(games / min(walls_many), 3),
        "workers": workers,
        "speedup": round(min(walls) / min(walls_many), 2),
        "speedups": [round(a / b, 2) for a, b in zip(walls, walls_many, strict=True)],
        "driver_cpu": round(driver, 3),
        "workers_cpu": round(worked, 3),
        "cpu_speedup": round(min(cpu) / (driver + worked / workers), 2),
        "actions_per_second": round(one["actions"] / min(walls)),
        "same_numbers": same == same_many,
    }


def bench_riichienv(preset: str, games: int, seed: int, repeat: int = 1) -> dict[str, Any] | None:
    try:
        from riichienv import RiichiEnv  # type: ignore[import-not-found]
        from riichienv.agents import RandomAgent  # type: ignore[import-not-found]
    except ImportError:
        return None
    mode = RIICHIENV_MODES[preset]
    best_wall = best_cpu = float("inf")
    steps = 0
    for _ in range(repeat):
        agent = RandomAgent(seed)
        steps = 0
        t0, c0 = time.perf_counter(), time.process_time()
        for g in range(games):
            env = RiichiEnv(game_mode=mode, seed=seed + g)
            obs = env.reset()
            while not env.done():
                obs = env.step({pid: agent.act(o) for pid, o in obs.items()})
                steps += 1
        best_cpu = min(best_cpu, time.process_time() - c0)
        best_wall = min(best_wall, time.perf_counter() - t0)
    return {
        "preset": preset,
        "mode": mode,
        "games": games,
        "gps": round(games / best_wall, 3),
        "gps_cpu": round(games / best_cpu, 3),
        "steps_per_game": round(steps / games, 1),
    }


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else "")
    ap.add_argument("--games", type=int, default=100)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument(
        "--repeat",
        type=int,
        default=1,
        help="one-process and --workers runs, alternated; each side's best run counts",
    )
    ap.add_argument("--presets", default="riichi,sanma,gotou,tokushima,mighty,kanto-boo")
    ap.add_argument("--json", action="store_true", help="print the rows as JSON")
    args = ap.parse_args()
    presets = [p.strip() for p in args.presets.split(",") if p.strip()]

    rows = [
        bench_jantaku(preset, bots, args.games, args.seed, args.workers, args.repeat)
        for preset in presets
        for bots in BOTS
    ]
    others = [
        bench_riichienv(p, args.games, args.seed, args.repeat)
        for p in presets
        if p in RIICHIENV_MODES
    ]
    if args.json:
        print(json.dumps({"jantaku": rows, "riichienv": [o for o in others if o]}))
        return 0

    peer = {o["preset"]: o["gps_cpu"] for o in others if o}
    print(
        f"Python {platform.python_version()} on {platform.machine()}, "
        f"{os.cpu_count()} CPUs, load average {os.getloadavg()[0]:.1f}; {args.games} full "
        f"games per row, seeds {args.seed}..; jantaku {build.describe()}"
    )
    w = args.workers
    print(
        f"{'preset':<9} {'bots':<9} {'hands':>6} {'actions/s':>10} {'games/s (1)':>12} "
        f"{'games/CPU-s':>12} {'÷ riichienv':>12} {f'games/s ({w})':>12} {'speed-up':>9}"
        f" {'CPU speed-up':>13}  same numbers"
    )
    for r in rows:
        ratio = f"{r['gps_cpu'] / peer[r['preset']]:.2f}x" if r["preset"] in peer else ""
        print(
            f"{r['preset']:<9} {r['bots']:<9} {r['hands']:>6} {r['actions_per_second']:>10} "
            f"{r['gps_1']:>12.2f} {r['gps_cpu']:>12.2f} {ratio:>12} {r['gps_w']:>12.2f} "
            f"{r['speedup']:>8.2f}x {r['cpu_speedup']:>12.2f}x  "
            f"{'yes' if r['same_numbers'] else 'NO'}"
            + (
                f"  (each pair: {', '.join(f'{x:.2f}' for x in r['speedups'])})"
                if len(r["speedups"]) > 1
                else ""
            )
        )
    if any(others):
        print("\nriichienv (Rust core, RandomAgent through the Python step loop, one process):")
        for o in others:
            if o:
                print(
                    f"{o['preset']:<9} {o['mode']:<12} {o['gps']:>8.2f} games/s, "
                    f"{o['gps_cpu']:>8.2f} games/CPU-s  ({o['steps_per_game']} steps/game)"
                )
    else:
        print("\nriichienv is unavailable here (pip install riichienv to time it beside).")
    print(f"load average at the end: {os.getloadavg()[0]:.1f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
