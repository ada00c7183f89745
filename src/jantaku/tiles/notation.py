"""MPSZ notation: parse and emit tiles, melds and whole hands, strictly.

Tiles: digits then a suit letter, ``123m456p789s1122z``. ``0`` is a red five (``0m 0p 0s``),
``g`` a gold five inside a ``p`` or ``s`` group (``34g6p``), ``0z`` the dot white, ``1f``-``4f``
the flowers spring, summer, autumn, winter.

Melds follow the concealed tiles, separated by spaces. A meld is a type letter, its tiles,
and where the called tile came from:

=========  ==========================  =====================================================
letter     meld                        example
=========  ==========================  =====================================================
``c``      chi (from the left)         ``c312m`` — 3m called, 1m 2m from the hand
``p``      pon                         ``p555z>`` — white called from the right
``m``      open kan (大明槓)             ``m5555p^`` — called from across
``a``      closed kan (暗槓)             ``a1111s`` — no source
``k``      added kan (加槓)              ``k7777z<`` — pon called from the left, last tile added
``n``      extracted tiles (抜き)        ``n44z1f`` — two norths and spring set aside
=========  ==========================  =====================================================

Sources: ``<`` left (上家), ``^`` across (対面), ``>`` right (下家). In a chi, pon or open kan
the first tile is the called one; in an added kan the last tile is the one added.

>>> h = Hand.parse('123m406p789s11z p555z>')
>>> h
Hand('123m406p789s11z p555z>')
>>> str(Hand.parse('11z789s406p123m p555z>'))
'123m406p789s11z p555z>'
>>> Hand.parse('55555m')  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
jantaku.tiles.notation.InvalidNotationError: '5m' in '55555m': the riichi set has only 3 plain ...
>>> Hand.parse('1111m', tileset('sanma')).concealed
(0, 1, 2, 3)
"""

from __future__ import annotations

import enum
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from functools import cached_property
from typing import Final

from jantaku.tiles.kinds import N_ALL_KINDS, SUIT_LETTERS, Kind, kind_glyph, kind_name
from jantaku.tiles.tileset import Tile, TileSet, Variant, tile_ids, tile_kind, tileset


class InvalidNotationError(ValueError):
    """A hand, tile or meld string that is malformed or impossible under the tile set.

    ``token`` is the offending part, ``text`` the whole input.
    """

    def __init__(self, text: str, token: str, reason: str) -> None:
        self.text = text
        self.token = token
        self.reason = reason
        super().__init__(f"{token!r} in {text!r}: {reason}")


class MeldType(enum.Enum):
    CHI = "c"
    PON = "p"
    MINKAN = "m"
    """大明槓: open kan called on a discard."""
    ANKAN = "a"
    """暗槓: closed kan."""
    KAKAN = "k"
    """加槓: a pon upgraded with the fourth tile."""

    @property
    def is_kan(self) -> bool:
        return self in (MeldType.MINKAN, MeldType.ANKAN, MeldType.KAKAN)


class Source(enum.IntEnum):
    """Where a called tile came from, seen by the caller (Tenhou's relative numbers)."""

    RIGHT = 1
    """下家: the next player in turn order."""
    ACROSS = 2
    """対面."""
    LEFT = 3
    """上家: the previous player in turn order."""


SOURCE_MARKS: Final = {Source.LEFT: "<", Source.ACROSS: "^", Source.RIGHT: ">"}
_MARK_SOURCES: Final = {v: k for k, v in SOURCE_MARKS.items()}
_SUIT_BASE: Final = {"m": 0, "p": 9, "s": 18, "z": 27, "f": 34}
_SUIT_LIMIT: Final = {"m": 9, "p": 9, "s": 9, "z": 7, "f": 4}

_RIICHI: Final = "riichi"


def _default_set(ts: TileSet | None) -> TileSet:
    return ts if ts is not None else tileset(_RIICHI)


_VARIANT_WORDS: Final = {Variant.RED: "red", Variant.GOLD: "gold", Variant.DOT: "dot"}


class TileAllocator:
    """Hands out physical copies while parsing, so copies are counted against the set."""

    def __init__(self, text: str, ts: TileSet) -> None:
        self.text = text
        self.ts = ts
        self.used: set[Tile] = set()

    def take(self, kind: Kind, variant: Variant, token: str) -> Tile:
        ts = self.ts
        if not ts.has_kind(kind):
            raise InvalidNotationError(
                self.text, token, f"the {ts.name} set has no {kind_name(kind)}"
            )
        copies = ts.copies(kind, variant)
        for t in copies:
            if t not in self.used:
                self.used.add(t)
                return t
        what = _VARIANT_WORDS.get(variant, "plain")
        if not copies:
            raise InvalidNotationError(
                self.text, token, f"the {ts.name} set has no {what} {kind_name(kind)}"
            )
        total = len(ts.copies(kind))
        if len(copies) == total:
            reason = f"the {ts.name} set has only {total} copies of {kind_name(kind)}"
        else:
            reason = f"the {ts.name} set has only {len(copies)} {what} {kind_name(kind)}"
            specials = sorted({self.ts.variant(t).name.lower() for t in ts.copies(kind)} - {what})
            if specials:
                reason += f" (its other copies are {', '.join(specials)})"
        raise InvalidNotationError(self.text, token, reason)


def parse_run(text: str, run: str, alloc: TileAllocator) -> list[Tile]:
    """Parse a run of digit groups (``123m406p``) into physical tiles, in written order."""
    tiles: list[Tile] = []
    digits: list[str] = []
    for ch in run:
        if ch.isdigit() or ch == "g":
            digits.append(ch)
            continue
        if ch not in _SUIT_BASE:
            raise InvalidNotationError(text, ch, "unknown character")
        if not digits:
            raise InvalidNotationError(text, ch, "suit letter with no digits before it")
        for d in digits:
            token = d + ch
            variant = Variant.PLAIN
            if d == "g":
                if ch not in "ps":
                    raise InvalidNotationError(text, token, "gold fives exist only in p and s")
                number, variant = 5, Variant.GOLD
            elif d == "0":
                if ch == "z":
                    number, variant = 5, Variant.DOT
                elif ch == "f":
                    raise InvalidNotationError(text, token, "there is no flower 0")
                else:
                    number, variant = 5, Variant.RED
            else:
                number = int(d)
                if not 1 <= number <= _SUIT_LIMIT[ch]:
                    raise InvalidNotationError(text, token, f"no tile {token}")
            tiles.append(alloc.take(_SUIT_BASE[ch] + number - 1, variant, token))
        digits.clear()
    if digits:
        raise InvalidNotationError(text, "".join(digits), "digits with no suit letter after them")
    return tiles


def tile_name(tile: Tile, ts: TileSet | None = None) -> str:
    """MPSZ name of one physical tile: ``'0p'`` for a red five, ``'g5'``… see module doc.

    >>> tile_name(52), tile_name(53)
    ('0p', '5p')
    """
    return _tile_token(tile, _default_set(ts))


def _tile_digit(tile: Tile, ts: TileSet) -> str:
    v = ts.variant(tile)
    if v is Variant.RED or v is Variant.DOT:
        return "0"
    if v is Variant.GOLD:
        return "g"
    return kind_name(tile_kind(tile))[0]


def _tile_token(tile: Tile, ts: TileSet) -> str:
    return _tile_digit(tile, ts) + kind_name(tile_kind(tile))[1]


def _sort_key(tile: Tile, ts: TileSet) -> tuple[int, int, int]:
    v = ts.variant(tile)
    # Special copies before plain ones of the same kind: "0556p", "0g55p".
    return (tile_kind(tile), 1 if v is Variant.PLAIN else 0, int(v))


def tiles_to_string(tiles: Iterable[Tile], ts: TileSet | None = None, *, sort: bool = True) -> str:
    """Emit physical tiles in MPSZ, grouped by suit (sorted unless ``sort=False``).

    >>> tiles_to_string(parse_tiles('5z3m0p1m'))
    '13m0p5z'
    """
    ts = _default_set(ts)
    seq = sorted(tiles, key=lambda t: _sort_key(t, ts)) if sort else list(tiles)
    out: list[str] = []
    for i, t in enumerate(seq):
        out.append(_tile_digit(t, ts))
        letter = kind_name(tile_kind(t))[1]
        nxt = seq[i + 1] if i + 1 < len(seq) else None
        if nxt is None or kind_name(tile_kind(nxt))[1] != letter:
            out.append(letter)
    return "".join(out)


def parse_tiles(text: str, ts: TileSet | None = None) -> tuple[Tile, ...]:
    """Parse a run of tiles (no melds) into physical tiles, in written order.

    >>> parse_tiles('0p5p')
    (52, 53)
    """
    ts = _default_set(ts)
    return tuple(parse_run(text, text.strip(), TileAllocator(text, ts)))


def parse_kind(text: str) -> Kind:
    """Parse a single kind, accepting the variant digits (``'0p'`` → 5p).

    >>> kind_name(parse_kind('0p')), kind_name(parse_kind('gs')), kind_name(parse_kind('1f'))
    ('5p', '5s', '1f')
    """
    s = text.strip()
    if len(s) != 2 or s[1] not in SUIT_LETTERS:
        raise InvalidNotationError(text, s, "expected one tile such as '5p'")
    d, suit = s[0], s[1]
    if d == "g" and suit in "ps":
        return _SUIT_BASE[suit] + 4
    if d == "0" and suit in "mpsz":
        return _SUIT_BASE[suit] + 4
    if not d.isdigit() or not 1 <= int(d) <= _SUIT_LIMIT[suit]:
        raise InvalidNotationError(text, s, f"no tile {s}")
    return _SUIT_BASE[suit] + int(d) - 1


def kinds_to_string(kinds: Iterable[Kind]) -> str:
    """Emit plain kinds in MPSZ.

    >>> kinds_to_string([31, 0, 1])
    '12m5z'
    """
    # The last copy of a kind is plain in every set, so it stands for the bare kind.
    return tiles_to_string(tile_ids(k)[-1] for k in kinds)


@dataclass(frozen=True)
class Meld:
    """A called or declared set. ``tiles[0]`` is the called tile (chi, pon, open kan);
    in an added kan ``tiles[-1]`` is the added tile and ``tiles[0]`` the pon's called tile.
    """

    type: MeldType
    tiles: tuple[Tile, ...]
    source: Source | None = None

    # Cached: a meld is immutable and these are asked at every turn of the engine.
    @cached_property
    def kinds(self) -> tuple[Kind, ...]:
        return tuple(sorted(tile_kind(t) for t in self.tiles))

    @cached_property
    def kind(self) -> Kind:
        """The lowest kind in the meld (the kind of a pon or kan)."""
        return min(tile_kind(t) for t in self.tiles)

    @property
    def is_open(self) -> bool:
        return self.type is not MeldType.ANKAN

    @property
    def is_kan(self) -> bool:
        return self.type.is_kan

    @property
    def called_tile(self) -> Tile | None:
        return None if self.type is MeldType.ANKAN else self.tiles[0]

    def to_string(self, ts: TileSet | None = None) -> str:
        ts = _default_set(ts)
        body = list(self.tiles)
        if self.type in (MeldType.CHI, MeldType.PON, MeldType.MINKAN):
            rest = sorted(body[1:], key=lambda t: _sort_key(t, ts))
            body = [body[0], *rest]
        elif self.type is MeldType.KAKAN:
            body = [body[0], *sorted(body[1:-1], key=lambda t: _sort_key(t, ts)), body[-1]]
        else:
            body = sorted(body, key=lambda t: _sort_key(t, ts))
        mark = (
            SOURCE_MARKS[self.source]
            if self.source is not None and self.type is not MeldType.CHI
            else ""
        )
        return self.type.value + tiles_to_string(body, ts, sort=False) + mark

    def __repr__(self) -> str:
        return f"Meld({self.to_string()!r})"


def check_meld(text: str, token: str, mtype: MeldType, tiles: Sequence[Tile]) -> None:
    kinds = sorted(tile_kind(t) for t in tiles)
    if mtype is MeldType.CHI:
        ok = (
            len(kinds) == 3
            and kinds[0] < 27
            and kinds[1] == kinds[0] + 1
            and kinds[2] == kinds[0] + 2
            and kinds[0] % 9 <= 6
        )
        if not ok:
            raise InvalidNotationError(text, token, "a chi is three consecutive tiles of one suit")
        return
    size = 3 if mtype is MeldType.PON else 4
    if len(kinds) != size or len(set(kinds)) != 1:
        what = "a pon is three" if size == 3 else "a kan is four"
        raise InvalidNotationError(text, token, f"{what} tiles of one kind")
    if kinds[0] >= 34:
        raise InvalidNotationError(text, token, "flowers cannot be called")


def _parse_meld(text: str, token: str, alloc: TileAllocator) -> Meld:
    letter = token[0]
    try:
        mtype = MeldType(letter)
    except ValueError:
        raise InvalidNotationError(
            text, token, f"unknown meld type {letter!r} (c p m a k n)"
        ) from None
    body = token[1:]
    source: Source | None = None
    if body and body[-1] in _MARK_SOURCES:
        source = _MARK_SOURCES[body[-1]]
        body = body[:-1]
    if not body:
        raise InvalidNotationError(text, token, "meld with no tiles")
    tiles = parse_run(text, body, alloc)
    check_meld(text, token, mtype, tiles)
    if mtype is MeldType.ANKAN:
        if source is not None:
            raise InvalidNotationError(text, token, "a closed kan has no source")
    elif mtype is MeldType.CHI:
        if source not in (None, Source.LEFT):
            raise InvalidNotationError(text, token, "a chi is always called from the left")
        source = Source.LEFT
    elif source is None:
        raise InvalidNotationError(
            text, token, "say where the tile came from: < left, ^ across, > right"
        )
    return Meld(mtype, tuple(tiles), source)


@dataclass(frozen=True)
class Hand:
    """A player's tiles: concealed tiles, melds, and extracted tiles (north, flowers, 5m).

    Parsing checks every tile against the tile set, across all parts together.
    """

    concealed: tuple[Tile, ...]
    melds: tuple[Meld, ...] = ()
    extracted: tuple[Tile, ...] = ()
    tileset: TileSet = field(default_factory=lambda: tileset(_RIICHI), compare=False)

    @classmethod
    def parse(cls, text: str, ts: TileSet | None = None) -> Hand:
        ts = _default_set(ts)
        alloc = TileAllocator(text, ts)
        parts = text.split()
        if not parts:
            raise InvalidNotationError(text, text, "empty hand")
        concealed: list[Tile] = []
        melds: list[Meld] = []
        extracted: list[Tile] = []
        for i, part in enumerate(parts):
            if part[0].isdigit() or part[0] == "g":
                if i != 0:
                    raise InvalidNotationError(
                        text, part, "concealed tiles come first, before melds"
                    )
                concealed = parse_run(text, part, alloc)
            elif part[0] == "n":
                if len(part) == 1:
                    raise InvalidNotationError(text, part, "extracted group with no tiles")
                extracted.extend(parse_run(text, part[1:], alloc))
            else:
                melds.append(_parse_meld(text, part, alloc))
        return cls(tuple(concealed), tuple(melds), tuple(extracted), ts)

    def to_string(self) -> str:
        ts = self.tileset
        parts = [tiles_to_string(self.concealed, ts)] if self.concealed else []
        parts.extend(m.to_string(ts) for m in self.melds)
        if self.extracted:
            parts.append("n" + tiles_to_string(self.extracted, ts))
        return " ".join(parts)

    def __str__(self) -> str:
        return self.to_string()

    def __repr__(self) -> str:
        return f"Hand({self.to_string()!r})"

    def glyphs(self) -> str:
        """The hand in Unicode mahjong glyphs, melds in brackets.

        >>> Hand.parse('19m1z p555z>').glyphs()
        '🀇🀏🀀 [🀆🀆🀆]'
        """

        def g(ts: Iterable[Tile]) -> str:
            return "".join(kind_glyph(tile_kind(t)) for t in sorted(ts))

        parts = [g(self.concealed)] if self.concealed else []
        parts.extend(f"[{g(m.tiles)}]" for m in self.melds)
        if self.extracted:
            parts.append(f"({g(self.extracted)})")
        return " ".join(parts)

    def concealed_counts(self) -> list[int]:
        """Counts per kind (length 38) of the concealed tiles."""
        counts = [0] * N_ALL_KINDS
        for t in self.concealed:
            counts[tile_kind(t)] += 1
        return counts

    def all_tiles(self) -> tuple[Tile, ...]:
        out = list(self.concealed)
        for m in self.melds:
            out.extend(m.tiles)
        out.extend(self.extracted)
        return tuple(out)
