"""The fast paths of :mod:`jantaku.hand` against slow, obviously-correct references.

The first half of this file is a reference implementation that shares no code with
``jantaku.hand`` (only ``jantaku.tiles`` is used, for kinds and tile sets). Definitions:

* **complete**: the concealed tiles are exactly ``4 - melds`` sets and a pair, or (closed
  hands only) seven pairs (distinct kinds, or with ``chiitoi_four`` a kind with four copies
  counting as two pairs) or thirteen orphans;
* **distance**: the fewest tiles to add (every kind staying at four copies or fewer among
  the concealed and added tiles; called tiles do not count) so that a subset of the
  concealed tiles plus the added ones is complete. Shanten = distance - wildcards - 1
  (at least -1);
* **complete with wildcards**: some multiset of hand kinds for the wildcards makes the hand
  complete; unless ``fifth_copy``, concealed + called + wildcard copies of a kind stay <= 4;
* **waits**: drawable kinds T (concealed + called copies < 4) with hand + T complete with
  the wildcards; ``infinite`` when every drawable kind is a wait.

Each definition has a word-for-word version (``*_literal``, ``contains_complete``) and, where
that is too slow for thousands of hands, a faster one that is still plainly exhaustive. The
tests check the fast references against the literal ones before trusting them:

==============================  ==============================================================
literal                         used for the thousands of hands
==============================  ==============================================================
every multiset of added kinds   ``ref_std_distance``: kind-by-kind enumeration of every
+ ``contains_complete``         complete target H (min of the tiles H has beyond the hand),
(``ref_distance_literal``)      per suit, suits combined by trying every split of the sets;
                                also ``ref_std_distance_search``, a whole-hand search
every multiset of wildcards     ``ref_completions``: additions tried suit by suit (a complete
(``ref_readings_literal``,      hand is complete suit by suit)
``ref_waits_literal``)
==============================  ==============================================================

The second half generates hands (mostly close to complete, some drawn at random from the
wall) in every mode the analyzer supports and compares both sides hand by hand, at least
5,000 hands per mode.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import cache

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from jantaku.hand import HandAnalyzer, Waits, tables
from jantaku.hand.tables import ISO_IDS, SEQ_IDS, VECTORS
from jantaku.tiles import TileSet, kinds_to_string, tileset
from jantaku.tiles.kinds import M2, N_KINDS, TERMINALS_AND_HONORS

Multiset = tuple[int, ...]

INF = 99
"""What jantaku returns for an impossible form (checked against ``tables.INF``)."""

ORPHANS = tuple(sorted(TERMINALS_AND_HONORS))
_ORPHAN_SET = frozenset(ORPHANS)
# No set or pair spans two of these groups: the three number suits and the honours.
GROUPS = ((0, 9, True), (9, 18, True), (18, 27, True), (27, 34, False))


# =============================================================================================
# Reference implementation
# =============================================================================================


@dataclass(frozen=True)
class Rules:
    """What the references need to know about a tile set and the analyzer's options."""

    hand_kinds: tuple[int, ...]
    chiitoi_four: bool = False
    fifth_copy: bool = False
    runs: tuple[int, ...] = field(init=False)
    """Lowest kind of every run whose three kinds may all stand in a hand."""
    blocks_at: tuple[tuple[tuple[bool, Multiset], ...], ...] = field(init=False)
    """For each kind: (is_pair, kinds) of every pair, triplet and run containing it."""
    group_kinds: tuple[Multiset, ...] = field(init=False)
    group_allowed: tuple[tuple[bool, ...], ...] = field(init=False)
    group_run_starts: tuple[tuple[bool, ...], ...] = field(init=False)

    def __post_init__(self) -> None:
        kinds = set(self.hand_kinds)
        runs = tuple(k for k in range(27) if k % 9 <= 6 and {k, k + 1, k + 2} <= kinds)
        blocks: list[tuple[tuple[bool, Multiset], ...]] = []
        for i in range(N_KINDS):
            here: list[tuple[bool, Multiset]] = []
            if i in kinds:
                here = [(True, (i, i)), (False, (i, i, i))]
                here += [(False, (r, r + 1, r + 2)) for r in runs if r <= i <= r + 2]
            blocks.append(tuple(here))
        groups = [range(a, b) for a, b, _ in GROUPS]
        object.__setattr__(self, "runs", runs)
        object.__setattr__(self, "blocks_at", tuple(blocks))
        object.__setattr__(
            self, "group_kinds", tuple(tuple(k for k in g if k in kinds) for g in groups)
        )
        object.__setattr__(
            self, "group_allowed", tuple(tuple(k in kinds for k in g) for g in groups)
        )
        object.__setattr__(
            self, "group_run_starts", tuple(tuple(k in runs for k in g) for g in groups)
        )


def rules_for(ts: TileSet, *, chiitoi_four: bool = False, fifth_copy: bool = False) -> Rules:
    return Rules(tuple(ts.hand_kinds), chiitoi_four, fifth_copy)


# -- complete hands ---------------------------------------------------------------------------


@cache
def _all_sets(p: tuple[int, ...], runs: bool) -> bool:
    """Whether a group pattern is exactly some triplets and runs."""
    i = 0
    while i < len(p) and p[i] == 0:
        i += 1
    if i == len(p):
        return True
    # The lowest tile is in a triplet of its kind or in the run it starts.
    if p[i] >= 3 and _all_sets((*p[:i], p[i] - 3, *p[i + 1 :]), runs):
        return True
    if runs and i + 2 < len(p) and p[i + 1] and p[i + 2]:
        return _all_sets((*p[:i], p[i] - 1, p[i + 1] - 1, p[i + 2] - 1, *p[i + 3 :]), runs)
    return False


@cache
def group_status(p: tuple[int, ...], runs: bool) -> int:
    """Bit 1: the group is exactly sets; bit 2: exactly sets and one pair."""
    status = 1 if _all_sets(p, runs) else 0
    for i, x in enumerate(p):
        if x >= 2 and _all_sets((*p[:i], x - 2, *p[i + 1 :]), runs):
            return status | 2
    return status


def _standard_complete(c: Sequence[int]) -> bool:
    s = [group_status(tuple(c[a:b]), runs) for a, b, runs in GROUPS]
    return any(s[g] & 2 and all(s[h] & 1 for h in range(4) if h != g) for g in range(4))


def _chiitoi_complete(c: Sequence[int], chiitoi_four: bool) -> bool:
    allowed = (0, 2, 4) if chiitoi_four else (0, 2)
    return sum(c[:N_KINDS]) == 14 and all(x in allowed for x in c[:N_KINDS])


def _kokushi_complete(c: Sequence[int]) -> bool:
    return (
        sum(c[:N_KINDS]) == 14
        and all(c[k] >= 1 for k in ORPHANS)
        and all(c[k] == 0 for k in range(N_KINDS) if k not in _ORPHAN_SET)
    )


def ref_complete(counts34: Sequence[int], melds: int, chiitoi_four: bool) -> bool:
    """Whether the concealed tiles are exactly a complete hand (counts above four allowed)."""
    c = list(counts34[:N_KINDS])
    if sum(c) != 3 * (4 - melds) + 2:
        return False
    if _standard_complete(c):
        return True
    if melds:
        return False
    return _chiitoi_complete(c, chiitoi_four) or _kokushi_complete(c)


def _room_ok(c: Sequence[int], called: Sequence[int] | None, wild: Multiset) -> bool:
    """No wildcard kind gets concealed + called + wildcard copies above four."""
    return all(
        c[k] + (called[k] if called is not None else 0) + wild.count(k) <= 4 for k in set(wild)
    )


def ref_readings_literal(
    counts: Sequence[int],
    melds: int,
    w: int,
    called: Sequence[int] | None,
    rules: Rules,
    *,
    first_only: bool = False,
) -> set[Multiset]:
    """Every multiset of ``w`` hand kinds the wildcards can be (copy rule kept)."""
    c = list(counts[:N_KINDS])
    out: set[Multiset] = set()
    for wild in itertools.combinations_with_replacement(rules.hand_kinds, w):
        if not rules.fifth_copy and not _room_ok(c, called, wild):
            continue
        for k in wild:
            c[k] += 1
        ok = ref_complete(c, melds, rules.chiitoi_four)
        for k in wild:
            c[k] -= 1
        if ok:
            out.add(wild)
            if first_only:
                break
    return out


def ref_complete_wild(
    counts: Sequence[int], melds: int, w: int, called: Sequence[int] | None, rules: Rules
) -> bool:
    """Try every multiset of ``w`` hand kinds for the wildcards."""
    return bool(ref_readings_literal(counts, melds, w, called, rules, first_only=True))


def ref_completions_literal(
    counts: Sequence[int], melds: int, j: int, rules: Rules
) -> set[Multiset]:
    """Every multiset A of ``j`` hand kinds with counts + A complete (no copy limit)."""
    c = list(counts[:N_KINDS])
    out: set[Multiset] = set()
    for add in itertools.combinations_with_replacement(rules.hand_kinds, j):
        for k in add:
            c[k] += 1
        if ref_complete(c, melds, rules.chiitoi_four):
            out.add(add)
        for k in add:
            c[k] -= 1
    return out


@cache
def _group_additions(
    base: tuple[int, ...], start: int, kinds: Multiset, runs: bool, j: int
) -> tuple[tuple[int, Multiset, int], ...]:
    """Every addition of 0..j of ``kinds`` to a group that leaves it decomposable, with its
    size and :func:`group_status`."""
    out: list[tuple[int, Multiset, int]] = []
    for size in range(j + 1):
        if (sum(base) + size) % 3 == 1:
            continue  # sets have 3 tiles and the pair 2: never decomposable
        for add in itertools.combinations_with_replacement(kinds, size):
            p = list(base)
            for k in add:
                p[k - start] += 1
            status = group_status(tuple(p), runs)
            if status:
                out.append((size, add, status))
    return tuple(out)


def ref_completions(counts: Sequence[int], melds: int, j: int, rules: Rules) -> set[Multiset]:
    """:func:`ref_completions_literal`, with the additions tried group by group."""
    c = list(counts[:N_KINDS])
    if sum(c) + j != 3 * (4 - melds) + 2:
        return set()
    out: set[Multiset] = set()
    # Standard form: for each group, every addition of 0..j of its kinds that leaves it
    # decomposable; then one addition per group, j tiles in all, exactly one pair.
    options = [
        _group_additions(tuple(c[a:b]), a, kinds, runs, j)
        for (a, b, runs), kinds in zip(GROUPS, rules.group_kinds, strict=True)
    ]

    def combine(g: int, left: int, pair_done: bool, acc: Multiset) -> None:
        if g == 4:
            if left == 0 and pair_done:
                out.add(tuple(sorted(acc)))
            return
        for size, add, status in options[g]:
            if size > left:
                continue
            if status & 1:
                combine(g + 1, left - size, pair_done, acc + add)
            if status & 2 and not pair_done:
                combine(g + 1, left - size, True, acc + add)

    combine(0, j, False, ())
    if melds:
        return out
    # Seven pairs: a kind with an odd count needs an odd number of added copies, any other
    # kind an even number; so A = one copy of each odd kind + some kinds twice.
    odd = tuple(k for k in range(N_KINDS) if c[k] % 2)
    if len(odd) <= j and (j - len(odd)) % 2 == 0:
        for twice in itertools.combinations_with_replacement(rules.hand_kinds, (j - len(odd)) // 2):
            add = odd + twice + twice
            p = list(c)
            for k in add:
                p[k] += 1
            if _chiitoi_complete(p, rules.chiitoi_four):
                out.add(tuple(sorted(add)))
    # Thirteen orphans: every tile, added ones included, must be an orphan.
    if all(c[k] == 0 for k in range(N_KINDS) if k not in _ORPHAN_SET):
        for add in itertools.combinations_with_replacement(ORPHANS, j):
            p = list(c)
            for k in add:
                p[k] += 1
            if _kokushi_complete(p):
                out.add(add)
    return out


def ref_readings(
    counts: Sequence[int], melds: int, w: int, called: Sequence[int] | None, rules: Rules
) -> set[Multiset]:
    """:func:`ref_readings_literal` through :func:`ref_completions`."""
    c = list(counts[:N_KINDS])
    return {
        a for a in ref_completions(c, melds, w, rules) if rules.fifth_copy or _room_ok(c, called, a)
    }


# -- distance -------------------------------------------------------------------------------


def contains_complete(c: list[int], melds: int, rules: Rules) -> bool:
    """Whether some sub-multiset of ``c`` is a complete hand (any form)."""
    run_starts = set(rules.runs)

    def sets_in(i: int, left: int) -> bool:
        # Can ``left`` sets be taken out of c[i:]? The lowest tile is in a set or unused.
        if left == 0:
            return True
        while i < N_KINDS and c[i] == 0:
            i += 1
        if i == N_KINDS:
            return False
        found = False
        if c[i] >= 3:
            c[i] -= 3
            found = sets_in(i, left - 1)
            c[i] += 3
        if not found and i in run_starts and c[i + 1] and c[i + 2]:
            for k in (i, i + 1, i + 2):
                c[k] -= 1
            found = sets_in(i, left - 1)
            for k in (i, i + 1, i + 2):
                c[k] += 1
        if not found:
            n = c[i]
            c[i] = 0
            found = sets_in(i + 1, left)
            c[i] = n
        return found

    for p in range(N_KINDS):
        if c[p] >= 2:
            c[p] -= 2
            found = sets_in(0, 4 - melds)
            c[p] += 2
            if found:
                return True
    if melds:
        return False
    pairs = sum(2 if rules.chiitoi_four and x == 4 else 1 for x in c if x >= 2)
    return pairs >= 7 or (all(c[k] >= 1 for k in ORPHANS) and any(c[k] >= 2 for k in ORPHANS))


def ref_distance_literal(counts: Sequence[int], melds: int, rules: Rules, cap: int) -> int:
    """The definition word for word: try every multiset of d added kinds, d = 0, 1, ...,
    and look for a complete subset. Gives up past ``cap`` (returns cap + 1)."""
    c = list(counts[:N_KINDS])
    for d in range(cap + 1):
        for add in itertools.combinations_with_replacement(rules.hand_kinds, d):
            for k in add:
                c[k] += 1
            ok = max(c) <= 4 and contains_complete(c, melds, rules)
            for k in add:
                c[k] -= 1
            if ok:
                return d
    return cap + 1


_PER_KIND_CHOICES = tuple(
    (
        s,
        t,
        q,
        tuple((2 * m + p, 2 * (m + s + t) + p + q) for m in range(5 - s - t) for p in range(2 - q)),
    )
    for s in range(5)
    for t in (0, 1)
    for q in (0, 1)
    if s + 3 * t + 2 * q <= 4
)
"""At one kind: how many runs start there, a triplet of it or not, the pair on it or not;
and where that moves each (sets, pairs) count of the rest: (2m + p, 2m' + p')."""
_ONLY_NOTHING = (0,) + (INF,) * 9
_IMPOSSIBLE = (INF,) * 10


@cache
def _suffix_vector(
    x: tuple[int, ...], allowed: tuple[bool, ...], run_starts: tuple[bool, ...], r1: int, r2: int
) -> tuple[int, ...]:
    """``v[2m + p]`` = min over every way to build m sets and p pairs starting in the kinds
    ``x`` (the rest of a group), given r1 runs started one kind earlier (they use this kind
    and the next) and r2 runs started two kinds earlier (they use this kind), of the tiles
    the target holds beyond ``x``, with at most four copies of a kind."""
    if not x:
        return _ONLY_NOTHING if r1 == r2 == 0 else _IMPOSSIBLE
    best = [INF] * 10
    for s, t, q, moves in _PER_KIND_CHOICES:
        if s and not run_starts[0]:
            continue
        demand = r1 + r2 + s + 3 * t + 2 * q
        if demand > 4 or (demand and not allowed[0]):
            continue
        cost = max(0, demand - x[0])
        rest = _suffix_vector(x[1:], allowed[1:], run_starts[1:], s, r1)
        for src, dst in moves:
            if cost + rest[src] < best[dst]:
                best[dst] = cost + rest[src]
    return tuple(best)


def group_vector(
    x: tuple[int, ...], allowed: tuple[bool, ...], run_starts: tuple[bool, ...]
) -> tuple[int, ...]:
    """For one group of kinds: ``v[2m + p]`` = min over every target H of m sets and p pairs
    in the group (H[k] <= 4, only allowed kinds) of the tiles H holds beyond x. Every H is
    enumerated kind by kind (runs starting there, a triplet or not, the pair or not)."""
    return _suffix_vector(x, allowed, run_starts, 0, 0)


def _combine(u: Sequence[int], v: Sequence[int]) -> list[int]:
    """The vector of two groups taken together: split the sets and the pair every way."""
    out = [INF] * 10
    for m1 in range(5):
        for p1 in range(2):
            for m2 in range(5 - m1):
                for p2 in range(2 - p1):
                    j = 2 * (m1 + m2) + p1 + p2
                    out[j] = min(out[j], u[2 * m1 + p1] + v[2 * m2 + p2])
    return out


def ref_std_distance(counts: Sequence[int], melds: int, rules: Rules) -> int:
    """Standard-form distance: every split of the ``4 - melds`` sets and the pair among the
    four groups, each group at its own minimum (a complete hand is complete group by group,
    and the tiles it holds beyond the hand add up over kinds)."""
    vecs = [
        group_vector(tuple(counts[a:b]), rules.group_allowed[g], rules.group_run_starts[g])
        for g, (a, b, _) in enumerate(GROUPS)
    ]
    total = _combine(_combine(vecs[0], vecs[1]), _combine(vecs[2], vecs[3]))
    return min(total[2 * (4 - melds) + 1], INF)


def ref_std_distance_search(counts: Sequence[int], melds: int, rules: Rules) -> int:
    """The same distance by a search over the whole hand (no groups).

    The lowest remaining real tile is either in a block of the target H (a pair, triplet or
    run containing its kind; the block's other tiles come from the remaining real tiles when
    there are any, else each costs one added tile) or unused (then every remaining copy of its
    kind is unused: blocks come first). Blocks without a real tile cost 3 (a set) or 2 (the
    pair) and always fit: H has at most 14 tiles and there are 27 or more kinds."""
    c = [*counts[:N_KINDS], 0, 0]
    h = [0] * (N_KINDS + 4)  # h[k + 2]: copies of kind k in H so far
    blocks_at = rules.blocks_at
    memo: dict[tuple[int, ...], int] = {}

    def best(i: int, first: int, rem: int, sets_left: int, pair_left: int) -> int:
        need = 3 * sets_left + 2 * pair_left
        if need == 0:
            return 0
        if rem == 0:
            return need
        while c[i] == 0:
            i += 1
            first = 0
        # Blocks chosen so far reach at most kind i + 2, so this is the whole state.
        key = (i, first, c[i], c[i + 1], c[i + 2], *h[i : i + 5], sets_left, pair_left)
        if key in memo:
            return memo[key]
        n = c[i]
        c[i] = 0
        result = best(i + 1, 0, rem - n, sets_left, pair_left)
        c[i] = n
        blocks = blocks_at[i]
        for idx in range(first, len(blocks)):
            is_pair, kinds = blocks[idx]
            if (pair_left if is_pair else sets_left) == 0:
                continue
            fits = True
            cost = 0
            taken: list[int] = []
            for k in kinds:
                h[k + 2] += 1
                fits = fits and h[k + 2] <= 4
                if c[k]:
                    c[k] -= 1
                    taken.append(k)
                else:
                    cost += 1
            if fits and cost < result:
                sub = best(i, idx, rem - len(taken), sets_left - (not is_pair), pair_left - is_pair)
                result = min(result, cost + sub)
            for k in kinds:
                h[k + 2] -= 1
            for k in taken:
                c[k] += 1
        memo[key] = result
        return result

    return best(0, 0, sum(c), 4 - melds, 1)


def ref_chiitoi_distance(counts: Sequence[int], rules: Rules) -> int:
    """Seven pairs. A kind offers a first pair costing (2 - c)+ added tiles and, with
    chiitoi_four, a second one costing (4 - c)+ - (2 - c)+, never cheaper than the first:
    the cheapest seven offers are the answer."""
    offers: list[int] = []
    for k in rules.hand_kinds:
        first = max(0, 2 - counts[k])
        offers.append(first)
        if rules.chiitoi_four:
            offers.append(max(0, 4 - counts[k]) - first)
    return sum(sorted(offers)[:7])


def ref_kokushi_distance(counts: Sequence[int]) -> int:
    """Thirteen orphans: one complete hand per doubled orphan p; it lacks one copy of each
    other absent orphan and (2 - c)+ of p."""
    lacking = [max(0, 1 - counts[k]) for k in ORPHANS]
    total = sum(lacking)
    return min(total - lacking[i] + max(0, 2 - counts[p]) for i, p in enumerate(ORPHANS))


def ref_distances(counts: Sequence[int], melds: int, rules: Rules) -> tuple[int, int, int]:
    std = ref_std_distance(counts, melds, rules)
    if melds:
        return std, INF, INF
    return std, ref_chiitoi_distance(counts, rules), ref_kokushi_distance(counts)


def ref_distance(counts: Sequence[int], melds: int, rules: Rules) -> int:
    return min(ref_distances(counts, melds, rules))


def ref_shanten(counts: Sequence[int], melds: int, w: int, rules: Rules) -> int:
    return max(ref_distance(counts, melds, rules) - w - 1, -1)


# -- waits, useful draws, decompositions ------------------------------------------------------


@dataclass(frozen=True)
class RefWaits:
    shanten: int
    kinds: tuple[int, ...]
    infinite: bool


def _drawable(c: Sequence[int], called: Sequence[int] | None, rules: Rules) -> list[int]:
    return [k for k in rules.hand_kinds if c[k] + (called[k] if called is not None else 0) < 4]


def ref_waits(
    counts: Sequence[int], melds: int, w: int, called: Sequence[int] | None, rules: Rules
) -> RefWaits:
    """:func:`ref_waits_literal` through :func:`ref_completions`: T is a wait when some
    completion A (T and the wildcards) contains T and the rest keeps the copy rule."""
    c = list(counts[:N_KINDS])
    drawable = set(_drawable(c, called, rules))
    winners: set[int] = set()
    for a in ref_completions(c, melds, w + 1, rules):
        for t in set(a) & drawable - winners:
            wild = list(a)
            wild.remove(t)
            c[t] += 1
            if rules.fifth_copy or _room_ok(c, called, tuple(wild)):
                winners.add(t)
            c[t] -= 1
    kinds = tuple(sorted(winners))
    # The shanten of a hand with waits is 0 even when the table distance (which ignores
    # called copies and fifth copies) says more; otherwise it is the distance's.
    shanten = 0 if kinds else ref_shanten(c, melds, w, rules)
    return RefWaits(shanten, kinds, bool(kinds) and winners == drawable)


def ref_waits_literal(
    counts: Sequence[int], melds: int, w: int, called: Sequence[int] | None, rules: Rules
) -> tuple[int, ...]:
    """Word for word: every drawable kind, every multiset of wildcards."""
    c = list(counts[:N_KINDS])
    out: list[int] = []
    for t in _drawable(c, called, rules):
        c[t] += 1
        if ref_complete_wild(c, melds, w, called, rules):
            out.append(t)
        c[t] -= 1
    return tuple(out)


def ref_useful_draws(
    counts: Sequence[int],
    melds: int,
    called: Sequence[int] | None,
    visible: Sequence[int] | None,
    rules: Rules,
) -> dict[int, int]:
    c = list(counts[:N_KINDS])
    base = ref_distance(c, melds, rules)
    out: dict[int, int] = {}
    for k in _drawable(c, called, rules):
        c[k] += 1
        better = ref_distance(c, melds, rules) < base
        c[k] -= 1
        if better:
            own = c[k] + (called[k] if called is not None else 0)
            out[k] = max(0, 4 - own - (visible[k] if visible is not None else 0))
    return out


DecompKey = tuple[int, Multiset, Multiset]


def ref_decompositions(counts: Sequence[int], melds: int, rules: Rules) -> set[DecompKey]:
    """Every distinct (pair, triplets, runs) that is exactly the concealed tiles: the pair,
    then every multiset of ``4 - melds`` sets (in a fixed order of all sets) that fits."""
    c = list(counts[:N_KINDS])
    if sum(c) != 3 * (4 - melds) + 2:
        return set()
    all_sets = [(False, k) for k in rules.hand_kinds] + [(True, r) for r in rules.runs]
    out: set[DecompKey] = set()

    def kinds_of(s: tuple[bool, int]) -> Multiset:
        return (s[1], s[1] + 1, s[1] + 2) if s[0] else (s[1],) * 3

    def fits(s: tuple[bool, int]) -> bool:
        ks = kinds_of(s)
        return all(c[k] >= ks.count(k) for k in ks)

    def rec(
        pair: int, cands: list[tuple[bool, int]], start: int, chosen: list[tuple[bool, int]]
    ) -> None:
        if len(chosen) == 4 - melds:
            if not any(c):
                trips = tuple(sorted(k for run, k in chosen if not run))
                seqs = tuple(sorted(k for run, k in chosen if run))
                out.add((pair, trips, seqs))
            return
        for idx in range(start, len(cands)):
            s = cands[idx]
            if not fits(s):
                continue
            for k in kinds_of(s):
                c[k] -= 1
            chosen.append(s)
            rec(pair, cands, idx, chosen)
            chosen.pop()
            for k in kinds_of(s):
                c[k] += 1

    for pair in range(N_KINDS):
        if c[pair] >= 2:
            c[pair] -= 2
            rec(pair, [s for s in all_sets if fits(s)], 0, [])
            c[pair] += 2
    return out


# =============================================================================================
# Hand generation
# =============================================================================================


@dataclass
class Deal:
    """A generated hand: concealed counts, counts of the called sets' tiles, wildcards."""

    counts: list[int]
    called: list[int]
    melds: int
    wildcards: int = 0

    def describe(self) -> str:
        def tiles(c: Sequence[int]) -> str:
            return kinds_to_string(k for k in range(N_KINDS) for _ in range(c[k])) or "-"

        text = tiles(self.counts)
        if self.melds:
            text += f" + {self.melds} called set(s) {tiles(self.called)}"
        if self.wildcards:
            text += f" + {self.wildcards} wildcard(s)"
        return text

    @property
    def called_or_none(self) -> list[int] | None:
        return self.called if self.melds else None


class Generator:
    """Seeded hands of one tile set: complete, complete with damage, drawn from the wall."""

    def __init__(self, rules: Rules, seed: int) -> None:
        self.rules = rules
        self.rng = random.Random(seed)
        self.kinds = rules.hand_kinds

    def _set_kinds(self, runs: bool = True) -> Multiset:
        if runs and self.rules.runs and self.rng.random() < 0.55:
            r = self.rng.choice(self.rules.runs)
            return (r, r + 1, r + 2)
        k = self.rng.choice(self.kinds)
        return (k, k, k)

    def complete(
        self, melds: int = 0, *, form: str | None = None, quad: bool = False, wildcards: int = 0
    ) -> Deal:
        """A complete hand: standard mostly, seven pairs and thirteen orphans sometimes.
        ``quad``: the concealed tiles hold four of a kind (a triplet and a run through it, or
        with chiitoi_four two pairs of a kind)."""
        rng = self.rng
        while True:
            called = [0] * N_KINDS
            counts = [0] * N_KINDS
            f = form or rng.choices(("std", "chiitoi", "kokushi"), (0.86, 0.11, 0.03))[0]
            if melds:
                f = "std"
            if f == "std":
                for _ in range(melds):
                    if rng.random() < 0.15:
                        k = rng.choice(self.kinds)
                        meld: Multiset = (k, k, k, k)
                    else:
                        meld = self._set_kinds(runs=M2 in self.kinds)  # chi: 4 players only
                    for k in meld:
                        called[k] += 1
                blocks: list[Multiset] = []
                if quad and self.rules.runs and melds <= 2:
                    r = rng.choice(self.rules.runs)
                    k = r + rng.randrange(3)
                    blocks += [(k, k, k), (r, r + 1, r + 2)]
                while len(blocks) < 4 - melds:
                    blocks.append(self._set_kinds())
                p = rng.choice(self.kinds)
                blocks.append((p, p))
                for b in blocks:
                    for k in b:
                        counts[k] += 1
            elif f == "chiitoi":
                ks = rng.sample(self.kinds, 7)
                if self.rules.chiitoi_four and (quad or rng.random() < 0.5):
                    ks[6] = ks[0]
                for k in ks:
                    counts[k] += 2
            else:
                for k in ORPHANS:
                    counts[k] += 1
                counts[rng.choice(ORPHANS)] += 1
            if max(a + b for a, b in zip(counts, called, strict=True)) <= 4:
                return Deal(counts, called, melds, wildcards)

    def random(self, n_tiles: int, melds: int = 0, wildcards: int = 0) -> Deal:
        """Concealed tiles drawn from the wall (called sets first, from a complete hand)."""
        called = self.complete(melds).called if melds else [0] * N_KINDS
        wall = [k for k in self.kinds for _ in range(4 - called[k])]
        counts = [0] * N_KINDS
        for k in self.rng.sample(wall, n_tiles):
            counts[k] += 1
        return Deal(counts, called, melds, wildcards)

    def damage(self, deal: Deal, remove: int, replace: int = 0) -> Deal:
        """Take ``remove + replace`` concealed tiles out and ``replace`` wall tiles in."""
        rng = self.rng
        counts = list(deal.counts)
        tiles = [k for k in range(N_KINDS) for _ in range(counts[k])]
        for k in rng.sample(tiles, remove + replace):
            counts[k] -= 1
        for _ in range(replace):
            room = [k for k in self.kinds if counts[k] + deal.called[k] < 4]
            counts[rng.choice(room)] += 1
        return Deal(counts, list(deal.called), deal.melds, deal.wildcards)

    def hand(
        self,
        n_real: int,
        melds: int = 0,
        wildcards: int = 0,
        *,
        p_random: float = 0.25,
        quad_rate: float = 0.1,
        form: str | None = None,
        replace_weights: Sequence[float] = (0.55, 0.3, 0.15),
    ) -> Deal:
        """``n_real`` concealed tiles: mostly a complete hand with tiles taken out (to make
        room for the wildcards and the draw) and 0-2 swapped; sometimes a random draw."""
        rng = self.rng
        if rng.random() < p_random:
            return self.random(n_real, melds, wildcards)
        full = self.complete(melds, form=form, quad=rng.random() < quad_rate, wildcards=wildcards)
        remove = sum(full.counts) - n_real
        replace = rng.choices((0, 1, 2), replace_weights)[0]
        return self.damage(full, remove, replace)


# =============================================================================================
# Comparison
# =============================================================================================


class Mismatches:
    """Collects disagreements so that a failing run shows several hands at once."""

    def __init__(self) -> None:
        self.items: list[str] = []
        self.checked = 0

    def check(self, what: str, deal: Deal, got: object, expected: object) -> None:
        if got != expected:
            self.items.append(f"{what}: {deal.describe()}: jantaku {got!r}, reference {expected!r}")

    def assert_none(self) -> None:
        shown = "\n".join(self.items[:12])
        assert not self.items, f"{len(self.items)} disagreements, first ones:\n{shown}"


def _call(fn: Callable[..., object], *args: object) -> object:
    """The result, or what was raised (so that one crash does not hide the other hands)."""
    try:
        return fn(*args)
    except Exception as e:
        return f"raised {type(e).__name__}: {e}"


def compare_13(a: HandAnalyzer, rules: Rules, deal: Deal, mm: Mismatches) -> None:
    """A hand one tile short: distances, shanten (overall and per form), waits."""
    c, melds, w = deal.counts, deal.melds, deal.wildcards
    dist = ref_distances(c, melds, rules)
    mm.check("distances", deal, a.distances(c, melds), dist)
    mm.check("shanten", deal, a.shanten(c, melds, w), max(min(dist) - w - 1, -1))
    forms = tuple(max(d - w - 1, -1) for d in dist)
    mm.check("shanten_forms", deal, tuple(a.shanten_forms(c, melds, w)), forms)
    before = list(c)
    got = _call(a.waits, c, melds, w, deal.called_or_none)
    mm.check("counts left unchanged by waits", deal, c, before)
    ref = ref_waits(c, melds, w, deal.called_or_none, rules)
    if isinstance(got, Waits):
        mm.check("waits", deal, got.kinds, ref.kinds)
        mm.check("waits.infinite", deal, got.infinite, ref.infinite)
        mm.check("waits.shanten", deal, got.shanten, ref.shanten)
    else:
        mm.check("waits", deal, got, ref.kinds)
    mm.checked += 1


def compare_14(
    a: HandAnalyzer, rules: Rules, deal: Deal, mm: Mismatches, *, readings: bool = True
) -> None:
    """A hand with its draw: distances, shanten, completeness, every wildcard reading,
    every decomposition (as a set: duplicates are tested on their own below)."""
    c, melds, w = deal.counts, deal.melds, deal.wildcards
    called = deal.called_or_none
    dist = ref_distances(c, melds, rules)
    mm.check("distances", deal, a.distances(c, melds), dist)
    mm.check("shanten", deal, a.shanten(c, melds, w), max(min(dist) - w - 1, -1))
    ref_read = ref_readings(c, melds, w, called, rules)
    mm.check("is_complete", deal, _call(a.is_complete, c, melds, w, called), bool(ref_read))
    if readings:
        before = list(c)
        got = _call(a.wildcard_readings, c, melds, w, called)
        mm.check("counts left unchanged by wildcard_readings", deal, c, before)
        if isinstance(got, list):
            got = sorted(tuple(sorted(r)) for r in got)
        mm.check("wildcard_readings", deal, got, sorted(ref_read))
    if w == 0:
        decs = {
            (d.pair, tuple(sorted(d.triplets)), tuple(sorted(d.sequences)))
            for d in a.decompositions(c, melds)
        }
        mm.check("decompositions", deal, decs, ref_decompositions(c, melds, rules))
    mm.checked += 1


def run_mode(
    analyzer: HandAnalyzer,
    rules: Rules,
    seed: int,
    plan: Sequence[tuple[int, Callable[[Generator], Deal], bool]],
    *,
    readings: bool = True,
) -> int:
    """Compare every hand of a plan: (how many, how to make one, 14 tiles?)."""
    gen = Generator(rules, seed)
    mm = Mismatches()
    for n, make, fourteen in plan:
        for _ in range(n):
            deal = make(gen)
            if fourteen:
                compare_14(analyzer, rules, deal, mm, readings=readings)
            else:
                compare_13(analyzer, rules, deal, mm)
    mm.assert_none()
    return mm.checked


Plan = Sequence[tuple[int, Callable[[Generator], Deal], bool]]

# The wildcard comparisons take 10 to 14 s each in full: the normal suite checks the first
# fifth of each seeded stream (the same hands, fewer of them), `-m slow` all of them.
SHARES = [pytest.param(5, id="sample"), pytest.param(1, id="full", marks=pytest.mark.slow)]


def share_of(plan: Plan, share: int) -> list[tuple[int, Callable[[Generator], Deal], bool]]:
    """The first ``1/share`` of each part of a plan (at least one hand of each)."""
    return [(max(1, n // share), make, fourteen) for n, make, fourteen in plan]


def _setup(
    name: str, *, chiitoi_four: bool = False, fifth_copy: bool = False
) -> tuple[HandAnalyzer, Rules]:
    ts = tileset(name)
    return (
        HandAnalyzer(ts, chiitoi_four=chiitoi_four, fifth_copy=fifth_copy),
        rules_for(ts, chiitoi_four=chiitoi_four, fifth_copy=fifth_copy),
    )


# =============================================================================================
# The references against each other (the fast ones must equal the literal ones)
# =============================================================================================


def _reference_sample(seed: int) -> list[tuple[Rules, Deal]]:
    out: list[tuple[Rules, Deal]] = []
    for name, chiitoi_four in (("riichi", False), ("sanma", False), ("riichi", True)):
        rules = rules_for(tileset(name), chiitoi_four=chiitoi_four)
        gen = Generator(rules, seed)
        for i in range(150):
            melds = (0, 0, 1, 2)[i % 4]
            n = 3 * (4 - melds) + 1 + (i % 3 == 0)
            out.append((rules, gen.hand(n, melds, p_random=0.3, quad_rate=0.3)))
    return out


def test_reference_distances_agree_with_the_whole_hand_search() -> None:
    checked = 0
    for i, (rules, deal) in enumerate(_reference_sample(11)):
        for extra in (None, i % N_KINDS):
            c = list(deal.counts)
            if extra is not None:
                if c[extra] + deal.called[extra] >= 4 or extra not in rules.hand_kinds:
                    continue
                c[extra] += 1
            fast = ref_std_distance(c, deal.melds, rules)
            assert fast == ref_std_distance_search(c, deal.melds, rules), deal.describe()
            checked += 1
    assert checked > 800


def test_reference_distance_matches_the_literal_definition() -> None:
    checked = 0
    for rules, deal in _reference_sample(12)[::3]:
        d = ref_distance(deal.counts, deal.melds, rules)
        literal = ref_distance_literal(deal.counts, deal.melds, rules, 2)
        assert literal == min(d, 3), deal.describe()
        checked += d <= 2
    assert checked >= 60


def test_reference_completions_match_every_multiset() -> None:
    checked = 0
    for name, fifth_copy, chiitoi_four in (
        ("mighty", False, False),
        ("riichi", True, True),
        ("sanma", False, True),
    ):
        rules = rules_for(tileset(name), chiitoi_four=chiitoi_four, fifth_copy=fifth_copy)
        gen = Generator(rules, 13)
        for i in range(50):
            w = 2 if i % 10 == 0 else 1
            melds = 1 if i % 7 == 0 else 0
            n = 3 * (4 - melds) + 1 - w
            deal = gen.hand(n, melds, w, p_random=0.2, quad_rate=0.4)
            called = deal.called_or_none
            assert ref_completions(deal.counts, melds, w + 1, rules) == ref_completions_literal(
                deal.counts, melds, w + 1, rules
            ), deal.describe()
            assert ref_waits(deal.counts, melds, w, called, rules).kinds == ref_waits_literal(
                deal.counts, melds, w, called, rules
            ), deal.describe()
            full = gen.damage(gen.complete(melds, quad=i % 3 == 0), w, i % 2)
            fc = full.called_or_none
            assert ref_readings(full.counts, melds, w, fc, rules) == ref_readings_literal(
                full.counts, melds, w, fc, rules
            ), full.describe()
            checked += 1
    assert checked == 150


def test_reference_on_known_hands() -> None:
    """A few hands whose answers are known by heart, so the references are not only
    checked against each other."""
    riichi = rules_for(tileset("riichi"))

    def c(*kinds: int) -> list[int]:
        out = [0] * N_KINDS
        for k in kinds:
            out[k] += 1
        return out

    nine_gates = c(0, 0, 0, 1, 2, 3, 4, 5, 6, 7, 8, 8, 8)
    assert ref_waits(nine_gates, 0, 0, None, riichi).kinds == tuple(range(9))
    assert ref_distances(nine_gates, 0, riichi)[0] == 1
    orphans = c(*ORPHANS)
    assert ref_waits(orphans, 0, 0, None, riichi).kinds == ORPHANS
    # Standard: four sets at 2 added tiles each plus a pair at 1; seven pairs: 7 singles.
    assert ref_distances(orphans, 0, riichi) == (9, 7, 1)
    # 1111m with three called sets: 111m + 1m cannot become a pair (a fifth 1m), so the pair
    # or a run 123m has to be built from two added tiles.
    assert ref_std_distance(c(0, 0, 0, 0), 3, riichi) == 2
    assert ref_std_distance(c(0, 0, 0, 0), 3, riichi) == ref_std_distance_search(
        c(0, 0, 0, 0), 3, riichi
    )
    assert ref_distance_literal(c(0, 0, 0, 0), 3, riichi, 3) == 2
    assert tables.INF == INF


# =============================================================================================
# jantaku against the references, mode by mode
# =============================================================================================


def test_riichi_13_tiles() -> None:
    """Shanten (per form and overall), distances and waits of 13-tile hands."""
    a, rules = _setup("riichi")
    plan = [
        (3800, lambda g: g.hand(13, p_random=0.0, quad_rate=0.15), False),
        (1200, lambda g: g.random(13), False),
    ]
    assert run_mode(a, rules, 101, plan) >= 5000


def test_riichi_14_tiles() -> None:
    """Shanten, is_complete and every decomposition of 14-tile hands."""
    a, rules = _setup("riichi")
    plan = [
        (2000, lambda g: g.complete(quad=g.rng.random() < 0.3), True),
        (1800, lambda g: g.hand(14, p_random=0.0, quad_rate=0.2), True),
        (1200, lambda g: g.random(14), True),
    ]
    assert run_mode(a, rules, 102, plan) >= 5000


def test_called_sets() -> None:
    """One or two called sets: 10 or 7 concealed tiles (and 11 or 8 with the draw)."""
    a, rules = _setup("riichi")

    def short(g: Generator) -> Deal:
        melds = g.rng.choice((1, 2))
        return g.hand(3 * (4 - melds) + 1, melds, p_random=0.2, quad_rate=0.15)

    def drawn(g: Generator) -> Deal:
        melds = g.rng.choice((1, 2))
        if g.rng.random() < 0.5:
            return g.complete(melds)
        return g.hand(3 * (4 - melds) + 2, melds, p_random=0.25)

    assert run_mode(a, rules, 103, [(5000, short, False), (1500, drawn, True)]) >= 6500


def test_sanma() -> None:
    """Three-player set: no 2m-8m, so 1m and 9m never form runs."""
    a, rules = _setup("sanma")
    plan = [
        (3800, lambda g: g.hand(13, p_random=0.0, quad_rate=0.15), False),
        (1200, lambda g: g.random(13), False),
        (1000, lambda g: g.hand(14, p_random=0.25, replace_weights=(0.6, 0.3, 0.1)), True),
    ]
    assert run_mode(a, rules, 104, plan) >= 6000


@pytest.mark.parametrize("share", SHARES)
def test_mighty_one_wildcard(share: int) -> None:
    """12 real tiles + the wildcard: shanten, waits, infinite waits, no fifth copy. One hand
    in five has a called set (9 concealed tiles), whose copies count against the wildcard."""
    a, rules = _setup("mighty")

    def short(g: Generator) -> Deal:
        melds = 1 if g.rng.random() < 0.2 else 0
        return g.hand(
            12 - 3 * melds, melds, 1, p_random=0.2, quad_rate=0.3, replace_weights=(0.7, 0.2, 0.1)
        )

    def drawn(g: Generator) -> Deal:
        melds = 1 if g.rng.random() < 0.2 else 0
        return g.hand(13 - 3 * melds, melds, 1, p_random=0.2, quad_rate=0.3)

    plan = share_of([(5000, short, False), (1500, drawn, True)], share)
    assert run_mode(a, rules, 105, plan) >= sum(n for n, _, _ in plan)


@pytest.mark.parametrize("share", SHARES)
def test_two_wildcards(share: int) -> None:
    """11 real tiles + 2 wildcards (and 12 + 2 with the draw); a few with a called set,
    whose copies count against the wildcards (the exact path: slow, hence few)."""
    a, rules = _setup("riichi")

    def short(g: Generator) -> Deal:
        return g.hand(11, 0, 2, p_random=0.2, quad_rate=0.25, replace_weights=(0.7, 0.2, 0.1))

    def drawn(g: Generator) -> Deal:
        return g.hand(12, 0, 2, p_random=0.2, quad_rate=0.25)

    def called(g: Generator) -> Deal:
        return g.hand(8, 1, 2, p_random=0.2, quad_rate=0.25, replace_weights=(0.7, 0.2, 0.1))

    plan = share_of([(5000, short, False), (500, drawn, True), (100, called, False)], share)
    assert run_mode(a, rules, 106, plan) >= sum(n for n, _, _ in plan)


def _fifth_copy_plan(n14: int, n13: int) -> list[tuple[int, Callable[[Generator], Deal], bool]]:
    def drawn(g: Generator) -> Deal:
        w = 2 if g.rng.random() < 0.2 else 1
        return g.hand(14 - w, 0, w, p_random=0.1, quad_rate=0.6)

    def short(g: Generator) -> Deal:
        w = 2 if g.rng.random() < 0.06 else 1
        return g.hand(13 - w, 0, w, p_random=0.3, quad_rate=0.6, replace_weights=(0.8, 0.2, 0.0))

    return [(n14, drawn, True), (n13, short, False)]


@pytest.mark.parametrize("share", SHARES)
def test_fifth_copy_allowed(share: int) -> None:
    """An analyzer whose wildcards may be fifth copies: one or two wildcards; 14-tile hands
    (completeness) and 13-tile hands (waits: the exact path tries every reading of every
    draw, which is slow, hence fewer of them)."""
    a, rules = _setup("mighty", fifth_copy=True)
    plan = share_of(_fifth_copy_plan(4000, 1000), share)
    assert run_mode(a, rules, 107, plan, readings=False) >= sum(n for n, _, _ in plan)


def test_fifth_copy_readings() -> None:
    a, rules = _setup("mighty", fifth_copy=True)
    assert run_mode(a, rules, 117, _fifth_copy_plan(600, 0)) >= 600


def test_chiitoi_four() -> None:
    """Four of a kind may be two of the seven pairs."""
    a, rules = _setup("riichi", chiitoi_four=True)

    def chiitoi_heavy(n: int) -> Callable[[Generator], Deal]:
        def make(g: Generator) -> Deal:
            form = "chiitoi" if g.rng.random() < 0.6 else None
            return g.hand(n, p_random=0.15, quad_rate=0.5, form=form)

        return make

    plan = [(5000, chiitoi_heavy(13), False), (1200, chiitoi_heavy(14), True)]
    assert run_mode(a, rules, 108, plan) >= 6200


@pytest.mark.parametrize(
    ("preset", "options"),
    [("riichi", {}), ("sanma", {}), ("riichi", {"chiitoi_four": True})],
    ids=["riichi", "sanma", "chiitoi_four"],
)
def test_useful_draws(preset: str, options: dict[str, bool]) -> None:
    """Every kind's distance after a draw comes from one table pass
    (``HandAnalyzer.draw_distances``): checked on the three-player set and with four-copy
    seven pairs too, on hands rich in pairs."""
    a, rules = _setup(preset, **options)
    gen = Generator(rules, 109)
    mm = Mismatches()
    for i in range(400):
        melds = 1 if i % 4 == 0 else 0
        form = "chiitoi" if not melds and i % 3 == 0 else None
        deal = gen.hand(13 - 3 * melds, melds, p_random=0.3, quad_rate=0.3, form=form)
        visible = [gen.rng.choice((0, 0, 0, 1, 2)) for _ in range(N_KINDS)]
        called = deal.called_or_none
        got = a.useful_draws(deal.counts, melds, 0, called, visible)
        ref = ref_useful_draws(deal.counts, melds, called, visible, rules)
        mm.check("useful_draws", deal, got, ref)
        mm.checked += 1
    mm.assert_none()


@pytest.mark.parametrize(
    ("preset", "options"),
    [("riichi", {}), ("sanma", {}), ("riichi", {"chiitoi_four": True})],
    ids=["riichi", "sanma", "chiitoi_four"],
)
def test_discard_distances(preset: str, options: dict[str, bool]) -> None:
    """Every kind's distance after a discard comes from one scan
    (``HandAnalyzer.discard_distances``): the distance of the hand with that tile taken
    out, on 14-tile hands rich in pairs and orphans, closed and with called sets."""
    a, rules = _setup(preset, **options)
    gen = Generator(rules, 110)
    mm = Mismatches()
    for i in range(400):
        melds = i % 5 if i % 2 else 0
        form = ("chiitoi", "kokushi", None)[i % 3] if not melds else None
        deal = gen.hand(14 - 3 * melds, melds, p_random=0.3, quad_rate=0.3, form=form)
        c = list(deal.counts)
        ref = [tables.INF] * N_KINDS
        for k in range(N_KINDS):
            if c[k]:
                c[k] -= 1
                ref[k] = a.distance(c, melds)
                c[k] += 1
        mm.check("discard_distances", deal, a.discard_distances(deal.counts, melds), ref)
        mm.checked += 1
    mm.assert_none()


@pytest.mark.parametrize(
    ("preset", "options"),
    [("riichi", {}), ("sanma", {}), ("riichi", {"chiitoi_four": True})],
    ids=["riichi", "sanma", "chiitoi_four"],
)
def test_exchange_distances(preset: str, options: dict[str, bool]) -> None:
    """The distance after a discard and a draw (``HandAnalyzer.exchange_distances``, one
    scan for every pair) is the distance of the hand with the one tile out and the other
    in, ``INF`` for a fifth copy or a kind of no group; a flower's discard changes nothing.
    And no draw brings a hand after a discard nearer than it brings the whole hand (what
    the baseline bot relies on to try a few draws only)."""
    a, rules = _setup(preset, **options)
    gen = Generator(rules, 111)
    mm = Mismatches()
    draws = list(range(N_KINDS))
    for i in range(300):
        melds = i % 5 if i % 2 else 0
        form = ("chiitoi", "kokushi", None)[i % 3] if not melds else None
        deal = gen.hand(14 - 3 * melds, melds, p_random=0.3, quad_rate=0.3, form=form)
        c = list(deal.counts) + [0] * 4
        held = [k for k in range(N_KINDS) if c[k]]
        got = a.exchange_distances(c, melds, [*held, N_KINDS + 1], draws)
        whole = a.draw_distances(c, melds)
        for row, k in zip(got, [*held, N_KINDS + 1], strict=True):
            if k < N_KINDS:
                c[k] = c[k] - 1
            ref = a.draw_distances(c, melds)
            mm.check("exchange_distances", deal, row, ref)
            for j in draws:
                if c[j] + (1 if j == k else 0) < 4:  # the whole hand may draw it
                    assert whole[j] <= ref[j], (deal, k, j)
            if k < N_KINDS:
                c[k] = c[k] + 1
        mm.checked += 1
    mm.assert_none()


# -- hypothesis: purely random hands, shrunk to a small example on failure ----------------------

_RIICHI_A, _RIICHI_R = _setup("riichi")
_MIGHTY_A, _MIGHTY_R = _setup("mighty")
_MIGHTY_IDS = [t for t in tileset("mighty").tiles if t // 4 in _MIGHTY_R.hand_kinds]


def _counts(tile_ids: Sequence[int]) -> list[int]:
    c = [0] * N_KINDS
    for t in tile_ids:
        c[t // 4] += 1
    return c


@settings(max_examples=300, deadline=None, derandomize=True)
@given(st.lists(st.integers(0, 135), min_size=13, max_size=13, unique=True))
def test_hypothesis_riichi(tile_ids: list[int]) -> None:
    mm = Mismatches()
    compare_13(_RIICHI_A, _RIICHI_R, Deal(_counts(tile_ids), [0] * N_KINDS, 0), mm)
    mm.assert_none()


@settings(max_examples=300, deadline=None, derandomize=True)
@given(st.lists(st.sampled_from(_MIGHTY_IDS), min_size=12, max_size=12, unique=True))
def test_hypothesis_mighty(tile_ids: list[int]) -> None:
    mm = Mismatches()
    compare_13(_MIGHTY_A, _MIGHTY_R, Deal(_counts(tile_ids), [0] * N_KINDS, 0, 1), mm)
    mm.assert_none()


# =============================================================================================
# The per-suit tables themselves
# =============================================================================================


def _patterns(seed: int, n: int) -> list[tuple[int, ...]]:
    rng = random.Random(seed)
    out: list[tuple[int, ...]] = []
    while len(out) < n:
        x = tuple(rng.randrange(5) for _ in range(9))
        if sum(x) <= 14:
            out.append(x)
    return out


def _key(x: Sequence[int]) -> int:
    return int("".join(map(str, x)), 5)  # base 5, first count most significant


@pytest.mark.parametrize(("ids", "runs"), [(SEQ_IDS, True), (ISO_IDS, False)], ids=["seq", "iso"])
def test_suit_tables(ids: Sequence[int], runs: bool) -> None:
    """VECTORS[ids[key]][2m + p] is the per-suit distance to m sets and p pairs."""
    allowed = (True,) * 9
    starts = (runs,) * 7 + (False, False)
    patterns = [*_patterns(110 + runs, 3000), (0,) * 9, (4,) * 9, (1,) * 9, (0, 4, 0, 4) * 2 + (4,)]
    bad = []
    for x in patterns:
        expected = group_vector(x, allowed, starts)
        got = tuple(VECTORS[ids[_key(x)]])
        if got != expected:
            bad.append(f"{x}: table {got}, reference {expected}")
    assert not bad, "\n".join(bad[:10])


def test_pair_rows_file_matches_the_suit_tables() -> None:
    """The shipped merges of two groups (pair_rows.bin) are what the suit tables give now
    (``tools/gen_pair_rows.py`` rewrites the file), and a merge row is the convolution."""
    rows, pairs = tables.pair_tables()
    assert (rows, pairs) == (tables.ROWS, tables.PAIR_ROWS)
    rng = random.Random(112)
    for _ in range(300):
        a, b = rng.randrange(tables.N_BASE), rng.randrange(tables.N_BASE)
        merged = tables.ROWS[tables.pair_row(a, b)]
        for m in range(5):
            for p in range(2):
                best = min(
                    VECTORS[a][2 * ma + pa] + VECTORS[b][2 * (m - ma) + (p - pa)]
                    for ma in range(m + 1)
                    for pa in range(p + 1)
                )
                assert merged[2 * m + p] == min(best, tables.INF)


# =============================================================================================
# Disagreements found by this file, as minimal cases
# =============================================================================================


def test_decompositions_are_distinct() -> None:
    a, _ = _setup("riichi")
    c = [0] * N_KINDS
    for k in (0, 0, 0, 0, 1, 2, 12, 13, 14, 24, 25, 26, 31, 31):  # 111123m456p789s55z
        c[k] += 1
    decs = a.decompositions(c)
    assert len(decs) == len(set(decs)) == 1


def test_fifth_copy_readings_minimal() -> None:
    """2222444m234p678s + a wildcard that may be a fifth copy: the wildcard is 2m
    (222m 22m 444m) or 3m (222m 234m 44m)."""
    a, _ = _setup("riichi", fifth_copy=True)
    c = [0] * N_KINDS
    for k in (1, 1, 1, 1, 3, 3, 3, 10, 11, 12, 23, 24, 25):
        c[k] += 1
    assert sorted(a.wildcard_readings(c, 0, 1)) == [(1,), (2,)]


def _hand_counts(text: str) -> list[int]:
    """Counts of an MPSZ string of plain tiles (no melds)."""
    out = [0] * N_KINDS
    for group in (
        text.replace("m", "m ").replace("p", "p ").replace("s", "s ").replace("z", "z ").split()
    ):
        base = {"m": 0, "p": 9, "s": 18, "z": 27}[group[-1]]
        for d in group[:-1]:
            out[base + int(d) - 1] += 1
    return out


def test_chiitoi_four_complete_minimal() -> None:
    """33 33m 22p 77 88 99s 77z: seven pairs with four 3m. Standard distance 1 (add 7z:
    333m 789s 789s 777z + 22p, one 3m left over), seven-pairs distance 0."""
    a, _ = _setup("riichi", chiitoi_four=True)
    c = _hand_counts("3333m22p778899s77z")
    assert a.distances(c) == (1, 0, 11)
    assert a.shanten(c) == -1
    assert a.is_complete(c)


def test_chiitoi_four_wait_minimal() -> None:
    """22 44m 7777p 99s 66z + 3m: drawing 3m gives seven pairs (7777p as two)."""
    a, _ = _setup("riichi", chiitoi_four=True)
    assert a.waits(_hand_counts("22344m7777p99s66z")).names == ["3m"]
