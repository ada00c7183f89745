"""The standard bot's reading of every discard it was offered, for a review (牌譜検討).

:func:`read_discards` runs the bot's own discard steps (:class:`~.discard.Candidates`,
:func:`~.discard.read_offence`, :func:`~.discard.read_defence`) on one decision and keeps
what they score for each candidate, instead of only the best one: with no threat out, each
discard's offence (its chance to win times the points it would win: expected points); with
a threat out, each one's push less its danger (:meth:`~.discard.Defence.score`, in points).
It reads each candidate it weighs fully (no deferred far reading), which the bot itself
skips when it cannot change the choice. With no threat out the bot never weighs a discard
that sets the hand back (it takes the nearest distance first): such a kind has no value
here, only its distance. In the last hand (a :class:`~.standing.Standing`) those values
are in places (``RANK_POINTS`` a place, :meth:`~.standing.Standing.win`), not points: the
reading's ``unit`` says which. Where a kind may be discarded with several kinds of riichi,
each kind's expected points as :func:`~.riichi.riichi_values` weighs them are kept too. It
chooses nothing, and the bot's choice is still :func:`~.discard.choose_discard`'s.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from jantaku.bots.common import kind_counts, plain_copy
from jantaku.bots.standard.discard import Candidates, read_defence, read_offence
from jantaku.bots.standard.riichi import RiichiValues, riichi_values
from jantaku.game.actions import ActionType
from jantaku.tiles.kinds import Kind
from jantaku.tiles.tileset import tile_kind

if TYPE_CHECKING:
    from jantaku.bots import SeatView
    from jantaku.bots.baseline import BaselineBot
    from jantaku.game import Action


class DiscardReading:
    """What the bot's discard steps score for each kind it may discard.

    ``mode``: ``"free"`` (no threat out: ``value`` is each kind's offence, expected points),
    ``"against"`` (a threat out: ``value`` is each kind's push less its danger, in points)
    or ``"single"`` (one kind to discard: nothing to weigh). ``value[k]`` is None for a
    kind the bot does not weigh (a step back with no threat out; a kind a gotou north plan
    keeps). ``dist``: the
    distance from complete each discard leaves (shanten + 1); ``danger``: each kind's
    expected deal-in loss against the threats out (points, ``"against"`` only); ``order``:
    the kinds best first by the bot's own sort key; ``unit``: ``"points"`` or, in the last
    hand, ``"places"``; ``riichi``: for each kind with two or more kinds of riichi, what
    :func:`~.riichi.riichi_values` weighs them by (expected points; None: the baseline's
    rule chooses)."""

    __slots__ = ("danger", "dist", "mode", "offence", "order", "riichi", "unit", "value")

    def __init__(
        self,
        mode: str,
        value: dict[Kind, float | None],
        dist: dict[Kind, int],
        offence: dict[Kind, float],
        danger: dict[Kind, float],
        order: list[Kind],
        unit: str = "points",
        riichi: dict[Kind, RiichiValues | None] | None = None,
    ) -> None:
        self.mode = mode
        self.unit = unit
        self.riichi = riichi if riichi is not None else {}
        self.value = value
        self.dist = dist
        self.offence = offence
        self.danger = danger
        self.order = order


def read_discards(
    view: SeatView,
    seat: int,
    options: list[Action],
    copies: list[int],
    bot: BaselineBot | None = None,
) -> DiscardReading:
    """The bot's score of each kind among the discard ``options`` (``copies``: the tile
    set's copies of each kind), from the same steps :func:`~.discard.choose_discard` takes;
    with ``bot``, each kind's riichi kinds too."""
    counts = kind_counts(view.hand)
    by_kind: dict[Kind, list[Action]] = {}
    for a in options:
        assert a.tile is not None
        by_kind.setdefault(tile_kind(a.tile), []).append(a)
    if len(by_kind) == 1:
        kind = next(iter(by_kind))
        return DiscardReading("single", {kind: None}, {}, {}, {}, [kind])
    c = Candidates(view, seat, counts, by_kind, copies)
    read_offence(c, copies)
    for k in list(c.deferred):
        c.read_far(k)
    value: dict[Kind, float | None] = dict.fromkeys(by_kind)
    keep = c.value.keep
    unit = "places" if c.standing is not None else "points"
    riichi = _riichi(bot, c) if bot is not None else {}
    if not c.threats:
        # The nearest distance first: a step back is never weighed against it (no value).
        for k in c.pool:
            value[k] = c.offence.get(k)
        dist = c.dist
        order = sorted(c.pool, key=lambda k: (dist[k], -c.offence.get(k, 0.0), keep(k), k))
        return DiscardReading("free", value, dict(c.dist), dict(c.offence), {}, order, unit, riichi)
    dfn = read_defence(c)
    scores: dict[Kind, float] = {}
    for k in c.pool:
        scores[k] = dfn.score(c, k, c.offence.get(k, 0.0))
        value[k] = scores[k]
    order = sorted(c.pool, key=lambda k: (-scores[k], keep(k), k))
    return DiscardReading(
        "against", value, dict(c.dist), dict(c.offence), dfn.danger, order, unit, riichi
    )


def _riichi(bot: BaselineBot, c: Candidates) -> dict[Kind, RiichiValues | None]:
    """Each kind's riichi kinds by :func:`~.riichi.riichi_values`, where it has two or more
    (the hand's worth after the discard as :meth:`Candidates.chosen` gives it)."""
    out: dict[Kind, RiichiValues | None] = {}
    counts = c.counts
    for k, acts in c.by_kind.items():
        same = plain_copy(c.view.tileset, acts)
        kinds = {a.type for a in same}
        kinds.discard(ActionType.DISCARD)
        if len(kinds) < 2:
            continue
        tile = same[0].tile
        assert tile is not None
        worth = c.value.after(k) + c.stick_pts
        counts[k] -= 1
        out[k] = riichi_values(bot, c.view, c.seat, kinds, counts, tile, worth)
        counts[k] += 1
    return out
