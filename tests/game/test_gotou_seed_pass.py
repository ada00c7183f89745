"""The gotou seed read line by line once more (issue 11, closing pass): sentences that had no
test of their own. Each test quotes its line of shared/seeds/gotou-minor-change-sanma.ja.txt.
"""

from __future__ import annotations

from collections import Counter

import pytest

from jantaku.game import Action, ActionType, Game
from jantaku.rules import load_preset
from jantaku.scoring.ledger import run_ledger
from jantaku.tiles.kinds import SPRING
from jantaku.tiles.tileset import tile_kind
from support.walls import pass_all, stacked, tile, tsumogiri, types


def test_hana8_puts_a_second_flower_set_in_the_wall() -> None:
    # «華8 今ある華をもう1セット追加する»: 112 + 4 = 116 tiles, two of each flower.
    preset = load_preset("gotou", {"tiles": {"flower_sets": 2}})
    state = Game(preset, 7).new_state()
    w = state.wall
    tiles = [t for part in (*w.hands, w.live, w.rinshan, w.dora, w.ura, w.rest) for t in part]
    # Flowers drawn at the deal were already extracted and replaced: count those too.
    tiles += [t for p in state.players for t in p.extracted]
    assert len(set(tiles)) == len(tiles)
    flowers = Counter(tile_kind(t) for t in tiles if tile_kind(t) >= SPRING)
    assert len(state.game.tileset) == 116 and flowers == {SPRING + i: 2 for i in range(4)}


def test_hana8_second_spring_pays_spring_chips_again() -> None:
    # «抜いた華牌の数その場でチップをオールで貰う»: under 華8 the second spring extracted pays
    # as many chips as flowers extracted so far: 1, then 2.
    preset = load_preset("gotou", {"tiles": {"flower_sets": 2}})
    wall = stacked("gotou", [], live="9m", rinshan="9s9s")
    spring, spring2 = 136, 140
    # The dealer draws both springs in turn: put them first in the live wall and replacements.
    for t in (spring, spring2):
        for part in (*wall.hands, wall.live, wall.rinshan, wall.dora, wall.ura, wall.rest):
            if t in part:
                part.remove(t)
    wall.live.insert(0, spring)
    wall.rinshan.insert(0, spring2)
    state = Game(preset).new_state([wall])
    for _ in range(2):
        assert types(state, 0) == {ActionType.KITA}
        state.apply(next(iter(state.legal_actions(0))))
    assert state.ledger.state.chips == [200 + 2 * 3, 200 - 3, 200 - 3]


def test_ankan_after_riichi_1112444_both_1_and_4() -> None:
    # «リーチ後の暗カンは待ちが変わらなければ可能 →1112444の形は1も4も暗カン可能»: 1112444p
    # 123s 456s waits on 2p 3p, and so does 2444p with 1111p, or 1112p with 4444p.
    for fourth in ("1p", "4p"):
        wall = stacked("gotou", ["1112444p123s456s"], live="7z9m9m" + fourth)
        state = Game("gotou").new_state([wall])
        state.apply(Action(ActionType.RIICHI, 0, tile(state, 0, "7z")))
        pass_all(state)
        tsumogiri(state, 1)
        tsumogiri(state, 2)
        assert ActionType.ANKAN in types(state, 0), fourth


def test_nine_terminals_after_extracting_flowers() -> None:
    # «北や華を抜いた後9種9牌可能»: the dealer holds a flower and eight kinds of terminals and
    # honors, sets the flower aside, draws a ninth kind (7z) and may abort.
    wall = stacked("gotou", ["19p19s1235z2f234p"], live="1f", rinshan="7z")
    state = Game("gotou").new_state([wall])
    while ActionType.KITA in types(state, 0):
        assert ActionType.NINE_TERMINALS not in types(state, 0)
        kita = next(a for a in state.legal_actions(0) if a.type is ActionType.KITA)
        state.apply(kita)
    assert ActionType.NINE_TERMINALS in types(state, 0)
    state.apply(Action(ActionType.NINE_TERMINALS, 0))
    draw = next(e for e in state.events if e["type"] == "ryukyoku")
    assert draw["reason"] == "yao9"
    # «途中流局は9種9牌のみ 親流れず本場だけ+1».
    start = [e for e in state.events if e["type"] == "start_kyoku"][-1]
    assert start["oya"] == 0 and start["honba"] == 1


def test_a_kokushi_may_ron_a_north_set_aside() -> None:
    # «北は字牌が絡む役満で使用可能 ポン不可 ロンは可能»: seat 1 waits on the north for 国士無双;
    # the dealer draws a north and sets it aside: seat 1 may ron it.
    wall = stacked("gotou", ["", "19m19p19s1235677z"], live="4z")
    state = Game("gotou").new_state([wall])
    kita = next(a for a in state.legal_actions(0) if a.type is ActionType.KITA)
    state.apply(kita)
    assert ActionType.RON in types(state, 1)
    ron = next(a for a in state.legal_actions(1) if a.type is ActionType.RON)
    state.apply(ron)
    pass_all(state)
    hora = next(e for e in state.events if e["type"] == "hora")
    assert hora["actor"] == 1 and hora["target"] == 0
    assert {y["id"] for y in hora["yakus"]} & {"kokushi", "kokushi13"}


def test_dealer_among_double_ron_winners_keeps_the_deal() -> None:
    # «ダブロン有 … 親が和了なら親番続行»: 1 deals in to 2 and to the dealer 0.
    events = [
        {"type": "win", "winner": 2, "from": 1, "han": 2, "fu": 30},
        {"type": "win", "winner": 0, "from": 1, "han": 2, "fu": 30, "double": True},
    ]
    out = run_ledger(load_preset("gotou"), {"events": events})
    assert out[-1]["dealer"] == 0 and out[-1]["hand"] == 1 and out[-1]["honba"] == 1
    # A double ron without the dealer passes the deal.
    events = [
        {"type": "win", "winner": 1, "from": 0, "han": 2, "fu": 30},
        {"type": "win", "winner": 2, "from": 0, "han": 2, "fu": 30, "double": True},
    ]
    out = run_ledger(load_preset("gotou"), {"events": events})
    assert out[-1]["dealer"] == 1 and out[-1]["honba"] == 0


def test_a_pochi_the_winner_spilled_is_no_forced_tsumo() -> None:
    # «自身がポッチをこぼした場合のみ ポッチツモあがり禁止» (a physical table, so the scorekeeper's
    # `jantaku score` situation says it): the 白ぽっち drawn after riichi is then a plain white.
    from jantaku.scoring.json_io import ScoreService
    from jantaku.scoring.score import NotAWin

    service = ScoreService("gotou")
    sit = {"hand": "123p456p78p234s99s0z", "win_tile": "0z", "win": "tsumo", "seat": "S"}
    sit["riichi"] = "riichi"
    assert service.score(sit)["wildcard"] == "9p"
    with pytest.raises(NotAWin):
        service.score({**sit, "pochi_spilled": True})
    # A hand that a plain white completes still wins (55z with the ぽっち as a white).
    plain = {**sit, "hand": "123p456p789s234s50z", "pochi_spilled": True}
    result = service.score(plain)
    assert result["wildcard"] is None and result["han"] == 2  # riichi + tsumo
