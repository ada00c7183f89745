"""The scorekeeper: a game's flow under a preset, without the tiles (``jantaku ledger``).

It takes hand results in order (wins, draws, chombo, chip events) and keeps the scores,
chips, dealer, round, honba and riichi sticks, ends the game by the preset's rules (bust,
16000, sudden death, the last hand) and settles it. The game engine runs its results
through this same code.

People are numbered from the first dealer's seat (0). With four people at a three-player
preset, the person just before the dealer sits out each hand.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from jantaku.rules.model import Preset
from jantaku.tiles.kinds import EAST, WIND_LETTERS, WINDS

from .breakdown import payment_lines
from .chips import ChipCounts, ChipItemError, declared_counts, win_chips
from .json_io import SituationError, situation_from_json
from .ledger_books import LedgerBooks
from .ledger_rules import (
    DEAL_IN_KEYS,
    DRAW_KINDS,
    EVENT_KEYS,
    NO_DRAW,
    LedgerError,
    LedgerState,
    busted,
    draw_kinds,
    ending_refusal,
    unknown_key,
    win_ends_game,
)
from .points import standard_payments
from .score import NotAWin, ScoreResult
from .settlement import rank_order, settle
from .situation import RiichiKind, WinSituation

__all__ = [  # the names other modules and the tests import from here
    "EVENT_KEYS",
    "Ledger",
    "LedgerError",
    "LedgerState",
    "busted",
    "draw_kinds",
    "ending_refusal",
    "run_ledger",
    "win_ends_game",
]


class Ledger(LedgerBooks):
    """Game flow for one game under a preset.

    >>> from jantaku.rules import load_preset
    >>> led = Ledger(load_preset("riichi"))
    >>> out = led.apply({"type": "win", "winner": 1, "from": 2, "han": 3, "fu": 30})
    >>> out["payments"], out["dealer"], out["hand"]
    ([0, 3900, -3900, 0], 1, 2)
    """

    # -- events ------------------------------------------------------------------------------

    def run(self, events: Sequence[Any]) -> list[dict[str, Any]]:
        """Apply every event; a refused win (``allowed: false``) changes nothing."""
        out = []
        for i, ev in enumerate(events):
            out.append(self.apply(ev, list(events[i + 1 :])))
        return out

    def apply(self, ev: Any, following: Any = None) -> dict[str, Any]:
        """Apply one event. ``following`` (the next event, or the list of those that follow)
        lets a double ron wait for its other winners."""
        s = self.state
        if s.game_over:
            raise LedgerError("the game is over: no event can follow its end")
        if not isinstance(ev, dict) or "type" not in ev:
            raise LedgerError("an event is an object with a 'type'")
        kind = ev["type"]
        if kind not in EVENT_KEYS:
            raise LedgerError(f"type: win, draw, chombo, penalty or chips, not {kind!r}")
        wrong = unknown_key(ev, EVENT_KEYS[kind], f"a {kind} event")
        deal_ins = ev.get("deal_ins") if kind == "chombo" else None
        for i, d in enumerate(deal_ins if isinstance(deal_ins, list) else []):
            if isinstance(d, dict):
                wrong = wrong or unknown_key(d, DEAL_IN_KEYS, f"deal_ins[{i}]")
        if wrong:
            raise LedgerError(wrong)
        before = list(s.scores)
        chips_before = list(s.chips)
        if kind == "win":
            refused = self._win(ev, following)
            if refused:
                return self._entry(before, chips_before, allowed=False, reason=refused)
        elif kind == "draw":
            refused = self._draw(ev)
            if refused:
                return self._entry(before, chips_before, allowed=False, reason=refused)
        elif kind == "chombo":
            self._chombo(ev)
        elif kind == "chips":
            self._chip_event(ev)
        elif kind == "penalty":
            self._penalty(ev)
        else:
            raise LedgerError(f"type: win, draw, chombo, penalty or chips, not {kind!r}")
        return self._entry(before, chips_before)

    # -- wins ------------------------------------------------------------------------------

    def _score_win(
        self, ev: dict[str, Any], winner: int, discarder: int | None
    ) -> tuple[ScoreResult, WinSituation]:
        s = self.state
        wind = self.seat_wind(winner)
        assert wind is not None
        dwind = None if discarder is None else self.seat_wind(discarder)
        first = not self._pending if self._taker is None else winner == self._taker
        honba = s.honba if first else 0
        wareme = self._person(ev, "wareme", allow_none=True)
        wwind = None if wareme is None else self.seat_wind(wareme)
        if ev.get("situation"):
            obj = dict(ev["situation"])
            obj.setdefault("seat", WIND_LETTERS[WINDS.index(wind)])
            obj.setdefault("round", WIND_LETTERS[s.round % 4])
            obj.setdefault("honba", honba)
            if dwind is not None:
                obj.setdefault("discarder", WIND_LETTERS[WINDS.index(dwind)])
                obj.setdefault("win", "ron")
            else:
                obj.setdefault("win", "tsumo")
            obj.setdefault("players", s.people)
            if winner in ev.get("shuba", []):
                kinds = {
                    "riichi": "shuba",
                    "open": "open_shuba",
                    "double": "double_shuba",
                    "double_open": "double_open_shuba",
                }
                obj["riichi"] = kinds.get(obj.get("riichi", "riichi"), obj.get("riichi"))
            if wwind is not None:
                obj.setdefault("wareme", WIND_LETTERS[WINDS.index(wwind)])
            try:
                sit = situation_from_json(
                    obj,
                    self.scorer.tileset,
                    self.seats,
                    self.scorer.extractable,
                    default_start=self.preset.table.initial_dora,
                )
                return self.scorer.score(sit), sit
            except (SituationError, NotAWin, ValueError) as e:
                raise LedgerError(f"situation: {e}") from None
        han, fu, yakuman = ev.get("han", 0), ev.get("fu", 0), ev.get("yakuman", 0)
        terminals = ev.get("terminals", 0)
        for key, v in (("han", han), ("fu", fu), ("yakuman", yakuman), ("terminals", terminals)):
            if not isinstance(v, int) or isinstance(v, bool) or v < 0:
                raise LedgerError(f"{key}: a whole number ≥ 0")
        if terminals and not self.preset.scoring.terminal_manzu_bonus:
            raise LedgerError(f"terminals: {self.preset.name} pays nothing for 1m and 9m")
        sit = WinSituation(
            concealed=(0,),
            win_tile=0,
            tsumo=discarder is None,
            seat_wind=wind,
            round_wind=WINDS[s.round % 4],
            players=self.seats,
            discarder_wind=dwind,
            honba=honba,
            riichi=self._quick_riichi(ev, winner),
            sitting_out=s.people > self.seats,
            wareme_wind=wwind,
            tileset=self.scorer.tileset,
        )
        try:
            return self.scorer.score_value(han, fu, yakuman, sit, terminals), sit
        except NotAWin as e:
            raise LedgerError(str(e)) from None

    def _quick_riichi(self, ev: dict[str, Any], winner: int) -> RiichiKind:
        """The riichi a quick path winner declared: from the hand's first event (a double
        ron's riichi, シュバ and open riichi are listed there once), open as
        ``open_riichi`` says (gotou: +1000 on the win)."""
        lead = self._pending[0][0] if self._pending else ev
        opened = lead.get("open_riichi", [])
        if not isinstance(opened, list):
            raise LedgerError("open_riichi: a list of persons")
        if opened and not self.preset.table.open_riichi:
            raise LedgerError(f"open_riichi: {self.preset.name} has no open riichi")
        for p in opened:
            if p not in lead.get("riichi", []):
                raise LedgerError(f"open_riichi: person {p} must also be listed in riichi")
        shuba = winner in lead.get("shuba", [])
        if winner in opened:
            return RiichiKind.OPEN_SHUBA if shuba else RiichiKind.OPEN
        if shuba:
            return RiichiKind.SHUBA
        return RiichiKind.RIICHI if winner in lead.get("riichi", []) else RiichiKind.NONE

    def _win(self, ev: dict[str, Any], following: Any) -> str | None:
        winner = self._person(ev, "winner")
        discarder = self._person(ev, "from", allow_none=True)
        assert winner is not None
        if discarder == winner:
            raise LedgerError("from: the winner cannot ron their own discard")
        riichi = self._riichi(ev)
        if winner in self.state.dead:
            return f"refused: person {winner} may not win this hand (a chombo or アガリ放棄)"
        if self._pending and (discarder is None or self._pending[0][0].get("from") != discarder):
            raise LedgerError("double: the winners of a double ron share one discarder")
        first = not self._pending
        rest = self._double_rest(following, discarder)
        if first and rest and discarder is not None:
            n = self.state.people
            self._taker = min([winner, *rest], key=lambda p: (p - discarder) % n)
        try:
            result, sit = self._score_win(ev, winner, discarder)
        except LedgerError:
            if first:
                self._taker = None
            raise
        try:
            counts = self._quick_chips(ev, discarder is None)
            rolls = self._win_rolls(ev)
        except LedgerError:
            if first:
                self._taker = None
            raise
        refused = self._forbidden(winner, result, riichi, discarder)
        if refused:
            if first:
                self._taker = None
            return refused
        shuba = self._shuba(ev, riichi) if first else []
        if first:
            self._pay_riichi(riichi, shuba)
        takes = first if self._taker is None else winner == self._taker
        self._pay_win(winner, result, sit, takes, counts)
        if rolls:
            double = self.preset.chips.shuba_doubles and sit.riichi.is_shuba
            self._chip_event({"to": winner, "items": {}, "dice": rolls, "double": double})
        self._pending.append((ev, result, sit))
        if not rest:
            self._finish_wins()
        return None

    def _quick_chips(self, ev: dict[str, Any], tsumo: bool) -> ChipCounts | None:
        """The quick path's chip items of a win (``chips``: what happened, counted at the
        table; who pays is the ledger's), or None: a hand's tiles tell their own."""
        if "chips" not in ev:
            return None
        if ev.get("situation"):
            raise LedgerError("chips: a hand given by its tiles counts its own chips")
        try:
            return declared_counts(ev["chips"], self.preset, tsumo)
        except ChipItemError as e:
            raise LedgerError(str(e)) from None

    def _win_rolls(self, ev: dict[str, Any]) -> list[list[int]]:
        """The サイコロチャンス rolled for a win (``dice``: pairs), checked before anything
        is paid; their sum is paid to the winner by everyone at the table (A)."""
        rolls = ev.get("dice", [])
        if not rolls:
            return []
        if not self.preset.chips.dice_chances:
            raise LedgerError(f"dice: {self.preset.name} has no サイコロチャンス")
        if not isinstance(rolls, list) or not all(
            isinstance(r, list)
            and len(r) == 2
            and all(isinstance(d, int) and not isinstance(d, bool) and 1 <= d <= 6 for d in r)
            for r in rolls
        ):
            raise LedgerError("dice: pairs of numbers 1 to 6")
        return [list(r) for r in rolls]

    def _double_rest(self, following: Any, discarder: int | None) -> list[int]:
        """The other winners of this discard entered next (``"double": true``, same ``from``)."""
        if discarder is None:
            return []
        events = following if isinstance(following, list) else [following]
        out = []
        for f in events:
            if not (
                isinstance(f, dict)
                and f.get("type") == "win"
                and f.get("double")
                and f.get("from") == discarder
            ):
                break
            out.append(f.get("winner"))
        return [w for w in out if isinstance(w, int) and not isinstance(w, bool)]

    # -- the game engine's entry points (results it scored itself) ------------------------

    def deposit_riichi(self, person: int, shuba: bool = False) -> None:
        """A riichi declaration was accepted: its stick goes on the table now."""
        if shuba:
            self._shuba({"shuba": [person]}, [person])
        self._pay_riichi([person], [person] if shuba else [])

    def refusal(self, winner: int, discarder: int | None, result: ScoreResult) -> str | None:
        """Why the rules refuse this win (kanto-boo), or None."""
        return self._forbidden(winner, result, [], discarder)

    def record_win(
        self,
        winner: int,
        discarder: int | None,
        result: ScoreResult,
        sit: WinSituation,
        last: bool = True,
    ) -> dict[str, Any]:
        """A win the engine scored; ``last`` is False for all but the last of a double ron."""
        s = self.state
        if s.game_over:
            raise LedgerError("the game is over: no event can follow its end")
        before, chips_before = list(s.scores), list(s.chips)
        self._pay_win(winner, result, sit, first=not self._pending)
        self._pending.append(({"winner": winner, "from": discarder}, result, sit))
        if last:
            self._finish_wins()
        return self._entry(before, chips_before)

    def _shuba(self, ev: dict[str, Any], riichi: list[int]) -> list[int]:
        """Who declared シュバリー this hand (a riichi that costs more; once per game)."""
        shuba = ev.get("shuba", [])
        if not isinstance(shuba, list):
            raise LedgerError("shuba: a list of persons")
        if shuba and not self.preset.game.shuba_stick:
            raise LedgerError("shuba: these rules have no シュバリー")
        for p in shuba:
            if p not in riichi:
                raise LedgerError(f"shuba: person {p} must also be listed in riichi")
            if p in self.state.shuba:
                raise LedgerError(f"shuba: person {p} already used their シュバリー this game")
        return list(shuba)

    def _pay_riichi(self, riichi: list[int], shuba: Sequence[int] = ()) -> None:
        s = self.state
        for p in riichi:
            if p in s.stick_back:
                continue  # a chombo gave the stick back («リー棒も戻す»)
            cost = self.preset.game.shuba_stick if p in shuba else self.preset.scoring.riichi_stick
            self._points("shuba_stick" if p in shuba else "riichi_stick", p, None, cost)
            s.sticks += 1
            s.stick_points += cost
        s.shuba.update(shuba)
        s.hand_shuba.update(shuba)

    def _pay_win(
        self,
        winner: int,
        res: ScoreResult,
        sit: WinSituation,
        first: bool,
        counts: ChipCounts | None = None,
    ) -> None:
        s = self.state
        s.won.add(winner)
        for item, wind, amount in payment_lines(res, sit, self.preset):
            self._points(item, self.person_at(wind), winner, amount)
        if first:
            self._points("sticks", None, winner, s.stick_points)
            s.sticks = s.stick_points = 0
        chips = win_chips(res, sit, self.preset, counts)
        for wind, n in chips.payers.items():
            self._chips("win_chips", self.person_at(wind), winner, n)

    def _finish_wins(self) -> None:
        s = self.state
        dealer_won = False
        any_yakuman = None
        winners: list[int] = []
        shuba_winners: set[int] = set()
        for ev, res, sit in self._pending:
            winner = ev["winner"]
            winners.append(winner)
            dealer_won = dealer_won or self.seat_wind(winner) == EAST
            if res.yakuman:
                any_yakuman = winner
            if winner in ev.get("shuba", []) or sit.riichi.is_shuba:
                shuba_winners.add(winner)
        g = self.preset.game
        if g.bust_chips:
            # Bust chips go to the winner who busted the player; with a double ron as
            # game.double_ron_bust_chips says. シュバ doubles them.
            for taker in self._bust_takers(winners, self._pending[0][0].get("from")):
                n = g.bust_chips * (2 if taker in shuba_winners else 1)
                for p in range(s.people):
                    if self._busted(s.scores[p]):
                        self._chips("bust_chips", p, taker, n)
        self._sitting_out_chips(self._pending[0][0].get("spring", False), draw=False)
        self._pending = []
        self._taker = None
        if any_yakuman is not None and self.preset.settlement.style == "boo":
            s.yakuman_winner = any_yakuman
            self._end_game()
            return
        if dealer_won:
            s.honba = s.honba + 1 if g.dealer_win_honba else 0
            self._after_hand(dealer_stays=g.deal_passes_on_win != "always", dealer_won=True)
        else:
            s.honba = 0
            self._after_hand(dealer_stays=False, dealer_won=False)

    def _bust_takers(self, winners: list[int], discarder: int | None) -> list[int]:
        """Who takes the bust chips of a hand's wins: the one winner; after a double ron the
        one ranked higher after the hand (gotou «ダブロン飛びはトップに飛び賞»), the first in
        turn order from the discarder (上家取り), or both."""
        rule = self.preset.game.double_ron_bust_chips
        if len(winners) == 1 or rule == "both":
            return list(winners)
        if rule == "first" and discarder is not None:
            people = self.state.people
            return [min(winners, key=lambda w: (w - discarder) % people)]
        order = rank_order(self.state.scores, self.state.first_dealer)
        return [min(winners, key=order.index)]

    def _forbidden(
        self, winner: int, res: ScoreResult, riichi: list[int], discarder: int | None
    ) -> str | None:
        """kanto-boo: a game-ending win that the game refuses (never a yakuman)."""
        g = self.preset.game
        if not g.restrict_game_ending_wins or res.yakuman:
            return None
        if discarder is None and not g.restrict_tsumo:
            return None
        s = self.state
        after = list(s.scores)
        for p in riichi:
            after[p] -= self.preset.scoring.riichi_stick
        for wind, amount in res.payments.items():
            after[self.person_at(wind)] -= amount
            after[winner] += amount
        after[winner] += s.stick_points + len(riichi) * self.preset.scoring.riichi_stick
        dealer_win = self.seat_wind(winner) == EAST
        passes_last = (self.is_last_hand() or s.extension) and not dealer_win
        if not win_ends_game(g, after, passes_last, s.extension):
            return None
        return ending_refusal(g, s.scores, after, winner, s.first_dealer)

    # -- draws, chombo, chips --------------------------------------------------------------

    def _draw(self, ev: dict[str, Any]) -> str | None:
        """A draw; the reason it is refused (a draw the preset does not have), or None."""
        s = self.state
        g = self.preset.game
        kind = ev.get("kind", "exhaustive")
        if kind not in DRAW_KINDS:
            raise LedgerError(f"kind: {', '.join(DRAW_KINDS)}, not {kind!r}")
        if kind not in draw_kinds(self.preset):
            return f"refused: {self.preset.name} has no {kind} draw ({NO_DRAW[kind]})"
        tenpai = ev.get("tenpai", [])
        if not isinstance(tenpai, list):
            raise LedgerError("tenpai: a list of persons")
        for p in tenpai:
            self._person({"tenpai": p}, "tenpai")
            if p in s.dead:
                raise LedgerError(f"tenpai: person {p} is noten this hand (a chombo or アガリ放棄)")
        riichi = self._riichi(ev)
        self._pay_riichi(riichi, self._shuba(ev, riichi))
        before = list(s.scores)
        seated = [p for p in range(s.people) if self.seat_wind(p) is not None]
        if kind == "nagashi" and g.nagashi != "none":
            winners = ev.get("winners", tenpai[:1])
            if not isinstance(winners, list) or not winners:
                raise LedgerError("winners: the persons whose 流し counts")
            for w in winners:
                self._person({"winner": w}, "winner")
            if g.nagashi_is_win:
                # gotou «流し … 和了扱い»: a tsumo win in every respect: the first in turn
                # order from the dealer takes the sticks and the honba, and the hand ends
                # as after that player's tsumo (the deal moves on a non-dealer's).
                n = s.people
                for i, w in enumerate(sorted(set(winners), key=lambda p: (p - s.dealer) % n)):
                    res, sit = self.nagashi_result(w, first=i == 0)
                    self._pay_win(w, res, sit, first=i == 0)
                    self._pending.append(({**ev, "winner": w, "from": None}, res, sit))
                self._finish_wins()
                return None
            for w in winners:
                # Paid like a tsumo win, the hand a draw: a mangan (Tenhou).
                res, sit = self.nagashi_result(w, first=False)
                self._pay_win(w, res, sit, first=False)
        elif kind in ("exhaustive", "nagashi") and g.noten_total and 0 < len(tenpai) < len(seated):
            got = g.noten_total // len(tenpai)
            paid = g.noten_total // (len(seated) - len(tenpai))
            for p in seated:
                if p in tenpai:
                    self._points("noten", None, p, got)
                else:
                    self._points("noten", p, None, paid)
        if g.bust_chips_on_draw:
            self._bust_chips_without_win(before)
        self._sitting_out_chips(ev.get("spring", False), draw=True)
        s.honba += 1
        dealer_tenpai = s.dealer in tenpai
        if kind in ("nine_terminals", "abortive"):
            stays = g.deal_on_draw != "always_passes"
        elif g.deal_on_draw == "never_passes":
            stays = True
        elif g.deal_on_draw == "always_passes":
            stays = False
        else:
            stays = dealer_tenpai
        self._after_hand(dealer_stays=stays, dealer_won=False, dealer_tenpai=dealer_tenpai)
        return None

    def nagashi_result(self, winner: int, first: bool = True) -> tuple[ScoreResult, WinSituation]:
        """流し paid as a tsumo win: a mangan (Tenhou) or a yakuman (gotou); ``first``: with
        this hand's honba (where 流し is a win)."""
        s = self.state
        wind = self.seat_wind(winner)
        assert wind is not None
        sit = WinSituation(
            concealed=(0,),
            win_tile=0,
            tsumo=True,
            seat_wind=wind,
            round_wind=WINDS[s.round % 4],
            players=self.seats,
            sitting_out=s.people > self.seats,
            riichi=RiichiKind.SHUBA if winner in s.hand_shuba else RiichiKind.NONE,
            honba=s.honba if first and self.preset.game.nagashi_is_win else 0,
            tileset=self.scorer.tileset,
        )
        if self.preset.game.nagashi == "yakuman":
            return self.scorer.score_value(0, 0, 1, sit), sit
        return self.scorer.score_value(5, 30, 0, sit), sit

    def _penalty(self, ev: dict[str, Any]) -> None:
        """誤ポン / 誤カン at a physical table: points to the pot (gotou «誤ポンは1000点供託») or
        to each other player in the hand (tokushima «誤ポン・誤カンは1000点ALLの支払い»).
        ``abandon`` (アガリ放棄: tokushima «鳴きの晒し間違い/華牌を河に捨てる/誤ロンはアガリ放棄»,
        gotou «和了放棄»): no points; the player plays the hand out unable to win, noten at a
        draw."""
        s = self.state
        g = self.preset.game
        p = self._person(ev, "player")
        assert p is not None
        kind = ev.get("kind")
        if kind not in ("false_pon", "false_kan", "abandon"):
            raise LedgerError(f"kind: false_pon, false_kan or abandon, not {kind!r}")
        if kind == "abandon":
            s.dead.add(p)
            return
        if g.false_call == "none":
            raise LedgerError(f"kind: {self.preset.name} has no penalty for {kind}")
        points = g.false_call_points
        before = list(s.scores)
        if g.false_call == "pot":
            self._points("false_call", p, None, points)
            s.sticks += 1
            s.stick_points += points
        else:
            for q in range(s.people):
                if q != p and self.seat_wind(q) is not None:
                    self._points("false_call", p, q, points)
        self._after_penalty(before, pot=g.false_call == "pot")

    def _chombo(self, ev: dict[str, Any]) -> None:
        s = self.state
        p = self._person(ev, "player")
        assert p is not None
        style = self.preset.game.chombo
        others = [q for q in range(s.people) if q != p]
        each = self.preset.game.chombo_each
        if style == "chips_each":
            for q in others:
                self._chips("chombo", p, q, each)
            # gotou: each tenpai player also gets the chips they would have won from a deal-in
            # by the offender, at their best reading («高め取りで放銃扱い»), paid for by the
            # offender for everyone («全員分被って»). The event gives each such reading as a
            # situation; no points move.
            deal_ins = ev.get("deal_ins", [])
            if not isinstance(deal_ins, list):
                raise LedgerError("deal_ins: a list of {winner, situation}")
            for i, d in enumerate(deal_ins):
                if not isinstance(d, dict) or not (
                    d.get("situation") or d.get("han") or d.get("yakuman")
                ):
                    what = "winner and situation (or han, fu and chips)"
                    raise LedgerError(f"deal_ins[{i}]: an object with {what}")
                w = self._person(d, "winner")
                assert w is not None
                if w == p:
                    raise LedgerError(f"deal_ins[{i}]: the offender cannot win from themself")
                res, sit = self._score_win(d, w, p)
                n = win_chips(res, sit, self.preset, self._quick_chips(d, False)).total
                self._chips("chombo_deal_in", p, w, n)
            # «チョンボ者が春を抜いていた場合は戻す»: the spring chips go back to who paid them.
            for q, n in enumerate(s.spring_paid.pop(p, [])):
                self._chips("spring_back", p, q, n)
            # «聴牌者がいない場合+続行可能であればチョンボ者ノーテン扱いで続行»: with nobody
            # tenpai the hand goes on, the offender noten (no win, no tenpai, and the riichi
            # stick not paid: «リー棒も戻す»); otherwise the hand is played again.
            goes_on = ev.get("continue", not deal_ins)
            if not isinstance(goes_on, bool):
                raise LedgerError("continue: true or false")
            if goes_on:
                s.dead.add(p)
                s.stick_back.add(p)
            else:
                self._new_hand()
            return
        before = list(s.scores)
        if style == "points_each":
            for q in others:
                if self.seat_wind(q) is not None:
                    self._points("chombo", p, q, each)
        else:
            wind = self.seat_wind(p)
            assert wind is not None
            pays = standard_payments(2000, wind, None, self.seats, tsumo_son=False)
            for pw, amount in pays.items():
                self._points("chombo", p, self.person_at(pw), amount)
        self._after_penalty(before)

    def _chip_event(self, ev: dict[str, Any]) -> None:
        s = self.state
        to = ev.get("to")
        if not isinstance(to, int) or not 0 <= to < s.people:
            raise LedgerError(f"to: a person 0 to {s.people - 1}")
        items = ev.get("items", [])
        total = 0
        if isinstance(items, dict):
            for name, n in items.items():
                if not isinstance(n, int) or n < 0:
                    raise LedgerError(f"items.{name}: a whole number of chips")
                total += n
        elif isinstance(items, list):
            for item in items:
                if not isinstance(item, str):
                    raise LedgerError("items: names of chip items")
                total += 1
        else:
            raise LedgerError("items: a list of item names or an object name → chips")
        rolls = ev.get("dice", [])
        if rolls and isinstance(rolls[0], int):
            rolls = [rolls]
        for roll in rolls:
            if (
                not isinstance(roll, list)
                or len(roll) != 2
                or not all(isinstance(d, int) and 1 <= d <= 6 for d in roll)
            ):
                raise LedgerError("dice: pairs of numbers 1 to 6")
            total += self.preset.chips.snake_eyes if roll == [1, 1] else sum(roll)
        if ev.get("double"):
            total *= 2
        if "spring" in items:
            item = "spring"
        elif rolls and not items:
            item = "dice"
        elif len(items) == 1 and not rolls:
            item = next(iter(items))
        else:
            item = "chips"
        for q in range(s.people):
            if q != to:
                self._chips(item, q, to, total)
        if "spring" in items:
            s.spring = True
            paid = s.spring_paid.setdefault(to, [0] * s.people)
            for q in range(s.people):
                if q != to:
                    paid[q] += total

    # -- flow --------------------------------------------------------------------------------

    def _bust_ends_game(self) -> bool:
        """The bust line, checked after every payment (a hand's, a chombo's, a 誤ポン's): a
        player past it ends the game now."""
        if any(self._busted(x) for x in self.state.scores):
            self._end_game()
            return True
        return False

    def _bust_chips_without_win(self, before: list[int], pot: bool = False) -> None:
        """Bust chips (``game.bust_chips``) for a bust that no win made: a draw's payments
        (where ``game.bust_chips_on_draw`` says so) or a penalty's. Each player the payment
        took past the bust line pays them to the one ranked highest among those it paid; a
        payment to the pot (``pot``: gotou's 誤ポン) pays them to the top, who takes the pot
        at the end (where ``game.leftover_sticks`` gives it to the top)."""
        s = self.state
        g = self.preset.game
        if not g.bust_chips:
            return
        order = rank_order(s.scores, s.first_dealer)
        takers = [p for p in order if s.scores[p] > before[p]]
        if pot and g.leftover_sticks == "top":
            takers = order
        for p in range(s.people):
            if takers and self._busted(s.scores[p]) and not self._busted(before[p]):
                self._chips("bust_chips", p, takers[0], g.bust_chips)

    def _after_penalty(self, before: list[int], pot: bool = False) -> None:
        """A chombo's or a 誤ポン's points are paid: one that leaves a player past the bust
        line ends the game at once, with the bust chips where the preset has them (spec: the
        bust line is checked after every payment). The hand is not over: nothing else of the
        flow moves."""
        self._bust_chips_without_win(before, pot)
        self._bust_ends_game()

    def _after_hand(
        self,
        dealer_stays: bool,
        dealer_won: bool,
        dealer_tenpai: bool = False,
    ) -> None:
        s = self.state
        g = self.preset.game
        if self._bust_ends_game():
            return
        if g.end_at_or_above and any(x >= g.end_at_or_above for x in s.scores):
            self._end_game()
            return
        target = g.extension_target
        last = self.is_last_hand()
        reached = self._reached(s.scores)
        # Sudden death (gotou, mighty) ends on the first hand that leaves someone at the
        # target; Tenhou's 西入 ends like a last hand: when the deal passes, or by agari-yame.
        if s.extension and reached and (g.extension == "sudden_death" or not dealer_stays):
            self._end_game()
            return
        if last and g.last_hand_dealer_only and not dealer_won:
            self._end_game()
            return
        if (last or s.extension) and g.agari_yame and (dealer_won or dealer_tenpai):
            top = rank_order(s.scores, s.first_dealer)[0]
            if top == s.dealer and s.scores[top] >= target:
                self._end_game()
                return
        if dealer_stays:
            return
        s.dealer = (s.dealer + 1) % s.people
        if s.dealer == s.first_dealer:
            s.round += 1
            s.hand = 1
        else:
            s.hand += 1
        if s.round > self.last_round:
            if g.extension == "none" or reached:
                self._end_game()
                return
            if g.extension == "next_wind" and s.round > self.last_round + 1:
                self._end_game()
                return
            s.extension = True

    def _end_game(self) -> None:
        s = self.state
        g = self.preset.game
        if s.stick_points and g.leftover_sticks == "top":
            top = rank_order(s.scores, s.first_dealer)[0]
            self._points("leftover_sticks", None, top, s.stick_points)
            s.leftover = (top, s.stick_points)
        else:
            s.lost_points += s.stick_points
        s.sticks = s.stick_points = 0
        if g.high_score_chips:
            for p, x in enumerate(s.scores):
                if x >= g.high_score_line:
                    n = g.high_score_chips + (x - g.high_score_line) // 10000
                    for q in range(s.people):
                        if q != p:
                            self._chips("high_score", q, p, n)
        if g.yakitori_chips:
            # 焼き鳥: each person who never won pays each person who did.
            birds = [p for p in range(s.people) if p not in s.won]
            for p in birds:
                for q in s.won:
                    self._chips("yakitori", p, q, g.yakitori_chips)
        s.game_over = True
        done = settle(self.preset, s.scores, s.chips, s.first_dealer, s.yakuman_winner)
        s.settlement, s.settlement_items = done.result, done.items


def run_ledger(preset: Preset, data: Any) -> list[dict[str, Any]]:
    """``jantaku ledger``: the JSON game record in, one entry per event out."""
    if not isinstance(data, dict):
        raise LedgerError("the record is a JSON object with players, start and events")
    unknown = set(data) - {"players", "start", "events"}
    if unknown:
        raise LedgerError(f"unknown field {sorted(unknown)[0]!r}")
    people = data.get("players", preset.players)
    start = data.get("start")
    if start is not None and not isinstance(start, dict):
        raise LedgerError("start: an object")
    events = data.get("events", [])
    if not isinstance(events, list):
        raise LedgerError("events: a list")
    led = Ledger(preset, people, start)
    return led.run(events)
