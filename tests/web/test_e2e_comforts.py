"""The table page's comforts in Chromium, each behind the settings panel and remembered by the
browser: a tone on your turn and on calls (off by default), a per-turn timer (none by default;
when it runs out the drawn tile is discarded or the call passed), and the waits of a tenpai
hand with フリテン when one of them lies in the own river or a win was let pass."""

from __future__ import annotations

import json
import urllib.request
from typing import Any

from jantaku.hand import HandAnalyzer
from jantaku.rules import load_preset
from jantaku.tiles import tile_kind
from jantaku.tiles.notation import tile_name
from support.browser import new_table

# Count the tones instead of playing them: a stand-in AudioContext.
FAKE_AUDIO = """
globalThis.tones = 0;
class FakeParam { setValueAtTime() {} exponentialRampToValueAtTime() {} }
class FakeNode { connect(n) { return n; } start() {} stop() {} }
globalThis.AudioContext = class {
  constructor() { this.currentTime = 0; this.destination = new FakeNode(); }
  createOscillator() {
    globalThis.tones += 1;
    const o = new FakeNode();
    o.frequency = {};
    return o;
  }
  createGain() { const g = new FakeNode(); g.gain = new FakeParam(); return g; }
};
"""


def open_table(browser: Any, url: str, seed: int, **context: Any) -> tuple[Any, Any]:
    ctx = browser.new_context(locale="ja-JP", **context)
    ctx.add_init_script(FAKE_AUDIO)
    page = ctx.new_page()
    page.set_default_timeout(60_000)
    table, token = new_table(url, "riichi", ["human", *["bot:baseline"] * 3], seed)
    page.goto(f"{url}/table.html?table={table}&token={token}&pause=0")
    page.wait_for_function("globalThis.jantakuTable && globalThis.jantakuTable.idle()")
    return ctx, page


def own_discards(page: Any) -> int:
    return int(
        page.evaluate(
            "(() => { const m = globalThis.jantakuTable.model();"
            " return m.rivers[m.seat].length; })()"
        )
    )


def test_sound_and_timer_are_off_until_switched_on(server: str, browser: Any) -> None:
    ctx, page = open_table(browser, server, 11, viewport={"width": 390, "height": 844})
    try:
        # Off by default: the table waits, silently.
        assert page.evaluate("globalThis.tones") == 0
        assert page.locator(".turn-timer").count() == 0
        page.click("#settings summary")
        assert not page.is_checked("#setting-sound")
        assert page.input_value("#setting-timer") == "0"
        page.check("#setting-sound")
        assert page.evaluate("globalThis.tones") == 1  # a sample tone
        page.select_option("#setting-timer", "5")
        saved = json.loads(page.evaluate("localStorage.getItem('jantaku.table')"))
        assert saved["sound"] is True and saved["timer"] == 5
        page.click("#settings summary")

        # The next decision chimes and counts down; at zero a tile goes out untouched.
        before = own_discards(page)
        tones = page.evaluate("globalThis.tones")
        page.locator("#p-bottom #hand .playable").last.click()
        page.wait_for_selector(".turn-timer")
        assert "秒" in page.locator(".turn-timer").inner_text()
        assert page.evaluate("globalThis.tones") > tones
        page.wait_for_function(
            f"(() => {{ const m = globalThis.jantakuTable.model();"
            f" return m.rivers[m.seat].length >= {before + 2}; }})()",
            timeout=30_000,
        )
        # Remembered: a new page of the same browser starts with them.
        page.reload()
        page.wait_for_function("globalThis.jantakuTable && globalThis.jantakuTable.model()")
        page.click("#settings summary")
        assert page.is_checked("#setting-sound") and page.input_value("#setting-timer") == "5"
    finally:
        ctx.close()


def expected_waits(url: str, page: Any) -> tuple[list[str], bool]:
    """The waits of the seat's hand (without the drawn tile) as the server's analyzer finds
    them, and whether one of them is in the seat's own river."""
    m = page.evaluate("globalThis.jantakuTable.model()")
    called = [
        t
        for meld in m["melds"][m["seat"]]
        for t in [*meld["tiles"], meld.get("tile")]
        if t is not None
    ]
    body = json.dumps({"preset": "riichi", "tiles": m["hand"], "called": called}).encode()
    req = urllib.request.Request(
        url + "/api/waits", data=body, headers={"content-type": "application/json"}
    )
    out = json.load(urllib.request.urlopen(req))
    if out["shanten"] != 0:
        return [], False
    river = {tile_name(d["tile"]).replace("0", "5") for d in m["rivers"][m["seat"]]}
    return out["waits"], bool(river & set(out["waits"]))


RIICHI = load_preset("riichi")
ANALYZER = HandAnalyzer(RIICHI.tileset())


def best_discard(hand: list[int]) -> int:
    """The tile whose discard leaves the hand closest to ready (ties: the rightmost)."""

    def shanten(rest: list[int]) -> int:
        counts = [0] * 38
        for t in rest:
            counts[tile_kind(t)] += 1
        return ANALYZER.waits(counts, 0, 0, None).shanten

    return min(reversed(hand), key=lambda t: shanten([x for x in hand if x != t]))


def test_the_waits_show_exactly_when_the_hand_is_tenpai(server: str, browser: Any) -> None:
    # Seed 195 deals the human a hand one tile from ready; it is played toward ready without
    # calls, and at every step the page shows the waits exactly when the server's analyzer
    # finds the hand ready, フリテン exactly when a wait lies in the own river.
    ctx, page = open_table(browser, server, 195, viewport={"width": 1280, "height": 900})
    seen_tenpai = 0
    try:
        for _ in range(200):
            page.wait_for_function(
                "globalThis.jantakuTable.idle() || document.querySelector('#result').open"
            )
            if page.locator("#result[open]").count():
                break
            waits, furiten = expected_waits(server, page)
            page.wait_for_function(
                "document.querySelector('#waits').hidden === " + ("false" if waits else "true")
            )
            if waits:
                seen_tenpai += 1
                shown = page.locator("#waits .tile").evaluate_all(
                    "(ts) => ts.map((t) => t.dataset.name)"
                )
                assert shown == waits
                assert (page.locator("#waits .furiten").count() == 1) == furiten
            types = page.locator("#actions button").evaluate_all(
                "(bs) => bs.map((b) => b.dataset.type)"
            )
            m = page.evaluate("globalThis.jantakuTable.model()")
            if "pass" in types:
                page.locator('#actions button[data-type="pass"]').click()
            elif m["drawn"] is not None and page.locator("#p-bottom #hand .playable").count():
                tile = best_discard([*m["hand"], m["drawn"]])
                page.locator(f'#p-bottom #hand .playable[data-id="{tile}"]').click()
            page.wait_for_timeout(50)
        assert seen_tenpai > 0, "the hand never became ready"
        # Switched off: not shown.
        if page.locator("#result[open]").count():
            page.click("#result-ok")
        page.click("#settings summary")
        page.uncheck("#setting-waits")
        assert page.locator("#waits").is_hidden()
    finally:
        ctx.close()


def test_a_win_let_pass_is_furiten_until_the_next_discard_or_for_good_after_riichi(
    server: str, browser: Any
) -> None:
    """The page's model of its own seat, fed the seat's own passes: a ron let pass is フリテン
    until that seat's next discard (同巡内フリテン); after its riichi, for the rest of the hand
    (立直後の見逃し); a new hand clears it."""
    ctx = browser.new_context(locale="ja-JP")
    page = ctx.new_page()
    try:
        page.goto(f"{server}/")
        states = page.evaluate(
            """async () => {
              const b = await import('/static/board.js');
              const M = b.newModel({ seat: 0, you: 0, seats: ['a', 'b', 'c', 'd'] });
              const deal = { type: 'start_kyoku', bakaze: 'E', kyoku: 1, honba: 0, kyotaku: 0,
                oya: 0, scores: [25000, 25000, 25000, 25000], dora_marker: '1m',
                tehai: [0, 4, 8, 12, 16, 20, 24, 28, 32, 36, 40, 44, 48] };
              const out = [];
              const step = (ev) => { b.fold(M, ev); out.push(M.missedRon[0]); };
              step(deal);
              step({ type: 'pass', actor: 0, missed_ron: false });
              step({ type: 'pass', actor: 0, missed_ron: true });
              step({ type: 'tsumo', actor: 0, tile: 52, pai: '5m' });
              step({ type: 'dahai', actor: 0, tile: 52, pai: '5m', tsumogiri: true });
              step({ type: 'tsumo', actor: 0, tile: 56, pai: '6m' });
              step({ type: 'reach', actor: 0 });
              step({ type: 'dahai', actor: 0, tile: 56, pai: '6m', tsumogiri: true });
              step({ type: 'pass', actor: 0, missed_ron: true });
              step({ type: 'tsumo', actor: 0, tile: 60, pai: '7m' });
              step({ type: 'dahai', actor: 0, tile: 60, pai: '7m', tsumogiri: true });
              step(deal);
              return out;
            }"""
        )
    finally:
        ctx.close()
    assert states == [
        None,
        None,
        "turn",
        "turn",
        None,
        None,
        None,
        None,
        "riichi",
        "riichi",
        "riichi",
        None,
    ]


def test_an_open_riichi_shows_its_hand_or_its_waits_to_the_others(
    server: str, browser: Any
) -> None:
    """An opponent's open riichi as the page draws it: mighty's «全開け» turns their hand face
    up at their side; gotou's «待ちのみ開示でOK» leaves it face down and shows the waits beside
    it. A closed riichi shows neither."""
    ctx = browser.new_context(locale="ja-JP")
    page = ctx.new_page()
    try:
        page.goto(f"{server}/")
        rows = page.evaluate(
            """async () => {
              const b = await import('/static/board.js');
              const out = {};
              for (const kind of ['hand', 'waits', 'closed']) {
                const M = b.newModel({ seat: 0, you: 0, seats: ['a', 'b', 'c'] });
                b.fold(M, { type: 'start_kyoku', bakaze: 'E', kyoku: 1, honba: 0, kyotaku: 0,
                  oya: 0, scores: [35000, 35000, 35000], dora_marker: '1p',
                  tehai: [36, 40, 44, 48, 52, 56, 60, 64, 68, 72, 76, 80, 84] });
                b.fold(M, { type: 'tsumo', actor: 1, tile: '?', pai: '?' });
                b.fold(M, { type: 'reach', actor: 1 });
                b.fold(M, { type: 'dahai', actor: 1, tile: 108, pai: '1s', tsumogiri: false });
                const accepted = { type: 'reach_accepted', actor: 1 };
                const shown = [37, 41, 45, 49, 53, 57, 61, 65, 69, 73, 77, 81, 85];
                if (kind === 'hand') accepted.shown = shown;
                if (kind === 'waits') accepted.shown_waits = '14s';
                b.fold(M, accepted);
                const row = b.renderHandRow(M, 1);
                out[kind] = {
                  open: row.classList.contains('open'),
                  tiles: row.querySelectorAll('.tile').length,
                  waits: M.shownWaits[1],
                  stickTaken: M.scores[1],
                };
              }
              return out;
            }"""
        )
    finally:
        ctx.close()
    assert rows["hand"]["open"] and rows["hand"]["tiles"] == 13
    assert not rows["waits"]["open"] and rows["waits"]["waits"] == "14s"
    assert not rows["closed"]["open"] and rows["closed"]["waits"] is None
    assert {r["stickTaken"] for r in rows.values()} == {34000}
