"""How fast one client may make the server work, and how long it may leave the server's
messages unread: the pacing every socket shares (a seat's, a scorekeeper's) and the sender
that lets go of a client that stops reading.

A flood is slowed down, never dropped: a message over the socket's rate waits its turn, and
a request for a whole state (the scorekeeper's ``state`` and ``preview``, a seat's ``view``)
has a rate of its own, since each costs the server a replay and the client a large answer.
A client that leaves a message unsent for ``SEND_TIMEOUT`` seconds (it does not read, and
the kernel's buffers are full) is disconnected, whatever the buffers hold.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from typing import Any, Final

from fastapi import Request, WebSocket

from .errors import TableError
from .hardening import RateLimiter, same_origin
from .limits import ServerLimits

SEND_TIMEOUT: Final = 5.0
"""Seconds one message may wait to be taken by a client before it is let go."""
CLOSE_SLOW: Final = 4008
"""The close code of a client let go for not reading (policy violation)."""

log = logging.getLogger("jantaku.server")


class SocketPace:
    """The rate limits of one socket: all its messages, and its whole-state requests."""

    def __init__(self, limits: ServerLimits | None = None) -> None:
        limits = limits or ServerLimits()
        self.messages = RateLimiter(limits.message_rate, limits.message_burst)
        self.states = RateLimiter(limits.view_rate, limits.view_burst)

    async def message(self) -> None:
        """Wait until the socket may send one more message."""
        while (wait := self.messages.wait("")) > 0:
            await asyncio.sleep(wait)

    async def state(self) -> None:
        """Wait until the socket may have one more whole state."""
        while (wait := self.states.wait("")) > 0:
            await asyncio.sleep(wait)


def same_site_json(request: Request) -> None:
    """Refuse a request that creates something unless it is JSON from this site: a page of
    another site may post ``text/plain`` (or a form) from a visitor's browser without asking
    first, but never ``application/json``, and a browser always names its ``Origin``."""
    ops = getattr(request.app.state, "ops", None)  # behind a proxy: the public origin too
    origins: tuple[str, ...] = getattr(ops, "origins", ())
    if not same_origin(request.scope.get("headers", []), origins):
        raise TableError(
            "a request from another site's page is refused",
            403,
            code="bad_request",
            params={"detail": "cross-site request"},
        )
    kind = request.headers.get("content-type", "").split(";")[0].strip().lower()
    if kind != "application/json":
        raise TableError(
            f"the body must be application/json, not {kind or 'none'!r}",
            415,
            code="unsupported_type",
            params={"detail": "the body must be application/json"},
        )


async def send_all(
    websocket: WebSocket,
    queue: asyncio.Queue[Any],
    timeout: float = SEND_TIMEOUT,
    what: str = "a socket",
) -> None:
    """Send the queue's messages until ``None``; a client that leaves one unsent for
    ``timeout`` seconds is disconnected (code :data:`CLOSE_SLOW`)."""
    while (message := await queue.get()) is not None:
        try:
            # Text as it is (a message serialised once for many sockets), else JSON.
            send = websocket.send_text if isinstance(message, str) else websocket.send_json
            await asyncio.wait_for(send(message), timeout)
        except TimeoutError:
            log.warning("%s: the client does not read; let go", what)
            with contextlib.suppress(Exception):
                await asyncio.wait_for(websocket.close(code=CLOSE_SLOW), 1.0)
            return
        except Exception:  # the client is gone: the receiving side ends the connection
            return
