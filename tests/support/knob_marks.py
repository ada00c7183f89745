"""The marker a knob's tests carry, so a registry test can name every knob of a rules section
that no test sets: ``COVERED, knob = knob_marker()`` at the top of the test module, ``@knob(
"name", ...)`` on each test that sets those knobs to a value other than the default and asserts
what they change, and the registry test compares ``COVERED`` with the section's fields."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

F = TypeVar("F", bound=Callable[..., Any])


def knob_marker() -> tuple[set[str], Callable[..., Callable[[F], F]]]:
    """A set of knob names and the decorator that adds to it."""
    covered: set[str] = set()

    def knob(*names: str) -> Callable[[F], F]:
        def deco(f: F) -> F:
            covered.update(names)
            return f

        return deco

    return covered, knob
