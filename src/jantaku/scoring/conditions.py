"""条件計算: what each player needs in the next hand to move up a place.

For the table as it stands (scores, dealer, honba, sticks on the table), each player below
the top is given the smallest win that lifts them at least one place: a ron off each other
player in the hand, and a tsumo, in the shapes players name (:data:`COMMON_FU`). "Smallest"
is by the win's points: what the others pay, honba in, the sticks on the table not (they
count in the place, not in the value). Every candidate is played through the ledger itself
(the preset's scoring, honba, sticks, rounding, sitting-out and the rules that refuse a win,
as in kanto-boo), and the place is the settlement's rank order (ties to the earlier seat from
the first dealer).

>>> from jantaku.rules import load_preset
>>> out = conditions(load_preset("riichi"), 4, {"scores": [25000, 25000, 24000, 26000]})
>>> c = out[2]  # in last place: a 1000 ron off the first person lifts them past them
>>> c["place"], c["ron"][0]["han"], c["ron"][0]["fu"], c["ron"][0]["points"]
(4, 1, 30, 1000)
"""

from __future__ import annotations

import copy
from typing import Any

from jantaku.rules.model import Preset

from .ledger import Ledger, LedgerError
from .settlement import rank_order

COMMON_FU: dict[bool, tuple[int, ...]] = {True: (30, 40), False: (20, 30, 40)}
"""The fu players name a condition in (条件計算 as a table says it): a ron at 30 or 40 fu,
a tsumo at 20 (平和ツモ, from 2 han), 30 or 40; from 5 han (満貫) the fu no longer matter and
30 stands for them. An unusual shape (1翻60符, 3翻70符) is never the answer: the same points
or a little more come from a shape people would name."""


def _candidates(preset: Preset, ron: bool) -> list[tuple[int, int, int]]:
    """(han, fu, yakuman) a table would call, smallest first, in the fu the preset can have."""
    fixed = preset.scoring.fu == "fixed30"
    out: list[tuple[int, int, int]] = []
    for han in range(1, 14):
        fus = (30,) if fixed or han >= 5 else COMMON_FU[ron]
        out += [(han, fu, 0) for fu in fus if not (fu == 20 and han == 1)]
    return [*out, (0, 0, 1), (0, 0, 2)]


def _place(scores: list[int], person: int, first_dealer: int) -> int:
    return rank_order(scores, first_dealer).index(person)


def conditions(
    preset: Preset, people: int, start: dict[str, Any], stick_points: int | None = None
) -> list[dict[str, Any] | None]:
    """Per person: None for the top (or a person sitting out), else ``{"place": 1-based
    place now, "ron": [{"from", "han", "fu", "yakuman", "points", "place"} or None for each
    other player in the hand], "tsumo": {...} or None}`` (None: no win lifts them).
    ``stick_points``: the points of the sticks on the table when they are not all riichi
    sticks (a シュバ stick is worth more)."""

    def ledger() -> Ledger:
        led = Ledger(preset, people, copy.deepcopy(start), scorer=scorer)
        if stick_points is not None:
            led.state.stick_points = stick_points
        return led

    scorer = Ledger(preset, people, copy.deepcopy(start)).scorer
    base = ledger()
    s = base.state
    first = s.first_dealer
    seated = [p for p in range(people) if base.seat_wind(p) is not None]
    out: list[dict[str, Any] | None] = []
    for p in range(people):
        now = _place(s.scores, p, first)
        if now == 0 or p not in seated:
            out.append(None)
            continue

        def smallest(frm: int | None, p: int = p, now: int = now) -> dict[str, Any] | None:
            best: dict[str, Any] | None = None
            for han, fu, yakuman in _candidates(preset, frm is not None):
                led = ledger()  # a fresh one at the table's state, with one scorer (cheap)
                ev: dict[str, Any] = {"type": "win", "winner": p, "from": frm}
                if yakuman:
                    ev["yakuman"] = yakuman
                else:
                    ev["han"], ev["fu"] = han, fu
                try:
                    entry = led.apply(ev)
                except LedgerError:
                    continue
                if not entry["allowed"]:
                    continue
                place = _place(entry["scores"], p, first)
                # The win's value (honba in), without the sticks the winner picks up.
                gained = entry["payments"][p] - base.state.stick_points
                if place < now and (best is None or gained < best["points"]):
                    best = {
                        "from": frm,
                        "han": han,
                        "fu": fu,
                        "yakuman": yakuman,
                        "points": gained,
                        "place": place + 1,
                    }
            return best

        out.append(
            {
                "place": now + 1,
                "ron": [smallest(q) for q in seated if q != p],
                "tsumo": smallest(None),
            }
        )
    return out
