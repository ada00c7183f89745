"""What the action of the seat whose turn it is causes: a win, 九種九牌, a kan or a kita with
its replacement draw, a riichi and a discard (the others' responses then go to
:mod:`jantaku.game.resolve`)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from jantaku.tiles.tileset import tile_kind

from . import deal, resolve
from .actions import RIICHI_TYPES, Action, ActionType
from .events import Ankan, Dahai, Hora, Kakan, KakanDone, Nukidora, Reach, Ryukyoku
from .legal import deal_in_kinds

if TYPE_CHECKING:
    from .engine import State

_OPEN = (ActionType.OPEN_RIICHI, ActionType.OPEN_SHUBA_RIICHI)
_SHUBA = (ActionType.SHUBA_RIICHI, ActionType.OPEN_SHUBA_RIICHI)


def turn(st: State, a: Action) -> None:
    """Emit what the turn action ``a`` (already found legal) causes."""
    seat = a.seat
    t = a.type
    names = st.game.names
    if t is ActionType.TSUMO:
        assert a.tile is not None
        deal.hora(st, Hora(seat, seat, a.tile, names[a.tile]))
        deal.end_hand(st)
    elif t is ActionType.NINE_TERMINALS:
        st.emit(Ryukyoku("yao9", actor=seat))
        deal.end_hand(st)
    elif t is ActionType.ANKAN:
        st.emit(Ankan(seat, a.tiles))
        if not st.options:
            deal.reveal_dora(st)
            deal.draw(st, seat, rinshan=True)
    elif t is ActionType.KAKAN:
        assert a.tile is not None
        st.emit(Kakan(seat, a.tile, names[a.tile]))
        if not st.options:
            st.emit(KakanDone(seat))
            if st.game.table.kan_dora_at_once:
                deal.reveal_dora(st)
            deal.draw(st, seat, rinshan=True)
    elif t is ActionType.KITA:
        assert a.tile is not None
        st.emit(Nukidora(seat, a.tile, names[a.tile]))
        if not st.options:
            deal.draw(st, seat, rinshan=True)
    else:
        assert a.tile is not None
        if t is not ActionType.DISCARD and t in RIICHI_TYPES:
            st.emit(Reach(seat, open=t in _OPEN, shuba=t in _SHUBA))
        deal.reveal_dora(st)
        # 手詰まり: every discard the seat had would deal in to an open riichi.
        tedumari = tile_kind(a.tile) in deal_in_kinds(st, seat)
        drawn = st.players[seat].drawn
        st.emit(Dahai(seat, a.tile, names[a.tile], a.tile == drawn, tedumari))
        if not st.options:
            resolve.resolve(st)
