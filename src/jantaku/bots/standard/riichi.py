"""The standard bot's riichi and house decisions: which copy to discard, riichi or dama,
which kind of riichi (open, シュバリー) by expected value, dama beside an open riichi that
forces deal-ins (手詰まり放銃), a yakuman 流し kept alive, and closed and added kans.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from jantaku.bots.common import (
    ORPHANS,
    RIICHI_BY,
    RIICHI_ORDER,
    SHUBA_MIN_LEFT,
    kind_counts,
    plain_copy,
    sure_chips,
)
from jantaku.bots.standard import danger, knobs
from jantaku.bots.standard.steps import dist_minus
from jantaku.game.actions import ActionType
from jantaku.tiles.kinds import (
    N_KINDS,
    Kind,
)
from jantaku.tiles.tileset import Tile, tile_kind

if TYPE_CHECKING:
    from jantaku.bots import SeatView
    from jantaku.bots.baseline import BaselineBot
    from jantaku.bots.standard.standing import Standing
    from jantaku.bots.standard.value import HandValue
    from jantaku.game import Action


class Choice:
    """A discard chosen, with what riichi is then weighed by: ``acts`` (the legal actions
    on that kind: the discard, riichi kinds), ``counts`` (the hand before it), ``live``
    (its live winning copies if ready), ``pushing`` (whether the bot pushes its hand),
    ``worth`` (the points the hand would win), ``value`` and ``standing`` (None when not
    read: a single kind to discard; ``standing``: None where the hand is played for points)."""

    __slots__ = ("acts", "counts", "kind", "live", "pushing", "standing", "value", "worth")

    def __init__(
        self,
        acts: list[Action],
        counts: list[int],
        kind: Kind,
        live: int,
        pushing: bool,
        worth: float,
        value: HandValue | None,
        standing: Standing | None,
    ) -> None:
        self.acts = acts
        self.counts = counts
        self.kind = kind
        self.live = live
        self.pushing = pushing
        self.worth = worth
        self.value = value
        self.standing = standing


def finish(bot: BaselineBot, view: SeatView, seat: int, choice: Choice) -> Action:
    """The action discarding ``choice.kind``: a plain copy first (red and gold are kept),
    then riichi or not, and which kind (:func:`riichi_rule`)."""
    return riichi_rule(bot, view, seat, choice)[0]


def riichi_rule(bot: BaselineBot, view: SeatView, seat: int, choice: Choice) -> tuple[Action, str]:
    """:func:`finish`'s action and the rule that chose it: ``"single"`` (one action on the
    copy), ``"riichi"`` (a riichi kind: :func:`riichi_kind`), or dama for a reason:
    ``"no_live"`` (no live wait), ``"folding"``, ``"no_draw"`` (no draw left),
    ``"dama_yaku"`` (:func:`stays_dama`), ``"open_risk"`` (:func:`open_riichi_risk`)."""
    counts = choice.counts
    kind = choice.kind
    worth = choice.worth
    value = choice.value
    same = plain_copy(view.tileset, choice.acts)
    if len(same) == 1:
        return same[0], "single"
    plain = next((a for a in same if a.type is ActionType.DISCARD), None)
    if plain is not None:
        # No live wait (dama, the hand improves), folding, or no draw left.
        if choice.live == 0:
            return plain, "no_live"
        if not choice.pushing:
            return plain, "folding"
        if view.wall_left < view.seats:
            return plain, "no_draw"
    tile = same[0].tile
    assert tile is not None
    if (
        plain is not None
        and value is not None
        and stays_dama(view, seat, counts, kind, worth, value, choice.standing)
    ):
        return plain, "dama_yaku"
    counts[kind] -= 1
    if plain is not None and open_riichi_risk(
        view, seat, counts, worth, bot.tile_copies(view.tileset)
    ):
        counts[kind] += 1
        return plain, "open_risk"
    rtype = riichi_kind(bot, view, seat, same, counts, tile, worth)
    counts[kind] += 1
    return next(a for a in same if a.type is rtype), "riichi"


def stays_dama(
    view: SeatView,
    seat: int,
    counts: list[int],
    kind: Kind,
    worth: float,
    value: HandValue,
    standing: Standing | None,
) -> bool:
    """Whether a ready closed hand stays dama after discarding ``kind``: it has a sure
    yaku without riichi (a yakuhai triplet, or tanyao with simple waits) and is already
    worth ``DAMA_HAN`` han, or, in the last hand, riichi would not add to the places
    its win takes (the top takes any win: it ends the game)."""
    got = value.dama(kind)
    if got is None:
        return False
    pts, han, tanyao_only = got
    stick = float(view.stick_points)
    if standing is not None:
        want = standing.win(pts + stick) >= 0.9 * standing.win(worth)
    else:
        want = han >= (knobs.DAMA_HAN_CAPPED if value.capped else knobs.DAMA_HAN) - 1e-9
    if want and tanyao_only:
        counts[kind] -= 1
        waits = view.analyzer.waits(counts, len(view.melds(seat)), view.preset.hand.wildcards).kinds
        counts[kind] += 1
        want = all(k not in ORPHANS for k in waits)
    return want


def riichi_kind(
    bot: BaselineBot,
    view: SeatView,
    seat: int,
    acts: list[Action],
    counts: list[int],
    discard: Tile,
    worth: float,
) -> ActionType:
    """The kind of riichi by expected value where a preset offers several (``counts``:
    the hand after ``discard``): :func:`riichi_values`' choice, else the baseline's."""
    kinds = {a.type for a in acts}
    kinds.discard(ActionType.DISCARD)
    if len(kinds) == 1:
        return next(iter(kinds))
    rv = riichi_values(bot, view, seat, kinds, counts, discard, worth)
    if rv is None:
        return bot.riichi_type(view, seat, acts, counts, discard)
    return rv.pick


class RiichiValues:
    """What :func:`riichi_values` weighs each kind of riichi by, in expected points:
    ``value[t]`` for each riichi type offered (None: a rule bars it, ``barred[t]`` names
    the rule: ``"open_off"``, ``"shuba_points"``), and ``pick``, the kind chosen."""

    __slots__ = ("barred", "pick", "value")

    def __init__(
        self, value: dict[ActionType, float | None], barred: dict[ActionType, str], pick: ActionType
    ) -> None:
        self.value = value
        self.barred = barred
        self.pick = pick


def riichi_values(
    bot: BaselineBot,
    view: SeatView,
    seat: int,
    kinds: set[ActionType],
    counts: list[int],
    discard: Tile,
    worth: float,
) -> RiichiValues | None:
    """Each riichi type of ``kinds`` (two or more, the hand ``counts`` after ``discard``)
    by its expected points, and the one chosen; None where the hand has no value or no
    live wait to weigh (the baseline's rule then chooses). An open riichi wins by tsumo
    only where nobody may deal in to it (and rarely by ron where its hand is shown), for
    its bonus or its extra han; シュバリー doubles the win's chips for a stick that is lost
    without a win."""
    own = view.wall_left / view.seats
    if worth <= 0 or own <= 0:
        return None
    preset = view.preset
    waits = view.analyzer.waits(counts, len(view.melds(seat)), preset.hand.wildcards)
    copies = bot.tile_copies(view.tileset)
    visible = view.visible_counts()
    left = [max(0, copies[k] - counts[k] - visible[k]) for k in range(N_KINDS)]
    unseen = sum(left)
    live = sum(left[k] for k in waits.kinds if k < N_KINDS)
    if not unseen or not live:
        return None
    share = live / unseen
    p_tsumo = 1.0 - (1.0 - share) ** own
    p_ron = 1.0 - (1.0 - knobs.RON_SHARE * share) ** (own * (view.seats - 1))
    p_closed = 1.0 - (1.0 - p_tsumo) * (1.0 - p_ron)
    if preset.table.open_riichi_guarded:
        p_open = p_tsumo
    else:
        p_open = 1.0 - (1.0 - p_tsumo) * (1.0 - knobs.SHOWN_RON * p_ron)
    gain = float(preset.scoring.open_riichi_bonus * (view.seats - 1))
    if "open_riichi" in preset.scoring.extra_yaku:
        gain += worth * knobs.OPEN_HAN_GAIN
    ev_open = p_open * (worth + gain)
    forced = 0.0
    if knobs.FORCED_RON and preset.table.open_riichi_guarded and preset.scoring.tedumari_han > 0:
        # A seat in riichi that draws our wait must deal in (a yakuman).
        forced = (1.0 - p_open) * forced_ron(view, seat, share, own)
        big = knobs.YAKUMAN_POINTS * (1.5 if view.dealer == seat else 1.0)
        ev_open += forced * (max(worth, big) + preset.scoring.open_riichi_bonus)
    ev_closed = p_closed * worth
    want_open = knobs.OPEN_RIICHI and ev_open > ev_closed
    chips = preset.chips
    extra_stick = preset.game.shuba_stick - preset.scoring.riichi_stick
    sure = (
        sure_chips(view, seat, discard)
        * (chips.point_value or knobs.CHIP_POINTS)
        * knobs.SHUBA_WEIGHT
    )
    shuba_ok = view.scores[seat] - preset.game.shuba_stick >= SHUBA_MIN_LEFT
    # Each kind's expected points: the win's, and シュバ's chips won less its stick lost.
    value: dict[ActionType, float | None] = {}
    barred: dict[ActionType, str] = {}
    for rtype in RIICHI_ORDER:
        if rtype not in kinds:
            continue
        is_open = rtype in (ActionType.OPEN_RIICHI, ActionType.OPEN_SHUBA_RIICHI)
        is_shuba = rtype in (ActionType.SHUBA_RIICHI, ActionType.OPEN_SHUBA_RIICHI)
        if is_open and not knobs.OPEN_RIICHI:
            value[rtype] = None
            barred[rtype] = "open_off"
            continue
        if is_shuba and not shuba_ok:
            value[rtype] = None
            barred[rtype] = "shuba_points"
            continue
        v = ev_open if is_open else ev_closed
        if is_shuba:
            p = p_open + forced if is_open else p_closed
            v += p * sure - (1.0 - p) * extra_stick
        value[rtype] = v
    p_win = p_open + forced if want_open else p_closed
    want_shuba = (
        ActionType.SHUBA_RIICHI in kinds and shuba_ok and p_win * sure > (1.0 - p_win) * extra_stick
    )
    pick: ActionType = next(k for k in RIICHI_ORDER if k in kinds)
    for o, sh in ((want_open, want_shuba), (False, want_shuba), (want_open, False)):
        rtype = RIICHI_BY[o, sh]
        if rtype in kinds:
            pick = rtype
            break
    return RiichiValues(value, barred, pick)


def open_riichi_risk(
    view: SeatView, seat: int, counts: list[int], worth: float, copies: list[int]
) -> bool:
    """Whether a ready closed hand (``counts``, after its discard) should stay dama because
    another seat's open riichi is out where a player with no other discard must deal in to
    it (手詰まり放銃, a yakuman): in riichi each draw of those waits deals in, while dama
    keeps them. Riichi is declared when ``OPEN_RISK_GAIN`` times its chance to win times
    ``worth`` beats the chance of drawing such a tile first times the yakuman."""
    preset = view.preset
    if not (
        knobs.OPEN_RISK and preset.table.open_riichi_guarded and preset.scoring.tedumari_han > 0
    ):
        return False
    shown = [(s, view.open_waits(s)) for s in range(view.people) if s != seat]
    if all(w is None for _, w in shown):
        return False
    own = view.wall_left / view.seats
    visible = view.visible_counts()
    left = [max(0, copies[k] - counts[k] - visible[k]) for k in range(N_KINDS)]
    unseen = sum(left)
    if not unseen or own <= 0:
        return False
    mine = view.analyzer.waits(counts, len(view.melds(seat)), preset.hand.wildcards).kinds
    share = sum(left[k] for k in mine if k < N_KINDS) / unseen
    p_win = 1.0 - float((1.0 - share) ** own)
    risk = 0.0
    for s, waits in shown:
        if waits is None:
            continue
        theirs = sum(left[k] for k in waits if k < N_KINDS) / unseen
        hit = (1.0 - p_win * 0.5) * (1.0 - float((1.0 - theirs) ** own))
        risk += hit * knobs.YAKUMAN_POINTS * (1.5 if view.dealer == s else 1.0)
    return knobs.OPEN_RISK_GAIN * p_win * worth < risk


def nagashi_value(view: SeatView, seat: int, counts: list[int], live_left: list[int]) -> float:
    """What keeping a 流し alive is worth now (0 when it is not): every discard so far a
    terminal or honour and none called. Its chance: the hand reaching the exhaustive draw
    (``NAGASHI_HAZARD`` a round) and a terminal or honour to discard at each draw left
    (those in the hand, ``counts`` with the drawn tile, and those among the draws, from
    ``live_left``: the copies of each kind not in the hand nor visible)."""
    kind_ = view.preset.game.nagashi
    if kind_ == "none" or view.in_riichi(seat):
        return 0.0
    v = knobs.YAKUMAN_POINTS if kind_ == "yakuman" else float(knobs.HAN_POINTS[5])
    if v < knobs.NAGASHI_MIN:
        return 0.0
    river = view.river(seat)
    for t in river:
        if tile_kind(t) not in ORPHANS:
            return 0.0
    if river:
        called = {m.tiles[0] for s in range(view.people) if s != seat for m in view.melds(s)}
        if not called.isdisjoint(river):
            return 0.0
    nuki = view.nuki_kinds
    held = sum(counts[k] for k in ORPHANS if k not in nuki) - 1  # after this discard
    n = int(view.wall_left / view.seats)  # discards still to make after this one
    if held >= n:
        p_tiles = 1.0
    else:
        copies_left = 0
        th_left = 0
        for k in range(N_KINDS):
            if k in nuki:
                continue
            left = live_left[k]
            copies_left += left
            if k in ORPHANS:
                th_left += left
        if not copies_left:
            return 0.0
        f = th_left / copies_left
        # P(at least n - held terminals or honours among n draws), binomial.
        need = n - held
        p_tiles = 1.0 if f >= 1.0 else 0.0
        term = (1.0 - f) ** n  # P(X = 0)
        for x in range(n + 1 if f < 1.0 else 0):
            if x >= need:
                p_tiles += term
            term *= (n - x) / (x + 1) * f / (1.0 - f)
    p = p_tiles * (1.0 - knobs.NAGASHI_HAZARD) ** n
    return p * v * (1.5 if view.dealer == seat else 1.0)


def forced_ron(view: SeatView, seat: int, share: float, own: float) -> float:
    """The chance that an open riichi with ``share`` of the unseen tiles as its live
    waits wins by a forced deal-in (手詰まり放銃) within ``own`` draws of each seat: a seat
    in riichi discards what it draws, so it deals in when it draws the wait; a seat not in
    riichi yet only if it declares one (``FORCED_LATER``), with half the draws left."""
    miss = 1.0
    for s in range(view.people):
        if s == seat or view.seat_wind(s) is None:  # (the seat sitting this hand out)
            continue
        if view.in_riichi(s):
            miss *= float((1.0 - share) ** own)
        else:
            miss *= 1.0 - knobs.FORCED_LATER * (1.0 - float((1.0 - share) ** (own * 0.5)))
    return 1.0 - miss


def choose_kan(view: SeatView, seat: int, kans: list[Action]) -> Action | None:
    """The kan to declare of ``kans`` (closed and added kans offered on a draw), or
    None. A kan shows a new dora indicator (and, closed, ura under it) and draws a
    replacement tile; a closed one adds fu. After riichi the engine offers a closed kan
    only where it keeps the waits: always taken. Before, a kan is taken when it does
    not set the hand back (the hand without the kan's tiles is as near to ready as the
    best discard leaves it) and no other hand is ready, unless this one is ready too
    (a new dora helps a threat as much, and four copies are the safest tiles held).
    Each kan's verdict: :func:`weigh_kans`."""
    return next((a for a, rule in weigh_kans(view, seat, kans) if rule == "kan"), None)


def weigh_kans(view: SeatView, seat: int, kans: list[Action]) -> list[tuple[Action, str]]:
    """Each kan of ``kans`` as :func:`choose_kan`'s rules read it, in order: ``"kan"``
    (taken: the first such), ``"in_riichi"`` (after riichi, only a closed kan), ``"threat"``
    (another hand is ready and this one is not), ``"robbable"`` (an added kan while a
    hand is ready), ``"sets_back"`` (the hand without it is further from ready) or
    ``"later"`` (an earlier kan is taken)."""
    if view.in_riichi(seat):
        out: list[tuple[Action, str]] = []
        taken = False
        for a in kans:
            if a.type is ActionType.ANKAN and not taken:
                taken = True
                out.append((a, "kan"))
            else:
                out.append((a, "later" if taken else "in_riichi"))
        return out
    an = view.analyzer
    counts = kind_counts(view.hand)
    n_melds = len(view.melds(seat))
    best = min(an.discard_distances(counts, n_melds)[k] for k in range(N_KINDS) if counts[k])
    threatened = bool(danger.read_threats(view, seat))
    if threatened and best - view.preset.hand.wildcards - 1 > 0:
        return [(a, "threat") for a in kans]
    verdicts: list[tuple[Action, str]] = []
    done = False
    for a in kans:
        if done:
            verdicts.append((a, "later"))
            continue
        if threatened and a.type is ActionType.KAKAN:
            verdicts.append((a, "robbable"))  # the added tile could be robbed (搶槓)
            continue
        if a.type is ActionType.ANKAN:
            k = tile_kind(a.tiles[0])
            counts[k] -= 4
            d = an.distance(counts, n_melds + 1)
            counts[k] += 4
        else:
            assert a.tile is not None
            k = tile_kind(a.tile)
            d = dist_minus(an, counts, k, n_melds)
        if d <= best:
            done = True
            verdicts.append((a, "kan"))
        else:
            verdicts.append((a, "sets_back"))
    return verdicts
