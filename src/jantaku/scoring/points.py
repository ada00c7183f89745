"""Base points, limits and payments (the standard riichi formula and its knobs)."""

from __future__ import annotations

from typing import Final

from jantaku.tiles.kinds import EAST, WINDS, Kind

MANGAN: Final = 2000
HANEMAN: Final = 3000
BAIMAN: Final = 4000
SANBAIMAN: Final = 6000
YAKUMAN: Final = 8000
LIMIT_BASES: Final = {
    "mangan": MANGAN,
    "haneman": HANEMAN,
    "baiman": BAIMAN,
    "sanbaiman": SANBAIMAN,
    "yakuman": YAKUMAN,
}
"""Each limit's base points on the standard table (tokushima's own table halves them)."""

LIMIT_NAMES: Final = {
    0: "mangan",
    1: "haneman",
    2: "baiman",
    3: "sanbaiman",
    4: "yakuman",
    5: "yakuman",
}


def ceil100(x: int) -> int:
    return -(-x // 100) * 100


def ceil_to(x: int, unit: int) -> int:
    """Round up to a multiple of ``unit`` (5200 → 6000 with 1000)."""
    return -(-x // unit) * unit


def no_bazoro_base(han: int, fu: int, yakuman: int) -> tuple[int, str | None]:
    """tokushima's own table: base = fu×2^han (no 場ゾロ), limits by han.

    >>> no_bazoro_base(1, 30, 0), no_bazoro_base(5, 30, 0), no_bazoro_base(14, 30, 0)
    ((60, None), (1000, 'mangan'), (4000, 'yakuman'))
    """
    if yakuman:
        return YAKUMAN // 2 * yakuman, "yakuman"
    if han >= 14:
        return YAKUMAN // 2, "yakuman"
    if han >= 11:
        return SANBAIMAN // 2, "sanbaiman"
    if han >= 9:
        return BAIMAN // 2, "baiman"
    if han >= 7:
        return HANEMAN // 2, "haneman"
    if han >= 5:
        return MANGAN // 2, "mangan"
    return min(fu * 2**han, MANGAN // 2), None


def base_points(
    han: int, fu: int, yakuman: int, *, kazoe: bool = True, kiriage: bool = False
) -> tuple[int, str | None]:
    """Base points (before ×4/×6/×1/×2) and the limit name.

    >>> base_points(3, 30, 0), base_points(4, 30, 0), base_points(4, 30, 0, kiriage=True)
    ((960, None), (1920, None), (2000, 'mangan'))
    >>> base_points(13, 30, 0), base_points(13, 30, 0, kazoe=False), base_points(0, 0, 2)
    ((8000, 'yakuman'), (6000, 'sanbaiman'), (16000, 'yakuman'))
    """
    if yakuman:
        return YAKUMAN * yakuman, "yakuman"
    if han >= 13:
        return (YAKUMAN, "yakuman") if kazoe else (SANBAIMAN, "sanbaiman")
    if han >= 11:
        return SANBAIMAN, "sanbaiman"
    if han >= 8:
        return BAIMAN, "baiman"
    if han >= 6:
        return HANEMAN, "haneman"
    if han >= 5:
        return MANGAN, "mangan"
    base = fu << (han + 2)  # fu * 2 ** (han + 2); compiled, a shift is native and ** is not
    if base >= MANGAN or (kiriage and base >= 1920):  # 切り上げ満貫: 30符4飜, 60符3飜
        return MANGAN, "mangan"
    return base, None


def seats(players: int) -> tuple[Kind, ...]:
    return WINDS[:players]


def standard_payments(
    base: int,
    winner: Kind,
    discarder: Kind | None,
    players: int,
    tsumo_son: bool = True,
    round_to: int = 100,
    honba_each: int = 0,
) -> dict[Kind, int]:
    """Who pays what, before sticks (payer seat wind → points); ``honba_each`` is added to
    every payment (the honba, when the caller has nothing to do between).

    >>> from jantaku.tiles.kinds import EAST, SOUTH, WEST
    >>> standard_payments(2000, SOUTH, None, 4)
    {27: 4000, 29: 2000, 30: 2000}
    >>> standard_payments(2000, SOUTH, None, 3)
    {27: 4000, 29: 2000}
    >>> standard_payments(320, EAST, WEST, 4)
    {29: 2000}
    """
    dealer_win = winner == _DEALER
    if discarder is not None:
        points = -(-base * (6 if dealer_win else 4) // 100) * 100
        if round_to != 100:
            points = -(-points // round_to) * round_to
        return {discarder: points + honba_each}
    double = -(-base * 2 // 100) * 100
    single = double if dealer_win else -(-base // 100) * 100
    if players == 3 and not tsumo_son:
        # The absent fourth seat's share (a non-dealer's), split equally between the payers.
        absent = ceil100(base * (2 if dealer_win else 1))
        half = ceil100((absent + 1) // 2)
        double += half
        single += half
    if round_to != 100:
        double = ceil_to(double, round_to)
        single = ceil_to(single, round_to)
    out: dict[Kind, int] = {}
    for p in _OTHERS_3[winner - _DEALER] if players == 3 else _OTHERS_4[winner - _DEALER]:
        out[p] = (double if p == _DEALER else single) + honba_each
    return out


_DEALER: Final = EAST
"""East as a C static in the compiled build (``tiles.kinds`` names are plain module globals,
which compiled code looks up in the module's dictionary)."""
_OTHERS_3: Final = tuple(tuple(p for p in WINDS[:3] if p != w) for w in WINDS)
_OTHERS_4: Final = tuple(tuple(p for p in WINDS if p != w) for w in WINDS)
"""The seats that pay a tsumo at a table of three or four, by the winner's seat."""
