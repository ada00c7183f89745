"""Bot-only games played where they cannot starve the server: in a bounded pool of worker
processes (``ServerLimits.bot_workers``), never in the process whose event loop answers the
people at the tables (a bot's decision holds the GIL for milliseconds; fifty games of them
took the loop's round trips from 4.5 ms to 89 ms).

A worker gets a game as its row and stored events say it, plays it on with the same bots and
the same per-decision seeds as a table of the server would (:func:`jantaku.server.tables.
bot_seed`: a game resumed after a restart plays on exactly as it would have), and sends back
the new events and whether it went past the hand cap. The server stores them; nothing of the
game is folded in the server's own process. Workers run at a lower priority than the server.
"""

from __future__ import annotations

import json
import multiprocessing
import os
from concurrent.futures import Future, ProcessPoolExecutor
from typing import Any, Final

from jantaku.bots import make_bot
from jantaku.game.events import StartKyoku

from .live_table import Table, bot_seed, table_game

NICE: Final = 10
"""How much lower the workers' priority is than the server's."""


def play_bot_game(
    preset: str,
    seed: int,
    seats: list[str],
    options: dict[str, Any],
    events: list[dict[str, Any]],
    bot_hands: int,
) -> tuple[list[str], bool]:
    """Play a bot-only game on from ``events`` to its end, or until it goes past
    ``bot_hands`` hands: the new events as the store writes them (compact JSON text, so
    the server neither encodes them nor unpickles their objects), and whether it went past
    the cap."""
    game = table_game(preset, seed, seats, options)
    state = game.replay(events) if events else game.new_state()
    table = Table(0, preset, seed, list(seats), state, options=options)
    start = len(state.events)
    hands = sum(1 for e in state.events if e["type"] == StartKyoku.TYPE)
    while not state.game_over:
        seat = state.current_seats()[0]
        legal = state.legal_actions(seat)
        bot = make_bot(seats[seat].removeprefix("bot:"), bot_seed(seed, seat, len(state.events)))
        before = len(state.events)
        state.apply(bot.choose(table.seat_view(seat), seat, legal))
        hands += sum(1 for e in state.events[before:] if e["type"] == StartKyoku.TYPE)
        if hands > bot_hands:
            return _lines(state.events[start:]), True
    return _lines(state.events[start:]), False


def _lines(events: list[dict[str, Any]]) -> list[str]:
    return [json.dumps(ev, separators=(",", ":")) for ev in events]


def _lower_priority() -> None:
    os.nice(NICE)


class BotPool:
    """The worker processes of bot-only games, started when the first game comes."""

    def __init__(self, workers: int) -> None:
        self.workers = workers
        self._pool: ProcessPoolExecutor | None = None

    def submit(
        self,
        preset: str,
        seed: int,
        seats: list[str],
        options: dict[str, Any],
        events: list[dict[str, Any]],
        bot_hands: int,
    ) -> Future[tuple[list[str], bool]]:
        if self._pool is None:
            # Spawned, not forked: the server's threads and locks stay out of the workers.
            self._pool = ProcessPoolExecutor(
                max_workers=self.workers,
                mp_context=multiprocessing.get_context("spawn"),
                initializer=_lower_priority,
            )
        return self._pool.submit(play_bot_game, preset, seed, seats, options, events, bot_hands)

    def close(self) -> None:
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)
