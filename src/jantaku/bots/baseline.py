"""A baseline bot that plays sensibly and fast.

* It wins whenever it may (tsumo, ron, robbing a kan).
* It sets nuki-dora aside (kita) whenever it may, except a north it may keep for an honour
  yakuman only (gotou, ``north_in_hand = "honor_yakuman_only"``): it keeps that north while
  its hand is heading for one: closed and within ``HONOR_PLAN_MAX`` (3) draws of thirteen
  orphans, or within 3 draws of a hand of manzu and honours only, counting those tiles alone
  (萬子の混一色, which covers all honours, and four winds when the rest is manzu or honours;
  any calls of those kinds). While it keeps a north it discards the tiles its plan does not
  use first (and spare orphan copies), calls pon on any tile of a manzu-and-honours plan and
  no pon on a thirteen-orphans plan. Once the plan is gone it sets the north aside at its
  next draw. After riichi its hand stays as it is (flowers, and a drawn north, are set aside
  as the engine requires).
* It calls pon on its yakuhai (dragons, its seat wind, the round wind) unless its closed
  hand is already tenpai, and passes every other call.
* It discards to minimise shanten, then to maximise the live copies of the draws that
  would lower it (copies not in its hand nor visible in rivers, melds, set-aside tiles and
  dora indicators); for a tenpai discard it avoids a furiten wait first. Remaining ties keep
  dora, red fives, yakuhai pairs and middle tiles.
* It declares riichi whenever it may (closed tenpai, with the best such discard). Where the
  preset offers other kinds of riichi it picks one by these rules, computed only then:

  - open riichi (オープンリーチ) when the wait is strong: at least ``OPEN_MIN_LIVE`` live
    copies of its winning tiles (not in its hand, not visible; ``OPEN_MIN_LIVE_WILDCARD``
    where a wildcard widens every wait, as in mighty). Where nobody may deal in to
    an open riichi (gotou: it can only win by tsumo, for +1000) it also needs at least
    ``OPEN_MIN_OWN_DRAWS`` draws of its own left; under mighty (a 2-han yaku) the wait
    alone decides. Otherwise plain riichi; an open riichi when that is the only riichi the
    discard allows (mighty's furiten riichi).
  - シュバリー (gotou, once per game: a 5000 stick that doubles the chips of the win) when
    the chips the win would surely carry are at least ``SHUBA_MIN_CHIPS`` (its red and gold
    fives and extracted norths at the preset's chip values, plus ``DICE_CHANCE_CHIPS`` for
    a dice-chance shape: four norths or four flowers set aside, or the closed all-star of
    red and gold 5p and 5s), the wait has at least ``SHUBA_MIN_LIVE`` live copies, and the
    stick leaves it at least ``SHUBA_MIN_LEFT`` points. Combined with open riichi when both
    rules say so; once the marker is out the engine no longer offers it.
* Against another seat's riichi, while its own hand is two or more from tenpai, it
  discards a tile safe against that seat (its discards, or tiles discarded by anyone after
  its riichi) when it has one, the most efficient such tile.
* It aborts with nine terminals (九種九牌) when that is allowed and its hand is three or
  more from tenpai.

It only uses what its :class:`~jantaku.bots.SeatView` shows.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from jantaku.bots.common import (
    ORPHANS,
    RIICHI_BY,
    RIICHI_ORDER,
    SHUBA_MIN_LEFT,
    honor_plan,
    keeps_norths,
    kind_counts,
    plain_copy,
    spare_for_plan,
    sure_chips,
)
from jantaku.game.actions import RIICHI_TYPES, ActionType
from jantaku.tiles.kinds import (
    DRAGONS,
    EAST,
    N_ALL_KINDS,
    N_KINDS,
    N_NUMBER_KINDS,
    NORTH,
    Kind,
)
from jantaku.tiles.tileset import N_TILE_IDS, Tile, TileSet, Variant, tile_kind

if TYPE_CHECKING:
    from jantaku.bots import SeatView
    from jantaku.game import Action, LegalActions
    from jantaku.hand import HandAnalyzer


# The hand tables' groups of kinds with the base-5 weight of each kind in its group's key
# (as in ``jantaku.hand.analysis``): three number suits and the honours; with no 2m-8m
# (three players), 1m and 9m join the honours as kinds that form no runs.
_Group = tuple[bool, tuple[tuple[Kind, int], ...]]
_GROUPS4: Final[tuple[_Group, ...]] = (
    *((True, tuple((base + i, 5 ** (8 - i)) for i in range(9))) for base in (0, 9, 18)),
    (False, tuple((EAST + i, 5 ** (6 - i)) for i in range(7))),
)
_GROUPS3: Final[tuple[_Group, ...]] = (
    *((True, tuple((base + i, 5 ** (8 - i)) for i in range(9))) for base in (9, 18)),
    (False, ((0, 5**8), (8, 5**7), *((EAST + i, 5 ** (6 - i)) for i in range(7)))),
)


def _positions(groups: tuple[_Group, ...]) -> dict[Kind, tuple[int, int]]:
    """(group index, weight) of each kind in the groups."""
    return {k: (g, w) for g, (_, kinds) in enumerate(groups) for k, w in kinds}


_POS4: Final = _positions(_GROUPS4)
_POS3: Final = _positions(_GROUPS3)

# -- the house actions' thresholds (see the module docstring) ---------------------------------

OPEN_MIN_LIVE: Final = 6
"""Live copies of the winning tiles for an open riichi (a fresh two-sided wait or better)."""
OPEN_MIN_LIVE_WILDCARD: Final = 9
"""The same where a wildcard widens every wait (mighty: most waits count six or more)."""
OPEN_MIN_OWN_DRAWS: Final = 4
"""Own draws left for an open riichi that nobody may deal in to (it wins by tsumo only)."""
SHUBA_MIN_CHIPS: Final = 3
"""Chips the win surely carries (red/gold fives, norths, dice chances) for シュバリー."""
SHUBA_MIN_LIVE: Final = 4
"""Live copies of the winning tiles for シュバリー (its 5000 stick is lost without a win)."""
# SHUBA_MIN_LEFT, DICE_CHANCE_CHIPS and HONOR_PLAN_MAX are in ``jantaku.bots.common``: the
# standard bot reads them too.


class BaselineBot:
    """The sensible baseline (see the module docstring). Its choices are a function of what
    it sees: ``seed`` is accepted like every bot's, and not needed."""

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed
        self._ts: TileSet | None = None
        self._copies: list[int] = []
        self._special = b""

    # -- entry point --------------------------------------------------------------------------

    def choose(self, view: SeatView, seat: int, legal: LegalActions) -> Action:
        """The turn's flow, shared with the bots built on this one: a win when offered;
        answering a discard, a call (:meth:`_call`) or a pass; a north or flower set aside
        unless kept (:meth:`_keeps_north`); 九種九牌 when far from ready; else a discard
        (:meth:`_discard`)."""
        if not legal:
            raise ValueError(f"seat {seat} has no legal action to choose from")
        pass_: Action | None = None
        kita: Action | None = None
        nine: Action | None = None
        calls: list[Action] = []
        discards: list[Action] = []
        for a in legal:
            t = a.type
            if t is ActionType.TSUMO or t is ActionType.RON:
                return a
            if t is ActionType.DISCARD or t in RIICHI_TYPES:
                discards.append(a)
            elif t is ActionType.PASS:
                pass_ = a
            elif t is ActionType.PON or t is ActionType.CHI:
                calls.append(a)
            elif t is ActionType.KITA:
                kita = a
            elif t is ActionType.NINE_TERMINALS:
                nine = a
        if pass_ is not None:  # answering a discard or a kan
            if calls:
                call = self._call(view, seat, calls)
                if call is not None:
                    return call
            return pass_
        if kita is not None and not (discards and self._keeps_north(view, seat, kita)):
            return kita
        if nine is not None and self._far_from_tenpai(view):
            return nine
        if not discards:
            return legal[0]
        if len(discards) == 1:
            return discards[0]
        return self._discard(view, seat, discards)

    # -- calls ----------------------------------------------------------------------------------

    def _call(self, view: SeatView, seat: int, calls: list[Action]) -> Action | None:
        """The call to make of ``calls`` (pon and chi offered), or None to pass: the
        baseline only pons."""
        pons = [a for a in calls if a.type is ActionType.PON]
        return self._pon(view, seat, pons) if pons else None

    def _pon(self, view: SeatView, seat: int, pons: list[Action]) -> Action | None:
        yakuhai = {*DRAGONS, view.round_wind}
        wind = view.seat_wind(seat)
        if wind is not None:
            yakuhai.add(wind)
        melds = view.melds(seat)
        counts = kind_counts(view.hand)
        plan = honor_plan(view, counts, melds) if keeps_norths(view, counts) else None
        if plan is ORPHANS:
            return None  # a call ends thirteen orphans
        if plan is not None:
            yakuhai |= plan
        choices = [a for a in pons if a.tile is not None and tile_kind(a.tile) in yakuhai]
        if not choices:
            return None
        if not any(m.is_open for m in melds) and view.analyzer.distance(counts, len(melds)) <= 1:
            return None  # closed tenpai: riichi beats an open yakuhai hand
        ts = view.tileset
        # Keep a red copy in the hand only if nothing else differs; call with plain copies.
        return min(choices, key=lambda a: sum(ts.variant(t) is not Variant.PLAIN for t in a.tiles))

    def _far_from_tenpai(self, view: SeatView) -> bool:
        return view.analyzer.shanten(kind_counts(view.hand), len(view.melds(view.seat))) >= 3

    # -- north kept for an honour yakuman -------------------------------------------------------

    def _keeps_north(self, view: SeatView, seat: int, kita: Action) -> bool:
        """Whether to keep the north ``kita`` would set aside (and discard instead)."""
        if kita.tile is None or tile_kind(kita.tile) != NORTH:
            return False
        if view.preset.scoring.north_in_hand != "honor_yakuman_only":
            return False
        if view.in_riichi(seat):
            return True  # the riichi hand stays as it is (a drawn north is set aside: forced)
        return honor_plan(view, kind_counts(view.hand), view.melds(seat)) is not None

    # -- riichi -----------------------------------------------------------------------------

    def riichi_type(
        self, view: SeatView, seat: int, acts: list[Action], counts: list[int], discard: Tile
    ) -> ActionType:
        """The kind of riichi to declare discarding ``discard`` (``counts``: the hand after
        it); ``acts``: the legal actions with that discard."""
        kinds = {a.type for a in acts}
        kinds.discard(ActionType.DISCARD)
        if len(kinds) == 1:
            return next(iter(kinds))
        an = view.analyzer
        n_melds = len(view.melds(seat))
        waits = an.waits(counts, n_melds, view.preset.hand.wildcards)
        copies = self.tile_copies(view.tileset)
        visible = view.visible_counts()
        live = 0
        for k in waits.kinds:
            left = copies[k] - counts[k] - visible[k]
            if left > 0:
                live += left
        need = OPEN_MIN_LIVE_WILDCARD if view.preset.hand.wildcards else OPEN_MIN_LIVE
        want_open = live >= need and (
            not view.preset.table.open_riichi_guarded
            or view.wall_left >= OPEN_MIN_OWN_DRAWS * view.seats
        )
        want_shuba = (
            ActionType.SHUBA_RIICHI in kinds
            and live >= SHUBA_MIN_LIVE
            and view.scores[seat] - view.preset.game.shuba_stick >= SHUBA_MIN_LEFT
            and sure_chips(view, seat, discard) >= SHUBA_MIN_CHIPS
        )
        for o, s in ((want_open, want_shuba), (False, want_shuba), (want_open, False)):
            kind = RIICHI_BY[o, s]
            if kind in kinds:
                return kind
        return next(k for k in RIICHI_ORDER if k in kinds)

    # -- discards -------------------------------------------------------------------------------

    def tile_copies(self, ts: TileSet) -> list[int]:
        if self._ts is not ts:
            copies = [0] * N_ALL_KINDS
            for t in ts.tiles:
                k = tile_kind(t)
                copies[k] = copies[k] + 1
            hand_kinds = set(ts.hand_kinds)
            self._copies = [c if k in hand_kinds else 0 for k, c in enumerate(copies)]
            # 1 for a red, gold or dotted copy, by id (looked up at every discard).
            self._special = bytes(ts.variant(t) is not Variant.PLAIN for t in range(N_TILE_IDS))
            self._ts = ts
        return self._copies

    def _discard(self, view: SeatView, seat: int, options: list[Action]) -> Action:
        an = view.analyzer
        ts = view.tileset
        hand = view.hand
        counts = kind_counts(hand)
        melds = view.melds(seat)
        n_melds = len(melds)
        # The actions by kind, and the kinds in the order they come (lists by kind, not
        # dicts: compiled, no boxed keys to hash).
        by_kind: list[list[Action] | None] = [None] * N_ALL_KINDS
        pool: list[Kind] = []
        for a in options:
            assert a.tile is not None
            k = tile_kind(a.tile)
            acts = by_kind[k]
            if acts is None:
                by_kind[k] = [a]
                pool.append(k)
            else:
                acts.append(a)
        # The distance after each discard, by kind.
        dist = an.discard_distances(counts, n_melds) + [0] * (N_ALL_KINDS - N_KINDS)
        for k in pool:
            if k >= N_KINDS:  # a flower is in no group: its discard leaves the distance
                dist[k] = an.distance(counts, n_melds)
        best = _least(dist, pool)

        pool = spare_for_plan(view, counts, melds, pool)

        # Defence: far from tenpai against a riichi, prefer tiles safe against it.
        if best - 1 >= 2:
            opponents = [s for s in range(view.people) if s != seat and view.in_riichi(s)]
            if opponents:
                safe = [view.safe_kinds(s) for s in opponents]
                n_safe = {k: sum(k in s for s in safe) for k in pool}
                most = max(n_safe.values())
                if most > 0:
                    pool = [k for k in pool if n_safe[k] == most]

        d_min = _least(dist, pool)
        tied = [k for k in pool if dist[k] == d_min]
        if len(tied) == 1:
            kind = tied[0]
        else:
            copies = self.tile_copies(ts)
            visible = view.visible_counts()
            river = 0  # bit k: kind k is in the river (a furiten wait, for a tenpai discard)
            if d_min == 1:
                for t in view.river(seat):
                    river |= 1 << tile_kind(t)
            value = _keep_values(view, seat, counts, hand, self._special, tied)
            draws = _draws_that_may_help(an, counts, n_melds, d_min)
            exchanged = an.exchange_distances(counts, n_melds, tied, draws)
            # Of each draw: the copies not held (room) and those not visible either (left).
            room = [copies[k] - counts[k] for k in draws]
            left = [room[n] - visible[k] for n, k in enumerate(draws)]
            least = (0, 0, 0, -1)  # the least key (furiten, -live, value, kind)
            for i, k in enumerate(tied):
                live, furiten = _live_furiten(k, draws, exchanged[i], d_min, room, left, river)
                key = (furiten, -live, value[k], k)
                if least[3] < 0 or _before(key, least):
                    least = key
            kind = least[3]
        # A plain copy goes first (red and gold ones are kept); then the kind of riichi.
        acts = by_kind[kind]
        assert acts is not None
        same = plain_copy(ts, acts)
        if len(same) == 1:
            return same[0]
        counts[kind] = counts[kind] - 1
        tile = same[0].tile
        assert tile is not None
        rtype = self.riichi_type(view, seat, same, counts, tile)
        counts[kind] = counts[kind] + 1
        return next(a for a in same if a.type is rtype)


def _before(a: tuple[int, int, int, int], b: tuple[int, int, int, int]) -> bool:
    """``a < b`` (compiled, without boxing the tuples for a generic compare)."""
    if a[0] != b[0]:
        return a[0] < b[0]
    if a[1] != b[1]:
        return a[1] < b[1]
    if a[2] != b[2]:
        return a[2] < b[2]
    return a[3] < b[3]


def _least(dist: list[int], kinds: list[Kind]) -> int:
    """The least distance of ``kinds`` (a loop: compiled, ``min`` is a Python call)."""
    least = dist[kinds[0]]
    for k in kinds:
        if dist[k] < least:
            least = dist[k]
    return least


def _draws_that_may_help(an: HandAnalyzer, counts: list[int], melds: int, base: int) -> list[Kind]:
    """The kinds whose draw may bring a hand after one of its discards below the distance
    ``base``: those whose draw brings the whole hand (``counts``, the discard still in it)
    below it. A hand with more tiles is never farther, and the hand after a discard and a
    draw is within the whole hand plus the draw (or is the whole hand, for the discarded
    kind held four times). From one ``HandAnalyzer.draw_distances`` pass: a few kinds of
    the 34 to try after each discard."""
    after = an.draw_distances(counts, melds)
    out: list[Kind] = []
    whole = -1
    for k, d in enumerate(after):
        if counts[k] >= 4:
            if whole < 0:
                whole = an.distance(counts, melds)
            d = whole
        if d < base:
            out.append(k)
    return out


def _live_furiten(
    discard: Kind,
    draws: list[Kind],
    after: list[int],
    base: int,
    room: list[int],
    left: list[int],
    river: int,
) -> tuple[int, int]:
    """Live copies of the draws that lower the distance ``base`` of a hand after
    ``discard`` (the kinds of ``HandAnalyzer.useful_draws``), and 1 if one of those kinds is
    in ``river`` (bit k: kind k), else 0. ``after``: the distance after the discard and each
    draw of ``draws`` (``HandAnalyzer.exchange_distances``; no other draw lowers it);
    ``room``, ``left``: the copies of each draw not in the hand (the discard still in it),
    and those not visible either."""
    live = 0
    furiten = 0
    for n, k in enumerate(draws):
        if after[n] < base:
            back = 1 if k == discard else 0  # the discarded copy is out of the hand
            if room[n] + back > 0:
                live_k = left[n] + back
                if live_k > 0:
                    live += live_k
                if river >> k & 1:
                    furiten = 1
    return live, furiten


def _keep_values(
    view: SeatView,
    seat: int,
    counts: list[int],
    hand: tuple[Tile, ...],
    special_ids: bytes,
    kinds: list[Kind],
) -> list[int]:
    """How much each of the held ``kinds`` is worth keeping when efficiency ties (lower goes
    first), by kind; ``special_ids``: 1 for a red, gold or dotted copy, by id."""
    # Sets of kinds as bit masks (bit k: kind k): compiled, native ints, no set to build.
    yakuhai = 1 << view.round_wind
    for k in DRAGONS:
        yakuhai |= 1 << k
    wind = view.seat_wind(seat)
    if wind is not None:
        yakuhai |= 1 << wind
    dora = 0
    for k in view.dora_kinds:
        if k >= 0:  # a flower indicator points at none (-1)
            dora |= 1 << k
    plain = 0  # a plain copy of the kind is held
    for t in hand:
        if special_ids[t] == 0:
            plain |= 1 << tile_kind(t)
    out = [0] * N_ALL_KINDS
    for k in kinds:
        if k >= N_KINDS:
            v = 0
        elif k >= N_NUMBER_KINDS:
            pair = counts[k] >= 2
            v = (2 if pair else 1) if yakuhai >> k & 1 else (1 if pair else 0)
        else:
            n = k % 9
            v = 1 if n in (0, 8) else 2 if n in (1, 7) else 3
        if dora >> k & 1:
            v += 4
        if not plain >> k & 1:  # every copy held is red, gold or dotted
            v += 4
        out[k] = v
    return out
