"""What a request to create a table may ask for, checked before any game is made: the seat
kinds (:data:`SEAT_CHECKS`: one entry per kind of seat, so a new kind is one more entry), the
seed, and the knobs it changes, bounded (finite numbers in a sane range per knob, lists no
longer than the knob's domain and without duplicates). Each refusal is a :class:`TableError`
naming what is wrong.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable
from typing import Any, Final

from jantaku.bots import BOT_KINDS
from jantaku.rules import RulesError, load_preset
from jantaku.rules.model import Preset, knobs
from jantaku.rules.yaku_ids import YAKU_IDS
from jantaku.tiles.kinds import N_KINDS

from .errors import TableError
from .errors import short as _short

SeatCheck = Callable[[str], bool]
SEAT_CHECKS: Final[dict[str, SeatCheck]] = {
    "human": lambda kind: kind == "human",
    "bot:<kind>": lambda kind: kind in {f"bot:{k}" for k in BOT_KINDS},
}
"""Each kind of seat a table may have, by how it is spelt, and whether a seat string is one."""
SEAT_NAMES: Final = ("human", *(f"bot:{k}" for k in BOT_KINDS))

MAX_SEED: Final = 2**63
MAX_OPTION_NODES: Final = 1000
"""Values (numbers, strings, list and object entries) in one request's ``options``."""
MAX_DEPTH: Final = 5
MAX_STRING: Final = 200
MAX_NUMBER: Final = 10_000_000
"""No knob counts beyond this: points are in the tens of thousands, chips in the hundreds."""

RANGES: Final[dict[str, tuple[float, float]]] = {
    "table.initial_dora": (0, 5),
    "table.open_riichi_max": (0, 4),
    "table.kan_needs_draws": (0, 20),
    "scoring.min_han": (0, 13),
    "game.start_chips": (0, 100_000),
}
"""Bounds of single knobs; the others are bounded by their section (:func:`knob_range`)."""

_TILE_NAMES = N_KINDS + 8  # the hand kinds and 8 flowers
DOMAINS: Final[dict[str, int]] = {
    "scoring.disabled_yaku": len(YAKU_IDS),
    "scoring.extra_yaku": len(YAKU_IDS),
    "scoring.yaku_han": len(YAKU_IDS),
    "scoring.pao": len(YAKU_IDS),
    "scoring.nuki_dora": _TILE_NAMES,
    "scoring.flower_han": _TILE_NAMES,
    "tiles.red": _TILE_NAMES,
    "tiles.gold": _TILE_NAMES,
}
"""How many entries a list or table knob may hold at most (its domain); others: 8 (one per
seat or rank, with room)."""


def knob_range(key: str) -> tuple[float, float]:
    """The values a numeric knob may take at a web table."""
    if key in RANGES:
        return RANGES[key]
    section, _, name = key.partition(".")
    if name.endswith("_han"):
        return (0, 26)
    if section == "table":
        return (0, 64)
    if section == "chips":
        return (0, 10_000)
    return (0, MAX_NUMBER)


def check_seats(seats: object, extra: Iterable[str] = ()) -> list[str]:
    """The seat kinds, each a known one or one of ``extra`` (the server's own, such as its
    configured ``mjai:NAME`` bots)."""
    extra = list(extra)
    if not isinstance(seats, list) or not all(isinstance(k, str) for k in seats):
        raise TableError("'seats' must be a list of seat kinds")
    for kind in seats:
        if kind not in extra and not any(check(kind) for check in SEAT_CHECKS.values()):
            names = ", ".join([*SEAT_NAMES, *extra])
            raise TableError(f"unknown seat {_short(kind)}; one of {names}")
    return list(seats)


def check_seed(seed: object, seats: list[str]) -> int | None:
    """A chosen seed: refused where more than one person plays (whoever chose it would know
    every wall of the others)."""
    if seed is None:
        return None
    if not isinstance(seed, int) or isinstance(seed, bool) or not 0 <= seed < MAX_SEED:
        raise TableError(f"'seed' must be a whole number from 0 to 2**63-1, not {_short(seed)}")
    if seats.count("human") > 1:
        raise TableError(
            "'seed' may be chosen only at a table with at most one human seat: whoever "
            "chose it would know every wall of the others; leave it out",
            code="seed_with_humans",
            params={},
        )
    return seed


def check_options(preset: str, options: object) -> tuple[dict[str, Any], Preset]:
    """The knobs a table changes, bounded, and the preset they make."""
    if options is None:
        options = {}
    if not isinstance(options, dict):
        raise TableError("'options' must be an object of knobs, by section or flat")
    _check_shape(options, "options", [0], 0)
    try:
        rules = load_preset(preset, options or None)
    except RulesError as e:
        # The knobs at fault travel as data: the lobby marks them without reading the words.
        params = {"detail": str(e), "knobs": list(e.knobs)}
        raise TableError(str(e), code="bad_knob", params=params) from None
    if options:
        base = {k.key: k.value for k in knobs(load_preset(preset))}
        for k in knobs(rules):
            if k.value != base.get(k.key):
                _check_knob(k.key, k.value)
    return dict(options), rules


def _check_shape(value: object, where: str, count: list[int], depth: int) -> None:
    count[0] += 1
    if count[0] > MAX_OPTION_NODES:
        raise TableError(f"'options' is too large (over {MAX_OPTION_NODES} values)")
    if depth > MAX_DEPTH:
        raise TableError(f"{where}: nested too deep")
    if isinstance(value, bool) or value is None:
        return
    if isinstance(value, int | float):
        if not math.isfinite(value) or abs(value) > MAX_NUMBER:
            raise TableError(f"{where}: {_short(value)} is out of range")
    elif isinstance(value, str):
        if len(value) > MAX_STRING:
            raise TableError(f"{where}: a text over {MAX_STRING} characters")
    elif isinstance(value, list):
        names = [v for v in value if isinstance(v, str)]
        if len(names) != len(set(names)):
            dup = next(n for n in names if names.count(n) > 1)
            raise TableError(f"{where}: {dup!r} is listed twice")
        for i, v in enumerate(value):
            _check_shape(v, f"{where}[{i}]", count, depth + 1)
    elif isinstance(value, dict):
        for k, v in value.items():
            _check_shape(v, f"{where}.{_short(k)}", count, depth + 1)
    else:
        raise TableError(f"{where}: unexpected value {_short(value)}")


def _check_knob(key: str, value: object) -> None:
    if isinstance(value, bool) or value is None or isinstance(value, str):
        return
    if isinstance(value, int | float):
        lo, hi = knob_range(key)
        if not (math.isfinite(value) and lo <= value <= hi):
            raise TableError(f"{key}: {_short(value)} is out of range ({lo:g} to {hi:g})")
        return
    if isinstance(value, list | tuple | dict | set | frozenset):
        domain = DOMAINS.get(key, 8)
        if len(value) > domain:
            raise TableError(f"{key}: {len(value)} entries, at most {domain}")
        items = list(value.values() if isinstance(value, dict) else value)
        names = [v for v in items if isinstance(v, str)]
        if len(names) != len(set(names)):
            dup = next(n for n in names if names.count(n) > 1)
            raise TableError(f"{key}: {dup!r} is listed twice")
        for v in items:
            number = isinstance(v, int | float) and not isinstance(v, bool)
            if number and (not math.isfinite(v) or abs(v) > MAX_NUMBER):
                raise TableError(f"{key}: {_short(v)} is out of range")
