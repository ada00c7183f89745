"""benchmarks/bench_server.py on a short run: its scripted players' count of actions agrees
with the server's own metrics, every answered action has a round trip, and the figures it
prints are the run's (a bot-only table plays while the players do)."""

from __future__ import annotations

import importlib.util
import json
import sys
from pathlib import Path
from types import ModuleType

import pytest

BENCH = Path(__file__).resolve().parents[2] / "benchmarks" / "bench_server.py"
pytest.importorskip("websockets.asyncio.client", reason="websockets is not installed")


def bench() -> ModuleType:
    spec = importlib.util.spec_from_file_location("bench_server", BENCH)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # its dataclasses look their module up there
    spec.loader.exec_module(module)
    return module


def test_a_short_run_measures_what_the_server_counted(capsys: pytest.CaptureFixture[str]) -> None:
    args = ["--bot-tables", "1", "--humans", "2", "--think", "0.05", "--seconds", "4", "--json"]
    result = bench().main(args)
    assert json.loads(capsys.readouterr().out) == result
    assert result["humans"] == 2 and result["bot_tables"] == 1
    assert result["actions"] >= 10
    # An action sent as the run ended may be unanswered (and unapplied): one a player at most.
    assert result["actions"] - 2 <= result["server_actions"] <= result["actions"]
    rt = result["round_trip_ms"]
    assert result["actions"] - 2 <= rt["samples"] <= result["actions"]
    assert 0 < rt["median"] <= rt["p99"]
    assert result["server_latency_p99_ms_at_most"] > 0
    assert result["bot_decisions_per_second"] > 0
    assert result["refused"] == 0 and result["tables_not_made"] == {}
    assert result["server_rss_mb"] > 10 and result["server_peak_rss_mb"] >= result["server_rss_mb"]
    assert 0 < result["server_cpu_cores"] <= result["cores"]


def test_bad_counts_are_refused(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        bench().main(["--humans", "-1"])
    assert "counts must be 0 or more" in capsys.readouterr().err


def test_the_servers_percentile_is_read_from_the_histogram_between_two_scrapes() -> None:
    before = 'x_bucket{le="0.01"} 1.0\nx_bucket{le="0.05"} 2.0\nx_bucket{le="+Inf"} 2.0\n'
    after = 'x_bucket{le="0.01"} 91.0\nx_bucket{le="0.05"} 101.0\nx_bucket{le="+Inf"} 102.0\n'
    quantile = bench().histogram_quantile
    # 100 observed between the scrapes: 90 under 10 ms, 9 more under 50 ms, one slower.
    assert quantile(before, after, "x", 0.5) == 0.01
    assert quantile(before, after, "x", 0.99) == 0.05
    assert quantile(before, after, "x", 1.0) == float("inf")
    assert quantile(after, after, "x", 0.99) is None


def test_two_processes_share_one_database_and_count_as_one(
    capsys: pytest.CaptureFixture[str],
) -> None:
    args = ["--processes", "2", "--bot-tables", "0", "--humans", "4", "--think", "0.05"]
    result = bench().main([*args, "--seconds", "4", "--json"])
    capsys.readouterr()
    assert result["processes"] == 2 and result["refused"] == 0
    assert result["tables_not_made"] == {}
    # Tables made by either server, played on the one their id names, over one database: the
    # two servers' counts of applied actions add up to the players' (merged once each).
    assert result["actions"] - 4 <= result["server_actions"] <= result["actions"]
    assert result["actions"] >= 10
