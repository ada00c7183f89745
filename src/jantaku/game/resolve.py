"""The others' responses to a discard, an added kan, a closed kan or a kita: who gets the
tile (ron before pon and kan, pon and kan before chi), the head bump (頭ハネ) or double ron,
三家和, and otherwise the riichi accepted and the next draw."""

from __future__ import annotations

from typing import TYPE_CHECKING

from jantaku.tiles.notation import kinds_to_string

from . import deal, draws
from .actions import Action, ActionType
from .events import (
    Chi,
    Daiminkan,
    Declare,
    Hora,
    KakanDone,
    Pass,
    Pon,
    ReachAccepted,
    Ryukyoku,
)
from .legal import hand_waits

if TYPE_CHECKING:
    from .engine import State

_CALLS = (ActionType.PON, ActionType.DAIMINKAN, ActionType.CHI)


def respond(st: State, a: Action) -> None:
    """Record a response; when every seat that may respond has, resolve them."""
    if a.type is ActionType.PASS:
        missed = any(x.type is ActionType.RON for x in st.options[a.seat])
        st.emit(Pass(a.seat, missed))
    else:
        assert a.tile is not None  # a call or a ron names the tile on offer
        st.emit(Declare(a.seat, a.type.value, a.tile, list(a.tiles), st.game.names[a.tile]))
    if all(s in st.responses for s in st.options):
        resolve(st)


def offer_seat(st: State) -> int:
    """The seat whose tile was offered (the discarder, or who made the kan or kita)."""
    if st.robbed is not None:
        return st.robbed[0]
    assert st.last_discard is not None
    return st.last_discard[0]


def rons_in_order(st: State) -> list[Action]:
    """The rons declared, in turn order from the seat that offered the tile; only the first
    where the preset plays the head bump (頭ハネ) instead of double ron."""
    if not st.responses:
        return []
    base = st.position[offer_seat(st)]
    rons = sorted(
        (a for a in st.responses.values() if a and a.type is ActionType.RON),
        key=lambda a: (st.position[a.seat] - base) % st.seats,
    )
    if rons and not st.game.table.double_ron:
        rons = rons[:1]
    return rons


def resolve(st: State) -> None:
    """Every response is in: emit what they cause."""
    actor = offer_seat(st)
    names = st.game.names
    table = st.game.table
    robbed_kind = st.robbed[2] if st.robbed is not None else None
    rons = rons_in_order(st)
    if rons:
        if len(rons) == 3 and st.seats == 4 and table.tenhou_aborts:
            st.emit(Ryukyoku("ron3"))
            deal.end_hand(st)
            return
        chankan = robbed_kind == "kakan"
        for i, r in enumerate(rons):
            assert r.tile is not None
            first, last = i == 0, i == len(rons) - 1
            deal.hora(st, Hora(r.seat, actor, r.tile, names[r.tile], chankan, first, last))
        deal.end_hand(st)
        return
    if robbed_kind == "kakan":
        st.emit(KakanDone(actor))
        if table.kan_dora_at_once:
            deal.reveal_dora(st)
        deal.draw(st, actor, rinshan=True)
        return
    if robbed_kind is not None:  # nobody robbed the closed kan or the north
        if robbed_kind == "ankan":
            deal.reveal_dora(st)
        deal.draw(st, actor, rinshan=True)
        return
    if st.game.mu and not st.players[actor].hand:
        # 無: the fourth call's discard left no real tile: a yakuman at once.
        deal.hora(st, Hora(actor, actor, mu=True))
        deal.end_hand(st)
        return
    if st.reach_pending == actor:
        accept_riichi(st, actor)
        if st.riichi_count == 4 and st.seats == 4 and table.tenhou_aborts:
            st.emit(Ryukyoku("reach4"))
            deal.end_hand(st)
            return
    calls = [a for a in st.responses.values() if a and a.type in _CALLS] if st.responses else []
    calls.sort(key=lambda a: a.type is ActionType.CHI)  # pon and kan before chi
    if calls:
        c = calls[0]
        assert c.tile is not None
        cls = Pon if c.type is ActionType.PON else Chi if c.type is ActionType.CHI else Daiminkan
        st.emit(cls(c.seat, actor, c.tile, c.tiles, names[c.tile]))
        if c.type is ActionType.DAIMINKAN:
            if table.kan_dora_at_once:
                deal.reveal_dora(st)
            deal.draw(st, c.seat, rinshan=True)
        return
    if draws.abortive_after_discard(st):
        return
    if st.draws >= st.max_draws:
        draws.exhaustive_draw(st)
        return
    deal.draw(st, st.next_seat(actor))


def accept_riichi(st: State, actor: int) -> None:
    """Nobody ronned the riichi discard: the stick goes on the table, and an open riichi is
    shown as the preset says (the whole hand, or the waits)."""
    rp = st.players[actor]
    shown = waits = None
    if rp.riichi.is_open:
        if st.game.table.open_riichi_shows == "hand":
            shown = list(rp.hand)
        else:
            waits = kinds_to_string(sorted(hand_waits(st, actor)))
    st.emit(ReachAccepted(actor, shown, waits))
