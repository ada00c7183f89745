"""The standard bot's hand value and win chance: what a hand would win
(:class:`HandValue`, by its han: dora, red and gold fives, yakuhai, tanyao, a riichi's
bonus, the flower powers, the preset's cap and chips) and the chance it wins
(:func:`win_chance`, from its shanten, live useful copies and the draws left).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from jantaku.bots.common import (
    ORPHANS,
)
from jantaku.bots.standard import knobs
from jantaku.scoring.situation import flower_powers
from jantaku.tiles.kinds import (
    AUTUMN,
    DRAGONS,
    FIVES,
    N_KINDS,
    N_NUMBER_KINDS,
    NORTH,
    SUMMER,
    Kind,
)
from jantaku.tiles.tileset import Tile, TileSet, Variant, tile_kind

if TYPE_CHECKING:
    from jantaku.bots import SeatView
    from jantaku.tiles.notation import Meld


def seat_flower_powers(view: SeatView, seat: int) -> frozenset[Kind]:
    """The flowers whose power ``seat`` would have if it won now (gotou: those it set
    aside and those among the dora indicators; an ura indicator is seen only at the win)."""
    if not (knobs.FLOWER_POWERS and view.preset.scoring.flower_powers):
        return frozenset()
    return flower_powers((*view.extracted(seat), *view.dora_indicators))


def level_up(han: float) -> float:
    """夏: the han of the next level up (below mangan one han more; mangan to haneman,
    haneman to baiman, baiman to sanbaiman)."""
    if han < 5:
        return han + 1
    if han < 6:
        return 6.0
    if han < 8:
        return 8.0
    return max(han, 11.0)


def has_dora(view: SeatView, seat: int, ts: TileSet) -> bool:
    dora = set(view.dora_kinds)
    for t in view.hand:
        v = ts.variant(t)
        if tile_kind(t) in dora or v is Variant.RED or v is Variant.GOLD:
            return True
    return False


def yakuhai_han(view: SeatView, seat: int) -> dict[Kind, int]:
    """Value honours for ``seat`` with the han a triplet of each is worth."""
    out: dict[Kind, int] = dict.fromkeys(DRAGONS, 1)
    out[view.round_wind] = 1
    wind = view.seat_wind(seat)
    if wind is not None:
        out[wind] = out.get(wind, 0) + 1
    if view.preset.scoring.yakuhai_north:
        out[NORTH] = max(out.get(NORTH, 0), 1)
    return out


class HandValue:
    """A quick estimate of what the hand would win, and how each discard changes it."""

    __slots__ = (
        "_base_han",
        "_cap",
        "_chip_pts",
        "_closed",
        "_closed_bonus",
        "_counts",
        "_dealer",
        "_dora",
        "_kinds_val",
        "_open_no_yaku",
        "_red_only",
        "_sole",
        "_suit_han",
        "_suit_sole",
        "_summer",
        "_sure_yaku",
        "_tanyao_ok",
    )

    def __init__(
        self,
        view: SeatView,
        seat: int,
        counts: list[int],
        hand: tuple[Tile, ...],
        melds: tuple[Meld, ...],
        closed: bool,
    ) -> None:
        ts = view.tileset
        preset = view.preset
        chips = preset.chips
        chip_pts = (chips.point_value or knobs.CHIP_POINTS) if chips.enabled else 0
        dora_kinds = view.dora_kinds
        dora: dict[Kind, int] = {}
        for d in dora_kinds:
            dora[d] = dora.get(d, 0) + 1
        powers = seat_flower_powers(view, seat)
        if AUTUMN in powers and preset.scoring.autumn_fives_dora:
            for k in FIVES:
                dora[k] = dora.get(k, 0) + 1  # 秋: every five (red and gold twice)
        self._summer = SUMMER in powers
        han = 0.0
        pts = 0.0
        # Dora and chips in the calls and set aside are sure.
        for m in melds:
            for t in m.tiles:
                k = tile_kind(t)
                han += dora.get(k, 0)
                v = ts.variant(t)
                if v is Variant.RED or v is Variant.GOLD:
                    han += 1
                    pts += chip_pts * (chips.gold_five if v is Variant.GOLD else chips.red_five)
        nuki = view.nuki_kinds
        for t in view.extracted(seat):
            k = tile_kind(t)
            if k in nuki:
                han += 1
            if k == NORTH:
                pts += chip_pts * chips.north
        # Red and gold copies in hand: lost only if every copy of the kind goes.
        red_only: dict[Kind, float] = {}
        plain: dict[Kind, int] = {}
        for t in hand:
            k = tile_kind(t)
            v = ts.variant(t)
            if v is Variant.RED or v is Variant.GOLD:
                extra = 1.0 + (
                    chip_pts * (chips.gold_five if v is Variant.GOLD else chips.red_five) / 2000
                )
                han += extra
                red_only[k] = red_only.get(k, 0.0) + extra
            else:
                plain[k] = plain.get(k, 0) + 1
        self._red_only = {k: v for k, v in red_only.items() if not plain.get(k)}
        self._counts = counts
        self._dora = dora
        yakuhai = yakuhai_han(view, seat)
        has_yaku = False
        for m in melds:
            if m.kind in yakuhai and m.kinds[0] == m.kinds[-1]:
                han += yakuhai[m.kind]
                has_yaku = True
        # Kind values held in the hand: dora copies, yakuhai pairs and triplets.
        kinds_val: dict[Kind, float] = {}
        for k in range(N_KINDS):
            c = counts[k]
            if not c:
                continue
            kv = float(dora.get(k, 0) * c)
            y = yakuhai.get(k)
            if y:
                if c >= 3:
                    kv += y
                    has_yaku = True
                elif c == 2:
                    kv += 0.45 * y
            kinds_val[k] = kv
            han += kv
        self._kinds_val = kinds_val
        # Tanyao: all simples, or one terminal/honour kind to go.
        th_held = [k for k in range(N_KINDS) if counts[k] and k in ORPHANS]
        melds_simple = all(k not in ORPHANS for m in melds for k in m.kinds)
        tanyao_ok = melds_simple and (closed or preset.scoring.kuitan)
        self._sole = th_held[0] if tanyao_ok and len(th_held) == 1 else -1
        self._sure_yaku = has_yaku  # a yakuhai triplet
        self._tanyao_ok = tanyao_ok and len(th_held) <= 1
        if tanyao_ok and not th_held:
            han += 1
            has_yaku = True
        # Half flush (HONITSU): one suit and honours, or one off-suit tile to go.
        self._suit_sole = -1
        self._suit_han = 0.0
        if knobs.HONITSU:
            per_suit = [0, 0, 0]
            for k in range(N_NUMBER_KINDS):
                per_suit[k // 9] += counts[k]
            meld_suits = {k // 9 for m in melds for k in m.kinds if k < N_NUMBER_KINDS}
            for x in meld_suits:
                per_suit[x] += 3
            suit = max(range(3), key=per_suit.__getitem__)
            off = [k for k in range(N_NUMBER_KINDS) if counts[k] and k // 9 != suit]
            if meld_suits <= {suit} and len(off) <= 1:
                flush = 3.0 if closed else 2.0
                if not off:
                    han += flush
                    has_yaku = True
                elif counts[off[0]] == 1:
                    self._suit_sole = off[0]
                    self._suit_han = flush
        self._closed_bonus = 0.0
        if closed:
            self._closed_bonus = riichi_bonus(view)  # riichi, tsumo / ura / ippatsu
            han += self._closed_bonus
            has_yaku = True
        self._open_no_yaku = not has_yaku
        self._closed = closed
        self._base_han = han
        self._dealer = view.dealer == seat
        self._chip_pts = pts
        self._cap = capped(view)

    @property
    def capped(self) -> bool:
        """Whether the preset caps the hand's value (at mangan)."""
        return self._cap

    def keep(self, kind: Kind) -> float:
        """Han lost by discarding ``kind`` (ties: the cheapest goes first)."""
        c = self._counts[kind]
        v = self._kinds_val.get(kind, 0.0)
        lost = v / c if c else 0.0
        lost += self._red_only.get(kind, 0.0)
        if kind == self._sole:
            lost -= 1
        if kind == self._suit_sole:
            lost -= self._suit_han
        return lost

    def after(self, kind: Kind) -> float:
        """The points the hand is worth after discarding ``kind``."""
        han = self._base_han - self.keep(kind)
        if self._open_no_yaku and kind != self._sole and kind != self._suit_sole:
            han *= 0.3  # an open hand without a sure yaku rarely wins
        if self._summer:
            han = level_up(han)
        return points(han, self._dealer, self._cap) + self._chip_pts

    def dama(self, kind: Kind) -> tuple[float, float, bool] | None:
        """Without riichi after discarding ``kind``: the points and han the hand is worth,
        and whether its yaku is tanyao only (the waits must then be simples too); None when
        it has no sure yaku."""
        tanyao = self._tanyao_ok and (self._sole < 0 or kind == self._sole)
        if not (self._sure_yaku or tanyao):
            return None
        han = self._base_han - self.keep(kind) - self._closed_bonus
        leveled = level_up(han) if self._summer else han
        pts = points(leveled, self._dealer, self._cap) + self._chip_pts
        return pts, han, not self._sure_yaku


def points(han: float, dealer: bool, cap: bool = False) -> float:
    """A hand's usual value by han (``cap``: at most a mangan, as in kanto-boo)."""
    han = max(1.0, han)
    lo = int(han)
    if lo >= len(knobs.HAN_POINTS) - 1:
        p = float(knobs.HAN_POINTS[-1])
    else:
        f = han - lo
        p = knobs.HAN_POINTS[lo] * (1 - f) + knobs.HAN_POINTS[lo + 1] * f
    if cap and p > 8000:
        p = 8000.0
    return p * 1.5 if dealer else p


def capped(view: SeatView) -> bool:
    return knobs.PRESET_VALUE and view.preset.scoring.limit_cap == "mangan"


def riichi_bonus(view: SeatView) -> float:
    """A riichi's average han beside its yaku and dora (riichi, tsumo, ura, ippatsu)."""
    if knobs.PRESET_VALUE and not view.preset.scoring.ura_dora:
        return 1.6 - knobs.URA_HAN
    return 1.6


def pochi_unseen(view: SeatView) -> bool:
    """Whether a 白ぽっち that wins when drawn after riichi (gotou) may still be drawn: the
    preset has one and this seat cannot see it."""
    if view.preset.scoring.dot_white != "wild_after_riichi":
        return False
    ts = view.tileset
    for t in view.hand:
        if ts.variant(t) is Variant.DOT:
            return False
    for t in view.dora_indicators:
        if ts.variant(t) is Variant.DOT:
            return False
    for s in range(view.people):
        for t in view.river(s):
            if ts.variant(t) is Variant.DOT:
                return False
        for m in view.melds(s):
            for t in m.tiles:
                if ts.variant(t) is Variant.DOT:
                    return False
    return True


STEP_LEAST: Final = 0.5


STEP_MOST: Final = 1.5
"""The limits of a far hand's step reading against its usual (``FAR_STEP_USUAL``): one pair
for ``win_chance`` and ``far_bounds``, whose pruning is exact only while they agree."""


def win_chance(
    shanten: int, live: int, draws: float, threatened: bool, wait_live: float = -1.0
) -> float:
    """P(this hand wins), roughly, from its shanten, its live useful copies and the draws
    left (each turn a live copy is drawn or discarded by someone); ``wait_live``: for a
    hand one step from ready, the live winning copies of the ready hands its useful draws
    make, on average (``TWO_STEP``; -1: a usual six)."""
    if draws <= 0:
        return 0.0
    if shanten <= 0:
        q = min(0.5, live * knobs.WIN_PER_LIVE)
        p = 1.0 - float((1.0 - q) ** draws)
    elif shanten == 1:
        reach = 1.0 - float((1.0 - min(0.6, live * 0.012)) ** draws)
        wl = 6.0 if wait_live < 0 else wait_live
        q = min(0.5, wl * knobs.WIN_PER_LIVE)
        if knobs.STEP_SUM:
            # Ready at draw t (each draw useful with chance a), then winning in the draws
            # left: a quick hand with a poorer wait against a slower one with a better.
            a = min(0.6, live * 0.012)
            p = 0.0
            miss = 1.0
            t = 1
            while t <= draws:
                p += miss * a * (1.0 - float((1.0 - q) ** (draws - t)))
                miss *= 1.0 - a
                t += 1
            p *= 0.9
        else:
            p = reach * (1.0 - float((1.0 - q) ** (draws * 0.5))) * 0.9
    elif shanten == 2:
        p = (
            0.12
            * min(1.0, draws / 12)
            * (1.0 - knobs.FAR_LIVE + knobs.FAR_LIVE * min(live, 40) / 40)
        )
        if wait_live >= 0:
            # FAR_STEP: the useful copies of the hands one step from ready it reaches.
            p *= min(STEP_MOST, max(STEP_LEAST, wait_live / knobs.FAR_STEP_USUAL)) ** knobs.FAR_STEP
    else:
        p = (
            0.03
            * min(1.0, draws / 14)
            * (1.0 - knobs.FAR_LIVE + knobs.FAR_LIVE * min(live, 60) / 60)
        )
        if wait_live >= 0:
            p *= (
                min(STEP_MOST, max(STEP_LEAST, wait_live / knobs.FAR_STEP3_USUAL))
                ** knobs.FAR_STEP3
            )
    return p * knobs.RACE if threatened else p


def far_bounds(shanten: int) -> tuple[float, float]:
    """The least and the most the step reading (``FAR_STEP``, ``FAR_STEP3``) multiplies a
    far hand's chance by (see ``win_chance``)."""
    e = knobs.FAR_STEP if shanten == 2 else knobs.FAR_STEP3
    return float(STEP_LEAST**e), float(STEP_MOST**e)


def future_discards(shanten: int, draws: float) -> float:
    """Dangerous discards still to make while pushing a hand of this shanten."""
    return min(draws, 2.0 + 2.5 * max(0, shanten))
