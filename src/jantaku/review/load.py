"""The games a review reads: a jantaku log (``simulate --out``, a table's downloaded log) or
an imported record (tenhou.net/6 JSON, mjlog XML, kobalab paipu), each as its engine
:class:`~jantaku.game.Game` and its full event log.

A Tenhou or kobalab record is replayed through the engine (:func:`jantaku.log.replay.
replay`): its events are the game as the engine played it from the record, walls stacked
from it. A log without walls (a seat's own view) cannot be reviewed: the legal actions are
the engine's, and it needs the whole deal to fold the game.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from jantaku.game import Game
from jantaku.log.export import ExportError, games_of
from jantaku.log.replay import ReplayMismatch, replay
from jantaku.log.tenhou import read_record
from jantaku.rules import load_preset
from jantaku.tiles.kinds import WIND_LETTERS


class ReviewError(ValueError):
    """A log that cannot be reviewed (the message says why)."""


@dataclass
class LoggedGame:
    """One game to review: its engine game and its full log (``resume``: where a record
    that starts mid-game starts, as :meth:`Game.new_state` resumes it; None from the
    start)."""

    game: Game
    events: list[dict[str, Any]]
    resume: dict[str, Any] | None = None


def game_of(events: list[dict[str, Any]], options: dict[str, Any] | None = None) -> Game:
    """The engine game of a jantaku log (its start_game: preset, seed, people; ``options``:
    a table's knobs, which the log does not hold)."""
    if not events or events[0].get("type") != "start_game":
        raise ReviewError("a game's log must begin with start_game")
    if not any(ev.get("type") == "start_kyoku" and "wall" in ev for ev in events):
        raise ReviewError("the log has no walls: it is a seat's view, not the full log")
    first = events[0]
    try:
        preset = load_preset(first["preset"], options or None)
    except Exception as e:
        raise ReviewError(f"unknown preset {first.get('preset')!r}: {e}") from None
    return Game(preset, int(first.get("seed", 0)), people=first.get("people"))


def read_games(path: str | Path) -> list[LoggedGame]:
    """Every game of the file at ``path``."""
    p = Path(path)
    try:
        text = p.read_text(encoding="utf-8-sig")
    except UnicodeDecodeError:
        text = ""  # a compressed mjlog: the record reader takes it
    head = text.lstrip()
    jsonl = head.startswith("{") and '"type"' in head.split("\n", 1)[0]
    if jsonl:
        try:
            games = games_of(text.splitlines())
        except ExportError as e:
            raise ReviewError(str(e)) from None
        return [LoggedGame(game_of(g), g) for g in games]
    try:
        rec = read_record(p)
        report = replay(rec)
    except ReplayMismatch as e:
        raise ReviewError(f"the record does not replay: {e}") from None
    except (ValueError, json.JSONDecodeError) as e:
        raise ReviewError(str(e)) from None
    state = report.state
    first = rec.rounds[0]
    resume = {
        "scores": list(first.scores[: rec.players]),
        "dealer": first.dealer,
        "round": WIND_LETTERS[first.round_wind],
        "hand": first.kyoku,
        "honba": first.honba,
        "sticks": first.sticks,
    }
    return [LoggedGame(state.game, list(state.events), resume)]
