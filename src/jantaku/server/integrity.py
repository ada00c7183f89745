"""Whether a stored log may be played on: a table's events are folded again, and a log whose
events break the rules (a discard deleted, a tile nobody holds, a seat acting out of turn)
is refused with :class:`BrokenLog` naming the first bad event, instead of being played on
from a state no game could reach.

Folding trusts each event (the engine wrote it); these checks are what a stored row that was
edited, cut short or damaged would break: the tile count of every hand (as the preset deals,
one more for the seat between its draw and its discard), whose turn a discard or a kan is,
and who may call.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Final

from jantaku.game import Game, State
from jantaku.game.events import (
    Ankan,
    Chi,
    Dahai,
    Daiminkan,
    Declare,
    Kakan,
    Nukidora,
    Pass,
    Pon,
    Reach,
    Ryukyoku,
    StartKyoku,
    event_from_json,
)


class BrokenLog(ValueError):
    """A stored log (or row) that cannot be played on: the message names what is wrong."""


TURN_EVENTS: Final = frozenset({Dahai.TYPE, Reach.TYPE, Ankan.TYPE, Kakan.TYPE, Nukidora.TYPE})
"""Events only the seat whose turn it is may cause."""
CALL_EVENTS: Final = frozenset({Chi.TYPE, Pon.TYPE, Daiminkan.TYPE, Pass.TYPE, Declare.TYPE})
"""Events only a seat offered a response may cause."""


def replay_checked(game: Game, events: Sequence[dict[str, Any]]) -> State:
    """The state ``events`` lead to, as :meth:`Game.replay` folds it, or :class:`BrokenLog`
    at the first event that breaks the rules."""
    state = State(game, None, start=False)
    dealt = 13
    for i, d in enumerate(events):
        kind = d.get("type") if isinstance(d, dict) else None
        if kind in TURN_EVENTS or kind in CALL_EVENTS:
            problem = _out_of_turn(state, str(kind), d.get("actor"))
            if problem:
                raise BrokenLog(f"event {i} ({kind}): {problem}")
        if kind == Ryukyoku.TYPE and d.get("reason") != "yao9" and _holding_a_draw(state, dealt):
            # Only nine terminals are declared holding a drawn tile; any other draw of the
            # hand comes after a discard.
            raise BrokenLog(f"event {i} (ryukyoku): the hand ends with a discard missing")
        try:
            state.emit(event_from_json(d), d)
        except Exception as e:  # whatever a damaged event makes the fold raise
            raise BrokenLog(f"event {i} ({kind}) does not follow: {type(e).__name__}: {e}") from e
        if kind == StartKyoku.TYPE:  # a hand's size is the preset's: read it off the deal
            dealt = min((len(p.hand) for p in state.players if p.hand), default=13)
        problem = _tile_counts(state, dealt)
        if problem:
            raise BrokenLog(f"event {i} ({kind}): {problem}")
    state.settle_answers()
    return state


def _out_of_turn(state: State, kind: str, actor: object) -> str | None:
    if kind in TURN_EVENTS:
        if state.phase != "turn" or state.turn != actor:
            return f"seat {actor!r} acts, but it is not its turn"
        return None
    if state.phase != "response" or actor not in state.options:
        return f"seat {actor!r} answers a discard it was offered nothing on"
    return None


def _holding_a_draw(state: State, dealt: int) -> bool:
    return any(len(p.hand) + 3 * len(p.melds) == dealt + 1 for p in state.players)


def _tile_counts(state: State, dealt: int) -> str | None:
    """Each seat in the hand holds ``dealt`` tiles (a kan counting 3), one seat at most one
    more."""
    long = 0
    for seat, p in enumerate(state.players):
        if not p.hand and not p.melds:
            continue  # before the deal, or sitting this hand out
        n = len(p.hand) + 3 * len(p.melds)
        if n not in (dealt, dealt + 1):
            return f"seat {seat} holds {n} tiles"
        long += n == dealt + 1
    if long > 1:
        return f"two seats hold {dealt + 1} tiles at once (a discard is missing)"
    return None
