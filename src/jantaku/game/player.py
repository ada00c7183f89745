"""One seat's part of the table state: hand, calls, river, riichi, furiten (the fold writes
it; :mod:`jantaku.game.legal` reads it, and keeps what it measures of the hand in
:mod:`jantaku.game.caches`)."""

from __future__ import annotations

from dataclasses import dataclass, field

from jantaku.scoring.situation import RiichiKind
from jantaku.tiles.kinds import N_ALL_KINDS, Kind
from jantaku.tiles.notation import Meld
from jantaku.tiles.tileset import Tile, tile_kind


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
    call_feeder: int | None = None
    """The seat whose discard this player's last call took (mighty 無)."""
    kan_feeder: int | None = None
    """The seat whose discard this player's last open kan took (大明槓の責任払い)."""
    riichi_draws: list[Kind] = field(default_factory=list)
    """Kinds drawn since this player's riichi (gotou option ぐるぐるチャンス)."""

    def called_counts(self) -> list[int]:
        return counts([t for m in self.melds for t in m.tiles])


def counts(tiles: list[Tile]) -> list[int]:
    """How many of each kind (flowers by their own kinds)."""
    c = [0] * N_ALL_KINDS
    for t in tiles:
        k = t >> 2 if t < 136 else tile_kind(t)
        c[k] = c[k] + 1  # not ``+=``: compiled, that is Python's generic add
    return c
