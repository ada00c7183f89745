"""What an operator watches: ``GET /healthz`` and ``GET /metrics`` (Prometheus text format,
from the ``prometheus-client`` package; every name starts with ``jantaku_``).

``/healthz`` answers 200 ``{"status": "ok", ...}`` when the event loop answered it and a
write to the database committed within :data:`HEALTH_TIMEOUT` seconds; 503 with the reason
otherwise, and while the server stops (a proxy or systemd stops sending players here).

``/metrics``:

* ``jantaku_open_tables``: unfinished tables (in memory or parked), from the database;
* ``jantaku_games_finished_total``: games played to their end, from the database;
* ``jantaku_connected_sockets``: seats' sockets open now;
* ``jantaku_actions_total`` and ``jantaku_actions_per_second`` (the last minute's average):
  people's actions applied;
* ``jantaku_action_latency_seconds``: from a seat's action read off its socket to the
  resulting events handed to every seat's socket (the bots' replies included);
* ``jantaku_bot_turn_seconds``: one bot decision;
* ``jantaku_db_write_seconds``: one write transaction of the tables' store (waiting for the
  lock included);
* ``jantaku_refusals_total{code}``: refused requests and socket messages, by error code
  (:data:`jantaku.server.errors.ERROR_CODES`);
* ``jantaku_bot_games_waiting``: bot-only games queued for the background thread.

Either page may be restricted to some clients (:class:`jantaku.server.proxy.AddressList`:
``--healthz-from``, ``--metrics-from``); anyone else gets 404, as for a page that is not there.
"""

from __future__ import annotations

import asyncio
import collections
import contextlib
import sqlite3
import threading
import time
from collections.abc import Callable, Iterator
from typing import Any, Final

from fastapi import APIRouter, Request, Response
from fastapi.concurrency import run_in_threadpool
from fastapi.responses import JSONResponse
from prometheus_client import CONTENT_TYPE_LATEST, CollectorRegistry, Counter, Gauge, Histogram
from prometheus_client.core import CounterMetricFamily, GaugeMetricFamily, Metric
from prometheus_client.exposition import generate_latest
from prometheus_client.registry import Collector

from .proxy import AddressList
from .store import Store

HEALTH_TIMEOUT: Final = 3.0
"""Seconds ``/healthz`` waits for its database write before it says 503."""
RATE_WINDOW: Final = 60
"""Seconds over which ``jantaku_actions_per_second`` averages."""

_LATENCY_BUCKETS: Final = (0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0)
_FAST_BUCKETS: Final = (
    0.0002,
    0.0005,
    0.001,
    0.0025,
    0.005,
    0.01,
    0.025,
    0.05,
    0.1,
    0.25,
    0.5,
    1.0,
    2.5,
)


class _RecentRate:
    """Events per second over the last ``window`` seconds, counted by the second."""

    def __init__(self, window: int = RATE_WINDOW) -> None:
        self.window = window
        self._counts: collections.deque[list[int]] = collections.deque()  # [second, count]
        self._lock = threading.Lock()

    def add(self, now: float | None = None) -> None:
        second = int(time.monotonic() if now is None else now)
        with self._lock:
            if self._counts and self._counts[-1][0] == second:
                self._counts[-1][1] += 1
            else:
                self._counts.append([second, 1])
            self._trim(second)

    def per_second(self, now: float | None = None) -> float:
        second = int(time.monotonic() if now is None else now)
        with self._lock:
            self._trim(second)
            return sum(c for _, c in self._counts) / self.window

    def _trim(self, second: int) -> None:
        while self._counts and self._counts[0][0] <= second - self.window:
            self._counts.popleft()


class _StoreFigures(Collector):
    """The figures read from the database at each scrape (a read-only connection of its own:
    the server's connections stay the server's)."""

    def __init__(self, path: str) -> None:
        self.path = path

    def collect(self) -> Iterator[Metric]:
        try:
            with contextlib.closing(
                sqlite3.connect(f"file:{self.path}?mode=ro", uri=True, timeout=1.0)
            ) as db:
                (unfinished,) = db.execute(
                    "SELECT COUNT(*) FROM tables WHERE finished IS NULL AND closed IS NULL"
                ).fetchone()
                (finished,) = db.execute(
                    "SELECT COUNT(*) FROM tables WHERE finished IS NOT NULL"
                ).fetchone()
        except sqlite3.Error:  # locked or gone: /healthz says so; the other figures still go
            return
        yield GaugeMetricFamily(
            "jantaku_open_tables", "Unfinished tables (in memory or parked)", value=unfinished
        )
        yield CounterMetricFamily(
            "jantaku_games_finished", "Games played to their end", value=finished
        )


class Metrics:
    """The server's instruments, in a registry of their own (one server, one registry)."""

    def __init__(self, db_path: str) -> None:
        self.registry = CollectorRegistry(auto_describe=True)
        r = self.registry
        self.sockets = Gauge("jantaku_connected_sockets", "Seats' sockets open now", registry=r)
        self.actions = Counter("jantaku_actions", "People's actions applied", registry=r)
        self.recent = _RecentRate()
        Gauge(
            "jantaku_actions_per_second",
            f"People's actions applied per second, over the last {RATE_WINDOW} s",
            registry=r,
        ).set_function(self.recent.per_second)
        self.action_latency = Histogram(
            "jantaku_action_latency_seconds",
            "From a seat's action read to its events handed to the seats' sockets",
            buckets=_LATENCY_BUCKETS,
            registry=r,
        )
        self.bot_turn = Histogram(
            "jantaku_bot_turn_seconds", "One bot decision", buckets=_FAST_BUCKETS, registry=r
        )
        self.db_write = Histogram(
            "jantaku_db_write_seconds",
            "One write transaction of the tables' store, waiting for its lock included",
            buckets=_FAST_BUCKETS,
            registry=r,
        )
        self.refusals = Counter(
            "jantaku_refusals", "Refused requests and socket messages", ["code"], registry=r
        )
        self.bot_backlog = Gauge(
            "jantaku_bot_games_waiting", "Bot-only games queued to be played", registry=r
        )
        r.register(_StoreFigures(db_path))

    def action(self, seconds: float) -> None:
        """A person's action applied, ``seconds`` after it was read."""
        self.actions.inc()
        self.recent.add()
        self.action_latency.observe(seconds)

    def refused(self, code: str) -> None:
        self.refusals.labels(code=code).inc()

    def text(self) -> bytes:
        return generate_latest(self.registry)


class TimedStore(Store):
    """The tables' store with each write transaction timed into ``jantaku_db_write_seconds``."""

    def __init__(self, path: str, busy_timeout: float, metrics: Metrics) -> None:
        super().__init__(path, busy_timeout=busy_timeout)
        self._write_time = metrics.db_write

    @contextlib.contextmanager
    def _timed(self) -> Iterator[None]:
        started = time.perf_counter()
        try:
            yield
        finally:
            self._write_time.observe(time.perf_counter() - started)

    def create_table(self, *args: Any, **kwargs: Any) -> int:
        with self._timed():
            return super().create_table(*args, **kwargs)

    def append_events(self, *args: Any, **kwargs: Any) -> None:
        with self._timed():
            super().append_events(*args, **kwargs)

    def touch(self, *args: Any, **kwargs: Any) -> None:
        with self._timed():
            super().touch(*args, **kwargs)

    def close_table(self, *args: Any, **kwargs: Any) -> None:
        with self._timed():
            super().close_table(*args, **kwargs)


def probe_write(path: str, timeout: float = HEALTH_TIMEOUT) -> None:
    """Commit one small write to the database (a row of its own ``jantaku_health`` table):
    sqlite3.Error when the file cannot be written or stays locked past ``timeout``."""
    with contextlib.closing(
        sqlite3.connect(f"file:{path}?mode=rw", uri=True, timeout=timeout, isolation_level=None)
    ) as db:
        db.execute(
            "CREATE TABLE IF NOT EXISTS jantaku_health"
            " (id INTEGER PRIMARY KEY CHECK (id = 1), at REAL NOT NULL)"
        )
        db.execute("INSERT OR REPLACE INTO jantaku_health (id, at) VALUES (1, ?)", (time.time(),))


def ops_router(
    metrics: Metrics,
    db_path: str,
    stopping: Callable[[], bool],
    healthz_from: AddressList,
    metrics_from: AddressList,
) -> APIRouter:
    """``/healthz`` and ``/metrics``; ``stopping()``: whether the server is on its way down."""
    router = APIRouter()

    def hidden() -> Response:
        return JSONResponse({"detail": "Not Found"}, status_code=404)

    @router.get("/healthz", include_in_schema=False)
    async def healthz(request: Request) -> Response:
        if not healthz_from.allows(request.client.host if request.client else ""):
            return hidden()
        if stopping():
            return JSONResponse({"status": "stopping"}, status_code=503)
        loop = asyncio.get_running_loop()
        asked = loop.time()
        await asyncio.sleep(0)  # the loop runs other work in between: its lag shows here
        lag = loop.time() - asked
        try:
            wait = HEALTH_TIMEOUT
            await asyncio.wait_for(run_in_threadpool(probe_write, db_path, wait), wait + 1)
        except (sqlite3.Error, TimeoutError) as e:
            detail = str(e) or "no answer in time"
            return JSONResponse(
                {"status": "unhealthy", "database": f"not writable: {detail}"}, status_code=503
            )
        return JSONResponse(
            {"status": "ok", "database": "writable", "loop_lag_ms": round(lag * 1000, 2)}
        )

    @router.get("/metrics", include_in_schema=False)
    def metrics_page(request: Request) -> Response:
        if not metrics_from.allows(request.client.host if request.client else ""):
            return hidden()
        return Response(metrics.text(), media_type=CONTENT_TYPE_LATEST)

    return router
