"""The scorekeeper: game flow of every preset without tiles (`jantaku ledger`)."""

from __future__ import annotations

import json
import subprocess
import sys
from typing import Any

import pytest

from jantaku.rules import load_preset
from jantaku.scoring.ledger import Ledger, LedgerError, run_ledger


def run(preset: str, events: list[dict[str, Any]], **record: Any) -> list[dict[str, Any]]:
    return run_ledger(load_preset(preset), {"events": events, **record})


def win(winner: int, frm: int | None, han: int, fu: int = 30, **kw: Any) -> dict[str, Any]:
    return {"type": "win", "winner": winner, "from": frm, "han": han, "fu": fu, **kw}


# -- riichi (Tenhou) -------------------------------------------------------------------------


def test_non_dealer_ron_passes_the_deal() -> None:
    (e,) = run("riichi", [win(1, 2, 3)])
    assert e["payments"] == [0, 3900, -3900, 0]
    assert (e["dealer"], e["round"], e["hand"], e["honba"]) == (1, "E", 2, 0)


def test_dealer_win_keeps_the_deal_and_adds_a_honba() -> None:
    a, b = run("riichi", [win(0, 2, 3), win(0, 1, 3)])
    assert a["payments"] == [5800, 0, -5800, 0]
    assert (a["dealer"], a["honba"]) == (0, 1)
    assert b["payments"] == [6100, -6100, 0, 0]  # 5800 + 300 honba
    assert b["honba"] == 2


def test_riichi_sticks_go_to_the_winner_and_draws_carry_them() -> None:
    a, b = run(
        "riichi",
        [
            {"type": "draw", "tenpai": [1], "riichi": [1]},
            win(2, 3, 1, riichi=[2]),
        ],
    )
    # Riichi 1000, noten payments: 1 tenpai of 4 → +3000 / -1000 each.
    assert a["payments"] == [-1000, 2000, -1000, -1000]
    assert a["sticks"] == 1 and a["honba"] == 1 and a["dealer"] == 1
    # 1 han 30 fu = 1000 + 300 honba; sticks 2 × 1000 (one carried, one this hand).
    assert b["payments"] == [0, 0, -1000 + 2000 + 1300, -1300]
    assert b["sticks"] == 0


def test_double_ron_gives_sticks_and_honba_to_the_first_winner() -> None:
    start = {"honba": 1, "sticks": 1}
    a, b = run("riichi", [win(1, 0, 2), win(2, 0, 2, double=True)], start=start)
    assert a["payments"] == [-2300, 3300, 0, 0]  # 2000 + 300 + the stick
    assert b["payments"] == [-2000, 0, 2000, 0]  # no honba for the second winner
    assert b["dealer"] == 1


def test_bust_ends_the_game_with_settlement() -> None:
    (e,) = run("riichi", [win(1, 0, 13)], start={"scores": [25000, 25000, 25000, 25000]})
    assert e["game_over"]
    assert e["scores"] == [-7000, 57000, 25000, 25000]
    assert e["settlement"] == [-57.0, 67.0, 5.0, -15.0]  # as the real record 2009100718gm


def test_a_hanchan_ends_after_south_4_and_west_entry_otherwise() -> None:
    led = Ledger(load_preset("riichi"))
    for i in range(7):
        led.apply(win((i + 1) % 4, i % 4, 1))
    assert (led.state.round, led.state.hand) == (1, 4)
    # Nobody at 30000 after South 4 → West.
    e = led.apply(win(0, 3, 1))
    assert not e["game_over"] and e["round"] == "W"
    e = led.apply(win(0, 1, 8))  # someone passes 30000 in West: the game ends
    assert e["game_over"]


def test_agari_yame_for_the_top_dealer_in_the_last_hand() -> None:
    start = {"scores": [20000, 25000, 25000, 30000], "dealer": 3, "round": "S", "hand": 4}
    (e,) = run("riichi", [win(3, 0, 3)], start=start)
    assert e["game_over"] and e["scores"][3] == 35800


def test_events_after_the_end_are_an_error() -> None:
    with pytest.raises(LedgerError, match="game is over"):
        run("riichi", [win(1, 0, 13), win(1, 0, 1)], start={"scores": [25000, 25000, 25000, 25000]})


@pytest.mark.parametrize(
    ("event", "fragment"),
    [
        ({"type": "tsumo"}, "type"),
        ({"type": "win", "winner": 7, "from": 1, "han": 1, "fu": 30}, "winner"),
        ({"type": "win", "winner": 1, "from": 1, "han": 1, "fu": 30}, "own discard"),
        ({"type": "win", "winner": 1, "from": 2, "han": 0, "fu": 30}, "han"),
        ({"type": "draw", "kind": "boredom"}, "kind"),
        ({"type": "chips", "to": 9}, "to"),
        ("win", "object"),
    ],
)
def test_bad_events(event: Any, fragment: str) -> None:
    led = Ledger(load_preset("riichi"))
    before = (list(led.state.scores), led.state.dealer)
    with pytest.raises(LedgerError, match=fragment):
        led.apply(event)
    assert (led.state.scores, led.state.dealer) == before


# -- gotou -------------------------------------------------------------------------------------


def test_gotou_a_draw_never_passes_the_deal() -> None:
    (e,) = run("gotou", [{"type": "draw", "tenpai": [1]}])
    assert e["dealer"] == 0 and e["honba"] == 1
    assert e["payments"] == [-2000, 4000, -2000]  # 4000 in all


def test_gotou_honba_and_round_up() -> None:
    (e,) = run("gotou", [win(1, 2, 2)], start={"honba": 1})
    assert e["payments"] == [0, 4000, -4000]  # 2 han 30 fu 2000, + 2000 per honba


def test_gotou_exactly_zero_plays_on_below_zero_busts_with_bust_chips() -> None:
    (a,) = run("gotou", [win(1, 0, 13)], start={"scores": [32000, 35000, 38000]})
    assert a["scores"][0] == 0 and not a["game_over"]
    (b,) = run("gotou", [win(1, 0, 13)], start={"scores": [31000, 35000, 39000]})
    assert b["scores"][0] == -1000 and b["game_over"]
    assert b["chip_changes"][0] <= -3 and b["chip_changes"][1] >= 3


def test_gotou_four_people_rotate_and_the_sitting_out_person_gets_chips() -> None:
    led = Ledger(load_preset("gotou"), people=4)
    assert led.seat_wind(3) is None  # the person before the dealer sits out
    e = led.apply({"type": "draw", "tenpai": [0]})
    # Sitting out: 2 chips from all (no spring this hand) + 2 more at a draw.
    assert e["chip_changes"] == [-4, -4, -4, 12]
    assert e["payments"] == [4000, -2000, -2000, 0]
    with pytest.raises(LedgerError, match="sits out"):
        led.apply(win(3, 0, 1))


def test_gotou_sudden_death_and_chip_settlement() -> None:
    start = {"scores": [35000, 35000, 35000], "dealer": 2, "hand": 3}
    a, b = run("gotou", [win(0, 1, 1), win(0, 1, 4)], start=start)
    assert not a["game_over"] and a["round"] == "S"  # everyone below 40000: play on
    assert b["game_over"]
    # 0 is now the dealer: 36000 + 12000 (4 han 30 fu dealer ron 11600 → 12000) ≥ 40000.
    assert b["scores"] == [48000, 22000, 35000]
    assert b["settlement"] == [220, 185, 195]  # 200 chips ± the 2nd-without-クビ row


def test_gotou_chombo_is_ten_chips_to_everyone() -> None:
    (e,) = run("gotou", [{"type": "chombo", "player": 2}], players=4)
    assert e["chip_changes"] == [10, 10, -30, 10] and e["payments"] == [0, 0, 0, 0]


def test_chip_events_spring_and_dice() -> None:
    (e,) = run("gotou", [{"type": "chips", "to": 1, "items": {"spring": 2}, "dice": [[3, 4]]}])
    assert e["chip_changes"] == [-9, 18, -9]
    (e,) = run("gotou", [{"type": "chips", "to": 0, "dice": [[1, 1], [2, 3]]}])
    assert e["chip_changes"] == [50, -25, -25]  # ピンゾロ 20, then 5


# -- tokushima, mighty --------------------------------------------------------------------------


def test_tokushima_dealer_win_adds_no_honba_and_zero_busts() -> None:
    a, b = run("tokushima", [win(0, 1, 1), win(1, 0, 5)], start={"scores": [15000, 4000, 26000]})
    assert a["dealer"] == 0 and a["honba"] == 0
    assert b["game_over"] is False
    (c,) = run("tokushima", [win(1, 2, 5)], start={"scores": [15000, 11000, 4000]})
    assert c["scores"][2] == 0 and c["game_over"]  # exactly 0 is out here


def test_tokushima_has_no_noten_payments() -> None:
    (e,) = run("tokushima", [{"type": "draw", "tenpai": [1]}])
    assert e["payments"] == [0, 0, 0] and e["dealer"] == 1


def test_mighty_chombo_pays_5000_to_each() -> None:
    (e,) = run("mighty", [{"type": "chombo", "player": 0}])
    assert e["payments"] == [-10000, 5000, 5000]


# -- kanto-boo -----------------------------------------------------------------------------------


def test_boo_ends_at_16000_with_marua() -> None:
    start = {"scores": [12000, 7000, 6000, 7000]}
    (e,) = run("kanto-boo", [win(0, None, 5)], start=start)
    assert e["game_over"] and e["scores"] == [24000, 3000, 2000, 3000]
    assert e["settlement"] == [27, -10, -10, -10]


def test_boo_refuses_a_win_that_ends_in_maru_c_and_changes_nothing() -> None:
    # A direct mangan from an 8000 player in the first hand would end it in マルシー.
    led = Ledger(load_preset("kanto-boo"))
    e = led.apply(win(1, 2, 5))
    assert e["allowed"] is False and "マルシー" in e["reason"]
    assert e["scores"] == [8000] * 4 and e["payments"] == [0] * 4
    # The same hand by tsumo leaves three sunk: allowed.
    e = led.apply(win(1, None, 5))
    assert e["allowed"] and e["game_over"] and e["settlement"] == [-10, 27, -10, -10]


def test_boo_refuses_a_game_ending_win_that_leaves_the_winner_sunk() -> None:
    start = {"scores": [3000, 10000, 7000, 12000], "dealer": 3, "round": "S", "hand": 4}
    (e,) = run("kanto-boo", [win(2, 0, 1)], start=start)  # ends the game; 2 stays sunk
    assert e["allowed"] is False and "sunk" in e["reason"]


def test_boo_restrict_tsumo_knob() -> None:
    start = {"scores": [3000, 10000, 7000, 12000], "dealer": 3, "round": "S", "hand": 4}
    events = [win(2, None, 1)]
    (e,) = run("kanto-boo", events, start=start)
    assert e["allowed"] is False
    preset = load_preset("kanto-boo", {"game": {"restrict_tsumo": False}})
    (e,) = run_ledger(preset, {"events": events, "start": start})
    assert e["allowed"] is True


def test_boo_a_draw_passes_the_deal_and_south_4_draw_ends() -> None:
    (e,) = run("kanto-boo", [{"type": "draw", "tenpai": [0]}])
    assert e["dealer"] == 1 and e["honba"] == 1 and e["payments"] == [0, 0, 0, 0]
    start = {"scores": [9000, 8000, 7000, 8000], "dealer": 3, "round": "S", "hand": 4, "sticks": 1}
    (e,) = run("kanto-boo", [{"type": "draw", "tenpai": [3]}], start=start)
    assert e["game_over"] and e["scores"] == [9000, 8000, 7000, 8000]  # sticks are lost
    assert e["settlement"] == [0, 0, -3, 0]  # マルシー: 3 from the sunk, fee 3


def test_boo_yakuman_is_a_double_marua() -> None:
    (e,) = run("kanto-boo", [win(2, 0, 0, 0, yakuman=1)])
    assert e["game_over"] and e["settlement"] == [-20, -20, 57, -20]


def test_cli_ledger_json_and_errors() -> None:
    record = {"events": [win(1, 2, 3)]}
    proc = subprocess.run(
        [sys.executable, "-m", "jantaku.cli", "ledger", "--rules", "riichi", "--json"],
        input=json.dumps(record),
        capture_output=True,
        text=True,
        check=False,
    )
    assert proc.returncode == 0
    assert json.loads(proc.stdout)[0]["payments"] == [0, 3900, -3900, 0]
    bad = {
        "events": [win(1, 0, 13), win(0, 1, 1)],
        "start": {"scores": [1000, 25000, 25000, 49000]},
    }
    proc = subprocess.run(
        [sys.executable, "-m", "jantaku.cli", "ledger", "--json"],
        input=json.dumps(bad),
        capture_output=True,
        text=True,
        check=False,
    )
    assert proc.returncode == 2 and "game is over" in json.loads(proc.stdout)["error"]


def test_gotou_shuba_costs_5000_once_per_game() -> None:
    a, b = run(
        "gotou",
        [
            {"type": "draw", "tenpai": [1], "riichi": [1], "shuba": [1]},
            win(0, 2, 1, riichi=[0]),
        ],
    )
    assert a["payments"] == [-2000, 4000 - 5000, -2000] and a["sticks"] == 1
    # The dealer (a draw never passes the deal) wins: 1 han 30 fu dealer ron 1500 → 2000,
    # + 2000 for the honba, + the sticks: the 5000 シュバ stick and the 1000 riichi stick.
    assert b["payments"] == [-1000 + 4000 + 6000, 0, -4000]
    with pytest.raises(LedgerError, match="already used"):
        run(
            "gotou",
            [
                {"type": "draw", "tenpai": [1], "riichi": [1], "shuba": [1]},
                {"type": "draw", "tenpai": [1], "riichi": [1], "shuba": [1]},
            ],
        )
    with pytest.raises(LedgerError, match="no シュバリー"):
        run("riichi", [{"type": "draw", "tenpai": [1], "riichi": [1], "shuba": [1]}])


def test_gotou_bust_chips_doubled_by_shuba_and_to_the_higher_winner() -> None:
    start = {"scores": [1000, 35000, 69000]}
    (e,) = run("gotou", [win(1, 0, 5, riichi=[1], shuba=[1])], start=start)
    assert e["game_over"]
    # 飛び賞 3, doubled by シュバ: 6 from person 0 to person 1 (plus nothing else moves chips).
    assert e["chip_changes"][0] == -6 and e["chip_changes"][1] == 6
    a, b = run("gotou", [win(1, 0, 5), win(2, 0, 5, double=True)], start=start)
    # Double ron: the bust chips go to the winner ranked higher after the hand (person 2).
    assert b["game_over"] and b["chip_changes"][2] - a["chip_changes"][2] >= 0
    assert b["chips"][2] - 200 == 3 and b["chips"][0] - 200 == -3


def test_mighty_wareme_doubles_through_the_ledger() -> None:
    (a,) = run("mighty", [win(1, 2, 3, 40)])
    (b,) = run("mighty", [win(1, 2, 3, 40, wareme=2)])
    assert a["payments"] == [0, 6000, -6000] and b["payments"] == [0, 12000, -12000]


def test_gotou_chombo_pays_a_tenpai_players_deal_in_chips() -> None:
    # Person 1 is tenpai with red 5p + gold 5p + riichi ippatsu ura...: the chips of a ron
    # from the offender (ippatsu 1 + red 1 + gold 2 = 4) go to them on top of 10 to everyone.
    situation = {
        "hand": "0g5p234s567s234p88s",
        "win_tile": "3p",
        "riichi": "riichi",
        "ippatsu": True,
        "dora_indicators": "1s2s",
    }
    (e,) = run(
        "gotou",
        [{"type": "chombo", "player": 2, "deal_ins": [{"winner": 1, "situation": situation}]}],
    )
    assert e["chip_changes"] == [10, 14, -24] and e["payments"] == [0, 0, 0]


def test_boo_lost_sticks_are_counted_so_points_stay_accounted_for() -> None:
    start = {"scores": [9000, 8000, 7000, 8000], "dealer": 3, "round": "S", "hand": 4, "sticks": 1}
    led = Ledger(load_preset("kanto-boo"), start=start)
    led.apply({"type": "draw", "tenpai": [3]})
    s = led.state
    assert s.game_over and s.stick_points == 0 and s.lost_points == 1000
    assert sum(s.scores) + s.stick_points + s.lost_points == 33000


# -- issue 35: 北4枚抜き, penalties that bust, draws a preset does not have, strict events ----


def test_gotou_four_norths_alone_win_in_the_scorekeeper() -> None:
    # «北4枚抜き 8飜固定 祝儀は4枚», a yaku of its own: a hand given by its tiles with four norths
    # set aside and no other yaku is a win (8 han, baiman 16000 from the discarder) with the
    # four norths' chips. (Before: "situation: the hand has no yaku".)
    situation = {"hand": "123p567p13s789s99p2s", "win_tile": "2s", "extracted": "4z4z4z4z"}
    situation["dora_indicators"] = "1z2z"
    (e,) = run("gotou", [{"type": "win", "winner": 1, "from": 2, "situation": situation}])
    assert e["allowed"] and e["payments"] == [0, 16000, -16000]
    assert e["chip_changes"] == [0, 4, -4]  # 1 per north; the dice chance is rolled at the table


def test_tokushima_a_chombo_that_reaches_0_ends_the_game() -> None:
    # «チョンボは親も子も3000点ALLの支払い», «0点はトビ扱いで終了»: the bust line is checked
    # after every payment, a penalty's too (issue 35). 1 pays 3000 to each: 6000 → 0.
    chombo = {"type": "chombo", "player": 1}
    (e,) = run("tokushima", [chombo], start={"scores": [15000, 6000, 24000]})
    assert e["payments"] == [3000, -6000, 3000] and e["scores"][1] == 0
    assert e["game_over"] and e["settlement"] is not None
    # Left with 1000 the player plays on, and the hand is played again.
    (e,) = run("tokushima", [chombo], start={"scores": [15000, 7000, 23000]})
    assert e["scores"][1] == 1000 and not e["game_over"]
    assert (e["dealer"], e["hand"], e["honba"]) == (0, 1, 0)


def test_tokushima_a_false_call_that_reaches_0_ends_the_game() -> None:
    # «誤ポン・誤カンは1000点ALLの支払い»: 2000 → 0 is out.
    event = {"type": "penalty", "player": 2, "kind": "false_kan"}
    (e,) = run("tokushima", [event], start={"scores": [15000, 28000, 2000]})
    assert e["payments"] == [1000, 1000, -2000] and e["game_over"]
    with pytest.raises(LedgerError, match="game is over"):
        run("tokushima", [event, win(0, 1, 1)], start={"scores": [15000, 28000, 2000]})


def test_gotou_a_false_pon_below_0_ends_the_game_with_bust_chips_to_the_top() -> None:
    # «誤ポンは1000点供託», «飛び賞3枚», «0点は飛びではなく続行»: 500 → −500 busts; exactly 0
    # plays on. Decision: the pot has no payee yet, so the bust chips go to the top, who takes
    # the pot at the end (leftover sticks to the top).
    pon = {"type": "penalty", "player": 1, "kind": "false_pon"}
    (e,) = run("gotou", [pon], start={"scores": [40000, 500, 64500]})
    assert e["game_over"] and e["scores"] == [40000, -500, 65500]  # the pot went to the top
    assert e["chip_changes"] == [0, -3, 3]
    (e,) = run("gotou", [pon], start={"scores": [40000, 1000, 64000]})
    assert not e["game_over"] and e["scores"][1] == 0 and e["sticks"] == 1


def test_mighty_a_chombo_below_0_ends_the_game() -> None:
    # «流局後チョンボ。5000オール»; the game ends when a player goes below 0: 9000 → −1000.
    (e,) = run("mighty", [{"type": "chombo", "player": 2}], start={"scores": [41000, 40000, 9000]})
    assert e["payments"] == [5000, 5000, -10000] and e["game_over"]
    (e,) = run("mighty", [{"type": "chombo", "player": 2}], start={"scores": [40000, 40000, 10000]})
    assert e["scores"][2] == 0 and not e["game_over"]  # exactly 0 plays on


def test_boo_a_chombo_to_hakoten_ends_the_game() -> None:
    # kanto-boo 箱点: a reverse mangan (2000/2000/4000 from a non-dealer) takes 8000 to 0.
    (e,) = run("kanto-boo", [{"type": "chombo", "player": 1}])
    assert e["payments"] == [4000, -8000, 2000, 2000] and e["scores"][1] == 0
    assert e["game_over"] and e["settlement"] == [0, -3, 0, 0]  # マルシー: 3 from the sunk


def test_tokushima_refuses_a_nine_terminals_draw() -> None:
    # «途中流局なし。(九種九牌など)»: the draw is refused with its reason and changes nothing
    # (here not even the riichi stick it names).
    led = Ledger(load_preset("tokushima"), start={"sticks": 1})
    e = led.apply({"type": "draw", "kind": "nine_terminals", "tenpai": [], "riichi": [0]})
    assert e["allowed"] is False and "nine_terminals" in e["reason"]
    assert e["scores"] == [15000] * 3 and (e["honba"], e["sticks"], e["dealer"]) == (0, 1, 0)
    e = led.apply({"type": "draw", "kind": "exhaustive", "tenpai": [0]})
    assert e["allowed"] and e["honba"] == 1
    # gotou «途中流局は9種9牌のみ» has it; Tenhou's other aborts only where table.tenhou_aborts.
    (e,) = run("gotou", [{"type": "draw", "kind": "nine_terminals"}])
    assert e["allowed"] and (e["dealer"], e["honba"]) == (0, 1)
    (e,) = run("gotou", [{"type": "draw", "kind": "abortive"}])
    assert e["allowed"] is False and "tenhou_aborts" in e["reason"]
    (e,) = run("riichi", [{"type": "draw", "kind": "abortive", "tenpai": [2]}])
    assert e["allowed"] and (e["dealer"], e["honba"], e["payments"]) == (0, 1, [0, 0, 0, 0])


@pytest.mark.parametrize(
    ("event", "key"),
    [
        ({"type": "draw", "reason": "nine_terminals"}, "'reason'"),
        ({"type": "win", "winner": 1, "from": 2, "han": 1, "fu": 30, "tsumo": True}, "'tsumo'"),
        ({"type": "chombo", "player": 1, "kind": "false_pon"}, "'kind'"),
        ({"type": "penalty", "player": 1, "kind": "false_pon", "points": 1000}, "'points'"),
        ({"type": "chips", "to": 1, "item": ["spring"]}, "'item'"),
        ({"type": "chombo", "player": 1, "deal_ins": [{"winner": 2, "hand": "123p"}]}, "'hand'"),
    ],
)
def test_an_unknown_key_is_an_error_naming_it(event: dict[str, Any], key: str) -> None:
    # Not a silent exhaustive draw (a draw whose "kind" was written "reason"), nor a key read
    # by nobody: the error names the key, and nothing changes.
    led = Ledger(load_preset("gotou"))
    before = (list(led.state.scores), list(led.state.chips), led.state.honba)
    with pytest.raises(LedgerError, match=f"unknown key {key}"):
        led.apply(event)
    assert (led.state.scores, led.state.chips, led.state.honba) == before
    with pytest.raises(LedgerError, match="unknown key 'honba_count'"):
        run("gotou", [], start={"honba_count": 1})
