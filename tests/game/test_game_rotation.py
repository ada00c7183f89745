"""Four people rotating at a three-player preset (抜け番): the person just before the dealer
sits out each hand, holds no tiles, never acts, pays and receives points only as the preset
says, and still takes part in the chip items marked "all"."""

from __future__ import annotations

import io
import json
import random
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from jantaku.game import Game, IllegalActionError, State
from jantaku.server.app import create_app
from jantaku.sim import SimulationError, play_game, simulate
from jantaku.tiles.kinds import SPRING
from jantaku.tiles.tileset import tile_kind


def random_game(preset: str, seed: int, limit: int = 60_000) -> State:
    state = Game(preset, seed, people=4).new_state()
    rng = random.Random(seed)
    for _ in range(limit):
        if state.game_over:
            break
        seat = state.current_seats()[0]
        legal = state.legal_actions(seat)
        state.apply(legal[rng.randrange(len(legal))])
    assert state.game_over
    return state


def logged_game(preset: str, seed: int, bots: str = "baseline") -> list[dict[str, Any]]:
    buf = io.StringIO()
    rec = play_game(preset, seed, bots, log=buf, people=4)
    assert rec.finished and not rec.violations
    return [json.loads(line) for line in buf.getvalue().splitlines()]


def hands(events: list[dict[str, Any]]) -> list[list[dict[str, Any]]]:
    """The events of each hand, from its start_kyoku to its end_kyoku."""
    out: list[list[dict[str, Any]]] = []
    for ev in events:
        if ev["type"] == "start_kyoku":
            out.append([])
        if out:
            out[-1].append(ev)
    return out


def test_only_four_people_at_a_three_player_preset() -> None:
    assert Game("gotou", people=4).people == 4
    assert Game("gotou").people == 3
    with pytest.raises(ValueError, match="riichi is played by 4"):
        Game("riichi", people=3)
    with pytest.raises(ValueError, match="not 5"):
        Game("sanma", people=5)
    with pytest.raises(SimulationError, match="riichi is played by 4"):
        simulate("riichi", 1, people=3)


@pytest.mark.parametrize("preset", ["gotou", "tokushima"])
def test_the_person_before_the_dealer_sits_out_holding_nothing(preset: str) -> None:
    events = logged_game(preset, 3)
    assert events[0]["people"] == 4 and events[0]["players"] == 3
    seen_out = set()
    for hand in hands(events):
        start = hand[0]
        out = start["sitting_out"]
        assert out == (start["oya"] - 1) % 4
        seen_out.add(out)
        assert start["wall"]["hands"][out] == []
        assert all(len(start["wall"]["hands"][q]) == 13 for q in range(4) if q != out)
        acting = {ev["actor"] for ev in hand if "actor" in ev}
        assert out not in acting, f"the sitting-out person {out} acted"
        for ev in hand:
            if ev["type"] in ("hora", "ryukyoku") and preset == "tokushima":
                # tokushima: the sitting-out person pays and receives nothing.
                assert ev["deltas"][out] == 0
    assert len(seen_out) > 1, "the seat sitting out never moved"


def test_sitting_out_person_gets_the_draw_chips_in_gotou() -> None:
    """gotou: the sitting-out person receives 2 from everyone when no spring appeared,
    and 2 more at a draw (2 + 2 from each of three people)."""
    state = random_game("gotou", 1)
    checked = 0
    for hand in hands(state.events):
        out = hand[0]["sitting_out"]
        springs = [
            ev for ev in hand if ev["type"] == "nukidora" and tile_kind(ev["tile"]) == SPRING
        ]
        draw = next((ev for ev in hand if ev["type"] == "ryukyoku"), None)
        if draw is None or springs or draw["reason"] != "exhaustive":
            continue
        assert draw["chip_deltas"][out] == 12
        assert sum(draw["chip_deltas"]) == 0
        checked += 1
    assert checked


@pytest.mark.parametrize("preset", ["gotou", "tokushima", "sanma"])
def test_rotating_games_keep_every_invariant(preset: str) -> None:
    for seed in range(2):
        rec = play_game(preset, seed, "random", check=True, people=4)
        assert rec.finished and not rec.violations, rec.violations
        assert len(rec.final_scores) == 4
        rec = play_game(preset, seed, "baseline", check=True, people=4)
        assert rec.finished and not rec.violations, rec.violations


def test_same_seed_same_log_and_replay_rebuilds_it() -> None:
    a = random_game("gotou", 7)
    b = random_game("gotou", 7)
    assert json.dumps(a.events) == json.dumps(b.events)
    assert a.events[-1]["type"] == "end_game" and a.events[-1]["chips"] == a.ledger.state.chips
    assert len(a.events[-1]["chips"]) == 4
    again = Game("gotou", 7, people=4).replay(a.events)
    assert again.ledger.state.scores == a.ledger.state.scores
    assert again.ledger.state.chips == a.ledger.state.chips
    assert [p.hand for p in again.players] == [p.hand for p in a.players]


def test_sitting_out_person_may_not_act() -> None:
    state = Game("gotou", 2, people=4).new_state()
    out = state.events[1]["sitting_out"]
    assert not state.legal_actions(out)
    dealer = state.current_seats()[0]
    tile = state.players[dealer].hand[0]
    from jantaku.game import Action, ActionType

    before = json.dumps(state.events)
    with pytest.raises(IllegalActionError):
        state.apply(Action(ActionType.DISCARD, out, tile))
    assert json.dumps(state.events) == before


def test_simulate_four_people_summarises_four_persons() -> None:
    out = simulate("tokushima", 2, seed=0, bots="baseline", people=4, check=True)
    assert out["invariant_violations"] == 0
    assert len(out["per_seat"]) == 4


def test_server_seats_four_people_at_a_three_player_table(tmp_path: Path) -> None:
    client = TestClient(create_app(str(tmp_path / "t.sqlite3")))
    seats = ["human", "bot:baseline", "bot:baseline", "bot:random"]
    r = client.post("/api/tables", json={"preset": "gotou", "seats": seats, "seed": 4})
    assert r.status_code == 200, r.text
    r = client.post("/api/tables", json={"preset": "riichi", "seats": seats[:3], "seed": 4})
    assert r.status_code == 400 and "riichi is played by 4 seats" in r.text
    r = client.post("/api/tables", json={"preset": "gotou", "seats": seats * 2, "seed": 4})
    assert r.status_code in (400, 422)
    assert "or 4 people rotating" in r.text or r.status_code == 422


def test_cli_simulate_seats_four_people() -> None:
    from jantaku.cli import run_json

    code, out = run_json(
        ["simulate", "--rules", "tokushima", "--players", "4", "--games", "1", "--check", "--json"]
    )
    assert code == 0 and out["invariant_violations"] == 0 and len(out["per_seat"]) == 4
    code, out = run_json(["simulate", "--rules", "riichi", "--players", "3", "--json"])
    assert code == 2 and "riichi is played by 4" in out["error"]
