"""The table in Python beside the page: a mirror of the server's game that the browser tests
compare the page with before every click, and the clicks of the human's decisions.

A table created with a seed plays one way only: the server's bots choose with
``make_bot(kind, bot_seed(seed, seat, step))`` on the engine's state (``TableManager.
_play_bots``). So :class:`Mirror` keeps the same game in the test: ``Game(preset, seed,
people=...)``, the bots played by the same rule, and the human's decisions, which the baseline
bot makes for it (``BaselineBot().choose(SeatView.of(state, 0), ...)``), applied as they are
clicked. Before every click the page (through its ``window.jantakuTable`` hooks) must agree with
the mirror (:func:`check_page`): the legal actions it was sent, the human's hand and drawn
tile, every river, meld, set-aside tile, score and chip count; a divergence fails at once,
naming the step. The decision is then clicked (:func:`do`): a tile of the hand for a discard,
the riichi button and then the tile for a riichi, the button of a call, a pass, a kita, a
tsumo or a ron (or their shortcuts and the space bar). :func:`check_dialog` checks a hand's
result dialog against the mirrored events; :func:`first_win` finds, by the mirror alone, the
human's first win of a seed.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from jantaku.bots import BaselineBot, SeatView, make_bot
from jantaku.game import Action, Game, State
from jantaku.server.tables import action_json, bot_seed
from support.table_page import DIALOG_JS, signed

MAX_STEPS = 400
"""Decisions and dialogs before a test gives up (the wins of test_e2e_wins take 5 to 40)."""

PAGE_JS = """() => {
  const m = globalThis.jantakuTable.model();
  return {
    hand: m.hand, drawn: m.drawn, scores: m.scores, chips: m.chips,
    rivers: m.rivers.map((r) => r.map((d) => d.tile)),
    melds: m.melds.map((ms) => ms.map((x) => [x.tile, ...x.tiles, x.added]
      .filter((t) => Number.isInteger(t)).sort((a, b) => a - b))),
    nuki: m.nuki,
    legal: globalThis.jantakuTable.legal(),
    buttons: [...document.querySelectorAll('#actions button')].map((b) => b.dataset.type),
    keys: [...document.querySelectorAll('#actions button')].map((b) => b.dataset.key ?? null),
  };
}"""
"""What the page shows of the game (its model, the legal actions it holds, its buttons)."""

WIN_JS = """() => [...document.querySelectorAll('#result section.win')].map((s) => ({
  actor: Number(s.dataset.actor),
  how: s.querySelector('h3 .how')?.innerText ?? '',
  han: [...s.querySelectorAll('table.yaku tr td.han')].map((td) => td.innerText),
}))"""

SCORES_JS = """() => [...document.querySelectorAll('#result table.changes tr[data-person]')]
  .map((tr) => tr.cells[2].innerText)"""


# -- the mirror ----------------------------------------------------------------------------------


class Mirror:
    """The table in Python: the same game, the bots chosen as the server chooses them, and the
    human's decisions as the baseline bot makes them."""

    def __init__(self, preset: str, seed: int, people: int) -> None:
        self.preset = preset
        self.seed = seed
        self.seats = ["human"] + ["bot:baseline"] * (people - 1)
        self.state: State = Game(preset, seed, people=people).new_state()
        self.me = BaselineBot()
        self.chips0 = list(self.state.ledger.state.chips)
        """The chips everyone starts with (the page counts from 0)."""
        self.play_bots()

    def play_bots(self) -> None:
        """As ``TableManager._play_bots``: the first bot with a decision, until none has."""
        st = self.state
        while not st.game_over:
            bots = [s for s in st.current_seats() if self.seats[s] != "human"]
            if not bots:
                return
            seat = bots[0]
            bot = make_bot("baseline", bot_seed(self.seed, seat, len(st.events)))
            st.apply(bot.choose(SeatView.of(st, seat), seat, st.legal_actions(seat)))

    def choice(self) -> Action:
        """What the human (seat 0) does now."""
        assert 0 in self.state.current_seats(), "the mirror waits for nobody: it went astray"
        return self.me.choose(SeatView.of(self.state, 0), 0, self.state.legal_actions(0))

    def apply(self, action: Action) -> None:
        self.state.apply(action)
        self.play_bots()

    def hands(self) -> list[list[dict[str, Any]]]:
        """The ``hora`` and ``ryukyoku`` events of every finished hand, in order."""
        out: list[list[dict[str, Any]]] = [[]]
        for ev in self.state.events:
            if ev["type"] in ("hora", "ryukyoku"):
                out[-1].append(ev)
            elif ev["type"] == "end_kyoku":
                out.append([])
        return out[:-1]


@dataclass
class Win:
    """The human's first win in a mirrored game."""

    how: str  # "tsumo" or "ron"
    hand: int  # hands finished before it
    decisions: int  # the human's decisions, the winning one included
    hora: dict[str, Any]
    actions: list[str] = field(default_factory=list)  # the human's action types, in order


def first_win(preset: str, seed: int, people: int, max_hands: int = 3) -> Win | None:
    """The human's first win within ``max_hands`` hands of this table, by the mirror alone
    (how the browser tests' seeds were found: a few ms a game)."""
    mirror = Mirror(preset, seed, people)
    actions: list[str] = []
    while not mirror.state.game_over:
        action = mirror.choice()
        actions.append(action.type.value)
        mirror.apply(action)
        hands = mirror.hands()
        for n, evs in enumerate(hands):
            for ev in evs:
                if ev["type"] == "hora" and ev["actor"] == 0:
                    how = "tsumo" if ev["target"] == 0 else "ron"
                    return Win(how, n, len(actions), ev, actions)
        if len(hands) >= max_hands:
            return None
    return None


# -- the browser ---------------------------------------------------------------------------------

RIICHI = {"riichi", "open_riichi", "shuba_riichi", "open_shuba_riichi"}


def button_index(legal: list[dict[str, Any]], wanted: dict[str, Any]) -> int:
    """The index among ``#actions button`` of the button for ``wanted``: as table.js lays them
    out, one per legal action but discards, one per riichi kind."""
    k = 0
    seen: set[str] = set()
    for a in legal:
        if a["type"] == "discard" or (a["type"] in RIICHI and a["type"] in seen):
            continue
        if a == wanted or (a["type"] in RIICHI and a["type"] == wanted["type"]):
            return k
        seen.add(a["type"])
        k += 1
    raise AssertionError(f"no button for {wanted} among {legal}")


def check_page(page: Any, mirror: Mirror, step: int) -> dict[str, Any]:
    """The page shows what the mirror holds (else the test fails here, at this step)."""
    st = mirror.state
    shown: dict[str, Any] = page.evaluate(PAGE_JS)
    where = f"step {step} of {mirror.preset} seed {mirror.seed}"
    me = st.players[0]
    legal = [action_json(a) for a in st.legal_actions(0)]
    assert shown["legal"] == legal, f"{where}: legal actions"
    hand = sorted(shown["hand"] + ([] if shown["drawn"] is None else [shown["drawn"]]))
    assert hand == sorted(me.hand), f"{where}: the human's hand"
    assert shown["drawn"] == me.drawn, f"{where}: the drawn tile"
    people = range(st.people)
    assert shown["rivers"] == [list(st.players[s].river) for s in people], f"{where}: rivers"
    melds = [[sorted(m.tiles) for m in st.players[s].melds] for s in people]
    assert shown["melds"] == melds, f"{where}: melds"
    assert shown["nuki"] == [list(st.players[s].extracted) for s in people], f"{where}: nuki"
    assert shown["scores"] == list(st.ledger.state.scores), f"{where}: scores"
    chips = [c - c0 for c, c0 in zip(st.ledger.state.chips, mirror.chips0, strict=True)]
    assert shown["chips"] == chips, f"{where}: chips"
    return shown


def do(page: Any, action: Action, shown: dict[str, Any], keys: bool) -> bool:
    """Click the human's decision (or type it, where ``keys`` and table.js has a key for it);
    whether a key was used."""
    wanted = action_json(action)
    kind = wanted["type"]
    typed = False
    if kind != "discard":
        i = button_index(shown["legal"], wanted)
        assert shown["buttons"][i] == kind, (shown["buttons"], wanted)
        key = shown["keys"][i]
        if keys and key is not None and key not in shown["keys"][:i]:
            page.keyboard.press(key)  # the key of this very button (the first one that has it)
            typed = True
        else:
            page.locator("#actions button").nth(i).click()
        if kind not in RIICHI:
            return typed
        page.wait_for_selector("#actions button.active")  # riichi: now its discard
    tile = page.locator(f'#p-bottom #hand .tile.playable[data-id="{action.tile}"]')
    assert tile.count() == 1, f"tile {action.tile} is not playable in the hand: {wanted}"
    drawn = "drawn" in (tile.get_attribute("class") or "").split()
    if keys and kind == "discard" and drawn:
        page.keyboard.press(" ")  # the space bar discards the drawn tile
        return True
    tile.click()
    return typed


def check_dialog(page: Any, evs: list[dict[str, Any]], after: list[int], chips: bool) -> None:
    """The open result dialog shows this hand's events (``after``: the scores after it)."""
    info = page.evaluate(DIALOG_JS)
    wins = page.evaluate(WIN_JS)
    text = info["text"]
    horas = [e for e in evs if e["type"] == "hora"]
    assert [w["actor"] for w in info["winners"]] == [h["actor"] for h in horas], text
    people = len(after)
    deltas = [sum(ev["deltas"][s] for ev in evs) for s in range(people)]
    chip_deltas = [sum(ev["chip_deltas"][s] for ev in evs) for s in range(people)]
    assert [c[0] for c in info["changes"]] == list(range(people)), text
    assert [c[1] for c in info["changes"]] == [signed(d) for d in deltas], text
    assert page.evaluate(SCORES_JS) == [str(v) for v in after], text
    if chips:
        assert [c[2] for c in info["changes"]] == [signed(d) for d in chip_deltas], text
    for win, shown, hora in zip(info["winners"], wins, horas, strict=True):
        if hora["target"] == hora["actor"]:
            assert shown["how"] == "Tsumo", shown
        else:
            assert shown["how"].startswith("Ron from"), shown
            # The human is seat 0 ("You"); the bots are named by their seat.
            payer = "You" if hora["target"] == 0 else f"Bot {hora['target'] + 1} (baseline)"
            assert payer in shown["how"], shown
        counted = [y for y in hora["yakus"] if y["han"] or y["yakuman"]]  # no 裏ドラ 0飜
        assert [y[0] for y in win["yakus"]] == [y["id"] for y in counted], text
        for han, y in zip(shown["han"], counted, strict=True):
            assert ("akuman" in han) if y["yakuman"] else (han == f"{y['han']} han"), han
        assert f"{hora['hora_points']} points" in win["total"], win["total"]
        if not any(y["yakuman"] for y in hora["yakus"]):
            assert f"{hora['fan']} han" in win["total"], win["total"]
            assert f"{hora['fu']} fu" in win["total"], win["total"]
        assert win["winTile"] == 1 and win["concealed"] == len(hora["hora_tehais"]) - 1, text
        assert win["ura"] == len(hora["uradora_markers"]), text
        assert win["chipItems"] == [c["item"] for c in hora["chip_items"]], text


@dataclass
class Clicked:
    """What a test's clicks through a mirrored game came to: the human's winning ``hora`` (if
    any), how many decisions and dialogs, and the human's action types in order."""

    win: dict[str, Any] | None = None
    decisions: int = 0
    dialogs: int = 0
    typed: int = 0  # decisions typed (keyboard shortcuts)
    seconds: float = 0.0
    actions: list[str] = field(default_factory=list)
