"""Why a hand is not a win: a fixed set of codes, as python-chess's ``Status`` and the
``mahjong`` package's hand-response errors give, so callers branch on the code and the text
stays free for people.

>>> from jantaku.scoring.refusal import NotAWin, Refusal
>>> e = NotAWin(Refusal.NO_YAKU, "the hand has no yaku")
>>> e.code is Refusal.NO_YAKU, str(e)
(True, 'the hand has no yaku')
"""

from __future__ import annotations

from enum import StrEnum


class Refusal(StrEnum):
    """Why the scorer refused a hand (the value is stable: logs and APIs may carry it)."""

    WIN_TILE_NOT_HELD = "win_tile_not_held"
    """The winning tile is not among the concealed tiles."""
    TILE_COUNT = "tile_count"
    """The concealed tiles and melds do not make a hand of the right size."""
    INCOMPLETE = "incomplete"
    """No reading completes the hand."""
    NO_YAKU = "no_yaku"
    """Complete, but no yaku (dora are not yaku)."""
    TOO_FEW_HAN = "too_few_han"
    """Yaku, but fewer han of them than the rules need (min_han, two_han_from_honba)."""
    NO_VALUE = "no_value"
    """Yaku, but the point table gives the hand no value."""
    NORTH_IN_HAND = "north_in_hand"
    """A north kept in the hand outside an honor yakuman (gotou)."""
    NO_MU = "no_mu"
    """A 無 win under rules without 無."""
    NOT_MU = "not_mu"
    """A 無 win without four calls and an empty hand."""
    NO_DISCARDER = "no_discarder"
    """A ron whose discarder is not given."""
    NO_HAN = "no_han"
    """A stated value (the ledger) with neither han nor yakuman."""
    NO_FU = "no_fu"
    """A stated value without the fu the point table needs."""


class NotAWin(ValueError):
    """The hand is not a legal win under the rules: ``code`` says why, the message in
    words."""

    def __init__(self, code: Refusal, message: str) -> None:
        super().__init__(message)
        self.code = code

    def __reduce__(self) -> tuple[type[NotAWin], tuple[Refusal, str]]:
        # Across processes (a simulation's workers) the code travels with the message.
        return type(self), (self.code, str(self))
