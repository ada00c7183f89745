"""The rule lab: what a rule change does, measured on many games.

``run_lab`` plays ``games`` games of one rule set, or of two (an A/B: a preset against a
TOML file, or one preset with knobs changed), on the same seeds: game ``i`` of each arm is
seeded ``seed + i`` with the same bots, so the two arms' games start from the same walls
and the difference between them is measured with less noise (paired).

Every game's numbers go to ``games.jsonl`` in the run's folder as soon as its chunk ends;
a run stopped and started again with the same arguments plays only the games missing
and gives the same report (the report has no timings in it). ``run.json`` holds what the
run is (rule sets, seeds, bots); a folder that holds another run is refused.

Chunks of games run here, in worker processes (``workers``) or as Ray tasks
(``backend="ray"``) through one chunking and one merge (:mod:`jantaku.sim.backends`).

>>> arms = make_arms("gotou", vary=["scoring.tsumo_bonus=0"])
>>> [a.label for a in arms], arms[1].preset.scoring.tsumo_bonus
(['A', 'B'], 0)
>>> parse_vary(["scoring.fu=counted", "game.start_points=30000"])
{'scoring': {'fu': 'counted'}, 'game': {'start_points': 30000}}
"""

from __future__ import annotations

import hashlib
import itertools
import json
import os
import tomllib
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Final

from jantaku.game import State
from jantaku.game.events import EndGame, Hora, StartKyoku
from jantaku.rules import load_preset
from jantaku.rules.loader import RulesError
from jantaku.rules.model import Preset
from jantaku.sim.backends import BACKENDS, chunk_size, pack, ray_module, run_chunks, unpack
from jantaku.sim.progress import progress_reporter
from jantaku.sim.runner import GameTally, SimulationError, parse_bots, play_game

FORMAT: Final = 1
"""The version of ``games.jsonl`` and ``report.json``; a run folder of another is refused."""


@dataclass(frozen=True)
class Arm:
    """One rule set of a run: ``A`` (the base) or ``B`` (the variant)."""

    label: str
    preset: Preset
    description: str


def parse_vary(items: Sequence[str]) -> dict[str, dict[str, Any]]:
    """``section.knob=value`` strings into preset overrides; a value is read as TOML
    (``0``, ``false``, ``"fixed30"``), and as a plain string when it is not TOML."""
    out: dict[str, dict[str, Any]] = {}
    for item in items:
        key, eq, text = item.partition("=")
        section, dot, knob = key.strip().partition(".")
        if not eq or not dot or not section or not knob:
            raise SimulationError(f"--vary {item!r}: write section.knob=value")
        try:
            value = tomllib.loads(f"v = {text.strip()}")["v"]
        except tomllib.TOMLDecodeError:
            value = text.strip()
        out.setdefault(section, {})[knob] = value
    return out


def make_arms(
    rules: str, vary: Sequence[str] = (), against: str | os.PathLike[str] | None = None
) -> list[Arm]:
    """The run's rule sets: ``rules`` alone, or ``rules`` against ``rules`` with ``vary``
    applied, or against the TOML file ``against`` (with ``vary`` applied to it, if any)."""
    try:
        base = load_preset(rules)
        arms = [Arm("A", base, rules)]
        if against is not None:
            changed = parse_vary(vary)
            other = load_preset(str(against), changed or None)
            desc = str(against) + "".join(f" {v}" for v in vary)
            arms.append(Arm("B", other, desc))
        elif vary:
            other = load_preset(rules, parse_vary(vary))
            arms.append(Arm("B", other, f"{rules} with " + ", ".join(vary)))
    except RulesError as e:
        raise SimulationError(str(e)) from None
    if len(arms) == 2 and arms[0].preset.players != arms[1].preset.players:
        raise SimulationError(
            f"{arms[0].description} is played by {arms[0].preset.players} and "
            f"{arms[1].description} by {arms[1].preset.players}: an A/B needs the same table"
        )
    return arms


# -- one game's numbers -------------------------------------------------------------------------


def game_numbers(arm: str, state: State, rec: GameTally) -> dict[str, Any]:
    """What the lab keeps of one game: plain JSON, seats in order from the first dealer
    (position 0 is the seat that dealt first), so every statistic is by starting seat."""
    led = state.ledger.state
    n = rec.seats
    first = led.first_dealer
    order = [(first + k) % n for k in range(n)]
    dealers: list[int] = []
    rounds = 0
    wind = None
    win_points: list[int] = []
    limits: Counter[str] = Counter()
    yaku: Counter[str] = Counter()
    chip_items: Counter[str] = Counter()
    settlement: list[float] | None = None
    for ev in state.events:
        kind = ev["type"]
        if kind == StartKyoku.TYPE:
            dealers.append(ev["oya"])
            if ev["bakaze"] != wind:
                wind = ev["bakaze"]
                rounds += 1
        elif kind == Hora.TYPE and "hora_points" in ev:
            win_points.append(int(ev["hora_points"]))
            limits[ev.get("limit") or "none"] += 1
            for y in ev.get("yakus", []):
                yaku[y["id"]] += 1
            for item in ev.get("chip_items", []):
                chip_items[item["item"]] += 1
        elif kind == EndGame.TYPE:
            settlement = ev.get("settlement")
    keeps = sum(a == b for a, b in itertools.pairwise(dealers))
    start_chips = state.game.preset.game.start_chips
    # gotou settles in chips held at the end: the lab shows what each seat won or lost.
    paid = start_chips if state.game.preset.settlement.style == "rank_chips" else 0
    return {
        "arm": arm,
        "game": rec.index,
        "seed": rec.seed,
        "finished": rec.finished,
        "violations": rec.violations,
        "people": n,
        "hands": rec.hands,
        "rounds": rounds,
        "hands_won": rec.hands_won,
        "hands_tsumo": rec.hands_tsumo,
        "hands_ron": rec.hands_ron,
        "draws": rec.draws,
        "dealer_keeps": keeps,
        "dealer_turns": max(0, len(dealers) - 1),
        "win_points": win_points,
        "limits": dict(sorted(limits.items())),
        "yaku": dict(sorted(yaku.items())),
        "chip_items": dict(sorted(chip_items.items())),
        "bust": any(x < 0 for x in rec.final_scores),
        "points": [rec.final_scores[s] for s in order],
        "chips": [rec.final_chips[s] - start_chips for s in order],
        "settlement": [settlement[s] - paid for s in order] if settlement else None,
        "ranks": [rec.ranks[s] for s in order],
        "wins": [rec.wins[s] for s in order],
        "tsumo": [rec.tsumo[s] for s in order],
        "deal_ins": [rec.deal_ins[s] for s in order],
        "riichi": [rec.riichi[s] for s in order],
        "calls": [rec.calls[s] for s in order],
    }


# -- chunks of games (a worker's or a Ray task's unit) ------------------------------------------


@dataclass(frozen=True)
class LabChunk:
    arm: str
    games: tuple[int, ...]
    preset: bytes
    """The arm's preset, packed once (:func:`jantaku.sim.backends.pack`)."""
    seed: int
    bots: tuple[str, ...]
    people: int | None = None


def run_lab_chunk(chunk: LabChunk) -> list[dict[str, Any]]:
    """Play a chunk's games and return their numbers (top level: picklable, spawn-safe)."""
    out: list[dict[str, Any]] = []

    def keep(state: State, rec: GameTally) -> None:
        out.append(game_numbers(chunk.arm, state, rec))

    preset = unpack(chunk.preset, Preset)
    for i in chunk.games:
        play_game(preset, chunk.seed + i, chunk.bots, index=i, people=chunk.people, on_end=keep)
    return out


def plan_chunks(
    arms: Sequence[Arm],
    todo: dict[str, list[int]],
    seed: int,
    bots: tuple[str, ...],
    people: int | None,
    workers: int,
) -> list[LabChunk]:
    """The games still to play, in chunks, the arms interleaved (A's chunk, then B's on the
    same seeds) so that a run stopped early has played pairs."""
    total = sum(len(v) for v in todo.values())
    size = chunk_size(total, workers)
    packed = {a.label: pack(a.preset) for a in arms}
    per_arm = {
        a.label: [
            LabChunk(
                a.label, tuple(todo[a.label][k : k + size]), packed[a.label], seed, bots, people
            )
            for k in range(0, len(todo[a.label]), size)
        ]
        for a in arms
    }
    longest = max((len(v) for v in per_arm.values()), default=0)
    return [c for k in range(longest) for a in arms for c in per_arm[a.label][k : k + 1]]


# -- a run ---------------------------------------------------------------------------------------


def run_identity(
    arms: Sequence[Arm], games: int, seed: int, bots: Sequence[str], people: int | None
) -> dict[str, Any]:
    """What makes two runs the same run (not how many workers played it)."""
    rules = [
        {"label": a.label, "description": a.description, "preset": a.preset.model_dump(mode="json")}
        for a in arms
    ]
    digest = hashlib.sha256(
        json.dumps(rules, sort_keys=True, ensure_ascii=False).encode()
    ).hexdigest()
    return {
        "format": FORMAT,
        "arms": [
            {"label": a.label, "description": a.description, "preset": a.preset.name} for a in arms
        ],
        "rules_sha256": digest,
        "games": games,
        "seed": seed,
        "bots": list(bots),
        "people": people,
    }


def read_results(path: Path) -> list[dict[str, Any]]:
    """The games recorded in ``path`` so far; a last line cut short by an interruption is
    dropped from the file (it is played again), and a repeated game counts once."""
    if not path.exists():
        return []
    raw = path.read_bytes()
    rows: list[dict[str, Any]] = []
    seen: set[tuple[str, int]] = set()
    good = 0
    for line in raw.splitlines(keepends=True):
        if not line.endswith(b"\n"):
            break
        try:
            row = json.loads(line)
        except json.JSONDecodeError:
            break
        good += len(line)
        key = (row["arm"], row["game"])
        if key not in seen:
            seen.add(key)
            rows.append(row)
    if good != len(raw):
        with open(path, "r+b") as f:
            f.truncate(good)
    return rows


def run_lab(
    rules: str,
    games: int,
    out: str | os.PathLike[str],
    *,
    seed: int = 0,
    vary: Sequence[str] = (),
    against: str | os.PathLike[str] | None = None,
    bots: str | Sequence[str] = "baseline",
    people: int | None = None,
    workers: int = 1,
    backend: str = "local",
    address: str | None = None,
    progress: bool = False,
    on_progress: Callable[[int, int], None] | None = None,
    write_html: bool = True,
) -> dict[str, Any]:
    """Play (or finish) a lab run in the folder ``out`` and write its report there
    (``report.json``, ``report.html``); returns the report's numbers.

    ``on_progress(done, total)`` is called after each chunk (the web page's progress)."""
    from jantaku.sim.report import write_report
    from jantaku.sim.stats import lab_report

    if isinstance(games, bool) or not isinstance(games, int) or games < 1:
        raise SimulationError(f"games must be a whole number of at least 1, not {games!r}")
    if isinstance(workers, bool) or not isinstance(workers, int) or workers < 1:
        raise SimulationError(f"workers must be a whole number of at least 1, not {workers!r}")
    if backend not in BACKENDS:
        raise SimulationError(f"unknown backend {backend!r}; choose from {', '.join(BACKENDS)}")
    if address and backend != "ray":
        raise SimulationError("--address joins a Ray cluster: use it with --backend ray")
    if backend == "ray":
        ray_module()  # before anything is written: say at once how to install it
    arms = make_arms(rules, vary, against)
    p = arms[0].preset
    if people is not None and people != p.players and (p.players, people) != (3, 4):
        raise SimulationError(
            f"{p.name} is played by {p.players} (or 4 rotating at a three-player table), "
            f"not {people}"
        )
    kinds = tuple(parse_bots(bots, people or p.players))
    ident = run_identity(arms, games, seed, kinds, people)

    folder = Path(out)
    if folder.exists() and not folder.is_dir():
        raise SimulationError(f"--out {folder} is a file, not a folder")
    folder.mkdir(parents=True, exist_ok=True)
    run_file, results_file = folder / "run.json", folder / "games.jsonl"
    if run_file.exists():
        try:
            before = json.loads(run_file.read_text("utf-8"))
        except json.JSONDecodeError:
            before = None
        if before != ident:
            raise SimulationError(
                f"{folder} holds another run (other rules, games, seed or bots): "
                "give another --out folder, or remove that one"
            )
    else:
        if results_file.exists():
            raise SimulationError(f"{folder} has games.jsonl but no run.json: remove it first")
        run_file.write_text(json.dumps(ident, ensure_ascii=False, indent=1) + "\n", "utf-8")

    rows = read_results(results_file)
    have = {(r["arm"], r["game"]) for r in rows}
    todo = {a.label: [i for i in range(games) if (a.label, i) not in have] for a in arms}
    total = games * len(arms)
    done = total - sum(len(v) for v in todo.values())
    chunks = plan_chunks(arms, todo, seed, kinds, people, workers)

    report = progress_reporter(total, done=done) if progress and chunks else None
    with open(results_file, "a", encoding="utf-8") as sink:

        def keep(part: list[dict[str, Any]]) -> None:
            nonlocal done
            sink.writelines(
                json.dumps(r, ensure_ascii=False, separators=(",", ":")) + "\n" for r in part
            )
            sink.flush()
            rows.extend(part)
            done += len(part)
            if report:
                report(done)
            if on_progress:
                on_progress(done, total)

        try:
            run_chunks(
                run_lab_chunk,
                chunks,
                backend=backend,
                workers=workers,
                address=address,
                on_result=keep,
            )
        finally:
            if report:
                report(done, final=True)

    numbers = lab_report(ident, arms, rows)
    (folder / "report.json").write_text(
        json.dumps(numbers, ensure_ascii=False, indent=1) + "\n", "utf-8"
    )
    if write_html:
        write_report(numbers, folder / "report.html")
    return numbers
