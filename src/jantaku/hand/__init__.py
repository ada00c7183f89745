"""Hand analysis: decompositions, shanten, waits and useful draws, with wildcards."""

from jantaku.hand.analysis import (
    Decomposition,
    HandAnalyzer,
    HandError,
    ShantenForms,
    Waits,
)

__all__ = ["Decomposition", "HandAnalyzer", "HandError", "ShantenForms", "Waits"]
