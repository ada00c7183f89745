"""A hand's tiles split into a pair and sets, group by group (manzu, pinzu, souzu, honors):
each group's splits cached by its counts, then combined into the readings of the hand
(:meth:`jantaku.hand.analysis.HandAnalyzer.decompositions`, the scorer's hot path).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from typing import Final

from jantaku.tiles.kinds import N_KINDS, Kind

Counts = Sequence[int]


def decompose(counts: Counts, melds: int = 0) -> list[Split]:
    """:meth:`HandAnalyzer.decompositions` as plain ``(pair, triplets, runs)`` tuples (the
    scorer's hot path)."""
    b = bytes(counts[:N_KINDS])
    return combine_splits(
        [cache.get(b[base:end]) or group_splits(base, b[base:end]) for base, end, cache in _GROUPS],
        melds,
    )


def combine_splits(groups: Iterable[list[Split]], melds: int = 0) -> list[Split]:
    """The readings of a hand as ``4 - melds`` sets and a pair, from the splits of each of
    its groups (:func:`group_splits`)."""
    # A reading takes one split per group, exactly one of them holding the pair. Rather
    # than first adding up the tiles, the readings with the wrong number of sets are dropped
    # at the end. Most hands split one way only: that reading is kept in three variables
    # until a group splits two ways.
    pair: Kind = -1
    trips: tuple[Kind, ...] = ()
    seqs: tuple[Kind, ...] = ()
    partial: list[Split] | None = None
    for splits in groups:
        if splits is _NO_TILES:
            continue
        if not splits:
            return []
        if partial is None:
            if len(splits) == 1:
                gpair, gtrips, gseqs = splits[0]
                if gpair >= 0:
                    if pair >= 0:
                        return []
                    pair = gpair
                trips += gtrips
                seqs += gseqs
                continue
            partial = [(pair, trips, seqs)]
        partial = [
            (max(p, gpair), t + gtrips, s + gseqs)
            for p, t, s in partial
            for gpair, gtrips, gseqs in splits
            if gpair < 0 or p < 0
        ]
    sets = 4 - melds
    if partial is None:
        return [(pair, trips, seqs)] if pair >= 0 and len(trips) + len(seqs) == sets else []
    return [x for x in partial if x[0] >= 0 and len(x[1]) + len(x[2]) == sets]


Split = tuple[int, tuple[Kind, ...], tuple[Kind, ...]]
"""One group's tiles as ``(pair kind or -1, triplet kinds, run starts)``."""
_NO_TILES: Final[list[Split]] = [(-1, (), ())]
"""The one split of a group without tiles (recognised by identity: nothing to add)."""
_GROUPS: Final[tuple[tuple[int, int, dict[bytes, list[Split]]], ...]] = tuple(
    (base, base + (9 if base < 27 else 7), {}) for base in (0, 9, 18, 27)
)
"""Each group's first kind, end, and its splits by counts (few patterns occur)."""


def group_splits(base: int, group: bytes) -> list[Split]:
    """Every split of one suit's (or the honors') tiles into sets and at most one pair:
    ``(pair kind or -1, triplets, runs)``; ``base`` is the group's first kind, ``group``
    its counts. Cached."""
    cache = _GROUPS[base // 9][2]
    hit = cache.get(group)
    if hit is not None:
        return hit
    c = [0] * N_KINDS
    c[base : base + len(group)] = group
    out: list[Split] = []
    if not any(group):
        out = _NO_TILES
    elif sum(group) % 3 == 0:
        out.extend((-1, t, s) for t, s in _set_splits(c, base))
    elif sum(group) % 3 == 2:
        for p in range(base, base + len(group)):
            if c[p] >= 2:
                c[p] = c[p] - 2
                out.extend((p, t, s) for t, s in _set_splits(c, base))
                c[p] = c[p] + 2
    cache[group] = out
    return out


def _set_splits(
    c: list[int], start: int, no_triplet_at: int = -1
) -> Iterator[tuple[tuple[Kind, ...], tuple[Kind, ...]]]:
    """All ways to split ``c`` (from ``start`` on) into triplets and runs, each once.

    After a run starting at a kind, no triplet of that kind is taken: the triplet-first
    branch already found those splits."""
    i = start
    while i < N_KINDS and c[i] == 0:
        i += 1
    if i == N_KINDS:
        yield (), ()
        return
    if c[i] >= 3 and i != no_triplet_at:
        c[i] = c[i] - 3
        for trip, seq in _set_splits(c, i):
            yield (i, *trip), seq
        c[i] = c[i] + 3
    if i < 27 and i % 9 <= 6 and c[i + 1] and c[i + 2]:
        c[i] = c[i] - 1
        c[i + 1] = c[i + 1] - 1
        c[i + 2] = c[i + 2] - 1
        for trip, seq in _set_splits(c, i, i):
            yield trip, (i, *seq)
        c[i] = c[i] + 1
        c[i + 1] = c[i + 1] + 1
        c[i + 2] = c[i + 2] + 1


def standard_splits(c: list[int], sets: int, need_pair: bool, start: int) -> Iterator[bool]:
    """Yields True once if ``c`` is exactly ``sets`` sets (+ a pair if ``need_pair``)."""
    if need_pair:
        for p in range(N_KINDS):
            if c[p] >= 2:
                c[p] = c[p] - 2
                found = any(list(standard_splits(c, sets, False, 0)))
                c[p] = c[p] + 2
                if found:
                    yield True
                    return
        return
    # _set_splits changes ``c`` while it runs: always let it finish, so it restores ``c``.
    found = False
    for trip, seq in _set_splits(c, start):
        if len(trip) + len(seq) == sets:
            found = True
    if found:
        yield True
