"""Chips (祝儀) paid on a win, per preset knobs (``Preset.chips``).

Who pays an item: on a ron the discarder; on a tsumo each other player in the hand; items
marked *all* (A) are paid by every other person at the table, including a person sitting
out when four people share a three-player table (that person is the ``NORTH`` key).

Dice chances (サイコロチャンス) are counted here; rolling them is the ledger's job, with an
injected random source.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Final

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


@dataclass(frozen=True)
class ChipCounts:
    """What a win holds that chips are paid for, counted from its tiles (``win_chips``) or
    told by the table that counted them itself (``declared_counts``: the ledger's quick
    path). Who pays is decided from these alone, the same way for both."""

    ippatsu: bool = False
    ura: int = 0
    kan_dora: int = 0
    red: int = 0
    gold: int = 0
    north: int = 0
    flowers: int = 0
    """Flowers extracted (dice chances, four north and four flowers)."""
    rinshan: bool = False
    otafuku: int = 0
    sokupochi: bool = False
    alice: int = 0
    """Chips-worth of アリス matches (each matching tile counted once per copy held)."""
    closed: bool = True
    nuki: int = 0
    """Nuki-dora extracted (mighty: four 5m pay yakuman chips)."""
    all_star: bool = False
    first_turn_yakuman: bool = False


DECLARED_ITEMS: Final = (
    "ippatsu",
    "ura",
    "kan_dora",
    "red",
    "gold",
    "north",
    "flowers",
    "rinshan",
    "otafuku",
    "sokupochi",
    "alice",
    "open",
    "nuki",
    "all_star",
    "first_turn",
)
"""The keys of a win's ``chips`` object on the ledger's quick path (han and fu counted at the
table): counts of what happened, never chips; the ledger decides who pays."""

_FLAGS: Final = ("ippatsu", "rinshan", "sokupochi", "open", "all_star", "first_turn")


class ChipItemError(ValueError):
    """A quick path's chip item the preset cannot take (names it)."""


def chip_items(preset: Preset) -> list[str]:
    """The quick path's chip items (``DECLARED_ITEMS``) the preset pays or counts, in order:
    what the scorekeeper offers to count on a win."""
    return [k for k in DECLARED_ITEMS if preset.chips.enabled and _item_used(preset, k)]


def _item_used(preset: Preset, key: str) -> bool:
    """Whether the preset pays (or counts a dice chance) for ``key``."""
    r = preset.chips
    return {
        "ippatsu": r.ippatsu > 0,
        "ura": r.ura_dora > 0,
        "kan_dora": r.kan_dora > 0,
        "red": r.red_five > 0,
        "gold": r.gold_five > 0,
        "north": r.north > 0 or r.dice_chances or r.four_north_four_flowers > 0,
        "flowers": r.dice_chances or r.four_north_four_flowers > 0,
        "rinshan": r.rinshan > 0,
        "otafuku": r.otafuku > 0,
        "sokupochi": r.sokupochi > 0,
        "alice": r.alice_closed > 0 or r.alice_open > 0,
        "open": r.alice_closed > 0 or r.alice_open > 0,
        "nuki": r.all_nuki_yakuman,
        "all_star": r.dice_chances,
        "first_turn": r.dice_chances,
    }[key]


def declared_counts(items: object, preset: Preset, tsumo: bool) -> ChipCounts:
    """A quick path win's ``chips`` object (``DECLARED_ITEMS`` → a count, or 0/1 for the
    flags) as counts; raises :class:`ChipItemError` naming a key the preset has no use for,
    or a value that is not a count.

    >>> from jantaku.rules import load_preset
    >>> declared_counts({"ura": 2, "ippatsu": 1}, load_preset("gotou"), False).ura
    2
    >>> declared_counts({"red": 1}, load_preset("mighty"), False)
    Traceback (most recent call last):
    ...
    jantaku.scoring.chips.ChipItemError: chips.red: mighty pays no chips for it
    """
    if not isinstance(items, dict):
        raise ChipItemError("chips: an object of item → count")
    if items and not preset.chips.enabled:
        raise ChipItemError(f"chips: {preset.name} plays without chips")
    got: dict[str, int] = {}
    for key, n in items.items():
        if key not in DECLARED_ITEMS:
            raise ChipItemError(f"chips.{key}: one of {', '.join(DECLARED_ITEMS)}")
        top = 1 if key in _FLAGS else 99
        if isinstance(n, bool):
            n = int(n)
        if not isinstance(n, int) or not 0 <= n <= top:
            what = "0 or 1" if top == 1 else "a count 0 to 99"
            raise ChipItemError(f"chips.{key}: {what}, not {n!r}")
        if n and not _item_used(preset, key):
            raise ChipItemError(f"chips.{key}: {preset.name} pays no chips for it")
        if key == "rinshan" and n and not tsumo:
            raise ChipItemError("chips.rinshan: a rinshan win is a tsumo")
        got[key] = n
    return ChipCounts(
        ippatsu=bool(got.get("ippatsu")),
        ura=got.get("ura", 0),
        kan_dora=got.get("kan_dora", 0),
        red=got.get("red", 0),
        gold=got.get("gold", 0),
        north=got.get("north", 0),
        flowers=got.get("flowers", 0),
        rinshan=bool(got.get("rinshan")),
        otafuku=got.get("otafuku", 0),
        sokupochi=bool(got.get("sokupochi")),
        alice=got.get("alice", 0),
        closed=not got.get("open"),
        nuki=got.get("nuki", 0),
        all_star=bool(got.get("all_star")),
        first_turn_yakuman=bool(got.get("first_turn")),
    )


def hand_counts(res: ScoreResult, sit: WinSituation, preset: Preset) -> ChipCounts:
    """What chips are paid for in a scored hand, read from its tiles."""
    rules = preset.chips
    facts = res.facts
    alice = 0
    if preset.scoring.flower_powers and WINTER in sit.flower_powers() and sit.alice:
        alice = _alice_matches(
            sit,
            _winner_counts(sit),
            rules.alice_ippatsu_forgives and sit.ippatsu,
            rules.alice_pochi_wild,
        )
    pochi_win = sit.tileset.variant(sit.win_tile) is Variant.DOT and bool(res.wildcards)
    return ChipCounts(
        ippatsu=sit.ippatsu,
        ura=facts.get("ura", 0),
        kan_dora=facts.get("kan_dora", 0),
        red=facts.get("red", 0),
        gold=facts.get("gold", 0),
        north=sum(1 for t in sit.extracted if tile_kind(t) == NORTH),
        flowers=sum(1 for t in sit.extracted if tile_kind(t) >= SPRING),
        rinshan=sit.tsumo and sit.rinshan,
        otafuku=next((y.han for y in res.yaku if y.id == "otafuku"), 0),
        sokupochi=pochi_win and sit.ippatsu,
        alice=alice,
        closed=sit.is_closed,
        nuki=facts.get("nuki", 0),
        all_star=sit.is_closed and _all_star(sit),
        first_turn_yakuman=any(y.id in ("tenhou", "chiihou", "renhou") for y in res.yaku),
    )


def win_chips(
    res: ScoreResult, sit: WinSituation, preset: Preset, counts: ChipCounts | None = None
) -> WinChips:
    """The chips a scored win earns under ``preset``: of what its tiles hold, or of
    ``counts`` when the table counted them (the situation's tiles are then not read)."""
    rules = preset.chips
    out = WinChips()
    if not rules.enabled:
        return out
    c = hand_counts(res, sit, preset) if counts is None else counts
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

    if c.ippatsu:
        add("ippatsu", rules.ippatsu)
    add("ura_dora", rules.ura_dora * c.ura)
    add("kan_dora", rules.kan_dora * c.kan_dora)
    add("red_five", rules.red_five * c.red)
    add("gold_five", rules.gold_five * c.gold)
    add("north", rules.north * c.north)
    if c.rinshan:
        add("rinshan", rules.rinshan)
    add("otafuku", rules.otafuku * c.otafuku)
    sokupochi = c.sokupochi and rules.sokupochi > 0
    if sokupochi:
        add("sokupochi", rules.sokupochi)

    # Yakuman chips: real yakuman (times their multiple), counted yakuman, all nuki-dora.
    yakuman_units = res.yakuman
    counted = res.yakuman == 0 and res.limit == "yakuman"
    if counted:
        yakuman_units = 1
    if rules.all_nuki_yakuman and c.nuki >= 4 and not yakuman_units:
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
    if c.alice:
        n = (rules.alice_closed if c.closed else rules.alice_open) * c.alice
        if sit.tsumo:
            add("alice", n, everyone_pays=True)
        else:
            ron_only += n
            out.items.append(("alice", n, False))

    # Dice chances (gotou).
    if rules.dice_chances:
        if c.north == 4:
            out.dice_chances += 1
        # «4華»: four flowers; with 華8 (two flower sets) each four extracted is a chance.
        out.dice_chances += c.flowers // 4
        if res.yakuman:
            out.dice_chances += 2 if c.first_turn_yakuman else 1
        if sokupochi:
            out.dice_chances += 1
        if c.closed and c.all_star:
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
    if bonus and c.north == 4 and c.flowers >= 4:
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
