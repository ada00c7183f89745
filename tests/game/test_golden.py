"""Proof that a change to the engine's code changed no rule (issue 13).

``tests/golden/record.py`` recorded, before the engine was refactored, 220 seeded games (every
preset, random and baseline bots, four people rotating at the three-player presets) and the
scorer's answer for every win of the real Tenhou logs. Here each game is played again from its
recorded walls, dice and decisions (a seed deals other walls since each hand's chance comes
from the seed and the hand's index) and each win scored again: the events and the answers must
be the same, byte for byte.

When the log's vocabulary grows, the games are recorded again by playing them from the old
file, and :func:`test_the_games_changed_only_by_the_fields_the_vocabulary_added` proves that
taking the additions out gives back the file recorded before, byte for byte: the answers to a
tile on offer as events (``declare``) and the riichi stick's ``deltas``/``scores`` on
``reach_accepted`` (docs/events.md).
"""

from __future__ import annotations

import gzip
import hashlib
import io
import json
from pathlib import Path
from typing import Any, Final

import pytest

from jantaku.game import Action, ActionType, Game
from jantaku.game.chance import RecordedChance
from jantaku.sim.runner import play_game
from support.golden import recorded_games

HERE = Path(__file__).parents[1] / "golden"
SHARED = Path(__file__).resolve().parents[2].parent / "shared"


def _dump(events: list[dict[str, Any]]) -> list[str]:
    return [json.dumps(ev, ensure_ascii=False) for ev in events]


_RIICHI = {
    (False, False): ActionType.RIICHI,
    (True, False): ActionType.OPEN_RIICHI,
    (False, True): ActionType.SHUBA_RIICHI,
    (True, True): ActionType.OPEN_SHUBA_RIICHI,
}


def _turn_decision(events: list[dict[str, Any]], at: int, seat: int) -> Action:
    """The action of the seat whose turn it is, read from the events it caused (from ``at``,
    past the kan dora turned before a discard)."""
    while events[at]["type"] == "dora":
        at += 1
    ev = events[at]
    kind = ev["type"]
    assert ev.get("actor") == seat, f"event {at}: {ev} is not seat {seat}'s turn"
    if kind == "hora":
        return Action(ActionType.TSUMO, seat, ev["tile"])
    if kind == "ryukyoku":
        return Action(ActionType.NINE_TERMINALS, seat)
    if kind == "ankan":
        return Action(ActionType.ANKAN, seat, None, tuple(ev["tiles"]))
    if kind == "kakan":
        return Action(ActionType.KAKAN, seat, ev["tile"])
    if kind == "nukidora":
        return Action(ActionType.KITA, seat, ev["tile"])
    if kind == "reach":
        rtype = _RIICHI[bool(ev.get("open")), bool(ev.get("shuba"))]
        discard = next(e for e in events[at + 1 :] if e["type"] == "dahai")
        return Action(rtype, seat, discard["tile"])
    assert kind == "dahai", f"event {at}: {ev} is no decision"
    return Action(ActionType.DISCARD, seat, ev["tile"])


def _answer(ev: dict[str, Any]) -> Action:
    """A seat's answer to the tile on offer, as its ``pass`` or ``declare`` event holds it."""
    if ev["type"] == "pass":
        return Action(ActionType.PASS, ev["actor"])
    return Action(ActionType(ev["call"]), ev["actor"], ev["tile"], tuple(ev["tiles"]))


def play_recorded(row: dict[str, Any]) -> list[dict[str, Any]]:
    """Play a recorded game again from its recorded walls and dice
    (:class:`~jantaku.game.chance.RecordedChance`) and the decisions its events show; returns
    the events the engine emits."""
    events = row["events"]
    game = Game(row["preset"], row["seed"], people=row["people"])
    state = game.new_state(chance=RecordedChance(row["seed"], events))
    while not state.game_over and len(state.events) < len(events):
        at = len(state.events)
        seats = state.current_seats()
        assert seats, f"event {at}: nobody to act"
        if state.phase == "turn":
            state.apply(_turn_decision(events, at, seats[0]))
            continue
        ev = events[at]
        assert ev["type"] in ("pass", "declare") and ev["actor"] in seats, (
            f"event {at}: {ev} where seats {seats} answer the tile on offer"
        )
        state.apply(_answer(ev))
    return state.events


@pytest.mark.parametrize("index", range(0, 220, 4), ids=lambda i: f"game{i}")
def test_recorded_games_play_the_same(index: int) -> None:
    """Four games per case (55 cases spread over the workers): each played again from its
    recorded walls, dice and decisions gives the same events, in order, byte for byte."""
    for row in recorded_games()[index : index + 4]:
        expected = _dump(row["events"])
        got = _dump(play_recorded(row))
        where = f"{row['preset']} seed {row['seed']} {row['bots']} people={row['people']}"
        for i, (a, b) in enumerate(zip(expected, got, strict=False)):
            assert a == b, f"{where}: event {i} differs"
        assert len(expected) == len(got), f"{where}: {len(got)} events, recorded {len(expected)}"


BEFORE_DECLARE_AND_STICK: Final = "020adc36b40289e8bb8d715360fdac270df80eabb26a63642035eb89ced26d74"
"""SHA-256 of every event line of the games as recorded before ``declare`` events and the
stick's fields on ``reach_accepted`` (one JSON line each, games in order)."""


def test_the_games_changed_only_by_the_fields_the_vocabulary_added() -> None:
    """Without its ``declare`` lines and the stick's ``deltas``/``scores``, the golden file is
    the one recorded before they existed: every other event is the same, in order."""
    digest = hashlib.sha256()
    declared = 0
    for row in recorded_games():
        for ev in row["events"]:
            if ev["type"] == "declare":
                declared += 1
                continue
            if ev["type"] == "reach_accepted":
                ev = {k: v for k, v in ev.items() if k not in ("deltas", "scores")}
            digest.update(json.dumps(ev, ensure_ascii=False).encode() + b"\n")
    assert declared > 0
    assert digest.hexdigest() == BEFORE_DECLARE_AND_STICK


def test_a_seed_plays_a_whole_game_of_every_preset() -> None:
    """The seed's own chance (each hand's from the seed and its index) still plays games to
    their end, and the same seed gives the same log."""
    for preset in ("riichi", "sanma", "gotou", "tokushima", "mighty", "kanto-boo"):
        logs = []
        for _ in range(2):
            buf = io.StringIO()
            rec = play_game(preset, 5, "baseline", log=buf)
            assert rec.finished
            logs.append(buf.getvalue())
        assert logs[0] == logs[1]


def test_recorded_logs_fold_to_their_end() -> None:
    """Folding a recorded log (a server resuming a table) leads to the same final scores the
    game ended with, for every recorded game."""
    for row in recorded_games():
        events = row["events"]
        state = Game(row["preset"], row["seed"], people=row["people"]).replay(events)
        assert state.game_over
        end = events[-1]
        assert end["type"] == "end_game"
        assert list(state.ledger.state.scores) == end["scores"], row["seed"]


def test_real_log_wins_score_the_same() -> None:
    if not (SHARED / "data" / "real-logs").is_dir():
        pytest.skip("../shared/data/real-logs is not beside this checkout")
    import sys

    sys.path.insert(0, str(HERE))
    try:
        from record import real_log_scores  # type: ignore[import-not-found]
    finally:
        sys.path.pop(0)
    with gzip.open(HERE / "real-log-scores.jsonl.gz", "rt", encoding="utf-8") as f:
        expected = [line.rstrip("\n") for line in f]
    got = [json.dumps(r, ensure_ascii=False, sort_keys=True) for r in real_log_scores(SHARED)]
    assert len(got) == len(expected)
    for a, b in zip(expected, got, strict=True):
        assert a == b
