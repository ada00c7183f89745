"""``jantaku export``: finished games as tenhou.net/6 JSON and mjai logs.

riichi and sanma games must come back exactly: jantaku's own Tenhou reader reads the file,
the engine replays it on the walls it holds to the same plays, wins, point changes and final
scores, and ``tenhou-check`` scores every win as the file says.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from jantaku.cli import main, run_json
from jantaku.game import Game
from jantaku.log.check import check_path
from jantaku.log.export import ExportError, export_log, games_of, to_mjai, to_tenhou6
from jantaku.log.replay import replay
from jantaku.log.tenhou import read_tenhou6
from jantaku.sim.runner import simulate


def _log(tmp_path: Path, preset: str, games: int, seed: int, bots: str) -> Path:
    path = tmp_path / f"{preset}.jsonl"
    simulate(preset, games, seed=seed, bots=bots, out=path)
    return path


def _plays(events: list[dict[str, Any]]) -> list[tuple[Any, ...]]:
    """What happened, tile by tile: every event but the answers to a tile on offer (a
    record holds the calls and wins, not who else declared one that lost to them), with MPSZ
    names (the reader's tile ids are its own)."""
    skip = {"pass", "declare", "start_game", "end_game"}
    return [
        (e["type"], e.get("actor"), e.get("target"), e.get("pai"), e.get("deltas"))
        for e in events
        if e["type"] not in skip
    ]


@pytest.mark.parametrize(
    ("preset", "bots", "seed"),
    [
        ("riichi", "baseline", 40),
        ("riichi", "baseline,random,baseline,random", 7),  # calls, kans, odd discards
        ("sanma", "baseline", 40),
        ("sanma", "random,baseline,baseline", 7),
    ],
)
def test_riichi_and_sanma_come_back_exactly(
    tmp_path: Path, preset: str, bots: str, seed: int
) -> None:
    log = _log(tmp_path, preset, 3, seed, bots)
    code, out = run_json(
        ["export", "--format", "tenhou6", "--out", str(tmp_path / "t6"), str(log), "--json"]
    )
    assert code == 0 and len(out["files"]) == 3
    originals = games_of(log.read_text().splitlines())
    wins = 0
    for path, events in zip(out["files"], originals, strict=True):
        rec = read_tenhou6(path)
        assert rec.players == (4 if preset == "riichi" else 3)
        assert len(rec.rounds) == sum(e["type"] == "start_kyoku" for e in events)
        report = replay(rec)  # raises at the first hand, win or score that differs
        assert report.problems == [] and report.rounds == len(rec.rounds)
        assert rec.owari is not None
        assert list(rec.owari.points[: rec.players]) == events[-1]["scores"]
        # The engine replaying the file plays the same game, tile by tile.
        assert _plays(report.state.events) == _plays(events)
        wins += sum(e["type"] == "hora" for e in events)
    report = check_path(tmp_path / "t6")
    assert report.wins == wins and report.matched == wins
    assert report.mismatches == []


def test_house_presets_export_what_the_format_holds(tmp_path: Path) -> None:
    for preset in ("gotou", "mighty", "kanto-boo", "tokushima"):
        log = _log(tmp_path, preset, 1, 3, "baseline")
        (events,) = games_of(log.read_text().splitlines())
        doc = to_tenhou6(events)
        assert len(doc["log"]) == sum(e["type"] == "start_kyoku" for e in events)
        final = doc["sc"][0::2]
        assert final[: len(events[-1]["scores"])] == events[-1]["scores"]
        for rnd in doc["log"]:
            assert len(rnd) == 17 and rnd[16] and isinstance(rnd[16][0], str)
            # Every tile is a tenhou.net/6 code: flowers are dropped, gold fives are plain.
            for seat in range(4):
                assert all(isinstance(c, int) and 11 <= c <= 53 for c in rnd[4 + 3 * seat])
        mjai = to_mjai(events)
        assert mjai[0]["type"] == "start_game" and mjai[0]["preset"] == preset
        assert mjai[-1]["type"] == "end_game"


def test_four_people_rotating_export_as_mjai_only(tmp_path: Path) -> None:
    path = tmp_path / "four.jsonl"
    simulate("sanma", 1, seed=2, out=path, people=4)
    (events,) = games_of(path.read_text().splitlines())
    with pytest.raises(ExportError, match="three seats"):
        to_tenhou6(events)
    mjai = to_mjai(events)
    starts = [m for m in mjai if m["type"] == "start_kyoku"]
    assert all(len(s["tehais"]) == 4 and s["tehais"][s["sitting_out"]] == [] for s in starts)


def test_mjai_export_shows_every_hand_and_draw(tmp_path: Path) -> None:
    log = _log(tmp_path, "riichi", 2, 5, "baseline")
    files = export_log(log, "mjai", tmp_path / "mjai")
    assert [f.name for f in files] == ["game-0000.mjai.jsonl", "game-0001.mjai.jsonl"]
    lines = [json.loads(x) for x in files[0].read_text().splitlines()]
    assert lines[0] == {"type": "start_game", "names": ["0", "1", "2", "3"]}
    starts = [e for e in lines if e["type"] == "start_kyoku"]
    assert all(all(len(h) == 13 and "?" not in h for h in s["tehais"]) for s in starts)
    assert all(e["pai"] != "?" for e in lines if e["type"] == "tsumo")


def test_bad_logs_are_refused_by_name(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    bad = tmp_path / "bad.jsonl"
    bad.write_text('{"type": "start_game", "preset": "riichi"}\nnot json\n')
    assert main(["export", "--format", "mjai", "--out", str(tmp_path / "o"), str(bad)]) == 2
    assert "line 2 is not JSON" in capsys.readouterr().out
    # A game cut short (a table still being played) is skipped; none finished: refused.
    log = _log(tmp_path, "riichi", 1, 1, "baseline")
    lines = log.read_text().splitlines()
    cut = tmp_path / "cut.jsonl"
    cut.write_text("\n".join(lines[:200]) + "\n")
    with pytest.raises(ExportError, match="no finished game"):
        export_log(cut, "tenhou6", tmp_path / "o")
    # A seat's view (no walls) cannot be exported: the hands are not in it.
    (events,) = games_of(lines)
    view = Game("riichi", 1).replay(events).view(0)
    with pytest.raises(ExportError, match="seat's view"):
        to_tenhou6(view)
    with pytest.raises(ExportError, match="unknown format"):
        export_log(log, "mjlog", tmp_path / "o")
