"""The lobby's rule sheet in a real browser (Playwright + Debian's Chromium, like
test_e2e_browser): each option of a preset under its group with a control that fits (a switch,
a choice, a number with its unit, red fives per suit, lists as rows of fields: no JSON), the
seed's line beside it and the options the seed leaves to the table marked; change options,
start a table with them, see the game start under them and the table listed with its changed
options; a value that is no number is flagged before anything is sent, and a value the server
refuses shows its message by the start button with the form kept and no table made; a rule set
saved in the browser, exported as the CLI's TOML file and imported again. Screenshots go to
tests/artifacts/lobby-*.png.
"""

from __future__ import annotations

import json
import re
import urllib.request
from pathlib import Path
from typing import Any

from jantaku.rules import load_preset
from jantaku.rules.model import knobs
from support.browser import ARTIFACTS

KNOB_COUNT = len(knobs(load_preset("riichi")))  # every knob (each preset has them all)
KNOB_COUNT = len(knobs(load_preset("riichi")))  # every knob of every preset


def tables(url: str) -> list[dict[str, Any]]:
    return json.load(urllib.request.urlopen(url + "/api/tables"))  # type: ignore[no-any-return]


def row(page: Any, key: str) -> Any:
    return page.locator(f'#knobs .rule[data-key="{key}"]')


def editor(page: Any, key: str) -> Any:
    return row(page, key).locator(".rule-control input, .rule-control select").first


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
        # gotou: the preset file's notes (the seed's Japanese) stand beside each option.
        open_lobby(page, server, "gotou")
        honba = row(page, "scoring.honba_ron")
        assert honba.locator(".rule-name").inner_text() == "Honba per ron"
        assert "Points per honba" in honba.locator(".description").inner_text()
        assert "一本場は場に2000点" in honba.locator(".note").inner_text()
        assert honba.locator(".note").get_attribute("lang") == "ja"
        assert editor(page, "scoring.honba_ron").input_value() == "2000"
        assert honba.locator(".unit").inner_text() == "points"
        # What the seed leaves to the table («話し合って決めてください», «あくまで一例»).
        agreed = page.locator("#knobs .rule.to-agree").evaluate_all(
            "(rows) => rows.map((r) => r.dataset.key)"
        )
        assert sorted(agreed) == [
            "chips.dice_chances",
            "chips.snake_eyes",
            "settlement.kubi",
            "settlement.style",
            "settlement.uma",
        ]
        assert row(page, "settlement.uma").locator(".agree-mark").inner_text() == "agree on this"
        assert "5 options" in page.locator("#to-agree").inner_text()
        # The red and gold fives: a count per suit.
        red = row(page, "tiles.red").locator(".suit-picker select")
        assert red.evaluate_all("(s) => s.map((x) => x.value)") == ["0", "1", "1"]
        honba.scroll_into_view_if_needed()
        screenshot(page, "lobby-rules-gotou.png")

        open_lobby(page, server, "riichi")
        # "Changed only" (on by default) hides what riichi leaves at the default.
        assert page.is_checked("#changed-only")
        assert row(page, "game.start_points").is_hidden()
        page.uncheck("#changed-only")
        assert page.locator("#knobs .rule:visible").count() == KNOB_COUNT
        groups = page.locator("#knobs details.rule-group > summary h3").all_inner_texts()
        assert groups == [
            "Basics",
            "Yaku",
            "Points",
            "Chips",
            "Draws",
            "End of the game",
            "Settlement",
        ]
        # One control per kind, and never a JSON text box.
        for key, selector in [
            ("scoring.kuitan", "input.switch"),
            ("game.start_points", 'input[type="number"]'),
            ("game.length", "select"),
        ]:
            assert row(page, key).locator(f".rule-control {selector}").count() == 1, key
        uma = row(page, "settlement.uma").locator('.list-editor input[type="number"]')
        assert uma.evaluate_all("(s) => s.map((x) => x.value)") == ["20", "10", "-10", "-20"]
        assert page.locator("#knobs textarea").count() == 0
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
        assert "preset: 25000 points" in row(page, "game.start_points").inner_text()
        summary = page.locator("#changes-summary").inner_text()
        assert "Starting points 25000 points → 30000 points" in summary, summary
        assert "Open tanyao (kuitan) on → off" in summary, summary
        # "Changed only" again: what the preset sets and what was changed stay in sight.
        page.check("#changed-only")
        visible = page.locator("#knobs .rule:visible").evaluate_all(
            "(rows) => rows.map((r) => r.dataset.key)"
        )
        assert "game.start_points" in visible and "scoring.kuitan" in visible
        assert "game.length" not in visible and len(visible) < 10
        # The search box narrows the list, in either language.
        page.uncheck("#changed-only")
        for words in ["喰いタン", "tanyao"]:
            page.fill("#knob-filter", words)
            visible = page.locator("#knobs .rule:visible").evaluate_all(
                "(rows) => rows.map((r) => r.dataset.key)"
            )
            assert visible == ["scoring.kuitan"], (words, visible)
        page.fill("#knob-filter", "")
        page.check("#changed-only")
        assert page.evaluate("globalThis.jantakuLobby.options()") == {
            "game": {"start_points": 30000},
            "scoring": {"kuitan": False},
        }
        page.locator("#knobs-section").scroll_into_view_if_needed()
        screenshot(page, "lobby-rules.png", full=True)

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

        # The lobby's list names the changed options of that table.
        page.goto(server + "/")
        cell = page.locator(f'#tables tr[data-table="{table}"] td.options')
        cell.wait_for()
        assert sorted(cell.inner_text().split(", ")) == [
            "Open tanyao (kuitan)=false",
            "Starting points=30000",
        ]
        page.locator("#tables-section").scroll_into_view_if_needed()
        screenshot(page, "lobby-rules-tables.png")
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

        # A place of the uma left empty: flagged at once, and the start sends nothing.
        uma = row(page, "settlement.uma")
        uma.locator('.list-editor input[type="number"]').nth(1).fill("")
        assert "invalid" in (uma.get_attribute("class") or "")
        assert "a number is needed" in uma.locator(".problem").inner_text()
        page.click("#start")
        error = page.locator("#form-error")
        assert "Fix the flagged rules first" in error.inner_text()
        assert "Rank uma" in error.inner_text()
        assert page.url.rstrip("/") == server
        assert tables(server) == before
        screenshot(page, "lobby-rules-bad-value.png")
        uma.locator("button.reset").click()
        assert "invalid" not in (uma.get_attribute("class") or "")

        # Well-formed but refused by the server: its message by the start button, form kept.
        uma.locator(".entry button.remove").last.click()
        uma.locator(".entry button.remove").last.click()
        assert page.evaluate("globalThis.jantakuLobby.options()")["settlement"] == {"uma": [20, 10]}
        page.click("#start")
        page.wait_for_function(
            "document.querySelector('#form-error').textContent.includes('settlement.uma')"
        )
        message = error.inner_text()
        assert message.startswith("Could not start the table:"), message
        assert "4 values" in message
        assert "invalid" in (uma.get_attribute("class") or "")
        assert "settlement.uma" in uma.locator(".problem").inner_text()
        assert uma.locator('.list-editor input[type="number"]').count() == 2
        assert editor(page, "game.start_points").input_value() == "30000"
        assert page.url.rstrip("/") == server
        assert tables(server) == before
        page.locator("#new-table").scroll_into_view_if_needed()
        screenshot(page, "lobby-rules-refused.png")

        # Reset all: back to the preset, nothing to send.
        page.click("#reset-all")
        assert page.locator("#knobs .rule.edited, #knobs .rule.invalid").count() == 0
        assert page.evaluate("globalThis.jantakuLobby.options()") == {}
        assert page.locator("#changes-summary").inner_text() == "Rules: the preset as it is."
    finally:
        page.close()


def test_a_rule_set_saved_exported_and_imported(server: str, browser: Any, tmp_path: Path) -> None:
    # On a phone, in Japanese: a group's own gotou saved by name in the browser, written out as
    # the TOML file the CLI reads, and read back in.
    context = browser.new_context(locale="ja-JP", viewport={"width": 390, "height": 844})
    page = context.new_page()
    page.set_default_timeout(15_000)
    try:
        open_lobby(page, server, "gotou")
        assert page.evaluate("document.documentElement.lang") == "ja"
        page.uncheck("#changed-only")
        page.fill('[data-key="settlement.kubi"] input', "35000")
        page.uncheck('[data-key="scoring.kuitan"] input')
        page.locator('[data-key="tiles.red"] select[data-suit="p"]').select_option("2")
        wanted = {
            "settlement": {"kubi": 35000},
            "scoring": {"kuitan": False},
            "tiles": {"red": {"5p": 2, "5s": 1}},
        }
        assert page.evaluate("globalThis.jantakuLobby.options()") == wanted
        page.fill("#ruleset-name", "水曜会の五等")
        page.click("#save-ruleset")
        assert "水曜会の五等" in page.locator("#ruleset-message").inner_text()

        # Saved in this browser: after a reload, pick it and the sheet is as it was.
        page.reload()
        open_lobby(page, server, "riichi")
        saved = page.locator('#saved-list li[data-name="水曜会の五等"]')
        assert saved.count() == 1
        saved.locator("button.load").click()
        page.wait_for_function("globalThis.jantakuLobby.loaded() === 'gotou'")
        page.wait_for_function("Object.keys(globalThis.jantakuLobby.options()).length === 3")
        assert page.input_value("#preset") == "gotou"
        assert page.evaluate("globalThis.jantakuLobby.options()") == wanted
        page.locator("#rulesets").scroll_into_view_if_needed()
        screenshot(page, "lobby-rulesets-phone.png")

        # Exported as TOML: the CLI's loader reads it to the same rules.
        with page.expect_download() as download:
            page.click("#export-ruleset")
        path = tmp_path / "wednesday.toml"
        download.value.save_as(path)
        text = path.read_text("utf-8")
        assert 'base = "gotou"' in text and "kubi = 35000" in text, text
        rules = load_preset(path)
        assert rules.settlement.kubi == 35000 and rules.scoring.kuitan is False
        assert rules.tiles.red == {"5p": 2, "5s": 1}

        # Imported again into a sheet put back to the preset.
        page.click("#reset-all")
        assert page.evaluate("globalThis.jantakuLobby.options()") == {}
        page.set_input_files("#import-ruleset", str(path))
        page.wait_for_function("Object.keys(globalThis.jantakuLobby.options()).length === 3")
        assert page.evaluate("globalThis.jantakuLobby.options()") == wanted
        assert "3 項目を変更" in page.locator("#ruleset-message").inner_text()

        # A file that is not a rule set: said so, and the sheet stays.
        bad = tmp_path / "bad.toml"
        bad.write_text('base = "gotou"\n[settlement]\nkubi = "many"\n', "utf-8")
        page.set_input_files("#import-ruleset", str(bad))
        page.wait_for_function(
            "document.querySelector('#ruleset-message').classList.contains('error')"
        )
        assert "settlement.kubi" in page.locator("#ruleset-message").inner_text()
        assert page.evaluate("globalThis.jantakuLobby.options()") == wanted
        assert page.evaluate("document.documentElement.scrollWidth") <= 390
    finally:
        context.close()
