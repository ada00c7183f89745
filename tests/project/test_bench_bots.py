"""benchmarks/bench_bots.py's result column: each seat's final result by the preset's own
settlement (gotou's chips, the uma elsewhere) less the table's average, an even share 0."""

from __future__ import annotations

import importlib.util
from pathlib import Path
from types import ModuleType

import pytest

from jantaku.sim import play_game

BENCH = Path(__file__).resolve().parents[2] / "benchmarks" / "bench_bots.py"


def bench() -> ModuleType:
    spec = importlib.util.spec_from_file_location("bench_bots", BENCH)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.mark.parametrize("preset", ["riichi", "gotou", "kanto-boo"])
def test_the_results_of_a_game_follow_the_places(preset: str) -> None:
    result = bench().result
    for seed in (1, 2):
        rec = play_game(preset, seed, "baseline")
        got = [result(preset, rec, s) for s in range(rec.seats)]
        assert sum(got) == pytest.approx(0.0, abs=1e-9)
        first, last = rec.ranks.index(1), rec.ranks.index(rec.seats)
        if preset != "gotou":  # gotou's chip items can outweigh the places
            assert got[first] > got[last]
        assert len(set(got)) > 1


def test_gotou_results_are_the_chips_won_and_the_rank_chips() -> None:
    # 3 players: 15 / 5 / -20 with a second place at 40000 or more (クビ), else 20 / -5 / -15,
    # on top of the chips each seat won or lost in play.
    rec = play_game("gotou", 3, "baseline")
    got = [bench().result("gotou", rec, s) for s in range(3)]
    second = rec.ranks.index(2)
    table = (15, 5, -20) if rec.final_scores[second] >= 40000 else (20, -5, -15)
    for s in range(3):
        assert got[s] == rec.final_chips[s] - 200 + table[rec.ranks[s] - 1]
