"""A live table in memory: its game state, what each seat was sent and offered, and the
messages built from that seat's view only (:mod:`jantaku.server.tables` holds the tables and
drives them); the JSON of actions both ways and the seeds of a table's bots.

Messages to a seat (JSON objects):

* ``{"type": "view", "table": id, "seat": s, "preset": name, "seats": [...], "events": [...],
  "tiles_left": n, "connected": [...], "action_types": {"buttons": [...], "riichi": [...]}}``
  the seat's whole view so far (sent on connect, or on ``{"type": "view"}``), with the action
  types the page may show as buttons (:data:`jantaku.server.live_table.ACTION_TYPES`);
* ``{"type": "events", "events": [...], "tiles_left": n}``: the seat's view of new events
  (``tiles_left``: the live wall's count after them, as the seat's own view counts it); a
  piece that ends a hand or the game, and every view, has ``"lines": {"hands": [...],
  "settlement": [...]}``, what each hand's result and the settlement paid, line by line;
* ``{"type": "presence", "connected": [...]}``: per seat, whether a person's page is open there
  (sent to every page when one opens or closes);
* ``{"type": "legal", "at": N, "actions": [...]}``: what the seat may do now (empty: nothing,
  wait), computed when the seat had seen ``N`` events of its view. Sent to a seat only when its
  options changed (or it acted), so nobody learns that somebody else could call; an action must
  name the ``at`` of the options it was chosen from, and a stale one is refused;
* ``{"type": "error", "error": "...", "code": "stale_action", "params": {...}}``: only to
  the client whose message was refused (``code``: :data:`jantaku.server.errors.ERROR_CODES`,
  shown from the pages' catalogue; ``error``: the same in English).
"""

from __future__ import annotations

import hashlib
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Final

from jantaku.bots import SeatView, SeatViews
from jantaku.game import Action, ActionType, Game, State
from jantaku.game.events import Ankan, Chi, Dahai, Daiminkan, Kakan, Nukidora, Pon, Tsumo
from jantaku.game.visibility import seen_by, view_of
from jantaku.rules import load_preset

from .errors import TableError
from .result_lines import ends_in, result_lines

CLAIM_WINDOWS: Final = frozenset({Dahai.TYPE, Kakan.TYPE, Ankan.TYPE, Nukidora.TYPE})
"""Events after which other seats may call or rob: at a table of two or more people each
ends a piece of what the seats are sent, followed by the discard pause."""
DECISION_POINTS: Final = CLAIM_WINDOWS | {Tsumo.TYPE, Chi.TYPE, Pon.TYPE, Daiminkan.TYPE}
"""Events after which some seat decides or may decide: each ends a piece of what the seats
of a table of two or more people are sent (a person's turn then looks like a bot's)."""

ACTION_TYPES: Final = {
    "buttons": [t.value for t in ActionType if t is not ActionType.DISCARD],
    "riichi": [t.value for t in ActionType if t.is_riichi],
}
"""The action vocabulary of the table page, in every view: the types it shows as buttons
(all but the discard, which is a click on a tile of the hand), each labelled by its
``table.action.<type>`` text, and those that declare riichi (one button per kind, then the
tile to discard is picked)."""

Message = dict[str, Any]
Subscriber = Callable[[Message], None]


def action_json(a: Action) -> dict[str, Any]:
    return {"type": a.type.value, "tile": a.tile, "tiles": list(a.tiles)}


def parse_action(data: object, seat: int, game: Game) -> Action:
    """An ``Action`` of ``seat`` from the client's JSON, or :class:`TableError` saying what
    is wrong with it. Whether it is legal now is the engine's to say."""
    if not isinstance(data, dict):
        raise TableError('\'action\' must be an object like {"type": "discard", "tile": 53}')
    unknown = set(data) - {"type", "tile", "tiles", "seat"}
    if unknown:
        raise TableError(f"unknown action field(s): {', '.join(sorted(map(str, unknown)))}")
    kind = data.get("type")
    try:
        atype = ActionType(kind)
    except ValueError:
        names = ", ".join(t.value for t in ActionType)
        raise TableError(f"unknown action type {kind!r}; one of {names}") from None
    if "seat" in data and data["seat"] != seat:
        raise TableError(f"this connection plays seat {seat}, not {data['seat']!r}")

    def tile(v: object, what: str) -> int:
        if not isinstance(v, int) or isinstance(v, bool) or v not in game.tileset:
            raise TableError(f"{what} must be a tile id of this game, not {v!r}")
        return v

    raw_tile = data.get("tile")
    t = None if raw_tile is None else tile(raw_tile, "'tile'")
    raw_tiles = data.get("tiles", [])
    if not isinstance(raw_tiles, list) or len(raw_tiles) > 4:
        raise TableError("'tiles' must be a list of at most 4 tile ids")
    tiles = tuple(tile(v, "each of 'tiles'") for v in raw_tiles)
    return Action(atype, seat, t, tiles)


def table_game(preset: str, seed: int, seats: list[str], options: dict[str, Any]) -> Game:
    """The game of a stored table: its preset with the knobs it changed, one person a seat."""
    return Game(load_preset(preset, options or None), seed, people=len(seats))


def bot_seed(seed: int, seat: int, step: int) -> int:
    """The seed of a bot's decision: fixed by the game, the seat and the log length, so a
    table resumed after a restart plays on exactly as it would have."""
    digest = hashlib.sha256(f"{seed}:{seat}:{step}".encode()).digest()
    return int.from_bytes(digest[:8], "big")


@dataclass
class Table:
    id: int
    preset: str
    seed: int
    seats: list[str]
    state: State
    lock: threading.RLock = field(default_factory=threading.RLock)
    options: dict[str, Any] = field(default_factory=dict)
    """The knobs this table changed from its preset."""
    external: dict[int, Any] = field(default_factory=dict)
    """The running mjai programs of its ``mjai:NAME`` seats, by seat."""
    subscribers: dict[int, list[Subscriber]] = field(default_factory=dict)
    active: float = field(default_factory=time.time)
    """When a person last acted, connected or left (idle tables are parked)."""
    parked: bool = False
    record: bool = False
    """A finished or closed table shown as it is: nobody has anything to do there."""
    """Out of memory: whoever still holds this object must fetch the table again."""
    offers: dict[int, tuple[int, list[dict[str, Any]]]] = field(default_factory=dict)
    """Per seat: the options last offered, and the ``at`` they were computed at."""
    published: int = 0
    """Events sent out to the seats so far (the others wait for the discard pause)."""
    release_at: float = 0.0
    """When (``time.monotonic``) the next piece of events may go out."""
    owed: set[int] = field(default_factory=set)
    """Seats that acted and are owed a ``legal`` message with the next piece."""
    timer: bool = False
    """A release of held events is scheduled."""
    _shown: SeatViews | None = None
    """The seats' views of the events sent out so far (what a seat's page counts from)."""
    _seen: dict[int, int] = field(default_factory=dict)
    _seen_upto: int = 0
    _views: tuple[State, SeatViews] | None = None
    """The bot seats' views of ``state`` (rebuilt when the state is)."""

    def seen(self, seat: int) -> int:
        """How many events of its view ``seat`` has seen so far (the ``at`` of its options:
        counted in its own view, so the hidden passes of others stay hidden)."""
        events = self.state.events
        upto = min(self.published, len(events))
        if self._seen_upto > upto:  # rebuilt shorter: count again
            self._seen, self._seen_upto = {}, 0
        for ev in events[self._seen_upto : upto]:
            for s in range(len(self.seats)):
                if seen_by(ev, s) is not None:
                    self._seen[s] = self._seen.get(s, 0) + 1
        self._seen_upto = upto
        return self._seen.get(seat, 0)

    @property
    def moved_on(self) -> bool:
        """Whether the game went on past what the seats were sent (a decision already made
        in the events held back for the discard pause): nobody may act on them yet."""
        return any(e["type"] in DECISION_POINTS for e in self.state.events[self.published :])

    def shown_view(self, seat: int) -> SeatView:
        """``seat``'s state folded from the events sent out so far (never the held ones)."""
        events = self.state.events[: self.published]
        if self._shown is None or self._shown.fed > len(events):
            self._shown = SeatViews(self.state.game)
        self._shown.sync(events)
        return self._shown[seat]

    def seat_view(self, seat: int) -> SeatView:
        """``seat``'s own state, folded from the events it saw (what its bot decides from)."""
        st = self.state
        if self._views is None or self._views[0] is not st or self._views[1].fed > len(st.events):
            self._views = (st, SeatViews(st.game))
        views = self._views[1]
        views.sync(st.events)
        return views[seat]

    def sync_views(self) -> None:
        """Bring the bot seats' views up to the table's last event (before their programs
        are shown the end of the game)."""
        if self._views is not None and self._views[0] is self.state:
            self._views[1].sync(self.state.events)

    def offer(self, seat: int, force: bool = False) -> bool:
        """Compute the seat's options now; True when they changed (or ``force``), and then
        they are offered at the seat's current ``at``."""
        st = self.state
        if self.moved_on or self.record or st.game_over or seat not in st.current_seats():
            actions: list[dict[str, Any]] = []
        else:
            actions = [action_json(a) for a in st.legal_actions(seat)]
        old = self.offers.get(seat)
        if old is not None and old[1] == actions and not force:
            return False
        self.offers[seat] = (self.seen(seat), actions)
        return True

    def legal_message(self, seat: int) -> Message:
        self.offer(seat)
        at, actions = self.offers[seat]
        return {"type": "legal", "at": at, "actions": actions}

    def view_message(self, seat: int) -> Message:
        return {
            "type": "view",
            "table": self.id,
            "seat": seat,
            "preset": self.preset,
            "options": self.options,
            "seats": list(self.seats),
            "events": view_of(self.state.events[: self.published], seat),
            "tiles_left": self.shown_view(seat).wall_left,
            "connected": self.connected(),
            "lines": self.result_lines(),
            "action_types": ACTION_TYPES,
        }

    def result_lines(self) -> dict[str, Any]:
        """The point and chip lines of each hand sent out so far, and the settlement's (the
        result dialogs list them; :mod:`jantaku.server.result_lines`)."""
        return result_lines(self.state.game, self.state.events[: self.published])

    def connected(self) -> list[bool]:
        """Per seat: whether a person's page is open there (a bot seat always is)."""
        return [
            kind != "human" or bool(self.subscribers.get(s)) for s, kind in enumerate(self.seats)
        ]

    def tell_presence(self, before: list[bool], but: Subscriber | None = None) -> None:
        """Tell every open page but ``but`` (its view says it) which seats are connected (a
        friend's seat not yet opened is one the table waits for), when that changed from
        ``before``."""
        now = self.connected()
        if now == before:
            return
        msg: Message = {"type": "presence", "connected": now}
        for subs in self.subscribers.values():
            for sub in list(subs):
                if sub is not but:
                    sub(msg)

    def publish(self, actor: int | None, discard_pause: float) -> bool:
        """Send out the events not sent yet: at a table of one person all at once (with
        ``actor``'s options, whose own action moved the game on); at a table of more, piece
        by piece as far as the discard pause lets them go now, never past the last point
        where somebody decides. Whether some are held for the rest of the pause (the caller
        sends them when it is over). Under the table's lock."""
        events = self.state.events
        if self.seats.count("human") < 2:
            if actor is not None:
                self.owed.add(actor)
            start, self.published = self.published, len(events)
            self.send_piece(events[start:])
            return False
        if actor is not None:
            # The actor hears at once that its action was taken, before anything it caused,
            # whether that goes out now or after the pause: the same frames either way.
            at = self.seen(actor)
            self.offers[actor] = (at, [])
            for sub in list(self.subscribers.get(actor, [])):
                sub({"type": "legal", "at": at, "actions": []})
        last = len(events)
        if not self.state.game_over:
            # A pass of one seat while another still decides stays back with the rest.
            while last > self.published and events[last - 1]["type"] not in DECISION_POINTS:
                last -= 1
        now = time.monotonic()
        while self.published < last:
            if now < self.release_at:
                return True
            start = end = self.published
            while end < last and events[end]["type"] not in DECISION_POINTS:
                end += 1
            end = min(end + 1, last)
            if events[end - 1]["type"] in CLAIM_WINDOWS:
                self.release_at = now + discard_pause
            self.published = end
            self.send_piece(events[start:end])
        return False

    def send_piece(self, new: list[dict[str, Any]]) -> None:
        """Send each seat its view of ``new`` (the events just sent out), and its options
        where they changed (always to a seat that is owed them). A piece that ends a hand or
        the game brings the result's lines with it."""
        lines = self.result_lines() if ends_in(new) else None
        for seat, kind in enumerate(self.seats):
            if kind != "human":
                continue
            changed = self.offer(seat, force=seat in self.owed)
            subs = self.subscribers.get(seat)
            if not subs:
                continue
            msgs: list[Message] = []
            seen = view_of(new, seat)
            if seen:
                # The live wall's count as this seat counts it, after these events.
                tiles_left = self.shown_view(seat).wall_left
                msg: Message = {"type": "events", "events": seen, "tiles_left": tiles_left}
                if lines is not None:
                    msg["lines"] = lines
                msgs.append(msg)
            if changed:
                msgs.append(self.legal_message(seat))
            for sub in list(subs):
                for m in msgs:
                    sub(m)
        self.owed.clear()
