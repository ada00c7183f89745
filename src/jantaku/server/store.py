"""The SQLite store of the web tables: one row per table, its full event log, and the seat
tokens.

Everything the server knows about a game is here: the engine state is rebuilt from the
events (``Game(preset, seed).replay(events)``), so a table resumes after a crash exactly where
its last committed event left it. Events are appended in one transaction per change, and the
server sends them to the seats only after that transaction committed.

Seat tokens are never stored in clear: only their SHA-256 digest, so a copy of the database
does not let anyone take a seat. The token itself is shown once, when the table is created.

The database runs in WAL mode. Writes go through one connection behind a lock; reads use one
connection per thread, so a write that waits for a lock held elsewhere (another process, a
backup) never holds up the listing or a view. A lock held past ``busy_timeout`` seconds is
:class:`DatabaseBusy`: nothing was written, the same request may be sent again.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import sqlite3
import threading
import time
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any

SCHEMA = """
CREATE TABLE IF NOT EXISTS tables (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    preset TEXT NOT NULL,
    seed INTEGER NOT NULL,
    seats TEXT NOT NULL,          -- JSON list: "human" | "bot:baseline" | "bot:random"
    created REAL NOT NULL,        -- unix time
    finished REAL,                -- unix time the game ended, NULL while it is played
    options TEXT NOT NULL DEFAULT '{}', -- JSON: the knobs changed from the preset
    touched REAL,                 -- unix time of the last action or connection
    closed TEXT                   -- why an unfinished table was closed (abandoned, hand cap)
);
CREATE TABLE IF NOT EXISTS events (
    table_id INTEGER NOT NULL REFERENCES tables(id),
    seq INTEGER NOT NULL,         -- 0-based index in the table's event log
    json TEXT NOT NULL,
    PRIMARY KEY (table_id, seq)
);
CREATE TABLE IF NOT EXISTS tokens (
    table_id INTEGER NOT NULL REFERENCES tables(id),
    seat INTEGER NOT NULL,
    token_sha256 TEXT NOT NULL UNIQUE,
    PRIMARY KEY (table_id, seat)
);
"""


class DatabaseBusy(RuntimeError):
    """The database stayed locked (another process writes, a backup holds it) past the busy
    timeout: nothing was changed, and the same request may be sent again."""


def hash_token(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


@dataclass(frozen=True)
class TableRow:
    id: int
    preset: str
    seed: int
    seats: list[str]
    created: float
    finished: float | None
    options: dict[str, Any] = field(default_factory=dict)
    touched: float | None = None
    closed: str | None = None
    joined: float | None = None
    """When a person first opened one of its seats (None: nobody ever has)."""
    broken: str | None = None
    """What is wrong with a row whose columns do not read (its other fields are defaults)."""

    @property
    def status(self) -> str:
        """playing, finished, closed, or broken (a row whose columns do not read)."""
        if self.broken is not None:
            return "broken"
        if self.finished is not None:
            return "finished"
        return "playing" if self.closed is None else "closed"


class Store:
    """The tables, events and seat tokens of one SQLite file."""

    def __init__(self, path: str, busy_timeout: float = 2.0) -> None:
        self.path = path
        self.busy_timeout = busy_timeout
        self._lock = threading.Lock()
        self._db = self._connect()
        self._db.execute("PRAGMA journal_mode=WAL")
        self._db.execute("PRAGMA synchronous=NORMAL")
        self._db.executescript(SCHEMA)
        columns = {r[1] for r in self._db.execute("PRAGMA table_info(tables)")}
        for name, sql in _ADDED_COLUMNS:  # a file written before these columns
            if name not in columns:
                self._db.execute(f"ALTER TABLE tables ADD COLUMN {name} {sql}")
        self._local = threading.local()
        self._readers: list[sqlite3.Connection] = []
        self._readers_lock = threading.Lock()

    @property
    def writing(self) -> bool:
        """Whether a write holds the store's writer lock now: under way, or waiting for
        SQLite's own lock while another connection holds the file. Reads never wait on it,
        so a caller (a test of a held database) can tell a write that is stuck from one that
        has not begun."""
        return self._lock.locked()

    def _connect(self) -> sqlite3.Connection:
        db = sqlite3.connect(
            self.path, timeout=self.busy_timeout, check_same_thread=False, isolation_level=None
        )
        db.execute("PRAGMA foreign_keys=ON")
        return db

    def _reader(self) -> sqlite3.Connection:
        """This thread's reading connection."""
        db: sqlite3.Connection | None = getattr(self._local, "db", None)
        if db is None:
            db = self._connect()
            db.execute("PRAGMA query_only=ON")
            self._local.db = db
            with self._readers_lock:  # not the writer's lock: a write may be waiting
                self._readers.append(db)
        return db

    def _read(self, sql: str, args: Sequence[Any] = ()) -> list[Any]:
        try:
            return self._reader().execute(sql, args).fetchall()
        except sqlite3.OperationalError as e:
            raise _busy(e) from e

    def close(self) -> None:
        with self._lock:
            self._db.close()
        with self._readers_lock:
            for db in self._readers:
                db.close()

    def _tx(self) -> _Transaction:
        return _Transaction(self._db, self._lock, self.busy_timeout)

    def touch(self, table_id: int, when: float | None = None) -> None:
        """Note that something happened at the table (it is not idle)."""
        with self._tx() as db:
            db.execute(
                "UPDATE tables SET touched=? WHERE id=?",
                (time.time() if when is None else when, table_id),
            )

    def close_table(self, table_id: int, reason: str) -> None:
        """Close an unfinished table for good (abandoned, over its hand cap)."""
        with self._tx() as db:
            db.execute(
                "UPDATE tables SET closed=? WHERE id=? AND finished IS NULL AND closed IS NULL",
                (reason, table_id),
            )

    # -- writing ----------------------------------------------------------------------------

    def create_table(
        self,
        preset: str,
        seed: int,
        seats: Sequence[str],
        tokens: dict[int, str],
        events: Sequence[dict[str, Any]],
        finished: bool = False,
        options: dict[str, Any] | None = None,
        owner: str | None = None,
    ) -> int:
        """Insert a table with its first events and its seat tokens (hashed); its id.
        ``owner``: who made it (a digest of the client's address, never the address)."""
        now = time.time()
        with self._tx() as db:
            cur = db.execute(
                "INSERT INTO tables"
                " (preset, seed, seats, created, finished, options, touched, owner)"
                " VALUES (?,?,?,?,?,?,?,?)",
                (
                    preset,
                    seed,
                    json.dumps(list(seats)),
                    now,
                    now if finished else None,
                    json.dumps(options or {}),
                    now,
                    owner,
                ),
            )
            table_id = cur.lastrowid
            assert table_id is not None
            db.executemany(
                "INSERT INTO tokens (table_id, seat, token_sha256) VALUES (?,?,?)",
                [(table_id, seat, hash_token(tok)) for seat, tok in tokens.items()],
            )
            _insert_events(db, table_id, 0, events)
        return table_id

    def append_events(
        self, table_id: int, start: int, events: Sequence[dict[str, Any]], finished: bool
    ) -> None:
        """Append ``events`` at index ``start`` of the table's log (and mark it finished) in
        one transaction. A clash of sequence numbers raises and stores nothing."""
        lines = [json.dumps(ev, separators=(",", ":")) for ev in events]
        self.append_lines(table_id, start, lines, finished)

    def append_lines(self, table_id: int, start: int, lines: Sequence[str], finished: bool) -> None:
        """:meth:`append_events` of events already written as their JSON text (a worker
        process wrote them: the server does not encode them again)."""
        with self._tx() as db:
            db.executemany(
                "INSERT INTO events (table_id, seq, json) VALUES (?,?,?)",
                [(table_id, start + i, line) for i, line in enumerate(lines)],
            )
            db.execute("UPDATE tables SET touched=? WHERE id=?", (time.time(), table_id))
            if finished:
                db.execute(
                    "UPDATE tables SET finished=? WHERE id=? AND finished IS NULL",
                    (time.time(), table_id),
                )

    # -- reading ----------------------------------------------------------------------------

    def table(self, table_id: int) -> TableRow | None:
        if not _storable(table_id):
            return None
        rows = self._read(f"SELECT {_COLUMNS} FROM tables WHERE id=?", (table_id,))
        return _row(rows[0]) if rows else None

    def tables(
        self, unfinished_only: bool = False, before: int | None = None, limit: int | None = None
    ) -> list[TableRow]:
        """Tables by id; ``before`` and ``limit``: the ``limit`` newest with a smaller id."""
        sql = f"SELECT {_COLUMNS} FROM tables WHERE 1=1"
        args: list[Any] = []
        if unfinished_only:
            sql += " AND finished IS NULL AND closed IS NULL"
        if before is not None:
            sql += " AND id < ?"
            args.append(min(before, 2**63 - 1))
        if limit is None:
            return [_row(r) for r in self._read(sql + " ORDER BY id", args)]
        rows = self._read(sql + " ORDER BY id DESC LIMIT ?", [*args, limit])
        return [_row(r) for r in reversed(rows)]

    def owned_count(self, owner: str) -> int:
        """Unfinished tables with a person's seat that ``owner`` made."""
        rows = self._read(
            "SELECT COUNT(*) FROM tables WHERE owner=? AND finished IS NULL AND closed IS NULL"
            " AND seats LIKE '%\"human\"%'",
            (owner,),
        )
        return int(rows[0][0])

    def mark_joined(self, table_id: int) -> None:
        """Note that a person opened a seat of the table (it is no longer never joined)."""
        with self._tx() as db:
            db.execute(
                "UPDATE tables SET joined=? WHERE id=? AND joined IS NULL", (time.time(), table_id)
            )

    def unfinished_count(self) -> int:
        rows = self._read("SELECT COUNT(*) FROM tables WHERE finished IS NULL AND closed IS NULL")
        return int(rows[0][0])

    def events(self, table_id: int) -> list[dict[str, Any]]:
        """The table's events; ``ValueError`` for a log with a row missing or unreadable."""
        if not _storable(table_id):
            return []
        rows = self._read("SELECT seq, json FROM events WHERE table_id=? ORDER BY seq", (table_id,))
        for i, (seq, _) in enumerate(rows):
            if seq != i:
                raise ValueError(f"event {i} of the stored log is missing")
        out = []
        for seq, text in rows:
            ev = json.loads(text)
            if not isinstance(ev, dict):
                raise ValueError(f"event {seq} of the stored log is not an object")
            out.append(ev)
        return out

    def event_lines(self, table_id: int) -> list[str]:
        """The stored JSON text of each event, in order."""
        if not _storable(table_id):
            return []
        rows = self._read("SELECT json FROM events WHERE table_id=? ORDER BY seq", (table_id,))
        return [str(r[0]) for r in rows]

    def seat_of(self, table_id: int, token: str) -> int | None:
        """The seat a token holds at a table, or None."""
        if not _storable(table_id):
            return None
        rows = self._read(
            "SELECT seat FROM tokens WHERE table_id=? AND token_sha256=?",
            (table_id, hash_token(token)),
        )
        return int(rows[0][0]) if rows else None


class WriteBudget:
    """The lock of a writing connection that shares one budget of ``timeout`` seconds with
    SQLite's own busy wait: writes queued behind a database held elsewhere all answer within
    it (:class:`DatabaseBusy`, or SQLite's "database is locked"), never one after another
    each with its own wait. ``with budget:`` as with a lock."""

    def __init__(self, timeout: float, db: sqlite3.Connection | None = None) -> None:
        self.timeout = timeout
        self.db = db
        self._lock = threading.Lock()

    def __enter__(self) -> None:
        deadline = time.monotonic() + self.timeout
        if not self._lock.acquire(timeout=self.timeout):
            raise DatabaseBusy("the database is busy")
        if self.db is not None:
            left = max(0.0, deadline - time.monotonic())
            self.db.execute(f"PRAGMA busy_timeout={int(left * 1000)}")

    def __exit__(self, *exc: object) -> None:
        self._lock.release()


class Readers:
    """A reading connection per thread to one SQLite file in WAL mode: a read never waits
    for a write, whoever holds the writer's lock."""

    def __init__(self, path: str, timeout: float = 2.0) -> None:
        self.path = path
        self.timeout = timeout
        self._local = threading.local()
        self._all: list[sqlite3.Connection] = []
        self._all_lock = threading.Lock()

    @contextlib.contextmanager
    def snapshot(self) -> Iterator[sqlite3.Connection]:
        """This thread's reading connection, in one read transaction (a consistent view)."""
        db: sqlite3.Connection | None = getattr(self._local, "db", None)
        if db is None:
            db = sqlite3.connect(
                self.path, timeout=self.timeout, check_same_thread=False, isolation_level=None
            )
            db.execute("PRAGMA query_only=ON")
            self._local.db = db
            with self._all_lock:
                self._all.append(db)
        try:
            db.execute("BEGIN")
            try:
                yield db
            finally:
                db.execute("COMMIT")
        except sqlite3.OperationalError as e:
            raise _busy(e) from e

    def close(self) -> None:
        with self._all_lock:
            for db in self._all:
                db.close()


class _Transaction:
    """One write: the writer's lock and SQLite's share one budget of ``timeout`` seconds, so
    writes waiting behind each other for a database held elsewhere all answer within it
    (never one after another, each with its own wait)."""

    def __init__(self, db: sqlite3.Connection, lock: threading.Lock, timeout: float) -> None:
        self._db = db
        self._lock = lock
        self._timeout = timeout

    def __enter__(self) -> sqlite3.Connection:
        deadline = time.monotonic() + self._timeout
        if not self._lock.acquire(timeout=self._timeout):
            raise DatabaseBusy("the database is busy")
        try:
            left = max(0.0, deadline - time.monotonic())
            self._db.execute(f"PRAGMA busy_timeout={int(left * 1000)}")
            self._db.execute("BEGIN IMMEDIATE")
        except sqlite3.OperationalError as e:
            self._lock.release()
            raise _busy(e) from e
        except BaseException:
            self._lock.release()
            raise
        return self._db

    def __exit__(self, exc_type: object, exc: object, tb: object) -> None:
        try:
            if exc_type is None:
                try:
                    self._db.execute("COMMIT")
                except sqlite3.OperationalError as e:
                    self._db.execute("ROLLBACK")
                    raise _busy(e) from e
            else:
                self._db.execute("ROLLBACK")
        finally:
            self._lock.release()


def _busy(e: sqlite3.OperationalError) -> Exception:
    """A locked or busy database as :class:`DatabaseBusy`; any other error as it is."""
    text = str(e).lower()
    if "locked" in text or "busy" in text:
        return DatabaseBusy("the database is busy")
    return e


def _storable(table_id: int) -> bool:
    """Whether an id can name a row at all (SQLite's integers are 64-bit): a client's huge id
    is no table, never an overflow."""
    return 0 <= table_id < 2**63


def _insert_events(
    db: sqlite3.Connection, table_id: int, start: int, events: Sequence[dict[str, Any]]
) -> None:
    db.executemany(
        "INSERT INTO events (table_id, seq, json) VALUES (?,?,?)",
        list(_event_rows(table_id, start, events)),
    )


def _event_rows(
    table_id: int, start: int, events: Sequence[dict[str, Any]]
) -> Iterator[tuple[int, int, str]]:
    for i, ev in enumerate(events):
        yield table_id, start + i, json.dumps(ev, separators=(",", ":"))


_COLUMNS = "id, preset, seed, seats, created, finished, options, touched, closed, joined"
_ADDED_COLUMNS = (
    ("options", "TEXT NOT NULL DEFAULT '{}'"),  # tables' own knobs
    ("touched", "REAL"),  # idle tables are parked, abandoned ones closed
    ("closed", "TEXT"),
    ("owner", "TEXT"),  # human tables per client address are capped
    ("joined", "REAL"),  # a human table nobody ever joined expires
)


def _row(r: tuple[Any, ...]) -> TableRow:
    """One table's row; a row whose columns do not read (edited, damaged) is a broken one,
    listed with its id and skipped, never an error that stops the listing or the server."""
    try:
        row = _parse_row(r)
    except (ValueError, TypeError, OverflowError) as e:
        return TableRow(
            id=int(r[0]),
            preset=str(r[1])[:64],
            seed=0,
            seats=[],
            created=r[4] if isinstance(r[4], float) else 0.0,
            finished=None,
            broken=f"its row does not read ({type(e).__name__}: {str(e)[:200]})",
        )
    return row


def _parse_row(r: tuple[Any, ...]) -> TableRow:
    seats, options = json.loads(r[3]), json.loads(r[6])
    if not isinstance(seats, list) or not all(isinstance(s, str) for s in seats):
        raise ValueError("seats is not a list of seat kinds")
    if not isinstance(options, dict):
        raise ValueError("options is not an object")
    if not isinstance(r[2], int):
        raise ValueError("seed is not an integer")
    return TableRow(
        id=int(r[0]),
        preset=str(r[1]),
        seed=int(r[2]),
        seats=seats,
        created=float(r[4]),
        finished=None if r[5] is None else float(r[5]),
        options=options,
        touched=None if r[7] is None else float(r[7]),
        closed=None if r[8] is None else str(r[8]),
        joined=None if r[9] is None else float(r[9]),
    )
