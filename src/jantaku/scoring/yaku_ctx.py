"""What a yaku's predicate reads (:class:`Ctx`: one reading of a win with its situation and
gate bits) and a yaku's declaration (:class:`Yaku`); the units are in
:mod:`jantaku.scoring.yaku` and :mod:`jantaku.scoring.yaku_house`."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import final

from jantaku.tiles.kinds import (
    Kind,
)

from .reading import Reading
from .situation import WinSituation


@final
class Ctx:
    """What the predicates look at: one reading of one win, with derived facts.

    A plain class rather than a dataclass: the scorer makes one per reading, and a compiled
    dataclass still runs the ``__init__`` that :mod:`dataclasses` writes in Python."""

    __slots__ = (
        "ankou",
        "closed",
        "concealed_counts",
        "counts",
        "gates",
        "kans",
        "r",
        "seqs",
        "sit",
        "trips",
        "value_pair",
    )

    def __init__(
        self,
        sit: WinSituation,
        r: Reading,
        counts: list[int],
        closed: bool,
        trips: tuple[Kind, ...],
        seqs: tuple[Kind, ...],
        kans: int,
        ankou: int,
        value_pair: bool,
        concealed_counts: list[int],
        gates: int,
    ) -> None:
        self.sit = sit
        self.r = r
        self.counts = counts
        """All the hand's tiles per kind (concealed, winning tile and melds; a kan counts 4)."""
        self.closed = closed
        self.trips = trips
        self.seqs = seqs
        self.kans = kans
        self.ankou = ankou
        self.value_pair = value_pair
        self.concealed_counts = concealed_counts
        self.gates = gates
        """The gate bits that hold (see :mod:`jantaku.scoring.gates`)."""


@dataclass(frozen=True)
class Yaku:
    id: str
    tenhou_id: int | None
    name_en: str
    name_ja: str
    han_closed: int
    han_open: int
    test: Callable[[Ctx], bool] | None
    """The predicate, called only when every bit of ``needs`` holds (it may rely on them);
    ``None``: the bits are the whole condition."""
    yakuman: int = 0
    needs: int = 0
    """Gate bits (:mod:`jantaku.scoring.gates`) the yaku needs; each one must be implied by
    the yaku's real condition, so a hand without it cannot have the yaku."""

    def holds(self, c: Ctx) -> bool:
        """Whether this reading has the yaku."""
        if self.needs & ~c.gates:
            return False
        return self.test is None or self.test(c)
