"""The lines of each hand's result and of the settlement, for the table's result dialogs.

The ledger moves every point and chip as a named line (:mod:`jantaku.scoring.breakdown`);
this finds which lines each hand's result moved (its wins and draw: what the dialog's
columns add up) by folding the log again, one event at a time. The recorded events stay as
they are: the lines go out beside them.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from jantaku.game.engine import Game, State
from jantaku.game.events import EndGame, EndKyoku, Hora, Ryukyoku, StartKyoku, event_from_json

RESULT_EVENTS = frozenset({Hora.TYPE, Ryukyoku.TYPE})
"""The events whose payments the result dialog's columns add up."""
ENDS = frozenset({EndKyoku.TYPE, EndGame.TYPE})


def result_lines(game: Game, events: Sequence[dict[str, Any]]) -> dict[str, Any]:
    """``{"hands": [[line, ...] for each hand ended], "settlement": [line, ...]}``: each
    line ``{"kind": "points" | "chips", "item", "deltas", "win"}`` (``win``: the index of
    the win in its hand that paid it, None for a draw's); the settlement's lines
    ``{"item", "values"}`` in the preset's unit."""
    state = State(game, None, start=False)
    journal = state.ledger.journal
    hands: list[list[dict[str, Any]]] = []
    current: list[dict[str, Any]] = []
    wins = 0
    for d in events:
        start = journal.cut()
        ev = event_from_json(d)
        state.emit(ev, d)
        if isinstance(ev, Hora | Ryukyoku):
            win = wins if isinstance(ev, Hora) else None
            current.extend({**line.as_json(), "win": win} for line in journal.lines[start:])
            wins += isinstance(ev, Hora)
        elif isinstance(ev, EndKyoku):
            hands.append(current)
            current, wins = [], 0
        elif isinstance(ev, StartKyoku):
            current, wins = [], 0
    led = state.ledger.state
    settlement = (
        [{"item": item, "values": list(values)} for item, values in led.settlement_items]
        if led.game_over
        else []
    )
    return {"hands": hands, "settlement": settlement}


def ends_in(events: Sequence[dict[str, Any]]) -> bool:
    """Whether ``events`` end a hand or the game (a message that needs the lines)."""
    return any(d.get("type") in ENDS for d in events)
