"""The golden games (tests/golden/games.jsonl.gz): seeded games of every preset, their
preset, seed, bots, people and every event, replayed byte for byte by tests/game/test_golden.py
and read by the tests that want real engine logs."""

from __future__ import annotations

import gzip
import json
from functools import cache
from pathlib import Path
from typing import Any

GOLDEN = Path(__file__).parents[1] / "golden"


@cache
def recorded_games() -> list[dict[str, Any]]:
    """Every recorded game, in the file's order (read once; callers must not change them)."""
    with gzip.open(GOLDEN / "games.jsonl.gz", "rt", encoding="utf-8") as f:
        return [json.loads(line) for line in f]
