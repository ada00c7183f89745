"""How much of the standard bot's gap is reading: the same bot told what it cannot see.

A measurement, not a bot anyone plays: each mode plays the standard bot against the baseline
bots, seats rotated (the same deals as ``bench_bots.py`` with the same ``--seed``), while its
threat model is fed the truth from the engine's full state:

* ``plain``: nothing told (the real bot; the check that this script measures what
  ``bench_bots.py`` does).
* ``riichi-waits``: the exact waits of every hand in riichi (its discards' danger is then 0
  or 1, as against an open riichi that shows them).
* ``tenpai``: which other hands are ready (a dama hand too, and an open hand that is not
  ready is no threat), their waits still read from the river as usual.
* ``all-waits``: both: every ready hand and its exact waits (perfect defence).

The distance from ``plain`` to ``all-waits`` is what defence could still win at most; the
split between the two middle modes says where (the waits of riichi hands, or knowing who
is ready). Runs the pure build (the threat model is swapped in at the module level, which
the compiled build does not allow), so it is about 20x slower than ``bench_bots.py``:
``python benchmarks/bench_ceiling.py --preset gotou --games 1998 --seed 7000``.
"""

from __future__ import annotations

import argparse
import math
import os
import sys
from multiprocessing import Pool
from pathlib import Path
from typing import Any

os.environ["JANTAKU_PURE"] = "1"  # before jantaku is imported: the module-level swap below

try:
    import jantaku  # noqa: F401
except ImportError:  # running from a checkout without installing: use src/
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "src"))

from jantaku import game as game_module
from jantaku.bots import standard
from jantaku.game.legal import hand_waits
from jantaku.rules import load_preset
from jantaku.sim import play_game

MODES = ("plain", "riichi-waits", "tenpai", "all-waits")

_STATE: dict[str, Any] = {}
_MODE: dict[str, str] = {"mode": "plain"}
_threats = standard._threats
_new_state = game_module.Game.new_state


def _capture(self: Any, *args: Any, **kwargs: Any) -> Any:
    # The one game this process is playing: its state, read by the threat model below.
    state = _new_state(self, *args, **kwargs)
    _STATE["state"] = state
    return state


def _told(view: Any, seat: int, one_call: float = 0.0, learned_open: bool = False) -> list[Any]:
    mode = _MODE["mode"]
    read = _threats(view, seat, one_call, learned_open)
    if mode == "plain":
        return read
    state = _STATE["state"]
    if mode == "riichi-waits":
        for th in read:
            if view.in_riichi(th.seat):
                th.waits = frozenset(hand_waits(state, th.seat))
        return read
    known = {th.seat: th for th in read}
    out = []
    for s in range(view.people):
        waits = hand_waits(state, s) if s != seat else frozenset()
        if not waits:
            continue  # not ready: no threat
        th = known.get(s)
        if th is None:  # a ready hand the river did not show: a usual 2-han hand
            value = standard._points(2.0, s == view.dealer)
            th = standard._Threat(s, 1.0, value, frozenset(), frozenset(), None, None)
        th.p_tenpai = 1.0
        if mode == "all-waits":
            th.waits = frozenset(waits)
        out.append(th)
    return out


def _job(job: tuple[str, str, int, int, int]) -> int:
    preset, mode, seed, seat, players = job
    _MODE["mode"] = mode
    kinds = ["baseline"] * players
    kinds[seat] = "standard"
    return int(play_game(preset, seed, kinds).ranks[seat])


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--preset", default="gotou")
    ap.add_argument("--games", type=int, default=999)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--modes", default=",".join(MODES), help="a comma-separated list")
    args = ap.parse_args()
    modes = args.modes.split(",")
    for m in modes:
        if m not in MODES:
            raise SystemExit(f"--modes: {m!r} is not one of {', '.join(MODES)}")
    players = load_preset(args.preset).players
    game_module.Game.new_state = _capture  # type: ignore[method-assign]
    standard._threats = _told
    base: list[int] = []
    with Pool(args.workers) as pool:
        for mode in modes:
            jobs = [
                (args.preset, mode, args.seed + i, seat, players)
                for i in range(args.games // players)
                for seat in range(players)
            ]
            ranks = pool.map(_job, jobs, chunksize=4)
            n = len(ranks)
            mean = sum(ranks) / n
            se = math.sqrt(sum((r - mean) ** 2 for r in ranks) / (n - 1) / n)
            line = f"{args.preset:<10} {mode:<13} {n} games, avg rank {mean:.3f} ± {se:.3f}"
            if base:
                diff = [a - b for a, b in zip(ranks, base, strict=True)]
                dm = sum(diff) / n
                dsd = math.sqrt(sum((d - dm) ** 2 for d in diff) / (n - 1))
                line += f", paired change from plain {dm:+.4f} ± {dsd / math.sqrt(n):.4f}"
            elif mode == "plain":
                base = ranks
            print(line, flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
