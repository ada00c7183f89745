"""Bounds on what a scorekeeper client may send, checked like a table's knobs before the
ledger sees it: a session's options go through :func:`jantaku.server.validate.check_options`
(unknown knobs refused, numbers finite and in range, lists no longer than their domain), and
every number of a hand's ledger events is in a sane range (han, fu, points, chips...).

Which keys an event may have is the ledger's to say; this module only bounds the values, so
that no client can make the server count to a googol or nest a hand a thousand deep.
"""

from __future__ import annotations

import math
from typing import Any, Final

from .errors import TableError
from .validate import check_options

EVENT_RANGES: Final[dict[str, tuple[int, int]]] = {
    "han": (0, 130),
    "fu": (0, 250),
    "yakuman": (0, 13),
    "dice": (1, 12),
    "honba": (0, 100),
}
"""Bounds of single event fields (a hand's han counts every dora; 250 fu is beyond any
hand); any other number is within :data:`MAX_NUMBER`."""
MAX_NUMBER: Final = 10_000_000
"""No points or chips figure beyond this (points are tens of thousands, chips hundreds)."""
MAX_DEPTH: Final = 6
MAX_STRING: Final = 200


def session_options(preset: str, options: object) -> dict[str, Any]:
    """A session's knob changes, checked as a table's are; ``ValueError`` naming what is
    wrong (the caller turns it into its own refusal)."""
    try:
        checked, _ = check_options(preset, options)
    except TableError as e:
        raise ValueError(f"options: {e}") from None
    return checked


def event_values(events: list[Any]) -> None:
    """``ValueError`` naming the first value of a hand's events out of bounds."""
    for i, ev in enumerate(events):
        _check(ev, f"events[{i}]", 0)


def _check(value: object, where: str, depth: int) -> None:
    if depth > MAX_DEPTH:
        raise ValueError(f"{where}: nested too deep")
    if value is None or isinstance(value, bool):
        return
    if isinstance(value, int | float):
        if not math.isfinite(value) or abs(value) > MAX_NUMBER:
            raise ValueError(f"{where}: {value!r} is out of range")
        key = where.rsplit(".", 1)[-1]
        if key in EVENT_RANGES:
            low, high = EVENT_RANGES[key]
            if not low <= value <= high:
                raise ValueError(f"{where}: {value!r} is not from {low} to {high}")
        return
    if isinstance(value, str):
        if len(value) > MAX_STRING:
            raise ValueError(f"{where}: a text of at most {MAX_STRING} characters")
        return
    if isinstance(value, list):
        for i, v in enumerate(value):
            _check(v, f"{where}[{i}]", depth + 1)
        return
    if isinstance(value, dict):
        for k, v in value.items():
            _check(v, f"{where}.{k}", depth + 1)
        return
    raise ValueError(f"{where}: not a JSON value")
