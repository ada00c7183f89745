"""Proof that a change to the standard bot's code changed none of its choices (issue 40).

``tests/golden/standard-bot.json`` holds, for seeded games of every preset with the standard
bot at every seat (three-seat presets also with four people rotating), the SHA-256 of each
game's event log. The bot's every decision is in its game's events (the discards, calls,
riichi and kans it chose), so a digest that still matches means the bot chose the same thing
at every turn. An engine change that changes the games themselves (a rule, a wall) changes
the digests too: record them again with ``python tests/bots/test_golden_standard.py --record``
after checking that the bot's code did not change.
"""

from __future__ import annotations

import hashlib
import io
import json
import sys
from pathlib import Path

import pytest

from jantaku.sim.runner import play_game

GOLDEN = Path(__file__).parents[1] / "golden" / "standard-bot.json"
PRESETS = {"riichi": 4, "sanma": 3, "gotou": 3, "tokushima": 3, "mighty": 3, "kanto-boo": 4}
SEEDS = range(4000, 4010)
"""Ten games a preset (about 0.1 s each in the pure build)."""
ROTATING_SEEDS = range(4100, 4103)
"""At the three-seat presets, three more games with four people rotating."""


def plays() -> list[tuple[str, int, int | None]]:
    out: list[tuple[str, int, int | None]] = []
    for preset, seats in PRESETS.items():
        out += [(preset, seed, None) for seed in SEEDS]
        if seats == 3:
            out += [(preset, seed, 4) for seed in ROTATING_SEEDS]
    return out


def key(preset: str, seed: int, people: int | None) -> str:
    return f"{preset}/{seed}" + (f"/{people}p" if people else "")


def digest(preset: str, seed: int, people: int | None) -> str:
    log = io.StringIO()
    play_game(preset, seed, "standard", log=log, people=people, check=True)
    return hashlib.sha256(log.getvalue().encode()).hexdigest()


def recorded() -> dict[str, str]:
    data: dict[str, str] = json.loads(GOLDEN.read_text(encoding="utf-8"))
    return data


@pytest.mark.parametrize("preset", list(PRESETS))
def test_standard_bot_plays_its_recorded_games(preset: str) -> None:
    golden = recorded()
    games = [p for p in plays() if p[0] == preset]
    assert all(key(*p) in golden for p in games), "a game is missing from the golden file"
    changed = [key(*p) for p in games if digest(*p) != golden[key(*p)]]
    assert not changed, f"the standard bot played these games differently: {changed}"


def test_golden_file_covers_every_preset_and_seat_count() -> None:
    golden = recorded()
    assert set(golden) == {key(*p) for p in plays()}
    assert len(set(golden.values())) == len(golden), "two games with one event log"


if __name__ == "__main__" and sys.argv[1:] == ["--record"]:
    GOLDEN.write_text(
        json.dumps({key(*p): digest(*p) for p in plays()}, indent=1) + "\n", encoding="utf-8"
    )
