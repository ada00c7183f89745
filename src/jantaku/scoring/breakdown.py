"""Every point and chip a game moves, line by line: what the result dialog lists.

The ledger (:mod:`jantaku.scoring.ledger`) moves every point and chip through a
:class:`Journal`, one named line per reason (the win, 本場, 供託, オープン立直, 割れ目, 飛び賞,
抜け番祝儀, 高得点賞, サイコロチャンス…), so the lines are how the totals are computed, not a
second reckoning beside them. The settlement (:func:`jantaku.scoring.settlement.settle`)
keeps its own lines (順位, クビ, ウマ, オカ, マルビー, 場代…) the same way.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from jantaku.rules.model import Preset
from jantaku.tiles.kinds import Kind

from .score import ScoreResult
from .situation import WinSituation

POINT_ITEMS: tuple[str, ...] = (
    "win",
    "honba",
    "wareme",
    "open_riichi",
    "tsumo_bonus",
    "terminals",
    "sticks",
    "riichi_stick",
    "shuba_stick",
    "noten",
    "leftover_sticks",
    "chombo",
    "false_call",
)
"""The names of point lines."""
CHIP_ITEMS: tuple[str, ...] = (
    "win_chips",
    "dice",
    "bust_chips",
    "sitting_out",
    "high_score",
    "yakitori",
    "spring",
    "spring_back",
    "chombo",
    "chombo_deal_in",
    "chips",
)
"""The names of chip lines."""


@dataclass
class Line:
    """One reason points or chips moved: ``kind`` ``points`` or ``chips``, each person's
    change."""

    kind: str
    item: str
    deltas: list[int]

    def as_json(self) -> dict[str, Any]:
        return {"kind": self.kind, "item": self.item, "deltas": list(self.deltas)}


@dataclass
class Journal:
    """The lines of a game in the order they were paid; adjacent lines of one item merge (a
    tsumo's three payers make one 和了 line)."""

    people: int
    lines: list[Line] = field(default_factory=list)
    cut_at: int = 0
    """Lines before this one are closed: a new payment starts a line of its own."""

    def cut(self) -> int:
        """Close the lines so far (a new event's lines stay apart); their count."""
        self.cut_at = len(self.lines)
        return self.cut_at

    def note(self, kind: str, item: str, person: int, delta: int) -> None:
        if not delta:
            return
        last = self.lines[-1] if len(self.lines) > self.cut_at else None
        if last is None or last.kind != kind or last.item != item:
            last = Line(kind, item, [0] * self.people)
            self.lines.append(last)
        last.deltas[person] += delta


def payment_items(
    res: ScoreResult, sit: WinSituation, preset: Preset
) -> dict[Kind, list[tuple[str, int]]]:
    """Each payer's payment of a win split by reason (payer seat wind → [(item, points)]):
    本場, 割れ目's doubled share, オープン立直's and ツモ's bonus, and the win itself, which
    takes what is left (so the items always sum to the payment, 包 included).

    >>> from jantaku.rules import load_preset
    >>> from jantaku.scoring.score import Scorer
    >>> from jantaku.tiles.kinds import EAST, SOUTH
    >>> p = load_preset("riichi")
    >>> sit = WinSituation(concealed=(0,), win_tile=0, tsumo=False, seat_wind=SOUTH,
    ...     round_wind=EAST, discarder_wind=EAST, honba=2)
    >>> res = Scorer(p).score_value(3, 30, 0, sit)
    >>> payment_items(res, sit, p)
    {27: [('win', 3900), ('honba', 600)]}
    """
    rules = preset.scoring
    honba = sit.honba * (rules.honba_tsumo if sit.tsumo else rules.honba_ron)
    liable = res.pao_wind is not None
    out: dict[Kind, list[tuple[str, int]]] = {}
    for payer, amount in res.payments.items():
        items: list[tuple[str, int]] = []
        rest = amount
        if not liable:
            if honba:
                items.append(("honba", honba))
            if sit.tsumo and rules.tsumo_bonus:
                items.append(("tsumo_bonus", rules.tsumo_bonus))
            if rules.open_riichi_bonus and sit.riichi.is_open:
                items.append(("open_riichi", rules.open_riichi_bonus))
            rest -= sum(n for _, n in items)
            if (
                rules.wareme
                and sit.wareme_wind is not None
                and (sit.wareme_wind in (payer, sit.seat_wind))
            ):
                # Doubled, the bonuses added after: half of what is left is 割れ目's.
                plain = rest // 2
                items.insert(0, ("wareme", rest - plain))
                rest = plain
        # The win itself, and the 1m/9m bonus (tokushima) with it: what is left.
        out[payer] = [("win", rest), *items]
    return out


def payment_lines(
    res: ScoreResult, sit: WinSituation, preset: Preset
) -> list[tuple[str, Kind, int]]:
    """:func:`payment_items` item by item (item, payer seat wind, points): each item's
    payers together, so a tsumo's three payments of one item make one line."""
    split = payment_items(res, sit, preset)
    names: list[str] = []
    for items in split.values():
        names.extend(name for name, _ in items if name not in names)
    return [
        (name, wind, amount)
        for name in names
        for wind, items in split.items()
        for item, amount in items
        if item == name
    ]


def hand_total(lines: list[dict[str, Any]], kind: str, people: int) -> list[int]:
    """Each person's sum of ``lines`` of ``kind`` (what the result dialog's column shows)."""
    out = [0] * people
    for line in lines:
        if line["kind"] == kind:
            for p, d in enumerate(line["deltas"]):
                out[p] += d
    return out
