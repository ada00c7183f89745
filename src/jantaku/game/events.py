"""The game's events, typed: one class per event of docs/events.md.

An event is what happened at the table (a chance outcome or a seat's choice); the log stores
its JSON (:meth:`to_json`, mjai's shapes plus jantaku's house fields), and
:func:`event_from_json` reads it back. The results the fold computes from an event (a win's
score, a draw's payments, chips paid on a draw) are not part of it: they are outcomes
(:mod:`jantaku.game.outcomes`), written beside the event's own fields in the log (*derived*
in docs/events.md) and recomputed by every replay.

Events are ``NamedTuple``\\ s: immutable, matched by class in the fold
(:func:`jantaku.game.fold.fold`), and cheap to build (a game emits thousands).

>>> ev = Dahai(actor=1, tile=52, pai="4p", tsumogiri=True)
>>> ev.to_json()
{'type': 'dahai', 'actor': 1, 'tile': 52, 'pai': '4p', 'tsumogiri': True}
>>> event_from_json(ev.to_json()) == ev
True
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, NamedTuple, TypeAlias

from jantaku.tiles.tileset import Tile

from .wall import Json, Wall

# -- game and hand ---------------------------------------------------------------------------


class StartGame(NamedTuple):
    preset: str
    seed: int
    players: int
    people: int | None = None
    """Four people rotating at a three-player preset (absent otherwise)."""

    def to_json(self) -> Json:
        out: Json = {
            "type": "start_game",
            "preset": self.preset,
            "seed": self.seed,
            "players": self.players,
        }
        if self.people is not None:
            out["people"] = self.people
        return out

    @classmethod
    def from_json(cls, d: Json) -> StartGame:
        return cls(d["preset"], d["seed"], d["players"], d.get("people"))


class StartKyoku(NamedTuple):
    bakaze: str
    kyoku: int
    honba: int
    kyotaku: int
    oya: int
    scores: list[int]
    dora_marker: str
    dora_tile: Tile
    dora_tiles: list[Tile]
    """Every indicator turned at the start (gotou and a dealer's doubles: 2)."""
    wall: Wall
    stacked: bool = False
    """The wall was given (tests, real-game replays), not shuffled from the seed."""
    wareme: int | None = None
    """mighty 割れ目: the person whose points are doubled this hand."""
    sitting_out: int | None = None
    """Four at a three-player preset: the person before the dealer (抜け番)."""
    dice: list[int] | None = None
    """The dealer's two dice (``table.doubles_two_dora``)."""

    def to_json(self) -> Json:
        out: Json = {
            "type": "start_kyoku",
            "bakaze": self.bakaze,
            "kyoku": self.kyoku,
            "honba": self.honba,
            "kyotaku": self.kyotaku,
            "oya": self.oya,
            "scores": self.scores,
            "dora_marker": self.dora_marker,
            "dora_tile": self.dora_tile,
            "dora_tiles": self.dora_tiles,
            "wall": self.wall.to_json(),
        }
        if self.stacked:
            out["stacked"] = True
        if self.wareme is not None:
            out["wareme"] = self.wareme
        if self.sitting_out is not None:
            out["sitting_out"] = self.sitting_out
        if self.dice is not None:
            out["dice"] = self.dice
        return out

    @classmethod
    def from_json(cls, d: Json) -> StartKyoku:
        return cls(
            d["bakaze"],
            d["kyoku"],
            d["honba"],
            d["kyotaku"],
            d["oya"],
            list(d["scores"]),
            d["dora_marker"],
            d["dora_tile"],
            list(d.get("dora_tiles", [d["dora_tile"]])),
            Wall.from_json(d["wall"]),
            bool(d.get("stacked", False)),
            d.get("wareme"),
            d.get("sitting_out"),
            list(d["dice"]) if d.get("dice") is not None else None,
        )


class Tsumo(NamedTuple):
    actor: int
    tile: Tile
    pai: str
    rinshan: bool

    def to_json(self) -> Json:
        return {
            "type": "tsumo",
            "actor": self.actor,
            "tile": self.tile,
            "pai": self.pai,
            "rinshan": self.rinshan,
        }

    @classmethod
    def from_json(cls, d: Json) -> Tsumo:
        return cls(d["actor"], d["tile"], d["pai"], d["rinshan"])


class Dahai(NamedTuple):
    actor: int
    tile: Tile
    pai: str
    tsumogiri: bool
    tedumari: bool = False
    """Every discard would have dealt in to an open riichi (gotou 手詰まり)."""

    def to_json(self) -> Json:
        out: Json = {
            "type": "dahai",
            "actor": self.actor,
            "tile": self.tile,
            "pai": self.pai,
            "tsumogiri": self.tsumogiri,
        }
        if self.tedumari:
            out["tedumari"] = True
        return out

    @classmethod
    def from_json(cls, d: Json) -> Dahai:
        return cls(d["actor"], d["tile"], d["pai"], d["tsumogiri"], bool(d.get("tedumari")))


class Reach(NamedTuple):
    actor: int
    open: bool = False
    """オープンリーチ."""
    shuba: bool = False
    """シュバリー."""

    def to_json(self) -> Json:
        out: Json = {"type": "reach", "actor": self.actor}
        if self.open:
            out["open"] = True
        if self.shuba:
            out["shuba"] = True
        return out

    @classmethod
    def from_json(cls, d: Json) -> Reach:
        return cls(d["actor"], bool(d.get("open", False)), bool(d.get("shuba", False)))


class ReachAccepted(NamedTuple):
    actor: int
    shown: list[Tile] | None = None
    """An open riichi's whole hand (``table.open_riichi_shows = "hand"``)."""
    shown_waits: str | None = None
    """An open riichi's waits, MPSZ (``table.open_riichi_shows = "waits"``)."""

    def to_json(self) -> Json:
        out: Json = {"type": "reach_accepted", "actor": self.actor}
        if self.shown is not None:
            out["shown"] = self.shown
        if self.shown_waits is not None:
            out["shown_waits"] = self.shown_waits
        return out

    @classmethod
    def from_json(cls, d: Json) -> ReachAccepted:
        shown = d.get("shown")
        return cls(d["actor"], list(shown) if shown is not None else None, d.get("shown_waits"))


def _call_json(kind: str, ev: Chi | Pon | Daiminkan) -> Json:
    return {
        "type": kind,
        "actor": ev.actor,
        "target": ev.target,
        "tile": ev.tile,
        "tiles": list(ev.tiles),
        "pai": ev.pai,
    }


class Chi(NamedTuple):
    actor: int
    target: int
    tile: Tile
    tiles: tuple[Tile, ...]
    pai: str

    def to_json(self) -> Json:
        return _call_json("chi", self)

    @classmethod
    def from_json(cls, d: Json) -> Chi:
        return cls(d["actor"], d["target"], d["tile"], tuple(d["tiles"]), d["pai"])


class Pon(NamedTuple):
    actor: int
    target: int
    tile: Tile
    tiles: tuple[Tile, ...]
    pai: str

    def to_json(self) -> Json:
        return _call_json("pon", self)

    @classmethod
    def from_json(cls, d: Json) -> Pon:
        return cls(d["actor"], d["target"], d["tile"], tuple(d["tiles"]), d["pai"])


class Daiminkan(NamedTuple):
    actor: int
    target: int
    tile: Tile
    tiles: tuple[Tile, ...]
    pai: str

    def to_json(self) -> Json:
        return _call_json("daiminkan", self)

    @classmethod
    def from_json(cls, d: Json) -> Daiminkan:
        return cls(d["actor"], d["target"], d["tile"], tuple(d["tiles"]), d["pai"])


class Ankan(NamedTuple):
    actor: int
    tiles: tuple[Tile, ...]

    def to_json(self) -> Json:
        return {"type": "ankan", "actor": self.actor, "tiles": list(self.tiles)}

    @classmethod
    def from_json(cls, d: Json) -> Ankan:
        return cls(d["actor"], tuple(d["tiles"]))


class Kakan(NamedTuple):
    actor: int
    tile: Tile
    pai: str

    def to_json(self) -> Json:
        return {"type": "kakan", "actor": self.actor, "tile": self.tile, "pai": self.pai}

    @classmethod
    def from_json(cls, d: Json) -> Kakan:
        return cls(d["actor"], d["tile"], d["pai"])


class KakanDone(NamedTuple):
    """Nobody robbed the added kan: it counts from here."""

    actor: int

    def to_json(self) -> Json:
        return {"type": "kakan_done", "actor": self.actor}

    @classmethod
    def from_json(cls, d: Json) -> KakanDone:
        return cls(d["actor"])


class Dora(NamedTuple):
    """A kan dora indicator turned."""

    tile: Tile
    dora_marker: str

    def to_json(self) -> Json:
        return {"type": "dora", "tile": self.tile, "dora_marker": self.dora_marker}

    @classmethod
    def from_json(cls, d: Json) -> Dora:
        return cls(d["tile"], d["dora_marker"])


class Nukidora(NamedTuple):
    """A north, a flower or mighty's 5m set aside (a replacement ``tsumo`` follows)."""

    actor: int
    tile: Tile
    pai: str

    def to_json(self) -> Json:
        return {"type": "nukidora", "actor": self.actor, "tile": self.tile, "pai": self.pai}

    @classmethod
    def from_json(cls, d: Json) -> Nukidora:
        return cls(d["actor"], d["tile"], d["pai"])


class Pass(NamedTuple):
    """A declined call or ron (only the passer sees it)."""

    actor: int
    missed_ron: bool

    def to_json(self) -> Json:
        return {"type": "pass", "actor": self.actor, "missed_ron": self.missed_ron}

    @classmethod
    def from_json(cls, d: Json) -> Pass:
        return cls(d["actor"], bool(d.get("missed_ron", False)))


class Hora(NamedTuple):
    """A win. A tsumo has no ``chankan``/``first``/``last`` (None); a ron has them all;
    mighty 無 has no tile."""

    actor: int
    target: int
    tile: Tile | None = None
    pai: str | None = None
    chankan: bool | None = None
    first: bool | None = None
    """The first of a double ron (it takes the honba and sticks)."""
    last: bool | None = None
    """The last of a double ron (the hand ends after it)."""
    mu: bool = False
    dice: list[list[int]] | None = None
    """gotou サイコロチャンス earned by this win: ``[[d1, d2], ...]``, doubles roll again."""

    def to_json(self) -> Json:
        out: Json = {"type": "hora", "actor": self.actor, "target": self.target}
        if self.tile is not None:
            out["tile"] = self.tile
        if self.pai is not None:
            out["pai"] = self.pai
        if self.chankan is not None:
            out["chankan"] = self.chankan
        if self.first is not None:
            out["first"] = self.first
        if self.last is not None:
            out["last"] = self.last
        if self.mu:
            out["mu"] = True
        if self.dice is not None:
            out["dice"] = self.dice
        return out

    @classmethod
    def from_json(cls, d: Json) -> Hora:
        return cls(
            d["actor"],
            d["target"],
            d.get("tile"),
            d.get("pai"),
            d.get("chankan"),
            d.get("first"),
            d.get("last"),
            bool(d.get("mu", False)),
            d.get("dice"),
        )

    @property
    def is_last(self) -> bool:
        return self.last is not False


class Ryukyoku(NamedTuple):
    reason: str
    """``exhaustive``, ``nm`` (流し), ``yao9`` (九種九牌), ``kaze4``, ``reach4``, ``ron3``,
    ``kan4``."""
    actor: int | None = None
    """Who declared 九種九牌."""
    tenpai: list[int] | None = None
    nagashi: list[int] | None = None
    nagashi_dice: list[list[Any]] | None = None
    """gotou: ``[[person, rolls]]``, the サイコロチャンス a 流し earns as a yakuman win."""

    def to_json(self) -> Json:
        out: Json = {"type": "ryukyoku", "reason": self.reason}
        if self.actor is not None:
            out["actor"] = self.actor
        if self.tenpai is not None:
            out["tenpai"] = self.tenpai
        if self.nagashi is not None:
            out["nagashi"] = self.nagashi
        if self.nagashi_dice is not None:
            out["nagashi_dice"] = self.nagashi_dice
        return out

    @classmethod
    def from_json(cls, d: Json) -> Ryukyoku:
        return cls(
            d["reason"], d.get("actor"), d.get("tenpai"), d.get("nagashi"), d.get("nagashi_dice")
        )


class EndKyoku(NamedTuple):
    scores: list[int]

    def to_json(self) -> Json:
        return {"type": "end_kyoku", "scores": self.scores}

    @classmethod
    def from_json(cls, d: Json) -> EndKyoku:
        return cls(list(d["scores"]))


class EndGame(NamedTuple):
    scores: list[int]
    chips: list[int]
    settlement: list[float] | None
    """The preset's unit: points, chips or Boo points."""
    leftover_sticks: Sequence[int] | None
    """The top person and the points they took from the sticks left on the table."""

    def to_json(self) -> Json:
        return {
            "type": "end_game",
            "scores": self.scores,
            "chips": self.chips,
            "settlement": self.settlement,
            "leftover_sticks": self.leftover_sticks,
        }

    @classmethod
    def from_json(cls, d: Json) -> EndGame:
        return cls(
            list(d["scores"]), list(d["chips"]), d.get("settlement"), d.get("leftover_sticks")
        )


Event: TypeAlias = (
    StartGame
    | StartKyoku
    | Tsumo
    | Dahai
    | Reach
    | ReachAccepted
    | Chi
    | Pon
    | Daiminkan
    | Ankan
    | Kakan
    | KakanDone
    | Dora
    | Nukidora
    | Pass
    | Hora
    | Ryukyoku
    | EndKyoku
    | EndGame
)

_READERS: dict[str, Callable[[Json], Event]] = {
    "start_game": StartGame.from_json,
    "start_kyoku": StartKyoku.from_json,
    "tsumo": Tsumo.from_json,
    "dahai": Dahai.from_json,
    "reach": Reach.from_json,
    "reach_accepted": ReachAccepted.from_json,
    "chi": Chi.from_json,
    "pon": Pon.from_json,
    "daiminkan": Daiminkan.from_json,
    "ankan": Ankan.from_json,
    "kakan": Kakan.from_json,
    "kakan_done": KakanDone.from_json,
    "dora": Dora.from_json,
    "nukidora": Nukidora.from_json,
    "pass": Pass.from_json,
    "hora": Hora.from_json,
    "ryukyoku": Ryukyoku.from_json,
    "end_kyoku": EndKyoku.from_json,
    "end_game": EndGame.from_json,
}

EVENT_TYPES: frozenset[str] = frozenset(_READERS)
"""Every event type of the log."""


class EventError(ValueError):
    """A log line that is no event: names the line."""


def event_from_json(d: Json) -> Event:
    """The typed event of one log line (its *derived* fields are left out: the fold computes
    them again)."""
    reader = _READERS.get(d.get("type")) if isinstance(d, dict) else None  # type: ignore[arg-type]
    if reader is None:
        raise EventError(f"unknown event type in {d!r}")
    try:
        return reader(d)
    except (KeyError, TypeError) as e:
        raise EventError(f"malformed {d.get('type')} event {d!r}: {e}") from None
