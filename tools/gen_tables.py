"""Generate the per-suit distance tables used by :mod:`jantaku.hand`.

Run ``python tools/gen_tables.py`` (needs numpy; it is a tool for maintainers, not a
dependency of the package) to rewrite ``src/jantaku/data/suit_tables.bin``.

For every pattern ``x`` of one suit (nine counts 0..4, key = base-5 number with the first
kind most significant) and every target of ``m`` sets (0..4) plus ``p`` pairs (0..1) it
stores ``f(x)[m][p]``: the fewest tiles that must be added to ``x`` so that it contains
``m`` sets and ``p`` pairs, never holding more than four copies of a kind. Two tables:
``seq`` (a number suit: runs allowed) and ``iso`` (nine unrelated kinds: honours, or the
1m/9m of a three-player set).

The computation is exact and simple: ``z(y)`` = "y contains a target" is the upward
closure of the targets (a cumulative OR along every axis), and
``f(x) = min_{y >= x, z(y)} |y| - |x|`` is a cumulative minimum along every axis in
reverse. ``tests/test_hand_tables.py`` checks entries against a brute-force search.
"""

from __future__ import annotations

import itertools
import struct
import sys
import zlib
from pathlib import Path

import numpy as np

N_POS = 9
SHAPE = (5,) * N_POS
INF = 99
OUT = Path(__file__).resolve().parent.parent / "src" / "jantaku" / "data" / "suit_tables.bin"


def blocks(seq: bool) -> list[tuple[int, ...]]:
    out = []
    for i in range(N_POS):
        v = [0] * N_POS
        v[i] = 3
        out.append(tuple(v))
    if seq:
        for i in range(N_POS - 2):
            v = [0] * N_POS
            v[i] = v[i + 1] = v[i + 2] = 1
            out.append(tuple(v))
    return out


def pairs() -> list[tuple[int, ...]]:
    out = []
    for i in range(N_POS):
        v = [0] * N_POS
        v[i] = 2
        out.append(tuple(v))
    return out


def distance_table(seq: bool, m: int, p: int) -> np.ndarray:
    z = np.zeros(SHAPE, dtype=bool)
    for melds in itertools.combinations_with_replacement(blocks(seq), m):
        for prs in itertools.combinations(pairs(), p):
            total = [sum(col) for col in zip(*(melds + prs), strict=True)] if m + p else [0] * N_POS
            if max(total) <= 4:
                z[tuple(total)] = True
    for axis in range(N_POS):
        z = np.logical_or.accumulate(z, axis=axis)
    size = np.zeros(SHAPE, dtype=np.int16)
    for axis in range(N_POS):
        shape = [1] * N_POS
        shape[axis] = 5
        size = size + np.arange(5, dtype=np.int16).reshape(shape)
    h = np.where(z, size, INF).astype(np.int16)
    for axis in range(N_POS):
        h = np.flip(np.minimum.accumulate(np.flip(h, axis=axis), axis=axis), axis=axis)
    return (h - size).reshape(-1)  # C order: position 0 is the most significant digit


def build(seq: bool) -> tuple[np.ndarray, np.ndarray]:
    cols = [distance_table(seq, m, p) for m in range(5) for p in range(2)]
    vec = np.stack(cols, axis=1).astype(np.uint8)  # (5**9, 10), column = 2*m + p
    uniq, ids = np.unique(vec, axis=0, return_inverse=True)
    return uniq, ids.astype(np.uint16).reshape(-1)


def main() -> int:
    # One list of distinct vectors for both tables (iso ids are offset past the seq ones),
    # so a vector id means the same thing wherever it comes from.
    seq_uniq, seq_ids = build(True)
    iso_uniq, iso_ids = build(False)
    print(f"seq: {len(seq_uniq)} distinct vectors, iso: {len(iso_uniq)}", file=sys.stderr)
    iso_ids = iso_ids + len(seq_uniq)
    vectors = np.concatenate([seq_uniq, iso_uniq])
    parts = [
        struct.pack("<III", len(vectors), len(seq_ids), len(iso_ids)),
        vectors.tobytes(),
        seq_ids.astype("<u2").tobytes(),
        iso_ids.astype("<u2").tobytes(),
    ]
    OUT.write_bytes(zlib.compress(b"".join(parts), 9))
    print(f"wrote {OUT} ({OUT.stat().st_size} bytes)", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
