"""Gates: cheap whole-hand conditions, one bit each, that decide which yaku are worth testing.

A yaku names the gate bits its condition implies (``Yaku.needs``); the scorer finds the bits
that hold once per hand and looks only at the yaku whose bits all hold. Such a yaku holds
when its predicate, if it has one, says so: the predicate may take the bits for granted,
and a yaku without one (断幺九, riichi...) is decided by its bits alone. So the bits that hold
must be exact facts about the situation or the tiles, and a yaku's bits must follow from
its real condition (tests/scoring/test_scoring_gates.py checks both).

The tile bits are found by table: each suit's (and the honors') counts map to a
:class:`Group` holding its facts, computed once per pattern, and a hand's bits are those of
its four groups combined. A group also holds its splits into sets and a pair, so the scorer
looks each group up once for both.

>>> from jantaku.tiles import Hand
>>> g = tile_gates(Hand.parse("234567m234p23455s").concealed_counts())
>>> bool(g & ALL_SIMPLE), bool(g & SAME_NUMBERS), bool(g & HONOR)
(True, True, False)
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final, final

from jantaku.hand.analysis import Split, combine_splits, group_splits
from jantaku.tiles.kinds import (
    CHUN,
    DRAGONS,
    EAST,
    GREEN_KINDS,
    NORTH,
    Kind,
    is_simple,
)

# Of the situation (the scorer sets these).
CLOSED: Final = 1 << 0
TSUMO: Final = 1 << 1
RON: Final = 1 << 2
RIICHI: Final = 1 << 3
"""Any riichi declared."""
DOUBLE_RIICHI: Final = 1 << 4
OPEN_RIICHI: Final = 1 << 5
IPPATSU: Final = 1 << 6
CHANKAN: Final = 1 << 7
RINSHAN: Final = 1 << 8
HAITEI: Final = 1 << 9
"""The last tile of the live wall drawn (a replacement draw never is: Tenhou)."""
HOUTEI: Final = 1 << 10
FIRST_TURN: Final = 1 << 11
KANS3: Final = 1 << 12
"""At least three kan melds."""
KANS4: Final = 1 << 13
SEAT_EAST: Final = 1 << 14
"""The seat wind is East (:func:`seat_is`: any wind)."""
ROUND_EAST: Final = 1 << 18
"""The round wind is East (:func:`round_is`: any wind)."""
SINGLE_RIICHI: Final = 1 << 41
"""A riichi that is not a double riichi."""

# Of the tiles (:func:`tile_gates` sets these).
HONOR: Final = 1 << 22
ALL_SIMPLE: Final = 1 << 23
ALL_TOH: Final = 1 << 24
"""Every tile a terminal or an honor."""
ALL_TERMINAL: Final = 1 << 25
ALL_HONOR: Final = 1 << 26
ALL_GREEN: Final = 1 << 27
ONE_SUIT: Final = 1 << 28
"""Exactly one number suit."""
NO_MIDDLE: Final = 1 << 29
"""No 4, 5 or 6: no set holding one also holds a terminal."""
STRAIGHT: Final = 1 << 30
"""Every number of some suit."""
SAME_NUMBERS: Final = 1 << 31
"""Three consecutive numbers present in all three suits (三色同順 needs it)."""
SAME_TRIPLES: Final = 1 << 32
"""One number held three times in all three suits (三色同刻 needs it)."""
TWIN_RUNS: Final = 1 << 33
"""Three consecutive kinds held twice each (一盃口 needs it)."""
SETS3: Final = 1 << 34
"""Room for three triplets (the counts divided by three add up to three or more)."""
SETS4: Final = 1 << 35
DRAGONS8: Final = 1 << 36
"""Eight dragon tiles or more."""
DRAGONS9: Final = 1 << 37
WINDS11: Final = 1 << 38
WINDS12: Final = 1 << 39
ORPHANS: Final = 1 << 40
"""Every tile a terminal or an honor, and every such kind present."""
EVEN: Final = 1 << 42
"""Every kind held an even number of times (seven pairs needs it)."""
TRIPLE_EAST: Final = 1 << 43
"""Three Easts or more (:func:`triple`: any honor, bits 43-49; its triplet is possible).
Every bit is below 2**62: the compiled build keeps the gates in a machine word (a wider int
is a heap object, and every ``|`` and ``&`` on it allocates)."""


def triple(honor: Kind) -> int:
    """The gate bit of three copies of ``honor``."""
    return TRIPLE_EAST << (honor - EAST)


def seat_is(wind: Kind) -> int:
    return SEAT_EAST << (wind - EAST)


def round_is(wind: Kind) -> int:
    return ROUND_EAST << (wind - EAST)


@final
class Group:
    """One suit's (or the honors') tiles: their splits, and what they add to the gate bits.

    A plain class rather than a named tuple: the compiled build reads its fields as C struct
    members, and the scorer reads them for every hand."""

    __slots__ = (
        "all_bits",
        "any_bits",
        "numbers",
        "one_pair",
        "one_seqs",
        "one_trips",
        "sets",
        "single",
        "splits",
        "suit",
        "triples",
    )

    def __init__(
        self,
        splits: list[Split],
        all_bits: int,
        any_bits: int,
        numbers: int,
        triples: int,
        sets: int,
        suit: int,
    ) -> None:
        self.splits = splits
        """Every split into sets and at most one pair
        (:func:`jantaku.hand.analysis.group_splits`)."""
        self.all_bits = all_bits
        """Bits that hold for the hand only if they hold for every group (``ALL_SIMPLE``...)."""
        self.any_bits = any_bits
        """Bits that hold for the hand if they hold for one group (``HONOR``, ``STRAIGHT``...)."""
        self.numbers = numbers
        """Bit n set when number n + 1 is held (suits only)."""
        self.triples = triples
        """Bit n set when number n + 1 is held three times or more (suits only)."""
        self.sets = sets
        """Sum of count // 3."""
        self.suit = suit
        """1 for a number suit holding tiles, else 0."""
        self.single = len(splits) == 1
        """Whether the tiles split one way only (most groups): its parts are then below."""
        self.one_pair, self.one_trips, self.one_seqs = splits[0] if self.single else (-1, (), ())


_ALL_BITS: Final = ALL_SIMPLE | ALL_TOH | ALL_TERMINAL | ALL_HONOR | ALL_GREEN | NO_MIDDLE
_RUN_OF_THREE: Final = tuple(bool(x & (x >> 1) & (x >> 2)) for x in range(512))
"""Whether a 9-bit number mask holds three consecutive numbers."""


def _group(base: Kind, group: bytes) -> Group:
    kinds = [base + i for i, n in enumerate(group) if n]
    honors = base >= 27
    all_bits = _ALL_BITS | EVEN
    any_bits = 0
    if any(is_simple(k) for k in kinds):
        all_bits &= ~(ALL_TOH | ALL_TERMINAL)
    else:
        orphans = range(base, base + 7) if honors else (base, base + 8)
        if all(group[k - base] for k in orphans):
            all_bits |= ORPHANS
    if any(not is_simple(k) for k in kinds):
        all_bits &= ~ALL_SIMPLE
    if any(k not in GREEN_KINDS for k in kinds):
        all_bits &= ~ALL_GREEN
    if any(n % 2 for n in group):
        all_bits &= ~EVEN
    numbers = triples = suit = 0
    if honors:
        if kinds:
            all_bits &= ~ALL_TERMINAL
            any_bits |= HONOR
        for k in range(EAST, CHUN + 1):
            if group[k - base] >= 3:
                any_bits |= triple(k)
        dragons = sum(group[k - base] for k in DRAGONS)
        winds = sum(group[k - base] for k in range(EAST, NORTH + 1))
        if dragons >= 8:
            any_bits |= DRAGONS8 if dragons == 8 else DRAGONS8 | DRAGONS9
        if winds >= 11:
            any_bits |= WINDS11 if winds == 11 else WINDS11 | WINDS12
    else:
        if kinds:
            all_bits &= ~ALL_HONOR
            suit = 1
        if any(group[3:6]):
            all_bits &= ~NO_MIDDLE
        numbers = sum(1 << i for i, n in enumerate(group) if n)
        triples = sum(1 << i for i, n in enumerate(group) if n >= 3)
        if numbers == 0x1FF:
            any_bits |= STRAIGHT
        twice = sum(1 << i for i, n in enumerate(group) if n >= 2)
        if _RUN_OF_THREE[twice]:
            any_bits |= TWIN_RUNS
    sets = sum(n // 3 for n in group)
    # One tuple object per value, shared by every group that holds it: a few hundred small
    # tuples stay in the CPU's cache, where one each for thousands of groups would not.
    splits = [
        (pair, _SHARED.setdefault(trips, trips), _SHARED.setdefault(seqs, seqs))
        for pair, trips, seqs in group_splits(base, group)
    ]
    return Group(splits, all_bits, any_bits, numbers, triples, sets, suit)


_SHARED: Final[dict[tuple[Kind, ...], tuple[Kind, ...]]] = {}
"""The kinds of the sets of every group's splits, one object per value (:func:`_group`)."""


_HEAD: Final = 5
"""Kinds of a group that index the first level of its table (the rest index a row)."""
_ROW: Final = (5**4, 5**4, 5**4, 5**2)
"""The length of a row of each group's table: 5 ** (its kinds after the head)."""
_TABLES: Final[tuple[list[list[Group | None] | None], ...]] = tuple(
    [None] * 5**_HEAD for _ in range(4)
)
"""The groups met so far, one table per suit and the honors, indexed by their keys
(:data:`PLACE`): the head's kinds pick a row (allocated when first met), the others a place in
it. Two list indexings cost a fraction of a dictionary look-up, which boxed and hashed its key
for every group of every hand. Only the rows of patterns met are made (a few hundred)."""

_REST_BITS: Final = 10
"""A key holds its head's base-5 digits above this bit, the rest's below (5**4 < 2**10)."""
_REST_MASK: Final = (1 << _REST_BITS) - 1


def _place(kind: Kind) -> int:
    i = kind - kind // 9 * 9 if kind < 27 else kind - 27
    end = 9 if kind < 27 else 7
    if i < _HEAD:
        return int(5 ** (_HEAD - 1 - i)) << _REST_BITS
    return int(5 ** (end - 1 - i))


PLACE: Final = tuple(_place(k) for k in range(34))
"""What one tile of each kind adds to its group's key. A group's key is its counts per kind
read as base-5 numbers, those of its first five kinds above bit 10, the others below: the
sum of its tiles' places, found while the tiles are counted. A count above 4 (mighty's fifth
copy) has no key: :func:`group_at` reads such counts themselves."""

Keys = tuple[int, int, int, int]
"""The keys of a hand's manzu, pinzu, souzu and honor groups."""


def add_kind(keys: Keys, kind: Kind) -> Keys:
    """``keys`` with one more tile of ``kind`` (a flower is not looked at). Fixed-length
    tuples of ints are C structs in the compiled build: nothing is allocated."""
    m, p, s, h = keys
    if kind < 9:
        return m + PLACE[kind], p, s, h
    if kind < 18:
        return m, p + PLACE[kind], s, h
    if kind < 27:
        return m, p, s + PLACE[kind], h
    if kind < 34:
        return m, p, s, h + PLACE[kind]
    return keys


def group_of(key: int, base: Kind) -> Group:
    """The group (of the kinds from ``base``: 0, 9, 18 or East) whose key is ``key``."""
    i = base // 9
    table = _TABLES[i]
    head = key >> _REST_BITS
    row = table[head]
    if row is None:
        row = [None] * _ROW[i]
        table[head] = row
    rest = key & _REST_MASK
    hit = row[rest]
    if hit is None:
        rest_kinds = (9 if base < _HONORS_FROM else 7) - _HEAD
        hit = _group(base, bytes(_digits(head, _HEAD) + _digits(rest, rest_kinds)))
        row[rest] = hit
    return hit


def _digits(x: int, n: int) -> list[int]:
    """The ``n`` base-5 digits of ``x``, the most significant first."""
    out = [0] * n
    for j in range(n - 1, -1, -1):
        out[j] = x % 5
        x //= 5
    return out


def groups_at(keys: Keys) -> tuple[Group, Group, Group, Group]:
    """The manzu, pinzu, souzu and honor groups of a hand's keys."""
    m, p, s, h = keys
    return group_of(m, 0), group_of(p, 9), group_of(s, 18), group_of(h, _HONORS_FROM)


_HONORS_FROM: Final = EAST
"""East as a C static in the compiled build (``tiles.kinds`` names are plain module globals,
which compiled code looks up in the module's dictionary)."""


def group_at(counts: list[int], base: Kind) -> Group:
    """The group of a hand's counts per kind from ``base`` (0, 9 or 18 for a suit, East for
    the honors)."""
    end = base + (9 if base < _HONORS_FROM else 7)
    key = 0
    for k in range(base, end):
        n = counts[k]
        if n > 4:  # mighty's fifth copy: no key, computed each time
            return _group(base, bytes(counts[base:end]))
        key += n * PLACE[k]
    return group_of(key, base)


def groups_of(counts: list[int]) -> tuple[Group, Group, Group, Group]:
    """The manzu, pinzu, souzu and honor groups of a hand's counts per kind (the flowers,
    if any, are not looked at)."""
    return (
        group_at(counts, 0),
        group_at(counts, 9),
        group_at(counts, 18),
        group_at(counts, _HONORS_FROM),
    )


def group_gates(m: Group, p: Group, s: Group, h: Group) -> int:
    """The tile gate bits of a hand from its four groups."""
    g = (m.all_bits & p.all_bits & s.all_bits & h.all_bits) | m.any_bits | p.any_bits
    g |= s.any_bits | h.any_bits
    suits = m.suit + p.suit + s.suit
    if suits == 1:
        g |= ONE_SUIT
    elif suits == 3:
        if _RUN_OF_THREE[m.numbers & p.numbers & s.numbers]:
            g |= SAME_NUMBERS
        if m.triples & p.triples & s.triples:
            g |= SAME_TRIPLES
    sets = m.sets + p.sets + s.sets + h.sets
    if sets >= 3:
        g |= SETS3 if sets == 3 else SETS3 | SETS4
    return g


def hand_splits(m: Group, p: Group, s: Group, h: Group, melds: int) -> list[Split]:
    """The readings of a hand's concealed tiles as ``4 - melds`` sets and a pair, from its
    four groups: :func:`jantaku.hand.analysis.combine_splits`, but when every group splits
    one way (most hands) the one reading is put together here from their parts."""
    if not (m.single and p.single and s.single and h.single):
        return combine_splits((m.splits, p.splits, s.splits, h.splits), melds)
    pairs = (m.one_pair >= 0) + (p.one_pair >= 0) + (s.one_pair >= 0) + (h.one_pair >= 0)
    trips = m.one_trips + p.one_trips + s.one_trips + h.one_trips
    seqs = m.one_seqs + p.one_seqs + s.one_seqs + h.one_seqs
    if pairs != 1 or len(trips) + len(seqs) != 4 - melds:
        return []
    # One group holds the pair, the three others say -1.
    pair = m.one_pair + p.one_pair + s.one_pair + h.one_pair + 3
    return [(pair, trips, seqs)]


def tile_gates(counts: Sequence[int]) -> int:
    """The tile gate bits of a hand, from its counts per kind (melds' tiles included; the
    flowers, if any, are not looked at)."""
    m, p, s, h = groups_of(list(counts))
    return group_gates(m, p, s, h)
