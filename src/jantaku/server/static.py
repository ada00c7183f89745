"""The front end's files as a browser should get them: compressed, cached, asked for once.

:func:`install` puts three things on the app:

* ``GET /static/...`` (:class:`StaticAssets`): the files of ``jantaku/web``, each read once and
  kept with its gzip form (sent to a browser that accepts it) and an ``ETag`` (a repeat
  request with ``If-None-Match`` gets a bodiless 304). The scripts' imports of each other and
  the style sheets' images are versioned on the way out (``./board.js?v=BUILD``, BUILD a hash
  of every file): a versioned URL is kept for a year (``immutable``), the others (the pages'
  own links, which a new build may change) are asked again each time (``no-cache``, a 304).
* ``ETag`` answers for the JSON that pages fetch on every load and that changes only with the
  server (``/api/i18n/...``, ``/api/presets/...``): a 304 when the browser already has it.
* gzip for every other answer the browser accepts it for (Starlette's ``GZipMiddleware``).

``/favicon.ico`` is the site's icon (``web/favicon.svg``), never a 404.

Nothing is fetched at run time and nothing is written: the files are read from the package.
A file changed on disk is read again (its ``mtime``); versioned URLs keep the BUILD of the
server's start, so a deployment restarts the server.
"""

from __future__ import annotations

import gzip
import hashlib
import mimetypes
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Final
from urllib.parse import parse_qs

from fastapi import FastAPI
from starlette.middleware.gzip import GZipMiddleware
from starlette.types import ASGIApp, Message, Receive, Scope, Send

COMPRESSIBLE: Final = frozenset({".js", ".css", ".svg", ".json", ".md", ".html", ".txt", ".toml"})
"""Files worth gzipping (the images are SVG text)."""
LONG: Final = "public, max-age=31536000, immutable"
REVALIDATE: Final = "no-cache"
ETAGGED_API: Final = ("/api/i18n/", "/api/presets/")
"""GET answers that change only with the server: sent with an ETag, a 304 when unchanged."""
MAX_ETAG_BODY: Final = 512 * 1024
KEPT_PLAIN: Final = frozenset(
    {
        "score.js",
        "score-state.js",
        "score-entry.js",
        "score-start.js",
        "scorekit.js",
        "calc.js",
        "calc-page.js",
        "score-sw.js",
    }
)
"""Scripts whose imports stay unversioned: the scorekeeper's service worker keeps its shell
(``/static/tiles.js``, ``/static/i18n.js``...) by their plain URLs for offline use."""

SHARED_PLAIN: Final = frozenset({"i18n.js", "api.js", "dom.js", "tiles.js"})
"""Modules the scorekeeper's pages (whose imports stay plain) share with the other pages:
imported by their plain URL from every script, so no page loads one of them by two URLs (two
copies: two catalogues, and a language switch that one of them never hears)."""

_IMPORT = re.compile(r"""(\bfrom\s*|\bimport\s*\(\s*|\bimport\s+)(['"])(\./[\w./-]+\.js)\2""")
_CSS_URL = re.compile(r"""url\(\s*(['"]?)(?!data:|/|https?:)([\w./-]+\.\w+)\1\s*\)""")


@dataclass(frozen=True)
class Asset:
    body: bytes
    gz: bytes | None
    etag: str
    media_type: str
    mtime: int


def build_id(root: Path) -> str:
    """A hash of every file under ``root`` (names and contents): the version of the build."""
    h = hashlib.sha256()
    for path in sorted(p for p in root.rglob("*") if p.is_file()):
        h.update(path.relative_to(root).as_posix().encode())
        h.update(path.read_bytes())
    return h.hexdigest()[:12]


def versioned(name: str, text: str, build: str) -> str:
    """A script's relative imports (but :data:`SHARED_PLAIN`'s) and a style sheet's relative
    images with ``?v=build``.

    >>> versioned("a.js", "import { x } from './b.js';", "abc")
    "import { x } from './b.js?v=abc';"
    >>> versioned("a.js", "import { t } from './i18n.js';", "abc")
    "import { t } from './i18n.js';"
    >>> versioned("a.css", 'p { background: url("tiles/Front.svg") }', "abc")
    'p { background: url("tiles/Front.svg?v=abc") }'
    """
    if name.endswith(".js"):
        return _IMPORT.sub(
            lambda m: (
                m[0]
                if m[3].removeprefix("./") in SHARED_PLAIN
                else f"{m[1]}{m[2]}{m[3]}?v={build}{m[2]}"
            ),
            text,
        )
    if name.endswith(".css"):
        return _CSS_URL.sub(lambda m: f"url({m[1]}{m[2]}?v={build}{m[1]})", text)
    return text


class StaticAssets:
    """The ASGI app of ``/static``: the files under ``root``, compressed and cached."""

    def __init__(self, root: Path) -> None:
        self.root = root.resolve()
        self.build = build_id(self.root)
        self._assets: dict[str, Asset] = {}

    def asset(self, rel: str) -> Asset | None:
        """The file at ``rel`` (a path under the root, never outside it), or None."""
        parts = rel.split("/")
        if not rel or "\\" in rel or any(p in ("", ".", "..") for p in parts):
            return None
        path = self.root / rel
        try:
            stat = path.stat()
        except OSError:
            return None
        if not path.is_file():
            return None
        old = self._assets.get(rel)
        if old is not None and old.mtime == stat.st_mtime_ns:
            return old
        body = path.read_bytes()
        suffix = path.suffix.lower()
        if suffix in (".js", ".css") and rel not in KEPT_PLAIN:
            body = versioned(rel, body.decode("utf-8"), self.build).encode("utf-8")
        gz = None
        if suffix in COMPRESSIBLE and len(body) > 256:
            squeezed = gzip.compress(body, compresslevel=9, mtime=0)
            gz = squeezed if len(squeezed) < len(body) else None
        media = mimetypes.guess_type(path.name)[0] or "application/octet-stream"
        if suffix == ".js":
            media = "text/javascript"
        if media.startswith("text/") or suffix in (".js", ".json", ".svg"):
            media += "; charset=utf-8"
        etag = '"' + hashlib.sha256(body).hexdigest()[:20] + '"'
        asset = Asset(body, gz, etag, media, stat.st_mtime_ns)
        self._assets[rel] = asset
        return asset

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            return
        method = scope.get("method", "GET")
        path: str = scope["path"]
        rel = path[len("/static/") :] if path.startswith("/static/") else ""
        asset = self.asset(rel) if method in ("GET", "HEAD") else None
        if asset is None:
            await _plain(send, 404 if method in ("GET", "HEAD") else 405, b"Not Found")
            return
        headers = _headers(scope)
        query = parse_qs(scope.get("query_string", b"").decode("latin-1"))
        cache = LONG if query.get("v") == [self.build] else REVALIDATE
        common = [
            (b"cache-control", cache.encode()),
            (b"etag", asset.etag.encode()),
            (b"vary", b"Accept-Encoding"),
        ]
        if asset.etag in _etags(headers.get("if-none-match", "")):
            await send({"type": "http.response.start", "status": 304, "headers": common})
            await send({"type": "http.response.body", "body": b""})
            return
        body = asset.body
        out = [*common, (b"content-type", asset.media_type.encode())]
        if asset.gz is not None and "gzip" in headers.get("accept-encoding", ""):
            body = asset.gz
            out.append((b"content-encoding", b"gzip"))
        out.append((b"content-length", str(len(body)).encode()))
        await send({"type": "http.response.start", "status": 200, "headers": out})
        await send({"type": "http.response.body", "body": b"" if method == "HEAD" else body})


def _headers(scope: Scope) -> dict[str, str]:
    return {k.decode("latin-1").lower(): v.decode("latin-1") for k, v in scope.get("headers", [])}


def _etags(header: str) -> set[str]:
    return {t.strip().removeprefix("W/") for t in header.split(",") if t.strip()}


async def _plain(send: Send, status: int, text: bytes) -> None:
    await send(
        {
            "type": "http.response.start",
            "status": status,
            "headers": [(b"content-type", b"text/plain; charset=utf-8")],
        }
    )
    await send({"type": "http.response.body", "body": text})


class ETagAPI:
    """ETags for the GET answers of :data:`ETAGGED_API`: the body's hash; a 304 without a
    body when the browser's copy is the same (it asks again each time: ``no-cache``)."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        path = scope.get("path", "") if scope["type"] == "http" else ""
        if scope.get("method") != "GET" or not path.startswith(ETAGGED_API):
            await self.app(scope, receive, send)
            return
        start: Message | None = None
        chunks: list[bytes] = []
        size = 0
        passing = False

        async def hold(message: Message) -> None:
            nonlocal start, size, passing
            if passing:
                await send(message)
                return
            if message["type"] == "http.response.start":
                start = message
                return
            chunks.append(message.get("body", b""))
            size += len(chunks[-1])
            assert start is not None
            if start["status"] != 200 or size > MAX_ETAG_BODY:
                passing = True  # not ours to tag: sent on as it comes
                await send(start)
                for c in chunks[:-1]:
                    await send({"type": "http.response.body", "body": c, "more_body": True})
                await send({**message, "body": chunks[-1]})
                return
            if message.get("more_body"):
                return
            body = b"".join(chunks)
            etag = '"' + hashlib.sha256(body).hexdigest()[:20] + '"'
            kept = [
                (k, v) for k, v in start["headers"] if k.lower() not in (b"etag", b"cache-control")
            ]
            tagged = [*kept, (b"etag", etag.encode()), (b"cache-control", REVALIDATE.encode())]
            if etag in _etags(_headers(scope).get("if-none-match", "")):
                bare = [
                    (k, v)
                    for k, v in tagged
                    if k.lower() not in (b"content-length", b"content-type")
                ]
                await send({"type": "http.response.start", "status": 304, "headers": bare})
                await send({"type": "http.response.body", "body": b""})
                return
            await send({**start, "headers": tagged})
            await send({"type": "http.response.body", "body": body})

        await self.app(scope, receive, hold)


def install(app: FastAPI, web_dir: Path) -> StaticAssets:
    """Serve ``web_dir`` at ``/static`` and ``/favicon.ico``, ETags on the pages' fixed JSON,
    gzip on the rest. Returns the static app (its ``build`` versions the URLs)."""
    assets = StaticAssets(web_dir)
    app.mount("/static", assets, name="static")

    async def favicon(scope: Scope, receive: Receive, send: Send) -> None:
        await assets({**scope, "path": "/static/favicon.svg"}, receive, send)

    app.mount("/favicon.ico", favicon, name="favicon")
    app.add_middleware(ETagAPI)
    app.add_middleware(GZipMiddleware, minimum_size=500)
    return assets


__all__ = ["Asset", "ETagAPI", "StaticAssets", "build_id", "install", "versioned"]
