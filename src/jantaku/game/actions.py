"""Player actions and the lazy view of the legal ones."""

from __future__ import annotations

import enum
from collections.abc import Iterator, Sequence
from typing import Final, final

from jantaku.tiles.notation import tile_name
from jantaku.tiles.tileset import Tile, TileSet


class ActionType(enum.Enum):
    DISCARD = "discard"
    RIICHI = "riichi"
    """Declare riichi with this discard."""
    OPEN_RIICHI = "open_riichi"
    """Declare open riichi (オープンリーチ, the hand shown) with this discard."""
    SHUBA_RIICHI = "shuba_riichi"
    """Declare シュバリー (double-chip riichi, once per game) with this discard."""
    OPEN_SHUBA_RIICHI = "open_shuba_riichi"
    """Declare シュバリー as an open riichi with this discard."""
    TSUMO = "tsumo"
    RON = "ron"
    CHI = "chi"
    PON = "pon"
    DAIMINKAN = "daiminkan"
    ANKAN = "ankan"
    KAKAN = "kakan"
    KITA = "kita"
    """Set a nuki-dora (north, mighty's 5m) or a flower aside and draw a replacement."""
    NINE_TERMINALS = "nine_terminals"
    """九種九牌: abort the hand on the first turn."""
    PASS = "pass"

    @property
    def is_riichi(self) -> bool:
        """A discard that declares riichi (of any kind)."""
        return self in RIICHI_TYPES


RIICHI_TYPES = frozenset(
    {
        ActionType.RIICHI,
        ActionType.OPEN_RIICHI,
        ActionType.SHUBA_RIICHI,
        ActionType.OPEN_SHUBA_RIICHI,
    }
)


class IllegalActionError(ValueError):
    """An action the rules do not allow now (the message says why); nothing changed."""


@final
class Action:
    """One decision of one seat. ``tile`` is the discarded, called or added tile; ``tiles``
    the tiles taken from the hand for a call or kan. Immutable, hashable, equal by value.

    A plain final class rather than a named tuple: the engine builds one per legal discard
    and answer at every turn, and compiled, a named tuple is built by an interpreted
    ``__new__`` (four times the cost) and read by attribute look-ups.

    >>> Action(ActionType.DISCARD, 0, 53)
    Action(type=<ActionType.DISCARD: 'discard'>, seat=0, tile=53, tiles=())
    >>> str(Action(ActionType.PON, 1, 53, (54, 55)))
    '1:pon 5p +5p5p'
    >>> Action(ActionType.PASS, 2) == Action(ActionType.PASS, 2)
    True
    """

    __slots__ = ("seat", "tile", "tiles", "type")

    def __init__(
        self, type: ActionType, seat: int, tile: Tile | None = None, tiles: tuple[Tile, ...] = ()
    ) -> None:
        self.type: Final = type
        self.seat: Final = seat
        self.tile: Final = tile
        self.tiles: Final = tiles

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Action) and (
            self.type is other.type
            and self.seat == other.seat
            and self.tile == other.tile
            and self.tiles == other.tiles
        )

    def __hash__(self) -> int:
        return hash((self.type, self.seat, self.tile, self.tiles))

    def __repr__(self) -> str:
        return (
            f"Action(type={self.type!r}, seat={self.seat!r}, tile={self.tile!r}, "
            f"tiles={self.tiles!r})"
        )

    def key(self, ts: TileSet) -> tuple[object, ...]:
        """What makes two actions the same choice: copies of one face are interchangeable."""

        faces = ts.faces
        return (
            self.type,
            self.seat,
            None if self.tile is None else faces[self.tile],
            tuple(sorted([faces[t] for t in self.tiles])),
        )

    def __str__(self) -> str:
        parts = [f"{self.seat}:{self.type.value}"]
        if self.tile is not None:
            parts.append(tile_name(self.tile))
        if self.tiles:
            parts.append("+" + "".join(tile_name(t) for t in self.tiles))
        return " ".join(parts)


class LegalActions(Sequence[Action]):
    """The legal actions of a seat: a sequence that also answers ``in`` by choice (any copy
    of the same face counts as the same action).

    Plain discards (one tile per face, the usual bulk of a turn's choices) may be given as
    tiles: their actions are built only when asked for, so a bot that picks one action
    does not pay for the rest.
    """

    def __init__(
        self,
        actions: list[Action],
        ts: TileSet,
        seat: int = -1,
        discards: list[Tile] | None = None,
    ) -> None:
        self._actions = actions
        self._ts = ts
        self._seat = seat
        self._discards: list[Tile] = [] if discards is None else discards
        self._made: list[Action | None] = [None] * len(self._discards)
        """The discard actions built so far, by their place in ``_discards``."""
        self._faces: dict[int, int] | None = None
        self._key_map: dict[tuple[object, ...], Action] | None = None

    def _discard(self, j: int) -> Action:
        a = self._made[j]
        if a is None:
            a = self._made[j] = Action(ActionType.DISCARD, self._seat, self._discards[j])
        return a

    @property
    def _keys(self) -> dict[tuple[object, ...], Action]:
        if self._key_map is None:
            self._key_map = {a.key(self._ts): a for a in self}
        return self._key_map

    def __len__(self) -> int:
        return len(self._actions) + len(self._discards)

    def __getitem__(self, i: int) -> Action:  # type: ignore[override]
        n = len(self._actions)
        if 0 <= i < n:
            return self._actions[i]
        total = n + len(self._discards)
        if i < 0:
            i += total
            if 0 <= i < n:
                return self._actions[i]
        if n <= i < total:
            return self._discard(i - n)
        raise IndexError(f"legal action {i} of {total}")

    def __iter__(self) -> Iterator[Action]:
        # A list's iterator, not a generator: compiled, a generator's every step is a call
        # through Python's iterator protocol (bots iterate every action at every turn).
        if not self._discards:
            return iter(self._actions)
        out = list(self._actions)
        for j in range(len(self._discards)):
            out.append(self._discard(j))
        return iter(out)

    def __contains__(self, action: object) -> bool:
        return isinstance(action, Action) and self.find(action) is not None

    def find(self, action: Action) -> Action | None:
        """The legal action that makes the same choice as ``action``, if any."""
        for a in self._actions:  # the usual case: one of these very actions
            if a is action:
                return a
        if self._discards and action.type is ActionType.DISCARD and not action.tiles:
            for made in self._made:  # the one a bot was just handed
                if made is action:
                    return made
            # Lazy discards are every DISCARD there is: find the face, build nothing else.
            if action.seat != self._seat or action.tile is None:
                return None
            faces = self._ts.faces
            if self._faces is None:
                self._faces = {faces[t]: j for j, t in enumerate(self._discards)}
            if not 0 <= action.tile < len(faces):
                return None
            j = self._faces.get(faces[action.tile])
            return None if j is None else self._discard(j)
        return self._keys.get(action.key(self._ts))

    def __repr__(self) -> str:
        return f"LegalActions([{', '.join(str(a) for a in self)}])"
