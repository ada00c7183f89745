"""Simulation: full games between built-in bots, with statistics, invariant checks and logs."""

from jantaku.sim.runner import GameTally, SimulationError, play_game, simulate

__all__ = ["GameTally", "SimulationError", "play_game", "simulate"]
