"""Waiting on a condition instead of sleeping a fixed time: poll until it holds, fail at a
deadline."""

from __future__ import annotations

import time
from collections.abc import Callable


def wait_until(condition: Callable[[], bool], timeout: float = 2.0, every: float = 0.005) -> None:
    """Return once ``condition()`` is true; AssertionError after ``timeout`` seconds.

    >>> wait_until(lambda: True)
    """
    deadline = time.monotonic() + timeout
    while not condition():
        if time.monotonic() > deadline:
            raise AssertionError(f"not true within {timeout} s: {condition}")
        time.sleep(every)
