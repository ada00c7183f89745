"""A scorekeeping session's games: the ledger that keeps what it scored, each game's start,
who sits where (:class:`Seating`) and a finished game's summable result."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Final

from jantaku.rules.model import Preset
from jantaku.scoring.chips import ChipCounts, win_chips
from jantaku.scoring.ledger import Ledger
from jantaku.scoring.score import ScoreResult
from jantaku.scoring.settlement import rank_order, settle
from jantaku.scoring.situation import WinSituation
from jantaku.tiles.kinds import WIND_LETTERS

# -- replay ----------------------------------------------------------------------------------

PERSON_FIELDS: Final = ("winner", "from", "player", "to", "wareme")
PERSON_LISTS: Final = ("riichi", "shuba", "tenpai", "winners")


class ScoringLedger(Ledger):
    """The ledger, keeping what the scorer said of each win it valued (yaku, han, fu)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.scored: list[ScoreResult] = []
        self.dice_chances = 0
        """サイコロチャンス the wins of the hand earn (a reminder to roll them)."""

    def _pay_win(
        self,
        winner: int,
        res: ScoreResult,
        sit: WinSituation,
        first: bool,
        counts: ChipCounts | None = None,
    ) -> None:
        super()._pay_win(winner, res, sit, first, counts)
        self.dice_chances += win_chips(res, sit, self.preset, counts).dice_chances

    def _score_win(
        self, ev: dict[str, Any], winner: int, discarder: int | None
    ) -> tuple[ScoreResult, WinSituation]:
        res, sit = super()._score_win(ev, winner, discarder)
        self.scored.append(res)
        return res, sit


@dataclass
class ScoredGame:
    number: int
    start: dict[str, Any]
    events: list[dict[str, Any]] = field(default_factory=list)
    over: bool = False
    settlement: list[float] | None = None
    result: list[float] | None = None
    """The settlement less the value of the chips brought into the game (summable)."""
    scores: list[int] = field(default_factory=list)
    chips: list[int] = field(default_factory=list)


def game_start(
    preset: Preset,
    people: int,
    number: int,
    rotate: bool,
    chips: list[int] | None,
    chosen: int | None = None,
) -> dict[str, Any]:
    """A game's start: the first dealer moves one seat a game (回し親), or the person the
    table chose for it between games (``chosen``)."""
    first = chosen if chosen is not None else number % people if rotate else 0
    g = preset.game
    return {
        "scores": [g.start_points] * people,
        "chips": list(chips) if chips is not None else [g.start_chips] * people,
        "dealer": first,
        "first_dealer": first,
    }


_PERSON_KEYS: Final = ("winner", "from", "player", "to", "wareme")
_PERSON_LISTS: Final = ("riichi", "tenpai", "shuba", "open_riichi", "winners")


class Seating:
    """Who sits where in one game: ``order[k]`` is the person in the ledger's seat ``k`` (the
    ledger plays seats in turn order; the session names people, as the page does)."""

    def __init__(self, order: list[int]) -> None:
        self.order = list(order)
        self.pos = [0] * len(order)
        for k, p in enumerate(order):
            self.pos[p] = k
        self.plain = self.order == sorted(self.order)

    def seat(self, person: Any) -> Any:
        """A person's seat (anything else as it is, for the ledger to refuse)."""
        ok = isinstance(person, int) and not isinstance(person, bool)
        return self.pos[person] if ok and 0 <= person < len(self.pos) else person

    def person(self, seat: int) -> int:
        return self.order[seat]

    def event(self, ev: dict[str, Any]) -> dict[str, Any]:
        """An event naming people, as the ledger's event naming seats."""
        if self.plain:
            return ev
        out = dict(ev)
        for k in _PERSON_KEYS:
            if k in out:
                out[k] = self.seat(out[k])
        for k in _PERSON_LISTS:
            if isinstance(out.get(k), list):
                out[k] = [self.seat(x) for x in out[k]]
        if isinstance(out.get("deal_ins"), list):
            out["deal_ins"] = [
                {**d, "winner": self.seat(d.get("winner"))} if isinstance(d, dict) else d
                for d in out["deal_ins"]
            ]
        return out

    def people_list(self, by_seat: list[Any]) -> list[Any]:
        """Values by seat, as values by person."""
        return [by_seat[self.pos[p]] for p in range(len(by_seat))]

    def seat_list(self, by_person: list[Any]) -> list[Any]:
        """Values by person, as values by seat."""
        return [by_person[self.order[k]] for k in range(len(by_person))]

    def entry(self, entry: dict[str, Any]) -> dict[str, Any]:
        """A ledger entry's figures by person."""
        if self.plain:
            return entry
        out = dict(entry)
        for k in ("payments", "scores", "chips", "chip_changes", "settlement"):
            if isinstance(out.get(k), list):
                out[k] = self.people_list(out[k])
        out["dealer"] = self.person(entry["dealer"])
        return out

    def seats(self, preset: Preset, dealer_seat: int) -> list[str | None]:
        """Each person's seat wind with the dealer in ``dealer_seat``."""
        return self.people_list(_seats(preset, len(self.order), dealer_seat))

    def ranks(self, scores: list[int], first_dealer: int) -> list[int]:
        """Each person's rank by points (ties to the earlier seat from the first dealer)."""
        return self.people_list(_ranks(self.seat_list(scores), self.pos[first_dealer]))


def seating_of(config: dict[str, Any], number: int) -> Seating:
    """Game ``number``'s seating: the last one the table chose for it or a game before it."""
    n = len(config["names"])
    order = list(range(n))
    for g in range(number, -1, -1):
        chosen = config.get("seatings", {}).get(str(g))
        if isinstance(chosen, list) and sorted(chosen) == order:
            return Seating(chosen)
    return Seating(order)


def _ranks(scores: list[int], first_dealer: int) -> list[int]:
    """Each person's rank (0 = top) by points, as the settlement ranks them."""
    out = [0] * len(scores)
    for r, p in enumerate(rank_order(scores, first_dealer)):
        out[p] = r
    return out


def _seats(preset: Preset, people: int, dealer: int) -> list[str | None]:
    """Each person's seat wind letter this hand (None: sits out, 4 at a three-player table)."""
    out: list[str | None] = []
    for p in range(people):
        off = (p - dealer) % people
        out.append(WIND_LETTERS[off] if off < preset.players else None)
    return out


def game_result(
    preset: Preset, settlement: list[float], start_chips: list[int], led: Ledger
) -> list[float]:
    """The game's settlement less the value of the chips carried in, so games add up (by
    seat, as the ledger plays them).

    The settlement counts every chip the player holds; with chips carried over from the
    last game, that value was already counted there. ``settle`` is linear in the chips, so
    the value carried in is ``settle(points, chips in) - settle(points, no chips)``.
    """
    s = led.state
    points = s.scores
    with_in = settle(preset, points, start_chips, s.first_dealer, s.yakuman_winner).result
    without = settle(preset, points, [0] * s.people, s.first_dealer, s.yakuman_winner).result
    return [round(a - (b - c), 1) for a, b, c in zip(settlement, with_in, without, strict=True)]
