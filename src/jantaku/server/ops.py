"""What a server on the internet needs beside the game (`jantaku serve --public-url ...
--trusted-proxy ...`): the clients' own addresses behind the proxy (:mod:`.proxy`), the
public site accepted by the WebSocket Origin check, ``/healthz`` and ``/metrics``
(:mod:`.metrics`), and the graceful stop (:mod:`.shutdown`). :class:`Operations` holds them
for one app; ``make run`` uses none of the options and serves as before."""

from __future__ import annotations

import inspect
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any

from fastapi import FastAPI, Request
from fastapi.concurrency import run_in_threadpool
from starlette.responses import Response

from .errors import TableError
from .metrics import Metrics, TimedStore, ops_router
from .proxy import AddressList, ProxyClient, TrustedProxies, public_origin
from .shutdown import Sockets
from .store import DatabaseBusy, Store
from .tables import TableManager


@dataclass(frozen=True)
class Deployment:
    """How the server is reached (``jantaku serve``'s options of the same names)."""

    public_url: str | None = None
    """The site players open (``https://mahjong.example.org``): its pages may open sockets."""
    trusted_proxies: tuple[str, ...] = ()
    """Addresses or networks of the reverse proxies whose forwarded header is believed."""
    proxy_header: str = "x-forwarded-for"
    """The header they say the client in: ``x-forwarded-for`` or ``forwarded`` (RFC 7239)."""
    healthz_from: tuple[str, ...] = ()
    """Who may read ``/healthz`` (addresses, networks, ``proxy``); empty: anyone."""
    metrics_from: tuple[str, ...] = ()
    """Who may read ``/metrics``; empty: anyone."""
    stop_seconds: float = 10.0
    """How long a graceful stop waits for the sockets to close."""


class Operations:
    """One app's proxy trust, instruments, sockets and stop. Bad options raise ValueError
    naming what is wrong, before anything starts."""

    def __init__(self, db: str, deployment: Deployment | None = None) -> None:
        d = deployment or Deployment()
        self.deployment = d
        self.db = db
        self.proxies = TrustedProxies(d.trusted_proxies, d.proxy_header)
        self.origins: tuple[str, ...] = (public_origin(d.public_url),) if d.public_url else ()
        self.healthz_from = AddressList(d.healthz_from, self.proxies)
        self.metrics_from = AddressList(d.metrics_from, self.proxies)
        if d.stop_seconds <= 0:
            raise ValueError(f"the stop timeout must be positive, not {d.stop_seconds}")
        self.metrics = Metrics(db)
        self.sockets = Sockets(self.metrics)
        self._manager: TableManager | None = None

    def store(self, busy_timeout: float) -> Store:
        """The tables' store, its writes timed."""
        return TimedStore(self.db, busy_timeout, self.metrics)

    def install(self, app: FastAPI, manager: TableManager) -> None:
        """The proxy middleware, ``/healthz`` and ``/metrics``, and the refusals counted by
        code (after :func:`jantaku.server.hardening.install`, whose answers they wrap)."""
        self._manager = manager
        app.add_middleware(ProxyClient, proxies=self.proxies)
        app.include_router(
            ops_router(
                self.metrics,
                self.db,
                lambda: self.sockets.stopping,
                self.healthz_from,
                self.metrics_from,
            )
        )
        self.metrics.bot_backlog.set_function(manager.bot_games)
        manager.on_bot_turn = self.metrics.bot_turn.observe
        for kind in (TableError, DatabaseBusy):
            inner = app.exception_handlers.get(kind)
            if inner is not None:
                app.add_exception_handler(kind, self._counted(inner))

    def _counted(self, inner: Callable[[Request, Any], Any]) -> Callable[..., Awaitable[Response]]:
        async def counted(request: Request, exc: Exception) -> Response:
            self.metrics.refused(exc.code if isinstance(exc, TableError) else "db_busy")
            answer = inner(request, exc)
            return await answer if inspect.isawaitable(answer) else answer  # type: ignore[no-any-return]

        return counted

    def refused(self, reply: dict[str, Any]) -> None:
        """Count a socket's error message by its code."""
        if reply.get("type") == "error":
            self.metrics.refused(str(reply.get("code", "bad_request")))

    async def drain(self) -> None:
        """The graceful stop's first part: every socket told and closed, then the bot games'
        background thread stopped after its current piece (stored)."""
        await self.sockets.drain(self.deployment.stop_seconds)
        if self._manager is not None:
            await run_in_threadpool(self._manager.close)
