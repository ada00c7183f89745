"""Tile kinds (34 riichi kinds + 4 flowers) as plain ints behind named constants.

A *kind* is what a tile is for hand shape: ``0..8`` = 1-9m, ``9..17`` = 1-9p,
``18..26`` = 1-9s, ``27..30`` = East South West North, ``31..33`` = white green red
dragons, ``34..37`` = the flowers spring summer autumn winter.

>>> M1, P5, S9, EAST, HAKU, SPRING
(0, 13, 26, 27, 31, 34)
>>> kind_name(P5), kind_name(CHUN), kind_name(WINTER)
('5p', '7z', '4f')
>>> is_terminal_or_honor(M9), is_terminal_or_honor(P5)
(True, False)
"""

from __future__ import annotations

from typing import Final

Kind = int

# Final ints: a compiled module reads them as C constants, not as module attributes.
M1: Final = 0
M2: Final = 1
M3: Final = 2
M4: Final = 3
M5: Final = 4
M6: Final = 5
M7: Final = 6
M8: Final = 7
M9: Final = 8
P1: Final = 9
P2: Final = 10
P3: Final = 11
P4: Final = 12
P5: Final = 13
P6: Final = 14
P7: Final = 15
P8: Final = 16
P9: Final = 17
S1: Final = 18
S2: Final = 19
S3: Final = 20
S4: Final = 21
S5: Final = 22
S6: Final = 23
S7: Final = 24
S8: Final = 25
S9: Final = 26
EAST: Final = 27
SOUTH: Final = 28
WEST: Final = 29
NORTH: Final = 30
HAKU: Final = 31
HATSU: Final = 32
CHUN: Final = 33
SPRING: Final = 34
SUMMER: Final = 35
AUTUMN: Final = 36
WINTER: Final = 37

# Japanese and common aliases, so code reads like the rule it implements.
TON: Final = EAST
NAN: Final = SOUTH
SHAA: Final = WEST
PEI: Final = NORTH
WHITE: Final = HAKU
GREEN: Final = HATSU
RED: Final = CHUN
HARU: Final = SPRING
NATSU: Final = SUMMER
AKI: Final = AUTUMN
FUYU: Final = WINTER

WIND_LETTERS: Final = "ESWN"
"""The winds' letters in turn order (east, south, west, north), as logs and JSON write them."""

N_NUMBER_KINDS: Final = 27
"""The number kinds (manzu, pinzu, souzu): a kind below it is a suit tile."""
N_KINDS: Final = 34
"""The 34 kinds that can be in a hand."""
N_ALL_KINDS: Final = 38
"""Hand kinds plus the four flowers."""

MANZU: Final = tuple(range(0, 9))
PINZU: Final = tuple(range(9, 18))
SOUZU: Final = tuple(range(18, 27))
WINDS: Final = (EAST, SOUTH, WEST, NORTH)
DRAGONS: Final = (HAKU, HATSU, CHUN)
HONORS: Final = WINDS + DRAGONS
FLOWERS: Final = (SPRING, SUMMER, AUTUMN, WINTER)
TERMINALS: Final = (M1, M9, P1, P9, S1, S9)
TERMINALS_AND_HONORS: Final = TERMINALS + HONORS
FIVES: Final = (M5, P5, S5)
GREEN_KINDS: Final = (S2, S3, S4, S6, S8, HATSU)

SUIT_LETTERS: Final = "mpszf"
"""Suit letter by suit index: 0 man, 1 pin, 2 sou, 3 honors (z), 4 flowers (f)."""


def suit_of(kind: Kind) -> int:
    """Suit index: 0 m, 1 p, 2 s, 3 z (honors), 4 f (flowers)."""
    return 3 if 27 <= kind < 34 else 4 if kind >= 34 else kind // 9


def number_of(kind: Kind) -> int:
    """The digit written in MPSZ notation: 1-9 in a suit, 1-7 for honors, 1-4 for flowers."""
    if kind < 27:
        return kind % 9 + 1
    if kind < 34:
        return kind - 26
    return kind - 33


def is_terminal(kind: Kind) -> bool:
    return kind < 27 and kind % 9 in (0, 8)


def is_terminal_or_honor(kind: Kind) -> bool:
    return (kind < 27 and kind % 9 in (0, 8)) or 27 <= kind < 34


def is_simple(kind: Kind) -> bool:
    """2-8 of a suit (断幺九 tiles)."""
    return kind < 27 and 0 < kind % 9 < 8


def kind_name(kind: Kind) -> str:
    """MPSZ name of a kind: ``'5p'``, ``'7z'``, ``'1f'``."""
    if not 0 <= kind < N_ALL_KINDS:
        raise ValueError(f"no tile kind {kind!r}")
    return f"{number_of(kind)}{SUIT_LETTERS[suit_of(kind)]}"


def kind_from_name(name: str) -> Kind:
    """Inverse of :func:`kind_name` (plain kinds only: ``'0p'`` is not a kind name).

    >>> kind_from_name('7z') == CHUN
    True
    """
    if len(name) != 2 or not name[0].isdigit() or name[1] not in SUIT_LETTERS:
        raise ValueError(f"not a tile kind name: {name!r}")
    n, suit = int(name[0]), SUIT_LETTERS.index(name[1])
    limit = (9, 9, 9, 7, 4)[suit]
    if not 1 <= n <= limit:
        raise ValueError(f"not a tile kind name: {name!r}")
    return (0, 9, 18, 27, 34)[suit] + n - 1


KIND_NAMES: Final = tuple(kind_name(k) for k in range(N_ALL_KINDS))

_GLYPH_BASE = {0: 0x1F007, 1: 0x1F019, 2: 0x1F010}
_HONOR_GLYPHS = (0x1F000, 0x1F001, 0x1F002, 0x1F003, 0x1F006, 0x1F005, 0x1F004)
_FLOWER_GLYPHS = (0x1F026, 0x1F027, 0x1F028, 0x1F029)  # the four seasons: 春夏秋冬


def kind_glyph(kind: Kind) -> str:
    """Unicode mahjong glyph of a kind, for people to read (🀇 … 🀩).

    >>> kind_glyph(M1) + kind_glyph(HAKU) + kind_glyph(SPRING)
    '🀇🀆🀦'
    """
    suit = suit_of(kind)
    if suit < 3:
        return chr(_GLYPH_BASE[suit] + kind % 9)
    if suit == 3:
        return chr(_HONOR_GLYPHS[kind - 27])
    return chr(_FLOWER_GLYPHS[kind - 34])
