"""The lab's report in a real browser (Playwright driving Debian's Chromium): it opens from
a file with no network, and every plot is drawn.

Skips with a reason when Chromium or Playwright is missing.
"""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from jantaku.sim.lab import run_lab

CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
if not Path(CHROMIUM).exists():
    pytest.skip("Debian's chromium is not installed", allow_module_level=True)
sync_api = pytest.importorskip("playwright.sync_api", reason="playwright is not installed")

ARTIFACTS = Path(__file__).resolve().parent / "artifacts"
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
