"""The table page's layout at every common screen size, in Chromium: a phone upright and on its
side, tablets, laptops and a desktop, in both languages, for a four-player and a three-player
preset. At each size the own hand is whole on the screen without scrolling, in tiles a finger
can tap, inside the board's frame (a phone on its side: along the screen's bottom edge, clear of
the board); the whole board is on the screen; and nothing is drawn over anything else: no
seat's name over its tiles, no river, hand, meld or name over another seat's or over the
centre panel, and in the centre each seat's wind, score, chips and riichi stick inside the panel
and clear of the round, the counters and the dora.

The table is first played for real (a few discards), then made as busy as a long hand makes
it, by folding made-up events into the page's model (``jantakuTable.foldLocally``): rivers of
19 to 21 discards with a riichi, an opponent with four melds (chi, pon, an added kan, a closed kan),
a pon of the own seat, and at a three-player preset three extracted norths in every seat.
Screenshots go to tests/artifacts/layout-*.png.
"""

from __future__ import annotations

from typing import Any

import pytest

from support.browser import ARTIFACTS, finished_table, new_table
from support.table_page import BUSY

VIEWPORTS = [
    (390, 844),  # a phone upright (the reference)
    (844, 390),  # the same phone on its side
    (360, 640),  # the smallest phone upright
    (640, 360),  # and on its side
    (667, 375),  # a small phone on its side
    (768, 1024),  # a tablet upright
    (1024, 768),  # the tablet on its side
    (1180, 820),
    (1280, 800),  # a laptop
    (1366, 1024),  # a large tablet on its side
    (1920, 1080),  # a desktop
    (1080, 1920),  # a desktop screen turned upright
]

GEOMETRY = """
() => {
  const visible = (e) => {
    const b = e.getBoundingClientRect();
    return b.width > 0 && b.height > 0 && getComputedStyle(e).visibility !== 'hidden';
  };
  const boxes = (root, sel) => [...root.querySelectorAll(sel)].filter(visible).map((e) => {
    const b = e.getBoundingClientRect();
    return { what: sel, left: b.left, top: b.top, right: b.right, bottom: b.bottom };
  });
  const hit = (a, b) => a.left < b.right - 0.5 && b.left < a.right - 0.5
    && a.top < b.bottom - 0.5 && b.top < a.bottom - 0.5;
  const board = document.querySelector('#board').getBoundingClientRect();
  const center = boxes(document, '#center')[0];
  const seats = [...document.querySelectorAll('.player:not(.empty)')].map((p) => ({
    id: p.id,
    river: boxes(p, '.river .tile'),
    hand: boxes(p, '.strip .concealed .tile, .strip .hand .tile, #hand .tile'),
    melds: boxes(p, '.strip .melds .tile, .strip .shown-waits'),
    name: boxes(p, '.name'),
  }));
  const problems = [];
  const at = (b) => JSON.stringify([b.left, b.top, b.right, b.bottom].map(Math.round));
  const clash = (label, xs, ys) => {
    for (const a of xs) for (const b of ys) {
      if (hit(a, b)) { problems.push(`${label}: ${a.what} ${at(a)} / ${b.what} ${at(b)}`); return; }
    }
  };
  const all = (s) => [...s.river, ...s.hand, ...s.melds, ...s.name];
  // The centre: each seat's wind, score, chips and stick inside the panel, clear of the
  // round, the counters and the dora in its middle.
  const inside = (a, b) => a.left >= b.left - 1 && a.top >= b.top - 1
    && a.right <= b.right + 1 && a.bottom <= b.bottom + 1;
  const middle = boxes(document, '#round, #sticks > *, #dora .label, #dora .tile');
  for (const box of document.querySelectorAll('.seat-score')) {
    const parts = boxes(box, ':scope > *');
    for (const part of parts) {
      if (!inside(part, center)) problems.push(`${box.dataset.side} score outside: ${at(part)}`);
    }
    clash(`${box.dataset.side} score over the middle of the centre`, parts, middle);
  }
  for (const s of seats) {
    clash(`${s.id} name over its hand`, s.name, s.hand);
    clash(`${s.id} name over its melds`, s.name, s.melds);
    clash(`${s.id} name over its river`, s.name, s.river);
    clash(`${s.id} river over its hand or melds`, s.river, [...s.hand, ...s.melds]);
    clash(`${s.id} over the centre`, all(s), [center]);
    for (const o of seats) if (o.id < s.id) clash(`${s.id} over ${o.id}`, all(s), all(o));
  }
  const hand = boxes(document, '#hand .tile');
  // Every tap lands: the centre of each own tile and each button is that element, not
  // something drawn over it (the page's footer once lay over a phone's hand on its side).
  const misses = [...document.querySelectorAll('#hand .tile, #actions button, #settings > summary')]
    .filter(visible).flatMap((e) => {
      const b = e.getBoundingClientRect();
      const x = b.left + b.width / 2, y = b.top + b.height / 2;
      const top = document.elementFromPoint(x, y);
      const under = top ? `${top.tagName}#${top.id}.${top.className}` : 'nothing';
      return top && (top === e || e.contains(top)) ? []
        : [`${e.id || e.className} at ${Math.round(x)},${Math.round(y)} is under ${under}`];
    });
  return {
    misses,
    problems,
    view: [innerWidth, innerHeight],
    scroll: [document.documentElement.scrollWidth, document.documentElement.scrollHeight],
    board: [board.left, board.top, board.right, board.bottom],
    hand: hand.map((b) => [b.left, b.top, b.right, b.bottom]),
    buttons: boxes(document, '#actions button').map((b) => [b.left, b.top, b.right, b.bottom]),
    onBoard: seats.flatMap((s) => [...s.river, ...s.melds, ...s.name, ...s.hand])
      .map((b) => [b.left, b.top, b.right, b.bottom]),
    seats: seats.length,
    rivers: seats.map((s) => s.river.length),
    names: seats.map((s) => s.name.length),
  };
}
"""


def check_layout(g: dict[str, Any], where: str) -> None:
    width, height = g["view"]
    assert g["problems"] == [], (where, g["problems"])
    assert g["misses"] == [], (where, g["misses"])
    # No sideways scrolling; a desktop's whole table on its screen, no scrolling at all.
    assert g["scroll"][0] <= width, (where, g["scroll"])
    if width >= 1000 and width > height:
        assert g["scroll"][1] <= height, (where, "the page scrolls", g["scroll"])
    # The whole own hand on the screen as it opens, in tiles a finger can tap.
    assert len(g["hand"]) >= 11, where
    for left, top, right, bottom in g["hand"]:
        assert left >= 0 and top >= 0 and right <= width and bottom <= height, (where, g["hand"])
        # (A crowded bottom edge, a pon and three extracted tiles beside the hand on a
        # tablet, takes a few pixels off.)
        # A 640 px phone on its side has room for 14 tiles of 43 px.
        least = 40 if "busy" in where else 43 if width < 660 else 44
        assert right - left >= least - 0.5 and bottom - top >= least, (where, right - left)
    # Every tile and name of the board on the screen too, and the buttons.
    for left, top, right, bottom in g["onBoard"] + g["buttons"]:
        assert left >= 0 and top >= 0 and right <= width and bottom <= height, (where, left, top)
    b_left, b_top, b_right, b_bottom = g["board"]
    assert b_left >= 0 and b_right <= width and b_top >= 0, (where, g["board"])
    if height <= 500:
        # A phone on its side: the hand along the screen's bottom edge, over nothing but the
        # board's near edge (the checks above: over no tile, name or centre).
        assert all(bottom >= height - 12 for _, _, _, bottom in g["hand"]), (where, g["hand"])
    else:
        # The own hand inside the board's frame.
        for left, top, right, bottom in g["hand"]:
            assert b_left <= left and right <= b_right and b_top <= top and bottom <= b_bottom, (
                where,
                g["board"],
            )


@pytest.mark.parametrize(
    ("preset", "lang"),
    [("riichi", "ja"), ("gotou", "ja"), ("gotou", "en")],
    ids=["riichi-ja", "gotou-ja", "gotou-en"],
)
def test_the_table_fits_every_screen_without_overlaps(
    server: str, browser: Any, preset: str, lang: str
) -> None:
    players = 4 if preset == "riichi" else 3
    table, token = new_table(server, preset, ["human"] + ["bot:baseline"] * (players - 1), 5)
    context = browser.new_context(
        locale={"ja": "ja-JP", "en": "en-US"}[lang], viewport={"width": 1280, "height": 800}
    )
    page = context.new_page()
    page.set_default_timeout(60_000)
    try:
        page.goto(f"{server}/table.html?table={table}&pause=0#token={token}")
        page.wait_for_function("globalThis.jantakuTable && globalThis.jantakuTable.idle()")
        # A few discards for real.
        for _ in range(3):
            tiles = page.locator("#p-bottom #hand .playable")
            buttons = page.locator(
                "#actions button[data-type='pass'], #actions button[data-type='kita']"
            )
            if buttons.count():
                buttons.first.click()
            elif tiles.count():
                tiles.last.click()
            page.wait_for_function(
                "globalThis.jantakuTable.idle() || document.querySelector('#result').open"
            )
        assert page.locator("#result[open]").count() == 0
        states = [("start", None), ("busy", BUSY)]
        for state, script in states:
            if script:
                page.evaluate(script)
            for width, height in VIEWPORTS:
                page.set_viewport_size({"width": width, "height": height})
                page.wait_for_function("[...document.images].every((i) => i.complete)")
                where = f"{preset} {lang} {state} {width}x{height}"
                g = page.evaluate(GEOMETRY)
                assert g["seats"] == players, where
                if state == "busy":
                    assert min(g["rivers"]) >= 17, (where, g["rivers"])
                    if width in (390, 1280, 844, 667, 768):
                        ARTIFACTS.mkdir(exist_ok=True)
                        name = f"layout-{preset}-{lang}-{width}x{height}.png"
                        page.screenshot(path=str(ARTIFACTS / name))
                check_layout(g, where)
    finally:
        context.close()


# -- the replay viewer ---------------------------------------------------------------------------

REPLAY_GEOMETRY = """
() => {
  const box = (el) => {
    const b = el.getBoundingClientRect();
    return [b.left, b.top, b.right, b.bottom];
  };
  const all = (sel) => [...document.querySelectorAll(sel)].filter((e) => e.offsetParent).map(box);
  return {
    view: [innerWidth, innerHeight],
    scroll: [document.documentElement.scrollWidth, document.documentElement.scrollHeight],
    board: box(document.querySelector('#board')),
    tiles: all('#board .tile'),
    buttons: all('#controls button'),
    event: box(document.querySelector('#event')),
    current: box(document.querySelector('#hand-list button.current')),
    list: box(document.querySelector('#hand-list')),
  };
}
"""


@pytest.mark.parametrize("preset", ["riichi", "gotou"])
def test_the_replay_fits_a_phone_upright_and_on_its_side(
    server: str, browser: Any, preset: str
) -> None:
    """The replay viewer at a phone's sizes and a laptop's: the whole board, the step buttons
    and the list's current hand on the screen, nothing sideways; a phone on its side shows the
    list beside the board and nothing scrolls but the list."""
    players = 4 if preset == "riichi" else 3
    table, _ = finished_table(server, preset, ["bot:baseline"] * players, 5)
    page = browser.new_page(locale="ja-JP", viewport={"width": 1280, "height": 800})
    page.set_default_timeout(60_000)
    try:
        page.goto(f"{server}/replay.html?table={table}")
        page.wait_for_function("globalThis.jantakuReplay && globalThis.jantakuReplay.ready()")
        page.evaluate("globalThis.jantakuReplay.go(60)")  # rivers and melds on the board
        for width, height in [(390, 844), (844, 390), (667, 375), (1280, 800)]:
            page.set_viewport_size({"width": width, "height": height})
            page.wait_for_function("[...document.images].every((i) => i.complete)")
            g = page.evaluate(REPLAY_GEOMETRY)
            where = f"replay {preset} {width}x{height}"
            if width in (844, 667):
                ARTIFACTS.mkdir(exist_ok=True)
                name = f"layout-replay-{preset}-{width}x{height}.png"
                page.screenshot(path=str(ARTIFACTS / name))
            assert g["scroll"][0] <= width, (where, g["scroll"])
            if height <= 500:
                assert g["scroll"][1] <= height, (where, "the page scrolls", g["scroll"])
                # Beside the board, not under it.
                assert g["list"][0] >= g["board"][2] - 1, (where, g["list"], g["board"])
            b_left, b_top, b_right, b_bottom = g["board"]
            assert b_left >= 0 and b_right <= width and b_top >= 0, (where, g["board"])
            if height <= 500 or width >= 1000:
                assert b_bottom <= height, (where, "the board goes below the screen", g["board"])
            assert len(g["tiles"]) > 40, where
            for left, top, right, bottom in g["tiles"]:
                assert b_left - 1 <= left and right <= b_right + 1, (where, left, right)
                assert b_top - 1 <= top and bottom <= b_bottom + 1, (where, top, bottom)
            assert len(g["buttons"]) == 5, where
            for left, top, right, bottom in [*g["buttons"], g["current"], g["event"]]:
                assert left >= 0 and right <= width and top >= 0 and bottom <= height, (where, top)
            for _, top, _, bottom in g["buttons"] if width < 1000 else []:
                assert bottom - top >= 36, (where, "a step button too small to tap", bottom - top)
    finally:
        page.close()
