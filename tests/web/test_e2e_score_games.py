"""点数記録 in a browser (Chromium, 390×844, Japanese), issue 37: a short complete game of each
house preset entered through the quick path (翻・符, the win's chip items, dice typed in), to
its end and settlement. Every figure the page shows equals `jantaku ledger` run on the
exported events, and the figures worked out by hand here from the seed texts and the spec
(/work/shared/spec/<preset>.md) are the ones shown. Rates set at the start draw the money
graph; without them, there is none."""

from __future__ import annotations

from typing import Any

from support import score_page
from support.browser import ARTIFACTS, axe_violations
from support.score_page import count


def shown(page: Any, testid: str) -> str:
    return str(page.inner_text(f"[data-testid={testid}]"))


def settled(page: Any, game: int, n: int) -> list[float]:
    """The settlement column of a finished game, as shown (the game-end card on top)."""
    return [float(shown(page, f"end-{game}-{p}")) for p in range(n)]


def finished(page: Any, server: str, sid: str) -> dict[str, Any]:
    """The game is over: its end stays on top; the ledger agrees with every figure."""
    page.wait_for_selector("[data-testid=game-end]:not([hidden])")
    score_page.ledger_agrees(server, sid, page)
    state: dict[str, Any] = score_page.get(f"{server}/api/sessions/{sid}")
    assert state["games"][0]["over"]
    return state


def money_graph(page: Any) -> list[list[float]]:
    """Each player's line in the money graph: the values it was drawn through."""
    lines = page.locator("[data-testid=graph-money] polyline")
    return [
        [float(v) for v in (lines.nth(p).get_attribute("data-values") or "").split()]
        for p in range(lines.count())
    ]


def test_gotou_three_a_game_to_its_bust_and_chip_settlement(server: str, browser: Any) -> None:
    page = score_page.phone(browser)
    sid = score_page.create(page, server, "gotou", ["亜", "伊", "宇"])
    # Hand 1 (亜 deals): 伊 rons 宇, 5 han (満貫 8000: fixed 30 fu, round-up), red 1, ura 1:
    # 2 chips from the discarder only.
    score_page.win(page, 1, 2, han=5)
    count(page, "ci0-red", 1)
    count(page, "ci0-ura", 1)
    page.wait_for_selector("[data-testid=preview] .pays")
    score_page.record(page)
    assert score_page.shown_scores(page, 3) == [35000, 43000, 27000]
    # Hand 2 (伊 deals): 亜 rons 宇 for a yakuman (32000): 宇 at −5000 is bust. Chips: the
    # yakuman ron 10 and the bust 3 from 宇, the dice chance typed as 3・4 = 7 from each (A).
    score_page.win(page, 0, 2, yakuman=1)
    page.wait_for_selector("[data-testid=dice-reminder]")
    page.fill("[data-testid=die-1-0]", "3")
    page.fill("[data-testid=die-2-0]", "4")
    page.click("[data-testid=add-dice-0]")
    page.wait_for_selector("[data-testid=preview] .pays")
    score_page.record(page)
    state = finished(page, server, sid)
    game = state["games"][0]
    assert game["scores"] == [67000, 43000, -5000]
    assert game["chips"] == [200 + 27, 200 + 2 - 7, 200 - 2 - 20]
    assert game["busted"] == [False, False, True]
    # Settled in chips by rank: 伊 2nd with クビ (40000 or more): +15 / +5 / −20.
    assert settled(page, 0, 3) == [227 + 15, 195 + 5, 178 - 20]
    end = shown(page, "game-end")
    assert "飛び" in end and "1位" in end
    assert page.locator("[data-testid=graph-money]").count() == 0  # no rates, no money
    # 席替え between games: 宇 moves before 伊 (turn order 亜, 宇, 伊). 伊 deals the next
    # game (回し親): 亜 is now South and 宇 West (they were West and South).
    assert [shown(page, f"player-{p}").split()[0] for p in range(3)] == ["西", "東", "南"]
    # The settings between games fit a 360 px phone and pass axe's serious checks.
    page.set_viewport_size({"width": 360, "height": 740})
    assert page.evaluate("document.documentElement.scrollWidth <= innerWidth")
    assert axe_violations(page) == []
    page.set_viewport_size({"width": 390, "height": 844})
    page.focus("[data-testid=seat-up-2]")
    page.keyboard.press("Enter")  # by keyboard: 宇 moves up one seat
    assert [shown(page, f"seat-{k}").split()[0] for k in range(3)] == ["亜", "宇", "伊"]
    before = score_page.rev(page)
    page.click("[data-testid=set-seating]")
    page.wait_for_function(f"Number(document.body.dataset.rev) > {before}")
    assert [shown(page, f"player-{p}").split()[0] for p in range(3)] == ["南", "東", "西"]
    # 亜 (South) rons 宇 for 2 han (2000 at gotou's 30 fu, rounded up); the deal passes to
    # the next seat after 伊: 亜, not 宇 as before the change.
    score_page.win(page, 0, 2, han=2)
    page.wait_for_selector("[data-testid=preview] .pays")
    score_page.record(page)
    assert score_page.shown_scores(page, 3) == [37000, 35000, 33000]
    assert shown(page, "player-0").split()[0] == "東"
    export = score_page.ledger_agrees(server, sid, page)
    assert export["games"][1]["names"] == ["亜", "宇", "伊"]
    assert not page.errors


def test_tokushima_a_game_to_its_bust_with_money(server: str, browser: Any) -> None:
    page = score_page.phone(browser)
    sid = score_page.create(
        page, server, "tokushima", ["A", "B", "C"], rates={"unit": "100", "chip": "50"}
    )
    # Hand 1 (A deals): B riichi, rons C for 4 han 30 fu: 30 × 2^4 × 4 = 1920 → 2000; ippatsu
    # and ura 1: 2 chips from C.
    score_page.win(page, 1, 2, han=4, fu=30, riichi=(1,))
    page.click("[data-testid=ci0-ippatsu]")
    count(page, "ci0-ura", 1)
    page.wait_for_selector("[data-testid=preview] .pays")
    score_page.record(page)
    assert score_page.shown_scores(page, 3) == [15000, 17000, 13000]
    # Hand 2 (B deals): A rons C, 5 han (満貫 4000) with one 1m/9m (+1000), ura 2.
    score_page.win(page, 0, 2, han=5)
    page.select_option("[data-testid=terminals0]", "1")
    count(page, "ci0-ura", 2)
    page.wait_for_selector("[data-testid=preview] .pays")
    score_page.record(page)
    assert score_page.shown_scores(page, 3) == [20000, 17000, 8000]
    # Hand 3 (C deals): A rons C, 7 han (跳満 6000) and two 1m/9m: C at 0 is out.
    score_page.win(page, 0, 2, han=7)
    page.select_option("[data-testid=terminals0]", "2")
    page.wait_for_selector("[data-testid=preview] .pays")
    score_page.record(page)
    state = finished(page, server, sid)
    assert state["games"][0]["scores"] == [28000, 17000, 0]
    assert state["games"][0]["chips"] == [2, 2, -4]
    # (points − 20000) / 1000, the top takes the oka 3 × 5000: 8 + 15, −3, −20.
    assert settled(page, 0, 3) == [23.0, -3.0, -20.0]
    # Money: 100 a unit, 50 a chip (settled apart): 2300 + 100, −300 + 100, −2000 − 200.
    assert [shown(page, f"money-0-{p}") for p in range(3)] == ["2,400", "-200", "-2,200"]
    assert money_graph(page) == [[0, 2400], [0, -200], [0, -2200]]
    assert "金額" in shown(page, "graph-money")
    ARTIFACTS.mkdir(exist_ok=True)
    page.locator("[data-testid=graph]").screenshot(path=str(ARTIFACTS / "score-graph-money.png"))
    assert not page.errors


def test_mighty_a_game_to_its_bust_and_the_sinking_uma(server: str, browser: Any) -> None:
    page = score_page.phone(browser)
    sid = score_page.create(page, server, "mighty", ["A", "B", "C"])
    # Hand 1 (A deals): B riichi, rons C for 5 han (満貫 8000), ippatsu and ura 1: 2 chips.
    score_page.win(page, 1, 2, han=5, riichi=(1,))
    page.click("[data-testid=ci0-ippatsu]")
    count(page, "ci0-ura", 1)
    page.wait_for_selector("[data-testid=preview] .pays")
    score_page.record(page)
    assert score_page.shown_scores(page, 3) == [30000, 38000, 22000]
    # Hand 2 (B deals): A rons C for 11 han (三倍満 24000): C at −2000 is bust.
    score_page.win(page, 0, 2, han=11)
    page.wait_for_selector("[data-testid=preview] .pays")
    score_page.record(page)
    state = finished(page, server, sid)
    assert state["games"][0]["scores"] == [54000, 38000, -2000]
    # Return 40000 with the oka (30) to the top; one sunk below 30000: top +10, 2nd +10,
    # sunk −20; chips at 2000 points each (2 = 4): 14 + 30 + 10, −2 + 10 + 4, −42 − 20 − 4.
    assert settled(page, 0, 3) == [54.0, 12.0, -66.0]
    assert not page.errors


def test_kanto_boo_a_game_to_its_end_in_marubii(server: str, browser: Any) -> None:
    page = score_page.phone(browser)
    sid = score_page.create(
        page, server, "kanto-boo", ["東家", "南家", "西家", "北家"], rates={"unit": "100"}
    )
    # Hand 1: 南家 rons 西家 for 3 han 30 fu: 30 × 2^(3+2) × 4 = 3840 → 3900.
    score_page.win(page, 1, 2, han=3, fu=30)
    page.wait_for_selector("[data-testid=preview] .pays")
    score_page.record(page)
    assert score_page.shown_scores(page, 4) == [8000, 11900, 4100, 8000]
    # Hand 2 (南家 deals): a dealer 満貫 (12000) off 北家, who goes to −4000: the game ends
    # with two sunk (マルビー), so the win is allowed.
    score_page.win(page, 1, 3, han=5)
    page.wait_for_selector("[data-testid=preview] .pays")
    score_page.record(page)
    state = finished(page, server, sid)
    assert state["games"][0]["scores"] == [8000, 23900, 4100, -4000]
    # マルビー: 5 from each sunk to the top, who pays the fee of 3: +7; 東家 is a draw.
    assert settled(page, 0, 4) == [0.0, 7.0, -5.0, -5.0]
    assert money_graph(page) == [[0, 0], [0, 700], [0, -500], [0, -500]]
    assert not page.errors
