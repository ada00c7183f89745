"""A simple player for a person's seat, the same over a test client's socket and a live
server's (the result-lines tests find their seeds with one and show them with the other): it
wins when it can, declares open riichi (or riichi) when offered, lets calls pass, and
otherwise takes the first action offered (the drawn tile's discard last in the list)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

PREFERENCE = ("tsumo", "ron", "open_riichi", "riichi", "kita", "pass")


def choose(legal: list[dict[str, Any]]) -> dict[str, Any]:
    for kind in PREFERENCE:
        for a in legal:
            if a["type"] == kind:
                return a
    return legal[-1]


def play_seat(
    send: Callable[[dict[str, Any]], None], receive: Callable[[], dict[str, Any]]
) -> list[dict[str, Any]]:
    """Play the seat to the game's end; the messages received that carry ``lines``."""
    got: list[dict[str, Any]] = []
    over = False
    while True:
        msg = receive()
        if "lines" in msg:
            got.append(msg)
        if msg["type"] in ("view", "events"):
            over = over or any(e["type"] == "end_game" for e in msg["events"])
        if msg["type"] == "legal":
            if msg["actions"]:
                send({"type": "action", "at": msg["at"], "action": choose(msg["actions"])})
            elif over:
                return got
