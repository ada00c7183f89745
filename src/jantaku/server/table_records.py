"""The tables as the store keeps them: the listing (the seed of a game only once it is over),
a finished game's log, and a finished or closed table rebuilt to be shown as it is."""

from __future__ import annotations

import logging
from typing import Any

from .errors import TableError, no_table
from .integrity import BrokenLog, replay_checked
from .live_table import Table, table_game
from .store import DatabaseBusy, Store

log = logging.getLogger("jantaku.server")


def listing(
    store: Store, broken: dict[int, str], before: int | None = None, limit: int | None = None
) -> list[dict[str, Any]]:
    """The tables, oldest first: with ``limit``, the ``limit`` newest (below ``before``)."""
    out = []
    for row in store.tables(before=before, limit=limit):
        item: dict[str, Any] = {
            "id": row.id,
            "preset": row.preset,
            "options": row.options,
            "seats": row.seats,
            "status": row.status,
            "created": row.created,
            "finished": row.finished,
        }
        if row.id in broken and row.status == "playing":
            item["status"] = "broken"
        if row.closed is not None:
            item["closed"] = row.closed
        if row.finished is not None:
            item["seed"] = row.seed  # the seed gives the walls away: only once it is over
        out.append(item)
    return out


def log_lines(store: Store, table_id: int) -> list[str]:
    """The full event log of a finished game, one JSON text per event."""
    row = store.table(table_id)
    if row is None:
        raise no_table(table_id)
    if row.finished is None:
        raise TableError(
            "the game is not over: its log holds the wall", 409, code="game_not_over", params={}
        )
    return store.event_lines(table_id)


def recorded(store: Store, table_id: int) -> Table:
    """A finished table, rebuilt from the store (not kept: nothing happens there)."""
    row = store.table(table_id)
    if row is None:
        raise no_table(table_id)
    try:
        if row.broken is not None:
            raise BrokenLog(row.broken)
        game = table_game(row.preset, row.seed, row.seats, row.options)
        state = replay_checked(game, store.events(table_id))
    except DatabaseBusy:
        raise
    except Exception as e:
        log.error("table %s: its stored rows do not rebuild (%s)", table_id, str(e)[:200])
        raise TableError(
            f"table {table_id} could not be restored from its stored log",
            404,
            code="cannot_restore",
            params={"id": table_id},
        ) from None
    table = Table(
        row.id, row.preset, row.seed, list(row.seats), state, options=row.options, record=True
    )
    table.published = len(state.events)
    return table
