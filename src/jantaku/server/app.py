"""The web table server (`jantaku serve`): FastAPI over the engine, which is the only
authority. The browser table is still to come; the lobby page is a placeholder.

HTTP:

* ``GET /``: the lobby (placeholder: the presets);
* ``GET /api/presets``: ``[{name, title, title_ja}]``;
* ``POST /api/tables`` ``{"preset": "riichi", "seats": ["human", "bot:baseline", ...],
  "seed": 7}`` (seed optional) → ``{"id": 1, "tokens": {"0": "..."}}``: one secret token per
  human seat, shown only this once;
* ``GET /api/tables``: every table, ``{id, preset, seats, status: playing|finished, created,
  finished}`` (and ``seed`` once finished);
* ``GET /api/tables/{id}/log``: a finished game's full event log, one JSON event a line
  (409 while it is played: the log holds the wall).

WebSocket ``/ws/{id}?token=...``: the token binds the socket to its seat. The server sends the
seat's whole view and legal actions at once, then the messages of
:mod:`jantaku.server.tables`. The client sends ``{"type": "action", "action": {"type":
"discard", "tile": 53}}`` (``tiles`` for calls) or ``{"type": "view"}`` to get its view again.
A malformed, oversized (over 8 KB), illegal or out-of-turn message gets ``{"type": "error",
"error": "..."}`` to that client only, changes nothing, and the connection stays open. A bad
token gets an error message, then the socket is closed with code 4401 (4404: no such table).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
from collections.abc import MutableMapping
from typing import Any

from fastapi import FastAPI, HTTPException, WebSocket
from fastapi.concurrency import run_in_threadpool
from fastapi.responses import HTMLResponse, PlainTextResponse
from pydantic import BaseModel, Field

from jantaku import __version__
from jantaku.rules import PRESET_NAMES, load_preset

from .store import Store
from .tables import Message, Subscriber, TableError, TableManager

MAX_MESSAGE_BYTES = 8 * 1024
log = logging.getLogger("jantaku.server")


class NewTable(BaseModel):
    preset: str
    seats: list[str] = Field(max_length=8)
    seed: int | None = Field(default=None, ge=0, lt=2**63)


class NewTableReply(BaseModel):
    id: int
    tokens: dict[str, str]


def create_app(db: str = "jantaku.sqlite3") -> FastAPI:
    """The app over the SQLite file ``db``; every unfinished table in it resumes now."""
    app = FastAPI(title="jantaku", version=__version__)
    manager = TableManager(Store(db))
    app.state.manager = manager

    @app.get("/", response_class=HTMLResponse)
    def lobby() -> str:
        rows = "".join(
            f"<li><b>{n}</b> — {load_preset(n).title} ({load_preset(n).title_ja})</li>"
            for n in PRESET_NAMES
        )
        return (
            "<!doctype html><meta charset=utf-8><title>jantaku</title>"
            "<h1>jantaku 雀卓</h1><p>The web table is being built. Presets:</p>"
            f"<ul>{rows}</ul>"
        )

    @app.get("/api/presets")
    def presets() -> list[dict[str, str]]:
        return [
            {"name": n, "title": load_preset(n).title, "title_ja": load_preset(n).title_ja}
            for n in PRESET_NAMES
        ]

    @app.post("/api/tables")
    def new_table(body: NewTable) -> NewTableReply:
        try:
            table_id, tokens = manager.create(body.preset, body.seats, body.seed)
        except TableError as e:
            raise HTTPException(e.status, str(e)) from None
        return NewTableReply(id=table_id, tokens={str(s): t for s, t in tokens.items()})

    @app.get("/api/tables")
    def tables() -> list[dict[str, Any]]:
        return manager.listing()

    @app.get("/api/tables/{table_id}/log")
    def table_log(table_id: int) -> PlainTextResponse:
        try:
            lines = manager.log_lines(table_id)
        except TableError as e:
            raise HTTPException(e.status, str(e)) from None
        return PlainTextResponse(
            "".join(line + "\n" for line in lines),
            media_type="application/x-ndjson",
            headers={"Content-Disposition": f'attachment; filename="jantaku-{table_id}.jsonl"'},
        )

    @app.websocket("/ws/{table_id}")
    async def play(websocket: WebSocket, table_id: int, token: str = "") -> None:
        await websocket.accept()
        loop = asyncio.get_running_loop()
        queue: asyncio.Queue[Message | None] = asyncio.Queue()

        def push(message: Message) -> None:  # called from any thread
            loop.call_soon_threadsafe(queue.put_nowait, message)

        try:
            seat = await run_in_threadpool(manager.connect, table_id, token, push)
        except TableError as e:
            await websocket.send_json({"type": "error", "error": str(e)})
            await websocket.close(code=4401 if e.status == 401 else 4404)
            return
        sender = asyncio.create_task(_send_all(websocket, queue))
        try:
            while True:
                msg = await websocket.receive()
                if msg["type"] == "websocket.disconnect":
                    break
                error = await _handle(manager, table_id, seat, push, msg)
                if error is not None:
                    queue.put_nowait({"type": "error", "error": error})
        finally:
            manager.disconnect(table_id, seat, push)
            queue.put_nowait(None)
            with contextlib.suppress(Exception):
                await sender

    return app


async def _send_all(websocket: WebSocket, queue: asyncio.Queue[Message | None]) -> None:
    while (message := await queue.get()) is not None:
        try:
            await websocket.send_json(message)
        except Exception:  # the client is gone: the receiving side ends the connection
            return


async def _handle(
    manager: TableManager, table_id: int, seat: int, push: Subscriber, msg: MutableMapping[str, Any]
) -> str | None:
    """Handle one client frame; the error to send back, if any."""
    raw = msg.get("text")
    if raw is None:
        raw_bytes = msg.get("bytes") or b""
        if len(raw_bytes) > MAX_MESSAGE_BYTES:
            return f"message too large (over {MAX_MESSAGE_BYTES} bytes)"
        try:
            raw = raw_bytes.decode("utf-8")
        except UnicodeDecodeError:
            return "malformed message: not UTF-8 JSON"
    if len(raw.encode("utf-8")) > MAX_MESSAGE_BYTES:
        return f"message too large (over {MAX_MESSAGE_BYTES} bytes)"
    try:
        data = json.loads(raw)
    except (json.JSONDecodeError, RecursionError):
        return "malformed message: not JSON"
    if not isinstance(data, dict):
        return "malformed message: expected a JSON object with a 'type'"
    kind = data.get("type")
    try:
        if kind == "action":
            if "action" not in data:
                return "an action message needs an 'action' object"
            await run_in_threadpool(manager.act, table_id, seat, data["action"])
        elif kind == "view":
            await run_in_threadpool(manager.resend, table_id, seat, push)
        else:
            return f"unknown message type {kind!r}; expected 'action' or 'view'"
    except TableError as e:
        return str(e)
    except Exception:
        log.exception("table %s seat %s: failed to handle %r", table_id, seat, raw[:200])
        return "internal error: nothing was changed"
    return None


def serve(host: str = "127.0.0.1", port: int = 8000, db: str = "jantaku.sqlite3") -> None:
    import importlib.util

    import uvicorn

    if not any(importlib.util.find_spec(m) for m in ("websockets", "wsproto")):
        log.warning(
            "no WebSocket library: uvicorn will refuse the seats' sockets "
            "(install 'websockets', e.g. pip install 'uvicorn[standard]')"
        )
    uvicorn.run(create_app(db), host=host, port=port, ws_max_size=64 * 1024)
