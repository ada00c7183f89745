"""Every ``GameRules`` and ``SettlementRules`` knob at a non-default value, through the ledger.

Each knob is set with ``run_ledger(load_preset(P, overrides), record)`` and a test asserts a
difference one can see in the ledger's output (points, dealer, honba, game_over, chips,
settlement); ``test_every_game_and_settlement_knob_has_a_test`` fails when a field of those
sections is left without one. The gotou chip items of the ledger (飛び賞, 80000点オーバー, 抜け番,
チョンボ, サイコロチャンス) are tested at the preset's own values too.

Expected values are worked out by hand from shared/spec/ and the seeds. Point values used
(standard table, spec common.md §3): non-dealer ron 1 han 30 fu 1000, 3 han 3900, 4 han 7700,
mangan 8000, baiman 16000, 13 han 32000; dealer ron 3 han 5800; non-dealer tsumo 1 han 30 fu
300/500 (500 from the dealer). gotou (fixed 30 fu, each payment rounded up to 1000): 1 han
dealer ron 1440 → 1500 → 2000, 3 han non-dealer ron 3840 → 3900 → 4000.

People are numbered from the first dealer (0). riichi: 4 players, 25000, 半荘, return 30000,
uma 20/10/-10/-20. gotou: 3 players (or 4 rotating), 35000, 200 chips, 東風.
"""

from __future__ import annotations

from typing import Any, ClassVar

import pytest

from jantaku.rules import load_preset
from jantaku.rules.model import GameRules, SettlementRules
from jantaku.scoring.ledger import Ledger, run_ledger
from support.knob_marks import knob_marker

COVERED, knob = knob_marker()
"""The GameRules / SettlementRules knobs a test below sets (``@knob``), for the registry test."""


def run(
    preset: str,
    overrides: dict[str, Any] | None,
    events: list[dict[str, Any]],
    **record: Any,
) -> list[dict[str, Any]]:
    return run_ledger(load_preset(preset, overrides or None), {"events": events, **record})


def game(**knobs: Any) -> dict[str, Any]:
    return {"game": knobs}


def win(winner: int, frm: int | None, han: int, fu: int = 30, **kw: Any) -> dict[str, Any]:
    return {"type": "win", "winner": winner, "from": frm, "han": han, "fu": fu, **kw}


def draw(*tenpai: int, **kw: Any) -> dict[str, Any]:
    return {"type": "draw", "tenpai": list(tenpai), **kw}


SOUTH_4 = {"dealer": 3, "round": "S", "hand": 4}
"""riichi: the last hand of a 半荘 (dealer 3)."""
EAST_4 = {"dealer": 3, "round": "E", "hand": 4}
"""riichi: the last hand of a 東風."""


# ============================================================================================
# GameRules
# ============================================================================================


class TestPointsAndLength:
    @knob("start_points")
    def test_start_points(self) -> None:
        # 3 han 30 fu from 2 to 1 (3900) on top of 30000 each.
        (e,) = run("riichi", game(start_points=30000), [win(1, 2, 3)])
        assert e["scores"] == [30000, 33900, 26100, 30000]

    @knob("start_chips")
    def test_start_chips(self) -> None:
        (e,) = run("riichi", None, [draw(1)])
        assert e["chips"] == [0, 0, 0, 0]
        (e,) = run("riichi", game(start_chips=100), [draw(1)])
        assert e["chips"] == [100, 100, 100, 100]

    @knob("length")
    def test_length_tonpuu_ends_after_east_4(self) -> None:
        # East 4, 0 already at 31000: 2 deals in 1000 to 1. 東風: the East wind is over and
        # someone has 30000 → the end. Final [31000, 26000, 24000, 19000]: oka 20 to the top;
        # 0: 1 + 20 + 20 = 41, 1: -4 + 10 = 6, 2: -6 - 10 = -16, 3: -11 - 20 = -31.
        start = {**EAST_4, "scores": [31000, 25000, 25000, 19000]}
        (e,) = run("riichi", None, [win(1, 2, 1)], start=start)
        assert not e["game_over"] and (e["round"], e["hand"]) == ("S", 1)  # 半荘 plays South
        (e,) = run("riichi", game(length="tonpuu"), [win(1, 2, 1)], start=start)
        assert e["game_over"] and e["settlement"] == [41, 6, -16, -31]

    @knob("extension")
    def test_extension_none(self) -> None:
        # 東風, East 4, nobody at 30000 after it: next_wind plays South, none ends.
        start = {**EAST_4, "scores": [25000] * 4}
        (e,) = run("riichi", game(length="tonpuu"), [win(1, 2, 1)], start=start)
        assert not e["game_over"] and e["round"] == "S"
        (e,) = run("riichi", game(length="tonpuu", extension="none"), [win(1, 2, 1)], start=start)
        assert e["game_over"]

    @knob("extension")
    def test_extension_sudden_death(self) -> None:
        # 東風 in its extension (South 4), nobody at 30000: next_wind ends at the end of South;
        # sudden death plays on (West) until a hand ends with someone at 30000.
        start = {**SOUTH_4, "scores": [25000] * 4}
        (e,) = run("riichi", game(length="tonpuu"), [win(1, 2, 1)], start=start)
        assert e["game_over"]
        sd = game(length="tonpuu", extension="sudden_death")
        a, b = run("riichi", sd, [win(1, 2, 1), win(2, 3, 5)], start=start)
        assert not a["game_over"] and (a["round"], a["dealer"]) == ("W", 0)
        # 2: 24000 + 8000 = 32000 ≥ 30000: the end.
        assert b["scores"] == [25000, 26000, 32000, 17000] and b["game_over"]

    @knob("extension_above")
    def test_extension_above(self) -> None:
        # 東風, East 4, 1 reaches exactly 30000: that ends the game, unless the target must be
        # exceeded (mighty «全員40000点以下で終了するとサドンデス»).
        start = {**EAST_4, "scores": [25000, 29000, 25000, 21000]}
        (e,) = run("riichi", game(length="tonpuu"), [win(1, 2, 1)], start=start)
        assert e["scores"][1] == 30000 and e["game_over"]
        above = game(length="tonpuu", extension_above=True)
        (e,) = run("riichi", above, [win(1, 2, 1)], start=start)
        assert not e["game_over"] and e["round"] == "S"

    @knob("extension_target")
    def test_extension_target(self) -> None:
        # 東風, East 4, 0 at 31000: ends at the default 30000, plays on at 40000.
        start = {**EAST_4, "scores": [31000, 25000, 25000, 19000]}
        (e,) = run("riichi", game(length="tonpuu"), [win(1, 2, 1)], start=start)
        assert e["game_over"]
        over = game(length="tonpuu", extension_target=40000)
        (e,) = run("riichi", over, [win(1, 2, 1)], start=start)
        assert not e["game_over"] and e["round"] == "S"


class TestEnds:
    @knob("bust")
    def test_bust_none(self) -> None:
        # 13 han (32000) from 0 at 25000: -7000 plays on.
        (e,) = run("riichi", game(bust="none"), [win(1, 0, 13)])
        assert e["scores"][0] == -7000 and not e["game_over"]

    @knob("bust")
    def test_bust_zero_or_below(self) -> None:
        # 0 at 32000 pays 32000: exactly 0 busts only under zero_or_below.
        start = {"scores": [32000, 25000, 25000, 18000]}
        (e,) = run("riichi", None, [win(1, 0, 13)], start=start)
        assert e["scores"][0] == 0 and not e["game_over"]
        (e,) = run("riichi", game(bust="zero_or_below"), [win(1, 0, 13)], start=start)
        assert e["game_over"]

    @knob("end_at_or_above")
    def test_end_at_or_above(self) -> None:
        # Baiman 16000 from 0: 1 at 41000.
        (e,) = run("riichi", None, [win(1, 0, 8)])
        assert e["scores"][1] == 41000 and not e["game_over"]
        (e,) = run("riichi", game(end_at_or_above=40000), [win(1, 0, 8)])
        assert e["game_over"]

    @knob("agari_yame")
    def test_agari_yame_off(self) -> None:
        # South 4: the dealer 3 wins 5800 and is the top with 35800 ≥ 30000. With agari-yame
        # (Tenhou) that ends the game; without it the dealer plays on with a honba.
        start = {**SOUTH_4, "scores": [20000, 25000, 25000, 30000]}
        (e,) = run("riichi", None, [win(3, 0, 3)], start=start)
        assert e["game_over"]
        (e,) = run("riichi", game(agari_yame=False), [win(3, 0, 3)], start=start)
        assert e["scores"][3] == 35800 and not e["game_over"]
        assert (e["dealer"], e["honba"]) == (3, 1)

    @knob("last_hand_dealer_only")
    def test_last_hand_dealer_only(self) -> None:
        start = {**SOUTH_4, "scores": [25000] * 4}
        only = game(last_hand_dealer_only=True)
        # A draw with the dealer tenpai (28000, below 30000): plays on normally, ends here.
        (e,) = run("riichi", None, [draw(3)], start=start)
        assert not e["game_over"] and e["dealer"] == 3
        (e,) = run("riichi", only, [draw(3)], start=start)
        assert e["game_over"]
        # A non-dealer win with nobody at 30000: West normally, the end here.
        (e,) = run("riichi", None, [win(1, 0, 1)], start=start)
        assert not e["game_over"] and e["round"] == "W"
        (e,) = run("riichi", only, [win(1, 0, 1)], start=start)
        assert e["game_over"]
        # A dealer win plays on.
        (e,) = run("riichi", only, [win(3, 0, 1)], start=start)
        assert not e["game_over"] and e["dealer"] == 3


class TestDealAndHonba:
    @knob("deal_on_draw")
    def test_deal_on_draw_never_passes(self) -> None:
        # The dealer 0 is noten: the deal passes under the tenpai rule, stays here.
        (e,) = run("riichi", None, [draw(1)])
        assert e["dealer"] == 1
        (e,) = run("riichi", game(deal_on_draw="never_passes"), [draw(1)])
        assert (e["dealer"], e["honba"]) == (0, 1)

    @knob("deal_on_draw")
    def test_deal_on_draw_always_passes(self) -> None:
        # The dealer 0 is tenpai: keeps the deal under the tenpai rule, loses it here.
        (e,) = run("riichi", None, [draw(0)])
        assert e["dealer"] == 0
        (e,) = run("riichi", game(deal_on_draw="always_passes"), [draw(0)])
        assert (e["dealer"], e["honba"]) == (1, 1)

    @knob("deal_passes_on_win")
    def test_deal_passes_on_every_win(self) -> None:
        (e,) = run("riichi", None, [win(0, 1, 1)])
        assert e["dealer"] == 0
        (e,) = run("riichi", game(deal_passes_on_win="always"), [win(0, 1, 1)])
        assert e["dealer"] == 1 and e["payments"] == [1500, -1500, 0, 0]

    @knob("dealer_win_honba")
    def test_dealer_win_adds_no_honba(self) -> None:
        (e,) = run("riichi", None, [win(0, 1, 1)])
        assert (e["dealer"], e["honba"]) == (0, 1)
        (e,) = run("riichi", game(dealer_win_honba=False), [win(0, 1, 1)])
        assert (e["dealer"], e["honba"]) == (0, 0)

    @knob("noten_total")
    def test_noten_total(self) -> None:
        # One tenpai of four: 6000 → +6000 / -2000 each; 0 → nothing.
        (e,) = run("riichi", game(noten_total=6000), [draw(1)])
        assert e["payments"] == [-2000, 6000, -2000, -2000]
        (e,) = run("riichi", game(noten_total=0), [draw(1)])
        assert e["payments"] == [0, 0, 0, 0]

    def test_noten_total_must_split_evenly(self) -> None:
        # 3001 among three noten players would make a point out of nothing.
        with pytest.raises(ValueError, match=r"game\.noten_total: 3001"):
            load_preset("riichi", game(noten_total=3001))
        with pytest.raises(ValueError, match="a multiple of 2"):
            load_preset("sanma", game(noten_total=2001))
        assert load_preset("sanma", game(noten_total=3000)).game.noten_total == 3000


class TestSticksAndRestrictions:
    @knob("leftover_sticks")
    def test_leftover_sticks_lost(self) -> None:
        # One stick on the table; 0 (500) pays 3000 of noten → -2500: the end. Tenpai 1, 2, 3
        # get 1000 each: [-2500, 34000, 34000, 33500]; the top (1, the earlier seat of the tie)
        # gets the stick by default; it is lost here.
        start = {"scores": [500, 33000, 33000, 32500], "sticks": 1}
        (e,) = run("riichi", None, [draw(1, 2, 3)], start=start)
        assert e["game_over"] and e["scores"] == [-2500, 35000, 34000, 33500]
        (e,) = run("riichi", game(leftover_sticks="lost"), [draw(1, 2, 3)], start=start)
        assert e["game_over"] and e["scores"] == [-2500, 34000, 34000, 33500]

    @knob("shuba_stick")
    def test_shuba_stick(self) -> None:
        # A シュバリー stick of 3000 in riichi: the declarer pays 3000 instead of 1000 (noten
        # payments: tenpai 1 +3000, the others -1000); the next winner takes 3000 with the
        # honba: 1000 + 300 + 3000.
        events = [draw(1, riichi=[1], shuba=[1]), win(2, 3, 1)]
        a, b = run("riichi", game(shuba_stick=3000), events)
        assert a["payments"] == [-1000, 3000 - 3000, -1000, -1000] and a["sticks"] == 1
        assert b["payments"] == [0, 0, 4300, -1300] and b["sticks"] == 0

    @knob("restrict_game_ending_wins")
    def test_restrict_game_ending_wins(self) -> None:
        # 13 han from 2: 2 at -7000 ends the game with one player sunk (マルシー): refused,
        # nothing changes. Without the knob it is paid and ends the game.
        (e,) = run("riichi", None, [win(1, 2, 13)])
        assert e["allowed"] and e["game_over"]
        (e,) = run("riichi", game(restrict_game_ending_wins=True), [win(1, 2, 13)])
        assert e["allowed"] is False and "マルシー" in e["reason"]
        assert e["scores"] == [25000] * 4 and not e["game_over"]

    @knob("restrict_tsumo")
    def test_restrict_tsumo_off(self) -> None:
        # South 4 with no extension: 1 (20000) tsumos 300/500 and ends the game at 21100,
        # still sunk: refused when tsumo wins are restricted (default), allowed when not.
        start = {**SOUTH_4, "scores": [30000, 20000, 25000, 25000]}
        base: dict[str, Any] = {"restrict_game_ending_wins": True, "extension": "none"}
        (e,) = run("riichi", {"game": base}, [win(1, None, 1)], start=start)
        assert e["allowed"] is False and "sunk" in e["reason"]
        free = {"game": {**base, "restrict_tsumo": False}}
        (e,) = run("riichi", free, [win(1, None, 1)], start=start)
        assert e["allowed"] and e["game_over"]
        assert e["scores"] == [29700, 21100, 24700, 24500]

    def test_a_win_that_leads_into_the_extension_is_not_restricted(self) -> None:
        # kanto-boo.md: «Wins that do not end the game are never restricted by this.» Under
        # riichi's next_wind extension, South 4 with nobody at 30000 goes on into West, so
        # this tsumo (1 at 21100, still sunk) does not end the game and must be allowed.
        start = {**SOUTH_4, "scores": [30000, 20000, 25000, 25000]}
        (plain,) = run("riichi", None, [win(1, None, 1)], start=start)
        assert not plain["game_over"] and plain["round"] == "W"
        (e,) = run("riichi", game(restrict_game_ending_wins=True), [win(1, None, 1)], start=start)
        assert e["allowed"] and e["round"] == "W"


class TestChombo:
    @knob("chombo", "chombo_each")
    @pytest.mark.parametrize(
        ("style", "payments", "chip_changes"),
        [
            ("mangan", [4000, -8000, 2000, 2000], [0, 0, 0, 0]),  # default: reverse mangan
            ("points_each", [3000, -9000, 3000, 3000], [0, 0, 0, 0]),  # tokushima: 3000
            ("each_3000", [3000, -9000, 3000, 3000], [0, 0, 0, 0]),  # its old name
            ("each_5000", [5000, -15000, 5000, 5000], [0, 0, 0, 0]),  # mighty's old name
            ("chips_each", [0, 0, 0, 0], [3, -9, 3, 3]),  # chips, no points
            ("chips_10", [0, 0, 0, 0], [10, -30, 10, 10]),  # gotou's old name: 10 chips
        ],
    )
    def test_chombo_styles(self, style: str, payments: list[int], chip_changes: list[int]) -> None:
        # Person 1 (a non-dealer) commits chombo; the hand is replayed: dealer and honba stay.
        # The new values take what each other player gets from game.chombo_each (3000, 3).
        each = {"points_each": 3000, "chips_each": 3}.get(style)
        rules = game(chombo=style) if each is None else game(chombo=style, chombo_each=each)
        (e,) = run("riichi", rules, [{"type": "chombo", "player": 1}])
        assert e["payments"] == payments and e["chip_changes"] == chip_changes
        assert (e["dealer"], e["honba"]) == (0, 0)

    def test_gotou_chombo_three_players(self) -> None:
        # «チョンボは10枚オール»: 10 to each of the two others.
        (e,) = run("gotou", None, [{"type": "chombo", "player": 1}])
        assert e["chip_changes"] == [10, -20, 10] and e["payments"] == [0, 0, 0]


class TestNagashi:
    @knob("nagashi")
    def test_nagashi_yakuman(self) -> None:
        # 流し by 1 paid as a non-dealer tsumo: mangan 2000/4000 (Tenhou), yakuman 8000/16000.
        ev = [{"type": "draw", "kind": "nagashi", "winners": [1]}]
        (e,) = run("riichi", None, ev)
        assert e["payments"] == [-4000, 8000, -2000, -2000]
        (e,) = run("riichi", game(nagashi="yakuman"), ev)
        assert e["payments"] == [-16000, 32000, -8000, -8000]

    @knob("nagashi")
    def test_nagashi_none_pays_no_nagashi(self) -> None:
        ev = [{"type": "draw", "kind": "nagashi", "tenpai": [2], "winners": [1]}]
        (e,) = run("riichi", game(nagashi="none"), ev)
        assert e["payments"][1] <= 0  # 1 is paid nothing for the 流し

    def test_nagashi_none_is_an_ordinary_exhaustive_draw(self) -> None:
        # Without 流し the draw is an exhaustive draw: noten payments, 2 tenpai of four: +3000,
        # -1000 from each other.
        ev = [{"type": "draw", "kind": "nagashi", "tenpai": [2], "winners": [1]}]
        (e,) = run("riichi", game(nagashi="none"), ev)
        assert e["payments"] == [-1000, -1000, 3000, -1000]

    def test_gotou_nagashi_is_a_yakuman_tsumo_with_its_chips(self) -> None:
        # «流し … 和了扱い», a real yakuman: 1 (S) is paid 16000 + 1000 by the dealer and
        # 8000 + 1000 by W (tsumo-son, +1000 per tsumo payment), and 5 chips from each.
        (e,) = run("gotou", None, [{"type": "draw", "kind": "nagashi", "winners": [1]}])
        assert e["payments"] == [-17000, 26000, -9000]
        assert e["chip_changes"] == [-5, 10, -5]


# ============================================================================================
# GameRules: gotou chip items
# ============================================================================================


class TestBustChips:
    @knob("bust_chips")
    def test_bust_chips(self) -> None:
        # 13 han from 0 (25000 → -7000): 5 chips from 0 to the winner 1.
        (e,) = run("riichi", None, [win(1, 0, 13)])
        assert e["game_over"] and e["chip_changes"] == [0, 0, 0, 0]
        (e,) = run("riichi", game(bust_chips=5), [win(1, 0, 13)])
        assert e["chip_changes"] == [-5, 5, 0, 0]

    def test_gotou_bust_chips_3_to_the_winner_who_busted(self) -> None:
        # «飛び賞3枚»: 3 han from 0 (1000 → -3000). Final [-3000, 39000, 35000]; chips
        # [197, 203, 200]; the 2nd (35000) has no クビ: +20 / -5 / -15.
        (e,) = run("gotou", None, [win(1, 0, 3)], start={"scores": [1000, 35000, 35000]})
        assert e["scores"] == [-3000, 39000, 35000] and e["game_over"]
        assert e["chips"] == [197, 203, 200]
        assert e["settlement"] == [182, 223, 195]

    def test_gotou_no_bust_chips_by_draw_payments(self) -> None:
        # 0 (1000) pays 2000 of noten to the only tenpai player: -1000, the end, no chips.
        (e,) = run("gotou", None, [draw(1)], start={"scores": [1000, 35000, 35000]})
        assert e["game_over"] and e["chip_changes"] == [0, 0, 0]

    @knob("bust_chips_on_draw")
    def test_bust_chips_on_draw(self) -> None:
        # The same draw with the knob: 3 chips from 0 to 1, who took the noten payment.
        on = game(bust_chips_on_draw=True)
        (e,) = run("gotou", on, [draw(1)], start={"scores": [1000, 35000, 35000]})
        assert e["game_over"] and e["chip_changes"] == [-3, 3, 0]


class TestHighScoreChips:
    @pytest.mark.parametrize(
        ("top", "n"),
        [(79000, 0), (80000, 3), (89000, 3), (90000, 4), (100000, 5)],
    )
    def test_gotou_80000_or_more_at_the_end(self, top: int, n: int) -> None:
        # «80000点オーバー 3枚A(以降10000点ごと1枚追加)». The dealer 0 rons 2000 from 2 (1000 →
        # -1000): the end with 0 at ``top``. 0 gets the bust chips 3 and n from each other.
        start = {"scores": [top - 2000, 105000 - top - 1000, 1000]}
        (e,) = run("gotou", None, [win(0, 2, 1)], start=start)
        assert e["game_over"] and e["scores"][0] == top
        assert e["chip_changes"] == [3 + 2 * n, -n, -3 - n]

    def test_gotou_high_score_chips_include_the_sitting_out_person(self) -> None:
        # Four people (3 sits out this hand): 90000 → 4 A from the three others. Chips: the
        # bust chips 3 from 2; the sitting-out person gets 2 A (no spring this hand).
        start = {"scores": [88000, 16000, 1000, 35000]}
        (e,) = run("gotou", None, [win(0, 2, 1)], start=start, players=4)
        assert e["game_over"] and e["scores"] == [90000, 16000, -1000, 35000]
        # 0: +3 + 4×3 - 2 = 13; 1: -4 - 2; 2: -3 - 4 - 2; 3: -4 + 2×3.
        assert e["chip_changes"] == [13, -6, -9, 2]

    @knob("high_score_chips")
    def test_high_score_chips(self) -> None:
        # riichi with 2: 3 rons 7700 from 0 (2000 → -5700): the end at 82700 → 2 from each.
        start = {"scores": [2000, 20000, 3000, 75000]}
        (e,) = run("riichi", None, [win(3, 0, 4)], start=start)
        assert e["game_over"] and e["chip_changes"] == [0, 0, 0, 0]
        (e,) = run("riichi", game(high_score_chips=2), [win(3, 0, 4)], start=start)
        assert e["scores"][3] == 82700 and e["chip_changes"] == [-2, -2, -2, 6]

    @knob("high_score_line")
    def test_high_score_line(self) -> None:
        # gotou from 60000: 0 ends at 70000 → 3 + 1 from each other (plus the bust chips 3).
        start = {"scores": [68000, 36000, 1000]}
        (e,) = run("gotou", None, [win(0, 2, 1)], start=start)
        assert e["chip_changes"] == [3, 0, -3]
        (e,) = run("gotou", game(high_score_line=60000), [win(0, 2, 1)], start=start)
        assert e["chip_changes"] == [3 + 8, -4, -3 - 4]


class TestSittingOutChips:
    def test_gotou_2_from_all_after_a_hand_without_spring(self) -> None:
        # Four people, 3 sits out: a win with no spring: 2 from each of 0, 1, 2.
        (e,) = run("gotou", None, [win(1, 2, 1)], players=4)
        assert e["chip_changes"] == [-2, -2, -2, 6]

    def test_gotou_none_after_a_win_with_spring(self) -> None:
        (e,) = run("gotou", None, [win(1, 2, 1, spring=True)], players=4)
        assert e["chip_changes"] == [0, 0, 0, 0]

    def test_gotou_2_at_a_draw_even_with_spring(self) -> None:
        # «流局時抜け番に2枚オール»: the draw part stays when a spring appeared.
        (e,) = run("gotou", None, [draw(0, spring=True)], players=4)
        assert e["chip_changes"] == [-2, -2, -2, 6]

    def test_gotou_the_sitting_out_person_pays_all_items_of_a_win(self) -> None:
        # 四暗刻単騎 tsumo by 1 (S): 5 A from E (0), W (2) and the sitting-out person (3);
        # points 16000 + 1000 from the dealer, 8000 + 1000 from W, none from 3. The sitting-out
        # person also gets 2 A (no spring): 0: -5 - 2, 1: +15 - 2, 2: -5 - 2, 3: -5 + 6.
        situation = {"hand": "111p999s111z222z33z", "win_tile": "3z"}
        (e,) = run("gotou", None, [win(1, None, 0, 0, situation=situation)], players=4)
        assert e["payments"] == [-17000, 26000, -9000, 0]
        assert e["chip_changes"] == [-7, 13, -7, 1]

    @knob("sitting_out_chips")
    def test_sitting_out_chips(self) -> None:
        # 5 instead of 2: a win without spring 5 each, a draw 5 + 5 each.
        five = game(sitting_out_chips=5)
        (e,) = run("gotou", five, [win(1, 2, 1)], players=4)
        assert e["chip_changes"] == [-5, -5, -5, 15]
        (e,) = run("gotou", five, [draw(0)], players=4)
        assert e["chip_changes"] == [-10, -10, -10, 30]
        # riichi with the knob: nobody sits out, nothing moves.
        (e,) = run("riichi", five, [draw(0)])
        assert e["chip_changes"] == [0, 0, 0, 0]


class TestShubaChips:
    def test_a_stated_win_after_shuba_doubles_its_chips(self) -> None:
        # gotou.md: «all chips the player earns from that win are doubled». A yakuman ron
        # (10 chips) by 1, who declared シュバリー this hand: 20 chips from the discarder 2.
        events = [win(1, 2, 0, 0, yakuman=1, riichi=[1], shuba=[1])]
        (e,) = run("gotou", None, events)
        assert e["chip_changes"] == [0, 20, -20]

    def test_a_situation_win_after_shuba_doubles_its_chips(self) -> None:
        # Riichi ippatsu ron: 1 chip, doubled: 2.
        situation = {
            "hand": "123p456p789s234s99p",
            "win_tile": "4s",
            "riichi": "riichi",
            "ippatsu": True,
        }
        (e,) = run("gotou", None, [win(1, 2, 0, 0, situation=situation, riichi=[1], shuba=[1])])
        assert e["chip_changes"] == [0, 2, -2]


class TestDoubleRonBustChips:
    """«ダブロン飛びはトップに飛び賞» (the default) and the option «ダブロン時飛び賞上家取りor両方or
    トップ取り». 0 (the dealer, 1000) deals in to 1 and 2 at once, 5 han each: 8000 to each,
    0 busts; 飛び賞 3."""

    START: ClassVar[dict[str, Any]] = {"scores": [1000, 35000, 69000]}
    EVENTS: ClassVar[list[dict[str, Any]]] = [win(1, 0, 5), win(2, 0, 5, double=True)]

    def chips_after(self, rule: str | None, start: dict[str, Any], events: list[Any]) -> list[int]:
        over = game(double_ron_bust_chips=rule) if rule else None
        *_, e = run("gotou", over, events, start=start)
        assert e["game_over"]
        return list(e["chips"])

    @knob("double_ron_bust_chips")
    @pytest.mark.parametrize(
        ("rule", "chips"),
        [
            (None, [197, 200, 203]),  # the top after the hand: 2 (77000)
            ("top", [197, 200, 203]),
            ("first", [197, 203, 200]),  # 上家取り: 1 comes first after 0
            ("both", [194, 203, 203]),
        ],
    )
    def test_who_takes_them(self, rule: str | None, chips: list[int]) -> None:
        assert self.chips_after(rule, self.START, self.EVENTS) == chips

    def test_first_in_turn_order_wraps_round_the_table(self) -> None:
        # 2 deals in to 1 (8000: 77000, the top) and 0 (the dealer, 12000: 47000), entered
        # in that order: in turn order after 2 comes 0, so 上家取り gives 0 the chips.
        start = {"scores": [35000, 69000, 1000]}
        events = [win(1, 2, 5), win(0, 2, 5, double=True)]
        assert self.chips_after("first", start, events) == [203, 200, 197]
        assert self.chips_after("top", start, events) == [200, 203, 197]


class TestYakitori:
    """Option «焼き鳥 →忙しいゲームでめくり忘れが起きそうなので不採用にしました» (off by
    default). 1 busts 0 with 3 han (1000 → -3000): the game ends after one hand."""

    @knob("yakitori_chips")
    def test_those_who_never_won_pay_those_who_did(self) -> None:
        start = {"scores": [1000, 35000, 35000]}
        (e,) = run("gotou", None, [win(1, 0, 3)], start=start)
        assert e["chips"] == [197, 203, 200]  # 飛び賞 only
        (e,) = run("gotou", game(yakitori_chips=5), [win(1, 0, 3)], start=start)
        # 0 and 2 never won: 5 each to 1.
        assert e["chips"] == [192, 213, 195]
        # Resumed with 2 having won earlier in the game: only 0 pays, 5 to 1 and 5 to 2.
        (e,) = run("gotou", game(yakitori_chips=5), [win(1, 0, 3)], start={**start, "won": [2]})
        assert e["chips"] == [187, 208, 205]

    def test_a_bad_won_list_is_refused(self) -> None:
        from jantaku.scoring.ledger import LedgerError

        with pytest.raises(LedgerError, match=r"start\.won"):
            run("gotou", None, [win(1, 0, 3)], start={"won": [7]})


class TestDiceChances:
    def test_rolls_are_paid_as_a_chip_event(self) -> None:
        # 3-3 (doubles: roll again), 1-1 (ピンゾロ 20, doubles: again), 2-5 (7): 6 + 20 + 7 =
        # 33 from each other person (抜け番 included: four people).
        led = Ledger(load_preset("gotou"), people=4)
        e = led.apply({"type": "chips", "to": 1, "dice": [[3, 3], [1, 1], [2, 5]]})
        assert e["chip_changes"] == [-33, 99, -33, -33]

    def test_snake_eyes_pays_20(self) -> None:
        led = Ledger(load_preset("gotou"))
        e = led.apply({"type": "chips", "to": 2, "dice": [[1, 1]]})
        assert e["chip_changes"] == [-20, -20, 40]


# ============================================================================================
# SettlementRules
# ============================================================================================

# riichi: 3 rons 3900 from 0 (3000 → -900): the end at [-900, 28900, 25000, 47000].
BUST_START = {"scores": [3000, 25000, 25000, 47000]}
BUST_EVENT = [win(1, 0, 3)]


def settled(overrides: dict[str, Any] | None) -> list[float]:
    (e,) = run("riichi", overrides, BUST_EVENT, start=BUST_START)
    assert e["game_over"] and e["scores"] == [-900, 28900, 25000, 47000]
    return list(e["settlement"])


class TestSettlement:
    def test_default_uma(self) -> None:
        # (points - 30000)/1000: -30.9, -1.1, -5, 17; oka 4 × 5 = 20 to the top (3); uma by
        # rank 3, 1, 2, 0: +20 +10 -10 -20.
        assert settled(None) == [-50.9, 8.9, -15, 57]

    @knob("style")
    def test_style_boo(self) -> None:
        # One sunk (0, below 25000): マルシー, 3 from 0 to the top, who pays the fee 3.
        assert settled({"settlement": {"style": "boo"}}) == [-3, 0, 0, 0]

    @knob("style")
    def test_style_rank_chips(self) -> None:
        # Four people: +20 / 0 / -5 / -15 by rank, 3 alone has クビ (≥ 40000): +6 from the
        # three others (2 each); chips start at 0.
        assert settled({"settlement": {"style": "rank_chips"}}) == [-17, -2, -7, 26]

    @knob("return_points")
    def test_return_points(self) -> None:
        # Return 25000: no oka; -25.9, 3.9, 0, 22 + uma.
        assert settled({"settlement": {"return_points": 25000}}) == [-45.9, 13.9, -10, 42]

    @knob("uma")
    def test_uma(self) -> None:
        assert settled({"settlement": {"uma": [30, 10, -10, -30]}}) == [-60.9, 8.9, -15, 67]

    @knob("sink_uma")
    def test_sink_uma(self) -> None:
        # 沈み馬: one player (0) below the start 25000: top +10, 2nd +10, the sunk -20, no rank
        # uma: 3: 17 + 20 + 10, 1: -1.1 + 10, 2: -5, 0: -30.9 - 20.
        assert settled({"settlement": {"sink_uma": True}}) == [-50.9, 8.9, -5, 47]

    @knob("rounding")
    def test_rounding_gosha_rokunyu(self) -> None:
        # 五捨六入: -30.9 → -31, -1.1 → -1; the top takes the rest: -(9 - 15 - 51) = 57.
        assert settled({"settlement": {"rounding": "gosha_rokunyu"}}) == [-51, 9, -15, 57]

    @knob("boo_values")
    def test_boo_values(self) -> None:
        # kanto-boo with マルエー 20, マルビー 10, マルシー 5 (a parlour's own rates): a yakuman
        # is a double マルエー, 40 from each, the top paying the table fee 5: 115.
        ev = [win(1, 2, 0, 0, yakuman=1)]
        (e,) = run("kanto-boo", {"settlement": {"boo_values": [20, 10, 5]}}, ev)
        assert e["game_over"] and e["settlement"] == [-40, 115, -40, -40]

    @knob("boo_yakuman")
    def test_boo_yakuman_single(self) -> None:
        # kanto-boo: a yakuman ends the game as a double マルエー (20 from each), or a single one
        # (10 from each), the table fee 3 paid by the top either way.
        ev = [win(1, 2, 0, 0, yakuman=1)]
        (e,) = run("kanto-boo", None, ev)
        assert e["game_over"] and e["settlement"] == [-20, 57, -20, -20]
        (e,) = run("kanto-boo", {"settlement": {"boo_yakuman": "single"}}, ev)
        assert e["settlement"] == [-10, 27, -10, -10]

    @knob("kubi")
    def test_kubi(self) -> None:
        # gotou: final [-3000, 39000, 35000], chips [197, 203, 200]. クビ at 35000: the 2nd has
        # it → +15 / +5 / -20 instead of +20 / -5 / -15.
        start = {"scores": [1000, 35000, 35000]}
        (e,) = run("gotou", {"settlement": {"kubi": 35000}}, [win(1, 0, 3)], start=start)
        assert e["settlement"] == [177, 218, 205]


class TestPhysicalTable:
    @knob("nagashi_is_win")
    def test_nagashi_is_win(self) -> None:
        # riichi: 流し is a mangan paid at a draw (sticks stay, honba +1); as a win (gotou
        # «和了扱い») the sticks and the honba go to the player and the deal passes.
        ev = [draw(kind="nagashi", winners=[1])]
        start = {"honba": 1, "sticks": 1}
        (e,) = run("riichi", None, ev, start=start)
        assert e["payments"] == [-4000, 8000, -2000, -2000] and (e["sticks"], e["honba"]) == (1, 2)
        (e,) = run("riichi", game(nagashi_is_win=True), ev, start=start)
        assert e["payments"] == [-4100, 9300, -2100, -2100]
        assert (e["sticks"], e["honba"], e["dealer"]) == (0, 0, 1)

    @knob("false_call", "false_call_points")
    def test_false_call(self) -> None:
        pen = [{"type": "penalty", "player": 2, "kind": "false_pon"}]
        (e,) = run("riichi", game(false_call="pot", false_call_points=2000), pen)
        assert e["payments"] == [0, 0, -2000, 0] and e["sticks"] == 1
        (e,) = run("riichi", game(false_call="each"), pen)
        assert e["payments"] == [1000, 1000, -3000, 1000]


class TestGotouSettlementFigures:
    """«あくまで一例なので話し合いで決めてください»: every figure of the seed's tables is a
    knob. gotou, three people: final [-3000, 39000, 35000], chips [197, 203, 200] (飛び賞 3)."""

    def settle3(self, overrides: dict[str, Any] | None, kubi: int | None = None) -> list[float]:
        over = {"settlement": {**(overrides or {}), **({"kubi": kubi} if kubi else {})}}
        (e,) = run("gotou", over, [win(1, 0, 3)], start={"scores": [1000, 35000, 35000]})
        assert e["scores"] == [-3000, 39000, 35000] and e["chips"] == [197, 203, 200]
        return list(e["settlement"])

    @knob("chips_second_no_kubi")
    def test_chips_second_no_kubi(self) -> None:
        # «2着クビなし 20/▲5/▲15» → 30/0/▲30: 1 +30, 2 +0, 0 -30.
        assert self.settle3(None) == [182, 223, 195]
        assert self.settle3({"chips_second_no_kubi": [30, 0, -30]}) == [167, 233, 200]

    @knob("chips_second_kubi")
    def test_chips_second_kubi(self) -> None:
        # クビ at 35000: the 2nd has it. «2着クビあり 15/5/▲20» → 10/10/▲20.
        assert self.settle3(None, kubi=35000) == [177, 218, 205]
        assert self.settle3({"chips_second_kubi": [10, 10, -20]}, kubi=35000) == [177, 213, 210]

    @knob("chips_four", "kubi_uma")
    def test_chips_four_and_kubi_uma(self) -> None:
        # Four people (riichi record, final [-900, 28900, 25000, 47000]; 3 alone has クビ):
        # «場に20枚» 20/0/▲5/▲15 → 30/0/▲10/▲20, and «クビウマが場に6枚» → 9 (3 from each).
        base = {"style": "rank_chips"}
        assert settled({"settlement": base}) == [-17, -2, -7, 26]
        four = {**base, "chips_four": [30, 0, -10, -20]}
        assert settled({"settlement": four}) == [-22, -2, -12, 36]
        assert settled({"settlement": {**base, "kubi_uma": 9}}) == [-18, -3, -8, 29]
        assert settled({"settlement": {**base, "kubi_uma": 0}}) == [-15, 0, -5, 20]

    @knob("raw_chips_per_10000")
    def test_raw_score_chips(self) -> None:
        # Option «素点計算 →1万点ごとに何枚かとか»: 5 chips per 10000 from the start 35000:
        # 0 at -38000 → -19, 2 at 0 → 0, the top 1 takes the rest +19; then the rank chips
        # +20 / -5 / -15: [197 - 19 - 15, 203 + 19 + 20, 200 - 5].
        assert self.settle3({"raw_chips_per_10000": 5}) == [163, 242, 195]

    def test_a_table_of_the_wrong_length_is_refused(self) -> None:
        from jantaku.rules import RulesError

        with pytest.raises(RulesError, match="chips_four"):
            load_preset("gotou", {"settlement": {"chips_four": [20, 0, -20]}})


def test_every_game_and_settlement_knob_has_a_test() -> None:
    fields = set(GameRules.model_fields) | set(SettlementRules.model_fields)
    missing = sorted(fields - COVERED)
    assert not missing, f"GameRules/SettlementRules knobs without a test: {missing}"
