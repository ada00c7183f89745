"""One seat's part of the table state: hand, calls, river, riichi, furiten, and the caches of
its waits (the fold writes it; :mod:`jantaku.game.legal` reads it)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Final

from jantaku.scoring.situation import RiichiKind
from jantaku.tiles.kinds import Kind
from jantaku.tiles.notation import Meld
from jantaku.tiles.tileset import Tile, tile_kind


def _ranks(lo: int, hi: int) -> int:
    """Bits of the number kinds of ranks ``lo`` to ``hi`` (1 to 9) of every suit."""
    return sum(1 << k for k in range(27) if lo <= k % 9 + 1 <= hi)


_RANK_3_TO_9: Final = _ranks(3, 9)
_RANK_2_TO_8: Final = _ranks(2, 8)
_RANK_1_TO_7: Final = _ranks(1, 7)


@dataclass
class Player:
    hand: list[Tile] = field(default_factory=list)
    melds: list[Meld] = field(default_factory=list)
    river: list[Tile] = field(default_factory=list)
    called_from_river: int = 0
    extracted: list[Tile] = field(default_factory=list)
    riichi: RiichiKind = RiichiKind.NONE
    ippatsu: bool = False
    furiten_temp: bool = False
    furiten_riichi: bool = False
    drawn: Tile | None = None
    rinshan_draw: bool = False
    forbidden_kinds: frozenset[Kind] = frozenset()
    discarded_kinds: set[Kind] = field(default_factory=set)
    has_discarded: bool = False
    pao: int | None = None
    """The seat that fed this player's last dragon or wind set (大三元/大四喜 pao)."""
    waits: frozenset[Kind] | None = None
    """Cached waits of the current hand (None: the hand changed since)."""
    drawn_waits: frozenset[Kind] | None = None
    """Cached waits of the hand before its last draw (a tsumo is checked against them)."""
    pair_mask: int = -1
    """Cached :meth:`pon_mask` (-1: the hand changed since)."""
    run_mask: int = -1
    """Cached :meth:`chi_mask` (-1: the hand changed since)."""
    call_feeder: int | None = None
    """The seat whose discard this player's last call took (mighty 無)."""
    kan_feeder: int | None = None
    """The seat whose discard this player's last open kan took (大明槓の責任払い)."""
    riichi_draws: list[Kind] = field(default_factory=list)
    """Kinds drawn since this player's riichi (gotou option ぐるぐるチャンス)."""
    shanten_floor: int = -1
    """The shanten :mod:`~jantaku.game.legal` measured of the hand as it is, with its drawn
    tile (-1: not measured). A discard never lowers a hand's shanten, so at 1 or more the
    hand after the discard is known to have no waits (without wildcards, whose exact waits
    may run further)."""

    def hand_changed(self) -> None:
        self.waits = None
        self.pair_mask = -1
        self.run_mask = -1
        self.shanten_floor = -1

    def pon_mask(self) -> int:
        """The kinds this hand holds two of, as bits (bit ``k``: kind ``k``): most discards
        are not one, and this is asked of every other seat at every discard."""
        if self.pair_mask < 0:
            seen = pairs = 0
            for t in self.hand:
                bit = 1 << (t >> 2)
                pairs |= seen & bit
                seen |= bit
            self.pair_mask = pairs
        return self.pair_mask

    def chi_mask(self) -> int:
        """The number kinds that make a run with two of this hand's tiles, as bits (bit ``k``:
        kind ``k``): the only discards it could chi (asked of the next seat at every
        discard, at four players)."""
        if self.run_mask < 0:
            held = 0
            for t in self.hand:
                k = t >> 2
                if k < 27:
                    held |= 1 << k
            # Bit k of each term: the two below k, k's two neighbours, the two above k are
            # held (and in k's suit).
            self.run_mask = (
                (held << 2 & held << 1 & _RANK_3_TO_9)
                | (held << 1 & held >> 1 & _RANK_2_TO_8)
                | (held >> 1 & held >> 2 & _RANK_1_TO_7)
            )
        return self.run_mask

    def called_counts(self) -> list[int]:
        return counts([t for m in self.melds for t in m.tiles])


def counts(tiles: list[Tile]) -> list[int]:
    """How many of each kind (flowers by their own kinds)."""
    c = [0] * 38
    for t in tiles:
        k = t >> 2 if t < 136 else tile_kind(t)
        c[k] = c[k] + 1  # not ``+=``: compiled, that is Python's generic add
    return c
