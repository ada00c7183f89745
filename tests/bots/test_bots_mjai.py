"""External bots over the mjai protocol: the stream a seat is shown, answers turned into
actions, and bad answers (malformed, illegal, late, a program that exits) replaced by the
baseline's choice while the game goes on.

The program here is tests/mjai_client/fake_bot.py (plain Python: it discards what it draws
and passes every call); the real outside clients (the ``mjai`` package's bots and Mortal's
libriichi) are in test_mjai_clients.py.
"""

from __future__ import annotations

import io
import json
import sys
from pathlib import Path

import pytest

from jantaku.bots import Bot, SeatView, make_bot
from jantaku.bots.mjai import AnswerError, MjaiBot, MjaiStream, action_from_mjai, mjai_tile
from jantaku.bots.spec import parse_bots
from jantaku.cli import run_json
from jantaku.game import ActionType, Game, State
from jantaku.log.export import to_mjai
from jantaku.sim.runner import GameTally, bot_seed, play_game

FAKE = Path(__file__).parents[1] / "mjai_client" / "fake_bot.py"


def fake(mode: str, spy: Path | None = None) -> str:
    cmd = f"{sys.executable} {FAKE} {{seat}} {mode}"
    return cmd + (f" {spy}" if spy else "")


def game_with(
    bot: MjaiBot, seed: int = 5, seat: int = 0, log: io.StringIO | None = None
) -> tuple[GameTally, MjaiBot]:
    players: list[Bot] = [make_bot("baseline", bot_seed(seed, s)) for s in range(4)]
    players[seat] = bot
    rec = play_game("riichi", seed, players=players, check=True, log=log)
    bot.close()
    return rec, bot


def test_a_bot_that_follows_the_rules_plays_a_whole_game_with_no_fallback(
    tmp_path: Path,
) -> None:
    spy = tmp_path / "seen.jsonl"
    buf = io.StringIO()
    rec, bot = game_with(MjaiBot(fake("tsumogiri", spy), 1, timeout=10), seat=2, log=buf)
    assert rec.finished and not rec.violations
    assert bot.fallbacks == [] and bot.decisions > 50
    requests = [json.loads(line) for line in spy.read_text().splitlines()]
    events = [e for r in requests for e in r]
    # The first request is start_game alone, with the seat; the last ends the game.
    assert requests[0] == [{"type": "start_game", "names": ["0", "1", "2", "3"], "id": 2}]
    assert events[-1]["type"] == "end_game"
    # What the seat may see: its own hand and draws, every other one hidden.
    starts = [e for e in events if e["type"] == "start_kyoku"]
    assert starts and all(
        len(e["tehais"][2]) == 13
        and "?" not in e["tehais"][2]
        and all(e["tehais"][p] == ["?"] * 13 for p in (0, 1, 3))
        for e in starts
    )
    draws = [e for e in events if e["type"] == "tsumo"]
    assert all((e["pai"] == "?") == (e["actor"] != 2) for e in draws)
    assert not any(e["type"] in ("pass", "kakan_done") for e in events)
    assert not any("tile" in e or "wall" in e for e in events)
    # Every event of the game reached the program once, in order.
    logged = [json.loads(x) for x in buf.getvalue().splitlines()]
    for e in logged:
        e.pop("game")
    game = Game("riichi", 5)
    stream = MjaiStream(game.tileset, 2, 4)
    view = game.replay(logged).view(2)
    assert events == [m for ev in view for m in stream.translate(ev)]


def test_bad_answers_are_logged_and_replaced_by_the_baseline(
    caplog: pytest.LogCaptureFixture,
) -> None:
    rec, bot = game_with(MjaiBot(fake("bad"), 1, timeout=10))
    assert rec.finished and not rec.violations
    reasons = [f.reason for f in bot.fallbacks]
    assert len(reasons) == 3
    assert reasons[0].startswith("not JSON")
    assert "9z" in reasons[1] and "not legal" in reasons[1]
    assert "pon" in reasons[2] and "not legal" in reasons[2]
    assert bot.fallbacks[0].answer == "this is not json"
    assert all(f.played != "-" for f in bot.fallbacks)
    assert sum("the baseline plays" in r.message for r in caplog.records) == 3


def test_a_late_answer_is_replaced_and_thrown_away_when_it_comes() -> None:
    rec, bot = game_with(MjaiBot(fake("slow"), 1, timeout=3))
    assert rec.finished and not rec.violations
    # It sleeps 4 s: one late answer; the next request, sent at 3 s, is answered in time
    # by its own answer (were the late one taken for it, the answers would be one behind
    # from there on and turn illegal).
    assert [f.reason for f in bot.fallbacks] == ["no answer within 3 s"]


def test_a_program_that_exits_leaves_its_seat_to_the_baseline(
    caplog: pytest.LogCaptureFixture,
) -> None:
    rec, bot = game_with(MjaiBot(fake("exit"), 1, timeout=10))
    assert rec.finished and not rec.violations
    assert bot.fallbacks and all("exited (code 3)" in f.reason for f in bot.fallbacks)
    assert bot.decisions == 3 + len(bot.fallbacks) - 1
    assert sum("exited" in r.message for r in caplog.records if r.levelname == "WARNING") == 1


def test_a_command_that_cannot_start_plays_as_the_baseline() -> None:
    rec, bot = game_with(MjaiBot("/nonexistent/mjai-bot {seat}", 1, timeout=5))
    assert rec.finished and not rec.violations
    assert bot.fallbacks and "exited (code 127)" in bot.fallbacks[0].reason


def test_answers_become_the_legal_actions_they_name() -> None:
    state = Game("riichi", 3).new_state()
    seat = state.current_seats()[0]
    legal = state.legal_actions(seat)
    ts = state.game.tileset
    tile = state.players[seat].hand[0]
    a = action_from_mjai({"type": "dahai", "pai": mjai_tile(tile, ts)}, seat, legal, ts)
    assert a.type is ActionType.DISCARD and a.tile is not None and a.tile >> 2 == tile >> 2
    held = {t >> 2 for t in state.players[seat].hand}
    missing = next(k for k in range(34) if k not in held)
    for bad, why in (
        ({"type": "dahai", "pai": mjai_tile(missing * 4 + 1, ts)}, "not legal"),
        ({"type": "dahai"}, "needs 'pai'"),
        ({"type": "hora"}, "hora is not legal"),
        ({"type": "none"}, "passing"),
        ({"type": "dance"}, "unknown action type"),
        ({"type": "dahai", "actor": seat + 1, "pai": "1m"}, "not this seat"),
    ):
        with pytest.raises(AnswerError, match=why):
            action_from_mjai(bad, seat, legal, ts)


def test_the_bots_spec_is_shared_and_keeps_commas_of_a_command() -> None:
    assert parse_bots("mjai:bot --x=1,2,baseline,random,baseline", 4) == [
        "mjai:bot --x=1,2",
        "baseline",
        "random",
        "baseline",
    ]
    with pytest.raises(ValueError, match="needs a command"):
        parse_bots("mjai:", 4)
    with pytest.raises(ValueError, match="mjai:COMMAND"):
        parse_bots("clever", 4)


def test_simulate_seats_an_mjai_bot_from_the_command_line() -> None:
    code, out = run_json(
        [
            "simulate",
            "--games",
            "1",
            "--seed",
            "9",
            "--check",
            "--no-progress",
            "--json",
            "--bots",
            f"mjai:{fake('bad')},baseline,baseline,baseline",
        ]
    )
    assert code == 0 and out["invariant_violations"] == 0
    assert [s["fallbacks"] for s in out["per_seat"]] == [3, 0, 0, 0]
    assert out["per_seat"][0]["bot"].startswith("mjai:")


def _random_game(seed: int) -> State:
    """Four random bots: they call and kan whatever they may, so kans come often."""
    state = Game("riichi", seed).new_state()
    bots = [make_bot("random", bot_seed(seed, s)) for s in range(4)]
    while not state.game_over:
        seat = state.current_seats()[0]
        state.apply(bots[seat].choose(SeatView.of(state, seat), seat, state.legal_actions(seat)))
    return state


def _after_kans(events: list[dict[str, object]]) -> dict[str, list[list[object]]]:
    """For each kan kind, the event types from the kan up to the next discard, draw or win."""
    out: dict[str, list[list[object]]] = {"daiminkan": [], "kakan": [], "ankan": []}
    for i, e in enumerate(events):
        if e["type"] in out:
            seq = []
            for later in events[i + 1 :]:
                seq.append(later["type"])
                if later["type"] in ("dahai", "hora", "ryukyoku"):
                    break
            out[str(e["type"])].append(seq)
    return out


def test_a_kan_dora_comes_in_mortals_order_in_every_mjai_stream() -> None:
    """After a daiminkan or kakan, Mortal's libriichi takes the new indicator between the
    replacement draw and the discard (a dora after the discard makes it refuse a call of
    that discard); after an ankan, before the replacement draw. The same in the export
    (every hand shown) and in each seat's stream."""
    seen = {"daiminkan": 0, "kakan": 0, "ankan": 0}
    for seed in range(20):
        if all(n >= 5 for n in seen.values()):
            break  # each kind of kan seen in the five streams of a game
        state = _random_game(seed)
        streams = [to_mjai(state.events)]
        for seat in range(4):
            stream = MjaiStream(state.game.tileset, seat, 4)
            streams.append([m for ev in state.view(seat) for m in stream.translate(ev)])
        for events in streams:
            for kind, seqs in _after_kans(events).items():
                for seq in seqs:
                    if seq[-1] != "dahai" or {"daiminkan", "kakan", "ankan"} & set(seq):
                        continue  # a win on the kan or its draw, or a second kan
                    seen[kind] += 1
                    if kind == "ankan":
                        assert seq[:2] == ["dora", "tsumo"], (seed, seq)
                    else:
                        assert seq in (
                            ["tsumo", "dora", "dahai"],
                            ["tsumo", "reach", "dora", "dahai"],
                        ), (seed, kind, seq)
    assert all(n >= 5 for n in seen.values()), seen
