"""点数記録 and 点数計算 as the browser tests drive them at phone size: a page of its own, a session
started from the form, a win entered and recorded by tapping, the figures shown, and every
figure checked against `jantaku ledger` run on the session's exported JSON."""

from __future__ import annotations

import json
import subprocess
import sys
import urllib.request
from typing import Any

import pytest

from support.browser import ARTIFACTS

PHONE = {"viewport": {"width": 390, "height": 844}, "locale": "ja-JP"}


def get(url: str) -> Any:
    return json.load(urllib.request.urlopen(url))


def phone(browser: Any, strict: bool = False, **options: Any) -> Any:
    """A page of its own (its own storage and service worker) at phone size; ``strict``: under
    the server's Content-Security-Policy as people get it, where the browser fixture has one;
    ``options`` go to the page's context (``service_workers="block"`` lets the test route
    the page's requests)."""
    opener = getattr(browser, "strict_page", browser.new_page) if strict else browser.new_page
    page = opener(**PHONE, **options)
    page.set_default_timeout(60_000)
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.errors = errors
    return page


def create(
    page: Any, url: str, preset: str, names: list[str], rates: dict[str, str] | None = None
) -> str:
    """Start a session from the form (``rates``: unit and chip fields); the session id."""
    page.goto(url + "/score")
    page.wait_for_selector("body[data-ready='1']")
    # The start page fits the phone: nothing scrolls sideways.
    assert page.evaluate("document.documentElement.scrollWidth <= innerWidth")
    page.select_option("[data-testid=preset]", preset)
    for i, n in enumerate(names):
        page.fill(f"[data-testid=name-{i}]", n)
    for key, value in (rates or {}).items():
        page.fill(f"[data-testid=rate-{key}]", value)
    page.click("[data-testid=create]")
    page.wait_for_selector("[data-testid=player-0]")
    page.wait_for_selector("[data-testid=net][data-state=online]")
    return str(page.evaluate("new URLSearchParams(location.hash.slice(1)).get('s')"))


def rev(page: Any) -> int:
    return int(page.evaluate("Number(document.body.dataset.rev)"))


def record(page: Any, expect_stored: bool = True) -> None:
    before = rev(page)
    page.click("[data-testid=record]")
    if expect_stored:
        page.wait_for_function(f"Number(document.body.dataset.rev) > {before}")


def win(
    page: Any,
    winner: int,
    frm: int | None,
    han: int = 0,
    fu: int = 30,
    yakuman: int = 0,
    riichi: tuple[int, ...] = (),
    wareme: int | None = None,
) -> None:
    page.click("[data-testid=act-win]")
    page.click(f"[data-testid=winner0-{winner}]")
    page.click(f"[data-testid=from-{'null' if frm is None else frm}]")
    if yakuman:
        page.click("[data-testid=mode0-yakuman]")
        page.select_option("[data-testid=yakuman0]", str(yakuman))
    elif han:
        page.select_option("[data-testid=han0]", str(han))
        if page.locator("[data-testid=fu0]").count():  # no 符 selector where fu are fixed
            page.select_option("[data-testid=fu0]", str(fu))
    for p in riichi:
        page.click(f"[data-testid=riichi-{p}]")
    if wareme is not None:
        page.click(f"[data-testid=wareme-{wareme}]")


def shown_scores(page: Any, n: int) -> list[int]:
    return [int(page.inner_text(f"[data-testid=score-{p}]").replace(",", "")) for p in range(n)]


def ledger_agrees(url: str, sid: str, page: Any) -> dict[str, Any]:
    """Run `jantaku ledger` on each exported game: the page shows the same figures."""
    export: dict[str, Any] = get(f"{url}/api/sessions/{sid}/export.json")
    state = get(f"{url}/api/sessions/{sid}")
    n = len(export["names"])
    for game, seen in zip(export["games"], state["games"], strict=True):
        proc = subprocess.run(
            [sys.executable, "-m", "jantaku.cli", "ledger", "--rules", export["preset"], "--json"],
            input=json.dumps(game["record"]),
            capture_output=True,
            text=True,
            check=True,
        )
        out = json.loads(proc.stdout)
        last = out[-1]
        # The ledger's seats, as the session's people (a game after 席替え names its own).
        seat = [game.get("names", export["names"]).index(name) for name in export["names"]]
        assert [last["scores"][seat[p]] for p in range(n)] == seen["scores"]
        assert [last["chips"][seat[p]] for p in range(n)] == seen["chips"]
        if last["game_over"]:
            for p in range(n):
                cell = page.inner_text(f"[data-testid=settle-{seen['number']}-{p}]")
                assert float(cell) == pytest.approx(last["settlement"][seat[p]])
    if not state["games"][-1]["over"]:
        assert shown_scores(page, n) == state["games"][-1]["scores"]
    return export


def shot(page: Any, name: str) -> None:
    ARTIFACTS.mkdir(exist_ok=True)
    page.wait_for_load_state("networkidle")
    page.screenshot(path=str(ARTIFACTS / f"score-{name}.png"), full_page=True)


def count(page: Any, testid: str, n: int) -> None:
    """Set a number field (a chip item's count) as a person does: typed, then changed."""
    page.fill(f"[data-testid={testid}]", str(n))
    page.dispatch_event(f"[data-testid={testid}]", "change")
