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
* ``riichi-hint`` (not run unless named): not the waits, a better reading of them: the
  learned danger of each tile against a riichi nudged toward the truth, its log-odds up by
  ``--hint`` for a tile among the waits and down by a tenth of it for the others. It
  measures what a reading better than the learned one could win. On gotou's tiles held
  facing a riichi the learned model tells a tile that deals in from one that does not with
  an AUC of 0.666; nudged by 0.1, 0.2, 0.3 and 0.6 it reaches 0.710, 0.752, 0.790 and 0.881
  (``fit_danger.py``'s rows), and in play those won -0.0025 ± 0.0009, -0.0043 ± 0.0014,
  -0.0075 ± 0.0017 and -0.0110 ± 0.0021 of a place (5,997 paired gotou games, seed 11000),
  against -0.057 ± 0.006 told the waits on the same games: what the exact waits win is
  certainty, which no reading of the river gives.

The distance from ``plain`` to ``all-waits`` is what defence could still win at most; the
split between the two middle modes says where (the waits of riichi hands, or knowing who
is ready). Runs the pure build (the threat model is swapped in at the module level, which
the compiled build does not allow), so it is about 20x slower than ``bench_bots.py``:
``python benchmarks/bench_ceiling.py --preset gotou --games 1998 --seed 7000``, and
``--modes plain,riichi-hint --hint 0.1,0.3``.
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
from jantaku.bots.standard import danger
from jantaku.bots.standard.value import points
from jantaku.game.legal import furiten, hand_waits
from jantaku.rules import load_preset
from jantaku.sim import play_game

MODES = ("plain", "riichi-waits", "tenpai", "all-waits", "riichi-hint")

_STATE: dict[str, Any] = {}
_MODE: dict[str, str] = {"mode": "plain"}
_HINT: dict[str, float] = {"hint": 0.3}
_threats = danger.read_threats
_learned_danger = danger.learned_danger
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
            value = points(2.0, s == view.dealer)
            th = danger.Threat(s, 1.0, value, frozenset(), frozenset(), None, None)
        th.p_tenpai = 1.0
        if mode == "all-waits":
            th.waits = frozenset(waits)
        out.append(th)
    return out


def _hinted(view: Any, th: Any, kind: int, live_left: list[int]) -> float:
    # The learned danger, its log-odds moved toward the truth: up by the hint for a tile
    # among the riichi hand's waits (furiten aside), down by a tenth of it for the others
    # (about the share that deal in, so the mean danger stays near the model's).
    p = _learned_danger(view, th, kind, live_left)
    if _MODE["mode"] != "riichi-hint" or p <= 0.0:
        return p
    state = _STATE["state"]
    hit = kind in hand_waits(state, th.seat) and not furiten(state, th.seat)
    p = min(max(p, 1e-6), 1.0 - 1e-6)
    z = math.log(p / (1.0 - p)) + _HINT["hint"] * ((1.0 if hit else 0.0) - 0.1)
    return 1.0 / (1.0 + math.exp(-z))


def _job(job: tuple[str, str, int, int, int, float]) -> int:
    preset, mode, seed, seat, players, hint = job
    _MODE["mode"] = mode
    _HINT["hint"] = hint
    kinds = ["baseline"] * players
    kinds[seat] = "standard"
    return int(play_game(preset, seed, kinds).ranks[seat])


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--preset", default="gotou")
    ap.add_argument("--games", type=int, default=999)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--modes", default=",".join(MODES[:4]), help="a comma-separated list")
    ap.add_argument(
        "--hint",
        default="0.3",
        help="riichi-hint: the log-odds nudge toward the truth (a comma-separated list)",
    )
    args = ap.parse_args()
    modes = args.modes.split(",")
    for m in modes:
        if m not in MODES:
            raise SystemExit(f"--modes: {m!r} is not one of {', '.join(MODES)}")
    hints = [float(h) for h in args.hint.split(",")]
    runs = [(m, h) for m in modes for h in (hints if m == "riichi-hint" else [0.0])]
    players = load_preset(args.preset).players
    game_module.Game.new_state = _capture  # type: ignore[method-assign]
    danger.read_threats = _told
    danger.learned_danger = _hinted
    base: list[int] = []
    with Pool(args.workers) as pool:
        for mode, hint in runs:
            jobs = [
                (args.preset, mode, args.seed + i, seat, players, hint)
                for i in range(args.games // players)
                for seat in range(players)
            ]
            ranks = pool.map(_job, jobs, chunksize=4)
            n = len(ranks)
            mean = sum(ranks) / n
            se = math.sqrt(sum((r - mean) ** 2 for r in ranks) / (n - 1) / n)
            what = f"{mode} {hint:g}" if mode == "riichi-hint" else mode
            line = f"{args.preset:<10} {what:<16} {n} games, avg rank {mean:.3f} ± {se:.3f}"
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
