"""The standard bot's standing at the table: whether this is the game's last hand, what a
win or a deal-in is worth there in places (:class:`Standing`), and which wins the rules
refuse (kanto-boo's game-ending wins), so that a deal-in to one costs nothing.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from jantaku.bots.standard import knobs
from jantaku.game.events import StartKyoku
from jantaku.scoring.ledger import ending_refusal, win_ends_game
from jantaku.tiles.kinds import (
    EAST,
)

if TYPE_CHECKING:
    from jantaku.bots import SeatView
    from jantaku.bots.standard.danger import Threat
    from jantaku.rules.model import GameRules


def last_hand(view: SeatView) -> bool:
    """Whether this hand is the game's last one, as far as the schedule goes (the last
    dealer of the last wind, or an extension hand: any hand may then be the last)."""
    game = view.preset.game
    if knobs.RANK_ANY_HAND and game.end_at_or_above > 0:
        return True
    if game.extension == "sudden_death" and not knobs.RANK_SUDDEN_DEATH:
        return False
    return scheduled_last(view)


def last_wind(game: GameRules) -> int:
    """The game's last scheduled wind, from East (0: tonpuu, 1: hanchan)."""
    return 0 if game.length == "tonpuu" else 1


def in_extension(view: SeatView) -> bool:
    """Whether this hand is past the game's scheduled winds (an extension hand)."""
    return view.round_wind - EAST > last_wind(view.preset.game)


def scheduled_last(view: SeatView) -> bool:
    """Whether this hand is the last dealer's of the last wind (or an extension hand)."""
    last = last_wind(view.preset.game)
    wind = view.round_wind - EAST
    if wind != last:
        return wind > last
    for ev in reversed(view.events()):
        if ev["type"] == StartKyoku.TYPE:
            return int(ev["kyoku"]) >= view.people  # 1-based: the wind's last dealer
    return False


def leads_last_hand(view: SeatView, seat: int) -> bool:
    return knobs.RANK_AWARE and last_hand(view) and Standing(view, seat, []).leads()


def win_refused(view: SeatView, winner: int, payer: int | None, amount: float) -> bool:
    """Whether a win of about ``amount`` points by ``winner`` (a ron off ``payer``, or a
    tsumo: None) would end the game in a way the rules refuse (``restrict_game_ending_wins``:
    one player sunk, the winner still sunk, a floating winner not the top). The engine
    never offers such a win, so a seat cannot deal in to it and cannot take it."""
    game = view.preset.game
    if payer is None and not game.restrict_tsumo:
        return False
    scoring = view.preset.scoring
    before = view.scores
    after = list(before)
    honba = view.honba
    dealer = view.dealer
    if payer is not None:
        pay = int(amount) + honba * scoring.honba_ron
        after[payer] -= pay
        after[winner] += pay
    else:
        for s in range(view.people):
            if s == winner or view.seat_wind(s) is None:
                continue
            share = amount / 3 if winner == dealer else amount / (2 if s == dealer else 4)
            pay = int(share) + honba * scoring.honba_tsumo
            after[s] -= pay
            after[winner] += pay
    after[winner] += view.stick_points
    passes_last = winner != dealer and scheduled_last(view)
    if not win_ends_game(game, after, passes_last, in_extension(view)):
        return False
    return ending_refusal(game, before, after, winner) is not None


def ron_allowed_share(view: SeatView, winner: int, payer: int, value: float) -> float:
    """The share of a ron's likely sizes (``value`` and 0.6 and 1.6 times it) that the rules
    let ``winner`` take off ``payer`` (1.0 where no win is refused)."""
    if not (knobs.BOO_REFUSALS and view.preset.game.restrict_game_ending_wins):
        return 1.0
    ok = 0
    for f in (0.6, 1.0, 1.6):
        ok += not win_refused(view, winner, payer, f * value)
    return ok / 3


def soft(x: float) -> float:
    """How surely a lead of ``x`` points holds (0..1, a ramp ``RANK_SOFT`` wide)."""
    v = 0.5 + x / knobs.RANK_SOFT
    return 0.0 if v < 0.0 else 1.0 if v > 1.0 else v


def standing_of(view: SeatView, seat: int, threats: list[Threat]) -> Standing | None:
    """The standing the hand is played for: the last hand's (``RANK_AWARE``), or where a
    sudden death may follow, the last scheduled hand's and the extension's, each result
    weighed by whether it ends the game (``RANK_TARGET``); None: the hand is played for
    points."""
    if not knobs.RANK_AWARE:
        return None
    if last_hand(view):
        return Standing(view, seat, threats)
    game = view.preset.game
    if knobs.RANK_TARGET and game.extension == "sudden_death" and scheduled_last(view):
        return Standing(view, seat, threats, ends=True)
    return None


class Standing:
    """The table's scores in the last hand: what a win or a deal-in is worth in places (in
    points, ``RANK_POINTS`` a place), and a little of the points themselves. With ``ends``
    (a hand the game may go on after) a result that does not end the game is worth its
    points."""

    __slots__ = ("dealer", "ends", "extension", "game", "me", "others", "reach", "scores", "seat")

    def __init__(
        self, view: SeatView, seat: int, threats: list[Threat], ends: bool = False
    ) -> None:
        scores = view.scores
        self.me = float(scores[seat])
        self.others = [(s, float(scores[s])) for s in range(len(scores)) if s != seat]
        # Per seat: its chance to win this hand if it goes on, and what it would win.
        self.reach = {s: (knobs.INSURE, knobs.USUAL_WIN) for s, _ in self.others}
        for th in threats:
            self.reach[th.seat] = (max(knobs.INSURE, knobs.THREAT_WINS * th.p_tenpai), th.value)
        self.ends = ends
        self.game = view.preset.game
        self.scores = list(scores)
        self.seat = seat
        self.dealer = view.dealer
        self.extension = in_extension(view)

    def _goes_on(self, winner: int, payer: int | None, w: float) -> bool:
        """Whether the game goes on after ``winner`` wins ``w`` points (off ``payer``, or
        from every other seat)."""
        if not self.ends:
            return False
        after = list(self.scores)
        after[winner] += int(w)
        if payer is not None:
            after[payer] -= int(w)
        else:
            n = len(after) - 1
            for s in range(len(after)):
                if s != winner:
                    after[s] -= int(w / n)
        return not win_ends_game(self.game, after, winner != self.dealer, self.extension)

    def win(self, w: float) -> float:
        """A win of ``w`` points: the places it takes, and the chance it takes away from
        the seats below to pass the bot in this hand (a threat's most of all)."""
        if self._goes_on(self.seat, None, w):
            return w
        my = self.me
        gain = 0.0
        for s, sc in self.others:
            if sc >= my:
                gain += soft(my + w - sc) - soft(my - sc)
            else:
                p, v = self.reach[s]
                gain += p * soft(sc + v - my)
        return knobs.RANK_POINTS * gain + knobs.POINT_SHARE * w

    def deal_in(self, to: int, v: float) -> float:
        """Dealing in ``v`` points to seat ``to``: the places it loses."""
        if self._goes_on(to, self.seat, v):
            return v
        my = self.me
        after = my - v
        loss = 0.0
        for s, sc in self.others:
            new = sc + v if s == to else sc
            loss += soft(new - after) - soft(sc - my)
        return knobs.RANK_POINTS * max(0.0, loss) + knobs.POINT_SHARE * v

    def leads(self) -> bool:
        return all(self.me > sc for _, sc in self.others)
