"""Every ``ScoringRules`` knob at a non-default value, and the preset files themselves.

Each knob is tested where it changes the result, so that a knob that does nothing fails a test;
``test_every_scoring_knob_has_a_test`` checks that no knob of the model is left without one.
Knob overrides go through the ``options`` of the score JSON (flat names, or by section for the
names that exist in two sections: ``ura_dora``, ``otafuku``, ``dot_white``).

Expected values are worked out by hand (formulas: see tests/scoring/test_house_scoring.py). Unless a
case says otherwise the winner sits South in the East round, a ron comes from West.
"""

from __future__ import annotations

import dataclasses
import functools
from importlib import resources
from typing import Any

import pytest
from pydantic import BaseModel

from jantaku.cli import run_json
from jantaku.rules import PRESET_NAMES, RulesError, load_preset
from jantaku.rules.model import Preset, ScoringRules
from jantaku.scoring import NotAWin, Refusal
from jantaku.scoring.json_io import (
    ScoreService,
    SituationError,
    result_to_json,
    situation_from_json,
)
from jantaku.tiles.kinds import WEST
from support.knob_marks import knob_marker

COVERED, knob = knob_marker()
"""The ScoringRules knobs a test below sets (``@knob``), for the registry test."""


@functools.cache
def service(preset: str) -> ScoreService:
    return ScoreService(preset)


def _obj(hand: str, win_tile: str, kw: dict[str, Any]) -> dict[str, Any]:
    obj: dict[str, Any] = {"hand": hand, "win_tile": win_tile, "seat": "S", "round": "E"}
    if kw.pop("tsumo", False):
        obj["win"] = "tsumo"
    else:
        obj["win"] = "ron"
        obj["discarder"] = kw.pop("discarder", "W")
    obj.update(kw)
    return obj


def score(preset: str, hand: str, win_tile: str, **kw: Any) -> dict[str, Any]:
    return service(preset).score(_obj(hand, win_tile, kw))


def pay(preset: str, hand: str, win_tile: str, **kw: Any) -> dict[str, int]:
    return dict(score(preset, hand, win_tile, **kw)["payments"])


def score_sit(preset: str, hand: str, win_tile: str, extra: dict[str, Any], **kw: Any) -> Any:
    """For WinSituation fields that the JSON does not have (wareme_wind, kan_feeder_wind,
    tedumari)."""
    obj = _obj(hand, win_tile, kw)
    sc = service(preset).scorer(obj.pop("options", None))
    sit = situation_from_json(obj, sc.tileset, sc.preset.players, sc.extractable)
    return result_to_json(sc.score(dataclasses.replace(sit, **extra)))


def yaku(res: dict[str, Any]) -> dict[str, int]:
    return {
        y["id"]: y.get("yakuman") or y["han"] for y in res["yaku"] if y["han"] or y.get("yakuman")
    }


def pon(tiles: str, frm: str = "W") -> dict[str, str]:
    return {"type": "pon", "tiles": tiles, "from": frm}


# Four-player (riichi / kanto-boo) hands.
# 234m 456p 678s 234s 55p won on 2s (34s two-sided): pinfu + tanyao; with riichi on a ron 3 han
# 30 fu = 960×4 = 3840 → 3900; tsumo without riichi: tsumo + pinfu + tanyao = 3 han 20 fu, base
# 640: E 1300, W 700, N 700.
R_PINFU = "234m456p678s234s55p"
# Open tanyao: pon 222p + 234m 678s 234s 55p, ron 2s: 1 han, fu 20 + 2 = 22 → 30: 1000.
OPEN_TANYAO = ("234m678s234s55p", [pon("222p")])
# kanto-boo: 234m 4(red 5)6p 678s 234s 55p, riichi ron 2s: riichi pinfu tanyao red = 4 han 30 fu.
BOO = "234m406p678s234s55p"
# Three-player: 123p 456p 789s 234s 99p won on 4s (two-sided): pinfu.
PINFU = "123p456p789s234s99p"
# mighty: 555z 123p 789s 99p 45s (+ wildcard 3s/6s), ron 2p: riichi + haku, fu 40 (3 waits).
MIGHTY_HAKU = "555z123p789s99p45s"
# mighty: 123p 456p 99p 78s + 234s won on 4s: riichi tsumo pinfu = 3 han 20 fu (4 waits).
MIGHTY_PINFU = "123p456p99p234s78s"


# --------------------------------------------------------------------------------------------
# Yaku and han


@knob("kuitan")
def test_kuitan_off() -> None:
    hand, melds = OPEN_TANYAO
    assert pay("riichi", hand, "2s", melds=melds) == {"W": 1000}
    with pytest.raises(NotAWin):
        score("riichi", hand, "2s", melds=melds, options={"kuitan": False})


@knob("double_yakuman")
def test_double_yakuman() -> None:
    # 111p 999s 111z 222z 33z, ron 3z: 四暗刻単騎, 2 × 32000 with the knob on (riichi default),
    # once with it off (gotou default).
    hand = "111p999s111z222z33z"
    assert pay("riichi", hand, "3z") == {"W": 64000}
    assert pay("riichi", hand, "3z", options={"double_yakuman": False}) == {"W": 32000}
    assert pay("gotou", hand, "3z") == {"W": 32000}
    assert pay("gotou", hand, "3z", options={"double_yakuman": True}) == {"W": 64000}


@knob("kazoe_yakuman")
def test_kazoe_yakuman_off() -> None:
    # 111p 234p 666p 789p 55p riichi ron 7p, dora 9p (→ 1p ×3) and 5p (→ 6p ×3): riichi 1 +
    # chinitsu 6 + dora 6 = 13 han: counted yakuman 32000, or with the knob off 三倍満 24000.
    hand = "111p234p666p789p55p"
    r = score("riichi", hand, "7p", riichi="riichi", dora_indicators="9p5p")
    assert r["han"] == 13 and r["limit"] == "yakuman" and r["payments"] == {"W": 32000}
    r = score(
        "riichi",
        hand,
        "7p",
        riichi="riichi",
        dora_indicators="9p5p",
        options={"kazoe_yakuman": False},
    )
    assert r["limit"] == "sanbaiman" and r["payments"] == {"W": 24000}


@knob("kiriage")
def test_kiriage_on() -> None:
    # 4 han 30 fu: 7700 / 11600 without, mangan 8000 / 12000 with 切り上げ満貫.
    assert pay("kanto-boo", BOO, "2s", riichi="riichi") == {"W": 7700}
    r = score("kanto-boo", BOO, "2s", riichi="riichi", options={"kiriage": True})
    assert r["limit"] == "mangan" and r["payments"] == {"W": 8000}
    r = score(
        "kanto-boo", BOO, "2s", riichi="riichi", seat="E", discarder="S", options={"kiriage": True}
    )
    assert r["payments"] == {"S": 12000}


@knob("disabled_yaku")
def test_disabled_yaku() -> None:
    # riichi default disables 人和: a first-turn ron is pinfu tanyao 2 han 30 fu = 2000.
    assert pay("riichi", R_PINFU, "2s", first_turn=True) == {"W": 2000}
    # Enabled: yakuman 32000.
    assert pay("riichi", R_PINFU, "2s", first_turn=True, options={"disabled_yaku": []}) == {
        "W": 32000
    }
    # Disabling pinfu: riichi + tanyao = 2 han, fu 20 + 10 = 30: 2000 (instead of 3900).
    r = score("riichi", R_PINFU, "2s", riichi="riichi", options={"disabled_yaku": ["pinfu"]})
    assert yaku(r) == {"riichi": 1, "tanyao": 1} and r["payments"] == {"W": 2000}


@knob("yaku_han")
def test_yaku_han() -> None:
    # 123m 789p 789s 333z 99s ron 3m (penchan): chanta 2, fu 20 + 10 + 8 + 2 = 40: 2600.
    hand = "123m789p789s333z99s"
    assert pay("riichi", hand, "3m") == {"W": 2600}
    # chanta = [4, 2]: 4 han 40 fu = mangan 8000.
    opts = {"yaku_han": {"chanta": [4, 2]}}
    assert pay("riichi", hand, "3m", options=opts) == {"W": 8000}
    # Open (pon West): 1 han 30 fu = 1000 by default; 2 han 30 fu = 2000 with [4, 2].
    open_hand, melds = "123m789p789s99s", [pon("333z")]
    assert pay("riichi", open_hand, "3m", melds=melds) == {"W": 1000}
    assert pay("riichi", open_hand, "3m", melds=melds, options=opts) == {"W": 2000}
    # Open han 0 = closed only: the open hand has no yaku.
    with pytest.raises(NotAWin):
        score("riichi", open_hand, "3m", melds=melds, options={"yaku_han": {"chanta": [2, 0]}})


@knob("extra_yaku")
def test_extra_yaku() -> None:
    # Pons 222s 333s 444s + 789p 33z ron 9p: only 三連刻. Off in riichi, on in gotou.
    melds = [pon("222s"), pon("333s"), pon("444s")]
    with pytest.raises(NotAWin):
        score("riichi", "789p33z", "9p", melds=melds)
    # 2 han, fu 20 + 3×2 = 26 → 30: 1920 → 2000.
    r = score("riichi", "789p33z", "9p", melds=melds, options={"extra_yaku": ["sanrenkou"]})
    assert yaku(r) == {"sanrenkou": 2} and r["payments"] == {"W": 2000}
    with pytest.raises(NotAWin):
        score("gotou", "789p33z", "9p", melds=melds, options={"extra_yaku": []})


@knob("yakuhai_north")
def test_yakuhai_north() -> None:
    # 123p 456p 789s 234s 44z riichi ron 4s. North a value pair (tokushima): no pinfu, fu 20 +
    # 10 + 2 = 32 → 40, 1 han 40 fu = 400. Off: riichi + pinfu 2 han 30 fu = 500.
    hand = "123p456p789s234s44z"
    assert pay("tokushima", hand, "4s", riichi="riichi") == {"W": 400}
    assert pay("tokushima", hand, "4s", riichi="riichi", options={"yakuhai_north": False}) == {
        "W": 500
    }
    # sanma (off by default): riichi pinfu 2 han 30 fu = 1920 → 2000; on: 1 han 40 fu = 1300.
    assert pay("sanma", hand, "4s", riichi="riichi") == {"W": 2000}
    assert pay("sanma", hand, "4s", riichi="riichi", options={"yakuhai_north": True}) == {"W": 1300}


@knob("min_han")
def test_min_han() -> None:
    hand, melds = OPEN_TANYAO
    with pytest.raises(NotAWin):
        score("riichi", hand, "2s", melds=melds, options={"min_han": 2})
    # Dora do not count toward it: tanyao + red five is still 1 han of yaku.
    with pytest.raises(NotAWin):
        score("riichi", "234m678s234s05p", "2s", melds=melds, options={"min_han": 2})
    # Three han of yaku pass: 3900.
    assert pay("riichi", R_PINFU, "2s", riichi="riichi", options={"min_han": 2}) == {"W": 3900}


@knob("two_han_from_honba")
def test_two_han_from_honba() -> None:
    hand, melds = OPEN_TANYAO
    opts = {"two_han_from_honba": 5}
    # Default (off): honba 5 changes nothing: 1000 + 5×300 = 2500.
    assert pay("kanto-boo", hand, "2s", melds=melds, honba=5) == {"W": 2500}
    # From the 5th honba a 1-han hand is refused; at honba 4 it is fine: 1000 + 1200.
    with pytest.raises(NotAWin):
        score("kanto-boo", hand, "2s", melds=melds, honba=5, options=opts)
    assert pay("kanto-boo", hand, "2s", melds=melds, honba=4, options=opts) == {"W": 2200}
    # Red fives do not count (tanyao + red = 1 han of yaku).
    with pytest.raises(NotAWin):
        score("kanto-boo", "234m678s234s05p", "2s", melds=melds, honba=5, options=opts)
    # riichi pinfu tanyao (+ red): 7700 + 1500 = 9200.
    assert pay("kanto-boo", BOO, "2s", riichi="riichi", honba=5, options=opts) == {"W": 9200}


@knob("open_riichi_bonus")
def test_open_riichi_bonus() -> None:
    # gotou: riichi + pinfu 2000 + 1000; knob 0: 2000.
    assert pay("gotou", PINFU, "4s", riichi="open") == {"W": 3000}
    assert pay("gotou", PINFU, "4s", riichi="open", options={"open_riichi_bonus": 0}) == {"W": 2000}
    # riichi with the knob: 3900 + 1000 (open riichi is a plain 1-han riichi there).
    assert pay("riichi", R_PINFU, "2s", riichi="open", options={"open_riichi_bonus": 1000}) == {
        "W": 4900
    }


# --------------------------------------------------------------------------------------------
# Fu


@knob("fu")
def test_fu_fixed30_and_counted() -> None:
    # riichi: pinfu tsumo 3 han 20 fu: 1300/700/700; fixed 30 fu: base 960: 2000/1000/1000.
    assert pay("riichi", R_PINFU, "2s", tsumo=True) == {"E": 1300, "W": 700, "N": 700}
    assert pay("riichi", R_PINFU, "2s", tsumo=True, options={"fu": "fixed30"}) == {
        "E": 2000,
        "W": 1000,
        "N": 1000,
    }
    # gotou counted: riichi tsumo pinfu + dora 1 = 4 han 20 fu: 3000/4000 (seed's 1300/2600).
    r = score(
        "gotou",
        PINFU,
        "4s",
        tsumo=True,
        riichi="riichi",
        dora_indicators="3s",
        options={"fu": "counted"},
    )
    assert r["fu"] == 20 and r["payments"] == {"E": 4000, "W": 3000}


@knob("fu_cap")
def test_fu_cap() -> None:
    # Closed kan 9999p + closed 111s + 234p 678s 99s, riichi ron 2p: 20 + 10 + 32 + 8 = 70 fu.
    # tokushima caps at 60: 1 han 60 fu = 120×4 = 480 → 500; no cap: 140×4 = 560 → 600.
    kw: dict[str, Any] = {"riichi": "riichi", "melds": [{"type": "ankan", "tiles": "9999p"}]}
    assert pay("tokushima", "111s234p678s99s", "2p", **kw) == {"W": 500}
    r = score("tokushima", "111s234p678s99s", "2p", options={"fu_cap": 0}, **kw)
    assert r["fu"] == 70 and r["payments"] == {"W": 600}
    # riichi, cap 40: 1 han 40 fu = 1280 → 1300 (70 fu: 2240 → 2300).
    hand = "111s234p678s99s"
    assert pay("riichi", hand, "2p", **kw) == {"W": 2300}
    assert pay("riichi", hand, "2p", options={"fu_cap": 40}, **kw) == {"W": 1300}


@knob("chiitoitsu_fu")
def test_chiitoitsu_fu() -> None:
    hand = "1133p77p99p1199s33z"
    # tokushima 50 fu: 2 han 50 fu = 800; 25 fu: 25×4 = 100 → 400.
    assert pay("tokushima", hand, "3z") == {"W": 800}
    assert pay("tokushima", hand, "3z", options={"chiitoitsu_fu": 25}) == {"W": 400}
    # riichi 25 fu: 400×4 = 1600; 50 fu: 800×4 = 3200.
    assert pay("riichi", hand, "3z") == {"W": 1600}
    assert pay("riichi", hand, "3z", options={"chiitoitsu_fu": 50}) == {"W": 3200}


@knob("pinfu_tsumo_fu")
def test_pinfu_tsumo_fu() -> None:
    # tokushima 30 fu: 2 han 30 fu 200/300; 20 fu: base 80: 100/200.
    assert pay("tokushima", PINFU, "4s", tsumo=True) == {"E": 300, "W": 200}
    assert pay("tokushima", PINFU, "4s", tsumo=True, options={"pinfu_tsumo_fu": 20}) == {
        "E": 200,
        "W": 100,
    }
    # riichi 30 fu: 3 han 30 fu, base 960: 2000/1000/1000.
    assert pay("riichi", R_PINFU, "2s", tsumo=True, options={"pinfu_tsumo_fu": 30}) == {
        "E": 2000,
        "W": 1000,
        "N": 1000,
    }


# --------------------------------------------------------------------------------------------
# Tables, limits, rounding, payments


@knob("point_table")
def test_point_table() -> None:
    # tokushima with the standard table: pinfu tsumo 2 han 30 fu, base 480: 500/1000.
    assert pay("tokushima", PINFU, "4s", tsumo=True, options={"point_table": "standard"}) == {
        "E": 1000,
        "W": 500,
    }
    # riichi with tokushima's table: riichi pinfu tanyao 3 han 30 fu: base 240 ×4 = 960 → 1000.
    assert pay("riichi", R_PINFU, "2s", riichi="riichi", options={"point_table": "no_bazoro"}) == {
        "W": 1000
    }


@knob("limit_cap")
def test_limit_cap() -> None:
    # kanto-boo haneman (6 han) uncapped: 12000 / 18000; yakuman 32000.
    opts = {"limit_cap": "none"}
    assert pay("kanto-boo", BOO, "2s", riichi="riichi", dora_indicators="1m1s", options=opts) == {
        "W": 12000
    }
    assert pay(
        "kanto-boo",
        BOO,
        "2s",
        riichi="riichi",
        dora_indicators="1m1s",
        seat="E",
        discarder="S",
        options=opts,
    ) == {"S": 18000}
    assert pay("kanto-boo", "555z666z777z123m99p", "1m", options=opts) == {"W": 32000}
    # riichi capped at mangan: the same haneman pays 8000.
    hand = "234m406p678s234s55p"
    assert pay("riichi", hand, "2s", riichi="riichi", dora_indicators="1m1s") == {"W": 12000}
    assert pay(
        "riichi",
        hand,
        "2s",
        riichi="riichi",
        dora_indicators="1m1s",
        options={"limit_cap": "mangan"},
    ) == {"W": 8000}


@knob("round_up")
def test_round_up() -> None:
    # gotou, riichi pinfu dora 1 = 3 han: 3840 → 3900, to 1000: 4000; knob 100: 3900.
    kw: dict[str, Any] = {"riichi": "riichi", "dora_indicators": "3s"}
    assert pay("gotou", PINFU, "4s", **kw) == {"W": 4000}
    assert pay("gotou", PINFU, "4s", options={"round_up": 100}, **kw) == {"W": 3900}
    # mighty 5200 stays 5200.
    assert pay(
        "mighty",
        MIGHTY_HAKU,
        "2p",
        riichi="riichi",
        dora_indicators="6s",
        options={"round_up": 100},
    ) == {"W": 5200}
    # riichi 3900 → 4000 with 1000.
    assert pay("riichi", R_PINFU, "2s", riichi="riichi", options={"round_up": 1000}) == {"W": 4000}


@knob("tsumo_bonus")
def test_tsumo_bonus() -> None:
    # gotou riichi tsumo pinfu 3 han: 1000/2000 after rounding; +1000 by default.
    assert pay("gotou", PINFU, "4s", tsumo=True, riichi="riichi") == {"E": 3000, "W": 2000}
    assert pay("gotou", PINFU, "4s", tsumo=True, riichi="riichi", options={"tsumo_bonus": 0}) == {
        "E": 2000,
        "W": 1000,
    }
    # riichi +500: 1800/1200/1200; a ron gets nothing.
    opts = {"tsumo_bonus": 500}
    assert pay("riichi", R_PINFU, "2s", tsumo=True, options=opts) == {
        "E": 1800,
        "W": 1200,
        "N": 1200,
    }
    assert pay("riichi", R_PINFU, "2s", riichi="riichi", options=opts) == {"W": 3900}


@knob("honba_ron")
def test_honba_ron() -> None:
    hand, melds = OPEN_TANYAO
    assert pay("riichi", hand, "2s", melds=melds, honba=2) == {"W": 1600}
    assert pay("riichi", hand, "2s", melds=melds, honba=2, options={"honba_ron": 1000}) == {
        "W": 3000
    }


@knob("honba_tsumo")
def test_honba_tsumo() -> None:
    # 1300/700/700 + 100 each by default; + 500 each with the knob.
    assert pay("riichi", R_PINFU, "2s", tsumo=True, honba=1) == {"E": 1400, "W": 800, "N": 800}
    assert pay("riichi", R_PINFU, "2s", tsumo=True, honba=1, options={"honba_tsumo": 500}) == {
        "E": 1800,
        "W": 1200,
        "N": 1200,
    }


@knob("riichi_stick")
def test_riichi_stick_is_not_a_points_payment() -> None:
    # The score JSON reports sticks as a count; their value (riichi_stick) is paid by the
    # ledger, which is not tested here. Changing it changes neither the count nor the payments.
    for opts in ({}, {"riichi_stick": 500}):
        r = score("riichi", R_PINFU, "2s", riichi="riichi", riichi_sticks=2, options=opts)
        assert r["sticks"] == 2 and r["payments"] == {"W": 3900}
    assert load_preset("riichi", {"riichi_stick": 500}).scoring.riichi_stick == 500


@knob("tsumo_son")
def test_tsumo_son() -> None:
    # sanma pinfu tsumo 2 han 20 fu, base 320: E 640 → 700, W 320 → 400.
    assert pay("sanma", PINFU, "4s", tsumo=True) == {"E": 700, "W": 400}
    # Off: the absent 320 → 400, halved: +200 each: 900 / 600.
    assert pay("sanma", PINFU, "4s", tsumo=True, options={"tsumo_son": False}) == {
        "E": 900,
        "W": 600,
    }
    # mighty with tsumo-son: 3 han 20 fu: 700/1300 → 1000/2000 (instead of 2000/2000).
    assert pay(
        "mighty", MIGHTY_PINFU, "4s", tsumo=True, riichi="riichi", options={"tsumo_son": True}
    ) == {"E": 2000, "W": 1000}


@knob("terminal_manzu_bonus")
def test_terminal_manzu_bonus() -> None:
    # tokushima: 1 han 40 fu 400 + 3×1000; knob 0: 400.
    hand = "111m456p789s234s99p"
    assert pay("tokushima", hand, "4s", riichi="riichi") == {"W": 3400}
    assert pay("tokushima", hand, "4s", riichi="riichi", options={"terminal_manzu_bonus": 0}) == {
        "W": 400
    }
    # riichi with 500 per 1m/9m: 111m 456p 678s 234s 55p riichi ron 2s: 1 han 40 fu = 1300 +
    # 3 × 500 = 2800.
    assert pay(
        "riichi",
        "111m456p678s234s55p",
        "2s",
        riichi="riichi",
        options={"terminal_manzu_bonus": 500},
    ) == {"W": 2800}


@knob("nuki_dora")
def test_nuki_dora() -> None:
    # sanma: an extracted north is one han: pinfu tsumo + 1 = 3 han 20 fu, base 640: 1300/700.
    assert pay("sanma", PINFU, "4s", tsumo=True, extracted="4z") == {"E": 1300, "W": 700}
    # With no nuki-dora kinds north cannot be set aside.
    with pytest.raises(SituationError):
        score("sanma", PINFU, "4s", tsumo=True, extracted="4z", options={"nuki_dora": []})
    # mighty: the 5m.
    r = score("mighty", MIGHTY_PINFU, "4s", riichi="riichi", extracted="5m")
    assert yaku(r)["nuki_dora"] == 1


@knob("pao")
def test_pao() -> None:
    # 大三元 tsumo (pons 555z 666z from West): West is liable by default and pays 32000.
    hand, melds = "777z123m99p", [pon("555z"), pon("666z")]
    assert pay("riichi", hand, "1m", melds=melds, tsumo=True, pao="W") == {"W": 32000}
    # No pao: 16000 / 8000 / 8000.
    assert pay("riichi", hand, "1m", melds=melds, tsumo=True, pao="W", options={"pao": []}) == {
        "E": 16000,
        "W": 8000,
        "N": 8000,
    }
    # gotou «パオ無し»: 16000/8000 + 1000 each.
    assert pay("gotou", "777z123p99s", "1p", melds=melds, tsumo=True, pao="W") == {
        "E": 17000,
        "W": 9000,
    }


@knob("ura_dora")
def test_ura_dora() -> None:
    # kanto-boo: no ura: 7700; with ura (1m → 2m): 5 han = mangan 8000.
    assert pay("kanto-boo", BOO, "2s", riichi="riichi", ura_indicators="1m") == {"W": 7700}
    assert pay(
        "kanto-boo",
        BOO,
        "2s",
        riichi="riichi",
        ura_indicators="1m",
        options={"scoring": {"ura_dora": True}},
    ) == {"W": 8000}
    # riichi without ura: 3900 instead of 4 han 30 fu 7700.
    assert pay("riichi", R_PINFU, "2s", riichi="riichi", ura_indicators="1m") == {"W": 7700}
    assert pay(
        "riichi",
        R_PINFU,
        "2s",
        riichi="riichi",
        ura_indicators="1m",
        options={"scoring": {"ura_dora": False}},
    ) == {"W": 3900}


def test_flat_option_of_a_knob_in_two_sections() -> None:
    # interfaces.md: options use "the same names as the preset file"; {"ura_dora": true} is
    # the natural way to write it. Either it resolves (to the scoring knob, the only one the
    # score command uses) or the error says which sections it is ambiguous between.
    try:
        r = score(
            "kanto-boo", BOO, "2s", riichi="riichi", ura_indicators="1m", options={"ura_dora": True}
        )
    except RulesError as e:
        assert "scoring" in str(e) and "chips" in str(e), str(e)
    else:
        assert r["payments"] == {"W": 8000}


@knob("gold_is_dora")
def test_gold_is_dora() -> None:
    # gotou 123p 4(gold 5)6p 789s 234s 99p riichi ron 4s: riichi pinfu + gold = 3 han: 4000;
    # gold not a dora: 2 han: 2000.
    hand = "123p4g6p789s234s99p"
    assert pay("gotou", hand, "4s", riichi="riichi") == {"W": 4000}
    assert pay("gotou", hand, "4s", riichi="riichi", options={"gold_is_dora": False}) == {"W": 2000}


# --------------------------------------------------------------------------------------------
# House han


@knob("chiitoi_four_han")
def test_chiitoi_four_han() -> None:
    hand = "1111p3377p1199s33z"
    # gotou: 2 + 4 = 6 han = 12000; knob 0: 2 han = 2000.
    assert pay("gotou", hand, "3z") == {"W": 12000}
    assert pay("gotou", hand, "3z", options={"chiitoi_four_han": 0}) == {"W": 2000}
    # riichi with 4枚使い allowed and +2 per kind: 4 han 25 fu = 1600×4 = 6400.
    opts = {"hand": {"chiitoi_four": True}, "chiitoi_four_han": 2}
    assert pay("riichi", hand, "3z", options=opts) == {"W": 6400}


@knob("otafuku")
def test_otafuku() -> None:
    # mighty 123p 456p 789s 11z 5s waits on 6 kinds (3s-7s, 1z); riichi + dora 2 (north →
    # east) = 3 han 40 fu → 6000 when off; +2 (over_four) = mangan 8000; +6 (every_kind) = 9 han
    # baiman 16000.
    hand, kw = "123p456p789s11z35s", {"riichi": "riichi", "dora_indicators": "4z"}
    assert pay("mighty", hand, "3s", **kw) == {"W": 8000}
    assert pay("mighty", hand, "3s", options={"scoring": {"otafuku": "off"}}, **kw) == {"W": 6000}
    assert pay("mighty", hand, "3s", options={"scoring": {"otafuku": "every_kind"}}, **kw) == {
        "W": 16000,
    }


@knob("yonchoro")
def test_yonchoro() -> None:
    # mighty 789s 999s 123p 456p 9p riichi ron 7s: + yonchoro = 2 han 40 fu → 3000; off: 1 han
    # 40 fu → 2000.
    hand = "789s999s123p456p9p"
    assert pay("mighty", hand, "7s", riichi="riichi") == {"W": 3000}
    assert pay("mighty", hand, "7s", riichi="riichi", options={"yonchoro": False}) == {"W": 2000}


@knob("flower_han")
def test_flower_han() -> None:
    # tokushima riichi pinfu 500; winter +2 → 4 han 2000; no flower han: 500.
    assert pay("tokushima", PINFU, "4s", riichi="riichi", extracted="4f") == {"W": 2000}
    assert pay(
        "tokushima", PINFU, "4s", riichi="riichi", extracted="4f", options={"flower_han": []}
    ) == {"W": 500}
    # spring worth 3: 5 han = mangan 4000.
    assert pay(
        "tokushima",
        PINFU,
        "4s",
        riichi="riichi",
        extracted="1f",
        options={"flower_han": [3, 1, 1, 2]},
    ) == {"W": 4000}


@knob("flower_seat_han")
def test_flower_seat_han() -> None:
    # South's own flower (summer): +2 → 4 han 2000; seat bonus 0: +1 → 3 han 1000.
    assert pay("tokushima", PINFU, "4s", riichi="riichi", extracted="2f") == {"W": 2000}
    assert pay(
        "tokushima", PINFU, "4s", riichi="riichi", extracted="2f", options={"flower_seat_han": 0}
    ) == {"W": 1000}


@knob("flower_indicator_han")
def test_flower_indicator_han() -> None:
    # Spring + autumn extracted (2) and a summer indicator (+1 each = 2): 6 han = 4000;
    # indicator han 0: 4 han = 2000; 2: 8 han = haneman 6000.
    kw: dict[str, Any] = {"riichi": "riichi", "extracted": "1f3f", "dora_indicators": "2f"}
    assert pay("tokushima", PINFU, "4s", **kw) == {"W": 4000}
    assert pay("tokushima", PINFU, "4s", options={"flower_indicator_han": 0}, **kw) == {"W": 2000}
    assert pay("tokushima", PINFU, "4s", options={"flower_indicator_han": 2}, **kw) == {"W": 6000}


@knob("flower_powers")
def test_flower_powers() -> None:
    # gotou summer: 2 → 3 han = 4000; powers off: 2000.
    assert pay("gotou", PINFU, "4s", riichi="riichi", extracted="2f") == {"W": 4000}
    assert pay(
        "gotou", PINFU, "4s", riichi="riichi", extracted="2f", options={"flower_powers": False}
    ) == {"W": 2000}


@knob("four_north_han")
def test_four_north_han() -> None:
    # gotou: riichi tsumo pinfu 3 + 8 = 11 han: 7000/13000; knob 0: 3 + 4 = 7 = haneman, base
    # 3000: 3000/6000 + 1000: 4000/7000.
    kw: dict[str, Any] = {"tsumo": True, "riichi": "riichi", "extracted": "4z4z4z4z"}
    assert pay("gotou", PINFU, "4s", **kw) == {"E": 13000, "W": 7000}
    assert pay("gotou", PINFU, "4s", options={"four_north_han": 0}, **kw) == {
        "E": 7000,
        "W": 4000,
    }
    # sanma pinfu tsumo 2 + 4 = 6 = haneman 3000/6000; with 8: 10 = baiman 4000/8000.
    kw = {"tsumo": True, "extracted": "4z4z4z4z"}
    assert pay("sanma", PINFU, "4s", **kw) == {"E": 6000, "W": 3000}
    assert pay("sanma", PINFU, "4s", options={"four_north_han": 8}, **kw) == {
        "E": 8000,
        "W": 4000,
    }


@knob("dot_white")
def test_dot_white() -> None:
    # gotou plain: 白ぽっち drawn after riichi is no wildcard: the 14 tiles are incomplete.
    with pytest.raises(NotAWin):
        score(
            "gotou",
            "123p456p78p234s99s0z",
            "0z",
            tsumo=True,
            riichi="riichi",
            options={"scoring": {"dot_white": "plain"}},
        )
    # tokushima plain: a white triplet with the dot white is just haku: 1 han 40 fu = 400.
    hand = "123p456p789s99p055z"
    assert pay("tokushima", hand, "4p") == {"W": 700}
    assert pay("tokushima", hand, "4p", options={"scoring": {"dot_white": "plain"}}) == {"W": 400}
    # gotou pika: riichi + haku + pika = 3 han (fixed 30 fu) = 4000, instead of 2 han = 2000.
    assert pay("gotou", hand, "4p", riichi="riichi") == {"W": 2000}
    assert pay(
        "gotou", hand, "4p", riichi="riichi", options={"scoring": {"dot_white": "pika"}}
    ) == {"W": 4000}


@knob("wareme")
def test_wareme() -> None:
    # mighty mangan ron (riichi haku dora 2) from West, the 割れ目 seat: 16000; off: 8000.
    kw: dict[str, Any] = {"riichi": "riichi", "dora_indicators": "8p"}
    assert score_sit("mighty", MIGHTY_HAKU, "2p", {"wareme_wind": WEST}, **kw)["payments"] == {
        "W": 16000,
    }
    r = score_sit(
        "mighty", MIGHTY_HAKU, "2p", {"wareme_wind": WEST}, options={"wareme": False}, **kw
    )
    assert r["payments"] == {"W": 8000}
    # riichi with 割れ目 on: North (割れ目) pays 1300 ×2 on a tsumo.
    r = score_sit(
        "riichi", R_PINFU, "2s", {"wareme_wind": WEST}, tsumo=True, options={"wareme": True}
    )
    assert r["payments"] == {"E": 1300, "W": 1400, "N": 700}


@knob("daiminkan_liability")
def test_daiminkan_liability() -> None:
    # mighty rinshan mangan after an open kan fed by West (see test_house_scoring): West pays
    # 8000; off: 5000 / 3000.
    kw: dict[str, Any] = {
        "tsumo": True,
        "rinshan": True,
        "melds": [{"type": "minkan", "tiles": "1111s", "from": "W"}],
        "dora_indicators": "8p4p",
    }
    extra = {"kan_feeder_wind": WEST}
    assert score_sit("mighty", "12334599p78s", "3p", extra, **kw)["payments"] == {"W": 8000}
    r = score_sit(
        "mighty", "12334599p78s", "3p", extra, options={"daiminkan_liability": False}, **kw
    )
    assert r["payments"] == {"E": 5000, "W": 3000}


@knob("tedumari_han")
def test_tedumari_han() -> None:
    # gotou: open riichi pinfu 2 + 13 = 15 han = 32000 + 1000; knob 0: 2000 + 1000.
    kw: dict[str, Any] = {"riichi": "open"}
    assert score_sit("gotou", PINFU, "4s", {"tedumari": True}, **kw)["payments"] == {"W": 33000}
    r = score_sit("gotou", PINFU, "4s", {"tedumari": True}, options={"tedumari_han": 0}, **kw)
    assert r["payments"] == {"W": 3000}


@knob("north_in_hand")
def test_north_in_hand() -> None:
    # gotou: a north kept in the hand only counts toward an honor yakuman. 123p 456p 789s 11s
    # 444z, riichi ron on 4z with a 2p dora: refused; with the knob at "any" it is riichi +
    # dora, 2 han at gotou's fixed 30 fu: 2000.
    kw: dict[str, Any] = {"riichi": "riichi", "dora_indicators": "1p"}
    with pytest.raises(NotAWin) as refused:
        score("gotou", "123p456p789s11s444z", "4z", **kw)
    assert refused.value.code is Refusal.NORTH_IN_HAND
    r = score("gotou", "123p456p789s11s444z", "4z", options={"north_in_hand": "any"}, **kw)
    assert r["payments"] == {"W": 2000}
    # Kokushi may use the north.
    assert score("gotou", "19m19p19s12345677z", "7z")["yakuman"] == 1


@knob("ippatsu_yaku")
def test_ippatsu_yaku_off() -> None:
    # kanto-boo «一発及び槓ドラの有無については『しらぎく麻雀』では選択可能»: riichi ippatsu pinfu
    # tanyao red = 5 han; without 一発 4 han 30 fu (7700 with the kanto-boo two extra han capped
    # at mangan either way, so compare the yaku).
    on = score("kanto-boo", BOO, "2s", riichi="riichi", ippatsu=True)
    off = score(
        "kanto-boo", BOO, "2s", riichi="riichi", ippatsu=True, options={"ippatsu_yaku": False}
    )
    assert yaku(on)["ippatsu"] == 1 and "ippatsu" not in yaku(off)
    assert on["han"] == off["han"] + 1


@knob("autumn_fives_dora")
def test_autumn_fives_dora() -> None:
    # «秋 5が全部ドラ»; with 華8 «その場合は秋の効果を戻してもいいかもしれません»: off,
    # autumn has no effect. 123p 456p 789s 234s 55s riichi ron on 4s with autumn: riichi +
    # pinfu + three fives = 5 han, mangan 8000; without the effect 2 han: 2000.
    kw: dict[str, Any] = {"riichi": "riichi", "extracted": "3f"}
    assert pay("gotou", "123p456p789s234s55s", "4s", **kw) == {"W": 8000}
    off = {"scoring": {"autumn_fives_dora": False}}
    assert pay("gotou", "123p456p789s234s55s", "4s", options=off, **kw) == {"W": 2000}


def test_every_scoring_knob_has_a_test() -> None:
    missing = sorted(set(ScoringRules.model_fields) - COVERED)
    assert not missing, f"ScoringRules knobs without a test: {missing}"


# --------------------------------------------------------------------------------------------
# Preset files


def test_every_builtin_preset_file_is_listed_and_loads() -> None:
    files = {
        p.name.removesuffix(".toml")
        for p in resources.files("jantaku.rules").joinpath("presets").iterdir()
        if p.name.endswith(".toml")
    }
    assert files == set(PRESET_NAMES)
    for name in PRESET_NAMES:
        p = load_preset(name)
        assert p.name == name
        assert isinstance(p, Preset)


SECTIONS = {
    name: f.annotation
    for name, f in Preset.model_fields.items()
    if isinstance(f.annotation, type) and issubclass(f.annotation, BaseModel)
}
ALL_KNOBS = sorted(f"{s}.{k}" for s, m in SECTIONS.items() for k in m.model_fields)


@functools.cache
def rules_show(name: str) -> dict[str, Any]:
    code, out = run_json(["rules", "show", name, "--json"])
    assert code == 0
    assert isinstance(out, dict)
    return out


@pytest.mark.parametrize("name", PRESET_NAMES)
def test_rules_show_lists_every_knob(name: str) -> None:
    out = rules_show(name)
    assert out["name"] == name
    keys = [k["key"] for k in out["knobs"]]
    assert sorted(keys) == ALL_KNOBS
    preset = load_preset(name)
    for k in out["knobs"]:
        section, key = k["key"].split(".")
        assert k["value"] == getattr(getattr(preset, section), key), k


def test_rules_show_values_and_defaults() -> None:
    knobs = {k["key"]: k for k in rules_show("gotou")["knobs"]}
    assert knobs["scoring.round_up"]["value"] == 1000
    assert knobs["scoring.round_up"]["default"] == 100
    assert knobs["scoring.yaku_han"]["value"] == {"chanta": [4, 2], "junchan": [6, 4]}
    knobs = {k["key"]: k for k in rules_show("kanto-boo")["knobs"]}
    assert knobs["scoring.limit_cap"]["value"] == "mangan"
    assert knobs["scoring.ura_dora"]["value"] is False


# Knobs without a description when this was written (bugs: `rules show` prints nothing for them).


@pytest.mark.parametrize("key", ALL_KNOBS)
def test_rules_show_describes_every_knob(key: str) -> None:
    for name in PRESET_NAMES:
        desc = {k["key"]: k["description"] for k in rules_show(name)["knobs"]}
        assert desc[key].strip(), f"{name}: {key} has an empty description"
