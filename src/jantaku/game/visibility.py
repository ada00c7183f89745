"""What a seat may see: the one filter of every view, every server message and every bot.

A seat sees the game's events with the hidden parts taken out: no ``wall`` (its own dealt
``tehai`` only), others' draws as ``"?"``, nobody else's answer (``pass``, ``declare``), and
no ``seed`` (it rebuilds every wall and die of the game). Everything else is public at the
table: calls, discards, riichi, dora, and at the end of a hand the winner's hand, the tenpai
hands and the ura indicators (docs/events.md, *Hidden information*).

:meth:`jantaku.game.State.view`, the server's messages (``jantaku.server.tables``) and the
bots' per-seat state (:class:`jantaku.game.seat.SeatView`, folded from these events only)
all call :func:`seen_by`; nothing else decides what a seat may see.

>>> start = {"type": "start_kyoku", "oya": 0, "wall": {"hands": [[1, 2], [3, 4]]}}
>>> seen_by(start, 1)
{'type': 'start_kyoku', 'oya': 0, 'tehai': [3, 4]}
>>> seen_by({"type": "tsumo", "actor": 0, "tile": 9, "pai": "3m", "rinshan": False}, 1)
{'type': 'tsumo', 'actor': 0, 'pai': '?', 'rinshan': False}
>>> seen_by({"type": "pass", "actor": 0, "missed_ron": False}, 1) is None
True
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, Final

from .events import Declare, Pass, StartGame, StartKyoku, Tsumo

EventJson = dict[str, Any]
"""One event as the log holds it (its JSON object, *derived* fields included): what a seat is
shown. Not :data:`jantaku.game.events.Event`, the typed union the table's fold takes."""

_START_GAME: Final = StartGame.TYPE
_START_KYOKU: Final = StartKyoku.TYPE
_TSUMO: Final = Tsumo.TYPE
_PASS: Final = Pass.TYPE
_DECLARE: Final = Declare.TYPE

_ANSWERS = frozenset({_PASS, _DECLARE})
"""Answers to a tile on offer: only the seat answering sees them."""
_FILTERED = frozenset({_START_GAME, _START_KYOKU, _TSUMO, *_ANSWERS})
"""The only event types with something hidden from some seat: every other is public."""


def is_public(ev: EventJson) -> bool:
    """Whether every seat sees ``ev`` as it is (most events: discards, calls, riichi...)."""
    kind: str = ev["type"]
    return kind not in _FILTERED


def seen_by(ev: EventJson, seat: int) -> EventJson | None:
    """One event as ``seat`` may see it (None: not shown to it). A public event is returned
    as it is (not copied): callers must not change it."""
    kind: str = ev["type"]
    if kind not in _FILTERED:
        return ev
    if kind == _START_GAME:
        return {k: v for k, v in ev.items() if k != "seed"}
    if kind == _START_KYOKU:
        e = {k: v for k, v in ev.items() if k != "wall"}
        e["tehai"] = list(ev["wall"]["hands"][seat])
        return e
    if kind == _TSUMO and ev["actor"] != seat:
        e = {"type": _TSUMO, "actor": ev["actor"], "pai": "?", "rinshan": ev["rinshan"]}
        if "chip_deltas" in ev:  # ぐるぐるチャンス is announced and paid by all
            e["chip_deltas"] = ev["chip_deltas"]
        return e
    if kind in _ANSWERS and ev["actor"] != seat:
        # Nobody learns that somebody else could have called, nor a call that a ron or a
        # pon outranked: an answer shows only in the events it causes.
        return None
    return ev


def seen_by_each(ev: EventJson, people: int) -> list[EventJson | None]:
    """``[seen_by(ev, s) for s in range(people)]``, with one copy where several seats see
    the event alike (another seat's draw is the same hidden draw to all of them).

    >>> draw = {"type": "tsumo", "actor": 0, "tile": 9, "pai": "3m", "rinshan": False}
    >>> mine, a, b = seen_by_each(draw, 3)
    >>> mine is draw, a is b, a == seen_by(draw, 1)
    (True, True, True)
    """
    kind: str = ev["type"]
    if kind not in _FILTERED:
        return [ev] * people
    if kind == _TSUMO:
        actor = ev["actor"]
        hidden = seen_by(ev, (actor + 1) % people)
        return [ev if s == actor else hidden for s in range(people)]
    return [seen_by(ev, s) for s in range(people)]


def view_of(events: Iterable[EventJson], seat: int) -> list[EventJson]:
    """The events as ``seat`` may see them, in order (:func:`seen_by` of each)."""
    out = []
    for ev in events:
        e = seen_by(ev, seat)
        if e is not None:
            out.append(e)
    return out


__all__ = ["EventJson", "is_public", "seen_by", "seen_by_each", "view_of"]
