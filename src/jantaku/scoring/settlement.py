"""The end of a game: final points (and chips) into the preset's result.

Three styles (``Preset.settlement.style``): ``uma`` (oka and rank uma, or mighty's 沈み馬),
``rank_chips`` (rank and クビ paid in chips, gotou) and ``boo`` (マルエー / マルビー / マルシー).
Ranks break ties by seat order from the first dealer.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from jantaku.rules.model import Preset


@dataclass(frozen=True)
class Settlement:
    ranks: list[int]
    """Rank (0 = top) of each seat."""
    result: list[float]
    """Each seat's final result in the preset's unit (points/1000, chips, or Boo points)."""
    items: list[tuple[str, list[float]]] = field(default_factory=list)
    """The result line by line (素点, オカ, ウマ, 順位, クビ, マルビー, 場代, チップ…): their sum
    is ``result``. ``chips``: the chips' value in the unit; ``held_chips``: the chips held, a
    settlement in chips (gotou)."""


class _Lines:
    """A settlement's lines, built as it is computed: each adds to the total."""

    def __init__(self, n: int, zero: float) -> None:
        self.n = n
        self.zero = zero
        """What each total starts from: ``0`` where a whole number stays one (a Tenhou
        result rounded to 1000s), ``0.0`` where the result is a float."""
        self.items: list[tuple[str, list[float]]] = []
        self.fixed: dict[int, float] = {}
        """Totals set outright (五捨六入's top: what makes the sum zero)."""

    def add(self, item: str, seat: int, value: float) -> None:
        """Add ``value`` to ``seat``'s line ``item`` (a 0 too: ``0.0`` makes a total a float,
        as the result has always been)."""
        for name, values in self.items:
            if name == item:
                values[seat] += value
                return
        line: list[float] = [0] * self.n
        line[seat] = value
        self.items.append((item, line))

    def total(self) -> list[float]:
        out = [self.zero] * self.n
        for _, values in self.items:
            for seat, v in enumerate(values):
                out[seat] += v
        for seat, v in self.fixed.items():
            out[seat] = v
        return out

    def done(self, ranks: list[int]) -> Settlement:
        items = [
            (name, [round(v, 1) for v in values]) for name, values in self.items if any(values)
        ]
        return Settlement(ranks, [round(x, 1) for x in self.total()], items)


def rank_order(points: Sequence[int], first_dealer: int = 0) -> list[int]:
    """Seats from top to last; ties go to the earlier seat from the first dealer.

    >>> rank_order([30000, 30000, 20000, 20000], first_dealer=1)
    [1, 0, 2, 3]
    """
    n = len(points)
    return sorted(range(n), key=lambda s: (-points[s], (s - first_dealer) % n))


def _round_1000(diff: int) -> int:
    """五捨六入 of a point difference in thousands: 0.5 goes toward zero.

    >>> _round_1000(-2300), _round_1000(-5500), _round_1000(10600), _round_1000(10500)
    (-2, -5, 11, 10)
    """
    q, rem = divmod(abs(diff), 1000)
    q = q + 1 if rem > 500 else q
    return q if diff >= 0 else -q


def settle(
    preset: Preset,
    points: Sequence[int],
    chips: Sequence[int] | None = None,
    first_dealer: int = 0,
    yakuman_winner: int | None = None,
) -> Settlement:
    """Final result of each seat (``points`` are the final points, sticks already given),
    with its lines (``items``).

    >>> from jantaku.rules import load_preset
    >>> out = settle(load_preset("riichi"), [40000, 30000, 20000, 10000])
    >>> out.result, out.items[0][0], [name for name, _ in out.items[1:]]
    ([50.0, 10.0, -20.0, -40.0], 'points', ['oka', 'uma'])
    """
    s = preset.settlement
    n = len(points)
    order = rank_order(points, first_dealer)
    if yakuman_winner is not None and preset.settlement.style == "boo":
        order.remove(yakuman_winner)
        order.insert(0, yakuman_winner)
    ranks = [0] * n
    for r, seat in enumerate(order):
        ranks[seat] = r
    chips = list(chips) if chips is not None else [0] * n
    lines = _Lines(n, 0 if s.style == "uma" else 0.0)
    if s.style == "boo":
        _boo(lines, preset, points, order, yakuman_winner)
        return lines.done(ranks)
    if s.style == "rank_chips":
        _gotou(lines, preset, points, order, chips)
        return lines.done(ranks)
    start = preset.game.start_points
    oka = (s.return_points - start) * n / 1000
    for seat in range(n):
        if s.rounding == "gosha_rokunyu":
            base: float = _round_1000(points[seat] - s.return_points)
        else:
            base = (points[seat] - s.return_points) / 1000
        lines.add("points", seat, base)
    lines.add("oka", order[0], oka)
    if s.sink_uma:
        sunk = [seat for seat in order if points[seat] < start]
        if len(sunk) == 1:
            lines.add("sink_uma", order[0], 10)
            lines.add("sink_uma", order[1], 10)
            lines.add("sink_uma", sunk[0], -20)
        elif len(sunk) == 2:
            lines.add("sink_uma", order[0], 20)
            for seat in sunk:
                lines.add("sink_uma", seat, -10)
    else:
        uma = list(s.uma)
        # Decision: four people rotating at a three-player preset pad its three-place uma
        # with 0 before the last place ([20, 0, -20] -> [20, 0, 0, -20]): the sum stays 0.
        while len(uma) < n:
            uma.insert(len(uma) - 1, 0)
        for r, seat in enumerate(order):
            lines.add("uma", seat, uma[r])
    if s.rounding == "gosha_rokunyu":
        # Tenhou rounds everyone but the top, who takes what makes the sum zero.
        out = lines.total()
        top = -sum(out[seat] for seat in order[1:])
        lines.add("rounding", order[0], top - out[order[0]])
        lines.fixed[order[0]] = top
    if preset.chips.point_value:
        for seat in range(n):
            value = chips[seat] * preset.chips.point_value / 1000
            lines.add("chips", seat, value)
            if seat in lines.fixed:
                lines.fixed[seat] += value
    return lines.done(ranks)


def _gotou(
    lines: _Lines, preset: Preset, points: Sequence[int], order: list[int], chips: list[int]
) -> None:
    s = preset.settlement
    n = len(points)
    kubi = [points[seat] >= s.kubi for seat in range(n)]
    for seat, c in enumerate(chips):
        lines.add("held_chips", seat, float(c))
    if s.raw_chips_per_10000:
        raw = [0.0] * n
        _raw_chips(raw, points, order, preset.game.start_points, s.raw_chips_per_10000)
        for seat, v in enumerate(raw):
            lines.add("raw_points", seat, v)
    if n == 3:
        table = s.chips_second_kubi if kubi[order[1]] else s.chips_second_no_kubi
        for r, seat in enumerate(order):
            lines.add("rank", seat, table[r])
        return
    for r, seat in enumerate(order):
        lines.add("rank", seat, s.chips_four[r])
    with_kubi = [seat for seat in range(n) if kubi[seat]]
    without = [seat for seat in range(n) if not kubi[seat]]
    if with_kubi and without:
        # The クビ uma (6) is paid equally by those without クビ to those with it.
        for seat in with_kubi:
            lines.add("kubi", seat, s.kubi_uma / len(with_kubi))
        for seat in without:
            lines.add("kubi", seat, -s.kubi_uma / len(without))


def _raw_chips(
    out: list[float], points: Sequence[int], order: list[int], start: int, per: int
) -> None:
    """素点 (gotou option): ``per`` chips per 10000 points above or below the start, rounded to
    whole chips with a half going toward zero; the top takes what makes the sum zero.

    >>> out = [0.0, 0.0, 0.0]
    >>> _raw_chips(out, [52000, 33000, 20000], [0, 1, 2], 35000, 5)
    >>> out  # -1 and -7.5 → -7 (half toward zero); the top takes the rest: 8, not 8.5
    [8.0, -1.0, -7.0]
    """
    rest = 0
    for seat in order[1:]:
        q, r = divmod(abs(points[seat] - start) * per, 10000)
        chips = q + 1 if 2 * r > 10000 else q
        chips = chips if points[seat] >= start else -chips
        out[seat] += chips
        rest -= chips
    out[order[0]] += rest


def _boo(
    lines: _Lines,
    preset: Preset,
    points: Sequence[int],
    order: list[int],
    yakuman_winner: int | None,
) -> None:
    start = preset.game.start_points
    top = order[0]
    boo_a, boo_b, boo_c = preset.settlement.boo_values
    if yakuman_winner is not None:
        # A yakuman (役満貫) is a double マルエー from each of the three, or a single one.
        value = boo_a * (2 if preset.settlement.boo_yakuman == "double" else 1)
        for seat in order[1:]:
            lines.add("boo_yakuman", seat, -value)
            lines.add("boo_yakuman", top, value)
    else:
        sunk = [seat for seat in order[1:] if points[seat] < start]
        value = {3: boo_a, 2: boo_b, 1: boo_c}.get(len(sunk), 0)
        item = {3: "boo_a", 2: "boo_b", 1: "boo_c"}.get(len(sunk), "boo")
        for seat in sunk:
            lines.add(item, seat, -value)
            lines.add(item, top, value)
    lines.add("table_fee", top, -boo_c)  # the table fee, the マルシー value
