"""benchmarks/fit_danger.py, which fits the standard bot's learned danger: its labels are
the truth of the riichi hands (a tile labelled as dealing in is among the waits of a hand
in riichi), its features are the bot's own, and on fresh games the weights in the bot rate
the tiles that deal in above those that do not."""

from __future__ import annotations

import importlib.util
import math
import subprocess
import sys
from pathlib import Path
from types import ModuleType

import numpy as np

from jantaku.bots.standard import danger, knobs

BENCH = Path(__file__).resolve().parents[2] / "benchmarks"


def fit_danger() -> ModuleType:
    spec = importlib.util.spec_from_file_location("fit_danger", BENCH / "fit_danger.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_weights_rate_tiles_that_deal_in_higher_on_fresh_games() -> None:
    fd = fit_danger()
    rows = [row for seed in range(900, 930) for row in fd.play(("riichi", seed, "riichi"))[1]]
    assert len(rows) > 1000
    assert {len(f) for f, _, _ in rows} == {danger.N_DANGER_FEATURES}
    deal_in = [f for f, y, _ in rows if y]
    assert 0.03 < len(deal_in) / len(rows) < 0.2  # the rate bench_bots' games show (8 %)

    def p(f: list[float]) -> float:
        z = sum(w * x for w, x in zip(knobs.DANGER_W4, f, strict=True))
        return 1.0 / (1.0 + math.exp(-z))

    score = np.array([p(f) for f, _, _ in rows])
    labels = np.array([y for _, y, _ in rows], dtype=float)
    assert fd.auc(score, labels) > 0.62
    # Calibrated: the mean predicted chance is near the rate seen.
    assert abs(score.mean() - labels.mean()) < 0.03


def test_the_open_hand_weights_rate_ready_hands_and_their_waits_on_fresh_games() -> None:
    # LEARNED_OPEN's two models, on gotou games they were not fitted on: which open hands
    # may ron a tile (the engine's own ron check, yaku and furiten included), and which
    # tiles held deal in to those that may.
    fd = fit_danger()
    ready: list[tuple[list[float], int, float]] = []
    waits = []
    for seed in range(900, 960):
        r, w = fd.play(("gotou", seed, "open"))[2]
        ready.extend(r)
        waits.extend(w)
    assert len(ready) > 500 and len(waits) > 1000
    assert {len(f) for f, _, _ in ready} == {danger.N_OPEN_TENPAI_FEATURES}
    assert {len(f) for f, _, _ in waits} == {danger.N_OPEN_WAIT_FEATURES}

    def p(w: tuple[float, ...], f: list[float]) -> float:
        return 1.0 / (1.0 + math.exp(-sum(a * x for a, x in zip(w, f, strict=True))))

    for weights, rows, least in (
        (knobs.OPEN_TENPAI_W3, ready, 0.68),
        (knobs.OPEN_WAIT_W3, waits, 0.62),
    ):
        score = np.array([p(weights, f) for f, _, _ in rows])
        labels = np.array([y for _, y, _ in rows], dtype=float)
        assert 0.03 < labels.mean() < 0.5
        assert fd.auc(score, labels) > least
        assert abs(score.mean() - labels.mean()) < 0.04


def test_the_script_fits_and_prints_weights() -> None:
    done = subprocess.run(
        [sys.executable, str(BENCH / "fit_danger.py"), "--games", "12", "--workers", "1"],
        capture_output=True,
        text=True,
        timeout=600,
        check=True,
    )
    assert "held-out AUC: learned" in done.stdout
    weights = done.stdout.split("weights: (")[1].split(")")[0].split(",")
    assert len(weights) == danger.N_DANGER_FEATURES
    done = subprocess.run(
        [
            *(sys.executable, str(BENCH / "fit_danger.py"), "--games", "12", "--workers", "1"),
            *("--preset", "gotou", "--threat", "open"),
        ],
        capture_output=True,
        text=True,
        timeout=600,
        check=True,
    )
    ready, waits = (w.split(")")[0].split(",") for w in done.stdout.split("weights: (")[1:])
    assert len(ready) == danger.N_OPEN_TENPAI_FEATURES
    assert len(waits) == danger.N_OPEN_WAIT_FEATURES
