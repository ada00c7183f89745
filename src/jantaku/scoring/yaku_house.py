"""House yaku (三連刻, 三風, 七対子 flushes, 萬子混一, 北4枚...): off unless a preset lists them
in ``scoring.extra_yaku``; declared as units like the standard yaku of
:mod:`jantaku.scoring.yaku`."""

from __future__ import annotations

from typing import Final

from jantaku.tiles.kinds import (
    EAST,
    NORTH,
    SOUTH,
    WEST,
)
from jantaku.tiles.tileset import tile_kind

from .gates import (
    CLOSED,
    HONOR,
    ONE_SUIT,
    OPEN_RIICHI,
    SETS3,
    SETS4,
    triple,
)
from .reading import CHIITOI
from .yaku_ctx import Ctx, Yaku

# -- House yaku: off unless a preset lists them in ``scoring.extra_yaku`` -------------------


def _renkou(c: Ctx, n: int) -> bool:
    trips = set(c.trips)
    return any(all(k + i in trips and (k + i) // 9 == k // 9 for i in range(n)) for k in range(27))


def _chiitoi_flush(c: Ctx, honors: bool) -> bool:
    return c.r.form == CHIITOI and c.closed and bool(c.gates & HONOR) is honors


def _manzu_honitsu(c: Ctx) -> bool:
    return any(c.counts[k] for k in range(9))


def _four_north(c: Ctx) -> bool:
    """Four norths set aside (the situation's ``extracted``; a north kept in the hand does not
    count)."""
    extracted = c.sit.extracted
    return len(extracted) >= 4 and sum(1 for t in extracted if tile_kind(t) == NORTH) == 4


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
        None,
        needs=OPEN_RIICHI,
    ),
    Yaku(
        "shihua",
        None,
        "All four flowers",
        "四華",
        0,
        0,
        lambda c: len({(t - 136) % 4 for t in c.sit.extracted if t >= 136}) == 4,
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
    # «北4枚抜き 8飜固定» is listed among gotou's 特殊役: a yaku of its own, so a hand with no
    # other yaku wins with it. Its han are the knob ``scoring.four_north_han`` (which turns it
    # on); the four norths then add no 抜きドラ of their own (``Scorer._dora``).
    Yaku(
        "four_north",
        None,
        "Four norths extracted",
        "北4枚抜き",
        8,
        8,
        _four_north,
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
)
"""``shousharin`` stands in for 混一色 + 七対子 (6 han in all, «メンホンチートイ 6飜»). The house
yakuman found from the whole win (リーのみロン, 無): :data:`jantaku.scoring.house.WIN_YAKUMAN`."""
