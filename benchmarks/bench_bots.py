"""Benchmark of bot strength: the standard bot against three opponents, seats rotated.

Usage::

    python benchmarks/bench_bots.py [--games 2000] [--preset riichi] [--seed 0]
        [--opponent baseline] [--bot standard] [--workers 1] [--speed-games 20] [--json]
    python benchmarks/bench_bots.py --house [--games 1000]   # every house preset
    python benchmarks/bench_bots.py --set PUSH_WEIGHT=1.4 --ab PUSH_WEIGHT=2.2 [--ab ...]
        # tuning: every game is played again with each --ab setting (NAME=VALUE,...) on the
        # same deal and seat, and the paired change of the average rank is reported with its
        # standard error (far smaller than two separate runs' errors)

Each seed is played once with the measured bot at each seat (``--games`` in all, so
``games / players`` seeds): the same walls are dealt to it from every seat, which takes
most of the luck of the deal out of the comparison. The opponents fill the other seats
(``--opponent``: any entry ``jantaku simulate --bots`` accepts: ``baseline``, or an
external mjai bot such as the ``mjai`` package's ``RulebaseBot``, installed in its own
virtualenv as tests/bots/test_mjai_clients.py does:
``--opponent 'mjai:.venv-mjai/bin/python tests/mjai_client/run_bot.py {seat} rulebase'``).

For the measured bot it reports the average rank with its standard error over the games
(rank 1..n; an equal bot averages (n + 1) / 2), the first-place rate, the win and deal-in
rates per hand, riichi and call rates, average final points, and its result by the
preset's own settlement a game (gotou: its chips, the rank's and every chip item's; the uma
and oka elsewhere; less the table's average, so an even share is 0: a bot that gives up
places for chips shows it here). ``--speed-games`` full
games with the measured bot at every seat are then timed in one process (wall clock and
CPU time: on a shared machine the CPU time says what the bot costs, the wall clock how
busy the machine was).

The issue's targets (riichi, 2,000 games): average rank ≤ 2.3 against three baseline bots,
≤ 2.35 against three mjai ``RulebaseBot`` s, deal-in ≤ 13 %, win ≥ 20 %; in each house
preset (1,000 games) ≤ 1.9 of 3 / 2.3 of 4 against the baseline; ≥ 5 games per second
with four standard bots.
"""

from __future__ import annotations

import argparse
import json
import math
import multiprocessing
import os
import platform
import sys
import time
from pathlib import Path
from typing import Any

try:
    from jantaku.sim import GameTally, play_game, simulate
except ImportError:  # running from a checkout without installing: use src/
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "src"))
    from jantaku.sim import GameTally, play_game, simulate

from jantaku.bots import BOT_KINDS
from jantaku.bots.standard import knobs
from jantaku.rules import load_preset
from jantaku.scoring.settlement import settle

HOUSE = ("sanma", "gotou", "tokushima", "mighty", "kanto-boo")


def _set(overrides: list[tuple[str, Any]]) -> list[tuple[str, Any]]:
    """Set the standard bot's constants (``jantaku.bots.standard.knobs``); returns the previous
    values (to restore them)."""
    old = []
    for name, value in overrides:
        old.append((name, getattr(knobs, name)))
        setattr(knobs, name, value)
    return old


def _parse(items: list[str]) -> list[tuple[str, Any]]:
    out = []
    for item in items:
        name, _, value = item.partition("=")
        if not hasattr(knobs, name) or not name.isupper():
            raise SystemExit(f"--set/--ab: jantaku.bots.standard.knobs has no constant {name!r}")
        out.append((name, type(getattr(knobs, name))(json.loads(value))))
    return out


def result(preset: str, rec: GameTally, me: int) -> float:
    """The seat's final result by the preset's own settlement (its chips won or lost
    included: gotou's rank chips and chip items, the uma elsewhere) less the table's average
    (kanto-boo's top pays a table fee): an even share is 0."""
    rules = load_preset(preset)
    start = rules.game.start_chips
    chips = [c - start for c in rec.final_chips] if rec.final_chips else None
    out = settle(rules, rec.final_scores, chips).result
    return float(out[me]) - sum(out) / len(out)


def _one(
    job: tuple[str, int, tuple[str, ...], int],
) -> tuple[int, list[int], list[float], int, list[tuple[int, float]]]:
    """Play one game; (measured seat, ranks, final scores and result, hands) plus the seat's
    stats, and with ``--ab`` the seat's rank and result in the same deal under each B
    setting."""
    preset, seed, kinds, me = job
    b_ranks = []
    for setting in _AB:
        old = _set(setting)
        try:
            b = play_game(preset, seed, kinds)
            b_ranks.append((b.ranks[me], result(preset, b, me)))
        finally:
            _set(old)
    rec = play_game(preset, seed, kinds)
    if rec.violations or not rec.finished:
        raise SystemExit(f"{preset} seed {seed}: {rec.violations[:3]}")
    fallbacks = sum(getattr(rec, "fallbacks", None) or [0])
    stats = [rec.ranks[me], rec.wins[me], rec.deal_ins[me], rec.riichi[me], rec.calls[me]]
    out = [float(rec.final_scores[me]), result(preset, rec, me)]
    return me, [*stats, fallbacks], out, rec.hands, b_ranks


_AB: list[list[tuple[str, Any]]] = []
"""``--ab`` settings: each game is also played with each of them (paired comparisons)."""


def rotated(
    preset: str, bot: str, opponent: str, games: int, seed: int, workers: int
) -> dict[str, Any]:
    """``games`` games, the same ``games / players`` seeds with ``bot`` at each seat."""
    players = load_preset(preset).players
    seeds = max(1, games // players)
    jobs = []
    for i in range(seeds):
        for me in range(players):
            kinds = [opponent] * players
            kinds[me] = bot
            jobs.append((preset, seed + i, tuple(kinds), me))
    t0 = time.perf_counter()
    if workers > 1:
        with multiprocessing.get_context("fork").Pool(workers) as pool:
            results = pool.map(_one, jobs, chunksize=8)
    else:
        results = [_one(j) for j in jobs]
    seconds = time.perf_counter() - t0
    n = len(results)
    ranks = [r[1][0] for r in results]
    hands = sum(r[3] for r in results)
    avg = sum(ranks) / n
    sd = math.sqrt(sum((x - avg) ** 2 for x in ranks) / max(1, n - 1))
    by_seat = [
        sum(r[1][0] for r in results if r[0] == s) / max(1, sum(r[0] == s for r in results))
        for s in range(players)
    ]

    def total(i: int) -> int:
        return sum(r[1][i] for r in results)

    ab: list[dict[str, Any]] = []
    for i, setting in enumerate(_AB):
        dm, dse = _mean_se([r[4][i][0] - r[1][0] for r in results])
        rm, rse = _mean_se([r[4][i][1] - r[2][1] for r in results])
        ab.append(
            {
                "settings": [f"{k}={v}" for k, v in setting],
                "avg_rank": round(sum(r[4][i][0] for r in results) / n, 3),
                "change": round(dm, 4),
                "change_stderr": round(dse, 4),
                "result_change": round(rm, 2),
                "result_change_stderr": round(rse, 2),
            }
        )
    res_avg, res_se = _mean_se([r[2][1] for r in results])
    return {
        "ab": ab,
        "preset": preset,
        "bot": bot,
        "opponent": opponent,
        "games": n,
        "avg_rank": round(avg, 3),
        "rank_stderr": round(sd / math.sqrt(n), 3),
        "rank_by_seat": [round(r, 3) for r in by_seat],
        "first_rate": round(sum(x == 1 for x in ranks) / n, 3),
        "win_rate": round(total(1) / hands, 4),
        "deal_in_rate": round(total(2) / hands, 4),
        "riichi_rate": round(total(3) / hands, 4),
        "call_rate": round(total(4) / hands, 4),
        "avg_points": round(sum(r[2][0] for r in results) / n),
        "avg_result": round(res_avg, 2),
        "result_stderr": round(res_se, 2),
        "fallbacks": total(5),
        "seconds": round(seconds, 1),
    }


def _mean_se(xs: list[float]) -> tuple[float, float]:
    """The mean of ``xs`` and its standard error."""
    n = len(xs)
    m = sum(xs) / n
    sd = math.sqrt(sum((x - m) ** 2 for x in xs) / max(1, n - 1))
    return m, sd / math.sqrt(n)


def speed(preset: str, bot: str, games: int, seed: int) -> dict[str, Any]:
    """Full games with ``bot`` at every seat in this process: games per second."""
    simulate(preset, 1, seed=seed + 10_000, bots=bot)  # warm-up: tables, caches
    w0, c0 = time.perf_counter(), time.process_time()
    out = simulate(preset, games, seed=seed, bots=bot)
    wall, cpu = time.perf_counter() - w0, time.process_time() - c0
    return {
        "preset": preset,
        "bot": bot,
        "games": games,
        "games_per_second_wall": round(games / wall, 2),
        "games_per_second_cpu": round(games / cpu, 2),
        "busy": round(1 - cpu / wall, 2) if wall > 0 else 0.0,
        "actions_per_game": round(out["actions"] / games, 1),
    }


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else "")
    ap.add_argument("--games", type=int, default=2000, help="0: only the speed runs")
    ap.add_argument("--preset", default="riichi", help="a preset, or several: a,b,c")
    ap.add_argument("--house", action="store_true", help="every house preset instead")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--bot", default="standard")
    ap.add_argument("--opponent", default="baseline")
    ap.add_argument("--workers", type=int, default=1)
    ap.add_argument("--speed-games", type=int, default=20)
    ap.add_argument("--json", action="store_true", help="print the rows as JSON")
    ap.add_argument(
        "--set",
        action="append",
        default=[],
        metavar="NAME=VALUE",
        help="override one of jantaku.bots.standard.knobs' constants (tuning runs)",
    )
    ap.add_argument(
        "--ab",
        action="append",
        default=[],
        metavar="NAME=VALUE",
        help="also play every game with these settings (comma-separated NAME=VALUE; the option "
        "again for another setting) and report the paired rank change",
    )
    args = ap.parse_args()
    _set(_parse(args.set))
    _AB[:] = [_parse(a.split(",")) for a in args.ab]
    presets = list(HOUSE) if args.house else [p.strip() for p in args.preset.split(",")]

    rows = []
    for p in presets if args.games > 0 else []:
        rows.append(rotated(p, args.bot, args.opponent, args.games, args.seed, args.workers))
        if not args.json:
            r = rows[-1]
            n = load_preset(p).players
            print(
                f"{p:<10} {r['bot']} vs {n - 1}x {r['opponent']}: {r['games']} games, "
                f"avg rank {r['avg_rank']:.3f} ± {r['rank_stderr']:.3f} (of {n}; by seat "
                f"{r['rank_by_seat']}), 1st {r['first_rate']:.1%}, win {r['win_rate']:.1%}, "
                f"deal-in {r['deal_in_rate']:.1%}, riichi {r['riichi_rate']:.1%}, "
                f"calls {r['call_rate']:.1%}, points {r['avg_points']}, "
                f"result {r['avg_result']:+.2f} ± {r['result_stderr']:.2f} a game, "
                f"opponents' replaced answers {r['fallbacks']}, {r['seconds']}s",
                flush=True,
            )
            for b in r["ab"]:
                print(
                    f"  paired: with {' '.join(b['settings'])} avg rank {b['avg_rank']:.3f}, "
                    f"change {b['change']:+.4f} ± {b['change_stderr']:.4f}; result "
                    f"{b['result_change']:+.2f} ± {b['result_change_stderr']:.2f} a game",
                    flush=True,
                )
    fast: list[dict[str, Any]] = []
    if args.speed_games:
        # The bot and (a built-in) opponent timed in turns, so a busy spell slows both.
        kinds = [args.bot] + ([args.opponent] if args.opponent in BOT_KINDS else [])
        # Each pass its own games: a pass over games already played would find the bot's
        # caches (two-step readings of the same hands) warm and time less than play does.
        for rep in range(2):
            at = args.seed + rep * args.speed_games
            fast.extend(speed(presets[0], k, args.speed_games, at) for k in kinds)
    if args.json:
        print(json.dumps({"strength": rows, "speed": fast}))
        return 0
    for f in fast:
        print(
            f"speed: {f['games']} {f['preset']} games, every seat {f['bot']}, one process "
            f"({platform.python_version()}, {os.cpu_count()} CPUs): "
            f"{f['games_per_second_cpu']} games/s of CPU time, "
            f"{f['games_per_second_wall']} games/s wall clock "
            f"(machine busy {f['busy']:.0%}), {f['actions_per_game']} actions/game"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
