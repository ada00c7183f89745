"""Benchmark of 牌譜検討 (``jantaku review``, issue 41): how long a whole game's review takes,
beside the standard bot's own time to play that game.

Usage::

    python benchmarks/bench_review.py [--presets gotou,riichi] [--games 3] [--seed 500]
                                      [--json]

For each preset, ``--games`` seeded games are played with the standard bot at every seat
(its own speed: the game's wall time, every seat's decisions included), then every seat of
each game is reviewed (:func:`jantaku.review.review_game`: the seat's decisions found by
folding the log, the bot's choice and every discard's reading at each). The table gives, per
game, the play time, the review time of the slowest seat and of all seats, and the number of
decisions reviewed; the target is one seat's whole game in at most 30 s on two cores with
the compiled build (``jantaku`` says at import whether it runs compiled). Times are wall
seconds, the load average beside them: on a shared machine they swing with the other load,
and the CPU seconds of this process (``cpu``) much less.
"""

from __future__ import annotations

import argparse
import io
import json
import os
import sys
import time
from typing import Any

from jantaku.log.export import games_of
from jantaku.review import Reviewer, review_game
from jantaku.review.load import game_of
from jantaku.sim.runner import play_game


def compiled() -> bool:
    """Whether the standard bot runs as a compiled extension."""
    import jantaku.bots.standard.discard as discard

    return str(discard.__file__).endswith((".so", ".pyd"))


def bench(preset: str, seed: int) -> dict[str, Any]:
    buf = io.StringIO()
    t0, c0 = time.perf_counter(), time.process_time()
    play_game(preset, seed, "standard", log=buf)
    play, play_cpu = time.perf_counter() - t0, time.process_time() - c0
    events = games_of(buf.getvalue().splitlines())[0]
    game = game_of(events)
    reviewer = Reviewer()
    seats = []
    for seat in range(game.people):
        t0, c0 = time.perf_counter(), time.process_time()
        review = review_game(game, events, seat, reviewer)
        seats.append(
            {
                "seat": seat,
                "seconds": round(time.perf_counter() - t0, 3),
                "cpu": round(time.process_time() - c0, 3),
                "decisions": review["summary"]["decisions"],
                "agreement": review["summary"]["agreement"],
            }
        )
    hands = sum(1 for e in events if e["type"] == "start_kyoku")
    return {
        "preset": preset,
        "seed": seed,
        "hands": hands,
        "play_seconds": round(play, 3),
        "play_cpu": round(play_cpu, 3),
        "review_slowest_seat": max(s["seconds"] for s in seats),
        "review_all_seats": round(sum(s["seconds"] for s in seats), 3),
        "review_all_cpu": round(sum(s["cpu"] for s in seats), 3),
        "decisions": sum(s["decisions"] for s in seats),
        "seats": seats,
    }


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--presets", default="gotou,riichi")
    p.add_argument("--games", type=int, default=3)
    p.add_argument("--seed", type=int, default=500)
    p.add_argument("--json", action="store_true")
    args = p.parse_args(argv)
    rows = [
        bench(preset, args.seed + g)
        for preset in args.presets.split(",")
        for g in range(args.games)
    ]
    out = {
        "compiled": compiled(),
        "load_average": [round(x, 2) for x in os.getloadavg()],
        "cpus": os.cpu_count(),
        "games": rows,
        "worst_seat_seconds": max(r["review_slowest_seat"] for r in rows),
    }
    if args.json:
        print(json.dumps(out))
        return 0
    print(f"compiled: {out['compiled']}  load average: {out['load_average']}  cpus: {out['cpus']}")
    print("preset      seed  hands  play s  review s (slowest seat / all seats, cpu)  decisions")
    for r in rows:
        print(
            f"{r['preset']:<10} {r['seed']:>5} {r['hands']:>6} {r['play_seconds']:>7.2f}  "
            f"{r['review_slowest_seat']:>8.2f} / {r['review_all_seats']:>6.2f} "
            f"({r['review_all_cpu']:.2f})  {r['decisions']:>9}"
        )
    print(f"slowest seat's whole game: {out['worst_seat_seconds']:.2f} s (target: 30 s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
