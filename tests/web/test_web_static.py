"""The static front end: pages, scripts and tile images served from the package, credits,
the preset detail API, and no external URLs."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

import jantaku
from jantaku.rules import PRESET_NAMES, load_preset
from jantaku.rules.model import knobs
from jantaku.server.app import WEB_DIR, create_app

SCRIPTS = [
    "lobby.js",
    "table.js",
    "tiles.js",
    "board.js",
    "board-results.js",
    "replay.js",
    "i18n.js",
    "rulesheet.js",
    "comforts.js",
]
STYLES = ["common.css", "lobby.css", "table.css", "replay.css"]
PAGES = ["index.html", "table.html", "replay.html"]


@pytest.fixture
def client(tmp_path: Path) -> TestClient:
    return TestClient(create_app(str(tmp_path / "tables.sqlite3")))


def test_web_dir_is_in_the_package() -> None:
    assert Path(jantaku.__file__).resolve().parent / "web" == WEB_DIR
    for name in [*PAGES, *SCRIPTS, *STYLES]:
        assert (WEB_DIR / name).is_file(), name


def test_pages_are_served(client: TestClient) -> None:
    lobby = client.get("/")
    assert lobby.status_code == 200
    assert lobby.headers["content-type"].startswith("text/html")
    assert "/static/lobby.js" in lobby.text
    assert "<!--PRESET_OPTIONS-->" not in lobby.text
    for name in PRESET_NAMES:
        assert f'<option value="{name}" data-ja="{load_preset(name).title_ja}"' in lobby.text
    table = client.get("/table.html", params={"table": 1, "token": "x"})
    assert table.status_code == 200
    assert table.headers["content-type"].startswith("text/html")
    assert "/static/table.js" in table.text
    replay = client.get("/replay.html", params={"table": 1})
    assert replay.status_code == 200
    assert replay.headers["content-type"].startswith("text/html")
    assert "/static/replay.js" in replay.text and "/static/replay.css" in replay.text


def test_the_pages_share_the_board_module() -> None:
    # The table page and the replay fold and draw the game with the same code.
    for name in ["table.js", "replay.js"]:
        assert "from './board.js'" in (WEB_DIR / name).read_text(encoding="utf-8"), name


def test_the_lobby_links_finished_tables_to_their_replay() -> None:
    lobby = (WEB_DIR / "lobby.js").read_text(encoding="utf-8")
    assert "/replay.html?table=${tb.id}" in lobby
    assert "/api/tables/${tb.id}/log" in lobby


def test_the_lobby_edits_knobs(client: TestClient) -> None:
    # The knob editors' controls are in the page, the start sends only the changed knobs as
    # `options`, and the table list has a column for a table's changed knobs.
    page = client.get("/").text
    for element in [
        'id="knobs"',
        'id="changed-only"',
        'id="knob-filter"',
        'id="reset-all"',
        'id="changes-summary"',
        'id="form-error"',
        '<th data-i18n="lobby.col.options">',
    ]:
        assert element in page, element
    # The server's refusal is shown by the start button.
    assert page.index('id="start"') < page.index('id="form-error"') < page.index("</form>")
    lobby = (WEB_DIR / "lobby.js").read_text(encoding="utf-8")
    assert "body.options = options" in lobby
    sheet = (WEB_DIR / "rulesheet.js").read_text(encoding="utf-8")
    for kind in ["bool", "int", "float", "choice", "str"]:
        assert f"k.kind === '{kind}'" in sheet, kind


@pytest.mark.parametrize("name", SCRIPTS)
def test_scripts_are_served_as_javascript(client: TestClient, name: str) -> None:
    r = client.get(f"/static/{name}")
    assert r.status_code == 200
    assert "javascript" in r.headers["content-type"]
    # As written, but for the build's version on its imports (server/static.py).
    assert re.sub(r"\?v=[0-9a-f]{12}", "", r.text) == (WEB_DIR / name).read_text(encoding="utf-8")


@pytest.mark.parametrize("name", STYLES)
def test_styles_are_served_as_css(client: TestClient, name: str) -> None:
    r = client.get(f"/static/{name}")
    assert r.status_code == 200
    assert r.headers["content-type"].startswith("text/css")


def test_module_imports_resolve(client: TestClient) -> None:
    for name in SCRIPTS:
        text = (WEB_DIR / name).read_text(encoding="utf-8")
        for target in re.findall(r"""from\s+['"](\./[\w./-]+)['"]""", text):
            assert client.get(f"/static/{target[2:]}").status_code == 200, (name, target)


def referenced_images() -> set[str]:
    found: set[str] = set()
    for name in [*SCRIPTS, *STYLES]:
        text = (WEB_DIR / name).read_text(encoding="utf-8")
        found |= set(re.findall(r"""['"(](tiles/[\w/.-]+\.svg)['")]""", text))
    return found


def test_every_referenced_tile_image_exists_and_is_served(client: TestClient) -> None:
    images = referenced_images()
    # 27 number faces, 3 red fives, 7 honors, 4 seasons, front and back.
    assert len(images) == 43, sorted(images)
    for path in images:
        assert (WEB_DIR / path).is_file(), path
        r = client.get(f"/static/{path}")
        assert r.status_code == 200, path
        assert r.headers["content-type"].startswith("image/svg+xml"), path
        assert b"<script" not in r.content and b"javascript:" not in r.content


def test_only_used_tile_images_are_shipped() -> None:
    shipped = {str(p.relative_to(WEB_DIR)) for p in (WEB_DIR / "tiles").rglob("*.svg")}
    assert shipped == referenced_images()


def test_credits_and_licenses(client: TestClient) -> None:
    for path in ["tiles/LICENSE.md", "tiles/flowers/LICENSE.md", "tiles/CREDITS.md"]:
        assert (WEB_DIR / path).is_file(), path
        assert client.get(f"/static/{path}").status_code == 200, path
    assert (
        "CC0" in (WEB_DIR / "tiles/LICENSE.md").read_text()
        or "public domain" in (WEB_DIR / "tiles/LICENSE.md").read_text()
    )
    assert "Attribution 4.0" in (WEB_DIR / "tiles/flowers/LICENSE.md").read_text()
    credits = (WEB_DIR / "tiles/CREDITS.md").read_text()
    attribution = (
        "Flower and season tiles by Xhokir (github.com/xhokir/riichi-mahjong-tiles), based on\n"
        "riichi-mahjong-tiles by FluffyStuff; CC BY 4.0."
    )
    assert attribution in credits
    assert "FluffyStuff" in credits
    for page in ["/", "/table.html", "/replay.html"]:
        text = " ".join(client.get(page).text.split())
        assert "Flower and season tiles by Xhokir" in text
        assert "CC BY 4.0" in text


def test_no_external_urls() -> None:
    for path in WEB_DIR.rglob("*"):
        if path.suffix not in {".html", ".js", ".css"}:
            continue
        # The SVG namespace is a name (createElementNS), never fetched.
        text = path.read_text(encoding="utf-8").replace("http://www.w3.org/2000/svg", "")
        assert not re.search(r"(https?:)?//[\w-]+\.[\w.-]+", text.replace("://${", "")), path
        assert "@import" not in text, path


@pytest.mark.parametrize("name", PRESET_NAMES)
def test_preset_detail_lists_every_knob(client: TestClient, name: str) -> None:
    r = client.get(f"/api/presets/{name}")
    assert r.status_code == 200
    data = r.json()
    preset = load_preset(name)
    assert data["name"] == name
    assert data["players"] == preset.players
    expected = [k.key for k in knobs(preset)]
    assert [k["key"] for k in data["knobs"]] == expected
    for k in data["knobs"]:
        assert set(k) == {"key", "value", "default", "description", "kind", "choices", "note"}
        assert k["description"], k["key"]
        assert isinstance(k["note"], str), k["key"]
        # The kind picks the lobby's editor (lobby.js): it must fit the value.
        value, kind = k["value"], k["kind"]
        if kind == "choice":
            assert str(value) in k["choices"] and str(k["default"]) in k["choices"], k["key"]
        else:
            assert k["choices"] == [], k["key"]
        if kind == "bool":
            assert isinstance(value, bool), k["key"]
        elif kind in ("int", "float"):
            assert isinstance(value, int | float) and not isinstance(value, bool), k["key"]
        elif kind == "str":
            assert isinstance(value, str), k["key"]
        elif kind == "json":
            assert isinstance(value, list | dict), k["key"]
            assert isinstance(k["default"], type(value)), k["key"]  # the lobby checks list/map
        else:
            assert kind == "choice", k["key"]
    assert len(data["tiles"]) == len(preset.tileset().tiles)


def test_preset_detail_names_red_fives(client: TestClient) -> None:
    tiles = client.get("/api/presets/riichi").json()["tiles"]
    assert [tiles[str(t)] for t in (16, 17, 52, 88, 135)] == ["0m", "5m", "0p", "0s", "7z"]


@pytest.mark.parametrize("name", ["nonesuch", "..", "riichi.toml", "%2e%2e%2fetc"])
def test_preset_detail_unknown(client: TestClient, name: str) -> None:
    assert client.get(f"/api/presets/{name}").status_code == 404
