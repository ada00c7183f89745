"""The standard bot's discard choice, in named steps: the candidates and what the turn
shows (:class:`Candidates`), each one's offence (its chance to win times its worth), each
one's danger against the threats out (:class:`Defence`), and the choice between them
(:func:`choose_discard`).
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from jantaku.bots.common import (
    ORPHANS,
    kind_counts,
    spare_for_plan,
)
from jantaku.bots.standard import danger, knobs
from jantaku.bots.standard.riichi import Choice, nagashi_value
from jantaku.bots.standard.standing import standing_of
from jantaku.bots.standard.steps import (
    discard_distances,
    step_quality,
    tenpai_quality,
    useful_draws,
)
from jantaku.bots.standard.value import (
    HandValue,
    far_bounds,
    future_discards,
    pochi_unseen,
    win_chance,
)
from jantaku.tiles.kinds import (
    N_KINDS,
    Kind,
)
from jantaku.tiles.tileset import tile_kind

if TYPE_CHECKING:
    from jantaku.bots import SeatView
    from jantaku.game import Action


def choose_discard(view: SeatView, seat: int, options: list[Action], copies: list[int]) -> Choice:
    """The discard to make of ``options`` (``copies``: the tile set's copies of each kind), in
    named steps: the candidates and what the turn shows (:class:`Candidates`), each one's
    offence (:func:`read_offence`), and the choice: the best offence with no threat out
    (:func:`choose_freely`), else each candidate's push weighed against its danger
    (:func:`read_defence`, :func:`choose_against`)."""
    counts = kind_counts(view.hand)
    by_kind: dict[Kind, list[Action]] = {}
    for a in options:
        assert a.tile is not None
        by_kind.setdefault(tile_kind(a.tile), []).append(a)
    if len(by_kind) == 1:
        kind = next(iter(by_kind))
        return Choice(by_kind[kind], counts, kind, 0, True, 0.0, None, None)
    c = Candidates(view, seat, counts, by_kind, copies)
    read_offence(c, copies)
    if not c.threats:
        return choose_freely(c)
    return choose_against(c, read_defence(c))


class Candidates:
    """One discard decision: the hand, the candidate kinds to discard (``pool``) with the
    distance each leaves (``dist``), the threats at the table, the standing the hand is
    played for, the hand's value, and what else the turn shows; then each candidate's
    offence (:func:`read_offence`: its chance to win times its worth)."""

    __slots__ = (
        "an",
        "best",
        "by_kind",
        "closed",
        "counts",
        "deferred",
        "dist",
        "draws_left",
        "live_left",
        "live_of",
        "melds",
        "n_melds",
        "nagashi",
        "noten_gain",
        "offence",
        "pochi",
        "pool",
        "river_kinds",
        "seat",
        "standing",
        "stick_pts",
        "threats",
        "upper",
        "value",
        "view",
        "wild",
    )

    def __init__(
        self,
        view: SeatView,
        seat: int,
        counts: list[int],
        by_kind: dict[Kind, list[Action]],
        copies: list[int],
    ) -> None:
        self.view = view
        self.seat = seat
        self.counts = counts
        self.by_kind = by_kind
        an = self.an = view.analyzer
        melds = self.melds = view.melds(seat)
        n_melds = self.n_melds = len(melds)
        closed = self.closed = not any(m.is_open for m in melds)
        self.dist = discard_distances(an, counts, n_melds, by_kind)
        self.wild = view.preset.hand.wildcards
        visible = view.visible_counts()
        live_left = self.live_left = [
            max(0, copies[k] - counts[k] - visible[k]) for k in range(N_KINDS)
        ]
        learned_open = knobs.LEARNED_OPEN if view.seats >= 4 else knobs.LEARNED_OPEN_3P
        threats = self.threats = danger.read_threats(view, seat, knobs.ONE_CALL, learned_open)
        # In the last hand a win and a deal-in are worth the places they take or lose.
        standing = self.standing = standing_of(view, seat, threats)
        if standing is not None:
            for th in threats:
                th.value = standing.deal_in(th.seat, th.value)
        # The north an honour yakuman keeps (gotou): discard what that plan does not use.
        pool = self.pool = spare_for_plan(view, counts, melds, list(by_kind))
        self.value = HandValue(view, seat, counts, view.hand, melds, closed)
        self.river_kinds = {tile_kind(t) for t in view.river(seat)}
        self.draws_left = view.wall_left / view.seats
        self.best = min(self.dist[k] for k in pool)
        # a win takes the riichi sticks on the table (a シュバリー one is dearer)
        self.stick_pts = view.stick_points
        preset = view.preset
        self.noten_gain = 0.0
        if knobs.NOTEN_PUSH > 0 and not preset.table.tenpai_needs_yaku:
            self.noten_gain = knobs.NOTEN_PUSH * preset.game.noten_total
        self.pochi = knobs.POCHI and closed and pochi_unseen(view)
        # A 流し still alive: its value if the discard is a terminal or honour.
        self.nagashi = nagashi_value(view, seat, counts, live_left) if knobs.NAGASHI else 0.0
        self.offence: dict[Kind, float] = {}
        self.live_of: dict[Kind, int] = {}
        # The far hands' step reading (``FAR_STEP``) is most of the bot's time: it is put
        # off, and read only for the candidates that could still be chosen with it (its
        # factor lies within ``far_bounds``); the others cannot be, whatever it says.
        self.deferred: dict[Kind, tuple[int, int, float, int, list[Kind]]] = {}
        self.upper: dict[Kind, float] = {}

    def read_far(self, k: Kind) -> None:
        """The deferred step reading of ``k``: its offence exactly."""
        shanten, live, w, d, useful = self.deferred.pop(k)
        counts = self.counts
        counts[k] -= 1
        wl = step_quality(self.an, counts, self.n_melds, d, useful, self.live_left)
        counts[k] += 1
        self.offence[k] = win_chance(shanten, live, self.draws_left, bool(self.threats), wl) * w

    def chosen(self, kind: Kind, pushing: bool) -> Choice:
        """The choice of ``kind``, with the points its hand would win."""
        worth = self.value.after(kind) + self.stick_pts
        live = self.live_of.get(kind, 0)
        by_kind = self.by_kind[kind]
        return Choice(by_kind, self.counts, kind, live, pushing, worth, self.value, self.standing)


def read_offence(c: Candidates, copies: list[int]) -> None:
    """Each candidate's offence at the best distance (and one worse, when threatened): its
    chance to win (by its live useful copies, the waits its next steps make) times the
    points the hand would win after it; a far hand's step reading deferred (``FAR_PRUNE``)."""
    view = c.view
    an = c.an
    counts = c.counts
    n_melds = c.n_melds
    wild = c.wild
    live_left = c.live_left
    river_kinds = c.river_kinds
    draws_left = c.draws_left
    threatened = bool(c.threats)
    offence = c.offence
    for k in c.pool:
        d = c.dist[k]
        if d > c.best + (1 if c.threats else 0):
            continue
        counts[k] -= 1
        useful = useful_draws(view, counts, n_melds, d, copies)
        counts[k] += 1
        live = 0
        for u in useful:
            live += live_left[u]
        shanten = d - wild - 1
        if shanten == 0 and (k in useful or not river_kinds.isdisjoint(useful)):
            live = live // 3  # furiten (this discard too): tsumo only
        c.live_of[k] = live
        w = c.value.after(k) + c.stick_pts
        if c.standing is not None:
            w = c.standing.win(w)
        wait_live = -1.0
        if knobs.TWO_STEP and shanten == 1 and wild == 0 and live > 0:
            counts[k] -= 1
            wait_live = tenpai_quality(an, counts, n_melds, useful, live_left, river_kinds, k)
            counts[k] += 1
        elif (
            ((knobs.FAR_STEP > 0 and shanten == 2) or (knobs.FAR_STEP3 > 0 and shanten == 3))
            and wild == 0
            and live > 0
        ):
            if not knobs.FAR_PRUNE:
                counts[k] -= 1
                wait_live = step_quality(an, counts, n_melds, d, useful, live_left)
                counts[k] += 1
                offence[k] = win_chance(shanten, live, draws_left, threatened, wait_live) * w
                continue
            low, high = far_bounds(shanten)
            base = win_chance(shanten, live, draws_left, threatened, -1.0) * w
            c.deferred[k] = (shanten, live, w, d, useful)
            offence[k] = base * low * (1.0 - 1e-9)  # below what the reading can give
            c.upper[k] = base * high * (1.0 + 1e-9)
            continue
        if shanten == 0 and c.pochi:
            live += 1  # the dot white, drawn after riichi, wins
        offence[k] = win_chance(shanten, live, draws_left, threatened, wait_live) * w
        if shanten == 0 and c.noten_gain > 0 and draws_left < knobs.NOTEN_DRAWS:
            # Ready at the exhaustive draw: the noten payments, likelier the nearer.
            offence[k] += c.noten_gain * (1.0 - draws_left / knobs.NOTEN_DRAWS)


def choose_freely(c: Candidates) -> Choice:
    """With no threat out: the nearest distance, then the greatest offence, then the least
    value lost; a terminal or honour instead where a 流し alive is worth more
    (``NAGASHI``), and the safest-later tile among near equals (``SAFE_KEEP``)."""
    offence = c.offence
    dist = c.dist
    value = c.value
    deferred = c.deferred
    upper = c.upper
    if c.nagashi > 0 or knobs.SAFE_KEEP > 0:
        for k in list(deferred):
            c.read_far(k)  # these read every candidate's offence
    elif deferred:
        # Every candidate is at the best distance: the greatest offence is chosen.
        top = max((v for k, v in offence.items() if k not in deferred), default=-1.0)
        for k in sorted(deferred, key=lambda k: (-upper[k], k)):
            if upper[k] < top:
                break
            c.read_far(k)
            top = max(top, offence[k])
    kind = max(offence, key=lambda k: (-dist[k], offence[k], -value.keep(k), -k))
    orphans = [k for k in c.pool if k in ORPHANS]
    if c.nagashi > 0 and kind not in ORPHANS and orphans:
        # The 流し against the hand's own best: a terminal or honour goes when the
        # 流し's value and what the hand still wins after it beat the hand's best.
        alt = max(orphans, key=lambda k: (offence.get(k, 0.0), -dist[k], -value.keep(k), -k))
        if c.nagashi + offence.get(alt, 0.0) > offence[kind]:
            return Choice(c.by_kind[alt], c.counts, alt, 0, False, 0.0, None, None)
    if knobs.SAFE_KEEP > 0 and dist[kind] - c.wild - 1 > 0:
        kind = keep_safe(c.view, c.seat, kind, offence, dist, c.live_left, c.counts)
    return c.chosen(kind, True)


class Defence:
    """Against the threats out: each candidate's danger (the threats' chance to be ready
    times the tile's danger to each times what a deal-in costs), what folding later still
    risks (``fold_weight``), and how much the bot's own hand counts (``push_weight``)."""

    __slots__ = ("danger", "fold_weight", "push", "push_weight")

    def __init__(self, risk: dict[Kind, float], fold_weight: float, push_weight: float) -> None:
        self.danger = risk
        self.fold_weight = fold_weight
        self.push_weight = push_weight
        self.push: dict[Kind, float] = {}
        """Each scored candidate's push: its offence weighed, less the later discards' risk."""

    def score(self, c: Candidates, k: Kind, off: float) -> float:
        """The candidate's worth with ``off`` as its offence (rising with it)."""
        if k in c.offence:
            shanten = c.dist[k] - c.wild - 1
            future = self.fold_weight * knobs.FUTURE_DANGER * future_discards(shanten, c.draws_left)
            step = 1.0 if shanten <= 0 else knobs.PUSH_ONE_STEP if shanten == 1 else knobs.PUSH_FAR
            self.push[k] = self.push_weight * step * off - future
            ev = max(0.0, self.push[k])
        else:
            ev = 0.0
        sc = ev - self.danger[k] + 1e-4 * off - 1e-6 * c.dist[k]
        if c.nagashi > 0 and k in ORPHANS:
            sc += c.nagashi
        return sc


def read_defence(c: Candidates) -> Defence:
    """Each candidate's danger against the threats out, and the push weights."""
    view = c.view
    push_weight = knobs.PUSH_WEIGHT if view.seats >= 4 else knobs.PUSH_WEIGHT_3P
    if c.value.capped:
        push_weight = knobs.PUSH_WEIGHT_CAPPED
    if view.dealer == c.seat:
        push_weight *= knobs.DEALER_PUSH  # a dealer's win also keeps the deal
    if not c.closed:
        push_weight *= knobs.PUSH_OPEN
    risk: dict[Kind, float] = {}
    dora_kinds = view.dora_kinds
    for k in c.pool:
        risk[k] = sum(
            th.p_tenpai * th.value * danger.tile_danger(view, th, k, c.live_left, c.counts)
            for th in c.threats
        )
        if knobs.DORA_DANGER and k in dora_kinds:
            # The win it deals in to holds this dora too.
            risk[k] *= 1.0 + knobs.DORA_DANGER * sum(1 for d in dora_kinds if d == k)
    fold_weight = 0.0
    for th in c.threats:
        if th.waits is None:  # shown waits are avoided tile by tile, at no cost
            fold_weight += th.p_tenpai * th.value
    return Defence(risk, fold_weight, push_weight)


def choose_against(c: Candidates, dfn: Defence) -> Choice:
    """Facing a threat: the candidate whose push (its offence weighed, if worth pushing)
    less its danger is greatest; a deferred far reading is read only where it could still
    win the choice."""
    scores: dict[Kind, float] = {}
    deferred = c.deferred
    for k in c.pool:
        if k in deferred:
            scores[k] = dfn.score(c, k, c.upper[k])
        else:
            scores[k] = dfn.score(c, k, c.offence.get(k, 0.0))
    if deferred:
        top = max((v for k, v in scores.items() if k not in deferred), default=-math.inf)
        for k in sorted(deferred, key=lambda k: (-scores[k], k)):
            if scores[k] < top:
                break
            c.read_far(k)
            scores[k] = dfn.score(c, k, c.offence[k])
            top = max(top, scores[k])
    value = c.value
    kind = max(scores, key=lambda k: (scores[k], -value.keep(k), -k))
    return c.chosen(kind, dfn.push.get(kind, 0.0) > 0)


def keep_safe(
    view: SeatView,
    seat: int,
    kind: Kind,
    offence: dict[Kind, float],
    dist: dict[Kind, int],
    live_left: list[int],
    counts: list[int],
) -> Kind:
    """安牌を残す: of the discards whose offence is within ``SAFE_KEEP`` of the best one's
    (``kind``) at its distance, the one most dangerous to discard later, so that the hand
    keeps the safer tile for when another seat gets ready: each tile's danger as if every
    other seat were ready, by its river (genbutsu, suji, kabe, visible honours)."""
    floor = offence[kind] * (1.0 - knobs.SAFE_KEEP)
    near = [k for k in offence if dist[k] == dist[kind] and offence[k] >= floor]
    if len(near) < 2:
        return kind
    others = []
    for s in range(view.people):
        if s != seat:
            river = frozenset(tile_kind(t) for t in view.river(s))
            others.append(danger.Threat(s, 1.0, 1.0, river, river, None, None))
    later: dict[Kind, float] = {}
    for k in near:
        later[k] = sum(danger.tile_danger(view, th, k, live_left, counts) for th in others)
    return max(near, key=lambda k: (later[k], offence[k], -k))
