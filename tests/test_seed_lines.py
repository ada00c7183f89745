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
from jantaku.game import Action, ActionType, Game
from jantaku.rules import load_preset
from jantaku.scoring.ledger import run_ledger
from jantaku.scoring.settlement import settle
from test_game_house_rules import pass_all, stacked, tile, tsumogiri, types


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
            state.apply(bots[seat].choose(SeatView(state, seat), seat, state.legal_actions(seat)))
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
    from jantaku.scoring.json_io import ScoreService

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
