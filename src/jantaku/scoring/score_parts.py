"""The scorer's parts (:class:`jantaku.scoring.score.Scorer`): its constant tables (gate bits
of each riichi, the dora's cached yaku entries, the refusals), the gate bits of a situation,
the yaku entries it looks for, a scored reading before payments, and the limit ladder of
gotou's 夏."""

from __future__ import annotations

from collections.abc import Callable
from typing import Final, final

from jantaku.rules.model import ScoringRules
from jantaku.tiles.kinds import (
    M1,
    M9,
    N_KINDS,
    WINDS,
    Kind,
)

from .gates import (
    CHANKAN,
    CLOSED,
    DOUBLE_RIICHI,
    FIRST_TURN,
    HAITEI,
    HOUTEI,
    IPPATSU,
    KANS3,
    KANS4,
    OPEN_RIICHI,
    RIICHI,
    RINSHAN,
    RON,
    SINGLE_RIICHI,
    TSUMO,
    round_is,
    seat_is,
)
from .points import LIMIT_NAMES
from .reading import Reading
from .refusal import Refusal
from .score_result import YakuHan
from .situation import RiichiKind, WinSituation
from .yaku import (
    YAKU_BY_ID,
    Ctx,
    Yaku,
)

HONOR_YAKUMAN: Final = frozenset(
    {"kokushi", "kokushi13", "daisuushii", "shousuushii", "tsuuiisou", "manzu_honitsu"}
)


INCOMPLETE: Final = (Refusal.INCOMPLETE, "the hand is not complete")
NO_YAKU: Final = (Refusal.NO_YAKU, "the hand has no yaku")
NO_VALUE: Final = (Refusal.NO_VALUE, "the hand has no value")
# Final: the compiled build keeps these in C statics rather than the module's dictionary.
NO_WILDCARD: Final[list[tuple[Kind, ...]]] = [()]
NO_CALLS: Final[list[int]] = [0] * 38
"""Counts of called tiles for a hand without melds (never written to)."""
NO_POWERS: Final[frozenset[Kind]] = frozenset()
RIICHI_GATES: Final = {
    RiichiKind.NONE: 0,
    RiichiKind.RIICHI: RIICHI | SINGLE_RIICHI,
    RiichiKind.DOUBLE: RIICHI | DOUBLE_RIICHI,
    RiichiKind.OPEN: RIICHI | SINGLE_RIICHI | OPEN_RIICHI,
    RiichiKind.SHUBA: RIICHI | SINGLE_RIICHI,
    RiichiKind.OPEN_SHUBA: RIICHI | SINGLE_RIICHI | OPEN_RIICHI,
    RiichiKind.DOUBLE_OPEN: RIICHI | DOUBLE_RIICHI | OPEN_RIICHI,
    RiichiKind.DOUBLE_SHUBA: RIICHI | DOUBLE_RIICHI,
    RiichiKind.DOUBLE_OPEN_SHUBA: RIICHI | DOUBLE_RIICHI | OPEN_RIICHI,
}
"""Gate bits of each kind of riichi (シュバ is a riichi; 見せ is an open one)."""
CACHED_HAN: Final = 64
DORA: Final = tuple(YakuHan("dora", n) for n in range(CACHED_HAN))
AKA: Final = tuple(YakuHan("aka_dora", n) for n in range(CACHED_HAN))
URA: Final = tuple(YakuHan("ura_dora", n) for n in range(CACHED_HAN))
SEAT_GATES: Final = tuple(seat_is(k) if k in WINDS else 0 for k in range(N_KINDS))
ROUND_GATES: Final = tuple(round_is(k) if k in WINDS else 0 for k in range(N_KINDS))
PINFU: Final = YAKU_BY_ID["pinfu"].test
"""平和's predicate: a reading that has it takes pinfu's fixed fu."""


@final
class Entry:
    """A yaku the scorer looks for: the gate bits it needs and its predicate (copied out of
    the :class:`Yaku`: native fields in the compiled build), its han in this hand's column
    (or its yakuman multiple), and the :class:`YakuHan` it adds when found."""

    __slots__ = ("found", "needs", "test", "value")

    def __init__(self, yaku: Yaku, value: int, found: YakuHan) -> None:
        self.needs: int = yaku.needs
        self.test: Callable[[Ctx], bool] | None = yaku.test
        self.value = value
        self.found = found


NO_ENTRIES: Final[list[Entry]] = []


def any_needed(entries: list[Entry]) -> int:
    """The highest gate bit each entry needs (the rarest kind of fact: the tiles' bits are
    above the situation's), all together: a hand with none of them has none of the entries.
    Every bit when an entry needs none."""
    out = 0
    for e in entries:
        if not e.needs:
            return -1
        out |= 1 << (e.needs.bit_length() - 1)
    return out


@final
class Candidate:
    """A scored reading before payments (only the best one gets paid). A plain class: the
    compiled build makes one per reading, and a named tuple's constructor runs in Python."""

    __slots__ = ("base", "counts", "found", "fu", "han", "limit", "reading", "yakuman")

    def __init__(
        self,
        found: list[YakuHan],
        han: int,
        fu: int,
        yakuman: int,
        base: int,
        limit: str | None,
        reading: Reading,
        counts: list[int],
    ) -> None:
        self.found = found
        self.han = han
        self.fu = fu
        self.yakuman = yakuman
        self.base = base
        self.limit = limit
        self.reading = reading
        self.counts = counts


def holds(tiles: tuple[int, ...], tile: int) -> bool:
    """``tile in tiles`` as a native loop (the compiled ``in`` on a tuple compares Python
    objects one by one)."""
    return any(t == tile for t in tiles)


def level_up(base: int, mangan: int) -> tuple[int, str | None]:
    """gotou 夏: one level up from mangan (満貫→跳満→倍満→三倍満→役満→5倍満), on a table whose
    mangan is worth ``mangan`` base points.

    >>> level_up(2000, 2000), level_up(8000, 2000), level_up(10000, 2000)
    ((3000, 'haneman'), (10000, 'yakuman'), (12000, 'yakuman'))
    """
    ladder = [mangan * x // 2 for x in (2, 3, 4, 6, 8, 10)]
    for i, v in enumerate(ladder[:-1]):
        if base <= v:
            return ladder[i + 1], LIMIT_NAMES.get(i + 1, "yakuman")
    return base + ladder[-1] - ladder[-2], "yakuman"


def house_payments(
    rules: ScoringRules,
    pao_yaku: frozenset[str],
    sit: WinSituation,
    found: list[YakuHan],
    pays: dict[Kind, int],
    value: int,
    counts: list[int],
    discarder: Kind | None,
) -> tuple[dict[Kind, int], Kind | None]:
    """What house rules add to the payments (honba and 割れ目 done), and who is liable
    (包, 責任払い) if anyone."""
    if sit.tsumo and rules.tsumo_bonus:
        for p in pays:
            pays[p] += rules.tsumo_bonus
    if rules.open_riichi_bonus and sit.riichi.is_open:
        for p in pays:
            pays[p] += rules.open_riichi_bonus
    if rules.terminal_manzu_bonus:
        n = counts[M1] + counts[M9]
        for p in pays:
            pays[p] += n * rules.terminal_manzu_bonus
    pao = None
    if sit.pao_wind is not None and any(f.id in pao_yaku for f in found):
        pao = sit.pao_wind
    elif (
        rules.daiminkan_liability and sit.tsumo and sit.rinshan and sit.kan_feeder_wind is not None
    ):
        pao = sit.kan_feeder_wind
    if pao is not None:
        total = sum(pays.values())
        if sit.tsumo:
            pays = {pao: total}
        elif pao != discarder and discarder is not None:
            half = (value // 2 + 99) // 100 * 100
            pays = {pao: half, discarder: total - half}
    return pays, pao


def situation_gates(sit: WinSituation, closed: bool) -> int:
    """The gate bits the situation sets (riichi, tsumo or ron, ``closed``, ippatsu, the
    last tile, kans...): with a hand's tile gates, what a yaku's gate bits are checked
    against (see :mod:`jantaku.scoring.gates`)."""
    riichi = sit.riichi
    # An enum member hashes in Python (enum.py's __hash__): the common kinds are told
    # apart by identity before the table is asked.
    if riichi is RiichiKind.NONE:
        g = 0
    elif riichi is RiichiKind.RIICHI:
        g = RIICHI | SINGLE_RIICHI
    else:
        g = RIICHI_GATES[riichi]
    g |= TSUMO if sit.tsumo else RON
    if closed:
        g |= CLOSED
    if sit.ippatsu:
        g |= IPPATSU
    if sit.chankan:
        g |= CHANKAN
    if sit.rinshan:
        g |= RINSHAN
    if sit.haitei and not sit.rinshan:
        g |= HAITEI
    if sit.houtei:
        g |= HOUTEI
    if sit.first_turn:
        g |= FIRST_TURN
    if len(sit.melds) >= 3:
        kans = sum(1 for m in sit.melds if m.is_kan)
        if kans >= 3:
            g |= KANS3 if kans == 3 else KANS3 | KANS4
    return g
