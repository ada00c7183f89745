"""Chips (祝儀) of a win, through ``ScoreService(preset).score(situation)``.

Every expected value is derived by hand from shared/spec/<preset>.md and the seeds (the seed
lines are quoted), never copied from the engine. The result's ``chips`` maps a payer seat to
the chips it pays the winner; ``"N"`` is the person sitting out when four people share a
three-player table (``"players": 4``).

Who pays (gotou.md «Chips»): on a ron the discarder; on a tsumo each other player in the hand;
items marked A («オール(A)のものは抜け番も対象») are paid by every other person at the table,
the sitting-out person included.

Unless a case says otherwise the winner sits South in the East round (a non-dealer), a ron
comes from West; in a three-player preset a tsumo is paid by E and W.

Every ``ChipsRules`` knob is also set to a non-default value through ``"options": {"chips":
{...}}`` (section form: ``ura_dora`` and ``otafuku`` are names of two sections);
``test_every_chips_knob_has_a_test`` fails when a knob of the model has no such test.
"""

from __future__ import annotations

import functools
from typing import Any

import pytest

from jantaku.game import Action, ActionType, Game
from jantaku.rules import load_preset
from jantaku.rules.model import ChipsRules
from jantaku.scoring.json_io import ScoreService
from jantaku.scoring.settlement import settle
from jantaku.tiles.tileset import tile_kind
from support.knob_marks import knob_marker
from support.walls import pass_all, stacked, tile, tsumogiri

COVERED, knob = knob_marker()
"""The ChipsRules knobs a test below sets (``@knob``), for the registry test."""


@functools.cache
def service(preset: str) -> ScoreService:
    return ScoreService(preset)


def score(preset: str, hand: str, win_tile: str, **kw: Any) -> dict[str, Any]:
    """Score one situation. Defaults: seat S, round E, ron from W (``tsumo=True``)."""
    obj: dict[str, Any] = {"hand": hand, "win_tile": win_tile, "seat": "S", "round": "E"}
    if kw.pop("tsumo", False):
        obj["win"] = "tsumo"
    else:
        obj["win"] = "ron"
        obj["discarder"] = kw.pop("discarder", "W")
    chips_opts = kw.pop("chips", None)
    if chips_opts is not None:
        obj["options"] = {"chips": chips_opts}
    obj.update(kw)
    return service(preset).score(obj)


def chips(preset: str, hand: str, win_tile: str, **kw: Any) -> dict[str, int]:
    return dict(score(preset, hand, win_tile, **kw)["chips"])


def chips_dice(preset: str, hand: str, win_tile: str, **kw: Any) -> tuple[dict[str, int], int]:
    r = score(preset, hand, win_tile, **kw)
    return dict(r["chips"]), int(r["dice_chances"])


def pon(tiles: str, frm: str = "W") -> dict[str, str]:
    return {"type": "pon", "tiles": tiles, "from": frm}


# Hands used throughout (three-player sets: no 2m-8m).
# Closed pinfu: 123p 456p 789s 234s 99p, winning on 4s (23s: two-sided). No red or gold five,
# no north: with riichi and a ron it is riichi 1 + pinfu 1 = 2 han and earns no chip.
PINFU = "123p456p789s234s99p"
# The same without pinfu (111p triplet): riichi alone on a ron is gotou's リーのみロン.
NO_PINFU = "111p789p789s234s99p"
# Closed 清一色: 111p 234p 666p 789p 99p, winning on 7p (penchan 89p). chinitsu 6 (gotou),
# tsumo 1, riichi 1. Tiles per kind: 1p×3 2p 3p 4p 6p×3 7p 8p 9p×3. Dora indicators: 9p → 1p
# (3), 5p → 6p (3), 1p → 2p (1).
CHIN = "111p234p666p789p99p"
# 四暗刻単騎: 111p 999s 111z 222z 33z, winning on 3z (gotou: one yakuman, double_yakuman off).
SUUANKOU = "111p999s111z222z33z"
# 大三元 + 字一色 with pon 555z: a pure compound, two yakuman.
DAISANGEN_TSUUIISOU = "666z777z111z22z"
# 白ぽっち (0z) drawn after riichi: 123p 456p 789s 234s 9p + the wildcard → 9p pair.
POCHI = "123p456p789s234s9p0z"
# Closed オールスター: 34(0)p 4(g5)6p 34(0)s 4(g5)6s 99p: red 5p, gold 5p, red 5s, gold 5s.
ALL_STAR = "340p4g6p340s4g6s99p"
# Open: pon (0)(g5)5p; concealed 34(0)s 4(g5)6s 234p 88p + win 2p (34p waits 2p/5p): tanyao.
OPEN_ALL_STAR = "340s4g6s234p88p"
OPEN_ALL_STAR_MELDS = [pon("0g5p")]
# Ankan of east + 123p 456p 789s 99p, winning on 9p: for rinshan tsumo.
KAN_HAND = "123p456p789s99p"
KAN_MELDS = [{"type": "ankan", "tiles": "1111z"}]

# mighty: 12 real tiles + the wildcard. 123p 456p 789s 23s 9p + win 4s: the wildcard is 9p.
MIGHTY = "123p456p789s234s9p"
# 45678p 111s 22z 66z waits on 3p 6p 9p 2z 6z (five kinds): お多福, winning on 6p.
OTAFUKU = "456678p111s22z66z"
DAISANGEN_MIGHTY = "555z666z777z123p9p"


# ============================================================================================
# gotou: the ordinary items
# ============================================================================================


class TestGotouItems:
    def test_ippatsu_on_a_ron_is_paid_by_the_discarder(self) -> None:
        # «一発、赤、金 (2枚)、裏、 北»: ippatsu 1 chip, from the discarder W.
        assert chips("gotou", PINFU, "4s", riichi="riichi", ippatsu=True) == {"W": 1}

    def test_ippatsu_on_a_tsumo_is_paid_by_each_player_in_the_hand(self) -> None:
        # Tsumo: E and W pay 1 each; ippatsu is not an A item, so the person sitting out
        # (four people) pays nothing.
        assert chips("gotou", PINFU, "4s", tsumo=True, riichi="riichi", ippatsu=True) == {
            "E": 1,
            "W": 1,
        }
        r = chips("gotou", PINFU, "4s", tsumo=True, riichi="riichi", ippatsu=True, players=4)
        assert r == {"E": 1, "W": 1}

    @pytest.mark.parametrize(
        ("hand", "win", "expected"),
        [
            ("123p406p789s234s99p", "4s", 1),  # one red 5p: 1
            ("123p4g6p789s234s99p", "4s", 2),  # one gold 5p: «金 (2枚)»
            ("123p406p789s340s99p", "3s", 2),  # red 5p + red 5s: 1 + 1
            ("123p4g6p789s34gs99p", "3s", 4),  # gold 5p + gold 5s: 2 + 2
        ],
    )
    def test_red_five_1_gold_five_2(self, hand: str, win: str, expected: int) -> None:
        # PINFU with red or gold fives (in the last two, 34(0)s / 34(g5)s: 4s and the five
        # waited on 3s/6s). Chips are per special five in the winning hand, from the
        # discarder; the other yaku and dora do not matter.
        assert chips("gotou", hand, win, riichi="riichi") == {"W": expected}

    def test_each_ura_dora_is_a_chip(self) -> None:
        # Ura indicator 8p → 9p; the hand holds 99p: 2 ura dora = 2 chips.
        assert chips("gotou", PINFU, "4s", riichi="riichi", ura_indicators="8p") == {"W": 2}

    def test_each_extracted_north_is_a_chip(self) -> None:
        # Two norths extracted: 2 chips from the discarder; on a tsumo 2 from each of E, W
        # (not A: the sitting-out person pays nothing).
        assert chips("gotou", PINFU, "4s", riichi="riichi", extracted="4z4z") == {"W": 2}
        r = chips("gotou", PINFU, "4s", tsumo=True, riichi="riichi", extracted="4z4z", players=4)
        assert r == {"E": 2, "W": 2}

    def test_items_add_up(self) -> None:
        # 123p 4(0)6p 789s 34(g5)s 99p, ron 3s: ippatsu 1 + red 5p 1 + gold 5s 2 + ura (8p →
        # 99p) 2 + one north 1 = 7 from the discarder.
        r = chips(
            "gotou",
            "123p406p789s34gs99p",
            "3s",
            riichi="riichi",
            ippatsu=True,
            ura_indicators="8p",
            extracted="4z",
        )
        assert r == {"W": 7}

    def test_dot_white_as_a_five_is_never_red_or_gold(self) -> None:
        # «黒52枚と何かのシャボで5にとってもマイティを赤5や金5扱いには出来ない»: 白ぽっち drawn
        # after riichi becomes 5p (46p kanchan) and is a plain five: no chip at all.
        r, dice = chips_dice("gotou", "123p46p789s234s99p0z", "0z", tsumo=True, riichi="riichi")
        assert (r, dice) == ({}, 0)


# ============================================================================================
# gotou: yakuman, counted yakuman, sanbaiman, 即ぽっち
# ============================================================================================


class TestGotouLimits:
    def test_yakuman_tsumo_5_from_all_with_a_dice_chance(self) -> None:
        # «数え役満、本役満はツモ5枚A»: 5 from E, W and the sitting-out person; «本役満は更に
        # サイコロ»: one dice chance.
        r, dice = chips_dice("gotou", SUUANKOU, "3z", tsumo=True, players=4)
        assert r == {"E": 5, "W": 5, "N": 5} and dice == 1

    def test_yakuman_ron_10_from_the_discarder(self) -> None:
        # «ロン10枚»: the discarder pays 10; the sitting-out person nothing (not A on a ron).
        r, dice = chips_dice("gotou", SUUANKOU, "3z", players=4)
        assert r == {"W": 10} and dice == 1

    def test_counted_yakuman_13_han_tsumo_5_from_all_no_dice(self) -> None:
        # CHIN tsumo, no riichi: chinitsu 6 + tsumo 1 + dora 9p→1p 3 + 5p→6p 3 = 13 han.
        # Counted yakuman: 5 A, +0 (no han over 13); not a real yakuman: no dice chance.
        r, dice = chips_dice("gotou", CHIN, "7p", tsumo=True, dora_indicators="9p5p", players=4)
        assert r == {"E": 5, "W": 5, "N": 5} and dice == 0

    def test_counted_yakuman_15_han_tsumo_is_7_each(self) -> None:
        # «15飜ツモなら数え5+超過分2の7枚から»: CHIN tsumo + riichi: 6 + 1 + 1 + dora 9p 3,
        # 5p 3, 1p→2p 1 = 15 han → 5 + 2 = 7 from all.
        r = chips(
            "gotou", CHIN, "7p", tsumo=True, riichi="riichi", dora_indicators="9p5p1p", players=4
        )
        assert r == {"E": 7, "W": 7, "N": 7}

    def test_counted_yakuman_14_han_ron_is_11(self) -> None:
        # Ron: riichi 1 + chinitsu 6 + dora 7 = 14 han → 10 + 1 from the discarder.
        # (Reading: the per-han extra is added on a ron as on a tsumo.)
        assert chips("gotou", CHIN, "7p", riichi="riichi", dora_indicators="9p5p1p") == {"W": 11}

    def test_compound_yakuman_doubles_the_yakuman_chips(self) -> None:
        # «純粋な複合役満あり (祝儀も倍)»: 大三元 + 字一色 = 2 yakuman: ron 20, tsumo 10 A.
        # Reading: still one dice chance (the seed doubles the chips only).
        r, dice = chips_dice("gotou", DAISANGEN_TSUUIISOU, "2z", melds=[pon("555z")])
        assert r == {"W": 20} and dice == 1
        r = chips("gotou", DAISANGEN_TSUUIISOU, "2z", melds=[pon("555z")], tsumo=True, players=4)
        assert r == {"E": 10, "W": 10, "N": 10}

    def test_sanbaiman_3_from_all_even_on_a_ron(self) -> None:
        # «三倍満3枚 オール(ロンでもオール)»: riichi 1 + chinitsu 6 + dora 9p→1p 3 + 1p→2p 1 =
        # 11 han. Ron: the discarder W, E and the sitting-out person each pay 3.
        r = chips("gotou", CHIN, "7p", riichi="riichi", dora_indicators="9p1p", players=4)
        assert r == {"W": 3, "E": 3, "N": 3}
        # Tsumo: 12 han, still sanbaiman, 3 A.
        r = chips(
            "gotou", CHIN, "7p", tsumo=True, riichi="riichi", dora_indicators="9p1p", players=4
        )
        assert r == {"E": 3, "W": 3, "N": 3}

    @knob("sitting_out_pays_all")
    def test_the_sitting_out_person_pays_nothing_when_the_knob_is_off(self) -> None:
        # The same sanbaiman tsumo with tokushima's choice: only the two players in the hand.
        r = chips(
            "gotou",
            CHIN,
            "7p",
            tsumo=True,
            riichi="riichi",
            dora_indicators="9p1p",
            players=4,
            chips={"sitting_out_pays_all": False},
        )
        assert r == {"E": 3, "W": 3}

    def test_sokupochi_is_4_and_a_dice_chance(self) -> None:
        # «即ぽっちツモ4枚(一発1+即ぽっち3) + サイコロ»: 白ぽっち tsumo on the ippatsu draw:
        # 1 + 3 = 4 from each player in the hand (not A: the sitting-out person pays
        # nothing), and one dice chance.
        r, dice = chips_dice(
            "gotou", POCHI, "0z", tsumo=True, riichi="riichi", ippatsu=True, players=4
        )
        assert r == {"E": 4, "W": 4} and dice == 1

    def test_dot_white_tsumo_without_ippatsu_is_no_sokupochi(self) -> None:
        r, dice = chips_dice("gotou", POCHI, "0z", tsumo=True, riichi="riichi")
        assert (r, dice) == ({}, 0)


# ============================================================================================
# gotou: dice chances (サイコロチャンス)
# ============================================================================================


class TestGotouDiceChances:
    def test_four_norths(self) -> None:
        # «4北»: one chance; the four norths are also 4 chips (1 each) from the discarder.
        r, dice = chips_dice("gotou", PINFU, "4s", riichi="riichi", extracted="4z4z4z4z")
        assert r == {"W": 4} and dice == 1

    def test_four_flowers(self) -> None:
        # «4華»: one chance. No chip item (spring's chips are a ledger event, not a win item;
        # winter has nothing turned over).
        r, dice = chips_dice("gotou", PINFU, "4s", extracted="1f2f3f4f")
        assert r == {} and dice == 1

    def test_each_four_flowers_under_hana8_is_a_chance(self) -> None:
        # Option «華8 今ある華をもう1セット追加する» (tiles.flower_sets = 2): decided, each four
        # flowers extracted is a «4華» chance: eight flowers, two chances; five, one.
        hana8 = {"tiles": {"flower_sets": 2}}
        r, dice = chips_dice("gotou", PINFU, "4s", extracted="1f2f3f4f1f2f3f4f", options=hana8)
        assert r == {} and dice == 2  # no chip item: spring's chips are ledger events
        r, dice = chips_dice("gotou", PINFU, "4s", extracted="1f1f2f3f4f", options=hana8)
        assert r == {} and dice == 1
        # Without the option a second spring is a fifth-copy error.
        with pytest.raises(ValueError, match="only 1 cop"):
            chips_dice("gotou", PINFU, "4s", extracted="1f1f")

    def test_real_yakuman_riichi_only_ron(self) -> None:
        # リーのみロン is a real yakuman here («特殊役満(本役満扱い)»): ron 10 and a chance.
        r, dice = chips_dice("gotou", NO_PINFU, "4s", riichi="riichi")
        assert r == {"W": 10} and dice == 1

    def test_closed_all_star(self) -> None:
        # «面前オールスター»: red 5p, gold 5p, red 5s, gold 5s in a closed hand: one chance.
        # Chips: red 1 + 1, gold 2 + 2 = 6 from the discarder.
        r, dice = chips_dice("gotou", ALL_STAR, "3p")
        assert r == {"W": 6} and dice == 1

    def test_open_all_star_is_no_chance(self) -> None:
        # The same four fives with the 5p pon: the chips stay (6), the chance does not.
        r, dice = chips_dice("gotou", OPEN_ALL_STAR, "2p", melds=OPEN_ALL_STAR_MELDS)
        assert r == {"W": 6} and dice == 0

    @pytest.mark.parametrize(
        ("seat", "tsumo", "expected"),
        [
            ("E", True, {"S": 5, "W": 5, "N": 5}),  # 天和: 5 A
            ("S", True, {"E": 5, "W": 5, "N": 5}),  # 地和: 5 A
            ("S", False, {"W": 10}),  # 人和 (a ron): 10 from the discarder
        ],
    )
    def test_first_turn_yakuman_are_two_chances(
        self, seat: str, tsumo: bool, expected: dict[str, int]
    ) -> None:
        # «天和、地和、人和はサイコロ2回».
        r, dice = chips_dice(
            "gotou", PINFU, "4s", seat=seat, tsumo=tsumo, first_turn=True, players=4
        )
        assert r == expected and dice == 2

    @knob("four_north_four_flowers")
    def test_four_norths_and_four_flowers(self) -> None:
        # «4北4華和了で+100枚 オール … サイコロチャンスは2回». PINFU ron, no riichi: pinfu 1 +
        # autumn (every five is a dora: 5p) 1 + four norths 8 = 10 han, baiman; summer moves
        # it up to sanbaiman: 3 A. Discarder W: norths 4 + 3 + 100 = 107; E and the sitting-out
        # person: 3 + 100 = 103. Two dice chances. With the knob at 0: 7 / 3, still two.
        kw: dict[str, Any] = {"extracted": "4z4z4z4z1f2f3f4f", "players": 4}
        r, dice = chips_dice("gotou", PINFU, "4s", **kw)
        assert r == {"W": 107, "E": 103, "N": 103} and dice == 2
        r, dice = chips_dice("gotou", PINFU, "4s", chips={"four_north_four_flowers": 0}, **kw)
        assert r == {"W": 7, "E": 3, "N": 3} and dice == 2


# ============================================================================================
# gotou: シュバリー
# ============================================================================================


class TestGotouShuba:
    def test_shuba_doubles_the_chips_of_the_win(self) -> None:
        # «1半荘に1回祝儀倍リーチ(シュバリー)»: ippatsu 1 × 2.
        assert chips("gotou", PINFU, "4s", riichi="shuba", ippatsu=True) == {"W": 2}

    def test_open_shuba_doubles_too(self) -> None:
        # «オープン複合可»: tsumo with one north: 1 × 2 from E and W.
        r = chips("gotou", PINFU, "4s", tsumo=True, riichi="open_shuba", extracted="4z", players=4)
        assert r == {"E": 2, "W": 2}

    def test_the_four_and_four_bonus_is_never_doubled(self) -> None:
        # «+100枚 オール (※祝儀倍リーチ対象外)». NO_PINFU ron with shuba: riichi 1 + norths 8 =
        # 9 han baiman, summer → sanbaiman (3 A). Doubled: W (4 norths + 3) × 2 + 100 = 114;
        # E and N: 3 × 2 + 100 = 106. Plain riichi for comparison: 107 / 103.
        kw: dict[str, Any] = {"extracted": "4z4z4z4z1f2f3f4f", "players": 4}
        assert chips("gotou", NO_PINFU, "4s", riichi="shuba", **kw) == {
            "W": 114,
            "E": 106,
            "N": 106,
        }
        assert chips("gotou", NO_PINFU, "4s", riichi="riichi", **kw) == {
            "W": 107,
            "E": 103,
            "N": 103,
        }


# ============================================================================================
# gotou: アリス (winter)
# ============================================================================================


class TestGotouAlice:
    def test_closed_hand_2_per_matching_tile_until_the_first_miss(self) -> None:
        # Winter extracted; turned over 9p (2 in hand), 1p (1), 5s (0: stop): 3 tiles × 2 = 6
        # from the discarder.
        r = chips("gotou", PINFU, "4s", riichi="riichi", extracted="4f", alice="9p1p5s")
        assert r == {"W": 6}
        # A miss first: nothing, however many matches follow.
        r = chips("gotou", PINFU, "4s", riichi="riichi", extracted="4f", alice="5s9p1p")
        assert r == {}

    def test_tsumo_is_paid_by_all(self) -> None:
        # «ツモ時はオール(抜け番も払う)»: 6 from E, W and the sitting-out person.
        r = chips(
            "gotou",
            PINFU,
            "4s",
            tsumo=True,
            riichi="riichi",
            extracted="4f",
            alice="9p1p5s",
            players=4,
        )
        assert r == {"E": 6, "W": 6, "N": 6}

    def test_ron_is_paid_by_the_discarder_only(self) -> None:
        r = chips("gotou", PINFU, "4s", riichi="riichi", extracted="4f", alice="9p1p5s", players=4)
        assert r == {"W": 6}

    def test_open_hand_1_per_matching_tile(self) -> None:
        # «副露時1枚»: the open all-star hand; turned over 8p (2), 3s (1), then nothing: 3 × 1,
        # plus its five chips 6: 9.
        r = chips(
            "gotou",
            OPEN_ALL_STAR,
            "2p",
            melds=OPEN_ALL_STAR_MELDS,
            extracted="4f",
            alice="8p3s",
        )
        assert r == {"W": 9}

    def test_melds_extracted_north_and_flowers_count(self) -> None:
        # «北と華も対象»: extracted north and winter; turned over 4z (1, extracted), 4f (1,
        # extracted), 9p (2), 2s (1): 5 × 2 = 10, plus the north chip 1 = 11.
        r = chips("gotou", PINFU, "4s", riichi="riichi", extracted="4f4z", alice="4z4f9p2s")
        assert r == {"W": 11}
        # The pon counts as held tiles: 5p (pon 0p g5p 5p → 3 tiles) on the open hand: 3 × 1,
        # then 4s (2) = 5 tiles; plus the five chips 6: 11.
        r = chips(
            "gotou",
            OPEN_ALL_STAR,
            "2p",
            melds=OPEN_ALL_STAR_MELDS,
            extracted="4f",
            alice="5p4s1z",
        )
        assert r == {"W": 11}

    @pytest.mark.parametrize("field", ["dora_indicators", "ura_indicators"])
    def test_winter_among_the_indicators_gives_alice(self, field: str) -> None:
        # «華牌が表ドラ裏ドラになった場合は和了者が効果を得る»: no winter extracted, winter as
        # an indicator; 9p turned over: 2 tiles × 2 = 4.
        r = chips("gotou", PINFU, "4s", riichi="riichi", alice="9p", **{field: "4f"})
        assert r == {"W": 4}

    def test_no_winter_no_alice(self) -> None:
        assert chips("gotou", PINFU, "4s", riichi="riichi", alice="9p") == {}

    def test_dot_white_turned_over_matches_anything(self) -> None:
        # «白ぽっちがめくれた場合は好きな牌に取れる»: 0z is taken as the best kind, 9p (2):
        # 4 chips; then 1p (1): 6.
        r = chips("gotou", PINFU, "4s", riichi="riichi", extracted="4f", alice="0z")
        assert r == {"W": 4}
        r = chips("gotou", PINFU, "4s", riichi="riichi", extracted="4f", alice="0z1p")
        assert r == {"W": 6}

    def test_alice_is_doubled_by_shuba(self) -> None:
        # All chips of the win are doubled: 6 × 2.
        r = chips("gotou", PINFU, "4s", riichi="shuba", extracted="4f", alice="9p1p5s")
        assert r == {"W": 12}


# ============================================================================================
# mighty
# ============================================================================================


class TestMighty:
    def test_ippatsu_is_a_chip(self) -> None:
        # «祝儀は１発、裏ドラ、槓ドラ».
        assert chips("mighty", MIGHTY, "4s", riichi="riichi", ippatsu=True) == {"W": 1}

    def test_each_ura_dora_is_a_chip(self) -> None:
        # Ura 3p → 4p (one in hand): 1.
        assert chips("mighty", MIGHTY, "4s", riichi="riichi", ura_indicators="3p") == {"W": 1}

    def test_the_wildcard_may_be_an_ura_dora_kind(self) -> None:
        # Ura 8p → 9p: the real 9p and the wildcard (which must be 9p): 2.
        assert chips("mighty", MIGHTY, "4s", riichi="riichi", ura_indicators="8p") == {"W": 2}

    def test_kan_dora_are_chips_the_first_indicator_is_not(self) -> None:
        # 3p → 4p is a dora as the first indicator (no chip) and a kan dora as the second.
        assert chips("mighty", MIGHTY, "4s", riichi="riichi", dora_indicators="3p") == {}
        assert chips("mighty", MIGHTY, "4s", riichi="riichi", dora_indicators="1z3p") == {"W": 1}
        # Two kan indicators 3p → 4p and 8s → 9s (1 each): 2 from each tsumo payer.
        r = chips("mighty", MIGHTY, "4s", tsumo=True, riichi="riichi", dora_indicators="1z3p8s")
        assert r == {"E": 2, "W": 2}

    def test_kan_dora_are_the_indicators_the_kans_turned(self) -> None:
        # Issue 11 item 8: «祝儀は１発、裏ドラ、槓ドラ» pays the dora of kan indicators only.
        # With table.doubles_two_dora the dealer's doubles turn two indicators at the start
        # and no kan was made: 3p → 4p is an ordinary dora, no chip (the scorer once
        # guessed "one at the start" and paid it as a kan dora).
        doubles = {"table": {"doubles_two_dora": True}}
        kw: dict[str, Any] = {"riichi": "riichi", "dora_indicators": "1z3p", "options": doubles}
        assert chips("mighty", MIGHTY, "4s", start_indicators=2, kans=0, **kw) == {}
        assert score("mighty", MIGHTY, "4s", start_indicators=2, kans=0, **kw)["han"] == 3
        # One kan after those two: its indicator 8s → 9s (one 9s) pays one chip.
        kw["dora_indicators"] = "1z3p8s"
        assert chips("mighty", MIGHTY, "4s", start_indicators=2, kans=1, **kw) == {"W": 1}
        # One indicator at the start and one kan: the second (3p → 4p) is the kan's.
        r = chips("mighty", MIGHTY, "4s", riichi="riichi", dora_indicators="1z3p", kans=1)
        assert r == {"W": 1}

    def test_the_ledger_takes_the_same_facts(self) -> None:
        # The scorekeeper: a win event's situation says the doubles turned two indicators and
        # no kan was made: no 槓ドラ chip moves (with "kans": 1 one does).
        from jantaku.scoring.ledger import run_ledger

        preset = load_preset("mighty", {"table": {"doubles_two_dora": True}})
        sit = {"hand": MIGHTY, "win_tile": "4s", "riichi": "riichi", "dora_indicators": "1z3p"}

        def chip_changes(**facts: int) -> list[int]:
            ev = {"type": "win", "winner": 1, "from": 2, "situation": {**sit, **facts}}
            (e,) = run_ledger(preset, {"events": [ev]})
            return list(e["chip_changes"])

        assert chip_changes(start_indicators=2, kans=0) == [0, 0, 0]
        assert chip_changes(start_indicators=1, kans=1) == [0, 1, -1]

    def test_indicators_beyond_the_start_and_the_kans_are_an_error(self) -> None:
        from jantaku.scoring.json_io import SituationError

        with pytest.raises(SituationError, match="1 turned at the start and 0 by kans"):
            score("mighty", MIGHTY, "4s", riichi="riichi", dora_indicators="1z3p", kans=0)
        with pytest.raises(SituationError, match="kans: at most 4"):
            score("mighty", MIGHTY, "4s", kans=5)

    def test_otafuku_one_chip_per_counted_kind(self) -> None:
        # «フリテンでない5面待ち以上だと1種類に付き１翻UP＆祝儀１枚»: 5 kinds (3p 6p 9p 2z 6z);
        # default over_four counts 5 - 4 = 1 → 1 chip; every_kind counts 5 → 5 chips.
        assert chips("mighty", OTAFUKU, "6p", riichi="riichi") == {"W": 1}
        assert chips("mighty", OTAFUKU, "6p", tsumo=True, riichi="riichi") == {"E": 1, "W": 1}
        r = chips(
            "mighty", OTAFUKU, "6p", riichi="riichi", options={"scoring": {"otafuku": "every_kind"}}
        )
        assert r == {"W": 5}

    def test_no_otafuku_when_furiten(self) -> None:
        assert chips("mighty", OTAFUKU, "6p", riichi="riichi", furiten=True) == {}

    def test_yakuman_4_from_each_on_tsumo_5_on_ron(self) -> None:
        # «役満祝儀はツモ4枚オール、ロン5枚»; no dice chances in mighty.
        r, dice = chips_dice("mighty", DAISANGEN_MIGHTY, "9p", tsumo=True)
        assert r == {"E": 4, "W": 4} and dice == 0
        assert chips("mighty", DAISANGEN_MIGHTY, "9p") == {"W": 5}

    def test_all_four_5m_extracted_pay_yakuman_chips(self) -> None:
        # «４枚５mを抜いてアガると役満祝儀»: ron 5, tsumo 4 each; three 5m: nothing.
        assert chips("mighty", MIGHTY, "4s", riichi="riichi", extracted="5m5m5m5m") == {"W": 5}
        r = chips("mighty", MIGHTY, "4s", tsumo=True, riichi="riichi", extracted="5m5m5m5m")
        assert r == {"E": 4, "W": 4}
        assert chips("mighty", MIGHTY, "4s", riichi="riichi", extracted="5m5m5m") == {}

    def test_red_fives_are_not_chips(self) -> None:
        # «※赤は祝儀ではない».
        assert chips("mighty", "123p406p789s234s9p", "4s", riichi="riichi") == {}


# ============================================================================================
# tokushima
# ============================================================================================


class TestTokushima:
    def test_ippatsu_and_each_ura(self) -> None:
        # «一発/嶺上ツモ/裏ドラにつき1枚».
        assert chips("tokushima", PINFU, "4s", riichi="riichi", ippatsu=True) == {"W": 1}
        assert chips("tokushima", PINFU, "4s", riichi="riichi", ura_indicators="8p") == {"W": 2}

    def test_rinshan_tsumo(self) -> None:
        # 1 from each tsumo payer; the sitting-out person pays nothing (tokushima.md: the north
        # seat «pays and receives nothing»).
        r = chips(
            "tokushima",
            KAN_HAND,
            "9p",
            melds=KAN_MELDS,
            riichi="riichi",
            rinshan=True,
            tsumo=True,
            players=4,
        )
        assert r == {"E": 1, "W": 1}
        r = chips("tokushima", KAN_HAND, "9p", melds=KAN_MELDS, riichi="riichi", tsumo=True)
        assert r == {}

    def test_sanbaiman_and_yakuman_default_to_no_chips(self) -> None:
        # «三倍満/数え役満/本役満/トビなどについては適宜調整» → knobs, default 0.
        # riichi 1 + chinitsu 7 (tokushima) + dora 4 = 12 han: 三倍満 (11-13).
        r = chips("tokushima", CHIN, "7p", riichi="riichi", dora_indicators="9p1p")
        assert r == {}
        assert chips("tokushima", SUUANKOU, "3z") == {}
        assert chips("tokushima", SUUANKOU, "3z", tsumo=True) == {}


# ============================================================================================
# Presets without chips
# ============================================================================================


@pytest.mark.parametrize(
    ("preset", "hand", "kw"),
    [
        ("riichi", "123m406p789s234s99p", {"ura_indicators": "8p"}),
        ("sanma", "123p406p789s234s99p", {"ura_indicators": "8p", "extracted": "4z"}),
        ("kanto-boo", "123m406p789s234s99p", {"dora_indicators": "1z3s"}),
    ],
)
def test_no_chips_at_all(preset: str, hand: str, kw: dict[str, Any]) -> None:
    # ippatsu, a red five, ura dora / a north / a kan indicator: none is a chip here.
    r, dice = chips_dice(preset, hand, "4s", riichi="riichi", ippatsu=True, **kw)
    assert (r, dice) == ({}, 0)
    r, dice = chips_dice(preset, SUUANKOU, "3z", tsumo=True)
    assert (r, dice) == ({}, 0)


# ============================================================================================
# Every ChipsRules knob at a non-default value
# ============================================================================================


class TestChipsKnobs:
    @knob("enabled")
    def test_enabled(self) -> None:
        # Off in gotou: no chips, no dice chances.
        r, dice = chips_dice(
            "gotou",
            PINFU,
            "4s",
            riichi="riichi",
            ippatsu=True,
            extracted="4z4z4z4z",
            chips={"enabled": False},
        )
        assert (r, dice) == ({}, 0)
        # Values without ``enabled`` do nothing; with it they pay.
        r4 = "123m456p789s234s99p"
        assert chips("riichi", r4, "4s", riichi="riichi", ippatsu=True, chips={"ippatsu": 2}) == {}
        r = chips(
            "riichi", r4, "4s", riichi="riichi", ippatsu=True, chips={"enabled": True, "ippatsu": 2}
        )
        assert r == {"W": 2}

    @knob("ippatsu")
    def test_ippatsu(self) -> None:
        r = chips("gotou", PINFU, "4s", riichi="riichi", ippatsu=True, chips={"ippatsu": 3})
        assert r == {"W": 3}

    @knob("ura_dora")
    def test_ura_dora(self) -> None:
        # 2 ura × 2.
        r = chips("gotou", PINFU, "4s", riichi="riichi", ura_indicators="8p", chips={"ura_dora": 2})
        assert r == {"W": 4}

    @knob("kan_dora")
    def test_kan_dora(self) -> None:
        # gotou always turns two indicators: the third (3p → 4p, one in hand) is the kan dora.
        kw: dict[str, Any] = {"riichi": "riichi", "dora_indicators": "1z2z3p"}
        assert chips("gotou", PINFU, "4s", **kw) == {}
        assert chips("gotou", PINFU, "4s", chips={"kan_dora": 1}, **kw) == {"W": 1}
        # riichi: one base indicator; the second (3p → 4p) is the kan dora: 1 × 2.
        r = chips(
            "riichi",
            "123m456p789s234s99p",
            "4s",
            riichi="riichi",
            dora_indicators="1z3p",
            chips={"enabled": True, "kan_dora": 2},
        )
        assert r == {"W": 2}

    @knob("red_five")
    def test_red_five(self) -> None:
        r = chips("gotou", "123p406p789s234s99p", "4s", riichi="riichi", chips={"red_five": 2})
        assert r == {"W": 2}

    @knob("gold_five")
    def test_gold_five(self) -> None:
        r = chips("gotou", "123p4g6p789s234s99p", "4s", riichi="riichi", chips={"gold_five": 5})
        assert r == {"W": 5}

    @knob("north")
    def test_north(self) -> None:
        r = chips("gotou", PINFU, "4s", riichi="riichi", extracted="4z4z", chips={"north": 3})
        assert r == {"W": 6}
        # sanma (Tenhou) with chips switched on: 1 per north.
        r = chips(
            "sanma",
            PINFU,
            "4s",
            riichi="riichi",
            extracted="4z4z",
            chips={"enabled": True, "north": 1},
        )
        assert r == {"W": 2}

    @knob("rinshan")
    def test_rinshan(self) -> None:
        kw: dict[str, Any] = {
            "melds": KAN_MELDS,
            "riichi": "riichi",
            "rinshan": True,
            "tsumo": True,
        }
        assert chips("gotou", KAN_HAND, "9p", **kw) == {}
        assert chips("gotou", KAN_HAND, "9p", chips={"rinshan": 2}, **kw) == {"E": 2, "W": 2}

    @knob("otafuku")
    def test_otafuku(self) -> None:
        # 1 counted kind × 3.
        r = chips("mighty", OTAFUKU, "6p", riichi="riichi", chips={"otafuku": 3})
        assert r == {"W": 3}

    @knob("yakuman_tsumo")
    def test_yakuman_tsumo(self) -> None:
        r = chips("gotou", SUUANKOU, "3z", tsumo=True, players=4, chips={"yakuman_tsumo": 7})
        assert r == {"E": 7, "W": 7, "N": 7}

    @knob("yakuman_ron")
    def test_yakuman_ron(self) -> None:
        # Two yakuman × 12.
        r = chips(
            "gotou", DAISANGEN_TSUUIISOU, "2z", melds=[pon("555z")], chips={"yakuman_ron": 12}
        )
        assert r == {"W": 24}

    @knob("kazoe_per_han")
    def test_kazoe_per_han(self) -> None:
        # 15 han: 5 + 2 × 3.
        r = chips(
            "gotou",
            CHIN,
            "7p",
            tsumo=True,
            riichi="riichi",
            dora_indicators="9p5p1p",
            chips={"kazoe_per_han": 3},
        )
        assert r == {"E": 11, "W": 11}

    @knob("sanbaiman")
    def test_sanbaiman(self) -> None:
        # tokushima «適宜調整»: sanbaiman 2, from all even on a ron.
        r = chips(
            "tokushima", CHIN, "7p", riichi="riichi", dora_indicators="9p1p", chips={"sanbaiman": 2}
        )
        assert r == {"W": 2, "E": 2}

    @knob("all_nuki_yakuman")
    def test_all_nuki_yakuman(self) -> None:
        # Off in mighty: four 5m are just 4 han, no chip.
        kw: dict[str, Any] = {"riichi": "riichi", "extracted": "5m5m5m5m"}
        assert chips("mighty", MIGHTY, "4s", chips={"all_nuki_yakuman": False}, **kw) == {}
        # On in gotou: four norths pay yakuman chips (ron 10) besides the 4 north chips.
        kw = {"riichi": "riichi", "extracted": "4z4z4z4z"}
        assert chips("gotou", PINFU, "4s", chips={"all_nuki_yakuman": True}, **kw) == {"W": 14}

    @knob("sokupochi")
    def test_sokupochi(self) -> None:
        # ippatsu 1 + 5.
        r = chips(
            "gotou", POCHI, "0z", tsumo=True, riichi="riichi", ippatsu=True, chips={"sokupochi": 5}
        )
        assert r == {"E": 6, "W": 6}

    @knob("dice_chances")
    def test_dice_chances(self) -> None:
        # Off in gotou: four norths earn no chance.
        _, dice = chips_dice(
            "gotou",
            PINFU,
            "4s",
            riichi="riichi",
            extracted="4z4z4z4z",
            chips={"dice_chances": False},
        )
        assert dice == 0
        # On in riichi: a real yakuman earns one.
        _, dice = chips_dice(
            "riichi", SUUANKOU, "3z", tsumo=True, chips={"enabled": True, "dice_chances": True}
        )
        assert dice == 1

    @knob("alice_closed")
    def test_alice_closed(self) -> None:
        # 3 matching tiles × 3.
        r = chips(
            "gotou",
            PINFU,
            "4s",
            riichi="riichi",
            extracted="4f",
            alice="9p1p5s",
            chips={"alice_closed": 3},
        )
        assert r == {"W": 9}

    @knob("alice_open")
    def test_alice_open(self) -> None:
        # 3 matching tiles × 2 + the five chips 6.
        r = chips(
            "gotou",
            OPEN_ALL_STAR,
            "2p",
            melds=OPEN_ALL_STAR_MELDS,
            extracted="4f",
            alice="8p3s",
            chips={"alice_open": 2},
        )
        assert r == {"W": 12}

    @knob("alice_ippatsu_forgives")
    def test_alice_ippatsu_forgives(self) -> None:
        # «一発時冬のアリス1回転落保障». Turned over 9p (2), 5s (miss), 1p (1).
        kw: dict[str, Any] = {"riichi": "riichi", "extracted": "4f", "alice": "9p5s1p"}
        on = {"alice_ippatsu_forgives": True}
        # Without the option: 2 tiles × 2 + ippatsu 1 = 5.
        assert chips("gotou", PINFU, "4s", ippatsu=True, **kw) == {"W": 5}
        # With it and ippatsu: the miss is forgiven: 3 × 2 + 1 = 7.
        assert chips("gotou", PINFU, "4s", ippatsu=True, chips=on, **kw) == {"W": 7}
        # Without ippatsu nothing is forgiven: 4.
        assert chips("gotou", PINFU, "4s", chips=on, **kw) == {"W": 4}
        # Only one miss: 9p 2, 5s forgiven, 5s again stops: 4 + 1 = 5.
        kw["alice"] = "9p5s5s1p"
        assert chips("gotou", PINFU, "4s", ippatsu=True, chips=on, **kw) == {"W": 5}

    @knob("alice_pochi_wild")
    def test_alice_pochi_wild(self) -> None:
        # Option «アリス時白ぽっちマイティ可否»; the seed plays «白ぽっちがめくれた場合は好きな
        # 牌に取れる» (on: 0z as 9p, then 9p: 4 tiles × 2 = 8). Off, a turned 白ぽっち is a
        # white: the hand holds none, so it is a miss at once and pays nothing.
        kw: dict[str, Any] = {"riichi": "riichi", "extracted": "4f", "alice": "0z9p"}
        assert chips("gotou", PINFU, "4s", **kw) == {"W": 8}
        assert chips("gotou", PINFU, "4s", chips={"alice_pochi_wild": False}, **kw) == {}
        # Off, it still matches the whites held: 123p 456p 789s 234s with a 55z pair: the
        # turned 0z matches the two whites: 2 × 2 = 4.
        kw["alice"] = "0z"
        whites = "123p456p789s234s55z"
        r = chips("gotou", whites, "4s", chips={"alice_pochi_wild": False}, **kw)
        assert r == {"W": 4}

    @knob("snake_eyes")
    def test_snake_eyes(self) -> None:
        # «ピンゾロは20枚or2枚(話し合って決めてください)»: 20 by default (the ledger test
        # test_snake_eyes_pays_20), 2 with the knob: 1-1 then 6-5 = 2 + 11 from each.
        from jantaku.scoring.ledger import Ledger

        preset = load_preset("gotou", {"chips": {"snake_eyes": 2}})
        led = Ledger(preset)
        e = led.apply({"type": "chips", "to": 2, "dice": [[1, 1], [6, 5]]})
        assert e["chip_changes"] == [-13, -13, 26]

    @knob("guruguru")
    @pytest.mark.parametrize(("guruguru", "kind"), [(3, "riichi"), (3, "shuba"), (0, "riichi")])
    def test_guruguru_pays_a_palindrome_of_draws_after_riichi(
        self, guruguru: int, kind: str
    ) -> None:
        """Option «ぐるぐるチャンス →リーチ後1p5p1pでトマトなど、局中にチップが発生する» (off in the
        seed: «不採用»). Decision: after riichi, a draw that makes the player's last three draws
        read the same both ways (1p 5p 1p, like «トマト») earns ``chips.guruguru`` from all at
        once; シュバ doubles it. The dealer riichis on 7z and then draws 1p, 5p, 1p."""
        preset = load_preset("gotou", {"chips": {"guruguru": guruguru}})
        wall = stacked("gotou", ["123p456p789s11z23s"], live="7z9m9m1p9m9m5p2z2z1p")
        state = Game(preset).new_state([wall])
        action = ActionType.RIICHI if kind == "riichi" else ActionType.SHUBA_RIICHI
        state.apply(Action(action, 0, tile(state, 0, "7z")))
        pass_all(state)
        chips_after_riichi = list(state.ledger.state.chips)
        for _ in range(2):  # 1p, then 5p: no palindrome yet
            tsumogiri(state, 1)
            tsumogiri(state, 2)
            assert state.ledger.state.chips == chips_after_riichi
            tsumogiri(state, 0)
        tsumogiri(state, 1)
        tsumogiri(state, 2)
        drawn = state.players[0].drawn
        assert drawn is not None and tile_kind(drawn) == tile_kind(tile(state, 0, "1p"))
        n = guruguru * (2 if kind == "shuba" else 1)
        assert state.ledger.state.chips == [200 + 2 * n, 200 - n, 200 - n]
        # The others see who paid (announced at the table), never the tile drawn.
        seen = [e for e in state.view(1) if e["type"] == "tsumo" and e["actor"] == 0][-1]
        assert "tile" not in seen and seen["pai"] == "?"
        assert seen.get("chip_deltas", [0, 0, 0]) == [2 * n, -n, -n]

    @knob("shuba_doubles")
    def test_shuba_doubles(self) -> None:
        r = chips(
            "gotou", PINFU, "4s", riichi="shuba", ippatsu=True, chips={"shuba_doubles": False}
        )
        assert r == {"W": 1}

    @knob("point_value")
    def test_point_value(self) -> None:
        # Settlement adds chips × point_value / 1000. riichi, final points of the real record
        # 2009100718gm [-7000, 57000, 25000, 25000] → [-57, 67, 5, -15]; chips [-2, 3, 0, -1]
        # at 1000 points each: [-59, 70, 5, -16].
        points = [-7000, 57000, 25000, 25000]
        plain = settle(load_preset("riichi"), points, chips=[-2, 3, 0, -1]).result
        assert plain == [-57, 67, 5, -15]
        preset = load_preset("riichi", {"chips": {"point_value": 1000}})
        assert settle(preset, points, chips=[-2, 3, 0, -1]).result == [-59, 70, 5, -16]
        # mighty at 500 instead of 2000: [50, 5, -55] + chips [4, -2, -2] × 0.5.
        preset = load_preset("mighty", {"chips": {"point_value": 500}})
        assert settle(preset, [50000, 35000, 5000], chips=[4, -2, -2]).result == [52, 4, -56]


def test_every_chips_knob_has_a_test() -> None:
    missing = sorted(set(ChipsRules.model_fields) - COVERED)
    assert not missing, f"ChipsRules knobs without a test: {missing}"
