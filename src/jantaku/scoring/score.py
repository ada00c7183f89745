"""Scoring a win: every reading, its yaku, han and fu; the best one; and the payments."""

from __future__ import annotations

from dataclasses import dataclass, field

from jantaku.hand.analysis import HandAnalyzer
from jantaku.rules.model import Preset
from jantaku.tiles.kinds import DRAGONS, N_KINDS, NORTH, Kind, kind_from_name, kind_name
from jantaku.tiles.tileset import TileSet, Variant, tile_kind

from .points import base_points, standard_payments
from .reading import CHIITOI, KOKUSHI, Reading, fu_of, readings
from .situation import WinSituation
from .yaku import DORA_IDS, DORA_NAMES, YAKU, Ctx, HandFacts, Yaku


class NotAWin(ValueError):
    """The hand is not a legal win under the rules (the message says why)."""


@dataclass(frozen=True)
class YakuHan:
    id: str
    han: int
    yakuman: int = 0

    @property
    def tenhou_id(self) -> int | None:
        if self.id in DORA_IDS:
            return DORA_IDS[self.id]
        return _BY_ID[self.id].tenhou_id

    @property
    def name_ja(self) -> str:
        return DORA_NAMES[self.id][1] if self.id in DORA_NAMES else _BY_ID[self.id].name_ja

    @property
    def name_en(self) -> str:
        return DORA_NAMES[self.id][0] if self.id in DORA_NAMES else _BY_ID[self.id].name_en


_BY_ID = {y.id: y for y in YAKU}


@dataclass(frozen=True)
class ScoreResult:
    yaku: tuple[YakuHan, ...]
    han: int
    fu: int
    yakuman: int
    limit: str | None
    base: int
    payments: dict[Kind, int]
    """Payer seat wind → points paid, honba included."""
    sticks: int
    """Riichi sticks collected (count)."""
    reading: Reading
    pao_wind: Kind | None = None
    extras: dict[str, int] = field(default_factory=dict)

    @property
    def points(self) -> int:
        """What the hand is worth before honba and sticks (Tenhou's ``ten`` value)."""
        return self.value

    value: int = 0

    def total_gain(self, stick_value: int = 1000) -> int:
        return sum(self.payments.values()) + self.sticks * stick_value


class Scorer:
    """Scores wins under one preset."""

    def __init__(self, preset: Preset, ts: TileSet | None = None) -> None:
        self.preset = preset
        self.rules = preset.scoring
        self.tileset = ts or preset.tileset()
        self.analyzer = HandAnalyzer(
            self.tileset,
            chiitoi_four=preset.hand.chiitoi_four,
            fifth_copy=preset.hand.wildcard_fifth_copy,
        )
        disabled = set(self.rules.disabled_yaku)
        self.yaku: tuple[Yaku, ...] = tuple(y for y in YAKU if y.id not in disabled)
        self.han: dict[str, tuple[int, int]] = {y.id: (y.han_closed, y.han_open) for y in YAKU}
        if not self.rules.kuitan:
            self.han["tanyao"] = (1, 0)
        for yid, (closed, opened) in self.rules.yaku_han.items():
            self.han[yid] = (closed, opened)
        self.nuki_kinds = frozenset(kind_from_name(k) for k in self.rules.nuki_dora)
        flowers = frozenset(k for k in self.tileset.kinds if k >= N_KINDS)
        self.extractable: frozenset[Kind] = self.nuki_kinds | flowers
        """Kinds a player of this preset sets aside (nuki-dora, flowers)."""
        # Per hand state: (yaku, han) lists for a closed and an open hand, and the yakuman.
        self._closed_yaku = [(y, self.han[y.id][0]) for y in self.yaku if not y.yakuman]
        self._closed_yaku = [(y, h) for y, h in self._closed_yaku if h]
        self._open_yaku = [(y, self.han[y.id][1]) for y in self.yaku if not y.yakuman]
        self._open_yaku = [(y, h) for y, h in self._open_yaku if h]
        mult = (lambda y: y.yakuman) if self.rules.double_yakuman else (lambda y: 1)
        self._yakuman = [(y, mult(y)) for y in self.yaku if y.yakuman]
        self._red = frozenset(
            t for t in self.tileset.tiles if self.tileset.variant(t) is Variant.RED
        )
        self.pao_yaku = frozenset(self.rules.pao)

    # -------------------------------------------------------------------------------------

    def _value_pair_fu(self, sit: WinSituation) -> list[int]:
        fu = [0] * N_KINDS
        for d in DRAGONS:
            fu[d] = 2
        fu[sit.seat_wind] += 2
        fu[sit.round_wind] += 2
        if self.rules.yakuhai_north and sit.seat_wind != NORTH and sit.round_wind != NORTH:
            fu[NORTH] += 2
        return fu

    def _dora(self, sit: WinSituation, all_counts: list[int]) -> list[YakuHan]:
        ts = sit.tileset
        out: list[YakuHan] = []
        dora = sum(
            all_counts[ts.dora_next[tile_kind(t)]]
            for t in sit.dora_indicators
            if ts.dora_next[tile_kind(t)] >= 0
        )
        if dora:
            out.append(YakuHan("dora", dora))
        tiles = list(sit.concealed)
        for m in sit.melds:
            tiles.extend(m.tiles)
        red = self._red if ts is self.tileset else None
        if red is None:
            aka = sum(1 for t in tiles if ts.variant(t) is Variant.RED)
        else:
            aka = sum(1 for t in tiles if t in red)
        if aka:
            out.append(YakuHan("aka_dora", aka))
        if sit.riichi.declared:
            ura = sum(
                all_counts[ts.dora_next[tile_kind(t)]]
                for t in sit.ura_indicators
                if ts.dora_next[tile_kind(t)] >= 0
            )
            out.append(YakuHan("ura_dora", ura))
        nuki = sum(1 for t in sit.extracted if tile_kind(t) in self.nuki_kinds)
        if nuki:
            out.append(YakuHan("nuki_dora", nuki))
        return out

    def _ctx(
        self,
        sit: WinSituation,
        r: Reading,
        counts: list[int],
        conc: list[int],
        vfu: list[int],
        facts: HandFacts,
    ) -> Ctx:
        trips = [s.kind for s in r.sets if not s.seq]
        seqs = [s.kind for s in r.sets if s.seq]
        return Ctx(
            sit=sit,
            r=r,
            counts=counts,
            closed=not any(s.called for s in r.sets) and sit.is_closed,
            trips=trips,
            seqs=seqs,
            kans=sum(1 for s in r.sets if s.kan),
            ankou=sum(1 for s in r.sets if not s.seq and s.concealed),
            value_pair=r.form == "standard" and vfu[r.pair] > 0,
            concealed_counts=conc,
            facts=facts,
        )

    def score(self, sit: WinSituation) -> ScoreResult:
        """Score a win, taking the reading that pays the winner most.

        Raises :class:`NotAWin` when the hand is not complete or has no yaku.
        """
        conc = [0] * 38
        for t in sit.concealed:
            conc[t >> 2 if t < 136 else tile_kind(t)] += 1
        if sit.win_tile not in sit.concealed:
            raise NotAWin("the winning tile is not among the concealed tiles")
        expect = 14 - 3 * len(sit.melds)
        if len(sit.concealed) != expect:
            raise NotAWin(
                f"{len(sit.concealed)} concealed tiles with {len(sit.melds)} melds; a complete "
                f"hand has {expect}"
            )
        hand_counts = conc[:N_KINDS]
        for m in sit.melds:
            for t in m.tiles:
                hand_counts[t >> 2] += 1
        all_counts = hand_counts
        if sit.extracted:
            all_counts = list(hand_counts)
            for t in sit.extracted:
                k = tile_kind(t)
                if k < N_KINDS:
                    all_counts[k] += 1
        rs = readings(sit, self.analyzer, conc)
        if not rs:
            raise NotAWin("the hand is not complete")
        vfu = self._value_pair_fu(sit)
        dora = self._dora(sit, all_counts)
        facts = HandFacts.of(hand_counts)
        best: ScoreResult | None = None
        best_key: tuple[int, int, int] | None = None
        for r in rs:
            res = self._score_reading(sit, r, hand_counts, conc, vfu, dora, facts)
            if res is None:
                continue
            key = (res.total_gain(), res.han + 100 * res.yakuman, res.fu)
            if best_key is None or key > best_key:
                best, best_key = res, key
        if best is None:
            raise NotAWin("the hand has no yaku")
        return best

    def _score_reading(
        self,
        sit: WinSituation,
        r: Reading,
        counts: list[int],
        conc: list[int],
        vfu: list[int],
        dora: list[YakuHan],
        facts: HandFacts,
    ) -> ScoreResult | None:
        c = self._ctx(sit, r, counts, conc, vfu, facts)
        found: list[YakuHan] = []
        yakuman = 0
        if (
            facts.may_be_yakuman()
            or r.form == KOKUSHI
            or c.ankou == 4
            or c.kans == 4
            or sit.first_turn
        ):
            for y, mult in self._yakuman:
                if y.test(c):
                    yakuman += mult
                    found.append(YakuHan(y.id, 0, mult))
        if yakuman:
            han, fu = 0, 0
        else:
            for y, han in self._closed_yaku if c.closed else self._open_yaku:
                if y.test(c):
                    found.append(YakuHan(y.id, han))
            if not found:
                return None
            found.extend(dora)
            han = sum(f.han for f in found)
            pinfu = any(f.id == "pinfu" for f in found)
            if r.form == CHIITOI:
                fu = 25
            elif r.form == KOKUSHI:
                fu = 0
            else:
                fu = fu_of(r, sit, vfu, pinfu)
        base, limit = base_points(
            han, fu, yakuman, kazoe=self.rules.kazoe_yakuman, kiriage=self.rules.kiriage
        )
        return self._pay(sit, found, han, fu, yakuman, base, limit, r)

    def _pay(
        self,
        sit: WinSituation,
        found: list[YakuHan],
        han: int,
        fu: int,
        yakuman: int,
        base: int,
        limit: str | None,
        r: Reading,
    ) -> ScoreResult:
        rules = self.rules
        discarder = None if sit.tsumo else sit.discarder_wind
        if not sit.tsumo and discarder is None:
            raise NotAWin("a ron needs the discarder's seat")
        pays = standard_payments(
            base, sit.seat_wind, discarder, sit.players, tsumo_son=rules.tsumo_son
        )
        value = sum(pays.values())
        if sit.honba:
            extra = sit.honba * (rules.honba_tsumo if sit.tsumo else rules.honba_ron)
            for p in pays:
                pays[p] += extra
        pao = None
        if sit.pao_wind is not None and any(f.id in self.pao_yaku for f in found):
            pao = sit.pao_wind
            total = sum(pays.values())
            if sit.tsumo:
                pays = {pao: total}
            elif pao != discarder and discarder is not None:
                half = (value // 2 + 99) // 100 * 100
                pays = {pao: half, discarder: total - half}
        return ScoreResult(
            yaku=tuple(found),
            han=han,
            fu=fu,
            yakuman=yakuman,
            limit=limit,
            base=base,
            payments=pays,
            sticks=sit.riichi_sticks,
            reading=r,
            pao_wind=pao,
            value=value,
        )


def describe(result: ScoreResult) -> str:
    parts = [f"{y.name_ja}({y.han if not y.yakuman else '役満'})" for y in result.yaku]
    return (
        " ".join(parts)
        + f" {result.fu}符{result.han}飜 "
        + ", ".join(f"{kind_name(k)}:{v}" for k, v in result.payments.items())
    )
