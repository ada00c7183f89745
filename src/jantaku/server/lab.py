"""The rule lab on the server: start a lab run from the browser, watch it, read its report.

* ``POST /api/lab`` ``{"rules": "gotou", "vary": ["scoring.tsumo_bonus=0"], "games": 200,
  "seed": 1, "bots": "baseline"}`` → 202 ``{"id": "..."}``. ``vary`` empty runs one rule
  set. At most :data:`MAX_GAMES` games per rule set; built-in presets and bots only (never a
  file path or an external program); one run at a time per client (429 while one of its
  runs is going) and :data:`MAX_RUNNING` runs in all (503).
* ``GET /api/lab``: past and present runs, newest first.
* ``GET /api/lab/{id}``: ``{id, status: running|done|failed, done, total, error, findings}``.
* ``GET /api/lab/{id}/report`` (the HTML report) and ``/api/lab/{id}/report.json``.

A run is ``jantaku lab`` in a child process (so a long run never holds the server's event
loop or its GIL), writing to its own folder under the lab folder; its progress is the
number of lines of its ``games.jsonl``. A run whose process is gone without a report (a
server restart) shows as failed; the same request again resumes nothing (a new id): the
folder of a run is its own.
"""

from __future__ import annotations

import hashlib
import json
import re
import secrets
import shutil
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Any, Final

from fastapi import APIRouter, HTTPException, Request
from fastapi.responses import FileResponse, JSONResponse
from pydantic import BaseModel, Field

from jantaku.bots import BOT_KINDS
from jantaku.rules import PRESET_NAMES

MAX_GAMES: Final = 500
"""Games per rule set in one request (a parlour's question, answered in minutes)."""
MAX_RUNNING: Final = 2
"""Lab runs at once on one server (each takes a core)."""
KEEP_PER_CLIENT: Final = 10
KEEP_ALL: Final = 200
"""Finished runs kept per client address and in all; older ones are deleted, oldest first,
when a new run starts (each folder holds every game of its run)."""
_VARY = re.compile(r"^[a-z_]+\.[a-z0-9_]+=[A-Za-z0-9_.\-\"]{1,40}$")
_ID = re.compile(r"^[0-9a-f]{12}$")

REPORT_CSP = (
    "default-src 'none'; style-src 'unsafe-inline'; img-src data:; "
    "frame-ancestors 'self'; base-uri 'none'; form-action 'none'"
)


class NewLabRun(BaseModel):
    rules: str = Field(max_length=40)
    vary: list[str] = Field(default_factory=list, max_length=8)
    games: int = Field(ge=1, le=MAX_GAMES)
    seed: int = Field(default=0, ge=0, lt=2**31)
    bots: str = Field(default="baseline", max_length=80)


class LabRuns:
    """The server's lab runs: each a child process and a folder under ``root``."""

    def __init__(
        self, root: Path, keep_per_client: int = KEEP_PER_CLIENT, keep_all: int = KEEP_ALL
    ) -> None:
        self.root = root
        self.keep_per_client = keep_per_client
        self.keep_all = keep_all
        self._lock = threading.Lock()
        self._procs: dict[str, subprocess.Popen[bytes]] = {}
        self._owner: dict[str, str] = {}

    def start(self, body: NewLabRun, client: str) -> str:
        if body.rules not in PRESET_NAMES:
            raise HTTPException(400, f"rules: no preset {body.rules!r} ({', '.join(PRESET_NAMES)})")
        for item in body.vary:
            if not _VARY.match(item):
                raise HTTPException(400, f"vary: {item!r} is not section.knob=value")
        bots = [b.strip() for b in body.bots.split(",")]
        bad = [b for b in bots if b not in BOT_KINDS]
        if bad:
            raise HTTPException(
                400, f"bots: {bad[0]!r} is not a built-in bot ({', '.join(BOT_KINDS)})"
            )
        with self._lock:
            self._reap()
            mine = [i for i, who in self._owner.items() if who == client and i in self._procs]
            if mine:
                raise HTTPException(429, f"your lab run {mine[0]} is still going: one at a time")
            if len(self._procs) >= MAX_RUNNING:
                raise HTTPException(503, f"{MAX_RUNNING} lab runs are going: try again later")
            self._prune(extra=_owner_digest(client))
            run_id = secrets.token_hex(6)
            folder = self.root / run_id
            folder.mkdir(parents=True)
            argv = [
                sys.executable, "-m", "jantaku.cli", "lab", "--rules", body.rules,
                "--games", str(body.games), "--seed", str(body.seed), "--bots", ",".join(bots),
                "--out", str(folder / "run"), "--no-progress", "--json",
            ]  # fmt: skip
            for item in body.vary:
                argv += ["--vary", item]
            request = {
                "rules": body.rules,
                "vary": body.vary,
                "games": body.games,
                "seed": body.seed,
                "bots": ",".join(bots),
                "created": time.time(),
                "owner": _owner_digest(client),
            }
            (folder / "request.json").write_text(json.dumps(request), "utf-8")
            with open(folder / "output.txt", "wb") as out:
                self._procs[run_id] = subprocess.Popen(
                    argv, stdout=out, stderr=subprocess.DEVNULL, stdin=subprocess.DEVNULL
                )
            self._owner[run_id] = client
            return run_id

    def prune(self) -> list[str]:
        """Delete the oldest finished runs past the limits (per client, in all); their ids."""
        with self._lock:
            self._reap()
            return self._prune()

    def _prune(self, extra: str | None = None) -> list[str]:
        """Under the lock. ``extra``: a client about to start one more run (room is made)."""
        if not self.root.is_dir():
            return []
        finished: list[tuple[float, str, str]] = []
        for folder in self.root.iterdir():
            if not _ID.match(folder.name) or folder.name in self._procs:
                continue
            try:
                request = json.loads((folder / "request.json").read_text("utf-8"))
                created, owner = float(request["created"]), str(request.get("owner", ""))
            except (OSError, ValueError, KeyError, TypeError):
                created, owner = 0.0, ""  # unreadable: the oldest of all
            finished.append((created, folder.name, owner))
        finished.sort(reverse=True)  # newest first
        per_client: dict[str, int] = {} if extra is None else {extra: 1}
        kept = len(self._procs) + (extra is not None)
        gone = []
        for _, run_id, owner in finished:
            per_client[owner] = per_client.get(owner, 0) + 1
            if per_client[owner] > self.keep_per_client or kept >= self.keep_all:
                shutil.rmtree(self.root / run_id, ignore_errors=True)
                gone.append(run_id)
            else:
                kept += 1
        return gone

    def _reap(self) -> None:
        for run_id, proc in list(self._procs.items()):
            if proc.poll() is not None:
                del self._procs[run_id]

    def status(self, run_id: str) -> dict[str, Any]:
        folder = self._folder(run_id)
        request = json.loads((folder / "request.json").read_text("utf-8"))
        arms = 2 if request["vary"] else 1
        total = request["games"] * arms
        results = folder / "run" / "games.jsonl"
        done = results.read_bytes().count(b"\n") if results.exists() else 0
        report_file = folder / "run" / "report.json"
        with self._lock:
            self._reap()
            running = run_id in self._procs
        request.pop("owner", None)  # who asked stays on the server
        out: dict[str, Any] = {"id": run_id, **request, "total": total, "done": min(done, total)}
        if report_file.exists() and not running:
            report = json.loads(report_file.read_text("utf-8"))
            out["status"] = "done"
            out["findings"] = [
                {"en": d["en"], "ja": d["ja"]}
                for d in report.get("differences", [])
                if d["significant"]
            ]
            out["warnings"] = report["warnings"]
        elif running:
            out["status"] = "running"
        else:
            out["status"] = "failed"
            out["error"] = _error_of(folder / "output.txt")
        return out

    def listing(self) -> list[dict[str, Any]]:
        if not self.root.is_dir():
            return []
        runs = [self.status(p.name) for p in self.root.iterdir() if _ID.match(p.name)]
        for r in runs:
            r.pop("findings", None)
            r.pop("warnings", None)
        return sorted(runs, key=lambda r: -float(r["created"]))

    def report_file(self, run_id: str, name: str) -> Path:
        path = self._folder(run_id) / "run" / name
        if not path.exists():
            raise HTTPException(409, f"lab run {run_id} has no report yet")
        return path

    def _folder(self, run_id: str) -> Path:
        folder = self.root / run_id
        if not _ID.match(run_id) or not (folder / "request.json").exists():
            raise HTTPException(404, f"no lab run {run_id!r}")
        return folder

    def stop_all(self) -> None:
        with self._lock:
            for proc in self._procs.values():
                proc.terminate()
            for proc in self._procs.values():
                proc.wait(timeout=10)
            self._procs.clear()


def _error_of(output: Path) -> str:
    try:
        return str(json.loads(output.read_text("utf-8"))["error"])
    except (OSError, ValueError, KeyError, TypeError):
        return "the run stopped without a report"


def _owner_digest(client: str) -> str:
    """Who started a run, as the lab folder keeps it (never the address itself)."""
    return hashlib.sha256(("lab:" + client).encode()).hexdigest()[:16]


def lab_router(root: Path) -> tuple[APIRouter, LabRuns]:
    """The lab's routes over the runs kept in the folder ``root``."""
    runs = LabRuns(root)
    router = APIRouter()

    @router.post("/api/lab", status_code=202)
    def start(body: NewLabRun, request: Request) -> dict[str, str]:
        client = request.client.host if request.client else "unknown"
        return {"id": runs.start(body, client)}

    @router.get("/api/lab")
    def listing() -> list[dict[str, Any]]:
        return runs.listing()

    @router.get("/api/lab/{run_id}")
    def status(run_id: str) -> dict[str, Any]:
        return runs.status(run_id)

    @router.get("/api/lab/{run_id}/report")
    def report(run_id: str) -> FileResponse:
        # The report is framed by the lab page (same origin) and styles itself inline; it has
        # no script and loads nothing, so its own policy allows exactly that.
        return FileResponse(
            runs.report_file(run_id, "report.html"),
            media_type="text/html",
            headers={
                "Content-Security-Policy": REPORT_CSP,
                "X-Frame-Options": "SAMEORIGIN",
            },
        )

    @router.get("/api/lab/{run_id}/report.json")
    def report_json(run_id: str) -> JSONResponse:
        text = runs.report_file(run_id, "report.json").read_text("utf-8")
        return JSONResponse(json.loads(text))

    return router, runs
