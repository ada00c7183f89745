"""A position set up by hand: what no event of a short stacked game reaches (other seats'
riichi, a wall run down, a hand swapped), written into a state, after which the state
forgets what its legality queries measured of the position before."""

from __future__ import annotations

from collections.abc import Iterable

from jantaku.game import State
from jantaku.scoring.situation import RiichiKind
from jantaku.tiles.notation import Meld
from jantaku.tiles.tileset import Tile


def with_riichi(state: State, kinds: dict[int, RiichiKind]) -> State:
    """Seats that have declared riichi (of each kind), as if they had earlier."""
    for seat, kind in kinds.items():
        state.players[seat].riichi = kind
    state.caches.clear()
    return state


def with_draws_left(state: State, left: int) -> State:
    """The live wall run down to ``left`` draws."""
    state.draws = state.max_draws - left
    state.caches.clear()
    return state


def with_hand(
    state: State,
    seat: int,
    tiles: Iterable[Tile],
    *,
    drawn: Tile | None = None,
    melds: list[Meld] | None = None,
    fed_by: int | None = None,
) -> State:
    """The seat holds ``tiles`` (``drawn``: the one it just drew; ``melds``: its calls;
    ``fed_by``: the seat whose discard its last call took)."""
    p = state.players[seat]
    p.hand = list(tiles)
    if drawn is not None:
        p.drawn = drawn
    if melds is not None:
        p.melds = melds
    if fed_by is not None:
        p.call_feeder = fed_by
    state.caches.clear()
    return state


def with_rivers(state: State, rivers: dict[int, list[Tile]]) -> State:
    """The seats' discards so far."""
    for seat, river in rivers.items():
        state.players[seat].river = list(river)
    state.caches.clear()
    return state


def with_tile_added(state: State, seat: int, tile: Tile) -> State:
    """One more tile in the seat's hand (a trial hand, or a duplicated tile)."""
    state.players[seat].hand.append(tile)
    state.caches.clear()
    return state


def with_shuba_out(state: State, seat: int) -> State:
    """The seat's シュバ marker is out (declared in an earlier hand)."""
    state.ledger.state.shuba.add(seat)
    state.caches.clear()
    return state
