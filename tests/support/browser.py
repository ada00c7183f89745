"""The browser tests' server and Chromium: Playwright driving Debian's Chromium against a
`jantaku serve` subprocess (tests/conftest.py offers the fixtures ``server``, ``own_server``
and ``browser`` to every test), tables made over HTTP, and axe-core's findings on a page.

A test that asks for ``browser`` skips with a reason when Chromium or Playwright is missing
(`make test` installs Chromium with apt when it runs as root). Screenshots go to
tests/artifacts/.
"""

from __future__ import annotations

import json
import shutil
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from support.process import free_port, start

CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
ARTIFACTS = Path(__file__).resolve().parents[1] / "artifacts"
HAND_PLAYED = "localStorage.setItem('jantaku.table', JSON.stringify({ autoTsumogiri: false }))"
"""An init script for tests that make every decision of the seat themselves, each checked
against a mirror: the page discards nothing by itself after a riichi (on by default)."""

AXE = Path(__file__).resolve().parents[2] / "node_modules" / "axe-core" / "axe.min.js"
SERIOUS = """async () => {
  const r = await axe.run(document, { resultTypes: ['violations'] });
  return r.violations.filter((v) => ['serious', 'critical'].includes(v.impact))
    .map((v) => `${v.id}: ${v.nodes.slice(0, 3).map((n) => n.target.join(' '))}`);
}"""


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """A `jantaku serve` on a fresh database, one per test module; its URL."""
    port = free_port()
    proc = start(tmp_path_factory.mktemp("e2e") / "e2e.sqlite3", port, ready="/api/presets")
    url = f"http://127.0.0.1:{port}"
    yield url
    proc.terminate()
    proc.wait(timeout=10)


@pytest.fixture
def own_server(tmp_path: Path) -> Iterator[dict[str, Any]]:
    """A server this test may stop and start again on the same port and database: ``url``,
    ``start`` and ``stop``."""
    port = free_port()
    db = tmp_path / "restart.sqlite3"
    box: dict[str, Any] = {"url": f"http://127.0.0.1:{port}"}

    def serve() -> None:
        box["proc"] = start(db, port, ready="/api/presets", wait=20)

    def stop() -> None:
        box["proc"].terminate()
        box["proc"].wait(timeout=20)

    box["start"], box["stop"] = serve, stop
    serve()
    yield box
    stop()


def new_table(url: str, preset: str, seats: list[str], seed: int) -> tuple[int, str]:
    """A table made over the API: its id and the token of seat 0."""
    body = json.dumps({"preset": preset, "seats": seats, "seed": seed}).encode()
    req = urllib.request.Request(
        url + "/api/tables", data=body, headers={"content-type": "application/json"}
    )
    t = json.load(urllib.request.urlopen(req))
    return t["id"], t["tokens"]["0"]


def finished_table(
    url: str, preset: str, seats: list[str], seed: int
) -> tuple[int, list[dict[str, Any]]]:
    """A bot-only table (once its game is over) and its log."""
    body = json.dumps({"preset": preset, "seats": seats, "seed": seed}).encode()
    req = urllib.request.Request(
        url + "/api/tables", data=body, headers={"content-type": "application/json"}
    )
    table = json.load(urllib.request.urlopen(req))["id"]
    for _ in range(1200):  # a bot-only game plays in the background
        with urllib.request.urlopen(f"{url}/api/tables?limit=500") as r:
            if next(t for t in json.load(r) if t["id"] == table)["status"] != "playing":
                break
        time.sleep(0.1)
    with urllib.request.urlopen(f"{url}/api/tables/{table}/log") as r:
        log = [json.loads(line) for line in r.read().decode().splitlines() if line]
    return table, log


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
    """Chromium, one per test module (skips the test without Chromium or Playwright)."""
    if not Path(CHROMIUM).exists():
        pytest.skip("Debian's chromium is not installed")
    sync_api = pytest.importorskip("playwright.sync_api", reason="playwright is not installed")
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


def axe_violations(page: Any) -> list[str]:
    """axe-core's serious and critical findings on the page (none checked without npm's
    axe-core: `make axe`)."""
    if not AXE.exists():
        return []
    page.add_script_tag(path=str(AXE))
    found: list[str] = page.evaluate(SERIOUS)
    return found
