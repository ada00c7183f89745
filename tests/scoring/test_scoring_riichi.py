"""Riichi scoring under the Tenhou presets `riichi` (4 players) and `sanma` (3 players).

Every expected value below was worked out by hand from the standard rules
(shared/spec/common.md §3), never copied from the engine:

    base = fu × 2^(han+2), capped: mangan 2000 (5 han, or base ≥ 2000), haneman 3000 (6-7),
    baiman 4000 (8-10), sanbaiman 6000 (11-12), kazoe yakuman 8000 (13+), no kiriage;
    ron = base×4 (×6 dealer), tsumo = base×1 per non-dealer, base×2 for/from the dealer,
    each payment rounded up to 100.

Hands are MPSZ (``Hand.parse``, melds after spaces: ``c`` chi, ``p`` pon, ``m`` open kan,
``a`` closed kan, ``k`` added kan, ``n`` extracted tiles). Unless a case says otherwise the
winner sits South in the East round (a non-dealer) and a ron comes from West.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass, field
from typing import Any

import pytest

from jantaku.rules import load_preset
from jantaku.scoring import (
    YAKU_BY_ID,
    NotAWin,
    Refusal,
    RiichiKind,
    Scorer,
    ScoreResult,
    WinSituation,
)
from jantaku.tiles import Hand, parse_tiles, tile_kind
from jantaku.tiles.kinds import WINDS

LETTERS = "ESWN"


@functools.cache
def scorer(preset: str) -> Scorer:
    return Scorer(load_preset(preset))


def wind(letter: str) -> int:
    return WINDS[LETTERS.index(letter)]


def situation(
    hand: str,
    win: str,
    *,
    preset: str = "riichi",
    tsumo: bool = False,
    seat: str = "S",
    round_wind: str = "E",
    discarder: str | None = None,
    riichi: str = "none",
    dora: str = "",
    ura: str = "",
    pao: str | None = None,
    **flags: Any,
) -> WinSituation:
    """A win from an MPSZ hand; ``win`` names the winning tile (``0p`` = the red one)."""
    sc = scorer(preset)
    ts = sc.tileset
    h = Hand.parse(hand, ts)
    want = parse_tiles(win, ts)[0]
    kind, variant = tile_kind(want), ts.variant(want)
    win_tile = next(t for t in h.concealed if tile_kind(t) == kind and ts.variant(t) is variant)
    if not tsumo and discarder is None:
        discarder = "W" if seat != "W" else "S"
    return WinSituation(
        concealed=h.concealed,
        win_tile=win_tile,
        tsumo=tsumo,
        melds=h.melds,
        seat_wind=wind(seat),
        round_wind=wind(round_wind),
        players=sc.preset.players,
        discarder_wind=None if tsumo else wind(discarder),  # type: ignore[arg-type]
        riichi=RiichiKind(riichi),
        dora_indicators=parse_tiles(dora, ts) if dora else (),
        ura_indicators=parse_tiles(ura, ts) if ura else (),
        extracted=h.extracted,
        pao_wind=None if pao is None else wind(pao),
        tileset=ts,
        **flags,
    )


def score(hand: str, win: str, **kw: Any) -> ScoreResult:
    preset = kw.get("preset", "riichi")
    return scorer(preset).score(situation(hand, win, **kw))


def yaku_of(r: ScoreResult) -> dict[str, int]:
    """Yaku id → han (or yakuman multiple); zero-han entries (ura dora 0) left out."""
    return {y.id: (y.yakuman or y.han) for y in r.yaku if y.han or y.yakuman}


def payments_of(r: ScoreResult) -> dict[str, int]:
    return {LETTERS[WINDS.index(k)]: v for k, v in r.payments.items()}


@dataclass
class Case:
    hand: str
    win: str
    yaku: dict[str, int]
    han: int | None
    """``None``: not checked (han and fu mean nothing for a yakuman)."""
    fu: int | None
    payments: dict[str, int]
    limit: str | None = None
    yakuman: int = 0
    kw: dict[str, Any] = field(default_factory=dict)


def case(
    id_: str,
    hand: str,
    win: str,
    yaku: dict[str, int],
    han: int | None,
    fu: int | None,
    payments: dict[str, int],
    limit: str | None = None,
    yakuman: int = 0,
    **kw: Any,
) -> Any:
    return pytest.param(Case(hand, win, yaku, han, fu, payments, limit, yakuman, kw), id=id_)


def check(c: Case) -> None:
    r = score(c.hand, c.win, **c.kw)
    got = {
        "yaku": yaku_of(r),
        "han": r.han,
        "fu": r.fu,
        "limit": r.limit,
        "yakuman": r.yakuman,
        "payments": payments_of(r),
    }
    want = {
        "yaku": c.yaku,
        "han": r.han if c.han is None else c.han,
        "fu": r.fu if c.fu is None else c.fu,
        "limit": c.limit,
        "yakuman": c.yakuman,
        "payments": c.payments,
    }
    assert got == want


PINFU_HAND = "123m456p789s234s55p"  # 4s completes 23s (ryanmen); 3s would be a kanchan
OPEN_TANYAO = "234m567p234s55p c678s"  # open pinfu shape, all simples
KAN_HAND = "123m456p234s55p a9999s"  # closed kan of terminals: 32 fu

# --------------------------------------------------------------------------------------
# Every yaku (non-yakuman) at least once, with han closed/open where it differs.

# fmt: off
YAKU_CASES = [
    case("riichi", PINFU_HAND, "4s", {"riichi": 1, "pinfu": 1}, 2, 30, {"W": 2000},
         riichi="riichi"),
    case("ippatsu", PINFU_HAND, "4s", {"riichi": 1, "ippatsu": 1, "pinfu": 1}, 3, 30,
         {"W": 3900}, riichi="riichi", ippatsu=True),
    case("double_riichi-replaces-riichi", PINFU_HAND, "4s", {"double_riichi": 2, "pinfu": 1},
         3, 30, {"W": 3900}, riichi="double"),
    case("pinfu-ron-30fu", PINFU_HAND, "4s", {"pinfu": 1}, 1, 30, {"W": 1000}),
    case("pinfu-ron-dealer", PINFU_HAND, "4s", {"pinfu": 1}, 1, 30, {"S": 1500}, seat="E",
         discarder="S"),
    case("pinfu-tsumo-20fu-400-700", PINFU_HAND, "4s", {"menzen_tsumo": 1, "pinfu": 1}, 2, 20,
         {"E": 700, "W": 400, "N": 400}, tsumo=True),
    case("pinfu-tsumo-20fu-dealer-700-all", PINFU_HAND, "4s", {"menzen_tsumo": 1, "pinfu": 1},
         2, 20, {"S": 700, "W": 700, "N": 700}, tsumo=True, seat="E"),
    case("menzen_tsumo-kanchan-24fu-is-30", PINFU_HAND, "3s", {"menzen_tsumo": 1}, 1, 30,
         {"E": 500, "W": 300, "N": 300}, tsumo=True),
    case("tanyao-open-pinfu-shape-30fu", OPEN_TANYAO, "4s", {"tanyao": 1}, 1, 30, {"W": 1000}),
    case("tanyao-open-tsumo-22fu-is-30", OPEN_TANYAO, "4s", {"tanyao": 1}, 1, 30,
         {"E": 500, "W": 300, "N": 300}, tsumo=True),
    case("chankan-on-added-kan", OPEN_TANYAO, "4s", {"chankan": 1, "tanyao": 1}, 2, 30,
         {"W": 2000}, chankan=True),
    case("haitei", OPEN_TANYAO, "4s", {"haitei": 1, "tanyao": 1}, 2, 30,
         {"E": 1000, "W": 500, "N": 500}, tsumo=True, haitei=True),
    case("houtei", OPEN_TANYAO, "4s", {"houtei": 1, "tanyao": 1}, 2, 30, {"W": 2000},
         houtei=True),
    case("rinshan-ankan-terminals-32fu", KAN_HAND, "4s", {"rinshan": 1, "menzen_tsumo": 1}, 2,
         60, {"E": 2000, "W": 1000, "N": 1000}, tsumo=True, rinshan=True),
    case("rinshan-draw-is-not-haitei", KAN_HAND, "4s", {"rinshan": 1, "menzen_tsumo": 1}, 2,
         60, {"E": 2000, "W": 1000, "N": 1000}, tsumo=True, rinshan=True, haitei=True),
    case("iipeikou", "223344m567p789s99p", "2m", {"iipeikou": 1, "pinfu": 1}, 2, 30,
         {"W": 2000}),
    case("iipeikou-near-miss-open", "223344m567s88p c567p", "2m", {"tanyao": 1}, 1, 30,
         {"W": 1000}),
    case("seat_wind_south", "123m456p789s55s222z", "9s", {"seat_wind_south": 1}, 1, 40,
         {"W": 1300}),
    case("double-east-dealer", "123m456p789s55s111z", "9s",
         {"seat_wind_east": 1, "round_wind_east": 1}, 2, 40, {"S": 3900}, seat="E",
         discarder="S"),
    case("round_wind_south", "123m456p789s55s222z", "9s", {"round_wind_south": 1}, 1, 40,
         {"N": 1300}, seat="W", round_wind="S", discarder="N"),
    case("seat-and-round-west", "123m456p789s55s333z", "9s",
         {"seat_wind_west": 1, "round_wind_west": 1}, 2, 40, {"S": 2600}, seat="W",
         round_wind="W", discarder="S"),
    case("seat-and-round-north", "123m456p789s55s444z", "9s",
         {"seat_wind_north": 1, "round_wind_north": 1}, 2, 40, {"S": 2600}, seat="N",
         round_wind="N", discarder="S"),
    case("haku", "123m456p789s55s555z", "9s", {"haku": 1}, 1, 40, {"W": 1300}),
    case("hatsu", "123m456p789s55s666z", "9s", {"hatsu": 1}, 1, 40, {"W": 1300}),
    case("chun", "123m456p789s55s777z", "9s", {"chun": 1}, 1, 40, {"W": 1300}),
    case("chiitoitsu-25fu", "1122m3344p5566s77z", "7z", {"chiitoitsu": 2}, 2, 25,
         {"W": 1600}),
    case("chiitoitsu-tsumo", "1122m3344p5566s77z", "7z", {"menzen_tsumo": 1, "chiitoitsu": 2},
         3, 25, {"E": 1600, "W": 800, "N": 800}, tsumo=True),
    case("chiitoitsu-honroutou", "1199m1199p11s1122z", "2z", {"chiitoitsu": 2, "honroutou": 2},
         4, 25, {"W": 6400}),
    case("ryanpeikou-beats-chiitoitsu", "223344m556677p99s", "4m", {"pinfu": 1, "ryanpeikou": 3},
         4, 30, {"W": 7700}),
    case("chanta-closed", "123m789p123s789s33z", "3z", {"chanta": 2}, 2, 40, {"W": 2600}),
    case("chanta-open", "123m789p123s33z c789s", "3z", {"chanta": 1}, 1, 30, {"W": 1000}),
    case("chanta-near-miss-234m", "234m789p123s789s33z", "3z", {"riichi": 1}, 1, 40,
         {"W": 1300}, riichi="riichi"),
    case("ittsu-closed-kanchan", "123456789m234p55s", "5m", {"ittsu": 2}, 2, 40, {"W": 2600}),
    case("ittsu-open", "123456m234p55s c789m", "5m", {"ittsu": 1}, 1, 30, {"W": 1000}),
    case("sanshoku-closed-penchan", "123m123p123s456s99m", "3m", {"sanshoku": 2}, 2, 40,
         {"W": 2600}),
    case("sanshoku-open", "123p123s456s99m c123m", "6s", {"sanshoku": 1}, 1, 30, {"W": 1000}),
    case("sanshoku_doukou", "111p111s456s99m p111m<", "6s", {"sanshoku_doukou": 2}, 2, 40,
         {"W": 2600}),
    case("sankantsu-open-kan-simples-8fu", "123m55p a2222s m3333p< k4444m^", "3m",
         {"sankantsu": 2}, 2, 60, {"W": 3900}),
    case("toitoi", "333m777p55s p444z> p999s<", "3m", {"toitoi": 2}, 2, 40, {"W": 2600}),
    case("sanankou", "222m444p666s234s99p", "4s", {"sanankou": 2}, 2, 50, {"W": 3200}),
    case("shousangen", "123m456p555z666z77z", "6p",
         {"haku": 1, "hatsu": 1, "shousangen": 2}, 4, 50, {"W": 8000}, "mangan"),
    case("honroutou-toitoi", "111m999p111s99s p333z<", "1s", {"toitoi": 2, "honroutou": 2}, 4,
         50, {"W": 8000}, "mangan"),
    case("junchan-closed", "123m789m123p789s11s", "3p", {"junchan": 3}, 3, 40, {"W": 5200}),
    case("junchan-open", "789m123p789s11s c123m", "3p", {"junchan": 2}, 2, 30, {"W": 2000}),
    case("honitsu-closed", "123m567m888m444z33z", "7m", {"honitsu": 3}, 3, 50, {"W": 6400}),
    case("honitsu-open", "234m567m33z p555z< p888m>", "7m", {"honitsu": 2, "haku": 1}, 3, 30,
         {"W": 3900}),
    case("chinitsu-open", "234m678m99m c123m p555m<", "8m", {"chinitsu": 5}, 5, 30,
         {"W": 8000}, "mangan"),
    case("renhou-is-not-a-tenhou-yaku", PINFU_HAND, "4s", {"pinfu": 1}, 1, 30, {"W": 1000},
         first_turn=True),
]
# fmt: on

YAKUMAN = "yakuman"
# fmt: off
YAKUMAN_CASES = [
    case("tenhou", PINFU_HAND, "4s", {"tenhou": 1}, None, None,
         {"S": 16000, "W": 16000, "N": 16000}, YAKUMAN, 1, tsumo=True, seat="E",
         first_turn=True),
    case("chiihou", PINFU_HAND, "4s", {"chiihou": 1}, None, None,
         {"E": 16000, "W": 8000, "N": 8000}, YAKUMAN, 1, tsumo=True, first_turn=True),
    case("daisangen", "123m11p555z666z777z", "3m", {"daisangen": 1}, None, None, {"W": 32000},
         YAKUMAN, 1),
    case("suuankou-tsumo-shanpon", "111m333p555s777s99m", "7s", {"suuankou": 1}, None, None,
         {"E": 16000, "W": 8000, "N": 8000}, YAKUMAN, 1, tsumo=True),
    case("suuankou-near-miss-ron-shanpon", "111m333p555s777s99m", "7s",
         {"sanankou": 2, "toitoi": 2}, 4, 50, {"W": 8000}, "mangan"),
    case("suuankou_tanki-double", "111m333p555s777s99m", "9m", {"suuankou_tanki": 2}, None, None,
         {"W": 64000}, YAKUMAN, 2),
    case("tsuuiisou", "111z333z66z p222z< p555z^", "6z", {"tsuuiisou": 1}, None, None, {"W": 32000},
         YAKUMAN, 1),
    case("tsuuiisou-seven-pairs", "11223344556677z", "7z", {"tsuuiisou": 1}, None, None,
         {"W": 32000}, YAKUMAN, 1),
    case("ryuuiisou", "234s234s666s88s666z", "4s", {"ryuuiisou": 1}, None, None, {"W": 32000},
         YAKUMAN, 1),
    case("ryuuiisou-without-hatsu", "222333444666s88s", "6s", {"ryuuiisou": 1}, None, None,
         {"W": 32000}, YAKUMAN, 1),
    case("chinroutou", "111m999m111p999p11s", "9p", {"chinroutou": 1}, None, None, {"W": 32000},
         YAKUMAN, 1),
    case("chuuren-one-sided", "11123455678999m", "2m", {"chuuren": 1}, None, None, {"W": 32000},
         YAKUMAN, 1),
    case("junsei_chuuren-nine-sided", "11123455678999m", "5m", {"junsei_chuuren": 2}, None, None,
         {"W": 64000}, YAKUMAN, 2),
    case("junsei_chuuren-dealer-tsumo", "11112345678999m", "1m", {"junsei_chuuren": 2}, None, None,
         {"S": 32000, "W": 32000, "N": 32000}, YAKUMAN, 2, tsumo=True, seat="E"),
    case("kokushi-single-wait", "19m19p19s11234567z", "9m", {"kokushi": 1}, None, None,
         {"W": 32000}, YAKUMAN, 1),
    case("kokushi13-thirteen-sided", "19m19p19s11234567z", "1z", {"kokushi13": 2}, None, None,
         {"W": 64000}, YAKUMAN, 2),
    case("daisuushii-double", "111z222z444z55m p333z<", "5m", {"daisuushii": 2}, None, None,
         {"W": 64000}, YAKUMAN, 2),
    case("shousuushii", "111z222z333z44z789m", "9m", {"shousuushii": 1}, None, None, {"W": 32000},
         YAKUMAN, 1),
    case("suukantsu", "55p a1111m m2222z< k3333s^ a9999p", "5p", {"suukantsu": 1}, None, None,
         {"W": 32000}, YAKUMAN, 1),
    case("suuankou-with-closed-kan", "111m333p99m777s a6666s", "7s", {"suuankou": 1}, None,
         None, {"E": 16000, "W": 8000, "N": 8000}, YAKUMAN, 1, tsumo=True),
    case("suukantsu-plus-suuankou_tanki", "55p a1111m a2222p a3333s a4444z", "5p",
         {"suukantsu": 1, "suuankou_tanki": 2}, None, None, {"W": 96000}, YAKUMAN, 3),
    case("daisuushii-plus-tsuuiisou-stack", "111z222z444z55z p333z<", "5z",
         {"daisuushii": 2, "tsuuiisou": 1}, None, None, {"W": 96000}, YAKUMAN, 3),
]
# fmt: on


@pytest.mark.parametrize("c", YAKU_CASES)
def test_yaku(c: Case) -> None:
    check(c)


@pytest.mark.parametrize("c", YAKUMAN_CASES)
def test_yakuman(c: Case) -> None:
    check(c)


def test_every_yaku_is_covered() -> None:
    seen: set[str] = set()
    for p in YAKU_CASES + YAKUMAN_CASES:
        seen |= set(p.values[0].yaku)
    missing = set(YAKU_BY_ID) - seen - {"renhou"}  # renhou: not a Tenhou yaku (near miss above)
    assert not missing


# --------------------------------------------------------------------------------------
# Fu, reading choice and limits: the classic traps.

# fmt: off
TRAP_CASES = [
    # E pair for the East seat in the East round: +4. 20+2 tsumo+4 (222m)+4+2 kanchan = 32
    # → 40 fu (with a 2-fu pair it would be 30 → 500 all).
    case("double-wind-pair-4fu", "222m456p789s123s11z", "2s", {"menzen_tsumo": 1}, 1, 40,
         {"S": 700, "W": 700, "N": 700}, tsumo=True, seat="E"),
    # Open kan of simples 8: 20+8+2 kanchan+2 tsumo = 32 → 40.
    case("open-kan-simples-8fu", "234m567p678s55p m2222s<", "3m", {"tanyao": 1}, 1, 40,
         {"E": 700, "W": 400, "N": 400}, tsumo=True),
    # 111222333m + 3m: three concealed triplets on tsumo (3 han 40 fu) beat the iipeikou
    # reading (2 han 30 fu); on ron 333m is open, so only 一盃口 1 han 40 fu remains.
    case("sanankou-reading-on-tsumo", "111222333m456p77s", "3m",
         {"menzen_tsumo": 1, "sanankou": 2}, 3, 40, {"E": 2600, "W": 1300, "N": 1300},
         tsumo=True),
    case("iipeikou-reading-on-ron", "111222333m456p77s", "3m", {"iipeikou": 1}, 1, 40,
         {"W": 1300}),
    # 3455s + 5s: ryanmen (pinfu) beats tanki.
    case("pinfu-ryanmen-over-tanki", "123m456p789s34555s", "5s", {"riichi": 1, "pinfu": 1}, 2,
         30, {"W": 2000}, riichi="riichi"),
    # 45666s + 6s: the tanki reading (32 → 40 fu) beats ryanmen (30 fu).
    case("tanki-over-ryanmen-for-fu", "123m456p333z45666s", "6s", {"menzen_tsumo": 1}, 1, 40,
         {"E": 700, "W": 400, "N": 400}, tsumo=True),
    # 3333 45m + ron 3m: read 345m as the finished run, 333m stays concealed → 三暗刻.
    case("sanankou-when-ron-completes-the-run", "111p999s333345m88p", "3m", {"sanankou": 2}, 2,
         50, {"W": 3200}),
    # A seat-wind pair is worth 2 fu and kills pinfu; a guest-wind pair does neither.
    case("pinfu-near-miss-seat-wind-pair", "123m456p789s234s22z", "4s", {"riichi": 1}, 1, 40,
         {"W": 1300}, riichi="riichi"),
    case("pinfu-with-guest-wind-pair", "123m456p789s234s33z", "4s", {"riichi": 1, "pinfu": 1},
         2, 30, {"W": 2000}, riichi="riichi"),
    # Closed kan of simples 16: 20+10+16+2 penchan = 48 → 50.
    case("closed-kan-simples-16fu", "123m456p789s55p a2222s", "3m", {"riichi": 1}, 1, 50,
         {"W": 1600}, riichi="riichi"),
    case("suuankou_tanki-tsumo", "111m333p555s777s99m", "9m", {"suuankou_tanki": 2}, None, None,
         {"E": 32000, "W": 16000, "N": 16000}, YAKUMAN, 2, tsumo=True),
    # No kiriage: 4 han 30 fu stays 7700 / 11600.
    case("4han30fu-no-kiriage", PINFU_HAND, "4s", {"pinfu": 1, "dora": 3}, 4, 30, {"W": 7700},
         dora="4p"),
    case("4han30fu-no-kiriage-dealer", "223344m556677p99s", "4m", {"pinfu": 1, "ryanpeikou": 3},
         4, 30, {"S": 11600}, seat="E", discarder="S"),
    # 13 han: kazoe yakuman (riichi tsumo pinfu tanyao sanshoku, dora 3, red 3, ura 1).
    case("kazoe-yakuman-13han", "340m34055p340678s", "3m",
         {"riichi": 1, "menzen_tsumo": 1, "pinfu": 1, "tanyao": 1, "sanshoku": 2, "dora": 3,
          "aka_dora": 3, "ura_dora": 1}, 13, 20, {"E": 16000, "W": 8000, "N": 8000}, YAKUMAN,
         tsumo=True, riichi="riichi", dora="4p", ura="2s"),
    case("sanbaiman-12han", "340m34055p340678s", "3m",
         {"riichi": 1, "menzen_tsumo": 1, "pinfu": 1, "tanyao": 1, "sanshoku": 2, "dora": 3,
          "aka_dora": 3}, 12, 20, {"E": 12000, "W": 6000, "N": 6000}, "sanbaiman",
         tsumo=True, riichi="riichi", dora="4p"),
    case("haneman-dealer-ron", "123m456p789s55s111z", "9s",
         {"seat_wind_east": 1, "round_wind_east": 1, "dora": 4}, 6, 40, {"S": 18000},
         "haneman", seat="E", discarder="S", dora="9m4z"),  # 9m→1m, N→E
    case("dragon-indicator-wraps-chun-to-haku", "123m456p789s55s555z", "9s",
         {"haku": 1, "dora": 3}, 4, 40, {"W": 8000}, "mangan", dora="7z"),
    case("dealer-mangan-tsumo-4000-all", "123m456p555z666z77z", "6p",
         {"haku": 1, "hatsu": 1, "shousangen": 2, "menzen_tsumo": 1}, 5, 40,
         {"S": 4000, "W": 4000, "N": 4000}, "mangan", tsumo=True, seat="E"),
]
# fmt: on


@pytest.mark.parametrize("c", TRAP_CASES)
def test_traps(c: Case) -> None:
    check(c)


# --------------------------------------------------------------------------------------
# Dora: indicators, red fives, ura only with riichi, kan dora.

# fmt: off
DORA_CASES = [
    case("red-five", "123m406p789s234s55p", "4s", {"pinfu": 1, "aka_dora": 1}, 2, 30,
         {"W": 2000}),
    case("red-five-in-a-chi", "234m567p234s55p c406s", "4s", {"tanyao": 1, "aka_dora": 1}, 2,
         30, {"W": 2000}),
    case("red-five-as-winning-tile", "123m456p789s340s55p", "0s", {"pinfu": 1, "aka_dora": 1}, 2,
         30, {"W": 2000}),
    case("red-five-indicator", PINFU_HAND, "4s", {"pinfu": 1, "dora": 1}, 2, 30, {"W": 2000},
         dora="0p"),
    case("ura-ignored-without-riichi", PINFU_HAND, "4s", {"pinfu": 1}, 1, 30, {"W": 1000},
         ura="3s"),
    case("ura-with-riichi", PINFU_HAND, "4s", {"riichi": 1, "pinfu": 1, "ura_dora": 1}, 3, 30,
         {"W": 3900}, riichi="riichi", ura="3s"),
    # Closed kan of 9s with a kan dora indicator: 8s → 9s ×4, 4p → 5p ×3.
    case("kan-dora-indicators", KAN_HAND, "4s", {"rinshan": 1, "menzen_tsumo": 1, "dora": 7}, 9,
         60, {"E": 8000, "W": 4000, "N": 4000}, "baiman", tsumo=True, rinshan=True,
         dora="8s4p"),
]
# fmt: on


@pytest.mark.parametrize("c", DORA_CASES)
def test_dora(c: Case) -> None:
    check(c)


# --------------------------------------------------------------------------------------
# Honba, sticks, pao.


@pytest.mark.parametrize(
    ("kw", "payments", "sticks"),
    [
        pytest.param({"honba": 2, "riichi_sticks": 1}, {"W": 1600}, 1, id="ron-2-honba-1-stick"),
        pytest.param(
            {"honba": 1, "tsumo": True},
            {"E": 800, "W": 500, "N": 500},
            0,
            id="tsumo-1-honba-100-each",
        ),
        pytest.param(
            {"honba": 3, "riichi_sticks": 2, "seat": "E", "discarder": "N"},
            {"N": 2400},
            2,
            id="dealer-ron-3-honba",
        ),
    ],
)
def test_honba_and_sticks_4p(kw: dict[str, Any], payments: dict[str, int], sticks: int) -> None:
    r = score(PINFU_HAND, "4s", **kw)
    assert (payments_of(r), r.sticks) == (payments, sticks)
    assert r.total_gain() == sum(payments.values()) + 1000 * sticks


DAISANGEN_OPEN = "123m11p555z666z p777z<"


@pytest.mark.parametrize(
    ("kw", "payments"),
    [
        pytest.param({"tsumo": True, "pao": "E"}, {"E": 32000}, id="tsumo-pao-pays-all"),
        pytest.param(
            {"tsumo": True, "pao": "W", "honba": 1}, {"W": 32300}, id="tsumo-pao-pays-honba-too"
        ),
        pytest.param(
            {"discarder": "W", "pao": "E"}, {"E": 16000, "W": 16000}, id="ron-pao-splits-half"
        ),
        pytest.param({"discarder": "E", "pao": "E"}, {"E": 32000}, id="ron-from-pao-seat"),
        pytest.param({"tsumo": True}, {"E": 16000, "W": 8000, "N": 8000}, id="no-pao"),
    ],
)
def test_pao_daisangen(kw: dict[str, Any], payments: dict[str, int]) -> None:
    r = score(DAISANGEN_OPEN, "3m", **kw)
    assert yaku_of(r) == {"daisangen": 1}
    assert payments_of(r) == payments


# --------------------------------------------------------------------------------------
# Illegal wins.


@pytest.mark.parametrize(
    ("hand", "win", "kw", "code"),
    [
        pytest.param(PINFU_HAND, "3s", {}, Refusal.NO_YAKU, id="kanchan-ron-no-yaku"),
        pytest.param("333m456p789s55s333z", "9s", {}, Refusal.NO_YAKU, id="guest-wind-triplet"),
        pytest.param("123m456p789s234s56p", "6p", {}, Refusal.INCOMPLETE, id="incomplete"),
        pytest.param(
            "1111m3355p7799s11z",
            "1z",
            {},
            Refusal.INCOMPLETE,
            id="four-of-a-kind-is-not-two-chiitoitsu-pairs",
        ),
        pytest.param(
            PINFU_HAND,
            "4s",
            {"chankan": True, "tsumo": True, "discarder": None},
            None,
            id="chankan-flag-ignored-on-tsumo",
        ),
    ],
)
def test_not_a_win(hand: str, win: str, kw: dict[str, Any], code: Refusal | None) -> None:
    if code is None:  # a control: still scores, chankan not counted
        r = score(hand, win, **kw)
        assert yaku_of(r) == {"menzen_tsumo": 1, "pinfu": 1}
        return
    with pytest.raises(NotAWin) as refused:
        score(hand, win, **kw)
    assert refused.value.code is code


def test_kuitan_off_open_tanyao_is_no_yaku() -> None:
    sc = Scorer(load_preset("riichi", {"kuitan": False}))
    with pytest.raises(NotAWin) as refused:
        sc.score(situation(OPEN_TANYAO, "4s"))
    assert refused.value.code is Refusal.NO_YAKU
    closed = sc.score(situation("234m567p678s234s55p", "4s"))
    assert yaku_of(closed) == {"pinfu": 1, "tanyao": 1}


# --------------------------------------------------------------------------------------
# Sanma (Tenhou 3-player): tsumo-son, 200 per honba, north as nuki-dora.

SANMA_PINFU = "123p456p789s234s55p"
# fmt: off
SANMA_CASES = [
    case("sanma-ron-like-4p", SANMA_PINFU, "4s", {"pinfu": 1}, 1, 30, {"W": 1000},
         preset="sanma"),
    case("sanma-pinfu-tsumo-tsumo-son", SANMA_PINFU, "4s", {"menzen_tsumo": 1, "pinfu": 1}, 2,
         20, {"E": 700, "W": 400}, preset="sanma", tsumo=True),
    case("sanma-dealer-tsumo", SANMA_PINFU, "4s", {"menzen_tsumo": 1, "pinfu": 1}, 2, 20,
         {"S": 700, "W": 700}, preset="sanma", tsumo=True, seat="E"),
    case("sanma-mangan-tsumo-4000-2000", SANMA_PINFU + " n44z", "4s",
         {"riichi": 1, "menzen_tsumo": 1, "pinfu": 1, "nuki_dora": 2}, 5, 20,
         {"E": 4000, "W": 2000}, "mangan", preset="sanma", tsumo=True, riichi="riichi"),
    case("sanma-one-north-with-west-indicator", SANMA_PINFU + " n4z", "4s",
         {"pinfu": 1, "nuki_dora": 1, "dora": 1}, 3, 30, {"W": 3900}, preset="sanma",
         dora="3z"),
    case("sanma-two-north-with-west-indicator", SANMA_PINFU + " n44z", "4s",
         {"pinfu": 1, "nuki_dora": 2, "dora": 2}, 5, 30, {"W": 8000}, "mangan",
         preset="sanma", dora="3z"),
    case("sanma-1m-indicator-means-9m", "123p456p789s234s99m", "4s", {"pinfu": 1, "dora": 2},
         3, 30, {"W": 3900}, preset="sanma", dora="1m"),
    case("sanma-9m-indicator-means-1m", "123p456p789s234s11m", "4s", {"pinfu": 1, "dora": 2},
         3, 30, {"W": 3900}, preset="sanma", dora="9m"),
    case("sanma-nuki-does-not-break-tanyao", "234p567p345s678s66p n4z", "5s",
         {"pinfu": 1, "tanyao": 1, "nuki_dora": 1}, 3, 30, {"W": 3900}, preset="sanma"),
    case("sanma-kokushi-tsumo-son", "19m19p19s11234567z", "9m", {"kokushi": 1}, None, None,
         {"E": 16000, "W": 8000}, YAKUMAN, 1, preset="sanma", tsumo=True),
    case("sanma-honba-tsumo-100-each", SANMA_PINFU, "4s", {"menzen_tsumo": 1, "pinfu": 1}, 2,
         20, {"E": 800, "W": 500}, preset="sanma", tsumo=True, honba=1),
    case("sanma-honba-ron-200-each", SANMA_PINFU, "4s", {"pinfu": 1}, 1, 30, {"W": 1400},
         preset="sanma", honba=2),
]
# fmt: on


@pytest.mark.parametrize("c", SANMA_CASES)
def test_sanma(c: Case) -> None:
    check(c)
