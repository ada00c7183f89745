"""The precomputed per-suit distance tables (see ``tools/gen_tables.py``) and their merging.

A *vector* is a tuple of ten small ints, ``v[2*m + p]`` = the fewest tiles to add to a group
of kinds so that it holds ``m`` sets and ``p`` pairs. Every suit pattern maps to the id of its
vector; vectors of two groups combine by a min-plus convolution, precomputed for every pair
of single groups (:func:`pair_tables`), so a whole hand is a handful of array look-ups.

The compiled kernels (:mod:`jantaku.hand.analysis`) read the same tables in a form mypyc
turns into plain C: :data:`SEQ_KEYS` / :data:`ISO_KEYS` (one byte per pattern: every vector
id fits a byte), :data:`ROWS` (each vector as ``bytes``), :func:`pair_row` (the merge of
two groups, memoised in a flat list instead of a dict keyed by boxed ints) and
:func:`complete_cost` (the one entry of a merge that a whole hand needs).
"""

from __future__ import annotations

import struct
import zlib
from array import array
from importlib import resources
from typing import TYPE_CHECKING, Final

if TYPE_CHECKING:  # mypyc's machine-word int; plain ``int`` when the module is interpreted
    from mypy_extensions import i64

INF: Final = 99
VEC_LEN: Final = 10


def _load() -> tuple[list[tuple[int, ...]], array[int], array[int], bytes, bytes]:
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
    if len(seq) != 5**9 or len(iso) != 5**9 or n_vec > 255:
        raise RuntimeError("jantaku/data/suit_tables.bin is damaged; regenerate it")
    # Fewer than 256 vectors: an id is its little-endian low byte (every second byte).
    start = 12 + n_vec * VEC_LEN
    seq_keys = blob[start : start + 2 * n_seq : 2]
    iso_keys = blob[off : off + 2 * n_iso : 2]
    high = blob[start + 1 : start + 2 * n_seq : 2] + blob[off + 1 : off + 2 * n_iso : 2]
    if high.count(0) != len(high):
        raise RuntimeError("jantaku/data/suit_tables.bin is damaged; regenerate it")
    return vectors, seq, iso, seq_keys, iso_keys


_TABLES: Final = _load()
VECTORS: list[tuple[int, ...]] = _TABLES[0]
SEQ_IDS: array[int] = _TABLES[1]
"""Vector id of each number-suit pattern, by base-5 key (first kind most significant)."""
ISO_IDS: array[int] = _TABLES[2]
"""Vector id of each pattern of nine unrelated kinds (honours, three-player 1m/9m)."""
SEQ_KEYS: Final[bytes] = _TABLES[3]
"""``SEQ_IDS`` as one byte per pattern (what the compiled kernels read)."""
ISO_KEYS: Final[bytes] = _TABLES[4]
"""``ISO_IDS`` as one byte per pattern."""
N_BASE: Final = len(VECTORS)
"""Vectors of single groups (ids below ``N_BASE``); merged ones follow."""


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


# -- the compiled kernels' form -----------------------------------------------------------------

PAIR_FILE: Final = "pair_rows.bin"
"""Package data: every merge of two single groups (written by ``tools/gen_pair_rows.py``)."""


def pair_tables() -> tuple[list[bytes], bytes]:
    """Every merge of two single groups: the distinct merged vectors (after the single
    groups' own, so that ids below ``N_BASE`` keep their meaning) and the row id of each pair
    ``a * N_BASE + b``. Fewer than 256 rows, so an id is a byte. About 16,000 convolutions:
    computed once into package data rather than at each import."""
    rows = [bytes(v) for v in VECTORS[:N_BASE]]
    ids = {v: i for i, v in reversed(list(enumerate(rows)))}
    pairs = bytearray(N_BASE * N_BASE)
    for a in range(N_BASE):
        for b in range(a, N_BASE):
            vec = bytes(_convolve(VECTORS[a], VECTORS[b]))
            r = ids.get(vec)
            if r is None:
                r = ids[vec] = len(rows)
                rows.append(vec)
            pairs[a * N_BASE + b] = pairs[b * N_BASE + a] = r
    if len(rows) > 256:
        raise RuntimeError("more merged vectors than a byte can number")
    return rows, bytes(pairs)


def _load_pairs() -> tuple[list[bytes], bytes]:
    path = resources.files("jantaku.data").joinpath(PAIR_FILE)
    if not path.is_file():  # a checkout before the tool ran: compute them (0.3 s pure)
        return pair_tables()
    blob = zlib.decompress(path.read_bytes())
    n_base, n_rows = struct.unpack_from("<II", blob, 0)
    off = 8 + n_rows * VEC_LEN
    rows = [blob[8 + i * VEC_LEN : 8 + (i + 1) * VEC_LEN] for i in range(n_rows)]
    pairs = blob[off:]
    if (
        n_base != N_BASE
        or len(pairs) != N_BASE * N_BASE
        or [tuple(r) for r in rows[:N_BASE]] != VECTORS[:N_BASE]
    ):
        raise RuntimeError(
            f"jantaku/data/{PAIR_FILE} does not match the suit tables; regenerate it"
        )
    return rows, pairs


def pack_pair_tables(rows: list[bytes], pairs: bytes) -> bytes:
    """The contents of :data:`PAIR_FILE`."""
    return zlib.compress(struct.pack("<II", N_BASE, len(rows)) + b"".join(rows) + pairs, 9)


_PAIRS: Final = _load_pairs()
ROWS: Final[list[bytes]] = _PAIRS[0]
"""Vectors by row id: the single groups' (same ids as ``VECTORS``), then merged pairs.
Bytes (every entry is at most 99): compiled, an item of a ``bytes`` is a native int, read
without the reference counting and unboxing of a list's items."""
PAIR_ROWS: Final[bytes] = _PAIRS[1]
"""Row id of two single groups merged, by ``a * N_BASE + b``."""


def pair_row(a: int, b: int) -> int:
    """Row id of the vector of two single groups (ids below ``N_BASE``) taken together."""
    return PAIR_ROWS[a * N_BASE + b]


def complete_cost(u: bytes, v: bytes, sets: i64) -> i64:
    """Fewest tiles to add to two rows' groups for ``sets`` sets and a pair between them
    (the one entry of their merge that a hand needs, without building the merge).

    Called a few hundred times a decision by the bots: its ints are ``i64``, which the
    compiled build keeps as machine words (no tagged-int checks; half the time)."""
    best: i64 = INF
    j = 2 * sets
    i: i64 = 0
    while i <= j:
        x: i64 = u[i] + v[j - i + 1]  # the pair in v's groups
        if x < best:
            best = x
        x = u[i + 1] + v[j - i]  # the pair in u's groups
        if x < best:
            best = x
        i += 2
    return best
