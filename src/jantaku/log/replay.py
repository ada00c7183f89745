"""Replay real Tenhou games through the engine's own legal actions.

Each round's wall is stacked from the record (starting hands, live draws, replacement
draws, dora and ura indicators); every recorded action must be among the engine's legal
actions; seats the record shows doing nothing at a discard pass. The engine's point changes
and final scores must equal the record's.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from jantaku.game.actions import Action, ActionType, IllegalActionError
from jantaku.game.engine import DEAD_WALL, Game, Wall
from jantaku.game.events import EndGame, Hora, ReachAccepted, StartKyoku, Tsumo
from jantaku.rules.loader import load_preset
from jantaku.tiles.kinds import WIND_LETTERS

from .tenhou import (
    Call,
    Discard,
    Draw,
    ExhaustiveOrAbortiveDraw,
    GameRecord,
    NewDora,
    Riichi,
    RoundRecord,
    UnscoredWin,
    Win,
)


class ReplayMismatch(ValueError):
    """The engine disagreed with the record (names the round and what differed)."""


@dataclass
class ReplayReport:
    rounds: int = 0
    actions: int = 0
    problems: list[str] = field(default_factory=list)
    state: Any = None
    """The engine's state after the replay (its events are the game as the engine played
    it from the record)."""


def _wall(rec: GameRecord, rnd: RoundRecord) -> Wall:
    n = rec.players
    hands = [list(rnd.hands[s]) for s in range(n)]
    live: list[int] = []
    rinshan: list[int] = []
    dora = list(rnd.dora_indicators)
    pending: set[int] = set()
    for ev in rnd.events:
        if isinstance(ev, Draw):
            if ev.seat in pending:
                rinshan.append(ev.tile)
                pending.discard(ev.seat)
            else:
                live.append(ev.tile)
        elif isinstance(ev, Call) and ev.type in ("minkan", "ankan", "kakan", "kita"):
            pending.add(ev.seat)
        elif isinstance(ev, NewDora):
            dora.append(ev.tile)
    ura: list[int] = []
    for res in rnd.results:
        if isinstance(res, Win) and res.ura_indicators:
            ura = list(res.ura_indicators)
    used = {t for h in hands for t in h} | set(live) | set(rinshan) | set(dora) | set(ura)
    ts = load_preset("riichi" if n == 4 else "sanma").tileset()
    spare = [t for t in ts.tiles if t not in used]
    total_live = len(ts.tiles) - DEAD_WALL - 13 * n
    while len(live) + len(rinshan) < total_live and spare:
        live.append(spare.pop())
    while len(rinshan) < 4 and spare:
        rinshan.append(spare.pop())
    while len(dora) < 5 and spare:
        dora.append(spare.pop())
    while len(ura) < 5 and spare:
        ura.append(spare.pop())
    return Wall(hands, live, rinshan, dora, ura)


def _game(rec: GameRecord) -> Game:
    name = "riichi" if rec.players == 4 else "sanma"
    red = rec.rules.red_fives
    fives = {"5m": int(red[0]), "5p": int(red[1]), "5s": int(red[2])}
    if rec.players == 3:
        fives.pop("5m")
    overrides: dict[str, Any] = {
        "tiles": {"red": fives},
        "scoring": {"kuitan": rec.rules.kuitan is not False},
    }
    if rec.rules.hanchan is False:
        overrides["game"] = {"length": "tonpuu"}
    return Game(load_preset(name, overrides))


def _act(state: Any, action: Action, where: str) -> None:
    try:
        state.apply(action)
    except IllegalActionError as e:
        legal = ", ".join(str(a) for a in state.legal_actions(action.seat))
        raise ReplayMismatch(f"{where}: {e} (legal: {legal})") from None


def _pass_all(state: Any, except_seats: set[int], where: str) -> None:
    for s in list(state.current_seats()):
        if state.phase == "response" and s not in except_seats:
            _act(state, Action(ActionType.PASS, s), where)


def replay(rec: GameRecord) -> ReplayReport:
    """Replay every round; raises :class:`ReplayMismatch` at the first disagreement."""
    game = _game(rec)
    walls = [_wall(rec, rnd) for rnd in rec.rounds]
    first = rec.rounds[0]
    start = {
        "scores": list(first.scores[: rec.players]),
        "dealer": first.dealer,
        "round": WIND_LETTERS[first.round_wind],
        "hand": first.kyoku,
        "honba": first.honba,
        "sticks": first.sticks,
    }
    state = game.new_state(walls, start=start)
    report = ReplayReport(state=state)
    for rnd in rec.rounds:
        where = f"{rec.source.name} {WIND_LETTERS[rnd.round_wind]}{rnd.kyoku}-{rnd.honba}"
        led = state.ledger.state
        if list(led.scores[: rec.players]) != list(rnd.scores[: rec.players]):
            raise ReplayMismatch(f"{where}: start scores {led.scores} != {list(rnd.scores)}")
        if led.dealer != rnd.dealer:
            raise ReplayMismatch(f"{where}: dealer {led.dealer} != {rnd.dealer}")
        if any(isinstance(r, UnscoredWin) for r in rnd.results):
            report.problems.append(f"{where}: the record's result is cut short; not replayed")
            return report
        report.rounds += 1
        _replay_round(state, rnd, where, report)
    if rec.owari is not None and state.game_over:
        final = list(state.ledger.state.scores[: rec.players])
        if final != list(rec.owari.points[: rec.players]):
            raise ReplayMismatch(f"{rec.source.name}: final {final} != {rec.owari.points}")
    return report


def _changes(state: Any, start: list[int], first: int) -> list[int]:
    """The round's point changes, leaving out riichi deposits as the records do."""
    got = [a - b for a, b in zip(state.ledger.state.scores, start, strict=True)]
    # The next hand may have started: only this hand's events count.
    for ev in state.events[first:]:
        if ev["type"] == StartKyoku.TYPE:
            break
        if ev["type"] == ReachAccepted.TYPE:
            got[ev["actor"]] += state.game.preset.scoring.riichi_stick
        if ev["type"] == EndGame.TYPE and ev.get("leftover_sticks"):
            top, points = ev["leftover_sticks"]
            got[top] -= points  # the sticks left at the end go to the top, after the hand
    return got


def _replay_round(state: Any, rnd: RoundRecord, where: str, report: ReplayReport) -> None:
    riichi_next: set[int] = set()
    start_scores = list(state.ledger.state.scores)
    first_event = len(state.events)
    events = rnd.events
    wins = [r for r in rnd.results if isinstance(r, Win | UnscoredWin)]
    i = 0
    while i < len(events):
        ev = events[i]
        i += 1
        if isinstance(ev, Draw | NewDora):
            continue
        if isinstance(ev, Riichi):
            if ev.step == 1:
                riichi_next.add(ev.seat)
            continue
        if isinstance(ev, Discard):
            kind = ActionType.RIICHI if ev.seat in riichi_next else ActionType.DISCARD
            riichi_next.discard(ev.seat)
            _act(state, Action(kind, ev.seat, ev.tile), where)
            report.actions += 1
            nxt = next((e for e in events[i:] if not isinstance(e, Riichi | NewDora)), None)
            if (
                isinstance(nxt, Call)
                and nxt.type in ("chi", "pon", "minkan")
                and nxt.from_seat == ev.seat
            ):
                _pass_all(state, {nxt.seat}, where)
            elif nxt is None and wins and not wins[0].tsumo:
                _pass_all(state, {w.who for w in wins}, where)
            else:
                _pass_all(state, set(), where)
            continue
        if isinstance(ev, Call):
            t = ev.type
            if t in ("chi", "pon", "minkan"):
                atype = {
                    "chi": ActionType.CHI,
                    "pon": ActionType.PON,
                    "minkan": ActionType.DAIMINKAN,
                }[t]
                called = ev.tiles[0]
                _act(state, Action(atype, ev.seat, called, tuple(ev.tiles[1:])), where)
                _pass_all(state, set(), where)
            elif t == "ankan":
                _act(state, Action(ActionType.ANKAN, ev.seat, None, tuple(ev.tiles)), where)
            elif t == "kakan":
                _act(state, Action(ActionType.KAKAN, ev.seat, ev.tiles[-1]), where)
                robbed = i >= len(events) and wins and not wins[0].tsumo
                _pass_all(state, {w.who for w in wins} if robbed else set(), where)
            elif t == "kita":
                _act(state, Action(ActionType.KITA, ev.seat, ev.tiles[0]), where)
            report.actions += 1
            continue
    _finish_round(state, rnd, wins, where, start_scores, first_event, report)


def _finish_round(
    state: Any,
    rnd: RoundRecord,
    wins: list[Any],
    where: str,
    start: list[int],
    first: int,
    report: ReplayReport,
) -> None:
    if wins:
        if wins[0].tsumo:
            w = wins[0]
            _act(state, Action(ActionType.TSUMO, w.who, w.win_tile), where)
        else:
            for w in wins:
                _act(state, Action(ActionType.RON, w.who, w.win_tile), where)
            _pass_all(state, set(), where)
        got = _changes(state, start, first)
        total = [0] * len(got)
        for w in wins:
            for s, d in enumerate(w.deltas[: len(got)]):
                total[s] += d
        if got != total:
            # Two excerpts' deltas drop the riichi sticks the winner took (the points vanish
            # from the record itself): report them, as tenhou-check does.
            unpaid = [g - t for g, t in zip(got, total, strict=True)]
            sticks = [w.sticks * 1000 for w in wins]
            if sum(total) == 0 and sorted(x for x in unpaid if x) == sorted(x for x in sticks if x):
                report.problems.append(f"{where}: the record leaves riichi sticks unpaid")
                return
            raise ReplayMismatch(f"{where}: deltas {got} != record {total}")
        _check_hora_events(state, wins, where, first)
        return
    res = next((r for r in rnd.results if isinstance(r, ExhaustiveOrAbortiveDraw)), None)
    if res is None:
        raise ReplayMismatch(f"{where}: no result")
    if res.kind == "yao9":
        seat = next(s for s in state.current_seats())
        _act(state, Action(ActionType.NINE_TERMINALS, seat), where)
    elif state.phase == "response":
        _pass_all(state, set(), where)
    got = _changes(state, start, first)
    exp = list(res.deltas[: len(got)])
    ended = (StartKyoku.TYPE, Tsumo.TYPE, EndGame.TYPE)
    if state.events[-1]["type"] not in ended or got != exp:
        raise ReplayMismatch(f"{where}: draw {res.kind}: deltas {got} != record {exp}")


def _check_hora_events(state: Any, wins: list[Any], where: str, first: int) -> None:
    """The result each ``hora`` event carries for display is the record's: the winner's
    hand, han and fu (below yakuman) and every seat's point change."""
    horas = [ev for ev in state.events[first:] if ev["type"] == Hora.TYPE]
    if len(horas) != len(wins):
        raise ReplayMismatch(f"{where}: {len(horas)} hora events for {len(wins)} wins")
    for ev, w in zip(horas, wins, strict=True):
        if sorted(ev["hora_tehais"]) != sorted(w.hand):
            raise ReplayMismatch(f"{where}: hora_tehais {ev['hora_tehais']} != {list(w.hand)}")
        if not w.yakuman and ev["fan"] != w.han:
            raise ReplayMismatch(f"{where}: hora fan {ev['fan']} != record {w.han}")
        if not w.yakuman and w.fu is not None and ev["fu"] != w.fu:
            raise ReplayMismatch(f"{where}: hora fu {ev['fu']} != record {w.fu}")
        if list(ev["deltas"]) != list(w.deltas[: len(ev["deltas"])]):
            raise ReplayMismatch(f"{where}: hora deltas {ev['deltas']} != record {w.deltas}")
