"""A hand's wall, as dealt: the chance outcome a ``start_kyoku`` event records."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, TypeAlias

from jantaku.tiles.tileset import Tile

Json: TypeAlias = dict[str, Any]
"""An event (or part of one) as the log stores it."""


@dataclass
class Wall:
    """The tiles of one hand in drawing order: what each seat is dealt, the live draws, the
    replacement draws after a kan or kita, and the dora and ura indicators."""

    hands: list[list[Tile]]
    live: list[Tile]
    rinshan: list[Tile]
    dora: list[Tile]
    ura: list[Tile]
    rest: list[Tile] = field(default_factory=list)
    """Dead-wall tiles that are neither replacements nor indicators (never drawn)."""

    def to_json(self) -> Json:
        out: Json = {
            "hands": self.hands,
            "live": self.live,
            "rinshan": self.rinshan,
            "dora": self.dora,
            "ura": self.ura,
        }
        if self.rest:
            out["rest"] = self.rest
        return out

    @classmethod
    def from_json(cls, d: Json) -> Wall:
        return cls(
            [list(h) for h in d["hands"]],
            list(d["live"]),
            list(d["rinshan"]),
            list(d["dora"]),
            list(d["ura"]),
            list(d.get("rest", [])),
        )

    def copy(self) -> Wall:
        """A copy to draw from (the event's own wall stays as it was dealt)."""
        return Wall(
            [list(h) for h in self.hands],
            list(self.live),
            list(self.rinshan),
            list(self.dora),
            list(self.ura),
            list(self.rest),
        )
