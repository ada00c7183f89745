"""Real outside mjai clients at a jantaku table.

The ``mjai`` package (mjai.app's simulator) pins an old ``mahjong``, so it lives in its own
virtualenv, made by these tests the first time (``.venv-mjai`` beside the project, or the folder
``JANTAKU_MJAI_VENV`` names; PyPI is needed once). It brings:

* its reference bots ``RulebaseBot`` and ``RiichiBot`` (mjai.bot), which play full ``riichi``
  games here as external programs (tests/mjai_client/run_bot.py);
* ``mjai.mlibriichi``, a compiled build of Mortal's libriichi, whose ``PlayerState`` takes an
  mjai stream event by event and refuses one that breaks its rules; every seat's stream of
  seeded games goes through it (tests/mjai_client/check_streams.py), and every action of the
  seat passes its ``validate_reaction`` first.

When the package cannot be installed or imported, the tests skip saying why.
"""

from __future__ import annotations

import fcntl
import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from jantaku.bots import Bot, SeatView, make_bot
from jantaku.bots.mjai import MjaiBot, MjaiStream
from jantaku.game import Game, State
from jantaku.log.export import to_mjai
from jantaku.sim.runner import bot_seed, play_game
from jantaku.tiles.notation import parse_tiles

ROOT = Path(__file__).resolve().parents[2]
CLIENT = Path(__file__).parents[1] / "mjai_client"
MJAI_VERSION = "0.2.1"


def _venv_python() -> Path:
    venv = Path(os.environ.get("JANTAKU_MJAI_VENV", ROOT / ".venv-mjai"))
    python = venv / "bin" / "python"
    probe = [str(python), "-c", "import mjai.mlibriichi.state, mjai.bot.rulebase"]
    venv.parent.mkdir(parents=True, exist_ok=True)
    with open(venv.parent / ".venv-mjai.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)  # two test workers: one makes it, the other waits
        if python.exists() and subprocess.run(probe, capture_output=True).returncode == 0:
            return python
        steps = [
            [sys.executable, "-m", "venv", "--clear", str(venv)],
            [str(python), "-m", "pip", "install", "--quiet", f"mjai=={MJAI_VERSION}"],
            probe,
        ]
        for step in steps:
            try:
                done = subprocess.run(step, capture_output=True, text=True, timeout=900)
            except (OSError, subprocess.TimeoutExpired) as e:
                pytest.skip(f"the mjai package is not available: {' '.join(step[:4])}: {e}")
            if done.returncode != 0:
                tail = (done.stderr or done.stdout).strip().splitlines()[-3:]
                pytest.skip(
                    f"the mjai package is not available: {' '.join(step[:4])} failed: "
                    + " | ".join(tail)
                )
    return python


@pytest.fixture(scope="module")
def mjai_python() -> Path:
    return _venv_python()


def _play(seed: int, all_random: bool = False) -> State:
    """A seeded riichi game between three baseline bots and a random one (its odd calls and
    kans go through the check too), the random seat moving from game to game; or between
    four random bots, whose open kans are many."""
    game = Game("riichi", seed)
    state = game.new_state()
    bots = [
        make_bot("random" if all_random or s == seed % 4 else "baseline", bot_seed(seed, s))
        for s in range(4)
    ]
    while not state.game_over:
        seat = state.current_seats()[0]
        state.apply(bots[seat].choose(SeatView.of(state, seat), seat, state.legal_actions(seat)))
    return state


def _seat_streams(seed: int, state: State) -> list[dict[str, Any]]:
    out = []
    for seat in range(4):
        stream = MjaiStream(state.game.tileset, seat, 4)
        events = [m for ev in state.view(seat) for m in stream.translate(ev)]
        out.append({"game": seed, "seat": seat, "events": events})
    return out


def _streams(seeds: range) -> list[dict[str, Any]]:
    return [s for seed in seeds for s in _seat_streams(seed, _play(seed))]


def _check(python: Path, streams: list[dict[str, Any]]) -> dict[str, Any]:
    data = "".join(json.dumps(s) + "\n" for s in streams)
    done = subprocess.run(
        [str(python), str(CLIENT / "check_streams.py")],
        input=data,
        capture_output=True,
        text=True,
        timeout=1200,
    )
    assert done.returncode == 0, done.stderr[-2000:]
    result: dict[str, Any] = json.loads(done.stdout)
    return result


def _accepted(python: Path, games: range) -> None:
    streams = _streams(games)
    result = _check(python, streams)
    assert result["problems"] == 0, result["examples"][:3]
    assert result["streams"] == 4 * len(games)
    assert result["events"] == sum(len(s["events"]) for s in streams)
    # Calls, riichi, wins and draws were among them (the check saw more than discards).
    kinds = {e["type"] for s in streams for e in s["events"]}
    assert {"chi", "pon", "daiminkan", "reach", "reach_accepted", "hora", "ryukyoku"} <= kinds
    assert result["actions"] > 400 * len(games)


def test_libriichi_accepts_every_seat_stream_of_20_riichi_games(mjai_python: Path) -> None:
    _accepted(mjai_python, range(1000, 1020))


@pytest.mark.slow
def test_libriichi_accepts_every_seat_stream_of_200_riichi_games(mjai_python: Path) -> None:
    _accepted(mjai_python, range(200))


@pytest.mark.slow
def test_libriichi_takes_the_kan_dora_of_40_games_of_random_bots_in_mortals_order(
    mjai_python: Path,
) -> None:
    """Four random bots kan whatever they may: every seat's stream and the export of 40
    games are accepted event by event, with calls of the discard that follows a daiminkan's
    or kakan's new indicator among them (a dora written after that discard made libriichi
    refuse such a call: its candidates are cleared by any event)."""
    streams = []
    for seed in range(40):
        state = _play(seed, all_random=True)
        streams += _seat_streams(seed, state)
        exported = to_mjai(state.events)
        streams += [{"game": seed, "seat": s, "events": exported} for s in range(4)]
    result = _check(mjai_python, streams)
    assert result["problems"] == 0, result["examples"][:3]
    assert result["streams"] == 8 * 40
    assert result["events"] == sum(len(s["events"]) for s in streams)
    open_kans = called_after_kan = 0
    for s in streams:
        evs = s["events"]
        for i, e in enumerate(evs[:-3]):
            if e["type"] in ("daiminkan", "kakan"):
                open_kans += 1
            if e["type"] == "dora" and evs[i - 1]["type"] == "tsumo":
                after = evs[i + 2]  # the dahai is at i + 1
                called_after_kan += after["type"] in ("chi", "pon", "daiminkan")
    assert open_kans > 8 * 40 and called_after_kan > 8 * 5


def test_libriichi_accepts_the_exported_mjai_logs(mjai_python: Path) -> None:
    """``jantaku export --format mjai`` (every hand shown) read by each seat's state."""
    streams: list[dict[str, Any]] = []
    for seed in range(2000, 2006):
        events = to_mjai(_play(seed).events)
        streams += [{"game": seed, "seat": s, "events": events} for s in range(4)]
    result = _check(mjai_python, streams)
    assert result["problems"] == 0, result["examples"][:3]
    assert result["events"] == sum(len(s["events"]) for s in streams)


def test_libriichi_refuses_a_broken_stream(mjai_python: Path) -> None:
    """The check can fail: a discard of a tile the seat does not hold, a call from the
    wrong seat and a hidden draw shown are refused."""
    (good,) = _streams(range(3, 4))[:1]
    events = good["events"]
    seat = good["seat"]
    i = next(
        i for i, e in enumerate(events) if e["type"] == "dahai" and e["actor"] == seat and i > 3
    )
    start = next(e for e in events if e["type"] == "start_kyoku")
    held = set(start["tehais"][seat]) | {events[i - 1]["pai"]}
    absent = next(
        t
        for t in ("1m", "9m", "1p", "9p", "1s", "9s", "E", "S", "W", "N", "P", "F", "C")
        if t not in held
    )
    broken = [dict(e) for e in events]
    broken[i]["pai"] = absent
    result = _check(mjai_python, [{"game": 3, "seat": seat, "events": broken}])
    assert result["problems"] >= 1
    assert f'"pai": "{absent}"' in result["examples"][0]


@pytest.mark.slow
def test_the_mjai_packages_bots_play_20_riichi_games_with_no_fallback(
    mjai_python: Path,
) -> None:
    """RulebaseBot and RiichiBot, two of each a table, seats rotating, play 20 full games:
    every answer legal (``check`` stops a game at an illegal action), none replaced but for
    the one known mistake of the package's bots: after ``reach`` they discard by tile
    efficiency, which may leave the hand short of tenpai (seen once, game 18). Riichi needs
    a tenpai discard, so that answer is refused; each such one is checked to be that."""
    script = CLIENT / "run_bot.py"
    kinds = ["rulebase", "riichi", "rulebase", "riichi"]
    analyzer = Game("riichi").analyzer
    refused = 0
    for g in range(20):
        seats = kinds[g % 4 :] + kinds[: g % 4]
        players: list[Bot] = [
            MjaiBot(f"{mjai_python} {script} {{seat}} {k}", bot_seed(1000 + g, s), timeout=20)
            for s, k in enumerate(seats)
        ]
        try:
            rec = play_game("riichi", 1000 + g, players=players, check=True)
        finally:
            for p in players:
                p.close()  # type: ignore[attr-defined]
        assert rec.finished and not rec.violations, rec.violations
        assert rec.hands >= 4 and sum(rec.seat_actions) > 100
        for p in players:
            for f in p.fallbacks:  # type: ignore[attr-defined]
                assert f.reason.startswith("after reach: discarding"), (g, f)
                answer = json.loads(f.answer)
                counts = [0] * 38
                for t in parse_tiles(f.hand):
                    counts[t >> 2] += 1
                counts[parse_tiles(_mpsz(answer["pai"]))[0] >> 2] -= 1
                assert analyzer.shanten(counts, 0) > 0, (g, f)  # not tenpai: refused rightly
                refused += 1
    assert refused <= 2


def _mpsz(pai: str) -> str:
    honors = "ESWNPFC"
    if pai[0] in honors:
        return f"{honors.index(pai[0]) + 1}z"
    return ("0" if pai.endswith("r") else pai[0]) + pai[1]
