"""Every point and chip explained, in Chromium: each hand's result dialog lists its point
and chip lines (和了, 本場, 供託, オープン立直, 割れ目, 飛び賞, 抜け番祝儀, 高得点賞…) and they
add up to the dialog's columns; the settlement lists its lines (順位, クビ, ウマ, オカ,
マルエー, 場代…) and they add up to each person's result.

Seeded games of each house preset, the person's seat played over the socket by
:mod:`result_lines_play` (the bots play the others, as the server always does); the seeds were
found with the same player over a test client (they produce the lines named in each case).
Then the finished table's page shows every hand's dialog (``jantakuTable.showResult(i)``) and
the settlement, and the test reads the numbers off the page. Screenshots of the busiest
dialogs go to tests/artifacts/lines-*.png.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from websockets.sync.client import connect

from support.browser import ARTIFACTS, new_table
from support.result_lines_play import play_seat

# (preset, people, seed, the lines some hand's dialog lists, the settlement's lines)
CASES = [
    ("gotou", 4, 4, {"抜け番祝儀", "飛び賞", "高得点賞", "供託"}, {"持ちチップ", "順位", "クビ"}),
    ("gotou", 3, 1, {"オープン立直", "ツモ加符", "本場", "祝儀"}, {"持ちチップ", "順位"}),
    ("mighty", 3, 2, {"割れ目(倍払い)", "和了"}, {"素点", "オカ", "沈みウマ", "チップ換算"}),
    ("kanto-boo", 4, 2, {"本場", "和了"}, {"マルエー", "場代"}),
    ("tokushima", 4, 4, {"本場", "祝儀"}, {"素点", "オカ"}),
]

AXE = Path(__file__).resolve().parents[2] / "node_modules" / "axe-core" / "axe.min.js"
RUN_AXE = """async () => {
  const r = await axe.run(document.querySelector('#result'), { resultTypes: ['violations'] });
  return r.violations.filter((v) => ['serious', 'critical'].includes(v.impact))
    .map((v) => `${v.id} (${v.impact}): ${v.nodes.slice(0, 3).map((n) => n.target.join(' '))}`);
}"""


def axe_violations(page: Any) -> list[str]:
    """axe-core's serious and critical findings in the open dialog (none without axe-core)."""
    if not AXE.exists():
        return []
    if not page.evaluate("typeof axe !== 'undefined'"):
        page.add_script_tag(path=str(AXE))
    found: list[str] = page.evaluate(RUN_AXE)
    return found


READ_HAND = """() => {
  const num = (td) => (td && td.textContent.trim() ? Number(td.textContent) : 0);
  const rows = [...document.querySelectorAll('#result table.changes tr[data-person]')];
  const head = [...document.querySelectorAll('#result table.changes tr:first-child th')]
    .map((th) => th.textContent);
  const chipCol = head.length > 3 ? 3 : -1;
  const columns = {
    points: rows.map((tr) => num(tr.children[1])),
    chips: rows.map((tr) => (chipCol > 0 ? num(tr.children[chipCol]) : 0)),
  };
  const lines = [...document.querySelectorAll('#result table.lines tr[data-item]')].map((tr) => ({
    kind: tr.dataset.kind, name: tr.children[0].textContent,
    values: [...tr.children].slice(1).map(num),
  }));
  return { columns, lines };
}"""

READ_SETTLEMENT = """() => {
  const rows = [...document.querySelectorAll('#result table.settlement tr[data-person]')];
  const result = rows.map((tr) => Number(tr.lastElementChild.textContent));
  const lines = [...document.querySelectorAll('#result table.settlement-lines tr[data-item]')]
    .map((tr) => ({ name: tr.children[0].textContent,
      values: [...tr.children].slice(1).map((td) => Number(td.textContent || 0)) }));
  return { result, lines };
}"""


def play(url: str, preset: str, people: int, seed: int) -> tuple[int, str]:
    seats = ["human"] + ["bot:baseline"] * (people - 1)
    table, token = new_table(url, preset, seats, seed)
    ws_url = url.replace("http://", "ws://") + f"/ws/{table}"
    with connect(ws_url, max_size=None) as ws:
        ws.send(json.dumps({"type": "join", "token": token}))
        play_seat(lambda m: ws.send(json.dumps(m)), lambda: json.loads(ws.recv(timeout=120)))
    return table, token


@pytest.mark.parametrize(("preset", "people", "seed", "hand_lines", "settle_lines"), CASES)
def test_the_listed_lines_add_up_to_the_columns(
    server: str,
    browser: Any,
    preset: str,
    people: int,
    seed: int,
    hand_lines: set[str],
    settle_lines: set[str],
) -> None:
    table, token = play(server, preset, people, seed)
    context = browser.new_context(locale="ja-JP", viewport={"width": 390, "height": 844})
    page = context.new_page()
    page.set_default_timeout(60_000)
    try:
        page.goto(f"{server}/table.html?table={table}&pause=0#token={token}")
        errors: list[str] = []
        page.on("pageerror", lambda e: errors.append(str(e)))
        # A finished game's page opens on its settlement (the page waits for it to close).
        page.wait_for_selector("#result table.settlement")
        assert page.locator("#result table.settlement-lines tr[data-item]").count() > 0
        hands = page.evaluate("globalThis.jantakuTable.model().results.length")
        assert hands > 0
        names: set[str] = set()
        busiest = (-1, 0)
        for i in range(hands):
            page.evaluate("document.querySelector('#result').close()")
            page.evaluate(f"globalThis.jantakuTable.showResult({i})")
            page.wait_for_selector("#result table.changes")
            got = page.evaluate(READ_HAND)
            if not got["lines"]:  # a draw that paid nothing (no noten payments)
                assert not any(got["columns"]["points"] + got["columns"]["chips"]), (i, got)
            for kind in ("points", "chips"):
                mine = [x["values"] for x in got["lines"] if x["kind"] == kind]
                sums = [sum(v[p] for v in mine) for p in range(people)]
                assert sums == got["columns"][kind], (i, kind, got)
            names.update(x["name"] for x in got["lines"])
            busiest = max(busiest, (len(got["lines"]), i))
        assert hand_lines <= names, names
        # The busiest dialog on a phone, for people to look at.
        page.evaluate("document.querySelector('#result').close()")
        page.evaluate(f"globalThis.jantakuTable.showResult({busiest[1]})")
        page.wait_for_selector("#result table.lines")
        # The columns and the lines under them in view (the dialog scrolls on a phone).
        page.evaluate(
            "document.querySelector('#result table.lines').scrollIntoView({block: 'end'})"
        )
        ARTIFACTS.mkdir(exist_ok=True)
        page.screenshot(path=str(ARTIFACTS / f"lines-{preset}-{people}.png"), full_page=True)
        assert axe_violations(page) == []
        page.evaluate("document.querySelector('#result').close()")
        page.evaluate("globalThis.jantakuTable.showResult()")
        page.wait_for_selector("#result table.settlement-lines")
        settled = page.evaluate(READ_SETTLEMENT)
        assert settle_lines <= {x["name"] for x in settled["lines"]}, settled
        for p, want in enumerate(settled["result"]):
            total = sum(x["values"][p] for x in settled["lines"])
            assert total == pytest.approx(want, abs=0.11), settled
        page.screenshot(path=str(ARTIFACTS / f"lines-settlement-{preset}-{people}.png"))
        assert axe_violations(page) == []
        assert not errors, errors
    finally:
        context.close()


def test_the_replay_lists_the_lines_too(server: str, browser: Any) -> None:
    """The replay of a stored game shows each hand's lines and the settlement's, from
    ``GET /api/tables/{id}/lines``; they add up to its columns as at the table."""
    table, _ = play(server, "gotou", 4, 4)
    page = browser.new_page(locale="ja-JP", viewport={"width": 390, "height": 844})
    page.set_default_timeout(60_000)
    try:
        page.goto(f"{server}/replay.html?table={table}")
        page.wait_for_function("globalThis.jantakuReplay && globalThis.jantakuReplay.ready()")
        ends = page.evaluate(
            """() => { const r = globalThis.jantakuReplay;
              const log = r.steps(); const out = [];
              for (let p = 0; p < log.length; p++) { r.go(p);
                if (r.event().type === 'end_kyoku' || r.event().type === 'end_game') out.push(p); }
              return out; }"""
        )
        assert len(ends) >= 2
        for p in ends[:-1]:
            page.evaluate(f"globalThis.jantakuReplay.go({p})")
            page.wait_for_selector("#result[open] table.lines")
            got = page.evaluate(READ_HAND)
            for kind in ("points", "chips"):
                mine = [x["values"] for x in got["lines"] if x["kind"] == kind]
                assert [sum(v[q] for v in mine) for q in range(4)] == got["columns"][kind]
        page.evaluate(f"globalThis.jantakuReplay.go({ends[-1]})")
        page.wait_for_selector("#result[open] table.settlement-lines")
        settled = page.evaluate(READ_SETTLEMENT)
        for q, want in enumerate(settled["result"]):
            total = sum(x["values"][q] for x in settled["lines"])
            assert total == pytest.approx(want, abs=0.11), settled
    finally:
        page.close()
