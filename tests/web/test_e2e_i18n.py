"""Every page in both languages, on a phone (390x844) and a desktop (1280x900), in Chromium: no
horizontal scrolling, no message key missing from the catalogue (asked for at run time), every
visible string in the reader's language (nothing English left on a Japanese page outside the
data a player reads as it is, and no Japanese on an English one beyond the seed's lines and the
names players use); a whole hand played with taps on a phone; the language switch remembered by
the browser. Screenshots of the Japanese table, result dialog and rule sheet go to
tests/artifacts/ (the README's come from here).
"""

from __future__ import annotations

import json
import re
import time
import urllib.error
import urllib.request
from typing import Any

import pytest

from support.browser import ARTIFACTS, new_table

SIZES = {"phone": (390, 844), "desktop": (1280, 900)}
LOCALES = {"ja": "ja-JP", "en": "en-US"}

# The page's visible text, without what is data rather than a message: code, the language
# switch (each language names itself), tile-art credits, inputs, and the invite links; in
# English also the preset files' seed lines (Japanese quotes) and a yaku's Japanese name. A
# Japanese reader gets the seed lines' quotes alone, yaku names alone and the status line in
# Japanese: nothing of theirs is skipped.
SKIP = {
    "ja": "code, .lang-switch, footer, script, style, #invite-list, #tables td.options, .format",
    "en": ".note, .description, .seed-line, code, .lang-switch, footer, .name-other, "
    "script, style, #invite-list, #tables td.options, #status, .format",
}
VISIBLE_TEXT_JS = """(skip) => {
  const out = [];
  const walk = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let n = walk.nextNode(); n; n = walk.nextNode()) {
    const e = n.parentElement;
    if (!e || e.closest(skip)) continue;
    const text = n.textContent.trim();
    if (!text) continue;
    const r = e.getBoundingClientRect();
    const style = getComputedStyle(e);
    if (r.width === 0 || r.height === 0 || style.visibility === 'hidden') continue;
    out.push(text);
  }
  return out;
}"""

# Words a Japanese page may show in Latin letters: the project's name, units and the names of
# keys and file formats.
LATIN_OK = {
    "jantaku",
    "ok",
    "esc",
    "enter",
    "tab",
    "toml",
    "id",
    "pageup",
    "pagedown",
    "home",
    "end",
    # The names of log formats (the links to them are skipped as `.format`).
    "json",
    "tenhou",
    "net",
    "paipu",
    "mjai",
}
# Japanese an English page may show: the site's name and the names players use for the tiles'
# suits and honors are in the catalogue's English; none is expected beyond the site name.
JAPANESE = re.compile(r"[\u3040-\u30ff\u3400-\u9fff]")


def foreign_words(texts: list[str], lang: str) -> list[str]:
    if lang == "ja":
        words = {w for t in texts for w in re.findall(r"[A-Za-z]{3,}", t)}
        return sorted(w for w in words if w.lower() not in LATIN_OK)
    return sorted({t for t in texts if JAPANESE.search(t) and "雀卓" not in t})


def check_page(page: Any, lang: str, width: int) -> None:
    page.wait_for_function("globalThis.jantakuI18n !== undefined")
    assert page.evaluate("document.documentElement.lang") == lang
    assert page.evaluate("globalThis.jantakuI18n.missing()") == []
    # No sideways scrolling: nothing is wider than the screen.
    assert page.evaluate("document.documentElement.scrollWidth") <= width, page.url
    texts = page.evaluate(VISIBLE_TEXT_JS, SKIP[lang])
    assert texts, page.url
    assert foreign_words(texts, lang) == [], page.url


def finished_table(url: str) -> int:
    """A bot-only gotou table: finished as it is made."""
    body = json.dumps({"preset": "gotou", "seats": ["bot:baseline"] * 3, "seed": 3}).encode()
    req = urllib.request.Request(
        url + "/api/tables", data=body, headers={"content-type": "application/json"}
    )
    table = int(json.load(urllib.request.urlopen(req))["id"])
    for _ in range(600):  # the bots play in the background: until its log is served
        try:
            urllib.request.urlopen(f"{url}/api/tables/{table}/log")
            return table
        except urllib.error.HTTPError:
            time.sleep(0.2)
    raise AssertionError(f"table {table} did not finish")


def playing_table(url: str, preset: str = "gotou", seed: int = 5) -> tuple[int, str]:
    return new_table(url, preset, ["human", "bot:baseline", "bot:baseline"], seed)


def shot(page: Any, name: str, full: bool = False) -> None:
    ARTIFACTS.mkdir(exist_ok=True)
    page.wait_for_function("[...document.images].every((i) => i.complete)")
    page.screenshot(path=str(ARTIFACTS / name), full_page=full)


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("lang", LOCALES)
def test_every_page_in_the_readers_language_without_sideways_scrolling(
    server: str, browser: Any, lang: str, size: str
) -> None:
    width, height = SIZES[size]
    context = browser.new_context(locale=LOCALES[lang], viewport={"width": width, "height": height})
    page = context.new_page()
    page.set_default_timeout(30_000)
    try:
        # The lobby with the whole rule sheet of gotou open.
        replayable = finished_table(server)
        page.goto(server + "/")
        page.select_option("#preset", "gotou")
        # The lobby's module may not have run yet: a predicate that throws ends the wait.
        page.wait_for_function(
            "globalThis.jantakuLobby && globalThis.jantakuLobby.loaded() === 'gotou'"
        )
        page.uncheck("#changed-only")
        page.wait_for_selector(f'#tables tr[data-table="{replayable}"]')
        check_page(page, lang, width)
        assert page.locator("#knobs .rule").count() > 100
        if lang == "ja":
            assert page.locator("h2").first.inner_text() == "新しい卓"
            page.locator('#knobs .rule[data-key="settlement.uma"]').scroll_into_view_if_needed()
            shot(page, f"lobby-rules-ja-{size}.png")
        else:
            assert page.locator("h2").first.inner_text() == "New table"

        # A table being played.
        table, token = playing_table(server)
        page.goto(f"{server}/table.html?table={table}&token={token}&pause=0")
        page.wait_for_function("globalThis.jantakuTable && globalThis.jantakuTable.idle()")
        check_page(page, lang, width)
        round_name = page.locator("#round").inner_text()
        assert round_name == ("東1局" if lang == "ja" else "East 1")

        # A finished game's replay, at its last step (the settlement shown).
        page.goto(f"{server}/replay.html?table={replayable}")
        page.wait_for_function("globalThis.jantakuReplay && globalThis.jantakuReplay.ready()")
        check_page(page, lang, width)
        page.keyboard.press("End")
        page.wait_for_selector("#result[open]")
        check_page(page, lang, width)
        heading = page.locator("#result-body h2").first.inner_text()
        assert heading == ("終局" if lang == "ja" else "Game over")

        # The rule lab, a row to vary added (its knobs by name, its value a yes/no picked).
        page.goto(f"{server}/lab.html")
        page.locator("#add-vary:not([disabled])").wait_for()
        page.click("#add-vary")
        page.select_option(".vary-knob", "scoring.kuitan")
        assert page.locator(".vary-value option").all_inner_texts() == (
            ["あり", "なし"] if lang == "ja" else ["on", "off"]
        )
        check_page(page, lang, width)
    finally:
        context.close()


def play_until_result(page: Any, *, tap: bool, width: int, shot_at: dict[int, str]) -> int:
    """Play the own seat until a result dialog shows: win when offered, else pass or extract
    a north, else discard the rightmost playable tile. Each target must be at least 44 px
    each way and inside the screen. Returns the number of taps or clicks."""
    moves = 0
    for _ in range(400):
        page.wait_for_function(
            "globalThis.jantakuTable.idle() || document.querySelector('#result').open"
        )
        if page.locator("#result[open]").count():
            break
        buttons = page.locator("#actions button")
        types = buttons.evaluate_all("(bs) => bs.map((b) => b.dataset.type)")
        target = None
        for wanted in (("tsumo", "ron"), ("pass", "kita")):
            pick = next((i for i, t in enumerate(types) if t in wanted), None)
            if pick is not None:
                target = buttons.nth(pick)
                break
        tiles = page.locator("#p-bottom #hand .playable")
        if target is None and tiles.count():
            target = tiles.last
        elif target is None and types:
            target = buttons.first
        if target is None:
            page.wait_for_timeout(100)
            continue
        box = target.bounding_box()
        assert box and box["width"] >= 44 and box["height"] >= 44, box
        assert box["x"] >= 0 and box["x"] + box["width"] <= width, box
        if moves in shot_at:
            shot(page, shot_at[moves])
        if tap:
            target.tap()
        else:
            target.click()
        moves += 1
        page.wait_for_timeout(100)
    assert page.locator("#result[open]").count() == 1, "no result after 400 moves"
    return moves


def test_a_hand_played_with_taps_on_a_phone(server: str, browser: Any) -> None:
    # A phone in Japanese: every tap lands on a target at least 44 px each way, the table fits
    # the screen's width, and the hand goes on to its result with taps only.
    context = browser.new_context(
        locale="ja-JP", viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True
    )
    page = context.new_page()
    page.set_default_timeout(60_000)
    try:
        table, token = playing_table(server)
        page.goto(f"{server}/table.html?table={table}&token={token}&pause=0")
        page.wait_for_function("globalThis.jantakuTable && globalThis.jantakuTable.idle()")
        taps = play_until_result(page, tap=True, width=390, shot_at={10: "table-ja-phone.png"})
        assert taps > 5
        assert page.evaluate("document.documentElement.scrollWidth") <= 390
        dialog = page.locator("#result-body")
        assert re.search(r"\d+局 \d+本場", dialog.locator("h2").inner_text())
        assert dialog.locator("section.win, section.draw").count() >= 1
        assert dialog.locator("table.changes th").all_inner_texts()[1:3] == ["点数移動", "持ち点"]
        # The dialog fits the phone.
        box = page.locator("#result").bounding_box()
        assert box and box["x"] >= 0 and box["x"] + box["width"] <= 390
        check_page(page, "ja", 390)
        shot(page, "result-ja-phone.png")
        page.locator("#result-ok").tap()
        page.wait_for_function("!document.querySelector('#result').open")
    finally:
        context.close()


def test_a_hand_and_its_result_on_a_desktop_in_japanese(server: str, browser: Any) -> None:
    context = browser.new_context(locale="ja-JP", viewport={"width": 1280, "height": 900})
    page = context.new_page()
    page.set_default_timeout(60_000)
    try:
        table, token = playing_table(server)
        page.goto(f"{server}/table.html?table={table}&token={token}&pause=0")
        page.wait_for_function("globalThis.jantakuTable && globalThis.jantakuTable.idle()")
        play_until_result(page, tap=False, width=1280, shot_at={10: "table-ja-desktop.png"})
        check_page(page, "ja", 1280)
        shot(page, "result-ja-desktop.png")
    finally:
        context.close()


def test_the_language_switch_is_remembered(server: str, browser: Any) -> None:
    # A browser asking for Japanese gets Japanese; the switch turns every page to English at
    # once and the choice outlives a reload and a new page, until switched back.
    context = browser.new_context(locale="ja-JP", viewport={"width": 390, "height": 844})
    page = context.new_page()
    page.set_default_timeout(30_000)
    try:
        page.goto(server + "/")
        page.wait_for_function("globalThis.jantakuLobby && globalThis.jantakuLobby.loaded()")
        assert page.locator("#start").inner_text() == "対局開始"
        assert (
            page.locator('.lang-switch button[data-lang="ja"]').get_attribute("aria-pressed")
            == "true"
        )
        # A change made before the switch survives it.
        page.uncheck("#changed-only")
        page.fill('[data-key="game.start_points"] input', "30000")
        page.click('.lang-switch button[data-lang="en"]')
        page.wait_for_function("document.documentElement.lang === 'en'")
        assert page.locator("#start").inner_text() == "Start"
        assert page.locator("h2").first.inner_text() == "New table"
        assert page.locator("#preset option:checked").inner_text() == "Riichi (Tenhou 4-player)"
        assert page.input_value('[data-key="game.start_points"] input') == "30000"
        assert "Starting points" in page.locator("#changes-summary").inner_text()
        assert page.evaluate("globalThis.jantakuI18n.missing()") == []
        page.reload()
        page.wait_for_function("globalThis.jantakuLobby && globalThis.jantakuLobby.loaded()")
        assert page.evaluate("document.documentElement.lang") == "en"
        assert page.locator("#start").inner_text() == "Start"
        # The table page follows the saved choice; switching there redraws the board.
        table, token = playing_table(server)
        page.goto(f"{server}/table.html?table={table}&token={token}&pause=0")
        page.wait_for_function("globalThis.jantakuTable && globalThis.jantakuTable.idle()")
        assert page.locator("#round").inner_text() == "East 1"
        page.click('.lang-switch button[data-lang="ja"]')
        page.wait_for_function("document.documentElement.lang === 'ja'")
        assert page.locator("#round").inner_text() == "東1局"
        assert page.evaluate("localStorage.getItem('jantaku.lang')") == "ja"
        assert page.evaluate("globalThis.jantakuI18n.missing()") == []
    finally:
        context.close()


def test_an_english_browser_gets_english_and_others_get_japanese(server: str, browser: Any) -> None:
    for locale, start in [("en-GB", "Start"), ("fr-FR", "対局開始"), ("ja-JP", "対局開始")]:
        context = browser.new_context(locale=locale)
        page = context.new_page()
        try:
            page.goto(server + "/")
            page.wait_for_function("globalThis.jantakuLobby && globalThis.jantakuLobby.loaded()")
            assert page.locator("#start").inner_text() == start, locale
        finally:
            context.close()
