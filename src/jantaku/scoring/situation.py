"""The situation of a win: everything scoring needs to know besides the rules."""

from __future__ import annotations

import enum
from dataclasses import dataclass, field

from jantaku.tiles.kinds import EAST, Kind
from jantaku.tiles.notation import Meld
from jantaku.tiles.tileset import Tile, TileSet, tileset


class RiichiKind(enum.Enum):
    NONE = "none"
    RIICHI = "riichi"
    DOUBLE = "double"
    OPEN = "open"
    SHUBA = "shuba"
    OPEN_SHUBA = "open_shuba"

    @property
    def declared(self) -> bool:
        return self is not RiichiKind.NONE

    @property
    def is_double(self) -> bool:
        return self is RiichiKind.DOUBLE

    @property
    def is_open(self) -> bool:
        return self in (RiichiKind.OPEN, RiichiKind.OPEN_SHUBA)


@dataclass(frozen=True)
class WinSituation:
    """A win to score. Seats are winds as kinds (``EAST`` = dealer).

    ``concealed`` holds the winner's concealed tiles *including* the winning tile;
    ``win_tile`` is that tile's physical id.
    """

    concealed: tuple[Tile, ...]
    win_tile: Tile
    tsumo: bool
    melds: tuple[Meld, ...] = ()
    seat_wind: Kind = EAST
    round_wind: Kind = EAST
    players: int = 4
    discarder_wind: Kind | None = None
    riichi: RiichiKind = RiichiKind.NONE
    ippatsu: bool = False
    rinshan: bool = False
    chankan: bool = False
    haitei: bool = False
    houtei: bool = False
    first_turn: bool = False
    dora_indicators: tuple[Tile, ...] = ()
    ura_indicators: tuple[Tile, ...] = ()
    extracted: tuple[Tile, ...] = ()
    honba: int = 0
    riichi_sticks: int = 0
    furiten: bool = False
    pao_wind: Kind | None = None
    """The seat liable (包) for a pao yakuman: fed its last dragon/wind set."""
    tileset: TileSet = field(default_factory=lambda: tileset("riichi"), compare=False)

    @property
    def is_dealer(self) -> bool:
        return self.seat_wind == EAST

    @property
    def is_closed(self) -> bool:
        return all(not m.is_open for m in self.melds)
