"""The example bot of docs/bots.md (examples/careful_bot.py) plays through the public
interface: seated from a ``py:FILE:CLASS`` spec, it plays full games legally."""

from __future__ import annotations

from pathlib import Path

import pytest

from jantaku.bots.spec import make_player, parse_bots
from jantaku.sim import simulate

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "careful_bot.py"


@pytest.mark.parametrize("preset", ["riichi", "sanma"])
def test_the_example_bot_plays_legal_full_games(preset: str) -> None:
    others = ["baseline"] * (4 if preset == "riichi" else 3)
    bots = ",".join([f"py:{EXAMPLE}:CarefulBot", *others[1:]])
    out = simulate(preset, 3, seed=5, bots=bots, check=True)
    assert out["invariant_violations"] == 0 and out["unfinished_games"] == 0
    mine = out["per_seat"][0]
    assert mine["call_rate"] == 0  # it never calls
    assert mine["wins"] > 0 and mine["riichi_rate"] > 0


def test_python_bot_entries_say_what_is_wrong(tmp_path: Path) -> None:
    assert parse_bots(f"py:{EXAMPLE}:CarefulBot", 2) == [f"py:{EXAMPLE}:CarefulBot"] * 2
    with pytest.raises(ValueError, match=r"py:FILE\.py:CLASS"):
        parse_bots("py:nothing", 4)
    with pytest.raises(ValueError, match="no Python file"):
        make_player(f"py:{tmp_path / 'missing.py'}:Bot")
    with pytest.raises(ValueError, match="has no class Nobody"):
        make_player(f"py:{EXAMPLE}:Nobody")
    with pytest.raises(ValueError, match="cannot import"):
        make_player("py:no_such_module_here:Bot")
