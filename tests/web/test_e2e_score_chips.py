"""点数記録 in a browser (Chromium, 390×844, Japanese), issue 37: chips entered on the quick
path (翻・符 and the win's chip items) are paid by whom the rules say, the same figures as
`jantaku ledger` and as worked out by hand here; シュバ is not offered twice; a queued hand the
server refuses is shown with its reason in Japanese and never holds the hands behind it.
Screenshots go to tests/artifacts/score-*.png."""

from __future__ import annotations

from typing import Any

from jantaku.server import qr
from support import score_page
from support.browser import ARTIFACTS, axe_violations
from support.score_page import count


def chips_shown(page: Any, n: int) -> list[int]:
    return [int(page.inner_text(f"[data-testid=chips-{p}]").rstrip("枚")) for p in range(n)]


def test_gotou_four_rotating_chips_on_the_quick_path(server: str, browser: Any) -> None:
    page = score_page.phone(browser)
    sid = score_page.create(page, server, "gotou", ["亜", "伊", "宇", "江"])
    # Hand 1 (亜 deals, 江 sits out): 伊 rons 宇 for 3 han with red 1 and ura 2.
    score_page.win(page, 1, 2, han=3)
    assert page.locator("[data-testid=fu0]").count() == 0  # gotou's fu are fixed
    count(page, "ci0-red", 1)
    count(page, "ci0-ura", 2)
    page.wait_for_selector("[data-testid=preview] .pays")
    score_page.record(page)
    hand = score_page.get(f"{server}/api/sessions/{sid}")["hands"][0]
    # 3 chips from the discarder only; 江 (sitting out, no spring) takes 2 from each (A).
    assert hand["chip_changes"] == [-2, 3 - 2, -3 - 2, 6]
    assert hand["events"][0]["chips"] == {"red": 1, "ura": 2}
    # Hand 2 (伊 deals, 亜 sits out): 宇 tsumo after シュバ, ippatsu, four norths (a dice
    # chance: the reminder shows), the dice typed in as 3・4.
    score_page.win(page, 2, None, han=4, riichi=(2,))
    page.click("[data-testid=shuba-2]")
    page.click("[data-testid=ci0-ippatsu]")
    count(page, "ci0-north", 4)
    page.wait_for_selector("[data-testid=dice-reminder]")
    assert "サイコロチャンス 1回" in page.inner_text("[data-testid=dice-reminder]")
    page.fill("[data-testid=die-1-0]", "3")
    page.fill("[data-testid=die-2-0]", "4")
    page.click("[data-testid=add-dice-0]")
    score_page.shot(page, "quick-chips-entry")
    score_page.record(page)
    hand = score_page.get(f"{server}/api/sessions/{sid}")["hands"][1]
    # Doubled by シュバ: ippatsu 1 + north 4 = 10 from each payer in the hand (伊, 江); the
    # dice 7 = 14 from everyone (A, 亜 too); 亜 (sitting out) takes 2 from each.
    assert hand["chip_changes"] == [-14 + 6, -10 - 14 - 2, 20 + 42 - 2, -10 - 14 - 2]
    assert chips_shown(page, 4) == [200 - 2 - 8, 200 + 1 - 26, 200 - 5 + 60, 200 + 6 - 26]
    score_page.ledger_agrees(server, sid, page)
    # 宇 has used their シュバ this game: it is not offered to them again.
    page.click("[data-testid=act-win]")
    assert page.locator("[data-testid=shuba-2]").count() == 0
    assert page.locator("[data-testid=shuba-3]").count() == 1  # 伊 sits out now
    page.click("#entry button[value=cancel]")
    # What score apps offer: the totals after each hand, a graph of each player's points,
    # the rates, 条件計算 for the next hand (the server's, in the page's words).
    assert "宇 " + f"{score_page.get(f'{server}/api/sessions/{sid}')['table']['scores'][2]:,}" in (
        page.inner_text("[data-testid=totals-1]")
    )
    assert page.locator("[data-testid=graph-points] polyline").count() == 4
    assert page.locator("[data-testid=graph-chips] polyline").count() == 4  # chips moved
    assert "175 – 255" in page.inner_text("[data-testid=graph-chips]")  # lowest – highest
    assert page.inner_text("[data-testid=rate-win_rate-2]") == "50%"  # 1 win in 2 hands
    page.click("[data-testid=rates-scope-group]")  # the same people's sessions: this one
    page.wait_for_selector("[data-testid=rates-scope-group]:has-text('1回')")
    assert page.inner_text("[data-testid=rate-win_rate-2]") == "50%"
    page.wait_for_selector("[data-testid=conditions] li")
    conditions = score_page.get(f"{server}/api/sessions/{sid}/conditions")["conditions"]
    for p, c in enumerate(conditions):
        if c is None:
            continue
        text = page.inner_text(f"[data-testid=cond-{p}]")
        assert f"{c['place']}位" in text
        if c["tsumo"]:
            assert f"ツモ {c['tsumo']['han']}翻 ({c['tsumo']['points']:,})" in text
    score_page.shot(page, "session")
    for part in ("graph", "conditions"):
        page.locator(f"[data-testid={part}]").screenshot(path=str(ARTIFACTS / f"score-{part}.png"))
    page.click("[data-testid=copy-watch]")
    page.wait_for_selector("[data-testid=copy-watch]:has-text('コピーしました')")
    # The watch link's QR code, drawn by the server, is the link (read back in test_qr).
    page.click("[data-testid=qr-watch]")
    page.wait_for_selector("[data-testid=qr] svg path")
    drawn = page.inner_html("[data-testid=qr]")
    # The session page as a whole, a sitting-out card, the graph and QR code included.
    assert axe_violations(page) == []
    watch = page.input_value("[data-testid=watch-link]")
    assert qr.svg(watch).split("<path ")[1].split('"')[1] in drawn
    assert not page.errors


def test_a_refused_queued_hand_never_blocks_the_queue(
    own_server: dict[str, Any], browser: Any
) -> None:
    url = own_server["url"]
    page = score_page.phone(browser)
    sid = score_page.create(page, url, "kanto-boo", ["東家", "南家", "西家", "北家"])
    own_server["stop"]()
    page.wait_for_selector("[data-testid=net][data-state=offline]")
    # Offline there is no preview: a win the rules refuse (マルシー) is queued, then a draw.
    score_page.win(page, 2, 1, han=5)
    page.click("[data-testid=record]")
    page.click("[data-testid=act-draw]")
    page.click("[data-testid=tenpai-0]")
    page.click("[data-testid=record]")
    assert "未送信 2" in page.inner_text("[data-testid=net]")
    own_server["start"]()
    # The draw behind the refused win is stored; the win is shown refused, in Japanese.
    page.wait_for_selector("[data-testid=hand-0]")
    page.wait_for_selector(".queued.refused")
    assert "マルシー" in page.inner_text("[data-testid=queue]")
    state = score_page.get(f"{url}/api/sessions/{sid}")
    assert [h["events"][0]["type"] for h in state["hands"]] == ["draw"]
    score_page.shot(page, "queue-refused")
    # Dropping it leaves nothing queued and raises no conflict: the next hand goes straight in.
    page.click("[data-testid=queue-drop]")
    assert page.is_hidden("[data-testid=queue]")
    page.click("[data-testid=act-draw]")
    page.click("[data-testid=tenpai-1]")
    score_page.record(page)
    state = score_page.get(f"{url}/api/sessions/{sid}")
    assert [h["events"][0]["type"] for h in state["hands"]] == ["draw", "draw"]
    assert page.locator(".queued").count() == 0
    score_page.ledger_agrees(url, sid, page)
    assert not page.errors


def test_an_edit_that_moves_hands_is_shown_and_saved_only_when_confirmed(
    server: str, browser: Any
) -> None:
    page = score_page.phone(browser)
    sid = score_page.create(page, server, "tokushima", ["A", "B", "C"])
    score_page.win(page, 1, 2, han=1)
    score_page.record(page)
    for tenpai in (0, 1):
        page.click("[data-testid=act-draw]")
        page.click(f"[data-testid=tenpai-{tenpai}]")
        score_page.record(page)
    # The first hand was a yakuman ron off C: C busts there, the two draws move to game 2.
    page.click("[data-testid=edit-0]")
    page.click("[data-testid=mode0-yakuman]")
    page.wait_for_selector("[data-testid=moves]")
    assert "2局が別の対局に移ります" in page.inner_text("[data-testid=moves]")
    assert "−" in page.inner_text("[data-testid=preview] .pays")  # the new payments
    score_page.shot(page, "edit-moves")
    page.once("dialog", lambda d: d.dismiss())
    page.click("[data-testid=record]")
    page.wait_for_timeout(500)
    assert len(score_page.get(f"{server}/api/sessions/{sid}")["games"]) == 1  # not saved
    before = score_page.rev(page)
    page.once("dialog", lambda d: d.accept())
    page.click("[data-testid=record]")
    page.wait_for_function(f"Number(document.body.dataset.rev) > {before}")
    state = score_page.get(f"{server}/api/sessions/{sid}")
    assert [h["game"] for h in state["hands"]] == [0, 1, 1]
    score_page.ledger_agrees(server, sid, page)
    assert not page.errors


def test_the_start_page_sets_the_settlement_by_the_rule_sheets_controls(
    server: str, browser: Any
) -> None:
    page = score_page.phone(browser)
    page.goto(server + "/score")
    page.wait_for_selector("body[data-ready='1']")
    page.select_option("[data-testid=preset]", "riichi")
    page.click("[data-testid=knobs] summary")
    knob = "[data-testid='knob-settlement.return_points'] input"
    page.wait_for_selector(knob)
    assert "点" in page.inner_text("[data-testid='knob-settlement.return_points']")
    page.fill(knob, "35000")
    # The server's refusal is said in Japanese (by its code), and nothing is created.
    for i, n in enumerate(["A", "A", "C", "D"]):
        page.fill(f"[data-testid=name-{i}]", n)
    page.click("[data-testid=create]")
    page.wait_for_selector("#create-error:has-text('同じ名前の人が2人います')")
    page.fill("[data-testid=name-1]", "B")
    assert page.evaluate("document.documentElement.scrollWidth <= innerWidth")
    page.click("[data-testid=create]")
    page.wait_for_selector("[data-testid=player-0]")
    sid = page.evaluate("new URLSearchParams(location.hash.slice(1)).get('s')")
    config = score_page.get(f"{server}/api/sessions/{sid}")["config"]
    assert config["options"] == {"settlement": {"return_points": 35000}}
    assert not page.errors


def test_the_connection_badge_follows_a_liveness_check(server: str, browser: Any) -> None:
    # A socket that stays open but brings nothing (a phone whose network went away without
    # the socket closing): the badge turns offline, and online again once the server answers.
    page = score_page.phone(browser)
    silent = {"on": False}

    def through(ws: Any) -> None:
        upstream = ws.connect_to_server()
        upstream.on_message(lambda m: None if silent["on"] else ws.send(m))

    page.route_web_socket("**/ws/score/**", through)
    score_page.create(page, server, "riichi", ["A", "B", "C", "D"])
    silent["on"] = True
    page.wait_for_selector("[data-testid=net][data-state=offline]", timeout=30_000)
    assert "オフライン" in page.inner_text("[data-testid=net]")
    silent["on"] = False
    page.wait_for_selector("[data-testid=net][data-state=online]", timeout=30_000)
    assert not page.errors
