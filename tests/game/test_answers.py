"""Answers to a tile on offer are events (``pass``, ``declare``) and a riichi stick's cost is in
its ``reach_accepted``: the fold is the only writer of the table state, and no reader of the
log looks a rule up (docs/events.md)."""

from __future__ import annotations

import random

import pytest

from jantaku.game import Action, ActionType, Game, State
from jantaku.game.fold import FoldError
from jantaku.game.seat import SeatView
from jantaku.game.visibility import seen_by
from support.golden import recorded_games

_CALLS = (ActionType.RON, ActionType.PON, ActionType.CHI, ActionType.DAIMINKAN)


def _two_seats_asked(preset: str, seed: int) -> tuple[Game, State, Action, int]:
    """A random game played until two or more seats are offered a discard and one of them may
    call: returns the game, the state then, that seat's call and another seat still to
    answer."""
    game = Game(preset, seed)
    state = game.new_state()
    pick = random.Random(seed)
    while not state.game_over:
        seats = state.current_seats()
        if state.phase == "response" and len(seats) >= 2:
            for seat in seats:
                calls = [a for a in state.legal_actions(seat) if a.type in _CALLS]
                if calls:
                    other = next(s for s in seats if s != seat)
                    return game, state, calls[0], other
        seat = seats[0]
        legal = [a for a in state.legal_actions(seat) if a.type not in _CALLS]
        state.apply(legal[pick.randrange(len(legal))])
    raise AssertionError(f"{preset} seed {seed}: no two seats were ever asked at once")


@pytest.mark.parametrize(("preset", "seed"), [("riichi", 3), ("riichi", 4), ("kanto-boo", 5)])
def test_a_declaration_is_an_event_and_survives_a_restart(preset: str, seed: int) -> None:
    """A seat declares a call while another is still thinking; the table stops. Folded again
    from its log, the declaration is still held: the declarer is not asked again, the other
    seat is, and its answer resolves the same events as at the table that did not stop."""
    game, state, call, other = _two_seats_asked(preset, seed)
    events = state.apply(call)
    assert [e["type"] for e in events] == ["declare"]
    assert events[0]["call"] == call.type.value and events[0]["actor"] == call.seat
    assert seen_by(events[0], other) is None  # nobody else learns that it could call
    assert seen_by(events[0], call.seat) == events[0]

    resumed = game.replay(state.events)
    assert call.seat not in resumed.current_seats()
    assert other in resumed.current_seats()
    assert resumed.responses == state.responses

    for s in (state, resumed):
        while s.phase == "response" and s.current_seats():
            s.apply(Action(ActionType.PASS, s.current_seats()[0]))
    assert resumed.events == state.events
    made = [e for e in state.events[-8:] if e.get("actor") == call.seat and e["type"] != "declare"]
    assert made, "the declared call or win was made once the others had answered"


def test_a_declaration_the_seat_was_not_offered_breaks_the_log() -> None:
    game, state, call, other = _two_seats_asked("riichi", 3)
    forged = {
        "type": "declare",
        "actor": other,
        "call": "pon",
        "tile": 0 if call.tile != 0 else 1,
        "tiles": [2, 3],
        "pai": "1m",
    }
    with pytest.raises(FoldError, match=f"seat {other} was not offered"):
        game.replay([*state.events, forged])
    twice = {**state.apply(call)[0]}
    with pytest.raises(FoldError, match=f"seat {call.seat} has already answered"):
        game.replay([*state.events, twice])


def test_a_log_cut_after_the_last_answer_goes_on_with_its_resolution() -> None:
    """The last answer and what it causes are one step; a log that ends between them (a table
    stopped in between) resolves the answers when it is folded instead of waiting for nobody."""
    game, state, call, _ = _two_seats_asked("riichi", 3)
    state.apply(call)
    while state.phase == "response" and state.current_seats():
        before = len(state.events)
        state.apply(Action(ActionType.PASS, state.current_seats()[0]))
        last_answer = before
    cut = state.events[: last_answer + 1]
    resumed = game.replay(cut)
    assert resumed.events == state.events


def test_the_stick_cost_is_in_the_event() -> None:
    """In every recorded game ``reach_accepted`` says what the stick cost (the preset's
    riichi stick, a シュバリー's more) and the scores after it; a seat view folding the event,
    or a log written before it said so, takes that much off the declarer."""
    costs: dict[tuple[str, bool], int] = {}
    for row in recorded_games():
        game = Game(row["preset"], row["seed"], people=row["people"])
        preset = game.preset
        shuba = False
        for ev in row["events"]:
            if ev["type"] == "reach":
                shuba = bool(ev.get("shuba"))
            if ev["type"] == "reach_accepted":
                cost = preset.game.shuba_stick if shuba else preset.scoring.riichi_stick
                actor = ev["actor"]
                assert ev["deltas"] == [
                    -cost if s == actor else 0 for s in range(len(ev["deltas"]))
                ]
                costs[row["preset"], shuba] = cost
    assert costs[("riichi", False)] == 1000 and costs[("gotou", True)] == 5000, costs

    row = next(
        r
        for r in recorded_games()
        if r["preset"] == "gotou"
        and any(e["type"] == "reach" and e.get("shuba") for e in r["events"])
    )
    game = Game(row["preset"], row["seed"], people=row["people"])
    at = next(i for i, e in enumerate(row["events"]) if e["type"] == "reach" and e.get("shuba"))
    at = next(
        i for i in range(at, len(row["events"])) if row["events"][i]["type"] == "reach_accepted"
    )
    ev = row["events"][at]
    watcher = (ev["actor"] + 1) % game.people
    old = {k: v for k, v in ev.items() if k not in ("deltas", "scores")}
    seen = []
    for events in (row["events"][: at + 1], [*row["events"][:at], old]):
        view = SeatView(game, watcher)
        for e in events:
            shown = seen_by(e, watcher)
            if shown is not None:
                view.update(shown)
        seen.append(view.scores)
    assert seen[0] == seen[1] == tuple(ev["scores"])
