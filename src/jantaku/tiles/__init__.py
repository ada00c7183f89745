"""Tiles: kinds, physical copies and their variants, tile sets, and MPSZ notation."""

from jantaku.tiles.kinds import *  # noqa: F403
from jantaku.tiles.kinds import KIND_NAMES, Kind, kind_from_name, kind_glyph, kind_name
from jantaku.tiles.notation import (
    Hand,
    InvalidNotationError,
    Meld,
    MeldType,
    Source,
    kinds_to_string,
    parse_kind,
    parse_tiles,
    tile_name,
    tiles_to_string,
)
from jantaku.tiles.tileset import (
    TILESET_NAMES,
    Tile,
    TileSet,
    Variant,
    build_tileset,
    tile_ids,
    tile_kind,
    tileset,
)

__all__ = [
    "KIND_NAMES",
    "TILESET_NAMES",
    "Hand",
    "InvalidNotationError",
    "Kind",
    "Meld",
    "MeldType",
    "Source",
    "Tile",
    "TileSet",
    "Variant",
    "build_tileset",
    "kind_from_name",
    "kind_glyph",
    "kind_name",
    "kinds_to_string",
    "parse_kind",
    "parse_tiles",
    "tile_ids",
    "tile_kind",
    "tile_name",
    "tiles_to_string",
    "tileset",
]
