"""The precomputed per-suit distance tables (see ``tools/gen_tables.py``) and their merging.

A *vector* is a tuple of ten small ints, ``v[2*m + p]`` = the fewest tiles to add to a group
of kinds so that it holds ``m`` sets and ``p`` pairs. Every suit pattern maps to the id of its
vector; vectors of several groups combine by a min-plus convolution (:func:`merge`), cached by
id pair, so a whole hand is a handful of array and dict look-ups.
"""

from __future__ import annotations

import struct
import zlib
from array import array
from importlib import resources
from typing import Final

INF: Final = 99
VEC_LEN: Final = 10


def _load() -> tuple[list[tuple[int, ...]], array[int], array[int]]:
    packed = resources.files("jantaku.data").joinpath("suit_tables.bin").read_bytes()
    blob = zlib.decompress(packed)
    n_vec, n_seq, n_iso = struct.unpack_from("<III", blob, 0)
    off = 12
    raw = blob[off : off + n_vec * VEC_LEN]
    off += n_vec * VEC_LEN
    vectors = [tuple(raw[i * VEC_LEN : (i + 1) * VEC_LEN]) for i in range(n_vec)]
    seq = array("H")
    seq.frombytes(blob[off : off + 2 * n_seq])
    off += 2 * n_seq
    iso = array("H")
    iso.frombytes(blob[off : off + 2 * n_iso])
    if len(seq) != 5**9 or len(iso) != 5**9:
        raise RuntimeError("jantaku/data/suit_tables.bin is damaged; regenerate it")
    return vectors, seq, iso


VECTORS: list[tuple[int, ...]]
SEQ_IDS: array[int]
"""Vector id of each number-suit pattern, by base-5 key (first kind most significant)."""
ISO_IDS: array[int]
"""Vector id of each pattern of nine unrelated kinds (honours, three-player 1m/9m)."""
VECTORS, SEQ_IDS, ISO_IDS = _load()

_INTERN: dict[tuple[int, ...], int] = {v: i for i, v in enumerate(VECTORS)}
for _i, _v in enumerate(VECTORS):
    _INTERN.setdefault(_v, _i)
MERGE_CACHE: dict[int, int] = {}

EMPTY: Final = SEQ_IDS[0]
"""Id of the empty group's vector."""


def intern(vec: tuple[int, ...]) -> int:
    vid = _INTERN.get(vec)
    if vid is None:
        vid = len(VECTORS)
        VECTORS.append(vec)
        _INTERN[vec] = vid
    return vid


def _convolve(u: tuple[int, ...], v: tuple[int, ...]) -> tuple[int, ...]:
    out = [INF] * VEC_LEN
    for m1 in range(5):
        for p1 in range(2):
            x = u[2 * m1 + p1]
            for m2 in range(5 - m1):
                for p2 in range(2 - p1):
                    y = x + v[2 * m2 + p2]
                    i = 2 * (m1 + m2) + p1 + p2
                    if y < out[i]:
                        out[i] = y
    return tuple(out)


def merge(a: int, b: int) -> int:
    """Id of the vector of two groups taken together."""
    key = a << 16 | b
    r = MERGE_CACHE.get(key)
    if r is None:
        r = intern(_convolve(VECTORS[a], VECTORS[b]))
        MERGE_CACHE[key] = r
        MERGE_CACHE[b << 16 | a] = r
    return r
