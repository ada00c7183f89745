"""The game's events, typed: one class per event of docs/events.md.

An event is what happened at the table (a chance outcome or a seat's choice); the log stores
its JSON (:meth:`to_json`, mjai's shapes plus jantaku's house fields), and
:func:`event_from_json` reads it back. The results the fold computes from an event (a win's
score, a draw's payments, chips paid on a draw) are not part of it: they are outcomes
(:mod:`jantaku.game.outcomes`), written beside the event's own fields in the log (*derived*
in docs/events.md) and recomputed by every replay.

Each class names its ``type`` once, as ``TYPE``: :data:`EVENT_CLASSES` lists the classes, and
the readers, :data:`EVENT_TYPES`, the visibility filter (:mod:`jantaku.game.visibility`) and
the seat view's fold (:mod:`jantaku.game.seat`), which read the log's JSON lines, take the
names from there.

Events are plain final classes with immutable fields (named in ``__match_args__``, equal and
hashed by them), matched by class in the fold (:func:`jantaku.game.fold.fold`). Not named
tuples: a game emits thousands, and compiled (the mypyc build), a final class is built by
native code where a named tuple's ``__new__`` is interpreted.

>>> ev = Dahai(actor=1, tile=52, pai="4p", tsumogiri=True)
>>> ev.to_json()
{'type': 'dahai', 'actor': 1, 'tile': 52, 'pai': '4p', 'tsumogiri': True}
>>> event_from_json(ev.to_json()) == ev
True
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, ClassVar, Final, Self, TypeAlias, final

from jantaku.tiles.tileset import Tile

from .wall import Json, Wall


class _Event:
    """What every event shares: equality, hash and repr by its fields (``__match_args__``)."""

    __slots__ = ()
    __match_args__: ClassVar[tuple[str, ...]] = ()
    TYPE: ClassVar[str]
    """The event's ``type`` in the log, declared once per class: the readers
    (:func:`event_from_json`), :data:`EVENT_TYPES`, the seat view's fold and the visibility
    filter name the event by it."""

    def to_json(self) -> Json:
        raise NotImplementedError

    def _values(self) -> tuple[object, ...]:
        return tuple([getattr(self, name) for name in self.__match_args__])

    def __eq__(self, other: object) -> bool:
        return type(other) is type(self) and self._values() == other._values()

    def __hash__(self) -> int:
        return hash((type(self).__name__, self._values()))

    def __repr__(self) -> str:
        fields = ", ".join(f"{name}={getattr(self, name)!r}" for name in self.__match_args__)
        return f"{type(self).__name__}({fields})"


# -- game and hand ---------------------------------------------------------------------------


@final
class StartGame(_Event):
    TYPE = "start_game"
    __match_args__ = ("preset", "seed", "players", "people")
    __slots__ = __match_args__

    def __init__(self, preset: str, seed: int, players: int, people: int | None = None) -> None:
        self.preset: Final = preset
        self.seed: Final = seed
        self.players: Final = players
        self.people: Final = people
        """Four people rotating at a three-player preset (absent otherwise)."""

    def to_json(self) -> Json:
        out: Json = {
            "type": self.TYPE,
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


@final
class StartKyoku(_Event):
    TYPE = "start_kyoku"
    __match_args__ = (
        "bakaze",
        "kyoku",
        "honba",
        "kyotaku",
        "oya",
        "scores",
        "dora_marker",
        "dora_tile",
        "dora_tiles",
        "wall",
        "stacked",
        "wareme",
        "sitting_out",
        "dice",
    )
    __slots__ = __match_args__

    def __init__(
        self,
        bakaze: str,
        kyoku: int,
        honba: int,
        kyotaku: int,
        oya: int,
        scores: list[int],
        dora_marker: str,
        dora_tile: Tile,
        dora_tiles: list[Tile],
        wall: Wall,
        stacked: bool = False,
        wareme: int | None = None,
        sitting_out: int | None = None,
        dice: list[int] | None = None,
    ) -> None:
        self.bakaze: Final = bakaze
        self.kyoku: Final = kyoku
        self.honba: Final = honba
        self.kyotaku: Final = kyotaku
        self.oya: Final = oya
        self.scores: Final = scores
        self.dora_marker: Final = dora_marker
        self.dora_tile: Final = dora_tile
        self.dora_tiles: Final = dora_tiles
        """Every indicator turned at the start (gotou and a dealer's doubles: 2)."""
        self.wall: Final = wall
        self.stacked: Final = stacked
        """The wall was given (tests, real-game replays), not shuffled from the seed."""
        self.wareme: Final = wareme
        """mighty 割れ目: the person whose points are doubled this hand."""
        self.sitting_out: Final = sitting_out
        """Four at a three-player preset: the person before the dealer (抜け番)."""
        self.dice: Final = dice
        """The dealer's two dice (``table.doubles_two_dora``)."""

    def to_json(self) -> Json:
        out: Json = {
            "type": self.TYPE,
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


@final
class Tsumo(_Event):
    TYPE = "tsumo"
    __match_args__ = ("actor", "tile", "pai", "rinshan")
    __slots__ = __match_args__

    def __init__(self, actor: int, tile: Tile, pai: str, rinshan: bool) -> None:
        self.actor: Final = actor
        self.tile: Final = tile
        self.pai: Final = pai
        self.rinshan: Final = rinshan

    def to_json(self) -> Json:
        return {
            "type": self.TYPE,
            "actor": self.actor,
            "tile": self.tile,
            "pai": self.pai,
            "rinshan": self.rinshan,
        }

    @classmethod
    def from_json(cls, d: Json) -> Tsumo:
        return cls(d["actor"], d["tile"], d["pai"], d["rinshan"])


@final
class Dahai(_Event):
    TYPE = "dahai"
    __match_args__ = ("actor", "tile", "pai", "tsumogiri", "tedumari")
    __slots__ = __match_args__

    def __init__(
        self,
        actor: int,
        tile: Tile,
        pai: str,
        tsumogiri: bool,
        tedumari: bool = False,
    ) -> None:
        self.actor: Final = actor
        self.tile: Final = tile
        self.pai: Final = pai
        self.tsumogiri: Final = tsumogiri
        self.tedumari: Final = tedumari
        """Every discard would have dealt in to an open riichi (gotou 手詰まり)."""

    def to_json(self) -> Json:
        out: Json = {
            "type": self.TYPE,
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


@final
class Reach(_Event):
    TYPE = "reach"
    __match_args__ = ("actor", "open", "shuba")
    __slots__ = __match_args__

    def __init__(self, actor: int, open: bool = False, shuba: bool = False) -> None:
        self.actor: Final = actor
        self.open: Final = open
        """オープンリーチ."""
        self.shuba: Final = shuba
        """シュバリー."""

    def to_json(self) -> Json:
        out: Json = {"type": self.TYPE, "actor": self.actor}
        if self.open:
            out["open"] = True
        if self.shuba:
            out["shuba"] = True
        return out

    @classmethod
    def from_json(cls, d: Json) -> Reach:
        return cls(d["actor"], bool(d.get("open", False)), bool(d.get("shuba", False)))


@final
class ReachAccepted(_Event):
    TYPE = "reach_accepted"
    __match_args__ = ("actor", "shown", "shown_waits")
    __slots__ = __match_args__

    def __init__(
        self,
        actor: int,
        shown: list[Tile] | None = None,
        shown_waits: str | None = None,
    ) -> None:
        self.actor: Final = actor
        self.shown: Final = shown
        """An open riichi's whole hand (``table.open_riichi_shows = "hand"``)."""
        self.shown_waits: Final = shown_waits
        """An open riichi's waits, MPSZ (``table.open_riichi_shows = "waits"``)."""

    def to_json(self) -> Json:
        out: Json = {"type": self.TYPE, "actor": self.actor}
        if self.shown is not None:
            out["shown"] = self.shown
        if self.shown_waits is not None:
            out["shown_waits"] = self.shown_waits
        return out

    @classmethod
    def from_json(cls, d: Json) -> ReachAccepted:
        shown = d.get("shown")
        return cls(d["actor"], list(shown) if shown is not None else None, d.get("shown_waits"))


class _Call(_Event):
    """A call on another seat's discard: チー, ポン and 大明槓 share their fields and JSON
    (``TYPE`` names the event type)."""

    __match_args__ = ("actor", "target", "tile", "tiles", "pai")
    __slots__ = __match_args__

    def __init__(
        self,
        actor: int,
        target: int,
        tile: Tile,
        tiles: tuple[Tile, ...],
        pai: str,
    ) -> None:
        self.actor: Final = actor
        self.target: Final = target
        self.tile: Final = tile
        self.tiles: Final = tiles
        self.pai: Final = pai

    def to_json(self) -> Json:
        return {
            "type": self.TYPE,
            "actor": self.actor,
            "target": self.target,
            "tile": self.tile,
            "tiles": list(self.tiles),
            "pai": self.pai,
        }

    @classmethod
    def from_json(cls, d: Json) -> Self:
        return cls(d["actor"], d["target"], d["tile"], tuple(d["tiles"]), d["pai"])


@final
class Chi(_Call):
    TYPE = "chi"
    __slots__ = ()


@final
class Pon(_Call):
    TYPE = "pon"
    __slots__ = ()


@final
class Daiminkan(_Call):
    TYPE = "daiminkan"
    __slots__ = ()


@final
class Ankan(_Event):
    TYPE = "ankan"
    __match_args__ = ("actor", "tiles")
    __slots__ = __match_args__

    def __init__(self, actor: int, tiles: tuple[Tile, ...]) -> None:
        self.actor: Final = actor
        self.tiles: Final = tiles

    def to_json(self) -> Json:
        return {"type": self.TYPE, "actor": self.actor, "tiles": list(self.tiles)}

    @classmethod
    def from_json(cls, d: Json) -> Ankan:
        return cls(d["actor"], tuple(d["tiles"]))


@final
class Kakan(_Event):
    TYPE = "kakan"
    __match_args__ = ("actor", "tile", "pai")
    __slots__ = __match_args__

    def __init__(self, actor: int, tile: Tile, pai: str) -> None:
        self.actor: Final = actor
        self.tile: Final = tile
        self.pai: Final = pai

    def to_json(self) -> Json:
        return {"type": self.TYPE, "actor": self.actor, "tile": self.tile, "pai": self.pai}

    @classmethod
    def from_json(cls, d: Json) -> Kakan:
        return cls(d["actor"], d["tile"], d["pai"])


@final
class KakanDone(_Event):
    """Nobody robbed the added kan: it counts from here."""

    TYPE = "kakan_done"
    __match_args__ = ("actor",)
    __slots__ = __match_args__

    def __init__(self, actor: int) -> None:
        self.actor: Final = actor

    def to_json(self) -> Json:
        return {"type": self.TYPE, "actor": self.actor}

    @classmethod
    def from_json(cls, d: Json) -> KakanDone:
        return cls(d["actor"])


@final
class Dora(_Event):
    """A kan dora indicator turned. ``live``: its stack (the indicator over its ura) was
    taken from the live wall's end, which is two draws shorter
    (``table.kan_indicators_from_live``)."""

    TYPE = "dora"
    __match_args__ = ("tile", "dora_marker", "live")
    __slots__ = __match_args__

    def __init__(self, tile: Tile, dora_marker: str, live: bool = False) -> None:
        self.tile: Final = tile
        self.dora_marker: Final = dora_marker
        self.live: Final = live

    def to_json(self) -> Json:
        out: Json = {"type": self.TYPE, "tile": self.tile, "dora_marker": self.dora_marker}
        if self.live:
            out["live"] = True
        return out

    @classmethod
    def from_json(cls, d: Json) -> Dora:
        return cls(d["tile"], d["dora_marker"], bool(d.get("live", False)))


@final
class Nukidora(_Event):
    """A north, a flower or mighty's 5m set aside (a replacement ``tsumo`` follows)."""

    TYPE = "nukidora"
    __match_args__ = ("actor", "tile", "pai")
    __slots__ = __match_args__

    def __init__(self, actor: int, tile: Tile, pai: str) -> None:
        self.actor: Final = actor
        self.tile: Final = tile
        self.pai: Final = pai

    def to_json(self) -> Json:
        return {"type": self.TYPE, "actor": self.actor, "tile": self.tile, "pai": self.pai}

    @classmethod
    def from_json(cls, d: Json) -> Nukidora:
        return cls(d["actor"], d["tile"], d["pai"])


@final
class Pass(_Event):
    """A declined call or ron (only the passer sees it)."""

    TYPE = "pass"
    __match_args__ = ("actor", "missed_ron")
    __slots__ = __match_args__

    def __init__(self, actor: int, missed_ron: bool) -> None:
        self.actor: Final = actor
        self.missed_ron: Final = missed_ron

    def to_json(self) -> Json:
        return {"type": self.TYPE, "actor": self.actor, "missed_ron": self.missed_ron}

    @classmethod
    def from_json(cls, d: Json) -> Pass:
        return cls(d["actor"], bool(d.get("missed_ron", False)))


@final
class Declare(_Event):
    """A call or a ron declared on the tile on offer (only the declarer sees it). It is held
    until every seat offered the tile has answered, then resolved: the events it causes
    (``chi``, ``pon``, ``daiminkan``, ``hora``) show it to the others, and a call that a ron
    or a pon outranks causes nothing. ``call`` is the action's type: ``ron``, ``chi``,
    ``pon`` or ``daiminkan``; ``tile`` is the tile on offer, ``tiles`` those a call takes
    from the hand."""

    TYPE = "declare"
    __match_args__ = ("actor", "call", "tile", "tiles", "pai")
    __slots__ = __match_args__

    def __init__(self, actor: int, call: str, tile: Tile, tiles: list[Tile], pai: str) -> None:
        self.actor: Final = actor
        self.call: Final = call
        self.tile: Final = tile
        self.tiles: Final = tiles
        self.pai: Final = pai

    def to_json(self) -> Json:
        return {
            "type": self.TYPE,
            "actor": self.actor,
            "call": self.call,
            "tile": self.tile,
            "tiles": self.tiles,
            "pai": self.pai,
        }

    @classmethod
    def from_json(cls, d: Json) -> Declare:
        return cls(d["actor"], d["call"], d["tile"], list(d.get("tiles", [])), d["pai"])


@final
class Hora(_Event):
    """A win. A tsumo has no ``chankan``/``first``/``last`` (None); a ron has them all;
    mighty 無 has no tile."""

    TYPE = "hora"
    __match_args__ = ("actor", "target", "tile", "pai", "chankan", "first", "last", "mu", "dice")
    __slots__ = __match_args__

    def __init__(
        self,
        actor: int,
        target: int,
        tile: Tile | None = None,
        pai: str | None = None,
        chankan: bool | None = None,
        first: bool | None = None,
        last: bool | None = None,
        mu: bool = False,
        dice: list[list[int]] | None = None,
    ) -> None:
        self.actor: Final = actor
        self.target: Final = target
        self.tile: Final = tile
        self.pai: Final = pai
        self.chankan: Final = chankan
        self.first: Final = first
        """The first of a double ron (it takes the honba and sticks)."""
        self.last: Final = last
        """The last of a double ron (the hand ends after it)."""
        self.mu: Final = mu
        self.dice: Final = dice
        """gotou サイコロチャンス earned by this win: ``[[d1, d2], ...]``, doubles roll again."""

    def to_json(self) -> Json:
        out: Json = {"type": self.TYPE, "actor": self.actor, "target": self.target}
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

    def with_dice(self, dice: list[list[int]]) -> Hora:
        """The same win with the サイコロチャンス rolls it earned."""
        return Hora(
            self.actor, self.target, self.tile, self.pai, self.chankan, self.first, self.last,
            self.mu, dice,
        )  # fmt: skip

    @property
    def is_last(self) -> bool:
        return self.last is not False


@final
class Ryukyoku(_Event):
    TYPE = "ryukyoku"
    __match_args__ = ("reason", "actor", "tenpai", "nagashi", "nagashi_dice")
    __slots__ = __match_args__

    def __init__(
        self,
        reason: str,
        actor: int | None = None,
        tenpai: list[int] | None = None,
        nagashi: list[int] | None = None,
        nagashi_dice: list[list[Any]] | None = None,
    ) -> None:
        self.reason: Final = reason
        """``exhaustive``, ``nm`` (流し), ``yao9`` (九種九牌), ``kaze4``, ``reach4``, ``ron3``,
        ``kan4``."""
        self.actor: Final = actor
        """Who declared 九種九牌."""
        self.tenpai: Final = tenpai
        self.nagashi: Final = nagashi
        self.nagashi_dice: Final = nagashi_dice
        """gotou: ``[[person, rolls]]``, the サイコロチャンス a 流し earns as a yakuman win."""

    def to_json(self) -> Json:
        out: Json = {"type": self.TYPE, "reason": self.reason}
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


@final
class EndKyoku(_Event):
    TYPE = "end_kyoku"
    __match_args__ = ("scores",)
    __slots__ = __match_args__

    def __init__(self, scores: list[int]) -> None:
        self.scores: Final = scores

    def to_json(self) -> Json:
        return {"type": self.TYPE, "scores": self.scores}

    @classmethod
    def from_json(cls, d: Json) -> EndKyoku:
        return cls(list(d["scores"]))


@final
class EndGame(_Event):
    TYPE = "end_game"
    __match_args__ = ("scores", "chips", "settlement", "leftover_sticks")
    __slots__ = __match_args__

    def __init__(
        self,
        scores: list[int],
        chips: list[int],
        settlement: list[float] | None,
        leftover_sticks: Sequence[int] | None,
    ) -> None:
        self.scores: Final = scores
        self.chips: Final = chips
        self.settlement: Final = settlement
        """The preset's unit: points, chips or Boo points."""
        self.leftover_sticks: Final = leftover_sticks
        """The top person and the points they took from the sticks left on the table."""

    def to_json(self) -> Json:
        return {
            "type": self.TYPE,
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
    | Declare
    | Hora
    | Ryukyoku
    | EndKyoku
    | EndGame
)

EVENT_CLASSES: tuple[type[Event], ...] = (
    StartGame,
    StartKyoku,
    Tsumo,
    Dahai,
    Reach,
    ReachAccepted,
    Chi,
    Pon,
    Daiminkan,
    Ankan,
    Kakan,
    KakanDone,
    Dora,
    Nukidora,
    Pass,
    Declare,
    Hora,
    Ryukyoku,
    EndKyoku,
    EndGame,
)
"""Every class of :data:`Event` (a test checks the two name the same classes)."""

_READERS: dict[str, Callable[[Json], Event]] = {c.TYPE: c.from_json for c in EVENT_CLASSES}

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
