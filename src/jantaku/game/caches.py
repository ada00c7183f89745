"""What legality queries remember between questions: each seat's waits and call masks, and
the turn's legal actions. None of it is the table's state: :meth:`State.emit
<jantaku.game.engine.State.emit>` forgets what each event makes stale before folding it, so
a state rebuilt from its log asks again and gets the same answers."""

from __future__ import annotations

from typing import Final, cast

from jantaku.tiles.kinds import N_NUMBER_KINDS, Kind
from jantaku.tiles.tileset import Tile

from .actions import LegalActions
from .events import (
    Ankan,
    Chi,
    Dahai,
    Daiminkan,
    Event,
    Kakan,
    Nukidora,
    Pon,
    StartKyoku,
    Tsumo,
)

NO_WAITS: frozenset[Kind] = frozenset()


def _ranks(lo: int, hi: int) -> int:
    """Bits of the number kinds of ranks ``lo`` to ``hi`` (1 to 9) of every suit."""
    return sum(1 << k for k in range(N_NUMBER_KINDS) if lo <= k % 9 + 1 <= hi)


_RANK_3_TO_9: Final = _ranks(3, 9)
_RANK_2_TO_8: Final = _ranks(2, 8)
_RANK_1_TO_7: Final = _ranks(1, 7)


class SeatCache:
    """One seat's hand as the legality queries measured it (None or -1: not measured since
    the hand last changed)."""

    def __init__(self) -> None:
        self.waits: frozenset[Kind] | None = None
        """The waits of the hand as it is."""
        self.drawn_waits: frozenset[Kind] | None = None
        """The waits of the hand before its last draw (a tsumo is checked against them)."""
        self.pair_mask = -1
        """:meth:`pon_mask`, once asked."""
        self.run_mask = -1
        """:meth:`chi_mask`, once asked."""
        self.shanten = -1
        """The shanten of the hand at its turn, with its drawn tile. A discard never lowers
        a hand's shanten, so at 1 or more the hand after the discard has no waits (without
        wildcards, whose exact waits may run further)."""

    def hand_changed(self) -> None:
        self.waits = None
        self.pair_mask = -1
        self.run_mask = -1
        self.shanten = -1

    def drew(self) -> None:
        """A tile drawn: the waits before it are the ones a tsumo is checked against."""
        self.drawn_waits = self.waits
        self.hand_changed()

    def discarded(self, wildcards: bool) -> None:
        far = self.shanten >= 1 and not wildcards
        self.hand_changed()
        if far:
            self.waits = NO_WAITS

    def pon_mask(self, hand: list[Tile]) -> int:
        """The kinds this hand holds two of, as bits (bit ``k``: kind ``k``): most discards
        are not one, and this is asked of every other seat at every discard."""
        if self.pair_mask < 0:
            seen = pairs = 0
            for t in hand:
                bit = 1 << (t >> 2)
                pairs |= seen & bit
                seen |= bit
            self.pair_mask = pairs
        return self.pair_mask

    def chi_mask(self, hand: list[Tile]) -> int:
        """The number kinds that make a run with two of this hand's tiles, as bits (bit ``k``:
        kind ``k``): the only discards it could chi (asked of the next seat at every
        discard, at four players)."""
        if self.run_mask < 0:
            held = 0
            for t in hand:
                k = t >> 2
                if k < N_NUMBER_KINDS:
                    held |= 1 << k
            # Bit k of each term: the two below k, k's two neighbours, the two above k are
            # held (and in k's suit).
            self.run_mask = (
                (held << 2 & held << 1 & _RANK_3_TO_9)
                | (held << 1 & held >> 1 & _RANK_2_TO_8)
                | (held >> 1 & held >> 2 & _RANK_1_TO_7)
            )
        return self.run_mask


class Caches:
    """Every seat's :class:`SeatCache` and the legal actions of the seat whose turn it is."""

    def __init__(self, people: int) -> None:
        self.seats: list[SeatCache] = [SeatCache() for _ in range(people)]
        self.legal: LegalActions | None = None
        """The turn's legal actions (a bot asks, then ``apply`` asks again)."""
        self.legal_seat = -1

    def clear(self) -> None:
        """Forget everything (a position changed by hand, as tests set one up)."""
        for c in self.seats:
            c.hand_changed()
            c.drawn_waits = None
        self.legal = None
        self.legal_seat = -1

    def forget(self, ev: Event, wildcards: bool) -> None:
        """Forget what ``ev`` is about to make stale: the turn's actions, and the measures of
        the hand it changes."""
        self.legal = None
        self.legal_seat = -1
        # By the exact class, not a ``match``: asked at every event, most of which change no
        # hand, and a class test per case would cost a few percent of a game.
        if type(ev) is Dahai:
            self.seats[ev.actor].discarded(wildcards)
        elif type(ev) is Tsumo:
            self.seats[ev.actor].drew()
        elif type(ev) in _TAKE_TILES:
            self.seats[cast(_TakesTiles, ev).actor].hand_changed()
        elif type(ev) is StartKyoku:
            for c in self.seats:
                c.hand_changed()
                c.drawn_waits = None


_TakesTiles = Chi | Pon | Daiminkan | Ankan | Kakan | Nukidora
_TAKE_TILES: Final[frozenset[type]] = frozenset({Chi, Pon, Daiminkan, Ankan, Kakan, Nukidora})
"""The events that take tiles from a hand (besides a draw and a discard)."""
