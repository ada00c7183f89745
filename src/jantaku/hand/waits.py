"""What a hand waits on (:class:`Waits`): its shanten and the kinds that complete or improve
it; :meth:`jantaku.hand.analysis.HandAnalyzer.waits` finds them."""

from __future__ import annotations

from typing import Final, final

from jantaku.tiles.kinds import Kind, kind_name


@final
class Waits:
    """The kinds that complete a hand one tile short (immutable, compared by value).

    ``infinite`` is true when every kind that the player could still draw completes the hand
    (無限: a wildcard hand whose real tiles are already four sets).
    """

    # A plain class rather than a frozen dataclass: compiled, a dataclass's generated
    # ``__init__`` stays interpreted, and cost 1.5 µs a call, more than the waits search.

    def __init__(self, shanten: int, kinds: tuple[Kind, ...], infinite: bool = False) -> None:
        self._shanten = shanten
        self._kinds = kinds
        self._infinite = infinite

    @property
    def shanten(self) -> int:
        return self._shanten

    @property
    def kinds(self) -> tuple[Kind, ...]:
        return self._kinds

    @property
    def infinite(self) -> bool:
        return self._infinite

    @property
    def names(self) -> list[str]:
        return [kind_name(k) for k in self._kinds]

    def __bool__(self) -> bool:
        return bool(self._kinds)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Waits):
            return NotImplemented
        return (self._shanten, self._kinds, self._infinite) == (
            other._shanten,
            other._kinds,
            other._infinite,
        )

    def __hash__(self) -> int:
        return hash((self._shanten, self._kinds, self._infinite))

    def __repr__(self) -> str:
        return f"Waits(shanten={self._shanten}, kinds={self._kinds}, infinite={self._infinite})"


NO_WAITS: Final[list[Waits]] = [Waits(s, ()) for s in range(-1, 15)]
"""The answer for a hand that is not one tile short, by shanten + 1 (one shared instance:
most hands a bot asks about are not tenpai)."""


def no_waits(shanten: int) -> Waits:
    return NO_WAITS[shanten + 1] if shanten + 1 < len(NO_WAITS) else Waits(shanten, ())
