"""The scorekeeper's books (the base of :class:`jantaku.scoring.ledger.Ledger`): its state
resumed from a ``start``, the seats and hands of the game, the entry each event returns, and
every point and chip moved as a line of the journal."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from jantaku.rules.model import Preset
from jantaku.tiles.kinds import NORTH, WIND_LETTERS, WINDS, Kind

from .breakdown import Journal
from .ledger_rules import START_KEYS, LedgerError, LedgerState, busted, target_reached, unknown_key
from .score import Scorer, ScoreResult
from .situation import WinSituation


class LedgerBooks:
    """The state and the bookkeeping of one game's ledger (the events are the subclass's)."""

    def __init__(
        self,
        preset: Preset,
        people: int | None = None,
        start: dict[str, Any] | None = None,
        scorer: Scorer | None = None,
    ) -> None:
        self.preset = preset
        # A game's own scorer of the preset, when it has one (building one costs a few percent
        # of a simulated game).
        self.scorer = Scorer(preset) if scorer is None else scorer
        self.seats = preset.players
        n = people if people is not None else preset.players
        if n not in (3, 4) or n < preset.players:
            raise LedgerError(
                f"players: {preset.name} is played by {preset.players} (or 4 "
                f"rotating at a three-player table), not {n}"
            )
        g = preset.game
        self.state = LedgerState(
            people=n,
            scores=[g.start_points] * n,
            chips=[g.start_chips] * n,
        )
        if start:
            self._resume(start)
        self.journal = Journal(n)
        """Every point and chip this ledger moved, line by line (the result's breakdown)."""
        self._pending: list[tuple[dict[str, Any], ScoreResult, WinSituation]] = []
        self._taker: int | None = None
        """The winner of a double ron who takes the sticks and honba: the first in turn order
        from the discarder («供託は上家取り»), whatever order the wins are entered in."""

    # -- seats -------------------------------------------------------------------------------

    def seat_wind(self, person: int) -> Kind | None:
        """The person's seat wind this hand, or None when they sit out."""
        offset = (person - self.state.dealer) % self.state.people
        return WINDS[offset] if offset < self.seats else None

    def person_at(self, wind: Kind) -> int:
        if wind == NORTH and self.seats == 3:
            return (self.state.dealer - 1) % self.state.people
        return (self.state.dealer + WINDS.index(wind)) % self.state.people

    @property
    def hands_per_wind(self) -> int:
        return self.state.people

    @property
    def last_round(self) -> int:
        return 0 if self.preset.game.length == "tonpuu" else 1

    def is_last_hand(self) -> bool:
        s = self.state
        return s.round >= self.last_round and s.hand >= self.hands_per_wind

    # -- events ------------------------------------------------------------------------------

    def _resume(self, start: dict[str, Any]) -> None:
        s = self.state
        n = s.people
        wrong = unknown_key(start, START_KEYS, "start")
        if wrong:
            raise LedgerError(wrong)
        for key, attr in (("scores", "scores"), ("chips", "chips")):
            if key in start:
                v = start[key]
                if not isinstance(v, list) or len(v) != n or not all(isinstance(x, int) for x in v):
                    raise LedgerError(f"start.{key}: {n} whole numbers")
                setattr(s, attr, list(v))
        for key in ("dealer", "hand", "honba", "sticks"):
            if key in start:
                v = start[key]
                if not isinstance(v, int) or v < 0:
                    raise LedgerError(f"start.{key}: a whole number ≥ 0")
                setattr(s, key, v)
        if not 0 <= s.dealer < n:
            raise LedgerError(f"start.dealer: 0 to {n - 1}")
        if "round" in start:
            r = start["round"]
            if r not in ("E", "S", "W", "N"):
                raise LedgerError("start.round: E, S, W or N")
            s.round = WIND_LETTERS.index(r)
        if "first_dealer" in start:
            s.first_dealer = int(start["first_dealer"])
        # A game resumed past its last wind is in its extension (sudden death stays sudden
        # death); ``extension: true`` says so for a game whose extension is in its last wind.
        ext = start.get("extension", False)
        if not isinstance(ext, bool):
            raise LedgerError("start.extension: true or false")
        s.extension = ext or s.round > self.last_round
        if "won" in start:  # 焼き鳥: who has already won a hand in this game
            won = start["won"]
            if not isinstance(won, list) or not all(
                isinstance(p, int) and not isinstance(p, bool) and 0 <= p < n for p in won
            ):
                raise LedgerError(f"start.won: a list of persons 0 to {n - 1}")
            s.won = set(won)
        s.stick_points = s.sticks * self.preset.scoring.riichi_stick

    def _entry(
        self,
        before: list[int],
        chips_before: list[int],
        allowed: bool = True,
        reason: str | None = None,
    ) -> dict[str, Any]:
        s = self.state
        return {
            "allowed": allowed,
            "reason": reason,
            "payments": [a - b for a, b in zip(s.scores, before, strict=True)],
            "scores": list(s.scores),
            "chips": list(s.chips),
            "chip_changes": [a - b for a, b in zip(s.chips, chips_before, strict=True)],
            "sticks": s.sticks,
            "honba": s.honba,
            "dealer": s.dealer,
            "round": WIND_LETTERS[s.round % 4],
            "hand": s.hand,
            "game_over": s.game_over,
            "settlement": s.settlement,
        }

    # -- moving points and chips: every move is a line of the journal ---------------------

    def _points(self, item: str, payer: int | None, payee: int | None, n: int) -> None:
        """``n`` points from ``payer`` to ``payee`` (None: the pot, or from it)."""
        s = self.state
        if payer is not None:
            s.scores[payer] -= n
            self.journal.note("points", item, payer, -n)
        if payee is not None:
            s.scores[payee] += n
            self.journal.note("points", item, payee, n)

    def _chips(self, item: str, payer: int, payee: int, n: int) -> None:
        s = self.state
        s.chips[payer] -= n
        s.chips[payee] += n
        self.journal.note("chips", item, payer, -n)
        self.journal.note("chips", item, payee, n)

    # -- the persons an event names ----------------------------------------------------------

    def _person(self, ev: dict[str, Any], key: str, allow_none: bool = False) -> int | None:
        v = ev.get(key)
        if v is None and allow_none:
            return None
        if not isinstance(v, int) or isinstance(v, bool) or not 0 <= v < self.state.people:
            raise LedgerError(f"{key}: a person 0 to {self.state.people - 1}, not {v!r}")
        if self.seat_wind(v) is None:
            raise LedgerError(f"{key}: person {v} sits out this hand")
        return v

    def _riichi(self, ev: dict[str, Any]) -> list[int]:
        seats = ev.get("riichi", [])
        if not isinstance(seats, list):
            raise LedgerError("riichi: a list of persons")
        for p in seats:
            self._person({"riichi": p}, "riichi")
        return list(seats)

    def _new_hand(self) -> None:
        """Forget what only mattered within the hand that ended."""
        s = self.state
        s.spring = False
        s.spring_paid = {}
        s.dead = set()
        s.stick_back = set()
        s.hand_shuba = set()

    def _sitting_out_chips(self, spring: bool, draw: bool) -> None:
        s = self.state
        n = self.preset.game.sitting_out_chips
        spring = spring or s.spring
        self._new_hand()
        if not n or s.people == self.seats:
            return
        out = (s.dealer - 1) % s.people
        times = (0 if spring else 1) + (1 if draw else 0)
        for q in range(s.people):
            if q != out:
                self._chips("sitting_out", q, out, n * times)

    # -- the bust line and the target ----------------------------------------------------------

    def _reached(self, scores: Sequence[int]) -> bool:
        return target_reached(self.preset.game, scores)

    def _busted(self, points: int) -> bool:
        return busted(self.preset.game, points)
