"""The real Tenhou records are the judge of the riichi and sanma scoring."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from jantaku.log.check import check_path

LOGS = Path(__file__).resolve().parents[2].parent / "shared" / "data" / "real-logs"
if not LOGS.is_dir():
    pytest.skip(
        f"real game records not found at {LOGS} (../shared is absent)", allow_module_level=True
    )


@pytest.fixture(scope="module")
def report():  # type: ignore[no-untyped-def]
    return check_path(LOGS)


def test_every_usable_win_matches(report) -> None:  # type: ignore[no-untyped-def]
    assert report.errors == []
    assert report.mismatches == [], json.dumps(report.mismatches[:5], ensure_ascii=False)
    skipped_wins = [s for s in report.skipped if "round" in s]
    assert report.matched + len(skipped_wins) == report.wins
    # 1338 4p + 56 3p wins in Tenhou formats, plus excerpts and Mahjong Soul files.
    assert report.matched >= 1480


def test_skips_name_their_reason(report) -> None:  # type: ignore[no-untyped-def]
    reasons = {s["reason"] for s in report.skipped}
    assert all(r for r in reasons)
    cut = [s for s in report.skipped if "cut short" in s["reason"]]
    assert [Path(s["file"]).name for s in cut] == ["confusing_nakis_2.json"]
    # kobalab (majiang) paipu are read now, not skipped.
    assert not [s for s in report.skipped if "majiang" in s["reason"]]


def test_kobalab_paipu_wins_are_checked() -> None:
    report = check_path(LOGS / "MitsuhiroTaniguchi__MahjongLM")
    assert report.errors == [] and report.skipped == [] and report.mismatches == []
    # 3 paipu (8 + 3 + 6 wins) and the mjlog of the first one (8 wins).
    assert report.games == 4 and report.wins == report.matched == 25
    assert report.draws == report.draws_matched == 7


def test_draw_payments_match(report) -> None:  # type: ignore[no-untyped-def]
    assert report.draws >= 280
    assert report.draws_matched == report.draws


def test_cli_reports_a_mismatch_with_file_and_round(tmp_path: Path) -> None:
    src = next((LOGS / "tsubakisakura__mjlog2json").rglob("*.xml"))
    text = src.read_text(encoding="utf-8")
    # Change the first win's recorded fu so the record disagrees with the rules.
    i = text.index("<AGARI")
    j = text.index('ten="', i) + len('ten="')
    k = text.index(",", j)
    bad = text[:j] + str(int(text[j:k]) + 10) + text[k:]
    f = tmp_path / "tampered.xml"
    f.write_text(bad, encoding="utf-8")
    proc = subprocess.run(
        [sys.executable, "-m", "jantaku.cli", "tenhou-check", "--json", str(f)],
        capture_output=True,
        text=True,
        check=False,
    )
    out = json.loads(proc.stdout)
    assert proc.returncode == 1
    assert out["games"] == 1 and out["matched"] == out["wins"] - 1
    (m,) = out["mismatches"]
    assert m["file"] == str(f) and m["round"].startswith(("E", "S"))
    assert "fu" in m


def test_replay_plays_each_record_through_the_engine_and_folds_its_log_again() -> None:
    """``tenhou-check --replay``: a whole Tenhou game is played through the engine's legal
    actions to the record's results, and ``Game.replay`` of the engine's log (a table that
    resumes) reaches the same events and scores; a record the engine disagrees with is a
    replay mismatch, not a pass."""
    from dataclasses import replace

    from jantaku.log.check import CheckReport, replay_record
    from jantaku.log.tenhou import read_record

    path = LOGS / "Ledenel__auto-white-reimu" / "tests" / "2018110809gm-00b9-0000-00a79b89.xml"
    report = check_path(path, replay=True)
    assert report.errors == [] and report.mismatches == []
    assert report.replayed == report.refolded == 1 and report.replay_mismatches == []
    assert report.to_json()["replayed"] == 1
    assert "replayed" not in check_path(path).to_json()

    rec = read_record(path)
    second = rec.rounds[1]
    changed = replace(second, scores=(second.scores[0] + 1000, *second.scores[1:]))
    bad = CheckReport(replay=True)
    replay_record(path, replace(rec, rounds=[rec.rounds[0], changed, *rec.rounds[2:]]), bad)
    assert bad.replayed == 0 and "start scores" in bad.replay_mismatches[0]["error"]


def test_the_command_line_replays_on_request() -> None:
    path = LOGS / "Ledenel__auto-white-reimu" / "tests" / "2018110809gm-00b9-0000-00a79b89.xml"
    out = subprocess.run(
        [sys.executable, "-m", "jantaku.cli", "tenhou-check", "--replay", str(path)],
        capture_output=True,
        text=True,
        check=False,
    )
    assert out.returncode == 0, out.stdout + out.stderr
    said = (
        "engine replay: 1 games played to the record's results, 1 of them folded again the "
        "same by Game.replay; 0 mismatched"
    )
    assert said in out.stdout
