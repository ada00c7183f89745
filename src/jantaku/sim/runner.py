"""Play full games between built-in bots: statistics, invariant checks, logs, processes.

Game ``i`` of a run uses the game seed ``seed + i``; the bot of seat ``s`` in it is seeded
from that game seed and ``s``, so a run's games and summary numbers (all but the timing)
do not depend on how many worker processes played them.

With ``check=True`` the runner checks, after every action (each action's events are all
emitted by the time the engine returns), that points are conserved (``sum(scores)`` plus
the points of the sticks on the table never change), that every tile of the set is in
exactly one place (wall parts, hands, rivers, melds, set aside; a called tile is in its
meld and still in its discarder's river), that a seat that must act has a legal action
and that the bot picked one of them. At the end of each game it checks every seat's
``state.view`` (no wall, no other seat's hand, no other seat's draws) and that the log
replayed into a fresh state (``Game.replay``) gives the same scores, hands and rivers.
``invariant_violations`` counts the checks that failed, each check once per game (an
engine exception counts too, and ends that game).

>>> out = simulate("sanma", games=1, seed=4, bots="random", check=True)
>>> out["games"], out["invariant_violations"]
(1, 0)
"""

from __future__ import annotations

import json
import os
import shutil
import time
import traceback
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Final, NamedTuple, TextIO

from jantaku.bots import Bot, SeatViews
from jantaku.bots import spec as bot_spec
from jantaku.game import Game, State
from jantaku.game.events import (
    Chi,
    Daiminkan,
    Declare,
    EndGame,
    Hora,
    Pass,
    Pon,
    ReachAccepted,
    Ryukyoku,
    StartGame,
    StartKyoku,
    Tsumo,
)
from jantaku.rules import load_preset
from jantaku.rules.model import Preset
from jantaku.sim.backends import chunk_size, pack, run_chunks, unpack
from jantaku.sim.progress import progress_reporter
from jantaku.tiles.notation import MeldType
from jantaku.tiles.tileset import N_TILE_IDS

MAX_ACTIONS: Final = 200_000
"""A game that has not ended after this many actions is stopped (and counted a violation)."""
MAX_EXAMPLES: Final = 20
"""Violation messages kept in a summary (the count covers them all)."""

_CALLED_TYPES: Final = (MeldType.CHI, MeldType.PON, MeldType.MINKAN, MeldType.KAKAN)


class SimulationError(ValueError):
    """Bad simulation parameters (the message says which)."""


@dataclass
class GameTally:
    """What one game produced, for the summary (plain data: it crosses processes)."""

    index: int
    seed: int
    seats: int
    hands: int = 0
    actions: int = 0
    events: int = 0
    hands_won: int = 0
    hands_tsumo: int = 0
    hands_ron: int = 0
    draws: int = 0
    wins: list[int] = field(default_factory=list)
    tsumo: list[int] = field(default_factory=list)
    ron: list[int] = field(default_factory=list)
    deal_ins: list[int] = field(default_factory=list)
    riichi: list[int] = field(default_factory=list)
    calls: list[int] = field(default_factory=list)
    seat_actions: list[int] = field(default_factory=list)
    final_scores: list[int] = field(default_factory=list)
    final_chips: list[int] = field(default_factory=list)
    ranks: list[int] = field(default_factory=list)
    fallbacks: list[int] = field(default_factory=list)
    """Answers of external (mjai) bots replaced by the baseline's choice, per seat."""
    finished: bool = False
    violations: list[str] = field(default_factory=list)


def bot_seed(game_seed: int, seat: int) -> int:
    """The seed of the bot at ``seat`` in the game seeded ``game_seed``."""
    return game_seed * 16 + seat + 1


def parse_bots(bots: str | Sequence[str], seats: int) -> list[str]:
    """Bot entry per seat from ``"baseline"`` (every seat), ``"baseline,random,random,random"``,
    ``"mjai:CMD,baseline,baseline,baseline"`` or a sequence of entries
    (:func:`jantaku.bots.spec.parse_bots`, as a :class:`SimulationError`)."""
    try:
        return bot_spec.parse_bots(bots, seats)
    except ValueError as e:
        raise SimulationError(str(e)) from None


# -- one game ---------------------------------------------------------------------------------


def play_game(
    preset: Preset | str,
    seed: int,
    bots: str | Sequence[str] = "baseline",
    *,
    index: int = 0,
    check: bool = False,
    log: TextIO | None = None,
    players: Sequence[Bot] | None = None,
    max_actions: int = MAX_ACTIONS,
    people: int | None = None,
    on_end: Callable[[State, GameTally], None] | None = None,
) -> GameTally:
    """Play one full game and return its record; ``log`` gets one JSON line per event
    (with ``"game": index``). ``players`` replaces the built-in bots (one per person);
    ``people`` = 4 at a three-player preset plays four people rotating. External (mjai)
    bots it seats are closed when the game ends; their replaced answers are counted in
    ``fallbacks``. ``on_end`` sees the final state and the record (the lab reads its own
    numbers from the events)."""
    game = Game(preset, seed, people=people)
    n = game.people
    owned: list[Bot] = []
    if players is None:
        kinds = parse_bots(bots, n)
        players = owned = [bot_spec.make_player(kinds[s], bot_seed(seed, s)) for s in range(n)]
    elif len(players) != n:
        raise SimulationError(f"{len(players)} bots for a {n}-player game")
    rec = GameTally(index=index, seed=seed, seats=n, seat_actions=[0] * n)
    try:
        _play(game, players, rec, check=check, log=log, max_actions=max_actions, on_end=on_end)
    finally:
        bot_spec.close_players(owned)
    rec.fallbacks = [len(getattr(p, "fallbacks", ())) for p in players]
    return rec


def _play(
    game: Game,
    players: Sequence[Bot],
    rec: GameTally,
    *,
    check: bool,
    log: TextIO | None,
    max_actions: int,
    on_end: Callable[[State, GameTally], None] | None = None,
) -> None:
    index, seed = rec.index, rec.seed
    failed: set[str] = set()

    def violation(name: str, message: str) -> None:
        if name not in failed:
            failed.add(name)
            rec.violations.append(f"game {index} (seed {seed}): {name}: {message}")

    state: State | None = None
    try:
        state = game.new_state()
        views = SeatViews(game)
        led = state.ledger.state
        total = sum(led.scores) + led.stick_points + led.lost_points
        chip_total = sum(led.chips)
        actions = 0
        seat_actions = rec.seat_actions
        while not state.game_over:
            now = state.current_seats()
            if not now:
                violation("progress", f"nobody may act after {len(state.events)} events")
                break
            seat = now[0]
            legal = state.legal_actions(seat)
            if not legal:
                violation("progress", f"seat {seat} must act but has no legal action")
                break
            views.sync(state.events)  # each seat is shown only what it may see
            action = players[seat].choose(views[seat], seat, legal)
            if action.seat != seat or action not in legal:
                violation("legal", f"seat {seat} chose {action}, not among {legal}")
                break
            state.apply(action)
            actions += 1
            seat_actions[seat] = seat_actions[seat] + 1  # not ``+=``: a generic add compiled
            if check:
                _check_step(state, total, chip_total, violation)
            if actions >= max_actions:
                violation("progress", f"no end after {actions} actions")
                break
        views.sync(state.events)  # the end of the game, for bots that look back at it
        rec.actions = actions
        rec.finished = state.game_over
        if check and state.game_over:
            _check_end(game, state, violation)
    except Exception as e:  # an engine or bot failure: record it, with where it happened
        where = traceback.extract_tb(e.__traceback__)[-1]
        violation(
            "exception",
            f"{type(e).__name__}: {e} (at {Path(where.filename).name}:{where.lineno})",
        )
    if state is not None:
        _tally(state, rec)
        if on_end is not None:
            on_end(state, rec)
        if log is not None:
            _write_log(log, index, state.events)


# The event types the loops below test, as module constants: compiled, ``Hora.TYPE`` is a
# generic class attribute lookup, asked at every event of every game.
_START_GAME: Final = StartGame.TYPE
_START_KYOKU: Final = StartKyoku.TYPE
_TSUMO: Final = Tsumo.TYPE
_HORA: Final = Hora.TYPE
_RYUKYOKU: Final = Ryukyoku.TYPE
_REACH_ACCEPTED: Final = ReachAccepted.TYPE
_CALLED: Final = frozenset({Chi.TYPE, Pon.TYPE, Daiminkan.TYPE})
_END_GAME: Final = EndGame.TYPE


def _write_log(log: TextIO, index: int, events: Sequence[dict[str, Any]]) -> None:
    dumps = json.dumps
    log.writelines(
        dumps({"game": index, **ev}, ensure_ascii=False, separators=(",", ":")) + "\n"
        for ev in events
    )


def _tally(state: State, rec: GameTally) -> None:
    n = rec.seats
    rec.wins, rec.tsumo, rec.ron = [0] * n, [0] * n, [0] * n
    rec.deal_ins, rec.riichi, rec.calls = [0] * n, [0] * n, [0] * n
    dealt_in: set[int] = set()
    won = False
    for ev in state.events:
        kind: str = ev["type"]
        if kind == _START_KYOKU:
            rec.hands += 1
            dealt_in = set()
            won = False
        elif kind == _HORA:
            winner, target = ev["actor"], ev["target"]
            rec.wins[winner] += 1
            if not won:
                rec.hands_won += 1
                if winner == target:
                    rec.hands_tsumo += 1
                else:
                    rec.hands_ron += 1
            won = True
            if winner == target:
                rec.tsumo[winner] += 1
            else:
                rec.ron[winner] += 1
                if target not in dealt_in:
                    dealt_in.add(target)
                    rec.deal_ins[target] += 1
        elif kind == _RYUKYOKU:
            rec.draws += 1
        elif kind == _REACH_ACCEPTED:
            rec.riichi[ev["actor"]] += 1
        elif kind in _CALLED:
            rec.calls[ev["actor"]] += 1
    rec.events = len(state.events)
    led = state.ledger.state
    rec.final_scores = list(led.scores)
    rec.final_chips = list(led.chips)
    first = led.first_dealer
    people = len(rec.final_scores)
    order = sorted(range(people), key=lambda s: (-rec.final_scores[s], (s - first) % people))
    rec.ranks = [0] * people
    for place, s in enumerate(order):
        rec.ranks[s] = place + 1


# -- invariants -------------------------------------------------------------------------------


def _check_step(
    state: State, total: int, chip_total: int, violation: Callable[[str, str], None]
) -> None:
    led = state.ledger.state
    if sum(led.chips) != chip_total:
        violation(
            "chips",
            f"chips {led.chips} sum to {sum(led.chips)}, not {chip_total} "
            f"(after event {len(state.events) - 1}: {state.events[-1]['type']})",
        )
    now = sum(led.scores) + led.stick_points + led.lost_points
    if now != total:
        violation(
            "points",
            f"scores {led.scores} + sticks {led.stick_points} = {now}, not {total} "
            f"(after event {len(state.events) - 1}: {state.events[-1]['type']})",
        )
    problem = tile_problem(state)
    if problem:
        violation("tiles", f"{problem} (after event {len(state.events) - 1})")
    if not state.game_over:
        for seat in state.current_seats():
            if not state.legal_actions(seat):
                violation("progress", f"seat {seat} must act but has no legal action")


def tile_problem(state: State) -> str | None:
    """Why the tiles are not all accounted for exactly once, or None."""
    c = [0] * N_TILE_IDS
    w = state.wall
    for part in (w.live, w.rinshan, w.dora, w.ura, w.rest):
        for t in part:
            c[t] += 1
    for p in state.players:
        for group in (p.hand, p.river, p.extracted):
            for t in group:
                c[t] += 1
        for m in p.melds:
            for t in m.tiles:
                c[t] += 1
            if m.type in _CALLED_TYPES:
                c[m.tiles[0]] -= 1  # also still in the discarder's river
    tiles = state.game.tileset.tiles
    bad = [t for t in tiles if c[t] != 1]
    if bad:
        return "tiles not in exactly one place: " + ", ".join(f"{t}x{c[t]}" for t in bad[:8])
    if sum(c) != len(tiles):
        return "tiles that are not in the set are on the table"
    return None


_ANSWERS: Final = frozenset({Pass.TYPE, Declare.TYPE})
"""Answers to a tile on offer, which only the seat answering sees."""


def view_problem(state: State, seat: int) -> str | None:
    """Why ``state.view(seat)`` shows something hidden, or None."""
    # Other seats' answers are left out of a view; every other event is there, in order.
    real = iter(e for e in state.events if e["type"] not in _ANSWERS or e["actor"] == seat)
    for ev in state.view(seat):
        kind = ev["type"]
        truth = next(real, None)
        if truth is None or truth["type"] != kind:
            return f"seat {seat}'s view has {kind} where the log has {truth and truth['type']}"
        if "wall" in ev:
            return f"seat {seat} sees the wall"
        if "seed" in ev:
            return f"seat {seat} sees the seed (it rebuilds every wall)"
        if kind == _START_GAME:
            if {k: v for k, v in truth.items() if k != "seed"} != ev:
                return f"seat {seat}'s view changes the start_game event"
        elif kind == _START_KYOKU:
            if list(ev.get("tehai", [])) != list(truth["wall"]["hands"][seat]):
                return f"seat {seat} is shown a dealt hand that is not its own"
            extra = set(ev) - set(truth) - {"tehai"}
            if extra:
                return f"seat {seat}'s start_kyoku has extra fields {sorted(extra)}"
        elif kind == _TSUMO and ev["actor"] != seat:
            if "tile" in ev or ev.get("pai") != "?":
                return f"seat {seat} sees seat {ev['actor']}'s draw"
        elif ev is not truth and ev != truth:
            return f"seat {seat}'s view changes a public {kind} event"
    if next(real, None) is not None:
        return f"seat {seat}'s view leaves out events"
    return None


def _check_end(game: Game, state: State, violation: Callable[[str, str], None]) -> None:
    last = state.events[-1]
    if last["type"] != _END_GAME or last.get("settlement") is None:
        violation("end", f"the log ends with {last['type']}, without a settlement")
    for seat in range(state.people):
        problem = view_problem(state, seat)
        if problem:
            violation("view", problem)
    again = game.replay(state.events)
    mismatch = [
        name
        for name, a, b in (
            ("scores", again.ledger.state.scores, state.ledger.state.scores),
            ("chips", again.ledger.state.chips, state.ledger.state.chips),
            ("hands", [p.hand for p in again.players], [p.hand for p in state.players]),
            ("rivers", [p.river for p in again.players], [p.river for p in state.players]),
            ("game_over", again.game_over, state.game_over),
        )
        if a != b
    ]
    if mismatch:
        violation("replay", f"the log replayed differs in {', '.join(mismatch)}")


# -- many games --------------------------------------------------------------------------------


class _Chunk(NamedTuple):
    """A worker's slice of a run (a named tuple: compiled, a frozen dataclass cannot be
    unpickled in the worker)."""

    number: int
    start: int
    stop: int
    preset: bytes
    """The run's preset, packed once (:func:`jantaku.sim.backends.pack`)."""
    seed: int
    bots: tuple[str, ...]
    check: bool
    log_path: str | None
    people: int | None = None


def _run_chunk(chunk: _Chunk) -> tuple[int, list[GameTally]]:
    """Play the games ``start..stop`` of a run (a worker's task; top level: spawn-safe)."""
    out: list[GameTally] = []
    preset = unpack(chunk.preset, Preset)
    log = open(chunk.log_path, "w", encoding="utf-8") if chunk.log_path else None  # noqa: SIM115
    try:
        for i in range(chunk.start, chunk.stop):
            out.append(
                play_game(
                    preset,
                    chunk.seed + i,
                    chunk.bots,
                    index=i,
                    check=chunk.check,
                    log=log,
                    people=chunk.people,
                )
            )
    finally:
        if log is not None:
            log.close()
    return chunk.number, out


def simulate(
    preset: Preset | str,
    games: int,
    seed: int = 0,
    workers: int = 1,
    bots: str | Sequence[str] = "baseline",
    out: str | os.PathLike[str] | None = None,
    progress: bool = False,
    check: bool = False,
    people: int | None = None,
) -> dict[str, Any]:
    """Play ``games`` full games (game ``i`` seeded ``seed + i``) and summarise them.

    ``people``: 4 at a three-player preset plays four people rotating (one sits out each
    hand); by default the preset's number of players.

    ``bots``: one kind for every seat (``"baseline"``, ``"random"``) or one per seat, comma
    separated. ``workers`` > 1 plays slices of the games in that many processes (the
    numbers do not change). ``out`` receives every event of every game as a JSON line with
    a ``game`` index field, in game order. ``progress`` shows progress on standard error
    when it is a terminal.
    """
    p = load_preset(preset) if isinstance(preset, str) else preset
    if isinstance(games, bool) or not isinstance(games, int) or games < 1:
        raise SimulationError(f"games must be a whole number of at least 1, not {games!r}")
    if isinstance(workers, bool) or not isinstance(workers, int) or workers < 1:
        raise SimulationError(f"workers must be a whole number of at least 1, not {workers!r}")
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise SimulationError(f"seed must be a whole number, not {seed!r}")
    if people is not None and people != p.players and (p.players, people) != (3, 4):
        raise SimulationError(
            f"{p.name} is played by {p.players} (or 4 rotating at a three-player table), "
            f"not {people}"
        )
    kinds = tuple(parse_bots(bots, people or p.players))
    out_path = Path(out) if out is not None else None
    if out_path is not None:
        if out_path.is_dir():
            raise SimulationError(f"--out {out_path} is a folder")
        out_path.parent.mkdir(parents=True, exist_ok=True)
        out_path.write_text("", encoding="utf-8")

    report = progress_reporter(games) if progress else None
    t0 = time.perf_counter()
    try:
        if workers == 1:
            records = _play_here(p, games, seed, kinds, check, out_path, report, people)
        else:
            records = _play_in_workers(
                p, games, seed, kinds, check, out_path, report, workers, people
            )
    finally:
        if report:
            report(games, final=True)
    seconds = time.perf_counter() - t0
    return summarize(records, p, kinds, seconds, seed=seed, workers=workers, check=check)


def _play_here(
    preset: Preset,
    games: int,
    seed: int,
    bots: tuple[str, ...],
    check: bool,
    out_path: Path | None,
    report: Callable[..., None] | None,
    people: int | None = None,
) -> list[GameTally]:
    records: list[GameTally] = []
    log = open(out_path, "w", encoding="utf-8") if out_path else None  # noqa: SIM115
    try:
        for i in range(games):
            records.append(
                play_game(preset, seed + i, bots, index=i, check=check, log=log, people=people)
            )
            if report:
                report(i + 1)
    finally:
        if log is not None:
            log.close()
    return records


def _play_in_workers(
    preset: Preset,
    games: int,
    seed: int,
    bots: tuple[str, ...],
    check: bool,
    out_path: Path | None,
    report: Callable[..., None] | None,
    workers: int,
    people: int | None = None,
) -> list[GameTally]:
    """Chunks of the games in ``workers`` processes (forked where safe:
    :func:`jantaku.sim.backends.run_chunks`); each chunk logs to a part file and the parts
    are joined in game order."""
    size = chunk_size(games, workers)
    packed = pack(preset)
    chunks = [
        _Chunk(
            n,
            start,
            min(start + size, games),
            packed,
            seed,
            bots,
            check,
            f"{out_path}.part{n}" if out_path else None,
            people,
        )
        for n, start in enumerate(range(0, games, size))
    ]
    results: dict[int, list[GameTally]] = {}

    def keep(result: tuple[int, list[GameTally]]) -> None:
        results[result[0]] = result[1]
        if report:
            report(sum(len(r) for r in results.values()))

    try:
        run_chunks(_run_chunk, chunks, workers=workers, on_result=keep)
        if out_path is not None:
            with open(out_path, "wb") as dst:
                for c in chunks:
                    assert c.log_path is not None
                    with open(c.log_path, "rb") as src:
                        shutil.copyfileobj(src, dst)
    finally:
        for c in chunks:
            if c.log_path is not None and os.path.exists(c.log_path):
                os.remove(c.log_path)
    return [rec for c in chunks for rec in results[c.number]]


def summarize(
    records: Sequence[GameTally],
    preset: Preset,
    bots: Sequence[str],
    seconds: float,
    *,
    seed: int = 0,
    workers: int = 1,
    check: bool = False,
) -> dict[str, Any]:
    """The summary JSON of ``jantaku simulate`` from the games' records (in game order)."""
    games = len(records)
    seats = preset.players
    people = max((len(r.final_scores) for r in records), default=seats)
    hands = sum(r.hands for r in records)
    actions = sum(r.actions for r in records)
    violations = [v for r in records for v in r.violations]

    def rate(x: float, of: float) -> float:
        return round(x / of, 4) if of else 0.0

    def per(name: str, s: int) -> int:
        return sum(getattr(r, name)[s] for r in records if len(getattr(r, name)) > s)

    per_seat = []
    for s in range(people):
        scored = [r for r in records if len(r.final_scores) > s]
        per_seat.append(
            {
                "seat": s,
                "bot": bots[s] if s < len(bots) else None,
                "wins": per("wins", s),
                "win_rate": rate(per("wins", s), hands),
                "tsumo_wins": per("tsumo", s),
                "ron_wins": per("ron", s),
                "deal_ins": per("deal_ins", s),
                "deal_in_rate": rate(per("deal_ins", s), hands),
                "riichi_rate": rate(per("riichi", s), hands),
                "call_rate": rate(per("calls", s), hands),
                "bust_rate": rate(sum(r.final_scores[s] < 0 for r in scored), len(scored)),
                "avg_final_points": rate(sum(r.final_scores[s] for r in scored), len(scored)),
                "avg_final_chips": rate(sum(r.final_chips[s] for r in scored), len(scored)),
                "avg_rank": rate(sum(r.ranks[s] for r in scored), len(scored)),
                "first_place_rate": rate(sum(r.ranks[s] == 1 for r in scored), len(scored)),
                "avg_actions_per_hand": rate(per("seat_actions", s), hands),
                "fallbacks": per("fallbacks", s),
            }
        )
    finals = [x for r in records for x in r.final_scores]
    chips = [x for r in records for x in r.final_chips]
    overall = {
        "win_rate": rate(sum(r.hands_won for r in records), hands),
        "tsumo_rate": rate(sum(r.hands_tsumo for r in records), hands),
        "deal_in_rate": rate(sum(r.hands_ron for r in records), hands),
        "draw_rate": rate(sum(r.draws for r in records), hands),
        "riichi_rate": rate(sum(sum(r.riichi) for r in records), hands),
        "bust_rate": rate(sum(any(x < 0 for x in r.final_scores) for r in records), games),
        "avg_final_points": rate(sum(finals), len(finals)),
        "avg_final_chips": rate(sum(chips), len(chips)),
        "avg_hands_per_game": rate(hands, games),
        "avg_hand_length": rate(actions, hands),
        "avg_hand_events": rate(sum(r.events for r in records), hands),
    }
    return {
        "preset": preset.name,
        "players": seats,
        "bots": list(bots),
        "games": games,
        "seed": seed,
        "workers": workers,
        "hands": hands,
        "actions": actions,
        "events": sum(r.events for r in records),
        "unfinished_games": sum(not r.finished for r in records),
        "seconds": round(seconds, 3),
        "games_per_second": round(games / seconds, 3) if seconds > 0 else None,
        "checked": check,
        "invariant_violations": len(violations),
        "violations": violations[:MAX_EXAMPLES],
        "overall": overall,
        "per_seat": per_seat,
    }
