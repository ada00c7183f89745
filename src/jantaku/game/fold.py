"""The fold: the only code that changes the table state, one event at a time.

:func:`fold` is one ``match`` over the event classes (mypy checks that every class has its
case); an event the state cannot take raises :class:`FoldError` naming the event. What the
fold computes from an event (a win's score and payments, a draw's, chips) comes back as an
:class:`~jantaku.game.events.Outcome`, written beside the event in the log."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Final, assert_never

from jantaku.scoring.chips import alice_flips, win_chips
from jantaku.scoring.situation import RiichiKind
from jantaku.tiles.kinds import DRAGONS, SPRING, WINDS
from jantaku.tiles.notation import Meld, MeldType, Source, kinds_to_string
from jantaku.tiles.tileset import Tile, tile_kind

from . import deal, situation
from .actions import Action, ActionType
from .events import (
    Ankan,
    Chi,
    Dahai,
    Daiminkan,
    Declare,
    Dora,
    EndGame,
    EndKyoku,
    Event,
    Hora,
    Kakan,
    KakanDone,
    Nukidora,
    Pass,
    Pon,
    Reach,
    ReachAccepted,
    Ryukyoku,
    StartGame,
    StartKyoku,
    Tsumo,
)
from .legal import compute_options
from .outcomes import ChipsPaid, DrawPaid, Outcome, StickPaid, WinPaid
from .player import Player

if TYPE_CHECKING:
    from .engine import State


class FoldError(ValueError):
    """An event the state cannot take (a tile not in the hand, a wall for other people...):
    the message names the event."""


def fold(st: State, ev: Event) -> Outcome | None:
    """Change the state by one event; returns what it computed (None: nothing)."""
    try:
        match ev:
            case Tsumo():
                return _tsumo(st, ev)
            case Dahai():
                _dahai(st, ev)
            case Pass():
                _pass(st, ev)
            case Declare():
                _declare(st, ev)
            case Chi():
                _call(st, ev, MeldType.CHI)
            case Pon():
                _call(st, ev, MeldType.PON)
            case Daiminkan():
                _call(st, ev, MeldType.MINKAN)
            case Reach():
                _reach(st, ev)
            case ReachAccepted():
                return _reach_accepted(st, ev)
            case Dora():
                _dora(st, ev)
            case Ankan():
                _ankan(st, ev)
            case Kakan():
                _kakan(st, ev)
            case KakanDone():
                _kakan_done(st, ev)
            case Nukidora():
                return _nukidora(st, ev)
            case Hora():
                return _hora(st, ev)
            case Ryukyoku():
                return _ryukyoku(st, ev)
            case StartKyoku():
                _start_kyoku(st, ev)
            case EndKyoku():
                st.phase = "over"
            case StartGame():
                st.game_over = False
            case EndGame():
                st.game_over = True
                st.phase = "over"
            case _:
                assert_never(ev)
    except FoldError:
        raise
    except (ValueError, KeyError, IndexError, AssertionError, TypeError) as e:
        raise FoldError(f"cannot fold {ev.to_json()}: {e}") from e
    return None


def _changes(after: Sequence[int], before: Sequence[int]) -> list[int]:
    """Each person's change (points or chips) from ``before`` to ``after``."""
    return [a - b for a, b in zip(after, before, strict=True)]


def _start_kyoku(st: State, ev: StartKyoku) -> None:
    game = st.game
    st.hand_index += 1
    st.hand_rolls = 0
    wall = ev.wall.copy()
    if len(wall.hands) != st.people:
        raise FoldError(f"the wall deals {len(wall.hands)} hands to {st.people} people")
    st.wall = wall
    st.players = [Player(hand=list(h)) for h in wall.hands]
    st.active = deal.hand_order(st, ev.oya)
    st.position = [-1] * st.people
    for i, q in enumerate(st.active):
        st.position[q] = i
    st.in_hand = sorted(st.active)
    st.max_draws = len(game.tileset.tiles) - game.table.dead_wall - game.hand_size * st.seats
    st.draws = 0
    st.start_indicators = deal.initial_dora(st, ev.dice)
    st.revealed = list(wall.dora[: st.start_indicators])
    st.wareme = ev.wareme
    st.tedumari = False
    st.pending_dora = 0
    st.kan_owners = []
    st.last_discard = None
    st.robbed = None
    st.calls_seen = False
    st.first_winds = []
    st.riichi_count = 0
    st.reach_pending = None
    st.responses = {}
    st.options = {}
    st.phase = "turn"


def _tsumo(st: State, ev: Tsumo) -> Outcome | None:
    seat, tile = ev.actor, ev.tile
    p = st.players[seat]
    w = st.wall
    shortens = True
    if ev.rinshan:
        # Past the replacement tiles, the dead wall takes the live wall's last tile.
        if w.rinshan:
            w.rinshan.pop(0)
            shortens = st.game.table.replacement_shortens_wall
        elif w.live:
            w.live.pop()
        else:  # after the last live tile: the rest of the dead wall
            w.rest.pop(0)
            shortens = False
    else:
        w.live.pop(0)
    if shortens:
        st.draws += 1
    p.hand.append(tile)
    st.robbed = None
    p.drawn = tile
    p.rinshan_draw = ev.rinshan
    p.furiten_temp = False
    st.turn = seat
    st.phase = "turn"
    st.last_discard = None
    if st.game.guruguru and p.riichi.declared:
        return _guruguru(st, seat, tile)
    return None


def _guruguru(st: State, seat: int, tile: Tile) -> Outcome | None:
    """gotou option ぐるぐるチャンス («リーチ後1p5p1pでトマトなど»): after riichi, a draw that
    makes the last three draws read the same both ways (first and third of one kind) earns
    chips from all at once; シュバ doubles them like spring's."""
    p = st.players[seat]
    p.riichi_draws.append(tile_kind(tile))
    if len(p.riichi_draws) >= 3 and p.riichi_draws[-1] == p.riichi_draws[-3]:
        return _pay_chips(st, seat, "guruguru", st.game.preset.chips.guruguru)
    return None


def _pay_chips(st: State, seat: int, item: str, n: int) -> ChipsPaid:
    led = st.ledger
    before = list(led.state.chips)
    # «シュバリー後は春チップも倍になる»: chips drawn after a シュバ declared in this hand;
    # a シュバ of an earlier hand doubles nothing here.
    double = st.game.preset.chips.shuba_doubles and seat in led.state.hand_shuba
    led.apply({"type": "chips", "to": seat, "items": {item: n}, "double": double})
    return ChipsPaid(_changes(led.state.chips, before))


def _dahai(st: State, ev: Dahai) -> None:
    seat, tile = ev.actor, ev.tile
    p = st.players[seat]
    p.hand.remove(tile)
    p.river.append(tile)
    p.discarded_kinds.add(tile_kind(tile))
    if p.riichi.declared and st.reach_pending != seat:
        p.ippatsu = False
    if not p.has_discarded and not st.calls_seen:
        st.first_winds.append(tile_kind(tile))
    p.has_discarded = True
    p.drawn = None
    p.rinshan_draw = False
    p.forbidden_kinds = frozenset()
    st.tedumari = ev.tedumari
    st.last_discard = (seat, tile)
    st.phase = "response"
    st.responses = {}
    st.options = compute_options(st)


def _dora(st: State, ev: Dora) -> None:
    if ev.live:
        # The live wall's last stack: its top is the indicator, its bottom the ura.
        w = st.wall
        ura, top = w.live.pop(), w.live.pop()
        if top != ev.tile:
            raise FoldError(f"the live wall's last stack shows {top}, not {ev.tile}")
        w.dora.append(top)
        w.ura.append(ura)
        st.max_draws -= 2
    st.revealed.append(ev.tile)
    st.pending_dora = max(0, st.pending_dora - 1)


def _reach(st: State, ev: Reach) -> None:
    p = st.players[ev.actor]
    first = not p.has_discarded and not st.calls_seen
    # Open riichi and シュバ are riichi: on the first uninterrupted turn, double riichi.
    p.riichi = RiichiKind.of(ev.open, ev.shuba, first)
    st.reach_pending = ev.actor


def _reach_accepted(st: State, ev: ReachAccepted) -> StickPaid:
    p = st.players[ev.actor]
    p.ippatsu = True
    st.reach_pending = None
    st.riichi_count += 1
    before = list(st.ledger.state.scores)
    st.ledger.deposit_riichi(ev.actor, shuba=p.riichi.is_shuba)
    after = st.ledger.state.scores
    return StickPaid(_changes(after, before), list(after))


def _calls_seen(st: State) -> None:
    """A call or a kan: no more first-turn wins or 四風連打, and every ippatsu is broken."""
    st.calls_seen = True
    for q in st.players:
        q.ippatsu = False
    st.responses = {}
    st.options = {}


def _call(st: State, ev: Chi | Pon | Daiminkan, mtype: MeldType) -> None:
    seat, target, tile = ev.actor, ev.target, ev.tile
    p = st.players[seat]
    for t in ev.tiles:
        p.hand.remove(t)
    rel = (st.position[target] - st.position[seat]) % st.seats
    source = Source.RIGHT if rel == 1 else Source.LEFT if rel == st.seats - 1 else Source.ACROSS
    p.melds.append(Meld(mtype, (tile, *ev.tiles), source))
    st.players[target].called_from_river += 1
    p.call_feeder = target
    kind = tile_kind(tile)
    _calls_seen(st)
    if mtype is not MeldType.CHI and (kind in DRAGONS or kind in WINDS):
        group = DRAGONS if kind in DRAGONS else WINDS
        sets = sum(1 for m in p.melds if m.type is not MeldType.CHI and m.kind in group)
        if sets == len(group):
            p.pao = target
    if mtype is MeldType.CHI:
        # 喰い替え: neither the called kind nor the other end of the run may be discarded.
        low = min(tile_kind(t) for t in (tile, *ev.tiles))
        forbidden = {kind}
        if kind == low and low % 9 <= 5:
            forbidden.add(kind + 3)
        if kind == low + 2 and low % 9 >= 1:
            forbidden.add(low - 1)
        p.forbidden_kinds = frozenset(forbidden)
    elif mtype is MeldType.PON:
        p.forbidden_kinds = frozenset({kind})
    else:
        p.kan_feeder = target
        st.kan_owners.append(seat)
        st.pending_dora += 1
    st.turn = seat
    st.phase = "turn"
    st.last_discard = None


def _ankan(st: State, ev: Ankan) -> None:
    seat = ev.actor
    p = st.players[seat]
    for t in ev.tiles:
        p.hand.remove(t)
    p.melds.append(Meld(MeldType.ANKAN, tuple(ev.tiles), None))
    st.kan_owners.append(seat)
    st.pending_dora += 1
    _calls_seen(st)
    _offer_robbing(st, seat, ev.tiles[0], "ankan")


def _kakan(st: State, ev: Kakan) -> None:
    seat, tile = ev.actor, ev.tile
    p = st.players[seat]
    p.hand.remove(tile)
    for i, m in enumerate(p.melds):
        if m.type is MeldType.PON and m.kind == tile_kind(tile):
            p.melds[i] = Meld(MeldType.KAKAN, (*m.tiles, tile), m.source)
            break
    _offer_robbing(st, seat, tile, "kakan")


def _kakan_done(st: State, ev: KakanDone) -> None:
    seat = ev.actor
    st.robbed = None
    st.kan_owners.append(seat)
    st.pending_dora += 1
    _calls_seen(st)
    st.turn = seat
    st.phase = "turn"


def _nukidora(st: State, ev: Nukidora) -> Outcome | None:
    seat, tile = ev.actor, ev.tile
    p = st.players[seat]
    p.hand.remove(tile)
    had_spring = any(tile_kind(t) == SPRING for t in p.extracted)
    p.extracted.append(tile)
    kind = tile_kind(tile)
    out = None
    if st.game.preset.scoring.flower_powers and kind >= SPRING:
        # gotou 春: on extracting it, as many chips from all as flowers extracted so far;
        # after it, one more from all for each further flower. シュバ doubles them.
        n = sum(1 for t in p.extracted if tile_kind(t) >= SPRING) if kind == SPRING else 1
        if kind == SPRING or had_spring:
            out = _pay_chips(st, seat, "spring", n)
    _offer_robbing(st, seat, tile, "kita")
    return out


def _offer_robbing(st: State, seat: int, tile: Tile, kind: str) -> None:
    """Others may ron an added kan (槍槓), a closed kan (kokushi only) or a north set aside;
    with nobody able to, the turn goes on."""
    st.robbed = (seat, tile, kind)
    st.last_discard = None
    st.responses = {}
    st.options = compute_options(st)
    st.phase = "response" if st.options else "turn"
    if not st.options:
        st.robbed = None


def _declare(st: State, ev: Declare) -> None:
    """A call or ron declared: held as the seat's answer until every seat has answered."""
    kind = _DECLARED.get(ev.call)
    if kind is None:
        raise FoldError(f"seat {ev.actor} declares {ev.call!r}, which is no call or ron")
    if ev.actor in st.responses:
        raise FoldError(f"seat {ev.actor} has already answered the tile on offer")
    offered = st.options.get(ev.actor)
    # The answer's faces among the seat's options (copies of one face are the same answer),
    # compared field by field: a key would hash the action type, an interpreted enum hash.
    faces = st.game.tileset.faces
    face = faces[ev.tile]
    taken = sorted([faces[t] for t in ev.tiles])
    if offered is None or not any(
        a.type is kind
        and a.tile is not None
        and faces[a.tile] == face
        and sorted([faces[t] for t in a.tiles]) == taken
        for a in offered
    ):
        raise FoldError(f"seat {ev.actor} was not offered {ev.call} {ev.pai}")
    st.responses[ev.actor] = Action(kind, ev.actor, ev.tile, tuple(ev.tiles))


_DECLARED: Final = {
    t.value: t for t in (ActionType.RON, ActionType.CHI, ActionType.PON, ActionType.DAIMINKAN)
}
"""The answers a ``declare`` event holds, by its ``call`` (a pass is its own event)."""


def _pass(st: State, ev: Pass) -> None:
    st.responses[ev.actor] = None
    p = st.players[ev.actor]
    if ev.missed_ron:
        p.furiten_temp = True
        if p.riichi.declared:
            p.furiten_riichi = True


def _hora(st: State, ev: Hora) -> WinPaid:
    """Score the win and pay it."""
    winner, target = ev.actor, ev.target
    sit = situation.of_hora(st, ev)
    game = st.game
    result = game.scorer.score(sit)
    led = st.ledger.state
    scores_before, chips_before = list(led.scores), list(led.chips)
    chips = win_chips(result, sit, game.preset)
    rolls = ev.dice
    if rolls:
        st.hand_rolls += 1
        double = sit.riichi.is_shuba and game.preset.chips.shuba_doubles
        st.ledger.apply(
            {"type": "chips", "to": winner, "items": {}, "dice": rolls, "double": double}
        )
    last = ev.is_last
    st.ledger.record_win(winner, None if target == winner else target, result, sit, last=last)
    if last:
        st.phase = "over"
    ura = list(sit.ura_indicators) if sit.riichi.declared and game.preset.scoring.ura_dora else []
    return WinPaid(
        hora_tehais=list(sit.concealed),
        uradora_markers=ura,
        yakus=[
            {"id": y.id, "han": y.han, "yakuman": y.yakuman, "en": y.name_en, "ja": y.name_ja}
            for y in result.yaku
        ],
        fan=result.han,
        fu=result.fu,
        limit=result.limit,
        hora_points=result.value,
        wildcard=kinds_to_string(result.wildcards) if result.wildcards else None,
        deltas=_changes(led.scores, scores_before),
        scores=list(led.scores),
        chip_items=[
            {"item": name, "chips": n, "from_all": every} for name, n, every in chips.items
        ],
        chip_deltas=_changes(led.chips, chips_before),
        alice=list(sit.alice[: alice_flips(sit, game.preset)]),
    )


_DRAW_KINDS = {"exhaustive": "exhaustive", "yao9": "nine_terminals", "nm": "nagashi"}
"""The ledger's kind of each draw; the others (kaze4, reach4, kan4, ron3) are ``abortive``."""


def _ryukyoku(st: State, ev: Ryukyoku) -> DrawPaid:
    """Pay the draw; the outcome names the hands shown and the point and chip changes."""
    kind = _DRAW_KINDS.get(ev.reason, "abortive")
    tenpai = ev.tenpai if ev.tenpai is not None else []
    draw: dict[str, object] = {"type": "draw", "tenpai": tenpai, "kind": kind}
    if ev.reason == "nm":
        draw["winners"] = ev.nagashi if ev.nagashi is not None else []
    led = st.ledger.state
    scores_before, chips_before = list(led.scores), list(led.chips)
    for w, rolls in ev.nagashi_dice or []:
        st.hand_rolls += 1
        double = st.game.preset.chips.shuba_doubles and st.players[w].riichi.is_shuba
        st.ledger.apply({"type": "chips", "to": w, "items": {}, "dice": rolls, "double": double})
    paid = st.ledger.apply(draw)
    assert paid["allowed"], paid["reason"]  # the engine offers only the draws the rules have
    shown = set(tenpai)
    if ev.reason == "yao9" and ev.actor is not None:
        shown.add(ev.actor)  # 九種九牌 is declared by showing the hand
    return DrawPaid(
        tehais=[list(p.hand) if s in shown else None for s, p in enumerate(st.players)],
        deltas=_changes(led.scores, scores_before),
        scores=list(led.scores),
        chip_deltas=_changes(led.chips, chips_before),
    )
