"""点数記録 and 点数計算 in a real browser at phone size (Playwright + Debian's Chromium, like
test_e2e_browser): the four seeds' flows entered by tapping, every figure checked against
`jantaku ledger` run on the session's exported JSON; two phones editing one session; a hand
entered offline while the server is down, kept over a reload by the service worker, sent once
after a restart; and bad input (a fifth copy, a 15-tile hand, a forbidden win) refused with a
message and nothing lost. Screenshots go to tests/artifacts/score-*.png.
"""

from __future__ import annotations

from typing import Any

from jantaku.rules import load_preset
from jantaku.scoring.ledger import run_ledger
from support.browser import ARTIFACTS
from support.score_page import (
    create,
    get,
    ledger_agrees,
    phone,
    record,
    rev,
    shot,
    shown_scores,
    win,
)


def test_gotou_four_rotating_shuba_spring_dice(server: str, browser: Any) -> None:
    page = phone(browser)
    sid = create(page, server, "gotou", ["亜", "伊", "宇", "江"])
    assert "抜け" in page.inner_text("[data-testid=player-3]")  # the one before the dealer
    # A draw: 伊 tenpai with シュバ declared (its stick is a 5000 stick).
    page.click("[data-testid=act-draw]")
    page.click("[data-testid=tenpai-1]")
    page.click("[data-testid=shuba-1]")
    record(page)
    assert "供託 1本" in page.inner_text("[data-testid=sticks]")
    # Chips: 宇's spring and a dice chance rolled on screen.
    page.click("[data-testid=act-chips]")
    page.click("[data-testid=to-2]")
    page.fill("[data-testid=item-spring]", "1")
    page.dispatch_event("[data-testid=item-spring]", "change")
    page.click("[data-testid=roll]")
    assert "出目" in page.inner_text("[data-testid=dice-rolls]")
    record(page)
    # 伊 wins a ron off 宇 (the sticks go with it), then two draws pass the deal round.
    seats = get(f"{server}/api/sessions/{sid}")["table"]["seats"]
    winner, loser = seats.index("S"), seats.index("W")
    win(page, winner, loser, han=3, fu=30)
    page.wait_for_selector("[data-testid=preview] .pays")
    record(page)
    assert "供託 0本" in page.inner_text("[data-testid=sticks]")
    export = ledger_agrees(server, sid, page)
    events = [e for g in export["games"] for e in g["record"]["events"]]
    assert [e["type"] for e in events] == ["draw", "chips", "win"]
    assert events[0]["shuba"] == [1] and events[1]["items"] == {"spring": 1}
    # The 点差 from one player: tap a card.
    page.click("[data-testid=player-0]")
    scores = shown_scores(page, 4)
    assert (
        page.inner_text("[data-testid=gap-1]").replace(",", "").replace("−", "-").lstrip("+")
        == str(scores[1] - scores[0])
        or scores[1] == scores[0]
    )
    shot(page, "gotou")
    assert not page.errors


def test_tokushima_flowers_and_the_1m_9m_bonus_through_the_calculator(
    server: str, browser: Any
) -> None:
    page = phone(browser)
    sid = create(page, server, "tokushima", ["A", "B", "C"])
    win(page, 0, 1)  # the dealer (East = spring) wins off B
    page.click("[data-testid=mode0-hand]")
    page.wait_for_selector(".calc-palette")
    for tile in ["1m", "1m", "1m", "9m", "9m", "9m", "7z", "7z", "7z", "2p", "3p", "4p", "5p"]:
        page.click(f".calc-pick[data-tile='{tile}']")
    page.click("[data-target=extracted]")
    page.click(".calc-pick[data-tile='1f']")
    page.click("[data-target=hand]")
    page.click(".calc-pick[data-tile='5p']")  # the winning tile, last
    page.wait_for_selector("[data-testid=calc-use]")
    result = page.inner_text("[data-testid=calc-result]")
    assert "中" in result and "華" in result  # spring extracted: 2 han for East
    page.click("[data-testid=calc-use]")
    page.wait_for_selector("[data-testid=preview] .pays")
    shot(page, "tokushima-entry")
    record(page)
    state = get(f"{server}/api/sessions/{sid}")
    hand = state["hands"][0]
    # 中 1 + 三暗刻 2 + 華 2: a dealer mangan, 6000 under these rules, and six 1m/9m tiles
    # at +1000 each, all paid by the discarder.
    assert hand["scored"][0]["han"] == 5 and hand["scored"][0]["limit"] == "mangan"
    assert hand["payments"] == [12000, -12000, 0]
    # The dealer again, on the quick path: a tsumo of 2 han with two 1m/9m tiles (+1000
    # each from each payer) and an ura dora (1 chip from each payer).
    win(page, 0, None, han=2, fu=30)
    page.select_option("[data-testid=terminals0]", "2")
    page.fill("[data-testid=ci0-ura]", "1")
    page.dispatch_event("[data-testid=ci0-ura]", "change")
    page.wait_for_selector("[data-testid=preview] .pays")
    record(page)
    state = get(f"{server}/api/sessions/{sid}")
    second = state["hands"][1]
    assert second["chip_changes"] == [2, -1, -1]
    events = [h["events"][0] for h in state["hands"]]
    assert events[1]["terminals"] == 2 and events[1]["chips"] == {"ura": 1}
    plain = run_ledger(
        load_preset("tokushima"), {"events": [events[0], {**events[1], "terminals": 0}]}
    )
    assert [a - b for a, b in zip(second["payments"], plain[1]["payments"], strict=True)] == [
        4000,
        -2000,
        -2000,
    ]
    ledger_agrees(server, sid, page)
    assert not page.errors


def test_mighty_wareme_and_the_sinking_uma(server: str, browser: Any) -> None:
    page = phone(browser)
    sid = create(page, server, "mighty", ["甲", "乙", "丙"], rates={"unit": "50"})
    win(page, 1, 2, han=3, fu=40, wareme=2)  # 丙 is 割れ目: pays double
    # The win's chips on the quick path: ippatsu and an ura dora, 1 each from the
    # discarder (割れ目 doubles no chips).
    page.click("[data-testid=ci0-ippatsu]")
    page.fill("[data-testid=ci0-ura]", "1")
    page.dispatch_event("[data-testid=ci0-ura]", "change")
    page.wait_for_selector("[data-testid=preview] .pays")
    record(page)
    hand = get(f"{server}/api/sessions/{sid}")["hands"][0]
    assert hand["payments"][2] <= -2 * 6000  # 3-40 = 5200 → 6000 rounded up, doubled
    assert hand["chip_changes"] == [0, 2, -2]
    # A yakuman ron off 丙 busts them: the game ends and settles with 沈み馬.
    win(page, 0, 2, yakuman=1)
    page.wait_for_selector("[data-testid=preview] .badge")
    record(page)
    page.wait_for_selector("[data-testid=game-0]")
    export = ledger_agrees(server, sid, page)
    assert len(export["games"]) == 1
    # The end of the game stays on top until the next game starts: ranks, 飛び, the
    # settlement under its heading and unit, the same figures as the ledger's.
    panel = page.inner_text("[data-testid=game-end-panel]")
    assert "第1戦 終局" in panel and "飛び" in panel and "精算 (千点)" in panel
    settled = get(f"{server}/api/sessions/{sid}")["games"][0]["settlement"]
    for p in range(3):
        assert float(page.inner_text(f"[data-testid=end-0-{p}]")) == settled[p]
        # At 50 a unit (mighty's chips are in its result already): the result × 50.
        money = float(page.inner_text(f"[data-testid=money-0-{p}]").replace(",", ""))
        assert money == settled[p] * 50
    shot(page, "mighty")
    page.locator("[data-testid=game-end-panel]").screenshot(path=str(ARTIFACTS / "score-end.png"))
    # Between games: a player renamed (the hands and figures stay), then the session ended.
    page.fill("[data-testid=rename-0]", "甲子")
    before = rev(page)
    page.click("[data-testid=rename]")
    page.wait_for_function(f"Number(document.body.dataset.rev) > {before}")
    assert "甲子" in page.inner_text("[data-testid=player-0]")
    assert get(f"{server}/api/sessions/{sid}")["games"][0]["settlement"] == settled
    # The next game's first dealer chosen (丙, not 乙 by rotation): the cards move.
    before = rev(page)
    page.click("[data-testid=next-dealer-2]")
    page.wait_for_function(f"Number(document.body.dataset.rev) > {before}")
    assert "東" in page.inner_text("[data-testid=player-2]")
    page.once("dialog", lambda d: d.accept())
    page.click("[data-testid=end-session]")
    page.wait_for_selector("[data-testid=ended]")
    assert page.is_hidden("[data-testid=act-win]")
    # Neither page scrolls sideways on a phone, whatever the longest preset name.
    assert page.evaluate("document.documentElement.scrollWidth <= innerWidth")
    page.goto(server + "/calc?rules=riichi")
    page.wait_for_selector("body[data-ready='1']")
    assert page.evaluate("document.documentElement.scrollWidth <= innerWidth")
    assert not page.errors


def test_kanto_boo_forbidden_win_refused_then_marue(server: str, browser: Any) -> None:
    page = phone(browser)
    sid = create(page, server, "kanto-boo", ["東家", "南家", "西家", "北家"])
    # A mangan ron off 南家 leaves one player sunk at the end: forbidden (マルシー).
    win(page, 2, 1, han=5)
    page.wait_for_selector("[data-testid=refused]")
    # Said in Japanese, and 記録する cannot record it.
    assert "マルシー" in page.inner_text("[data-testid=refused]")
    assert page.is_disabled("[data-testid=record]")
    shot(page, "refused")
    page.click("#entry button[value=cancel]")
    assert get(f"{server}/api/sessions/{sid}")["hands"] == []
    # The dealer's mangan tsumo: three sunk, マルエー.
    win(page, 0, None, han=5)
    page.wait_for_selector("[data-testid=preview] .badge")
    record(page)
    page.wait_for_selector("[data-testid=game-0]")
    export = ledger_agrees(server, sid, page)
    assert float(page.inner_text("[data-testid=settle-0-0]")) == 27  # 3×10 less the fee of 3
    assert export["games"][0]["record"]["events"][0]["from"] is None
    shot(page, "kanto-boo")
    # The start page lists the sessions this phone opened, with their editor link.
    page.goto(server + "/score")
    page.wait_for_selector("[data-testid=recent]")
    link = page.locator("[data-testid=recent] a").first
    assert "東家" in link.inner_text() and f"s={sid}&e=" in str(link.get_attribute("href"))
    assert not page.errors


def test_two_phones_edit_one_session(server: str, browser: Any) -> None:
    a = phone(browser)
    sid = create(a, server, "riichi", ["A", "B", "C", "D"])
    editor = a.input_value("[data-testid=editor-link]")
    # B's phone answers the rule set's features late (a slow server or network): until they
    # come, the entry buttons stay hidden, since an entry form needs them; a watcher never
    # sees them at all.
    b = phone(browser, service_workers="block")
    held: list[Any] = []
    b.route("**/api/calc/info", lambda route: held.append(route))
    b.goto(editor)
    b.wait_for_selector("[data-testid=net][data-state=online]")
    assert held and b.is_hidden("[data-testid=act-win]")
    for route in held:
        route.continue_()
    b.wait_for_selector("[data-testid=act-win]", state="visible")
    watcher = phone(browser)
    watcher.goto(a.input_value("#watch-link"))
    watcher.wait_for_selector("[data-testid=player-0]")
    assert watcher.is_hidden("[data-testid=act-win]") and watcher.is_hidden("#editor-row")
    # B starts entering a win; meanwhile A records a draw, which B sees live.
    win(b, 1, 2, han=2, fu=30)
    a.click("[data-testid=act-draw]")
    a.click("[data-testid=tenpai-0]")
    record(a)
    b.wait_for_selector("[data-testid=hand-0]")
    # B's win was entered against the old state: held, shown, not stored blindly.
    b.click("[data-testid=record]")
    b.wait_for_selector(".queued.refused")
    assert len(get(f"{server}/api/sessions/{sid}")["hands"]) == 1
    b.click("[data-testid=queue-send]")
    b.wait_for_selector("[data-testid=hand-1]")
    a.wait_for_selector("[data-testid=hand-1]")
    state = get(f"{server}/api/sessions/{sid}")
    assert [h["events"][0]["type"] for h in state["hands"]] == ["draw", "win"]
    assert state["hands"][1]["label"]["honba"] == 1  # the draw came first
    # A edits B's win into a tsumo: both phones show the recomputed hand.
    a.click("[data-testid=edit-1]")
    a.click("[data-testid=from-null]")
    a.click("[data-testid=record]")
    # Both phones redraw from the server's answer, each in its own time: wait for both.
    for phone_ in (a, b):
        phone_.wait_for_function(
            "document.querySelector('[data-testid=hand-1]').innerText.includes('ツモ')"
        )
    assert shown_scores(a, 4) == shown_scores(b, 4)
    ledger_agrees(server, sid, a)
    assert not a.errors and not b.errors


def test_offline_entry_survives_a_reload_and_is_sent_once_after_a_restart(
    own_server: dict[str, Any], browser: Any
) -> None:
    url = own_server["url"]
    page = phone(browser)
    sid = create(page, url, "sanma", ["A", "B", "C"])
    win(page, 1, 2, han=1, fu=30)
    record(page)
    page.evaluate("navigator.serviceWorker.ready")
    page.reload()  # once more under the service worker's control
    page.wait_for_selector("[data-testid=net][data-state=online]")
    own_server["stop"]()
    page.wait_for_selector("[data-testid=net][data-state=offline]")
    page.click("[data-testid=act-draw]")
    page.click("[data-testid=tenpai-0]")
    page.click("[data-testid=record]")
    assert "未送信 1" in page.inner_text("[data-testid=net]")
    # The page reloads from the service worker's copy and keeps the hand queued.
    page.reload()
    page.wait_for_selector("[data-testid=player-0]")
    assert "未送信" in page.inner_text("[data-testid=history]")
    # Every label is there offline (the catalogue was kept), none shows as its key.
    body = page.inner_text("body")
    assert "score." not in body and "記録" in body and "オフライン" in body
    shot(page, "offline")
    # The calculator, opened offline, says so in Japanese.
    page.goto(url + "/calc")
    page.wait_for_function("document.getElementById('calc').innerText.includes('オフライン')")
    assert "calc." not in page.inner_text("body")
    page.goto(f"{url}/score#s={sid}")  # back: the editor link was kept on the phone
    page.wait_for_selector("[data-testid=player-0]")
    own_server["start"]()
    page.wait_for_selector("[data-testid=hand-1]")
    page.wait_for_function(
        "!document.querySelector('[data-testid=net]').innerText.includes('未送信')"
    )
    state = get(f"{url}/api/sessions/{sid}")
    assert [h["events"][0]["type"] for h in state["hands"]] == ["win", "draw"]
    # Reconnecting again sends nothing twice.
    page.reload()
    page.wait_for_selector("[data-testid=net][data-state=online]")
    assert len(get(f"{url}/api/sessions/{sid}")["hands"]) == 2
    ledger_agrees(url, sid, page)


def test_calculator_refuses_a_fifth_copy_and_a_15_tile_hand(server: str, browser: Any) -> None:
    page = phone(browser, strict=True)
    page.goto(server + "/calc?rules=riichi")
    page.wait_for_selector("body[data-ready='1']")
    for _ in range(5):
        page.click(".calc-pick[data-tile='1m']")
    assert "5枚目" in page.inner_text("[data-testid=calc-result]")
    assert page.locator("[data-testid=hand] .tile").count() == 4
    for tile in ["2m", "3m", "4m", "5m", "6m", "7m", "8m", "9m", "9m", "9m", "1p"]:
        page.click(f".calc-pick[data-tile='{tile}']")
    page.wait_for_selector(".calc-error")
    assert "14" in page.inner_text("[data-testid=calc-result]")  # 15 tiles: names the count
    page.click("[data-testid=hand] .tile.win-tile")  # drop the 1p: 14 tiles, 九蓮宝燈
    page.wait_for_selector("[data-testid=calc-value]")
    assert "役満" in page.inner_text("[data-testid=calc-result]")
    shot(page, "calc")
    assert not page.errors
