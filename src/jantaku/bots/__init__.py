"""Bots: the :class:`Bot` protocol, and the built-in bots (:class:`RandomBot` for fuzzing,
:class:`BaselineBot` that plays sensibly, :class:`StandardBot` worth playing against).

A bot sees the table through a :class:`SeatView` (:mod:`jantaku.game.seat`): the seat's own
state folded from the events that seat saw, its own hand and the public record (rivers,
melds, riichi, dora indicators, scores), never another seat's hand, the wall or the seed.

>>> from jantaku.game import Game
>>> state = Game("riichi", 3).new_state()
>>> seat = state.current_seats()[0]
>>> action = make_bot("baseline", seed=1).choose(SeatView.of(state, seat), seat,
...                                              state.legal_actions(seat))
>>> action in state.legal_actions(seat)
True
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final, Protocol

from jantaku.bots.baseline import BaselineBot
from jantaku.bots.random_bot import RandomBot
from jantaku.bots.standard import StandardBot
from jantaku.game.seat import SeatView, SeatViews

if TYPE_CHECKING:
    from jantaku.game import Action, LegalActions

BOT_KINDS: Final = ("baseline", "random", "standard")


class Bot(Protocol):
    """A player: picks one of the legal actions of ``seat`` from what ``view`` shows."""

    def choose(self, view: SeatView, seat: int, legal: LegalActions) -> Action: ...


def make_bot(kind: str, seed: int = 0) -> Bot:
    """A built-in bot by name: ``"random"``, ``"baseline"`` or ``"standard"``."""
    if kind == "random":
        return RandomBot(seed)
    if kind == "baseline":
        return BaselineBot(seed)
    if kind == "standard":
        return StandardBot(seed)
    raise ValueError(f"unknown bot {kind!r}; choose one of {', '.join(BOT_KINDS)}")


__all__ = [
    "BOT_KINDS",
    "BaselineBot",
    "Bot",
    "RandomBot",
    "SeatView",
    "SeatViews",
    "StandardBot",
    "make_bot",
]
