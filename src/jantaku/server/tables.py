"""The live tables of the server: the engine is the only authority, bots play their seats
in the server, and every message a seat gets is built from that seat's view only.

A :class:`TableManager` holds one :class:`Table` per unfinished game (finished ones are read
from the store). Each change runs under the table's lock: the seat's action is checked and
applied, the bots play until a human must decide or the game is over, the new events are
committed to the store, and only then are they pushed to the subscribers of each seat,
filtered to what that seat may see (:func:`jantaku.game.visibility.seen_by`, the one filter
of ``State.view`` and of the bots' :class:`~jantaku.game.seat.SeatView`).

The messages a seat is sent are listed in :mod:`jantaku.server.live_table`, which builds them.

At a table of two or more people, the events go out in pieces that each end where somebody
might decide (:data:`DECISION_POINTS`: a draw, a call, a discard...), whether or not anybody
could, and after a discard (or a kan or north others might rob, :data:`CLAIM_WINDOWS`) the
next piece waits ``limits.discard_pause`` seconds: a seat's frames, their order and their
timing are the same whether another person had an option or not (only a long think shows,
as at any real table).

No message carries the seed: it rebuilds every wall and die of the game (``seen_by`` leaves
it out). A bot seat decides from its own :class:`SeatView`, fed the same filtered events.
"""

from __future__ import annotations

import collections
import heapq
import logging
import secrets
import sys
import threading
import time
from collections.abc import Callable, Iterator
from concurrent.futures import CancelledError, Future
from contextlib import contextmanager
from typing import Any, Final

from jantaku.bots import make_bot
from jantaku.game import Game, IllegalActionError
from jantaku.game.events import StartKyoku
from jantaku.rules import PRESET_NAMES

from .errors import StaleAction, TableError
from .errors import short as _short
from .integrity import BrokenLog, replay_checked
from .limits import ServerLimits
from .live_table import (
    CLAIM_WINDOWS,
    DECISION_POINTS,
    Message,
    Subscriber,
    Table,
    action_json,
    bot_seed,
    parse_action,
    table_game,
)
from .mjai_slots import MjaiSlots
from .store import DatabaseBusy, Store, TableRow, hash_token
from .table_records import listing, log_lines, recorded
from .validate import SEAT_NAMES, check_options, check_seats, check_seed

SEAT_KINDS: Final = SEAT_NAMES
MJAI_SEAT: Final = "mjai:"
"""A seat played by an external mjai program: ``mjai:NAME``, NAME one of the server's
configured bots (``jantaku serve --mjai-bots FILE``; players never type a command)."""
MAX_BOT_ACTIONS: Final = 100_000
"""A guard against an engine that never asks a human again (a bug, not a rule)."""

log = logging.getLogger("jantaku.server")

__all__ = [  # the names other modules and the tests import from here
    "CLAIM_WINDOWS",
    "DECISION_POINTS",
    "MAX_BOT_ACTIONS",
    "MJAI_SEAT",
    "SEAT_KINDS",
    "Message",
    "Subscriber",
    "Table",
    "TableManager",
    "action_json",
    "bot_seed",
    "parse_action",
    "table_game",
]


class TableManager:
    """Creates tables, binds tokens to seats, applies actions and feeds the subscribers.

    Unfinished tables live in memory while someone plays them; one with no person connected
    for ``limits.idle_seconds`` is parked (dropped, rebuilt from the store when someone
    connects) and one untouched for ``limits.expire_seconds`` is closed. Bot-only games play
    in a background thread, a few hundred actions at a time, and are closed when they go on
    past ``limits.bot_hands`` hands. A table whose stored log does not rebuild is listed as
    broken and skipped; every other table is served."""

    def __init__(
        self,
        store: Store,
        limits: ServerLimits | None = None,
        mjai_bots: dict[str, str] | None = None,
    ) -> None:
        self.store = store
        self.limits = limits or ServerLimits()
        self.mjai_bots = dict(mjai_bots or {})
        """Name → command of the external mjai bots a table may seat (the admin's config)."""
        self.mjai_slots = MjaiSlots(self.limits.mjai_processes)
        """The running mjai programs, capped (:mod:`jantaku.server.mjai_slots`)."""
        self.on_bot_turn: Callable[[float], None] = lambda seconds: None
        """Told the seconds of each bot decision (the server's metrics)."""
        self._lock = threading.Lock()
        self._load_lock = threading.Lock()
        self._tables: dict[int, Table] = {}
        self._joined: set[int] = set()
        """Tables a person opened a seat of, noted in the store (or about to be)."""
        self._to_mark: set[int] = set()
        """Tables whose first opened seat the background thread is still to note."""
        self.broken: dict[int, str] = {}
        """Tables whose stored rows failed to rebuild: id -> what went wrong."""
        self._bots: collections.deque[int] = collections.deque()
        self._bots_wake = threading.Condition()
        from .bot_pool import BotPool  # its process pool only for a server that makes one

        self._pool = BotPool(self.limits.bot_workers) if self.limits.bot_workers > 0 else None
        self._in_pool: set[int] = set()
        """Bot-only games being played by the pool's workers."""
        self._results: collections.deque[tuple[int, int, Future[Any]]] = collections.deque()
        """Games the workers finished, to be stored by the background thread."""
        self._stop = threading.Event()
        for row in store.tables(unfinished_only=True):
            try:
                if row.broken is not None:
                    raise BrokenLog(row.broken)
                self._load(row)
            except Exception as e:  # one bad table never keeps the others from being served
                log.error("table %s: its stored rows do not rebuild (%s); skipped", row.id, e)
                self.broken[row.id] = f"{type(e).__name__}: {e}"
        self._timers: list[tuple[float, int, Table]] = []
        self._timer_seq = 0
        self._timers_wake = threading.Condition()
        self._worker = threading.Thread(target=self._background, name="jantaku-tables", daemon=True)
        self._worker.start()
        self._releaser = threading.Thread(
            target=self._release_held, name="jantaku-release", daemon=True
        )
        self._releaser.start()

    def close(self) -> None:
        """Stop the background thread (bot games resume when the server starts again) and
        the mjai programs of the tables in memory (they start again with their tables)."""
        self._stop.set()
        with self._bots_wake:
            self._bots_wake.notify_all()
        with self._timers_wake:
            self._timers_wake.notify_all()
        if self._pool is not None:
            self._pool.close()
        self._worker.join(timeout=5)
        self._releaser.join(timeout=5)
        with self._lock:
            live = list(self._tables.values())
        for table in live:
            # Without its slots a table starts no program again (_play_bots waits for them).
            with table.lock:
                self._close_external(table)

    def in_memory(self, table_id: int) -> bool:
        """Whether the table is held in memory, being played; False once it is parked,
        closed or finished (or for an id never made)."""
        with self._lock:
            return table_id in self._tables

    def _load(self, row: TableRow) -> Table:
        """Rebuild a table from its stored log, and let its bots catch up if they must (a
        bot-only game goes back to the background thread)."""
        if row.broken is not None:
            raise BrokenLog(row.broken)
        game = table_game(row.preset, row.seed, row.seats, row.options)
        events = self.store.events(row.id)
        state = replay_checked(game, events) if events else game.new_state()
        table = Table(row.id, row.preset, row.seed, list(row.seats), state, options=row.options)
        table.published = len(events)  # what the seats were sent before it left memory
        if "human" not in row.seats:
            # A bot-only game already playing goes on (over the cap if it must).
            self.mjai_slots.take(table, self._mjai_seats(table), force=True)
            if not events:
                self._commit(table, 0)
            with self._lock:
                self._tables[row.id] = table
            self._queue_bots(row.id, force=True)
            return table
        with table.lock:
            start = len(events)  # 0 for a table whose first events never got stored
            self._play_bots(table)
            self._commit(table, start)
            self._publish(table)
        if not state.game_over:
            with self._lock:
                self._tables[row.id] = table
        return table

    # -- creating ---------------------------------------------------------------------------

    def create(
        self,
        preset: str,
        seats: list[str],
        seed: int | None = None,
        options: dict[str, Any] | None = None,
        address: str | None = None,
    ) -> tuple[int, dict[int, str]]:
        """A new table; its id and one token per human seat. ``options`` change knobs of
        the preset (as ``jantaku score``'s: by section or flat); a bad one is refused with
        the loader's message naming the knob. A bot-only game is played in the background:
        it is listed as playing until it is over."""
        if not isinstance(preset, str) or preset not in PRESET_NAMES:
            raise TableError(
                f"unknown preset {_short(preset)}; one of {', '.join(PRESET_NAMES)}",
                code="no_preset",
                params={"name": _short(preset)},
            )
        seats = check_seats(seats, extra=[MJAI_SEAT + n for n in sorted(self.mjai_bots)])
        options, rules = check_options(preset, options)
        players = Game(rules, 0).seats
        if len(seats) != players and not (players == 3 and len(seats) == 4):
            four = " (or 4 people rotating)" if players == 3 else ""
            raise TableError(
                f"{preset} is played by {players} seats{four}, not {len(seats)}",
                code="seat_count",
                params={"preset": preset, "players": players, "given": len(seats)},
            )
        seed = check_seed(seed, seats)
        if self.store.unfinished_count() >= self.limits.max_tables:
            raise TableError(
                f"the server is full ({self.limits.max_tables} unfinished tables); "
                "try again when a game is over",
                503,
                code="server_full",
                params={"limit": self.limits.max_tables},
            )
        bots_only = "human" not in seats
        owner = None if address is None else hash_token("address:" + address)[:16]
        if owner is not None and not bots_only:
            limit = self.limits.tables_per_address
            if self.store.owned_count(owner) >= limit:
                raise TableError(
                    f"this address already has {limit} unfinished tables with a person's "
                    "seat; finish or leave one first",
                    429,
                    code="address_full",
                    params={"limit": limit},
                )
        if bots_only and self.bot_games() >= self.limits.bot_games:
            raise TableError(
                "too many bot games are being played; try again shortly",
                503,
                code="bots_busy",
                params={},
            )
        if seed is None:
            seed = secrets.randbelow(2**31)
        state = Game(rules, seed, people=len(seats)).new_state()
        tokens = {s: secrets.token_urlsafe(24) for s, k in enumerate(seats) if k == "human"}
        table = Table(0, preset, seed, list(seats), state, options=options)
        if not bots_only:
            # Until a person decides: at most a hand they sit out (with mjai seats: nothing
            # until someone joins, see _start_playing).
            self._play_bots(table)
        elif self._mjai_seats(table):
            self.mjai_slots.take(table, self._mjai_seats(table))  # or 503 mjai_busy
        try:
            table.id = self.store.create_table(
                preset,
                seed,
                seats,
                tokens,
                state.events,
                finished=state.game_over,
                options=options,
                owner=owner,
            )
        except BaseException:
            self.mjai_slots.release(table)
            raise
        with table.lock:
            self._publish(table)
        if not state.game_over:
            with self._lock:
                self._tables[table.id] = table
            if bots_only:
                self._queue_bots(table.id, force=True)
        return table.id, tokens

    # -- reading ----------------------------------------------------------------------------

    def listing(self, before: int | None = None, limit: int | None = None) -> list[dict[str, Any]]:
        """The tables, oldest first: with ``limit``, the ``limit`` newest (below ``before``)."""
        return listing(self.store, self.broken, before, limit)

    def log_lines(self, table_id: int) -> list[str]:
        """The full event log of a finished game, one JSON text per event."""
        return log_lines(self.store, table_id)

    def result_lines(self, table_id: int) -> dict[str, Any]:
        """A finished game's result lines, each hand's and the settlement's (the replay's
        dialogs list them); refused as its log is while the game is played."""
        self.log_lines(table_id)
        return self._record(table_id).result_lines()

    def table(self, table_id: int) -> Table | None:
        """The live table (rebuilt from the store if it was parked); None when it is over,
        closed or unknown. A broken one is refused."""
        with self._lock:
            table = self._tables.get(table_id)
        if table is not None:
            return table
        if table_id in self.broken:
            raise TableError(
                f"table {table_id} could not be restored from its stored log; "
                "it is kept for inspection",
                404,
                code="cannot_restore",
                params={"id": table_id},
            )
        with self._load_lock:
            with self._lock:
                table = self._tables.get(table_id)
            if table is not None:
                return table
            row = self.store.table(table_id)
            if row is None or row.status != "playing":
                return None
            try:
                return self._load(row)
            except DatabaseBusy:
                raise
            except Exception as e:
                log.error("table %s: its stored rows do not rebuild (%s)", table_id, e)
                self.broken[table_id] = f"{type(e).__name__}: {e}"
                raise TableError(
                    f"table {table_id} could not be restored",
                    404,
                    code="cannot_restore",
                    params={"id": table_id},
                ) from None

    @contextmanager
    def _locked(self, table_id: int) -> Iterator[Table | None]:
        """The live table under its lock (None: over or closed), never a parked copy."""
        while True:
            table = self.table(table_id)
            if table is None:
                yield None
                return
            with table.lock:
                if table.parked:
                    continue
                yield table
                return

    # -- seats ------------------------------------------------------------------------------

    def seat_of(self, table_id: int, token: str) -> int | None:
        return self.store.seat_of(table_id, token)

    def connect(self, table_id: int, token: str, subscriber: Subscriber) -> int:
        """Bind ``subscriber`` to the seat of ``token`` and give it the seat's whole view,
        then its legal actions; both under the table's lock, so that no event is missed or
        sent twice. A finished table is shown but not subscribed to. Returns the seat."""
        seat = self.store.seat_of(table_id, token)
        if seat is None:
            raise TableError("bad seat token", 401, code="bad_token", params={})
        self._mark_joined(table_id)
        with self._locked(table_id) as table:
            if table is not None:
                self._start_playing(table)
                before = table.connected()
                table.subscribers.setdefault(seat, []).append(subscriber)
                table.active = time.time()
                subscriber(table.view_message(seat))
                subscriber(table.legal_message(seat))
                table.tell_presence(before, but=subscriber)
                return seat
        # over or closed: the view of the record, nothing to subscribe to
        done = self._record(table_id)
        subscriber(done.view_message(seat))
        subscriber(done.legal_message(seat))
        return seat

    def _mjai_seats(self, table: Table) -> int:
        return sum(kind.startswith(MJAI_SEAT) for kind in table.seats)

    def _start_playing(self, table: Table) -> None:
        """A table with mjai seats and a person's starts playing when a person opens a seat
        (made, or rebuilt after it was parked, it waits): its programs take their slots, or
        the join is refused (503 ``mjai_busy``); then the bots catch up."""
        n = self._mjai_seats(table)
        if not n or self.mjai_slots.holds(table):
            return
        self.mjai_slots.take(table, n)
        start = len(table.state.events)
        try:
            self._play_bots(table)
            self._commit(table, start)
        except BaseException:
            self._rebuild(table, start)
            self._close_external(table)
            raise
        self._publish(table)

    def _mark_joined(self, table_id: int) -> None:
        """Have the background thread note once that a person opened a seat (a table never
        joined expires early): a write, which a connection never waits for."""
        with self._bots_wake:
            if table_id not in self._joined:
                self._joined.add(table_id)
                self._to_mark.add(table_id)
                self._bots_wake.notify()

    def _note_joined(self) -> None:
        """The background thread's part of :meth:`_mark_joined`."""
        with self._bots_wake:
            pending, self._to_mark = self._to_mark, set()
        for table_id in sorted(pending):
            try:
                self.store.mark_joined(table_id)
            except DatabaseBusy:
                with self._bots_wake:
                    self._to_mark.add(table_id)  # the next time round

    def _record(self, table_id: int) -> Table:
        """A finished table, rebuilt from the store (:func:`table_records.recorded`)."""
        return recorded(self.store, table_id)

    def disconnect(self, table_id: int, seat: int, subscriber: Subscriber) -> None:
        with self._lock:
            table = self._tables.get(table_id)  # a parked table has no subscribers left
        if table is None:
            return
        with table.lock:
            before = table.connected()
            subs = table.subscribers.get(seat, [])
            if subscriber in subs:
                subs.remove(subscriber)
            table.active = time.time()
            table.tell_presence(before)

    def resend(self, table_id: int, seat: int, subscriber: Subscriber) -> None:
        """Send the seat's whole view and legal actions again (a client that lost track)."""
        with self._locked(table_id) as table:
            if table is not None:
                subscriber(table.view_message(seat))
                subscriber(table.legal_message(seat))
                return
        done = self._record(table_id)
        subscriber(done.view_message(seat))
        subscriber(done.legal_message(seat))

    # -- playing ----------------------------------------------------------------------------

    def act(self, table_id: int, seat: int, data: object, at: object) -> None:
        """Apply the seat's action (JSON as the client sent it), chosen from the options it
        was offered at ``at``; let the bots play, store the new events, then send them out.
        Refused: :class:`TableError` (:class:`StaleAction`), nothing changed; a busy
        database: :class:`DatabaseBusy`, nothing changed, the same action may come again."""
        if not isinstance(at, int) or isinstance(at, bool) or not 0 <= at < 2**31:
            raise TableError(
                "an action must name 'at', the event index of the legal message it was "
                f"chosen from (an integer), not {_short(at)}"
            )
        with self._locked(table_id) as table:
            if table is None or table.state.game_over:
                raise TableError("the game is over", code="game_over", params={})
            state = table.state
            action = parse_action(data, seat, state.game)
            table.offer(seat)
            offered_at, offered = table.offers.get(seat, (0, []))
            if at != offered_at:
                raise StaleAction(
                    f"stale action: chosen at event {at}, but your options are those of event "
                    f"{offered_at}; nothing was changed",
                    code="stale_action",
                    params={"at": at, "current": offered_at},
                )
            if not offered:
                raise TableError(
                    "illegal action: not this seat's turn (nothing to decide now)",
                    code="not_your_turn",
                    params={},
                )
            start = len(state.events)
            table.active = time.time()
            try:
                state.apply(action)
                self._play_bots(table)
                self._commit(table, start)
            except IllegalActionError as e:
                if len(state.events) != start:  # not the seat's action: a bot's
                    self._rebuild(table, start)
                    raise
                raise TableError(
                    f"illegal action: {e}", code="illegal_action", params={"detail": str(e)}
                ) from None
            except BaseException:
                # Whatever went wrong (a busy database too), nothing was stored: go back.
                self._rebuild(table, start)
                raise
            self._publish(table, actor=seat)

    def legal_message(self, table_id: int, seat: int) -> Message:
        """The seat's current options (after a refused stale action)."""
        with self._locked(table_id) as table:
            if table is None:
                return {"type": "legal", "at": 0, "actions": []}
            return table.legal_message(seat)

    def _rebuild(self, table: Table, start: int) -> None:
        """Back to the first ``start`` events (what the store holds), replayed."""
        game = table_game(table.preset, table.seed, table.seats, table.options)
        table.state = game.replay(table.state.events[:start])

    def _play_bots(self, table: Table, limit: int = MAX_BOT_ACTIONS) -> None:
        """Let the bots play until a person must decide, the game is over, or ``limit``
        actions (then the caller comes back for more)."""
        state = table.state
        if self._mjai_seats(table) and not self.mjai_slots.holds(table):
            return  # its programs start with the table (_start_playing, or bot-only)
        for _ in range(limit):
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
            started = time.perf_counter()
            choice = bot.choose(table.seat_view(seat), seat, legal)
            self.on_bot_turn(time.perf_counter() - started)
            state.apply(choice)
        if limit == MAX_BOT_ACTIONS:
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
        table.sync_views()
        for bot in table.external.values():
            bot.close()
        table.external.clear()
        self.mjai_slots.release(table)

    def _commit(self, table: Table, start: int) -> None:
        new = table.state.events[start:]
        if new:
            self.store.append_events(table.id, start, new, finished=table.state.game_over)
        if table.state.game_over:
            self._close_external(table)
            with self._lock:
                self._tables.pop(table.id, None)

    def _publish(self, table: Table, actor: int | None = None) -> None:
        """Send out the table's events not sent yet (:meth:`Table.publish`), the rest when
        its discard pause is over. Under the table's lock."""
        if table.publish(actor, self.limits.discard_pause):
            self._schedule(table)

    def _schedule(self, table: Table) -> None:
        """Have the held events of ``table`` sent out when its discard pause is over."""
        if table.timer:
            return
        table.timer = True
        with self._timers_wake:
            self._timer_seq += 1
            heapq.heappush(self._timers, (table.release_at, self._timer_seq, table))
            self._timers_wake.notify()

    def _release_held(self) -> None:
        """The thread that sends out held events once their discard pause is over."""
        while not self._stop.is_set():
            with self._timers_wake:
                if not self._timers:
                    self._timers_wake.wait(timeout=1.0)
                    continue
                when, _, table = self._timers[0]
                delay = when - time.monotonic()
                if delay > 0:
                    self._timers_wake.wait(timeout=delay)
                    continue
                heapq.heappop(self._timers)
            with table.lock:
                table.timer = False
                if not table.parked:
                    try:
                        self._publish(table)
                    except Exception:
                        log.exception("table %s: sending held events failed", table.id)

    # -- the background: bot-only games, idle and abandoned tables ----------------------------

    def _queue_bots(self, table_id: int, force: bool = False) -> None:
        with self._bots_wake:
            if force or table_id not in self._bots:
                self._bots.append(table_id)
            self._bots_wake.notify()

    def _background(self) -> None:
        last_sweep = time.time()
        while not self._stop.is_set():
            with self._bots_wake:
                if not self._bots and not self._results and not self._to_mark:
                    self._bots_wake.wait(timeout=min(1.0, self.limits.sweep_seconds))
                table_id = self._bots.popleft() if self._bots else None
                result = self._results.popleft() if self._results else None
            try:
                if self._to_mark:
                    self._note_joined()
                if result is not None:
                    self._store_result(*result)
                if table_id is None or self._to_pool(table_id):
                    pass
                elif self._play_bot_chunk(table_id):
                    self._queue_bots(table_id, force=True)
                if time.time() - last_sweep >= self.limits.sweep_seconds:
                    last_sweep = time.time()
                    self.sweep()
            except DatabaseBusy:
                if table_id is not None:
                    self._queue_bots(table_id, force=True)
                time.sleep(0.2)
            except Exception:
                if sys.is_finalizing():
                    return  # the interpreter is going away under a server never closed
                log.exception("table %s: the background work failed", table_id)

    def _to_pool(self, table_id: int) -> bool:
        """Give a bot-only game to the workers (unless it seats an external program, whose
        process belongs to this one); whether it went there."""
        with self._lock:
            table = self._tables.get(table_id)
        if self._pool is None or table is None:
            return False
        if any(kind.startswith(MJAI_SEAT) for kind in table.seats):
            return False
        if table_id in self._in_pool:
            return True
        with table.lock:
            events = list(table.state.events)
        self._in_pool.add(table_id)
        future = self._pool.submit(
            table.preset, table.seed, table.seats, table.options, events, self.limits.bot_hands
        )

        def done(f: Future[Any]) -> None:  # in the pool's thread: stored by the background one
            with self._bots_wake:
                self._results.append((table_id, len(events), f))
                self._bots_wake.notify()

        future.add_done_callback(done)
        return True

    def _store_result(self, table_id: int, start: int, future: Future[Any]) -> None:
        """Store what a worker played of a bot-only game (and close it past its cap)."""
        try:
            lines, capped = future.result()
        except CancelledError:
            return
        except Exception as e:  # the game does not play on: kept for inspection
            log.error("table %s: the bot game failed in its worker (%s)", table_id, e)
            self._in_pool.discard(table_id)
            self.broken[table_id] = f"{type(e).__name__}: {e}"
            with self._lock:
                self._tables.pop(table_id, None)
            return
        try:
            self.store.append_lines(table_id, start, lines, finished=not capped)
            if capped:
                self.store.close_table(table_id, f"over the cap of {self.limits.bot_hands} hands")
        except DatabaseBusy:
            time.sleep(0.2)
            with self._bots_wake:
                self._results.append((table_id, start, future))
            return
        self._in_pool.discard(table_id)
        with self._lock:
            self._tables.pop(table_id, None)

    BOT_CHUNK = 400
    """Bot actions played under a table's lock at once (a few tens of milliseconds)."""

    def _play_bot_chunk(self, table_id: int) -> bool:
        """Play some actions of a bot-only game; whether there is more to play."""
        with self._locked(table_id) as table:
            if table is None:
                return False
            start = len(table.state.events)
            try:
                self._play_bots(table, limit=self.BOT_CHUNK)
                self._commit(table, start)
            except BaseException:
                self._rebuild(table, start)
                raise
            if table.state.game_over:
                return False
            hands = sum(1 for e in table.state.events if e["type"] == StartKyoku.TYPE)
            if hands > self.limits.bot_hands:
                self.store.close_table(table_id, f"over the cap of {self.limits.bot_hands} hands")
                with self._lock:
                    self._tables.pop(table_id, None)
                table.parked = True
                self._close_external(table)
                return False
            return True

    def bot_games(self) -> int:
        """Bot-only games waiting for the background thread or being played by a worker."""
        return len(self._bots) + len(self._in_pool)

    def sweep(self, now: float | None = None) -> tuple[list[int], list[int]]:
        """Park the tables nobody is connected to for ``idle_seconds`` and close those nobody
        touched for ``expire_seconds``: (parked, closed) ids."""
        now = time.time() if now is None else now
        parked: list[int] = []
        with self._lock:
            live = list(self._tables.values())
        for table in live:
            if "human" not in table.seats:
                continue
            with table.lock:
                connected = any(table.subscribers.values())
                if connected or now - table.active < self.limits.idle_seconds:
                    continue
                table.parked = True
                with self._lock:
                    self._tables.pop(table.id, None)
                self._close_external(table)  # its programs start again when it comes back
                parked.append(table.id)
        closed: list[int] = []
        for row in self.store.tables(unfinished_only=True):
            last = max(row.created, row.touched or 0.0)
            # Never joined: no seat opened (nor, in a file older than the mark, any action).
            unjoined = (
                row.joined is None
                and row.id not in self._joined
                and (row.touched or 0.0) <= row.created
            )
            if "human" not in row.seats or row.broken is not None:
                continue
            if now - last < self.limits.expire_seconds and not (
                unjoined and now - row.created >= self.limits.unjoined_seconds
            ):
                continue
            with self._lock:
                held = self._tables.get(row.id)
            if held is not None and any(held.subscribers.values()):
                continue
            self.store.close_table(row.id, "never joined" if unjoined else "abandoned")
            with self._lock:
                self._tables.pop(row.id, None)
            if held is not None:
                with held.lock:
                    self._close_external(held)
            closed.append(row.id)
        return parked, closed
