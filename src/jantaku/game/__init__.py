"""The game engine: an immutable game (preset + seed), a state with legal actions, events."""

from jantaku.game.actions import Action, ActionType, IllegalActionError, LegalActions
from jantaku.game.engine import Game, State, Wall

__all__ = ["Action", "ActionType", "Game", "IllegalActionError", "LegalActions", "State", "Wall"]
