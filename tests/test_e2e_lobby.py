"""The lobby's knob editors in a real browser (Playwright + Debian's Chromium, like
test_e2e_browser): change knobs of a preset, start a table with them, see the game start under
them and the table listed with its changed knobs; a malformed JSON field is flagged before
anything is sent, and a value the server refuses shows its message by the start button with
the form kept and no table made. Screenshots go to tests/artifacts/lobby-knobs*.png.
"""

from __future__ import annotations

import json
import re
import urllib.request
from typing import Any

import test_e2e_browser as e2e
from jantaku.rules import load_preset
from jantaku.rules.model import knobs

# The browser tests' server (a `jantaku serve` subprocess) and Chromium, one of each per module.
server = e2e.server
browser = e2e.browser
ARTIFACTS = e2e.ARTIFACTS

KNOB_COUNT = len(knobs(load_preset("riichi")))  # every knob (each preset has them all)
KNOB_COUNT = len(knobs(load_preset("riichi")))  # every knob of every preset


def tables(url: str) -> list[dict[str, Any]]:
    return json.load(urllib.request.urlopen(url + "/api/tables"))  # type: ignore[no-any-return]


def row(page: Any, key: str) -> Any:
    return page.locator(f'#knobs tr.knob[data-key="{key}"]')


def editor(page: Any, key: str) -> Any:
    return row(page, key).locator("td.value input, td.value select, td.value textarea").first


def open_lobby(page: Any, url: str, preset: str) -> None:
    page.goto(url + "/")
    page.select_option("#preset", preset)
    page.wait_for_function(
        f"globalThis.jantakuLobby && globalThis.jantakuLobby.loaded() === {preset!r}"
    )


def screenshot(page: Any, name: str, full: bool = False) -> None:
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / name), full_page=full)


def test_change_knobs_and_start_a_table_under_them(server: str, browser: Any) -> None:
    page = browser.new_page(viewport={"width": 1280, "height": 900})
    page.set_default_timeout(15_000)
    try:
        # gotou: the preset file's notes (the seed's Japanese) are shown as the explanation.
        open_lobby(page, server, "gotou")
        honba = row(page, "scoring.honba_ron")
        assert "Points per honba" in honba.locator(".description").inner_text()
        assert "一本場は場に2000点" in honba.locator(".note").inner_text()
        assert honba.locator(".note").get_attribute("lang") == "ja"
        assert editor(page, "scoring.honba_ron").input_value() == "2000"
        assert honba.locator("td.default").inner_text() == "300"
        honba.scroll_into_view_if_needed()
        screenshot(page, "lobby-knobs-gotou.png")

        open_lobby(page, server, "riichi")
        # "Changed only" (on by default) hides what riichi leaves at the default.
        assert page.is_checked("#changed-only")
        assert row(page, "game.start_points").is_hidden()
        page.uncheck("#changed-only")
        assert page.locator("#knobs tr.knob:visible").count() == KNOB_COUNT
        sections = page.locator("#knobs details.knob-section > summary h3").all_inner_texts()
        assert sections[:3] == ["tiles", "hand", "scoring"] and "settlement" in sections
        # One editor per kind.
        for key, selector in [
            ("scoring.kuitan", 'input[type="checkbox"]'),
            ("game.start_points", 'input[type="number"]'),
            ("game.length", "select"),
            ("settlement.uma", "textarea.json"),
        ]:
            assert row(page, key).locator(f"td.value {selector}").count() == 1, key
        assert editor(page, "game.start_points").input_value() == "25000"
        assert "Points each player starts with" in row(page, "game.start_points").inner_text()

        page.fill('[data-key="game.start_points"] input', "30000")
        page.uncheck('[data-key="scoring.kuitan"] input')
        # A change and its reset: the mark comes and goes.
        page.select_option('[data-key="game.length"] select', "tonpuu")
        assert "edited" in (row(page, "game.length").get_attribute("class") or "")
        row(page, "game.length").locator("button.reset").click()
        assert "edited" not in (row(page, "game.length").get_attribute("class") or "")
        for key in ["game.start_points", "scoring.kuitan"]:
            assert row(page, key).locator(".edited-mark").is_visible(), key
            assert row(page, key).locator("button.reset").is_enabled(), key
        assert "preset: 25000" in row(page, "game.start_points").inner_text()
        summary = page.locator("#changes-summary").inner_text()
        assert "game.start_points 25000 → 30000" in summary and "scoring.kuitan" in summary
        # "Changed only" again: what the preset sets and what was changed stay in sight.
        page.check("#changed-only")
        visible = page.locator("#knobs tr.knob:visible").evaluate_all(
            "(rows) => rows.map((r) => r.dataset.key)"
        )
        assert "game.start_points" in visible and "scoring.kuitan" in visible
        assert "game.length" not in visible and len(visible) < 10
        # The search box narrows the list.
        page.uncheck("#changed-only")
        page.fill("#knob-filter", "喰いタン")
        visible = page.locator("#knobs tr.knob:visible").evaluate_all(
            "(rows) => rows.map((r) => r.dataset.key)"
        )
        assert visible == ["scoring.kuitan"], visible
        page.fill("#knob-filter", "")
        page.check("#changed-only")
        assert page.evaluate("globalThis.jantakuLobby.options()") == {
            "game": {"start_points": 30000},
            "scoring": {"kuitan": False},
        }
        page.locator("#knobs-section").scroll_into_view_if_needed()
        screenshot(page, "lobby-knobs.png", full=True)

        before = {t["id"] for t in tables(server)}
        assert page.locator("#seats select").count() == 4
        page.fill("#seed", "3")
        page.click("#start")
        page.wait_for_url(re.compile(r"/table\.html\?table=\d+"))
        table = int(re.search(r"table=(\d+)", page.url).group(1))  # type: ignore[union-attr]
        assert table not in before
        page.wait_for_function("globalThis.jantakuTable && globalThis.jantakuTable.model()")
        model = page.evaluate("globalThis.jantakuTable.model()")
        assert model["kyoku"] == 1 and model["honba"] == 0
        assert model["startScores"] == [30000] * 4
        stored = next(t for t in tables(server) if t["id"] == table)
        assert stored["options"] == {"game": {"start_points": 30000}, "scoring": {"kuitan": False}}

        # The lobby's list names the changed knobs of that table.
        page.goto(server + "/")
        cell = page.locator(f'#tables tr[data-table="{table}"] td.options')
        cell.wait_for()
        assert sorted(cell.inner_text().split(", ")) == [
            "game.start_points=30000",
            "scoring.kuitan=false",
        ]
        page.locator("#tables-section").scroll_into_view_if_needed()
        screenshot(page, "lobby-knobs-tables.png")
    finally:
        page.close()


def test_bad_values_are_flagged_or_refused_and_nothing_is_made(server: str, browser: Any) -> None:
    page = browser.new_page(viewport={"width": 1280, "height": 900})
    page.set_default_timeout(15_000)
    try:
        open_lobby(page, server, "riichi")
        page.uncheck("#changed-only")
        before = tables(server)
        page.fill('[data-key="game.start_points"] input', "30000")

        # Malformed JSON: flagged at once, and the start sends nothing.
        page.fill('[data-key="scoring.pao"] textarea', '["daisangen", ')
        pao = row(page, "scoring.pao")
        assert "invalid" in (pao.get_attribute("class") or "")
        assert "not JSON" in pao.locator(".problem").inner_text()
        page.click("#start")
        error = page.locator("#form-error")
        assert "Fix the flagged knobs first" in error.inner_text()
        assert "scoring.pao" in error.inner_text()
        assert page.url.rstrip("/") == server
        assert tables(server) == before
        screenshot(page, "lobby-knobs-bad-json.png")
        pao.locator("button.reset").click()
        assert "invalid" not in (pao.get_attribute("class") or "")

        # Well-formed but refused by the server: its message by the start button, form kept.
        page.fill('[data-key="settlement.uma"] textarea', "[1, 2]")
        page.click("#start")
        page.wait_for_function(
            "document.querySelector('#form-error').textContent.includes('settlement.uma')"
        )
        message = error.inner_text()
        assert message.startswith("Could not start the table:"), message
        assert "4 values" in message
        uma = row(page, "settlement.uma")
        assert "invalid" in (uma.get_attribute("class") or "")
        assert "settlement.uma" in uma.locator(".problem").inner_text()
        assert editor(page, "settlement.uma").input_value() == "[1, 2]"
        assert editor(page, "game.start_points").input_value() == "30000"
        assert page.url.rstrip("/") == server
        assert tables(server) == before
        page.locator("#new-table").scroll_into_view_if_needed()
        screenshot(page, "lobby-knobs-refused.png")
        uma.scroll_into_view_if_needed()
        screenshot(page, "lobby-knobs-refused-knob.png")

        # Reset all: back to the preset, nothing to send.
        page.click("#reset-all")
        assert page.locator("#knobs tr.knob.edited, #knobs tr.knob.invalid").count() == 0
        assert page.evaluate("globalThis.jantakuLobby.options()") == {}
        assert page.locator("#changes-summary").inner_text() == "Rules: the preset as it is."
    finally:
        page.close()
