"""Kans, double rons and four people at a three-player table, clicked in a real browser
(Playwright + Debian's Chromium) and checked against a mirror of the table in Python.

This builds on tests/support/table_mirror.py, as tests/web/test_e2e_wins.py does: its
:class:`~support.table_mirror.Mirror` keeps the server's game in the test (the bots chosen as
the server chooses them, the human's decisions made by the baseline bot), the page is compared
with the mirror before every click (``check_page``) and the decisions are clicked as there
(``do``). What is new:

* Kans. The human plays like the baseline bot except that it declares the first kan it is
  offered (the baseline bot never does). Seeds were found with the mirror alone
  (:func:`first_kan`) where that kan comes early in the first hand: a closed kan (暗槓), an
  added kan (加槓, after a pon) and an open kan (大明槓) on a bot's discard. In the browser the
  Kan button (showing the kan's tiles) is clicked; then the page must show the meld as that
  kan (a closed kan with its two end tiles face down, an added kan with the added tile on the
  called one, an open kan with the called tile sideways on the discarder's side), the
  replacement tile drawn (rinshan, the page's drawn tile) and a new dora indicator, at once
  for a closed kan or where the preset turns kan dora at once (gotou), else after the next
  discard (Tenhou).
* Double ron. Seeds where two players ron one discard in the first hand: the human one of the
  winners, or the human the discarder. The result dialog must show both wins, in the
  engine's order (from the discarder), each with its own heading (who, from whom), winning
  tile, yaku with their han, fu, han and points as in the mirrored ``hora`` events, and every
  seat's point change the sum of both wins'.
* Four people at a three-player preset (``people=4``, one person sitting out each hand): the
  human wins by clicking, in the first hand or after having sat out one; the dialog shows
  four rows of changes, the person sitting out marked, and the human's win as above.

Every result dialog met on the way is checked (:func:`check_result`) and closed. The
mirror-only tests say first whether a seed still does what it was picked for (a change to the
engine or the bots may move that: find new seeds with ``first_kan``, ``first_double_ron`` or
``support.table_mirror.first_win``). Screenshots go to
tests/artifacts/{kan,double-ron,four}-*.png. The slow cases run with ``pytest -m slow``.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

import pytest

from jantaku.game import Action
from jantaku.server.tables import action_json
from jantaku.tiles.notation import MeldType
from support import table_mirror, table_page
from support.browser import HAND_PLAYED, new_table

KANS = ("ankan", "kakan", "daiminkan")
MELD_TYPES = {"ankan": MeldType.ANKAN, "kakan": MeldType.KAKAN, "daiminkan": MeldType.MINKAN}
SEAT_WINDS = ["East", "South", "West", "North"]

MELD_JS = """() => {
  const m = globalThis.jantakuTable.model();
  const box = [...document.querySelectorAll('#p-bottom .melds .meld:not(.nuki)')].at(-1);
  const drawn = document.querySelector('#p-bottom #hand .tile.drawn');
  const id = (t) => (t.dataset.id === undefined ? null : Number(t.dataset.id));
  return {
    model: m.melds[m.seat].at(-1) ?? null,
    shown: box ? {
      type: box.dataset.type,
      tiles: [...box.querySelectorAll('.tile')].map((t) => ({
        id: id(t), back: t.classList.contains('back'),
        sideways: t.classList.contains('sideways'), added: t.classList.contains('added'),
      })),
    } : null,
    drawn: drawn ? id(drawn) : null,
    dora: m.dora,
    doraShown: [...document.querySelectorAll('#dora .tile')].map(id),
  };
}"""
"""The human's last meld (in the model and as drawn), drawn tile and dora indicators."""

BUTTON_JS = """(i) => {
  const b = document.querySelectorAll('#actions button')[i];
  return { text: b.innerText, key: b.dataset.key ?? null,
    tiles: [...b.querySelectorAll('.tile')].map((t) => Number(t.dataset.id)) };
}"""

SECTIONS_JS = """() => [...document.querySelectorAll('#result section.win')].map((s) => ({
  heading: s.querySelector('h3').innerText.replace(/\\s+/g, ' ').trim(),
  winTile: s.querySelector('.win-tile .tile')?.dataset.id ?? null,
  yakus: [...s.querySelectorAll('table.yaku tr')].map((tr) => [
    tr.dataset.yaku, tr.querySelector('td.han').innerText]),
  total: s.querySelector('.total').innerText,
}))"""
"""Each win of the open result dialog: its heading, winning tile, yaku rows and total line."""


# -- a table played in the browser against its mirror -------------------------------------------


@dataclass
class Session:
    """A new table, the human's page on it, and its mirror."""

    page: Any
    mirror: table_mirror.Mirror
    out: table_mirror.Clicked = field(default_factory=table_mirror.Clicked)
    shown: dict[str, Any] = field(default_factory=dict)
    """What the page showed at the last check."""


@contextmanager
def session(url: str, browser: Any, preset: str, seed: int, people: int) -> Iterator[Session]:
    mirror = table_mirror.Mirror(preset, seed, people)
    table, token = new_table(url, preset, mirror.seats, seed)
    page = browser.new_page(viewport={"width": 1280, "height": 900})
    page.add_init_script(HAND_PLAYED)
    page.set_default_timeout(30_000)
    s = Session(page, mirror)
    start = time.monotonic()
    try:
        page.goto(f"{url}/table.html?table={table}&pause=0#token={token}")
        yield s
    finally:
        s.out.seconds = time.monotonic() - start
        page.close()
        print(
            f"{preset} ({people} people) seed {seed}: {s.out.decisions} decisions, "
            f"{s.out.dialogs} dialogs, {s.out.seconds:.1f} s"
        )


def click(s: Session, action: Action) -> None:
    """Click one of the human's decisions (the page was just checked) and mirror it."""
    table_mirror.do(s.page, action, s.shown, keys=False)
    s.mirror.apply(action)
    s.out.decisions += 1
    s.out.actions.append(action.type.value)


def advance(
    s: Session,
    choose: Callable[[table_mirror.Mirror], Action] = table_mirror.Mirror.choice,
    stop_action: Callable[[Action], bool] = lambda _a: False,
    stop_hand: Callable[[list[dict[str, Any]]], bool] = lambda _evs: False,
) -> Action | None:
    """Click the human's decisions (``choose``), checking the page before each, and check and
    close each hand's result dialog; until a decision satisfies ``stop_action`` (returned,
    not clicked) or a dialog's hand ``stop_hand`` (left open; None returned)."""
    for _ in range(table_mirror.MAX_STEPS):
        s.page.wait_for_function(table_page.WAIT_JS, timeout=60_000)
        if s.page.locator("#result[open]").count():
            evs = check_result(s)
            if stop_hand(evs):
                return None
            s.page.click("#result-ok")
            continue
        s.shown = table_mirror.check_page(s.page, s.mirror, s.out.decisions)
        action = choose(s.mirror)
        if stop_action(action):
            return action
        click(s, action)
    raise AssertionError(f"nothing to stop at in {table_mirror.MAX_STEPS} steps: {s.out.actions}")


def turn_order(deal: dict[str, Any], people: int) -> list[int]:
    """The persons playing a hand, from its dealer."""
    order = [(deal["oya"] + i) % people for i in range(people)]
    return [p for p in order if p != deal.get("sitting_out")]


def seat_label(deal: dict[str, Any], people: int, seat: int) -> str:
    """How board.js names a person in a hand: seat wind (or 抜け番) and name."""
    order = turn_order(deal, people)
    wind = SEAT_WINDS[order.index(seat)] if seat in order else "抜け番"
    return f"{wind} · {'You' if seat == 0 else f'Bot {seat + 1} (baseline)'}"


def check_result(s: Session) -> list[dict[str, Any]]:
    """The open result dialog shows the next finished hand of the mirror; its events."""
    st = s.mirror.state
    n = s.out.dialogs
    hands = s.mirror.hands()
    assert n < len(hands), f"a result dialog the mirror has not (hand {n})"
    evs = hands[n]
    deal = [e for e in st.events if e["type"] == "start_kyoku"][n]
    after = [e for e in st.events if e["type"] == "end_kyoku"][n]["scores"]
    chips = st.game.preset.chips.enabled
    horas = [e for e in evs if e["type"] == "hora"]
    info = s.page.evaluate(table_page.DIALOG_JS)
    sections = s.page.evaluate(SECTIONS_JS)
    text = info["text"]
    # Who won, from whom, with what: each win in the engine's order.
    assert [w["actor"] for w in info["winners"]] == [h["actor"] for h in horas], text
    for sec, hora in zip(sections, horas, strict=True):
        who = seat_label(deal, st.people, hora["actor"])
        if hora["target"] == hora["actor"]:
            assert sec["heading"] == f"{who} Tsumo", sec["heading"]
        else:
            source = seat_label(deal, st.people, hora["target"])
            assert sec["heading"] == f"{who} Ron from {source}", sec["heading"]
        assert sec["winTile"] == str(hora["tile"]), (sec, hora["tile"])
        counted = [y for y in hora["yakus"] if y["han"] or y["yakuman"]]  # no 裏ドラ 0飜
        assert [y for y, _ in sec["yakus"]] == [y["id"] for y in counted], text
        for (_, han), y in zip(sec["yakus"], counted, strict=True):
            assert ("akuman" in han) if y["yakuman"] else (han == f"{y['han']} han"), han
        assert f"{hora['hora_points']} points" in sec["total"], sec["total"]
        if not any(y["yakuman"] for y in hora["yakus"]):
            assert f"{hora['fu']} fu · {hora['fan']} han" in sec["total"], sec["total"]
    # Every person's change (all wins' and the draw's summed), score, and who sat out.
    people = st.people
    deltas = [sum(e["deltas"][p] for e in evs) for p in range(people)]
    assert [c[0] for c in info["changes"]] == list(range(people)), text
    assert [c[1] for c in info["changes"]] == [table_page.signed(d) for d in deltas], text
    assert s.page.evaluate(table_mirror.SCORES_JS) == [str(v) for v in after], text
    if chips:
        chip_deltas = [sum(e["chip_deltas"][p] for e in evs) for p in range(people)]
        assert [c[2] for c in info["changes"]] == [table_page.signed(d) for d in chip_deltas], text
    out = deal.get("sitting_out")
    assert info["sittingOut"] == out, text
    marked = [c[0] for c in info["changes"] if "sitting-out" in c[3].split()]
    assert marked == ([] if out is None else [out]), info["changes"]
    if out == 0:
        assert "sit out" in (info["sittingOutNote"] or ""), info["sittingOutNote"]
    if horas:
        # Its own line: where the dice count (tokushima) they are shown after it.
        assert "0 riichi sticks" in info["sticks"].splitlines(), info["sticks"]
    if all(h["target"] in (h["actor"], *range(1, people)) for h in horas):
        # test_e2e_wins' own reading too (it names every discarder a bot).
        table_mirror.check_dialog(s.page, evs, after, chips)
    s.out.dialogs += 1
    return evs


# -- kans ---------------------------------------------------------------------------------------


def kan_or_baseline(mirror: table_mirror.Mirror) -> Action:
    """The human's decision: the first kan offered, else the baseline bot's."""
    for a in mirror.state.legal_actions(0):
        if a.type.value in KANS:
            return a
    return mirror.choice()


def is_kan(action: Action) -> bool:
    return action.type.value in KANS


@dataclass
class KanFound:
    kind: str
    decisions: int  # the human's decisions before the kan
    action: Action


def first_kan(preset: str, seed: int, people: int) -> KanFound | None:
    """The kan of the human (playing ``kan_or_baseline``) in the first hand, by the mirror
    alone (how the seeds below were found: a few ms a game)."""
    mirror = table_mirror.Mirror(preset, seed, people)
    n = 0
    while not mirror.state.game_over and not mirror.hands():
        action = kan_or_baseline(mirror)
        if is_kan(action):
            return KanFound(action.type.value, n, action)
        mirror.apply(action)
        n += 1
    return None


def dora_at_once(mirror: table_mirror.Mirror, kind: str) -> bool:
    """Whether this kan turns its dora indicator at once (else after the next discard)."""
    return kind == "ankan" or mirror.state.game.table.kan_dora_at_once


# (preset, seed, people, kind, the human's decisions before it): what each shows.
KAN_NORMAL = [
    ("riichi", 191, 4, "ankan", 0),  # the dealer's first decision: a closed kan of 4 tiles
    ("riichi", 197, 4, "kakan", 7),  # pon, then the fourth tile drawn: added kan
    ("riichi", 23, 4, "daiminkan", 7),  # a bot's discard to the three in hand: open kan
]
KAN_SLOW = [
    ("gotou", 19, 3, "ankan", 10),  # gotou: two dora indicators at the start
    ("gotou", 6, 3, "daiminkan", 4),  # gotou turns an open kan's dora at once
    ("sanma", 36, 3, "kakan", 4),
]


@pytest.mark.parametrize(("preset", "seed", "people", "kind", "decisions"), KAN_NORMAL + KAN_SLOW)
def test_the_seed_still_offers_the_human_a_kan(
    preset: str, seed: int, people: int, kind: str, decisions: int
) -> None:
    """The mirror alone: the seed still offers that kan; the engine draws a replacement tile
    and turns a dora indicator (now or after the next discard)."""
    found = first_kan(preset, seed, people)
    assert found is not None, f"{preset} seed {seed}: no kan for the human in the first hand"
    assert (found.kind, found.decisions) == (kind, decisions), found
    mirror = table_mirror.Mirror(preset, seed, people)
    for _ in range(decisions):
        mirror.apply(mirror.choice())
    before = len(mirror.state.revealed)
    start = len(mirror.state.events)
    mirror.apply(found.action)
    new = mirror.state.events[start:]
    # An answer to a discard is declared first, then (nobody outranking it) made.
    made = [e["type"] for e in new if e["type"] != "declare"]
    assert made[:1] == [kind], new
    if kind == "daiminkan":
        assert new[0]["type"] == "declare" and new[0]["call"] == kind, new
    rinshan = [e for e in new if e["type"] == "tsumo" and e["actor"] == 0]
    assert rinshan and rinshan[0]["rinshan"], new
    meld = mirror.state.players[0].melds[-1]
    assert meld.type is MELD_TYPES[kind] and len(meld.tiles) == 4, meld
    at_once = dora_at_once(mirror, kind)
    assert len(mirror.state.revealed) == before + at_once, (before, mirror.state.revealed)
    mirror.apply(mirror.choice())  # the discard after the kan
    assert len(mirror.state.revealed) == before + 1, (before, mirror.state.revealed)


def check_kan(s: Session, kan: Action, target: int | None) -> None:
    """The page shows the human's new kan as that kan."""
    kind = kan.type.value
    meld = s.mirror.state.players[0].melds[-1]
    seen = s.page.evaluate(MELD_JS)
    model, shown = seen["model"], seen["shown"]
    assert model is not None and model["type"] == kind, model
    assert shown is not None and shown["type"] == kind, shown
    tiles = shown["tiles"]
    assert len(tiles) == 4, shown
    if kind == "ankan":
        # Face down at both ends; the two middle tiles of the kan face up.
        assert [t["back"] for t in tiles] == [True, False, False, True], shown
        assert [t["id"] for t in tiles] == [None, kan.tiles[1], kan.tiles[2], None], shown
        assert sorted(model["tiles"]) == sorted(kan.tiles) == sorted(meld.tiles), model
        assert not any(t["sideways"] for t in tiles), shown
        return
    assert sorted(t["id"] for t in tiles) == sorted(meld.tiles), (shown, meld)
    assert not any(t["back"] for t in tiles), shown
    sideways = [i for i, t in enumerate(tiles) if t["sideways"]]
    if kind == "kakan":
        # The pon's called tile sideways, the added tile beside it (on it, in real life).
        assert model["added"] == kan.tile, model
        assert [t["id"] for t in tiles if t["added"]] == [kan.tile], shown
        assert len(sideways) == 2 and sideways[1] == sideways[0] + 1, shown
        assert tiles[sideways[1]]["added"], shown
        return
    # An open kan: the called tile sideways, on the side of the discarder.
    assert target is not None
    assert model["tile"] == kan.tile and model["target"] == target, model
    st = s.mirror.state
    order = turn_order([e for e in st.events if e["type"] == "start_kyoku"][-1], st.people)
    players = len(order)
    rel = (order.index(target) - order.index(0)) % players  # turns from the human to it
    at = 0 if rel == players - 1 else 3 if rel == 1 else 1
    assert sideways == [at] and tiles[at]["id"] == kan.tile, (shown, target)


def play_to_kan(s: Session) -> tuple[Action, int | None, int]:
    """Play to the human's first kan and click it; the kan, the discarder (open kan) and the
    dora indicators shown before it."""
    kan = advance(s, choose=kan_or_baseline, stop_action=is_kan)
    assert kan is not None
    kind = kan.type.value
    # The button: labelled Kan, with the kan's tiles (an added kan: the added tile).
    i = table_mirror.button_index(s.shown["legal"], action_json(kan))
    button = s.page.evaluate(BUTTON_JS, i)
    assert button["text"].startswith("Kan") and button["key"] == "k", button
    expected: list[int | None] = [*kan.tiles] if kan.tiles else [kan.tile]
    assert button["tiles"] == expected, (button, kan)
    before = s.page.evaluate(MELD_JS)["dora"]
    assert before == list(s.mirror.state.revealed), before
    start = len(s.mirror.state.events)
    click(s, kan)
    called = [e for e in s.mirror.state.events[start:] if e["type"] == kind]
    assert len(called) == 1 and called[0]["actor"] == 0, called
    return kan, called[0].get("target"), len(before)


@pytest.mark.parametrize(
    ("preset", "seed", "people", "kind", "decisions"),
    [*KAN_NORMAL, *(pytest.param(*case, marks=pytest.mark.slow) for case in KAN_SLOW)],
)
def test_the_human_declares_a_kan(
    server: str, browser: Any, preset: str, seed: int, people: int, kind: str, decisions: int
) -> None:
    with session(server, browser, preset, seed, people) as s:
        kan, target, dora = play_to_kan(s)
        found = first_kan(preset, seed, people)
        assert found is not None and found.action == kan, (found, kan)
        assert (kan.type.value, s.out.decisions - 1) == (kind, decisions), s.out.actions
        # The page waits for the human again: the replacement tile drawn, the kan shown.
        s.page.wait_for_function(table_page.WAIT_JS, timeout=60_000)
        assert not s.page.locator("#result[open]").count(), "the hand ended at the kan"
        s.shown = table_mirror.check_page(s.page, s.mirror, s.out.decisions)
        st = s.mirror.state
        rinshan = [e for e in st.events if e["type"] == "tsumo" and e["actor"] == 0][-1]
        assert rinshan["rinshan"] and st.players[0].drawn == rinshan["tile"], rinshan
        seen = s.page.evaluate(MELD_JS)
        assert s.shown["drawn"] == seen["drawn"] == rinshan["tile"], (seen, rinshan)
        check_kan(s, kan, target)
        at_once = dora_at_once(s.mirror, kind)
        assert seen["dora"] == list(st.revealed), (seen["dora"], st.revealed)
        assert len(seen["dora"]) == dora + at_once, seen["dora"]
        assert seen["doraShown"] == seen["dora"], seen
        table_page.screenshot(s.page, f"kan-{preset}-{seed}-{kind}.png")
        # The discard after it (and the others' turns): the indicator is there now.
        click(s, s.mirror.choice())
        s.page.wait_for_function(table_page.WAIT_JS, timeout=60_000)
        assert not s.page.locator("#result[open]").count(), "the hand ended after the kan"
        s.shown = table_mirror.check_page(s.page, s.mirror, s.out.decisions)
        seen = s.page.evaluate(MELD_JS)
        assert seen["dora"] == list(s.mirror.state.revealed), seen["dora"]
        assert len(seen["dora"]) == dora + 1 and seen["doraShown"] == seen["dora"], seen
        check_kan(s, kan, target)  # still there, unchanged


# -- double ron ---------------------------------------------------------------------------------


@dataclass
class DoubleRon:
    hand: int  # hands finished before it
    horas: list[dict[str, Any]]
    actions: list[str]  # the human's action types, in order


def first_double_ron(preset: str, seed: int, people: int, max_hands: int = 3) -> DoubleRon | None:
    """The first hand (within ``max_hands``) that ends with several wins on one discard, the
    human playing as the baseline bot; by the mirror alone."""
    mirror = table_mirror.Mirror(preset, seed, people)
    actions: list[str] = []
    while not mirror.state.game_over:
        action = mirror.choice()
        actions.append(action.type.value)
        mirror.apply(action)
        hands = mirror.hands()
        for n, evs in enumerate(hands):
            horas = [e for e in evs if e["type"] == "hora"]
            if len(horas) > 1:
                return DoubleRon(n, horas, actions)
        if len(hands) >= max_hands:
            return None
    return None


def many_wins(evs: list[dict[str, Any]]) -> bool:
    return len([e for e in evs if e["type"] == "hora"]) > 1


# (preset, seed, people, hands before it, [(winner, discarder), ...] in the engine's order)
DOUBLE_NORMAL = [
    ("riichi", 3280, 4, 0, [(0, 2), (1, 2)]),  # the human and Bot 2 ron Bot 3's discard
    ("riichi", 3060, 4, 0, [(2, 0), (3, 0)]),  # the human's discard: Bots 3 and 4 ron it
]
DOUBLE_SLOW = [
    ("riichi", 1536, 4, 0, [(3, 2), (0, 2)]),  # the human second from the discarder
    ("gotou", 179, 3, 0, [(1, 0), (2, 0)]),  # three players, chips
    ("sanma", 86, 3, 0, [(2, 1), (0, 1)]),
]


@pytest.mark.parametrize(("preset", "seed", "people", "hand", "wins_"), DOUBLE_NORMAL + DOUBLE_SLOW)
def test_the_seed_still_makes_a_double_ron(
    preset: str, seed: int, people: int, hand: int, wins_: list[tuple[int, int]]
) -> None:
    """The mirror alone: the seed still ends an early hand with two rons of one discard,
    each winner paid by the discarder."""
    assert table_mirror.Mirror(preset, seed, people).state.game.table.double_ron, preset
    found = first_double_ron(preset, seed, people)
    assert found is not None, f"{preset} seed {seed}: no double ron in the first hands"
    assert found.hand == hand, found
    assert [(h["actor"], h["target"]) for h in found.horas] == wins_, found.horas
    assert len({h["tile"] for h in found.horas}) == 1, found.horas  # one discard
    target = wins_[0][1]
    for h in found.horas:
        assert h["deltas"][h["actor"]] > 0 > h["deltas"][target], h["deltas"]


@pytest.mark.parametrize(
    ("preset", "seed", "people", "hand", "wins_"),
    [*DOUBLE_NORMAL, *(pytest.param(*case, marks=pytest.mark.slow) for case in DOUBLE_SLOW)],
)
def test_a_double_ron_in_the_result_dialog(
    server: str,
    browser: Any,
    preset: str,
    seed: int,
    people: int,
    hand: int,
    wins_: list[tuple[int, int]],
) -> None:
    with session(server, browser, preset, seed, people) as s:
        assert advance(s, stop_hand=many_wins) is None
        found = first_double_ron(preset, seed, people)
        assert found is not None
        assert s.out.actions == found.actions and s.out.dialogs == hand + 1, s.out.actions
        horas = [e for e in s.mirror.hands()[hand] if e["type"] == "hora"]
        assert horas == found.horas
        # Two sections, two winners (check_result read each); the discarder paid both.
        shown = s.page.evaluate(SECTIONS_JS)
        assert len(shown) == 2 and [h["actor"] for h in horas] == [w for w, _ in wins_], shown
        target = wins_[0][1]
        changes = s.page.evaluate(table_page.DIALOG_JS)["changes"]
        paid = sum(h["deltas"][target] for h in horas)
        assert changes[target][1] == table_page.signed(paid) and paid < min(
            h["deltas"][target] for h in horas
        ), changes
        table_page.screenshot(s.page, f"double-ron-{preset}-{seed}.png")


# -- four people at a three-player preset -------------------------------------------------------

# (preset, seed, how the human wins, hands finished before it): people=4, person 3 sits out the
# first hand, the human (person 0) the dealer's next ones ([3, 0, 1, 2] when written).
FOUR_NORMAL = [
    ("sanma", 24, "tsumo", 0),  # riichi, tsumo in the first hand (person 3 sits out)
    ("sanma", 12, "ron", 2),  # the human sits out the second hand, wins the third: riichi
]
FOUR_SLOW = [
    ("tokushima", 179, "ron", 2),  # riichi ippatsu ron after sitting out, chips
    ("gotou", 38, "tsumo", 2),  # kita, pon, tsumo after sitting out the second hand
    ("tokushima", 21, "tsumo", 0),
]


@pytest.mark.parametrize(("preset", "seed", "how", "hand"), FOUR_NORMAL + FOUR_SLOW)
def test_the_seed_still_makes_the_human_win_among_four(
    preset: str, seed: int, how: str, hand: int
) -> None:
    """The mirror alone: with four people at the three-player preset, the human still wins
    that hand (playing it, not sitting out), after sitting out one where the hand is not the
    first."""
    win = table_mirror.first_win(preset, seed, 4, max_hands=hand + 1)
    assert win is not None, f"{preset} seed {seed}: no win of the human among four"
    assert (win.how, win.hand) == (how, hand), win
    mirror = table_mirror.Mirror(preset, seed, 4)
    assert mirror.state.seats == 3 and mirror.state.people == 4
    for _ in win.actions:
        mirror.apply(mirror.choice())
    deals = [e for e in mirror.state.events if e["type"] == "start_kyoku"][: hand + 1]
    outs = [d["sitting_out"] for d in deals]
    assert len(outs) == hand + 1 and outs[0] == 3 and outs[-1] != 0, outs
    assert (0 in outs) is (hand > 0), outs


@pytest.mark.parametrize(
    ("preset", "seed", "how", "hand"),
    [*FOUR_NORMAL, *(pytest.param(*case, marks=pytest.mark.slow) for case in FOUR_SLOW)],
)
def test_the_human_wins_among_four_at_a_three_player_table(
    server: str, browser: Any, preset: str, seed: int, how: str, hand: int
) -> None:
    def mine(evs: list[dict[str, Any]]) -> bool:
        return any(e["type"] == "hora" and e["actor"] == 0 for e in evs)

    with session(server, browser, preset, seed, 4) as s:
        assert advance(s, stop_hand=mine) is None
        info = s.page.evaluate(table_page.DIALOG_JS)
        assert info["people"] == 4 and len(info["changes"]) == 4, info["changes"]
        assert s.page.locator(".player:not(.empty)").count() == 4
        # The win the mirror alone finds, after the same clicks.
        win = table_mirror.first_win(preset, seed, 4, max_hands=hand + 1)
        assert win is not None and s.out.dialogs == win.hand + 1 == hand + 1
        won = [e for e in s.mirror.hands()[hand] if e["type"] == "hora" and e["actor"] == 0]
        assert won == [win.hora] and s.out.actions == win.actions, s.out.actions
        assert s.out.actions[-1] == how
        table_page.screenshot(s.page, f"four-{preset}-{seed}-{how}.png")
