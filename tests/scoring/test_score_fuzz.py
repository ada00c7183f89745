"""Malformed or hostile situations never crash the scorer: only clear ValueErrors."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from jantaku.scoring.json_io import ScoreService

TILES = st.text(alphabet="0123456789mpszfg", max_size=20)
WINDS = st.sampled_from(["E", "S", "W", "N", "X", "", None, 3])
FIELDS: dict[str, Any] = {
    "hand": TILES,
    "win_tile": TILES,
    "win": st.sampled_from(["ron", "tsumo", "draw", None]),
    "seat": WINDS,
    "round": WINDS,
    "discarder": WINDS,
    "riichi": st.sampled_from(["none", "riichi", "double", "open", "shuba", "x"]),
    "dora_indicators": TILES,
    "ura_indicators": TILES,
    "extracted": TILES,
    "honba": st.one_of(st.integers(-3, 20), st.text(max_size=2)),
    "players": st.integers(0, 6),
    "ippatsu": st.one_of(st.booleans(), st.integers(0, 1)),
    "melds": st.lists(
        st.fixed_dictionaries(
            {
                "type": st.sampled_from(["chi", "pon", "minkan", "ankan", "kakan", "x"]),
                "tiles": TILES,
                "from": WINDS,
            }
        ),
        max_size=4,
    ),
    "options": st.sampled_from([{}, {"kuitan": False}, {"nope": 1}, {"fu": "fixed30"}, []]),
}


PRESETS = st.sampled_from(["riichi", "sanma", "gotou", "tokushima", "mighty", "kanto-boo"])
# `make test` tries a few hundred cases (derandomized: the same ones every run); the `slow`
# twins try ten times as many.
FAST, LONG = 600, 6000


def _cases(n: int, **strategies: Any) -> Callable[[Callable[..., None]], Callable[..., None]]:
    """The property checked on ``n`` generated cases."""
    return lambda prop: settings(max_examples=n, deadline=None, derandomize=True)(
        given(**strategies)(prop)
    )


SCORE_CASES = {"obj": st.fixed_dictionaries({}, optional=FIELDS), "preset": PRESETS}


def _score_only_raises_value_errors(obj: dict[str, Any], preset: str) -> None:
    try:
        result = ScoreService(preset).score(obj)
    except ValueError as e:
        assert str(e)
        return
    assert result["han"] >= 0 and all(v > 0 for v in result["payments"].values())


test_score_only_raises_value_errors = _cases(FAST, **SCORE_CASES)(_score_only_raises_value_errors)
test_score_only_raises_value_errors_long = pytest.mark.slow(
    _cases(LONG, **SCORE_CASES)(_score_only_raises_value_errors)
)


EVENTS = st.lists(
    st.fixed_dictionaries(
        {"type": st.sampled_from(["win", "draw", "chombo", "chips", "x"])},
        optional={
            "winner": st.integers(-1, 4),
            "from": st.one_of(st.none(), st.integers(-1, 4)),
            "han": st.one_of(st.integers(-1, 15), st.text(max_size=1)),
            "fu": st.integers(0, 120),
            "yakuman": st.integers(0, 2),
            "riichi": st.lists(st.integers(-1, 4), max_size=3),
            "tenpai": st.one_of(st.lists(st.integers(-1, 4), max_size=4), st.integers()),
            "kind": st.sampled_from(["exhaustive", "nine_terminals", "nagashi", "?"]),
            "player": st.integers(-1, 4),
            "to": st.integers(-1, 4),
            "items": st.one_of(
                st.lists(st.text(max_size=3), max_size=2),
                st.dictionaries(st.text(max_size=3), st.integers(-2, 5)),
            ),
            "dice": st.lists(st.lists(st.integers(0, 7), min_size=2, max_size=2), max_size=2),
            "double": st.booleans(),
            "shuba": st.lists(st.integers(-1, 4), max_size=2),
        },
    ),
    max_size=12,
)


def _ledger_only_raises_value_errors(
    events: list[dict[str, Any]], preset: str, people: int | None
) -> None:
    from jantaku.rules import load_preset
    from jantaku.scoring.ledger import run_ledger

    record: dict[str, Any] = {"events": events}
    if people is not None:
        record["players"] = people
    try:
        out = run_ledger(load_preset(preset), record)
    except ValueError as e:
        assert str(e)
        return
    assert len(out) == len(events)
    for entry in out:
        if entry["allowed"]:
            continue
        assert entry["reason"]


LEDGER_CASES = {"events": EVENTS, "preset": PRESETS, "people": st.sampled_from([None, 3, 4, 5])}
test_ledger_only_raises_value_errors = _cases(FAST // 2, **LEDGER_CASES)(
    _ledger_only_raises_value_errors
)
test_ledger_only_raises_value_errors_long = pytest.mark.slow(
    _cases(LONG // 2, **LEDGER_CASES)(_ledger_only_raises_value_errors)
)
