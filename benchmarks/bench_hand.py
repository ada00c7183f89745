"""Benchmark of jantaku's hand analysis (shanten, waits), beside the ``mahjong`` package.

Usage::

    python benchmarks/bench_hand.py [--n 20000] [--seed 1]

Hand sets, all seeded:

* random riichi: 13 tiles drawn from the 136-tile wall;
* tenpai riichi: a random complete hand (standard, sometimes seven pairs or thirteen
  orphans) minus one tile;
* random mighty: 12 real tiles drawn from the ``mighty`` hand kinds (108 tiles), + the
  wildcard;
* tenpai-ish mighty: a random complete hand of those kinds minus two tiles (the draw and the
  wildcard), + the wildcard.

Measured, in hands per CPU second and CPU microseconds per hand (the machine is often
shared), after a warm-up pass over other hands of the same kind: jantaku ``shanten`` and
``waits`` on 34-count lists, and the ``mahjong`` package on the same lists:
``Shanten.calculate_shanten`` for shanten; for waits the fastest correct way it offers,
``calculate_shanten`` once (not tenpai: no waits) then ``Agari.is_agari`` on hand + each
kind with copies left. ``mahjong`` has no wildcard, so the mighty rows have no mahjong
column. ``mahjong`` is a benchmark-only extra (``pip install mahjong``); without it its
columns are skipped.

Agreement: the number of hands where jantaku and mahjong give a different shanten or a
different set of waits is printed too. Both count shanten the same way (regular, seven
distinct pairs, thirteen orphans; the minimum; a kind's four copies are never five), and
no hand has differed in our runs (also none in 200,000 extra hands rich in four-of-a-kind,
checked while writing this). Convention differences outside what is compared here: jantaku
also has wildcards, four-copy seven pairs (an option) and the three-player tile set.
"""

from __future__ import annotations

import argparse
import os
import platform
import random
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path

try:
    from jantaku import build
    from jantaku.hand import HandAnalyzer
    from jantaku.tiles import tileset
    from jantaku.tiles.kinds import N_KINDS, TERMINALS_AND_HONORS
except ImportError:  # running from a checkout without installing: use src/
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "src"))
    from jantaku import build
    from jantaku.hand import HandAnalyzer
    from jantaku.tiles import tileset
    from jantaku.tiles.kinds import N_KINDS, TERMINALS_AND_HONORS

Counts = list[int]

try:
    from mahjong.agari import Agari
    from mahjong.shanten import Shanten

    HAVE_MAHJONG = True
except ImportError:
    HAVE_MAHJONG = False


def mahjong_version() -> str:
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version("mahjong")
    except PackageNotFoundError:
        return "?"


# -- hands ------------------------------------------------------------------------------------


def random_hands(rng: random.Random, kinds: Sequence[int], n_tiles: int, n: int) -> list[Counts]:
    wall = [k for k in kinds for _ in range(4)]
    out = []
    for _ in range(n):
        c = [0] * N_KINDS
        for k in rng.sample(wall, n_tiles):
            c[k] += 1
        out.append(c)
    return out


def complete_hand(rng: random.Random, kinds: Sequence[int]) -> Counts:
    """A random complete 14-tile hand of these kinds (at most four copies of a kind)."""
    kind_set = set(kinds)
    runs = [k for k in range(27) if k % 9 <= 6 and {k, k + 1, k + 2} <= kind_set]
    while True:
        c = [0] * N_KINDS
        form = rng.random()
        if form < 0.02:  # thirteen orphans
            for k in TERMINALS_AND_HONORS:
                c[k] += 1
            c[rng.choice(TERMINALS_AND_HONORS)] += 1
            return c
        if form < 0.10:  # seven pairs
            for k in rng.sample(list(kinds), 7):
                c[k] = 2
            return c
        for _ in range(4):
            if rng.random() < 0.6:
                r = rng.choice(runs)
                for k in (r, r + 1, r + 2):
                    c[k] += 1
            else:
                c[rng.choice(kinds)] += 3
        c[rng.choice(kinds)] += 2
        if max(c) <= 4:
            return c


def minus(rng: random.Random, c: Counts, n: int) -> Counts:
    out = list(c)
    tiles = [k for k in range(N_KINDS) for _ in range(out[k])]
    for k in rng.sample(tiles, n):
        out[k] -= 1
    return out


# -- the two libraries' waits -------------------------------------------------------------------


def mahjong_waits(tiles: Counts) -> list[int]:
    """Waits with the mahjong package: tenpai check, then an agari check per kind.

    The fastest correct way it offers: ``Agari.is_agari`` per kind is about 10x faster than
    ``calculate_shanten(hand + kind) == -1``, and the shanten check first makes hands that
    are not tenpai 3-4x cheaper (tenpai hands pay ~10% for it)."""
    if Shanten.calculate_shanten(tiles) != 0:
        return []
    out = []
    for k in range(N_KINDS):
        if tiles[k] < 4:
            tiles[k] += 1
            if Agari.is_agari(tiles):
                out.append(k)
            tiles[k] -= 1
    return out


# -- timing -------------------------------------------------------------------------------------


def time_per_hand(fn: Callable[[Counts], object], hands: Sequence[Counts]) -> float:
    """CPU seconds per hand over one pass (the best of two passes for short runs).

    CPU time of this process, not wall time: the benchmark machine is often shared, and
    another process's run would count as ours on a wall clock (both libraries are timed
    the same way in the same run)."""
    best = float("inf")
    for _ in range(1 if len(hands) >= 5000 else 2):
        start = time.process_time()
        for c in hands:
            fn(c)
        best = min(best, (time.process_time() - start) / len(hands))
    return best


def fmt_rate(sec: float | None) -> tuple[str, str]:
    if sec is None:
        return "-", "-"
    return f"{1 / sec:,.0f}", f"{sec * 1e6:,.1f}"


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Benchmark jantaku hand analysis.")
    parser.add_argument("--n", type=int, default=20000, help="hands per set (default 20000)")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    n, seed = args.n, args.seed

    riichi, mighty = tileset("riichi"), tileset("mighty")
    ra, ma = HandAnalyzer(riichi), HandAnalyzer(mighty)
    rng = random.Random(seed)
    warm_rng = random.Random(seed + 1000)

    def tenpai_riichi(r: random.Random, count: int) -> list[Counts]:
        return [minus(r, complete_hand(r, riichi.hand_kinds), 1) for _ in range(count)]

    def tenpai_mighty(r: random.Random, count: int) -> list[Counts]:
        return [minus(r, complete_hand(r, mighty.hand_kinds), 2) for _ in range(count)]

    sets: dict[str, list[Counts]] = {
        "random riichi 13": random_hands(rng, riichi.hand_kinds, 13, n),
        "tenpai riichi 13": tenpai_riichi(rng, n),
        "random mighty 12+W": random_hands(rng, mighty.hand_kinds, 12, n),
        "tenpai-ish mighty 12+W": tenpai_mighty(rng, n),
    }
    warm = {
        "random riichi 13": random_hands(warm_rng, riichi.hand_kinds, 13, n),
        "tenpai riichi 13": tenpai_riichi(warm_rng, n),
        "random mighty 12+W": random_hands(warm_rng, mighty.hand_kinds, 12, n),
        "tenpai-ish mighty 12+W": tenpai_mighty(warm_rng, n),
    }

    jantaku_shanten: dict[str, Callable[[Counts], object]] = {
        "riichi": ra.shanten,
        "mighty": lambda c: ma.shanten(c, 0, 1),
    }
    jantaku_waits: dict[str, Callable[[Counts], object]] = {
        "riichi": ra.waits,
        "mighty": lambda c: ma.waits(c, 0, 1),
    }

    rows: list[tuple[str, str, float, float | None]] = []
    for what, table, theirs in (
        ("shanten", jantaku_shanten, Shanten.calculate_shanten if HAVE_MAHJONG else None),
        ("waits", jantaku_waits, mahjong_waits if HAVE_MAHJONG else None),
    ):
        for name, hands in sets.items():
            if what == "shanten" and name.startswith("tenpai"):
                continue  # shanten is measured on the random hands
            preset = "mighty" if "mighty" in name else "riichi"
            ours = table[preset]
            time_per_hand(ours, warm[name])  # warm-up: other hands of the same kind
            mine = time_per_hand(ours, hands)
            other = None
            if theirs is not None and preset == "riichi":
                time_per_hand(theirs, warm[name][:2000])
                other = time_per_hand(theirs, hands)
            rows.append((f"{what}, {name}", str(len(hands)), mine, other))

    print(
        f"jantaku hand analysis benchmark: n={n} seed={seed}, Python {platform.python_version()}, "
        + (f"mahjong {mahjong_version()}" if HAVE_MAHJONG else "mahjong not installed")
        + f"; jantaku {build.describe()}"
    )
    if not HAVE_MAHJONG:
        print("note: the mahjong package is missing (pip install mahjong): its columns are skipped")
    print("warm-up: one pass over as many other hands of the same kind before each timing")
    print(f"CPU time of this process; load average {os.getloadavg()[0]:.2f} at the end")
    print()
    head = (
        f"{'measurement':<32} {'hands':>6}  {'jantaku h/s':>12} {'µs/hand':>8}  "
        f"{'mahjong h/s':>12} {'µs/hand':>8}  {'speed-up':>8}"
    )
    print(head)
    print("-" * len(head))
    for label, count, mine, other in rows:
        j_rate, j_us = fmt_rate(mine)
        m_rate, m_us = fmt_rate(other)
        ratio = f"{other / mine:,.1f}x" if other is not None else "-"
        print(f"{label:<32} {count:>6}  {j_rate:>12} {j_us:>8}  {m_rate:>12} {m_us:>8}  {ratio:>8}")

    if not HAVE_MAHJONG:
        return 0
    print()
    print("agreement with mahjong (hands where the answers differ; both follow the same")
    print("conventions for these hands, so any difference would be a bug on one side):")
    for name in ("random riichi 13", "tenpai riichi 13"):
        hands = sets[name]
        shanten_diff = [c for c in hands if ra.shanten(c) != Shanten.calculate_shanten(c)]
        waits_diff = [c for c in hands if list(ra.waits(c).kinds) != mahjong_waits(c)]
        four = sum(1 for c in shanten_diff + waits_diff if max(c) == 4)
        print(
            f"  {name}: shanten {len(shanten_diff)} of {len(hands)}, "
            f"waits {len(waits_diff)} of {len(hands)}"
            + (f" ({four} of them hold four of a kind)" if shanten_diff or waits_diff else "")
        )
        for c in (shanten_diff + waits_diff)[:3]:
            tiles = "".join(
                f"{k % 9 + 1 if k < 27 else k - 26}{'mpsz'[min(k // 9, 3)]}" * c[k]
                for k in range(N_KINDS)
            )
            print(
                f"    e.g. {tiles}: jantaku shanten {ra.shanten(c)} waits "
                f"{ra.waits(c).names}; mahjong shanten {Shanten.calculate_shanten(c)} waits "
                f"{mahjong_waits(c)}"
            )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
