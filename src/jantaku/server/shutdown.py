"""A graceful stop (SIGTERM from systemd, Ctrl-C): the server stops accepting connections,
lets every seat's socket finish what it is doing (an action being applied is stored and sent
out), tells each page that the server restarts and closes its socket with code 1012
("service restart"), then lets uvicorn end the HTTP requests and the app's lifespan (the
background bot games stop after their current piece, stored).

The pages show 「サーバーを再起動しています」 and keep trying to connect again
(``web/net.js``); when the server is back they get their seat's whole view and play on.
"""

from __future__ import annotations

import asyncio
import logging
import socket
import time
from collections.abc import Awaitable, Callable
from typing import Any, Final

import uvicorn

from .metrics import Metrics

RESTART_CODE: Final = 1012
"""The WebSocket close code of a service restart (RFC 6455 registry): a page connects again."""
RESTARTING: Final = {"type": "restarting"}
"""The last message of a socket closed by a graceful stop."""
log = logging.getLogger("jantaku.server")


class Sockets:
    """The seats' sockets open now; each has an event that is set when the server stops."""

    def __init__(self, metrics: Metrics) -> None:
        self._open: set[asyncio.Event] = set()
        self._metrics = metrics
        self.stopping = False

    def opened(self) -> asyncio.Event:
        """A socket joined its seat: its stop event (already set if the server stops)."""
        leaving = asyncio.Event()
        if self.stopping:
            leaving.set()
        self._open.add(leaving)
        self._metrics.sockets.inc()
        return leaving

    def closed(self, leaving: asyncio.Event) -> None:
        if leaving in self._open:
            self._open.remove(leaving)
            self._metrics.sockets.dec()

    def __len__(self) -> int:
        return len(self._open)

    async def drain(self, timeout: float) -> int:
        """Ask every socket to close, and wait until they have (at most ``timeout``
        seconds); how many were still open then."""
        self.stopping = True
        for leaving in list(self._open):
            leaving.set()
        deadline = time.monotonic() + timeout
        while self._open and time.monotonic() < deadline:
            await asyncio.sleep(0.05)
        return len(self._open)


class GracefulServer(uvicorn.Server):
    """uvicorn's server, whose shutdown first stops accepting and runs ``drain`` (the app's
    sockets told and closed) before uvicorn's own (requests finished, lifespan ended)."""

    def __init__(self, config: uvicorn.Config, drain: Callable[[], Awaitable[Any]]) -> None:
        super().__init__(config)
        self._drain = drain

    async def shutdown(self, sockets: list[socket.socket] | None = None) -> None:
        for server in self.servers:
            server.close()  # no new connection while the open ones finish
        try:
            await self._drain()
        except Exception:  # the stop goes on whatever a socket did
            log.exception("draining the sockets failed")
        await super().shutdown(sockets)
