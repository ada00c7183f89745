"""Every yaku as one small declarative unit: id, Tenhou id, names, han closed/open, predicate.

Han ``0`` for an open hand means the yaku needs a closed hand. ``yakuman`` is the multiple
(1, or 2 for a double yakuman) and replaces han. A preset can change han values or switch
yaku off by id (see :class:`jantaku.rules.model.ScoringRules`). ``needs`` names cheap
hand-level conditions the predicate implies (see "Gates" below): the scorer only calls the
predicates whose conditions hold, which is most of what makes scoring fast.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Final

from jantaku.tiles.kinds import (
    CHUN,
    DRAGONS,
    EAST,
    GREEN_KINDS,
    HAKU,
    HATSU,
    NORTH,
    SOUTH,
    WEST,
    WINDS,
    Kind,
    is_honor,
    is_simple,
    is_terminal_or_honor,
)

from .reading import CHIITOI, KOKUSHI, KOKUSHI13, RYANMEN, TANKI, Reading
from .situation import WinSituation

# -- Gates ------------------------------------------------------------------------------------
# A yaku may name conditions on the whole hand (``Yaku.needs``) that its predicate implies:
# the scorer finds which of them hold once per hand and tests only the yaku whose conditions
# all hold. A gate never decides a yaku, it only spares calling a predicate that must fail,
# so a gate must be implied by the predicate, whatever the preset.

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
HOUTEI: Final = 1 << 10
FIRST_TURN: Final = 1 << 11
KANS3: Final = 1 << 12
"""At least three kan melds."""
KANS4: Final = 1 << 13
SEAT_EAST: Final = 1 << 14
"""The seat wind is East (:func:`seat_is`: any wind)."""
ROUND_EAST: Final = 1 << 18
"""The round wind is East (:func:`round_is`: any wind)."""

# Of the tiles (:meth:`HandFacts.of` sets these).
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
"""Every terminal and honor kind present."""
TRIPLE_EAST: Final = 1 << 48
"""Three Easts or more (:func:`triple`: any honor; its triplet is possible)."""


def triple(honor: Kind) -> int:
    """The gate bit of three copies of ``honor``."""
    return TRIPLE_EAST << 8 * (honor - EAST)


def seat_is(wind: Kind) -> int:
    return SEAT_EAST << (wind - EAST)


def round_is(wind: Kind) -> int:
    return ROUND_EAST << (wind - EAST)


@dataclass(slots=True)
class HandFacts:
    """Facts about the tiles of a hand that do not depend on how it is read."""

    all_simple: bool
    all_toh: bool
    """Every tile a terminal or an honor."""
    all_terminal: bool
    all_honor: bool
    all_green: bool
    has_honor: bool
    suits: int
    """Number of number suits present."""

    dragons: int
    """Dragon tiles in the hand (a yakuman gate: 大三元 needs nine)."""
    winds: int
    gates: int = 0
    """The tile gate bits that hold (``HONOR``, ``ALL_SIMPLE``... ``TRIPLE_EAST``...)."""

    @classmethod
    def of(cls, counts: list[int]) -> HandFacts:
        b = bytes(counts[:34])
        # One byte per kind, 1 where present: the masks below use bit 8k for kind k.
        present = int.from_bytes(b.translate(_NONZERO), "little")
        thirds = b.translate(_THIRDS)
        trips = int.from_bytes(thirds.translate(_NONZERO), "little")
        twice = int.from_bytes(b.translate(_TWICE), "little")
        all_simple = not present & ~_SIMPLE_MASK
        all_toh = not present & _SIMPLE_MASK
        all_terminal = not present & ~_TERMINAL_MASK
        all_honor = not present & ~_HONOR_MASK
        all_green = not present & ~_GREEN_MASK
        has_honor = bool(present & _HONOR_MASK)
        suits = bool(present & _MAN_MASK) + bool(present & _PIN_MASK) + bool(present & _SOU_MASK)
        dragons = counts[31] + counts[32] + counts[33]
        winds = counts[27] + counts[28] + counts[29] + counts[30]
        g = (trips >> _HONOR_SHIFT) << _TRIPLE_SHIFT
        if has_honor:
            g |= HONOR
        if all_simple:
            g |= ALL_SIMPLE
        if all_toh:
            g |= ALL_TOH
            if all_terminal:
                g |= ALL_TERMINAL
            if all_honor:
                g |= ALL_HONOR
            if not ~present & _ORPHAN_MASK:
                g |= ORPHANS
        if all_green:
            g |= ALL_GREEN
        if suits == 1:
            g |= ONE_SUIT
        elif suits == 3:
            # Bit 8k (k a manzu kind) where k, k + 9 and k + 18 are all present.
            across = present & (present >> 72) & (present >> 144)
            if across & (across >> 8) & (across >> 16) & _RUN_START_MAN:
                g |= SAME_NUMBERS
            if trips & (trips >> 72) & (trips >> 144) & _MAN_MASK:
                g |= SAME_TRIPLES
        missing = ~present
        if not missing & _MAN_MASK or not missing & _PIN_MASK or not missing & _SOU_MASK:
            g |= STRAIGHT
        if not present & _MIDDLE_MASK:
            g |= NO_MIDDLE
        if twice & (twice >> 8) & (twice >> 16) & _RUN_STARTS:
            g |= TWIN_RUNS
        # Not the number of kinds held three times: with two wildcards a kind held six
        # times is two triplets.
        sets = sum(thirds)
        if sets >= 3:
            g |= SETS3 if sets == 3 else SETS3 | SETS4
        if dragons >= 8:
            g |= DRAGONS8 if dragons == 8 else DRAGONS8 | DRAGONS9
        if winds >= 11:
            g |= WINDS11 if winds == 11 else WINDS11 | WINDS12
        return cls(
            all_simple,
            all_toh,
            all_terminal,
            all_honor,
            all_green,
            has_honor,
            suits,
            dragons,
            winds,
            g,
        )


def _mask(pred: Callable[[Kind], bool]) -> int:
    return sum(1 << (8 * k) for k in range(34) if pred(k))


_NONZERO: Final = b"\x00" + b"\x01" * 255
_THIRDS: Final = bytes(n // 3 for n in range(256))
_TWICE: Final = b"\x00\x00" + b"\x01" * 254
_MAN_MASK: Final = _mask(lambda k: k < 9)
_PIN_MASK: Final = _mask(lambda k: 9 <= k < 18)
_SOU_MASK: Final = _mask(lambda k: 18 <= k < 27)
_RUN_START_MAN: Final = _mask(lambda k: k < 7)
_RUN_STARTS: Final = _mask(lambda k: k < 27 and k % 9 < 7)
_MIDDLE_MASK: Final = _mask(lambda k: k < 27 and 3 <= k % 9 <= 5)
_HONOR_SHIFT: Final = 8 * 27
_TRIPLE_SHIFT: Final = TRIPLE_EAST.bit_length() - 1


_SIMPLE_MASK: Final = _mask(is_simple)
_HONOR_MASK: Final = _mask(is_honor)
_TERMINAL_MASK: Final = _mask(lambda k: is_terminal_or_honor(k) and not is_honor(k))
_GREEN_MASK: Final = _mask(lambda k: k in GREEN_KINDS)
_ORPHAN_MASK: Final = _mask(is_terminal_or_honor)


@dataclass(slots=True)
class Ctx:
    """What the predicates look at: one reading of one win, with derived facts."""

    sit: WinSituation
    r: Reading
    counts: list[int]
    """All the hand's tiles per kind (concealed, winning tile and melds; a kan counts 4)."""
    closed: bool
    trips: list[Kind]
    seqs: list[Kind]
    kans: int
    ankou: int
    value_pair: bool
    concealed_counts: list[int]
    facts: HandFacts


@dataclass(frozen=True)
class Yaku:
    id: str
    tenhou_id: int | None
    name_en: str
    name_ja: str
    han_closed: int
    han_open: int
    test: Callable[[Ctx], bool]
    yakuman: int = 0
    needs: int = 0
    """Gate bits the predicate implies (see "Gates" above); 0: always tested."""


def _groups_have(c: Ctx, pred: Callable[[Kind], bool]) -> bool:
    """Every set and the pair contains a tile satisfying ``pred``."""
    if c.r.form != "standard":
        return False
    return (
        pred(c.r.pair)
        and all(pred(k) for k in c.trips)
        and all(pred(s) or pred(s + 2) for s in c.seqs)
    )


def _has_honor(c: Ctx) -> bool:
    return c.facts.has_honor


def _pinfu(c: Ctx) -> bool:
    return (
        c.closed
        and c.r.form == "standard"
        and not c.trips
        and c.r.wait == RYANMEN
        and not c.value_pair
    )


def _peikou(c: Ctx) -> int:
    # Open hands are left to the han table (0 open han unless a preset allows it).
    if len(c.seqs) < 2 or len(set(c.seqs)) == len(c.seqs):
        return 0
    seqs = sorted(c.seqs)
    n, i = 0, 0
    while i + 1 < len(seqs):
        if seqs[i] == seqs[i + 1]:
            n += 1
            i += 2
        else:
            i += 1
    return n


def _sanshoku(c: Ctx) -> bool:
    s = c.seqs
    if len(s) < 3:
        return False
    return any(k < 7 and k + 9 in s and k + 18 in s for k in s)


def _doukou(c: Ctx) -> bool:
    t = c.trips
    if len(t) < 3:
        return False
    return any(k < 9 and k + 9 in t and k + 18 in t for k in t)


def _ittsu(c: Ctx) -> bool:
    s = c.seqs
    if len(s) < 3:
        return False
    return any(b in s and b + 3 in s and b + 6 in s for b in (0, 9, 18))


def _dragon_trips(c: Ctx) -> int:
    return sum(1 for k in c.trips if k in DRAGONS)


def _wind_trips(c: Ctx) -> int:
    return sum(1 for k in c.trips if k in WINDS)


def _chuuren(c: Ctx) -> bool:
    if not c.closed or c.sit.melds or c.facts.suits != 1 or c.facts.has_honor:
        return False
    base = next(k for k in range(27) if c.counts[k]) // 9 * 9
    need = (3, 1, 1, 1, 1, 1, 1, 1, 3)
    return all(c.counts[base + i] >= need[i] for i in range(9))


def _junsei(c: Ctx) -> bool:
    if not _chuuren(c):
        return False
    from jantaku.tiles.tileset import tile_kind

    win = tile_kind(c.sit.win_tile)
    base = win // 9 * 9
    need = (3, 1, 1, 1, 1, 1, 1, 1, 3)
    return all(c.counts[base + i] - (1 if base + i == win else 0) == need[i] for i in range(9))


def _seat(wind: Kind) -> Callable[[Ctx], bool]:
    return lambda c: c.sit.seat_wind == wind and wind in c.trips


def _round(wind: Kind) -> Callable[[Ctx], bool]:
    return lambda c: c.sit.round_wind == wind and wind in c.trips


def _dragon(kind: Kind) -> Callable[[Ctx], bool]:
    return lambda c: kind in c.trips


def _std(c: Ctx) -> bool:
    return c.r.form == "standard"


def _after_draw_rinshan(c: Ctx) -> bool:
    return c.sit.tsumo and c.sit.rinshan


YAKU: Final[tuple[Yaku, ...]] = (
    Yaku(
        "menzen_tsumo",
        0,
        "Fully concealed tsumo",
        "門前清自摸和",
        1,
        0,
        lambda c: c.closed and c.sit.tsumo,
        needs=CLOSED | TSUMO,
    ),
    Yaku(
        "riichi",
        1,
        "Riichi",
        "立直",
        1,
        0,
        lambda c: c.sit.riichi.declared and not c.sit.riichi.is_double,
        needs=RIICHI,
    ),
    # Only after a riichi, whatever the situation's flag says.
    Yaku(
        "ippatsu",
        2,
        "Ippatsu",
        "一発",
        1,
        0,
        lambda c: c.sit.ippatsu and c.sit.riichi.declared,
        needs=IPPATSU | RIICHI,
    ),
    Yaku(
        "chankan",
        3,
        "Robbing a kan",
        "槍槓",
        1,
        1,
        lambda c: c.sit.chankan and not c.sit.tsumo,
        needs=CHANKAN | RON,
    ),
    Yaku("rinshan", 4, "After a kan", "嶺上開花", 1, 1, _after_draw_rinshan, needs=RINSHAN | TSUMO),
    # A replacement draw is not the last tile of the wall: no haitei with rinshan.
    Yaku(
        "haitei",
        5,
        "Last tile tsumo",
        "海底摸月",
        1,
        1,
        lambda c: c.sit.tsumo and c.sit.haitei and not c.sit.rinshan,
        needs=HAITEI | TSUMO,
    ),
    Yaku(
        "houtei",
        6,
        "Last discard ron",
        "河底撈魚",
        1,
        1,
        lambda c: not c.sit.tsumo and c.sit.houtei,
        needs=HOUTEI | RON,
    ),
    Yaku("pinfu", 7, "Pinfu", "平和", 1, 0, _pinfu, needs=CLOSED),
    Yaku(
        "tanyao", 8, "All simples", "断幺九", 1, 1, lambda c: c.facts.all_simple, needs=ALL_SIMPLE
    ),
    Yaku(
        "iipeikou",
        9,
        "Pure double sequence",
        "一盃口",
        1,
        0,
        lambda c: _peikou(c) == 1,
        needs=TWIN_RUNS,
    ),
    Yaku(
        "seat_wind_east",
        10,
        "Seat wind East",
        "自風 東",
        1,
        1,
        _seat(EAST),
        needs=seat_is(EAST) | triple(EAST),
    ),
    Yaku(
        "seat_wind_south",
        11,
        "Seat wind South",
        "自風 南",
        1,
        1,
        _seat(SOUTH),
        needs=seat_is(SOUTH) | triple(SOUTH),
    ),
    Yaku(
        "seat_wind_west",
        12,
        "Seat wind West",
        "自風 西",
        1,
        1,
        _seat(WEST),
        needs=seat_is(WEST) | triple(WEST),
    ),
    Yaku(
        "seat_wind_north",
        13,
        "Seat wind North",
        "自風 北",
        1,
        1,
        _seat(NORTH),
        needs=seat_is(NORTH) | triple(NORTH),
    ),
    Yaku(
        "round_wind_east",
        14,
        "Round wind East",
        "場風 東",
        1,
        1,
        _round(EAST),
        needs=round_is(EAST) | triple(EAST),
    ),
    Yaku(
        "round_wind_south",
        15,
        "Round wind South",
        "場風 南",
        1,
        1,
        _round(SOUTH),
        needs=round_is(SOUTH) | triple(SOUTH),
    ),
    Yaku(
        "round_wind_west",
        16,
        "Round wind West",
        "場風 西",
        1,
        1,
        _round(WEST),
        needs=round_is(WEST) | triple(WEST),
    ),
    Yaku(
        "round_wind_north",
        17,
        "Round wind North",
        "場風 北",
        1,
        1,
        _round(NORTH),
        needs=round_is(NORTH) | triple(NORTH),
    ),
    Yaku("haku", 18, "White dragon", "役牌 白", 1, 1, _dragon(HAKU), needs=triple(HAKU)),
    Yaku("hatsu", 19, "Green dragon", "役牌 發", 1, 1, _dragon(HATSU), needs=triple(HATSU)),
    Yaku("chun", 20, "Red dragon", "役牌 中", 1, 1, _dragon(CHUN), needs=triple(CHUN)),
    Yaku(
        "double_riichi",
        21,
        "Double riichi",
        "両立直",
        2,
        0,
        lambda c: c.sit.riichi.is_double,
        needs=DOUBLE_RIICHI,
    ),
    Yaku("chiitoitsu", 22, "Seven pairs", "七対子", 2, 0, lambda c: c.r.form == CHIITOI),
    Yaku(
        "chanta",
        23,
        "Half outside hand",
        "混全帯幺九",
        2,
        1,
        lambda c: bool(c.seqs) and _has_honor(c) and _groups_have(c, is_terminal_or_honor),
        needs=NO_MIDDLE | HONOR,
    ),
    Yaku("ittsu", 24, "Pure straight", "一気通貫", 2, 1, _ittsu, needs=STRAIGHT),
    Yaku("sanshoku", 25, "Mixed triple sequence", "三色同順", 2, 1, _sanshoku, needs=SAME_NUMBERS),
    Yaku("sanshoku_doukou", 26, "Triple triplets", "三色同刻", 2, 2, _doukou, needs=SAME_TRIPLES),
    Yaku("sankantsu", 27, "Three kans", "三槓子", 2, 2, lambda c: c.kans == 3, needs=KANS3),
    Yaku(
        "toitoi",
        28,
        "All triplets",
        "対々和",
        2,
        2,
        lambda c: _std(c) and len(c.trips) == 4,
        needs=SETS4,
    ),
    Yaku(
        "sanankou",
        29,
        "Three concealed triplets",
        "三暗刻",
        2,
        2,
        lambda c: c.ankou == 3,
        needs=SETS3,
    ),
    Yaku(
        "shousangen",
        30,
        "Little three dragons",
        "小三元",
        2,
        2,
        lambda c: _std(c) and _dragon_trips(c) == 2 and c.r.pair in DRAGONS,
        needs=DRAGONS8,
    ),
    Yaku(
        "honroutou",
        31,
        "All terminals and honors",
        "混老頭",
        2,
        2,
        lambda c: c.r.form != KOKUSHI and c.facts.all_toh and c.facts.has_honor,
        needs=ALL_TOH | HONOR,
    ),
    Yaku(
        "ryanpeikou",
        32,
        "Twice pure double sequence",
        "二盃口",
        3,
        0,
        lambda c: _peikou(c) == 2,
        needs=TWIN_RUNS,
    ),
    Yaku(
        "junchan",
        33,
        "Fully outside hand",
        "純全帯幺九",
        3,
        2,
        lambda c: bool(c.seqs) and not _has_honor(c) and _groups_have(c, is_terminal_or_honor),
        needs=NO_MIDDLE,
    ),
    Yaku(
        "honitsu",
        34,
        "Half flush",
        "混一色",
        3,
        2,
        lambda c: c.facts.suits == 1 and c.facts.has_honor,
        needs=ONE_SUIT | HONOR,
    ),
    Yaku(
        "chinitsu",
        35,
        "Full flush",
        "清一色",
        6,
        5,
        lambda c: c.facts.suits == 1 and not c.facts.has_honor,
        needs=ONE_SUIT,
    ),
    # Yakuman
    Yaku(
        "renhou",
        36,
        "Blessing of man",
        "人和",
        0,
        0,
        lambda c: c.sit.first_turn and not c.sit.tsumo and not c.sit.is_dealer,
        yakuman=1,
        needs=FIRST_TURN | RON,
    ),
    Yaku(
        "tenhou",
        37,
        "Blessing of heaven",
        "天和",
        0,
        0,
        lambda c: c.sit.first_turn and c.sit.tsumo and c.sit.is_dealer,
        yakuman=1,
        needs=FIRST_TURN | TSUMO,
    ),
    Yaku(
        "chiihou",
        38,
        "Blessing of earth",
        "地和",
        0,
        0,
        lambda c: c.sit.first_turn and c.sit.tsumo and not c.sit.is_dealer,
        yakuman=1,
        needs=FIRST_TURN | TSUMO,
    ),
    Yaku(
        "daisangen",
        39,
        "Big three dragons",
        "大三元",
        0,
        0,
        lambda c: _dragon_trips(c) == 3,
        yakuman=1,
        needs=DRAGONS9,
    ),
    Yaku(
        "suuankou",
        40,
        "Four concealed triplets",
        "四暗刻",
        0,
        0,
        lambda c: c.ankou == 4 and c.r.wait != TANKI,
        yakuman=1,
        needs=SETS4,
    ),
    Yaku(
        "suuankou_tanki",
        41,
        "Four concealed triplets, pair wait",
        "四暗刻単騎",
        0,
        0,
        lambda c: c.ankou == 4 and c.r.wait == TANKI,
        yakuman=2,
        needs=SETS4,
    ),
    Yaku(
        "tsuuiisou",
        42,
        "All honors",
        "字一色",
        0,
        0,
        lambda c: c.facts.all_honor,
        yakuman=1,
        needs=ALL_HONOR,
    ),
    Yaku(
        "ryuuiisou",
        43,
        "All green",
        "緑一色",
        0,
        0,
        lambda c: c.facts.all_green,
        yakuman=1,
        needs=ALL_GREEN,
    ),
    Yaku(
        "chinroutou",
        44,
        "All terminals",
        "清老頭",
        0,
        0,
        lambda c: c.facts.all_terminal,
        yakuman=1,
        needs=ALL_TERMINAL,
    ),
    Yaku(
        "chuuren",
        45,
        "Nine gates",
        "九蓮宝燈",
        0,
        0,
        lambda c: _chuuren(c) and not _junsei(c),
        yakuman=1,
        needs=CLOSED | ONE_SUIT,
    ),
    Yaku(
        "junsei_chuuren",
        46,
        "True nine gates",
        "純正九蓮宝燈",
        0,
        0,
        _junsei,
        yakuman=2,
        needs=CLOSED | ONE_SUIT,
    ),
    Yaku(
        "kokushi",
        47,
        "Thirteen orphans",
        "国士無双",
        0,
        0,
        lambda c: c.r.form == KOKUSHI and c.r.wait != KOKUSHI13,
        yakuman=1,
        needs=ORPHANS,
    ),
    Yaku(
        "kokushi13",
        48,
        "Thirteen orphans, 13-sided wait",
        "国士無双１３面",
        0,
        0,
        lambda c: c.r.form == KOKUSHI and c.r.wait == KOKUSHI13,
        yakuman=2,
        needs=ORPHANS,
    ),
    Yaku(
        "daisuushii",
        49,
        "Big four winds",
        "大四喜",
        0,
        0,
        lambda c: _wind_trips(c) == 4,
        yakuman=2,
        needs=WINDS12,
    ),
    Yaku(
        "shousuushii",
        50,
        "Little four winds",
        "小四喜",
        0,
        0,
        lambda c: _std(c) and _wind_trips(c) == 3 and c.r.pair in WINDS,
        yakuman=1,
        needs=WINDS11,
    ),
    Yaku(
        "suukantsu", 51, "Four kans", "四槓子", 0, 0, lambda c: c.kans == 4, yakuman=1, needs=KANS4
    ),
)

YAKU_BY_ID: Final = {y.id: y for y in YAKU}
"""The standard yaku by id (house yaku: :data:`ALL_YAKU_BY_ID`)."""

# Han counted like yaku but never a yaku by themselves.
DORA_IDS: Final[dict[str, int | None]] = {
    "dora": 52,
    "ura_dora": 53,
    "aka_dora": 54,
    "nuki_dora": None,
    "flowers": None,
    "pika": None,
    "yonchoro": None,
    "otafuku": None,
    "chiitoi_four": None,
    "summer": None,
    "tedumari": None,
}
DORA_NAMES: Final = {
    "dora": ("Dora", "ドラ"),
    "ura_dora": ("Ura dora", "裏ドラ"),
    "aka_dora": ("Red and gold fives", "赤ドラ"),
    "nuki_dora": ("Extracted dora", "抜きドラ"),
    "flowers": ("Flowers", "華"),
    "pika": ("Dot white triplet", "白ピカ"),
    "yonchoro": ("All four copies used", "ヨンチョロ"),
    "otafuku": ("Five or more waits", "お多福"),
    "chiitoi_four": ("Four of a kind in seven pairs", "4枚使い七対子"),
    "summer": ("Summer: one level up", "夏"),
    "tedumari": ("Forced deal-in to open riichi", "手詰まり放銃"),
}
"""Han that are counted like yaku but never make a hand a win by themselves."""


# -- House yaku: off unless a preset lists them in ``scoring.extra_yaku`` -------------------


def _renkou(c: Ctx, n: int) -> bool:
    trips = set(c.trips)
    return any(all(k + i in trips and (k + i) // 9 == k // 9 for i in range(n)) for k in range(27))


def _chiitoi_flush(c: Ctx, honors: bool) -> bool:
    return c.r.form == CHIITOI and c.closed and c.facts.suits == 1 and c.facts.has_honor is honors


def _manzu_honitsu(c: Ctx) -> bool:
    return c.facts.suits == 1 and c.facts.has_honor and any(c.counts[k] for k in range(9))


HOUSE_YAKU: Final[tuple[Yaku, ...]] = (
    Yaku(
        "sanrenkou",
        None,
        "Three consecutive triplets",
        "三連刻",
        2,
        2,
        lambda c: _renkou(c, 3) and not _renkou(c, 4),
        needs=SETS3,
    ),
    Yaku(
        "sanpuu",
        None,
        "Three winds",
        "三風",
        2,
        2,
        lambda c: EAST in c.trips and SOUTH in c.trips and WEST in c.trips,
        needs=triple(EAST) | triple(SOUTH) | triple(WEST),
    ),
    Yaku(
        "shousharin",
        None,
        "Closed half-flush seven pairs",
        "小車輪",
        6,
        0,
        lambda c: _chiitoi_flush(c, True),
        needs=CLOSED | ONE_SUIT | HONOR,
    ),
    Yaku(
        "open_riichi",
        None,
        "Open riichi",
        "オープン立直",
        2,
        0,
        lambda c: c.sit.riichi.is_open,
        needs=OPEN_RIICHI,
    ),
    Yaku(
        "shihua",
        None,
        "All four flowers",
        "四華",
        0,
        0,
        lambda c: len({t for t in c.sit.extracted if t >= 136}) == 4,
        yakuman=1,
    ),
    Yaku(
        "suurenkou",
        None,
        "Four consecutive triplets",
        "四連刻",
        0,
        0,
        lambda c: _renkou(c, 4),
        yakuman=1,
        needs=SETS4,
    ),
    Yaku(
        "daisharin",
        None,
        "Closed full-flush seven pairs",
        "大車輪",
        0,
        0,
        lambda c: _chiitoi_flush(c, False),
        yakuman=1,
        needs=CLOSED | ONE_SUIT,
    ),
    Yaku(
        "manzu_honitsu",
        None,
        "Manzu half flush",
        "萬子の混一色",
        0,
        0,
        _manzu_honitsu,
        yakuman=1,
        needs=ONE_SUIT | HONOR,
    ),
    Yaku(
        "yakuhai_north",
        None,
        "North (value honor)",
        "役牌 北",
        1,
        1,
        lambda c: NORTH in c.trips and NORTH not in (c.sit.seat_wind, c.sit.round_wind),
        needs=triple(NORTH),
    ),
    # Found by the scorer itself, not by a hand pattern:
    Yaku(
        "riichi_only_ron", None, "Riichi-only ron", "リーのみロン", 0, 0, lambda c: False, yakuman=1
    ),
    Yaku("mu", None, "Nothing left (無)", "無", 0, 0, lambda c: False, yakuman=1),
)
"""``shousharin`` stands in for 混一色 + 七対子 (6 han in all, «メンホンチートイ 6飜»)."""

SUPERSEDES: Final[dict[str, tuple[str, ...]]] = {
    "shousharin": ("honitsu", "chiitoitsu"),
    "open_riichi": ("riichi", "double_riichi"),
    "suurenkou": (),
}
"""A yaku that, when it applies, replaces the listed ones."""

ALL_YAKU: Final = YAKU + HOUSE_YAKU
ALL_YAKU_BY_ID: Final = {y.id: y for y in ALL_YAKU}
HOUSE_IDS: Final = frozenset(y.id for y in HOUSE_YAKU)
