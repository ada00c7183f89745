"""What the fold computes from an event: a win's score and payments, a draw's, chips paid. Each
is written beside the event's own fields in the log (*derived* in docs/events.md) and computed
again by every replay; never written into the event the fold was given."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TypeAlias

from jantaku.tiles.tileset import Tile

from .events import Event
from .wall import Json


@dataclass
class ChipsPaid:
    """Chips paid on a draw or a flower set aside (gotou ぐるぐるチャンス, 春): each
    person's change."""

    chip_deltas: list[int]

    def to_json(self) -> Json:
        return {"chip_deltas": self.chip_deltas}


@dataclass
class WinPaid:
    """A win scored and paid: mjai's ``hora_tehais``, ``yakus``, ``fu``, ``fan``,
    ``deltas``, ``scores`` and jantaku's limit, wildcard, chips and アリス."""

    hora_tehais: list[Tile]
    uradora_markers: list[Tile]
    yakus: list[Json]
    """``{id, han, yakuman, en, ja}`` of each yaku."""
    fan: int
    fu: int
    limit: str | None
    hora_points: int
    wildcard: str | None
    deltas: list[int]
    scores: list[int]
    chip_items: list[Json]
    """``{item, chips, from_all}`` of each chip item."""
    chip_deltas: list[int]
    alice: list[Tile]
    """gotou アリス: the tiles turned over."""

    def to_json(self) -> Json:
        return {
            "hora_tehais": self.hora_tehais,
            "uradora_markers": self.uradora_markers,
            "yakus": self.yakus,
            "fan": self.fan,
            "fu": self.fu,
            "limit": self.limit,
            "hora_points": self.hora_points,
            "wildcard": self.wildcard,
            "deltas": self.deltas,
            "scores": self.scores,
            "chip_items": self.chip_items,
            "chip_deltas": self.chip_deltas,
            "alice": self.alice,
        }


@dataclass
class DrawPaid:
    """A draw paid: the hands shown (tenpai, or the 九種九牌 declarer's; None for the
    others) and the point and chip changes."""

    tehais: list[list[Tile] | None]
    deltas: list[int]
    scores: list[int]
    chip_deltas: list[int]

    def to_json(self) -> Json:
        return {
            "tehais": self.tehais,
            "deltas": self.deltas,
            "scores": self.scores,
            "chip_deltas": self.chip_deltas,
        }


@dataclass
class StickPaid:
    """A riichi accepted: its stick (a シュバリー one costs more) left the declarer's points
    for the table; mjai's ``deltas`` and ``scores`` of ``reach_accepted``, so a reader never
    looks up what the stick costs."""

    deltas: list[int]
    scores: list[int]

    def to_json(self) -> Json:
        return {"deltas": self.deltas, "scores": self.scores}


Outcome: TypeAlias = ChipsPaid | WinPaid | DrawPaid | StickPaid
"""What the fold computed from an event (*derived* in docs/events.md): written beside the
event's own fields in the log, and computed again by every replay."""


def record(ev: Event, outcome: Outcome | None) -> Json:
    """The log line of an event and what the fold computed from it."""
    out = ev.to_json()
    if outcome is not None:
        out.update(outcome.to_json())
    return out
