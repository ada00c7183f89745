"""Base points, limits and payments (the standard riichi formula and its knobs)."""

from __future__ import annotations

from typing import Final

from jantaku.tiles.kinds import EAST, WINDS, Kind

LIMIT_BASE: Final = {
    "mangan": 2000,
    "haneman": 3000,
    "baiman": 4000,
    "sanbaiman": 6000,
    "yakuman": 8000,
}


def ceil100(x: int) -> int:
    return -(-x // 100) * 100


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
        return 8000 * yakuman, "yakuman"
    if han >= 13:
        return (8000, "yakuman") if kazoe else (6000, "sanbaiman")
    if han >= 11:
        return 6000, "sanbaiman"
    if han >= 8:
        return 4000, "baiman"
    if han >= 6:
        return 3000, "haneman"
    if han >= 5:
        return 2000, "mangan"
    base = fu * 2 ** (han + 2)
    if base >= 2000 or (kiriage and base >= 1920):
        return 2000, "mangan"
    return base, None


def seats(players: int) -> tuple[Kind, ...]:
    return WINDS[:players]


def standard_payments(
    base: int, winner: Kind, discarder: Kind | None, players: int, *, tsumo_son: bool = True
) -> dict[Kind, int]:
    """Who pays what, before honba and sticks (payer seat wind → points).

    >>> from jantaku.tiles.kinds import EAST, SOUTH, WEST
    >>> standard_payments(2000, SOUTH, None, 4)
    {27: 4000, 29: 2000, 30: 2000}
    >>> standard_payments(2000, SOUTH, None, 3)
    {27: 4000, 29: 2000}
    >>> standard_payments(320, EAST, WEST, 4)
    {29: 2000}
    """
    dealer_win = winner == EAST
    if discarder is not None:
        return {discarder: ceil100(base * (6 if dealer_win else 4))}
    out: dict[Kind, int] = {}
    for payer in seats(players):
        if payer == winner:
            continue
        out[payer] = ceil100(base * (2 if dealer_win or payer == EAST else 1))
    if players == 3 and not tsumo_son:
        # The absent fourth seat's share, split equally between the two payers.
        absent = ceil100(base * (2 if dealer_win else 1))
        half = ceil100(absent // 2 if absent % 2 == 0 else absent // 2 + 1)
        for payer in out:
            out[payer] += half
    return out
