"""The table page as the browser tests drive it: when the page is ready for the next click, what
its result dialog shows, a simple deterministic clicking policy played to the end of a game, a
screenshot once the tiles have loaded, the game's log, and made-up hands folded into the page's
model (a long busy hand, a win of the seat across) for the layout and the dialogs."""

from __future__ import annotations

import json
import time
import urllib.request
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from support.browser import ARTIFACTS

WAIT_JS = """() => {
  const t = globalThis.jantakuTable;
  if (!t) return false;
  if (document.querySelector('#result[open]')) return true;
  return t.idle() && t.legal().length > 0;
}"""
"""Ready for the next click: a dialog is open, or every message is shown and we must act."""

DIALOG_JS = """() => {
  const d = document.querySelector('#result');
  const all = (root, sel) => [...root.querySelectorAll(sel)];
  const count = (root, sel) => root.querySelectorAll(sel).length;
  const m = globalThis.jantakuTable.model();
  return {
    kind: d.className,
    text: d.querySelector('#result-body').innerText,
    winners: all(d, 'section.win').map((s) => ({
      actor: Number(s.dataset.actor),
      yakus: all(s, 'table.yaku tr').map((tr) => [tr.dataset.yaku, tr.innerText]),
      concealed: count(s, '.hand-layout .concealed .tile'),
      winTile: count(s, '.hand-layout .win-tile .tile'),
      dora: count(s, '.indicators .dora .tile'),
      ura: count(s, '.indicators .ura .tile'),
      wildcard: count(s, '.wildcard .tile'),
      alice: count(s, '.alice .tile'),
      dice: all(s, '.dice .roll').map((r) => r.dataset.roll),
      chipItems: all(s, 'table.chip-items tr[data-item]').map((tr) => tr.dataset.item),
      total: s.querySelector('.total')?.innerText ?? '',
    })),
    draw: d.querySelector('section.draw h3')?.innerText ?? null,
    tenpai: all(d, 'section.draw .tenpai-row').map((r) => [
      Number(r.dataset.person), count(r, '.hand-layout .concealed .tile'),
    ]),
    changes: all(d, 'table.changes tr[data-person]').map((tr) => [
      Number(tr.dataset.person), tr.querySelector('.delta').innerText,
      tr.querySelector('.chip-delta')?.innerText ?? null, tr.className,
    ]),
    settlement: all(d, 'table.settlement tr[data-person]').map((tr) => [
      Number(tr.dataset.person), tr.querySelector('.settle').innerText,
    ]),
    settlementHead: all(d, 'table.settlement th').map((th) => th.innerText),
    sticks: document.querySelector('#sticks').innerText,
    kyotaku: m.kyotaku,
    people: m.n,
    sittingOut: m.sittingOut,
    sittingOutNote: document.querySelector('#sitting-out-note')?.innerText ?? null,
  };
}"""


@dataclass
class Played:
    """A game clicked through to its end (or to a dialog asked for): each hand's dialog as
    read, the settlement's, and what the clicking took."""

    table: int
    hands: list[dict[str, Any]] = field(default_factory=list)
    end: dict[str, Any] | None = None
    clicks: int = 0
    seconds: float = 0.0
    errors: list[str] = field(default_factory=list)
    """The page's console errors and uncaught exceptions over the whole game."""


def click_once(page: Any) -> None:
    """One decision of the simple policy."""
    buttons = page.locator("#actions button")
    texts = [t.strip().lower() for t in buttons.all_inner_texts()]
    for prefixes in (("tsumo", "ron"), ("pass",), ("kita",)):
        pick = next((i for i, t in enumerate(texts) if t.startswith(prefixes)), None)
        if pick is not None:
            buttons.nth(pick).click()
            return
    tiles = page.locator("#p-bottom .playable")
    drawn = page.locator("#p-bottom .playable.drawn")
    if tiles.count():
        (drawn if drawn.count() else tiles.last).click()
    elif texts:
        buttons.first.click()  # nothing to discard: whatever is offered


def screenshot(page: Any, name: str) -> None:
    """A screenshot once every tile image has loaded."""
    page.wait_for_function("[...document.images].every((i) => i.complete)")
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / name))


def play_game(
    page: Any,
    played: Played,
    max_clicks: int = 3000,
    until: Callable[[dict[str, Any]], bool] | None = None,
) -> Played:
    """Click through the rest of the game (or until a hand's dialog satisfies ``until``);
    every hand's dialog is read, then closed."""
    start = time.monotonic()
    for _ in range(max_clicks):
        page.wait_for_function(WAIT_JS, timeout=90_000)
        if page.locator("#result[open]").count():
            info = page.evaluate(DIALOG_JS)
            if "game-result" in info["kind"]:
                played.end = info
                break
            played.hands.append(info)
            if until is not None and until(info):
                break
            page.click("#result-ok")
            continue
        click_once(page)
        played.clicks += 1
    played.seconds = time.monotonic() - start
    return played


def game_log(url: str, table: int) -> list[dict[str, Any]]:
    with urllib.request.urlopen(f"{url}/api/tables/{table}/log") as r:
        return [json.loads(line) for line in r.read().decode().splitlines() if line]


def signed(v: int) -> str:
    return f"+{v}" if v > 0 else str(v)


CHIPS = {"gotou": True, "tokushima": True, "mighty": True, "kanto-boo": False}
"""Whether each preset's result dialogs show chips."""

# A long hand, made up at the page: every seat discards 19 tiles (21 at three players; the
# seat after the own riichis at its sixth), the seat across calls chi, pon, an added kan and a
# closed kan, the own seat calls a pon with two of its own tiles, and at a three-player table
# every seat extracts three norths.
BUSY = """
() => {
  const m = globalThis.jantakuTable.model();
  const n = m.n, me = m.seat;
  const names = m.preset?.tiles ?? {};
  const ids = Object.keys(names).map(Number).filter((id) => !/[f]$/.test(names[id]));
  // Never a tile of the own hand (a discard would take it out of the hand).
  const own = new Set([...m.hand, m.drawn]);
  const pool = (ids.length ? ids : [...Array(136).keys()]).filter((id) => !own.has(id));
  const north = pool.filter((id) => (names[id] ?? '') === '4z');
  let k = 0;
  const next = () => pool[(k++ * 7) % pool.length];
  const order = [...Array(n).keys()].map((i) => (me + i) % n);
  const other = (i) => order[i % n];
  const across = other(n === 4 ? 2 : 1);
  const events = [];
  const pair = () => [next(), next()];
  for (let round = 0; round < (n === 4 ? 19 : 21); round++) {
    for (const p of order) {
      if (round === 5 && p === other(1)) {
        events.push({ type: 'reach', actor: p }, { type: 'reach_accepted', actor: p });
      }
      events.push({ type: 'dahai', actor: p, tile: next(), tsumogiri: round % 3 === 0 });
      const call = p === other(n - 1) && { 3: 'chi', 6: 'pon' }[round];
      if (call) events.push({ type: call, actor: across, target: p, tile: next(), tiles: pair() });
      if (p === other(1) && round === 8) {
        const [a, b] = m.hand;
        events.push({ type: 'pon', actor: me, target: p, tile: next(), tiles: [a, b] });
      }
    }
  }
  const pon = events.find((e) => e.type === 'pon' && e.actor === across);
  events.push({ type: 'kakan', actor: across, tile: pon.tiles[0], tiles: [] });
  events.push({ type: 'ankan', actor: across, tiles: [next(), next(), next(), next()] });
  if (n === 3) {
    for (const p of order) {
      for (let i = 0; i < 3; i++) {
        const tile = north[i % Math.max(1, north.length)] ?? next();
        events.push({ type: 'nukidora', actor: p, tile });
      }
    }
  }
  globalThis.jantakuTable.foldLocally(events);
}
"""

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
