"""The web table server (`jantaku serve`): FastAPI over the engine, which is the only
authority, and a static browser front end (``jantaku/web``, plain ES modules).

HTTP:

* ``GET /``: the lobby page (``web/index.html``, the presets filled in);
* ``GET /table.html?table=ID#token=...``: the table page of one seat (the token in the
  fragment: it never reaches the server in a URL);
* ``GET /replay.html?table=ID``: the replay of a finished game (it reads the log below);
* ``GET /static/...``: the front end's scripts, style sheets and tile images;
* ``GET /api/i18n/{lang}``: the message catalogue of ``ja`` or ``en`` (every namespace file of
  ``web/i18n/<lang>/`` merged, ``{"table.riichi": "立直", ...}``; see :mod:`.i18n`);
  ``GET /api/i18n``: ``{langs, default, negotiated}`` (``negotiated`` from Accept-Language);
* ``GET /api/presets``: ``[{name, title, title_ja}]``;
* ``GET /api/presets/{name}``: ``{name, title, title_ja, players, knobs: [{key, value, default,
  description, kind, choices, note}], tiles: {id: mpsz name}}`` (``kind``: bool, int, float,
  str, choice or json, for an editor; ``note``: the preset file's comment, often the seed's
  Japanese; ``tiles`` tells red/gold copies apart);
* ``POST /api/rulesets/export`` ``{"preset": "gotou", "options": {...}, "title": "..."}`` →
  the TOML file the CLI reads (``base = "gotou"`` and the changed knobs);
  ``POST /api/rulesets/import`` ``{"toml": "..."}`` → ``{"preset", "options"}`` (the knobs that
  differ from the base, validated; a bad file is a 400 naming what is wrong);
* ``POST /api/tables`` ``{"preset": "riichi", "seats": ["human", "bot:baseline", ...],
  "seed": 7, "options": {"scoring": {"kuitan": false}}}`` (seed and options optional;
  ``options`` change knobs as ``jantaku score``'s do, by section or flat; a bad knob is a 400
  naming it) → ``{"id": 1, "tokens": {"0": "..."}}``: one secret token per human seat, shown
  only this once; four seats at a three-player preset seat four people rotating;
* ``GET /api/tables``: every table, ``{id, preset, options, seats, status: playing|finished,
  created, finished}`` (and ``seed`` once finished);
* ``GET /lab.html`` and ``/api/lab...``: the rule lab (:mod:`jantaku.server.lab`);
* ``GET /api/tables/{id}/log``: a finished game's full event log, one JSON event a line
  (409 while it is played: the log holds the wall).
* ``GET /api/tables/{id}/lines``: a finished game's result lines, ``{"hands": [...],
  "settlement": [...]}``, what each hand and the settlement paid, line by line (the
  replay's dialogs list them; 409 while it is played);
* ``GET /api/tables/{id}/export?format=tenhou6|mjai``: a finished game as tenhou.net/6 JSON
  or an mjai log, for other tools (docs/export.md);
* ``POST /api/import`` (body: a tenhou.net/6 or kobalab paipu JSON record, at most 4 MB): the
  record replayed through the engine, as a jantaku log (one JSON event a line) for the replay
  viewer; 422 naming the round when it cannot be read or replayed;
* ``GET /api/mjai-bots``: the names of the external mjai bots this server may seat (seat kind
  ``mjai:NAME``; the admin lists name → command in ``jantaku serve --mjai-bots FILE``).

WebSocket ``/ws/{id}``: the client's first message is ``{"type": "join", "token": T}``; the
token binds the socket to its seat (it never travels in a URL: an invite link carries it in
the fragment, ``/table.html?table=ID#token=T``, which browsers do not send). The server sends
the seat's whole view and legal actions at once, then the messages of
:mod:`jantaku.server.tables`. The client sends ``{"type": "action", "at": N, "action":
{"type": "discard", "tile": 53}}`` (``tiles`` for calls; ``at``: the ``at`` of the legal
message it chose from, a stale one is refused) or ``{"type": "view"}`` to get its view again.
A malformed, oversized (over 8 KB), illegal, stale or out-of-turn message gets ``{"type":
"error", "error": "..."}`` to that client only, changes nothing, and the connection stays open.
A bad token or a first message that is no join gets an error message, then the socket is
closed with code 4401 (4404: no such table). A handshake whose ``Origin`` is another site's is
refused (HTTP 403).

Every HTTP response carries a Content-Security-Policy (``frame-ancestors 'none'``),
``Referrer-Policy: no-referrer`` and ``nosniff``; request bodies over 64 KiB get 413
(:mod:`jantaku.server.hardening`). Seat tokens are scrubbed from the server's logs.
"""

from __future__ import annotations

import asyncio
import contextlib
import html
import json
import logging
import math
import re
import sqlite3
import time
from collections.abc import AsyncIterator, MutableMapping
from functools import cache
from pathlib import Path
from typing import Any

from fastapi import (
    FastAPI,
    HTTPException,
    Query,
    Request,
    Response,
    WebSocket,
    WebSocketDisconnect,
)
from fastapi.concurrency import run_in_threadpool
from fastapi.responses import FileResponse, HTMLResponse, PlainTextResponse
from pydantic import BaseModel, Field

from jantaku import __version__
from jantaku.log.export import FORMATS, ExportError, games_of, import_record, to_mjai, to_tenhou6
from jantaku.rules import PRESET_NAMES, RulesError, load_preset
from jantaku.rules.loader import knob_notes
from jantaku.rules.model import knobs
from jantaku.rules.ruleset_file import dump_ruleset, parse_ruleset
from jantaku.tiles.notation import tile_name

from . import hardening, i18n, static
from .errors import StaleAction, TableError, error_payload
from .lab import lab_router
from .limits import ServerLimits
from .ops import Deployment, Operations
from .pacing import send_all
from .review_routes import review_router
from .score_routes import score_router
from .shutdown import RESTART_CODE, RESTARTING, GracefulServer
from .store import DatabaseBusy
from .table_help import router as table_help
from .tables import Message, Subscriber, TableManager

MAX_MESSAGE_BYTES = 8 * 1024
MAX_IMPORT_BYTES = 4 * 1024 * 1024
JOIN_TIMEOUT = 10.0
MAX_PAGE = 500
"""Seconds a new socket has to send its join message."""
WEB_DIR = Path(__file__).resolve().parent.parent / "web"
"""The static front end, shipped as package data (``jantaku/web/**``)."""
log = logging.getLogger("jantaku.server")


class NewTable(BaseModel):
    preset: str = Field(max_length=64)
    seats: list[str] = Field(max_length=8)
    seed: int | None = Field(default=None, ge=0, lt=2**63, allow_inf_nan=False)
    options: dict[str, Any] = Field(default_factory=dict, max_length=200)
    """Knobs changed from the preset (``{"scoring": {"kuitan": false}}`` or flat)."""


class RulesetExport(BaseModel):
    preset: str
    options: dict[str, Any] = Field(default_factory=dict, max_length=200)
    title: str = Field(default="", max_length=200)


class RulesetImport(BaseModel):
    toml: str = Field(max_length=64 * 1024)


class NewTableReply(BaseModel):
    id: int
    tokens: dict[str, str]


def create_app(
    db: str = "jantaku.sqlite3",
    mjai_bots: dict[str, str] | None = None,
    lab_dir: str | None = None,
    limits: ServerLimits | None = None,
    deployment: Deployment | None = None,
) -> FastAPI:
    """The app over the SQLite file ``db``; every unfinished table in it resumes now.
    ``mjai_bots``: name → command of the external mjai bots tables may seat. Lab runs are
    kept in ``lab_dir`` (by default ``jantaku-lab`` beside ``db``). ``limits``: what one
    client, socket or table may make the server do. ``deployment``: the public site, the
    trusted proxies and who may read ``/healthz`` and ``/metrics`` (:mod:`.ops`)."""
    limits = limits or ServerLimits()
    ops = Operations(db, deployment)
    manager = TableManager(ops.store(limits.busy_timeout), limits, mjai_bots)

    @contextlib.asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        yield
        lab_runs.stop_all()
        await run_in_threadpool(manager.close)

    app = FastAPI(title="jantaku", version=__version__, lifespan=lifespan)
    hardening.install(app, larger={"/api/import": MAX_IMPORT_BYTES})
    hardening.scrub_logs()
    ops.install(app, manager)
    app.state.manager = manager
    app.state.ops = ops
    creations = hardening.RateLimiter(limits.table_rate, limits.table_burst)
    lab_routes, lab_runs = lab_router(
        Path(lab_dir) if lab_dir else Path(db).resolve().parent / "jantaku-lab"
    )
    app.include_router(lab_routes)

    static.install(app, WEB_DIR)  # /static compressed and cached, /favicon.ico, gzip, ETags
    app.include_router(score_router(db))  # 点数記録 and the calculator (/score, /calc)
    app.include_router(table_help)
    # 牌譜検討: a finished table's seat reviewed in the background, kept beside the database
    reviews_routes, reviews = review_router(manager, Path(db).resolve().parent / "jantaku-reviews")
    app.include_router(reviews_routes)
    app.state.reviews = reviews

    @app.get("/", response_class=HTMLResponse)
    def lobby() -> str:
        # The preset options are filled in here, so the page lists them without JavaScript.
        # Japanese first; the lobby relabels them in English when the reader chooses it.
        options = "".join(
            f'<option value="{html.escape(n)}" data-ja="{html.escape(load_preset(n).title_ja)}"'
            f' data-en="{html.escape(load_preset(n).title)}">'
            f"{html.escape(load_preset(n).title_ja)}</option>"
            for n in PRESET_NAMES
        )
        page = (WEB_DIR / "index.html").read_text(encoding="utf-8")
        return page.replace("<!--PRESET_OPTIONS-->", options)

    @app.get("/table.html", response_class=FileResponse)
    def table_page() -> FileResponse:
        return FileResponse(WEB_DIR / "table.html", media_type="text/html")

    @app.get("/lab.html", response_class=FileResponse)
    def lab_page() -> FileResponse:
        return FileResponse(WEB_DIR / "lab.html", media_type="text/html")

    @app.get("/replay.html", response_class=FileResponse)
    def replay_page() -> FileResponse:
        return FileResponse(WEB_DIR / "replay.html", media_type="text/html")

    @app.get("/api/i18n")
    def languages(request: Request) -> dict[str, Any]:
        return {
            "langs": list(i18n.LANGS),
            "default": i18n.DEFAULT_LANG,
            "negotiated": i18n.negotiate(request.headers.get("accept-language")),
        }

    @app.get("/api/i18n/{lang}")
    def messages(lang: str, request: Request) -> dict[str, str]:
        if lang not in i18n.LANGS:  # never a path: the catalogue reads files
            said = i18n.negotiate(request.headers.get("accept-language"))
            raise HTTPException(404, i18n.t(said, "errors.no_language", lang=lang))
        return i18n.catalogue(lang)

    @app.get("/api/presets")
    def presets() -> list[dict[str, str]]:
        return [
            {"name": n, "title": load_preset(n).title, "title_ja": load_preset(n).title_ja}
            for n in PRESET_NAMES
        ]

    @app.get("/api/presets/{name}")
    def preset_detail(name: str, request: Request) -> dict[str, Any]:
        if name not in PRESET_NAMES:  # never a path: load_preset would read files
            said = i18n.negotiate(request.headers.get("accept-language"))
            raise HTTPException(404, i18n.t(said, "errors.no_preset", name=repr(name)))
        return _preset_detail(name)

    @app.post("/api/rulesets/export")
    def export_ruleset(body: RulesetExport) -> PlainTextResponse:
        try:
            text = dump_ruleset(body.preset, body.options, body.title)
        except RulesError as e:
            raise HTTPException(400, str(e)) from None
        return PlainTextResponse(
            text,
            media_type="application/toml",
            headers={"Content-Disposition": f'attachment; filename="{body.preset}-rules.toml"'},
        )

    @app.post("/api/rulesets/import")
    def import_ruleset(body: RulesetImport) -> dict[str, Any]:
        try:
            preset, options = parse_ruleset(body.toml)
        except RulesError as e:
            raise HTTPException(400, str(e)) from None
        return {"preset": preset, "options": options}

    @app.post("/api/tables")
    def new_table(body: NewTable, request: Request) -> NewTableReply:
        address = request.client.host if request.client else ""
        wait = creations.wait(address)
        if wait > 0:
            refusal = TableError(
                "too many tables created from this address; try again shortly",
                429,
                code="rate_limited",
                params={"seconds": math.ceil(wait)},
            )
            refusal.retry_after = math.ceil(wait)
            raise refusal
        table_id, tokens = manager.create(body.preset, body.seats, body.seed, body.options, address)
        return NewTableReply(id=table_id, tokens={str(s): t for s, t in tokens.items()})

    @app.get("/api/tables")
    def tables(
        response: Response,
        before: int | None = Query(default=None, ge=1),
        limit: int = Query(default=limits.page_size, ge=1, le=MAX_PAGE),
    ) -> list[dict[str, Any]]:
        page = manager.listing(before=before, limit=limit)
        if len(page) == limit and page[0]["id"] > 1:
            response.headers["X-Next-Before"] = str(page[0]["id"])
            response.headers["Link"] = (
                f'</api/tables?before={page[0]["id"]}&limit={limit}>; rel="next"'
            )
        return page

    @app.get("/api/tables/{table_id}/log")
    def table_log(table_id: int) -> PlainTextResponse:
        lines = manager.log_lines(table_id)
        return PlainTextResponse(
            "".join(line + "\n" for line in lines),
            media_type="application/x-ndjson",
            headers={"Content-Disposition": f'attachment; filename="jantaku-{table_id}.jsonl"'},
        )

    @app.get("/api/tables/{table_id}/lines")
    def table_lines(table_id: int) -> dict[str, Any]:
        return manager.result_lines(table_id)

    @app.get("/api/tables/{table_id}/export")
    def table_export(table_id: int, format: str = "tenhou6") -> Response:
        if format not in FORMATS:
            raise HTTPException(400, f"unknown format {format!r}; one of {', '.join(FORMATS)}")
        try:
            (events,) = games_of(manager.log_lines(table_id))
            if format == "tenhou6":
                body = json.dumps(to_tenhou6(events), ensure_ascii=False)
                name, media = f"jantaku-{table_id}.tenhou6.json", "application/json"
            else:
                body = "".join(json.dumps(m, ensure_ascii=False) + "\n" for m in to_mjai(events))
                name, media = f"jantaku-{table_id}.mjai.jsonl", "application/x-ndjson"
        except ExportError as e:
            raise HTTPException(422, str(e)) from None
        return Response(
            body,
            media_type=media,
            headers={"Content-Disposition": f'attachment; filename="{name}"'},
        )

    @app.post("/api/import")
    async def import_log(request: Request) -> PlainTextResponse:
        data = b""
        async for chunk in request.stream():
            data += chunk
            if len(data) > MAX_IMPORT_BYTES:
                raise HTTPException(413, f"a record is at most {MAX_IMPORT_BYTES} bytes")
        try:
            text = data.decode("utf-8-sig")
        except UnicodeDecodeError:
            raise HTTPException(422, "the record is not UTF-8 text") from None
        try:
            events = await run_in_threadpool(import_record, text, "upload.json")
        except ExportError as e:
            raise HTTPException(422, str(e)) from None
        return PlainTextResponse(
            "".join(json.dumps(ev, ensure_ascii=False) + "\n" for ev in events),
            media_type="application/x-ndjson",
        )

    @app.get("/api/mjai-bots")
    def mjai_bots_list() -> list[str]:
        return sorted(manager.mjai_bots)

    @app.websocket("/ws/{table_id}")
    async def play(websocket: WebSocket, table_id: int) -> None:
        if not hardening.same_origin(websocket.scope.get("headers", []), ops.origins):
            await websocket.close(code=4403)  # before accepting: the handshake gets 403
            return
        await websocket.accept()
        try:
            token = await _join(websocket)
        except (TimeoutError, WebSocketDisconnect):
            return
        except TableError as e:
            ops.metrics.refused(e.code)
            await websocket.send_json({"type": "error", **e.payload()})
            await websocket.close(code=4401)
            return
        loop = asyncio.get_running_loop()
        queue: asyncio.Queue[Message | None] = asyncio.Queue(maxsize=limits.send_queue)
        overflow = asyncio.Event()

        def put(message: Message) -> None:
            try:
                queue.put_nowait(message)
            except asyncio.QueueFull:  # the client does not read: it is let go
                overflow.set()

        def push(message: Message) -> None:  # called from any thread
            with contextlib.suppress(RuntimeError):  # the loop is gone: nobody to tell
                loop.call_soon_threadsafe(put, message)

        try:
            seat = await run_in_threadpool(manager.connect, table_id, token, push)
        except (TableError, DatabaseBusy) as e:
            ops.metrics.refused(e.code if isinstance(e, TableError) else "db_busy")
            await websocket.send_json(
                {"type": "error", **e.payload()}
                if isinstance(e, TableError)
                else _error(str(e), "db_busy", {})
            )
            status = e.status if isinstance(e, TableError) else 503
            code = {401: 4401, 503: 4503}.get(status, 4404)  # 503: mjai_busy, try later
            await websocket.close(code=code)
            return
        what = f"table {table_id} seat {seat}"
        sender = asyncio.create_task(send_all(websocket, queue, what=what))
        sender.add_done_callback(lambda _: overflow.set())  # let go for not reading: end here
        socket = _SocketLimits(limits, ops)
        stop = asyncio.create_task(overflow.wait())
        leaving = ops.sockets.opened()
        restart = asyncio.create_task(leaving.wait())
        try:
            while True:
                receive = asyncio.create_task(websocket.receive())
                done, _ = await asyncio.wait(
                    {receive, stop, restart}, return_when=asyncio.FIRST_COMPLETED
                )
                # The server stops: a frame already read is handled first, then the page is
                # told and let go (it connects again later).
                if restart in done and receive not in done:
                    receive.cancel()
                    put(dict(RESTARTING))
                    break
                if stop in done:
                    receive.cancel()
                    log.warning(
                        "table %s seat %s: the client does not read; let go", table_id, seat
                    )
                    break
                msg = receive.result()
                if msg["type"] == "websocket.disconnect":
                    break
                for reply in await _handle(manager, table_id, seat, push, msg, socket):
                    ops.refused(reply)
                    put(reply)
        finally:
            stop.cancel()
            restart.cancel()
            restarting = leaving.is_set() and not overflow.is_set()  # before the sender ends
            # Not awaited: even a cancelled handler lets go of its seat (off the loop).
            loop.run_in_executor(None, manager.disconnect, table_id, seat, push)
            if overflow.is_set():
                sender.cancel()
                with contextlib.suppress(Exception):
                    await asyncio.wait_for(websocket.close(code=4008), 1.0)
            else:
                with contextlib.suppress(asyncio.QueueFull):
                    queue.put_nowait(None)
            with contextlib.suppress(Exception, asyncio.CancelledError):
                await asyncio.wait_for(sender, 5.0)
            if restarting:
                with contextlib.suppress(Exception):
                    await asyncio.wait_for(websocket.close(RESTART_CODE, "restarting"), 1.0)
            ops.sockets.closed(leaving)

    return app


@cache
def _preset_detail(name: str) -> dict[str, Any]:
    preset = load_preset(name)
    ts = preset.tileset()
    return {
        "name": preset.name,
        "title": preset.title,
        "title_ja": preset.title_ja,
        "players": preset.players,
        "knobs": [k.model_dump(mode="json") for k in knobs(preset, knob_notes(name))],
        # The knobs whose seed line leaves them to the table («話し合って決めてください»,
        # «あくまで一例»): the lobby marks them for a group to agree on.
        "to_agree": [k for k, note in knob_notes(name).items() if _LEFT_TO_THE_TABLE.search(note)],
        "tiles": {str(t): tile_name(t, ts) for t in ts.tiles},
    }


_LEFT_TO_THE_TABLE = re.compile(r"話し合|あくまで一例|選択可能")
"""The seed's words for an option a group chooses: gotou «話し合って決めてください»,
«あくまで一例»; kanto-boo «(一発及び槓ドラの有無については…)選択可能»."""


async def _join(websocket: WebSocket) -> str:
    """The token of the socket's first message, ``{"type": "join", "token": T}``."""
    msg = await asyncio.wait_for(websocket.receive(), JOIN_TIMEOUT)
    if msg["type"] == "websocket.disconnect":
        raise WebSocketDisconnect(msg.get("code", 1000))
    data = _parse(msg)
    if isinstance(data, TableError):
        data.status = 401
        raise data
    token = data.get("token")
    if data.get("type") != "join" or not isinstance(token, str) or not 0 < len(token) <= 200:
        raise TableError(
            'the first message must be {"type": "join", "token": "<your seat token>"}',
            401,
            code="join_first",
            params={},
        )
    return token


def _parse(msg: MutableMapping[str, Any]) -> dict[str, Any] | TableError:
    """One client frame as a JSON object, or the refusal saying why it is none."""
    too_large = TableError(
        f"message too large (over {MAX_MESSAGE_BYTES} bytes)",
        code="too_large",
        params={"limit": MAX_MESSAGE_BYTES},
    )
    raw = msg.get("text")
    if raw is None:
        raw_bytes = msg.get("bytes") or b""
        if len(raw_bytes) > MAX_MESSAGE_BYTES:
            return too_large
        try:
            raw = raw_bytes.decode("utf-8")
        except UnicodeDecodeError:
            return TableError("malformed message: not UTF-8 JSON", code="malformed")
    if len(raw.encode("utf-8")) > MAX_MESSAGE_BYTES:
        return too_large
    try:
        data = json.loads(raw)
    except (ValueError, RecursionError):
        return TableError("malformed message: not JSON", code="malformed")
    if not isinstance(data, dict):
        return TableError(
            "malformed message: expected a JSON object with a 'type'", code="malformed"
        )
    return data


class _SocketLimits:
    """The rate limits of one socket: all its messages, and its view requests."""

    def __init__(self, limits: ServerLimits, ops: Operations) -> None:
        self.messages = hardening.RateLimiter(limits.message_rate, limits.message_burst)
        self.views = hardening.RateLimiter(limits.view_rate, limits.view_burst)
        self.metrics = ops.metrics


async def _handle(
    manager: TableManager,
    table_id: int,
    seat: int,
    push: Subscriber,
    msg: MutableMapping[str, Any],
    socket: _SocketLimits,
) -> list[Message]:
    """Handle one client frame; the messages to send back to it (an error, if any)."""
    while (wait := socket.messages.wait("")) > 0:  # a flood is slowed down, not dropped
        await asyncio.sleep(wait)
    data = _parse(msg)
    if isinstance(data, TableError):
        return [{"type": "error", **data.payload()}]
    kind = data.get("type")
    try:
        if kind == "action":
            if "action" not in data:
                return [_error("an action message needs an 'action' object")]
            read = time.perf_counter()
            await run_in_threadpool(manager.act, table_id, seat, data["action"], data.get("at"))
            socket.metrics.action(time.perf_counter() - read)
        elif kind == "view":
            while (wait := socket.views.wait("")) > 0:  # a whole view costs: one at a time
                await asyncio.sleep(wait)
            await run_in_threadpool(manager.resend, table_id, seat, push)
        elif kind == "join":
            return [_error("this socket has joined already", "already_joined", {})]
        else:
            return [_error(f"unknown message type {_short(kind)}; expected 'action' or 'view'")]
    except StaleAction as e:
        legal = await run_in_threadpool(manager.legal_message, table_id, seat)
        return [{"type": "error", **e.payload()}, legal]
    except TableError as e:
        return [{"type": "error", **e.payload()}]
    except DatabaseBusy:
        busy = "the database is busy: nothing was changed; send it again"
        return [_error(busy, "db_busy", {}) | {"retry": True}]
    except sqlite3.OperationalError as e:
        if "full" in str(e).lower():
            log.error("table %s: the disk is full: an action was refused", table_id)
            full = "the server's disk is full: nothing was changed; send it again later"
            return [_error(full, "disk_full", {}) | {"retry": True}]
        log.exception("table %s seat %s: failed to handle a %r message", table_id, seat, kind)
        return [_error("internal error: nothing was changed", "internal", {})]
    except Exception:
        log.exception("table %s seat %s: failed to handle a %r message", table_id, seat, kind)
        return [_error("internal error: nothing was changed", "internal", {})]
    return []


def _error(text: str, code: str = "malformed", params: dict[str, Any] | None = None) -> Message:
    """An error message to one socket (the message's ``detail`` unless ``params`` say)."""
    return {"type": "error", **error_payload(text, code, params)}


def _short(value: object) -> str:
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


def read_mjai_bots(path: str | Path) -> dict[str, str]:
    """The admin's external bots: a JSON or TOML table of name → shell command. Names are
    what players pick (``mjai:NAME``); commands never come from a client."""
    p = Path(path)
    text = p.read_text(encoding="utf-8")
    if p.suffix == ".toml":
        import tomllib

        data: Any = tomllib.loads(text)
    else:
        data = json.loads(text)
    if not isinstance(data, dict) or not all(
        isinstance(k, str) and k and isinstance(v, str) and v.strip() for k, v in data.items()
    ):
        raise ValueError(f"{p}: expected a table of bot name = shell command")
    return dict(data)


def serve(
    host: str = "127.0.0.1",
    port: int = 8000,
    db: str = "jantaku.sqlite3",
    mjai_bots: dict[str, str] | None = None,
    limits: ServerLimits | None = None,
    deployment: Deployment | None = None,
) -> None:
    """Serve until SIGTERM or Ctrl-C, then stop gracefully (:mod:`.shutdown`). Forwarded
    headers are read only from ``deployment``'s trusted proxies (:mod:`.proxy`), never by
    uvicorn itself (it would believe any local client's)."""
    import importlib.util

    import uvicorn

    if not any(importlib.util.find_spec(m) for m in ("websockets", "wsproto")):
        log.warning(
            "no WebSocket library: uvicorn will refuse the seats' sockets "
            "(install 'websockets', e.g. pip install 'uvicorn[standard]')"
        )
    app = create_app(db, mjai_bots, limits=limits, deployment=deployment)
    config = uvicorn.Config(
        app,
        host=host,
        port=port,
        ws_max_size=64 * 1024,
        proxy_headers=False,
        timeout_graceful_shutdown=10,
    )
    server = GracefulServer(config, app.state.ops.drain)
    with contextlib.suppress(KeyboardInterrupt):  # Ctrl-C: stopped gracefully already
        server.run()
    if not server.started:  # the port was taken, say: uvicorn logged why
        raise SystemExit(3)
