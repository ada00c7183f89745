"""The game engine: an immutable game (preset + seed), a state with legal actions, events.

Open the module named after your question:

- ``engine``: :class:`Game` and :class:`State`, the front (``apply`` = check, decide, fold);
- ``events``: the typed events of the log (``to_json``/``from_json``); ``outcomes``: what the
  fold computes from them (a win's payments, a draw's); ``wall``: a hand's wall;
- ``fold``: the only code that changes the state, one ``match`` over the events;
- ``legal``: what a seat may do now (turn actions, responses, discards, riichi, furiten);
  ``caches``: what it measured of each hand, forgotten as the events make it stale;
- ``turn``: what a turn action causes; ``resolve``: who gets a discard (ron, pon, chi, head
  bump, double ron); ``draws``: abortive and exhaustive draws, tenpai, 流し;
- ``deal``: dealing, drawing, kan dora, the end of a hand; ``chance``: walls and dice;
- ``situation``: the win situation the scorer is given; ``player``: one seat's state.
"""

from jantaku.game.actions import Action, ActionType, IllegalActionError, LegalActions
from jantaku.game.engine import Game, State, Wall

__all__ = ["Action", "ActionType", "Game", "IllegalActionError", "LegalActions", "State", "Wall"]
