"""Backups of a live server's database (`jantaku backup`, `jantaku check-db`).

:func:`backup` copies the file with SQLite's online backup API while the server goes on
writing: the copy is one consistent moment of it (every table's log as it was committed
then), written beside the target and renamed into place only once it is whole and checked.
A server started on the copy lists the games that were being played and resumes them from
their stored logs (:class:`jantaku.server.tables.TableManager`), seat tokens included (they
are stored hashed, as in the original).

:func:`inspect` opens a file read-only, runs SQLite's integrity check and lists its tables
(games) and score sessions.
"""

from __future__ import annotations

import contextlib
import json
import os
import sqlite3
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any


class BackupError(RuntimeError):
    """A backup or check that could not be made; the message says what is wrong."""


@dataclass
class TableSummary:
    id: int
    preset: str
    status: str
    """playing, finished or closed."""
    seats: list[str]
    events: int


@dataclass
class SessionSummary:
    id: str
    """The first characters of the session's id (all of it is its share link's key)."""
    hands: int
    revision: int


@dataclass
class Inspection:
    path: str
    integrity: list[str]
    """SQLite's ``integrity_check`` answer: ``["ok"]`` for a sound file."""
    tables: list[TableSummary] = field(default_factory=list)
    sessions: list[SessionSummary] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return self.integrity == ["ok"]

    def as_json(self) -> dict[str, Any]:
        return {"ok": self.ok, **asdict(self)}


def _open_existing(path: Path, read_only: bool) -> sqlite3.Connection:
    """A connection to an existing database file (never creating one)."""
    if not path.is_file():
        raise BackupError(f"{path}: no such database file")
    mode = "ro" if read_only else "rw"
    try:
        return sqlite3.connect(f"file:{path}?mode={mode}", uri=True, timeout=10.0)
    except sqlite3.Error as e:
        raise BackupError(f"{path}: cannot open it as an SQLite database ({e})") from None


def backup(db: str | os.PathLike[str], out: str | os.PathLike[str]) -> Inspection:
    """Copy the live database ``db`` to the new file ``out`` (refused if it exists); the
    copy's inspection. Nothing is left at ``out`` when it fails."""
    source, target = Path(db), Path(out)
    if target.exists():
        raise BackupError(f"{target} exists already: choose a new file name")
    if not target.parent.is_dir():
        raise BackupError(f"{target.parent}: no such folder")
    partial = target.with_name(f".{target.name}.partial")
    partial.unlink(missing_ok=True)
    try:
        with contextlib.closing(_open_existing(source, read_only=False)) as src:
            if not _is_jantaku(src):
                raise BackupError(f"{source}: not a jantaku database (no tables of games)")
            with contextlib.closing(sqlite3.connect(partial)) as dst:
                # One step (all pages at once): the copy is read in one transaction, so it is
                # one moment of the file even while the server commits new events.
                src.backup(dst)
                dst.execute("PRAGMA journal_mode=DELETE")  # one file, no -wal beside it
        checked = inspect(partial)
        if not checked.ok:
            raise BackupError(f"the copy fails SQLite's integrity check: {checked.integrity}")
        os.replace(partial, target)
    except sqlite3.Error as e:
        raise BackupError(f"{source}: the backup failed ({e})") from None
    finally:
        partial.unlink(missing_ok=True)
    checked.path = str(target)
    return checked


def _is_jantaku(db: sqlite3.Connection) -> bool:
    names = {r[0] for r in db.execute("SELECT name FROM sqlite_master WHERE type='table'")}
    return {"tables", "events", "tokens"} <= names


def inspect(path: str | os.PathLike[str]) -> Inspection:
    """The integrity check of the database at ``path`` and what it holds (read-only)."""
    p = Path(path)
    with contextlib.closing(_open_existing(p, read_only=True)) as db:
        try:
            integrity = [str(r[0]) for r in db.execute("PRAGMA integrity_check")]
            names = {r[0] for r in db.execute("SELECT name FROM sqlite_master WHERE type='table'")}
        except sqlite3.DatabaseError as e:
            return Inspection(str(p), [f"not a readable SQLite database: {e}"])
        found = Inspection(str(p), integrity)
        if found.ok and "tables" in names and "events" in names:
            counts = dict(
                db.execute("SELECT table_id, COUNT(*) FROM events GROUP BY table_id").fetchall()
            )
            for tid, preset, seats, finished, closed in db.execute(
                "SELECT id, preset, seats, finished, closed FROM tables ORDER BY id"
            ):
                status = "finished" if finished is not None else "closed" if closed else "playing"
                found.tables.append(
                    TableSummary(tid, preset, status, list(json.loads(seats)), counts.get(tid, 0))
                )
        if found.ok and "score_sessions" in names and "score_hands" in names:
            hands = dict(
                db.execute(
                    "SELECT session_id, COUNT(*) FROM score_hands GROUP BY session_id"
                ).fetchall()
            )
            for sid, rev in db.execute("SELECT id, rev FROM score_sessions ORDER BY created"):
                # The id is the session's share link: only its start names it here.
                found.sessions.append(SessionSummary(sid[:4] + "…", hands.get(sid, 0), rev))
    return found


def describe(found: Inspection) -> str:
    """The inspection as lines for a person."""
    lines = [f"{found.path}: integrity {'ok' if found.ok else 'FAILED'}"]
    if not found.ok:
        lines += [f"  {problem}" for problem in found.integrity[:20]]
        return "\n".join(lines)
    by_status: dict[str, int] = {}
    for t in found.tables:
        by_status[t.status] = by_status.get(t.status, 0) + 1
    summary = ", ".join(f"{n} {s}" for s, n in sorted(by_status.items())) or "none"
    lines.append(f"tables: {len(found.tables)} ({summary})")
    for t in found.tables:
        if t.status == "playing":
            lines.append(f"  table {t.id}: {t.preset}, {t.events} events, seats {t.seats}")
    lines.append(f"score sessions: {len(found.sessions)}")
    for s in found.sessions:
        lines.append(f"  session {s.id}: {s.hands} hands, revision {s.revision}")
    return "\n".join(lines)
