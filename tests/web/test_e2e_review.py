"""牌譜検討 in a real browser (issue 41 items 2 and 5): the replay's 「検討」 switch on a phone's
360 px screen. Opened as the settlement dialog's link opens it (``&review=1``), the server
reviews the seat in the background with a progress bar; then each step shows the seat's next
decision as the review says it (the bot's top three, the choice, its cost), a costly
decision's jump lands on the step before it, and the served report reads under the server's
content policy. Screenshots go to tests/artifacts/review-*.png (docs/review-*.png in the
README).
"""

from __future__ import annotations

import json
import urllib.request
from typing import Any

import pytest

from support import table_page
from support.browser import ARTIFACTS, finished_table, new_table

PANEL_JS = """() => {
  const now = document.querySelector('#review .rv-now');
  if (!now) return null;
  return {
    index: globalThis.jantakuReplay.eventIndex(),
    options: [...now.querySelectorAll('.rv-opt')].map((o) => o.children[1].textContent),
    taken: now.querySelector('.rv-taken')?.children[1].textContent ?? null,
    text: now.textContent,
  };
}"""


def next_decision(review: dict[str, Any], steps: list[int], index: int) -> dict[str, Any] | None:
    """The decision the panel shows at the step of event ``index``: the seat's next one,
    made before the next step."""
    every = [d for h in review["hands"] for d in h["decisions"]]
    later = [s for s in steps if s > index]
    nxt = next((d for d in every if d["event"] > index), None)
    if nxt is not None and (not later or nxt["event"] <= later[0]):
        return dict(nxt)
    return None


def test_the_review_switch_in_the_replay(server: str, browser: Any) -> None:
    table, _log = finished_table(
        server, "sanma", ["bot:standard", "bot:random", "bot:baseline"], 21
    )
    page = browser.new_page(locale="ja-JP", viewport={"width": 360, "height": 740})
    refused: list[str] = []
    page.set_default_timeout(120_000)
    page.goto(f"{server}/replay.html?table={table}&pov=1&review=1")
    page.wait_for_function("globalThis.jantakuReplay && globalThis.jantakuReplay.ready()")
    page.wait_for_selector("#review .rv-now")
    with urllib.request.urlopen(f"{server}/api/tables/{table}/review?seat=1") as r:
        review = json.load(r)["review"]
    assert review["seat"] == 1 and review["summary"]["agreement"] < 0.6  # the random bot
    steps = page.evaluate("globalThis.jantakuReplay.steps()")

    # Every step of the first hand: the panel shows the review's next decision, or none.
    checked = 0
    for p in range(0, min(len(steps), 60)):
        page.evaluate(f"globalThis.jantakuReplay.go({p})")
        shown = page.evaluate(PANEL_JS)
        d = next_decision(review, steps, steps[p])
        if d is None:
            assert shown["options"] == []
            continue
        checked += 1
        top = [o["ja"] for o in d["options"][:3]]
        assert shown["options"][: len(top)] == top
        if d["taken"] not in (None, 0):
            assert shown["taken"] == d["options"][d["taken"]]["ja"]
    assert checked > 5

    # The costliest decision's jump (in points: a last hand's places are another unit): the
    # step just before it, the decision marked.
    page.locator("#review button.rv-jump").first.click()
    worst = max(
        (
            d
            for h in review["hands"]
            for d in h["decisions"]
            if d["cost"] and d["cost_unit"] == "points"
        ),
        key=lambda d: d["cost"],
    )
    shown = page.evaluate(PANEL_JS)
    assert next_decision(review, steps, shown["index"]) == worst
    assert "大きな損失" in shown["text"] or worst["cost"] < 100
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "review-replay-phone.png"), full_page=True)

    assert page.locator("#review [data-rv=switch]").text_content() == "検討"
    # English at the language switch: the panel and its options' names follow.
    page.locator('.lang-switch button[data-lang="en"]').click()
    page.wait_for_function(
        "document.querySelector('#review [data-rv=switch]').textContent === 'Review'"
    )
    shown = page.evaluate(PANEL_JS)
    assert shown["options"][0] == worst["options"][0]["en"]
    assert "Costly" in shown["text"] or worst["cost"] < 100
    page.locator('.lang-switch button[data-lang="ja"]').click()

    # The served report, under the content policy (no test hooks): bars sized by its script.
    report = browser.strict_page(locale="ja-JP", viewport={"width": 360, "height": 740})
    report.on("console", lambda m: refused.append(m.text) if "Content Security" in m.text else None)
    report.goto(f"{server}/api/tables/{table}/review.html?seat=1")
    report.wait_for_selector(".cards")
    widths = report.evaluate(
        "[...document.querySelectorAll('.bar i')].slice(0, 20).map((i) => i.style.width)"
    )
    assert widths and all(w.endswith("%") for w in widths)
    assert report.evaluate("document.documentElement.scrollWidth") <= 360
    report.screenshot(path=str(ARTIFACTS / "review-report-phone.png"))
    report.locator("#lang").click()
    assert report.locator("h1 .en").is_visible() and not report.locator("h1 .ja").is_visible()
    assert refused == []


@pytest.mark.slow
def test_the_settlement_offers_to_review_the_players_game(server: str, browser: Any) -> None:
    """A whole game played by clicking (as test_e2e_games plays it): the settlement dialog
    links 「この対局を検討」 for the player's own seat, and the link opens the replay with
    the review of that seat running."""
    table, token = new_table(server, "kanto-boo", ["human"] + ["bot:baseline"] * 3, 12)
    page = browser.new_page(locale="ja-JP", viewport={"width": 1280, "height": 900})
    page.set_default_timeout(120_000)
    played = table_page.Played(table)
    page.goto(f"{server}/table.html?table={table}&pause=0#token={token}")
    table_page.play_game(page, played)
    assert played.end is not None
    link = page.locator("#result a.review-link")
    assert link.text_content() == "この対局を検討"
    assert link.get_attribute("href") == f"/replay.html?table={table}&pov=0&review=1"
    link.click()
    page.wait_for_selector("#review .rv-now")
    with urllib.request.urlopen(f"{server}/api/tables/{table}/review?seat=0") as r:
        st = json.load(r)
    assert st["state"] == "done" and st["review"]["seat"] == 0
    assert st["review"]["summary"]["decisions"] > 10
