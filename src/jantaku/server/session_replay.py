"""A scorekeeper session's replay, kept between changes.

The log is the truth and the state is a replay of it (:mod:`jantaku.server.sessions`).
Replaying a 2,000-hand session on every change (and a watcher's every state request) cost
the server seconds; a change only ever touches the hands from one index on (an appended
hand, an edited or a deleted one), so :class:`ReplayCache` keeps, per session in memory,
the replay of the current log and a copy of it every :data:`SNAPSHOT_EVERY` hands, and
replays a change from the last copy at or before the changed hand: an append applies the
new hand's events to the ledger and nothing else. The result is the same as a replay from
scratch, which the tests compare after every step of random sequences of changes.
"""

from __future__ import annotations

import copy
from collections import Counter
from dataclasses import dataclass, replace
from typing import Any, Final

from jantaku.rules.model import Preset
from jantaku.scoring.calc import with_names
from jantaku.scoring.json_io import result_to_json
from jantaku.scoring.ledger import LedgerError, busted
from jantaku.tiles.kinds import WIND_LETTERS

from .session_config import chips_apart, config_preset, money
from .session_errors import SessionError, hand_error
from .session_games import (
    ScoredGame,
    ScoringLedger,
    Seating,
    game_result,
    game_start,
    seating_of,
)

SNAPSHOT_EVERY: Final = 32
"""Hands between the kept copies of a session's replay (a change replays at most this many
hands before the changed one)."""

_STATS: Final = (
    "wins",
    "deal_ins",
    "riichi",
    "chombo",
    "tsumo",
    # For the rates (和了率, 放銃率, 立直率, 平均打点, 平均順位, トップ率): hands played
    # seated, points won on wins, finished games, their ranks summed, tops.
    "hands_played",
    "win_points",
    "games_played",
    "rank_sum",
    "tops",
)


class Replayer:
    """The replay of a session's first :attr:`count` hands, one :meth:`step` a hand."""

    def __init__(self, config: dict[str, Any], preset: Preset) -> None:
        self.config = config
        self.preset = preset
        self.people = len(config["names"])
        self.rotate = config.get("rotate", True)
        self.count = 0
        self.games: list[ScoredGame] = []
        self.seatings: list[Seating] = []
        self.rows: list[dict[str, Any]] = []
        self.stats = {k: [0] * self.people for k in _STATS}
        # 焼き鳥 where the rules have it: games a person ended without a win (流し counts).
        self.yakitori = [0] * self.people
        self.won: set[int] = set()
        self.led = self._new_game(None)

    def _chosen(self, number: int) -> int | None:
        first = self.config.get("first_dealers", {}).get(str(number))
        return first if isinstance(first, int) else None

    def _new_game(self, chips: list[int] | None) -> ScoringLedger:
        number = len(self.games)
        g = ScoredGame(
            number,
            game_start(self.preset, self.people, number, self.rotate, chips, self._chosen(number)),
        )
        self.games.append(g)
        seat = seating_of(self.config, g.number)
        self.seatings.append(seat)
        # The game's start names people; the ledger's names seats.
        start = copy.deepcopy(g.start)
        if not seat.plain:
            start["scores"] = seat.seat_list(start["scores"])
            start["chips"] = seat.seat_list(start["chips"])
            start["dealer"] = start["first_dealer"] = seat.seat(start["first_dealer"])
        led = ScoringLedger(self.preset, self.people, start)
        g.scores = seat.people_list(list(led.state.scores))
        g.chips = seat.people_list(list(led.state.chips))
        return led

    def clone(self, rows: bool = True) -> Replayer:
        """An independent copy (the finished games and the rows, never changed again, are
        shared); without ``rows`` the copy's rows are left for the caller to set."""
        new = copy.copy(self)
        last = self.games[-1]
        new.games = [*self.games[:-1], replace(last, events=list(last.events))]
        new.seatings = list(self.seatings)
        new.rows = list(self.rows) if rows else []
        new.stats = {k: list(v) for k, v in self.stats.items()}
        new.yakitori = list(self.yakitori)
        new.won = set(self.won)
        memo = {id(self.preset): self.preset, id(self.config): self.config}
        memo[id(self.led.scorer)] = self.led.scorer
        # A scored win is never changed once made, and the compiled ScoreResult cannot be
        # rebuilt by deepcopy (its __init__ takes arguments): the copies share them.
        for result in self.led.scored:
            memo[id(result)] = result
        new.led = copy.deepcopy(self.led, memo)
        return new

    def step(self, hand: dict[str, Any]) -> None:
        """Play hand number :attr:`count` (its ``events``); a hand the ledger refuses or
        cannot take raises :class:`SessionError` naming it."""
        index, preset, people, stats = self.count, self.preset, self.people, self.stats
        events = hand["events"]
        if sum(e["type"] == "win" for e in events) > 1 and not preset.table.double_ron:
            raise SessionError(
                f"hand {index + 1}: these rules have no double ron (頭ハネ: the discarder's "
                "next player in turn wins alone)",
                code="no_double_ron",
                params={"hand": index + 1},
            )
        game = self.games[-1]
        if game.over:
            self.led = self._new_game(game.chips)
            game = self.games[-1]
            self.won = set()
        led, won = self.led, self.won
        s = led.state
        seat = self.seatings[-1]
        hand_dealer = s.dealer
        hand_seats = seat.seats(preset, hand_dealer)
        label = {
            "round": WIND_LETTERS[s.round % 4],
            "hand": s.hand,
            "honba": s.honba,
            "dealer": seat.person(s.dealer),
        }
        led.scored = []
        led.dice_chances = 0
        entries = []
        for i, ev in enumerate(events):
            nxt = events[i + 1] if i + 1 < len(events) else None
            try:
                entry = seat.entry(
                    led.apply(seat.event(ev), None if nxt is None else seat.event(nxt))
                )
            except LedgerError as e:
                raise hand_error(index, str(e)) from None
            except (TypeError, KeyError, AttributeError, ValueError) as e:
                # A field of a shape the ledger does not check (it expects its own JSON).
                raise SessionError(
                    f"hand {index + 1}: malformed event ({e})",
                    code="hand_invalid",
                    params={"hand": index + 1, "detail": str(e)},
                ) from None
            if not entry["allowed"]:
                raise hand_error(index, str(entry["reason"]), 422)
            entries.append(entry)
        last = entries[-1]
        main = next((e for e in events if e["type"] != "chips"), events[0])
        if any(e["type"] in ("win", "draw") for e in events):
            for p, wind in enumerate(hand_seats):
                stats["hands_played"][p] += wind is not None
        for ev, entry in zip(events, entries, strict=True):
            if ev["type"] == "win":
                stats["win_points"][ev["winner"]] += entry["payments"][ev["winner"]]
        for ev in events:
            if ev["type"] == "draw" and ev.get("kind") == "nagashi":
                nagashi = ev.get("winners", ev.get("tenpai", [])[:1])
                won.update(p for p in nagashi if isinstance(p, int))
            if ev["type"] == "win":
                won.add(ev["winner"])
                stats["wins"][ev["winner"]] += 1
                if ev.get("from") is None:
                    stats["tsumo"][ev["winner"]] += 1
                elif not ev.get("double") or ev is main:
                    stats["deal_ins"][ev["from"]] += 1
            if ev["type"] in ("win", "draw") and ev is main:
                for p in ev.get("riichi", []):
                    stats["riichi"][p] += 1
            if ev["type"] in ("chombo", "penalty"):  # the standings' チョンボ・罰符 column
                stats["chombo"][ev["player"]] += 1
        game.events.extend(events)
        game.scores, game.chips = list(last["scores"]), list(last["chips"])
        self.rows.append(
            {
                "index": index,
                "game": game.number,
                "label": label,
                "seats": hand_seats,
                "events": events,
                "scored": [with_names(result_to_json(r)) for r in led.scored],
                "payments": [sum(e["payments"][p] for e in entries) for p in range(people)],
                "chip_changes": [sum(e["chip_changes"][p] for e in entries) for p in range(people)],
                "dice_chances": led.dice_chances,
                "scores": last["scores"],
                "chips": last["chips"],
            }
        )
        if last["game_over"]:
            game.over = True
            game.settlement = last["settlement"]
            game.result = seat.people_list(
                game_result(
                    preset,
                    seat.seat_list(last["settlement"]),
                    seat.seat_list(game.start["chips"]),
                    led,
                )
            )
            for p, r in enumerate(seat.ranks(game.scores, game.start["first_dealer"])):
                self.yakitori[p] += p not in won
                stats["games_played"][p] += 1
                stats["rank_sum"][p] += r + 1
                stats["tops"][p] += r == 0
        self.count += 1

    def state(self) -> dict[str, Any]:
        """The session's state after these hands (new lists and dicts at the top: a later
        step changes none of it)."""
        preset, config, people, games = self.preset, self.config, self.people, self.games
        rows = list(self.rows)
        s = self.led.state
        game = games[-1]
        if game.over:
            # The table after a finished game: the next game's first hand.
            chosen = self._chosen(len(games))
            nxt = game_start(preset, people, len(games), self.rotate, game.chips, chosen)
            coming = seating_of(config, len(games))
            table = {
                "game": len(games),
                "dealer": nxt["dealer"],
                "first_dealer": nxt["first_dealer"],
                "round": "E",
                "hand": 1,
                "honba": 0,
                "sticks": 0,
                "scores": nxt["scores"],
                "chips": nxt["chips"],
                "seats": coming.seats(preset, coming.seat(nxt["dealer"])),
                "seating": coming.order,
            }
        else:
            seat = self.seatings[-1]
            table = {
                "game": game.number,
                "dealer": seat.person(s.dealer),
                "first_dealer": seat.person(s.first_dealer),
                "round": WIND_LETTERS[s.round % 4],
                "hand": s.hand,
                "honba": s.honba,
                "sticks": s.sticks,
                "stick_points": s.stick_points,
                "extension": s.extension,
                "scores": seat.people_list(list(s.scores)),
                "chips": seat.people_list(list(s.chips)),
                "seats": seat.seats(preset, s.dealer),
                "shuba_used": sorted(seat.person(x) for x in s.shuba),
                "seating": seat.order,
            }
        totals = [0.0] * people
        for g in games:
            if g.result is not None:
                totals = [a + b for a, b in zip(totals, g.result, strict=True)]
        order = sorted(range(people), key=lambda p: -totals[p])
        ranks = [0] * people
        for r, p in enumerate(order):
            ranks[p] = r
        # 局: the hands played (wins and draws), not chip or penalty entries.
        played = Counter(
            r["game"] for r in rows if any(e["type"] in ("win", "draw") for e in r["events"])
        )
        out: dict[str, Any] = {
            "table": table,
            "settlement_style": preset.settlement.style,
            "chips_apart": chips_apart(preset),
            "hands": rows,
            "games": [
                {
                    "number": g.number,
                    "start": g.start,
                    "over": g.over,
                    "settlement": g.settlement,
                    "result": g.result,
                    "scores": g.scores,
                    "chips": g.chips,
                    # The end of a game as the table reads it: ranks (ties to the earlier
                    # seat from the first dealer) and who went bust (飛び).
                    "ranks": sit.ranks(g.scores, g.start["first_dealer"]),
                    "seating": sit.order,
                    "money": money(
                        preset,
                        config,
                        g.result,
                        [a - b for a, b in zip(g.chips, g.start["chips"], strict=True)],
                    )
                    if g.result is not None
                    else None,
                    "busted": [busted(preset.game, x) for x in g.scores] if g.over else None,
                    "hands": played[g.number],
                }
                for g, sit in zip(games, self.seatings, strict=True)
            ],
            "standings": {
                "result": [round(x, 1) for x in totals],
                "rank": ranks,
                "chips": list(table["chips"]),
                **{k: list(v) for k, v in self.stats.items()},
                "yakitori": list(self.yakitori)
                if getattr(preset.game, "yakitori_chips", 0)
                else None,
            },
        }
        if config.get("rates"):
            # The session's money: each finished game's at the rates, summed; after each
            # finished game, the sum so far (the money graph's points).
            running = [0.0] * people
            for g_ in out["games"]:
                if g_["money"] is not None:
                    running = [round(a + b, 2) for a, b in zip(running, g_["money"], strict=True)]
                    g_["money_total"] = list(running)
            out["standings"]["money"] = running
        return out


def replay(
    config: dict[str, Any], hands: list[dict[str, Any]], preset: Preset | None = None
) -> dict[str, Any]:
    """The whole session state from its log, from scratch. A hand the ledger refuses or
    cannot take raises :class:`SessionError` naming it."""
    r = Replayer(config, preset or config_preset(config))
    for hand in hands:
        r.step(hand)
    return r.state()


@dataclass
class Trial:
    """A change replayed, not yet kept: its state, and the replay to keep if it is stored."""

    config: dict[str, Any]
    replayer: Replayer
    snapshots: list[Replayer]
    state: dict[str, Any]


class ReplayCache:
    """One session's replay of its current log, and a copy every :data:`SNAPSHOT_EVERY`
    hands (the copy at ``k * SNAPSHOT_EVERY`` hands is ``snapshots[k]``)."""

    def __init__(self, config: dict[str, Any], preset: Preset, hands: list[dict[str, Any]]) -> None:
        self.preset = preset
        kept = self.trial(config, hands, 0, fresh=True)
        self.config, self.replayer, self.snapshots = kept.config, kept.replayer, kept.snapshots
        self.state = kept.state

    def trial(
        self,
        config: dict[str, Any],
        hands: list[dict[str, Any]],
        start: int,
        fresh: bool = False,
    ) -> Trial:
        """The replay of ``hands``, which are the current log's up to ``start`` (an append:
        the log's length; an edit or deletion: its index): replayed from the last copy at or
        before ``start``, from scratch under a changed ``config`` (or ``fresh``). Nothing
        kept changes; a refused hand raises :class:`SessionError`."""
        if fresh or config is not self.config:
            base, snaps = Replayer(config, self.preset), []
        elif start >= self.replayer.count:
            base, snaps = self.replayer.clone(), list(self.snapshots)
        else:
            k = start // SNAPSHOT_EVERY
            base = self.snapshots[k].clone(rows=False)
            base.rows = self.replayer.rows[: base.count]
            snaps = self.snapshots[: k + 1]
        if base.count == 0 and not snaps:
            snaps.append(base.clone())
        for hand in hands[base.count :]:
            base.step(hand)
            if base.count % SNAPSHOT_EVERY == 0:
                snaps.append(base.clone(rows=False))
        return Trial(config, base, snaps, base.state())

    def keep(self, trial: Trial) -> None:
        """The trial's replay is now the session's (its change was stored)."""
        self.config, self.replayer, self.snapshots = trial.config, trial.replayer, trial.snapshots
        self.state = trial.state
