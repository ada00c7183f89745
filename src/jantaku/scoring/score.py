"""Scoring a win: every reading, its yaku, han and fu; the best one; and the payments.

The pipeline is the same for every preset; the preset's knobs (``Preset.scoring``) choose
which yaku exist and at what han, how fu are found, which point table and limits apply, how
payments are rounded and what is added to them. Chips are in :mod:`jantaku.scoring.chips`.
"""

from __future__ import annotations

from collections.abc import Set as AbstractSet

from jantaku.hand.analysis import HandAnalyzer
from jantaku.rules.model import Preset
from jantaku.tiles.kinds import (
    DRAGONS,
    EAST,
    FIVES,
    M1,
    N_KINDS,
    NORTH,
    SPRING,
    WINDS,
    WINTER,
    Kind,
    kind_from_name,
)
from jantaku.tiles.notation import MeldType
from jantaku.tiles.tileset import TileSet, Variant, tile_kind

from .gates import (
    PLACE,
    add_kind,
    group_gates,
    group_of,
    groups_at,
    groups_of,
    hand_splits,
)
from .house import HOUSE_HAN, MU, RIICHI_ONLY_RON, HouseWin, Stage
from .points import MANGAN, base_points, no_bazoro_base, standard_payments
from .reading import CHIITOI, STANDARD, Reading, fu_of, readings
from .refusal import NotAWin as NotAWin  # re-exported: callers import it from here
from .refusal import Refusal
from .score_parts import (
    AKA,
    CACHED_HAN,
    DORA,
    HONOR_YAKUMAN,
    INCOMPLETE,
    NO_CALLS,
    NO_ENTRIES,
    NO_POWERS,
    NO_VALUE,
    NO_WILDCARD,
    NO_YAKU,
    PINFU,
    ROUND_GATES,
    SEAT_GATES,
    URA,
    Candidate,
    Entry,
    any_needed,
    holds,
    house_payments,
    level_up,
    situation_gates,
)
from .score_result import DoraFacts, ScoreResult, YakuHan
from .situation import RiichiKind, WinSituation
from .yaku import (
    ALL_YAKU,
    HOUSE_IDS,
    SUPERSEDES,
    Ctx,
    Yaku,
)

__all__ = ["DoraFacts", "NotAWin", "ScoreResult", "Scorer", "YakuHan"]


class Scorer:
    """Scores wins under one preset."""

    def __init__(self, preset: Preset, ts: TileSet | None = None) -> None:
        self.preset = preset
        self.rules = rules = preset.scoring
        self.tileset = ts or preset.tileset()
        self.analyzer = HandAnalyzer(
            self.tileset,
            chiitoi_four=preset.hand.chiitoi_four,
            fifth_copy=preset.hand.wildcard_fifth_copy,
        )
        disabled = set(rules.disabled_yaku)
        if not rules.ippatsu_yaku:
            disabled.add("ippatsu")
        extra = set(rules.extra_yaku)
        if rules.yakuhai_north:
            extra.add("yakuhai_north")
        if rules.four_north_han:
            extra.add("four_north")  # 北4枚抜き: a yaku of four_north_han han (gotou: 8)
        self.yaku: tuple[Yaku, ...] = tuple(
            y for y in ALL_YAKU if (y.id in extra if y.id in HOUSE_IDS else y.id not in disabled)
        )
        self.han: dict[str, tuple[int, int]] = {y.id: (y.han_closed, y.han_open) for y in ALL_YAKU}
        if not rules.kuitan:
            self.han["tanyao"] = (1, 0)
        if rules.four_north_han:
            self.han["four_north"] = (rules.four_north_han, rules.four_north_han)
        for yid, (closed, opened) in rules.yaku_han.items():
            self.han[yid] = (closed, opened)
        # A yakuman given han values by the preset is counted as han (tokushima: 人和 and 四華
        # are counted yakuman).
        as_han = set(rules.yaku_han)
        normal = [y for y in self.yaku if not y.yakuman or y.id in as_han]
        double = rules.double_yakuman
        # Each yaku once, with its han in a closed or an open hand (or its yakuman multiple)
        # and the YakuHan it adds.
        self._closed_entries = [
            Entry(y, self.han[y.id][0], YakuHan(y.id, self.han[y.id][0]))
            for y in normal
            if self.han[y.id][0]
        ]
        self._open_entries = [
            Entry(y, self.han[y.id][1], YakuHan(y.id, self.han[y.id][1]))
            for y in normal
            if self.han[y.id][1]
        ]
        multiple = {y.id: y.yakuman if double else 1 for y in self.yaku}
        self._yakuman_entries = [
            Entry(y, multiple[y.id], YakuHan(y.id, 0, multiple[y.id]))
            for y in self.yaku
            if y.yakuman and y.id not in as_han
        ]
        self._yakuman_hint = any_needed(self._yakuman_entries)
        """A hand with none of these gate bits has no yakuman (most hands skip the loop)."""
        enabled = {y.id for y in self.yaku}
        self._supersedes = {k: v for k, v in SUPERSEDES.items() if k in enabled}
        self.nuki_kinds = frozenset(kind_from_name(k) for k in rules.nuki_dora)
        flowers = frozenset(k for k in self.tileset.kinds if k >= N_KINDS)
        self.extractable: frozenset[Kind] = self.nuki_kinds | flowers
        """Kinds a player of this preset sets aside (nuki-dora, flowers)."""
        self._min_han = rules.min_han
        self._two_han_from = rules.two_han_from_honba
        self._fixed30 = rules.fu == "fixed30"
        self._fu_knobs = self._fixed30 or bool(rules.fu_cap)
        house = [u for u in HOUSE_HAN if u.on(rules)]
        self._house_han = tuple(u for u in house if u.stage is Stage.HAN)
        """House han this preset adds to a hand with a yaku (白ピカ, ヨンチョロ...)."""
        self._house_level = tuple(u for u in house if u.stage is Stage.LEVEL)
        """House rules that move a win up a level (夏)."""
        self._riichi_only_ron = RIICHI_ONLY_RON if RIICHI_ONLY_RON.id in extra else None
        self._mu_yakuman = MU if MU.id in extra else None
        self._rule_wild = preset.hand.wildcards
        # The knobs read for every hand, copied out of the rules model once: reading a
        # Pydantic model's field is a dictionary look-up, a native attribute is not.
        self._no_bazoro = rules.point_table == "no_bazoro"
        self._kazoe = rules.kazoe_yakuman
        self._kiriage = rules.kiriage
        self._ura_dora = rules.ura_dora
        self._gold_is_dora = rules.gold_is_dora
        # Only a flower's power makes fives dora: without flower powers, no look at each hand.
        self._autumn_fives_dora = rules.autumn_fives_dora and bool(rules.flower_powers)
        self._pinfu_tsumo_fu = rules.pinfu_tsumo_fu
        self._chiitoitsu_fu = rules.chiitoitsu_fu
        self._fu_cap = rules.fu_cap
        self._tsumo_son = rules.tsumo_son
        self._round_to = rules.round_up
        self._honba_tsumo = rules.honba_tsumo
        self._honba_ron = rules.honba_ron
        self._wareme = rules.wareme
        self._pay_extras = bool(
            rules.tsumo_bonus
            or rules.open_riichi_bonus
            or rules.terminal_manzu_bonus
            or rules.daiminkan_liability
        )
        """Whether payments need :func:`house_payments` even without a liable seat."""
        self._mangan_cap = rules.limit_cap == "mangan"
        self._mangan_base = MANGAN if rules.point_table == "standard" else MANGAN // 2
        """A mangan's base points in this preset's point table (the cap of ``limit_cap``)."""
        self._pao_yaku = frozenset(rules.pao)
        self._pochi_rule = rules.dot_white == "wild_after_riichi"
        self._honor_only_north = rules.north_in_hand == "honor_yakuman_only"
        # Fu of a pair of each kind, by seat and round wind (``value_pair_fu``).
        self._vfu = [self._pair_fu(seat, rnd) for seat in WINDS for rnd in WINDS]
        self._flower_rules = bool(rules.flower_powers)
        ts_ = self.tileset
        top = max(ts_.tiles) + 1
        # Red and gold tiles by tile id: counted with a loop over the hand's tiles, which
        # allocates nothing (a set intersection built a set per hand).
        variants = {t: ts_.variant(t) for t in ts_.tiles}
        self._red = bytes(variants.get(t) is Variant.RED for t in range(top))
        self._gold = bytes(variants.get(t) is Variant.GOLD for t in range(top))
        self._has_gold = any(self._gold)
        self._kind_of: tuple[Kind, ...] = tuple(tile_kind(t) for t in range(top))
        # The dora an indicator points at, by the indicator's tile id (-1: none).
        self._dora_of: tuple[Kind, ...] = tuple(
            ts_.dora_next[tile_kind(t)] if tile_kind(t) < len(ts_.dora_next) else -1
            for t in range(top)
        )
        self._start_indicators = preset.table.initial_dora

    # -- helpers ------------------------------------------------------------------------------

    def value_pair_fu(self, sit: WinSituation) -> list[int]:
        """Fu of a pair of each kind for this seat and round (dragons, the seat and round
        winds, north where the preset makes it a value tile), indexed by kind."""
        return self._vfu[(sit.seat_wind - EAST) * 4 + sit.round_wind - EAST]

    def _pair_fu(self, seat: Kind, round_wind: Kind) -> list[int]:
        fu = [0] * N_KINDS
        for d in DRAGONS:
            fu[d] = 2
        fu[seat] += 2
        fu[round_wind] += 2
        if self.rules.yakuhai_north and seat != NORTH and round_wind != NORTH:
            fu[NORTH] += 2
        return fu

    def _dora(
        self,
        sit: WinSituation,
        all_counts: list[int],
        real_tiles: tuple[int, ...],
        powers: AbstractSet[Kind],
    ) -> tuple[list[YakuHan], DoraFacts, int]:
        """Dora of every kind found in the hand, the counts chips are paid on, and the han."""
        dora_of = self._dora_of
        out: list[YakuHan] = []
        dora = kan_dora = 0
        indicators = sit.dora_indicators
        for t in indicators:
            d = dora_of[t]
            if d >= 0:
                dora += all_counts[d]
        # Kan dora are the indicators the kans turned: the facts say how many were turned at
        # the start (one more on mighty's doubles) and how many kans were made.
        start = self._start_indicators if sit.start_indicators is None else sit.start_indicators
        if len(indicators) > start:
            end = len(indicators) if sit.kans is None else start + sit.kans
            for t in indicators[start:end]:
                d = dora_of[t]
                if d >= 0:
                    kan_dora += all_counts[d]
        han = dora
        if dora:
            out.append(DORA[dora] if dora < CACHED_HAN else YakuHan("dora", dora))
        is_red = self._red
        red = gold = 0
        for t in real_tiles:
            red += is_red[t]
        if self._has_gold:
            is_gold = self._gold
            for t in real_tiles:
                gold += is_gold[t]
        aka = red + (gold if self._gold_is_dora else 0)
        if self._autumn_fives_dora and SPRING + 2 in powers:
            # autumn: every five is a dora, red and gold count twice
            aka += sum(all_counts[k] for k in FIVES)
        if aka:
            han += aka
            out.append(AKA[aka] if aka < CACHED_HAN else YakuHan("aka_dora", aka))
        ura = -1
        if sit.riichi is not RiichiKind.NONE and self._ura_dora:
            ura = 0
            for t in sit.ura_indicators:
                d = dora_of[t]
                if d >= 0:
                    ura += all_counts[d]
            han += ura
            out.append(URA[ura] if ura < CACHED_HAN else YakuHan("ura_dora", ura))
        extracted = sit.extracted
        if not extracted:
            return out, DoraFacts(kan_dora, red, gold, ura, 0), han
        rules = self.rules
        nuki = sum(1 for t in extracted if tile_kind(t) in self.nuki_kinds)
        facts = DoraFacts(kan_dora, red, gold, ura, nuki)
        if nuki:
            n = nuki
            # 北4枚抜き is a yaku (four_north_han han, see yaku.py): the four norths it counts
            # are no 抜きドラ besides.
            if (
                rules.four_north_han
                and NORTH in self.nuki_kinds
                and sum(1 for t in extracted if tile_kind(t) == NORTH) == 4
            ):
                n -= 4
            if n:
                han += n
                out.append(YakuHan("nuki_dora", n))
        if rules.flower_han:
            flowers = [tile_kind(t) for t in sit.extracted if tile_kind(t) >= SPRING]
            n = sum(rules.flower_han[k - SPRING] for k in flowers)
            seat_flower = SPRING + (sit.seat_wind - 27)
            if seat_flower in flowers and seat_flower < WINTER:
                n += rules.flower_seat_han
            flower_indicators = sum(1 for t in indicators if tile_kind(t) >= SPRING)
            n += rules.flower_indicator_han * flower_indicators * len(flowers)
            if n:
                han += n
                out.append(YakuHan("flowers", n))
        return out, facts, han

    # -- scoring ------------------------------------------------------------------------------

    def score(self, sit: WinSituation) -> ScoreResult:
        """Score a win, taking the reading that pays the winner most.

        Raises :class:`NotAWin` when the hand is not complete, has no yaku, or has fewer
        han than the rules require.
        """
        if sit.mu:
            return self._mu(sit)
        concealed = sit.concealed
        win_tile = sit.win_tile
        if not holds(concealed, win_tile):
            raise NotAWin(
                Refusal.WIN_TILE_NOT_HELD, "the winning tile is not among the concealed tiles"
            )
        melds = sit.melds
        pochi = (
            self._pochi_rule
            and sit.tsumo
            and sit.riichi is not RiichiKind.NONE
            and sit.tileset.variant(win_tile) is Variant.DOT
            # «自身がポッチをこぼした場合のみ ポッチツモあがり禁止»: then it is a plain white.
            and not sit.pochi_spilled
        )
        rule_wild = self._rule_wild
        expect = 14 - 3 * len(melds) - rule_wild
        if len(concealed) != expect:
            raise NotAWin(
                Refusal.TILE_COUNT,
                f"{len(concealed)} concealed tiles with {len(melds)} melds; a complete "
                f"hand has {expect}",
            )
        # Tuples throughout (not "a list or a tuple"): the compiled build then iterates and
        # indexes them natively.
        real = tuple([t for t in concealed if t != win_tile]) if pochi else concealed
        kind_of = self._kind_of
        # ``a[i] = a[i] + 1`` rather than ``a[i] += 1`` in this function's loops: mypyc
        # compiles an augmented assignment to an item as Python's generic ``+=`` on objects.
        conc = [0] * 38
        # Each group's key for its table look-up, found on the way (gates.PLACE): a fifth
        # copy (mighty) has none, and its groups are found from the counts.
        fifth = False
        km = kp = ks = kh = 0  # (add_kind's work, written out for the hottest loop)
        for t in real:
            k = kind_of[t]
            n = conc[k] + 1
            conc[k] = n
            fifth = fifth or n > 4
            if k < 9:
                km += PLACE[k]
            elif k < 18:
                kp += PLACE[k]
            elif k < 27:
                ks += PLACE[k]
            elif k < 34:
                kh += PLACE[k]
        conc_keys = km, kp, ks, kh
        closed = True
        real_tiles = real
        meld_tiles: list[int] = []
        meld_groups = 0  # bit g: a meld holds tiles of group g (manzu, pinzu, souzu, honors)
        if melds:
            for m in melds:
                if m.type is not MeldType.ANKAN:
                    closed = False
                for t in m.tiles:
                    meld_tiles.append(t)
                    meld_groups |= 1 << (t >> 2) // 9
            real_tiles = (*real, *meld_tiles)
        wild = rule_wild + (1 if pochi else 0)
        if wild:
            called = NO_CALLS
            if melds:
                called = [0] * 38
                for t in meld_tiles:
                    called[t >> 2] = called[t >> 2] + 1
            identities = self.analyzer.wildcard_readings(conc, len(melds), wild, called)
            if not identities:
                raise NotAWin(*INCOMPLETE)
        else:
            identities = NO_WILDCARD
        sit_gates = situation_gates(sit, closed)
        seat, round_wind = sit.seat_wind, sit.round_wind
        vfu = self._vfu[(seat - EAST) * 4 + round_wind - EAST]
        powers = sit.flower_powers() if self._flower_rules else NO_POWERS
        extracted = sit.extracted
        best: Candidate | None = None
        best_key: tuple[int, int, int] | None = None
        best_ident: tuple[Kind, ...] = ()
        best_facts: DoraFacts | None = None
        reason: tuple[Refusal, str] = INCOMPLETE
        for ident in identities:
            counts = conc
            keys = conc_keys
            keyless = fifth
            if ident:
                counts = list(conc)
                for k in ident:
                    n = counts[k] + 1
                    counts[k] = n
                    keys = add_kind(keys, k)
                    keyless = keyless or n > 4
            # Every tile of the hand, melds included (the concealed counts themselves when
            # there are no melds: nothing below writes to them).
            hand_counts = counts
            hand_keys = keys
            hand_keyless = keyless
            if meld_tiles:
                hand_counts = counts[:N_KINDS]
                for t in meld_tiles:
                    k = t >> 2
                    n = hand_counts[k] + 1
                    hand_counts[k] = n
                    hand_keys = add_kind(hand_keys, k)
                    hand_keyless = hand_keyless or n > 4
            all_counts = hand_counts
            if extracted:
                all_counts = list(hand_counts)
                for t in extracted:
                    k = tile_kind(t)
                    if k < N_KINDS:
                        all_counts[k] = all_counts[k] + 1
            win_kind = ident[-1] if pochi else kind_of[win_tile]
            dora, facts, dora_han = self._dora(sit, all_counts, real_tiles, powers)
            # Each group of the concealed tiles is looked up once, for its splits and (in a
            # hand without melds) its gate bits.
            man, pin, sou, honors = groups_of(counts) if keyless else groups_at(keys)
            if melds:
                # The whole hand's groups for its gate bits: only those the melds add to
                # differ from the concealed ones (each look-up is a cache miss or two).
                if hand_keyless:
                    hm, hp, hs, hh = groups_of(hand_counts)
                else:
                    hkm, hkp, hks, hkh = hand_keys
                    hm = group_of(hkm, 0) if meld_groups & 1 else man
                    hp = group_of(hkp, 9) if meld_groups & 2 else pin
                    hs = group_of(hks, 18) if meld_groups & 4 else sou
                    hh = group_of(hkh, EAST) if meld_groups & 8 else honors
                gates = sit_gates | group_gates(hm, hp, hs, hh)
            else:
                gates = group_gates(man, pin, sou, honors) | sit_gates
            gates |= SEAT_GATES[seat] | ROUND_GATES[round_wind]
            splits = hand_splits(man, pin, sou, honors, len(melds))
            for r in readings(sit, self.analyzer, counts, win_kind, gates, splits):
                if reason is INCOMPLETE:
                    reason = NO_YAKU
                res = self._score_reading(
                    sit, r, hand_counts, counts, vfu, dora, gates, powers, closed, dora_han
                )
                if not isinstance(res, Candidate):
                    reason = res
                    continue
                if best is None:
                    best, best_ident, best_facts = res, ident, facts
                    continue
                # Every reading is paid by the same formula, so the highest base pays most.
                if best_key is None:
                    best_key = (best.base, best.han + 100 * best.yakuman, best.fu)
                key = (res.base, res.han + 100 * res.yakuman, res.fu)
                if key > best_key:
                    best, best_key, best_ident, best_facts = res, key, ident, facts
        if best is None:
            raise NotAWin(*reason)
        if (
            self._honor_only_north
            and conc[NORTH]
            and not any(f.id in HONOR_YAKUMAN for f in best.found)
        ):
            raise NotAWin(
                Refusal.NORTH_IN_HAND,
                "a north kept in the hand only counts toward an honor yakuman "
                "(kokushi, four winds, all honors, manzu half flush)",
            )
        b = best
        return self._pay(
            sit,
            b.found,
            b.han,
            b.fu,
            b.yakuman,
            b.base,
            b.limit,
            b.reading,
            b.counts,
            best_ident,
            best_facts,
        )

    def _score_reading(
        self,
        sit: WinSituation,
        r: Reading,
        counts: list[int],
        conc: list[int],
        vfu: list[int],
        dora: list[YakuHan],
        gates: int,
        powers: AbstractSet[Kind],
        closed: bool,
        dora_han: int,
    ) -> Candidate | tuple[Refusal, str]:
        rules = self.rules
        form = r.form
        c: Ctx | None = None  # made for the first predicate called (many readings call none)
        missing = ~gates
        found: list[YakuHan] = []
        house_win: HouseWin | None = None
        yakuman = 0
        for e in self._yakuman_entries if gates & self._yakuman_hint else NO_ENTRIES:
            if e.needs & missing:
                continue
            test = e.test
            if test is not None:
                if c is None:
                    c = self._ctx(sit, r, counts, closed, vfu, conc, gates)
                if not test(c):
                    continue
            yakuman += e.value
            found.append(e.found)
        han = fu = 0
        if not yakuman:
            yaku_han = 0
            pinfu = False
            for e in self._closed_entries if closed else self._open_entries:
                if e.needs & missing:
                    continue
                test = e.test
                if test is not None:
                    if c is None:
                        c = self._ctx(sit, r, counts, closed, vfu, conc, gates)
                    if not test(c):
                        continue
                    if test is PINFU:  # pinfu's own fu (the id is not compared every time)
                        pinfu = True
                found.append(e.found)
                yaku_han += e.value
            if supersedes := self._supersedes:
                for winner, losers in supersedes.items():
                    if any(f.id == winner for f in found):
                        found = [f for f in found if f.id not in losers]
                yaku_han = sum(f.han for f in found)
            if not found:
                return NO_YAKU
            if yaku_han < self._min_han or (
                self._two_han_from and sit.honba >= self._two_han_from and yaku_han < 2
            ):
                need = self._min_han
                if self._two_han_from and sit.honba >= self._two_han_from:
                    need = max(need, 2)
                return Refusal.TOO_FEW_HAN, (
                    f"the hand has {yaku_han} han of yaku; these rules need {need}"
                )
            ron_only = self._riichi_only_ron
            if ron_only is not None and ron_only.test(sit, [f.id for f in found], dora_han):
                m = ron_only.yakuman
                base, limit = self._base(0, 0, m)
                return Candidate([YakuHan(ron_only.id, 0, m)], 0, 0, m, base, limit, r, counts)
            found.extend(dora)
            han = yaku_han + dora_han
            if self._house_han:
                house_win = HouseWin(sit, r, counts, rules, powers, self.wait_count)
                for unit in self._house_han:
                    if n := unit.han(house_win):
                        found.append(YakuHan(unit.id, n))
                        han += n
            if form is STANDARD:
                if pinfu:
                    fu = self._pinfu_tsumo_fu if sit.tsumo else 30
                else:
                    fu = fu_of(r, sit.tsumo, closed, vfu)
            elif form is CHIITOI:
                fu = self._chiitoitsu_fu
            if self._fu_knobs:
                fu = 30 if self._fixed30 else fu
                if self._fu_cap:
                    fu = min(fu, self._fu_cap)
        base, limit = self._base(han, fu, yakuman)
        if self._house_level:
            if house_win is None:
                house_win = HouseWin(sit, r, counts, rules, powers, self.wait_count)
            for unit in self._house_level:
                if not unit.han(house_win):
                    continue
                if limit is None:  # below mangan: one more han
                    found.append(YakuHan(unit.id, 1))
                    han += 1
                    base, limit = self._base(han, fu, 0)
                else:
                    base, limit = self._level_up(base)
        if self._mangan_cap:
            cap = self._mangan_base
            if base > cap or limit == "yakuman":
                base, limit = cap, "mangan"
        if base <= 0 and not yakuman and limit is None and not self._no_bazoro:
            return NO_VALUE
        return Candidate(found, han, fu, yakuman, base, limit, r, counts)

    @staticmethod
    def _ctx(
        sit: WinSituation,
        r: Reading,
        counts: list[int],
        closed: bool,
        vfu: list[int],
        conc: list[int],
        gates: int,
    ) -> Ctx:
        value_pair = r.form is STANDARD and vfu[r.pair] > 0
        return Ctx(
            sit, r, counts, closed, r.trips, r.seqs, r.kans, r.ankou, value_pair, conc, gates
        )

    def _mu(self, sit: WinSituation) -> ScoreResult:
        """mighty 無: a yakuman at once, paid in full by who fed the fourth call."""
        mu = self._mu_yakuman
        if mu is None:
            raise NotAWin(Refusal.NO_MU, "these rules have no 無")
        if not mu.test(sit, (), 0):
            raise NotAWin(Refusal.NOT_MU, "無 needs four calls and no tile left in the hand")
        found = [YakuHan(mu.id, 0, mu.yakuman)]
        base, limit = self._base(0, 0, mu.yakuman)
        tsumo_like = WinSituation(
            concealed=(),
            win_tile=-1,
            tsumo=True,
            melds=sit.melds,
            seat_wind=sit.seat_wind,
            round_wind=sit.round_wind,
            players=sit.players,
            honba=sit.honba,
            riichi_sticks=sit.riichi_sticks,
            wareme_wind=sit.wareme_wind,
            tileset=sit.tileset,
        )
        stated = Reading("mu", -1, "")
        res = self._pay(tsumo_like, found, 0, 0, mu.yakuman, base, limit, stated, [0] * N_KINDS)
        if sit.pao_wind is not None:
            total = sum(res.payments.values())
            res.payments, res.pao_wind = {sit.pao_wind: total}, sit.pao_wind
        return res

    def _level_up(self, base: int) -> tuple[int, str | None]:
        return level_up(base, self._mangan_base)

    def _base(self, han: int, fu: int, yakuman: int) -> tuple[int, str | None]:
        """Base points and limit name by this preset's point table."""
        if self._no_bazoro:
            return no_bazoro_base(han, fu, yakuman)
        return base_points(han, fu, yakuman, kazoe=self._kazoe, kiriage=self._kiriage)

    def score_value(
        self, han: int, fu: int, yakuman: int, sit: WinSituation, terminals: int = 0
    ) -> ScoreResult:
        """Pay a win whose han and fu a table counted itself (the ledger): the preset's fixed
        fu, fu cap, point table, limits, rounding, honba and bonuses still apply. ``sit``
        gives the seats, tsumo or ron, honba and sticks; its tiles are not looked at, but
        ``terminals``, the 1m and 9m tiles the table counted, pay their bonus (tokushima)."""
        rules = self.rules
        if han < 0 or fu < 0 or yakuman < 0 or (han == 0 and yakuman == 0):
            raise NotAWin(Refusal.NO_HAN, "a win needs at least one han or a yakuman")
        if rules.fu == "fixed30":
            fu = 30
        elif fu == 0 and not yakuman:
            raise NotAWin(Refusal.NO_FU, "give the fu of the hand")
        if rules.fu_cap:
            fu = min(fu, rules.fu_cap)
        base, limit = self._base(han, fu, yakuman)
        if self._mangan_cap:
            cap = self._mangan_base
            if base > cap or limit == "yakuman":
                base, limit = cap, "mangan"
        stated = Reading("stated", -1, "")
        counts = [0] * N_KINDS
        counts[M1] = terminals
        return self._pay(sit, [], han, fu, yakuman, base, limit, stated, counts)

    def wait_count(self, sit: WinSituation) -> int:
        """How many kinds the hand waited on before the winning tile (after the fifth-copy
        rule)."""
        before = [0] * 38
        removed = False
        for t in sit.concealed:
            if t == sit.win_tile and not removed:
                removed = True
                continue
            before[tile_kind(t)] += 1
        called = [0] * 38
        for m in sit.melds:
            for t in m.tiles:
                called[t >> 2] += 1
        w = self.analyzer.waits(before, len(sit.melds), self.preset.hand.wildcards, called)
        return len(w.kinds)

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
        counts: list[int],
        wildcards: tuple[Kind, ...] = (),
        facts: DoraFacts | None = None,
    ) -> ScoreResult:
        tsumo = sit.tsumo
        discarder = None if tsumo else sit.discarder_wind
        if not tsumo and discarder is None:
            raise NotAWin(Refusal.NO_DISCARDER, "a ron needs the discarder's seat")
        honba = sit.honba * (self._honba_tsumo if tsumo else self._honba_ron)
        wareme = self._wareme and sit.wareme_wind is not None
        pays = standard_payments(
            base,
            sit.seat_wind,
            discarder,
            sit.players if sit.players in (3, 4) else 4,
            self._tsumo_son,
            self._round_to,
            0 if wareme else honba,
        )
        value = 0
        for v in pays.values():
            value += v
        if wareme:  # mighty 割れ目: doubled, but not the honba
            for p in pays:
                if sit.wareme_wind in (p, sit.seat_wind):
                    pays[p] *= 2
                pays[p] = pays[p] + honba  # not ``+=``: see score()
        else:
            value -= honba * len(pays)  # the value is before the honba
        pao = None
        if self._pay_extras or sit.pao_wind is not None:
            pays, pao = house_payments(
                self.rules, self._pao_yaku, sit, found, pays, value, counts, discarder
            )
        return ScoreResult(
            tuple(found),
            han,
            fu,
            yakuman,
            limit,
            base,
            pays,
            sit.riichi_sticks,
            r,
            pao,
            value,
            wildcards,
            facts,
        )
