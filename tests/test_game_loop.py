"""The game loop's shortcuts give the answers the long way gives."""

from __future__ import annotations

import random

import pytest

from jantaku.game import Game
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
            for p in state.players:
                if p.waits is None:
                    continue
                c = counts(p.hand)
                called = p.called_counts() if p.melds else None
                found = game.analyzer.waits(c, len(p.melds), game.wildcards, called).kinds
                expected = frozenset() if any(c[k] for k in game.air) else frozenset(found)
                assert p.waits == expected, f"{preset} seed {seed}, event {len(state.events)}"
                checked += 1
    assert checked > 500
