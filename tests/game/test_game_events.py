"""Typed events (issue 13 item 1): every event of docs/events.md has its class, reads back from
the JSON it writes, and the fold keeps what it computes out of the event it was given."""

from __future__ import annotations

import copy
import gzip
import json
import random
import re
from functools import cache
from pathlib import Path
from typing import Any

import pytest

from jantaku.game import Game
from jantaku.game.events import EVENT_TYPES, EventError, event_from_json
from jantaku.game.fold import FoldError
from jantaku.game.outcomes import ChipsPaid, DrawPaid, StickPaid, WinPaid

ROOT = Path(__file__).resolve().parents[2]
DERIVED = {
    "tsumo": set(ChipsPaid.__dataclass_fields__),
    "nukidora": set(ChipsPaid.__dataclass_fields__),
    "hora": set(WinPaid.__dataclass_fields__),
    "ryukyoku": set(DrawPaid.__dataclass_fields__),
    "reach_accepted": set(StickPaid.__dataclass_fields__),
}
"""The fields the fold computes, by event type (*derived* in docs/events.md)."""


@cache
def golden() -> list[dict[str, Any]]:
    with gzip.open(ROOT / "tests" / "golden" / "games.jsonl.gz", "rt", encoding="utf-8") as f:
        return [json.loads(line) for line in f]


def _one_game_per_preset() -> list[dict[str, Any]]:
    seen: dict[tuple[str, Any], dict[str, Any]] = {}
    for row in golden():
        seen.setdefault((row["preset"], row["people"]), row)
    return list(seen.values())


def _input(ev: dict[str, Any]) -> dict[str, Any]:
    derived = DERIVED.get(ev["type"], set())
    return {k: v for k, v in ev.items() if k not in derived}


def test_every_event_of_the_docs_has_a_class() -> None:
    text = (ROOT / "docs" / "events.md").read_text(encoding="utf-8")
    documented = set()
    for line in text.splitlines():
        m = re.match(r"\| ((?:`\w+`(?:, )?)+) \|", line)
        if m:
            documented |= set(re.findall(r"`(\w+)`", m.group(1)))
    assert documented == EVENT_TYPES


def test_every_recorded_event_reads_back_to_its_own_json() -> None:
    """Every line of the 220 recorded games: the typed event writes the line's own fields,
    in the same order, byte for byte (the fold's results aside)."""
    kinds = set()
    for row in golden():
        for ev in row["events"]:
            kinds.add(ev["type"])
            # The same fields in the same order: the same JSON.
            assert list(event_from_json(ev).to_json().items()) == list(_input(ev).items())
    # The recorded games hold most kinds of event (not every abortive draw or 無).
    assert len(kinds) >= 17


def test_the_fold_writes_its_results_beside_the_event_not_into_it() -> None:
    """A log stripped of what the fold computes replays to the full log; the lines given to
    the replay are left as they were."""
    for row in _one_game_per_preset():
        bare = [_input(ev) for ev in row["events"]]
        given = copy.deepcopy(bare)
        state = Game(row["preset"], row["seed"], people=row["people"]).replay(given)
        assert given == bare
        got = [json.dumps(ev, ensure_ascii=False) for ev in state.events]
        assert got == [json.dumps(ev, ensure_ascii=False) for ev in row["events"]]


def test_a_bad_event_names_itself() -> None:
    row = golden()[0]
    events = copy.deepcopy(row["events"])
    at = next(i for i, ev in enumerate(events) if ev["type"] == "dahai")
    held = {t for h in events[1]["wall"]["hands"] for t in h}
    events[at]["tile"] = next(t for t in range(136) if t not in held and t != events[at]["tile"])
    game = Game(row["preset"], row["seed"], people=row["people"])
    with pytest.raises(FoldError, match=r"cannot fold \{'type': 'dahai'.*'tile': "):
        game.replay(events[: at + 1])
    with pytest.raises(EventError, match="unknown event type"):
        game.replay([{"type": "shout", "actor": 0}])
    with pytest.raises(EventError, match="malformed dahai"):
        game.replay([{"type": "dahai", "actor": 0}])


def test_a_log_recorded_before_chance_per_hand_resumes_and_plays_on() -> None:
    """A table saved before each hand drew its own chance (the recorded games) resumes from
    its log mid-hand and plays on to the end (the hand it resumed in keeps its recorded wall,
    the next ones are dealt from the seed and their index), and its whole log folds again."""
    for row in _one_game_per_preset():
        events = row["events"]
        starts = [i for i, ev in enumerate(events) if ev["type"] == "start_kyoku"]
        cut = starts[1] + 12 if len(starts) > 1 else starts[0] + 12
        game = Game(row["preset"], row["seed"], people=row["people"])
        state = game.replay(events[:cut])
        wall = events[starts[1] if len(starts) > 1 else starts[0]]["wall"]
        assert state.wall.ura == wall["ura"]
        pick = random.Random(row["seed"])
        for _ in range(20_000):
            if state.game_over:
                break
            seat = state.current_seats()[0]
            legal = list(state.legal_actions(seat))
            state.apply(legal[pick.randrange(len(legal))])
        assert state.game_over, row["preset"]
        assert state.events[-1]["type"] == "end_game"
        again = game.replay(state.events)
        assert again.events == state.events
