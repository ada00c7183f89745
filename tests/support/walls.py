"""Stacked walls and the small moves of a hand-driven game: a wall with the given hands and
draws, a seat's copy of a tile, everyone passing, a drawn tile discarded, the legal types."""

from __future__ import annotations

import random

from jantaku.game import Action, ActionType, State, Wall
from jantaku.rules import load_preset
from jantaku.tiles import parse_tiles, tileset
from jantaku.tiles.kinds import N_KINDS
from jantaku.tiles.tileset import Tile, Variant, tile_kind


def stacked(
    preset: str,
    hands: list[str],
    live: str = "",
    rinshan: str = "",
    dora: str = "",
) -> Wall:
    """A wall with the given hands (seat order; missing tiles filled), the first live
    draws, replacement tiles and dora indicators. Fillers are plain tiles that are never
    set aside; flowers, nuki-dora and the dot white wait at the end of the live wall."""
    ts = tileset(preset)
    p = load_preset(preset)
    size = p.hand_size
    segs = [*hands, *[""] * (p.players - len(hands)), live, rinshan, dora]
    parsed = list(parse_tiles("".join(segs), ts)) if "".join(segs) else []
    parts: list[list[Tile]] = []
    i = 0
    for seg in segs:
        n = len(parse_tiles(seg, ts)) if seg else 0
        parts.append(parsed[i : i + n])
        i += n
    used = set(parsed)
    extract = {k for k in ts.kinds if k >= N_KINDS} | {
        parse_tiles(k, ts)[0] >> 2 for k in p.scoring.nuki_dora
    }
    free = [t for t in ts.tiles if t not in used]
    random.Random(0).shuffle(free)
    pool = [t for t in free if tile_kind(t) not in extract and ts.variant(t) is Variant.PLAIN]
    special = [t for t in free if t not in pool]
    out_hands = []
    for h in parts[: p.players]:
        out_hands.append(h + [pool.pop() for _ in range(size - len(h))])
    table = p.table
    rin = parts[-2] + [pool.pop() for _ in range(table.rinshan_tiles - len(parts[-2]))]
    n = table.indicators
    dor = parts[-1] + [pool.pop() for _ in range(n - len(parts[-1]))]
    ura = [pool.pop() for _ in range(n)]
    rest = [pool.pop() for _ in range(table.dead_wall - table.rinshan_tiles - 2 * n)]
    return Wall(out_hands, parts[-3] + pool + special, rin, dor, ura, rest)


def tile(state: State, seat: int, name: str) -> Tile:
    """The seat's copy of a tile face (in hand)."""
    want = parse_tiles(name, state.game.tileset)[0]
    face = (tile_kind(want), state.game.tileset.variant(want))
    for t in state.players[seat].hand:
        if (tile_kind(t), state.game.tileset.variant(t)) == face:
            return t
    raise AssertionError(f"seat {seat} holds no {name}")


def pass_all(state: State, but: int | None = None) -> None:
    """Every pending responder but ``but`` passes."""
    while state.phase == "response":
        seats = [s for s in state.current_seats() if s != but]
        if not seats:
            return
        state.apply(Action(ActionType.PASS, seats[0]))


def tsumogiri(state: State, seat: int) -> None:
    assert state.turn == seat and state.phase == "turn"
    drawn = state.players[seat].drawn
    assert drawn is not None
    state.apply(Action(ActionType.DISCARD, seat, drawn))
    pass_all(state)


def types(state: State, seat: int) -> set[ActionType]:
    return {a.type for a in state.legal_actions(seat)}
