"""点数記録: scorekeeping sessions for a physical table (``/score``).

A session is a rule set, the people at the table and a log of *hands*: each hand is one or
more ``jantaku ledger`` events (a double ron is two ``win`` events; a chip event stands
alone). The log is the truth and everything shown is a replay of it through
:class:`jantaku.scoring.ledger.Ledger`, the only arithmetic: scores, chips, dealer, round,
honba, sticks, the end of each game and its settlement. Editing or deleting a past hand
replays everything after it; a change that would leave a later hand invalid is refused and
changes nothing.

Games follow one another in one session: when the ledger ends a game the next hand starts a
new one, its first dealer one seat further on (回し親) and the chips carried over. Each game
is exported as the exact record ``jantaku ledger`` reads (``players``, ``start``,
``events``), so the command reproduces every figure of the page.

Concurrency: every change names the session revision it was made against (``at``); a change
made against an older revision is refused with the current state (two phones entering at
once never lose or double a hand). A new hand also carries a client id (``cid``): sending the
same hand twice (a retry from the offline queue) stores it once.

Sessions live in their own tables of the server's SQLite file; the editor token is stored as
its SHA-256 digest only and is shown once, when the session is created.
"""

from __future__ import annotations

import hashlib
import json
import re
import secrets
import sqlite3
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Final

from jantaku.rules.model import Preset
from jantaku.scoring.conditions import conditions

from .session_checks import event_values
from .session_config import (
    MAX_NAME,
    MAX_TOML,
    chips_apart,
    config_preset,
    make_config,
    money,
    settings,
)
from .session_errors import HAND_REASONS, SESSION_CODES, SessionError, broken_session, hand_error
from .session_export import CSV_LANGS, csv_text, ledger_records
from .session_games import (
    PERSON_FIELDS,
    PERSON_LISTS,
    ScoredGame,
    ScoringLedger,
    Seating,
    game_result,
    game_start,
    seating_of,
)
from .store import Readers, WriteBudget

__all__ = [  # the names other modules and the tests import from here
    "CSV_LANGS",
    "HAND_REASONS",
    "MAX_NAME",
    "MAX_TOML",
    "PERSON_FIELDS",
    "PERSON_LISTS",
    "SESSION_CODES",
    "ScoredGame",
    "ScoringLedger",
    "Seating",
    "SessionError",
    "SessionManager",
    "SessionStore",
    "broken_session",
    "chips_apart",
    "config_preset",
    "csv_text",
    "game_result",
    "game_start",
    "hand_error",
    "hash_token",
    "ledger_records",
    "make_config",
    "money",
    "replay",
    "seating_of",
    "settings",
]

if TYPE_CHECKING:
    from .session_replay import ReplayCache

WRITE_BUDGET: Final = 2.0
"""Seconds a change waits for a database held elsewhere before it is refused (503)."""
MAX_HANDS: Final = 2000
GROUP_SCAN: Final = 500
"""Sessions looked at (newest first) for a group's statistics."""
GROUP_MAX: Final = 50
"""Sessions of one group summed at most."""
SESSION_ID = re.compile(r"^[A-Za-z0-9_-]{6,32}$")

SCHEMA = """
CREATE TABLE IF NOT EXISTS score_sessions (
    id TEXT PRIMARY KEY,           -- random, the share link's key
    config TEXT NOT NULL,          -- JSON: preset, options, names, rotate
    editor_sha256 TEXT NOT NULL,   -- the editor link's token, hashed
    rev INTEGER NOT NULL,          -- revision: +1 on every change
    created REAL NOT NULL
);
CREATE TABLE IF NOT EXISTS score_hands (
    session_id TEXT NOT NULL REFERENCES score_sessions(id),
    seq INTEGER NOT NULL,          -- 0-based position in the session's log
    cid TEXT NOT NULL,             -- the client's id of the hand (retries store it once)
    json TEXT NOT NULL,            -- {"events": [...]}
    PRIMARY KEY (session_id, seq)
);
"""

Message = dict[str, Any]
Subscriber = Callable[[Message], None]


def hash_token(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


def _check_hand(hand: Any) -> list[dict[str, Any]]:
    if not isinstance(hand, dict) or set(hand) - {"events"}:
        raise SessionError('a hand is an object {"events": [...]}', code="bad_hand", params={})
    events = hand.get("events")
    if not isinstance(events, list) or not 1 <= len(events) <= 8:
        raise SessionError("events: one to eight ledger events", code="bad_hand", params={})
    for i, ev in enumerate(events):
        if not isinstance(ev, dict) or not isinstance(ev.get("type"), str):
            raise SessionError(f"events[{i}]: an object with a 'type'", code="bad_hand", params={})
    # Chip entries of the hand (a spring extracted) may come first: they count for the hand
    # that follows them in the same entry (its sitting-out chips know a spring came out).
    lead = 0
    while lead < len(events) - 1 and events[lead]["type"] == "chips":
        lead += 1
    rest = events[lead:]
    if len(rest) > 4:
        raise SessionError(
            "events: at most four winners of one discard", code="bad_hand", params={}
        )
    for i, ev in enumerate(rest, start=lead):
        if ev["type"] == "win" and i + 1 < len(events) and not events[i + 1].get("double"):
            raise SessionError(
                "events: only the winners of a double ron share a hand", code="bad_hand", params={}
            )
        if ev["type"] != "win" and len(rest) > 1:
            raise SessionError(
                f"events[{i}]: a {ev['type']} is a hand of its own", code="bad_hand", params={}
            )
        if ev["type"] == "chips" and lead:
            raise SessionError(
                f"events[{i}]: chip entries come before the hand they belong to",
                code="bad_hand",
                params={},
            )
    if len(json.dumps(events)) > 16_000:
        raise SessionError("events: too large", code="bad_hand", params={})
    try:
        event_values(events)  # every number in a sane range
    except ValueError as e:
        raise SessionError(str(e), code="bad_hand", params={}) from None
    return events


def replay(
    config: dict[str, Any], hands: list[dict[str, Any]], preset: Preset | None = None
) -> dict[str, Any]:
    """The whole session state from its log (:func:`jantaku.server.session_replay.replay`).
    A hand the ledger refuses or cannot take raises :class:`SessionError` naming it."""
    from .session_replay import replay as from_scratch

    return from_scratch(config, hands, preset)


# -- storage ---------------------------------------------------------------------------------


class SessionStore:
    """The sessions and their hands, in their own tables of the server's SQLite file."""

    def __init__(self, path: str) -> None:
        self._db = sqlite3.connect(path, check_same_thread=False, isolation_level=None)
        self._db.execute("PRAGMA journal_mode=WAL")
        self._db.executescript(SCHEMA)
        # A write answers within the budget, busy or not (503); a read never waits on one.
        self._lock = WriteBudget(WRITE_BUDGET, self._db)
        self._reads = Readers(path)

    def close(self) -> None:
        with self._lock:
            self._db.close()
        self._reads.close()

    def create(self, sid: str, config: dict[str, Any], token: str) -> None:
        with self._lock:
            self._db.execute(
                "INSERT INTO score_sessions (id, config, editor_sha256, rev, created)"
                " VALUES (?,?,?,0,?)",
                (sid, json.dumps(config, ensure_ascii=False), hash_token(token), time.time()),
            )

    def recent_configs(self, limit: int) -> list[tuple[str, dict[str, Any]]]:
        """The ``limit`` newest sessions' ids and configs (for a group's statistics)."""
        with self._lock:
            rows = self._db.execute(
                "SELECT id, config FROM score_sessions ORDER BY created DESC LIMIT ?", (limit,)
            ).fetchall()
        return [(str(i), json.loads(c)) for i, c in rows]

    def load(self, sid: str) -> tuple[dict[str, Any], str, int, list[dict[str, Any]]] | None:
        with self._reads.snapshot() as db:
            row = db.execute(
                "SELECT config, editor_sha256, rev FROM score_sessions WHERE id=?", (sid,)
            ).fetchone()
            if row is None:
                return None
            hands = db.execute(
                "SELECT cid, json FROM score_hands WHERE session_id=? ORDER BY seq", (sid,)
            ).fetchall()
        return (
            json.loads(row[0]),
            str(row[1]),
            int(row[2]),
            [{"cid": c, **json.loads(j)} for c, j in hands],
        )

    def save(
        self,
        sid: str,
        rev: int,
        hands: list[dict[str, Any]],
        config: dict[str, Any] | None = None,
    ) -> None:
        """Replace the log (and the config, when given), moving the revision from ``rev`` to
        ``rev + 1`` in one transaction; a revision that moved meanwhile raises and stores
        nothing."""
        with self._lock:
            db = self._db
            db.execute("BEGIN IMMEDIATE")
            try:
                cur = db.execute(
                    "UPDATE score_sessions SET rev=rev+1 WHERE id=? AND rev=?", (sid, rev)
                )
                if cur.rowcount != 1:
                    raise SessionError(
                        "the session changed meanwhile; try again", 409, code="stale", params={}
                    )
                if config is not None:
                    db.execute(
                        "UPDATE score_sessions SET config=? WHERE id=?",
                        (json.dumps(config, ensure_ascii=False), sid),
                    )
                db.execute("DELETE FROM score_hands WHERE session_id=?", (sid,))
                db.executemany(
                    "INSERT INTO score_hands (session_id, seq, cid, json) VALUES (?,?,?,?)",
                    [
                        (sid, i, h["cid"], json.dumps({"events": h["events"]}, ensure_ascii=False))
                        for i, h in enumerate(hands)
                    ],
                )
                db.execute("COMMIT")
            except BaseException:
                db.execute("ROLLBACK")
                raise


# -- live sessions ---------------------------------------------------------------------------


@dataclass
class Live:
    config: dict[str, Any]
    editor: str
    rev: int
    hands: list[dict[str, Any]]
    preset: Preset
    state: dict[str, Any]
    lock: threading.Lock = field(default_factory=threading.Lock)
    subscribers: list[Subscriber] = field(default_factory=list)
    conditions: tuple[int, Message] | None = None
    cache: ReplayCache | None = None
    """The replay kept between changes (a change replays from the hand it changes)."""
    shown: tuple[int, Message, list[str]] | None = None
    """The state message of revision ``shown[0]``, and its JSON once asked for."""


class SessionManager:
    """Sessions in memory over the store; every change is checked, stored, then pushed."""

    def __init__(self, store: SessionStore) -> None:
        self.store = store
        self._live: dict[str, Live] = {}
        self._lock = threading.Lock()

    def create(self, body: dict[str, Any]) -> tuple[str, str]:
        config = make_config(body)
        sid = secrets.token_urlsafe(9)
        token = secrets.token_urlsafe(18)
        self.store.create(sid, config, token)
        return sid, token

    def _get(self, sid: str) -> Live:
        if not isinstance(sid, str) or not SESSION_ID.match(sid):
            raise SessionError("no such session", 404, "no_session", {})
        with self._lock:
            live = self._live.get(sid)
            if live is None:
                try:
                    row = self.store.load(sid)
                    if row is not None:
                        config, editor, rev, hands = row
                        preset = config_preset(config)
                        from .session_replay import ReplayCache

                        cache = ReplayCache(config, preset, hands)
                        live = Live(config, editor, rev, hands, preset, cache.state, cache=cache)
                except sqlite3.OperationalError:
                    raise
                except Exception as e:  # one damaged session never stops the others
                    raise broken_session(sid, e) from None
                if live is None:
                    raise SessionError("no such session", 404, "no_session", {})
                self._live[sid] = live
            return live

    def can_edit(self, sid: str, token: str | None) -> bool:
        live = self._get(sid)
        return bool(token) and secrets.compare_digest(hash_token(token or ""), live.editor)

    def view(self, sid: str) -> Message:
        live = self._get(sid)
        if not live.lock.acquire(timeout=0.05):
            # A change holds it while waiting for the database: it changes nothing in
            # memory until stored, so the session is read as it is (reads never wait).
            return self._view(sid, live)
        try:
            return self._view(sid, live)
        finally:
            live.lock.release()

    def _view(self, sid: str, live: Live) -> Message:
        """The state message, built once a revision (watchers ask for it again and again)."""
        rev, shown = live.rev, live.shown  # a change sets its state before its revision
        if shown is not None and shown[0] == rev:
            return shown[1]
        view = {
            "type": "state",
            "id": sid,
            "rev": rev,
            "config": live.config,
            "players": live.preset.players,
            "cids": [h["cid"] for h in live.hands],
            **live.state,
        }
        live.shown = (rev, view, [])
        return view

    def view_text(self, sid: str, view: Message | None = None) -> str:
        """:meth:`view` (or ``view``, a state message it gave) as JSON text, serialised once
        a revision."""
        live = self._get(sid)
        view = self.view(sid) if view is None else view
        shown = live.shown
        if shown is None or shown[1] is not view:
            return json.dumps(view, ensure_ascii=False, separators=(",", ":"))
        if not shown[2]:
            shown[2].append(json.dumps(view, ensure_ascii=False, separators=(",", ":")))
        return shown[2][0]

    def preview(self, sid: str, hand: Any, index: Any = None, delete: bool = False) -> Message:
        """What a hand would do if entered now, or what an edit (``index``: the hand it
        replaces) or a deletion of hand ``index`` would do (nothing stored): the ledger's own
        entry, and ``moved``: the hands that would change game (a bust moved earlier or later
        moves the hands after it), each ``{index, from, to}`` by game number."""
        live = self._get(sid)
        try:
            with live.lock:
                hands = list(live.hands)
                if index is None:
                    hands.append({"cid": "preview", "events": _check_hand(hand)})
                    at = len(hands) - 1
                elif (
                    isinstance(index, int)
                    and not isinstance(index, bool)
                    and 0 <= index < len(hands)
                ):
                    if delete:
                        del hands[index]
                    else:
                        hands[index] = {"cid": hands[index]["cid"], "events": _check_hand(hand)}
                    at = index
                else:
                    raise SessionError(
                        f"index: a hand 0 to {len(hands) - 1}",
                        code="bad_index",
                        params={"max": len(hands)},
                    )
                assert live.cache is not None
                state = live.cache.trial(live.config, hands, at).state
                before = live.state["hands"]
        except SessionError as e:
            # The page disables 記録する and shows why: an answer, not a failure.
            return {"type": "preview", "refused": e.as_json()}
        after = state["hands"]
        # Rows of the same hand before and after (a deletion shifts the later ones by one).
        pairs = [(b, after[i - (1 if delete and i > at else 0)]) for i, b in enumerate(before)]
        moved = [
            {"index": b["index"], "from": b["game"] + 1, "to": a["game"] + 1, "label": b["label"]}
            for b, a in pairs
            if not (delete and b["index"] == at) and b["game"] != a["game"]
        ]
        return {
            "type": "preview",
            "hand": None if delete else after[at],
            "table": state["table"],
            "games": state["games"][-1:] if index is None else state["games"],
            "moved": moved,
        }

    def change(self, sid: str, token: str | None, msg: dict[str, Any]) -> Message:
        """Apply ``add`` / ``edit`` / ``delete`` made against revision ``at``."""
        live = self._get(sid)
        if not self.can_edit(sid, token):
            raise SessionError(
                "this link can only watch: open the editor link to enter hands",
                403,
                "watch_only",
                {},
            )
        op = msg.get("type")
        with live.lock:
            cid = msg.get("cid")
            if op == "add" and isinstance(cid, str) and any(h["cid"] == cid for h in live.hands):
                # A retry of a hand already stored (the offline queue sent it twice).
                return {**self._view(sid, live), "duplicate": cid}
            at = msg.get("at")
            if not isinstance(at, int) or isinstance(at, bool):
                raise SessionError(
                    "at: the revision the change was made against", code="bad_at", params={}
                )
            if at != live.rev:
                raise SessionError(
                    f"stale: the session is at revision {live.rev}, this change was made "
                    f"against {at}; look at the new state and enter it again",
                    409,
                    "stale",
                    {},
                )
            hands = list(live.hands)
            config = live.config
            start = len(hands)  # the first hand the change touches (an edit: its index)
            if op in ("add", "edit", "delete") and live.config.get("ended"):
                raise SessionError(
                    "the session has ended: reopen it to change its hands",
                    409,
                    "session_ended",
                    {},
                )
            if op == "settings":
                games = live.state["games"]
                between = not any(r["game"] == games[-1]["number"] for r in live.state["hands"])
                between = between or bool(games[-1]["over"])
                config = settings(
                    live.config, msg, live.state["table"]["game"] if between else None
                )
            elif op == "add":
                if not isinstance(cid, str) or not 1 <= len(cid) <= 64:
                    raise SessionError(
                        "cid: the hand's client id (1 to 64 characters)", code="bad_cid", params={}
                    )
                if len(hands) >= MAX_HANDS:
                    raise SessionError(
                        f"a session holds at most {MAX_HANDS} hands",
                        code="too_many_hands",
                        params={"max": MAX_HANDS},
                    )
                hands.append({"cid": cid, "events": _check_hand(msg.get("hand"))})
            elif op in ("edit", "delete"):
                index = msg.get("index")
                if (
                    not isinstance(index, int)
                    or isinstance(index, bool)
                    or not (0 <= index < len(hands))
                ):
                    raise SessionError(
                        f"index: a hand 0 to {len(hands) - 1}",
                        code="bad_index",
                        params={"max": len(hands)},
                    )
                start = index
                if op == "edit":
                    hands[index] = {
                        "cid": hands[index]["cid"],
                        "events": _check_hand(msg.get("hand")),
                    }
                else:
                    del hands[index]
            else:
                raise SessionError(
                    f"type: add, edit or delete, or settings, not {op!r}",
                    code="bad_type",
                    params={},
                )
            assert live.cache is not None
            trial = live.cache.trial(config, hands, start)
            self.store.save(sid, live.rev, hands, config if config is not live.config else None)
            live.cache.keep(trial)
            live.hands, live.state, live.config = hands, trial.state, config
            live.rev += 1
            view = self._view(sid, live)
            subs = list(live.subscribers)
        for push in subs:
            push(view)
        return view

    def conditions(self, sid: str) -> Message:
        """条件計算 for the next hand (:func:`jantaku.scoring.conditions.conditions`), kept
        for the session's revision (a few hundred ledger runs)."""
        live = self._get(sid)
        with live.lock:
            if live.conditions is not None and live.conditions[0] == live.rev:
                return live.conditions[1]
            tb = live.state["table"]
            start = {k: tb[k] for k in ("scores", "chips", "dealer", "hand", "honba", "sticks")}
            start.update(round=tb["round"], first_dealer=tb["first_dealer"])
            start["extension"] = bool(tb.get("extension", False))
            # Played by seat (the ledger's), said by person.
            seat = Seating(tb.get("seating") or list(range(len(tb["scores"]))))
            start["scores"], start["chips"] = (
                seat.seat_list(start["scores"]),
                seat.seat_list(start["chips"]),
            )
            start["dealer"], start["first_dealer"] = (
                seat.seat(start["dealer"]),
                seat.seat(start["first_dealer"]),
            )
            by_seat = conditions(
                live.preset, len(live.config["names"]), start, tb.get("stick_points")
            )
            said: list[dict[str, Any] | None] = []
            for c in seat.people_list(by_seat):
                if c is not None:
                    c = dict(c)
                    c["ron"] = [
                        None if r is None else {**r, "from": seat.person(r["from"])}
                        for r in c["ron"]
                    ]
                said.append(c)
            out = {"rev": live.rev, "conditions": said}
            live.conditions = (live.rev, out)
            return out

    def subscribe(self, sid: str, push: Subscriber) -> Message:
        live = self._get(sid)
        with live.lock:
            live.subscribers.append(push)
            return self._view(sid, live)

    def unsubscribe(self, sid: str, push: Subscriber) -> None:
        live = self._get(sid)
        with live.lock:
            if push in live.subscribers:
                live.subscribers.remove(push)

    def group(self, sid: str) -> Message:
        """Statistics across the sessions of the same group: the same people (by name, in
        any seats) under the same rules, among the newest ``GROUP_SCAN`` sessions, at most
        ``GROUP_MAX`` of them. Per name: the standings' counts summed."""
        live = self._get(sid)
        with live.lock:
            config = live.config
        people = sorted(config["names"])
        keys = (
            *("hands_played", "wins", "deal_ins", "riichi", "win_points", "games_played"),
            *("rank_sum", "tops", "tsumo", "chombo"),
        )
        totals = {n: dict.fromkeys(keys, 0) | {"result": 0.0} for n in config["names"]}
        found = 0
        for other, cfg in self.store.recent_configs(GROUP_SCAN):
            if sorted(cfg.get("names", [])) != people or cfg.get("preset") != config["preset"]:
                continue
            if cfg.get("options") != config.get("options") or found >= GROUP_MAX:
                continue
            try:
                st = self._get(other).state["standings"]
            except SessionError:
                continue  # a session that no longer replays is left out
            found += 1
            for p, name in enumerate(cfg["names"]):
                for k in keys:
                    totals[name][k] += st[k][p]
                totals[name]["result"] = round(totals[name]["result"] + st["result"][p], 1)
        return {"sessions": found, "players": totals}

    def export(self, sid: str) -> tuple[dict[str, Any], dict[str, Any]]:
        live = self._get(sid)
        with live.lock:
            return live.config, live.state
