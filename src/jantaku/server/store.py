"""The SQLite store of the web tables: one row per table, its full event log, and the seat
tokens.

Everything the server knows about a game is here: the engine state is rebuilt from the
events (``Game(preset, seed).replay(events)``), so a table resumes after a crash exactly where
its last committed event left it. Events are appended in one transaction per change, and the
server sends them to the seats only after that transaction committed.

Seat tokens are never stored in clear: only their SHA-256 digest, so a copy of the database
does not let anyone take a seat. The token itself is shown once, when the table is created.

The database runs in WAL mode; one connection is shared by the threads of the server behind
a lock (``check_same_thread=False``).
"""

from __future__ import annotations

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
    options TEXT NOT NULL DEFAULT '{}'  -- JSON: the knobs changed from the preset
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


class Store:
    """The tables, events and seat tokens of one SQLite file."""

    def __init__(self, path: str) -> None:
        self.path = path
        self._lock = threading.Lock()
        self._db = sqlite3.connect(path, check_same_thread=False, isolation_level=None)
        self._db.execute("PRAGMA journal_mode=WAL")
        self._db.execute("PRAGMA synchronous=NORMAL")
        self._db.execute("PRAGMA foreign_keys=ON")
        self._db.executescript(SCHEMA)
        columns = {r[1] for r in self._db.execute("PRAGMA table_info(tables)")}
        if "options" not in columns:  # a file written before tables had their own knobs
            self._db.execute("ALTER TABLE tables ADD COLUMN options TEXT NOT NULL DEFAULT '{}'")

    def close(self) -> None:
        with self._lock:
            self._db.close()

    def _tx(self) -> _Transaction:
        return _Transaction(self._db, self._lock)

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
    ) -> int:
        """Insert a table with its first events and its seat tokens (hashed); its id."""
        now = time.time()
        with self._tx() as db:
            cur = db.execute(
                "INSERT INTO tables (preset, seed, seats, created, finished, options)"
                " VALUES (?,?,?,?,?,?)",
                (
                    preset,
                    seed,
                    json.dumps(list(seats)),
                    now,
                    now if finished else None,
                    json.dumps(options or {}),
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
        with self._tx() as db:
            _insert_events(db, table_id, start, events)
            if finished:
                db.execute(
                    "UPDATE tables SET finished=? WHERE id=? AND finished IS NULL",
                    (time.time(), table_id),
                )

    # -- reading ----------------------------------------------------------------------------

    def table(self, table_id: int) -> TableRow | None:
        with self._lock:
            row = self._db.execute(
                "SELECT id, preset, seed, seats, created, finished, options FROM tables WHERE id=?",
                (table_id,),
            ).fetchone()
        return None if row is None else _row(row)

    def tables(self, unfinished_only: bool = False) -> list[TableRow]:
        sql = "SELECT id, preset, seed, seats, created, finished, options FROM tables"
        if unfinished_only:
            sql += " WHERE finished IS NULL"
        with self._lock:
            rows = self._db.execute(sql + " ORDER BY id").fetchall()
        return [_row(r) for r in rows]

    def events(self, table_id: int) -> list[dict[str, Any]]:
        with self._lock:
            rows = self._db.execute(
                "SELECT json FROM events WHERE table_id=? ORDER BY seq", (table_id,)
            ).fetchall()
        return [json.loads(r[0]) for r in rows]

    def event_lines(self, table_id: int) -> list[str]:
        """The stored JSON text of each event, in order."""
        with self._lock:
            rows = self._db.execute(
                "SELECT json FROM events WHERE table_id=? ORDER BY seq", (table_id,)
            ).fetchall()
        return [str(r[0]) for r in rows]

    def seat_of(self, table_id: int, token: str) -> int | None:
        """The seat a token holds at a table, or None."""
        with self._lock:
            row = self._db.execute(
                "SELECT seat FROM tokens WHERE table_id=? AND token_sha256=?",
                (table_id, hash_token(token)),
            ).fetchone()
        return None if row is None else int(row[0])


class _Transaction:
    def __init__(self, db: sqlite3.Connection, lock: threading.Lock) -> None:
        self._db = db
        self._lock = lock

    def __enter__(self) -> sqlite3.Connection:
        self._lock.acquire()
        try:
            self._db.execute("BEGIN IMMEDIATE")
        except BaseException:
            self._lock.release()
            raise
        return self._db

    def __exit__(self, exc_type: object, exc: object, tb: object) -> None:
        try:
            self._db.execute("COMMIT" if exc_type is None else "ROLLBACK")
        finally:
            self._lock.release()


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


def _row(r: tuple[Any, ...]) -> TableRow:
    return TableRow(
        id=int(r[0]),
        preset=str(r[1]),
        seed=int(r[2]),
        seats=list(json.loads(r[3])),
        created=float(r[4]),
        finished=None if r[5] is None else float(r[5]),
        options=dict(json.loads(r[6])),
    )
