"""What a seat may see is computed in one place (``jantaku.game.visibility.seen_by``), and a
bot decides from its seat's own state folded from those events only (``SeatView``), never
from the engine's full state (issue 13, item 3).

The proof: at every decision of full games of every preset, the per-seat state shows exactly
what the engine's full state says the seat may know (``FullStateView`` below reads it the way
the bots' view did before), so the bots decide the same; and from a per-seat state no hidden
thing can be reached: no state, wall, other hand, generator or seed.
"""

from __future__ import annotations

import gc
import random
import types
from collections.abc import Sequence
from typing import Any

import pytest

from jantaku import build
from jantaku.bots import SeatView, SeatViews, make_bot
from jantaku.game import Game, State
from jantaku.game.engine import Player, Wall
from jantaku.game.visibility import seen_by, view_of
from jantaku.rules import PRESET_NAMES
from jantaku.scoring.ledger import Ledger, LedgerState
from jantaku.tiles.kinds import N_ALL_KINDS, WINDS, Kind
from jantaku.tiles.notation import Meld, MeldType, parse_tiles
from jantaku.tiles.tileset import Tile, tile_kind

_CALLED = (MeldType.CHI, MeldType.PON, MeldType.MINKAN, MeldType.KAKAN)


class FullStateView:
    """The reference: what the seat may know, read from the engine's full state (the bots'
    view before issue 13). Only this test reads it."""

    def __init__(self, state: State, seat: int) -> None:
        self.state, self.seat = state, seat
        game = state.game
        self.seats, self.people, self.preset = game.seats, game.people, game.preset
        self.tileset, self.analyzer = game.tileset, game.analyzer
        self.nuki_kinds = game.scorer.nuki_kinds

    @property
    def hand(self) -> tuple[Tile, ...]:
        return tuple(self.state.players[self.seat].hand)

    @property
    def drawn(self) -> Tile | None:
        return self.state.players[self.seat].drawn

    def melds(self, s: int) -> tuple[Meld, ...]:
        return tuple(self.state.players[s].melds)

    def river(self, s: int) -> tuple[Tile, ...]:
        return tuple(self.state.players[s].river)

    def extracted(self, s: int) -> tuple[Tile, ...]:
        return tuple(self.state.players[s].extracted)

    def in_riichi(self, s: int) -> bool:
        return self.state.players[s].riichi.declared

    def riichi_tile(self, s: int) -> Tile | None:
        """Seat ``s``'s first discard after its riichi declaration this hand, read from the
        engine's own log."""
        tile: Tile | None = None
        for ev in reversed(self.state.events):
            if ev["type"] == "start_kyoku":
                return None
            if ev["type"] == "dahai" and ev["actor"] == s:
                tile = ev["tile"]
            elif ev["type"] == "reach" and ev["actor"] == s:
                return tile
        return None

    @property
    def dora_indicators(self) -> tuple[Tile, ...]:
        return tuple(self.state.revealed)

    @property
    def dora_kinds(self) -> tuple[Kind, ...]:
        ts = self.state.game.tileset
        return tuple(ts.dora_from_indicator(tile_kind(t)) for t in self.state.revealed)

    @property
    def scores(self) -> tuple[int, ...]:
        return tuple(self.state.ledger.state.scores)

    @property
    def chips(self) -> tuple[int, ...]:
        return tuple(self.state.ledger.state.chips)

    @property
    def dealer(self) -> int:
        return self.state.ledger.state.dealer

    @property
    def honba(self) -> int:
        return self.state.ledger.state.honba

    @property
    def sticks(self) -> int:
        return self.state.ledger.state.sticks

    @property
    def stick_points(self) -> int:
        return self.state.ledger.state.stick_points

    @property
    def round_wind(self) -> Kind:
        return WINDS[self.state.ledger.state.round % 4]

    def seat_wind(self, s: int) -> Kind | None:
        return self.state.ledger.seat_wind(s)

    @property
    def wall_left(self) -> int:
        return max(0, self.state.max_draws - self.state.draws)

    @property
    def wareme(self) -> int | None:
        return self.state.wareme

    @property
    def last_discard(self) -> tuple[int, Tile] | None:
        return self.state.last_discard

    def events(self) -> list[dict[str, Any]]:
        return self.state.view(self.seat)

    def open_waits(self, s: int) -> frozenset[Kind] | None:
        state = self.state
        for ev in reversed(state.events):
            if ev["type"] == "start_kyoku":
                return None
            if ev["type"] == "reach_accepted" and ev["actor"] == s:
                if "shown_waits" in ev:
                    shown = parse_tiles(ev["shown_waits"], state.game.tileset)
                    return frozenset(tile_kind(t) for t in shown)
                if "shown" in ev:
                    counts = [0] * N_ALL_KINDS
                    for t in ev["shown"]:
                        counts[tile_kind(t)] += 1
                    melds = len(state.players[s].melds)
                    w = state.game.analyzer.waits(counts, melds, state.game.wildcards)
                    return frozenset(w.kinds)
                return None
        return None

    def visible_counts(self) -> list[int]:
        c = [0] * N_ALL_KINDS
        for p in self.state.players:
            for t in (*p.river, *p.extracted):
                c[tile_kind(t)] += 1
            for m in p.melds:
                for t in m.tiles[1:] if m.type in _CALLED else m.tiles:
                    c[tile_kind(t)] += 1
        for t in self.state.revealed:
            c[tile_kind(t)] += 1
        return c

    def discards_since_call(self, s: int) -> int:
        """Seat ``s``'s discards since its last call this hand, from the engine's log."""
        n = 0
        for ev in reversed(self.state.events):
            if ev["type"] == "start_kyoku":
                return -1
            if ev.get("actor") != s:
                continue
            if ev["type"] == "dahai":
                n += 1
            elif ev["type"] in ("chi", "pon", "daiminkan"):
                return n
        return -1

    def tsumogiri(self, s: int) -> tuple[bool, ...]:
        """Per tile of seat ``s``'s river: whether it was the tile just drawn, by the
        engine's own check (the tile its player drew last before discarding it)."""
        out: list[bool] = []
        drawn: Tile | None = None
        for ev in self.state.events:
            if ev["type"] == "start_kyoku":
                out, drawn = [], None
            elif ev.get("actor") != s:
                continue
            elif ev["type"] == "tsumo":
                drawn = ev["tile"]
            elif ev["type"] in ("chi", "pon", "daiminkan"):
                drawn = None
            elif ev["type"] == "dahai":
                out.append(ev["tile"] == drawn)
                drawn = None
        return tuple(out)

    def safe_kinds(self, against: int) -> frozenset[Kind]:
        p = self.state.players[against]
        if not p.riichi.declared:
            return frozenset()
        out = {tile_kind(t) for t in p.river}
        after: list[Kind] = []
        for ev in reversed(self.state.events):
            if ev["type"] == "dahai":
                after.append(tile_kind(ev["tile"]))
            elif ev["type"] == "reach" and ev["actor"] == against:
                return frozenset(out | set(after))
            elif ev["type"] == "start_kyoku":
                break
        return frozenset(out)


PER_SEAT = (
    "melds", "river", "extracted", "in_riichi", "riichi_tile", "seat_wind", "open_waits",
    "safe_kinds", "discards_since_call", "tsumogiri",
)  # fmt: skip
WHOLE = (
    "hand", "drawn", "dora_indicators", "dora_kinds", "scores", "chips", "dealer", "honba",
    "sticks", "stick_points", "round_wind", "wall_left", "wareme", "last_discard", "events",
    "visible_counts",
)  # fmt: skip


def differences(view: SeatView, ref: FullStateView, people: int) -> list[str]:
    out = []
    for name in WHOLE:
        got, want = getattr(view, name), getattr(ref, name)
        if callable(got):
            got, want = got(), want()
        if got != want:
            out.append(f"{name}: {got!r} != {want!r}")
    for name in PER_SEAT:
        for s in range(people):
            got, want = getattr(view, name)(s), getattr(ref, name)(s)
            if got != want:
                out.append(f"{name}({s}): {got!r} != {want!r}")
    return out


def _bots(people: int, seed: int) -> list[str]:
    kinds = ["standard", "baseline", "standard", "random"]
    return [kinds[(seed + s) % len(kinds)] for s in range(people)]


CASES = [(p, seed, None) for p in PRESET_NAMES for seed in (1, 2)] + [
    ("sanma", 3, 4),
    ("gotou", 4, 4),
]


# Compiled bots check their argument's type: the duck-typed reference view is theirs to read
# only in the pure build (`make test` runs this test again with JANTAKU_PURE=1).
@pytest.mark.skipif(
    build.MODE == "compiled",
    reason="gives compiled bots a duck-typed view: runs in the pure pass",
)
@pytest.mark.parametrize(("preset", "seed", "people"), CASES)
def test_bots_decide_the_same_from_their_own_seat_state(
    preset: str, seed: int, people: int | None
) -> None:
    """At every decision of a full game: the seat's state folded from its own events shows
    what the full state says it may know, and a standard, baseline or random bot given
    either chooses the same action (each pair seeded alike)."""
    game = Game(preset, seed, people=people)
    state = game.new_state()
    n = game.people
    kinds = _bots(n, seed)
    mine = [make_bot(k, 100 + s) for s, k in enumerate(kinds)]
    reference = [make_bot(k, 100 + s) for s, k in enumerate(kinds)]
    views = SeatViews(game)
    decisions = 0
    while not state.game_over:
        seat = state.current_seats()[0]
        legal = state.legal_actions(seat)
        views.sync(state.events)
        view, ref = views[seat], FullStateView(state, seat)
        diff = differences(view, ref, n)
        assert not diff, f"{preset} seed {seed}, event {len(state.events)}, seat {seat}: {diff}"
        a = mine[seat].choose(view, seat, legal)
        b = reference[seat].choose(ref, seat, legal)  # type: ignore[arg-type]
        assert a == b, f"{preset} seed {seed}, event {len(state.events)}: {a} != {b}"
        state.apply(a)
        decisions += 1
    assert decisions > 30
    # The views of every seat (one that sat out included) end where a fresh fold ends.
    views.sync(state.events)
    for s in range(n):
        assert views[s].events() == SeatView.of(state, s).events() == state.view(s)
        assert views[s].scores == tuple(state.ledger.state.scores)
        assert views[s].chips == tuple(state.ledger.state.chips)


HIDDEN_TYPES = (State, Game, Wall, Player, Ledger, LedgerState, random.Random)


def reachable(root: object) -> list[object]:
    """Every object reachable from ``root`` (classes, modules and functions are where the
    code lives, not data: not followed)."""
    seen: set[int] = set()
    out: list[object] = []
    todo = [root]
    while todo:
        obj = todo.pop()
        if id(obj) in seen or isinstance(
            obj, (type, types.ModuleType, types.FunctionType, types.BuiltinFunctionType)
        ):
            continue
        seen.add(id(obj))
        out.append(obj)
        todo.extend(gc.get_referents(obj))
    return out


@pytest.mark.parametrize("preset", ["riichi", "gotou", "mighty"])
def test_nothing_hidden_is_reachable_from_a_seat_state(preset: str) -> None:
    """Mid-game, from each seat's state: no engine state, wall, player, ledger, generator or
    seed, and every event it holds is that event as the seat may see it."""
    seed = 0x5EED_C0FFEE_1234  # no table or count of the game holds this number
    game = Game(preset, seed)
    state = game.new_state()
    rng = random.Random(1)
    views = SeatViews(game)
    while len(state.events) < 400 and not state.game_over:
        seat = state.current_seats()[0]
        state.apply(rng.choice(list(state.legal_actions(seat))))
    views.sync(state.events)
    hidden_tsumo = 0
    for seat in range(game.people):
        objs = reachable(views[seat])
        assert not [o for o in objs if isinstance(o, HIDDEN_TYPES)]
        assert not [o for o in objs if isinstance(o, int) and o == seed]
        assert not [o for o in objs if o is state.events]
        events = [o for o in objs if isinstance(o, dict) and "type" in o]
        for ev in events:
            assert "wall" not in ev and "seed" not in ev
            if ev["type"] == "tsumo" and ev["actor"] != seat:
                assert "tile" not in ev and ev["pai"] == "?"
                hidden_tsumo += 1
    assert hidden_tsumo > 0


def test_a_seat_state_refuses_what_the_seat_may_not_see() -> None:
    state = Game("riichi", 5).new_state()
    view = SeatView(state.game, 1)
    start_game, start_kyoku, draw = state.events[:3]
    with pytest.raises(ValueError, match="the seed"):
        view.update(start_game)
    view.update(seen_by(start_game, 1) or {})
    with pytest.raises(ValueError, match="the wall"):
        view.update(start_kyoku)
    view.update(seen_by(start_kyoku, 1) or {})
    assert draw["actor"] == 0
    with pytest.raises(ValueError, match="another seat's draw"):
        view.update(draw)
    assert view.events() == view_of(state.events[:2], 1)  # the refused ones changed nothing
    with pytest.raises(ValueError, match="unknown event type 'teleport'"):
        view.update({"type": "teleport"})


def test_seat_views_follow_a_growing_log_only() -> None:
    state = Game("sanma", 6).new_state()
    views = SeatViews(state.game)
    views.sync(state.events)
    with pytest.raises(ValueError, match="fewer than"):
        views.sync(state.events[:1])
    seat = state.current_seats()[0]
    before: Sequence[Tile] = views[seat].hand
    state.apply(next(iter(state.legal_actions(seat))))
    views.sync(state.events)
    assert views[seat].hand != tuple(before) or views[seat].river(seat)
    assert views[seat].events() == state.view(seat)
