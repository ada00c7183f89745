"""benchmarks/bench_review.py reviews every seat of the games it times, and its figures are
the review's own: the standard bot's seats agree with their review at every decision."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

BENCH = Path(__file__).resolve().parents[2] / "benchmarks" / "bench_review.py"


def test_the_benchmark_times_real_reviews() -> None:
    done = subprocess.run(
        [sys.executable, str(BENCH), "--presets", "gotou", "--games", "1", "--json"],
        capture_output=True,
        text=True,
        timeout=600,
        check=True,
    )
    out = json.loads(done.stdout)
    (game,) = out["games"]
    assert game["preset"] == "gotou" and len(game["seats"]) == 3
    assert game["decisions"] == sum(s["decisions"] for s in game["seats"]) > 20
    assert all(s["agreement"] == 1.0 for s in game["seats"])
    assert out["worst_seat_seconds"] == max(s["seconds"] for s in game["seats"]) > 0
