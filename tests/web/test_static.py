"""The front end's files as the server sends them (server/static.py): gzip to a browser that
accepts it, an ETag and a bodiless 304 for a copy the browser has, a year's cache for a
versioned URL and none for a plain one, the scripts' imports versioned, no path outside the
package, an icon at /favicon.ico, and ETags on the JSON the pages fetch each time."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from jantaku.server.app import WEB_DIR, create_app
from jantaku.server.static import build_id


@pytest.fixture
def client(tmp_path: Path) -> TestClient:
    return TestClient(create_app(str(tmp_path / "t.sqlite3")))


def test_a_script_is_gzipped_versioned_and_revalidated(client: TestClient) -> None:
    r = client.get("/static/replay.js", headers={"accept-encoding": "gzip"})
    assert r.status_code == 200
    assert r.headers["content-encoding"] == "gzip"
    assert r.headers["cache-control"] == "no-cache"
    raw = (WEB_DIR / "replay.js").read_text(encoding="utf-8")
    sent = r.text  # httpx undoes the gzip
    build = build_id(WEB_DIR)
    # Its imports carry the build: a browser keeps them for good.
    assert "from './board.js';" in raw and f"from './board.js?v={build}';" in sent
    # But a module the scorekeeper's pages share stays plain (one URL on every page).
    assert "from './i18n.js';" in raw and "from './i18n.js';" in sent
    assert int(r.headers["content-length"]) < len(sent.encode()) / 2
    again = client.get("/static/replay.js", headers={"if-none-match": r.headers["etag"]})
    assert again.status_code == 304 and again.content == b""
    versioned = client.get(f"/static/board.js?v={build}")
    assert versioned.headers["cache-control"] == "public, max-age=31536000, immutable"
    # A stale version is no promise: asked again each time.
    assert client.get("/static/board.js?v=old").headers["cache-control"] == "no-cache"


_IMPORTED = re.compile(
    r"""(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+)['"](\./[\w./-]+\.js(?:\?v=\w+)?)['"]"""
)


PAGES = ("/", "/table.html", "/replay.html", "/lab.html", "/score", "/calc")


@pytest.mark.parametrize("page", PAGES)
def test_a_page_loads_each_module_by_one_url(client: TestClient, page: str) -> None:
    """A module fetched by two URLs runs twice (two copies of its state: i18n.js's catalogue
    and language, for one): every module a page reaches, through the scripts as the server
    sends them, is reached by one URL."""
    html = client.get(page).text
    todo = re.findall(r'<script type="module" src="(/static/[\w./?=-]+)"', html)
    assert todo, page
    urls: dict[str, set[str]] = {}
    seen: set[str] = set()
    while todo:
        url = todo.pop()
        if url in seen:
            continue
        seen.add(url)
        path = url.split("?")[0]
        urls.setdefault(path, set()).add(url)
        r = client.get(url)
        assert r.status_code == 200, url
        base = path.rsplit("/", 1)[0]
        todo += [f"{base}/{rel[2:]}" for rel in _IMPORTED.findall(r.text)]
    twice = {path: sorted(u) for path, u in urls.items() if len(u) > 1}
    assert not twice, f"{page}: {twice}"
    assert "/static/i18n.js" in urls


def test_style_sheet_images_are_versioned_and_svg_compressed(client: TestClient) -> None:
    build = build_id(WEB_DIR)
    css = client.get("/static/table.css").text
    assert f'url("tiles/Front.svg?v={build}")' in css
    r = client.get(f"/static/tiles/Front.svg?v={build}", headers={"accept-encoding": "gzip"})
    assert r.headers["content-type"].startswith("image/svg+xml")
    assert r.headers["content-encoding"] == "gzip"
    assert int(r.headers["content-length"]) < len(r.content) / 2
    assert r.content == (WEB_DIR / "tiles" / "Front.svg").read_bytes()


def test_nothing_outside_the_front_end_and_no_404_icon(client: TestClient) -> None:
    for bad in [
        "/static/../server/app.py",
        "/static/%2e%2e/server/app.py",
        "/static/",
        "/static/nope.js",
    ]:
        assert client.get(bad).status_code == 404, bad
    assert client.post("/static/board.js").status_code == 405
    icon = client.get("/favicon.ico")
    assert icon.status_code == 200 and icon.headers["content-type"].startswith("image/svg+xml")
    assert b"<svg" in icon.content


def test_the_pages_fixed_json_has_an_etag_and_a_304(client: TestClient) -> None:
    for url in ["/api/i18n/ja", "/api/presets/gotou"]:
        r = client.get(url, headers={"accept-encoding": "gzip"})
        assert r.status_code == 200 and r.headers["content-encoding"] == "gzip", url
        assert re.fullmatch(r'"[0-9a-f]{20}"', r.headers["etag"]), url
        again = client.get(url, headers={"if-none-match": r.headers["etag"]})
        assert again.status_code == 304 and again.content == b"", url
        other = client.get(url, headers={"if-none-match": '"0000"'})
        assert other.status_code == 200 and other.json() == r.json(), url
    # Another language, another body and tag; a refusal is no 304.
    assert client.get("/api/i18n/en").headers["etag"] != r.headers["etag"]
    assert client.get("/api/i18n/xx", headers={"if-none-match": "*"}).status_code == 404
