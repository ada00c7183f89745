"""The hand's course between decisions: dealing a hand, drawing, turning kan dora, ending a
hand (and the game). Each step decides an event from the state and emits it; the fold
(:mod:`jantaku.game.fold`) makes its change."""

from __future__ import annotations

from typing import TYPE_CHECKING

from jantaku.scoring.chips import win_chips
from jantaku.tiles.kinds import WIND_LETTERS
from jantaku.tiles.tileset import Tile

from . import situation
from .chance import deal
from .events import Dora, EndGame, EndKyoku, Hora, StartKyoku, Tsumo
from .wall import Wall

if TYPE_CHECKING:
    from .engine import State

"""The round winds as mjai writes them (``bakaze``)."""


def hand_order(st: State, dealer: int) -> list[int]:
    """The persons in a hand with this dealer, in seat order from the dealer."""
    out = st.sitting_out(dealer)
    order = [(dealer + i) % st.people for i in range(st.people)]
    return [q for q in order if q != out]


def initial_dora(st: State, dice: list[int] | None) -> int:
    """Dora indicators turned at the start of a hand (one more on the dealer's doubles, where
    the preset says so)."""
    return st.game.table.initial_dora + (1 if dice and dice[0] == dice[1] else 0)


def start_kyoku(st: State) -> None:
    """Deal the next hand (its wall, 割れ目 and the dealer's dice are chance) and draw the
    dealer's first tile."""
    led = st.ledger.state
    game = st.game
    out = st.sitting_out(led.dealer)

    def lay(tiles: list[Tile]) -> Wall:
        return deal(tiles, st.people, st.seats, game.hand_size, out, game.table)

    chance = st.chance.start(
        st.hand_index + 1,
        lay,
        game.tileset.tiles,
        hand_order(st, led.dealer),
        wareme=bool(game.preset.scoring.wareme),
        dice=game.table.doubles_two_dora,
    )
    wall, dice = chance.wall, chance.dice
    st.emit(
        StartKyoku(
            bakaze=WIND_LETTERS[led.round % 4],
            kyoku=led.hand,
            honba=led.honba,
            kyotaku=led.sticks,
            oya=led.dealer,
            scores=list(led.scores),
            dora_marker=game.names[wall.dora[0]],
            dora_tile=wall.dora[0],
            dora_tiles=wall.dora[: initial_dora(st, dice)],
            wall=wall,
            stacked=chance.stacked,
            wareme=chance.wareme,
            sitting_out=out,
            dice=dice,
        )
    )
    draw(st, led.dealer)


def draw(st: State, seat: int, rinshan: bool = False) -> None:
    w: Wall = st.wall
    if rinshan:
        tile = w.rinshan[0] if w.rinshan else w.live[-1] if w.live else w.rest[0]
    else:
        tile = w.live[0]
    st.emit(Tsumo(seat, tile, st.game.names[tile], rinshan))


def reveal_dora(st: State) -> None:
    """Turn the kan dora the kans made so far are owed."""
    if not st.game.kan_dora_indicators:
        return  # no kan dora: only the indicators turned at the start count
    w = st.wall
    while st.pending_dora:
        if len(st.revealed) < len(w.dora):
            tile = w.dora[len(st.revealed)]
            st.emit(Dora(tile, st.game.names[tile]))
        elif st.game.kan_indicators_from_live and len(w.live) >= 2:
            tile = w.live[-2]  # the top of the live wall's last stack
            st.emit(Dora(tile, st.game.names[tile], live=True))
        else:
            return


def hora(st: State, ev: Hora) -> None:
    """Emit a win, with the dice of the サイコロチャンス it earns rolled now (so the log holds
    them and a replay does not roll again)."""
    sit = situation.of_hora(st, ev)
    chances = win_chips(st.game.scorer.score(sit), sit, st.game.preset).dice_chances
    if chances:
        ev = ev.with_dice(st.chance.dice_chances(st.hand_index, st.hand_rolls, chances))
    st.emit(ev)


def end_hand(st: State) -> None:
    """The hand is over: the next one is dealt, or the game ends."""
    led = st.ledger.state
    st.emit(EndKyoku(list(led.scores)))
    if led.game_over:
        st.emit(EndGame(list(led.scores), list(led.chips), led.settlement, led.leftover))
    else:
        start_kyoku(st)
