"""End to end in a real browser: Playwright driving Debian's Chromium against `jantaku serve`.

Skips with a reason when Chromium or Playwright is missing (`make test` installs Chromium with
apt when it runs as root). Screenshots go to tests/artifacts/.
"""

from __future__ import annotations

import re

from support.browser import ARTIFACTS, Browser, new_table


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
