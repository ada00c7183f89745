"""`jantaku score --rules PRESET --json` as specified in shared/spec/interfaces.md.

Situations go in as JSON on stdin. Expected values are worked out by hand from the Tenhou
rules (shared/spec/common.md §3): base = fu × 2^(han+2), ron ×4 (×6 dealer), tsumo ×1/×2
per payer, each rounded up to 100; no kiriage; 300 per honba (4p) / 200 (3p).
"""

from __future__ import annotations

import contextlib
import io
import json
import subprocess
import sys
from typing import Any

import pytest

from jantaku.cli import main

RESULT_KEYS = {
    "yaku",
    "han",
    "fu",
    "limit",
    "yakuman",
    "payments",
    "sticks",
    "chips",
    "dice_chances",
    "wildcard",
}

PINFU = {"hand": "123m456p789s234s55p", "win_tile": "4s", "seat": "S"}
RON_W = {"win": "ron", "discarder": "W"}
TSUMO = {"win": "tsumo"}


def run_score(
    monkeypatch: pytest.MonkeyPatch, payload: Any, preset: str = "riichi", *, raw: str | None = None
) -> tuple[int, str]:
    """Run the command in-process with ``payload`` as JSON on stdin; (exit code, stdout)."""
    text = raw if raw is not None else json.dumps(payload)
    monkeypatch.setattr(sys, "stdin", io.StringIO(text))
    buf = io.StringIO()
    with contextlib.redirect_stdout(buf):
        code = main(["score", "--rules", preset, "--json"])
    return code, buf.getvalue()


def ok(monkeypatch: pytest.MonkeyPatch, payload: Any, preset: str = "riichi") -> Any:
    code, out = run_score(monkeypatch, payload, preset)
    assert code == 0, out
    return json.loads(out)


def error(
    monkeypatch: pytest.MonkeyPatch, payload: Any, preset: str = "riichi", *, raw: str | None = None
) -> str:
    code, out = run_score(monkeypatch, payload, preset, raw=raw)
    assert code == 2, out
    assert out.count("\n") == 1 and out.endswith("\n"), f"not one line: {out!r}"
    body = json.loads(out)
    assert set(body) == {"error"} and isinstance(body["error"], str) and body["error"]
    return str(body["error"])


def yaku(result: dict[str, Any]) -> dict[str, int]:
    """Yaku id → han (or yakuman multiple), zero-han entries (ura dora 0) left out."""
    return {
        y["id"]: y.get("yakuman") or y["han"]
        for y in result["yaku"]
        if y["han"] or y.get("yakuman")
    }


# --------------------------------------------------------------------------------------
# The output contract.


def test_full_result_contract(monkeypatch: pytest.MonkeyPatch) -> None:
    # Riichi pinfu, 4s dora (indicator 3s), red 5p: 4 han 30 fu = 7700, +300 for one honba.
    out = ok(
        monkeypatch,
        {
            "hand": "123m406p789s234s55p",
            "win_tile": "4s",
            "win": "ron",
            "seat": "S",
            "round": "E",
            "discarder": "W",
            "riichi": "riichi",
            "dora_indicators": "3s",
            "honba": 1,
            "riichi_sticks": 2,
        },
    )
    assert set(out) == RESULT_KEYS
    assert yaku(out) == {"riichi": 1, "pinfu": 1, "dora": 1, "aka_dora": 1}
    assert (out["han"], out["fu"], out["limit"], out["yakuman"]) == (4, 30, None, 0)
    assert out["payments"] == {"W": 8000}
    assert out["sticks"] == 2
    assert (out["chips"], out["dice_chances"], out["wildcard"]) == ({}, 0, None)


def test_defaults_dealer_east_round(monkeypatch: pytest.MonkeyPatch) -> None:
    # seat and round default to E: the dealer, pinfu ron 1 han 30 fu = 1500.
    out = ok(monkeypatch, {"hand": "123m456p789s234s55p", "win_tile": "4s", "discarder": "N"})
    assert yaku(out) == {"pinfu": 1}
    assert out["payments"] == {"N": 1500}


def _sit(**kw: Any) -> dict[str, Any]:
    return kw


# fmt: off
SCORE_CASES = [
    pytest.param(
        "riichi", PINFU | TSUMO, {"menzen_tsumo": 1, "pinfu": 1}, 2, 20, None,
        {"E": 700, "W": 400, "N": 400}, id="pinfu-tsumo-20fu-400-700",
    ),
    pytest.param(
        "riichi",
        _sit(hand="234m567p234s55p", melds=[{"type": "chi", "tiles": "678s", "from": "E"}],
             win_tile="4s", seat="S", **RON_W),
        {"tanyao": 1}, 1, 30, None, {"W": 1000}, id="open-pinfu-shape-30fu",
    ),
    pytest.param(
        "riichi",
        _sit(hand="234m567p234s55p", melds=[{"type": "chi", "tiles": "678s", "from": "E"}],
             win_tile="4s", seat="S", chankan=True, **RON_W),
        {"chankan": 1, "tanyao": 1}, 2, 30, None, {"W": 2000}, id="chankan",
    ),
    pytest.param(
        "riichi",
        _sit(hand="123m456p234s55p", melds=[{"type": "ankan", "tiles": "9999s"}],
             win_tile="4s", seat="S", rinshan=True, haitei=True, **TSUMO),
        {"rinshan": 1, "menzen_tsumo": 1}, 2, 60, None, {"E": 2000, "W": 1000, "N": 1000},
        id="rinshan-is-not-haitei-and-ankan-terminal-32fu",
    ),
    pytest.param(
        "riichi",
        _sit(hand="234m567p678s55p", melds=[{"type": "minkan", "tiles": "2222s", "from": "N"}],
             win_tile="3m", seat="S", **TSUMO),
        {"tanyao": 1}, 1, 40, None, {"E": 700, "W": 400, "N": 400}, id="open-kan-simples-8fu",
    ),
    pytest.param(
        "riichi",
        _sit(hand="123m55p",
             melds=[{"type": "ankan", "tiles": "2222s"},
                    {"type": "minkan", "tiles": "3333p", "from": "E"},
                    {"type": "kakan", "tiles": "4444m", "from": "N"}],
             win_tile="3m", seat="S", **RON_W),
        {"sankantsu": 2}, 2, 60, None, {"W": 3900}, id="sankantsu",
    ),
    pytest.param(
        "riichi", _sit(hand="222m456p789s123s11z", win_tile="2s", seat="E", **TSUMO),
        {"menzen_tsumo": 1}, 1, 40, None, {"S": 700, "W": 700, "N": 700},
        id="double-east-pair-4fu",
    ),
    pytest.param(
        "riichi", _sit(hand="1122m3344p5566s77z", win_tile="7z", seat="S", **RON_W),
        {"chiitoitsu": 2}, 2, 25, None, {"W": 1600}, id="chiitoitsu-25fu",
    ),
    pytest.param(
        "riichi", _sit(hand="223344m556677p99s", win_tile="4m", seat="S", **RON_W),
        {"pinfu": 1, "ryanpeikou": 3}, 4, 30, None, {"W": 7700},
        id="ryanpeikou-over-chiitoitsu-and-no-kiriage",
    ),
    pytest.param(
        "riichi", _sit(hand="223344m556677p99s", win_tile="4m", seat="E", discarder="S"),
        {"pinfu": 1, "ryanpeikou": 3}, 4, 30, None, {"S": 11600}, id="4han30fu-dealer-11600",
    ),
    pytest.param(
        "riichi", _sit(hand="111222333m456p77s", win_tile="3m", seat="S", **TSUMO),
        {"menzen_tsumo": 1, "sanankou": 2}, 3, 40, None, {"E": 2600, "W": 1300, "N": 1300},
        id="111222333m-tsumo-sanankou",
    ),
    pytest.param(
        "riichi", _sit(hand="111222333m456p77s", win_tile="3m", seat="S", **RON_W),
        {"iipeikou": 1}, 1, 40, None, {"W": 1300}, id="111222333m-ron-iipeikou",
    ),
    pytest.param(
        "riichi", _sit(hand="111m333p555s777s99m", win_tile="7s", seat="S", **RON_W),
        {"sanankou": 2, "toitoi": 2}, 4, 50, "mangan", {"W": 8000},
        id="suuankou-shanpon-ron-is-not-suuankou",
    ),
    pytest.param(
        "riichi", _sit(hand="111m333p555s777s99m", win_tile="7s", seat="S", **TSUMO),
        {"suuankou": 1}, None, None, "yakuman", {"E": 16000, "W": 8000, "N": 8000},
        id="suuankou-shanpon-tsumo",
    ),
    pytest.param(
        "riichi", _sit(hand="111m333p555s777s99m", win_tile="9m", seat="S", **RON_W),
        {"suuankou_tanki": 2}, None, None, "yakuman", {"W": 64000}, id="suuankou-tanki-double",
    ),
    pytest.param(
        "riichi", _sit(hand="11123455678999m", win_tile="5m", seat="S", **RON_W),
        {"junsei_chuuren": 2}, None, None, "yakuman", {"W": 64000}, id="junsei-chuuren-double",
    ),
    pytest.param(
        "riichi", _sit(hand="19m19p19s11234567z", win_tile="1z", seat="S", **RON_W),
        {"kokushi13": 2}, None, None, "yakuman", {"W": 64000}, id="kokushi-13-sided-double",
    ),
    pytest.param(
        "riichi",
        _sit(hand="111z222z444z55m", melds=[{"type": "pon", "tiles": "333z", "from": "E"}],
             win_tile="5m", seat="S", **RON_W),
        {"daisuushii": 2}, None, None, "yakuman", {"W": 64000}, id="daisuushii-double",
    ),
    pytest.param(
        "riichi",
        _sit(hand="340m34055p340678s", win_tile="3m", seat="S", riichi="riichi",
             dora_indicators="4p", ura_indicators="2s", **TSUMO),
        {"riichi": 1, "menzen_tsumo": 1, "pinfu": 1, "tanyao": 1, "sanshoku": 2, "dora": 3,
         "aka_dora": 3, "ura_dora": 1},
        13, 20, "yakuman", {"E": 16000, "W": 8000, "N": 8000}, id="kazoe-yakuman-13han",
    ),
    pytest.param(
        "riichi", PINFU | RON_W | {"ura_indicators": "3s"}, {"pinfu": 1}, 1, 30, None,
        {"W": 1000}, id="ura-needs-riichi",
    ),
    pytest.param(
        "riichi",
        _sit(hand="123m456p234s55p", melds=[{"type": "ankan", "tiles": "9999s"}],
             win_tile="4s", seat="S", rinshan=True, dora_indicators="8s4p", **TSUMO),
        {"rinshan": 1, "menzen_tsumo": 1, "dora": 7}, 9, 60, "baiman",
        {"E": 8000, "W": 4000, "N": 4000}, id="kan-dora-indicator",
    ),
    pytest.param(
        "riichi", PINFU | TSUMO | {"honba": 2}, {"menzen_tsumo": 1, "pinfu": 1}, 2, 20, None,
        {"E": 900, "W": 600, "N": 600}, id="honba-4p-tsumo-100-each",
    ),
    pytest.param(
        "riichi", PINFU | RON_W | {"honba": 2}, {"pinfu": 1}, 1, 30, None, {"W": 1600},
        id="honba-4p-ron-300-each",
    ),
    pytest.param(
        "riichi",
        _sit(hand="123m11p555z666z", melds=[{"type": "pon", "tiles": "777z", "from": "E"}],
             win_tile="3m", seat="S", pao="E", **TSUMO),
        {"daisangen": 1}, None, None, "yakuman", {"E": 32000}, id="pao-daisangen-tsumo",
    ),
    pytest.param(
        "riichi",
        _sit(hand="123m11p555z666z", melds=[{"type": "pon", "tiles": "777z", "from": "E"}],
             win_tile="3m", seat="S", pao="E", **RON_W),
        {"daisangen": 1}, None, None, "yakuman", {"E": 16000, "W": 16000}, id="pao-daisangen-ron",
    ),
    # Sanma: tsumo-son, 200 per honba, north as nuki-dora.
    pytest.param(
        "sanma",
        _sit(hand="123p456p789s234s55p", win_tile="4s", seat="S", riichi="riichi",
             extracted="44z", **TSUMO),
        {"riichi": 1, "menzen_tsumo": 1, "pinfu": 1, "nuki_dora": 2}, 5, 20, "mangan",
        {"E": 4000, "W": 2000}, id="sanma-mangan-tsumo-son-4000-2000",
    ),
    pytest.param(
        "sanma",
        _sit(hand="123p456p789s234s55p", win_tile="4s", seat="S", extracted="44z", **RON_W),
        {"pinfu": 1, "nuki_dora": 2}, 3, 30, None, {"W": 3900}, id="sanma-nuki-2-han",
    ),
    pytest.param(
        "sanma",
        _sit(hand="123p456p789s234s55p", win_tile="4s", seat="S", extracted="44z",
             dora_indicators="3z", **RON_W),
        {"pinfu": 1, "nuki_dora": 2, "dora": 2}, 5, 30, "mangan", {"W": 8000},
        id="sanma-nuki-north-is-dora-under-west-indicator",
    ),
    pytest.param(
        "sanma",
        _sit(hand="123p456p789s234s55p", win_tile="4s", seat="W", honba=1, **TSUMO),
        {"menzen_tsumo": 1, "pinfu": 1}, 2, 20, None, {"E": 800, "S": 500},
        id="sanma-honba-tsumo-200",
    ),
    pytest.param(
        "sanma",
        _sit(hand="123p456p789s234s55p", win_tile="4s", seat="E", honba=1, discarder="W"),
        {"pinfu": 1}, 1, 30, None, {"W": 1700}, id="sanma-dealer-ron-honba-200",
    ),
]
# fmt: on


@pytest.mark.parametrize(("preset", "sit", "yaku_", "han", "fu", "limit", "payments"), SCORE_CASES)
def test_score(
    monkeypatch: pytest.MonkeyPatch,
    preset: str,
    sit: dict[str, Any],
    yaku_: dict[str, int],
    han: int | None,
    fu: int | None,
    limit: str | None,
    payments: dict[str, int],
) -> None:
    out = ok(monkeypatch, sit, preset)
    if han is None:  # a yakuman: han and fu are not part of the rules' answer
        han, fu = out["han"], out["fu"]
    got = (yaku(out), out["han"], out["fu"], out["limit"], out["payments"])
    assert got == (yaku_, han, fu, limit, payments)
    assert out["yakuman"] == sum(y.get("yakuman", 0) for y in out["yaku"])


# --------------------------------------------------------------------------------------
# Illegal wins.


@pytest.mark.parametrize(
    ("sit", "fragment"),
    [
        pytest.param(
            _sit(hand="123m456p789s234s55p", win_tile="3s", seat="S", **RON_W),
            "no yaku",
            id="no-yaku",
        ),
        pytest.param(
            _sit(hand="123m456p789s234s56p", win_tile="6p", seat="S", **RON_W),
            "not complete",
            id="incomplete-14",
        ),
        pytest.param(
            _sit(hand="123m456p789s234s5p", win_tile="5p", seat="S", **RON_W),
            "13 concealed",
            id="thirteen-tiles",
        ),
    ],
)
def test_not_a_win_exit_2(
    monkeypatch: pytest.MonkeyPatch, sit: dict[str, Any], fragment: str
) -> None:
    assert fragment in error(monkeypatch, sit)


# --------------------------------------------------------------------------------------
# Bulk scoring.


def test_bulk_keeps_order_and_reports_errors_in_place(monkeypatch: pytest.MonkeyPatch) -> None:
    batch = [
        PINFU | RON_W,
        _sit(hand="123m456p789s234s55p", win_tile="3s", seat="S", **RON_W),  # no yaku
        PINFU | TSUMO,
        PINFU | RON_W | {"bogus": 1},  # unknown field
        42,  # not an object
        _sit(
            hand="234m567p234s55p",
            melds=[{"type": "chi", "tiles": "678s"}],
            win_tile="4s",
            seat="S",
            options={"kuitan": False},
            **RON_W,
        ),  # no yaku without kuitan
        _sit(
            hand="234m567p234s55p",
            melds=[{"type": "chi", "tiles": "678s"}],
            win_tile="4s",
            seat="S",
            **RON_W,
        ),  # same hand, default knobs: tanyao
    ]
    code, text = run_score(monkeypatch, batch)
    assert code == 0
    out = json.loads(text)
    assert isinstance(out, list) and len(out) == len(batch)
    assert out[0]["payments"] == {"W": 1000}
    assert "no yaku" in out[1]["error"]
    assert out[2]["payments"] == {"E": 700, "W": 400, "N": 400}
    assert set(out[3]) == {"error"} and "bogus" in out[3]["error"]
    assert set(out[4]) == {"error"}
    assert set(out[5]) == {"error"} and "no yaku" in out[5]["error"]
    assert yaku(out[6]) == {"tanyao": 1} and out[6]["payments"] == {"W": 1000}
    # Each element equals the single-situation answer.
    assert out[2] == ok(monkeypatch, PINFU | TSUMO)


def test_empty_bulk(monkeypatch: pytest.MonkeyPatch) -> None:
    assert ok(monkeypatch, []) == []


# --------------------------------------------------------------------------------------
# Knob overrides.

OPEN_TANYAO = _sit(
    hand="234m567p234s55p",
    melds=[{"type": "chi", "tiles": "678s", "from": "E"}],
    win_tile="4s",
    seat="S",
    **RON_W,
)
KAZOE = _sit(
    hand="340m34055p340678s",
    win_tile="3m",
    seat="S",
    riichi="riichi",
    dora_indicators="4p",
    ura_indicators="2s",
    **TSUMO,
)


def test_kuitan_off(monkeypatch: pytest.MonkeyPatch) -> None:
    assert "no yaku" in error(monkeypatch, OPEN_TANYAO | {"options": {"kuitan": False}})
    closed = _sit(
        hand="234m567p678s234s55p", win_tile="4s", seat="S", options={"kuitan": False}, **RON_W
    )
    assert yaku(ok(monkeypatch, closed)) == {"pinfu": 1, "tanyao": 1}


def test_kazoe_off_keeps_13_han_at_sanbaiman(monkeypatch: pytest.MonkeyPatch) -> None:
    out = ok(monkeypatch, KAZOE | {"options": {"kazoe_yakuman": False}})
    assert (out["han"], out["limit"]) == (13, "sanbaiman")
    assert out["payments"] == {"E": 12000, "W": 6000, "N": 6000}


def test_double_yakuman_off(monkeypatch: pytest.MonkeyPatch) -> None:
    sit = _sit(
        hand="19m19p19s11234567z",
        win_tile="1z",
        seat="S",
        options={"double_yakuman": False},
        **RON_W,
    )
    out = ok(monkeypatch, sit)
    assert (out["yakuman"], out["payments"]) == (1, {"W": 32000})


def test_kiriage_on(monkeypatch: pytest.MonkeyPatch) -> None:
    sit = _sit(
        hand="223344m556677p99s", win_tile="4m", seat="S", options={"kiriage": True}, **RON_W
    )
    out = ok(monkeypatch, sit)
    assert (out["limit"], out["payments"]) == ("mangan", {"W": 8000})


def test_unknown_knob(monkeypatch: pytest.MonkeyPatch) -> None:
    assert "no_such_knob" in error(monkeypatch, PINFU | RON_W | {"options": {"no_such_knob": 1}})


# --------------------------------------------------------------------------------------
# Malformed situations: exit 2, one line of JSON, naming the field.


# fmt: off
BAD_SITUATIONS = [
    pytest.param(PINFU | RON_W | {"hands": "x"}, "hands", id="unknown-field"),
    pytest.param(PINFU | RON_W | {"seat": "X"}, "seat", id="seat-X"),
    pytest.param(PINFU | RON_W | {"seat": "e"}, "seat", id="seat-lowercase"),
    pytest.param(PINFU | RON_W | {"seat": "ES"}, "seat", id="seat-two-letters"),
    pytest.param(PINFU | RON_W | {"seat": ""}, "seat", id="seat-empty-string"),
    pytest.param(PINFU | RON_W | {"round": "Q"}, "round", id="round-Q"),
    pytest.param(PINFU | {"win": "ron", "discarder": "Z"}, "discarder", id="discarder-Z"),
    pytest.param(PINFU | {"win": "ron", "discarder": "S"}, "discarder", id="ron-own-discard"),
    pytest.param(PINFU | RON_W | {"win_tile": "7z"}, "win_tile", id="win-tile-not-in-hand"),
    pytest.param(PINFU | RON_W | {"win_tile": "0p"}, "win_tile", id="red-win-tile-not-in-hand"),
    pytest.param(PINFU | RON_W | {"win_tile": "4s5s"}, "win_tile", id="two-win-tiles"),
    pytest.param(PINFU | {"win": "ron"}, "discarder", id="ron-without-discarder"),
    pytest.param(PINFU | RON_W | {"win": "draw"}, "win", id="win-draw"),
    pytest.param(PINFU | RON_W | {"riichi": "yes"}, "riichi", id="riichi-yes"),
    pytest.param(PINFU | RON_W | {"honba": -1}, "honba", id="honba-negative"),
    pytest.param(PINFU | RON_W | {"ippatsu": "no"}, "ippatsu", id="ippatsu-not-bool"),
    pytest.param(PINFU | RON_W | {"players": 5}, "players", id="players-5"),
    pytest.param(PINFU | RON_W | {"pao": "X"}, "pao", id="pao-X"),
    pytest.param({"win_tile": "4s", **RON_W}, "hand", id="hand-missing"),
    pytest.param({"hand": "123m456p789s234s55p", **RON_W}, "win_tile", id="win-tile-missing"),
    pytest.param(_sit(hand="234m567p234s55p", melds=[{"type": "pong", "tiles": "678s"}],
                      win_tile="4s", seat="S", **RON_W), "melds[0]", id="meld-type"),
    pytest.param(_sit(hand="234m567p234s55p", melds=[{"type": "pon", "tiles": "555z",
                                                      "from": "S"}],
                      win_tile="4s", seat="S", **RON_W), "melds[0].from", id="meld-from-self"),
    pytest.param(_sit(hand="234m567p234s55p", melds=[{"type": "pon", "tiles": "555z"}],
                      win_tile="4s", seat="S", riichi="riichi", **RON_W), "riichi",
                 id="riichi-with-open-meld"),
    # A fifth copy: the error must name the tile ...
    pytest.param(_sit(hand="111m456p789s234s55p", win_tile="4s", seat="S",
                      dora_indicators="1m1m", **RON_W), "1m", id="5th-copy-via-indicators"),
    pytest.param(_sit(hand="123m456p789s55p", melds=[{"type": "pon", "tiles": "111m"}],
                      win_tile="3m", seat="S", dora_indicators="1m", **RON_W), "1m",
                 id="5th-copy-via-hand-meld-and-indicator"),
    pytest.param(_sit(hand="11m456p789s234s55p", melds=[{"type": "pon", "tiles": "111m"}],
                      win_tile="4s", seat="S", **RON_W), "1m", id="5th-copy-via-meld"),
    # ... and (the brief) the field it is in.
    pytest.param(_sit(hand="111m456p789s234s55p", win_tile="4s", seat="S",
                      dora_indicators="1m1m", **RON_W), "dora_indicators",
                 id="5th-copy-names-dora_indicators"),
    pytest.param(_sit(hand="11m456p789s234s55p", melds=[{"type": "pon", "tiles": "111m"}],
                      win_tile="4s", seat="S", **RON_W), "melds[0]",
                 id="5th-copy-names-melds"),
    pytest.param(PINFU | RON_W | {"hand": "123m456p789s234s5x"}, "x", id="bad-character"),
]
# fmt: on


@pytest.mark.parametrize(("sit", "fragment"), BAD_SITUATIONS)
def test_malformed_situation(
    monkeypatch: pytest.MonkeyPatch, sit: dict[str, Any], fragment: str
) -> None:
    assert fragment in error(monkeypatch, sit)


@pytest.mark.parametrize(
    ("preset", "sit", "fragment"),
    [
        pytest.param(
            "sanma", PINFU | RON_W | {"hand": "123m456p789s234s55p"}, "2m", id="sanma-has-no-2m"
        ),
        pytest.param(
            "sanma",
            _sit(hand="123p456p789s234s55p", win_tile="4s", seat="N", **TSUMO),
            "seat",
            id="sanma-no-north-seat",
        ),
        pytest.param(
            "sanma",
            _sit(hand="123p456p789s234s55p", win_tile="4s", seat="S", win="ron", discarder="N"),
            "discarder",
            id="sanma-no-north-discarder",
        ),
        pytest.param(
            "sanma",
            _sit(
                hand="123p456p789s234s55p",
                win_tile="4s",
                seat="S",
                extracted="4444z",
                dora_indicators="4z",
                **TSUMO,
            ),
            "4z",
            id="sanma-5th-north",
        ),
    ],
)
def test_malformed_sanma(
    monkeypatch: pytest.MonkeyPatch, preset: str, sit: dict[str, Any], fragment: str
) -> None:
    assert fragment in error(monkeypatch, sit, preset)


@pytest.mark.parametrize(
    ("preset", "sit", "fragment"),
    [
        pytest.param(
            "sanma",
            _sit(
                hand="123p456p234s55p",
                melds=[{"type": "chi", "tiles": "789s"}],
                win_tile="4s",
                seat="S",
                haitei=True,
                **TSUMO,
            ),
            "chi",
            id="sanma-has-no-chi",
        ),
        pytest.param(
            "riichi",
            PINFU | RON_W | {"extracted": "44z", "dora_indicators": "3z"},
            "extracted",
            id="4p-has-no-nuki-dora",
        ),
    ],
)
def test_impossible_under_preset(
    monkeypatch: pytest.MonkeyPatch, preset: str, sit: dict[str, Any], fragment: str
) -> None:
    assert fragment in error(monkeypatch, sit, preset)


@pytest.mark.parametrize(
    "raw",
    [
        pytest.param("", id="empty-stdin"),
        pytest.param("{not json", id="invalid-json"),
        pytest.param('"a string"', id="json-string"),
    ],
)
def test_malformed_stdin(monkeypatch: pytest.MonkeyPatch, raw: str) -> None:
    error(monkeypatch, None, raw=raw)


# --------------------------------------------------------------------------------------
# The real command line, end to end.


def _cli(payload: Any, preset: str = "riichi") -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "jantaku.cli", "score", "--rules", preset, "--json"],
        input=json.dumps(payload),
        capture_output=True,
        text=True,
        timeout=60,
    )


def test_subprocess_success_and_errors() -> None:
    p = _cli(
        _sit(
            hand="123p456p789s234s55p",
            win_tile="4s",
            seat="S",
            extracted="44z",
            riichi="riichi",
            **TSUMO,
        ),
        "sanma",
    )
    assert p.returncode == 0, p.stderr
    assert json.loads(p.stdout)["payments"] == {"E": 4000, "W": 2000}

    p = _cli(PINFU | {"win": "ron", "seat": "S"})
    assert p.returncode == 2 and p.stderr == ""
    assert p.stdout.count("\n") == 1 and "discarder" in json.loads(p.stdout)["error"]

    p = _cli(_sit(hand="123m456p789s234s55p", win_tile="3s", seat="S", **RON_W))
    assert p.returncode == 2 and p.stderr == ""
    assert "no yaku" in json.loads(p.stdout)["error"]

    p = _cli([PINFU | RON_W, PINFU | RON_W | {"seat": "X"}])
    assert p.returncode == 0, p.stderr
    out = json.loads(p.stdout)
    assert out[0]["payments"] == {"W": 1000} and "seat" in out[1]["error"]


def test_human_view_names_each_yaku_and_the_payments(monkeypatch: pytest.MonkeyPatch) -> None:
    """Without --json: a line per yaku with its Japanese and English names and han, then the
    value (limit named) and who pays what, sticks included."""
    payload = {**PINFU, **TSUMO, "riichi": "riichi", "riichi_sticks": 2, "dora_indicators": "4p"}
    monkeypatch.setattr(sys, "stdin", io.StringIO(json.dumps(payload)))
    buf = io.StringIO()
    with contextlib.redirect_stdout(buf):
        code = main(["score", "--rules", "riichi"])
    assert code == 0
    lines = buf.getvalue().splitlines()
    result = ok(monkeypatch, payload)
    assert len(lines) == len(result["yaku"]) + 2
    for line, y in zip(lines, result["yaku"], strict=False):
        ja, en, han = YAKU_NAMES[y["id"]], YAKU_NAMES_EN[y["id"]], y["han"]
        assert line.split()[0] == ja and en in line and line.endswith(f"{han} han"), line
    assert lines[-2] == f"{result['han']} han {result['fu']} fu ({result['limit']})"
    paid = ", ".join(f"{k} {v}" for k, v in result["payments"].items())
    total = sum(result["payments"].values())
    assert lines[-1] == f"paid by {paid}, total {total} + 2 riichi sticks"


YAKU_NAMES = {
    "menzen_tsumo": "門前清自摸和",
    "riichi": "立直",
    "pinfu": "平和",
    "dora": "ドラ",
    "ura_dora": "裏ドラ",
    "aka_dora": "赤ドラ",
    "iipeikou": "一盃口",
    "tanyao": "断幺九",
}
YAKU_NAMES_EN = {
    "menzen_tsumo": "Fully concealed tsumo",
    "riichi": "Riichi",
    "pinfu": "Pinfu",
    "dora": "Dora",
    "ura_dora": "Ura dora",
    "aka_dora": "Red and gold fives",
    "iipeikou": "Pure double sequence",
    "tanyao": "All simples",
}
