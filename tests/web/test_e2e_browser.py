"""End to end in a real browser: Playwright driving Debian's Chromium against `jantaku serve`.

Skips with a reason when Chromium or Playwright is missing (`make test` installs Chromium with
apt when it runs as root). Screenshots go to tests/artifacts/.
"""

from __future__ import annotations

import json
import re
import shutil
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
if not Path(CHROMIUM).exists():
    pytest.skip("Debian's chromium is not installed", allow_module_level=True)
sync_api = pytest.importorskip("playwright.sync_api", reason="playwright is not installed")

ARTIFACTS = Path(__file__).resolve().parents[1] / "artifacts"
HAND_PLAYED = "localStorage.setItem('jantaku.table', JSON.stringify({ autoTsumogiri: false }))"
"""An init script for tests that make every decision of the seat themselves, each checked
against a mirror: the page discards nothing by itself after a riichi (on by default)."""


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    port = free_port()
    db = tmp_path_factory.mktemp("e2e") / "e2e.sqlite3"
    proc = subprocess.Popen(
        [sys.executable, "-m", "jantaku.cli", "serve", "--port", str(port), "--db", str(db)],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    url = f"http://127.0.0.1:{port}"
    for _ in range(600):  # a busy machine may take a while to start it
        try:
            urllib.request.urlopen(url + "/api/presets", timeout=1)
            break
        except OSError:
            time.sleep(0.1)
    yield url
    proc.terminate()
    proc.wait(timeout=10)


def new_table(url: str, preset: str, seats: list[str], seed: int) -> tuple[int, str]:
    body = json.dumps({"preset": preset, "seats": seats, "seed": seed}).encode()
    req = urllib.request.Request(
        url + "/api/tables", data=body, headers={"content-type": "application/json"}
    )
    t = json.load(urllib.request.urlopen(req))
    return t["id"], t["tokens"]["0"]


class Browser:
    """Chromium whose pages let the tests evaluate their waits (``wait_for_function`` runs
    text as script, which the server's Content-Security-Policy forbids); ``strict_page`` is a
    page under the policy, as people get it."""

    def __init__(self, browser: Any) -> None:
        self._browser = browser

    def new_page(self, **kwargs: Any) -> Any:
        return self._browser.new_page(bypass_csp=True, **kwargs)

    def new_context(self, **kwargs: Any) -> Any:
        return self._browser.new_context(bypass_csp=True, **kwargs)

    def __getattr__(self, name: str) -> Any:
        return getattr(self._browser, name)

    def strict_page(self, **kwargs: Any) -> Any:
        return self._browser.new_page(**kwargs)

    def close(self) -> None:
        self._browser.close()


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    with sync_api.sync_playwright() as p:
        b = p.chromium.launch(
            executable_path=CHROMIUM,
            args=[
                "--no-sandbox",
                "--disable-gpu",
                "--disable-background-networking",
                "--disable-component-update",
                "--disable-sync",
                "--no-first-run",
                # The tests written before the pages were Japanese first read them in English
                # (a browser asking for English gets English); test_e2e_i18n opens pages in
                # Japanese with a context locale.
                "--lang=en-US",
            ],
        )
        yield Browser(b)
        b.close()


def test_play_a_gotou_hand_by_clicking_until_the_result_dialog(server: str, browser) -> None:  # type: ignore[no-untyped-def]
    table, token = new_table(server, "gotou", ["human", "bot:baseline", "bot:baseline"], 5)
    page = browser.new_page(viewport={"width": 1280, "height": 800})
    page.set_default_timeout(60_000)
    # pause=0: no pause after the bots' discards (the page's pause is for human eyes).
    page.goto(f"{server}/table.html?table={table}&pause=0#token={token}")
    ARTIFACTS.mkdir(exist_ok=True)
    page.wait_for_function("globalThis.jantakuTable && globalThis.jantakuTable.idle()")
    page.wait_for_function("[...document.images].every((i) => i.complete)")
    page.screenshot(path=str(ARTIFACTS / "gotou-table.png"))
    for _ in range(400):
        if page.locator("#result[open]").count():
            break
        # idle, or the hand's result dialog open (the page waits for it to be closed)
        page.wait_for_function(
            "globalThis.jantakuTable.idle() || document.querySelector('#result[open]')",
            timeout=60_000,
        )
        buttons = page.locator("#actions button")
        tiles = page.locator("#p-bottom .playable")
        if buttons.count():
            # Prefer winning and passing over calls, so the hand keeps its shape.
            texts = [t.lower() for t in buttons.all_inner_texts()]
            pick = next(
                (i for i, t in enumerate(texts) if t.startswith(("tsumo", "ron"))),
                next((i for i, t in enumerate(texts) if t.startswith(("pass", "kita"))), None),
            )
            if pick is not None:
                buttons.nth(pick).click()
            elif tiles.count():
                tiles.last.click()
            else:
                buttons.first.click()
        elif tiles.count():
            tiles.last.click()
        page.wait_for_timeout(150)
    assert page.locator("#result[open]").count() == 1, "no result dialog after 400 steps"
    dialog = page.locator("#result-body")
    wins = dialog.locator("section.win")
    if wins.count():
        # Who won and how, the hand with the winning tile apart, the dora, each yaku with its
        # han (Japanese and English names), and fu/han/points.
        win = wins.first
        assert re.search(r"(Tsumo|Ron from)", win.locator("h3").inner_text())
        assert win.locator(".hand-layout .win-tile .tile").count() == 1
        assert win.locator(".indicators .dora .tile").count() == 2  # gotou turns two
        yaku = win.locator("table.yaku tr").all_inner_texts()
        assert yaku and all(re.search(r"\d+ han|akuman", row) for row in yaku), yaku
        assert re.search(r"\d+ points", win.locator(".total").inner_text())
    else:
        draw = dialog.locator("section.draw")
        assert "draw" in draw.locator("h3").inner_text().lower()
        assert draw.locator(".tenpai-row").count() == 3
        assert all(
            re.search(r"Tenpai|Noten", t) for t in draw.locator(".tenpai-row").all_inner_texts()
        )
    # Every seat's point change (and chips: gotou pays them).
    changes = dialog.locator("table.changes tr[data-person]")
    assert changes.count() == 3
    deltas = changes.locator(".delta").all_inner_texts()
    assert all(re.fullmatch(r"[+-]?\d+", d) for d in deltas), deltas
    assert changes.locator(".chip-delta").count() == 3
    page.wait_for_function("[...document.images].every((i) => i.complete)")
    page.screenshot(path=str(ARTIFACTS / "gotou-result.png"))


def test_a_kanto_boo_table_opens(server: str, browser) -> None:  # type: ignore[no-untyped-def]
    table, token = new_table(
        server, "kanto-boo", ["human", "bot:baseline", "bot:baseline", "bot:baseline"], 2
    )
    page = browser.new_page(viewport={"width": 1280, "height": 800})
    page.set_default_timeout(60_000)
    # An old invite link (the token in the query) still works: the page moves the token into
    # the fragment, so it is not sent again with the next request.
    page.goto(f"{server}/table.html?table={table}&token={token}")
    page.wait_for_function("globalThis.jantakuTable && globalThis.jantakuTable.idle()")
    assert "token=" not in page.evaluate("location.search")
    assert page.evaluate("location.hash") == f"#token={token}"
    model = page.evaluate("globalThis.jantakuTable.model()")
    assert len(model["hand"]) in (13, 14) or model["drawn"] is not None
    ARTIFACTS.mkdir(exist_ok=True)
    page.wait_for_function("[...document.images].every((i) => i.complete)")
    page.screenshot(path=str(ARTIFACTS / "kanto-boo-table.png"))


def test_the_lobby_lists_the_presets(server: str, browser) -> None:  # type: ignore[no-untyped-def]
    page = browser.new_page()
    page.goto(server + "/")
    options = page.locator("select option").all_inner_texts()
    assert any("gotou" in o.lower() or "五等" in o for o in options)


def test_the_pages_work_under_their_content_security_policy(server: str, browser: Browser) -> None:
    """The lobby and a table, with the policy on: no script or style of theirs is refused."""
    table, token = new_table(server, "sanma", ["human", "bot:baseline", "bot:baseline"], 4)
    page = browser.strict_page(viewport={"width": 1280, "height": 800})
    refused: list[str] = []
    page.on(
        "console",
        lambda m: refused.append(m.text) if "Content Security Policy" in m.text else None,
    )
    page.goto(f"{server}/table.html?table={table}&pause=0#token={token}")
    page.wait_for_selector("#hand .playable", timeout=30_000)
    assert page.locator("#hand .playable").count() >= 1
    page.goto(server + "/")
    page.wait_for_selector("select option", state="attached")
    page.wait_for_load_state("networkidle")
    assert refused == []
