"""牌譜検討 on the server: a finished table's seat reviewed in the background
(:func:`jantaku.review.review_game`), its progress asked for, the result kept with the table.

HTTP:

* ``POST /api/tables/{id}/review`` ``{"seat": N}``: start reviewing that seat of the finished
  game (its full log, ``GET /api/tables/{id}/log``, is public once the game is over) →
  the job's status (below). A client (by address) has one review running at a time: a
  second one while the first runs is refused (429), and so is any while ``MAX_RUNNING``
  reviews run; a seat already reviewed or being reviewed answers its status at once.
* ``GET /api/tables/{id}/review?seat=N``: ``{"state": "none" | "running" | "done" |
  "failed", "progress": 0..1, "error": ..., "review": {...}}`` (``review``: when done, the
  review's JSON as ``jantaku review`` writes it).
* ``GET /api/tables/{id}/review.html?seat=N``: the done review as its page (its style and
  script from ``/review/report.css`` and ``.js``: the content policy refuses inline ones;
  ``jantaku review`` writes the same page self-contained).

The reviews are files beside the database (``jantaku-reviews/table-ID-seat-N.json``): kept
with the table across restarts, written once (a finished game's log never changes), and
again when the review's shape changed (``jantaku.review.core.VERSION``).
"""

from __future__ import annotations

import json
import threading
from pathlib import Path
from typing import Any, Final

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse, JSONResponse, Response
from pydantic import BaseModel

from jantaku.log.export import games_of
from jantaku.review import Reviewer, ReviewError, review_game
from jantaku.review.core import VERSION
from jantaku.review.load import game_of
from jantaku.review.report import SCRIPT, STYLE, render_html

from .errors import TableError
from .tables import TableManager

MAX_RUNNING: Final = 2
"""Reviews running at once on the whole server (each is one thread of CPU)."""


class ReviewAsk(BaseModel):
    seat: int


class _Job:
    __slots__ = ("client", "error", "progress", "thread")

    def __init__(self, client: str) -> None:
        self.client = client
        self.progress = 0.0
        self.error: str | None = None
        self.thread: threading.Thread | None = None


class ReviewJobs:
    """The reviews running and done (``folder``: where the done ones are kept)."""

    def __init__(self, manager: TableManager, folder: Path) -> None:
        self.manager = manager
        self.folder = folder
        self._lock = threading.Lock()
        self._jobs: dict[tuple[int, int], _Job] = {}

    def path(self, table_id: int, seat: int) -> Path:
        return self.folder / f"table-{table_id}-seat-{seat}.json"

    def done(self, table_id: int, seat: int) -> dict[str, Any] | None:
        p = self.path(table_id, seat)
        if not p.is_file():
            return None
        data: dict[str, Any] = json.loads(p.read_text(encoding="utf-8"))
        if data.get("version") != VERSION:
            return None  # an older review's shape: reviewed again
        return data

    def status(self, table_id: int, seat: int, with_review: bool = True) -> dict[str, Any]:
        review = self.done(table_id, seat)
        if review is not None:
            out: dict[str, Any] = {"state": "done", "progress": 1.0}
            if with_review:
                out["review"] = review
            return out
        with self._lock:
            job = self._jobs.get((table_id, seat))
            if job is None:
                return {"state": "none", "progress": 0.0}
            if job.error is not None:
                return {"state": "failed", "progress": job.progress, "error": job.error}
            return {"state": "running", "progress": round(job.progress, 3)}

    def start(self, table_id: int, seat: int, client: str) -> dict[str, Any]:
        """Start reviewing ``seat`` of the finished table (see the module docstring)."""
        events = self._events(table_id)
        row = self.manager.store.table(table_id)
        options = row.options if row is not None else {}
        try:
            game = game_of(events, options)
        except ReviewError as e:
            raise TableError(str(e), 422) from None
        if not 0 <= seat < game.people:
            raise TableError(f"seat {seat}: this game has seats 0 to {game.people - 1}", 400)
        if self.done(table_id, seat) is not None:
            return self.status(table_id, seat, with_review=False)
        with self._lock:
            job = self._jobs.get((table_id, seat))
            if job is not None and job.error is None:
                return {"state": "running", "progress": round(job.progress, 3)}
            running = [j for j in self._jobs.values() if j.error is None]
            if any(j.client == client for j in running):
                raise TableError("a review of yours is still running: wait for it", 429)
            if len(running) >= MAX_RUNNING:
                raise TableError("the server is busy reviewing: try again shortly", 429)
            job = self._jobs[(table_id, seat)] = _Job(client)
            job.thread = threading.Thread(
                target=self._run, args=(table_id, seat, job, game, events), daemon=True
            )
            job.thread.start()
        return {"state": "running", "progress": 0.0}

    def _events(self, table_id: int) -> list[dict[str, Any]]:
        games = games_of(self.manager.log_lines(table_id))
        if len(games) != 1:
            raise TableError("the table's log is not one game", 422)
        return games[0]

    def _run(
        self, table_id: int, seat: int, job: _Job, game: Any, events: list[dict[str, Any]]
    ) -> None:
        def progress(done: int, total: int) -> None:
            job.progress = done / total if total else 1.0

        try:
            # A reviewer (a bot) of its own: two reviews may run at once.
            review = review_game(game, events, seat, Reviewer(), progress)
            review["table"] = table_id
            self.folder.mkdir(parents=True, exist_ok=True)
            tmp = self.path(table_id, seat).with_suffix(".tmp")
            tmp.write_text(json.dumps(review, ensure_ascii=False), encoding="utf-8")
            tmp.replace(self.path(table_id, seat))
            with self._lock:
                self._jobs.pop((table_id, seat), None)
        except Exception as e:  # a review that fails says so; the server goes on
            with self._lock:
                job.error = f"{type(e).__name__}: {e}"

    def wait(self, timeout: float = 60.0) -> None:
        """Wait for the running reviews (tests, a stopping server)."""
        with self._lock:
            threads = [j.thread for j in self._jobs.values() if j.thread is not None]
        for t in threads:
            t.join(timeout)


def review_router(manager: TableManager, folder: Path) -> tuple[APIRouter, ReviewJobs]:
    """The review routes, and their jobs."""
    jobs = ReviewJobs(manager, folder)
    router = APIRouter()

    @router.post("/api/tables/{table_id}/review", status_code=202)
    def start_review(table_id: int, body: ReviewAsk, request: Request) -> dict[str, Any]:
        client = request.client.host if request.client else ""
        return jobs.start(table_id, body.seat, client)

    @router.get("/api/tables/{table_id}/review")
    def review_status(table_id: int, seat: int) -> JSONResponse:
        return JSONResponse(jobs.status(table_id, seat))

    @router.get("/api/tables/{table_id}/review.html", response_class=HTMLResponse)
    def review_page(table_id: int, seat: int) -> str:
        review = jobs.done(table_id, seat)
        if review is None:
            raise TableError(f"table {table_id}, seat {seat}: not reviewed yet", 404)
        return render_html(review, f"#{table_id}", assets="/review/report")

    @router.get("/review/report.css")
    def report_style() -> Response:
        return Response(STYLE, media_type="text/css")

    @router.get("/review/report.js")
    def report_script() -> Response:
        return Response(SCRIPT, media_type="text/javascript")

    return router, jobs
