"""Every knob changed alone to other values it may take: the preset still loads and a
random-legal game under it ends with every invariant kept (tiles, points, chips, progress,
views), or the loader refuses the value by name. Found: a noten total that does not split
evenly, a round-up unit of 0."""

from __future__ import annotations

import random
from typing import Any

import pytest

from jantaku.rules import PRESET_NAMES, RulesError, load_preset
from jantaku.rules.model import KnobInfo, knobs
from jantaku.sim.runner import play_game


def variants(k: KnobInfo) -> list[Any]:
    """Other values worth trying for a knob (json knobs are left to their own tests)."""
    v = k.value
    if k.kind == "bool":
        return [not v]
    if k.kind == "choice":
        out = [c for c in k.choices if c != str(v)]
        return [int(c) for c in out] if isinstance(v, int) else out
    if k.kind == "int":
        assert isinstance(v, int)
        return sorted({v + 1, 0 if v else 1, v * 2})
    return []


def fuzz(preset: str, seeds: int, share: int = 1) -> tuple[int, list[str]]:
    """Play ``seeds`` games for each (knob, value); with ``share`` > 1, for a fixed sample of
    one pair in ``share`` of them (the same sample every run)."""
    base = load_preset(preset)
    pairs = [(k, value) for k in knobs(base) for value in variants(k)]
    if share > 1:
        pairs = random.Random(0).sample(pairs, len(pairs) // share)
    played, problems = 0, []
    for k, value in pairs:
        section, name = k.key.split(".")
        try:
            rules = load_preset(preset, {section: {name: value}})
        except RulesError as e:
            assert name in str(e), e  # a refusal names the knob
            continue
        for seed in range(seeds):
            rec = play_game(rules, seed, "random", check=True, max_actions=60_000)
            played += 1
            if rec.violations or not rec.finished:
                problems.append(f"{preset} {k.key}={value!r} seed {seed}: {rec.violations}")
    return played, problems


def test_a_sample_of_sanma_knobs_changed_alone_plays_checked_games() -> None:
    """A fixed third of the sanma (knob, value) pairs: every pair of every preset, each with
    two seeds, is the `slow` test below (the full sanma run took 10 to 20 s)."""
    played, problems = fuzz("sanma", 1, share=3)
    assert played > 30 and problems == []


def test_negative_numbers_and_a_zero_round_up_are_refused() -> None:
    for options, word in (
        ({"game": {"start_points": -5}}, "start_points"),
        ({"chips": {"ippatsu": -1}}, "ippatsu"),
        ({"scoring": {"round_up": 0}}, "round_up"),
    ):
        with pytest.raises(RulesError, match=word):
            load_preset("gotou", options)


@pytest.mark.slow
@pytest.mark.parametrize("preset", PRESET_NAMES)
def test_every_knob_changed_alone_plays_checked_games(preset: str) -> None:
    played, problems = fuzz(preset, 2)
    assert played > 100 and problems == []
