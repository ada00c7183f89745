"""What every route of the server shares to stay safe and bounded, whatever it serves (the
web table's, the scorekeeper's): a request body limit and security headers (ASGI
middleware, :func:`install`), the WebSocket ``Origin`` check (:func:`same_origin`), a rate
limiter by client address (:class:`RateLimiter`), the scrubbing of seat tokens from logs
(:func:`scrub`, :class:`TokenScrubber`), and a busy database as 503 with a retry hint
(:class:`jantaku.server.store.DatabaseBusy`).

The Content-Security-Policy allows scripts, styles, images and sockets of the server itself
only: pages must keep their scripts and styles in files (no inline ``<script>``, no ``style=``
attribute; setting ``element.style`` from a module is fine).
"""

from __future__ import annotations

import contextlib
import errno
import json
import logging
import re
import sqlite3
import threading
import time
from collections import OrderedDict
from collections.abc import Awaitable, Callable, Iterable, MutableMapping
from typing import Any, Final
from urllib.parse import urlsplit

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from starlette.exceptions import HTTPException as StarletteHTTPException

from .errors import TableError
from .store import DatabaseBusy

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]

MAX_BODY_BYTES: Final = 64 * 1024
"""The largest HTTP request body the server reads (a table's options are a few KiB)."""

CSP: Final = (
    "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
    "connect-src 'self'; font-src 'self'; object-src 'none'; base-uri 'none'; "
    "form-action 'self'; frame-ancestors 'none'"
)
SECURITY_HEADERS: Final = (
    (b"content-security-policy", CSP.encode()),
    (b"x-frame-options", b"DENY"),
    (b"referrer-policy", b"no-referrer"),
    (b"x-content-type-options", b"nosniff"),
)
log = logging.getLogger("jantaku.server")

RETRY_AFTER_BUSY: Final = 1
"""Seconds a client is told to wait before sending again what met a busy database."""


class BodyLimit:
    """Refuse an HTTP request whose body is over ``max_bytes`` with 413, before the app
    reads any of it (the body is read here, at most ``max_bytes``, and handed on)."""

    def __init__(
        self, app: ASGIApp, max_bytes: int = MAX_BODY_BYTES, larger: dict[str, int] | None = None
    ) -> None:
        self.app = app
        self.max_bytes = max_bytes
        self.larger = dict(larger or {})
        """Paths that take a larger body (an imported game record), and their limit."""

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        limit = self.larger.get(scope.get("path", ""), self.max_bytes)
        for name, value in scope.get("headers", []):
            if name == b"content-length":
                try:
                    declared = int(value)
                except ValueError:
                    await _json(send, 400, "bad Content-Length", "bad_request")
                    return
                if declared > limit:
                    await self._too_large(send, limit)
                    return
        chunks: list[bytes] = []
        size = 0
        while True:
            message = await receive()
            if message["type"] != "http.request":  # the client left
                await self.app(scope, _replay([message]), send)
                return
            chunk = message.get("body", b"")
            size += len(chunk)
            if size > limit:
                await self._too_large(send, limit)
                return
            chunks.append(chunk)
            if not message.get("more_body", False):
                break
        body = {"type": "http.request", "body": b"".join(chunks), "more_body": False}
        await self.app(scope, _replay([body], then=receive), send)

    async def _too_large(self, send: Send, limit: int) -> None:
        detail = f"request body too large (over {limit} bytes)"
        await _json(send, 413, detail, "too_large", {"limit": limit})


def _replay(messages: list[Message], then: Receive | None = None) -> Receive:
    pending = list(messages)

    async def receive() -> Message:
        if pending:
            return pending.pop(0)
        if then is None:
            return {"type": "http.disconnect"}
        return await then()

    return receive


async def _json(
    send: Send, status: int, detail: str, code: str, params: dict[str, Any] | None = None
) -> None:
    payload = {"detail": detail, "code": code, "params": params or {"detail": detail}}
    body = json.dumps(payload).encode()
    await send(
        {
            "type": "http.response.start",
            "status": status,
            "headers": [
                (b"content-type", b"application/json"),
                (b"content-length", str(len(body)).encode()),
                *SECURITY_HEADERS,
            ],
        }
    )
    await send({"type": "http.response.body", "body": body})


class SecurityHeaders:
    """Add the Content-Security-Policy (``frame-ancestors 'none'``), ``Referrer-Policy:
    no-referrer`` (a page's URL never travels to another site) and ``nosniff`` to every
    HTTP response."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        async def send_with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                names = {n.lower() for n, _ in message.get("headers", [])}
                extra = [(n, v) for n, v in SECURITY_HEADERS if n not in names]
                message["headers"] = [*message.get("headers", []), *extra]
            await send(message)

        await self.app(scope, receive, send_with_headers)


def install(
    app: FastAPI, max_body_bytes: int = MAX_BODY_BYTES, larger: dict[str, int] | None = None
) -> None:
    """The body limit (``larger``: paths allowed more), the security headers and the
    busy-database answer on ``app``."""
    app.add_middleware(BodyLimit, max_bytes=max_body_bytes, larger=larger)
    app.add_middleware(SecurityHeaders)

    @app.exception_handler(RequestValidationError)
    async def invalid(request: Request, exc: RequestValidationError) -> JSONResponse:
        # The client's input is left out: it may be huge, or a NaN that JSON cannot carry.
        errors = [
            {"loc": list(e.get("loc", ())), "msg": str(e.get("msg", "")), "type": e.get("type")}
            for e in exc.errors()[:20]
        ]
        first = errors[0] if errors else {"loc": [], "msg": "not valid"}
        where = ".".join(str(p) for p in first["loc"] if p != "body")
        params = {"detail": f"{where}: {first['msg']}" if where else str(first["msg"])}
        return JSONResponse(
            {"detail": errors, "code": "invalid_request", "params": params}, status_code=422
        )

    @app.exception_handler(StarletteHTTPException)
    async def refusal(request: Request, exc: StarletteHTTPException) -> JSONResponse:
        # Every refusal names its code and values for the pages' catalogues; a route that
        # knows its own code sends it in X-Error-Code / X-Error-Params.
        headers = dict(exc.headers or {})
        code = headers.get("X-Error-Code") or STATUS_CODES.get(exc.status_code, "bad_request")
        params: Any = {"detail": str(exc.detail)}
        if "X-Error-Params" in headers:
            with contextlib.suppress(ValueError):
                params = json.loads(headers["X-Error-Params"])
        return JSONResponse(
            {"detail": exc.detail, "code": code, "params": params},
            status_code=exc.status_code,
            headers=headers or None,
        )

    @app.exception_handler(OSError)
    async def disk(request: Request, exc: OSError) -> JSONResponse:
        if exc.errno != errno.ENOSPC:
            raise exc
        return _disk_full()

    @app.exception_handler(DatabaseBusy)
    async def busy(request: Request, exc: Exception) -> JSONResponse:
        message = "the database is busy; nothing was changed, try again"
        return JSONResponse(
            {"detail": message, "code": "db_busy", "params": {}},
            status_code=503,
            headers={"Retry-After": str(RETRY_AFTER_BUSY)},
        )

    @app.exception_handler(RecursionError)
    async def too_deep(request: Request, exc: RecursionError) -> JSONResponse:
        # A body nested thousands deep (TOML or JSON) ran a parser out of stack: the
        # client's mistake, one line in the log and never a traceback.
        log.warning("%s %s: the request is nested too deep", request.method, request.url.path)
        detail = "the request is nested too deep to read"
        return JSONResponse(
            {"detail": detail, "code": "malformed", "params": {"detail": detail}},
            status_code=400,
        )

    @app.exception_handler(sqlite3.OperationalError)
    async def locked(request: Request, exc: sqlite3.OperationalError) -> JSONResponse:
        # A write that met a database held elsewhere past its budget (the scorekeeper's);
        # anything else is the server's own error.
        if "locked" in str(exc).lower() or "busy" in str(exc).lower():
            return await busy(request, exc)
        if "full" in str(exc).lower():
            return _disk_full()
        raise exc

    @app.exception_handler(TableError)
    async def refused(request: Request, exc: TableError) -> JSONResponse:
        body = exc.payload()
        retry = {"Retry-After": str(exc.retry_after)} if exc.retry_after is not None else None
        return JSONResponse(
            {"detail": body["error"], "code": body["code"], "params": body["params"]},
            status_code=exc.status,
            headers=retry,
        )


STATUS_CODES: Final = {
    400: "bad_request",
    401: "bad_token",
    404: "not_found",
    405: "method_not_allowed",
    409: "conflict",
    413: "too_large",
    415: "unsupported_type",
    422: "invalid_request",
    429: "rate_limited",
    503: "db_busy",
}
"""The code of an HTTP refusal that did not name its own, by status."""


def _disk_full() -> JSONResponse:
    log.error("the disk is full: a write was refused")
    detail = "the server's disk is full: nothing was changed, try again later"
    return JSONResponse(
        {"detail": detail, "code": "disk_full", "params": {}},
        status_code=503,
        headers={"Retry-After": "60"},
    )


# -- WebSocket Origin -------------------------------------------------------------------------


def same_origin(headers: Iterable[tuple[bytes, bytes]], extra: Iterable[str] = ()) -> bool:
    """Whether a WebSocket handshake may go on: a browser always sends ``Origin``, and it must
    be this server's own host (as the ``Host`` header names it) or one of ``extra`` (an
    operator's ``https://name``). A client without ``Origin`` is no browser page, so no other
    site can be using a visitor's browser through it."""
    h = {k.lower(): v.decode("latin-1") for k, v in headers}
    origin = h.get(b"origin")
    if origin is None:
        return True
    if origin in set(extra):
        return True
    parts = urlsplit(origin)
    if parts.scheme not in ("http", "https") or not parts.netloc:
        return False
    host = h.get(b"host", "")
    return parts.netloc.lower() == host.lower()


# -- rate limits --------------------------------------------------------------------------------


class RateLimiter:
    """A token bucket per key (a client address, a socket): ``rate`` per second on average,
    ``burst`` at once. :meth:`wait` is 0 when the request may go on (and counts it), else the
    seconds until it could. At most ``max_keys`` keys are remembered (the oldest go first)."""

    def __init__(self, rate: float, burst: float, max_keys: int = 10_000) -> None:
        if rate <= 0 or burst < 1:
            raise ValueError("a rate limit needs rate > 0 and burst >= 1")
        self.rate = rate
        self.burst = burst
        self.max_keys = max_keys
        self._buckets: OrderedDict[str, tuple[float, float]] = OrderedDict()
        self._lock = threading.Lock()

    def wait(self, key: str, now: float | None = None) -> float:
        now = time.monotonic() if now is None else now
        with self._lock:
            tokens, last = self._buckets.pop(key, (self.burst, now))
            tokens = min(self.burst, tokens + (now - last) * self.rate)
            if tokens >= 1:
                tokens -= 1
                wait = 0.0
            else:
                wait = (1 - tokens) / self.rate
            self._buckets[key] = (tokens, now)
            while len(self._buckets) > self.max_keys:
                self._buckets.popitem(last=False)
            return wait


# -- logs ------------------------------------------------------------------------------------------

SECRET_PARAMS: Final = ("token", "e", "editor")
"""Query parameters that carry a secret in some link: a seat's ``token``, the scorekeeper
editor link's ``e`` (both belong in a fragment, but an old or hand-made link may put them in
a query string, which the access log writes)."""
_TOKEN_IN_URL = re.compile(r"(token=)[^&#\s\"']*", re.IGNORECASE)
_SECRET_IN_QUERY = re.compile(
    r"([?&;#](?:" + "|".join(SECRET_PARAMS) + r")=)[^&#\s\"']*", re.IGNORECASE
)
_TOKEN_IN_JSON = re.compile(r"(\"(?:token|editor)\"\s*:\s*\")[^\"]*", re.IGNORECASE)


def scrub(text: str) -> str:
    """``text`` with every token replaced by ``[hidden]`` (in a URL's query or fragment, or
    a JSON message): a seat's, the scorekeeper editor's."""
    text = _SECRET_IN_QUERY.sub(r"\1[hidden]", _TOKEN_IN_URL.sub(r"\1[hidden]", text))
    return _TOKEN_IN_JSON.sub(r"\1[hidden]", text)


class TokenScrubber(logging.Filter):
    """A log filter that scrubs seat tokens from a record's message and arguments (an old
    invite link with ``?token=`` in the access log, a client's join message in an error)."""

    def filter(self, record: logging.LogRecord) -> bool:
        if isinstance(record.msg, str):
            record.msg = scrub(record.msg)
        if isinstance(record.args, tuple):
            record.args = tuple(scrub(a) if isinstance(a, str) else a for a in record.args)
        elif isinstance(record.args, dict):
            record.args = {k: scrub(v) if isinstance(v, str) else v for k, v in record.args.items()}
        return True


LOGGERS: Final = ("uvicorn.access", "uvicorn.error", "jantaku.server", "jantaku.server.score")
"""Every logger of the server's (a filter does not reach a child logger's records)."""


def scrub_logs(names: Iterable[str] = LOGGERS) -> None:
    """Put one :class:`TokenScrubber` on each of these loggers (once)."""
    for name in names:
        logger = logging.getLogger(name)
        if not any(isinstance(f, TokenScrubber) for f in logger.filters):
            logger.addFilter(TokenScrubber())
