"""The :class:`~jantaku.scoring.situation.WinSituation` the scorer is given: every fact of a
win read from the table state, none guessed by the scorer (which indicators the hand's start
turned and how many kans were made, so the kan dora are known, not inferred)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from jantaku.scoring.situation import WinSituation
from jantaku.tiles.kinds import WINDS
from jantaku.tiles.notation import MeldType
from jantaku.tiles.tileset import Tile

from . import legal  # (legal asks for situations too: read at call time)
from .events import Hora

if TYPE_CHECKING:
    from .engine import State


def of_hora(st: State, ev: Hora) -> WinSituation:
    """The situation of a win event."""
    if ev.mu:
        return mu(st, ev.actor)
    assert ev.tile is not None
    first = ev.first is not False
    return win(st, ev.actor, ev.target, ev.tile, bool(ev.chankan), first_winner=first)


def win(
    st: State, winner: int, target: int, tile: Tile, chankan: bool, first_winner: bool = True
) -> WinSituation:
    """``winner`` completing the hand with ``tile`` from ``target`` (themselves: a tsumo)."""
    p = st.players[winner]
    tsumo = winner == target
    concealed = tuple(p.hand) if tsumo else (*p.hand, tile)
    led = st.ledger.state
    before = list(p.hand)
    if tsumo and tile in before:
        before.remove(tile)
    furiten = (
        p.furiten_temp or p.furiten_riichi or bool(legal.waits(st, p, before) & p.discarded_kinds)
    )
    feeder = None
    last_meld = p.melds[-1].type if p.melds else None
    if tsumo and p.rinshan_draw and p.kan_feeder is not None and last_meld is MeldType.MINKAN:
        feeder = st.wind_of(p.kan_feeder)
    flowers = st.game.preset.scoring.flower_powers
    return WinSituation(
        concealed=concealed,
        win_tile=tile,
        tsumo=tsumo,
        melds=tuple(p.melds),
        seat_wind=st.wind_of(winner),
        round_wind=WINDS[led.round % 4],
        players=st.seats,
        sitting_out=st.people > st.seats,
        discarder_wind=None if tsumo else st.wind_of(target),
        riichi=p.riichi,
        ippatsu=p.ippatsu,
        rinshan=tsumo and p.rinshan_draw,
        chankan=chankan,
        haitei=tsumo and st.draws == st.max_draws and not p.rinshan_draw,
        houtei=not tsumo and not chankan and st.draws >= st.max_draws,
        # 天和/地和 on the first draw, 人和 on a ron before one's own first draw: no discard of
        # one's own and no call yet.
        first_turn=not p.has_discarded and not st.calls_seen,
        dora_indicators=tuple(st.revealed),
        ura_indicators=tuple(st.wall.ura[: len(st.revealed)]),
        # The facts of the kan dora: the indicators the hand's start turned (one more on
        # the dealer's doubles) and the kans made; the rest of ``revealed`` are kan dora.
        start_indicators=st.start_indicators,
        kans=len(st.kan_owners),
        extracted=tuple(p.extracted),
        honba=led.honba if first_winner else 0,
        riichi_sticks=led.sticks if first_winner else 0,
        pao_wind=None if p.pao is None else st.wind_of(p.pao),
        furiten=furiten,
        kan_feeder_wind=feeder,
        wareme_wind=None if st.wareme is None else st.wind_of(st.wareme),
        # 手詰まり放銃 is scored by the open riichi dealt in to; another winner of the same
        # discard (a double ron) scores its own hand.
        tedumari=(not tsumo and st.tedumari and st.last_discard is not None and p.riichi.is_open),
        alice=alice_tiles(st) if flowers else (),
        tileset=st.game.tileset,
    )


def alice_tiles(st: State) -> tuple[Tile, ...]:
    """gotou 冬 (アリス): the tiles turned over at a win, in order: those after the dora
    indicators in the dead wall (the unturned indicators, then the replacement tiles), then
    onward from the live wall's last tile (the one next to the dead wall)."""
    w = st.wall
    return (*w.dora[len(st.revealed) :], *w.rinshan, *reversed(w.live))


def mu(st: State, winner: int) -> WinSituation:
    """mighty 無: four calls made and discarded down to no real tile."""
    p = st.players[winner]
    led = st.ledger.state
    return WinSituation(
        concealed=(),
        win_tile=-1,
        tsumo=True,
        melds=tuple(p.melds),
        seat_wind=st.wind_of(winner),
        round_wind=WINDS[led.round % 4],
        players=st.seats,
        sitting_out=st.people > st.seats,
        honba=led.honba,
        riichi_sticks=led.sticks,
        pao_wind=None if p.call_feeder is None else st.wind_of(p.call_feeder),
        wareme_wind=None if st.wareme is None else st.wind_of(st.wareme),
        mu=True,
        tileset=st.game.tileset,
    )
