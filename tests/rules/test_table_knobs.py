"""``table.*`` knobs (``TableRules``) set both ways on a preset where they matter, and the
registry check: ``test_every_table_knob_has_a_test`` fails naming any TableRules field that no
test marked ``@table_knob`` sets (markers live beside the tests, see ``table_knobs.py``).

Each test here drives the engine through its public API only (``Game``, ``State.apply``,
``legal_actions``, ``events``, ``players``, ``view``; stacked walls from
``support.walls.stacked``) and quotes the seed line the knob comes from
(``shared/seeds/``). People are numbered from the first dealer (0).
"""

from __future__ import annotations

import importlib
from typing import Any

import pytest

from jantaku.game import Action, ActionType, Game, State, Wall
from jantaku.rules import load_preset
from jantaku.rules.model import TableRules
from jantaku.tiles.kinds import N_KINDS
from jantaku.tiles.tileset import Variant, tile_kind
from support.table_knobs import COVERED, MODULES, table_knob
from support.walls import pass_all, stacked, tile, types

RIICHI_HAND = "123p456p789s11z23s"
"""gotou: 123p 456p 789s 11z 23s, tenpai on 1s 4s."""


def preset_with(name: str, **table: Any) -> Game:
    return Game(load_preset(name, {"table": table}))


def hand_events(state: State) -> list[dict[str, Any]]:
    """The events of the first hand, up to its end (each test here plays one hand)."""
    starts = [i for i, e in enumerate(state.events) if e["type"] == "start_kyoku"]
    out = state.events[starts[0] :]
    end = next((i for i, e in enumerate(out) if e["type"] in ("ryukyoku", "hora")), None)
    return out if end is None else out[: end + 1]


def live_draws(state: State) -> list[int]:
    """The tiles drawn from the live wall this hand, in order (replacement draws left out)."""
    return [e["tile"] for e in hand_events(state) if e["type"] == "tsumo" and not e["rinshan"]]


def hand_over(state: State) -> bool:
    return hand_events(state)[-1]["type"] in ("ryukyoku", "hora")


def specials_first(game: Game, wall: Wall, keep: int, last: int | None = None) -> Wall:
    """``wall`` with its flowers, nuki-dora and special variants moved up to just after the
    first ``keep`` live draws (so they are drawn and set aside early) and ``last``, if given,
    moved to the end of the live wall."""
    ts = game.tileset
    nuki = game.extractable
    head, tail = wall.live[:keep], wall.live[keep:]
    if last is not None:
        tail.remove(last)
    special = [
        t
        for t in tail
        if tile_kind(t) >= N_KINDS or tile_kind(t) in nuki or ts.variant(t) is not Variant.PLAIN
    ]
    plain = [t for t in tail if t not in special]
    wall.live = head + special + plain + ([last] if last is not None else [])
    return wall


def step(state: State) -> None:
    """One action where nobody calls or wins: a response passes; a drawn flower or nuki-dora
    is set aside (the first offered); otherwise the drawn tile is discarded (or, when it may
    not be, the first tile that may)."""
    seat = state.current_seats()[0]
    legal = list(state.legal_actions(seat))
    kinds = {a.type for a in legal}
    if ActionType.PASS in kinds:
        state.apply(Action(ActionType.PASS, seat))
    elif ActionType.KITA in kinds:
        state.apply(next(a for a in legal if a.type is ActionType.KITA))
    else:
        drawn = state.players[seat].drawn
        assert drawn is not None
        discards = [a for a in legal if a.type is ActionType.DISCARD]
        if any(tile_kind(a.tile or 0) == tile_kind(drawn) for a in discards):
            state.apply(Action(ActionType.DISCARD, seat, drawn))
        else:
            state.apply(discards[0])


def to_turn(state: State, seat: int) -> bool:
    """Play on until ``seat`` has just drawn a tile it keeps (no flower left to set aside);
    False if the hand ended first."""
    while not hand_over(state):
        if state.current_seats() == [seat] and state.players[seat].drawn is not None:
            kinds = types(state, seat)
            if ActionType.PASS not in kinds and ActionType.KITA not in kinds:
                return True
        step(state)
    return False


# ============================================================================================
# The five knobs that had no test setting them
# ============================================================================================


@table_knob("riichi_without_draws")
@pytest.mark.parametrize("without_draws", [True, False])
def test_riichi_with_no_draw_left(without_draws: bool) -> None:
    """gotou «ツモ番無しリーチあり» (line 60; ``riichi_without_draws = true``): the player who
    draws the last live tile (西家: 57 draws), tenpai all hand long, may still riichi on it,
    when nobody has a draw left. Off (Tenhou): riichi needs a draw left for every seat."""
    game = preset_with("gotou", riichi_without_draws=without_draws)
    wall = specials_first(game, stacked("gotou", ["", "", RIICHI_HAND]), 0)
    n_live = len(wall.live)
    # gotou draws the live wall to the two dora stacks («ドラ横までツモり切り»): 57
    assert n_live == 112 - 12 - 4 - 3 * 13 == 57
    seat = (n_live - 1) % 3  # the dealer draws the 1st live tile
    assert seat == 2
    state = game.new_state([wall])
    offered: dict[int, bool] = {}  # riichi offered to 西家, by live draws made so far
    while to_turn(state, seat):
        offered[len(live_draws(state))] = ActionType.RIICHI in types(state, seat)
        if len(live_draws(state)) == n_live:
            break
        step(state)
    # 西家 draws the 3rd, 6th, ..., 57th live tile: the last is 57, with none left.
    assert sorted(offered) == list(range(3, n_live + 1, 3))
    assert all(offered[n] for n in offered if n < n_live)
    assert offered[n_live] is without_draws
    if without_draws:  # declared, it stands: the stick is paid before the exhaustive draw
        last = state.players[seat].drawn
        state.apply(Action(ActionType.RIICHI, seat, last))
        pass_all(state)
        events = hand_events(state)
        assert [e["type"] for e in events[-4:]] == ["reach", "dahai", "reach_accepted", "ryukyoku"]
        assert events[-1]["tenpai"] == [seat]
        assert events[-1]["scores"][seat] == 35000 - 1000 + 4000  # stick out, noten payments in


@table_knob("replacement_shortens_wall")
@pytest.mark.parametrize("shortens", [True, False])
def test_replacement_draws_and_the_end_of_the_live_wall(shortens: bool) -> None:
    """gotou «嶺上牌は6トン(12枚)残し　ドラ横までツモり切り» (line 30;
    ``replacement_shortens_wall = false``): every flower and north set aside is replaced from
    the 12 replacement tiles, and the live wall is still drawn to its last tile (the one
    beside the dora). On (Tenhou's 14-tile dead wall): each replacement draw takes one live
    tile off the end, which nobody draws."""
    game = preset_with("gotou", replacement_shortens_wall=shortens)
    wall = specials_first(game, stacked("gotou", [], live="1f", rinshan="9p"), 0)
    order = list(wall.live)
    state = game.new_state([wall])
    while not hand_over(state):
        step(state)
    events = hand_events(state)
    assert events[-1]["type"] == "ryukyoku" and events[-1]["reason"] == "exhaustive"
    replaced = sum(1 for e in events if e["type"] == "tsumo" and e["rinshan"])
    assert replaced >= 8  # 4 flowers, 4 norths (some perhaps more than one per seat)
    drawn = live_draws(state)
    assert drawn == (order[: len(order) - replaced] if shortens else order)


def _last_flower_wall(game: Game, hand: str, first: str) -> tuple[Wall, int]:
    """A wall whose last live tile is a flower and whose other flowers and nuki-dora lie in
    the dead wall's undrawn part (or early in the live wall where it has none)."""
    wall = stacked(game.preset.name, [hand], live=first)
    flower = next(t for t in wall.live if tile_kind(t) >= N_KINDS)
    nuki = game.extractable
    others = [t for t in wall.live if t != flower and tile_kind(t) in nuki]
    for i, t in enumerate(wall.rest):
        if others and tile_kind(t) not in nuki:
            o = others.pop()
            wall.live[wall.live.index(o)], wall.rest[i] = t, o
    return specials_first(game, wall, len(first) // 2, last=flower), flower


@table_knob("extract_last_tile")
@pytest.mark.parametrize("extract", [True, False])
def test_a_flower_drawn_last_is_set_aside_and_replaced(extract: bool) -> None:
    """gotou «華牌、 北の補充し忘れはツモ番時にいつでも解消可能» (line 76;
    ``extract_last_tile = true``): a flower is air, extracted at any draw, the last live tile
    included: 西家 draws the flower as the 57th and last live tile, sets it aside and draws
    a replacement. Off (Tenhou sanma): no replacement on the last tile; the flower, never
    discarded, stays in the hand and another tile goes."""
    game = preset_with("gotou", extract_last_tile=extract)
    wall, flower = _last_flower_wall(game, "", "")
    n_live = len(wall.live)
    seat = (n_live - 1) % 3
    state = game.new_state([wall])
    while len(live_draws(state)) < n_live:
        step(state)
    assert state.players[seat].drawn == flower and live_draws(state)[-1] == flower
    legal = list(state.legal_actions(seat))
    player = state.players[seat]
    if extract:
        assert legal == [Action(ActionType.KITA, seat, flower)]
        state.apply(legal[0])
        tsumo = hand_events(state)[-1]
        assert tsumo["type"] == "tsumo" and tsumo["rinshan"] and tsumo["actor"] == seat
        assert flower in player.extracted and flower not in player.hand
    else:
        assert ActionType.KITA not in {a.type for a in legal}
        assert legal and all(a.tile != flower for a in legal)
        step(state)
        assert flower in player.hand and flower not in player.extracted
    while not hand_over(state):
        step(state)
    events = hand_events(state)
    assert events[-1]["reason"] == "exhaustive"
    assert not any(e["type"] == "dahai" and e["tile"] == flower for e in events)


@table_knob("extract_last_tile")
@pytest.mark.parametrize("extract", [True, False])
def test_a_riichi_player_is_never_made_to_discard_a_flower_drawn_last(extract: bool) -> None:
    """tokushima «華牌は空気扱いのため河に捨てることが出来ず、一発や天和などは消えない。(捨てると
    アガリ放棄)» (line 35; ``extract_last_tile = true``): the dealer in riichi draws a flower
    as the last live tile and sets it aside for a replacement. Off: the riichi player's only
    move is to discard the drawn flower."""
    game = preset_with("tokushima", extract_last_tile=extract)
    # 123p 456p 789p 11s 56s, riichi on the 9s drawn: waits 4s 7s.
    wall, flower = _last_flower_wall(game, "123p456p789p11s56s", "9s")
    n_live = len(wall.live)
    assert n_live == 112 - 18 - 3 * 13
    state = game.new_state([wall])
    state.apply(Action(ActionType.RIICHI, 0, tile(state, 0, "9s")))
    while len(live_draws(state)) < n_live:
        step(state)
    assert state.players[0].drawn == flower and state.players[0].riichi.declared
    legal = list(state.legal_actions(0))
    want = ActionType.KITA if extract else ActionType.DISCARD
    assert legal == [Action(want, 0, flower)]
    state.apply(legal[0])
    if extract:
        tsumo = hand_events(state)[-1]
        assert tsumo["type"] == "tsumo" and tsumo["rinshan"] and tsumo["actor"] == 0
        assert flower in state.players[0].extracted
    else:
        dahai = [e for e in hand_events(state) if e["type"] == "dahai"]
        assert (dahai[-1]["actor"], dahai[-1]["tile"]) == (0, flower)


@table_knob("open_riichi_may_pass")
@pytest.mark.parametrize("may_pass", [True, False])
def test_an_open_riichi_may_pass_a_win(may_pass: bool) -> None:
    """mighty «◯リーチ後の見逃し無し。» (line 26) but «◯オープンリーチならばアガらずが可能。»
    (line 35; ``open_riichi_may_pass = true``): after an open riichi the player may let a ron
    go, and may discard a winning draw. Off: an open riichi wins like any riichi."""
    game = preset_with("mighty", open_riichi_may_pass=may_pass)
    # 123p 456p 789s 11z 9p (+ the wildcard), open riichi on 7z: waits 1z 7p 8p 9p. Seat 1
    # draws 8p and discards it; later the dealer draws 7p.
    wall = stacked("mighty", ["123p456p789s11z9p"], live="7z8p9m7p")
    state = game.new_state([wall])
    state.apply(Action(ActionType.OPEN_RIICHI, 0, tile(state, 0, "7z")))
    pass_all(state)
    eight = state.players[1].drawn
    assert eight is not None
    state.apply(Action(ActionType.DISCARD, 1, eight))
    ron = {ActionType.RON, ActionType.PASS} if may_pass else {ActionType.RON}
    assert types(state, 0) == ron
    # A plain riichi may never pass, whatever this knob says.
    plain = game.new_state([stacked("mighty", ["123p456p789s11z9p"], live="7z8p")])
    plain.apply(Action(ActionType.RIICHI, 0, tile(plain, 0, "7z")))
    pass_all(plain)
    plain.apply(Action(ActionType.DISCARD, 1, tile(plain, 1, "8p")))
    assert types(plain, 0) == {ActionType.RON}
    if not may_pass:
        return
    state.apply(Action(ActionType.PASS, 0))
    pass_all(state)
    nine = state.players[2].drawn
    assert nine is not None
    state.apply(Action(ActionType.DISCARD, 2, nine))
    pass_all(state)
    seven = state.players[0].drawn
    assert seven is not None and tile_kind(seven) == tile_kind(tile(state, 0, "7p"))
    assert types(state, 0) == {ActionType.TSUMO, ActionType.DISCARD}


@table_knob("open_riichi_shows")
@pytest.mark.parametrize("shows", ["waits", "hand"])
def test_an_open_riichi_shows_its_waits_or_its_hand(shows: str) -> None:
    """gotou «オープンリーチあり　+1000点　待ちのみ開示でOK» (line 61; ``open_riichi_shows =
    "waits"``), the option being mighty's «◯オープンリーチあり。（全開け）» (line 21): the table
    sees the waits only, or the whole hand; with the waits only no other seat sees a tile of
    the hand."""
    game = preset_with("gotou", open_riichi_shows=shows)
    state = game.new_state([stacked("gotou", [RIICHI_HAND], live="7z")])
    state.apply(Action(ActionType.OPEN_RIICHI, 0, tile(state, 0, "7z")))
    pass_all(state)
    hand = sorted(state.players[0].hand)
    for seat in (1, 2):
        (accepted,) = [e for e in state.view(seat) if e["type"] == "reach_accepted"]
        if shows == "waits":
            assert accepted["shown_waits"] == "14s" and "shown" not in accepted
        else:
            assert sorted(accepted["shown"]) == hand and "shown_waits" not in accepted


# ============================================================================================
# Knobs whose other tests live in the server or browser tests: one engine-level test each
# ============================================================================================


@table_knob("tenhou_aborts")
@pytest.mark.parametrize("aborts", [True, False])
def test_four_winds_abort_only_where_the_table_has_tenhou_aborts(aborts: bool) -> None:
    """kanto-boo (spec kanto-boo.md: «The only abortive draw is 九種九牌»; gotou's seed says
    it too: «途中流局は9種9牌のみ», line 52): four east winds as the first four discards end
    nothing; with Tenhou's abortive draws they are 四風連打."""
    game = preset_with("kanto-boo", tenhou_aborts=aborts)
    state = game.new_state([stacked("kanto-boo", ["1z", "1z", "1z", "1z"])])
    for seat in range(4):
        state.apply(Action(ActionType.DISCARD, seat, tile(state, seat, "1z")))
        pass_all(state)
    events = hand_events(state)
    if aborts:
        assert events[-1]["type"] == "ryukyoku" and events[-1]["reason"] == "kaze4"
    else:
        assert not hand_over(state)
        assert events[-1]["type"] == "tsumo" and events[-1]["actor"] == 0


@table_knob("nine_terminals", "tenhou_aborts")
def test_a_tenhou_abort_settles_without_nine_terminals() -> None:
    """The ledger refuses the draws a table does not have (tokushima «途中流局なし»): a
    Tenhou abort is its own kind (``abortive``), so a table with Tenhou's aborts and no
    九種九牌 still settles its 四風連打: the dealer stays, one more honba (Tenhou)."""
    game = preset_with("riichi", nine_terminals=False)
    state = game.new_state([stacked("riichi", ["1z", "1z", "1z", "1z"])])
    for seat in range(4):
        state.apply(Action(ActionType.DISCARD, seat, tile(state, seat, "1z")))
        pass_all(state)
    assert any(e["type"] == "ryukyoku" and e["reason"] == "kaze4" for e in state.events)
    led = state.ledger.state
    assert (led.dealer, led.honba, led.hand) == (0, 1, 1)


@table_knob("initial_dora")
@pytest.mark.parametrize("initial", [1, 2])
def test_dora_indicators_turned_at_the_start(initial: int) -> None:
    """gotou «表ドラ常時2枚めくり» (line 40; ``initial_dora = 2``): two indicators from the
    start of every hand, the first two of the dead wall's dora row; Tenhou turns one."""
    game = preset_with("gotou", initial_dora=initial)
    wall = stacked("gotou", [], live="9m")
    state = game.new_state([wall])
    start = hand_events(state)[0]
    assert start["dora_tiles"] == wall.dora[:initial]


@table_knob("rinshan_tiles")
@pytest.mark.parametrize("rinshan", [4, 8])
def test_past_the_replacement_tiles_the_live_wall_last_tile_is_taken(rinshan: int) -> None:
    """gotou «嶺上牌は6トン(12枚)残し» (line 30) sets how many replacement tiles wait in the
    dead wall. Sanma's dealer sets four norths aside and then kans 1p: the fifth replacement
    comes from the dead wall when it holds eight, from the live wall's last tile when four."""
    game = preset_with("sanma", rinshan_tiles=rinshan, dead_wall=14 + rinshan - 4)
    dealt = game.new_state().events[1]["wall"]  # as the engine lays out a shuffled wall
    assert len(dealt["rinshan"]) == rinshan and len(dealt["live"]) == 108 - 14 - 39 - rinshan + 4
    wall = stacked("sanma", ["4z4z4z4z1111p"])
    for _ in range(rinshan - 4):  # the dead wall takes them from the live wall's end
        wall.rinshan.append(wall.live.pop())
    live, spare = list(wall.live), list(wall.rinshan)
    state = game.new_state([wall])
    for _ in range(4):
        state.apply(next(a for a in state.legal_actions(0) if a.type is ActionType.KITA))
        pass_all(state)
    kan = next(a for a in state.legal_actions(0) if a.type is ActionType.ANKAN)
    state.apply(kan)
    pass_all(state)
    replacements = [e["tile"] for e in hand_events(state) if e["type"] == "tsumo" and e["rinshan"]]
    assert replacements[:4] == spare[:4]
    assert replacements[4] == (spare[4] if rinshan > 4 else live[-1])


# ============================================================================================
# The registry
# ============================================================================================


def test_every_table_knob_has_a_test() -> None:
    for name in MODULES:  # their markers register when they are imported
        importlib.import_module(name)
    fields = set(TableRules.model_fields)
    assert not COVERED - fields, f"table_knob names no TableRules field: {COVERED - fields}"
    missing = sorted(fields - COVERED)
    assert not missing, f"TableRules knobs without a test: {missing}"
