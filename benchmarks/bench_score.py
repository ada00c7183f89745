"""Benchmark jantaku's scorer against the ``mahjong`` package and riichienv, and cross-check them.

Run ``python benchmarks/bench_score.py [--n 20000] [--seed 1]`` (needs the ``bench`` extra:
``pip install mahjong``). It

1. generates N seeded random *winning* riichi situations (standard hands with calls and kans,
   seven pairs, kokushi; ron or tsumo, seat and round winds, riichi with ura indicators,
   ippatsu, haitei/houtei, rinshan, chankan, tenhou/chiihou, dora, honba, riichi sticks) and
   keeps those jantaku scores as legal (hands with no yaku are counted separately);
2. times ``Scorer(load_preset("riichi")).score`` over them and
   ``HandCalculator().estimate_hand_value`` of the ``mahjong`` package on the same hands,
   configured for Tenhou rules (aka dora, kuitan, double yakuman, kazoe yakuman, no kiriage),
   and, when it is installed, riichienv's ``HandEvaluator(tiles, melds).calc(...)`` (a Rust
   core): a warm-up, then they take turns, best of ``--repeats`` (3) each, per CPU second;
3. compares yaku, han, fu, points and payments hand by hand with ``mahjong`` (han, fu and
   points with riichienv) and prints the disagreements;
4. prints a summary table.

Every library gets its inputs built before the clock starts (riichienv's evaluator is built
inside the timed call: it is how its API takes the tiles).
"""

from __future__ import annotations

import argparse
import inspect
import os
import random
import sys
import time
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from jantaku import build
from jantaku.rules import load_preset
from jantaku.scoring import NotAWin, RiichiKind, Scorer, ScoreResult, WinSituation
from jantaku.tiles import Hand, Meld, MeldType, Source, tile_name
from jantaku.tiles.kinds import (
    DRAGONS,
    GREEN_KINDS,
    HATSU,
    HONORS,
    S2,
    TERMINALS_AND_HONORS,
    WINDS,
    Kind,
    is_terminal_or_honor,
)
from jantaku.tiles.tileset import TileSet, tile_kind

try:
    from mahjong.hand_calculating.hand import HandCalculator
    from mahjong.hand_calculating.hand_config import HandConfig, HandConstants, OptionalRules
    from mahjong.meld import Meld as MjMeld
except ImportError:  # the bench extra is missing
    sys.exit("bench_score.py needs the mahjong package: pip install mahjong (or '.[bench]')")

# ---------------------------------------------------------------------------------------------
# Random winning situations
# ---------------------------------------------------------------------------------------------

_SUIT_RANGES = ((0, 9), (9, 18), (18, 27))
_SOURCES = (Source.LEFT, Source.ACROSS, Source.RIGHT)


class _Wall:
    """The physical tiles not used yet, per kind, each kind's copies in random order."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng
        self.left: list[list[int]] = []
        for k in range(34):
            ids = list(range(k * 4, k * 4 + 4))
            rng.shuffle(ids)
            self.left.append(ids)

    def n(self, kind: Kind) -> int:
        return len(self.left[kind])

    def take(self, kind: Kind, count: int = 1) -> list[int]:
        return [self.left[kind].pop() for _ in range(count)]

    def draw(self) -> int:
        """A random remaining tile (a dora or ura indicator)."""
        pool = [t for ids in self.left for t in ids]
        t = self.rng.choice(pool)
        self.left[tile_kind(t)].remove(t)
        return t


@dataclass
class _Shape:
    """The kinds a hand may use: biases towards flushes, outside hands, honors and the like."""

    kinds: list[Kind]
    seq_starts: list[Kind]
    trip_p: float


def _shape(rng: random.Random) -> _Shape:
    r = rng.random()
    suits = [0, 1, 2]
    honors, simples_only, outside = True, False, False
    if r < 0.55:  # anything
        pass
    elif r < 0.70:  # one suit and honors (honitsu)
        suits = [rng.randrange(3)]
    elif r < 0.80:  # one suit only (chinitsu)
        suits, honors = [rng.randrange(3)], False
    elif r < 0.88:  # a terminal or honor in every set (chanta, junchan, honroutou)
        honors, outside = rng.random() < 0.6, True
    elif r < 0.95:  # simples only (tanyao)
        honors, simples_only = False, True
    elif r < 0.99:  # honors heavy (yakuhai, shousangen, four winds, tsuuiisou)
        suits = [rng.randrange(3)]
    else:  # green tiles only (ryuuiisou)
        return _Shape([*GREEN_KINDS, HATSU, HATSU], [S2], rng.choice((0.3, 0.8)))
    kinds = [k for s in suits for k in range(*_SUIT_RANGES[s])]
    if honors:
        if r < 0.95:
            kinds += HONORS
        else:
            kinds += rng.choice((HONORS, WINDS, DRAGONS)) * 6
    starts = [k for s in suits for k in range(_SUIT_RANGES[s][0], _SUIT_RANGES[s][0] + 7)]
    if simples_only:
        kinds = [k for k in kinds if not is_terminal_or_honor(k)]
        starts = [k for k in starts if 1 <= k % 9 <= 5]
    if outside:
        kinds = [k for k in kinds if is_terminal_or_honor(k)]
        starts = [k for k in starts if k % 9 in (0, 6)]
    trip_p = rng.choice((0.1, 0.2, 0.35, 0.6, 0.9))
    if r >= 0.95:
        trip_p = 0.85
    return _Shape(kinds, starts, trip_p)


def _standard_hand(rng: random.Random, wall: _Wall) -> tuple[list[int], list[Meld]] | None:
    """Concealed tiles and melds of a random complete standard hand (None: gave up)."""
    shape = _shape(rng)
    left = [wall.n(k) for k in range(34)]
    pairs = [k for k in shape.kinds if left[k] >= 2]
    if not pairs:
        return None
    pair = rng.choice(pairs)
    left[pair] -= 2
    sets: list[tuple[bool, Kind]] = []  # (is a sequence, kind or lowest kind)
    for _ in range(4):
        for _attempt in range(40):
            if rng.random() < shape.trip_p:
                k = rng.choice(shape.kinds)
                if left[k] >= 3:
                    left[k] -= 3
                    sets.append((False, k))
                    break
            else:
                s = rng.choice(shape.seq_starts)
                if left[s] and left[s + 1] and left[s + 2]:
                    for i in range(3):
                        left[s + i] -= 1
                    sets.append((True, s))
                    break
        else:
            return None
    # Calls: usually none, else 1-3 (rarely 4); any closed triplet may be a closed kan.
    r = rng.random()
    n_open = 0 if r < 0.5 else 1 if r < 0.7 else 2 if r < 0.85 else 3 if r < 0.97 else 4
    called = set(rng.sample(range(4), n_open))
    concealed = wall.take(pair, 2)
    melds: list[Meld] = []
    for i, (seq, k) in enumerate(sets):
        if seq:
            run = [wall.take(k + j)[0] for j in range(3)]
            if i in called:
                rng.shuffle(run)  # run[0] is the tile called from the left
                melds.append(Meld(MeldType.CHI, tuple(run), Source.LEFT))
            else:
                concealed.extend(run)
            continue
        trip = wall.take(k, 3)
        fourth = left[k] > 0  # a copy no other set of this hand needs
        if i in called:
            src = rng.choice(_SOURCES)
            q = rng.random()
            if fourth and q < 0.27:
                left[k] -= 1
            if fourth and q < 0.15:
                melds.append(Meld(MeldType.MINKAN, (*trip, *wall.take(k)), src))
            elif fourth and q < 0.27:
                melds.append(Meld(MeldType.KAKAN, (*trip, *wall.take(k)), src))
            else:
                melds.append(Meld(MeldType.PON, tuple(trip), src))
        elif fourth and rng.random() < 0.12:
            left[k] -= 1
            melds.append(Meld(MeldType.ANKAN, (*trip, *wall.take(k))))
        else:
            concealed.extend(trip)
    return concealed, melds


def _seven_pairs(rng: random.Random, wall: _Wall) -> list[int]:
    shape = _shape(rng)
    kinds = sorted(set(shape.kinds))
    if len(kinds) < 7:
        kinds = list(range(34))
    chosen = rng.sample(kinds, 7)
    return [t for k in chosen for t in wall.take(k, 2)]


def _kokushi(rng: random.Random, wall: _Wall) -> list[int]:
    tiles = [wall.take(k)[0] for k in TERMINALS_AND_HONORS]
    return [*tiles, *wall.take(rng.choice(TERMINALS_AND_HONORS))]


def _chuuren(rng: random.Random, wall: _Wall) -> list[int]:
    base = rng.choice((0, 9, 18))
    need = [3, 1, 1, 1, 1, 1, 1, 1, 3]
    need[rng.randrange(9)] += 1
    return [t for i, n in enumerate(need) for t in wall.take(base + i, n)]


def random_situation(rng: random.Random, ts: TileSet) -> WinSituation:
    """One random complete hand with a random, consistent winning situation."""
    while True:
        wall = _Wall(rng)
        r = rng.random()
        melds: list[Meld] = []
        if r < 0.01:
            concealed = _kokushi(rng, wall)
        elif r < 0.015:
            concealed = _chuuren(rng, wall)
        elif r < 0.125:
            concealed = _seven_pairs(rng, wall)
        else:
            made = _standard_hand(rng, wall)
            if made is None:
                continue
            concealed, melds = made
        break
    win = rng.choice(concealed)
    tsumo = rng.random() < 0.5
    seat = rng.choice(WINDS)
    round_wind = rng.choices(WINDS, weights=(50, 40, 8, 2))[0]
    discarder = None if tsumo else rng.choice([w for w in WINDS if w != seat])
    closed = all(not m.is_open for m in melds)
    kans = sum(1 for m in melds if m.is_kan)
    riichi = RiichiKind.NONE
    if closed and rng.random() < 0.45:
        riichi = RiichiKind.DOUBLE if rng.random() < 0.05 else RiichiKind.RIICHI
    rinshan = tsumo and kans > 0 and rng.random() < 0.15
    ippatsu = riichi.declared and not rinshan and rng.random() < 0.2
    haitei = tsumo and rng.random() < 0.04  # sometimes with rinshan: never haitei then
    houtei = not tsumo and rng.random() < 0.04
    all_kinds = [tile_kind(t) for t in concealed] + [tile_kind(t) for m in melds for t in m.tiles]
    chankan = (
        not tsumo and not houtei and all_kinds.count(tile_kind(win)) == 1 and rng.random() < 0.05
    )
    first_turn = tsumo and not melds and not riichi.declared and rng.random() < 0.01
    if first_turn:
        haitei = False
    n_dora = rng.choice((1, 1, 2)) + kans
    dora = tuple(wall.draw() for _ in range(n_dora))
    ura = tuple(wall.draw() for _ in range(n_dora)) if riichi.declared else ()
    return WinSituation(
        concealed=tuple(concealed),
        win_tile=win,
        tsumo=tsumo,
        melds=tuple(melds),
        seat_wind=seat,
        round_wind=round_wind,
        discarder_wind=discarder,
        riichi=riichi,
        ippatsu=ippatsu,
        rinshan=rinshan,
        chankan=chankan,
        haitei=haitei,
        houtei=houtei,
        first_turn=first_turn,
        dora_indicators=dora,
        ura_indicators=ura,
        honba=rng.randrange(4),
        riichi_sticks=rng.randrange(3),
        tileset=ts,
    )


# ---------------------------------------------------------------------------------------------
# The same situation for the mahjong package
# ---------------------------------------------------------------------------------------------

_MJ_MELD_TYPE = {
    MeldType.CHI: MjMeld.CHI,
    MeldType.PON: MjMeld.PON,
    MeldType.MINKAN: MjMeld.KAN,
    MeldType.ANKAN: MjMeld.KAN,
    MeldType.KAKAN: MjMeld.SHOUMINKAN,
}

TENHOU_OPTIONS: dict[str, Any] = {
    "has_open_tanyao": True,
    "has_aka_dora": True,
    "has_double_yakuman": True,
    "kazoe_limit": HandConstants.KAZOE_LIMITED,
    "kiriage": False,
    "fu_for_open_pinfu": True,
    "fu_for_pinfu_tsumo": False,
    "renhou_as_yakuman": False,
    "has_daisharin": False,
    "has_daichisei": False,
    "has_sashikomi_yakuman": False,
    "limit_to_sextuple_yakuman": True,
    "is_three_player": False,
}


@dataclass
class MjArgs:
    tiles: list[int]
    win_tile: int
    melds: list[Any]
    dora: list[int]
    ura: list[int]
    config: Any = field(repr=False)


# Older releases of the package (1.x) know fewer options: pass only those it takes.
_SUPPORTED_OPTIONS = {
    k: v
    for k, v in TENHOU_OPTIONS.items()
    if k in inspect.signature(OptionalRules.__init__).parameters
}


def to_mahjong(sit: WinSituation) -> MjArgs:
    seat = WINDS.index(sit.seat_wind)
    melds = []
    tiles = list(sit.concealed)
    for m in sit.melds:
        tiles.extend(m.tiles)
        frm = None if m.source is None else (seat + int(m.source)) % 4
        melds.append(
            MjMeld(
                meld_type=_MJ_MELD_TYPE[m.type],
                tiles=sorted(m.tiles),  # the package reads a chi from its lowest tile
                opened=m.is_open,
                called_tile=m.called_tile,
                who=seat,
                from_who=frm,
            )
        )
    config = HandConfig(
        is_tsumo=sit.tsumo,
        is_riichi=sit.riichi is RiichiKind.RIICHI,
        is_daburu_riichi=sit.riichi is RiichiKind.DOUBLE,
        is_ippatsu=sit.ippatsu,
        is_rinshan=sit.rinshan and sit.tsumo,
        is_chankan=sit.chankan and not sit.tsumo,
        # Tenhou (and jantaku): a replacement draw is never the last tile; the package
        # refuses haitei together with rinshan, so the rinshan wins drop the flag here.
        is_haitei=sit.haitei and sit.tsumo and not sit.rinshan,
        is_houtei=sit.houtei and not sit.tsumo,
        is_tenhou=sit.first_turn and sit.tsumo and sit.is_dealer,
        is_chiihou=sit.first_turn and sit.tsumo and not sit.is_dealer,
        player_wind=sit.seat_wind,  # both use 27..30 for East..North
        round_wind=sit.round_wind,
        tsumi_number=sit.honba,
        kyoutaku_number=sit.riichi_sticks,
        options=OptionalRules(**_SUPPORTED_OPTIONS),
    )
    return MjArgs(
        tiles, sit.win_tile, melds, list(sit.dora_indicators), list(sit.ura_indicators), config
    )


def mahjong_call(calc: Any) -> Callable[[MjArgs], Any]:
    est = calc.estimate_hand_value
    if "ura_dora_indicators" not in inspect.signature(est).parameters:
        # 1.x has no ura indicators: they go with the dora (for timing; yaku names differ).
        def old(a: MjArgs) -> Any:
            return est(
                a.tiles, a.win_tile, melds=a.melds, dora_indicators=a.dora + a.ura, config=a.config
            )

        return old

    def call(a: MjArgs) -> Any:
        return est(
            a.tiles,
            a.win_tile,
            melds=a.melds,
            dora_indicators=a.dora,
            config=a.config,
            ura_dora_indicators=a.ura,
        )

    return call


# ---------------------------------------------------------------------------------------------
# The same situation for riichienv (a Rust core with Python bindings), when it is installed
# ---------------------------------------------------------------------------------------------


@dataclass
class RvArgs:
    tiles: list[int]
    melds: list[Any]
    win_tile: int
    dora: list[int]
    ura: list[int]
    conditions: Any = field(repr=False)


def riichienv_module() -> Any | None:
    try:
        from riichienv import _riichienv  # type: ignore[import-not-found]
    except ImportError:
        return None
    return _riichienv


def to_riichienv(rv: Any, sit: WinSituation) -> RvArgs:
    kinds = {
        MeldType.CHI: rv.MeldType.Chi,
        MeldType.PON: rv.MeldType.Pon,
        MeldType.MINKAN: rv.MeldType.Daiminkan,
        MeldType.ANKAN: rv.MeldType.Ankan,
        MeldType.KAKAN: rv.MeldType.Kakan,
    }
    winds = (rv.Wind.East, rv.Wind.South, rv.Wind.West, rv.Wind.North)
    seat = WINDS.index(sit.seat_wind)
    melds = [
        rv.Meld(
            kinds[m.type],
            sorted(m.tiles),
            m.is_open,
            -1 if m.source is None else (seat + int(m.source)) % 4,
        )
        for m in sit.melds
    ]
    conditions = rv.Conditions(
        tsumo=sit.tsumo,
        riichi=sit.riichi.declared,
        double_riichi=sit.riichi is RiichiKind.DOUBLE,
        ippatsu=sit.ippatsu,
        haitei=sit.haitei and sit.tsumo and not sit.rinshan,
        houtei=sit.houtei and not sit.tsumo,
        rinshan=sit.rinshan and sit.tsumo,
        chankan=sit.chankan and not sit.tsumo,
        tsumo_first_turn=sit.first_turn and sit.tsumo,
        player_wind=winds[seat],
        round_wind=winds[WINDS.index(sit.round_wind)],
        riichi_sticks=sit.riichi_sticks,
        honba=sit.honba,
    )
    # The hand before the winning tile (riichienv's evaluator holds a waiting hand).
    tiles = list(sit.concealed)
    tiles.remove(sit.win_tile)
    return RvArgs(
        tiles, melds, sit.win_tile, list(sit.dora_indicators), list(sit.ura_indicators), conditions
    )


def riichienv_call(rv: Any) -> Callable[[RvArgs], Any]:
    """Score one hand through riichienv's Python API: the evaluator is built from the tiles
    and melds, then asked for the win's value (both timed: they are one scoring call)."""
    evaluator = rv.HandEvaluator

    def call(a: RvArgs) -> Any:
        return evaluator(a.tiles, a.melds).calc(a.win_tile, a.dora, a.ura, a.conditions)

    return call


def riichienv_disagrees(sit: WinSituation, res: ScoreResult, out: Any) -> str | None:
    """Which of han, fu and points riichienv sees otherwise (its yaku ids are its own)."""
    if not out.is_win:
        return "riichienv: no win"
    j_han = 13 * res.yakuman if res.yakuman else res.han
    fields = []
    if out.han != j_han and not (res.yakuman and out.yakuman):
        fields.append("han")
    if not res.yakuman and res.fu and out.fu != res.fu:
        fields.append("fu")
    pays = sorted(res.payments.values())
    if not sit.tsumo:
        theirs = [out.ron_agari]
    elif sit.is_dealer:
        theirs = [out.tsumo_agari_ko] * 3
    else:
        theirs = sorted([out.tsumo_agari_oya, out.tsumo_agari_ko, out.tsumo_agari_ko])
    if pays != theirs:
        fields.append("points")
    return "+".join(fields) or None


# ---------------------------------------------------------------------------------------------
# Comparison
# ---------------------------------------------------------------------------------------------

MJ_YAKU = {
    "Menzen Tsumo": "menzen_tsumo",
    "Riichi": "riichi",
    "Ippatsu": "ippatsu",
    "Chankan": "chankan",
    "Rinshan Kaihou": "rinshan",
    "Haitei Raoyue": "haitei",
    "Houtei Raoyui": "houtei",
    "Double Riichi": "double_riichi",
    "Pinfu": "pinfu",
    "Tanyao": "tanyao",
    "Iipeiko": "iipeikou",
    "Yakuhai (haku)": "haku",
    "Yakuhai (hatsu)": "hatsu",
    "Yakuhai (chun)": "chun",
    "Yakuhai (seat wind east)": "seat_wind_east",
    "Yakuhai (seat wind south)": "seat_wind_south",
    "Yakuhai (seat wind west)": "seat_wind_west",
    "Yakuhai (seat wind north)": "seat_wind_north",
    "Yakuhai (round wind east)": "round_wind_east",
    "Yakuhai (round wind south)": "round_wind_south",
    "Yakuhai (round wind west)": "round_wind_west",
    "Yakuhai (round wind north)": "round_wind_north",
    "Sanshoku Doujun": "sanshoku",
    "Ittsu": "ittsu",
    "Chantai": "chanta",
    "Honroutou": "honroutou",
    "Toitoi": "toitoi",
    "San Ankou": "sanankou",
    "San Kantsu": "sankantsu",
    "Sanshoku Doukou": "sanshoku_doukou",
    "Chiitoitsu": "chiitoitsu",
    "Shou Sangen": "shousangen",
    "Honitsu": "honitsu",
    "Junchan": "junchan",
    "Ryanpeikou": "ryanpeikou",
    "Chinitsu": "chinitsu",
    "Kokushi Musou": "kokushi",
    "Chuuren Poutou": "chuuren",
    "Suu Ankou": "suuankou",
    "Daisangen": "daisangen",
    "Shousuushii": "shousuushii",
    "Ryuuiisou": "ryuuiisou",
    "Suu Kantsu": "suukantsu",
    "Tsuu Iisou": "tsuuiisou",
    "Chinroutou": "chinroutou",
    "Dai Suushii": "daisuushii",
    "Kokushi Musou Juusanmen Matchi": "kokushi13",
    "Suu Ankou Tanki": "suuankou_tanki",
    "Daburu Chuuren Poutou": "junsei_chuuren",
    "Tenhou": "tenhou",
    "Chiihou": "chiihou",
    "Dora": "dora",
    "Aka Dora": "aka_dora",
    "Ura Dora": "ura_dora",
}


def jantaku_yaku(res: ScoreResult) -> dict[str, int]:
    """Yaku id → han (13 per yakuman multiple), without zero-han entries (no ura)."""
    out: dict[str, int] = {}
    for y in res.yaku:
        han = 13 * y.yakuman if y.yakuman else y.han
        if han:
            out[y.id] = han
    return out


def mahjong_yaku(resp: Any) -> dict[str, int]:
    out: dict[str, int] = {}
    for y in resp.yaku or ():
        han = y.han_open if resp.is_open_hand and y.han_open else y.han_closed
        out[MJ_YAKU.get(y.name, y.name)] = han
    return out


def payments_of(resp: Any, sit: WinSituation) -> list[int]:
    c = resp.cost
    if not sit.tsumo:
        return [c["main"] + c["main_bonus"]]
    others = [c["additional"] + c["additional_bonus"]] * 2
    return sorted([c["main"] + c["main_bonus"], *others])


@dataclass
class Diff:
    index: int
    category: str
    fields: list[str]


def compare(i: int, sit: WinSituation, res: ScoreResult, resp: Any) -> Diff | None:
    if resp.error:
        return Diff(i, f"mahjong error {resp.error}", ["error"])
    jy, my = jantaku_yaku(res), mahjong_yaku(resp)
    j_han = 13 * res.yakuman if res.yakuman else res.han
    fields = []
    if jy != my:
        fields.append("yaku")
    if j_han != resp.han:
        fields.append("han")
    if not res.yakuman and res.fu and resp.fu != res.fu:
        fields.append("fu")
    if res.value != resp.cost["main"] + 2 * resp.cost["additional"]:
        fields.append("points")
    if sorted(res.payments.values()) != payments_of(resp, sit):
        fields.append("payments")
    if res.total_gain() != resp.cost["total"]:
        fields.append("total")
    if not fields:
        return None
    if "yaku" in fields:
        j_only = sorted(f"{k}" for k in jy if jy.get(k) != my.get(k))
        m_only = sorted(f"{k}" for k in my if jy.get(k) != my.get(k))
        cat = f"yaku jantaku-only {j_only} / mahjong-only {m_only}"
    else:
        cat = "+".join(fields)
        if "fu" in fields:
            cat += f" (fu {res.fu} vs {resp.fu})"
    return Diff(i, cat, fields)


WIND_NAMES = dict(zip(WINDS, "ESWN", strict=True))


def describe_situation(sit: WinSituation) -> str:
    parts = [
        "tsumo" if sit.tsumo else f"ron from {WIND_NAMES[sit.discarder_wind or 0]}",
        f"seat {WIND_NAMES[sit.seat_wind]}",
        f"round {WIND_NAMES[sit.round_wind]}",
    ]
    if sit.riichi.declared:
        parts.append(sit.riichi.value)
    for flag in ("ippatsu", "rinshan", "chankan", "haitei", "houtei", "first_turn"):
        if getattr(sit, flag):
            parts.append(flag)
    ts = sit.tileset
    parts.append("dora ind " + "".join(tile_name(t, ts) for t in sit.dora_indicators))
    if sit.ura_indicators:
        parts.append("ura ind " + "".join(tile_name(t, ts) for t in sit.ura_indicators))
    parts.append(f"honba {sit.honba}, sticks {sit.riichi_sticks}")
    return ", ".join(parts)


def describe_hand(sit: WinSituation) -> str:
    hand = Hand(sit.concealed, sit.melds, (), sit.tileset)
    return f"{hand}  win {tile_name(sit.win_tile, sit.tileset)}"


def describe_jantaku(res: ScoreResult) -> str:
    yaku = " ".join(f"{k}:{v}" for k, v in jantaku_yaku(res).items())
    pays = sorted(res.payments.values())
    return f"{yaku} | {res.han} han {res.fu} fu, points {res.value}, pays {pays}"


def describe_mahjong(resp: Any, sit: WinSituation) -> str:
    if resp.error:
        return f"error {resp.error}"
    yaku = " ".join(f"{k}:{v}" for k, v in mahjong_yaku(resp).items())
    c = resp.cost
    pts = c["main"] + 2 * c["additional"]
    return (
        f"{yaku} | {resp.han} han {resp.fu} fu, points {pts}, pays {payments_of(resp, sit)}"
        f" ({c['yaku_level'] or 'no limit'})"
    )


# ---------------------------------------------------------------------------------------------
# Timing
# ---------------------------------------------------------------------------------------------


def best_of(
    runs: Sequence[tuple[Callable[[Any], Any], Sequence[Any]]], repeats: int = 3
) -> list[float]:
    """Hands per CPU second of each ``(function, items)``: the best of ``repeats`` runs,
    after a warm-up. The runs take turns (a, b, a, b...), so a machine that slows down for a
    while (a shared one does) slows them alike and the ratio holds; CPU time rather than wall
    time, so other processes on the cores count less."""
    for fn, items in runs:
        for x in items[: min(len(items), 500)]:
            fn(x)
    best = [float("inf")] * len(runs)
    for _ in range(repeats):
        for i, (fn, items) in enumerate(runs):
            t0 = time.process_time()
            for x in items:
                fn(x)
            best[i] = min(best[i], time.process_time() - t0)
    return [len(items) / b for (_, items), b in zip(runs, best, strict=True)]


# ---------------------------------------------------------------------------------------------


def _mahjong_version() -> str:
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version("mahjong")
    except PackageNotFoundError:
        return "?"


def main(argv: Sequence[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--n", type=int, default=20000, help="winning hands to generate")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--repeats", type=int, default=3, help="timed runs of each library")
    ap.add_argument(
        "--mahjong-n", type=int, default=0, help="time mahjong on this many hands (0: all)"
    )
    ap.add_argument("--examples", type=int, default=10)
    args = ap.parse_args(argv)

    scorer = Scorer(load_preset("riichi"))
    ts = scorer.tileset
    rng = random.Random(args.seed)

    t0 = time.perf_counter()
    sits: list[WinSituation] = []
    results: list[ScoreResult] = []
    no_yaku: list[WinSituation] = []
    other_errors: Counter[str] = Counter()
    generated = 0
    while len(sits) < args.n:
        sit = random_situation(rng, ts)
        generated += 1
        try:
            results.append(scorer.score(sit))
        except NotAWin as e:
            if "no yaku" in str(e):
                no_yaku.append(sit)
            else:
                other_errors[str(e)] += 1
            continue
        sits.append(sit)
    gen_s = time.perf_counter() - t0
    print(
        f"generated {generated} complete hands in {gen_s:.1f}s: {len(sits)} legal wins, "
        f"{len(no_yaku)} with no yaku (NotAWin), {sum(other_errors.values())} other NotAWin"
    )
    for msg, n in other_errors.items():
        print(f"  other NotAWin x{n}: {msg}")

    forms = Counter(r.reading.form for r in results)
    opened = sum(1 for s in sits if not s.is_closed)
    yakuman = sum(1 for r in results if r.yakuman)
    print(
        f"  forms {dict(forms)}; open hands {opened}; yakuman {yakuman}; "
        f"limit hands {sum(1 for r in results if r.limit)}"
    )

    # --- timing, the two libraries taking turns
    calc = HandCalculator()
    call = mahjong_call(calc)
    mj_args = [to_mahjong(s) for s in sits]
    subset = mj_args if not args.mahjong_n else mj_args[: args.mahjong_n]
    runs: list[tuple[Callable[[Any], Any], Sequence[Any]]] = [(scorer.score, sits), (call, subset)]
    rv = riichienv_module()
    rv_args: list[RvArgs] = []
    if rv is not None:
        rv_call = riichienv_call(rv)
        rv_args = [to_riichienv(rv, s) for s in sits]
        runs.append((rv_call, rv_args))
    rates = best_of(runs, args.repeats)
    jantaku_rate, mahjong_rate = rates[0], rates[1]
    note = "" if len(subset) == len(mj_args) else " (subset)"
    best = f"best of {args.repeats}, per CPU second"
    print(f"jantaku   : {jantaku_rate:10,.0f} hands/s  ({len(sits)} hands, {best})")
    print(f"            jantaku {build.describe()}")
    print(f"mahjong   : {mahjong_rate:10,.0f} hands/s  ({len(subset)} hands{note}, {best})")
    if rv is not None:
        print(f"riichienv : {rates[2]:10,.0f} hands/s  ({len(rv_args)} hands, {best})")
    load = os.getloadavg()
    print(f"load average {load[0]:.2f} {load[1]:.2f} {load[2]:.2f} (2 cores)")

    # --- comparison (untimed: fresh configs, every hand)
    diffs: list[Diff] = []
    responses = []
    for i, s in enumerate(sits):
        resp = call(to_mahjong(s))
        responses.append(resp)
        d = compare(i, s, results[i], resp)
        if d is not None:
            diffs.append(d)
    # Hands jantaku finds no yaku in, which the package scores.
    no_yaku_scored = []
    for s in no_yaku:
        resp = call(to_mahjong(s))
        if not resp.error:
            no_yaku_scored.append((s, resp))

    print("\nconventions mapped so both score by Tenhou rules:")
    rinshan_haitei = sum(1 for s in sits if s.rinshan and s.haitei)
    print(
        f"  - {rinshan_haitei} rinshan wins also flagged haitei: given to mahjong without"
        " haitei (it refuses the pair; Tenhou: a replacement draw is never haitei)"
    )
    print("  - mahjong options: " + ", ".join(f"{k}={v}" for k, v in TENHOU_OPTIONS.items()))
    print("  - chi tiles passed sorted (the package reads a chi from its first tile)")

    cats = Counter(d.category for d in diffs)
    print(f"\n{len(diffs)} disagreements in {len(sits)} hands compared")
    for cat, n in cats.most_common():
        print(f"  {n:6d}  {cat}")
    print(f"{len(no_yaku_scored)} of {len(no_yaku)} no-yaku hands (jantaku) are scored by mahjong")
    rv_diffs: Counter[str] = Counter()
    if rv is not None:
        for i, a in enumerate(rv_args):
            d_rv = riichienv_disagrees(sits[i], results[i], rv_call(a))
            if d_rv is not None:
                rv_diffs[d_rv] += 1
        print(f"{sum(rv_diffs.values())} disagreements with riichienv (han, fu, points)")
        for cat, n in rv_diffs.most_common():
            print(f"  {n:6d}  {cat}")
    shown: list[Diff] = []
    seen_cats: set[str] = set()
    for d in diffs:  # one example per category first, then the rest
        if d.category not in seen_cats:
            seen_cats.add(d.category)
            shown.append(d)
    shown += [d for d in diffs if d not in shown]
    for d in shown[: args.examples]:
        s = sits[d.index]
        print(f"\n  [{d.category}]")
        print(f"    hand     {describe_hand(s)}")
        print(f"    sit      {describe_situation(s)}")
        print(f"    jantaku  {describe_jantaku(results[d.index])}")
        print(f"    mahjong  {describe_mahjong(responses[d.index], s)}")
    for s, resp in no_yaku_scored[: args.examples]:
        print("\n  [jantaku: no yaku; mahjong scores it]")
        print(f"    hand     {describe_hand(s)}")
        print(f"    sit      {describe_situation(s)}")
        print(f"    mahjong  {describe_mahjong(resp, s)}")

    ratio = jantaku_rate / mahjong_rate
    rows = [
        ("jantaku hands/s", f"{jantaku_rate:,.0f}"),
        (f"mahjong {_mahjong_version()} hands/s", f"{mahjong_rate:,.0f}" + note),
        ("ratio (jantaku / mahjong)", f"{ratio:.2f}x"),
        *(
            [
                ("riichienv hands/s", f"{rates[2]:,.0f}"),
                ("ratio (jantaku / riichienv)", f"{jantaku_rate / rates[2]:.2f}x"),
                ("disagreements with riichienv", f"{sum(rv_diffs.values())}"),
            ]
            if rv is not None
            else []
        ),
        ("hands compared", f"{len(sits)}"),
        ("disagreements", f"{len(diffs) + len(no_yaku_scored)}"),
        ("target >= 150,000 hands/s", "met" if jantaku_rate >= 150_000 else "NOT met"),
    ]
    width = max(len(k) for k, _ in rows)
    vwidth = max(len(v) for _, v in rows)
    print("\n" + "-" * (width + vwidth + 7))
    for k, v in rows:
        print(f"| {k:<{width}} | {v:>{vwidth}} |")
    print("-" * (width + vwidth + 7))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
