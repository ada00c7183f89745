"""Physical tiles, their copy variants, and the tile set of every preset.

A physical tile is an int: ``kind * 4 + copy`` for the 34 hand kinds (the Tenhou tile id,
0..135) and ``136 + n`` for the flower ``n`` (``140 + n`` for its second copy, in a set with
two flower sets: gotou's option 華8). Which copies are red, gold
or the dot white depends on the set, so a :class:`TileSet` carries the variant of each id.
Special copies always take the lowest copy numbers (red first, then gold), which makes the
riichi ids 16, 52 and 88 the red fives exactly as in Tenhou records.

>>> s = tileset('gotou')
>>> len(s), s.variant(13 * 4), s.variant(13 * 4 + 1), s.variant(HAKU * 4)
(112, <Variant.RED: 1>, <Variant.GOLD: 2>, <Variant.DOT: 3>)
>>> kind_name(s.dora_from_indicator(M1)), kind_name(tileset('mighty').dora_from_indicator(M1))
('9m', '5m')
"""

from __future__ import annotations

import enum
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Final

from jantaku.tiles.kinds import (
    FLOWERS,
    HAKU,
    HONORS,
    M1,
    M5,
    M9,
    MANZU,
    N_ALL_KINDS,
    P5,
    PINZU,
    S5,
    SOUZU,
    Kind,
    kind_name,
)

Tile = int
"""A physical tile id (see the module docstring)."""

N_TILE_IDS: Final = 144
FLOWER_ID_BASE: Final = 136


class Variant(enum.IntEnum):
    """The copy variant of a physical tile."""

    PLAIN = 0
    RED = 1
    """赤: a red five, dora."""
    GOLD = 2
    """金: a gold five (gotou), worth more chips than red."""
    DOT = 3
    """白ぽっち / 白ピカ: the marked white dragon."""


def tile_kind(tile: Tile) -> Kind:
    """Kind of a physical tile.

    >>> tile_kind(16), tile_kind(136), tile_kind(141)
    (4, 34, 35)
    """
    return tile >> 2 if tile < FLOWER_ID_BASE else ((tile - FLOWER_ID_BASE) & 3) + 34


def tile_ids(kind: Kind) -> range:
    """The physical ids a kind can have (two for a flower, of which a set with one flower set
    has only the first; four otherwise)."""
    if kind >= 34:
        return range(FLOWER_ID_BASE + kind - 34, N_TILE_IDS, 4)
    return range(kind * 4, kind * 4 + 4)


@dataclass(frozen=True)
class TileSet:
    """The physical tiles of one preset, with their variants and the dora cycle.

    Build one with :func:`build_tileset`; the presets' own sets are in :func:`tileset`.
    """

    name: str
    players: int
    tiles: tuple[Tile, ...]
    variants: Mapping[Tile, Variant]
    dora_next: tuple[Kind, ...]
    """Dora kind for each indicator kind (``-1``: the kind does not point to a dora)."""
    hand_kinds: tuple[Kind, ...]
    """Kinds that may stand in a hand (and so a wildcard may become)."""
    _present: frozenset[Tile] = field(repr=False, compare=False, default=frozenset())
    faces: tuple[int, ...] = field(repr=False, compare=False, default=())
    """``kind * 4 + variant`` of each physical id (indexed by id): copies with the same face
    are the same choice for a player, and the engine asks this on every action."""

    def __post_init__(self) -> None:
        object.__setattr__(self, "_present", frozenset(self.tiles))
        faces = tuple(
            tile_kind(t) * 4 + int(self.variants.get(t, Variant.PLAIN)) for t in range(N_TILE_IDS)
        )
        object.__setattr__(self, "faces", faces)

    def __len__(self) -> int:
        return len(self.tiles)

    def __contains__(self, tile: object) -> bool:
        return tile in self._present

    def variant(self, tile: Tile) -> Variant:
        return self.variants.get(tile, Variant.PLAIN)

    def has_kind(self, kind: Kind) -> bool:
        return any(t in self._present for t in tile_ids(kind))

    def copies(self, kind: Kind, variant: Variant | None = None) -> tuple[Tile, ...]:
        """Physical ids of ``kind`` in this set, optionally only those of one variant."""
        return tuple(
            t
            for t in tile_ids(kind)
            if t in self._present and (variant is None or self.variant(t) is variant)
        )

    def dora_from_indicator(self, indicator: Kind) -> Kind:
        """Dora kind pointed to by an indicator kind (``-1`` for a flower)."""
        return self.dora_next[indicator]

    @property
    def kinds(self) -> tuple[Kind, ...]:
        return tuple(k for k in range(N_ALL_KINDS) if self.has_kind(k))


def _dora_cycle(present_kinds: Iterable[Kind]) -> tuple[Kind, ...]:
    present = set(present_kinds)
    nxt = [-1] * N_ALL_KINDS
    for group in (MANZU, PINZU, SOUZU, HONORS[:4], HONORS[4:]):
        ring = [k for k in group if k in present]
        for i, k in enumerate(ring):
            nxt[k] = ring[(i + 1) % len(ring)]
    return tuple(nxt)


def build_tileset(
    name: str,
    *,
    players: int,
    red: Mapping[Kind, int] | None = None,
    gold: Mapping[Kind, int] | None = None,
    dot_white: bool = False,
    flowers: bool = False,
    manzu_fives: bool = False,
    flower_sets: int = 1,
) -> TileSet:
    """Build a tile set.

    ``players=3`` removes 2m-8m; ``manzu_fives`` keeps the four 5m anyway (``mighty``, where
    they are nuki-dora and never stand in a hand). ``red``/``gold`` give the number of red
    and gold copies per five. ``flower_sets=2`` puts two of each flower in the set (華8).
    """
    if players not in (3, 4):
        raise ValueError(f"players must be 3 or 4, not {players!r}")
    red = dict(red or {})
    gold = dict(gold or {})
    for kind, n in list(red.items()) + list(gold.items()):
        if kind not in (M5, P5, S5):
            raise ValueError(f"only fives have red or gold copies, not {kind_name(kind)}")
        if n < 0:
            raise ValueError(f"negative copy count for {kind_name(kind)}")
    kinds: list[Kind] = []
    for k in range(34):
        if players == 3 and M1 < k < M9 and not (manzu_fives and k == M5):
            continue
        kinds.append(k)
    if flowers:
        kinds.extend(FLOWERS)
    variants: dict[Tile, Variant] = {}
    tiles: list[Tile] = []
    for k in kinds:
        ids = list(tile_ids(k))
        if k >= 34:
            ids = ids[:flower_sets]
        n_red, n_gold = red.get(k, 0), gold.get(k, 0)
        if n_red + n_gold > len(ids):
            raise ValueError(f"{kind_name(k)} has only {len(ids)} copies")
        for i, t in enumerate(ids):
            if i < n_red:
                variants[t] = Variant.RED
            elif i < n_red + n_gold:
                variants[t] = Variant.GOLD
        tiles.extend(ids)
    if dot_white:
        variants[HAKU * 4] = Variant.DOT
    for k in red:
        if k not in kinds and red[k]:
            raise ValueError(f"red copies of {kind_name(k)}, which the set does not have")
    hand_kinds = tuple(k for k in kinds if k < 34 and not (manzu_fives and k == M5))
    return TileSet(
        name=name,
        players=players,
        tiles=tuple(tiles),
        variants=MappingProxyType(variants),
        dora_next=_dora_cycle(kinds),
        hand_kinds=hand_kinds,
    )


_PRESET_SETS: Final[dict[str, dict[str, object]]] = {
    "riichi": {"players": 4, "red": {M5: 1, P5: 1, S5: 1}},
    "sanma": {"players": 3, "red": {P5: 1, S5: 1}},
    "gotou": {
        "players": 3,
        "red": {P5: 1, S5: 1},
        "gold": {P5: 1, S5: 1},
        "dot_white": True,
        "flowers": True,
    },
    "tokushima": {"players": 3, "red": {P5: 2, S5: 2}, "dot_white": True, "flowers": True},
    "mighty": {"players": 3, "red": {P5: 2, S5: 2}, "manzu_fives": True},
    "kanto-boo": {"players": 4, "red": {P5: 2}},
}

_CACHE: dict[str, TileSet] = {}


def tileset(name: str) -> TileSet:
    """The tile set of a built-in preset (``riichi``, ``sanma``, ``gotou``, ``tokushima``,
    ``mighty``, ``kanto-boo``).

    >>> [len(tileset(n)) for n in ('riichi', 'sanma', 'gotou', 'tokushima', 'mighty')]
    [136, 108, 112, 112, 112]
    """
    if name not in _CACHE:
        if name not in _PRESET_SETS:
            known = ", ".join(_PRESET_SETS)
            raise ValueError(f"unknown tile set {name!r} (known: {known})")
        _CACHE[name] = build_tileset(name, **_PRESET_SETS[name])  # type: ignore[arg-type]
    return _CACHE[name]


TILESET_NAMES: Final = tuple(_PRESET_SETS)
