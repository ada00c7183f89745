"""The lab in a real browser (Playwright driving Debian's Chromium): the report opens from a
file with no network and every plot is drawn; the lab page starts a run on `jantaku serve`,
shows its progress and its report, and lists it, in Japanese and English, on a phone.

Skips with a reason when Chromium or Playwright is missing.
"""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from jantaku.server.app import WEB_DIR
from jantaku.sim.lab import run_lab

CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
if not Path(CHROMIUM).exists():
    pytest.skip("Debian's chromium is not installed", allow_module_level=True)
sync_api = pytest.importorskip("playwright.sync_api", reason="playwright is not installed")

ARTIFACTS = Path(__file__).resolve().parents[1] / "artifacts"
PLOTS = {
    "differences", "ranks", "points", "chips", "settlement", "length", "rates", "limits",
    "win-points", "yaku", "chip-items",
}  # fmt: skip


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    with sync_api.sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox", "--disable-gpu"])
        yield b
        b.close()


def test_the_report_opens_offline_with_every_plot_drawn(tmp_path: Path, browser: Any) -> None:
    run_lab("gotou", 4, tmp_path, seed=9, vary=["scoring.tsumo_bonus=5000"])
    report = tmp_path / "report.html"
    context = browser.new_context(offline=True, viewport={"width": 1000, "height": 900})
    page = context.new_page()
    requests: list[str] = []
    errors: list[str] = []
    page.on("request", lambda r: requests.append(r.url))
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(report.as_uri())
    figures = page.eval_on_selector_all(
        "figure[data-plot]",
        """figs => figs.map(f => {
            const svg = f.querySelector('svg');
            const box = svg ? svg.getBoundingClientRect() : {width: 0, height: 0};
            return {name: f.dataset.plot, width: box.width, height: box.height,
                    marks: svg ? svg.querySelectorAll('path, rect, line, use').length : 0,
                    texts: svg ? svg.querySelectorAll('text').length : 0};
        })""",
    )
    assert {f["name"] for f in figures} == PLOTS
    for f in figures:
        assert f["width"] > 300 and f["height"] > 100, f
        assert f["marks"] > 10 and f["texts"] > 3, f
    assert requests == [report.as_uri()]  # nothing else fetched: no CDN, no script
    assert errors == []
    assert page.locator("h1").inner_text().startswith("ルール実験")
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "lab-report.png"), full_page=True)
    context.close()


@pytest.mark.parametrize("lang", ["ja", "en"])
def test_a_lab_run_from_the_page(server: str, browser: Any, lang: str) -> None:
    if not (WEB_DIR / "i18n.js").exists():
        pytest.skip("the lab page's messages come from web/i18n.js, which is not here yet")
    context = browser.new_context(viewport={"width": 390, "height": 844}, locale=lang)
    page = context.new_page()
    page.set_default_timeout(120_000)
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(f"{server}/lab.html")
    expected = "ルール実験" if lang == "ja" else "rule lab"
    # The heading is translated once the catalogue has arrived (i18n.js fetches it).
    page.locator("h1", has_text=expected).wait_for(timeout=20_000)
    assert expected in page.locator("h1").inner_text()
    page.select_option("#rules", "gotou")
    assert page.locator("#rules").input_value() == "gotou"
    # Choosing the rules fetches their knobs; the add button waits for them (a row made
    # before they arrived was once wiped when they did, and the run lost its B). The page's
    # CSP forbids eval, so the waits here are selectors, not wait_for_function.
    page.click("#add-vary")
    page.select_option(".vary-knob", "scoring.tsumo_bonus")
    page.fill(".vary-value", "0")
    page.fill("#games", "2")
    page.fill("#seed", "3")
    page.click("#start")
    page.wait_for_selector("#report:not([hidden])", timeout=600_000)
    status = page.locator("#run-status").inner_text()
    assert ("完了" if lang == "ja" else "Done") in status
    assert page.locator("#bar").evaluate("b => b.value === b.max && b.max === 4")
    frame = page.frame_locator("#report")
    assert frame.locator("figure[data-plot]").count() >= 8
    rows = page.locator("#past-runs tbody tr")
    assert rows.count() >= 1
    # The change by the knob's name in the reader's language, not its key.
    name = page.evaluate("globalThis.jantakuI18n.t('rules.knob.scoring.tsumo_bonus')")
    assert name != "rules.knob.scoring.tsumo_bonus"
    assert f"{name}=0" in rows.first.inner_text()
    assert "scoring.tsumo_bonus" not in rows.first.inner_text()
    missing = page.evaluate("globalThis.jantakuI18n.missing()")
    assert missing == [] and errors == []
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"lab-page-{lang}.png"), full_page=True)
    context.close()


def test_the_rows_to_vary_survive_a_change_of_rules(server: str, browser: Any) -> None:
    """A row's knob and value stay when the rules change to ones with that knob; its list
    then shows the new rules' values, and no row can be added while they load."""
    context = browser.new_context(viewport={"width": 390, "height": 844}, locale="ja")
    page = context.new_page()
    page.set_default_timeout(60_000)
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(f"{server}/lab.html")
    page.locator("#add-vary:not([disabled])").wait_for()
    assert page.locator("#rules").input_value() == "gotou"
    page.click("#add-vary")
    page.select_option(".vary-knob", "scoring.tsumo_bonus")
    page.fill(".vary-value", "0")
    gotou_label = page.locator(".vary-knob option:checked").inner_text()
    # riichi's knobs are held back until the button has been seen disabled.
    held: list[Any] = []
    page.route("**/api/presets/riichi", lambda route: held.append(route))
    page.select_option("#rules", "riichi")
    assert page.locator("#add-vary").is_disabled()
    while not held:
        page.wait_for_timeout(10)
    held[0].continue_()
    page.locator("#add-vary:not([disabled])").wait_for()
    assert page.locator(".vary-row").count() == 1
    assert page.locator(".vary-knob").input_value() == "scoring.tsumo_bonus"
    assert page.locator(".vary-value").input_value() == "0"
    # The list shows riichi's tsumo bonus (0), not gotou's (1000).
    riichi_label = page.locator(".vary-knob option:checked").inner_text()
    name = page.evaluate("globalThis.jantakuI18n.t('rules.knob.scoring.tsumo_bonus')")
    assert riichi_label.startswith(f"{name} (") and riichi_label != gotou_label
    assert errors == []
    context.close()


def test_a_yes_no_knob_takes_nothing_else(server: str, browser: Any) -> None:
    """A yes/no knob's value is picked (あり/なし); a value that is neither (here forced into
    the page) is refused on the page and nothing is sent to run."""
    context = browser.new_context(viewport={"width": 390, "height": 844}, locale="ja")
    page = context.new_page()
    page.set_default_timeout(60_000)
    posted: list[str] = []
    page.on("request", lambda r: posted.append(r.url) if r.method == "POST" else None)
    page.goto(f"{server}/lab.html")
    page.locator("#add-vary:not([disabled])").wait_for()
    page.click("#add-vary")
    page.select_option(".vary-knob", "scoring.kuitan")
    assert page.locator(".vary-value option").all_inner_texts() == ["あり", "なし"]
    page.evaluate(
        "() => { const s = document.querySelector('.vary-value');"
        " s.append(new Option('maybe', 'maybe')); s.value = 'maybe'; }"
    )
    page.fill("#games", "2")
    page.click("#start")
    error = page.locator("#form-error").inner_text()
    assert "喰いタン" in error and "あり・なし" in error, error
    assert posted == []
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    context.close()
