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
from typing import Any

import test_e2e_browser as e2e
from test_e2e_layout import BUSY

server = e2e.server
browser = e2e.browser
ARTIFACTS = e2e.ARTIFACTS

# A ron of the seat across (its four melds, an added kan among them, from BUSY) off the own
# seat, with a 0-han ura dora line as the engine sends it, and chips.
WIN = """() => {
  const m = globalThis.jantakuTable.model();
  const n = m.n, me = m.seat, across = (me + (n === 4 ? 2 : 1)) % n;
  const deltas = Array(n).fill(0); deltas[across] = 12000; deltas[me] = -12000;
  const chips = Array(n).fill(0); chips[across] = 4; chips[me] = -4;
  const scores = m.scores.map((s, i) => s + deltas[i]);
  globalThis.jantakuTable.foldLocally([{ type: 'hora', actor: across, target: me, tile: m.hand[0],
    hora_tehais: m.hand.slice(0, 2), uradora_markers: [m.hand[1]], deltas, scores,
    chip_deltas: chips, fu: 40, fan: 5, limit: 'mangan', hora_points: 12000,
    yakus: [{ id: 'riichi', ja: '立直', en: 'Riichi', han: 1, yakuman: 0 },
      { id: 'ura_dora', ja: '裏ドラ', en: 'Ura dora', han: 0, yakuman: 0 },
      { id: 'dora', ja: 'ドラ', en: 'Dora', han: 4, yakuman: 0 }],
    chip_items: [{ item: 'ippatsu', chips: 2, from_all: false }] },
    { type: 'end_kyoku', scores }]);
  globalThis.jantakuTable.showResult();
}"""

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
    table, token = e2e.new_table(server, "gotou", ["human", "bot:baseline", "bot:baseline"], 5)
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
    finally:
        context.close()


def test_a_result_dialog_on_the_smallest_phone(server: str, browser: Any) -> None:
    table, token = e2e.new_table(server, "gotou", ["human", "bot:baseline", "bot:baseline"], 5)
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
