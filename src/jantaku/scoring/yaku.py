"""Every yaku as one small declarative unit: id, Tenhou id, names, han closed/open, predicate.

Han ``0`` for an open hand means the yaku needs a closed hand. ``yakuman`` is the multiple
(1, or 2 for a double yakuman) and replaces han. A preset can change han values or switch
yaku off by id (see :class:`jantaku.rules.model.ScoringRules`). ``needs`` names cheap
whole-hand conditions (:mod:`jantaku.scoring.gates`) the yaku implies: the scorer calls a
predicate only when they all hold, and a yaku such as 断幺九 whose conditions say it all has no
predicate. That is most of what makes scoring fast.
"""

from __future__ import annotations

from collections.abc import Callable, Collection
from typing import Final

from jantaku.rules.yaku_ids import YAKU_IDS
from jantaku.tiles.kinds import (
    CHUN,
    DRAGONS,
    EAST,
    HAKU,
    HATSU,
    NORTH,
    SOUTH,
    WEST,
    WINDS,
    Kind,
    is_terminal_or_honor,
)
from jantaku.tiles.tileset import tile_kind

from .gates import (
    ALL_GREEN,
    ALL_HONOR,
    ALL_SIMPLE,
    ALL_TERMINAL,
    ALL_TOH,
    CHANKAN,
    CLOSED,
    DOUBLE_RIICHI,
    DRAGONS8,
    DRAGONS9,
    EVEN,
    FIRST_TURN,
    HAITEI,
    HONOR,
    HOUTEI,
    IPPATSU,
    KANS3,
    KANS4,
    NO_MIDDLE,
    ONE_SUIT,
    ORPHANS,
    RIICHI,
    RINSHAN,
    RON,
    SAME_NUMBERS,
    SAME_TRIPLES,
    SETS3,
    SETS4,
    SINGLE_RIICHI,
    STRAIGHT,
    TSUMO,
    TWIN_RUNS,
    WINDS11,
    WINDS12,
    round_is,
    seat_is,
    triple,
)
from .house import HOUSE_HAN, WIN_YAKUMAN, WinYakuman
from .reading import CHIITOI, KOKUSHI, KOKUSHI13, RYANMEN, TANKI
from .yaku_ctx import Ctx, Yaku
from .yaku_house import HOUSE_YAKU

__all__ = [  # the names other modules import from here
    "ALL_YAKU",
    "ALL_YAKU_BY_ID",
    "DORA_IDS",
    "DORA_NAMES",
    "HOUSE_IDS",
    "HOUSE_YAKU",
    "SUPERSEDES",
    "YAKU",
    "YAKU_BY_ID",
    "Ctx",
    "Yaku",
    "YakuIdsMismatch",
    "check_yaku_ids",
]


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
    return bool(c.gates & HONOR)


def _pinfu(c: Ctx) -> bool:
    return (
        c.closed
        and c.r.form == "standard"
        and not c.trips
        and c.r.wait == RYANMEN
        and not c.value_pair
    )


def _peikou(c: Ctx) -> int:
    """How many pairs of identical runs the reading has (一盃口 1, 二盃口 2)."""
    # Open hands are left to the han table (0 open han unless a preset allows it).
    seqs = c.seqs
    n = paired = 0  # paired: bit i set once run i is in a pair
    for i in range(len(seqs)):
        for j in range(i + 1, len(seqs)):
            if seqs[i] == seqs[j] and not paired & (1 << i | 1 << j):
                paired |= 1 << i | 1 << j
                n += 1
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


_NINE_GATES: Final = (3, 1, 1, 1, 1, 1, 1, 1, 3)
"""1112345678999 of one suit: 九蓮宝燈 without its fourteenth tile."""


def _chuuren(c: Ctx) -> bool:
    if not c.closed or c.sit.melds or c.gates & (ONE_SUIT | HONOR) != ONE_SUIT:
        return False
    counts = c.counts
    base = 0 if counts[0] else 9 if counts[9] else 18  # the suit's 1 (if it holds one)
    return all(counts[base + i] >= _NINE_GATES[i] for i in range(9))


def _junsei(c: Ctx) -> bool:
    """九蓮宝燈 waiting on all nine: the hand without the winning tile is 1112345678999."""
    if not _chuuren(c):
        return False
    win = tile_kind(c.sit.win_tile)
    base = win // 9 * 9
    return all(c.counts[base + i] - (base + i == win) == _NINE_GATES[i] for i in range(9))


def _seat(wind: Kind) -> Callable[[Ctx], bool]:
    return lambda c: c.sit.seat_wind == wind and wind in c.trips


def _round(wind: Kind) -> Callable[[Ctx], bool]:
    return lambda c: c.sit.round_wind == wind and wind in c.trips


def _dragon(kind: Kind) -> Callable[[Ctx], bool]:
    return lambda c: kind in c.trips


def _std(c: Ctx) -> bool:
    return c.r.form == "standard"


YAKU: Final[tuple[Yaku, ...]] = (
    Yaku(
        "menzen_tsumo",
        0,
        "Fully concealed tsumo",
        "門前清自摸和",
        1,
        0,
        None,
        needs=CLOSED | TSUMO,
    ),
    Yaku(
        "riichi",
        1,
        "Riichi",
        "立直",
        1,
        0,
        None,
        needs=SINGLE_RIICHI,
    ),
    # Only after a riichi, whatever the situation's flag says.
    Yaku(
        "ippatsu",
        2,
        "Ippatsu",
        "一発",
        1,
        0,
        None,
        needs=IPPATSU | RIICHI,
    ),
    Yaku(
        "chankan",
        3,
        "Robbing a kan",
        "槍槓",
        1,
        1,
        None,
        needs=CHANKAN | RON,
    ),
    Yaku("rinshan", 4, "After a kan", "嶺上開花", 1, 1, None, needs=RINSHAN | TSUMO),
    # A replacement draw is not the last tile of the wall: no haitei with rinshan.
    Yaku(
        "haitei",
        5,
        "Last tile tsumo",
        "海底摸月",
        1,
        1,
        None,
        needs=HAITEI | TSUMO,
    ),
    Yaku(
        "houtei",
        6,
        "Last discard ron",
        "河底撈魚",
        1,
        1,
        None,
        needs=HOUTEI | RON,
    ),
    Yaku("pinfu", 7, "Pinfu", "平和", 1, 0, _pinfu, needs=CLOSED),
    Yaku("tanyao", 8, "All simples", "断幺九", 1, 1, None, needs=ALL_SIMPLE),
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
        None,
        needs=DOUBLE_RIICHI,
    ),
    Yaku(
        "chiitoitsu",
        22,
        "Seven pairs",
        "七対子",
        2,
        0,
        lambda c: c.r.form == CHIITOI,
        needs=CLOSED | EVEN,
    ),
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
        lambda c: c.r.form != KOKUSHI,
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
        None,
        needs=ONE_SUIT | HONOR,
    ),
    Yaku(
        "chinitsu",
        35,
        "Full flush",
        "清一色",
        6,
        5,
        lambda c: not c.gates & HONOR,
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
        None,
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
        None,
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
        None,
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
        needs=CLOSED | ONE_SUIT | STRAIGHT,
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
        needs=CLOSED | ONE_SUIT | STRAIGHT,
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
    Yaku("suukantsu", 51, "Four kans", "四槓子", 0, 0, None, yakuman=1, needs=KANS4),
)

YAKU_BY_ID: Final = {y.id: y for y in YAKU}
"""The standard yaku by id (house yaku: :data:`ALL_YAKU_BY_ID`)."""

# Han counted like yaku but never a yaku by themselves: the dora, and the house han
# (:data:`jantaku.scoring.house.HOUSE_HAN`).
_DORA: Final[tuple[tuple[str, int | None, str, str], ...]] = (
    ("dora", 52, "Dora", "ドラ"),
    ("ura_dora", 53, "Ura dora", "裏ドラ"),
    ("aka_dora", 54, "Red and gold fives", "赤ドラ"),
    ("nuki_dora", None, "Extracted dora", "抜きドラ"),
    ("flowers", None, "Flowers", "華"),
)
DORA_IDS: Final[dict[str, int | None]] = {
    **{d[0]: d[1] for d in _DORA},
    **{h.id: h.tenhou_id for h in HOUSE_HAN},
}
"""Tenhou's yaku id of each han counted like a yaku (``None``: Tenhou has none)."""
DORA_NAMES: Final[dict[str, tuple[str, str]]] = {
    **{d[0]: (d[2], d[3]) for d in _DORA},
    **{h.id: (h.name_en, h.name_ja) for h in HOUSE_HAN},
}
"""Han that are counted like yaku but never make a hand a win by themselves: English and
Japanese names."""


SUPERSEDES: Final[dict[str, tuple[str, ...]]] = {
    "shousharin": ("honitsu", "chiitoitsu"),
    "open_riichi": ("riichi", "double_riichi"),
    "suurenkou": (),
}
"""A yaku that, when it applies, replaces the listed ones."""

ALL_YAKU: Final = YAKU + HOUSE_YAKU
"""Every yaku found from a reading's sets; each scorer keeps those its rules use, with the
gate bits each needs."""
ALL_YAKU_BY_ID: Final[dict[str, Yaku | WinYakuman]] = {
    **{y.id: y for y in ALL_YAKU},
    **{y.id: y for y in WIN_YAKUMAN},
}
"""Every yaku by id, the house yakuman of the whole win included: one unit per id of the
rules' list (:data:`jantaku.rules.yaku_ids.YAKU_IDS`, checked below)."""
HOUSE_IDS: Final = frozenset(y.id for y in HOUSE_YAKU) | {y.id for y in WIN_YAKUMAN}
"""The house yaku, off unless a preset lists them in ``scoring.extra_yaku``."""


class YakuIdsMismatch(ValueError):
    """The scorer's declared yaku and the rules' list of ids differ: a yaku added (or renamed)
    on one side only."""


def check_yaku_ids(declared: Collection[str], listed: Collection[str]) -> None:
    """Raise :class:`YakuIdsMismatch` naming every id of ``declared`` (the scorer's units) not
    in ``listed`` (the rules' ids), and the reverse.

    >>> check_yaku_ids(["pinfu", "tanyao"], ["pinfu", "tanyao"])
    """
    unlisted = sorted(set(declared) - set(listed))
    undeclared = sorted(set(listed) - set(declared))
    if unlisted or undeclared:
        parts = [
            f"{what}: {', '.join(ids)}"
            for what, ids in (("not in the rules' list", unlisted), ("no yaku unit", undeclared))
            if ids
        ]
        raise YakuIdsMismatch(
            "the scorer's yaku (jantaku.scoring.yaku) and the rules' yaku ids"
            f" (jantaku.rules.yaku_ids.YAKU_IDS) differ: {'; '.join(parts)}"
        )


# Checked when the scorer is loaded, so a yaku declared here and not listed by the rules (whose
# presets could never name it), or listed there with no unit here, stops every program at once.
check_yaku_ids(ALL_YAKU_BY_ID, YAKU_IDS)
