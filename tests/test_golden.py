"""Proof that a change to the engine's code changed no rule (issue 13).

``tests/golden/record.py`` recorded, before the engine was refactored, 220 seeded games (every
preset, random and baseline bots, four people rotating at the three-player presets) and the
scorer's answer for every win of the real Tenhou logs. Here each game is played again and each
win scored again: the events and the answers must be the same, byte for byte.
"""

from __future__ import annotations

import gzip
import io
import json
from functools import cache
from pathlib import Path
from typing import Any

import pytest

from jantaku.game import Game
from jantaku.sim.runner import play_game

HERE = Path(__file__).parent / "golden"
SHARED = Path(__file__).resolve().parents[1].parent / "shared"


@cache
def recorded_games() -> list[dict[str, Any]]:
    with gzip.open(HERE / "games.jsonl.gz", "rt", encoding="utf-8") as f:
        return [json.loads(line) for line in f]


def _dump(events: list[dict[str, Any]]) -> list[str]:
    return [json.dumps(ev, ensure_ascii=False) for ev in events]


@pytest.mark.parametrize("index", range(0, 220, 4), ids=lambda i: f"game{i}")
def test_recorded_games_play_the_same(index: int) -> None:
    """Four games per case (55 cases spread over the workers): the same events, in order."""
    for row in recorded_games()[index : index + 4]:
        buf = io.StringIO()
        rec = play_game(row["preset"], row["seed"], row["bots"], log=buf, people=row["people"])
        assert rec.finished
        events = []
        for line in buf.getvalue().splitlines():
            ev = json.loads(line)
            del ev["game"]
            events.append(ev)
        expected = _dump(row["events"])
        got = _dump(events)
        where = f"{row['preset']} seed {row['seed']} {row['bots']} people={row['people']}"
        for i, (a, b) in enumerate(zip(expected, got, strict=False)):
            assert a == b, f"{where}: event {i} differs"
        assert len(expected) == len(got), f"{where}: {len(got)} events, recorded {len(expected)}"


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
