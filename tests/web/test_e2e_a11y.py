"""The pages by keyboard and screen reader, in Chromium.

axe-core (npm, a test tool only: ``make axe`` installs it from package-lock.json) finds no
serious or critical violation on the lobby, a table, its result and settlement dialogs, the
replay, /calc and /lab, in Japanese at 390 px and 1280 px. A whole game is played with the
keyboard alone: Tab to the hand, ← → and Enter to discard, the shortcut keys for the buttons,
Enter to close each dialog; the screen reader's live region says the turn, the calls and the
results, and a face-down hand is one thing to hear, not thirteen.
"""

from __future__ import annotations

import json
import time
import urllib.error
import urllib.request
from pathlib import Path
from typing import Any

import pytest

from support.browser import ARTIFACTS, new_table
from support.table_page import WIN

AXE = Path(__file__).resolve().parents[2] / "node_modules" / "axe-core" / "axe.min.js"
if not AXE.exists():
    pytest.skip("axe-core is not installed (`make axe` runs npm ci)", allow_module_level=True)

RUN_AXE = """async () => {
  const r = await axe.run(document, { resultTypes: ['violations'] });
  return r.violations.filter((v) => ['serious', 'critical'].includes(v.impact))
    .map((v) => `${v.id} (${v.impact}): ${v.nodes.slice(0, 3).map((n) => n.target.join(' '))}`);
}"""


def violations(page: Any) -> list[str]:
    page.add_script_tag(path=str(AXE))
    found: list[str] = page.evaluate(RUN_AXE)
    return found


def finished(url: str, table: int) -> None:
    """Wait until the bots' table is over (they play in the background): its log is served."""
    for _ in range(600):
        try:
            urllib.request.urlopen(f"{url}/api/tables/{table}/log")
            return
        except urllib.error.HTTPError:
            time.sleep(0.2)
    raise AssertionError(f"table {table} did not finish")


def post(url: str, body: dict[str, Any]) -> Any:
    req = urllib.request.Request(
        url, data=json.dumps(body).encode(), headers={"content-type": "application/json"}
    )
    return json.load(urllib.request.urlopen(req))


@pytest.mark.parametrize("width", [390, 1280])
def test_no_serious_violation_on_any_page(server: str, browser: Any, width: int) -> None:
    height = 844 if width < 500 else 800
    # (axe is injected as a script: the pages' content policy would refuse it.)
    context = browser.new_context(locale="ja-JP", viewport={"width": width, "height": height})
    page = context.new_page()
    page.set_default_timeout(60_000)
    found: dict[str, list[str]] = {}
    try:
        page.goto(f"{server}/")
        page.wait_for_function("globalThis.jantakuLobby && globalThis.jantakuLobby.loaded()")
        found["lobby"] = violations(page)

        table, token = new_table(server, "gotou", ["human", "bot:baseline", "bot:baseline"], 5)
        page.goto(f"{server}/table.html?table={table}&pause=0#token={token}")
        page.wait_for_function(
            "globalThis.jantakuTable && globalThis.jantakuTable.idle()"
            " && globalThis.jantakuTable.legal().length"
        )
        found["table"] = violations(page)
        page.evaluate(WIN)
        page.wait_for_selector("#result[open]")
        found["result"] = violations(page)
        page.keyboard.press("Enter")  # the OK button has the focus
        page.wait_for_selector("#result[open]", state="detached")
        page.evaluate(
            """() => {
            const m = globalThis.jantakuTable.model();
            globalThis.jantakuTable.foldLocally([{ type: 'end_game', scores: m.scores,
              chips: [200, 200, 200], settlement: [10, 0, -10], leftover_sticks: null }]);
            globalThis.jantakuTable.showResult();
        }"""
        )
        page.wait_for_selector("#result[open]")
        found["settlement"] = violations(page)

        table_done = post(
            f"{server}/api/tables",
            {"preset": "gotou", "seats": ["bot:baseline"] * 3, "seed": 3},
        )["id"]
        finished(server, table_done)
        page.goto(f"{server}/replay.html?table={table_done}")
        page.wait_for_function("globalThis.jantakuReplay && globalThis.jantakuReplay.ready()")
        found["replay"] = violations(page)
        for path in ["/calc", "/lab.html"]:
            page.goto(f"{server}{path}")
            page.wait_for_function("globalThis.jantakuI18n !== undefined")
            page.wait_for_timeout(300)
            found[path] = violations(page)
    finally:
        context.close()
    assert {k: v for k, v in found.items() if v} == {}, found
    assert len(found) == 7


def test_no_serious_violation_on_the_scorekeeper(server: str, browser: Any) -> None:
    context = browser.new_context(locale="ja-JP", viewport={"width": 390, "height": 844})
    page = context.new_page()
    try:
        page.goto(f"{server}/score")
        page.wait_for_function("globalThis.jantakuI18n !== undefined")
        page.wait_for_timeout(300)
        assert violations(page) == []
    finally:
        context.close()


# -- a whole game by keyboard --------------------------------------------------------------------

STATE_JS = """() => {
  const t = globalThis.jantakuTable;
  const open = !!document.querySelector('#result[open]');
  return {
    open, idle: t.idle(), legal: t.legal().map((a) => a.type),
    focusInHand: !!document.activeElement?.closest('#hand'),
    focused: document.activeElement?.getAttribute('aria-label') ?? null,
    drawnLabel: document.querySelector('#hand .tile.drawn')?.getAttribute('aria-label') ?? null,
    over: !!document.querySelector('#result[open] table.settlement'),
  };
}"""


def test_a_whole_game_by_keyboard_alone(server: str, browser: Any) -> None:
    """kanto-boo, seed 12, four people (test_e2e_games' short game): no click at all. The
    hand is reached with Tab and a tile discarded with End and Enter (the drawn tile: the
    hand's last); a win is taken with t, a call let pass with p; each dialog is closed with
    Enter. The face-down hands read as one label each, and the live region has spoken."""
    table, token = new_table(server, "kanto-boo", ["human"] + ["bot:baseline"] * 3, 12)
    context = browser.new_context(locale="ja-JP", viewport={"width": 1280, "height": 800})
    page = context.new_page()
    page.set_default_timeout(60_000)
    said: list[str] = []
    keys = 0
    try:
        page.goto(f"{server}/table.html?table={table}&pause=0#token={token}")
        page.wait_for_function("globalThis.jantakuTable && globalThis.jantakuTable.idle()")
        backs = page.evaluate(
            "[...document.querySelectorAll('.row.concealed')].map((r) =>"
            " [r.getAttribute('role'), r.getAttribute('aria-label'),"
            " r.querySelectorAll('[aria-hidden=true]').length])"
        )
        assert backs and all(b[0] == "img" and b[1] == f"伏せた牌{b[2]}枚" for b in backs), backs
        for _ in range(3000):
            page.wait_for_function(
                "document.querySelector('#result[open]')"
                " || (globalThis.jantakuTable.idle() && globalThis.jantakuTable.legal().length)",
                timeout=90_000,
            )
            live = page.locator("#sr-live").inner_text()
            if live and (not said or said[-1] != live):
                said.append(live)
            s = page.evaluate(STATE_JS)
            if s["open"]:
                if s["over"]:
                    break
                page.keyboard.press("Enter")  # OK has the focus
                # Closed (or the game's settlement opened at once after the last hand's).
                page.wait_for_function(
                    "!document.querySelector('#result[open]')"
                    " || !!document.querySelector('#result[open] table.settlement')"
                )
                keys += 1
                continue
            if "tsumo" in s["legal"] or "ron" in s["legal"]:
                page.keyboard.press("t")
            elif "pass" in s["legal"]:
                page.keyboard.press("p")
            elif "discard" in s["legal"]:
                for _ in range(60):  # Tab until the hand has the focus
                    if page.evaluate(STATE_JS)["focusInHand"]:
                        break
                    page.keyboard.press("Tab")
                    keys += 1
                page.keyboard.press("End")
                assert page.evaluate(STATE_JS)["focused"] == s["drawnLabel"], s
                page.keyboard.press("Enter")
            else:
                page.keyboard.press("Tab")  # (any other offer: its button, then Enter)
                page.keyboard.press("Enter")
            keys += 1
            page.wait_for_timeout(30)
        assert page.locator("#result[open] table.settlement").count() == 1, "no settlement"
        ARTIFACTS.mkdir(exist_ok=True)
        page.screenshot(path=str(ARTIFACTS / "a11y-keyboard-settlement.png"))
    finally:
        context.close()
    print(f"kanto-boo by keyboard: {keys} keys, said: {said[:5]}")
    assert keys > 20
    # A win or a draw was said (the live region), in Japanese.
    assert any("点" in x or "流局" in x or "平局" in x for x in said), said
