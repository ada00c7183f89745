"""The routes of 点数記録 (scorekeeping sessions) and the hand calculator.

Pages: ``GET /score`` (a session: ``/score#s=ID`` watches, ``/score#s=ID&e=TOKEN`` edits;
the token stays in the URL fragment, which no browser sends to a server), ``GET /calc`` (the
calculator alone) and ``GET /score-sw.js`` (the service worker that keeps both pages working
offline).

HTTP (JSON bodies of at most 64 KB):

* ``POST /api/sessions`` ``{"preset": "gotou", "options": {...}, "toml": "base = ...",
  "names": ["A", "B", "C", "D"], "start_points": 35000, "start_chips": 200}`` →
  ``{"id": ..., "editor": TOKEN}`` (the editor token is shown only this once);
* ``GET /api/sessions/{id}``: the session's state (``jantaku.server.sessions.replay``);
* ``POST /api/sessions/{id}/preview`` ``{"hand": {"events": [...]}}``: what the hand would
  do, from the ledger, nothing stored (``"index": I``: an edit of hand I, with ``"delete":
  true`` its deletion; ``moved`` lists the hands that would change game; a hand the rules
  refuse is answered ``{"refused": {error, code, params}}``);
* ``POST /api/sessions/{id}/changes`` (header ``Authorization: Bearer TOKEN``) ``{"type":
  "add", "at": REV, "cid": "...", "hand": {...}}``, ``{"type": "edit", "at": REV, "index": I,
  "hand": {...}}`` or ``{"type": "delete", "at": REV, "index": I}`` → the new state; 409 when
  ``at`` is not the session's revision, 403 without the editor token;
* ``GET /api/sessions/{id}/group``: the standings' counts summed over the sessions of the same
  people under the same rules (``{sessions, players: {name: {...}}}``);
* ``GET /api/sessions/{id}/conditions``: 条件計算, what each player needs in the next hand
  to move up a place (``jantaku.scoring.conditions``);
* ``GET /api/sessions/{id}/export.csv`` and ``/export.json`` (each game as the record
  ``jantaku ledger`` reads);
* ``POST /api/qr`` ``{"text": LINK}``: the link's QR code as SVG (:mod:`.qr`, no library);
* ``POST /api/calc`` ``{"rules": "tokushima", "situation": {...}}``: a complete hand's value
  or a short hand's shanten, waits and the value of each.

WebSocket ``/ws/score/{id}`` (refused, code 4403, from a page of another origin): the client's
first message is ``{"type": "join"}`` or ``{"type":
"join", "token": TOKEN}`` (an editor); the server answers with the state and pushes it again
after every change by anyone. The changes above are sent as messages of the same shape (with
an optional ``req`` echoed in the answer), and ``{"type": "settings", "at": REV, "names":
[...], "ended": true}`` between games; a refused one gets ``{"type": "error", "error": ...,
"status": 409, "code": ..., "params": {...}, "req": ...}`` to that client only (``code``: the
page's catalogue key ``score.err_<code>``), changes nothing, and the socket stays. ``{"type":
"ping"}`` is answered ``{"type": "pong"}`` (the page's liveness check).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import math
import sqlite3
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from fastapi import APIRouter, HTTPException, Request, WebSocket
from fastapi.concurrency import run_in_threadpool
from fastapi.responses import FileResponse, PlainTextResponse, Response

from jantaku.rules import PRESET_NAMES, RulesError
from jantaku.scoring.calc import Calculator
from jantaku.scoring.json_io import SituationError
from jantaku.scoring.score import NotAWin

from . import qr
from .errors import TableError
from .hardening import RateLimiter
from .pacing import SocketPace, same_site_json, send_all
from .sessions import (
    CSV_LANGS,
    SessionError,
    SessionManager,
    SessionStore,
    csv_text,
    ledger_records,
)
from .store import DatabaseBusy

MAX_BODY = 64 * 1024
MAX_MESSAGE = 32 * 1024
SESSION_RATE = 30 / 60
SESSION_BURST = 30
"""Sessions one client address may create per second on average, and at once."""
PREVIEW_RATE = 2.0
PREVIEW_BURST = 10
"""``/preview`` requests of one client address: per second on average, and at once."""
WEB_DIR = Path(__file__).resolve().parent.parent / "web"
log = logging.getLogger("jantaku.server.score")


def refused_http(
    status: int, message: str, code: str, params: dict[str, Any] | None = None
) -> HTTPException:
    """An HTTP refusal with its catalogue code and values (``score.err_<code>``) in headers, the
    detail staying the English message scripts read."""
    e = SessionError(message, status, code, params if params is not None else {})
    return HTTPException(
        e.status,
        str(e),
        headers={"X-Error-Code": e.code, "X-Error-Params": json.dumps(e.params, ensure_ascii=True)},
    )


async def _json_body(request: Request) -> Any:
    size = request.headers.get("content-length")
    if size is not None and (not size.isdigit() or int(size) > MAX_BODY):
        raise refused_http(413, f"request body over {MAX_BODY} bytes", "body_too_large")
    raw = b""
    async for chunk in request.stream():
        raw += chunk
        if len(raw) > MAX_BODY:
            raise refused_http(413, f"request body over {MAX_BODY} bytes", "body_too_large")
    try:
        return json.loads(raw)
    except (ValueError, RecursionError):
        raise refused_http(400, "the body is not JSON", "bad_body") from None


def _bearer(request: Request) -> str | None:
    auth = request.headers.get("authorization", "")
    return auth[7:].strip() if auth.lower().startswith("bearer ") else None


def score_router(db: str) -> APIRouter:
    """The routes over the sessions of the SQLite file ``db``."""
    router = APIRouter()
    manager = SessionManager(SessionStore(db))
    calculators = {name: Calculator(name) for name in PRESET_NAMES}

    def page(name: str) -> FileResponse:
        return FileResponse(
            WEB_DIR / name, media_type="text/html", headers={"Cache-Control": "no-cache"}
        )

    @router.get("/score", response_class=FileResponse)
    def score_page() -> FileResponse:
        return page("score.html")

    @router.get("/calc", response_class=FileResponse)
    def calc_page() -> FileResponse:
        return page("calc.html")

    @router.get("/score-sw.js", response_class=FileResponse)
    def service_worker() -> FileResponse:
        # Served from the root so that its scope covers /score and /calc.
        return FileResponse(
            WEB_DIR / "score-sw.js",
            media_type="text/javascript",
            headers={"Cache-Control": "no-cache"},
        )

    async def call(fn: Any, *args: Any) -> Any:
        try:
            return await run_in_threadpool(fn, *args)
        except SessionError as e:
            # The catalogue code and its values ride in headers, the detail staying the
            # English message scripts read.
            headers = {
                "X-Error-Code": e.code,
                "X-Error-Params": json.dumps(e.params, ensure_ascii=True),
            }
            raise HTTPException(e.status, str(e), headers=headers) from None

    sessions_made = RateLimiter(SESSION_RATE, SESSION_BURST)

    @router.post("/api/sessions")
    async def new_session(request: Request) -> dict[str, str]:
        same_site_json(request)
        wait = sessions_made.wait(request.client.host if request.client else "")
        if wait > 0:
            refusal = TableError(
                "too many sessions created from this address; try again shortly",
                429,
                code="rate_limited",
                params={"seconds": math.ceil(wait)},
            )
            refusal.retry_after = math.ceil(wait)
            raise refusal
        body = await _json_body(request)
        sid, token = await call(manager.create, body)
        return {"id": sid, "editor": token}

    @router.get("/api/sessions/{sid}")
    async def session_state(sid: str) -> Response:
        # Serialised once a revision, however many watchers ask.
        text: str = await call(manager.view_text, sid)
        return Response(text, media_type="application/json")

    previews = RateLimiter(PREVIEW_RATE, PREVIEW_BURST)

    @router.post("/api/sessions/{sid}/preview")
    async def preview(sid: str, request: Request) -> dict[str, Any]:
        # Each preview replays the session: paced per client address, like a seat's views.
        wait = previews.wait(request.client.host if request.client else "")
        if wait > 0:
            refusal = TableError(
                "too many previews from this address; try again shortly",
                429,
                code="rate_limited",
                params={"seconds": math.ceil(wait)},
            )
            refusal.retry_after = math.ceil(wait)
            raise refusal
        body = await _json_body(request)
        if not isinstance(body, dict):
            raise refused_http(400, 'an object {"hand": {...}}', "bad_body")
        out: dict[str, Any] = await call(
            manager.preview, sid, body.get("hand"), body.get("index"), body.get("delete") is True
        )
        return out

    @router.post("/api/sessions/{sid}/changes")
    async def change(sid: str, request: Request) -> dict[str, Any]:
        body = await _json_body(request)
        if not isinstance(body, dict):
            raise refused_http(400, "a change is an object with a type", "bad_body")
        out: dict[str, Any] = await call(manager.change, sid, _bearer(request), body)
        return out

    @router.get("/api/sessions/{sid}/group")
    async def session_group(sid: str) -> dict[str, Any]:
        out: dict[str, Any] = await call(manager.group, sid)
        return out

    @router.get("/api/sessions/{sid}/conditions")
    async def session_conditions(sid: str) -> dict[str, Any]:
        out: dict[str, Any] = await call(manager.conditions, sid)
        return out

    @router.get("/api/sessions/{sid}/export.json")
    async def export_json(sid: str) -> Response:
        config, state = await call(manager.export, sid)
        body = {
            "preset": config["preset"],
            "options": config["options"],
            "names": config["names"],
            "games": ledger_records(config, state),
            "standings": state["standings"],
        }
        return Response(
            json.dumps(body, ensure_ascii=False, indent=1),
            media_type="application/json",
            headers={"Content-Disposition": f'attachment; filename="jantaku-score-{sid}.json"'},
        )

    @router.get("/api/sessions/{sid}/export.csv")
    async def export_csv(sid: str, lang: str = "ja") -> PlainTextResponse:
        if lang not in CSV_LANGS:
            raise refused_http(400, f"lang: one of {', '.join(CSV_LANGS)}", "bad_lang")
        config, state = await call(manager.export, sid)
        return PlainTextResponse(
            "\ufeff" + csv_text(config, state, lang),
            media_type="text/csv; charset=utf-8",
            headers={"Content-Disposition": f'attachment; filename="jantaku-score-{sid}.csv"'},
        )

    @router.post("/api/qr")
    async def qr_code(request: Request) -> Response:
        # POST: an editor link's token stays out of URLs (and so out of logs).
        body = await _json_body(request)
        text = body.get("text") if isinstance(body, dict) else None
        if not isinstance(text, str) or not text.startswith(("http://", "https://")):
            raise refused_http(400, 'an object {"text": a link of this site}', "bad_qr_text")
        try:
            image = qr.svg(text)
        except qr.QRError as e:
            raise refused_http(422, str(e), "bad_qr_text") from None
        return Response(image, media_type="image/svg+xml", headers={"Cache-Control": "no-store"})

    @router.post("/api/calc/info")
    async def calc_info(request: Request) -> dict[str, Any]:
        body = await _json_body(request)
        if not isinstance(body, dict) or body.get("rules", "riichi") not in calculators:
            raise refused_http(
                400, f"rules: one of {', '.join(PRESET_NAMES)}", "bad_preset", {"preset": ""}
            )
        options = body.get("options") or {}
        if not isinstance(options, dict):
            raise refused_http(
                400, "options: an object of knob values", "bad_options", {"detail": "options"}
            )
        try:
            out: dict[str, Any] = await run_in_threadpool(
                calculators[body.get("rules", "riichi")].info, options
            )
        except (RulesError, ValueError) as e:
            raise refused_http(422, str(e), "bad_options", {"detail": str(e)}) from None
        return out

    @router.post("/api/calc")
    async def calc(request: Request) -> dict[str, Any]:
        body = await _json_body(request)
        if not isinstance(body, dict) or not isinstance(body.get("situation"), dict):
            raise refused_http(400, 'an object {"rules": PRESET, "situation": {...}}', "bad_body")
        rules = body.get("rules", "riichi")
        if rules not in calculators:
            raise refused_http(
                400, f"rules: one of {', '.join(PRESET_NAMES)}", "bad_preset", {"preset": ""}
            )
        try:
            out: dict[str, Any] = await run_in_threadpool(
                calculators[rules].evaluate, body["situation"]
            )
        except (SituationError, NotAWin, RulesError, ValueError) as e:
            # The calculator's own refusal (not a hand, not a win): shown by /calc as it is.
            raise HTTPException(422, str(e)) from None
        return out

    @router.websocket("/ws/score/{sid}")
    async def live(websocket: WebSocket, sid: str) -> None:
        origin = websocket.headers.get("origin")
        if origin is not None and urlsplit(origin).netloc != websocket.headers.get("host"):
            # Another site's page may not drive a session from a visitor's browser.
            await websocket.close(code=4403)
            return
        await websocket.accept()
        loop = asyncio.get_running_loop()
        queue: asyncio.Queue[dict[str, Any] | str | None] = asyncio.Queue()

        def push(message: dict[str, Any]) -> None:  # from any thread
            # The same state for every watcher: serialised once.
            loop.call_soon_threadsafe(queue.put_nowait, manager.view_text(sid, message))

        token: str | None = None
        try:
            first = await asyncio.wait_for(websocket.receive_text(), timeout=30)
            join = json.loads(first) if len(first) <= MAX_MESSAGE else None
            if not isinstance(join, dict) or join.get("type") != "join":
                raise SessionError(
                    'the first message is {"type": "join"}', code="bad_join", params={}
                )
            token = join.get("token") if isinstance(join.get("token"), str) else None
            if token is not None and not await run_in_threadpool(manager.can_edit, sid, token):
                raise SessionError(
                    "this editor link is not valid for the session", 401, "bad_editor_link", {}
                )
            state = await run_in_threadpool(manager.subscribe, sid, push)
        except (TimeoutError, SessionError, ValueError, RuntimeError) as e:
            status = e.status if isinstance(e, SessionError) else 400
            said = (
                e.as_json()
                if isinstance(e, SessionError)
                else {
                    "error": str(e) or "no join",
                    "status": status,
                    "code": "bad_join",
                    "params": {},
                }
            )
            with contextlib.suppress(Exception):
                await websocket.send_json({"type": "error", **said})
                await websocket.close(code=4404 if status == 404 else 4401)
            return
        text = await run_in_threadpool(manager.view_text, sid, state)
        await websocket.send_text(with_field(text, "editor", token is not None))
        sender = asyncio.create_task(send_all(websocket, queue, what="a scorekeeper socket"))
        pace = SocketPace()
        try:
            while True:
                msg = await websocket.receive()
                if msg["type"] == "websocket.disconnect":
                    break
                await pace.message()
                reply = await _handle(manager, sid, token, msg, pace)
                if reply is not None:
                    queue.put_nowait(reply)
        finally:
            await run_in_threadpool(manager.unsubscribe, sid, push)
            queue.put_nowait(None)
            with contextlib.suppress(Exception):
                await sender

    return router


def with_field(text: str, key: str, value: Any) -> str:
    """A JSON object's text with one more field (a cached state message and its ``req``)."""
    return f"{text[:-1]},{json.dumps(key)}:{json.dumps(value, ensure_ascii=False)}}}"


async def _handle(
    manager: SessionManager, sid: str, token: str | None, msg: Any, pace: SocketPace
) -> dict[str, Any] | str | None:
    raw = msg.get("text")
    if raw is None:
        raw = (msg.get("bytes") or b"").decode("utf-8", "replace")
    if len(raw) > MAX_MESSAGE:
        return {
            "type": "error",
            **SessionError(
                f"message over {MAX_MESSAGE} bytes", 413, "body_too_large", {}
            ).as_json(),
        }
    try:
        data = json.loads(raw)
    except (ValueError, RecursionError):
        return {
            "type": "error",
            **SessionError("malformed message: not JSON", 400, "bad_body", {}).as_json(),
        }
    if not isinstance(data, dict):
        return {
            "type": "error",
            **SessionError("a message is an object with a type", 400, "bad_body", {}).as_json(),
        }
    req = data.get("req")
    if data.get("type") == "ping":  # the page's liveness check (its connection badge)
        return {"type": "pong", "req": req}
    try:
        if data.get("type") in ("state", "preview"):
            await pace.state()  # a whole state, or a replay: paced like a seat's views
        if data.get("type") == "state":
            return with_field(await run_in_threadpool(manager.view_text, sid), "req", req)
        if data.get("type") == "preview":
            return {**await run_in_threadpool(manager.preview, sid, data.get("hand")), "req": req}
        out = await run_in_threadpool(manager.change, sid, token, data)
        # Everyone (this client too) gets the new state pushed; the sender also gets the ack.
        return {
            "type": "ack",
            "rev": out["rev"],
            "req": req,
            "cid": data.get("cid"),
            "duplicate": out.get("duplicate"),
        }
    except SessionError as e:
        return {"type": "error", **e.as_json(), "req": req, "cid": data.get("cid")}
    except (DatabaseBusy, sqlite3.OperationalError) as e:
        if isinstance(e, DatabaseBusy) or "locked" in str(e).lower():
            # Held elsewhere past the write budget: nothing changed, the page sends it again.
            busy = "the database is busy: nothing was changed; send it again"
            return {
                "type": "error",
                "error": busy,
                "status": 503,
                "code": "db_busy",
                "params": {},
                "retry": True,
                "req": req,
                "cid": data.get("cid"),
            }
        log.exception("session %s: failed to handle a message", sid)
        return {
            "type": "error",
            **SessionError("internal error", 500, "internal", {}).as_json(),
            "req": req,
        }
    except Exception:
        log.exception("session %s: failed to handle a message", sid)
        return {
            "type": "error",
            **SessionError("internal error: nothing was changed", 500, "internal", {}).as_json(),
            "req": req,
        }
