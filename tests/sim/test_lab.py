"""The rule lab: its report's numbers against a direct count of games.jsonl, A/B of
identical rule sets (no difference) and of a planted one (found), resumed runs giving the
same report, local workers giving the same numbers as one process, the CLI's errors."""

from __future__ import annotations

import json
import sys
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from jantaku.cli import main, run_json
from jantaku.sim import SimulationError
from jantaku.sim.backends import BackendError
from jantaku.sim.lab import parse_vary, read_results, run_lab

GAMES = 12


@pytest.fixture(scope="module")
def planted(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, dict[str, Any]]:
    """gotou against gotou with a 50,000-point tsumo bonus on every payment."""
    out = tmp_path_factory.mktemp("lab") / "planted"
    report = run_lab("gotou", GAMES, out, seed=3, vary=["scoring.tsumo_bonus=50000"])
    return out, report


def rows_of(folder: Path) -> list[dict[str, Any]]:
    return [json.loads(line) for line in (folder / "games.jsonl").read_text().splitlines()]


def test_report_numbers_equal_a_direct_count_of_the_games(
    planted: tuple[Path, dict[str, Any]],
) -> None:
    folder, report = planted
    rows = rows_of(folder)
    assert len(rows) == 2 * GAMES
    assert json.loads((folder / "report.json").read_text()) == report
    for arm in report["arms"]:
        games = [r for r in rows if r["arm"] == arm["label"]]
        assert sorted(g["game"] for g in games) == list(range(GAMES))
        m = arm["metrics"]
        hands = sum(g["hands"] for g in games)
        assert arm["hands"] == hands
        assert m["win_rate"]["value"] == pytest.approx(
            sum(g["hands_won"] for g in games) / hands, abs=1e-6
        )
        assert m["draw_rate"]["value"] == pytest.approx(
            sum(g["draws"] for g in games) / hands, abs=1e-6
        )
        assert m["hands_per_game"]["value"] == pytest.approx(hands / GAMES, abs=1e-6)
        assert m["bust_rate"]["value"] == pytest.approx(
            sum(g["bust"] for g in games) / GAMES, abs=1e-6
        )
        wins = [x for g in games for x in g["win_points"]]
        assert m["win_value"]["value"] == pytest.approx(sum(wins) / len(wins), abs=1e-5)
        for pos in range(3):
            ranks = [g["ranks"][pos] for g in games]
            assert m[f"avg_rank_{pos}"]["value"] == pytest.approx(sum(ranks) / GAMES, abs=1e-6)
            assert m[f"top_rate_{pos}"]["value"] == pytest.approx(ranks.count(1) / GAMES, abs=1e-6)
            lo, hi = m[f"avg_rank_{pos}"]["ci95"]
            assert lo < m[f"avg_rank_{pos}"]["value"] < hi
        dist = arm["distributions"]
        assert dist["rank_by_position"][0] == [
            sum(g["ranks"][0] == r for g in games) for r in (1, 2, 3)
        ]
        yaku: Counter[str] = Counter()
        for g in games:
            yaku.update(g["yaku"])
        assert dist["yaku_per_win"]["riichi"] == pytest.approx(yaku["riichi"] / len(wins), abs=1e-6)
        # Every seat's points at the end add up to what the table started with (sticks aside).
        for g in games:
            assert len(g["points"]) == 3 and sum(g["ranks"]) == 6


def test_a_planted_difference_is_found(planted: tuple[Path, dict[str, Any]]) -> None:
    _, report = planted
    diffs = {d["metric"]: d for d in report["differences"]}
    # Payments that big send someone below zero (the game ends then) and part the scores.
    bust = diffs["bust_rate"]
    assert bust["significant"] and bust["diff"] > 0.2 and bust["ci95"][0] > 0
    assert bust["en"].startswith("The bust rate (someone below zero) rises by ")
    assert "箱下（マイナス）発生率が" in bust["ja"]
    spread = diffs["score_spread"]
    assert spread["significant"] and spread["ci95"][0] > 20000
    length = diffs["hands_per_game"]
    assert length["significant"] and length["ci95"][1] < 0
    assert "falls by" in length["en"]


def test_identical_rule_sets_show_no_difference(tmp_path: Path) -> None:
    # 1000 is gotou's own tsumo bonus: B is A, game for game.
    report = run_lab("gotou", 5, tmp_path, seed=5, vary=["scoring.tsumo_bonus=1000"])
    diffs = report["differences"]
    assert diffs and not any(d["significant"] for d in diffs)
    assert all(d["diff"] == 0 for d in diffs)
    assert any("No difference is significant" in w["en"] for w in report["warnings"])
    assert "有意な差はありません" in (tmp_path / "report.html").read_text()


def test_an_interrupted_run_resumes_and_gives_the_same_report(tmp_path: Path) -> None:
    vary = ["scoring.tsumo_bonus=0"]
    whole = run_lab("gotou", 8, tmp_path / "whole", seed=11, vary=vary)

    class Stop(Exception):
        pass

    def stop_after_some(done: int, total: int) -> None:
        if done >= 6:
            raise Stop

    part = tmp_path / "part"
    with pytest.raises(Stop):
        run_lab("gotou", 8, part, seed=11, vary=vary, on_progress=stop_after_some)
    played = len(rows_of(part))
    assert 6 <= played < 16
    # A line cut short by the interruption is dropped and played again.
    with open(part / "games.jsonl", "a") as f:
        f.write('{"arm": "A", "game": 7, "seed"')
    seen: list[int] = []
    again = run_lab(
        "gotou", 8, part, seed=11, vary=vary, on_progress=lambda done, total: seen.append(done)
    )
    assert seen[0] > played  # it went on from where it stopped
    assert again == whole
    assert (part / "report.html").read_bytes() == (tmp_path / "whole" / "report.html").read_bytes()
    assert len(read_results(part / "games.jsonl")) == 16
    # Run once more: nothing to play, the same report.
    assert run_lab("gotou", 8, part, seed=11, vary=vary, write_html=False) == whole


def test_workers_give_the_numbers_of_one_process(tmp_path: Path) -> None:
    one = run_lab("gotou", 8, tmp_path / "one", seed=2, write_html=False)
    two = run_lab("gotou", 8, tmp_path / "two", seed=2, workers=2, write_html=False)
    assert one == two
    assert len(one["arms"]) == 1 and "differences" not in one


def test_a_folder_holding_another_run_is_refused(tmp_path: Path) -> None:
    run_lab("gotou", 2, tmp_path, seed=1, write_html=False)
    before = (tmp_path / "games.jsonl").read_bytes()
    with pytest.raises(SimulationError, match="holds another run"):
        run_lab("gotou", 2, tmp_path, seed=2)
    assert (tmp_path / "games.jsonl").read_bytes() == before


def test_vary_is_read_as_toml_values() -> None:
    assert parse_vary(["scoring.tsumo_son=false", "scoring.fu=fixed30", "game.bust_chips=5"]) == {
        "scoring": {"tsumo_son": False, "fu": "fixed30"},
        "game": {"bust_chips": 5},
    }
    with pytest.raises(SimulationError, match="write section"):
        parse_vary(["tsumo_son"])


def test_cli_lab(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, report = run_json(
        [
            "lab",
            "--rules",
            "gotou",
            "--games",
            "3",
            "--seed",
            "4",
            "--out",
            str(tmp_path / "r"),
            "--vary",
            "scoring.tsumo_son=false",
            "--no-progress",
            "--json",
        ]
    )
    assert code == 0
    assert [a["games"] for a in report["arms"]] == [3, 3]
    assert report["arms"][1]["description"] == "gotou with scoring.tsumo_son=false"
    assert (tmp_path / "r" / "report.html").read_text().startswith("<!doctype html>")
    for argv, message in [
        (["--vary", "scoring.nonesuch=1"], "nonesuch"),
        (["--address", "127.0.0.1:6379"], "--backend ray"),
        (["--bots", "baseline,random"], "2 bots for a 3-player game"),
        (["--games", "0"], "at least 1"),
    ]:
        capsys.readouterr()
        code = main(
            ["lab", "--rules", "gotou", "--out", str(tmp_path / "bad"), "--no-progress", *argv]
        )
        assert code == 2
        assert message in json.loads(capsys.readouterr().out)["error"]
    assert not (tmp_path / "bad" / "games.jsonl").exists()


def test_ray_gives_the_numbers_of_local_workers(tmp_path: Path) -> None:
    pytest.importorskip("ray", reason="Ray is the optional extra: pip install 'jantaku[cluster]'")
    vary = ["scoring.tsumo_son=false"]
    local = run_lab("gotou", 6, tmp_path / "local", seed=7, vary=vary, workers=2, write_html=False)
    ray = run_lab(
        "gotou", 6, tmp_path / "ray", seed=7, vary=vary, workers=2, backend="ray", write_html=False
    )
    assert ray == local
    assert sorted(rows_of(tmp_path / "ray"), key=lambda r: (r["arm"], r["game"])) == sorted(
        rows_of(tmp_path / "local"), key=lambda r: (r["arm"], r["game"])
    )


def test_ray_missing_says_how_to_install_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setitem(sys.modules, "ray", None)  # as if the extra were not installed
    with pytest.raises(BackendError, match=r"pip install 'jantaku\[cluster\]'"):
        run_lab("gotou", 2, tmp_path / "r", backend="ray")
    assert not (tmp_path / "r").exists()
