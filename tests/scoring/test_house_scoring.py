"""House-rule *points* scoring of the presets gotou, tokushima, mighty and kanto-boo.

Every expected value is worked out by hand from shared/spec/<preset>.md and the seeds in
shared/seeds/ (the worked numbers of the seeds are quoted), never copied from the engine. The
derivation of each case is written beside it. Chips, settlement and the ledger are tested
elsewhere (tests/scoring/test_chips.py, test_settlement.py, test_ledger.py).

Unless a case says otherwise the winner sits South in the East round (a non-dealer), a ron
comes from West, and nobody is in riichi. In three-player presets a non-dealer's tsumo is paid
by E (the dealer) and W.

Formulas used below (spec common.md §3 and each preset file):

* standard: base = fu × 2^(han+2), mangan 2000 at 5 han or base ≥ 2000, haneman 3000 (6-7),
  baiman 4000 (8-10), sanbaiman 6000 (11-12), counted yakuman 8000 (13+); ron = base×4 (×6
  dealer), tsumo = base×1 (×2 from/for the dealer) per payer, each rounded up to 100.
* gotou (default ②): every hand 30 fu, tsumo-son; each payment rounded up to 1000, then a
  tsumo adds 1000 to each payment; honba +2000 on a ron, +1000 per tsumo payment; open riichi
  +1000 from the discarder or from each payer.
* mighty: fu counted, no tsumo-son: the absent (non-dealer) share, rounded to 100, is halved,
  each half rounded up to 100 and added to both payers; then every payment is rounded up to
  1000; honba +1000 on a ron and on each tsumo payment.
* tokushima: the seed's own table (base = fu × 2^han, fu capped at 60, limits by han).
* kanto-boo: standard formula capped at mangan (8000 / 12000), no kiriage.
"""

from __future__ import annotations

import dataclasses
import functools
from typing import Any, ClassVar

import pytest

from jantaku.scoring import NotAWin
from jantaku.scoring.calc import Calculator
from jantaku.scoring.json_io import (
    ScoreService,
    result_to_json,
    situation_from_json,
)
from jantaku.scoring.points import no_bazoro_base, standard_payments
from jantaku.tiles.kinds import EAST, SOUTH, WEST, WINDS

# --------------------------------------------------------------------------------------------
# Helpers


@functools.cache
def service(preset: str) -> ScoreService:
    return ScoreService(preset)


def score(preset: str, hand: str, win_tile: str, **kw: Any) -> dict[str, Any]:
    """Score one situation through the ``jantaku score`` JSON (ScoreService).

    Defaults: seat S, round E, ron from W (``tsumo=True`` for a tsumo)."""
    obj: dict[str, Any] = {"hand": hand, "win_tile": win_tile, "seat": "S", "round": "E"}
    if kw.pop("tsumo", False):
        obj["win"] = "tsumo"
    else:
        obj["win"] = "ron"
        obj["discarder"] = kw.pop("discarder", "W")
    obj.update(kw)
    return service(preset).score(obj)


def score_sit(preset: str, hand: str, win_tile: str, extra: dict[str, Any], **kw: Any) -> Any:
    """Like :func:`score`, with WinSituation fields set directly (``extra``: wareme_wind,
    kan_feeder_wind, tedumari, sitting_out...) on the situation the JSON builds, calling the
    Scorer itself."""
    obj: dict[str, Any] = {"hand": hand, "win_tile": win_tile, "seat": "S", "round": "E"}
    if kw.pop("tsumo", False):
        obj["win"] = "tsumo"
    else:
        obj["win"] = "ron"
        obj["discarder"] = kw.pop("discarder", "W")
    obj.update(kw)
    sc = service(preset).scorer(obj.get("options"))
    obj.pop("options", None)
    sit = situation_from_json(obj, sc.tileset, sc.preset.players, sc.extractable)
    sit = dataclasses.replace(sit, **extra)
    return result_to_json(sc.score(sit))


def yaku(res: dict[str, Any]) -> dict[str, int]:
    """Yaku id → han (or yakuman multiple), zero-han entries (ura dora 0) left out."""
    return {
        y["id"]: y.get("yakuman") or y["han"] for y in res["yaku"] if y["han"] or y.get("yakuman")
    }


def pon(tiles: str, frm: str = "W") -> dict[str, str]:
    return {"type": "pon", "tiles": tiles, "from": frm}


W = {"E": EAST, "S": SOUTH, "W": WEST}
NORTH_WIND = WINDS[3]


# ============================================================================================
# gotou
# ============================================================================================

# A closed pinfu hand used throughout: 123p 456p 789s 234s 99p, winning on 4s (23s waits
# 1s/4s: two-sided). With riichi and a ron: riichi 1 + pinfu 1 = 2 han.
PINFU = "123p456p789s234s99p"


class TestGotouPoints:
    def test_seed_1300_2600_becomes_3000_4000(self) -> None:
        # Seed ②: «1300/2600ツモ→切り上げ2000/3000→千点加符で3000/4000».
        # fu counted (knob override): riichi 1 + tsumo 1 + pinfu 1 + dora 1 (3s → 4s) =
        # 4 han 20 fu, base 20×2^6 = 1280: W 1280→1300, E 2560→2600; round up to 1000:
        # 2000 / 3000; tsumo +1000: W 3000, E 4000.
        r = score(
            "gotou",
            PINFU,
            "4s",
            tsumo=True,
            riichi="riichi",
            dora_indicators="3s",
            options={"fu": "counted"},
        )
        assert (r["han"], r["fu"]) == (4, 20)
        assert yaku(r) == {"riichi": 1, "menzen_tsumo": 1, "pinfu": 1, "dora": 1}
        assert r["payments"] == {"E": 4000, "W": 3000}

    def test_same_hand_at_the_default_fixed_30_fu(self) -> None:
        # Default fu = fixed30: 4 han 30 fu, base 1920: W 1920→2000, E 3840→3900; → 2000 /
        # 4000; +1000: W 3000, E 5000.
        r = score("gotou", PINFU, "4s", tsumo=True, riichi="riichi", dora_indicators="3s")
        assert (r["han"], r["fu"]) == (4, 30)
        assert r["payments"] == {"E": 5000, "W": 3000}

    def test_seed_baiman_tsumo_4000_8000_becomes_5000_9000(self) -> None:
        # Seed ②: «倍満ツモ→4000/8000→千点加符で5000/9000».
        # 111p 234p 666p 789p 55p (the only reading), tsumo 7p: closed chinitsu 6 + riichi 1 +
        # tsumo 1 = 8 han = baiman, base 4000: W 4000, E 8000 (already thousands), +1000.
        r = score("gotou", "111p234p666p789p55p", "7p", tsumo=True, riichi="riichi")
        assert r["han"] == 8 and r["limit"] == "baiman"
        assert r["payments"] == {"E": 9000, "W": 5000}

    def test_mangan_dealer_tsumo(self) -> None:
        # Dealer mangan tsumo: 4000 all; +1000 = 5000 all. Hand: chinitsu 6 closed + tsumo 1
        # (no riichi) = 7 → haneman: 6000 all → 7000 all.
        r = score("gotou", "111p234p666p789p55p", "7p", tsumo=True, seat="E")
        assert r["han"] == 7 and r["limit"] == "haneman"
        assert r["payments"] == {"S": 7000, "W": 7000}

    def test_ron_rounds_to_thousands(self) -> None:
        # riichi + pinfu + dora 1 = 3 han 30 fu: 960×4 = 3840 → 3900 → 4000.
        r = score("gotou", PINFU, "4s", riichi="riichi", dora_indicators="3s")
        assert r["han"] == 3 and r["payments"] == {"W": 4000}
        # Dealer: 960×6 = 5760 → 5800 → 6000.
        r = score(
            "gotou", PINFU, "4s", riichi="riichi", dora_indicators="3s", seat="E", discarder="S"
        )
        assert r["payments"] == {"S": 6000}

    def test_honba_ron_adds_2000_each(self) -> None:
        # «一本場は場に2000点 … ロンは2000点増し»: riichi pinfu 2 han 30 fu = 1920 → 2000;
        # 2 honba: +4000 = 6000.
        r = score("gotou", PINFU, "4s", riichi="riichi", honba=2)
        assert r["payments"] == {"W": 6000}

    def test_honba_tsumo_adds_1000_per_payment(self) -> None:
        # «ツモ1000点増し»: riichi tsumo pinfu 3 han 30 fu, base 960: W 1000, E 1920→2000;
        # +1000 tsumo: 2000 / 3000; 2 honba: +2000 each: W 4000, E 5000.
        r = score("gotou", PINFU, "4s", tsumo=True, riichi="riichi", honba=2)
        assert r["payments"] == {"E": 5000, "W": 4000}

    def test_open_riichi_ron_plus_1000(self) -> None:
        # «オープンリーチあり +1000点»: open riichi is a riichi (1 han) here; riichi + pinfu =
        # 2 han → 2000, +1000 from the discarder = 3000.
        r = score("gotou", PINFU, "4s", riichi="open")
        assert r["han"] == 2
        assert r["payments"] == {"W": 3000}

    def test_open_riichi_tsumo_plus_1000_each(self) -> None:
        # 3 han tsumo: 2000 / 3000 (see above) + 1000 each: W 3000, E 4000.
        r = score("gotou", PINFU, "4s", tsumo=True, riichi="open")
        assert r["payments"] == {"E": 4000, "W": 3000}

    def test_double_yakuman_counts_once_but_pure_compounds_twice(self) -> None:
        # «純粋な複合役満あり»; double_yakuman = false: 四暗刻単騎 is one yakuman: 8000×4 =
        # 32000. 111p 999s 111z 222z 33z, ron 3z (tanki, all four triplets concealed).
        r = score("gotou", "111p999s111z222z33z", "3z")
        assert r["yakuman"] == 1 and r["payments"] == {"W": 32000}
        # 大三元 + 字一色 (pon 555z): two yakuman, 64000.
        r = score("gotou", "666z777z111z22z", "2z", melds=[pon("555z")])
        assert r["yakuman"] == 2 and r["payments"] == {"W": 64000}


class TestGotouYaku:
    def test_chanta_closed_4(self) -> None:
        # «チャンタ 純チャンは面前/副露それぞれ 4/2 6/4»: 123p 789p 789s 333z(W) 99s, ron 3p:
        # chanta 4 han, base 1920 → 7680 → 7700 → 8000.
        r = score("gotou", "123p789p789s333z99s", "3p")
        assert yaku(r) == {"chanta": 4} and r["payments"] == {"W": 8000}

    def test_chanta_open_2(self) -> None:
        # Pon of West: chanta 2 han, 1920 → 2000.
        r = score("gotou", "123p789p789s99s", "3p", melds=[pon("333z")])
        assert yaku(r) == {"chanta": 2} and r["payments"] == {"W": 2000}

    def test_chanta_near_miss(self) -> None:
        # 234p breaks the terminal in every set: riichi + tsumo, 2 han, base 480: W 500, E 960
        # → 1000 / 1000, +1000: 2000 / 2000. (A tsumo, so that it is no リーのみロン.)
        r = score("gotou", "234p789p789s333z99s", "4p", tsumo=True, riichi="riichi")
        assert yaku(r) == {"riichi": 1, "menzen_tsumo": 1}
        assert r["payments"] == {"E": 2000, "W": 2000}

    def test_junchan_closed_6(self) -> None:
        # 123p 789p 789s 111s 99s, ron 3p: junchan 6 = haneman: 12000.
        r = score("gotou", "123p789p789s111s99s", "3p")
        assert yaku(r) == {"junchan": 6}
        assert r["limit"] == "haneman" and r["payments"] == {"W": 12000}

    def test_junchan_open_4(self) -> None:
        # Pon 111s: junchan 4 han 30 fu → 8000 (not a limit hand).
        r = score("gotou", "123p789p789s99s", "3p", melds=[pon("111s")])
        assert yaku(r) == {"junchan": 4} and r["limit"] is None
        assert r["payments"] == {"W": 8000}

    def test_sanrenkou_2_open(self) -> None:
        # «三連刻 2飜 食い下がりなし»: pons 222s 333s 444s, 789p + 33z, ron 9p: 2 han → 2000.
        r = score("gotou", "789p33z", "9p", melds=[pon("222s"), pon("333s"), pon("444s")])
        assert yaku(r) == {"sanrenkou": 2} and r["payments"] == {"W": 2000}

    def test_sanrenkou_near_miss_other_suit(self) -> None:
        # 2s 3s 4p: not consecutive in one suit, and no other yaku.
        with pytest.raises(NotAWin):
            score("gotou", "789p33z", "9p", melds=[pon("222s"), pon("333s"), pon("444p")])

    def test_sanpuu_2(self) -> None:
        # «三風 2飜 食い下がりなし»: pons E S W, 456s + 99p, ron 4s: sanpuu 2 + round wind E 1 +
        # seat wind S 1 = 4 han: 8000.
        r = score("gotou", "456s99p", "4s", melds=[pon("111z"), pon("222z"), pon("333z")])
        assert yaku(r) == {"sanpuu": 2, "round_wind_east": 1, "seat_wind_south": 1}
        assert r["payments"] == {"W": 8000}

    def test_sanpuu_near_miss(self) -> None:
        # West only as the pair: E 1 + S 1 = 2 han: 2000.
        r = score("gotou", "456s789p33z", "4s", melds=[pon("111z"), pon("222z")])
        assert "sanpuu" not in yaku(r) and r["han"] == 2
        assert r["payments"] == {"W": 2000}

    def test_shousharin_6_in_all(self) -> None:
        # 小車輪 (メンホンチートイ) 6 han in all (not 7+ from honitsu 3 + chiitoitsu 2...):
        # haneman 12000.
        r = score("gotou", "11p33p77p99p11z22z33z", "3z")
        assert yaku(r) == {"shousharin": 6} and r["payments"] == {"W": 12000}

    def test_shousharin_with_two_dora_is_baiman(self) -> None:
        # «メンチードラドラは6+2で倍満»: indicator 2p → 3p ×2: 8 han = baiman: 16000.
        r = score("gotou", "11p33p77p99p11z22z33z", "3z", dora_indicators="2p")
        assert r["han"] == 8 and r["payments"] == {"W": 16000}

    def test_shousharin_near_miss_two_suits(self) -> None:
        # 77s: plain chiitoitsu 2 han (fixed 30 fu): 1920 → 2000.
        r = score("gotou", "11p33p77s99p11z22z33z", "3z")
        assert yaku(r) == {"chiitoitsu": 2} and r["payments"] == {"W": 2000}

    def test_daisharin_yakuman(self) -> None:
        # 大車輪 (メンチンチートイ) = real yakuman: 32000.
        r = score("gotou", "1122p3344p6677p99p", "9p")
        assert yaku(r) == {"daisharin": 1} and r["payments"] == {"W": 32000}

    def test_suurenkou_yakuman_pair_in_the_same_suit(self) -> None:
        # 四連刻: pons 111s 222s 333s, closed 444s, 99s tanki: yakuman 32000.
        r = score("gotou", "444s99s", "9s", melds=[pon("111s"), pon("222s"), pon("333s")])
        assert yaku(r) == {"suurenkou": 1} and r["payments"] == {"W": 32000}

    def test_suurenkou_yakuman(self) -> None:
        # 四連刻: pons 111s 222s 333s, closed 444s, 99p tanki: yakuman 32000. (At 83f58bb the
        # cheap yakuman gate skipped it when the pair was of another suit: toitoi 2 = 2000.)
        r = score("gotou", "444s99p", "9p", melds=[pon("111s"), pon("222s"), pon("333s")])
        assert yaku(r) == {"suurenkou": 1} and r["payments"] == {"W": 32000}

    def test_manzu_honitsu_open(self) -> None:
        # 萬子の混一色 (副露あり): pons 111m 999m + 111z 666z 77z: yakuman 32000. (At 83f58bb
        # the yakuman gate skipped the standard shape: 8 han baiman 16000.)
        r = score("gotou", "111z666z77z", "1z", melds=[pon("111m"), pon("999m")])
        assert yaku(r) == {"manzu_honitsu": 1} and r["payments"] == {"W": 32000}

    def test_manzu_honitsu_seven_pairs(self) -> None:
        # 七対子形あり: 11m 99m 11z 22z 33z 55z 66z: yakuman 32000.
        r = score("gotou", "11m99m11z22z33z55z66z", "6z")
        assert yaku(r) == {"manzu_honitsu": 1} and r["payments"] == {"W": 32000}

    def test_manzu_honitsu_near_miss_pinzu(self) -> None:
        # The same shape in pinzu is a plain honitsu hand, no yakuman.
        r = score("gotou", "111z666z77z", "1z", melds=[pon("111p"), pon("999p")])
        assert r["yakuman"] == 0 and "manzu_honitsu" not in yaku(r)

    def test_renhou_real_yakuman(self) -> None:
        # 人和 (a non-dealer's ron in the first go-around) is a real yakuman: 32000.
        r = score("gotou", PINFU, "4s", first_turn=True)
        assert yaku(r) == {"renhou": 1} and r["payments"] == {"W": 32000}

    def test_renhou_near_miss(self) -> None:
        # Not the first turn: pinfu only, 1 han 30 fu: 960 → 1000.
        r = score("gotou", PINFU, "4s")
        assert yaku(r) == {"pinfu": 1} and r["payments"] == {"W": 1000}

    def test_chiitoi_with_four_of_a_kind_plus_4_han(self) -> None:
        # «4枚使い七対子あり 4枚使いの数*4飜増し»: 1111p as two pairs: chiitoitsu 2 + 4 = 6 han
        # = haneman 12000.
        r = score("gotou", "1111p3377p1199s33z", "3z")
        assert r["han"] == 6 and r["payments"] == {"W": 12000}

    def test_chiitoi_with_two_fours_plus_8_han(self) -> None:
        # 1111p and 3333p: 2 + 2×4 = 10 han = baiman 16000.
        r = score("gotou", "11113333p1199s33z", "3z")
        assert r["han"] == 10 and r["payments"] == {"W": 16000}

    def test_chiitoi_without_four_of_a_kind(self) -> None:
        # Near miss: seven different pairs: 2 han → 2000.
        r = score("gotou", "1133p77p1199s3355z", "3z")
        assert r["han"] == 2 and r["payments"] == {"W": 2000}

    def test_four_norths_are_8_han(self) -> None:
        # «北4枚抜き 8飜固定»: riichi + tsumo + pinfu 3 + 8 = 11 han = sanbaiman, base 6000:
        # W 6000, E 12000 (thousands) + 1000: W 7000, E 13000.
        r = score("gotou", PINFU, "4s", tsumo=True, riichi="riichi", extracted="4z4z4z4z")
        assert r["han"] == 11 and r["limit"] == "sanbaiman"
        assert r["payments"] == {"E": 13000, "W": 7000}

    def test_three_norths_are_3_han(self) -> None:
        # 3 + 3 = 6 han = haneman, base 3000: W 3000, E 6000, +1000: 4000 / 7000.
        r = score("gotou", PINFU, "4s", tsumo=True, riichi="riichi", extracted="4z4z4z")
        assert r["han"] == 6 and r["payments"] == {"E": 7000, "W": 4000}

    # 123p 567p 13s 789s 99p waiting on 2s (kanchan): no yaku of its own (no pinfu, no tanyao,
    # no chanta with 567p); the indicators 1z 2z (``_dora``) make 2z and 3z dora, none held.

    def test_four_norths_alone_are_a_yaku(self) -> None:
        # «特殊役 … 北4枚抜き 8飜固定 祝儀は4枚» (issue 35): 北4枚抜き is a yaku, so the hand
        # wins with it alone: 8 han = baiman 16000 from the discarder, the four norths' 4 chips
        # and a サイコロチャンス. (Before: "the hand has no yaku".)
        r = score("gotou", "123p567p13s789s99p2s", "2s", extracted="4z4z4z4z", **self._dora())
        assert yaku(r) == {"four_north": 8} and r["han"] == 8 and r["limit"] == "baiman"
        assert r["payments"] == {"W": 16000}
        assert r["chips"] == {"W": 4} and r["dice_chances"] == 1
        # Three norths are three 抜きドラ and no yaku: still no win.
        with pytest.raises(NotAWin, match="no yaku"):
            score("gotou", "123p567p13s789s99p2s", "2s", extracted="4z4z4z", **self._dora())

    def test_four_norths_with_other_yaku_and_dora(self) -> None:
        # The yaku's 8 han replace the four norths' 抜きドラ (never both); other yaku and dora
        # add to it: riichi 1 + 北4枚抜き 8 + dora 2 (indicator 8p: two 9p) = 11 han = sanbaiman
        # 24000.
        sit = {"extracted": "4z4z4z4z", "dora_indicators": "8p1z", "riichi": "riichi"}
        r = score("gotou", "123p567p13s789s99p2s", "2s", **sit)
        assert yaku(r) == {"riichi": 1, "four_north": 8, "dora": 2} and r["han"] == 11
        assert "nuki_dora" not in yaku(r) and r["payments"] == {"W": 24000}

    def test_four_north_yaku_follows_its_knob(self) -> None:
        # scoring.four_north_han = 0: each north is one 抜きドラ, no yaku; other presets with
        # norths set aside (Tenhou sanma) never had it.
        off = {"scoring": {"four_north_han": 0}}
        with pytest.raises(NotAWin, match="no yaku"):
            score("gotou", "123p567p13s789s99p2s", "2s", extracted="4z4z4z4z", options=off)
        with pytest.raises(NotAWin, match="no yaku"):
            score("sanma", "123p567p13s789s99p2s", "2s", extracted="4z4z4z4z")

    def test_four_norths_alone_in_the_calculator(self) -> None:
        # /calc (and the scorekeeper's tile picker): the waiting hand's 2s wins by ron with
        # 北4枚抜き alone.
        out = Calculator("gotou").evaluate(
            {"hand": "123p567p13s789s99p", "extracted": "4z4z4z4z", "seat": "S", **self._dora()}
        )
        (value,) = [v for v in out["values"] if v["tile"] == "2s"]
        assert value["ron"]["han"] == 8 and value["ron"]["yaku"][0]["id"] == "four_north"
        assert value["ron"]["yaku"][0]["ja"] == "北4枚抜き"

    @staticmethod
    def _dora() -> dict[str, str]:
        return {"dora_indicators": "1z2z"}


class TestGotouDotWhite:
    def test_pochi_after_riichi_is_a_wildcard_taking_the_best_identity(self) -> None:
        # 13 real tiles 123p 456p 78p 234s 99s + 白ぽっち drawn after riichi. As 6p: riichi +
        # tsumo + pinfu = 3 han; as 9p: + 一気通貫 2 = 5 han = mangan → it becomes 9p.
        # Mangan tsumo: W 2000, E 4000, +1000: 3000 / 5000.
        r = score("gotou", "123p456p78p234s99s0z", "0z", tsumo=True, riichi="riichi")
        assert r["wildcard"] == "9p"
        assert r["han"] == 5 and "ittsu" in yaku(r)
        assert r["payments"] == {"E": 5000, "W": 3000}

    def test_pochi_without_riichi_is_a_plain_white(self) -> None:
        # Without riichi the same 14 tiles are not a complete hand.
        with pytest.raises(NotAWin):
            score("gotou", "123p456p78p234s99s0z", "0z", tsumo=True)
        # … and as a plain white it pairs with 5z: tsumo 1 han, base 240: W 300, E 500 →
        # 1000 / 1000, +1000: 2000 / 2000; no wildcard.
        r = score("gotou", "123p456p789s234s50z", "0z", tsumo=True)
        assert r["wildcard"] is None
        assert yaku(r) == {"menzen_tsumo": 1}
        assert r["payments"] == {"E": 2000, "W": 2000}

    def test_pochi_on_a_ron_is_not_wild(self) -> None:
        # «白ぽっちは強制ツモ»: only a drawn one is wild; a ron needs a complete hand.
        with pytest.raises(NotAWin):
            score("gotou", "123p456p78p234s99s0z", "0z", riichi="riichi")

    def test_pochi_as_a_five_is_never_red_or_gold(self) -> None:
        # 46p + 白ぽっち: it can only be 5p; riichi + tsumo = 2 han (no red/gold dora), base
        # 480: W 500, E 960 → 1000 / 1000, +1000: 2000 / 2000. (As a red/gold it would be 3 han:
        # 3000 / 2000.)
        r = score("gotou", "123p46p789s234s99s0z", "0z", tsumo=True, riichi="riichi")
        assert r["wildcard"] == "5p"
        assert "aka_dora" not in yaku(r) and r["han"] == 2
        assert r["payments"] == {"E": 2000, "W": 2000}

    def test_pochi_as_a_five_with_autumn_is_a_dora(self) -> None:
        # «秋抜き者が白ぽっちツモ時5に取った場合はドラ扱い»: the same hand with autumn extracted:
        # 2 + 1 = 3 han, base 960: W 1000, E 1920 → 2000, +1000: 2000 / 3000.
        r = score(
            "gotou", "123p46p789s234s99s0z", "0z", tsumo=True, riichi="riichi", extracted="3f"
        )
        assert r["wildcard"] == "5p" and r["han"] == 3
        assert r["payments"] == {"E": 3000, "W": 2000}


class TestGotouFlowers:
    def test_summer_below_mangan_adds_one_han(self) -> None:
        # 夏: riichi + pinfu = 2 han → 3 han: 3840 → 3900 → 4000 (without it: 2000).
        r = score("gotou", PINFU, "4s", riichi="riichi", extracted="2f")
        assert r["han"] == 3 and r["payments"] == {"W": 4000}

    def test_summer_four_han_becomes_mangan(self) -> None:
        # riichi + pinfu + dora 2 (8p → 9p ×2) = 4 han → 5 han = mangan 8000.
        r = score("gotou", PINFU, "4s", riichi="riichi", extracted="2f", dora_indicators="8p")
        assert r["han"] == 5 and r["payments"] == {"W": 8000}

    def test_summer_mangan_becomes_haneman(self) -> None:
        # riichi + pinfu + dora 3 (8p → 9p ×2, 3s → 4s) = 5 han mangan → haneman 12000.
        r = score("gotou", PINFU, "4s", riichi="riichi", extracted="2f", dora_indicators="8p3s")
        assert r["limit"] == "haneman" and r["payments"] == {"W": 12000}

    def test_summer_yakuman_becomes_five_times_mangan(self) -> None:
        # «役満は5倍満になる (8000/16000→10000/20000)»: base 10000; ron 40000.
        r = score("gotou", PINFU, "4s", first_turn=True, extracted="2f")
        assert r["payments"] == {"W": 40000}

    def test_summer_yakuman_tsumo(self) -> None:
        # 地和 + summer: 10000 / 20000 (the seed's numbers), then the ② tsumo +1000 each:
        # W 11000, E 21000. (Spec ambiguity: the seed's example is before the +1000.)
        r = score("gotou", PINFU, "4s", tsumo=True, first_turn=True, extracted="2f")
        assert r["payments"] == {"E": 21000, "W": 11000}

    def test_summer_as_a_dora_indicator(self) -> None:
        # «華牌が表ドラ裏ドラになった場合は 和了者が効果を得る»: a summer indicator, 2 → 3 han.
        r = score("gotou", PINFU, "4s", riichi="riichi", dora_indicators="2f")
        assert r["han"] == 3 and r["payments"] == {"W": 4000}

    def test_summer_as_an_ura_indicator(self) -> None:
        r = score("gotou", PINFU, "4s", riichi="riichi", ura_indicators="2f")
        assert r["han"] == 3 and r["payments"] == {"W": 4000}

    def test_autumn_every_five_is_dora_red_and_gold_twice(self) -> None:
        # 123p 4(red 5)6p 789s 34(gold 5)s 99p, ron 4p: riichi 1 + pinfu 1 + red 1 + gold 1 =
        # 4 han → 8000; with autumn the red and the gold five count once more each: 6 han =
        # haneman 12000.
        hand = "123p406p789s34gs99p"
        r = score("gotou", hand, "4p", riichi="riichi")
        assert r["han"] == 4 and r["payments"] == {"W": 8000}
        r = score("gotou", hand, "4p", riichi="riichi", extracted="3f")
        assert r["han"] == 6 and r["payments"] == {"W": 12000}

    def test_autumn_plain_fives(self) -> None:
        # 456p + 55s: three plain fives = 3 dora with autumn: riichi + pinfu + 3 = 5 = mangan.
        r = score("gotou", "123p456p789s234s55s", "4s", riichi="riichi", extracted="3f")
        assert r["han"] == 5 and r["payments"] == {"W": 8000}
        # The same as a dora indicator («華牌が表ドラ…和了者が効果を得る»).
        r = score("gotou", "123p456p789s234s55s", "4s", riichi="riichi", dora_indicators="3f")
        assert r["han"] == 5 and r["payments"] == {"W": 8000}

    def test_flowers_are_not_dora_by_themselves(self) -> None:
        # Spring and winter have chip effects only: riichi + pinfu stays 2 han: 2000.
        r = score("gotou", PINFU, "4s", riichi="riichi", extracted="1f4f")
        assert r["han"] == 2 and r["payments"] == {"W": 2000}


class TestGotouTedumari:
    def test_forced_deal_in_to_open_riichi_counts_from_13_han(self) -> None:
        # «手詰まり放銃は数え役満扱い(13飜から数える)»: riichi (open) 1 + pinfu 1 + 13 = 15 han
        # = counted yakuman 8000×4 = 32000, + the open-riichi 1000 = 33000.
        r = score_sit("gotou", PINFU, "4s", {"tedumari": True}, riichi="open")
        assert r["han"] == 15 and r["limit"] == "yakuman"
        assert r["payments"] == {"W": 33000}

    def test_sitting_out_player_pays_no_points(self) -> None:
        # Four people: the sitting-out player pays no points (chips only): riichi tsumo pinfu
        # 3 han: W 2000, E 3000 as with three.
        r = score_sit("gotou", PINFU, "4s", {"sitting_out": True}, tsumo=True, riichi="riichi")
        assert r["payments"] == {"E": 3000, "W": 2000}


class TestGotouRiichiOnlyRon:
    # «リーのみロンあがり 華抜きもなし ドラ表裏ドラにも華無し» (a real yakuman): 123p 456p 789s
    # 333z(W) 99s, riichi, ron 5p (kanchan): riichi is the only yaku.
    HAND = "123p456p789s333z99s"

    def test_riichi_only_ron_is_a_yakuman(self) -> None:
        # No dora of any kind: 32000. An ura indicator that hits nothing changes nothing.
        r = score("gotou", self.HAND, "5p", riichi="riichi", ura_indicators="1z")
        assert r["yakuman"] == 1 and r["payments"] == {"W": 32000}

    def test_with_a_dora_it_is_a_plain_hand(self) -> None:
        # Dora 3p → 4p: riichi 1 + dora 1 = 2 han: 2000.
        r = score("gotou", self.HAND, "5p", riichi="riichi", dora_indicators="3p")
        assert r["yakuman"] == 0 and r["payments"] == {"W": 2000}

    def test_with_a_flower_extracted_it_is_a_plain_hand(self) -> None:
        # «華抜きもなし»: spring extracted (no han in gotou): riichi 1 han: 1000.
        r = score("gotou", self.HAND, "5p", riichi="riichi", extracted="1f")
        assert r["yakuman"] == 0 and r["payments"] == {"W": 1000}

    def test_with_a_flower_indicator_it_is_a_plain_hand(self) -> None:
        # «ドラ表裏ドラにも華無し»: a spring indicator: riichi 1 han: 1000.
        r = score("gotou", self.HAND, "5p", riichi="riichi", dora_indicators="1f")
        assert r["yakuman"] == 0 and r["payments"] == {"W": 1000}

    def test_a_tsumo_is_a_plain_hand(self) -> None:
        # riichi + tsumo 2 han, base 480: W 500, E 960 → 1000 / 1000, +1000: 2000 / 2000.
        r = score("gotou", self.HAND, "5p", tsumo=True, riichi="riichi")
        assert r["yakuman"] == 0 and r["payments"] == {"E": 2000, "W": 2000}


# ============================================================================================
# tokushima: the seed's whole point table
# ============================================================================================

# (han, fu, dealer ron, dealer tsumo (each), non-dealer ron, non-dealer tsumo (non-dealer,
# dealer)) exactly as printed in the seed («以下点数表»), except the two typos (see below).
TOKUSHIMA_TABLE = [
    (1, 30, 400, 200, 300, (100, 200)),
    (1, 40, 500, 200, 400, (100, 200)),
    # Seed typo: «1翻50符:親500(200ALL)» — base 50×2 = 100, ×6 = 600 (tokushima.md: use the
    # formula).
    (1, 50, 600, 200, 400, (100, 200)),
    (2, 30, 800, 300, 500, (200, 300)),
    (2, 40, 1000, 400, 700, (200, 400)),
    (2, 50, 1200, 400, 800, (200, 400)),
    (3, 30, 1500, 500, 1000, (300, 500)),
    # Seed typo: «3翻40符:…子1300(400/500)» — base 40×8 = 320: 320→400 / 640→700.
    (3, 40, 2000, 700, 1300, (400, 700)),
    (3, 50, 2400, 800, 1600, (400, 800)),
    (4, 30, 2900, 1000, 2000, (500, 1000)),
    (4, 40, 3900, 1300, 2600, (700, 1300)),
    (4, 50, 4800, 1600, 3200, (800, 1600)),
]

# «5～6翻(満貫):親6000(2000ALL)/子4000(1000/2000)» etc.: (han range, limit, same columns).
TOKUSHIMA_LIMITS = [
    (range(5, 7), "mangan", 6000, 2000, 4000, (1000, 2000)),
    (range(7, 9), "haneman", 9000, 3000, 6000, (1500, 3000)),
    (range(9, 11), "baiman", 12000, 4000, 8000, (2000, 4000)),
    (range(11, 14), "sanbaiman", 18000, 6000, 12000, (3000, 6000)),
    (range(14, 18), "yakuman", 24000, 8000, 16000, (4000, 8000)),
]


def _table_cells(han: int, fu: int) -> tuple[str | None, int, int, int, tuple[int, int]]:
    base, limit = no_bazoro_base(han, fu, 0)
    dealer_ron = standard_payments(base, EAST, SOUTH, 3, tsumo_son=True)
    dealer_tsumo = standard_payments(base, EAST, None, 3, tsumo_son=True)
    ron = standard_payments(base, SOUTH, WEST, 3, tsumo_son=True)
    tsumo = standard_payments(base, SOUTH, None, 3, tsumo_son=True)
    assert set(dealer_tsumo) == {SOUTH, WEST} and dealer_tsumo[SOUTH] == dealer_tsumo[WEST]
    assert set(tsumo) == {EAST, WEST}
    return (
        limit,
        dealer_ron[SOUTH],
        dealer_tsumo[SOUTH],
        ron[WEST],
        (tsumo[WEST], tsumo[EAST]),
    )


@pytest.mark.parametrize(
    ("han", "fu", "dealer_ron", "dealer_tsumo", "ron", "tsumo"),
    TOKUSHIMA_TABLE,
    ids=[f"{h}han{f}fu" for h, f, *_ in TOKUSHIMA_TABLE],
)
def test_tokushima_table_cell(
    han: int, fu: int, dealer_ron: int, dealer_tsumo: int, ron: int, tsumo: tuple[int, int]
) -> None:
    assert _table_cells(han, fu) == (None, dealer_ron, dealer_tsumo, ron, tsumo)


@pytest.mark.parametrize(
    ("hans", "limit", "dealer_ron", "dealer_tsumo", "ron", "tsumo"),
    TOKUSHIMA_LIMITS,
    ids=[row[1] for row in TOKUSHIMA_LIMITS],
)
def test_tokushima_table_limits(
    hans: range,
    limit: str,
    dealer_ron: int,
    dealer_tsumo: int,
    ron: int,
    tsumo: tuple[int, int],
) -> None:
    for han in hans:
        for fu in (30, 60):  # the limits do not depend on fu
            assert _table_cells(han, fu) == (limit, dealer_ron, dealer_tsumo, ron, tsumo), han


def test_tokushima_yakuman_stack() -> None:
    # «yakuman 16000/24000 (stacking)»: a double yakuman is 32000 / 48000.
    base, limit = no_bazoro_base(0, 0, 2)
    assert limit == "yakuman"
    assert standard_payments(base, SOUTH, WEST, 3) == {WEST: 32000}
    assert standard_payments(base, EAST, SOUTH, 3) == {SOUTH: 48000}


class TestTokushimaTableThroughHands:
    def test_1han_30fu_open_tanyao(self) -> None:
        # Pon 222s; 234p 567p 678s 55s, ron 6s: tanyao 1; fu 20 + 2 (open simple pon) = 22 → 30.
        # Table 1翻30符: 子 300, 親 400; tsumo 子 100/200, 親 200 all.
        hand, melds = "234p567p678s55s", [pon("222s")]
        r = score("tokushima", hand, "6s", melds=melds)
        assert (r["han"], r["fu"]) == (1, 30) and r["payments"] == {"W": 300}
        r = score("tokushima", hand, "6s", melds=melds, seat="E", discarder="S")
        assert r["payments"] == {"S": 400}
        r = score("tokushima", hand, "6s", melds=melds, tsumo=True)
        assert (r["han"], r["fu"]) == (1, 30) and r["payments"] == {"E": 200, "W": 100}
        r = score("tokushima", hand, "6s", melds=melds, tsumo=True, seat="E")
        assert r["payments"] == {"S": 200, "W": 200}

    def test_1han_50fu_dealer_ron_is_600_not_the_seeds_500(self) -> None:
        # 111s 333z(W) 234p 678p 99s, riichi, ron 3p (kanchan): fu 20 + 10 (closed ron) + 8
        # (closed terminal triplet) + 8 (closed honor triplet) + 2 (kanchan) = 48 → 50.
        # 1 han 50 fu dealer ron: base 100 ×6 = 600 (the seed prints 500, a typo).
        r = score(
            "tokushima", "111s333z234p678p99s", "3p", riichi="riichi", seat="E", discarder="S"
        )
        assert (r["han"], r["fu"]) == (1, 50)
        assert r["payments"] == {"S": 600}

    def test_2han_30fu_pinfu_tsumo(self) -> None:
        # «平和ツモあり(30符扱い)»: tsumo 1 + pinfu 1 = 2 han 30 fu: 子 200/300, 親 300 all.
        r = score("tokushima", PINFU, "4s", tsumo=True)
        assert (r["han"], r["fu"]) == (2, 30)
        assert yaku(r) == {"menzen_tsumo": 1, "pinfu": 1}
        assert r["payments"] == {"E": 300, "W": 200}
        r = score("tokushima", PINFU, "4s", tsumo=True, seat="E")
        assert r["payments"] == {"S": 300, "W": 300}

    def test_2han_50fu_chiitoitsu(self) -> None:
        # «七対子は2翻50符»: ron 800 (子), 1200 (親).
        hand = "1133p77p99p1199s33z"
        r = score("tokushima", hand, "3z")
        assert (r["han"], r["fu"]) == (2, 50) and r["payments"] == {"W": 800}
        r = score("tokushima", hand, "3z", seat="E", discarder="S")
        assert r["payments"] == {"S": 1200}
        # Tsumo: chiitoitsu 2 + tsumo 1 = 3 han 50 fu: 子 400/800.
        r = score("tokushima", hand, "3z", tsumo=True)
        assert (r["han"], r["fu"]) == (3, 50) and r["payments"] == {"E": 800, "W": 400}

    def test_3han_40fu_tsumo_is_400_700_not_the_seeds_400_500(self) -> None:
        # 123p 456p 789s 555z 99s, riichi, tsumo 2p (kanchan): riichi 1 + tsumo 1 + haku 1 =
        # 3 han; fu 20 + 2 (tsumo) + 8 (closed honor triplet) + 2 (kanchan) = 32 → 40.
        # 3翻40符 子 tsumo: 320 → 400 / 640 → 700 (the seed prints 400/500, a typo).
        r = score("tokushima", "123p456p789s555z99s", "2p", tsumo=True, riichi="riichi")
        assert (r["han"], r["fu"]) == (3, 40)
        assert r["payments"] == {"E": 700, "W": 400}

    def test_4han_40fu_closed_chanta(self) -> None:
        # «チャンタは門前4翻»: 123p 789p 789s 333z 99s ron 3p: fu 20 + 10 + 8 (closed honor
        # triplet) + 2 (penchan) = 40. 4翻40符: 子 2600.
        r = score("tokushima", "123p789p789s333z99s", "3p")
        assert yaku(r) == {"chanta": 4} and (r["han"], r["fu"]) == (4, 40)
        assert r["payments"] == {"W": 2600}


class TestTokushimaYaku:
    def test_iipeikou_closed_2(self) -> None:
        # 112233p 456s 333z 99s, ron 4s: iipeikou 2; fu 20 + 10 + 8 (closed West triplet) =
        # 38 → 40; 2翻40符 = 700.
        r = score("tokushima", "112233p456s333z99s", "4s")
        assert yaku(r) == {"iipeikou": 2} and r["payments"] == {"W": 700}

    def test_iipeikou_open_1(self) -> None:
        # «一盃口は門前2翻、食い下がり1翻»: pon of West, 112233p 456s 99s, ron 4s: iipeikou 1;
        # fu 20 + 4 (open honor triplet) = 24 → 30; 1翻30符 = 300. (At 83f58bb: "no yaku".)
        r = score("tokushima", "112233p456s99s", "4s", melds=[pon("333z")])
        assert yaku(r) == {"iipeikou": 1} and r["payments"] == {"W": 300}

    def test_open_iipeikou_still_needs_a_closed_hand_in_riichi(self) -> None:
        # Guard for the change above: under the Tenhou preset an open 一盃口 is nothing. Pon 中,
        # 112233p 456s 99s ron 4s: chun 1 han, fu 20 + 4 = 24 → 30: 1000.
        r = score("riichi", "112233p456s99s", "4s", melds=[pon("777z")])
        assert yaku(r) == {"chun": 1} and r["payments"] == {"W": 1000}

    def test_chanta_open_3(self) -> None:
        # «チャンタは…食い下がり3翻»: pon West; fu 20 + 4 + 2 (penchan) = 26 → 30:
        # 3翻30符 = 1000.
        r = score("tokushima", "123p789p789s99s", "3p", melds=[pon("333z")])
        assert yaku(r) == {"chanta": 3} and r["payments"] == {"W": 1000}

    def test_junchan_closed_6(self) -> None:
        # «純チャンは門前6翻»: + dora 1 (8p → 9p) = 7 han = haneman (7-8): 6000.
        r = score("tokushima", "123p789p789s111s99s", "3p", dora_indicators="8p")
        assert yaku(r) == {"junchan": 6, "dora": 1}
        assert r["payments"] == {"W": 6000}

    def test_junchan_open_5(self) -> None:
        # «食い下がり5翻»: pon 111s; 5 + dora 1 = 6 han = mangan (5-6): 4000.
        r = score("tokushima", "123p789p789s99s", "3p", melds=[pon("111s")], dora_indicators="8p")
        assert yaku(r) == {"junchan": 5, "dora": 1}
        assert r["payments"] == {"W": 4000}

    def test_chinitsu_closed_7(self) -> None:
        # «清一色は門前7翻»: 111p 234p 666p 789p 55p, ron 7p: 7 han = haneman 6000.
        r = score("tokushima", "111p234p666p789p55p", "7p")
        assert yaku(r) == {"chinitsu": 7} and r["payments"] == {"W": 6000}

    def test_chinitsu_open_5(self) -> None:
        # «食い下がり5翻»: pon 111p: 5 han = mangan 4000.
        r = score("tokushima", "234p666p789p55p", "7p", melds=[pon("111p")])
        assert yaku(r) == {"chinitsu": 5} and r["payments"] == {"W": 4000}

    def test_fu_capped_at_60(self) -> None:
        # «符計算あり(60符まで)»: closed kan 9999p (32) + closed 111s (8) + 20 + 10 (closed ron)
        # = 70 → 60. riichi 1 han 60 fu: base 120 ×4 = 480 → 500 (70 fu would be 600).
        r = score(
            "tokushima",
            "111s234p678s99s",
            "2p",
            riichi="riichi",
            melds=[{"type": "ankan", "tiles": "9999p"}],
        )
        assert r["fu"] == 60 and r["payments"] == {"W": 500}

    def test_north_pair_is_a_value_pair(self) -> None:
        # «北は常時役牌»: a north pair gives 2 fu and no pinfu: riichi 1 han, fu 20 + 10 + 2 =
        # 32 → 40: 400.
        r = score("tokushima", "123p456p789s234s44z", "4s", riichi="riichi")
        assert yaku(r) == {"riichi": 1} and r["fu"] == 40
        assert r["payments"] == {"W": 400}

    def test_north_triplet_is_one_han(self) -> None:
        # 123p 456p 789s 444z 99p, ron 9p (tanki): north triplet 1 han; fu 20 + 10 + 8 + 2
        # (tanki) = 40: 1翻40符 = 400. (At 83f58bb north only gave pair fu: "no yaku".)
        r = score("tokushima", "123p456p789s444z99p", "9p")
        assert r["han"] == 1 and r["payments"] == {"W": 400}

    def test_white_pika_triplet_plus_1(self) -> None:
        # «白ピカ含みの刻子があれば+1翻 (役牌の1翻+白ピカの1翻で2翻)»: 123p 456p 789s 99p +
        # closed 白白白ピカ, ron 4p: haku 1 + pika 1 = 2 han; fu 20 + 10 + 8 = 38 → 40: 700.
        r = score("tokushima", "123p456p789s99p055z", "4p")
        assert r["han"] == 2 and r["payments"] == {"W": 700}
        # A plain white triplet: 1 han 40 fu = 400.
        r = score("tokushima", "123p456p789s99p555z", "4p")
        assert r["han"] == 1 and r["payments"] == {"W": 400}

    def test_white_pika_in_an_open_pon(self) -> None:
        # «門前/鳴きに関わらず»: pon 白白白ピカ: 2 han, fu 20 + 4 = 24 → 30: 500.
        r = score("tokushima", "123p456p789s99p", "4p", melds=[pon("055z")])
        assert r["han"] == 2 and r["payments"] == {"W": 500}

    def test_white_pika_in_a_closed_kan(self) -> None:
        # Closed kan of white with the pika: 2 han; fu 20 + 10 + 32 = 62 → 70 → capped 60:
        # 2翻60符: base 240 ×4 = 960 → 1000.
        r = score("tokushima", "123p456p789s99p", "4p", melds=[{"type": "ankan", "tiles": "0555z"}])
        assert r["han"] == 2 and r["fu"] == 60 and r["payments"] == {"W": 1000}

    def test_white_pika_in_a_pair_is_plain(self) -> None:
        # «対子の場合、白ピカは通常の白として扱う»: riichi 1 han, fu 20 + 10 + 2 (white pair) =
        # 32 → 40: 400.
        r = score("tokushima", "123p456p789s234s50z", "4s", riichi="riichi")
        assert r["han"] == 1 and r["payments"] == {"W": 400}

    def test_white_pika_is_never_wild(self) -> None:
        # «白ピカはオールマイティ牌としては扱わない»: drawn after riichi it does not complete an
        # incomplete hand.
        with pytest.raises(NotAWin):
            score("tokushima", "123p456p78p234s99s0z", "0z", tsumo=True, riichi="riichi")

    def test_terminal_manzu_ron(self) -> None:
        # «一萬/九萬は一枚につき和了時1000点加算»: 111m 456p 789s 234s 99p riichi ron 4s: 1 han,
        # fu 20 + 10 + 8 = 38 → 40: 400, + 3 × 1000 from the discarder = 3400.
        r = score("tokushima", "111m456p789s234s99p", "4s", riichi="riichi")
        assert (r["han"], r["fu"]) == (1, 40) and r["payments"] == {"W": 3400}

    def test_terminal_manzu_tsumo_from_each_payer(self) -> None:
        # Tsumo: riichi + tsumo 2 han, fu 20 + 8 + 2 = 30: 200/300, + 3000 from each payer.
        r = score("tokushima", "111m456p789s234s99p", "4s", tsumo=True, riichi="riichi")
        assert (r["han"], r["fu"]) == (2, 30) and r["payments"] == {"E": 3300, "W": 3200}

    def test_terminal_manzu_called(self) -> None:
        # «門前でも鳴きでも加算する»: pon 999m + pon white; 456p 234s 99p ron 4s: haku 1, fu 20
        # + 4 + 4 = 28 → 30: 300 + 3000 = 3300.
        r = score("tokushima", "456p234s99p", "4s", melds=[pon("999m"), pon("555z", "E")])
        assert r["han"] == 1 and r["payments"] == {"W": 3300}

    def test_renhou_counted_yakuman(self) -> None:
        # «人和、四華は数え役満扱い»: 16000, reported as a (counted) yakuman limit.
        r = score("tokushima", PINFU, "4s", first_turn=True)
        assert r["limit"] == "yakuman" and r["yakuman"] == 0
        assert r["payments"] == {"W": 16000}

    def test_shihua_counted_yakuman(self) -> None:
        # All four flowers extracted (+ riichi for a yaku): counted yakuman 16000.
        r = score("tokushima", PINFU, "4s", riichi="riichi", extracted="1f2f3f4f")
        assert r["limit"] == "yakuman" and r["yakuman"] == 0
        assert r["payments"] == {"W": 16000}

    def test_real_yakuman(self) -> None:
        # «本役満は全て採用»: 大三元 16000 (子 ron).
        r = score("tokushima", "555z666z777z123p99s", "1p")
        assert r["yakuman"] == 1 and r["payments"] == {"W": 16000}


class TestTokushimaFlowers:
    # Base hand: riichi + pinfu = 2 han 30 fu: 500 (子 ron).

    def test_no_flower(self) -> None:
        assert score("tokushima", PINFU, "4s", riichi="riichi")["payments"] == {"W": 500}

    def test_other_seats_flower_plus_1(self) -> None:
        # Spring for South: +1 → 3 han 30 fu: 1000.
        r = score("tokushima", PINFU, "4s", riichi="riichi", extracted="1f")
        assert r["han"] == 3 and r["payments"] == {"W": 1000}

    def test_own_seat_flower_plus_2(self) -> None:
        # «南家(夏)…さらに+1翻»: summer for South: +2 → 4 han 30 fu: 2000.
        r = score("tokushima", PINFU, "4s", riichi="riichi", extracted="2f")
        assert r["han"] == 4 and r["payments"] == {"W": 2000}

    def test_dealer_spring(self) -> None:
        # East = spring: +2 → 4 han 30 fu, dealer ron: 2900.
        r = score(
            "tokushima", PINFU, "4s", riichi="riichi", extracted="1f", seat="E", discarder="S"
        )
        assert r["han"] == 4 and r["payments"] == {"S": 2900}

    def test_winter_plus_2_for_everyone(self) -> None:
        # «冬は常時＋2翻»: 4 han 30 fu: 2000.
        r = score("tokushima", PINFU, "4s", riichi="riichi", extracted="4f")
        assert r["han"] == 4 and r["payments"] == {"W": 2000}

    def test_flower_dora_indicator_plus_1_per_extracted_flower(self) -> None:
        # «ドラ表示牌に華牌があった場合、抜いた華牌ごとに+1翻»: spring + autumn extracted (1 + 1)
        # and a summer indicator: +1 per extracted flower = +2 → 2 + 4 = 6 han = mangan 4000.
        r = score("tokushima", PINFU, "4s", riichi="riichi", extracted="1f3f", dora_indicators="2f")
        assert r["han"] == 6 and r["payments"] == {"W": 4000}

    def test_flower_indicator_without_extracted_flowers(self) -> None:
        r = score("tokushima", PINFU, "4s", riichi="riichi", dora_indicators="2f")
        assert r["han"] == 2 and r["payments"] == {"W": 500}

    def test_flowers_are_not_a_yaku(self) -> None:
        # Dora-like: 123p 456p 789s 234s 99p won on 9p (tanki, no pinfu) has no yaku.
        with pytest.raises(NotAWin):
            score("tokushima", PINFU, "9p", extracted="4f")


def test_tokushima_honba_300_100() -> None:
    # Decision: 4-player honba value. riichi pinfu 500 + 2×300 = 1100; pinfu tsumo 200/300 +
    # 2×100 each = 400/500.
    assert score("tokushima", PINFU, "4s", riichi="riichi", honba=2)["payments"] == {"W": 1100}
    r = score("tokushima", PINFU, "4s", tsumo=True, honba=2)
    assert r["payments"] == {"E": 500, "W": 400}


# ============================================================================================
# mighty (12 real tiles + the wildcard)
# ============================================================================================

# 555z 123p 789s 99p 45s (+ the wildcard as 3s or 6s), riichi, ron 2p (kanchan). Its 12 tiles
# before the win wait on 2p, 3s and 6s only (3 kinds: no お多福).
# riichi 1 + haku 1 = 2 han; fu 20 + 10 (closed ron) + 8 (closed white triplet) + 2 (kanchan)
# = 40.
MIGHTY_HAKU = "555z123p789s99p45s"

# 123p 456p 99p 78s + 234s won on 4s (two-sided), wildcard 6s or 9s. Waits before the win:
# 1s 4s 6s 9s (4 kinds: no お多福). riichi tsumo pinfu = 3 han 20 fu.
MIGHTY_PINFU = "123p456p99p234s78s"


class TestMightyPoints:
    def test_seed_5200_becomes_6000(self) -> None:
        # «1000おきに切り上げ。（例：5200→6000）»: + dora 1 (6s → 7s) = 3 han 40 fu:
        # 1280×4 = 5120 → 5200 → 6000.
        r = score("mighty", MIGHTY_HAKU, "2p", riichi="riichi", dora_indicators="6s")
        assert (r["han"], r["fu"]) == (3, 40)
        assert r["payments"] == {"W": 6000}

    def test_seed_8000_with_one_honba_is_9000(self) -> None:
        # «１本場1000点増し (8000は9000)»: dora 3 (6s → 7s, 8p → 9p ×2): 5 han = mangan 8000,
        # + 1000.
        r = score("mighty", MIGHTY_HAKU, "2p", riichi="riichi", dora_indicators="6s8p", honba=1)
        assert r["han"] == 5 and r["payments"] == {"W": 9000}

    def test_mangan_tsumo_3000_5000(self) -> None:
        # «ツモ損なし»: non-dealer mangan tsumo: E 4000, W 2000, the absent 2000 halved: +1000
        # each: 5000 / 3000.
        r = score("mighty", MIGHTY_HAKU, "2p", tsumo=True, riichi="riichi", dora_indicators="8p")
        assert r["han"] == 5 and r["payments"] == {"E": 5000, "W": 3000}

    def test_seed_3000_5000_with_one_honba_is_4000_6000(self) -> None:
        # «ツモっても1000点増し (3000・5000は4000・6000)».
        r = score(
            "mighty", MIGHTY_HAKU, "2p", tsumo=True, riichi="riichi", dora_indicators="8p", honba=1
        )
        assert r["payments"] == {"E": 6000, "W": 4000}

    def test_dealer_mangan_tsumo_6000_all(self) -> None:
        # Dealer: 4000 each + half of the absent 4000 = 6000 all.
        r = score(
            "mighty", MIGHTY_HAKU, "2p", tsumo=True, riichi="riichi", dora_indicators="8p", seat="E"
        )
        assert r["payments"] == {"S": 6000, "W": 6000}

    def test_order_of_operations_3han_20fu_tsumo(self) -> None:
        # mighty.md: 3 han 20 fu tsumo: base 640: W 700, E 1300; the absent 700 halved → 400
        # each: 1100 / 1700; each rounded up to 1000: 2000 / 2000.
        r = score("mighty", MIGHTY_PINFU, "4s", tsumo=True, riichi="riichi")
        assert (r["han"], r["fu"]) == (3, 20)
        assert yaku(r) == {"riichi": 1, "menzen_tsumo": 1, "pinfu": 1}
        assert r["payments"] == {"E": 2000, "W": 2000}

    def test_hand_has_12_real_tiles(self) -> None:
        # 13 real tiles + the win tile is one too many under the wildcard.
        with pytest.raises(NotAWin):
            score("mighty", PINFU, "4s", riichi="riichi")


class TestMightyWildcard:
    def test_best_identity_is_taken_and_reported(self) -> None:
        # 123p 456p 78p 234s 99s, riichi ron 2s. Waits before the win: 2s 5s (the wildcard
        # on 6p/9p), 6p 9p (wildcard 2s/5s) and 3p (123p 345p 678p, wildcard 2s/5s): 5 kinds →
        # お多福 +1. Wildcard 6p: riichi + pinfu + 1 = 3 han; 9p: + 一気通貫 2 = 5 han = mangan
        # 8000.
        r = score("mighty", "123p456p78p234s99s", "2s", riichi="riichi")
        assert r["wildcard"] == "9p"
        assert yaku(r) == {"riichi": 1, "pinfu": 1, "ittsu": 2, "otafuku": 1}
        assert r["payments"] == {"W": 8000}

    def test_wildcard_five_is_never_red(self) -> None:
        # «心の5は黒»: 46p + wildcard = 5p; riichi + pinfu (the real 2s is two-sided) = 2 han 30
        # fu = 2000; as a red five it would be 3 han (4000).
        r = score("mighty", "123p46p789s234s99s", "2s", riichi="riichi")
        assert r["wildcard"] == "5p"
        assert "aka_dora" not in yaku(r)
        assert r["payments"] == {"W": 2000}

    def test_wildcard_five_can_be_a_dora_kind(self) -> None:
        # mighty.md: «it may count as a dora or ura dora kind»: indicator 4p: +1 → 3 han 30 fu:
        # 3840 → 3900 → 4000.
        r = score("mighty", "123p46p789s234s99s", "2s", riichi="riichi", dora_indicators="4p")
        assert r["han"] == 3 and r["payments"] == {"W": 4000}

    def test_manzu_five_nuki_dora_double_with_1m_indicator(self) -> None:
        # «抜きドラ５m（１ｍが表示牌の時、５ｍはダブドラ）»: two 5m extracted with a 1m indicator:
        # nuki 2 + dora 2; riichi + pinfu 2 → 6 han = haneman 12000.
        r = score(
            "mighty", MIGHTY_PINFU, "4s", riichi="riichi", extracted="5m5m", dora_indicators="1m"
        )
        assert r["han"] == 6 and r["payments"] == {"W": 12000}


class TestMightyYaku:
    def test_north_triplet_is_yakuhai(self) -> None:
        # «北は役牌»: 444z 123p 456p 789s + 9p (wildcard 9p), ron 1p: north 1 han; fu 20 + 10 +
        # 8 = 38 → 40: 1280 → 1300 → 2000.
        r = score("mighty", "444z123p456p789s9p", "1p")
        assert r["han"] == 1 and r["payments"] == {"W": 2000}

    def test_open_riichi_2_han(self) -> None:
        # Open riichi 2 (replaces riichi) + pinfu 1 = 3 han 30 fu: 3840 → 3900 → 4000; a plain
        # riichi: 2 han 30 fu = 1920 → 2000.
        r = score("mighty", MIGHTY_PINFU, "4s", riichi="open")
        assert yaku(r) == {"open_riichi": 2, "pinfu": 1} and r["payments"] == {"W": 4000}
        r = score("mighty", MIGHTY_PINFU, "4s", riichi="riichi")
        assert yaku(r) == {"riichi": 1, "pinfu": 1} and r["payments"] == {"W": 2000}

    def test_yonchoro_pon_like_four_copies(self) -> None:
        # ヨンチョロ: 789s + 999s use all four 9s; 123p 456p 9p (+ wildcard 9p), riichi ron 7s
        # (penchan): riichi 1 + yonchoro 1 = 2 han; fu 20 + 10 + 8 + 2 = 40: 2560 → 2600 →
        # 3000. Waits before the win: 7s 9p only.
        r = score("mighty", "789s999s123p456p9p", "7s", riichi="riichi")
        assert r["han"] == 2 and r["payments"] == {"W": 3000}

    def test_yonchoro_near_miss(self) -> None:
        # 111s instead of 999s: riichi 1 han 40 fu: 1280 → 1300 → 2000.
        r = score("mighty", "789s111s123p456p9p", "7s", riichi="riichi")
        assert r["han"] == 1 and r["payments"] == {"W": 2000}

    def test_yonchoro_with_the_wildcard_as_the_fourth(self) -> None:
        # «心の2sを使って2sが4枚使い»: 999s 78s 123p 456p 11z, riichi ron 1p; the wildcard as 9s
        # (789s + 999s, the 4th 9s) gives yonchoro: riichi 1 + 1 = 2 han; fu 20 + 10 + 8 + 2
        # (East pair, round wind) = 40: 3000. As 6s: 1 han, 2000. お多福 is switched off here to
        # isolate ヨンチョロ (this hand waits on 5 kinds).
        r = score(
            "mighty",
            "999s78s123p456p11z",
            "1p",
            riichi="riichi",
            options={"scoring": {"otafuku": "off"}},
        )
        assert r["wildcard"] == "9s" and r["han"] == 2
        assert r["payments"] == {"W": 3000}

    def test_otafuku_over_four(self) -> None:
        # 123p 456p 789s 11z 5s waits on 3s 4s 5s 6s 7s (the 5s + wildcard) and 1z (111z, the
        # 5s pairs with the wildcard): 6 kinds → +2 han (kinds beyond four).
        # riichi 1 + dora 2 (north → east) + お多福 2 = 5 han = mangan 8000.
        r = score("mighty", "123p456p789s11z35s", "3s", riichi="riichi", dora_indicators="4z")
        assert yaku(r)["otafuku"] == 2 and r["han"] == 5
        assert r["payments"] == {"W": 8000}

    def test_otafuku_every_kind(self) -> None:
        # Knob every_kind: +6 → 9 han = baiman 16000.
        r = score(
            "mighty",
            "123p456p789s11z35s",
            "3s",
            riichi="riichi",
            dora_indicators="4z",
            options={"scoring": {"otafuku": "every_kind"}},
        )
        assert yaku(r)["otafuku"] == 6 and r["payments"] == {"W": 16000}

    def test_otafuku_off(self) -> None:
        # Knob off: 3 han; fu 20 + 10 + 2 (East pair) (+2 if read as a closed wait) = 32/34 →
        # 40: 5120 → 5200 → 6000.
        r = score(
            "mighty",
            "123p456p789s11z35s",
            "3s",
            riichi="riichi",
            dora_indicators="4z",
            options={"scoring": {"otafuku": "off"}},
        )
        assert "otafuku" not in yaku(r) and r["payments"] == {"W": 6000}

    def test_otafuku_not_when_furiten(self) -> None:
        # «フリテンでない5面待ち以上»: furiten tsumo: riichi + tsumo + dora 2 = 4 han; fu 20 + 2
        # + 2 (+2) → 30: base 1920: E 3900, W 2000, absent 2000 halved → +1000: 4900 / 3000
        # → 5000 / 3000. Not furiten: 6 han = haneman: E 6000 + 1500, W 3000 + 1500 → 8000 /
        # 5000.
        hand = "123p456p789s11z35s"
        r = score(
            "mighty", hand, "3s", tsumo=True, riichi="riichi", dora_indicators="4z", furiten=True
        )
        assert "otafuku" not in yaku(r) and r["han"] == 4
        assert r["payments"] == {"E": 5000, "W": 3000}
        r = score("mighty", hand, "3s", tsumo=True, riichi="riichi", dora_indicators="4z")
        assert r["han"] == 6 and r["payments"] == {"E": 8000, "W": 5000}

    def test_manzu_honitsu_yakuman(self) -> None:
        # «萬子の混一色は役満»: pon East; 111m 999m 22z 3z (+ wildcard 2z or 3z), ron 3z:
        # yakuman 32000.
        r = score("mighty", "111m999m22z33z", "3z", melds=[pon("111z")])
        assert r["yakuman"] == 1 and "manzu_honitsu" in yaku(r)
        assert r["payments"] == {"W": 32000}

    def test_manzu_honitsu_seven_pairs(self) -> None:
        r = score("mighty", "11m99m11z22z33z44z5z", "5z")
        assert r["yakuman"] == 1 and "manzu_honitsu" in yaku(r)
        assert r["payments"] == {"W": 32000}

    def test_chinitsu_chiitoi_yakuman(self) -> None:
        # «チンイツチートイは役満»: 11 22 33 44 66 77p + 9p (+ wildcard 9p): 32000.
        r = score("mighty", "1122p3344p6677p9p", "7p")
        assert yaku(r) == {"daisharin": 1} and r["payments"] == {"W": 32000}

    def test_honitsu_chiitoi_6(self) -> None:
        # «メンホンチートイは6役»: 11p 33p 77p 99p 11z 22z (won on 2z) + 3z (+ wildcard 3z):
        # 6 han = haneman 12000. Waits before the win: 2z, 3z only.
        r = score("mighty", "11p33p77p99p11z22z3z", "2z")
        assert yaku(r) == {"shousharin": 6} and r["payments"] == {"W": 12000}

    def test_plain_chiitoi_near_miss(self) -> None:
        # 77s: chiitoitsu 2 han 25 fu: 400×4 = 1600 → 2000.
        r = score("mighty", "11p33p77s99p11z22z3z", "2z")
        assert yaku(r) == {"chiitoitsu": 2} and r["payments"] == {"W": 2000}


class TestMightyMu:
    # «【無】（4副露で打牌を完了すると【無】となり役満。4副露目を鳴かせた者が責任払い。）»
    PONS: ClassVar[list[dict[str, str]]] = [
        pon("111p", "E"),
        pon("999p", "W"),
        pon("111s", "E"),
        pon("777z", "W"),
    ]

    def test_mu_paid_in_full_by_the_fourth_call_feeder(self) -> None:
        # A yakuman: 32000 in all (ron value; the tsumo shares 16000 + 4000 and 8000 + 4000 add
        # up to the same), from West who fed the fourth call.
        r = service("mighty").score(
            {"hand": "", "mu": True, "melds": self.PONS, "seat": "S", "pao": "W"}
        )
        assert r["yakuman"] == 1 and r["payments"] == {"W": 32000}


class TestMightyWareme:
    # MIGHTY_HAKU with dora 8p (9p ×2): ron riichi + haku + 2 = 4 han 40 fu = mangan 8000;
    # tsumo + menzen tsumo = 5 han = mangan 5000 / 3000.

    def _ron(self, wareme: str, **kw: Any) -> Any:
        return score_sit(
            "mighty",
            MIGHTY_HAKU,
            "2p",
            {"wareme_wind": W[wareme]},
            riichi="riichi",
            dora_indicators="8p",
            **kw,
        )

    def _tsumo(self, wareme: str, **kw: Any) -> Any:
        return score_sit(
            "mighty",
            MIGHTY_HAKU,
            "2p",
            {"wareme_wind": W[wareme]},
            tsumo=True,
            riichi="riichi",
            dora_indicators="8p",
            **kw,
        )

    def test_wareme_discarder_pays_double(self) -> None:
        assert self._ron("W")["payments"] == {"W": 16000}

    def test_wareme_winner_receives_double(self) -> None:
        assert self._ron("S")["payments"] == {"W": 16000}

    def test_wareme_not_involved(self) -> None:
        assert self._ron("E")["payments"] == {"W": 8000}

    def test_wareme_honba_not_doubled(self) -> None:
        # 8000 × 2 + 1000 (one honba, not doubled) = 17000.
        assert self._ron("W", honba=1)["payments"] == {"W": 17000}

    def test_wareme_tsumo_payer(self) -> None:
        # E (割れ目) pays 5000 × 2; W 3000.
        assert self._tsumo("E")["payments"] == {"E": 10000, "W": 3000}

    def test_wareme_tsumo_winner(self) -> None:
        assert self._tsumo("S")["payments"] == {"E": 10000, "W": 6000}


class TestMightyDaiminkanLiability:
    # Open kan 1111s fed by West, then a rinshan tsumo. 123p 3p 45p 99p 78s: won on 3p
    # (45p two-sided), the wildcard completes 78s (6s or 9s); waits before the win: 3p 6p 6s
    # 9s. rinshan 1 + ヨンチョロ 1 (four 1s) + dora 3 (8p → 9p ×2, 4p → 5p) = 5 han = mangan:
    # E 5000, W 3000 (8000 in all).
    HAND = "12334599p78s"
    KAN: ClassVar[list[dict[str, str]]] = [{"type": "minkan", "tiles": "1111s", "from": "W"}]

    def _score(self, feeder: str | None, **kw: Any) -> Any:
        extra = {"kan_feeder_wind": W[feeder] if feeder else None}
        return score_sit(
            "mighty",
            self.HAND,
            "3p",
            extra,
            tsumo=True,
            rinshan=True,
            melds=self.KAN,
            dora_indicators="8p4p",
            **kw,
        )

    def test_without_feeder(self) -> None:
        r = self._score(None)
        assert r["han"] == 5 and r["payments"] == {"E": 5000, "W": 3000}

    def test_feeder_pays_in_full(self) -> None:
        # «大明槓による責任払いあり»: West pays the whole 8000.
        assert self._score("W")["payments"] == {"W": 8000}

    def test_dealer_feeder_pays_in_full(self) -> None:
        assert self._score("E")["payments"] == {"E": 8000}


# ============================================================================================
# kanto-boo
# ============================================================================================

# 234m 4(red)6p 678s 234s 55p, riichi ron 2s: riichi 1 + pinfu 1 + tanyao 1 + red 1 = 4 han
# 30 fu.
BOO = "234m406p678s234s55p"


class TestKantoBoo:
    def test_no_kiriage_7700_stays(self) -> None:
        # 4 han 30 fu: 1920×4 = 7680 → 7700; dealer 11520 → 11600.
        r = score("kanto-boo", BOO, "2s", riichi="riichi")
        assert (r["han"], r["fu"]) == (4, 30) and r["payments"] == {"W": 7700}
        r = score("kanto-boo", BOO, "2s", riichi="riichi", seat="E", discarder="S")
        assert r["payments"] == {"S": 11600}

    def test_haneman_is_paid_as_mangan(self) -> None:
        # + dora 2 (1m → 2m, 1s → 2s) = 6 han: capped at mangan: 8000 / 12000.
        r = score("kanto-boo", BOO, "2s", riichi="riichi", dora_indicators="1m1s")
        assert r["han"] == 6 and r["payments"] == {"W": 8000}
        r = score(
            "kanto-boo", BOO, "2s", riichi="riichi", dora_indicators="1m1s", seat="E", discarder="S"
        )
        assert r["payments"] == {"S": 12000}

    def test_capped_tsumo(self) -> None:
        # 7 han tsumo, capped: 2000 / 2000 / 4000.
        r = score("kanto-boo", BOO, "2s", tsumo=True, riichi="riichi", dora_indicators="1m1s")
        assert r["han"] == 7 and r["payments"] == {"E": 4000, "W": 2000, "N": 2000}

    def test_yakuman_pays_mangan_but_is_reported(self) -> None:
        # «役満貫もこれと同額»: 大三元 pays 8000 and is still reported as a yakuman (the
        # settlement's double マルエー needs to know).
        r = score("kanto-boo", "555z666z777z123m99p", "1m")
        assert r["yakuman"] == 1 and "daisangen" in yaku(r)
        assert r["payments"] == {"W": 8000}

    def test_most_han_among_capped_readings(self) -> None:
        # «With several readings, take the most han»: 223344m 556677p 55s, riichi ron 2m, dora
        # 4p (5p ×2): as 二盃口 riichi 1 + ryanpeikou 3 + tanyao 1 + pinfu 1 + 2 = 8 han 30 fu;
        # as 七対子 2 + riichi + tanyao + 2 = 6 han 25 fu; both pay mangan 8000.
        r = score("kanto-boo", "223344m556677p55s", "2m", riichi="riichi", dora_indicators="4p")
        assert (r["han"], r["fu"]) == (8, 30) and r["payments"] == {"W": 8000}

    def test_no_ura_dora(self) -> None:
        # «裏ドラはありません»: an ura indicator changes nothing: 7700.
        r = score("kanto-boo", BOO, "2s", riichi="riichi", ura_indicators="1m")
        assert r["payments"] == {"W": 7700}

    def test_pinfu_tsumo_20_fu_and_open_pinfu_shape_30(self) -> None:
        # «摸和した場合でも 2符をキャンセル»: tsumo pinfu tanyao + red = 4 han 20 fu: base 1280:
        # 1300 / 1300 / 2600.
        r = score("kanto-boo", BOO, "2s", tsumo=True)
        assert (r["han"], r["fu"]) == (4, 20)
        assert r["payments"] == {"E": 2600, "W": 1300, "N": 1300}
        # «喰い平和なし…30符で計算»: pon 222p, 234m 678s 234s 55p ron 2s: tanyao 1, fu 20 + 2 =
        # 22 → 30: 1000.
        r = score("kanto-boo", "234m678s234s55p", "2s", melds=[pon("222p")])
        assert (r["han"], r["fu"]) == (1, 30) and r["payments"] == {"W": 1000}

    def test_chiitoitsu_25_fu(self) -> None:
        # «25符両翻»: chiitoitsu + tanyao = 3 han 25 fu: 800×4 = 3200.
        r = score("kanto-boo", "2244m6688p3355s77p", "7p")
        assert (r["han"], r["fu"]) == (3, 25) and r["payments"] == {"W": 3200}

    def test_honba_300_100(self) -> None:
        # 7700 + 2×300 = 8300.
        r = score("kanto-boo", BOO, "2s", riichi="riichi", honba=2)
        assert r["payments"] == {"W": 8300}


# -- The house units themselves -----------------------------------------------------------------

_SWITCHED_ON_BY = {
    "pika": "tokushima",
    "yonchoro": "mighty",
    "chiitoi_four": "gotou",
    "otafuku": "mighty",
    "tedumari": "gotou",
    "summer": "gotou",
    "riichi_only_ron": "gotou",
    "mu": "mighty",
}


def test_each_house_unit_names_the_knob_that_switches_it_on() -> None:
    """Every house han is off under Tenhou's rules and on in the preset whose seed has it, by
    the knob the unit names; the house yakuman of the whole win are listed yaku of theirs."""
    from jantaku.rules import load_preset
    from jantaku.rules.model import ScoringRules
    from jantaku.scoring.house import HOUSE_HAN, WIN_YAKUMAN
    from jantaku.scoring.yaku import ALL_YAKU_BY_ID, DORA_NAMES, HOUSE_IDS

    riichi = load_preset("riichi").scoring
    for unit in HOUSE_HAN:
        section, _, name = unit.knob.partition(".")
        assert section == "scoring" and name in ScoringRules.model_fields, unit.knob
        assert not unit.on(riichi), unit.id
        assert unit.on(load_preset(_SWITCHED_ON_BY[unit.id]).scoring), unit.id
        assert DORA_NAMES[unit.id] == (unit.name_en, unit.name_ja)
        assert unit.id not in ALL_YAKU_BY_ID  # han, never a yaku by themselves
    for y in WIN_YAKUMAN:
        assert ALL_YAKU_BY_ID[y.id] is y and y.id in HOUSE_IDS
        assert y.id not in riichi.extra_yaku
        assert y.id in load_preset(_SWITCHED_ON_BY[y.id]).scoring.extra_yaku


def test_riichi_only_ron_and_mu_say_what_the_seeds_say() -> None:
    """«リーのみロンあがり 華抜きもなし ドラ表裏ドラにも華無し» and «4副露で打牌を完了すると【無】»,
    asked directly: each condition the seed names can make them false."""
    from jantaku.rules import load_preset
    from jantaku.scoring.house import MU, RIICHI_ONLY_RON
    from jantaku.scoring.situation import WinSituation

    ts = load_preset("gotou").tileset()
    flower = next(t for t in ts.tiles if t >= 136)
    plain = next(t for t in ts.tiles if t < 136)

    def sit(**kw: Any) -> WinSituation:
        base: dict[str, Any] = {"concealed": (plain,), "win_tile": plain, "tsumo": False}
        return WinSituation(**(base | kw), tileset=ts)

    assert RIICHI_ONLY_RON.test(sit(), ["riichi"], 0)
    assert not RIICHI_ONLY_RON.test(sit(tsumo=True), ["riichi"], 0)
    assert not RIICHI_ONLY_RON.test(sit(), ["riichi", "tanyao"], 0)
    assert not RIICHI_ONLY_RON.test(sit(), ["riichi"], 1)
    assert not RIICHI_ONLY_RON.test(sit(extracted=(flower,)), ["riichi"], 0)
    assert not RIICHI_ONLY_RON.test(sit(ura_indicators=(flower,)), ["riichi"], 0)
    assert not MU.test(sit(), [], 0)  # a tile left, no calls

    sc = service("mighty").scorer(None)

    def called(pons: list[dict[str, str]]) -> WinSituation:
        obj = {"hand": "", "mu": True, "melds": pons, "seat": "S", "win": "tsumo"}
        return situation_from_json(obj, sc.tileset, sc.preset.players, sc.extractable)

    assert MU.test(called(TestMightyMu.PONS), [], 0)
    assert not MU.test(called(TestMightyMu.PONS[:3]), [], 0)
