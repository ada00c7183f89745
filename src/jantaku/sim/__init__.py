"""Simulation: full games between built-in bots, with statistics, invariant checks and logs."""

from jantaku.sim.runner import GameRecord, SimulationError, play_game, simulate

__all__ = ["GameRecord", "SimulationError", "play_game", "simulate"]
