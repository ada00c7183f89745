"""Chips (祝儀) paid on a win, per preset knobs (``Preset.chips``).

Who pays an item: on a ron the discarder; on a tsumo each other player in the hand; items
marked *all* (A) are paid by every other person at the table, including a person sitting
out when four people share a three-player table (that person is the ``NORTH`` key).

Dice chances (サイコロチャンス) are counted here; rolling them is the ledger's job, with an
injected random source.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from jantaku.rules.model import Preset
from jantaku.tiles.kinds import NORTH, P5, S5, SPRING, WINDS, WINTER, Kind
from jantaku.tiles.tileset import Variant, tile_kind

from .score import ScoreResult
from .situation import WinSituation


@dataclass
class WinChips:
    """Chips a win moves: payer seat wind → chips, and the dice chances it earns."""

    payers: dict[Kind, int] = field(default_factory=dict)
    dice_chances: int = 0
    items: list[tuple[str, int, bool]] = field(default_factory=list)
    """(item, chips per payer, paid by all) in the order they were found, for display."""

    @property
    def total(self) -> int:
        return sum(self.payers.values())


def _alice_matches(
    sit: WinSituation, hand_counts: list[int], forgive: bool, pochi_wild: bool
) -> int:
    """gotou 冬 (アリス): matching tiles turned over one by one until the first miss."""
    return _alice_turn(sit, hand_counts, forgive, pochi_wild)[0]


def alice_flips(sit: WinSituation, preset: Preset) -> int:
    """How many of ``sit.alice`` the winner turns over under ``preset`` (the matches and the
    miss that ends it; 0 without the winter flower's power), to show the flip."""
    if not (preset.scoring.flower_powers and WINTER in sit.flower_powers()):
        return 0
    forgive = preset.chips.alice_ippatsu_forgives and sit.ippatsu
    return _alice_turn(sit, _winner_counts(sit), forgive, preset.chips.alice_pochi_wild)[1]


def _winner_counts(sit: WinSituation) -> list[int]:
    """Copies of each kind in the winner's hand and melds (what アリス matches)."""
    counts = [0] * 38
    for t in sit.concealed:
        counts[tile_kind(t)] += 1
    for m in sit.melds:
        for t in m.tiles:
            counts[tile_kind(t)] += 1
    return counts


def _alice_turn(
    sit: WinSituation, hand_counts: list[int], forgive: bool, pochi_wild: bool = True
) -> tuple[int, int]:
    """(chips-worth of matching tiles, tiles turned over)."""
    counts = list(hand_counts) + [0] * (38 - len(hand_counts))
    for t in sit.extracted:
        counts[tile_kind(t)] += 1
    per = 0
    turned = 0
    misses_left = 1 if forgive else 0
    for t in sit.alice:
        turned += 1
        # A flipped 白ぽっち matches whatever the winner likes best (chips.alice_pochi_wild);
        # otherwise it is a white like any other.
        wild = pochi_wild and sit.tileset.variant(t) is Variant.DOT
        n = max(counts) if wild else counts[tile_kind(t)]
        if n == 0:
            if misses_left:
                misses_left -= 1
                continue
            break
        per += n
    return per, turned


def win_chips(res: ScoreResult, sit: WinSituation, preset: Preset) -> WinChips:
    """The chips a scored win earns under ``preset``."""
    rules = preset.chips
    out = WinChips()
    if not rules.enabled:
        return out
    winner = sit.seat_wind
    seated = [w for w in WINDS[: min(sit.players, 4)] if w != winner]
    everyone = list(seated)
    if sit.sitting_out and preset.players == 3 and rules.sitting_out_pays_all:
        everyone.append(NORTH)
    in_hand = seated if sit.tsumo else [sit.discarder_wind] if sit.discarder_wind else []

    per_payer = 0  # chips each payer of the ordinary items pays
    per_all = 0  # chips everyone at the table pays
    ron_only = 0  # chips the discarder pays (ron items that are not per payer)

    def add(item: str, n: int, *, everyone_pays: bool = False) -> None:
        nonlocal per_payer, per_all
        if n <= 0:
            return
        out.items.append((item, n, everyone_pays))
        if everyone_pays:
            per_all += n
        else:
            per_payer += n

    facts = res.facts
    if sit.ippatsu:
        add("ippatsu", rules.ippatsu)
    add("ura_dora", rules.ura_dora * facts.get("ura", 0))
    add("kan_dora", rules.kan_dora * facts.get("kan_dora", 0))
    add("red_five", rules.red_five * facts.get("red", 0))
    add("gold_five", rules.gold_five * facts.get("gold", 0))
    norths = sum(1 for t in sit.extracted if tile_kind(t) == NORTH)
    add("north", rules.north * norths)
    if sit.tsumo and sit.rinshan:
        add("rinshan", rules.rinshan)
    otafuku = next((y.han for y in res.yaku if y.id == "otafuku"), 0)
    add("otafuku", rules.otafuku * otafuku)
    pochi_win = sit.tileset.variant(sit.win_tile) is Variant.DOT and bool(res.wildcards)
    sokupochi = pochi_win and sit.ippatsu and rules.sokupochi > 0
    if sokupochi:
        add("sokupochi", rules.sokupochi)

    # Yakuman chips: real yakuman (times their multiple), counted yakuman, all nuki-dora.
    yakuman_units = res.yakuman
    counted = res.yakuman == 0 and res.limit == "yakuman"
    if counted:
        yakuman_units = 1
    nuki = facts.get("nuki", 0)
    if rules.all_nuki_yakuman and nuki >= 4 and not yakuman_units:
        yakuman_units = 1
    if yakuman_units:
        extra = rules.kazoe_per_han * max(0, res.han - 13) if counted else 0
        if sit.tsumo:
            add("yakuman", rules.yakuman_tsumo * yakuman_units + extra, everyone_pays=True)
        else:
            ron_only += rules.yakuman_ron * yakuman_units + extra
            out.items.append(("yakuman", rules.yakuman_ron * yakuman_units + extra, False))
    elif res.limit == "sanbaiman" and rules.sanbaiman:
        add("sanbaiman", rules.sanbaiman, everyone_pays=True)

    # アリス (gotou winter): with the winter flower's effect.
    if preset.scoring.flower_powers and WINTER in sit.flower_powers() and sit.alice:
        hand_counts = _winner_counts(sit)
        per = rules.alice_closed if sit.is_closed else rules.alice_open
        n = _alice_matches(
            sit,
            hand_counts,
            rules.alice_ippatsu_forgives and sit.ippatsu,
            rules.alice_pochi_wild,
        )
        if n:
            if sit.tsumo:
                add("alice", per * n, everyone_pays=True)
            else:
                ron_only += per * n
                out.items.append(("alice", per * n, False))

    # Dice chances (gotou).
    if rules.dice_chances:
        flowers = sum(1 for t in sit.extracted if tile_kind(t) >= SPRING)
        if norths == 4:
            out.dice_chances += 1
        # «4華»: four flowers; with 華8 (two flower sets) each four extracted is a chance.
        out.dice_chances += flowers // 4
        if res.yakuman:
            first_turn_yakuman = any(y.id in ("tenhou", "chiihou", "renhou") for y in res.yaku)
            out.dice_chances += 2 if first_turn_yakuman else 1
        if sokupochi:
            out.dice_chances += 1
        if sit.is_closed and _all_star(sit):
            out.dice_chances += 1

    doubled = rules.shuba_doubles and sit.riichi.is_shuba
    mult = 2 if doubled else 1
    for p in in_hand:
        out.payers[p] = out.payers.get(p, 0) + per_payer * mult
    if not sit.tsumo and sit.discarder_wind is not None and ron_only:
        d = sit.discarder_wind
        out.payers[d] = out.payers.get(d, 0) + ron_only * mult
    for p in everyone:
        out.payers[p] = out.payers.get(p, 0) + per_all * mult
    bonus = rules.four_north_four_flowers
    if bonus and norths == 4 and sum(1 for t in sit.extracted if tile_kind(t) >= SPRING) >= 4:
        for p in everyone:
            out.payers[p] = out.payers.get(p, 0) + bonus
        out.items.append(("four_north_four_flowers", bonus, True))
    out.payers = {p: n for p, n in out.payers.items() if n}
    return out


def _all_star(sit: WinSituation) -> bool:
    """gotou オールスター: red 5p, gold 5p, red 5s and gold 5s all in a closed hand."""
    ts = sit.tileset
    have = {(tile_kind(t), ts.variant(t)) for t in sit.concealed}
    for m in sit.melds:
        have |= {(tile_kind(t), ts.variant(t)) for t in m.tiles}
    need = {(P5, Variant.RED), (P5, Variant.GOLD), (S5, Variant.RED), (S5, Variant.GOLD)}
    return need <= have
