"""What must hold after every event of a game: each tile of the set in exactly one place
(:func:`jantaku.sim.runner.tile_problem`, the simulator's own check) and the points kept."""

from __future__ import annotations

from jantaku.game import State
from jantaku.sim.runner import tile_problem


def check_invariants(state: State, total_points: int) -> None:
    """Assert every tile is accounted for once (a called tile in its meld and still in the
    discarder's river) and that the scores, the sticks on the table and the points lost to
    the game sum to ``total_points``."""
    problem = tile_problem(state)
    assert problem is None, problem
    led = state.ledger.state
    assert sum(led.scores) + led.stick_points + led.lost_points == total_points
