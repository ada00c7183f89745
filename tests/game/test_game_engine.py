"""The game engine: random-legal games with invariants checked after every event,
determinism, the event log as the truth, hidden information, illegal actions."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from jantaku.game import Action, ActionType, Game, IllegalActionError, State
from support.invariants import check_invariants


def play(game: Game, rng: random.Random, check: bool = True, max_steps: int = 50000) -> State:
    state = game.new_state()
    total = sum(state.ledger.state.scores)
    steps = 0
    while not state.game_over:
        seat = state.current_seats()[0]
        actions = list(state.legal_actions(seat))
        assert actions, f"seat {seat} must act but has no legal action"
        state.apply(rng.choice(actions))
        if check:
            check_invariants(state, total)
        steps += 1
        assert steps < max_steps
    return state


@pytest.mark.parametrize("preset", ["riichi", "sanma"])
@pytest.mark.parametrize("seed", range(4))
def test_random_games_end_with_invariants(preset: str, seed: int) -> None:
    state = play(Game(preset, seed), random.Random(seed))
    assert state.events[-1]["type"] == "end_game"
    assert state.events[-1]["settlement"] is not None


def test_same_seed_and_decisions_give_the_same_log() -> None:
    a = play(Game("riichi", 7), random.Random(3), check=False)
    b = play(Game("riichi", 7), random.Random(3), check=False)
    assert json.dumps(a.events) == json.dumps(b.events)
    c = play(Game("riichi", 8), random.Random(3), check=False)
    assert json.dumps(a.events) != json.dumps(c.events)


def test_the_log_rebuilds_the_state() -> None:
    game = Game("riichi", 11)
    state = game.new_state()
    rng = random.Random(5)
    for _ in range(300):
        seat = state.current_seats()[0]
        state.apply(rng.choice(list(state.legal_actions(seat))))
    again = game.replay(state.events)
    assert [p.hand for p in again.players] == [p.hand for p in state.players]
    assert [p.river for p in again.players] == [p.river for p in state.players]
    assert again.ledger.state.scores == state.ledger.state.scores
    assert (again.phase, again.turn, again.draws) == (state.phase, state.turn, state.draws)


def test_views_hide_other_hands_and_the_wall() -> None:
    state = play(Game("riichi", 2), random.Random(2), check=False)
    for seat in range(4):
        for ev in state.view(seat):
            assert "wall" not in ev
            if ev["type"] == "tsumo" and ev["actor"] != seat:
                assert ev["pai"] == "?" and "tile" not in ev
            if ev["type"] == "start_kyoku":
                assert len(ev["tehai"]) == 13


def test_illegal_actions_raise_and_change_nothing() -> None:
    state = Game("riichi", 1).new_state()
    dealer = state.turn
    before = json.dumps(state.events)
    other = (dealer + 1) % 4
    tile = state.players[other].hand[0]
    with pytest.raises(IllegalActionError, match="not this seat's turn"):
        state.apply(Action(ActionType.DISCARD, other, tile))
    not_held = next(
        t
        for t in state.game.tileset.tiles
        if all(t // 4 != h // 4 for h in state.players[dealer].hand)
    )
    with pytest.raises(IllegalActionError, match="legal"):
        state.apply(Action(ActionType.DISCARD, dealer, not_held))
    with pytest.raises(IllegalActionError):
        state.apply(Action(ActionType.TSUMO, dealer, state.players[dealer].drawn))
    assert json.dumps(state.events) == before


def test_legal_actions_is_a_lazy_view_with_in() -> None:
    state = Game("riichi", 1).new_state()
    seat = state.turn
    legal = state.legal_actions(seat)
    assert len(legal) == len(list(legal)) > 0
    first = legal[0]
    assert first in legal
    assert Action(ActionType.PASS, seat) not in legal
    assert list(state.legal_actions((seat + 1) % 4)) == []


def test_stacked_wall_tsumo_on_the_first_draw_is_tenhou() -> None:
    from jantaku.game import Wall
    from jantaku.tiles import parse_tiles, tileset

    ts = tileset("riichi")
    dealer = list(parse_tiles("123456789m11222p", ts))
    win = dealer.pop()  # the dealer is dealt 13 and draws the 14th
    used = set(dealer) | {win}
    rest = [t for t in ts.tiles if t not in used]
    hands = [dealer] + [rest[13 * i : 13 * (i + 1)] for i in range(3)]
    rest = rest[39:]
    wall = Wall(hands, [win, *rest[:69]], rest[69:73], rest[73:78], rest[78:83])
    state = Game("riichi", 0).new_state([wall])
    assert Action(ActionType.TSUMO, 0, win) in state.legal_actions(0)
    state.apply(Action(ActionType.TSUMO, 0, win))
    hora = next(e for e in state.events if e["type"] == "hora")
    assert hora["actor"] == 0
    assert state.ledger.state.scores[0] == 25000 + 48000


def test_legal_actions_build_plain_discards_on_demand() -> None:
    """A turn's plain discards are a lazy part of the view: indexing, iteration, ``in`` and
    ``find`` answer as for a list, any copy of a face counts, and other seats' or unknown
    tiles are refused."""
    state = Game("riichi", 5).new_state()
    seat = state.current_seats()[0]
    legal = state.legal_actions(seat)
    items = list(legal)
    assert len(items) == len(legal) and items == [legal[i] for i in range(len(legal))]
    assert legal[-1] == items[-1] and legal[-1] is legal[len(legal) - 1]
    with pytest.raises(IndexError):
        legal[len(legal)]
    discards = [a for a in items if a.type is ActionType.DISCARD]
    hand = state.players[seat].hand
    assert {a.tile for a in discards} <= set(hand)
    for a in discards:
        assert a in legal and legal.find(a) is a
        # Another copy of the same face makes the same choice.
        twin = next((t for t in hand if t != a.tile and t >> 2 == a.tile >> 2), None)
        if twin is not None and state.game.tileset.faces[twin] == state.game.tileset.faces[a.tile]:
            assert Action(ActionType.DISCARD, seat, twin) in legal
    absent = next(t for t in state.game.tileset.tiles if t >> 2 not in {x >> 2 for x in hand})
    assert Action(ActionType.DISCARD, seat, absent) not in legal
    assert Action(ActionType.DISCARD, (seat + 1) % 4, discards[0].tile) not in legal
    assert Action(ActionType.DISCARD, seat, 10_000) not in legal


def _seeded_choice(state: State, seat: int, legal: Any) -> Action:
    """A decision fixed by the game and the log's length (as the server's bots decide)."""
    rng = random.Random(f"{state.game.seed}:{len(state.events)}")
    return legal[rng.randrange(len(legal))]  # type: ignore[no-any-return]


@pytest.mark.parametrize(
    ("preset", "people"),
    [("riichi", 4), ("sanma", 3), ("gotou", 3), ("gotou", 4), ("tokushima", 3), ("mighty", 3)],
)
def test_a_game_resumed_from_its_log_goes_on_as_it_would_have(preset: str, people: int) -> None:
    """Replaying a log mid-game (a server restart) leaves the game's generator where the
    shuffles and dice left it: the following walls, dice and 割れ目 are the same."""
    game = Game(preset, 11, people=people)
    full = game.new_state()
    cuts = []
    while not full.game_over:
        seat = full.current_seats()[0]
        full.apply(_seeded_choice(full, seat, full.legal_actions(seat)))
        cuts.append(len(full.events))
    assert sum(1 for e in full.events if e["type"] == "start_kyoku") > 1
    for k in (cuts[len(cuts) // 3], cuts[2 * len(cuts) // 3]):
        resumed = game.replay(full.events[:k])
        while not resumed.game_over:
            seat = resumed.current_seats()[0]
            resumed.apply(_seeded_choice(resumed, seat, resumed.legal_actions(seat)))
        assert json.dumps(resumed.events) == json.dumps(full.events)
