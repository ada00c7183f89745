"""One event vocabulary (issue 40, item 4): each event class names its type once (``TYPE``),
and the readers, the list of names, the visibility filter and the seat view's fold take it
from there. The seat view folds the log's JSON lines, not the typed events, so these tests
check that its fold has a case for every class: a new event class fails here until the seat
view handles it."""

from __future__ import annotations

import gzip
import json
from functools import cache
from pathlib import Path
from typing import Any, get_args

import pytest

from jantaku.game import Game
from jantaku.game.events import EVENT_CLASSES, EVENT_TYPES, Event, event_from_json
from jantaku.game.seat import SeatView
from jantaku.game.visibility import view_of

GOLDEN = Path(__file__).parents[1] / "golden" / "games.jsonl.gz"


@cache
def _golden() -> list[dict[str, Any]]:
    with gzip.open(GOLDEN, "rt", encoding="utf-8") as f:
        return [json.loads(line) for line in f]


def test_every_class_of_the_union_is_listed_once_with_its_own_type() -> None:
    assert set(get_args(Event)) == set(EVENT_CLASSES)
    assert len(EVENT_CLASSES) == len(get_args(Event))
    names = [c.TYPE for c in EVENT_CLASSES]
    assert len(set(names)) == len(names), f"two classes share a type: {sorted(names)}"
    assert frozenset(names) == EVENT_TYPES


@pytest.mark.parametrize("cls", EVENT_CLASSES, ids=lambda c: c.TYPE)
def test_each_type_is_read_back_by_its_own_class(cls: type[Event]) -> None:
    line = next(ev for row in _golden() for ev in row["events"] if ev["type"] == cls.TYPE)
    ev = event_from_json(line)
    assert type(ev) is cls
    assert ev.to_json()["type"] == cls.TYPE


@pytest.mark.parametrize("cls", EVENT_CLASSES, ids=lambda c: c.TYPE)
def test_the_seat_views_fold_has_a_case_for_every_event_class(cls: type[Event]) -> None:
    """A line with nothing but the type reaches the fold's case for it (which may then miss
    a field: a ``KeyError``), never its ``unknown event type`` refusal."""
    view = SeatView(Game("riichi", 0), 0)
    try:
        view.update({"type": cls.TYPE})
        view.scores  # noqa: B018 - reading the view folds the event
    except ValueError as e:
        assert "unknown event type" not in str(e), f"SeatView does not fold {cls.TYPE}: {e}"
    except (KeyError, IndexError, TypeError):
        pass


def test_every_seat_folds_recorded_games_holding_every_type_to_their_end() -> None:
    """The fewest recorded games (in file order) holding every event type between them:
    each seat's view, fed its events one by one and read after each, ends at the game's own
    final points and chips."""
    missing = set(EVENT_TYPES)
    rows = []
    for row in _golden():
        kinds = {ev["type"] for ev in row["events"]}
        if kinds & missing:
            rows.append(row)
            missing -= kinds
    assert not missing, f"no recorded game has a {sorted(missing)} event: record one"
    for row in rows:
        game = Game(row["preset"], row["seed"], people=row["people"])
        end = row["events"][-1]
        for seat in range(game.people):
            view = SeatView(game, seat)
            for ev in view_of(row["events"], seat):
                view.update(ev)
                view.scores  # noqa: B018 - fold now, so an error names this event
            assert list(view.scores) == end["scores"]
            assert list(view.chips) == end["chips"]
