"""A bot that picks uniformly among the legal actions (for fuzzing the engine)."""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, final

from jantaku.game.chance import randbelow

if TYPE_CHECKING:
    from jantaku.bots import SeatView
    from jantaku.game import Action, LegalActions


@final
class RandomBot:
    """Uniform over the legal actions, from its own seeded generator.

    >>> from jantaku.bots import SeatView
    >>> from jantaku.game import Game
    >>> state = Game("sanma", 1).new_state()
    >>> seat = state.current_seats()[0]
    >>> legal = state.legal_actions(seat)
    >>> RandomBot(5).choose(SeatView.of(state, seat), seat, legal) in legal
    True
    """

    def __init__(self, seed: int = 0) -> None:
        self._rng = random.Random(seed)

    def choose(self, view: SeatView, seat: int, legal: LegalActions) -> Action:
        if not legal:
            raise ValueError(f"seat {seat} has no legal action to choose from")
        return legal[randbelow(self._rng, len(legal))]
