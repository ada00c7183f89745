"""The limits an operator sets on a server (``jantaku serve --max-tables ...``): how much one
client, one socket or one table may make the server do. Every bound of
:mod:`jantaku.server` that is not a fixed protocol limit is here."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class ServerLimits:
    max_tables: int = 200
    """Unfinished tables at once (in memory or parked); more: 503 until some end."""
    idle_seconds: float = 600.0
    """A table with no person connected for this long leaves memory (parked); it is rebuilt
    from its stored log when someone connects again."""
    expire_seconds: float = 14 * 24 * 3600.0
    """An unfinished table nobody touched for this long is closed for good (abandoned)."""
    sweep_seconds: float = 30.0
    """How often idle tables are parked and abandoned ones closed."""
    table_rate: float = 20 / 60
    """Tables a client address may create per second, on average..."""
    table_burst: int = 10
    """...and at once."""
    bot_hands: int = 64
    """Hands a bot-only game may last; one that goes on longer is closed (a guard: a hanchan
    has about ten)."""
    bot_games: int = 32
    """Bot-only games waiting or being played at once (they play in the background)."""
    bot_workers: int = 1
    """Worker processes that play the bot-only games (0: a thread of the server's own
    process, which then shares its CPU and its GIL with the people's round trips)."""
    send_queue: int = 500
    """Messages waiting to be sent to one socket; a client that lets more pile up (it does not
    read) is disconnected."""
    view_rate: float = 1.0
    view_burst: int = 5
    """``view`` requests of one socket: per second on average, and at once."""
    message_rate: float = 100.0
    message_burst: int = 200
    """Messages of one socket handled per second on average, and at once; a faster client
    waits (its messages are read later, never dropped)."""
    busy_timeout: float = 2.0
    """Seconds a write waits for a database locked by someone else before it gives up (503,
    nothing changed)."""
    page_size: int = 100
    """Tables per page of the listing (``GET /api/tables?limit=``, at most 500)."""
    tables_per_address: int = 10
    """Unfinished tables with a person's seat one client address may have made at once
    (more: 429 until some end), so no one address fills every slot of the server."""
    unjoined_seconds: float = 3600.0
    """A table with a person's seat that nobody ever opened is closed this long after it
    was made."""
    discard_pause: float = 0.5
    """Seconds, at a table of two or more people, between a discard (or a kan or north that
    may be robbed) reaching the seats and whatever follows it: long enough to cover a quick
    pass, so neither the frames nor their timing tell one person that another could call."""
    mjai_processes: int = 16
    """External mjai programs running at once (one per ``mjai:NAME`` seat of a table that is
    playing); a table that would start more is refused (503 ``mjai_busy``) until one stops."""
