"""The real Tenhou records are the judge of the riichi and sanma scoring."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from jantaku.log.check import check_path

LOGS = Path(__file__).resolve().parents[1].parent / "shared" / "data" / "real-logs"
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
