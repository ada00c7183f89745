"""The server's cap on running mjai programs.

A table's ``mjai:NAME`` seats are external processes (:mod:`jantaku.bots.mjai`). They start
only when the table starts playing: a bot-only game when it is made (or resumed), a table
with a person's seat when the first person opens a seat; and stop when it is parked (nobody
connected for ``ServerLimits.idle_seconds``), closed or over. A table holds one slot per
mjai seat from its start to its stop; at most ``ServerLimits.mjai_processes`` slots are held
at once, and a table that would need more is refused with 503 ``mjai_busy``.
"""

from __future__ import annotations

import threading
from typing import Any

from .errors import TableError


def mjai_busy(cap: int) -> TableError:
    return TableError(
        f"too many external bot programs are running ({cap}); try again when a game ends",
        503,
        code="mjai_busy",
        params={"limit": cap},
    )


class MjaiSlots:
    """Slots held by tables (by the live table object: a parked table's copy rebuilt from
    the store holds none until it starts again)."""

    def __init__(self, cap: int) -> None:
        self.cap = cap
        self._held: dict[int, tuple[Any, int]] = {}
        self._lock = threading.Lock()

    def held(self) -> int:
        """Slots held now (the mjai programs running or about to)."""
        with self._lock:
            return sum(n for _, n in self._held.values())

    def holds(self, table: Any) -> bool:
        with self._lock:
            return id(table) in self._held

    def take(self, table: Any, n: int, force: bool = False) -> None:
        """Hold ``n`` slots for ``table`` (nothing when it holds them already); over the cap
        raises ``mjai_busy`` (``force``: held anyway, for a game already playing)."""
        with self._lock:
            if id(table) in self._held:
                return
            if not force and sum(k for _, k in self._held.values()) + n > self.cap:
                raise mjai_busy(self.cap)
            self._held[id(table)] = (table, n)

    def release(self, table: Any) -> None:
        with self._lock:
            self._held.pop(id(table), None)
