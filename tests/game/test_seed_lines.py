"""Seed sentences that two audits found departed from (issue 11), one test each, quoting the
seed line it comes from (``shared/seeds/``). Each of these failed before its fix.

People are numbered from the first dealer (0). Point values used: mighty rounds every payment
up to 1000 (1 han 30 fu ron 1000, 2 han 2000, dealer 3 han 30 fu 5800 → 6000); kanto-boo
counts two more han («場に両翻»), so riichi + tanyao + 40 fu is 40 × 2^6 = 2560 → 2600.
"""

from __future__ import annotations

from typing import Any

import pytest

from jantaku.bots import SeatView, make_bot
from jantaku.game import Action, ActionType, Game, State, Wall, draws, situation
from jantaku.rules import load_preset
from jantaku.scoring.json_io import ScoreService
from jantaku.scoring.ledger import run_ledger
from jantaku.scoring.settlement import settle
from jantaku.scoring.situation import RiichiKind
from jantaku.tiles import parse_tiles
from jantaku.tiles.kinds import N_KINDS, NORTH
from jantaku.tiles.tileset import tile_kind
from support.positions import with_draws_left, with_hand, with_riichi, with_rivers
from support.table_knobs import table_knob
from support.walls import pass_all, stacked, tile, tsumogiri, types


def ledger(
    preset: str, events: list[dict[str, Any]], options: dict[str, Any] | None = None, **rec: Any
) -> list[dict[str, Any]]:
    return run_ledger(load_preset(preset, options), {"events": events, **rec})


def win(winner: int, frm: int | None, han: int, fu: int = 30, **kw: Any) -> dict[str, Any]:
    return {"type": "win", "winner": winner, "from": frm, "han": han, "fu": fu, **kw}


# ============================================================================================
# 少牌マイティ (shoupai-mighty.ja.txt)
# ============================================================================================


def test_mighty_sudden_death_goes_on_at_exactly_40000() -> None:
    # «◯全員40000点以下で終了するとサドンデス»: 以下 includes 40000 (revised decision).
    # South 3 is the last hand; 0 (38000) rons 1 for 2 han 30 fu = 2000 → exactly 40000.
    start = {"scores": [38000, 31000, 21000], "dealer": 2, "round": "S", "hand": 3}
    a, b = ledger("mighty", [win(0, 1, 2), win(0, 1, 1)], start=start)
    assert a["scores"] == [40000, 29000, 21000]
    assert not a["game_over"] and a["round"] == "W"  # everyone at 40000 or below: play on
    # 0 is now the dealer: 1 han 30 fu 1500 → 2000, above 40000: the end.
    assert b["scores"] == [42000, 27000, 21000] and b["game_over"]


def test_mighty_resumed_in_sudden_death_stays_in_it() -> None:
    # «◯全員40000点以下で終了するとサドンデス»: a game resumed in West (past 東南) is in sudden
    # death, so the dealer's win that takes them above 40000 ends it (the dealer keeps the deal).
    start = {"scores": [39000, 31000, 20000], "dealer": 0, "round": "W", "hand": 1}
    (e,) = ledger("mighty", [win(0, 1, 3)], start=start)
    assert e["scores"] == [45000, 25000, 20000]
    assert e["game_over"]
    # The same in the engine: a game resumed there ends after the first hand the dealer keeps
    # (a dealer win or tenpai), with someone above 40000.
    ended = 0
    for seed in range(40):
        game = Game("mighty", seed)
        state = game.new_state(start={**start, "scores": [40500, 30000, 19500]})
        bots = [make_bot("baseline", s) for s in range(3)]
        while sum(ev["type"] == "end_kyoku" for ev in state.events) < 1:
            seat = state.current_seats()[0]
            view = SeatView.of(state, seat)
            state.apply(bots[seat].choose(view, seat, state.legal_actions(seat)))
        kept = state.ledger.state.dealer == 0 or state.game_over
        if kept and max(state.ledger.state.scores) > 40000:
            assert state.game_over
            ended += 1
    assert ended


# ============================================================================================
# 関東式ブー麻雀 (kanto-boo-shiragiku.ja.txt)
# ============================================================================================


def _boo_riichi_then_five(options: dict[str, Any] | None = None) -> Any:
    # 1 waits on 5s/8s (234m 567m 234p 678s 5s); after a first go-round it declares riichi
    # on the 9m it draws (not a double riichi); 3 then discards a 5s: riichi ippatsu tanyao,
    # 3 han 40 fu = 5200, which ends nothing.
    wall = stacked(
        "kanto-boo", ["", "234m567m234p678s5s", "", "5s"], live="1z4z2z3z6z9m7z1p5s", dora="7z"
    )
    state = Game(load_preset("kanto-boo", options)).new_state([wall])
    for seat in (0, 1, 2, 3, 0):
        tsumogiri(state, seat)
    state.apply(Action(ActionType.RIICHI, 1, tile(state, 1, "9m")))
    pass_all(state)
    tsumogiri(state, 2)
    state.apply(Action(ActionType.DISCARD, 3, tile(state, 3, "5s")))
    return state


@table_knob("riichi_must_win")
def test_boo_riichi_player_may_pass_a_win_and_is_then_furiten() -> None:
    # «同巡内の見逃しや立直後の見逃しについても、理由を問わず振聴となります»: a riichi player may
    # pass a win (revised decision) and is furiten from then on.
    state = _boo_riichi_then_five()
    assert {ActionType.RON, ActionType.PASS} <= types(state, 1)
    state.apply(Action(ActionType.PASS, 1))
    pass_all(state)
    assert state.players[1].furiten_riichi
    # The dealer draws the other 5s and discards it: no ron for the furiten riichi player.
    five = state.players[0].drawn
    assert five is not None and five >> 2 == state.players[3].river[-1] >> 2
    state.apply(Action(ActionType.DISCARD, 0, five))
    assert ActionType.RON not in types(state, 1)


@table_knob("kan_dora_indicators")
def test_boo_kan_dora_knob() -> None:
    # «尚、一発及び槓ドラの有無については『しらぎく麻雀』では選択可能です。»
    for on in (True, False):
        wall = stacked("kanto-boo", ["1111z"], live="2z")
        game = Game(load_preset("kanto-boo", {"table": {"kan_dora_indicators": on}}))
        state = game.new_state([wall])
        state.apply(Action(ActionType.ANKAN, 0, None, tuple(tile_all(state, 0, "1z"))))
        assert len(state.revealed) == (2 if on else 1)
        assert any(e["type"] == "dora" for e in state.events) is on


def tile_all(state: Any, seat: int, name: str) -> list[int]:
    k = tile(state, seat, name) >> 2
    return [t for t in state.players[seat].hand if t >> 2 == k]


def test_boo_ippatsu_knob() -> None:
    # «尚、一発及び槓ドラの有無については『しらぎく麻雀』では選択可能です。»
    sit = {
        "hand": "234m406p678s234s55p",
        "win_tile": "2s",
        "win": "ron",
        "seat": "S",
        "discarder": "W",
        "riichi": "riichi",
        "ippatsu": True,
    }
    on = ScoreService("kanto-boo").score(sit)
    off = ScoreService("kanto-boo").score({**sit, "options": {"ippatsu_yaku": False}})
    assert "ippatsu" in {y["id"] for y in on["yaku"]}
    assert "ippatsu" not in {y["id"] for y in off["yaku"]}
    assert on["han"] == off["han"] + 1


@pytest.mark.parametrize(("value", "each"), [("double", 20), ("single", 10)])
def test_boo_yakuman_double_or_single_maru_a(value: str, each: int) -> None:
    # «但し、関東式ブー麻雀で役満貫を和了した場合は順位・点数に関わらずダブルマルエーとなり»;
    # «ルール選択で、役満貫を和了した場合は点数状況に拘らずマルエーとする事も出来ます。»
    preset = load_preset("kanto-boo", {"settlement": {"boo_yakuman": value}})
    out = settle(preset, [8000, 16000, 4000, 4000], yakuman_winner=0).result
    # The yakuman winner is top whatever the points, and pays the table fee of 3.
    assert out == [3 * each - 3, -each, -each, -each]


# ============================================================================================
# 五等 (gotou-minor-change-sanma.ja.txt) and 徳島 (tokushima-sanma.ja.txt): play
# ============================================================================================


def last_tile_wall(preset: str, last: str, hands: list[str], first: str = "") -> Wall:
    """A wall whose live tiles start with ``first`` and end with ``last`` (drawn by the
    dealer when nobody calls); the other flowers wait at the far end of the replacement
    tiles, so nobody else sets one aside before."""
    wall = stacked(preset, hands, live=first)
    ts = load_preset(preset).tileset()
    want = parse_tiles(last, ts)[0]
    target = next(t for t in wall.live if ts.faces[t] == ts.faces[want])
    flowers = [t for t in wall.live if tile_kind(t) >= N_KINDS and t != target]
    live = [t for t in wall.live if t != target and t not in flowers]
    rinshan = list(wall.rinshan)
    for i, f in enumerate(flowers, 1):
        live.append(rinshan[-i])
        rinshan[-i] = f
    return Wall(wall.hands, [*live, target], rinshan, wall.dora, wall.ura, wall.rest)


def play_until(state: State, stop: Any) -> None:
    """Everyone discards what they draw (a tile that may not be discarded is set aside) and
    passes every call and win, until ``stop(state)`` or the end of the hand."""
    ended = sum(e["type"] == "end_kyoku" for e in state.events)
    for _ in range(500):
        if stop(state) or sum(e["type"] == "end_kyoku" for e in state.events) > ended:
            return
        if state.phase == "response":
            pass_all(state)
            continue
        seat = state.turn
        drawn = state.players[seat].drawn
        assert drawn is not None
        legal = state.legal_actions(seat)
        if Action(ActionType.DISCARD, seat, drawn) in legal:
            state.apply(Action(ActionType.DISCARD, seat, drawn))
        else:
            state.apply(next(a for a in legal if a.type is ActionType.KITA))
        pass_all(state)
    raise AssertionError("the hand did not end")


def at_last_tile(state: State) -> bool:
    p = state.players[state.turn]
    return state.phase == "turn" and state.draws >= state.max_draws and not p.rinshan_draw


# 123p 456p 789s 11s 45s, draws 9m and declares riichi on it (waits 3s 6s).
RIICHI_HAND = "123p456p789s11s45s"


def riichi_on_the_last_tile(
    preset: str, last: str, others: list[str], prepare: Any = None
) -> tuple[State, int]:
    """A hand where the seat that draws the last live tile (the dealer in tokushima's 55
    draws; 西家 in gotou's 57) holds RIICHI_HAND, draws 9m as its first tile and declares
    riichi on it; the others hold ``others`` and draw 7z first; ``last`` ends the live wall.
    ``prepare(wall)`` may change the wall first. Returns the state after the riichi, and the
    riichi seat."""
    seat = (len(stacked(preset, []).live) - 1) % 3
    hands = list(others)
    hands.insert(seat, RIICHI_HAND)
    wall = last_tile_wall(preset, last, hands, first="7z" * seat + "9m")
    if prepare is not None:
        prepare(wall)
    state = Game(preset).new_state([wall])
    nine = parse_tiles("9m", wall_ts(preset))[0] >> 2
    play_until(state, lambda s: s.turn == seat and tile_kind(s.players[seat].drawn or 0) == nine)
    state.apply(Action(ActionType.RIICHI, seat, tile(state, seat, "9m")))
    pass_all(state)
    return state, seat


@pytest.mark.parametrize(
    ("preset", "last"), [("gotou", "1f"), ("tokushima", "3f"), ("gotou", "4z")]
)
def test_a_flower_or_north_drawn_last_under_riichi_is_set_aside_and_replaced(
    preset: str, last: str
) -> None:
    # gotou «華牌、北の補充し忘れはツモ番時にいつでも解消可能», «北華は空気扱い 捨てる事不可»;
    # tokushima «華牌は空気扱いのため河に捨てることが出来ず».
    # gotou: the others hold the dot white and the norths that are not the last tile.
    norths = "4z" if last == "4z" else "4z4z"
    others = ["0z4z4z", norths] if preset == "gotou" else ["", ""]
    state, seat = riichi_on_the_last_tile(preset, last, others)
    play_until(state, at_last_tile)
    assert state.turn == seat and state.players[seat].riichi.declared
    drawn = state.players[seat].drawn
    assert drawn is not None and state.game.names[drawn] == last
    legal = list(state.legal_actions(seat))
    # Never made to discard it: setting it aside (or a win) is all the riichi player may do.
    assert Action(ActionType.DISCARD, seat, drawn) not in legal
    assert Action(ActionType.KITA, seat, drawn) in legal
    state.apply(Action(ActionType.KITA, seat, drawn))
    pass_all(state)
    assert state.players[seat].rinshan_draw and drawn in state.players[seat].extracted
    play_until(state, lambda s: False)
    draw = next(e for e in state.events if e["type"] == "ryukyoku")
    assert seat in draw["tenpai"]  # the riichi hand stayed tenpai
    river = state.players[seat].river
    assert all(tile_kind(t) < N_KINDS and tile_kind(t) != NORTH for t in river)


def wall_ts(preset: str) -> Any:
    return load_preset(preset).tileset()


def test_gotou_a_win_on_the_last_replacement_is_rinshan_not_haitei() -> None:
    # «華牌、北の補充し忘れはツモ番時にいつでも解消可能»: set aside on the last tile, the
    # replacement that completes the hand is 嶺上開花, not 海底.
    three = parse_tiles("3s", wall_ts("gotou"))[0]

    def first_replacement_3s(wall: Wall) -> None:
        for part in (wall.live, *wall.hands):
            if three in part:
                part[part.index(three)] = wall.rinshan[0]
        wall.rinshan[0] = three

    state, seat = riichi_on_the_last_tile("gotou", "2f", ["0z4z4z", "4z4z"], first_replacement_3s)
    play_until(state, at_last_tile)
    kita = next(a for a in state.legal_actions(seat) if a.type is ActionType.KITA)
    state.apply(kita)
    pass_all(state)
    p = state.players[seat]
    assert p.drawn == three
    state.apply(Action(ActionType.TSUMO, seat, p.drawn))
    hora = next(e for e in state.events if e["type"] == "hora")
    ids = {y["id"] for y in hora["yakus"]}
    assert "rinshan" in ids and "haitei" not in ids


def test_gotou_four_people_no_sitting_out_chips_after_a_spring() -> None:
    # «局終了時に春が出なかった場合、抜け番に2枚オール» and «流局時抜け番に2枚オール»: the dealer
    # sets spring aside at once, the hand ends in a draw: the sitting-out person (3) gets only
    # the draw's 2 from each of the three others.
    wall = stacked("gotou", ["", "0z"], live="1f")
    wall.hands.append([])
    state = Game("gotou", people=4).new_state([wall])
    assert state.legal_actions(0)[0].type is ActionType.KITA
    play_until(state, lambda s: False)
    spring = next(e for e in state.events if e["type"] == "nukidora")
    assert spring["chip_deltas"] == [3, -1, -1, -1]
    draw = next(e for e in state.events if e["type"] == "ryukyoku")
    assert draw["chip_deltas"][3] == 6


@pytest.mark.parametrize(
    ("action", "kind"),
    [
        (ActionType.RIICHI, "double"),
        (ActionType.OPEN_RIICHI, "double_open"),
        (ActionType.SHUBA_RIICHI, "double_shuba"),
        (ActionType.OPEN_SHUBA_RIICHI, "double_open_shuba"),
    ],
)
def test_gotou_shuba_and_open_riichi_on_the_first_turn_are_double_riichi(
    action: ActionType, kind: str
) -> None:
    # «1半荘に1回祝儀倍リーチ(シュバリー)可能», «オープンリーチあり», «オープン複合可»: each is a
    # riichi, so on the first uninterrupted turn a double riichi (2 han).
    wall = stacked("gotou", [RIICHI_HAND, "0z"], live="9m")
    state = Game("gotou").new_state([wall])
    state.apply(Action(action, 0, tile(state, 0, "9m")))
    pass_all(state)
    assert state.players[0].riichi.value == kind
    sit = situation.win(state, 0, 1, parse_tiles("3s", state.game.tileset)[0], False)
    res = state.game.scorer.score(sit)
    assert {y.id: y.han for y in res.yaku}.get("double_riichi") == 2
    assert "riichi" not in {y.id for y in res.yaku}


def test_score_json_says_double_open_and_shuba_riichi() -> None:
    # «リーチ代5000点 オープン複合可»: `jantaku score` takes double_open, double_shuba and
    # double_open_shuba; a double シュバ doubles its chips like a plain シュバ.
    svc = ScoreService("gotou")
    base = {"hand": "123p456p789s11s345s", "win_tile": "3s", "win": "ron", "discarder": "S"}
    for riichi in ("double", "double_open", "double_shuba", "double_open_shuba"):
        out = svc.score({**base, "riichi": riichi})
        assert {y["id"]: y["han"] for y in out["yaku"]}.get("double_riichi") == 2, riichi
    plain = svc.score({**base, "riichi": "double", "ura_indicators": "2p"})
    shuba = svc.score({**base, "riichi": "double_shuba", "ura_indicators": "2p"})
    assert shuba["chips"] == {k: 2 * v for k, v in plain["chips"].items()} and plain["chips"]
    opened = svc.score({**base, "riichi": "double_open"})
    assert (
        opened["payments"]["S"] == svc.score({**base, "riichi": "double"})["payments"]["S"] + 1000
    )


@table_knob("third_riichi_open")
@pytest.mark.parametrize(
    ("third", "others", "offered"),
    [
        ("forbidden", ["riichi", "riichi"], False),
        ("forbidden", ["riichi", "none"], True),
        ("allowed_unless_two_open", ["riichi", "open"], True),
        ("allowed_unless_two_open", ["open", "open_shuba"], False),
    ],
)
def test_gotou_no_third_riichi_may_be_open(third: str, others: list[str], offered: bool) -> None:
    # «3件目オープンリーチ不可»: the third riichi at the table, whatever the first two were
    # (revised decision; the knob keeps the earlier "unless two open" reading).
    preset = load_preset("gotou", {"table": {"third_riichi_open": third}})
    state = Game(preset).new_state([stacked("gotou", [RIICHI_HAND, "0z"], live="9m")])
    with_riichi(state, {1: RiichiKind(others[0]), 2: RiichiKind(others[1])})
    nine = tile(state, 0, "9m")
    assert (Action(ActionType.OPEN_RIICHI, 0, nine) in state.legal_actions(0)) is offered
    assert Action(ActionType.RIICHI, 0, nine) in state.legal_actions(0)


@table_knob("initial_dora", "kan_dora_at_once", "kan_indicators_from_live", "dead_wall")
def test_gotou_four_kans_show_six_dora_indicators() -> None:
    # «表ドラ常時2枚めくり», «カンドラ即めくり»: 2 + 4 kans = 6 indicators, and 6 ura. The dead
    # wall holds the 12 replacement tiles («嶺上牌は6トン(12枚)残し») and the two stacks turned
    # at the start; «ドラ横までツモり切り»: each kan's stack comes from the live wall's end.
    wall = stacked("gotou", ["1111p2222p3333p4s", "0z"], live="4s", rinshan="4s4s5s6s")
    assert len(wall.dora) == len(wall.ura) == 2 and len(wall.rinshan) == 12
    assert len(wall.live) == 112 - 39 - 12 - 4 == 57
    stacks = [(wall.live[-2 * k - 2], wall.live[-2 * k - 1]) for k in range(4)]
    state = Game("gotou").new_state([wall])
    assert state.max_draws == 57
    for k, name in enumerate(("1p", "2p", "3p", "4s")):
        before = state.max_draws - state.draws
        state.apply(Action(ActionType.ANKAN, 0, None, tuple(tile_all(state, 0, name))))
        assert state.max_draws - state.draws == before - 2  # the stack left the live wall
        assert state.revealed[-1] == stacks[k][0]  # the top is the indicator
    dora = [e for e in state.events if e["type"] == "dora"]
    assert len(state.revealed) == 6 == len(dora) + 2 and all(e["live"] for e in dora)
    assert state.max_draws == 57 - 8
    sit = situation.win(state, 0, 0, state.players[0].hand[-1], False)
    assert len(sit.dora_indicators) == len(sit.ura_indicators) == 6
    assert sit.ura_indicators[2:] == tuple(bottom for _, bottom in stacks)
    # The seat views count the same live wall.
    for seat in range(3):
        assert SeatView.of(state, seat).wall_left == state.max_draws - state.draws


# ============================================================================================
# 五等 and 徳島: the scorekeeper (ledger) and the engine alike
# ============================================================================================


def draw(*tenpai: int, **kw: Any) -> dict[str, Any]:
    return {"type": "draw", "tenpai": list(tenpai), **kw}


def test_gotou_nagashi_is_a_win_in_every_respect() -> None:
    # «流し(捨て牌が19字牌のみ) 和了扱い 鳴かれたら不成立 リーチ者でも成立»: the sticks go to the
    # 流し player, and honba and the deal move as after their tsumo.
    start = {"honba": 1, "sticks": 1}
    (e,) = ledger("gotou", [draw(kind="nagashi", winners=[1], riichi=[2])], start=start)
    # A non-dealer yakuman tsumo: 16000 / 8000, +1000 each («ツモは1000点加符») and +1000 each
    # for the honba; the sticks: the one carried and 2's riichi this hand.
    assert e["payments"] == [-18000, 28000 + 2000, -10000 - 1000]
    assert (e["sticks"], e["honba"], e["dealer"]) == (0, 0, 1)
    # The dealer's 流し keeps the deal and adds a honba, like the dealer's tsumo.
    (e,) = ledger("gotou", [draw(kind="nagashi", winners=[0])], start=start)
    assert e["payments"] == [2 * 18000 + 1000, -18000, -18000]
    assert (e["sticks"], e["honba"], e["dealer"]) == (0, 2, 0)


def test_gotou_nagashi_in_the_engine_takes_the_sticks_and_passes_the_deal() -> None:
    # «流し … 和了扱い»: in play too (the engine hands its draws to the same ledger code).
    game = Game("gotou")
    state = game.new_state(start={"honba": 1, "sticks": 1, "scores": [35000, 35000, 34000]})
    ts = game.tileset
    state.ledger.state.dealer = 0
    rivers = {1: "19m19p", 0: "23p", 2: "45s"}
    with_rivers(state, {s: list(parse_tiles(r, ts)) for s, r in rivers.items()})
    with_draws_left(state, 0)
    draws.exhaustive_draw(state)
    nm = next(e for e in state.events if e["type"] == "ryukyoku")
    assert nm["reason"] == "nm" and nm["nagashi"] == [1]
    assert nm["deltas"][1] >= 28000 + 1000  # the yakuman tsumo, honba and the stick
    led = state.ledger.state
    start = next(e for e in reversed(state.events) if e["type"] == "start_kyoku")
    assert (start["oya"], start["honba"], start["kyotaku"]) == (1, 0, 0) and led.sticks == 0
    # A real yakuman: a サイコロチャンス, rolled and paid (from all) with the win.
    assert nm["nagashi_dice"] and nm["nagashi_dice"][0][0] == 1


@pytest.mark.parametrize("order", [(1, 2), (2, 1)])
def test_gotou_double_ron_sticks_go_to_the_first_in_turn_order(order: tuple[int, int]) -> None:
    # «ダブロン有 供託は上家取り»: 0 deals in to 1 and 2; 1 comes first in turn order from 0, and
    # takes the stick and the honba whatever order the wins are written in.
    start = {"honba": 1, "sticks": 1}
    han = {1: 1, 2: 3}
    a, b = order
    entries = ledger("gotou", [win(a, 0, han[a]), win(b, 0, han[b], double=True)], start=start)
    final = entries[-1]["scores"]
    # 1: 1 han 30 fu ron 960 → 1000, + 2000 honba + the 1000 stick; 2: 3 han 3840 → 4000.
    assert final == [35000 - 3000 - 4000, 35000 + 4000, 35000 + 4000]
    assert entries[-1]["sticks"] == 0 and entries[-1]["honba"] == 0


def test_gotou_false_pon_pays_1000_to_the_pot() -> None:
    # «誤ポンは1000点供託»: the next winner takes it with the sticks.
    a, b = ledger("gotou", [{"type": "penalty", "player": 1, "kind": "false_pon"}, win(2, 0, 1)])
    assert a["payments"] == [0, -1000, 0] and a["sticks"] == 1
    assert b["payments"] == [-1000, 0, 2000] and b["sticks"] == 0


def test_tokushima_false_pon_and_kan_pay_1000_to_each() -> None:
    # «◆誤ポン・誤カンは1000点ALLの支払い。»
    for kind in ("false_pon", "false_kan"):
        (e,) = ledger("tokushima", [{"type": "penalty", "player": 1, "kind": kind}])
        assert e["payments"] == [1000, -2000, 1000] and e["sticks"] == 0
    # Four people: the one sitting out (3, before the dealer) neither pays nor receives.
    (e,) = ledger("tokushima", [{"type": "penalty", "player": 0, "kind": "false_kan"}], players=4)
    assert e["payments"] == [-2000, 1000, 1000, 0]


def test_a_penalty_the_preset_does_not_have_is_refused() -> None:
    from jantaku.scoring.ledger import LedgerError

    with pytest.raises(LedgerError, match="false_pon"):
        ledger("mighty", [{"type": "penalty", "player": 1, "kind": "false_pon"}])
    with pytest.raises(LedgerError, match="kind"):
        ledger("gotou", [{"type": "penalty", "player": 1, "kind": "wrong"}])


def test_gotou_chombo_gives_back_spring_and_plays_on_as_noten() -> None:
    # «チョンボ者が春を抜いていた場合は戻す リー棒も戻す»; «聴牌者がいない場合+続行可能であれば
    # チョンボ者ノーテン扱いで続行».
    spring = {"type": "chips", "to": 1, "items": {"spring": 1}}
    chombo = {"type": "chombo", "player": 1}
    a, b, c, d = ledger("gotou", [spring, chombo, win(1, 0, 1), draw(0, riichi=[1, 2])])
    assert a["chip_changes"] == [-1, 2, -1]
    # 10 chips to each, and the spring chip back to each payer.
    assert b["chip_changes"] == [11, -22, 11] and b["payments"] == [0, 0, 0]
    # Noten for the rest of the hand: no win ...
    assert c["allowed"] is False and "chombo" in c["reason"]
    # ... and at the draw its riichi stick is not taken (2's is); 0 alone tenpai: 4000 from
    # the two noten players.
    assert d["payments"] == [4000, -2000, -2000 - 1000] and d["sticks"] == 1
    from jantaku.scoring.ledger import LedgerError

    with pytest.raises(LedgerError, match="noten"):
        ledger("gotou", [chombo, draw(1)])


# ============================================================================================
# Closing pass: seed sentences that had no test of their own
# ============================================================================================


def test_abandoned_win_cannot_win_and_is_noten_at_the_draw() -> None:
    # tokushima «◆鳴きの晒し間違い/華牌を河に捨てる/誤ロンはアガリ放棄。»: no points move; the
    # player plays on unable to win, and is not tenpai at the draw (its riichi stick stays).
    abandon = {"type": "penalty", "player": 1, "kind": "abandon"}
    a, b = ledger("tokushima", [abandon, win(1, 0, 2)])
    assert a["payments"] == [0, 0, 0] and b["allowed"] is False
    from jantaku.scoring.ledger import LedgerError

    with pytest.raises(LedgerError, match="noten"):
        ledger("tokushima", [abandon, draw(1)])
    (_, d) = ledger("gotou", [abandon, draw(0, riichi=[1])])
    assert d["payments"] == [4000, -2000 - 1000, -2000] and d["sticks"] == 1


def test_tokushima_riichi_with_1000_then_bust_without_income() -> None:
    # «0点はトビ扱いで終了。(1000点持ちでリーチ可能。ただしその局に収入が無ければトビ)»
    start = {"scores": [1000, 20000, 24000], "dealer": 0}
    wall = stacked("tokushima", [RIICHI_HAND], live="9m")
    state = Game("tokushima").new_state([wall], start=start)
    assert ActionType.RIICHI in types(state, 0)  # 1000 is enough for the stick
    (e,) = ledger("tokushima", [draw(0, riichi=[0])], start=start)
    assert e["scores"][0] == 0 and e["game_over"]  # no income that hand: out
    (e,) = ledger("tokushima", [win(0, 1, 1, 30, riichi=[0])], start=start)
    assert e["scores"][0] > 0 and not e["game_over"]


def test_tokushima_flower_extraction_keeps_tenhou() -> None:
    # «華牌は空気扱いのため河に捨てることが出来ず、一発や天和などは消えない。»
    wall = stacked("tokushima", ["123p456p789s11s45s"], live="1f", rinshan="3s")
    state = Game("tokushima").new_state([wall])
    state.apply(state.legal_actions(0)[0])  # the spring, set aside
    pass_all(state)
    state.apply(Action(ActionType.TSUMO, 0, state.players[0].drawn))
    hora = next(e for e in state.events if e["type"] == "hora")
    assert "tenhou" in {y["id"] for y in hora["yakus"]}


def test_boo_no_swap_call() -> None:
    # «喰い直しは現物・筋とも禁止です。一を二三でチーして四を打つ事は勿論、喰った一そのものを
    # 打つ事も出来ません。»
    wall = stacked("kanto-boo", ["", "23m4m1m"], live="1m")
    state = Game("kanto-boo").new_state([wall])
    one = state.players[0].drawn
    assert one is not None
    state.apply(Action(ActionType.DISCARD, 0, one))
    chi = next(a for a in state.legal_actions(1) if a.type is ActionType.CHI)
    state.apply(chi)
    pass_all(state)
    banned = {tile_kind(t) for t in parse_tiles("1m4m", state.game.tileset)}
    discards = [a.tile for a in state.legal_actions(1) if a.type is ActionType.DISCARD]
    assert discards and all(tile_kind(t) not in banned for t in discards if t is not None)
    assert any(tile_kind(t) in banned for t in state.players[1].hand)


# ============================================================================================
# Seed lines the engine must play as `jantaku score` scores them
# ============================================================================================

# 234p 456p 678s 88p 34s: 平和 and 断幺九, waiting on 2s (and 5s).
TANYAO_HAND = "234p456p678s88p34s"


def first_turn_ron(preset: str, call: bool = False, own_discard: bool = False) -> dict[str, Any]:
    """The dealer's 2s, ronned by 南家 holding TANYAO_HAND: on the dealer's first discard;
    after 西家 pons the dealer's 7z and discards the 2s (``call``); or after 南家 drew and
    discarded a tile of its own (``own_discard``)."""
    if call:
        wall = stacked(preset, ["7z", TANYAO_HAND, "7z7z2s"], live="9p9p")
    else:
        wall = stacked(preset, ["2s", TANYAO_HAND, "2s"], live="9p9p9s")
    state = Game(preset).new_state([wall])
    if call:
        state.apply(Action(ActionType.DISCARD, 0, tile(state, 0, "7z")))
        pon = next(a for a in state.legal_actions(2) if a.type is ActionType.PON)
        state.apply(pon)
        pass_all(state)
        state.apply(Action(ActionType.DISCARD, 2, tile(state, 2, "2s")))
    elif own_discard:
        tsumogiri(state, 0)
        tsumogiri(state, 1)
        state.apply(Action(ActionType.DISCARD, 2, tile(state, 2, "2s")))
    else:
        state.apply(Action(ActionType.DISCARD, 0, tile(state, 0, "2s")))
    ron = next(a for a in state.legal_actions(1) if a.type is ActionType.RON)
    state.apply(ron)
    pass_all(state)
    return next(e for e in state.events if e["type"] == "hora")


@pytest.mark.parametrize(("preset", "points"), [("gotou", 32000), ("tokushima", 16000)])
def test_renhou_arises_in_play(preset: str, points: int) -> None:
    # 人和 (gotou «役満…人和», a real yakuman; tokushima counts it as 14 han): a ron before
    # one's own first draw with no call made yet, scored in play as `jantaku score` scores it.
    hora = first_turn_ron(preset)
    assert "renhou" in {y["id"] for y in hora["yakus"]}
    assert hora["hora_points"] == points and hora["deltas"][:2] == [-points, points]
    if preset == "gotou":
        # «数え役満、本役満は…ロン10枚　本役満は更にサイコロ», «天和、地和、人和はサイコロ2回».
        items = {i["item"]: i for i in hora["chip_items"]}
        assert items["yakuman"]["chips"] == 10 and not items["yakuman"]["from_all"]
        assert sum(a != b for a, b in hora["dice"]) == 2  # two chances (doubles roll again)


@pytest.mark.parametrize("preset", ["gotou", "tokushima"])
@pytest.mark.parametrize("case", ["call", "own_discard"])
def test_no_renhou_after_a_call_or_ones_own_first_discard(preset: str, case: str) -> None:
    hora = first_turn_ron(preset, call=case == "call", own_discard=case == "own_discard")
    ids = {y["id"] for y in hora["yakus"]}
    assert "renhou" not in ids and "tanyao" in ids
    assert hora["hora_points"] < 8000


def _spring_chips(state: State) -> list[list[int]]:
    return [e["chip_deltas"] for e in state.events if e["type"] == "nukidora" and e["pai"] == "1f"]


def test_shuba_doubles_the_spring_of_its_own_hand_only() -> None:
    # «シュバリー後は春チップも倍になる»: the dealer declares シュバ on its first discard and
    # draws spring next: 1 chip from each, doubled. The hand ends in a draw (the dealer keeps
    # the deal); the next hand's spring, with no シュバ declared in it, is not doubled.
    first = stacked("gotou", [RIICHI_HAND, "0z"], live="9m7z7z1f")
    second = stacked("gotou", [], live="1f")
    state = Game("gotou").new_state([first, second])
    state.apply(Action(ActionType.SHUBA_RIICHI, 0, tile(state, 0, "9m")))
    pass_all(state)
    play_until(state, lambda s: bool(_spring_chips(s)))
    assert _spring_chips(state) == [[4, -2, -2]]
    play_until(state, lambda s: False)  # to the draw
    assert 0 in state.ledger.state.shuba  # the marker stays out till the game ends
    play_until(state, lambda s: len(_spring_chips(s)) == 2)
    assert _spring_chips(state)[1] == [2, -1, -1]


def test_tedumari_scores_only_for_the_open_riichi_dealt_in_to() -> None:
    # «手詰まり放銃は数え役満扱い(13飜から数える)»: 南家's open riichi waits on every souzu
    # (1112345678999s); the dealer holds nothing else, so its 5s deals in (手詰まり). 西家's
    # closed 33s46s rons the same 5s: a double ron where 西家 scores its own hand.
    wall = stacked("gotou", ["", "1112345678999s", "234p456p678p33s46s"], live="9m7z9p")
    state = Game("gotou").new_state([wall])
    tsumogiri(state, 0)
    state.apply(Action(ActionType.OPEN_RIICHI, 1, tile(state, 1, "7z")))
    pass_all(state)
    tsumogiri(state, 2)
    pass_all(state)
    held = {t for p in state.players for t in p.hand} | set(state.players[1].river)
    souzu = [t for t in state.game.tileset.tiles if 18 <= tile_kind(t) < 27 and t not in held]
    plain_five = next(t for t in souzu if state.game.names[t] == "5s")
    hand = [plain_five, *[t for t in souzu if t != plain_five][:13]]
    with_hand(state, 0, hand, drawn=hand[-1])
    discards = [a for a in state.legal_actions(0) if a.type is ActionType.DISCARD]
    assert discards  # every tile deals in: the dealer may discard any
    state.apply(Action(ActionType.DISCARD, 0, plain_five))
    dahai = [e for e in state.events if e["type"] == "dahai"][-1]
    assert dahai["tedumari"]
    # The open riichi dealt in to scores 手詰まり (13 han up); 西家 does not.
    assert situation.win(state, 1, 0, plain_five, False).tedumari
    assert not situation.win(state, 2, 0, plain_five, False).tedumari
    for seat in (1, 2):
        state.apply(next(a for a in state.legal_actions(seat) if a.type is ActionType.RON))
    pass_all(state)
    horas = {e["actor"]: e for e in state.events if e["type"] == "hora"}
    assert set(horas) == {1, 2}
    assert horas[1]["limit"] == "yakuman"  # (純正九蓮宝燈 outranks 13 han here)
    own = {y["id"] for y in horas[2]["yakus"]}
    assert "tanyao" in own and horas[2]["fan"] < 13 and horas[2]["limit"] != "yakuman"


def test_gotou_after_a_kan_the_live_wall_ends_two_draws_sooner() -> None:
    # «ドラ横までツモり切り»: the dealer's closed kan turns a stack from the live wall's end;
    # the hand then has 55 live draws, and the 55th is the last (海底).
    wall = stacked("gotou", ["1111p", "0z"], live="9m")
    state = Game("gotou").new_state([wall])
    state.apply(Action(ActionType.ANKAN, 0, None, tuple(tile_all(state, 0, "1p"))))
    pass_all(state)
    play_until(state, at_last_tile)
    live = [e for e in state.events if e["type"] == "tsumo" and not e["rinshan"]]
    assert len(live) == 55 == state.max_draws and not state.wall.live
    seat = state.turn
    sit = situation.win(state, seat, seat, state.players[seat].hand[-1], False)
    assert sit.haitei
    assert SeatView.of(state, seat).wall_left == 0
