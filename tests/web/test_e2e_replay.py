"""The replay viewer in a real browser (Playwright + Debian's Chromium, like test_e2e_browser):
bot-only tables finish as they are made; the lobby's replay link opens the viewer, and what it
shows at every step (each hand face up, rivers, melds, extracted tiles) is checked against the
log folded here in Python, forwards, backwards and by jumps, then the results and the final
settlement. Screenshots go to tests/artifacts/replay-*.png.
"""

from __future__ import annotations

import json
import re
from typing import Any

import pytest

from support.browser import ARTIFACTS, finished_table

SNAPSHOT_JS = """(withHtml) => {
  const out = {};
  for (const box of document.querySelectorAll('#board .player:not(.empty)')) {
    const s = box.dataset.person;
    out[s] = {
      hand: [...box.querySelectorAll('.hand.open .tile')].map((t) => Number(t.dataset.id)),
      drawn: box.querySelector('.hand.open .tile.drawn')?.dataset.id ?? null,
      river: box.querySelectorAll('.river .tile').length,
      riichiTiles: box.querySelectorAll('.river .tile.sideways').length,
      melds: box.querySelectorAll('.melds .meld:not(.nuki)').length,
      nuki: box.querySelectorAll('.melds .nuki .tile').length,
      sittingOut: box.classList.contains('sitting-out'),
      turn: box.classList.contains('turn'),
    };
  }
  return {
    seats: out,
    pos: globalThis.jantakuReplay.position(),
    index: globalThis.jantakuReplay.eventIndex(),
    dora: document.querySelectorAll('#dora .tile').length,
    wins: document.querySelectorAll('#result[open] section.win').length,
    draw: document.querySelectorAll('#result[open] section.draw').length,
    settlement: document.querySelectorAll('#result[open] table.settlement').length,
    html: withHtml ? document.querySelector('#board').innerHTML : null,
  };
}"""
BOARD_JS = f"() => ({SNAPSHOT_JS})(true)"
EVERY_STEP_JS = f"""() => {{
  const snapshot = {SNAPSHOT_JS};
  const out = [];
  for (let p = 0; p < globalThis.jantakuReplay.steps().length; p++) {{
    globalThis.jantakuReplay.go(p);
    out.push(snapshot(false));
  }}
  return out;
}}"""
"""Every step in turn, each board as BOARD_JS reads it (one round trip)."""


def steps_of(log: list[dict[str, Any]]) -> list[int]:
    """The viewer's steps: every event but start_game and the answers to a tile on offer
    (passes and declarations show in the events they cause)."""
    return [i for i, ev in enumerate(log) if ev["type"] not in ("start_game", "pass", "declare")]


def fold(log: list[dict[str, Any]], upto: int) -> dict[str, Any]:
    """What the board shows after event ``upto``: each person's concealed tiles (the drawn one
    apart), river, melds, extracted tiles, riichi discards; folded from the hand's deal."""
    start = max(i for i in range(upto + 1) if log[i]["type"] == "start_kyoku")
    deal = log[start]
    people = len(deal["wall"]["hands"])
    hands = [list(h) for h in deal["wall"]["hands"]]
    drawn: list[int | None] = [None] * people
    river, melds, nuki, riichi = [0] * people, [0] * people, [0] * people, [0] * people
    pending = [False] * people
    dora = len(deal.get("dora_tiles") or [deal["dora_tile"]])

    def take(a: int, tiles: list[int]) -> None:
        d = drawn[a]
        if d is not None:
            hands[a].append(d)
            drawn[a] = None
        for t in tiles:
            hands[a].remove(t)

    for ev in log[start + 1 : upto + 1]:
        kind, a = ev["type"], int(ev.get("actor", -1))
        if kind == "tsumo":
            d = drawn[a]
            if d is not None:
                hands[a].append(d)
            drawn[a] = ev["tile"]
        elif kind == "dahai":
            take(a, [ev["tile"]])
            river[a] += 1
            riichi[a] += pending[a]
            pending[a] = False
        elif kind == "reach":
            pending[a] = True
        elif kind in ("chi", "pon", "daiminkan", "ankan"):
            take(a, ev["tiles"])
            melds[a] += 1
        elif kind == "kakan":
            take(a, [ev["tile"]])
        elif kind == "nukidora":
            take(a, [ev["tile"]])
            nuki[a] += 1
        elif kind == "dora":
            dora += 1
    return {
        "seats": {
            str(s): {
                "hand": sorted(hands[s]) + ([drawn[s]] if drawn[s] is not None else []),
                "drawn": None if drawn[s] is None else str(drawn[s]),
                "river": river[s],
                "riichiTiles": riichi[s],
                "melds": melds[s],
                "nuki": nuki[s],
                "sittingOut": deal.get("sitting_out") == s,
            }
            for s in range(people)
        },
        "dora": dora,
    }


def shown(page: Any) -> dict[str, Any]:
    return page.evaluate(BOARD_JS)  # type: ignore[no-any-return]


def assert_matches(
    page: Any, log: list[dict[str, Any]], steps: list[int], board: dict[str, Any] | None = None
) -> dict[str, Any]:
    """The board (read now, or ``board``) shows what the log folds to at its step."""
    board = shown(page) if board is None else board
    index = steps[board["pos"]]
    assert board["index"] == index
    want = fold(log, index)
    got = {s: {k: v for k, v in seat.items() if k != "turn"} for s, seat in board["seats"].items()}
    assert got == want["seats"], (board["pos"], log[index])
    assert board["dora"] == want["dora"], (board["pos"], log[index])
    # The result shows at a win, a draw and the hand's end (every win so far: a double ron
    # shows two), the settlement at the game's end.
    kind = log[index]["type"]
    hand = log[max(i for i in range(index + 1) if log[i]["type"] == "start_kyoku") : index + 1]
    result = kind in ("hora", "ryukyoku", "end_kyoku")
    assert board["wins"] == (sum(e["type"] == "hora" for e in hand) if result else 0)
    assert board["draw"] == (sum(e["type"] == "ryukyoku" for e in hand) if result else 0)
    assert board["settlement"] == (kind == "end_game")
    return board


def screenshot(page: Any, name: str) -> None:
    page.wait_for_function("[...document.images].every((i) => i.complete)")
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / name))


def open_from_lobby(page: Any, url: str, table: int) -> None:
    page.goto(url + "/")
    link = page.locator(f'#tables tr[data-table="{table}"] a.replay')
    link.click()
    page.wait_for_url(re.compile(rf"/replay\.html\?table={table}\b"))
    page.wait_for_function("globalThis.jantakuReplay && globalThis.jantakuReplay.ready()")


def test_replay_a_gotou_game_step_by_step(server: str, browser: Any) -> None:
    table, log = finished_table(server, "gotou", ["bot:baseline"] * 3, 1)
    steps = steps_of(log)
    page = browser.new_page(viewport={"width": 1400, "height": 950})
    page.set_default_timeout(20_000)
    try:
        open_from_lobby(page, server, table)
        assert page.evaluate("globalThis.jantakuReplay.steps()") == steps
        deals = [i for i, ev in enumerate(log) if ev["type"] == "start_kyoku"]
        hand_pos = page.evaluate("globalThis.jantakuReplay.hands()")
        assert [steps[p] for p in hand_pos] == deals
        # The first step is the first deal: three open hands of 13, nothing discarded.
        first = assert_matches(page, log, steps)
        assert first["pos"] == 0
        assert [len(first["seats"][str(s)]["hand"]) for s in range(3)] == [13, 13, 13]
        assert page.locator("#hand-list button.current").get_attribute("data-hand") == "0"

        # Forwards with the key, step by step, against the log folded in Python.
        k = 40
        for _ in range(k):
            page.keyboard.press("ArrowRight")
        at_k = assert_matches(page, log, steps)
        assert at_k["pos"] == k
        assert sum(seat["river"] for seat in at_k["seats"].values()) > 0
        screenshot(page, "replay-gotou-step.png")
        # Forwards then backwards: exactly the same board again.
        for _ in range(7):
            page.keyboard.press("ArrowRight")
        assert_matches(page, log, steps)
        for _ in range(7):
            page.keyboard.press("ArrowLeft")
        back = assert_matches(page, log, steps)
        assert back["pos"] == k and back["html"] == at_k["html"]
        # The buttons do the same.
        page.click("#next")
        page.click("#prev")
        assert shown(page)["html"] == at_k["html"]

        # Every step of the game, in a jump from wherever the last one was.
        boards = page.evaluate(EVERY_STEP_JS)
        assert [b["pos"] for b in boards] == list(range(len(steps)))
        for board in boards:
            assert_matches(page, log, steps, board)
        # And back from the end to step k: the same board as when reached forwards.
        page.evaluate(f"globalThis.jantakuReplay.go({k})")
        assert shown(page)["html"] == at_k["html"]

        # Hands: down goes to the next deal, up back; the list jumps to any hand.
        page.keyboard.press("ArrowDown")
        assert shown(page)["pos"] == hand_pos[1]
        page.keyboard.press("PageDown")
        assert shown(page)["pos"] == hand_pos[2]
        page.keyboard.press("ArrowUp")
        assert shown(page)["pos"] == hand_pos[1]
        page.keyboard.press("PageUp")
        assert shown(page)["pos"] == hand_pos[0]
        last = len(hand_pos) - 1
        page.click(f'#hand-list button[data-hand="{last}"]')
        assert shown(page)["pos"] == hand_pos[last]
        assert page.locator("#hand-list button.current").get_attribute("data-hand") == str(last)
        assert_matches(page, log, steps)

        # The last hand's win: the result shows over the board, as the log says.
        hora = max(i for i, ev in enumerate(log) if ev["type"] in ("hora", "ryukyoku"))
        while shown(page)["index"] < hora:
            page.keyboard.press("ArrowRight")
        page.wait_for_selector("#result[open].hand-result")
        ev = log[hora]
        if ev["type"] == "hora":
            win = page.locator("#result-body section.win")
            assert [int(w) for w in win.evaluate_all("(s) => s.map((x) => x.dataset.actor)")] == [
                ev["actor"]
            ]
            yaku = page.locator("#result-body table.yaku tr").evaluate_all(
                "(rows) => rows.map((r) => r.dataset.yaku)"
            )
            assert yaku == [y["id"] for y in ev["yakus"]]
            assert f"{ev['hora_points']} points" in page.locator("#result-body .total").inner_text()
        deltas = page.locator("#result-body table.changes .delta").all_inner_texts()
        assert deltas == [f"+{d}" if d > 0 else str(d) for d in ev["deltas"]]
        screenshot(page, "replay-gotou-result.png")
        # Esc hides it; the keys still step (the dialog is not modal).
        page.keyboard.press("Escape")
        page.wait_for_selector("#result:not([open])", state="attached")
        page.keyboard.press("ArrowLeft")
        page.keyboard.press("ArrowRight")
        page.wait_for_selector("#result[open].hand-result")

        # The end: the final settlement, ranked as the log says.
        page.keyboard.press("End")
        page.wait_for_selector("#result[open].game-result")
        end = log[-1]
        rows = page.locator("#result-body table.settlement tr[data-person]")
        ranked = sorted(range(3), key=lambda s: (-end["scores"][s], s))
        assert [int(p) for p in rows.evaluate_all("(r) => r.map((x) => x.dataset.person)")] == (
            ranked
        )
        chips = rows.locator(".chips").all_inner_texts()
        assert chips == [str(end["chips"][s]) for s in ranked]
        assert page.locator("#next").is_disabled()
        screenshot(page, "replay-gotou-settlement.png")

        # Play: space starts (8×: a step every ~0.1 s), space pauses.
        page.keyboard.press("Home")
        page.select_option("#speed", "8")
        page.keyboard.press(" ")
        page.wait_for_function("globalThis.jantakuReplay.position() >= 3")
        page.keyboard.press(" ")
        assert not page.evaluate("globalThis.jantakuReplay.playing()")
        paused = shown(page)["pos"]
        page.wait_for_timeout(400)
        assert shown(page)["pos"] == paused
        assert_matches(page, log, steps)
        # Space on a focused button plays; it does not also press the button.
        page.select_option("#speed", "0.5")
        page.click("#next")
        page.keyboard.press(" ")
        assert page.evaluate("globalThis.jantakuReplay.playing()")
        assert shown(page)["pos"] == paused + 1
        page.keyboard.press(" ")
        assert not page.evaluate("globalThis.jantakuReplay.playing()")
        # The position is in the address: a reload opens the same step.
        page.reload()
        page.wait_for_function("globalThis.jantakuReplay && globalThis.jantakuReplay.ready()")
        assert shown(page)["pos"] == paused + 1
    finally:
        page.close()


def test_replay_four_people_rotating_at_gotou(server: str, browser: Any) -> None:
    table, log = finished_table(server, "gotou", ["bot:baseline"] * 4, 3)
    assert log[0].get("people") == 4
    steps = steps_of(log)
    deals = [ev for ev in log if ev["type"] == "start_kyoku"]
    assert len(deals) >= 2 and all(isinstance(d.get("sitting_out"), int) for d in deals)
    page = browser.new_page(viewport={"width": 1400, "height": 950})
    page.set_default_timeout(20_000)
    try:
        open_from_lobby(page, server, table)
        hand_pos = page.evaluate("globalThis.jantakuReplay.hands()")
        for h, deal in enumerate(deals):
            page.click(f'#hand-list button[data-hand="{h}"]')
            board = assert_matches(page, log, steps)
            # Four boxes; the one sitting out is marked and dealt nothing.
            assert len(board["seats"]) == 4
            out = str(deal["sitting_out"])
            assert board["seats"][out]["sittingOut"] and board["seats"][out]["hand"] == []
            assert all(len(seat["hand"]) == 13 for s, seat in board["seats"].items() if s != out)
            box = page.locator(f'.player[data-person="{out}"]')
            assert "sitting out" in box.inner_text()
            if h == 1:
                screenshot(page, "replay-four-people-second-hand.png")
            assert board["pos"] == hand_pos[h]
        boards = page.evaluate(EVERY_STEP_JS)
        assert [b["pos"] for b in boards] == list(range(len(steps)))
        for board in boards:
            assert_matches(page, log, steps, board)
        # Seen from another person: the board turns, the fold does not change.
        page.evaluate("globalThis.jantakuReplay.go(5)")
        page.select_option("#pov", "2")
        assert page.locator("#p-bottom").get_attribute("data-person") == "2"
        assert_matches(page, log, steps)
        page.keyboard.press("End")
        page.wait_for_selector("#result[open].game-result")
        rows = page.locator("#result-body table.settlement tr[data-person]")
        assert rows.count() == 4
        screenshot(page, "replay-four-people-settlement.png")

        # A downloaded log opens from a file; `jantaku simulate --out` files hold several
        # games, told apart by their "game" index.
        _, other = finished_table(server, "gotou", ["bot:baseline"] * 3, 4)
        lines = [json.dumps({**ev, "game": 0}) for ev in log]
        lines += [json.dumps({**ev, "game": 1}) for ev in other]
        page.set_input_files(
            "#open-file",
            files=[
                {
                    "name": "games.jsonl",
                    "mimeType": "application/x-ndjson",
                    "buffer": "\n".join(lines).encode(),
                }
            ],
        )
        page.wait_for_selector("#game-label:not([hidden])")
        page.wait_for_function("globalThis.jantakuReplay.position() === 0")
        assert len(shown(page)["seats"]) == 4
        page.select_option("#game", "1")
        page.wait_for_function("document.querySelectorAll('.player:not(.empty)').length === 3")
        assert page.evaluate("globalThis.jantakuReplay.steps()") == steps_of(other)
        assert_matches(page, other, steps_of(other))
    finally:
        page.close()


@pytest.mark.slow
@pytest.mark.parametrize(
    ("preset", "people", "seed", "bot"),
    [
        # The notes say what the game showed when written (bots and engine may change that).
        ("riichi", 4, 22, "baseline"),  # a double ron, nine terminals, exhaustive draws
        ("sanma", 3, 10, "baseline"),  # a double ron
        ("mighty", 3, 11, "baseline"),  # a double ron
        ("gotou", 3, 15, "baseline"),  # a double ron, an exhaustive draw
        ("tokushima", 4, 2, "baseline"),  # four people rotating
        ("kanto-boo", 4, 10, "baseline"),
        ("riichi", 4, 1, "random"),  # chi, pon, open and added kans, kan dora
        ("mighty", 3, 4, "random"),  # closed kans
    ],
)
def test_replay_every_step_of_other_games(
    server: str, browser: Any, preset: str, people: int, seed: int, bot: str
) -> None:
    table, log = finished_table(server, preset, [f"bot:{bot}"] * people, seed)
    steps = steps_of(log)
    page = browser.new_page(viewport={"width": 1400, "height": 950})
    page.set_default_timeout(30_000)
    try:
        page.goto(f"{server}/replay.html?table={table}")
        page.wait_for_function("globalThis.jantakuReplay && globalThis.jantakuReplay.ready()")
        boards = page.evaluate(EVERY_STEP_JS)
        for board in boards:
            assert_matches(page, log, steps, board)
        assert boards[-1]["settlement"] == 1
        # A screenshot where the most is on the table (melds, then discards).
        busiest = max(
            boards,
            key=lambda b: sum(s["melds"] + s["river"] / 100 for s in b["seats"].values()),
        )
        page.evaluate(f"globalThis.jantakuReplay.go({busiest['pos']})")
        screenshot(page, f"replay-{preset}-{people}p-{seed}-{bot}.png")
    finally:
        page.close()


def test_replay_opens_kobalab_and_tenhou6_records(server: str, browser: Any) -> None:
    """The viewer's open-file takes a 電脳麻将 paipu and a tenhou.net/6 record: the server
    replays them through the engine and the viewer shows the game to its last step."""
    from pathlib import Path

    real = Path(__file__).resolve().parents[3] / "shared" / "data" / "real-logs"
    if not real.is_dir():
        real = Path("/work/shared/data/real-logs")
    if not real.is_dir():
        pytest.skip("the real logs (/work/shared) are not here")
    paipu = real / "MitsuhiroTaniguchi__MahjongLM/tests/fixtures/tenhou"
    paipu = paipu / "2023012721gm-00e1-0000-72b6b9d6.json"
    doc = json.loads(paipu.read_text(encoding="utf-8"))
    page = browser.new_page(viewport={"width": 1400, "height": 950})
    page.set_default_timeout(30_000)
    try:
        page.goto(server + "/replay.html")
        page.set_input_files("#open-file", str(paipu))
        page.wait_for_function("globalThis.jantakuReplay.ready()")
        assert len(page.evaluate("globalThis.jantakuReplay.hands()")) == len(doc["log"])
        assert len(shown(page)["seats"]) == 4
        page.keyboard.press("End")
        page.wait_for_selector("#result[open].game-result")
        model = page.evaluate("globalThis.jantakuReplay.event()")
        assert model["type"] == "end_game" and model["scores"] == doc["defen"]
        # A file that is no record: the viewer says why.
        page.set_input_files(
            "#open-file",
            files=[{"name": "x.json", "mimeType": "application/json", "buffer": b'{"log": 5}'}],
        )
        page.wait_for_function("document.querySelector('#error').textContent.length > 0")
        assert "cannot be imported" in page.locator("#error").inner_text()
    finally:
        page.close()
