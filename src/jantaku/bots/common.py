"""What the built-in bots share: a hand's counts by kind, the copy of a kind to discard, the
riichi kinds by their house options, and the house plans both bots read (a north kept for an
honour yakuman, the chips シュバリー would double).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from jantaku.game.actions import ActionType
from jantaku.tiles.kinds import (
    HONORS,
    MANZU,
    N_ALL_KINDS,
    N_KINDS,
    NORTH,
    P5,
    S5,
    TERMINALS_AND_HONORS,
    Kind,
)
from jantaku.tiles.tileset import Tile, TileSet, Variant, tile_kind

if TYPE_CHECKING:
    from jantaku.bots import SeatView
    from jantaku.game import Action
    from jantaku.tiles.notation import Meld


SHUBA_MIN_LEFT: Final = 10000
"""Points left after the シュバ stick (so that a lost stick does not bring a bust near)."""


DICE_CHANCE_CHIPS: Final = 7
"""What a dice chance is worth in chips (the mean of two dice)."""


HONOR_PLAN_MAX: Final = 3
"""Draws from an honour yakuman (thirteen orphans; manzu and honours) to keep a north."""


ORPHANS: Final = frozenset(TERMINALS_AND_HONORS)


ALL_STAR: Final = frozenset(
    {(P5, Variant.RED), (P5, Variant.GOLD), (S5, Variant.RED), (S5, Variant.GOLD)}
)


MANZU_HONORS: Final = frozenset((*MANZU, *HONORS))


RIICHI_BY: Final = {
    (False, False): ActionType.RIICHI,
    (True, False): ActionType.OPEN_RIICHI,
    (False, True): ActionType.SHUBA_RIICHI,
    (True, True): ActionType.OPEN_SHUBA_RIICHI,
}


RIICHI_ORDER: Final = (
    ActionType.RIICHI,
    ActionType.OPEN_RIICHI,
    ActionType.SHUBA_RIICHI,
    ActionType.OPEN_SHUBA_RIICHI,
)


def kind_counts(tiles: tuple[Tile, ...]) -> list[int]:
    c = [0] * N_ALL_KINDS
    for t in tiles:
        k = tile_kind(t)
        c[k] = c[k] + 1  # not ``+=``: compiled, that is Python's generic add
    return c


def plain_copy(ts: TileSet, acts: list[Action]) -> list[Action]:
    """The actions (a discard, riichi kinds) on the copy of one kind to discard: a plain
    copy first (red and gold ones are worth keeping), the lowest id among equals."""
    tile = -1
    special = True
    for a in acts:  # a loop: compiled, ``min`` with a key is a call per item
        t = a.tile
        assert t is not None
        s = ts.variant(t) is not Variant.PLAIN
        if tile < 0 or (special and not s) or (special == s and t < tile):
            tile, special = t, s
    return [a for a in acts if a.tile == tile]


def keeps_norths(view: SeatView, counts: list[int]) -> bool:
    """Whether the hand holds a north that only an honour yakuman can use (gotou)."""
    return bool(counts[NORTH]) and view.preset.scoring.north_in_hand == "honor_yakuman_only"


def honor_plan(
    view: SeatView, counts: list[int], melds: tuple[Meld, ...]
) -> frozenset[Kind] | None:
    """The kinds of the honour yakuman the hand is heading for, if any: thirteen orphans
    (closed, within ``HONOR_PLAN_MAX`` draws), else a hand of manzu and honours only (its
    calls all of those kinds; the distance of its manzu and honour tiles alone)."""
    if not melds:
        zeros = sum(1 for k in ORPHANS if not counts[k])
        pair = any(counts[k] >= 2 for k in ORPHANS)
        if zeros + (0 if pair else 1) <= HONOR_PLAN_MAX:
            return ORPHANS
    if all(k in MANZU_HONORS for m in melds for k in m.kinds):
        own = [n if k in MANZU_HONORS else 0 for k, n in enumerate(counts)]
        if view.analyzer.distance(own, len(melds)) <= HONOR_PLAN_MAX:
            return MANZU_HONORS
    return None


def spare_for_plan(
    view: SeatView, counts: list[int], melds: tuple[Meld, ...], pool: list[Kind]
) -> list[Kind]:
    """The discards of ``pool`` an honour-yakuman plan that keeps a north does not use
    (gotou), or ``pool`` when there is no such plan."""
    if not keeps_norths(view, counts):
        return pool
    plan = honor_plan(view, counts, melds)
    if plan is None:
        return pool
    spare = [k for k in pool if k not in plan]
    if not spare and plan is ORPHANS:
        pairs = sum(1 for k in ORPHANS if counts[k] >= 2)
        spare = [k for k in pool if counts[k] >= 3 or (counts[k] == 2 and pairs > 1)]
    return spare or pool


def sure_chips(view: SeatView, seat: int, discard: Tile) -> int:
    """Chips a win of this hand would carry for sure (what シュバリー doubles): red and gold
    fives held after ``discard``, norths set aside, and a dice chance for four norths or
    four flowers set aside or a closed all-star (red and gold 5p and 5s)."""
    chips = view.preset.chips
    ts = view.tileset
    melds = view.melds(seat)
    special: set[tuple[Kind, Variant]] = set()
    value = 0
    for t in (*view.hand, *(t for m in melds for t in m.tiles)):
        v = ts.variant(t)
        if t == discard or (v is not Variant.RED and v is not Variant.GOLD):
            continue
        special.add((tile_kind(t), v))
        value += chips.gold_five if v is Variant.GOLD else chips.red_five
    extracted = [tile_kind(t) for t in view.extracted(seat)]
    norths = extracted.count(NORTH)
    value += norths * chips.north
    if chips.dice_chances:
        flowers = sum(1 for k in extracted if k >= N_KINDS)
        closed = not any(m.is_open for m in melds)
        all_star = closed and special >= ALL_STAR
        if norths == 4 or flowers == 4 or all_star:
            value += DICE_CHANCE_CHIPS
    return value
