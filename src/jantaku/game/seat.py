"""One seat's state, folded only from the events that seat sees (as Mortal's player state is
built from a player's own event stream): what bots decide from, and never the full state.

:class:`SeatView` takes the public rules of the game (preset, tile set, hand analyzer: no
seed) and then each event as :func:`jantaku.game.visibility.seen_by` shows it to the seat,
one at a time (:meth:`SeatView.update`). It refuses an event that carries what the seat may
not see (a wall, the seed, another seat's draw), so nothing hidden can reach a bot through
it. :class:`SeatViews` keeps every seat's view of one game up to date from the full log, the
way the simulator and the server feed their bots.

>>> from jantaku.game import Game
>>> state = Game("riichi", 3).new_state()
>>> view = SeatView.of(state, 1)
>>> len(view.hand), view.dealer, view.wall_left
(13, 0, 69)
>>> view.events() == state.view(1)
True
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import TYPE_CHECKING, Final

from jantaku.tiles.kinds import N_ALL_KINDS, WIND_LETTERS, WINDS, Kind
from jantaku.tiles.notation import Meld, MeldType, Source, parse_tiles
from jantaku.tiles.tileset import Tile, tile_kind

from .events import (
    EVENT_TYPES,
    Ankan,
    Chi,
    Dahai,
    Daiminkan,
    Declare,
    Dora,
    EndGame,
    EndKyoku,
    Hora,
    Kakan,
    KakanDone,
    Nukidora,
    Pass,
    Pon,
    Reach,
    ReachAccepted,
    Ryukyoku,
    StartGame,
    StartKyoku,
    Tsumo,
)
from .visibility import EventJson, is_public, seen_by_each

if TYPE_CHECKING:
    from jantaku.hand import HandAnalyzer
    from jantaku.rules.model import Preset, TableRules
    from jantaku.tiles.tileset import TileSet

    from .engine import Game, State

# Meld types whose first tile was called from a river (and so is also still in that river).
_CALLED_TYPES = (MeldType.CHI, MeldType.PON, MeldType.MINKAN, MeldType.KAKAN)
_TSUMO: Final = Tsumo.TYPE
_DAHAI: Final = Dahai.TYPE
_PASS: Final = Pass.TYPE
_DECLARE: Final = Declare.TYPE
_KAKAN_DONE: Final = KakanDone.TYPE
_START_GAME: Final = StartGame.TYPE
_START_KYOKU: Final = StartKyoku.TYPE
_REACH: Final = Reach.TYPE
_REACH_ACCEPTED: Final = ReachAccepted.TYPE
_DORA: Final = Dora.TYPE
_CHI: Final = Chi.TYPE
_PON: Final = Pon.TYPE
_DAIMINKAN: Final = Daiminkan.TYPE
_ANKAN: Final = Ankan.TYPE
_KAKAN: Final = Kakan.TYPE
_NUKIDORA: Final = Nukidora.TYPE
_HORA: Final = Hora.TYPE
_RYUKYOKU: Final = Ryukyoku.TYPE
_END_KYOKU: Final = EndKyoku.TYPE
_END_GAME: Final = EndGame.TYPE
_UNFOLDED: Final = frozenset({_PASS, _DECLARE, _KAKAN_DONE, _START_GAME})
"""Events that change nothing a seat keeps."""
_CALLED: Final = frozenset({_CHI, _PON, _DAIMINKAN})
_CALLS = {_CHI: MeldType.CHI, _PON: MeldType.PON, _DAIMINKAN: MeldType.MINKAN}


class SeatView:
    """A seat's window on a game: its own hand and the public record, folded from the
    events it saw. Everything returned is a copy or immutable.

    The score board (``scores``, ``dealer``, ``honba``, ``sticks``) is the one of the hand in
    play: between a hand's end and the next deal (when nobody decides) it may lag the
    table's ledger. A game resumed mid-way (``Game.new_state(start=...)``) starts from the
    preset's chips: its resumed chip counts are not in any event.
    """

    def __init__(self, game: Game, seat: int) -> None:
        if not 0 <= seat < game.people:
            raise ValueError(f"seat {seat}: this game has seats 0 to {game.people - 1}")
        self._seat = seat
        self._preset = game.preset
        self._table: TableRules = game.table
        self._tileset = game.tileset
        self._analyzer = game.analyzer
        self._nuki = game.scorer.nuki_kinds
        self._seats = game.seats
        self._people = n = game.people
        self._live_start = (
            len(game.tileset.tiles) - game.table.dead_wall - (game.hand_size * game.seats)
        )
        """Live draws at the start of a hand (a kan's indicator may take two of them)."""
        self._events: list[EventJson] = []
        self._folded = 0
        """How many of ``_events`` the state below has folded."""
        g = game.preset.game
        self._scores = [g.start_points] * n
        self._chips = [g.start_chips] * n
        self._dealer = 0
        self._round = 0
        self._honba = 0
        self._sticks = 0
        self._stick_points = 0
        """What the sticks on the table are worth: a シュバリー stick is dearer than one."""
        self._new_hand(0, None)

    def _new_hand(self, dealer: int, sitting_out: int | None) -> None:
        n = self._people
        self._hand: list[Tile] = []
        self._drawn: Tile | None = None
        self._melds: list[list[Meld]] = [[] for _ in range(n)]
        self._rivers: list[list[Tile]] = [[] for _ in range(n)]
        self._tsumogiri: list[list[bool]] = [[] for _ in range(n)]
        self._extracted: list[list[Tile]] = [[] for _ in range(n)]
        self._riichi = [False] * n
        self._riichi_at = [-1] * n
        """Per seat in riichi: the index in its river of its riichi declaration tile."""
        self._shuba = [False] * n
        self._called_at = [-1] * n
        """Per seat: the length of its river when it last called (-1: no call this hand)."""
        self._passed: list[set[Kind] | None] = [None] * n
        """Per seat in riichi: the kinds discarded by anyone since its declaration."""
        self._passing: list[set[Kind]] = []
        """The sets of ``_passed`` that are not None (each discard is added to them)."""
        self._shown: list[tuple[bool, Sequence[Tile]] | None] = [None] * n
        """Per seat: what its open riichi showed (True: its hand; False: its waits)."""
        self._revealed: list[Tile] = []
        self._last_discard: tuple[int, Tile] | None = None
        self._wareme: int | None = None
        order = [(dealer + i) % n for i in range(n)]
        self._position = [-1] * n
        for i, q in enumerate(q for q in order if q != sitting_out):
            self._position[q] = i
        self._draws = 0
        self._live_total = self._live_start
        self._live_left = self._live_total
        self._rinshan_left = self._table.rinshan_tiles

    @classmethod
    def of(cls, state: State, seat: int) -> SeatView:
        """The view of ``seat`` now, folded from ``state.view(seat)`` (the public rules of
        its game aside, nothing else of the state is read)."""
        view = cls(state.game, seat)
        for ev in state.view(seat):
            view.update(ev)
        return view

    def __repr__(self) -> str:
        return f"SeatView(seat={self._seat}, events={len(self._events)})"

    # -- the fold -------------------------------------------------------------------------------

    def update(self, ev: EventJson) -> None:
        """Take one event as this seat sees it (:func:`~jantaku.game.visibility.seen_by`).
        An event that shows what the seat may not see is refused (``ValueError``), and so
        is an event of an unknown type; nothing changes then. (It is folded into the state
        when the state is next read: a bot that reads nothing costs nothing.)"""
        kind = ev["type"]
        if kind not in EVENT_TYPES:
            raise ValueError(f"seat {self._seat}: unknown event type {kind!r} in {ev}")
        if kind == _TSUMO and ev["actor"] != self._seat and "tile" in ev:
            self._refuse(kind, "another seat's draw")
        if "wall" in ev:
            self._refuse(kind, "the wall")
        if "seed" in ev:
            self._refuse(kind, "the seed")
        self._events.append(ev)

    def _now(self) -> None:
        """Fold the events taken since the state was last read."""
        events = self._events
        while self._folded < len(events):
            ev = events[self._folded]
            self._folded += 1
            self._fold(ev)

    def _fold(self, ev: EventJson) -> None:
        """The one place the seat's state changes: one event, by its type. Each case names
        its classes' ``TYPE`` (:mod:`jantaku.game.events`) through a module constant (a class
        attribute is a generic lookup when compiled); tests/game/test_game_vocabulary.py checks
        that every class has a case."""
        kind: str = ev["type"]  # typed: compiled, each test is a native string compare
        seat = self._seat
        actor: int
        tile: Tile
        # Most frequent first; each test a native string compare against a module constant.
        if kind == _TSUMO:
            self._tsumo(ev["actor"], ev)
        elif kind == _DAHAI:
            actor, tile = ev["actor"], ev["tile"]
            if actor == seat:
                self._hand.remove(tile)
                self._drawn = None
            self._rivers[actor].append(tile)
            self._tsumogiri[actor].append(bool(ev.get("tsumogiri")))
            if self._passing:
                k = tile_kind(tile)
                for passed in self._passing:
                    passed.add(k)
            self._last_discard = (actor, tile)
        elif kind in _UNFOLDED:
            pass
        elif kind == _START_KYOKU:
            self._start_kyoku(ev)
        elif kind == _REACH:
            actor = ev["actor"]
            self._riichi[actor] = True
            self._riichi_at[actor] = len(self._rivers[actor])
            self._shuba[actor] = bool(ev.get("shuba", False))
            since: set[Kind] = set()
            self._passed[actor] = since
            self._passing.append(since)
        elif kind == _REACH_ACCEPTED:
            actor = ev["actor"]
            if "deltas" in ev:
                cost = -ev["deltas"][actor]
            else:  # a log written before the event carried its stick
                cost = (
                    self._preset.game.shuba_stick
                    if self._shuba[actor]
                    else self._preset.scoring.riichi_stick
                )
            self._scores[actor] -= cost
            self._sticks += 1
            self._stick_points += cost
            if "shown" in ev:
                self._shown[actor] = (True, list(ev["shown"]))
            elif "shown_waits" in ev:
                self._shown[actor] = (False, parse_tiles(ev["shown_waits"], self._tileset))
        elif kind == _DORA:
            self._revealed.append(ev["tile"])
            if ev.get("live"):
                self._live_left -= 2
                self._live_total -= 2
        elif kind in _CALLED:
            self._call(ev, _CALLS[kind])
        elif kind == _ANKAN:
            actor, tiles = ev["actor"], ev["tiles"]
            if actor == seat:
                for t in tiles:
                    self._hand.remove(t)
            self._melds[actor].append(Meld(MeldType.ANKAN, tuple(tiles), None))
            self._last_discard = None
        elif kind == _KAKAN:
            actor, tile = ev["actor"], ev["tile"]
            if actor == seat:
                self._hand.remove(tile)
            melds = self._melds[actor]
            for i, m in enumerate(melds):
                if m.type is MeldType.PON and m.kind == tile_kind(tile):
                    melds[i] = Meld(MeldType.KAKAN, (*m.tiles, tile), m.source)
                    break
            self._last_discard = None
        elif kind == _NUKIDORA:
            actor, tile = ev["actor"], ev["tile"]
            if actor == seat:
                self._hand.remove(tile)
            self._extracted[actor].append(tile)
            self._add_chips(ev)
            self._last_discard = None
        elif kind == _HORA:
            self._add_chips(ev)
            if "scores" in ev:
                self._scores = list(ev["scores"])
            if ev.get("first", True):
                self._sticks = self._stick_points = 0  # the first winner takes them
        elif kind == _RYUKYOKU:
            self._add_chips(ev)
            if "scores" in ev:
                self._scores = list(ev["scores"])
        elif kind == _END_KYOKU:
            self._scores = list(ev["scores"])
        elif kind == _END_GAME:
            self._scores = list(ev["scores"])
            self._chips = list(ev["chips"])
            self._sticks = self._stick_points = 0
        else:
            raise ValueError(f"seat {seat}: unknown event type {kind!r} in {ev}")

    def _refuse(self, kind: str, what: str) -> None:
        raise ValueError(f"seat {self._seat} may not see this {kind} event: it shows {what}")

    def _start_kyoku(self, ev: EventJson) -> None:
        self._dealer = ev["oya"]
        self._new_hand(self._dealer, ev.get("sitting_out"))
        self._round = WIND_LETTERS.index(ev["bakaze"])
        self._honba = ev["honba"]
        if ev["kyotaku"] != self._sticks:
            # Not the sticks this view saw go out (a chombo gave some back, or the view
            # starts here): each at the plain riichi stick's price.
            self._stick_points = ev["kyotaku"] * self._preset.scoring.riichi_stick
        self._sticks = ev["kyotaku"]
        self._scores = list(ev["scores"])
        self._hand = list(ev.get("tehai", []))
        self._revealed = list(ev.get("dora_tiles") or [ev["dora_tile"]])
        self._wareme = ev.get("wareme")

    def _tsumo(self, actor: int, ev: EventJson) -> None:
        if not ev["rinshan"]:
            self._live_left -= 1
            self._draws += 1
        elif self._rinshan_left > 0:
            self._rinshan_left -= 1
            if self._table.replacement_shortens_wall:
                self._draws += 1
        elif self._live_left > 0:  # past the replacement tiles: the live wall's last tile
            self._live_left -= 1
            self._draws += 1
        if actor == self._seat:
            tile = ev["tile"]
            self._hand.append(tile)
            self._drawn = tile
        self._last_discard = None
        if "chip_deltas" in ev:
            self._add_chips(ev)

    def _call(self, ev: EventJson, mtype: MeldType) -> None:
        actor, target, tile = ev["actor"], ev["target"], ev["tile"]
        if actor == self._seat:
            for t in ev["tiles"]:
                self._hand.remove(t)
        rel = (self._position[target] - self._position[actor]) % self._seats
        source = (
            Source.RIGHT if rel == 1 else Source.LEFT if rel == self._seats - 1 else Source.ACROSS
        )
        self._melds[actor].append(Meld(mtype, (tile, *ev["tiles"]), source))
        self._called_at[actor] = len(self._rivers[actor])
        self._last_discard = None

    def _add_chips(self, ev: EventJson) -> None:
        deltas = ev.get("chip_deltas")
        if deltas:
            self._chips = [c + d for c, d in zip(self._chips, deltas, strict=True)]

    # -- the game -------------------------------------------------------------------------------

    @property
    def seat(self) -> int:
        """The seat this view belongs to."""
        return self._seat

    @property
    def seats(self) -> int:
        """Players in each hand."""
        return self._seats

    @property
    def people(self) -> int:
        """People at the table (4 when four rotate at a three-player preset)."""
        return self._people

    @property
    def preset(self) -> Preset:
        return self._preset

    @property
    def tileset(self) -> TileSet:
        return self._tileset

    @property
    def analyzer(self) -> HandAnalyzer:
        """The game's hand analyzer (stateless: shanten, waits, useful draws)."""
        return self._analyzer

    @property
    def nuki_kinds(self) -> frozenset[Kind]:
        """Kinds this preset sets aside as nuki-dora (three-player north...)."""
        return self._nuki

    # -- the seat's own tiles ---------------------------------------------------------------

    @property
    def hand(self) -> tuple[Tile, ...]:
        """This seat's concealed tiles (the drawn tile included)."""
        self._now()
        return tuple(self._hand)

    @property
    def drawn(self) -> Tile | None:
        """The tile this seat just drew, if it is its turn after a draw."""
        self._now()
        return self._drawn

    # -- public record ----------------------------------------------------------------------

    def melds(self, seat: int) -> tuple[Meld, ...]:
        self._now()
        return tuple(self._melds[seat])

    def river(self, seat: int) -> tuple[Tile, ...]:
        """Every tile ``seat`` discarded this hand, called ones included, in order."""
        self._now()
        return tuple(self._rivers[seat])

    def tsumogiri(self, seat: int) -> tuple[bool, ...]:
        """For each tile of :meth:`river`, whether it was the tile just drawn (ツモ切り)
        rather than one from the hand (手出し): what every player at the table sees."""
        self._now()
        return tuple(self._tsumogiri[seat])

    def extracted(self, seat: int) -> tuple[Tile, ...]:
        self._now()
        return tuple(self._extracted[seat])

    def in_riichi(self, seat: int) -> bool:
        """Whether ``seat`` has declared riichi this hand (its riichi discard included)."""
        self._now()
        return self._riichi[seat]

    def riichi_tile(self, seat: int) -> Tile | None:
        """The tile ``seat`` discarded with its riichi declaration (宣言牌), or None when it
        has not declared riichi (or not yet discarded that tile)."""
        self._now()
        at = self._riichi_at[seat]
        river = self._rivers[seat]
        return river[at] if 0 <= at < len(river) else None

    def discards_since_call(self, seat: int) -> int:
        """How many tiles ``seat`` has discarded since its last call (pon, chi or open
        kan) this hand; -1 when it has made none."""
        self._now()
        at = self._called_at[seat]
        return len(self._rivers[seat]) - at if at >= 0 else -1

    @property
    def dora_indicators(self) -> tuple[Tile, ...]:
        self._now()
        return tuple(self._revealed)

    @property
    def dora_kinds(self) -> tuple[Kind, ...]:
        self._now()
        ts = self._tileset
        return tuple(ts.dora_from_indicator(tile_kind(t)) for t in self._revealed)

    @property
    def scores(self) -> tuple[int, ...]:
        self._now()
        return tuple(self._scores)

    @property
    def chips(self) -> tuple[int, ...]:
        self._now()
        return tuple(self._chips)

    @property
    def dealer(self) -> int:
        self._now()
        return self._dealer

    @property
    def honba(self) -> int:
        self._now()
        return self._honba

    @property
    def sticks(self) -> int:
        self._now()
        return self._sticks

    @property
    def stick_points(self) -> int:
        """The points of the riichi sticks on the table (what the next win takes)."""
        self._now()
        return self._stick_points

    @property
    def round_wind(self) -> Kind:
        self._now()
        return WINDS[self._round % 4]

    def seat_wind(self, seat: int) -> Kind | None:
        """``seat``'s wind this hand, or None when it sits out."""
        self._now()
        offset = (seat - self._dealer) % self._people
        return WINDS[offset] if offset < self._seats else None

    @property
    def wall_left(self) -> int:
        """Live draws left in this hand (public: anyone can count the wall)."""
        self._now()
        return max(0, self._live_total - self._draws)

    @property
    def wareme(self) -> int | None:
        """The 割れ目 seat of this hand (mighty: public, from the dice), if any."""
        self._now()
        return self._wareme

    def open_waits(self, seat: int) -> frozenset[Kind] | None:
        """The waits ``seat``'s open riichi shows the table (its shown hand's waits, or the
        waits it shows), or None when it has not declared an open riichi this hand."""
        self._now()
        shown = self._shown[seat]
        if shown is None:
            return None
        is_hand, tiles = shown
        if not is_hand:
            return frozenset(tile_kind(t) for t in tiles)
        counts = [0] * N_ALL_KINDS
        for t in tiles:
            k = tile_kind(t)
            counts[k] = counts[k] + 1
        melds = len(self._melds[seat])
        waits = self._analyzer.waits(counts, melds, self._preset.hand.wildcards)
        return frozenset(waits.kinds)

    @property
    def last_discard(self) -> tuple[int, Tile] | None:
        """(seat, tile) of the discard now offered to the others, if any."""
        self._now()
        return self._last_discard

    def events(self) -> list[EventJson]:
        """The game's events as this seat saw them (``State.view``)."""
        return list(self._events)

    def visible_counts(self) -> list[int]:
        """Copies of each kind (38 entries) that anyone can see are out of the wall and
        not in this seat's hand: rivers, melds (the called tile counted once, in its
        river), tiles set aside, dora indicators."""
        self._now()
        c = [0] * N_ALL_KINDS
        for river in self._rivers:
            _count(c, river)
        for extracted in self._extracted:
            _count(c, extracted)
        for melds in self._melds:
            for m in melds:
                _count(c, list(m.tiles[1:]) if m.type in _CALLED_TYPES else list(m.tiles))
        _count(c, self._revealed)
        return c

    def safe_kinds(self, against: int) -> frozenset[Kind]:
        """Kinds that cannot deal into ``against``'s riichi: its own discards (現物) and
        every tile discarded by anyone after its riichi declaration that it let pass.
        Empty when ``against`` has not declared riichi."""
        self._now()
        passed = self._passed[against]
        if passed is None:
            return frozenset()
        return frozenset({tile_kind(t) for t in self._rivers[against]} | passed)


class SeatViews:
    """Every seat's view of one game, kept up to date from the full log the way a table
    serves its players: each seat is given only what :func:`seen_by` shows it.

    >>> from jantaku.game import Game
    >>> state = Game("sanma", 2).new_state()
    >>> views = SeatViews(state.game)
    >>> views.sync(state.events)
    >>> views[2].hand == SeatView.of(state, 2).hand
    True
    """

    def __init__(self, game: Game) -> None:
        self._views = [SeatView(game, s) for s in range(game.people)]
        self._fed = 0

    def sync(self, events: Sequence[EventJson]) -> None:
        """Give each seat what it may see of the events it has not been given yet
        (``events`` is the whole log so far, which only grows)."""
        n = len(events)
        if n < self._fed:
            raise ValueError(f"the log has {n} events, fewer than the {self._fed} already seen")
        # Each seat's own filtered events go straight to it (what ``update`` would check
        # is what ``seen_by`` makes true): this runs for every seat at every event.
        logs = [view._events for view in self._views]
        people = len(logs)
        for i in range(self._fed, n):
            ev = events[i]
            if is_public(ev):  # most events: the same one to every seat
                for log in logs:
                    log.append(ev)
                continue
            for s, e in enumerate(seen_by_each(ev, people)):
                if e is not None:
                    logs[s].append(e)
        self._fed = n

    @property
    def fed(self) -> int:
        """How many events of the full log the views have been given."""
        return self._fed

    def __getitem__(self, seat: int) -> SeatView:
        return self._views[seat]

    def __len__(self) -> int:
        return len(self._views)

    def __iter__(self) -> Iterator[SeatView]:
        return iter(self._views)


def _count(c: list[int], tiles: list[Tile]) -> None:
    for t in tiles:
        k = tile_kind(t)
        c[k] = c[k] + 1  # not ``+=``: compiled, that is Python's generic add


__all__ = ["SeatView", "SeatViews"]
