"""benchmarks/bench_ceiling.py measures the real standard bot (its ``plain`` mode ranks as
bench_bots.py does on the same deals) and its told modes really change how it plays (the
threat model is swapped in the pure build; were the swap silently lost, every mode would
rank the same)."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

BENCH = Path(__file__).resolve().parents[2] / "benchmarks"


def run(script: str, *args: str) -> str:
    done = subprocess.run(
        [sys.executable, str(BENCH / script), "--preset", "gotou", "--games", "30", *args],
        capture_output=True,
        text=True,
        timeout=600,
        check=True,
    )
    return done.stdout


def test_the_plain_mode_is_the_real_bot_and_being_told_changes_play() -> None:
    out = run("bench_ceiling.py", "--workers", "1", "--modes", "plain,all-waits")
    ranks = dict(re.findall(r"^gotou\s+(\S+)\s+30 games, avg rank (\d\.\d+)", out, re.M))
    assert set(ranks) == {"plain", "all-waits"}, out
    real = json.loads(run("bench_bots.py", "--workers", "1", "--speed-games", "0", "--json"))
    assert float(ranks["plain"]) == real["strength"][0]["avg_rank"]
    change = re.search(r"paired change from plain ([-+]\d\.\d+)", out)
    assert change is not None and float(change.group(1)) != 0.0, out
