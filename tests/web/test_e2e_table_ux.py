"""The table page says what a player needs and every tap lands, in Chromium: the live wall's
count as the server counts it for the seat (read from the page's own socket frames), your turn
in words, the extraction button naming its tile, and a hand's result dialog on the smallest
phone: its OK button a finger's height and on top, the winning hand's tiles clear of each
other, yaku in Japanese alone, no row worth nothing, the indicators called ドラ表示牌.

The result dialog is drawn from a made-up win folded into the page's model (as the layout
test makes a long hand): a busy hand's melds (an added kan among them) make the winning hand
wrap on a phone. Screenshots go to tests/artifacts/ux-*.png.
"""

from __future__ import annotations

import json
import urllib.parse
import urllib.request
from typing import Any

from support.browser import ARTIFACTS, new_table
from support.table_mirror import Mirror, check_page, do
from support.table_page import BUSY, WIN

DIALOG = """() => {
  const box = (e) => {
    const b = e.getBoundingClientRect();
    return [b.left, b.top, b.right, b.bottom];
  };
  const ok = document.querySelector('#result-ok');
  const [l, t, r, b] = box(ok);
  const top = document.elementFromPoint((l + r) / 2, (t + b) / 2);
  const tiles = [...document.querySelectorAll('#result .hand-layout .tile')].map(box);
  const overlaps = [];
  tiles.forEach((a, i) => tiles.slice(i + 1).forEach((c) => {
    const hit = a[0] < c[2] - 1 && c[0] < a[2] - 1 && a[1] < c[3] - 1 && c[1] < a[3] - 1;
    if (hit) overlaps.push([a, c]);
  }));
  return {
    ok: [r - l, b - t], okOnTop: top === ok || ok.contains(top), tiles: tiles.length, overlaps,
    yaku: [...document.querySelectorAll('#result table.yaku tr')].map((tr) => tr.textContent),
    other: document.querySelectorAll('#result table.yaku .name-other').length,
    labels: [...document.querySelectorAll('#result .indicators .label')].map((e) => e.textContent),
  };
}"""


def test_the_table_says_whose_turn_and_how_many_tiles_are_left(server: str, browser: Any) -> None:
    table, token = new_table(server, "gotou", ["human", "bot:baseline", "bot:baseline"], 5)
    context = browser.new_context(locale="ja-JP", viewport={"width": 390, "height": 844})
    page = context.new_page()
    page.set_default_timeout(60_000)
    counts: list[int] = []

    def frames(ws: Any) -> None:
        def got(payload: Any) -> None:
            msg = json.loads(payload)
            if "tiles_left" in msg:
                counts.append(msg["tiles_left"])

        ws.on("framereceived", got)

    page.on("websocket", frames)
    try:
        page.goto(f"{server}/table.html?table={table}&pause=0#token={token}")
        page.wait_for_function(
            "globalThis.jantakuTable && globalThis.jantakuTable.idle()"
            " && globalThis.jantakuTable.legal().length"
        )
        assert page.locator("#turn-note").inner_text() == "あなたの番です"
        # gotou's seed 5 deals the dealer (the human) a north: the button says what it takes.
        kita = page.locator("#actions button[data-type='kita']")
        assert kita.count() == 1 and kita.inner_text().startswith("北抜き"), kita.all_inner_texts()
        assert counts, "no tiles_left in the frames"
        assert page.locator("#sticks .wall-left").inner_text() == f"残り{counts[-1]}枚"
        first = counts[-1]
        page.locator("#hand .tile.drawn").click()
        page.wait_for_function(
            "globalThis.jantakuTable.idle() && globalThis.jantakuTable.legal().length"
        )
        # Two others drew and it is our turn again: the server's count, three draws fewer.
        assert counts[-1] < first
        assert page.locator("#sticks .wall-left").inner_text() == f"残り{counts[-1]}枚"
        assert page.locator("#turn-note").inner_text() == "あなたの番です"
        # The other language: the status line, the count and the turn said again in it.
        page.locator(".lang-switch button[data-lang='en']").click()
        page.wait_for_function("document.documentElement.lang === 'en'")
        assert page.locator("#status").inner_text() == f"Table {table}: connected"
        assert page.locator("#sticks .wall-left").inner_text() == f"{counts[-1]} tiles left"
        assert page.locator("#turn-note").inner_text() == "Your turn"
    finally:
        context.close()


def test_a_result_dialog_on_the_smallest_phone(server: str, browser: Any) -> None:
    table, token = new_table(server, "gotou", ["human", "bot:baseline", "bot:baseline"], 5)
    context = browser.new_context(locale="ja-JP", viewport={"width": 360, "height": 640})
    page = context.new_page()
    page.set_default_timeout(60_000)
    try:
        page.goto(f"{server}/table.html?table={table}&pause=0#token={token}")
        page.wait_for_function(
            "globalThis.jantakuTable && globalThis.jantakuTable.idle()"
            " && globalThis.jantakuTable.legal().length"
        )
        page.evaluate(BUSY)
        page.evaluate(WIN)
        page.wait_for_function("[...document.images].every((i) => i.complete)")
        g = page.evaluate(DIALOG)
        ARTIFACTS.mkdir(exist_ok=True)
        page.screenshot(path=str(ARTIFACTS / "ux-result-360x640.png"))
        assert g["ok"][1] >= 44 and g["okOnTop"], g["ok"]
        # Two concealed tiles, the winning one, four melds (14 tiles with the added one).
        assert g["tiles"] >= 15, g["tiles"]
        assert g["overlaps"] == [], g["overlaps"]
        assert g["yaku"] == ["立直1飜", "ドラ4飜"], g["yaku"]
        assert g["other"] == 0
        assert g["labels"] == ["ドラ表示牌", "裏ドラ表示牌"], g["labels"]
        page.locator("#result-ok").click()
        assert page.locator("#result[open]").count() == 0
    finally:
        context.close()


# -- what the switches do by themselves ----------------------------------------------------------

AUTO_WAIT_JS = """(before) => {
  const t = globalThis.jantakuTable;
  if (document.querySelector('#result[open]')) return true;
  return t.idle() && t.legal().length > 0 && JSON.stringify(t.legal()) !== before;
}"""
"""Past a decision the page made by itself: the next one is here (or the hand's result)."""


def test_calls_let_pass_tsumogiri_after_riichi_and_the_win_taken_by_themselves(
    server: str, browser: Any
) -> None:
    """riichi seed 113 (test_e2e_wins): the human passes a chi, declares riichi, discards
    and wins by ron. With 鳴きなし, 自動ツモ切り and 自動和了 switched on, the test clicks only
    the discards before the riichi and the riichi: the chi is let pass, every discard after
    the riichi made and the ron taken by the page, each when the mirror says it is due."""
    from jantaku.game import ActionType
    from jantaku.scoring.situation import RiichiKind
    from jantaku.server.tables import action_json

    mirror = Mirror("riichi", 113, 4)
    table, token = new_table(server, "riichi", mirror.seats, 113)
    context = browser.new_context(locale="ja-JP", viewport={"width": 1280, "height": 800})
    context.add_init_script(
        "localStorage.setItem('jantaku.table', JSON.stringify("
        "{autoTsumogiri: true, noCalls: true, autoWin: true}))"
    )
    page = context.new_page()
    page.set_default_timeout(60_000)
    done_by_page: list[str] = []
    clicked: list[str] = []
    try:
        page.goto(f"{server}/table.html?table={table}&pause=0#token={token}")
        page.wait_for_function(
            "globalThis.jantakuTable && globalThis.jantakuTable.idle()"
            " && globalThis.jantakuTable.legal().length"
        )
        switches = ["#setting-auto-tsumogiri", "#setting-no-calls", "#setting-auto-win"]
        assert all(page.locator(s).is_checked() for s in switches)
        for step in range(200):
            if page.locator("#result[open]").count():
                break
            legal = mirror.state.legal_actions(0)
            action = mirror.choice()
            types = {a.type for a in legal}
            me = mirror.state.players[0]
            by_page = (
                action.type in (ActionType.TSUMO, ActionType.RON)
                or (
                    action.type is ActionType.PASS
                    and types
                    <= {ActionType.PASS, ActionType.CHI, ActionType.PON, ActionType.DAIMINKAN}
                )
                or (
                    me.riichi is not RiichiKind.NONE
                    and types == {ActionType.DISCARD}
                    and action.tile == me.drawn
                )
            )
            if by_page:
                # Until the page shows the decision after this one (it made this one itself).
                before = json.dumps([action_json(a) for a in legal], separators=(",", ":"))
                page.wait_for_function(AUTO_WAIT_JS, arg=before)
                done_by_page.append(action.type.value)
            else:
                page.wait_for_function(
                    "globalThis.jantakuTable.idle() && globalThis.jantakuTable.legal().length"
                )
                shown = check_page(page, mirror, step)
                if action.type is ActionType.RIICHI:
                    # The riichi button first: the table asks for the riichi discard.
                    page.locator("#actions button[data-type='riichi']").click()
                    page.wait_for_selector("#actions button.active")
                    assert page.locator("#turn-note").inner_text() == "立直の捨て牌を選んでください"
                    page.locator(f'#hand .tile.playable[data-id="{action.tile}"]').click()
                else:
                    do(page, action, shown, keys=False)
                clicked.append(action.type.value)
            mirror.apply(action)
        page.wait_for_selector("#result[open]")
        assert page.locator("#result section.win").get_attribute("data-actor") == "0"
        assert "ロン" in page.locator("#result section.win h3").inner_text()
        assert "riichi" in clicked and "ron" not in clicked, clicked
        assert done_by_page.count("pass") >= 1, done_by_page
        assert done_by_page.count("discard") >= 1, done_by_page
        # (The ron itself: the human's win above, which the test never clicked.)
        ARTIFACTS.mkdir(exist_ok=True)
        page.screenshot(path=str(ARTIFACTS / "ux-auto-win.png"))
    finally:
        context.close()


# -- friends -------------------------------------------------------------------------------------


def test_a_friend_is_waited_for_and_the_lobby_gives_the_tables_back(
    server: str, browser: Any
) -> None:
    """On a phone in Japanese: a table with a friend's seat started from the lobby, the
    friend's link copied (the button says so); the table says whom it waits for until the
    friend's page opens; back in the lobby, あなたの卓 leads back to the own seat and gives
    the friend's link out again, and the table list fits the phone."""
    context = browser.new_context(locale="ja-JP", viewport={"width": 390, "height": 844})
    context.grant_permissions(["clipboard-read", "clipboard-write"])
    page = context.new_page()
    page.set_default_timeout(60_000)
    try:
        page.goto(f"{server}/")
        page.wait_for_function("globalThis.jantakuLobby && globalThis.jantakuLobby.loaded()")
        page.select_option("#preset", "riichi")
        page.wait_for_function("globalThis.jantakuLobby.loaded() === 'riichi'")
        page.select_option('#seats select[data-seat="1"]', "friend")
        page.click("#start")
        page.wait_for_selector("#invites:not([hidden])")
        invite = page.locator("#invite-list input").input_value()
        page.locator("#invite-list button.copy").click()
        page.wait_for_function(
            "document.querySelector('#invite-list .copied').textContent === 'コピーしました'"
        )
        assert page.evaluate("navigator.clipboard.readText()") == invite
        own = page.locator("#own-seat a").get_attribute("href")
        assert own

        # The own seat: the friend's seat marked 未接続 and named while the table waits.
        page.goto(own)
        page.wait_for_function("globalThis.jantakuTable && globalThis.jantakuTable.idle()")
        page.wait_for_selector("#p-right .away-mark")
        assert page.locator("#turn-note").inner_text() == "あなたの番です"  # the dealer
        page.locator("#hand .tile.drawn").click()
        page.wait_for_function(
            "document.querySelector('#turn-note').textContent.includes('プレイヤー2')"
        )
        friend = context.new_page()
        friend.goto(invite)
        page.wait_for_selector("#p-right .away-mark", state="detached")
        friend.close()
        page.wait_for_selector("#p-right .away-mark")

        # Back in the lobby: the table is there, with the way back and the invite again.
        page.goto(f"{server}/")
        page.wait_for_selector("#mine-section:not([hidden])")
        mine = page.locator("#my-tables .my-table").first
        assert mine.locator("a.back").get_attribute("href") == own
        mine.locator(".reinvite summary").click()
        assert mine.locator(".reinvite input").input_value() == invite
        assert page.evaluate("document.documentElement.scrollWidth") <= 390
        ARTIFACTS.mkdir(exist_ok=True)
        page.locator("#mine-section").screenshot(path=str(ARTIFACTS / "ux-lobby-mine-390.png"))
        page.locator("a.back").first.click()
        page.wait_for_function("globalThis.jantakuTable && globalThis.jantakuTable.idle()")
        assert page.evaluate("globalThis.jantakuTable.model().seat") == 0
    finally:
        context.close()


def test_after_the_game_replay_or_another_with_the_same_seats_and_rules(
    server: str, browser: Any
) -> None:
    """The settlement offers 再生 (this table's replay) and もう一局: a new table with the same
    seats and changed rules, this seat taken at once and remembered for the lobby. The timer
    starts as soon as it is chosen during one's turn."""
    body = json.dumps(
        {
            "preset": "gotou",
            "seats": ["human", "bot:baseline", "bot:random"],
            "seed": 5,
            "options": {"scoring": {"kuitan": False}},
        }
    ).encode()
    req = urllib.request.Request(
        f"{server}/api/tables", data=body, headers={"content-type": "application/json"}
    )
    made = json.load(urllib.request.urlopen(req))
    context = browser.new_context(locale="ja-JP", viewport={"width": 390, "height": 844})
    page = context.new_page()
    page.set_default_timeout(60_000)
    try:
        page.goto(f"{server}/table.html?table={made['id']}&pause=0#token={made['tokens']['0']}")
        page.wait_for_function(
            "globalThis.jantakuTable && globalThis.jantakuTable.idle()"
            " && globalThis.jantakuTable.legal().length"
        )
        # No timer until one is chosen; chosen during the turn, it counts at once.
        assert page.locator(".turn-timer").count() == 0
        page.click("#settings > summary")
        page.select_option("#setting-timer", "30")
        assert page.locator(".turn-timer").inner_text().startswith("残り")
        page.select_option("#setting-timer", "0")
        page.click("#settings > summary")
        # The game's end as the server sends it (made up here: a whole game takes minutes).
        page.evaluate(
            """() => {
            const m = globalThis.jantakuTable.model();
            globalThis.jantakuTable.foldLocally([{ type: 'end_game', scores: m.scores,
              chips: [200, 200, 200], settlement: [0, 0, 0], leftover_sticks: null }]);
            globalThis.jantakuTable.showResult();
        }"""
        )
        replay = page.locator("#result .after-game a")
        assert replay.inner_text() == "再生"
        assert replay.get_attribute("href") == f"/replay.html?table={made['id']}"
        again = page.locator("#play-again")
        assert again.inner_text() == "もう一局"
        box = again.bounding_box()
        assert box and box["height"] >= 44
        ARTIFACTS.mkdir(exist_ok=True)
        page.screenshot(path=str(ARTIFACTS / "ux-settlement-390.png"))
        again.click()
        page.wait_for_url(lambda url: f"table={made['id']}&" not in url, timeout=30_000)
        new_id = int(urllib.parse.parse_qs(urllib.parse.urlparse(page.url).query)["table"][0])
        assert new_id != made["id"]
        page.wait_for_function("globalThis.jantakuTable && globalThis.jantakuTable.idle()")
        model = page.evaluate(
            "(() => { const m = globalThis.jantakuTable.model();"
            " return { seat: m.seat, seats: m.seats, preset: m.preset.name }; })()"
        )
        assert model == {
            "seat": 0,
            "seats": ["human", "bot:baseline", "bot:random"],
            "preset": "gotou",
        }
        listing = json.load(urllib.request.urlopen(f"{server}/api/tables"))
        new = next(t for t in listing if t["id"] == new_id)
        assert new["options"] == {"scoring": {"kuitan": False}}, new
        kept = page.evaluate("JSON.parse(localStorage.getItem('jantaku.tables'))")
        assert kept[0]["id"] == new_id and kept[0]["mine"] == 0
    finally:
        context.close()


# -- page weight ---------------------------------------------------------------------------------


def test_a_table_page_weighs_little_first_and_almost_nothing_again(
    server: str, browser: Any
) -> None:
    """The bytes the browser's own network log (Chrome DevTools' Network domain) counts as
    transferred, headers included: a table's first load at most 200 KB, a repeat load (the
    next visit, in the same browser) at most 30 KB, and no request failing or refused."""
    table, token = new_table(server, "gotou", ["human", "bot:baseline", "bot:baseline"], 5)
    context = browser.new_context(locale="ja-JP", viewport={"width": 390, "height": 844})
    page = context.new_page()
    page.set_default_timeout(60_000)
    cdp = context.new_cdp_session(page)
    cdp.send("Network.enable")
    sizes: dict[str, int] = {}
    failed: list[str] = []
    cdp.on(
        "Network.loadingFinished",
        lambda e: sizes.__setitem__(e["requestId"], e["encodedDataLength"]),
    )
    cdp.on("Network.loadingFailed", lambda e: failed.append(str(e.get("errorText"))))
    errors: list[str] = []
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    url = f"{server}/table.html?table={table}&pause=0#token={token}"
    loads = []
    try:
        for _ in range(2):
            page.goto("about:blank")
            sizes.clear()
            page.goto(url)
            page.wait_for_function(
                "globalThis.jantakuTable && globalThis.jantakuTable.idle()"
                " && [...document.images].every((i) => i.complete)"
            )
            page.wait_for_timeout(500)  # the last answers' sizes
            loads.append((len(sizes), sum(sizes.values())))
        print(f"table page: first {loads[0]}, repeat {loads[1]} (requests, bytes)")
        assert loads[0][1] <= 200_000, loads
        assert loads[1][1] <= 30_000, loads
        assert loads[0][0] > 20  # the scripts, styles and tile images were counted
        assert failed == [] and errors == [], (failed, errors)
    finally:
        context.close()
