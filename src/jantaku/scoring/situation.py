"""The situation of a win: everything scoring needs to know besides the rules."""

from __future__ import annotations

import enum
from collections.abc import Iterable
from dataclasses import dataclass, field

from jantaku.tiles.kinds import EAST, SPRING, Kind
from jantaku.tiles.notation import Meld
from jantaku.tiles.tileset import Tile, TileSet, tile_kind, tileset


class RiichiKind(enum.Enum):
    """The riichi a winner declared. Open riichi and シュバリー (gotou) are riichi too:
    declared on the first uninterrupted turn they are double riichi (``double_open``,
    ``double_shuba``, ``double_open_shuba``)."""

    NONE = "none"
    RIICHI = "riichi"
    DOUBLE = "double"
    OPEN = "open"
    SHUBA = "shuba"
    OPEN_SHUBA = "open_shuba"
    DOUBLE_OPEN = "double_open"
    DOUBLE_SHUBA = "double_shuba"
    DOUBLE_OPEN_SHUBA = "double_open_shuba"

    @property
    def declared(self) -> bool:
        return self is not RiichiKind.NONE

    @property
    def is_double(self) -> bool:
        return self in _DOUBLE

    @property
    def is_open(self) -> bool:
        return self in _OPEN

    @property
    def is_shuba(self) -> bool:
        return self in _SHUBA

    @classmethod
    def of(cls, open: bool = False, shuba: bool = False, double: bool = False) -> RiichiKind:
        """The kind from its three parts."""
        name = "_".join(w for w, on in (("double", double), ("open", open), ("shuba", shuba)) if on)
        return cls(name or "riichi")


_DOUBLE = frozenset(
    {
        RiichiKind.DOUBLE,
        RiichiKind.DOUBLE_OPEN,
        RiichiKind.DOUBLE_SHUBA,
        RiichiKind.DOUBLE_OPEN_SHUBA,
    }
)
_OPEN = frozenset(
    {RiichiKind.OPEN, RiichiKind.OPEN_SHUBA, RiichiKind.DOUBLE_OPEN, RiichiKind.DOUBLE_OPEN_SHUBA}
)
_SHUBA = frozenset(
    {
        RiichiKind.SHUBA,
        RiichiKind.OPEN_SHUBA,
        RiichiKind.DOUBLE_SHUBA,
        RiichiKind.DOUBLE_OPEN_SHUBA,
    }
)


def flower_powers(shown: Iterable[Tile]) -> frozenset[Kind]:
    """gotou: the flowers among ``shown`` (tiles set aside and indicators), whose powers
    their holder has: one reading for the scorer and the bots."""
    return frozenset(tile_kind(t) for t in shown if tile_kind(t) >= SPRING)


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
    start_indicators: int | None = None
    """Dora indicators turned at the start of the hand; those after them in
    ``dora_indicators`` were turned by kans (kan dora). ``None``: the preset's
    ``table.initial_dora`` (the engine always says: mighty's doubles turn one more)."""
    kans: int | None = None
    """Kans made at the table this hand, each turning one kan dora indicator; ``None``: every
    indicator after the start ones is a kan's."""
    extracted: tuple[Tile, ...] = ()
    honba: int = 0
    riichi_sticks: int = 0
    furiten: bool = False
    pao_wind: Kind | None = None
    """The seat liable (包) for a pao yakuman: fed its last dragon/wind set."""
    kan_feeder_wind: Kind | None = None
    """For a rinshan win after an open kan: who discarded the kan's tile (大明槓の責任払い)."""
    wareme_wind: Kind | None = None
    """The 割れ目 seat this hand (mighty)."""
    tedumari: bool = False
    """A forced deal-in to an open riichi (手詰まり放銃): every legal discard dealt in."""
    alice: tuple[Tile, ...] = ()
    """gotou 冬: the tiles turned over one by one after the dora indicators."""
    mu: bool = False
    """mighty 無: after a fourth call and its discard no real tile is left (``concealed`` is
    empty; ``pao_wind`` is who fed the fourth call)."""
    pochi_spilled: bool = False
    """gotou, a physical table: the winner spilled (showed) their own 白ぽっち, so it is no
    wildcard on their tsumo («自身がポッチをこぼした場合のみ ポッチツモあがり禁止»)."""
    sitting_out: bool = False
    """Four people at a three-player table: a fourth person sits out and pays 'all' chips."""
    tileset: TileSet = field(default_factory=lambda: tileset("riichi"), compare=False)

    @property
    def is_dealer(self) -> bool:
        return self.seat_wind == EAST

    @property
    def is_closed(self) -> bool:
        return all(not m.is_open for m in self.melds)

    def flower_powers(self) -> frozenset[Kind]:
        """gotou: the flowers whose power the winner has, set aside or shown as a dora or ura
        indicator (meaningful only where flowers have powers)."""
        return flower_powers((*self.extracted, *self.dora_indicators, *self.ura_indicators))
