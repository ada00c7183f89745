"""Bots and the simulator: the baseline beats random play, bots pick legal actions and see
only what their seat may see, the baseline's rules hold at every decision, simulate's
summary, invariants, logs, determinism across worker counts, and the CLI."""

from __future__ import annotations

import io
import json
import random
import sys
import threading
from pathlib import Path
from typing import Any

import pytest
from rich.console import Console

from jantaku import build
from jantaku.bots import BaselineBot, Bot, RandomBot, SeatView, make_bot
from jantaku.bots.baseline import _draws_that_may_help, _live_furiten
from jantaku.cli import run_json
from jantaku.game import Action, ActionType, Game, LegalActions, State
from jantaku.hand import HandAnalyzer
from jantaku.rules import load_preset
from jantaku.rules.model import Preset
from jantaku.sim import SimulationError, play_game, progress, simulate
from jantaku.sim.backends import MAX_CHUNK, chunk_size, pack, start_method, unpack
from jantaku.sim.runner import bot_seed, tile_problem, view_problem
from jantaku.tiles import tileset
from jantaku.tiles.kinds import DRAGONS
from jantaku.tiles.tileset import Tile, tile_kind
from support.positions import with_tile_added

PRESETS = ["riichi", "sanma"]


class Checked:
    """Wraps a bot: every choice must be legal, and ``rule`` (if any) must hold."""

    def __init__(self, bot: Bot, state_box: list[State]) -> None:
        self.bot = bot
        self.box = state_box
        self.decisions = 0

    def choose(self, view: SeatView, seat: int, legal: LegalActions) -> Action:
        action = self.bot.choose(view, seat, legal)
        assert action.seat == seat
        assert action in legal, (action, legal)
        self.decisions += 1
        return action


def play(preset: str, seed: int, bots: list[Bot]) -> State:
    """A full game with these bots (the runner's loop, without the statistics)."""
    state = Game(preset, seed).new_state()
    while not state.game_over:
        seat = state.current_seats()[0]
        legal = state.legal_actions(seat)
        state.apply(bots[seat].choose(SeatView.of(state, seat), seat, legal))
    return state


# -- strength -------------------------------------------------------------------------------


def test_baseline_beats_random_bots() -> None:
    ranks, points = [], []
    for seed in range(20):
        me = seed % 4
        kinds = ["random"] * 4
        kinds[me] = "baseline"
        rec = play_game("riichi", 1000 + seed, kinds)
        assert rec.finished and not rec.violations
        ranks.append(rec.ranks[me])
        points.append(rec.final_scores[me])
    # Random play never completes a hand with a yaku; the baseline wins nearly every game.
    assert sum(ranks) / len(ranks) <= 1.5
    assert sum(points) / len(points) > 40000
    assert sum(r == 1 for r in ranks) >= 15


def test_baseline_beats_random_bots_three_players() -> None:
    ranks = []
    for seed in range(9):
        me = seed % 3
        kinds = ["random"] * 3
        kinds[me] = "baseline"
        rec = play_game("sanma", 2000 + seed, kinds)
        assert rec.finished and not rec.violations
        ranks.append(rec.ranks[me])
    assert sum(ranks) / len(ranks) <= 1.5


# -- legality and the baseline's rules --------------------------------------------------------


@pytest.mark.parametrize("preset", PRESETS)
@pytest.mark.parametrize("kind", ["random", "baseline"])
def test_bots_only_pick_legal_actions(preset: str, kind: str) -> None:
    box: list[State] = []
    n = Game(preset, 0).seats
    bots = [Checked(make_bot(kind, s), box) for s in range(n)]
    state = play(preset, 31, list(bots))
    assert state.events[-1]["type"] == "end_game"
    assert sum(b.decisions for b in bots) > 100


class RuleChecker:
    """A baseline bot whose every decision is checked against the rules it promises."""

    def __init__(self, seed: int) -> None:
        self.bot = BaselineBot(seed)
        self.seen: dict[str, int] = {}

    def note(self, what: str) -> None:
        self.seen[what] = self.seen.get(what, 0) + 1

    def choose(self, view: SeatView, seat: int, legal: LegalActions) -> Action:
        a = self.bot.choose(view, seat, legal)
        assert a in legal
        types = {x.type for x in legal}
        if types & {ActionType.TSUMO, ActionType.RON}:
            assert a.type in (ActionType.TSUMO, ActionType.RON)
            self.note("win")
            return a
        if ActionType.KITA in types:
            assert a.type is ActionType.KITA
            self.note("kita")
            return a
        if ActionType.PASS in types:
            yakuhai = {*DRAGONS, view.round_wind, view.seat_wind(seat)}
            pons = [x for x in legal if x.type is ActionType.PON]
            if a.type is ActionType.PON:
                assert a.tile is not None and tile_kind(a.tile) in yakuhai
                self.note("pon")
            else:
                assert a.type is ActionType.PASS
                if any(x.tile is not None and tile_kind(x.tile) in yakuhai for x in pons):
                    # Only a closed tenpai hand passes its yakuhai pon (riichi instead).
                    counts = [0] * 38
                    for t in view.hand:
                        counts[tile_kind(t)] += 1
                    melds = view.melds(seat)
                    assert not any(m.is_open for m in melds)
                    assert view.analyzer.shanten(counts, len(melds)) == 0
            return a
        if ActionType.RIICHI in types and ActionType.NINE_TERMINALS not in types:
            assert a.type is ActionType.RIICHI
            self.note("riichi")
        if a.type in (ActionType.DISCARD, ActionType.RIICHI):
            self._check_defence(view, seat, legal, a)
        return a

    def _check_defence(self, view: SeatView, seat: int, legal: LegalActions, a: Action) -> None:
        opponents = [s for s in range(view.seats) if s != seat and view.in_riichi(s)]
        if not opponents:
            return
        counts = [0] * 38
        for t in view.hand:
            counts[tile_kind(t)] += 1
        if view.analyzer.shanten(counts, len(view.melds(seat))) < 2:
            return
        safe = set.intersection(*(set(view.safe_kinds(s)) for s in opponents))
        options = {tile_kind(x.tile) for x in legal if x.tile is not None}
        if safe & options:
            assert a.tile is not None and tile_kind(a.tile) in safe
            self.note("defence")


def test_baseline_keeps_its_rules_at_every_decision() -> None:
    seen: dict[str, int] = {}
    for preset, seeds in (("riichi", range(4)), ("sanma", range(4))):
        for seed in seeds:
            n = Game(preset, seed).seats
            bots = [RuleChecker(bot_seed(seed, s)) for s in range(n)]
            play(preset, 300 + seed, list(bots))
            for b in bots:
                for k, v in b.seen.items():
                    seen[k] = seen.get(k, 0) + v
    # Every rule was exercised, not just vacuously true.
    for what in ("win", "kita", "pon", "riichi", "defence"):
        assert seen.get(what, 0) > 0, (what, seen)


def test_fast_useful_draws_agree_with_the_analyzer() -> None:
    """The baseline's live copies and furiten after each discard of a 14-tile hand (a few
    draws tried, by ``HandAnalyzer.exchange_distances``) are those of
    ``HandAnalyzer.useful_draws`` on the hand after that discard."""
    for name in PRESETS:
        ts = tileset(name)
        an = HandAnalyzer(ts)
        copies = [0] * 38
        for t in ts.tiles:
            copies[tile_kind(t)] += 1
        rng = random.Random(name)
        for _ in range(300):
            melds = rng.choice([0, 0, 0, 1, 2, 3])
            counts = [0] * 38
            for t in rng.sample(ts.tiles, 14 - 3 * melds):
                counts[tile_kind(t)] += 1
            visible = [rng.choice([0, 0, 1, 2]) for _ in range(38)]
            for k in [k for k in range(38) if counts[k]]:
                counts[k] -= 1
                base = an.distance(counts, melds)
                ref = an.useful_draws(counts, melds, visible=visible)
                counts[k] += 1
                draws = _draws_that_may_help(an, counts, melds, base)
                [after] = an.exchange_distances(counts, melds, [k], draws)
                room = [copies[j] - counts[j] for j in draws]
                left = [room[n] - visible[j] for n, j in enumerate(draws)]
                river = rng.randrange(34)
                live, furiten = _live_furiten(k, draws, after, base, room, left, 1 << river)
                assert live == sum(ref.values()), (counts, k)
                assert furiten == (river in ref), (counts, k, river)


def test_nine_terminals_only_when_far_from_tenpai() -> None:
    from jantaku.game import Wall
    from jantaku.tiles import parse_tiles

    ts = tileset("riichi")
    for dealt, draw, expect in (
        ("19m19p19s12z2588m5p", "3z", ActionType.NINE_TERMINALS),  # 9 kinds, far
        ("19m19p19s1234567z", "2m", ActionType.RIICHI),  # kokushi tenpai: riichi
    ):
        hand = list(parse_tiles(dealt, ts))
        win = next(iter(parse_tiles(draw, ts)))
        used = set(hand) | {win}
        rest = [t for t in ts.tiles if t not in used]
        hands = [hand] + [rest[13 * i : 13 * (i + 1)] for i in range(3)]
        rest = rest[39:]
        wall = Wall(hands, [win, *rest[:69]], rest[69:73], rest[73:78], rest[78:83])
        state = Game("riichi", 0).new_state([wall])
        legal = state.legal_actions(0)
        assert any(a.type is ActionType.NINE_TERMINALS for a in legal)
        assert BaselineBot().choose(SeatView.of(state, 0), 0, legal).type is expect


# -- what a seat may see ----------------------------------------------------------------------

PUBLIC = {
    "seat", "seats", "people", "preset", "tileset", "analyzer", "nuki_kinds", "hand", "drawn",
    "melds", "river", "extracted", "in_riichi", "dora_indicators", "dora_kinds", "scores", "chips",
    "dealer", "honba", "sticks", "round_wind", "seat_wind", "wall_left", "last_discard",
    "events", "visible_counts", "safe_kinds", "wareme", "open_waits", "riichi_tile",
    "stick_points", "discards_since_call", "tsumogiri",
}  # fmt: skip
TILE_MEMBERS = ("drawn", "melds", "river", "extracted", "dora_indicators", "riichi_tile")


def _tiles_in(value: Any) -> set[Tile]:
    if value is None:
        return set()
    if isinstance(value, int):
        return {value}
    if hasattr(value, "tiles"):
        return set(value.tiles)
    out: set[Tile] = set()
    for v in value:
        out |= _tiles_in(v)
    return out


def _hidden_from(state: State, seat: int) -> set[Tile]:
    w = state.wall
    unrevealed = w.dora[len(state.revealed) :]
    hidden = set(w.live) | set(w.rinshan) | set(w.ura) | set(unrevealed)
    for s, p in enumerate(state.players):
        if s != seat:
            hidden |= set(p.hand)
    return hidden


@pytest.mark.parametrize("preset", PRESETS)
def test_seat_view_shows_only_the_seat_and_the_public(preset: str) -> None:
    names = {n for n in dir(SeatView) if not n.startswith("_")}
    assert names == PUBLIC | {"of", "update"}, "review what a new member shows, then add it"
    state = Game(preset, 9).new_state()
    rng = random.Random(9)
    step = 0
    while not state.game_over and step < 1500:
        for seat in range(state.seats):
            view = SeatView.of(state, seat)
            assert list(view.hand) == state.players[seat].hand
            hidden = _hidden_from(state, seat)
            shown: set[Tile] = set()
            for name in TILE_MEMBERS:
                member = getattr(view, name)
                if callable(member):
                    for s in range(state.seats):
                        shown |= _tiles_in(member(s))
                else:
                    shown |= _tiles_in(member)
            if view.last_discard is not None:
                shown.add(view.last_discard[1])
            assert not shown & hidden
            for name in PUBLIC:
                member = getattr(view, name)
                if name in ("events", "visible_counts"):
                    values = [member()]
                elif callable(member):
                    values = [member(s) for s in range(state.seats)]
                else:
                    values = [member]
                for v in values:
                    assert not isinstance(v, State)
                    assert type(v).__name__ not in ("Player", "Wall", "Ledger", "State")
        if step % 50 == 0:
            for seat in range(state.seats):
                assert SeatView.of(state, seat).events() == state.view(seat)
                assert view_problem(state, seat) is None
        seat = state.current_seats()[0]
        state.apply(rng.choice(list(state.legal_actions(seat))))
        step += 1
    view = SeatView.of(state, 0)
    with pytest.raises(AttributeError):
        view.seat = 1  # type: ignore[misc]


@pytest.mark.skipif(
    build.MODE == "compiled",
    reason="replaces a method of a compiled class: runs in the pure pass of `make test`",
)
def test_view_and_tile_checks_catch_leaks() -> None:
    state = Game("riichi", 4).new_state()
    assert tile_problem(state) is None and view_problem(state, 1) is None
    with_tile_added(state, 1, state.wall.live[5])  # a duplicated tile
    assert tile_problem(state)
    state = Game("riichi", 4).new_state()
    original = state.view

    def leaky(seat: int) -> list[dict[str, Any]]:
        out = original(seat)
        out[1] = dict(out[1], wall=state.events[1]["wall"])
        return out

    state.view = leaky  # type: ignore[method-assign]
    assert "wall" in (view_problem(state, 2) or "")


# -- simulate ----------------------------------------------------------------------------------


@pytest.mark.parametrize("preset", PRESETS)
def test_simulate_summary_with_checked_invariants(preset: str) -> None:
    for bots, games in (("random", 1), ("baseline", 3)):
        out = simulate(preset, games, seed=40, bots=bots, check=True)
        players = 4 if preset == "riichi" else 3
        assert out["invariant_violations"] == 0, out["violations"]
        assert out["checked"] is True and out["unfinished_games"] == 0
        assert out["games"] == games and out["hands"] >= games
        assert out["seconds"] > 0 and out["games_per_second"] > 0
        overall = out["overall"]
        for key in (
            "win_rate", "deal_in_rate", "bust_rate", "avg_final_points", "avg_final_chips",
            "avg_hand_length", "draw_rate",
        ):  # fmt: skip
            assert key in overall
        assert len(out["per_seat"]) == players
        for st in out["per_seat"]:
            assert st["bot"] == bots
            for key in (
                "win_rate", "deal_in_rate", "bust_rate", "avg_final_points",
                "avg_final_chips", "avg_rank",
            ):  # fmt: skip
                assert key in st
        # Points are conserved across the table.
        start = 25000 if preset == "riichi" else 35000
        assert abs(overall["avg_final_points"] - start) < 1
        assert 0 <= overall["win_rate"] <= 1
        if bots == "baseline":
            assert overall["win_rate"] > 0.3
            assert sum(st["wins"] for st in out["per_seat"]) >= out["hands"] * 0.3


def test_same_seed_gives_the_same_log(tmp_path: Path) -> None:
    a, b, c = tmp_path / "a.jsonl", tmp_path / "b.jsonl", tmp_path / "c.jsonl"
    simulate("sanma", 2, seed=7, out=a)
    simulate("sanma", 2, seed=7, out=b)
    simulate("sanma", 2, seed=8, out=c)
    assert a.read_bytes() == b.read_bytes()
    assert a.read_bytes() != c.read_bytes()
    lines = [json.loads(x) for x in a.read_text().splitlines()]
    assert [x["game"] for x in lines] == sorted(x["game"] for x in lines)
    starts = [x for x in lines if x["type"] == "start_game"]
    assert [(x["game"], x["seed"]) for x in starts] == [(0, 7), (1, 8)]
    assert sum(x["type"] == "end_game" for x in lines) == 2
    # The log is the truth: replaying a game's lines rebuilds its final scores.
    game1 = [{k: v for k, v in x.items() if k != "game"} for x in lines if x["game"] == 1]
    final = Game("sanma", 8).replay(game1)
    assert final.game_over and final.ledger.state.scores == game1[-1]["scores"]


def test_two_workers_give_the_same_numbers_and_log(tmp_path: Path) -> None:
    one = simulate("riichi", 5, seed=11, workers=1, out=tmp_path / "one.jsonl", check=True)
    two = simulate("riichi", 5, seed=11, workers=2, out=tmp_path / "two.jsonl", check=True)
    for out in (one, two):
        for key in ("seconds", "games_per_second", "workers"):
            out.pop(key)
    assert one == two
    assert one["invariant_violations"] == 0
    assert (tmp_path / "one.jsonl").read_bytes() == (tmp_path / "two.jsonl").read_bytes()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["one.jsonl", "two.jsonl"]


def test_work_is_split_in_small_chunks_queued_to_the_workers() -> None:
    # Games differ in length (a random sanma game lasts 2-15 ms): with a few big slices one
    # worker would idle at the end, so each worker gets 16 chunks or more, of 10 games at most.
    sizes = {g: chunk_size(g, 2) for g in (1, 32, 64, 200, 1000, 10_000)}
    assert sizes == {1: 1, 32: 1, 64: 2, 200: 6, 1000: 10, 10_000: 10}
    for games in range(1, 400):
        size = chunk_size(games, 2)
        assert 1 <= size <= MAX_CHUNK
        assert -(-games // size) >= min(games, 2 * 16), games


def test_every_chunk_of_a_run_plays_the_same_preset_object() -> None:
    # The scorer and the analyzer's caches are shared by the preset's identity: a preset
    # unpickled afresh for each chunk rebuilt them (3 % more instructions at 3 games a chunk).
    sanma = load_preset("sanma")
    first, again = (unpack(pack(sanma), Preset) for _ in range(2))
    assert first is again and first == sanma and first is not sanma
    assert unpack(pack(load_preset("riichi")), Preset) is not first
    with pytest.raises(TypeError, match="Preset"):
        unpack(pack("riichi"), Preset)


@pytest.mark.skipif(sys.platform == "win32", reason="no fork on Windows")
def test_a_progress_bar_lets_the_workers_fork(monkeypatch: pytest.MonkeyPatch) -> None:
    # A thread running when the pool starts makes its workers spawn (import jantaku again,
    # 0.3-0.4 CPU-s each): the bar on a terminal must not run one (Rich's default does).
    screen = io.StringIO()
    monkeypatch.setattr(
        progress, "Console", lambda stderr: Console(file=screen, force_terminal=True, width=80)
    )
    threads = threading.active_count()
    report = progress.progress_reporter(3)
    assert report is not None
    assert threading.active_count() == threads
    assert start_method() == "fork"
    report(3, final=True)
    assert "3/3" in screen.getvalue()
    timing = ("seconds", "games_per_second", "workers")
    one, two = (simulate("sanma", 3, seed=5, workers=w, progress=True) for w in (1, 2))
    assert {k: v for k, v in one.items() if k not in timing} == {
        k: v for k, v in two.items() if k not in timing
    }


def test_simulate_rejects_bad_parameters() -> None:
    with pytest.raises(SimulationError, match="games"):
        simulate("riichi", 0)
    with pytest.raises(SimulationError, match="workers"):
        simulate("riichi", 1, workers=0)
    with pytest.raises(SimulationError, match="unknown bot"):
        simulate("riichi", 1, bots="clever")
    with pytest.raises(SimulationError, match="3-player"):
        simulate("sanma", 1, bots="baseline,random")


def test_mixed_bots_and_custom_players() -> None:
    rec = play_game("sanma", 5, "baseline,random,random")
    assert rec.finished and rec.seats == 3 and rec.hands > 0
    bots: list[Bot] = [RandomBot(1), BaselineBot(2), RandomBot(3)]
    custom = play_game("sanma", 5, players=bots)
    assert custom.finished and not custom.violations
    with pytest.raises(SimulationError):
        play_game("sanma", 5, players=bots[:2])


# -- the command line --------------------------------------------------------------------------


def test_cli_simulate_json(tmp_path: Path) -> None:
    log = tmp_path / "games.jsonl"
    code, out = run_json(
        [
            "simulate", "--rules", "sanma", "--games", "2", "--seed", "3", "--check",
            "--out", str(log), "--no-progress", "--json",
        ]
    )  # fmt: skip
    assert code == 0
    assert out["games"] == 2 and out["invariant_violations"] == 0
    assert {"hands", "seconds", "games_per_second", "overall", "per_seat"} <= set(out)
    assert log.read_text().count('"type":"end_game"') == 2
    api = simulate("sanma", 2, seed=3, check=True)
    for d in (out, api):
        d.pop("seconds")
        d.pop("games_per_second")
    assert out == api


@pytest.mark.parametrize(
    "args",
    [
        ["--games", "0"],
        ["--games", "x"],
        ["--seed", "1.5"],
        ["--workers", "0"],
        ["--bots", "clever"],
        ["--bots", "random,baseline"],
        ["--rules", "no-such-preset"],
    ],
)
def test_cli_simulate_bad_input_exits_2(args: list[str]) -> None:
    code, out = run_json(["simulate", "--games", "1", *args, "--json"])
    assert code == 2
    assert set(out) == {"error"} and out["error"]


# -- soak ---------------------------------------------------------------------------------------


SOAK = {"random": 1000, "baseline": 200}
"""Games per preset of the full soak (``pytest -m slow``), every one checked after every
action: tiles, points and chips conserved, someone can always act, the log replays, and
no view ever shows another seat's concealed tiles or the wall."""


@pytest.mark.slow
@pytest.mark.parametrize("preset", ["riichi", "sanma", "gotou", "tokushima", "mighty", "kanto-boo"])
@pytest.mark.parametrize("bots", ["random", "baseline"])
def test_soak_simulate_with_checks(preset: str, bots: str) -> None:
    out = simulate(preset, SOAK[bots], seed=500, bots=bots, check=True, workers=2)
    assert out["invariant_violations"] == 0, out["violations"]
    assert out["unfinished_games"] == 0


@pytest.mark.slow
@pytest.mark.parametrize("preset", ["gotou", "tokushima"])
@pytest.mark.parametrize("bots", ["random", "baseline"])
def test_soak_four_people_rotating(preset: str, bots: str) -> None:
    out = simulate(preset, SOAK[bots] // 5, seed=900, bots=bots, check=True, workers=2, people=4)
    assert out["invariant_violations"] == 0, out["violations"]
    assert out["unfinished_games"] == 0
