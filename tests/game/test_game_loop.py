"""The game loop's shortcuts give the answers the long way gives."""

from __future__ import annotations

import dataclasses
import random

import pytest

from jantaku.game import ActionType, Game, State, legal
from jantaku.game.player import counts


@pytest.mark.parametrize("preset", ["riichi", "sanma", "tokushima", "kanto-boo", "mighty"])
def test_every_cached_wait_is_what_the_analyzer_finds(preset: str) -> None:
    """The waits the engine keeps for each hand (among them those it knows without looking:
    a discard from a hand two or more from a win leaves none) are, after every action, the
    analyzer's waits of that hand."""
    rng = random.Random(11)
    checked = 0
    for seed in range(2):
        state = Game(preset, seed).new_state()
        game = state.game
        while not state.game_over and len(state.events) < 1500:
            seat = state.current_seats()[0]
            state.apply(rng.choice(list(state.legal_actions(seat))))
            for p, cache in zip(state.players, state.caches.seats, strict=True):
                if cache.waits is None:
                    continue
                c = counts(p.hand)
                called = p.called_counts() if p.melds else None
                found = game.analyzer.waits(c, len(p.melds), game.wildcards, called).kinds
                expected = frozenset() if any(c[k] for k in game.air) else frozenset(found)
                assert cache.waits == expected, f"{preset} seed {seed}, event {len(state.events)}"
                checked += 1
    assert checked > 500


def _fields(obj: object, skip: frozenset[str] = frozenset()) -> dict[str, str]:
    """An object's public data fields, as text (read by name: a compiled class has no
    ``__dict__``)."""
    values = {n: getattr(obj, n) for n in dir(obj) if not n.startswith("_") and n not in skip}
    return {n: repr(v) for n, v in values.items() if not callable(v)}


def _fingerprint(state: State) -> dict[str, str]:
    """Every field of the table state (its caches, log and fixed parts aside), as text."""
    out = _fields(state, frozenset({"caches", "game", "events", "chance", "ledger"}))
    out["players"] = repr([dataclasses.astuple(p) for p in state.players])
    out["ledger"] = repr(_fields(state.ledger.state))
    return out


@pytest.mark.parametrize("preset", ["riichi", "gotou", "mighty"])
def test_legality_queries_change_no_state(preset: str) -> None:
    """Only the fold writes the state: asking every seat's legal actions (and each one's
    discard choices, waits and furiten) leaves every field as it was."""
    rng = random.Random(5)
    state = Game(preset, 3).new_state()
    asked = 0
    while not state.game_over and len(state.events) < 600:
        before = _fingerprint(state)
        for seat in range(state.people):
            list(state.legal_actions(seat))
            legal.hand_waits(state, seat)
            legal.furiten(state, seat)
        assert _fingerprint(state) == before, f"event {len(state.events)}"
        asked += 1
        seat = state.current_seats()[0]
        state.apply(rng.choice(list(state.legal_actions(seat))))
    assert asked > 100


def test_a_log_replayed_mid_response_keeps_the_passes() -> None:
    """A state rebuilt from its log while a discard is on offer knows who has passed (a
    server restarted then asks only the others)."""
    rng = random.Random(2)
    state = Game("riichi", 7).new_state()
    checked = 0
    while not state.game_over and checked < 5:
        seat = state.current_seats()[0]
        legal_now = list(state.legal_actions(seat))
        passes = [a for a in legal_now if a.type is ActionType.PASS]
        state.apply(passes[0] if passes else rng.choice(legal_now))
        if state.phase == "response" and state.responses:
            again = Game("riichi", 7).replay(state.events)
            assert again.current_seats() == state.current_seats()
            assert again.responses == state.responses
            checked += 1
    assert checked == 5
