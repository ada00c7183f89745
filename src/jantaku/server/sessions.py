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
import logging
import re
import secrets
import sqlite3
import threading
import time
import tomllib
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Final

from jantaku.rules import PRESET_NAMES, RulesError, load_preset
from jantaku.rules.model import Preset
from jantaku.scoring.chips import ChipCounts, win_chips
from jantaku.scoring.conditions import conditions
from jantaku.scoring.ledger import Ledger
from jantaku.scoring.score import ScoreResult
from jantaku.scoring.settlement import rank_order, settle
from jantaku.scoring.situation import WinSituation

from .csv_cells import SafeWriter
from .session_checks import event_values, session_options
from .store import Readers, WriteBudget

if TYPE_CHECKING:
    from .session_replay import ReplayCache

WRITE_BUDGET: Final = 2.0
"""Seconds a change waits for a database held elsewhere before it is refused (503)."""
MAX_HANDS: Final = 2000
GROUP_SCAN: Final = 500
"""Sessions looked at (newest first) for a group's statistics."""
GROUP_MAX: Final = 50
"""Sessions of one group summed at most."""
MAX_NAME: Final = 24
MAX_TOML: Final = 16_000
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


class SessionError(ValueError):
    """A request refused (bad input, stale revision, unknown session...): nothing changed.
    ``code`` and ``params`` say why for the page's catalogue (``score.err_<code>`` in
    web/i18n/*/score.json); the message says it in English."""

    def __init__(
        self,
        message: str,
        status: int = 400,
        code: str = "invalid",
        params: dict[str, Any] | None = None,
    ) -> None:
        super().__init__(message)
        assert code in SESSION_CODES, code
        self.status = status
        self.code = code
        self.params: dict[str, Any] = params if params is not None else {"detail": message}

    def as_json(self) -> dict[str, Any]:
        return {"error": str(self), "status": self.status, "code": self.code, "params": self.params}


# The ledger's refusals and errors a table meets, by the words of their message: the code the
# page shows in the player's language, the message's named parts its params (anything else:
# ``hand_invalid``, said without the English detail).
_HAND_REASONS: Final = tuple(
    (re.compile(words), code)
    for words, code in (
        ("マルシー", "refused_marushii"),
        ("winner still sunk", "refused_winner_sunk"),
        ("floating winner", "refused_floating_top"),
        ("may not win this hand", "refused_dead"),
        ("already used their シュバリー", "shuba_used"),
        ("sits out this hand", "sits_out"),
        ("the game is over", "game_over"),
        (r"has no (?P<kind>\w+) draw", "no_draw_kind"),
        (r"^(?P<field>\w+): a person 0 to", "bad_person"),
        ("pays nothing for 1m and 9m", "no_terminal_bonus"),
        ("has no open riichi", "no_open_riichi"),
        ("must also be listed in riichi", "needs_riichi"),
        ("cannot ron their own discard", "own_discard"),
        ("share one discarder", "double_one_discarder"),
        ("has no サイコロチャンス", "no_dice"),
        ("pairs of numbers 1 to 6", "bad_dice"),
        ("have no シュバリー", "no_shuba"),
        ("is noten this hand", "noten_dead"),
        ("has no penalty for", "no_penalty"),
        ("cannot win from themself", "self_deal_in"),
        ("a rinshan win is a tsumo", "rinshan_ron"),
        (r"^chips\.(?P<item>\w+): \S+ pays no chips for it", "no_chip_item"),
        ("plays without chips", "no_chips"),
        ("^situation:", "bad_situation"),
    )
)

SESSION_CODES: Final = frozenset(
    {code for _, code in _HAND_REASONS}
    | {
        "hand_invalid",
        "invalid",
        "no_double_ron",
        "stale",
        "watch_only",
        "no_session",
        "broken_session",
        "session_ended",
        "same_name",
        "names_count",
        "name_length",
        "not_between_games",
        "bad_toml",
        "bad_preset",
        "bad_number",
        "bad_options",
        "unknown_field",
        "bad_rates",
        "bad_names",
        "bad_title",
        "bad_hand",
        "bad_index",
        "bad_at",
        "bad_cid",
        "too_many_hands",
        "bad_type",
        "bad_first_dealer",
        "bad_ended",
        "bad_join",
        "bad_editor_link",
        "bad_body",
        "body_too_large",
        "bad_lang",
        "bad_qr_text",
        "rules_refused",
        "not_seats",
        "db_busy",
        "internal",
    }
)
"""Every ``code`` a session's refusal carries: each is ``score.err_<code>`` in both catalogues
(tests/test_score_sessions.py)."""


def broken_session(sid: str, error: Exception) -> SessionError:
    """The refusal of a session whose stored rows do not read or replay (edited, damaged):
    logged once a read with its id, kept for inspection, never a 500."""
    logging.getLogger("jantaku.server").error(
        "session %s: its stored rows do not read or replay (%s: %s); skipped",
        sid,
        type(error).__name__,
        str(error)[:200],
    )
    return SessionError(
        f"session {sid} could not be restored from its stored rows; it is kept for inspection",
        404,
        "broken_session",
        {"id": sid},
    )


def hand_error(index: int, message: str, status: int = 400) -> SessionError:
    """The error of hand ``index`` (0-based) the ledger refused or could not take."""
    params: dict[str, Any] = {"hand": index + 1, "detail": message}
    for words, c in _HAND_REASONS:
        found = words.search(message)
        if found:
            return SessionError(
                f"hand {index + 1}: {message}", status, c, params | found.groupdict()
            )
    return SessionError(f"hand {index + 1}: {message}", status, "hand_invalid", params)


def hash_token(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


# -- configuration --------------------------------------------------------------------------


def _toml_options(text: str) -> tuple[str, dict[str, Any]]:
    """An imported rule file: ``base = "gotou"`` and the knobs it changes."""
    if len(text) > MAX_TOML:
        raise SessionError(
            f"toml: a rule file of at most {MAX_TOML} characters",
            code="bad_toml",
            params={"detail": ""},
        )
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as e:
        raise SessionError(
            f"toml: not valid TOML: {e}", code="bad_toml", params={"detail": str(e)}
        ) from None
    base = data.pop("base", None)
    if base not in PRESET_NAMES:
        raise SessionError(
            f"toml: the file must name its base preset (base = one of {', '.join(PRESET_NAMES)})",
            code="bad_toml",
            params={"detail": "base"},
        )
    for k in ("name", "title", "title_ja", "players"):
        data.pop(k, None)
    return str(base), data


def _merge(base: dict[str, Any], over: dict[str, Any]) -> dict[str, Any]:
    out = dict(base)
    for k, v in over.items():
        out[k] = _merge(out[k], v) if isinstance(v, dict) and isinstance(out.get(k), dict) else v
    return out


def make_config(body: dict[str, Any]) -> dict[str, Any]:
    """Check a new session's settings; the stored config. Raises :class:`SessionError`."""
    if not isinstance(body, dict):
        raise SessionError(
            "a session is an object with preset and names", code="bad_body", params={}
        )
    unknown = set(body) - {
        "preset",
        "options",
        "names",
        "toml",
        "start_points",
        "start_chips",
        "rotate",
        "title",
        "rates",
    }
    if unknown:
        raise SessionError(
            f"unknown field {sorted(unknown)[0]!r}",
            code="unknown_field",
            params={"field": str(sorted(unknown)[0])[:40]},
        )
    options = body.get("options") or {}
    if not isinstance(options, dict):
        raise SessionError(
            "options: an object of knob values", code="bad_options", params={"detail": "options"}
        )
    preset_name = body.get("preset", "riichi")
    if body.get("toml"):
        if not isinstance(body["toml"], str):
            raise SessionError(
                "toml: the text of a rule file", code="bad_toml", params={"detail": ""}
            )
        preset_name, file_options = _toml_options(body["toml"])
        options = _merge(file_options, options)
    if preset_name not in PRESET_NAMES:
        raise SessionError(
            f"preset: one of {', '.join(PRESET_NAMES)}, not {preset_name!r}",
            code="bad_preset",
            params={"preset": str(preset_name)[:40]},
        )
    for key in ("start_points", "start_chips"):
        v = body.get(key)
        if v is None:
            continue
        if not isinstance(v, int) or isinstance(v, bool) or not 0 <= v <= 10_000_000:
            raise SessionError(
                f"{key}: a whole number from 0", code="bad_number", params={"field": key}
            )
        options = _merge(options, {"game": {key: v}})
    try:
        options = session_options(preset_name, options)  # bounded like a table's knobs
    except ValueError as e:
        raise SessionError(str(e), code="bad_options", params={"detail": str(e)}) from None
    try:
        preset = load_preset(preset_name, options or None)
    except RulesError as e:
        raise SessionError(str(e), code="bad_options", params={"detail": str(e)}) from None
    names = _check_names(body.get("names"), preset.players, preset_name)
    title = body.get("title", "")
    if not isinstance(title, str) or len(title) > 60:
        raise SessionError("title: at most 60 characters", code="bad_title", params={})
    return {
        "preset": preset_name,
        "options": options,
        "names": names,
        "rotate": bool(body.get("rotate", True)),
        "title": title,
        **({"rates": _check_rates(body["rates"])} if body.get("rates") else {}),
    }


def _check_rates(rates: Any) -> dict[str, float]:
    """The table's rates: money per unit of the settlement (``unit``: per 1000 points,
    per chip or per Boo point, as the preset settles) and per chip where chips are settled
    apart (``chip``)."""
    if not isinstance(rates, dict) or set(rates) - {"unit", "chip"}:
        raise SessionError(
            'rates: an object {"unit": money per unit, "chip": money per chip}',
            code="bad_rates",
            params={},
        )
    out: dict[str, float] = {}
    for k, v in rates.items():
        if isinstance(v, bool) or not isinstance(v, int | float) or not 0 <= v <= 100_000:
            raise SessionError(f"rates.{k}: a number from 0 to 100000", code="bad_rates", params={})
        out[k] = float(v)
    return out


def chips_apart(preset: Preset) -> bool:
    """Whether the preset's settlement leaves chips out of its result (chips paid apart)."""
    return (
        preset.chips.enabled and preset.settlement.style == "uma" and not preset.chips.point_value
    )


def money(
    preset: Preset, config: dict[str, Any], result: list[float], chips_won: list[int]
) -> list[float] | None:
    """A game's result in money at the table's rates (None without rates): the settlement's
    result times the unit rate, plus the chips won times the chip rate where chips are
    settled apart."""
    rates = config.get("rates")
    if not rates:
        return None
    unit, chip = rates.get("unit", 0.0), rates.get("chip", 0.0)
    apart = chips_apart(preset)
    return [
        round(r * unit + (c * chip if apart else 0.0), 2)
        for r, c in zip(result, chips_won, strict=True)
    ]


def _check_names(names: Any, players: int, preset_name: str) -> list[str]:
    if not isinstance(names, list) or not all(isinstance(n, str) for n in names):
        raise SessionError("names: a list of the players' names", code="bad_names", params={})
    out: list[str] = [n.strip() for n in names]
    if len(out) not in (3, 4) or len(out) < players:
        raise SessionError(
            f"names: {players} players for {preset_name}"
            + (" (or 4 rotating)" if players == 3 else "")
            + f", not {len(out)}",
            code="names_count",
            params={"players": players, "count": len(out)},
        )
    for i, n in enumerate(out):
        if not n or len(n) > MAX_NAME:
            raise SessionError(
                f"names[{i}]: 1 to {MAX_NAME} characters",
                code="name_length",
                params={"n": i + 1, "max": MAX_NAME},
            )
    if len(set(out)) != len(out):
        raise SessionError("names: two players have the same name", code="same_name", params={})
    return out


def _settings(
    config: dict[str, Any], msg: dict[str, Any], next_game: int | None = None
) -> dict[str, Any]:
    """A ``settings`` change: the players renamed (the same number of them: the hands name
    people by their place), the rates changed, the session ended or reopened. The new
    config."""
    unknown = set(msg) - {
        "type",
        "at",
        "names",
        "ended",
        "rates",
        "first_dealer",
        "seating",
        "req",
        "cid",
    }
    if unknown:
        raise SessionError(
            f"unknown field {sorted(unknown)[0]!r}",
            code="unknown_field",
            params={"field": str(sorted(unknown)[0])[:40]},
        )
    out = dict(config)
    if "names" in msg:
        names = _check_names(msg["names"], len(config["names"]), config["preset"])
        if len(names) != len(config["names"]):
            raise SessionError(
                f"names: {len(config['names'])} names, as the session has",
                code="names_count",
                params={"players": len(config["names"]), "count": len(names)},
            )
        out["names"] = names
    if "first_dealer" in msg:
        # The next game's 起家 (席決め between games); ``next_game`` None: a game is under way.
        p = msg["first_dealer"]
        n = len(config["names"])
        if next_game is None:
            raise SessionError(
                "first_dealer: only between games (the next game's first dealer)",
                code="not_between_games",
                params={},
            )
        if isinstance(p, bool) or not isinstance(p, int) or not 0 <= p < n:
            raise SessionError(
                f"first_dealer: a person 0 to {n - 1}", code="bad_first_dealer", params={"max": n}
            )
        out["first_dealers"] = {**config.get("first_dealers", {}), str(next_game): p}
    if "seating" in msg:
        # 席替え between games: the people in their seats' order around the table (each sits
        # before the next in turn; at a three-player table with four, the one before the
        # dealer sits out).
        order = msg["seating"]
        n = len(config["names"])
        if (
            next_game is None
            or not isinstance(order, list)
            or sorted(x for x in order if isinstance(x, int) and not isinstance(x, bool))
            != list(range(n))
        ):
            raise SessionError(
                "seating: every person once, in seat order, between games only",
                code="not_seats",
                params={},
            )
        out["seatings"] = {**config.get("seatings", {}), str(next_game): list(order)}
    if "rates" in msg:
        if msg["rates"]:
            out["rates"] = _check_rates(msg["rates"])
        else:
            out.pop("rates", None)
    if "ended" in msg:
        if not isinstance(msg["ended"], bool):
            raise SessionError("ended: true or false", code="bad_ended", params={})
        out["ended"] = msg["ended"]
    return out


def config_preset(config: dict[str, Any]) -> Preset:
    return load_preset(config["preset"], config["options"] or None)


# -- replay ----------------------------------------------------------------------------------

PERSON_FIELDS: Final = ("winner", "from", "player", "to", "wareme")
PERSON_LISTS: Final = ("riichi", "shuba", "tenpai", "winners")


class _ScoringLedger(Ledger):
    """The ledger, keeping what the scorer said of each win it valued (yaku, han, fu)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.scored: list[ScoreResult] = []
        self.dice_chances = 0
        """サイコロチャンス the wins of the hand earn (a reminder to roll them)."""

    def _pay_win(
        self,
        winner: int,
        res: ScoreResult,
        sit: WinSituation,
        first: bool,
        counts: ChipCounts | None = None,
    ) -> None:
        super()._pay_win(winner, res, sit, first, counts)
        self.dice_chances += win_chips(res, sit, self.preset, counts).dice_chances

    def _score_win(
        self, ev: dict[str, Any], winner: int, discarder: int | None
    ) -> tuple[ScoreResult, WinSituation]:
        res, sit = super()._score_win(ev, winner, discarder)
        self.scored.append(res)
        return res, sit


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


@dataclass
class ScoredGame:
    number: int
    start: dict[str, Any]
    events: list[dict[str, Any]] = field(default_factory=list)
    over: bool = False
    settlement: list[float] | None = None
    result: list[float] | None = None
    """The settlement less the value of the chips brought into the game (summable)."""
    scores: list[int] = field(default_factory=list)
    chips: list[int] = field(default_factory=list)


def _game_start(
    preset: Preset,
    people: int,
    number: int,
    rotate: bool,
    chips: list[int] | None,
    chosen: int | None = None,
) -> dict[str, Any]:
    """A game's start: the first dealer moves one seat a game (回し親), or the person the
    table chose for it between games (``chosen``)."""
    first = chosen if chosen is not None else number % people if rotate else 0
    g = preset.game
    return {
        "scores": [g.start_points] * people,
        "chips": list(chips) if chips is not None else [g.start_chips] * people,
        "dealer": first,
        "first_dealer": first,
    }


_PERSON_KEYS: Final = ("winner", "from", "player", "to", "wareme")
_PERSON_LISTS: Final = ("riichi", "tenpai", "shuba", "open_riichi", "winners")


class Seating:
    """Who sits where in one game: ``order[k]`` is the person in the ledger's seat ``k`` (the
    ledger plays seats in turn order; the session names people, as the page does)."""

    def __init__(self, order: list[int]) -> None:
        self.order = list(order)
        self.pos = [0] * len(order)
        for k, p in enumerate(order):
            self.pos[p] = k
        self.plain = self.order == sorted(self.order)

    def seat(self, person: Any) -> Any:
        """A person's seat (anything else as it is, for the ledger to refuse)."""
        ok = isinstance(person, int) and not isinstance(person, bool)
        return self.pos[person] if ok and 0 <= person < len(self.pos) else person

    def person(self, seat: int) -> int:
        return self.order[seat]

    def event(self, ev: dict[str, Any]) -> dict[str, Any]:
        """An event naming people, as the ledger's event naming seats."""
        if self.plain:
            return ev
        out = dict(ev)
        for k in _PERSON_KEYS:
            if k in out:
                out[k] = self.seat(out[k])
        for k in _PERSON_LISTS:
            if isinstance(out.get(k), list):
                out[k] = [self.seat(x) for x in out[k]]
        if isinstance(out.get("deal_ins"), list):
            out["deal_ins"] = [
                {**d, "winner": self.seat(d.get("winner"))} if isinstance(d, dict) else d
                for d in out["deal_ins"]
            ]
        return out

    def people_list(self, by_seat: list[Any]) -> list[Any]:
        """Values by seat, as values by person."""
        return [by_seat[self.pos[p]] for p in range(len(by_seat))]

    def seat_list(self, by_person: list[Any]) -> list[Any]:
        """Values by person, as values by seat."""
        return [by_person[self.order[k]] for k in range(len(by_person))]

    def entry(self, entry: dict[str, Any]) -> dict[str, Any]:
        """A ledger entry's figures by person."""
        if self.plain:
            return entry
        out = dict(entry)
        for k in ("payments", "scores", "chips", "chip_changes", "settlement"):
            if isinstance(out.get(k), list):
                out[k] = self.people_list(out[k])
        out["dealer"] = self.person(entry["dealer"])
        return out

    def seats(self, preset: Preset, dealer_seat: int) -> list[str | None]:
        """Each person's seat wind with the dealer in ``dealer_seat``."""
        return self.people_list(_seats(preset, len(self.order), dealer_seat))

    def ranks(self, scores: list[int], first_dealer: int) -> list[int]:
        """Each person's rank by points (ties to the earlier seat from the first dealer)."""
        return self.people_list(_ranks(self.seat_list(scores), self.pos[first_dealer]))


def seating_of(config: dict[str, Any], number: int) -> Seating:
    """Game ``number``'s seating: the last one the table chose for it or a game before it."""
    n = len(config["names"])
    order = list(range(n))
    for g in range(number, -1, -1):
        chosen = config.get("seatings", {}).get(str(g))
        if isinstance(chosen, list) and sorted(chosen) == order:
            return Seating(chosen)
    return Seating(order)


def replay(
    config: dict[str, Any], hands: list[dict[str, Any]], preset: Preset | None = None
) -> dict[str, Any]:
    """The whole session state from its log (:func:`jantaku.server.session_replay.replay`).
    A hand the ledger refuses or cannot take raises :class:`SessionError` naming it."""
    from .session_replay import replay as from_scratch

    return from_scratch(config, hands, preset)


def _ranks(scores: list[int], first_dealer: int) -> list[int]:
    """Each person's rank (0 = top) by points, as the settlement ranks them."""
    out = [0] * len(scores)
    for r, p in enumerate(rank_order(scores, first_dealer)):
        out[p] = r
    return out


def _seats(preset: Preset, people: int, dealer: int) -> list[str | None]:
    """Each person's seat wind letter this hand (None: sits out, 4 at a three-player table)."""
    out: list[str | None] = []
    for p in range(people):
        off = (p - dealer) % people
        out.append("ESWN"[off] if off < preset.players else None)
    return out


def _game_result(
    preset: Preset, settlement: list[float], start_chips: list[int], led: Ledger
) -> list[float]:
    """The game's settlement less the value of the chips carried in, so games add up (by
    seat, as the ledger plays them).

    The settlement counts every chip the player holds; with chips carried over from the
    last game, that value was already counted there. ``settle`` is linear in the chips, so
    the value carried in is ``settle(points, chips in) - settle(points, no chips)``.
    """
    s = led.state
    points = s.scores
    with_in = settle(preset, points, start_chips, s.first_dealer, s.yakuman_winner).result
    without = settle(preset, points, [0] * s.people, s.first_dealer, s.yakuman_winner).result
    return [round(a - (b - c), 1) for a, b, c in zip(settlement, with_in, without, strict=True)]


def ledger_records(config: dict[str, Any], state: dict[str, Any]) -> list[dict[str, Any]]:
    """Each game as the JSON ``jantaku ledger --rules PRESET`` reads (with ``options`` and
    ``names`` alongside for people; the command ignores neither: pass ``record``). A game
    whose people changed seats names them in its seats' order (``names``), its events and
    start by seat, as the ledger plays them."""
    people = len(config["names"])
    out = []
    for g in state["games"]:
        seat = Seating(g.get("seating") or list(range(people)))
        events = [
            seat.event(ev)
            for row in state["hands"]
            if row["game"] == g["number"]
            for ev in row["events"]
        ]
        start = dict(g["start"])
        if not seat.plain:
            start["scores"] = seat.seat_list(start["scores"])
            start["chips"] = seat.seat_list(start["chips"])
            start["dealer"] = start["first_dealer"] = seat.seat(start["first_dealer"])
        out.append(
            {
                "game": g["number"] + 1,
                "names": seat.seat_list(config["names"]),
                "record": {"players": people, "start": start, "events": events},
            }
        )
    return out


_WORDS: Final = {
    "ja": {
        "kind": "種類",
        "game": "対局",
        "hand": "局番号",
        "round": "局",
        "honba": "本場",
        "dealer": "親",
        "what": "内容",
        "delta": "{name} 収支",
        "points": "{name} 点数",
        "chips": "{name} チップ",
        "row_hand": "局",
        "row_game": "精算",
        "settlement": "精算",
        "tsumo": "ツモ",
        "ron": "ロン ← {name}",
        "win": "{name} 和了",
        "han_fu": "{han}翻{fu}符",
        "han": "{han}翻",
        "yakuman": "役満×{n}",
        "by_hand": "手牌で計算",
        "tenpai": "聴牌",
        "nobody": "なし",
        "exhaustive": "荒牌流局",
        "nine_terminals": "九種九牌",
        "nagashi": "流し満貫",
        "abortive": "途中流局",
        "chombo": "チョンボ",
        "false_pon": "誤ポン",
        "false_kan": "誤カン",
        "abandon": "アガリ放棄",
        "chip_event": "チップ → {name}",
        "spring": "春",
        "other": "その他",
        "dice": "出目",
        "winds": "東南西北",
    },
    "en": {
        "kind": "kind",
        "game": "game",
        "hand": "hand",
        "round": "round",
        "honba": "honba",
        "dealer": "dealer",
        "what": "what",
        "delta": "{name} ±",
        "points": "{name} points",
        "chips": "{name} chips",
        "row_hand": "hand",
        "row_game": "game",
        "settlement": "settlement",
        "tsumo": "tsumo",
        "ron": "ron off {name}",
        "win": "{name} wins",
        "han_fu": "{han} han {fu} fu",
        "han": "{han} han",
        "yakuman": "yakuman ×{n}",
        "by_hand": "by the hand",
        "tenpai": "tenpai",
        "nobody": "nobody",
        "exhaustive": "draw",
        "nine_terminals": "nine terminals",
        "nagashi": "nagashi mangan",
        "abortive": "abortive draw",
        "chombo": "chombo",
        "false_pon": "false pon",
        "false_kan": "false kan",
        "abandon": "win abandoned",
        "chip_event": "chips → {name}",
        "spring": "spring",
        "other": "other",
        "dice": "dice",
        "winds": "ESWN",
    },
}
CSV_LANGS: Final = tuple(_WORDS)


def csv_text(config: dict[str, Any], state: dict[str, Any], lang: str = "ja") -> str:
    """One row per hand and one per finished game, headings and words in ``lang`` (``ja``:
    what a spreadsheet of the table's players reads; ``en``)."""
    import io

    w_ = _WORDS[lang]
    names = config["names"]
    buf = io.StringIO()
    w = SafeWriter(buf)  # a name like "=HYPERLINK(...)" stays text in a spreadsheet
    w.writerow(
        [
            *(w_[k] for k in ("kind", "game", "hand", "round", "honba", "dealer", "what")),
            *[w_["delta"].format(name=n) for n in names],
            *[w_["points"].format(name=n) for n in names],
            *[w_["chips"].format(name=n) for n in names],
        ]
    )
    winds = w_["winds"]
    for row in state["hands"]:
        lab = row["label"]
        what = " / ".join(_describe(ev, names, w_) for ev in row["events"])
        w.writerow(
            [
                w_["row_hand"],
                row["game"] + 1,
                row["index"] + 1,
                f"{winds['ESWN'.index(lab['round'])]}{lab['hand']}",
                lab["honba"],
                names[lab["dealer"]],
                what,
                *row["payments"],
                *row["scores"],
                *row["chips"],
            ]
        )
    for g in state["games"]:
        if g["over"]:
            w.writerow(
                [
                    w_["row_game"],
                    g["number"] + 1,
                    "",
                    "",
                    "",
                    "",
                    w_["settlement"],
                    *g["result"],
                    *g["scores"],
                    *g["chips"],
                ]
            )
    return buf.getvalue()


def _describe(ev: dict[str, Any], names: list[str], w: dict[str, str]) -> str:
    t = ev["type"]
    if t == "win":
        how = w["tsumo"] if ev.get("from") is None else w["ron"].format(name=names[ev["from"]])
        if ev.get("yakuman"):
            value = w["yakuman"].format(n=ev["yakuman"])
        elif "han" in ev:
            value = w["han_fu" if ev.get("fu") else "han"].format(han=ev["han"], fu=ev.get("fu"))
        else:
            value = w["by_hand"]
        return f"{w['win'].format(name=names[ev['winner']])} {how} {value}"
    if t == "draw":
        kind = str(ev.get("kind", "exhaustive"))
        tenpai = "・".join(names[p] for p in ev.get("tenpai", [])) or w["nobody"]
        return f"{w.get(kind, kind)} {w['tenpai']}: {tenpai}"
    if t in ("chombo", "penalty"):
        kind = str(ev.get("kind", t))
        return f"{w.get(kind, kind)} {names[ev['player']]}"
    if t == "chips":
        items = ev.get("items", {})
        parts = [
            f"{w.get(k, k)}×{n}"
            for k, n in (items.items() if isinstance(items, dict) else ((i, 1) for i in items))
        ]
        parts += [f"{w['dice']} {d[0]}-{d[1]}" for d in ev.get("dice", [])]
        return " ".join([w["chip_event"].format(name=names[ev["to"]]), *parts])
    return str(t)


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
                config = _settings(
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
