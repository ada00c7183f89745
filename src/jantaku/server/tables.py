"""The live tables of the server: the engine is the only authority, bots play their seats
in the server, and every message a seat gets is built from that seat's view only.

A :class:`TableManager` holds one :class:`Table` per unfinished game (finished ones are read
from the store). Each change runs under the table's lock: the seat's action is checked and
applied, the bots play until a human must decide or the game is over, the new events are
committed to the store, and only then are they pushed to the subscribers of each seat,
filtered to what that seat may see (:func:`seat_event`, the filter of ``State.view``).

Messages to a seat (JSON objects):

* ``{"type": "view", "table": id, "seat": s, "preset": name, "seats": [...], "events": [...]}``
  the seat's whole view so far (sent on connect, or on ``{"type": "view"}``);
* ``{"type": "events", "events": [...]}``: the seat's view of new events;
* ``{"type": "legal", "actions": [...]}``: what the seat may do now (empty: nothing, wait);
  sent to every human seat after every change;
* ``{"type": "error", "error": "..."}``: only to the client whose message was refused.
"""

from __future__ import annotations

import hashlib
import secrets
import threading
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Final

from jantaku.bots import BOT_KINDS, SeatView, make_bot
from jantaku.game import Action, ActionType, Game, IllegalActionError, State
from jantaku.rules import PRESET_NAMES, RulesError, load_preset

from .store import Store, TableRow

SEAT_KINDS: Final = ("human", *(f"bot:{k}" for k in BOT_KINDS))
MJAI_SEAT: Final = "mjai:"
"""A seat played by an external mjai program: ``mjai:NAME``, NAME one of the server's
configured bots (``jantaku serve --mjai-bots FILE``; players never type a command)."""
MAX_BOT_ACTIONS: Final = 100_000
"""A guard against an engine that never asks a human again (a bug, not a rule)."""

Message = dict[str, Any]
Subscriber = Callable[[Message], None]


class TableError(ValueError):
    """A request the server refuses (bad input, unknown table...); the message says why."""

    def __init__(self, message: str, status: int = 400) -> None:
        super().__init__(message)
        self.status = status


def seat_event(ev: dict[str, Any], seat: int) -> dict[str, Any] | None:
    """One event as ``seat`` may see it (None: not shown), exactly as ``State.view``."""
    kind = ev["type"]
    if kind == "start_kyoku":
        e = {k: v for k, v in ev.items() if k != "wall"}
        e["tehai"] = list(ev["wall"]["hands"][seat])
        return e
    if kind == "tsumo" and ev["actor"] != seat:
        return {"type": "tsumo", "actor": ev["actor"], "pai": "?", "rinshan": ev["rinshan"]}
    if kind == "pass" and ev["actor"] != seat:
        return None
    return ev


def seat_events(events: list[dict[str, Any]], seat: int) -> list[dict[str, Any]]:
    out = []
    for ev in events:
        e = seat_event(ev, seat)
        if e is not None:
            out.append(e)
    return out


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

    def legal_message(self, seat: int) -> Message:
        st = self.state
        if st.game_over or seat not in st.current_seats():
            return {"type": "legal", "actions": []}
        return {"type": "legal", "actions": [action_json(a) for a in st.legal_actions(seat)]}

    def view_message(self, seat: int) -> Message:
        return {
            "type": "view",
            "table": self.id,
            "seat": seat,
            "preset": self.preset,
            "options": self.options,
            "seats": list(self.seats),
            "events": self.state.view(seat),
        }


class TableManager:
    """Creates tables, binds tokens to seats, applies actions and feeds the subscribers."""

    def __init__(self, store: Store, mjai_bots: dict[str, str] | None = None) -> None:
        self.store = store
        self.mjai_bots = dict(mjai_bots or {})
        """Name → command of the external mjai bots a table may seat (the admin's config)."""
        self._lock = threading.Lock()
        self._tables: dict[int, Table] = {}
        for row in store.tables(unfinished_only=True):
            self._load(row)

    def _load(self, row: TableRow) -> Table:
        """Rebuild a table from its stored log, and let its bots catch up if they must."""
        game = table_game(row.preset, row.seed, row.seats, row.options)
        events = self.store.events(row.id)
        state = game.replay(events) if events else game.new_state()
        table = Table(row.id, row.preset, row.seed, list(row.seats), state, options=row.options)
        with self._lock:
            self._tables[row.id] = table
        with table.lock:
            start = len(events)  # 0 for a table whose first events never got stored
            self._play_bots(table)
            self._commit(table, start)
        return table

    # -- creating ---------------------------------------------------------------------------

    def create(
        self,
        preset: str,
        seats: list[str],
        seed: int | None = None,
        options: dict[str, Any] | None = None,
    ) -> tuple[int, dict[int, str]]:
        """A new table; its id and one token per human seat. ``options`` change knobs of
        the preset (as ``jantaku score``'s: by section or flat); a bad one is refused with
        the loader's message naming the knob."""
        if preset not in PRESET_NAMES:
            raise TableError(f"unknown preset {preset!r}; one of {', '.join(PRESET_NAMES)}")
        if not isinstance(seats, list):
            raise TableError("'seats' must be a list of seat kinds")
        options = dict(options or {})
        try:
            rules = load_preset(preset, options or None)
        except RulesError as e:
            raise TableError(str(e)) from None
        try:
            game = Game(rules, 0 if seed is None else seed, people=len(seats))
        except ValueError:
            players = Game(preset).seats
            four = " (or 4 people rotating)" if players == 3 else ""
            raise TableError(
                f"{preset} is played by {players} seats{four}, not {len(seats)}"
            ) from None
        for kind in seats:
            if kind not in SEAT_KINDS and not (
                isinstance(kind, str)
                and kind.removeprefix(MJAI_SEAT) in self.mjai_bots
                and kind.startswith(MJAI_SEAT)
            ):
                kinds = [*SEAT_KINDS, *(MJAI_SEAT + n for n in sorted(self.mjai_bots))]
                raise TableError(f"unknown seat {kind!r}; one of {', '.join(kinds)}")
        if seed is None:
            seed = secrets.randbelow(2**31)
            game = Game(rules, seed, people=len(seats))
        state = game.new_state()
        tokens = {s: secrets.token_urlsafe(24) for s, k in enumerate(seats) if k == "human"}
        table = Table(0, preset, seed, list(seats), state, options=options)
        self._play_bots(table)
        table.id = self.store.create_table(
            preset, seed, seats, tokens, state.events, finished=state.game_over, options=options
        )
        if not state.game_over:
            with self._lock:
                self._tables[table.id] = table
        return table.id, tokens

    # -- reading ----------------------------------------------------------------------------

    def listing(self) -> list[dict[str, Any]]:
        out = []
        for row in self.store.tables():
            item: dict[str, Any] = {
                "id": row.id,
                "preset": row.preset,
                "options": row.options,
                "seats": row.seats,
                "status": "finished" if row.finished is not None else "playing",
                "created": row.created,
                "finished": row.finished,
            }
            if row.finished is not None:
                item["seed"] = row.seed  # the seed gives the walls away: only once it is over
            out.append(item)
        return out

    def log_lines(self, table_id: int) -> list[str]:
        """The full event log of a finished game, one JSON text per event."""
        row = self.store.table(table_id)
        if row is None:
            raise TableError(f"no table {table_id}", 404)
        if row.finished is None:
            raise TableError("the game is not over: its log holds the wall", 409)
        return self.store.event_lines(table_id)

    def table(self, table_id: int) -> Table | None:
        with self._lock:
            return self._tables.get(table_id)

    # -- seats ------------------------------------------------------------------------------

    def seat_of(self, table_id: int, token: str) -> int | None:
        return self.store.seat_of(table_id, token)

    def connect(self, table_id: int, token: str, subscriber: Subscriber) -> int:
        """Bind ``subscriber`` to the seat of ``token`` and give it the seat's whole view,
        then its legal actions; both under the table's lock, so that no event is missed or
        sent twice. A finished table is shown but not subscribed to. Returns the seat."""
        seat = self.store.seat_of(table_id, token)
        if seat is None:
            raise TableError("bad seat token", 401)
        table = self.table(table_id)
        if table is None:  # finished: the view of the record, nothing to subscribe to
            row = self.store.table(table_id)
            if row is None:
                raise TableError(f"no table {table_id}", 404)
            state = table_game(row.preset, row.seed, row.seats, row.options).replay(
                self.store.events(table_id)
            )
            done = Table(row.id, row.preset, row.seed, list(row.seats), state, options=row.options)
            subscriber(done.view_message(seat))
            subscriber(done.legal_message(seat))
            return seat
        with table.lock:
            table.subscribers.setdefault(seat, []).append(subscriber)
            subscriber(table.view_message(seat))
            subscriber(table.legal_message(seat))
        return seat

    def disconnect(self, table_id: int, seat: int, subscriber: Subscriber) -> None:
        table = self.table(table_id)
        if table is None:
            return
        with table.lock:
            subs = table.subscribers.get(seat, [])
            if subscriber in subs:
                subs.remove(subscriber)

    def resend(self, table_id: int, seat: int, subscriber: Subscriber) -> None:
        """Send the seat's whole view and legal actions again (a client that lost track)."""
        table = self.table(table_id)
        if table is None:
            raise TableError("the game is over")
        with table.lock:
            subscriber(table.view_message(seat))
            subscriber(table.legal_message(seat))

    # -- playing ----------------------------------------------------------------------------

    def act(self, table_id: int, seat: int, data: object) -> None:
        """Apply the seat's action (JSON as the client sent it), let the bots play, store the
        new events, then send them out. Refused: :class:`TableError`, nothing changed."""
        table = self.table(table_id)
        if table is None:
            raise TableError("the game is over")
        with table.lock:
            state = table.state
            if state.game_over:
                raise TableError("the game is over")
            action = parse_action(data, seat, state.game)
            start = len(state.events)
            try:
                state.apply(action)
                self._play_bots(table)
                self._commit(table, start)
            except IllegalActionError as e:
                if len(state.events) != start:  # not the seat's action: a bot's
                    self._rebuild(table)
                    raise
                raise TableError(f"illegal action: {e}") from None
            except Exception:
                # Whatever went wrong, the store holds the truth: go back to it.
                self._rebuild(table)
                raise
            self._publish(table, start)

    def _rebuild(self, table: Table) -> None:
        events = self.store.events(table.id)
        game = table_game(table.preset, table.seed, table.seats, table.options)
        table.state = game.replay(events)

    def _play_bots(self, table: Table) -> None:
        state = table.state
        for _ in range(MAX_BOT_ACTIONS):
            if state.game_over:
                return
            bots = [s for s in state.current_seats() if table.seats[s] != "human"]
            if not bots:
                return
            seat = bots[0]
            legal = state.legal_actions(seat)
            kind = table.seats[seat]
            if kind.startswith(MJAI_SEAT):
                bot = self._external(table, seat, kind.removeprefix(MJAI_SEAT))
            else:
                bot = make_bot(
                    kind.removeprefix("bot:"), bot_seed(table.seed, seat, len(state.events))
                )
            state.apply(bot.choose(SeatView(state, seat), seat, legal))
        raise RuntimeError(f"table {table.id}: the bots never stopped")

    def _external(self, table: Table, seat: int, name: str) -> Any:
        """The table's running program for an ``mjai:NAME`` seat (started at its first
        decision; after a restart, a new one is shown the game so far). Its bad answers
        are the baseline's, as in :mod:`jantaku.bots.mjai`."""
        bot = table.external.get(seat)
        if bot is None:
            from jantaku.bots.mjai import MjaiBot

            command = self.mjai_bots.get(name)
            if command is None:  # the config lost it since the table was made
                return make_bot("baseline", bot_seed(table.seed, seat, len(table.state.events)))
            bot = table.external[seat] = MjaiBot(command, bot_seed(table.seed, seat, 0))
        return bot

    def _close_external(self, table: Table) -> None:
        for bot in table.external.values():
            bot.close()
        table.external.clear()

    def _commit(self, table: Table, start: int) -> None:
        new = table.state.events[start:]
        if new:
            self.store.append_events(table.id, start, new, finished=table.state.game_over)
        if table.state.game_over:
            self._close_external(table)
            with self._lock:
                self._tables.pop(table.id, None)

    def _publish(self, table: Table, start: int) -> None:
        new = table.state.events[start:]
        for seat, subs in table.subscribers.items():
            if not subs:
                continue
            msgs: list[Message] = []
            seen = seat_events(new, seat)
            if seen:
                msgs.append({"type": "events", "events": seen})
            msgs.append(table.legal_message(seat))
            for sub in list(subs):
                for m in msgs:
                    sub(m)
