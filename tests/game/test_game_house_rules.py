"""The game engine under the house presets (gotou, tokushima, mighty, kanto-boo): stacked
walls for each rule that changes the legal actions, and random-legal games of each preset
that end with every tile and every point accounted for."""

from __future__ import annotations

import dataclasses
import random

import pytest

from jantaku import build
from jantaku.game import Action, ActionType, Game, State, draws, situation
from jantaku.game import legal as legality
from jantaku.rules import load_preset
from jantaku.rules.model import TableRules
from jantaku.scoring.chips import win_chips
from jantaku.tiles import parse_tiles
from jantaku.tiles.kinds import N_KINDS
from jantaku.tiles.tileset import Tile, Variant, tile_kind
from support.invariants import check_invariants
from support.positions import (
    with_draws_left,
    with_hand,
    with_riichi,
    with_shuba_out,
    with_tile_added,
)
from support.table_knobs import table_knob
from support.walls import pass_all, stacked, tile, tsumogiri, types

# Compiled code reads a module's globals natively: a monkeypatch of one is seen only by the pure
# build (`make test` runs these tests again with JANTAKU_PURE=1).
PATCHES_A_MODULE = pytest.mark.skipif(
    build.MODE == "compiled", reason="patches a module global: runs in the pure pass"
)

HOUSE = ["gotou", "tokushima", "mighty", "kanto-boo"]


# -- flowers and nuki-dora -------------------------------------------------------------------


@pytest.mark.parametrize("preset", ["gotou", "tokushima"])
def test_a_drawn_flower_is_only_set_aside_then_replaced(preset: str) -> None:
    wall = stacked(preset, [], live="1f", rinshan="9p")
    state = Game(preset).new_state([wall])
    legal = list(state.legal_actions(0))
    assert [a.type for a in legal] == [ActionType.KITA]
    state.apply(legal[0])
    p = state.players[0]
    assert [tile_kind(t) for t in p.extracted] == [N_KINDS]
    assert p.drawn is not None and tile_kind(p.drawn) == parse_tiles("9p")[0] >> 2
    # Flowers are never discarded: none left in hand, none offered.
    assert all(a.tile is None or tile_kind(a.tile) < N_KINDS for a in state.legal_actions(0))


def test_a_flower_extraction_keeps_ippatsu_in_tokushima() -> None:
    # Dealer: 123p 456p 789p 11s 56s, draws 9s, riichi on it; waits 4s 7s.
    wall = stacked(
        "tokushima",
        ["123p456p789p11s56s"],
        live="9s1z2z" + "2f",
        rinshan="4s",
    )
    state = Game("tokushima").new_state([wall])
    state.apply(Action(ActionType.RIICHI, 0, tile(state, 0, "9s")))
    pass_all(state)
    tsumogiri(state, 1)
    tsumogiri(state, 2)
    assert types(state, 0) == {ActionType.KITA}
    state.apply(next(iter(state.legal_actions(0))))
    p = state.players[0]
    assert p.ippatsu and p.rinshan_draw
    assert ActionType.TSUMO in types(state, 0)
    state.apply(Action(ActionType.TSUMO, 0, p.drawn))
    hora = [e for e in state.events if e["type"] == "hora"]
    assert len(hora) == 1 and hora[0]["actor"] == 0
    # ippatsu + rinshan chips from each of the two others (at least).
    assert state.ledger.state.chips[0] >= 4


def test_gotou_north_is_kept_or_extracted_never_discarded() -> None:
    wall = stacked("gotou", ["4z4z", "4z"], live="1z")
    state = Game("gotou").new_state([wall])
    legal = state.legal_actions(0)
    assert ActionType.KITA in {a.type for a in legal}
    assert not any(a.type is ActionType.DISCARD and tile_kind(a.tile or 0) == 30 for a in legal)


def test_gotou_four_norths_alone_win_in_play() -> None:
    # «特殊役 … 北4枚抜き 8飜固定 祝儀は4枚» (issue 35): seat 1 sets four norths aside and waits
    # on 2s with 123p 567p 13s 789s 99p, a hand with no other yaku. The ron is offered and pays
    # 8 han (baiman 16000), the four norths' 4 chips and a サイコロチャンス. (Before: no ron.)
    wall = stacked(
        "gotou",
        ["", "4z4z4z4z123p567p13s9p"],
        live="1z6z2s",
        rinshan="7s8s9s9p",
        dora="1z2z",  # dora 2z and 3z: none in the hand
    )
    state = Game("gotou").new_state([wall])
    tsumogiri(state, 0)
    for _ in range(4):
        state.apply(next(a for a in state.legal_actions(1) if a.type is ActionType.KITA))
    assert len(state.players[1].extracted) == 4
    state.apply(Action(ActionType.DISCARD, 1, tile(state, 1, "6z")))
    pass_all(state)
    drawn = state.players[2].drawn
    assert drawn is not None and tile_kind(drawn) == parse_tiles("2s")[0] >> 2
    state.apply(Action(ActionType.DISCARD, 2, drawn))
    assert ActionType.RON in types(state, 1)
    state.apply(Action(ActionType.RON, 1, drawn))
    pass_all(state)
    hora = next(e for e in state.events if e["type"] == "hora")
    assert [(y["id"], y["han"]) for y in hora["yakus"]] == [("four_north", 8)]
    assert hora["yakus"][0]["ja"] == "北4枚抜き"
    assert (hora["fan"], hora["limit"], hora["deltas"]) == (8, "baiman", [0, 16000, -16000])
    assert {"item": "north", "chips": 4, "from_all": False} in hora["chip_items"]
    assert len(hora["dice"]) == 1  # one サイコロチャンス, rolled and paid with the win


def test_gotou_three_norths_alone_are_no_win_in_play() -> None:
    # The near miss: the same wait with three norths set aside (three 抜きドラ) has no yaku.
    wall = stacked(
        "gotou",
        ["", "4z4z4z123p567p13s9p9p"],
        live="1z6z2s",
        rinshan="7s8s9s",
        dora="1z2z",
    )
    state = Game("gotou").new_state([wall])
    tsumogiri(state, 0)
    for _ in range(3):
        state.apply(next(a for a in state.legal_actions(1) if a.type is ActionType.KITA))
    state.apply(Action(ActionType.DISCARD, 1, tile(state, 1, "6z")))
    pass_all(state)
    assert sorted(legality.hand_waits(state, 1)) == [parse_tiles("2s")[0] >> 2]
    drawn = state.players[2].drawn
    assert drawn is not None and tile_kind(drawn) == parse_tiles("2s")[0] >> 2
    state.apply(Action(ActionType.DISCARD, 2, drawn))
    assert ActionType.RON not in types(state, 1)


def test_mighty_deals_twelve_and_sets_5m_aside() -> None:
    wall = stacked("mighty", ["123p456p789s11z9p"], live="5m7z", rinshan="2z")
    state = Game("mighty").new_state([wall])
    assert [len(p.hand) for p in state.players] == [13, 12, 12]
    assert types(state, 0) == {ActionType.KITA}
    state.apply(next(iter(state.legal_actions(0))))
    assert len(state.players[0].extracted) == 1


def test_mighty_wins_with_the_wildcard() -> None:
    # 12 tiles 123p 456p 789s 11z 2z: the wildcard plus 2z (or 1z) completes.
    wall = stacked("mighty", ["123p456p789s11z2z"], live="2z")
    state = Game("mighty").new_state([wall])
    assert ActionType.TSUMO in types(state, 0)
    state.apply(Action(ActionType.TSUMO, 0, state.players[0].drawn))
    assert state.events[-1]["type"] in ("start_kyoku", "tsumo", "end_game")
    assert state.ledger.state.scores[0] > 30000


# -- riichi -----------------------------------------------------------------------------------


@table_knob("furiten_riichi")
@pytest.mark.parametrize(
    ("preset", "hand", "draw", "riichi"),
    [
        ("riichi", "123m456m789m11p56s", "4s", True),
        ("kanto-boo", "123m456m789m11p56s", "4s", False),
        ("tokushima", "123p456p789p11s56s", "4s", False),
    ],
)
def test_furiten_riichi_is_not_offered_where_forbidden(
    preset: str, hand: str, draw: str, riichi: bool
) -> None:
    wall = stacked(preset, [hand], live=draw)
    state = Game(preset).new_state([wall])
    d = tile(state, 0, draw)
    assert (Action(ActionType.RIICHI, 0, d) in state.legal_actions(0)) is riichi
    # A discard that leaves a wait in the river is furiten; the same hand's other riichi is
    # fine: discarding 1p/1s would not be tenpai here, so only the furiten one exists.


@table_knob("furiten_riichi", "open_riichi")
def test_mighty_furiten_riichi_only_as_open_riichi() -> None:
    wall = stacked("mighty", ["123p456p789s11z2z"], live="1z")
    state = Game("mighty").new_state([wall])
    d = tile(state, 0, "1z")
    legal = state.legal_actions(0)
    assert Action(ActionType.RIICHI, 0, d) not in legal
    assert Action(ActionType.OPEN_RIICHI, 0, d) in legal


@table_knob("open_riichi", "open_riichi_guarded")
def test_open_riichi_sets_the_flag_and_guards_deal_ins_in_gotou() -> None:
    # Dealer waits on 1s/4s; seat 1 holds a 1s and must not discard it.
    wall = stacked("gotou", ["123p456p789s11z23s", "1s"], live="7z9m")
    state = Game("gotou").new_state([wall])
    state.apply(Action(ActionType.OPEN_RIICHI, 0, tile(state, 0, "7z")))
    reach = next(e for e in state.events if e["type"] == "reach")
    assert reach.get("open") is True
    pass_all(state)
    assert state.players[0].riichi.is_open
    legal = state.legal_actions(1)
    assert not any(a.tile is not None and tile_kind(a.tile) == 18 for a in legal)
    assert any(a.type is ActionType.DISCARD for a in legal)


def test_gotou_shuba_once_per_game() -> None:
    wall = stacked("gotou", ["123p456p789s11z23s"], live="7z")
    state = Game("gotou").new_state([wall])
    d = tile(state, 0, "7z")
    assert Action(ActionType.SHUBA_RIICHI, 0, d) in state.legal_actions(0)
    state.apply(Action(ActionType.SHUBA_RIICHI, 0, d))
    pass_all(state)
    assert state.ledger.state.scores[0] == 35000 - 5000
    assert 0 in state.ledger.state.shuba
    # A second game start with the marker out: no シュバ offered.
    again = Game("gotou").new_state([stacked("gotou", ["123p456p789s11z23s"], live="7z")])
    with_shuba_out(again, 0)
    kinds = {a.type for a in again.legal_actions(0)}
    assert ActionType.RIICHI in kinds and ActionType.SHUBA_RIICHI not in kinds
    # Other presets have no シュバ at all.
    plain = Game("tokushima").new_state([stacked("tokushima", ["123p456p789p11s56s"], live="7z")])
    assert ActionType.SHUBA_RIICHI not in types(plain, 0)


def test_gotou_dot_white_after_riichi_is_a_forced_tsumo() -> None:
    wall = stacked("gotou", ["123p456p789s11z23s"], live="7z9m9m0z")
    state = Game("gotou").new_state([wall])
    state.apply(Action(ActionType.RIICHI, 0, tile(state, 0, "7z")))
    pass_all(state)
    tsumogiri(state, 1)
    tsumogiri(state, 2)
    drawn = state.players[0].drawn
    assert drawn is not None and state.game.tileset.variant(drawn) is Variant.DOT
    assert list(state.legal_actions(0)) == [Action(ActionType.TSUMO, 0, drawn)]
    state.apply(Action(ActionType.TSUMO, 0, drawn))
    assert any(e["type"] == "hora" for e in state.events)


@table_knob("riichi_must_win")
def test_mighty_riichi_player_cannot_pass_a_ron() -> None:
    # Dealer 123p 456p 789s 11z 9p, riichi on 7z: waits 1z 7p 8p 9p (with the wildcard).
    wall = stacked("mighty", ["123p456p789s11z9p"], live="7z8p")
    state = Game("mighty").new_state([wall])
    state.apply(Action(ActionType.RIICHI, 0, tile(state, 0, "7z")))
    pass_all(state)
    drawn = state.players[1].drawn
    assert drawn is not None
    state.apply(Action(ActionType.DISCARD, 1, drawn))
    assert list(state.legal_actions(0)) == [Action(ActionType.RON, 0, drawn)]
    # The same table without the forced win offers PASS.
    free = Game(load_preset("mighty", {"table": {"riichi_must_win": False}}))
    other = free.new_state([stacked("mighty", ["123p456p789s11z9p"], live="7z8p")])
    other.apply(Action(ActionType.RIICHI, 0, tile(other, 0, "7z")))
    pass_all(other)
    d1 = other.players[1].drawn
    assert d1 is not None
    other.apply(Action(ActionType.DISCARD, 1, d1))
    assert ActionType.PASS in types(other, 0)


# -- draws and wins ---------------------------------------------------------------------------


@table_knob("nine_terminals")
def test_tokushima_has_no_nine_terminals_abort() -> None:
    for preset, offered in (("tokushima", False), ("gotou", True)):
        state = Game(preset).new_state([stacked(preset, ["19p19s1234567z"], live="9p")])
        assert (ActionType.NINE_TERMINALS in types(state, 0)) is offered
        if offered:
            hand = list(state.players[0].hand)
            state.apply(Action(ActionType.NINE_TERMINALS, 0))
            draw = next(e for e in state.events if e["type"] == "ryukyoku")
            # The declarer shows the hand; nobody else's is shown.
            assert draw["reason"] == "yao9" and draw["tehais"] == [hand, None, None]


@table_knob("tenpai_needs_yaku")
def test_tokushima_tenpai_at_a_draw_needs_a_yaku() -> None:
    from jantaku.tiles.notation import Meld, MeldType, Source

    state = Game("tokushima").new_state([stacked("tokushima", [])])
    p = state.players[1]
    ts = state.game.tileset
    tiles = list(parse_tiles("234p678s99s12s333p", ts))
    with_hand(state, 1, tiles[:10], melds=[Meld(MeldType.PON, tuple(tiles[10:13]), Source.LEFT)])
    assert legality.waits(state, p, p.hand)  # tenpai on 3s
    assert not draws.tenpai_at_draw(state, 1)  # open, no yaku on any wait
    with_hand(state, 1, tiles[:13], melds=[])
    assert draws.tenpai_at_draw(state, 1)  # closed: menzen tsumo at least


def _boo_ron_setup(scores: list[int]) -> State:
    # Seat 1 waits on 5s with tanyao (234m 567m 234p 678s 5s); the dealer's draw is 5s.
    wall = stacked("kanto-boo", ["", "234m567m234p678s5s"], live="5s")
    return Game("kanto-boo").new_state([wall], start={"scores": scores, "dealer": 0})


def test_a_forbidden_boo_ron_is_not_offered() -> None:
    # Seat 1 at 15000 would reach 16000 and end the game; from seat 3 (1000) that leaves
    # exactly one sunk player (マルシー): refused. From the dealer (8000) two are sunk: fine.
    state = _boo_ron_setup([8000, 15000, 8000, 1000])
    five = state.players[0].drawn
    assert five is not None
    state.apply(Action(ActionType.DISCARD, 0, five))
    assert Action(ActionType.RON, 1, five) in state.legal_actions(1)
    wall = stacked("kanto-boo", ["", "234m567m234p678s5s", "", "5s"], live="9m9m9m")
    state = Game("kanto-boo").new_state(
        [wall], start={"scores": [8000, 15000, 8000, 1000], "dealer": 0}
    )
    for seat in (0, 1, 2):
        tsumogiri(state, seat)
    state.apply(Action(ActionType.DISCARD, 3, tile(state, 3, "5s")))
    assert Action(ActionType.RON, 1, tile_of_river(state, 3)) not in state.legal_actions(1)


def tile_of_river(state: State, seat: int) -> Tile:
    return state.players[seat].river[-1]


@table_knob("double_ron")
def test_kanto_boo_has_no_double_ron() -> None:
    wall = stacked("kanto-boo", ["", "234m567m234p678s5s", "234m567m234p678s5s"], live="5s")
    state = Game("kanto-boo").new_state([wall])
    five = state.players[0].drawn
    assert five is not None
    state.apply(Action(ActionType.DISCARD, 0, five))
    state.apply(Action(ActionType.RON, 2, five))
    state.apply(Action(ActionType.RON, 1, five))
    hora = [e for e in state.events if e["type"] == "hora"]
    assert [e["actor"] for e in hora] == [1]  # head bump: the discarder's next player


def test_gotou_keeps_the_deal_on_a_draw() -> None:
    state = Game("gotou", 3).new_state([stacked("gotou", [])])
    while sum(e["type"] == "start_kyoku" for e in state.events) < 2:
        seat = state.current_seats()[0]
        legal = list(state.legal_actions(seat))
        if state.phase == "response":
            state.apply(Action(ActionType.PASS, seat))
            continue
        drawn = state.players[seat].drawn
        choice = next(
            (a for a in legal if a.type is ActionType.DISCARD and a.tile == drawn),
            next((a for a in legal if a.type is ActionType.KITA), legal[-1]),
        )
        state.apply(choice)
    draw = next(e for e in state.events if e["type"] == "ryukyoku")
    assert draw["reason"] == "exhaustive"
    nxt = [e for e in state.events if e["type"] == "start_kyoku"][-1]
    assert nxt["oya"] == 0 and nxt["honba"] == 1


# -- random-legal games -----------------------------------------------------------------------


def play_house(game: Game, rng: random.Random, max_steps: int = 30000) -> State:
    """Random legal choices, but every win offered is taken (so sudden death ends)."""
    state = game.new_state()
    total = sum(state.ledger.state.scores)
    steps = 0
    while not state.game_over:
        seat = state.current_seats()[0]
        actions = list(state.legal_actions(seat))
        assert actions, f"seat {seat} must act but has no legal action"
        wins = [a for a in actions if a.type in (ActionType.TSUMO, ActionType.RON)]
        state.apply(wins[0] if wins else rng.choice(actions))
        check_invariants(state, total)
        for p in state.players:
            assert len(p.hand) + 3 * len(p.melds) in (game.hand_size, game.hand_size + 1)
        steps += 1
        assert steps < max_steps
    return state


@pytest.mark.parametrize("preset", HOUSE)
@pytest.mark.parametrize("seed", range(3))
def test_random_house_games_end_with_every_point_accounted_for(preset: str, seed: int) -> None:
    state = play_house(Game(preset, seed), random.Random(seed))
    assert state.events[-1]["type"] == "end_game"
    assert state.events[-1]["settlement"] is not None
    again = state.game.replay(state.events)
    assert again.ledger.state.scores == state.ledger.state.scores


@table_knob("riichi_ankan")
def test_tokushima_ankan_after_riichi_is_mandatory() -> None:
    # Dealer 111p 456p 789p 11s 56s, riichi on 9s; the fourth 1p keeps the waits 4s 7s.
    wall = stacked("tokushima", ["111p456p789p11s56s"], live="9s1z2z1p")
    state = Game("tokushima").new_state([wall])
    state.apply(Action(ActionType.RIICHI, 0, tile(state, 0, "9s")))
    pass_all(state)
    tsumogiri(state, 1)
    tsumogiri(state, 2)
    assert types(state, 0) == {ActionType.ANKAN}
    # Where the kan is only allowed, the drawn tile may be discarded instead.
    free = Game(load_preset("tokushima", {"table": {"riichi_ankan": "allowed"}})).new_state([wall])
    free.apply(Action(ActionType.RIICHI, 0, tile(free, 0, "9s")))
    pass_all(free)
    tsumogiri(free, 1)
    tsumogiri(free, 2)
    assert types(free, 0) == {ActionType.ANKAN, ActionType.DISCARD}
    # And where it is forbidden, only the drawn tile may go.
    never = Game(load_preset("tokushima", {"table": {"riichi_ankan": "forbidden"}}))
    no_kan = never.new_state([wall])
    no_kan.apply(Action(ActionType.RIICHI, 0, tile(no_kan, 0, "9s")))
    pass_all(no_kan)
    tsumogiri(no_kan, 1)
    tsumogiri(no_kan, 2)
    assert types(no_kan, 0) == {ActionType.DISCARD}


def test_mighty_rolls_a_wareme_seat_each_hand() -> None:
    state = Game("mighty", 5).new_state()
    starts = [e for e in state.events if e["type"] == "start_kyoku"]
    assert all(0 <= e["wareme"] < 3 for e in starts)
    assert state.wareme == starts[-1]["wareme"]
    assert "wareme" not in Game("tokushima", 5).new_state().events[1]


def test_mighty_mu_wins_when_the_fourth_call_leaves_no_tile() -> None:
    from jantaku.tiles.notation import Meld, MeldType, Source

    state = Game("mighty").new_state([stacked("mighty", [], live="9s")])
    ts = state.game.tileset
    pons = list(parse_tiles("111p999p111s777z", ts))
    melds = [Meld(MeldType.PON, tuple(pons[i : i + 3]), Source.LEFT) for i in (0, 3, 6, 9)]
    last = state.players[0].hand[-1]
    with_hand(state, 0, [last], drawn=last, melds=melds, fed_by=2)
    state.apply(Action(ActionType.DISCARD, 0, last))
    pass_all(state)
    hora = next(e for e in state.events if e["type"] == "hora")
    assert hora.get("mu") is True and hora["actor"] == 0
    scores = state.ledger.state.scores
    assert scores[1] == 30000 and scores[2] < 30000 - 40000  # the feeder pays it all


@table_knob("per_tile_furiten")
@pytest.mark.parametrize("per_tile", [True, False])
def test_tokushima_furiten_is_per_tile(per_tile: bool) -> None:
    # Seat 1 (123p 456p 789p 11s 56s) draws 4s and discards it; 7s can still be ronned.
    wall = stacked("tokushima", ["", "123p456p789p11s56s"], live="9m4s7s")
    preset = load_preset("tokushima", {"table": {"per_tile_furiten": per_tile}})
    state = Game(preset).new_state([wall])
    tsumogiri(state, 0)
    state.apply(Action(ActionType.DISCARD, 1, tile(state, 1, "4s")))
    pass_all(state)
    seven = state.players[2].drawn
    assert seven is not None
    state.apply(Action(ActionType.DISCARD, 2, seven))
    assert (Action(ActionType.RON, 1, seven) in state.legal_actions(1)) is per_tile


def test_no_third_open_riichi_in_gotou() -> None:
    from jantaku.scoring.situation import RiichiKind

    state = Game("gotou").new_state([stacked("gotou", ["123p456p789s11z23s"], live="7z")])
    d = tile(state, 0, "7z")
    assert Action(ActionType.OPEN_RIICHI, 0, d) in state.legal_actions(0)
    with_riichi(state, {1: RiichiKind.OPEN, 2: RiichiKind.OPEN})
    assert Action(ActionType.OPEN_RIICHI, 0, d) not in state.legal_actions(0)


def test_table_rules_come_from_the_knobs() -> None:
    t = {name: load_preset(name).table for name in ["riichi", "sanma", *HOUSE]}
    assert t["riichi"] == TableRules() and t["sanma"] == TableRules(tenhou_aborts=False)
    assert t["gotou"].open_riichi and t["gotou"].initial_dora == 2
    assert t["gotou"].open_riichi_guarded
    assert t["mighty"].furiten_riichi == "open_only" and t["mighty"].riichi_must_win
    assert t["tokushima"].furiten_riichi == "forbidden" and not t["tokushima"].nine_terminals
    assert t["tokushima"].tenpai_needs_yaku and t["tokushima"].per_tile_furiten
    boo = t["kanto-boo"]
    assert boo.furiten_riichi == "forbidden" and not boo.riichi_must_win and not boo.double_ron
    assert boo.nine_terminals and not boo.tenhou_aborts


def test_gotou_spring_pays_chips_when_extracted() -> None:
    # Summer first (nothing), then spring (2: two flowers so far), then autumn (+1).
    wall = stacked("gotou", ["2f"], live="1f", rinshan="3f9p")
    state = Game("gotou").new_state([wall])
    chips = state.ledger.state.chips
    state.apply(Action(ActionType.KITA, 0, tile(state, 0, "2f")))
    assert chips == [200, 200, 200]
    state.apply(Action(ActionType.KITA, 0, tile(state, 0, "1f")))
    assert chips == [204, 198, 198]
    state.apply(Action(ActionType.KITA, 0, tile(state, 0, "3f")))
    assert chips == [206, 197, 197]
    # Tokushima flowers are han, not chips.
    other = Game("tokushima").new_state([stacked("tokushima", [], live="1f")])
    other.apply(Action(ActionType.KITA, 0, tile(other, 0, "1f")))
    assert other.ledger.state.chips == [0, 0, 0]


@table_knob("kan_dora_at_once")
@pytest.mark.parametrize(("preset", "at_once"), [("gotou", True), ("sanma", False)])
def test_gotou_turns_an_open_kan_dora_at_once(preset: str, at_once: bool) -> None:
    wall = stacked(preset, ["", "9p9p9p"], live="9p")
    state = Game(preset).new_state([wall])
    nine = state.players[0].drawn
    assert nine is not None
    state.apply(Action(ActionType.DISCARD, 0, nine))
    kan = next(a for a in state.legal_actions(1) if a.type is ActionType.DAIMINKAN)
    state.apply(kan)
    pass_all(state)
    after = [
        e["type"]
        for e in state.events[
            state.events.index(next(e for e in state.events if e["type"] == "daiminkan")) :
        ]
    ]
    assert (after[:3] == ["daiminkan", "dora", "tsumo"]) is at_once


@table_knob("riichi_without_draws")
def test_gotou_riichi_with_no_draw_left() -> None:
    for preset, offered in (("gotou", True), ("sanma", False)):
        state = Game(preset).new_state([stacked(preset, ["123p456p789s11z23s"], live="7z")])
        with_draws_left(state, 1)
        d = tile(state, 0, "7z")
        assert (Action(ActionType.RIICHI, 0, d) in state.legal_actions(0)) is offered


# -- kan limit near the end of the wall ---------------------------------------------------------


@table_knob("kan_needs_draws")
@pytest.mark.parametrize(("needs", "offered"), [(1, True), (2, False)])
def test_kan_needs_draws_left(needs: int, offered: bool) -> None:
    """``kan_needs_draws``: Tenhou allows a kan with one draw left (not on the last tile);
    gotou («残りツモ1回時はカン不可能») needs two. Seat 0 draws its fourth 1m as the
    second-to-last live tile."""
    wall = stacked("riichi", ["111m258p369s1234z"])
    fourth = next(t for t in range(4) if t not in wall.hands[0])
    for part in (*wall.hands[1:], wall.live, wall.rinshan, wall.dora, wall.ura):
        if fourth in part:  # swap it with the second-to-last live tile
            i, j = part.index(fourth), len(wall.live) - 2
            part[i], wall.live[j] = wall.live[j], fourth
    preset = load_preset("riichi", {"table": {"kan_needs_draws": needs, "tenhou_aborts": False}})
    state = Game(preset).new_state([wall])
    while state.draws < state.max_draws - 1:
        seat = state.turn
        if ActionType.ANKAN in types(state, seat):
            assert state.draws == state.max_draws - 1
        tsumogiri(state, seat)
        if state.phase != "turn":
            break
    assert state.turn == 0 and state.players[0].drawn == fourth
    assert state.max_draws - state.draws == 1
    assert (ActionType.ANKAN in types(state, 0)) is offered


# -- dead wall, replacement tiles, dealer's dice ------------------------------------------------


@table_knob("dead_wall")
def test_tokushima_keeps_an_18_tile_dead_wall() -> None:
    state = Game("tokushima", 3).new_state()
    wall = state.events[1]["wall"]
    assert len(wall["rinshan"]) + len(wall["dora"]) + len(wall["ura"]) + len(wall["rest"]) == 18
    assert state.max_draws == 112 - 18 - 3 * 13 == len(wall["live"])
    riichi = Game("riichi", 3).new_state()
    assert riichi.max_draws == 136 - 14 - 4 * 13 and "rest" not in riichi.events[1]["wall"]


@table_knob("doubles_two_dora")
def test_tokushima_dealer_doubles_turn_two_dora_indicators() -> None:
    starts = []
    for seed in range(40):
        state = Game("tokushima", seed).new_state()
        start = state.events[1]
        a, b = start["dice"]
        assert 1 <= a <= 6 and 1 <= b <= 6
        want = 2 if a == b else 1
        assert len(start["dora_tiles"]) == want and len(state.revealed) == want
        starts.append(want)
    assert 1 in starts and 2 in starts
    assert "dice" not in Game("riichi", 1).new_state().events[1]


@table_knob("replacement_shortens_wall", "rinshan_tiles")
def test_gotou_replacement_draws_do_not_shorten_the_live_wall() -> None:
    """gotou keeps 12 replacement tiles and draws the live wall to the dead wall: a flower
    set aside and replaced leaves as many live draws as before; Tenhou-style sanma moves the
    end of the live wall up one for a north set aside."""
    wall = stacked("gotou", [], live="1f", rinshan="9p")
    state = Game("gotou").new_state([wall])
    assert len(wall.rinshan) == 12 and state.max_draws == 112 - 16 - 39 == 57
    left = state.max_draws - state.draws
    state.apply(state.legal_actions(0)[0])  # the forced extraction of the flower
    assert state.players[0].extracted and state.max_draws - state.draws == left
    sanma = Game("sanma").new_state([stacked("sanma", [], live="4z")])
    left = sanma.max_draws - sanma.draws
    kita = next(a for a in sanma.legal_actions(0) if a.type is ActionType.KITA)
    sanma.apply(kita)
    pass_all(sanma)
    assert sanma.max_draws - sanma.draws == left - 1


def test_dead_wall_must_hold_the_replacements_and_indicators() -> None:
    with pytest.raises(ValueError, match=r"table\.dead_wall"):
        load_preset("riichi", {"table": {"dead_wall": 16, "rinshan_tiles": 8}})


# -- kanto-boo kokushi furiten ron, mighty ankan after riichi ------------------------------------


@table_knob("kokushi_furiten_ron")
@pytest.mark.parametrize("allowed", [True, False])
def test_boo_kokushi_may_ron_while_furiten_on_a_tile_it_never_discarded(allowed: bool) -> None:
    """Seat 1 takes 7z into 119m19p19s123456z and lets 1m go: a 13-sided kokushi, furiten
    on its own 1m. Seat 2 then discards 9p: kanto-boo «国士無双については現物でなければ栄和
    可能» lets seat 1 ron; with the knob off it may not."""
    wall = stacked("kanto-boo", ["", "119m19p19s123456z"], live="5s7z9p")
    preset = load_preset("kanto-boo", {"table": {"kokushi_furiten_ron": allowed}})
    state = Game(preset).new_state([wall])
    tsumogiri(state, 0)
    assert state.turn == 1
    state.apply(Action(ActionType.DISCARD, 1, tile(state, 1, "1m")))
    pass_all(state)
    assert legality.furiten(state, 1)
    state.apply(Action(ActionType.DISCARD, 2, tile(state, 2, "9p")))
    assert (ActionType.RON in types(state, 1)) is allowed
    if allowed:
        ron = next(a for a in state.legal_actions(1) if a.type is ActionType.RON)
        state.apply(ron)
        pass_all(state)
        hora = next(e for e in state.events if e["type"] == "hora")
        assert hora["actor"] == 1 and {y["id"] for y in hora["yakus"]} & {"kokushi", "kokushi13"}


def test_boo_kokushi_furiten_ron_never_on_its_own_discard() -> None:
    """The exception is for tiles the kokushi never discarded: 1m itself stays furiten."""
    wall = stacked("kanto-boo", ["", "119m19p19s123456z"], live="5s7z1m")
    state = Game("kanto-boo").new_state([wall])
    tsumogiri(state, 0)
    state.apply(Action(ActionType.DISCARD, 1, tile(state, 1, "1m")))
    pass_all(state)
    state.apply(Action(ActionType.DISCARD, 2, tile(state, 2, "1m")))
    assert ActionType.RON not in types(state, 1)


@table_knob("riichi_ankan_waits")
@pytest.mark.parametrize(("rule", "allowed"), [("same", False), ("same_count", True)])
@PATCHES_A_MODULE
def test_ankan_after_riichi_compares_waits_or_their_number(
    rule: str, allowed: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    """mighty «待ちの総数が変わる暗槓は不可»: the number of waiting kinds must stay, not the
    kinds themselves. A kan that swaps one wait for another is refused by the Tenhou rule
    and allowed by mighty's."""
    preset = load_preset("mighty", {"table": {"riichi_ankan_waits": rule}})
    state = Game(preset).new_state([stacked("mighty", ["111p234p567s11z"], live="1p")])
    p = state.players[0]
    assert p.drawn is not None and tile_kind(p.drawn) == 9
    before = legality.waits(state, p, [t for t in p.hand if t != p.drawn])
    swapped = frozenset({next(k for k in range(27) if k not in before), *list(before)[1:]})
    assert len(swapped) == len(before) and swapped != before
    monkeypatch.setattr(legality, "waits_with_kan", lambda st, p, hand, kind: swapped)
    assert legality.ankan_keeps_waits(state, p, 9) is allowed


# -- riichi below zero, what an open riichi shows ------------------------------------------------


@table_knob("riichi_below_zero")
@pytest.mark.parametrize("below_zero", [True, False])
def test_gotou_riichi_may_take_a_player_below_zero(below_zero: bool) -> None:
    """«0点以下となるリーチ、オープンリーチ、祝儀倍リーチ可»: with 500 points gotou still offers
    every riichi (the 5000 シュバ too); without the knob none is offered."""
    preset = load_preset("gotou", {"table": {"riichi_below_zero": below_zero}})
    start = {"scores": [500, 52000, 52500], "dealer": 0}
    wall = stacked("gotou", ["123p456p789s11z23s"], live="7z")
    state = Game(preset).new_state([wall], start=start)
    kinds = types(state, 0)
    riichis = {ActionType.RIICHI, ActionType.OPEN_RIICHI, ActionType.SHUBA_RIICHI}
    assert riichis <= kinds if below_zero else not (riichis & kinds)
    if below_zero:
        state.apply(Action(ActionType.SHUBA_RIICHI, 0, tile(state, 0, "7z")))
        pass_all(state)
        assert state.ledger.state.scores[0] == 500 - 5000


def test_shuba_needs_its_5000_without_riichi_below_zero() -> None:
    preset = load_preset("gotou", {"table": {"riichi_below_zero": False}})
    start = {"scores": [3000, 51000, 51000], "dealer": 0}
    wall = stacked("gotou", ["123p456p789s11z23s"], live="7z")
    kinds = types(Game(preset).new_state([wall], start=start), 0)
    assert ActionType.RIICHI in kinds and ActionType.SHUBA_RIICHI not in kinds


@table_knob("open_riichi_shows")
@pytest.mark.parametrize(("preset", "shows"), [("gotou", "waits"), ("mighty", "hand")])
def test_an_open_riichi_shows_the_table_what_the_preset_says(preset: str, shows: str) -> None:
    hand = "123p456p789s11z23s" if preset == "gotou" else "123p456p789s11z2s"
    state = Game(preset).new_state([stacked(preset, [hand], live="7z")])
    state.apply(Action(ActionType.OPEN_RIICHI, 0, tile(state, 0, "7z")))
    pass_all(state)
    accepted = next(e for e in state.events if e["type"] == "reach_accepted")
    if shows == "waits":
        assert accepted["shown_waits"] == ("14s" if preset == "gotou" else "")
        assert "shown" not in accepted
    else:
        assert sorted(accepted["shown"]) == sorted(state.players[0].hand)
    # Everyone sees it: it is in every seat's view.
    for seat in range(state.seats):
        assert any(e.get("actor") == 0 and e["type"] == "reach_accepted" for e in state.view(seat))


@table_knob("doubles_two_dora")
def test_the_engine_tells_the_scorer_the_start_indicators_and_the_kans() -> None:
    """Issue 11 item 8: mighty played with the dealer's doubles turning two indicators
    (``table.doubles_two_dora``). A tsumo with no kan made pays no 槓ドラ chip («祝儀は１発、
    裏ドラ、槓ドラ») for the second indicator, which the doubles turned, not a kan."""
    preset = load_preset("mighty", {"table": {"doubles_two_dora": True}})
    # 123p 456p 789s 11z 2z + the wildcard; the dealer draws 2z and wins. Indicators 1z
    # (→ 2z), then 2z (→ 3z: none) and 8s → 9s (one in hand): only 9s could be a kan dora.
    hand, dora = "123p456p789s11z2z", "1z8s"
    for seed in range(60):
        state = Game(preset, seed).new_state([stacked("mighty", [hand], live="2z", dora=dora)])
        a, b = state.events[1]["dice"]
        if a == b:
            break
    else:
        raise AssertionError("no doubles in 60 seeds")
    assert len(state.revealed) == 2 and state.start_indicators == 2
    drawn = state.players[0].drawn
    assert drawn is not None
    sit = situation.win(state, 0, 0, drawn, False)
    assert (sit.start_indicators, sit.kans) == (2, 0)
    # Not a 天和 (a yakuman pays no dora chips anyway): the same tsumo a turn later.
    result = state.game.scorer.score(dataclasses.replace(sit, first_turn=False))
    assert result.facts["kan_dora"] == 0
    assert {y.id: y.han for y in result.yaku}["dora"] == 3  # 2z ×2 and 9s: all plain dora
    chips = win_chips(result, dataclasses.replace(sit, first_turn=False), preset)
    assert "kan_dora" not in {item for item, _, _ in chips.items}


@table_knob("doubles_two_dora")
def test_a_played_win_after_the_dealers_doubles_pays_no_kan_dora_chip() -> None:
    """The same as played: the dealer discards, the others discard, the dealer draws 2z and
    wins. The win's log line (what the fold paid) has the 8s → 9s dora as a plain dora and
    no 槓ドラ chip, since no kan was made (the scorer was once left to guess the indicators
    turned at the start from ``flower_powers`` and paid one)."""
    preset = load_preset("mighty", {"table": {"doubles_two_dora": True}})
    hand, dora = "123p456p789s11z2z", "1z8s"
    for seed in range(60):
        wall = stacked("mighty", [hand], live="3s4s6s2z", dora=dora)
        state = Game(preset, seed).new_state([wall])
        a, b = state.events[1]["dice"]
        if a == b:
            break
    else:
        raise AssertionError("no doubles in 60 seeds")
    assert state.events[1]["dora_tiles"] == state.revealed and len(state.revealed) == 2
    for seat in (0, 1, 2):
        tsumogiri(state, seat)
    drawn = state.players[0].drawn
    assert drawn is not None and tile_kind(drawn) == tile_kind(tile(state, 0, "2z"))
    state.apply(Action(ActionType.TSUMO, 0, drawn))
    win = next(e for e in state.events if e["type"] == "hora")
    assert {y["id"]: y["han"] for y in win["yakus"]}["dora"] == 3
    assert "kan_dora" not in {item["item"] for item in win["chip_items"]}
    assert not any(e["type"] in ("ankan", "daiminkan", "kakan", "dora") for e in state.events)


def _before_exhaustive_draw(preset: str) -> tuple[State, dict[str, object], list[int], int]:
    """A seeded baseline game's state just before the last discard of an exhaustive draw
    with one tenpai and one noten player besides the one discarding, the last discard, the
    tenpai players, and the game's seed (the first such draw from seed 100 on)."""
    import io
    import json

    from jantaku.sim.runner import play_game

    for seed in range(100, 140):
        buf = io.StringIO()
        play_game(preset, seed, "baseline", log=buf)
        events = [json.loads(line) for line in buf.getvalue().splitlines()]
        for e in events:
            e.pop("game", None)
        for i, e in enumerate(events):
            if e["type"] != "ryukyoku" or e["reason"] != "exhaustive":
                continue
            last = events[i - 1]
            if last["type"] != "dahai":
                continue
            others = [s for s in range(3) if s != last["actor"]]
            if sum(s in e["tenpai"] for s in others) == 1:
                state = Game(preset, seed).replay(events[: i - 1])
                return state, last, e["tenpai"], seed
    raise AssertionError(f"no {preset} draw with one tenpai and one noten player")


@pytest.mark.parametrize("holder", ["tenpai", "noten"])
def test_a_flower_or_north_held_at_the_draw_never_makes_a_hand_noten(holder: str) -> None:
    """gotou «華牌、北の補充し忘れはツモ番時にいつでも解消可能»: a hand still holding a flower (or
    north) it has not set aside is judged at the draw on its other tiles: a tenpai hand stays
    tenpai, and the flower makes a noten hand no better."""
    state, last, tenpai, seed = _before_exhaustive_draw("gotou")
    actor = int(last["actor"])  # type: ignore[call-overload]
    # neither is the one discarding
    (seat,) = [q for q in range(3) if q != actor and (q in tenpai) is (holder == "tenpai")]
    held = {t for p in state.players for t in p.hand}
    player = state.players[seat]
    for kind_name in ("1f", "4z"):  # a flower, then a north
        (kind,) = {tile_kind(t) for t in parse_tiles(kind_name, state.game.tileset)}
        extra = next(t for t in state.game.tileset.tiles if tile_kind(t) == kind and t not in held)
        trial = Game("gotou", seed).replay(state.events)
        with_tile_added(trial, seat, extra)
        trial.apply(Action(ActionType.DISCARD, actor, int(last["tile"])))  # type: ignore[call-overload]
        draw = next(e for e in reversed(trial.events) if e["type"] == "ryukyoku")
        assert (seat in draw["tenpai"]) is (holder == "tenpai"), (kind_name, draw)
    assert len(player.hand) == 13 - 3 * len(player.melds)  # the trials left it alone
