"""Every real game with its draws and discards replays through the engine's own legal
actions, with identical results and final scores."""

from __future__ import annotations

from pathlib import Path

import pytest

from jantaku.log.replay import ReplayMismatch, replay
from jantaku.log.tenhou import GameRecord, iter_records

LOGS = Path(__file__).resolve().parents[2].parent / "shared" / "data" / "real-logs"
if not LOGS.is_dir():
    pytest.skip(
        f"real game records not found at {LOGS} (../shared is absent)", allow_module_level=True
    )


def records() -> list[tuple[Path, GameRecord]]:
    return [(p, r) for p, r in iter_records(LOGS) if not isinstance(r, Exception)]


RECORDS = records()


@pytest.mark.parametrize("fmt", ["mjlog", "tenhou6"])
def test_every_game_replays(fmt: str) -> None:
    games = [(p, r) for p, r in RECORDS if r.format == fmt]
    failures = []
    rounds = actions = 0
    problems: list[str] = []
    for _path, rec in games:
        try:
            report = replay(rec)
        except ReplayMismatch as e:
            failures.append(str(e))
            continue
        rounds += report.rounds
        actions += report.actions
        problems.extend(report.problems)
    assert failures == [], failures[:5]
    if fmt == "mjlog":
        assert len(games) == 157 and rounds >= 1600 and actions > 75_000
    else:
        assert len(games) == 36
        # Known record defects, reported rather than matched (see tenhou-check).
        assert len(problems) == 3, problems


def test_a_changed_record_is_caught() -> None:
    from dataclasses import replace

    _path, rec = next((p, r) for p, r in RECORDS if r.format == "mjlog" and len(r.rounds) > 2)
    second = rec.rounds[1]
    changed = replace(second, scores=(second.scores[0] + 1000, *second.scores[1:]))
    bad = replace(rec, rounds=[rec.rounds[0], changed, *rec.rounds[2:]])
    with pytest.raises(ReplayMismatch, match="start scores"):
        replay(bad)
