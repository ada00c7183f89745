"""The table: an immutable :class:`Game` (preset + seed) and a :class:`State` that deals,
draws, discards, calls, declares and ends hands and games.

The event log is the truth. :meth:`State.apply` decides what an action causes and emits
events; every change of state happens in :meth:`State._fold`, one event at a time, so a log
replayed into a fresh state rebuilds it exactly (:meth:`Game.replay`). Draws come from a wall
shuffled from the game's seed (recorded in the ``start_kyoku`` event) or from a stacked wall.

It plays the reference presets ``riichi`` and ``sanma`` (Tenhou rules) and the house presets
by their knobs: flowers and nuki-dora set aside with a replacement draw, 12-tile wildcard
hands, open riichi, シュバリー, forced wins, 白ぽっち, furiten riichi, abortive draws. The table
rules of the table (riichi forms, furiten, forced wins, aborts) are the preset's ``[table]``.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from jantaku.rules.loader import load_preset
from jantaku.rules.model import Preset, TableRules
from jantaku.scoring.chips import WinChips, alice_flips, win_chips
from jantaku.scoring.ledger import Ledger
from jantaku.scoring.score import NotAWin, Scorer, ScoreResult
from jantaku.scoring.situation import RiichiKind, WinSituation
from jantaku.tiles.kinds import (
    DRAGONS,
    SPRING,
    TERMINALS_AND_HONORS,
    WINDS,
    Kind,
    is_terminal_or_honor,
)
from jantaku.tiles.notation import Meld, MeldType, Source, kinds_to_string, tile_name
from jantaku.tiles.tileset import Tile, TileSet, Variant, tile_kind

from .actions import RIICHI_TYPES, Action, ActionType, IllegalActionError, LegalActions

WIND_LETTERS = "ESWN"
DEAD_WALL = 14


@dataclass
class Wall:
    """The tiles of one hand in drawing order: what each seat is dealt, the live draws, the
    replacement draws after a kan or kita, and the dora and ura indicators."""

    hands: list[list[Tile]]
    live: list[Tile]
    rinshan: list[Tile]
    dora: list[Tile]
    ura: list[Tile]
    rest: list[Tile] = field(default_factory=list)
    """Dead-wall tiles that are neither replacements nor indicators (never drawn)."""

    def to_json(self) -> dict[str, Any]:
        out = {
            "hands": self.hands,
            "live": self.live,
            "rinshan": self.rinshan,
            "dora": self.dora,
            "ura": self.ura,
        }
        if self.rest:
            out["rest"] = self.rest
        return out

    @classmethod
    def from_json(cls, d: dict[str, Any]) -> Wall:
        return cls(
            [list(h) for h in d["hands"]],
            list(d["live"]),
            list(d["rinshan"]),
            list(d["dora"]),
            list(d["ura"]),
            list(d.get("rest", [])),
        )


@dataclass
class Player:
    hand: list[Tile] = field(default_factory=list)
    melds: list[Meld] = field(default_factory=list)
    river: list[Tile] = field(default_factory=list)
    called_from_river: int = 0
    extracted: list[Tile] = field(default_factory=list)
    riichi: RiichiKind = RiichiKind.NONE
    ippatsu: bool = False
    furiten_temp: bool = False
    furiten_riichi: bool = False
    drawn: Tile | None = None
    rinshan_draw: bool = False
    forbidden_kinds: frozenset[Kind] = frozenset()
    discarded_kinds: set[Kind] = field(default_factory=set)
    has_discarded: bool = False
    pao: int | None = None
    """The seat that fed this player's last dragon or wind set (大三元/大四喜 pao)."""
    waits: frozenset[Kind] | None = None
    """Cached waits of the current hand (None: the hand changed since)."""
    drawn_waits: frozenset[Kind] | None = None
    """Cached waits of the hand before its last draw (a tsumo is checked against them)."""
    call_kinds: frozenset[Kind] | None = None
    """Cached kinds this hand could pon (None: the hand changed since)."""
    call_feeder: int | None = None
    """The seat whose discard this player's last call took (mighty 無)."""
    kan_feeder: int | None = None
    """The seat whose discard this player's last open kan took (大明槓の責任払い)."""
    riichi_draws: list[Kind] = field(default_factory=list)
    """Kinds drawn since this player's riichi (gotou option ぐるぐるチャンス)."""

    def hand_changed(self) -> None:
        self.waits = None
        self.call_kinds = None

    def pon_kinds(self) -> frozenset[Kind]:
        """Kinds this hand holds two of: most discards are not one, and this is asked of
        every other seat at every discard."""
        if self.call_kinds is None:
            seen: set[Kind] = set()
            pairs: set[Kind] = set()
            for t in self.hand:
                k = t >> 2
                if k in seen:
                    pairs.add(k)
                else:
                    seen.add(k)
            self.call_kinds = frozenset(pairs)
        return self.call_kinds


class Game:
    """An immutable game: the preset and the seed. ``new_state`` starts it."""

    def __init__(
        self,
        preset: Preset | str = "riichi",
        seed: int = 0,
        people: int | None = None,
    ) -> None:
        self.preset = load_preset(preset) if isinstance(preset, str) else preset
        self.seed = seed
        self.table: TableRules = self.preset.table
        self.scorer = Scorer(self.preset)
        self.tileset = self.scorer.tileset
        self.analyzer = self.scorer.analyzer
        self.seats = self.preset.players
        """Players in each hand."""
        self.people = self.seats if people is None else people
        """People at the table: 4 at a three-player preset means four rotating, the one
        just before the dealer sitting out each hand (抜け番)."""
        if self.people != self.seats and (self.seats, self.people) != (3, 4):
            raise ValueError(
                f"people: {self.preset.name} is played by {self.seats} (or 4 rotating at a "
                f"three-player table), not {people}"
            )
        self.hand_size = self.preset.hand_size
        self.wildcards = self.preset.hand.wildcards
        self.extractable: frozenset[Kind] = self.scorer.extractable
        """Kinds a player may set aside with a replacement draw (KITA)."""
        hand_kinds = set(self.analyzer.hand_kinds)
        self.air: frozenset[Kind] = frozenset(k for k in self.extractable if k not in hand_kinds)
        """Kinds that can never stand in a hand (flowers, mighty's 5m): never discarded, set
        aside as soon as the player can."""
        self.air_sorted: tuple[Kind, ...] = tuple(sorted(self.air))
        keep_only = self.preset.scoring.north_in_hand == "honor_yakuman_only"
        self.undiscardable: frozenset[Kind] = self.air | (
            self.scorer.nuki_kinds if keep_only else frozenset()
        )
        """Kinds never discarded (gotou: north too, «北は...ポン不可»)."""
        self.mu = "mu" in self.preset.scoring.extra_yaku
        """mighty 無: a hand called down to no real tile wins at once."""
        self._waits_memo: dict[tuple[bytes, int, bytes], frozenset[Kind]] = {}
        ts = self.tileset
        self.names: tuple[str, ...] = tuple(
            tile_name(t, ts) if t in ts else "?" for t in range(len(ts.faces))
        )
        """The MPSZ name of each physical id (``pai`` of the events), looked up, not built."""

    def new_state(
        self, walls: Iterable[Wall] | None = None, start: dict[str, Any] | None = None
    ) -> State:
        """A new game; ``walls`` stacks the wall of each hand in turn (tests, replays);
        ``start`` resumes mid-game (scores, dealer, round, hand, honba, sticks), as in
        ``jantaku ledger``."""
        return State(self, walls, resume=start)

    def replay(self, events: Sequence[dict[str, Any]]) -> State:
        """Rebuild the state a log leads to, by folding its events. The game's generator is
        advanced exactly as the shuffles and dice of those events did, so a game resumed from
        its log (a server restart) goes on as it would have."""
        state = State(self, None, start=False)
        state._replaying = True
        try:
            for ev in events:
                state._emit(ev)
        finally:
            state._replaying = False
        return state


class State:
    def __init__(
        self,
        game: Game,
        walls: Iterable[Wall] | None,
        start: bool = True,
        resume: dict[str, Any] | None = None,
    ) -> None:
        self.game = game
        self.ledger = Ledger(game.preset, people=game.people, start=resume)
        self.events: list[dict[str, Any]] = []
        self._walls = iter(walls) if walls is not None else None
        self._rng = random.Random(game.seed)
        self._replaying = False
        """Folding a recorded log: chance already happened, only advance the generator."""
        self.players: list[Player] = []
        self.wall = Wall([], [], [], [], [])
        self.draws = 0
        self.max_draws = 0
        self.revealed: list[Tile] = []
        self.start_indicators = 1
        """Dora indicators turned at the start of this hand (the rest are kans')."""
        self.pending_dora = 0
        self.kan_owners: list[int] = []
        self.turn = 0
        self.active: list[int] = list(range(game.seats))
        """The persons in this hand, in seat order from the dealer."""
        self.position: list[int] = list(range(game.seats))
        """Each person's place in that order (-1: sitting out this hand)."""
        self.in_hand: list[int] = list(range(game.seats))
        """The persons in this hand by index (the order responses and tenpai are listed)."""
        self.phase = "over"
        self.last_discard: tuple[int, Tile] | None = None
        self.robbed: tuple[int, Tile, str] | None = None
        """A kan or kita that others may ron on: (seat, tile, "kakan" | "ankan" | "kita")."""
        self.responses: dict[int, Action | None] = {}
        self.options: dict[int, LegalActions] = {}
        self.calls_seen = False
        self.first_winds: list[Kind] = []
        self.riichi_count = 0
        self.reach_pending: int | None = None
        self._legal_cache: tuple[tuple[int, int], LegalActions] | None = None
        self.wareme: int | None = None
        """割れ目: the seat whose win points are doubled this hand (mighty)."""
        self.tedumari = False
        """The last discard was forced into an open riichi (手詰まり放銃)."""
        self.game_over = False
        if start:
            start_game: dict[str, Any] = {
                "type": "start_game",
                "preset": game.preset.name,
                "seed": game.seed,
                "players": game.seats,
            }
            if game.people != game.seats:
                start_game["people"] = game.people
            self._emit(start_game)
            self._start_kyoku()

    # -- helpers --------------------------------------------------------------------------------

    @property
    def seats(self) -> int:
        """Players in each hand."""
        return self.game.seats

    @property
    def people(self) -> int:
        """People at the table (one more than ``seats`` when four rotate)."""
        return self.game.people

    def sitting_out(self, dealer: int) -> int | None:
        """Who sits out a hand with this dealer: the person just before them, when four
        rotate at a three-player table."""
        return (dealer - 1) % self.people if self.people > self.seats else None

    def _emit(self, ev: dict[str, Any]) -> None:
        self.events.append(ev)
        self._fold(ev)

    def _next(self, seat: int) -> int:
        """The next player in turn order (skipping whoever sits out)."""
        return self.active[(self.position[seat] + 1) % self.seats]

    def wind_of(self, seat: int) -> Kind:
        wind = self.ledger.seat_wind(seat)
        assert wind is not None
        return wind

    def _counts(self, tiles: Iterable[Tile]) -> list[int]:
        c = [0] * 38
        for t in tiles:
            c[t >> 2 if t < 136 else tile_kind(t)] += 1
        return c

    def _called_counts(self, p: Player) -> list[int]:
        return self._counts(t for m in p.melds for t in m.tiles)

    def _waits(self, p: Player, hand: Sequence[Tile]) -> frozenset[Kind]:
        """The kinds that complete the hand (none while it holds a flower or other tile that
        can never stand in a hand)."""
        counts = self._counts(hand)
        air = self.game.air
        if air and any(counts[k] for k in air):
            return frozenset()
        # Most hands have no called set: no need to count called tiles.
        called = self._called_counts(p) if p.melds else None
        # The same hand is asked about at every discard of the others: remember it.
        key = (bytes(counts), len(p.melds), bytes(called) if called is not None else b"")
        memo = self.game._waits_memo
        hit = memo.get(key)
        if hit is None:
            w = self.game.analyzer.waits(counts, len(p.melds), self.game.wildcards, called)
            hit = memo[key] = frozenset(w.kinds)
        return hit

    # -- dealing ------------------------------------------------------------------------------

    def _make_wall(self) -> tuple[Wall, bool]:
        """The next hand's wall, and whether it was stacked (not shuffled)."""
        if self._walls is not None:
            stacked = next(self._walls, None)
            if stacked is not None:
                return stacked, True
            self._walls = None  # the stacked walls are used up: shuffle from here on
        tiles = list(self.game.tileset.tiles)
        self._rng.shuffle(tiles)
        n, size = self.seats, self.game.hand_size
        out = self.sitting_out(self.ledger.state.dealer)
        hands: list[list[Tile]] = []
        for person in range(self.people):
            if person == out:
                hands.append([])
            else:
                i = len(hands) - (out is not None and person > out)
                hands.append(tiles[size * i : size * (i + 1)])
        rest = tiles[size * n :]
        table = self.game.table
        dead, live = rest[: table.dead_wall], rest[table.dead_wall :]
        # The replacement tiles, five dora and five ura indicators (as Tenhou lays them
        # out), then the further indicators a preset needs (gotou: a sixth of each).
        r, x = table.rinshan_tiles, table.indicators - 5
        dora = [*dead[r : r + 5], *dead[r + 10 : r + 10 + x]]
        ura = [*dead[r + 5 : r + 10], *dead[r + 10 + x : r + 10 + 2 * x]]
        wall = Wall(hands, live, dead[:r], dora, ura, dead[r + 10 + 2 * x :])
        return wall, False

    def _start_kyoku(self) -> None:
        led = self.ledger.state
        wall, stacked = self._make_wall()
        extra: dict[str, Any] = {"stacked": True} if stacked else {}
        if self.game.preset.scoring.wareme:
            # 割れ目: one die picks the seat by wind (1/4 east, 2/5 south, 3/6 west).
            offset = (self._rng.randint(1, 6) - 1) % self.seats
            extra["wareme"] = self._hand_order(led.dealer)[offset]
        out = self.sitting_out(led.dealer)
        if out is not None:
            extra["sitting_out"] = out
        if self.game.table.doubles_two_dora:
            extra["dice"] = [self._rng.randint(1, 6), self._rng.randint(1, 6)]
        self._emit(
            {
                "type": "start_kyoku",
                "bakaze": WIND_LETTERS[led.round % 4],
                "kyoku": led.hand,
                "honba": led.honba,
                "kyotaku": led.sticks,
                "oya": led.dealer,
                "scores": list(led.scores),
                "dora_marker": self.game.names[wall.dora[0]],
                "dora_tile": wall.dora[0],
                # Every indicator turned at the start (gotou turns two).
                "dora_tiles": wall.dora[: self._initial_dora(extra)],
                "wall": wall.to_json(),
                **extra,
            }
        )
        self._draw(self.ledger.state.dealer)

    def _initial_dora(self, start: dict[str, Any]) -> int:
        """Dora indicators turned at the start of a hand (one more on the dealer's doubles,
        where the preset says so)."""
        dice = start.get("dice")
        return self.game.table.initial_dora + (1 if dice and dice[0] == dice[1] else 0)

    def _hand_order(self, dealer: int) -> list[int]:
        """The persons in a hand with this dealer, in seat order from the dealer."""
        out = self.sitting_out(dealer)
        order = [(dealer + i) % self.people for i in range(self.people)]
        return [q for q in order if q != out]

    def _draw(self, seat: int, rinshan: bool = False) -> None:
        if rinshan:
            w = self.wall
            tile = w.rinshan[0] if w.rinshan else w.live[-1] if w.live else w.rest[0]
        else:
            tile = self.wall.live[0]
        self._emit(
            {
                "type": "tsumo",
                "actor": seat,
                "tile": tile,
                "pai": self.game.names[tile],
                "rinshan": rinshan,
            }
        )

    # -- the fold --------------------------------------------------------------------------------

    def _fold(self, ev: dict[str, Any]) -> None:
        kind = ev["type"]
        handler = _FOLDS.get(kind)
        if handler is None:
            raise ValueError(f"unknown event type {kind!r}")
        handler(self, ev)

    def _on_start_game(self, ev: dict[str, Any]) -> None:
        self.game_over = False

    def _on_start_kyoku(self, ev: dict[str, Any]) -> None:
        if self._replaying:
            # The live game shuffled and rolled here: the generator moves on the same way
            # (a shuffle draws as many numbers whatever the tiles are).
            if not ev.get("stacked"):
                self._rng.shuffle([0] * len(self.game.tileset.tiles))
            for _ in range(("wareme" in ev) + 2 * ("dice" in ev)):
                self._rng.randint(1, 6)
        wall = Wall.from_json(ev["wall"])
        if len(wall.hands) != self.people:
            raise ValueError(f"the wall deals {len(wall.hands)} hands to {self.people} people")
        self.wall = wall
        self.players = [Player(hand=list(h)) for h in wall.hands]
        self.active = self._hand_order(ev["oya"])
        self.position = [-1] * self.people
        for i, q in enumerate(self.active):
            self.position[q] = i
        self.in_hand = sorted(self.active)
        size = self.game.hand_size
        live_total = len(self.game.tileset.tiles) - self.game.table.dead_wall - size * self.seats
        self.max_draws = live_total
        self.draws = 0
        self.start_indicators = self._initial_dora(ev)
        self.revealed = list(wall.dora[: self.start_indicators])
        self.wareme = ev.get("wareme")
        self.tedumari = False
        self.pending_dora = 0
        self.kan_owners = []
        self.last_discard = None
        self.robbed = None
        self.calls_seen = False
        self.first_winds = []
        self.riichi_count = 0
        self.reach_pending = None
        self.responses = {}
        self.options = {}
        self.phase = "turn"

    def _on_tsumo(self, ev: dict[str, Any]) -> None:
        seat, tile = ev["actor"], ev["tile"]
        p = self.players[seat]
        shortens = True
        if ev["rinshan"]:
            # Past the replacement tiles, the dead wall takes the live wall's last tile.
            if self.wall.rinshan:
                self.wall.rinshan.pop(0)
                shortens = self.game.table.replacement_shortens_wall
            elif self.wall.live:
                self.wall.live.pop()
            else:  # after the last live tile: the rest of the dead wall
                self.wall.rest.pop(0)
                shortens = False
        else:
            self.wall.live.pop(0)
        if shortens:
            self.draws += 1
        p.hand.append(tile)
        p.drawn_waits = p.waits
        p.hand_changed()
        self.robbed = None
        p.drawn = tile
        p.rinshan_draw = ev["rinshan"]
        p.furiten_temp = False
        self.turn = seat
        self.phase = "turn"
        self.last_discard = None
        if p.riichi.declared and self.game.preset.chips.guruguru:
            self._guruguru(seat, tile, ev)

    def _guruguru(self, seat: int, tile: Tile, ev: dict[str, Any]) -> None:
        """gotou option ぐるぐるチャンス («リーチ後1p5p1pでトマトなど»): after riichi, a draw that
        makes the last three draws read the same both ways (first and third of one kind)
        earns chips from all at once; シュバ doubles them like spring's."""
        p = self.players[seat]
        p.riichi_draws.append(tile_kind(tile))
        if len(p.riichi_draws) >= 3 and p.riichi_draws[-1] == p.riichi_draws[-3]:
            before = list(self.ledger.state.chips)
            n = self.game.preset.chips.guruguru
            double = self.game.preset.chips.shuba_doubles and seat in self.ledger.state.shuba
            self.ledger.apply(
                {"type": "chips", "to": seat, "items": {"guruguru": n}, "double": double}
            )
            ev["chip_deltas"] = _changes(self.ledger.state.chips, before)

    def _on_dahai(self, ev: dict[str, Any]) -> None:
        seat, tile = ev["actor"], ev["tile"]
        p = self.players[seat]
        p.hand.remove(tile)
        p.hand_changed()
        p.river.append(tile)
        p.discarded_kinds.add(tile_kind(tile))
        if p.riichi.declared and self.reach_pending != seat:
            p.ippatsu = False
        if not p.has_discarded and not self.calls_seen:
            self.first_winds.append(tile_kind(tile))
        p.has_discarded = True
        p.drawn = None
        p.rinshan_draw = False
        p.forbidden_kinds = frozenset()
        self.tedumari = bool(ev.get("tedumari"))
        self.last_discard = (seat, tile)
        self.phase = "response"
        self.responses = {}
        self.options = self._compute_options()

    def _on_reach(self, ev: dict[str, Any]) -> None:
        p = self.players[ev["actor"]]
        first = not p.has_discarded and not self.calls_seen
        # Open riichi and シュバ are riichi: on the first uninterrupted turn, double riichi.
        p.riichi = RiichiKind.of(ev.get("open", False), ev.get("shuba", False), first)
        self.reach_pending = ev["actor"]

    def _on_reach_accepted(self, ev: dict[str, Any]) -> None:
        p = self.players[ev["actor"]]
        p.ippatsu = True
        self.reach_pending = None
        self.riichi_count += 1
        shuba = p.riichi.is_shuba
        self.ledger.deposit_riichi(ev["actor"], shuba=shuba)

    def _on_dora(self, ev: dict[str, Any]) -> None:
        self.revealed.append(ev["tile"])
        self.pending_dora = max(0, self.pending_dora - 1)

    def _call_common(self, seat: int) -> None:
        self.calls_seen = True
        for q in self.players:
            q.ippatsu = False
        self.responses = {}
        self.options = {}

    def _on_chi(self, ev: dict[str, Any]) -> None:
        self._fold_call(ev, MeldType.CHI)

    def _on_pon(self, ev: dict[str, Any]) -> None:
        self._fold_call(ev, MeldType.PON)

    def _on_daiminkan(self, ev: dict[str, Any]) -> None:
        self._fold_call(ev, MeldType.MINKAN)

    def _fold_call(self, ev: dict[str, Any], mtype: MeldType) -> None:
        seat, target, tile = ev["actor"], ev["target"], ev["tile"]
        p = self.players[seat]
        for t in ev["tiles"]:
            p.hand.remove(t)
            p.hand_changed()
        rel = (self.position[target] - self.position[seat]) % self.seats
        source = (
            Source.RIGHT if rel == 1 else Source.LEFT if rel == self.seats - 1 else Source.ACROSS
        )
        p.melds.append(Meld(mtype, (tile, *ev["tiles"]), source))
        self.players[target].called_from_river += 1
        p.call_feeder = target
        kind = tile_kind(tile)
        self._call_common(seat)
        if mtype is not MeldType.CHI and (kind in DRAGONS or kind in WINDS):
            group = DRAGONS if kind in DRAGONS else WINDS
            sets = sum(1 for m in p.melds if m.type is not MeldType.CHI and m.kind in group)
            if sets == len(group):
                p.pao = target
        if mtype is MeldType.CHI:
            low = min(tile_kind(t) for t in (tile, *ev["tiles"]))
            forbidden = {kind}
            if kind == low and low % 9 <= 5:
                forbidden.add(kind + 3)
            if kind == low + 2 and low % 9 >= 1:
                forbidden.add(low - 1)
            p.forbidden_kinds = frozenset(forbidden)
        elif mtype is MeldType.PON:
            p.forbidden_kinds = frozenset({kind})
        else:
            p.kan_feeder = target
            self.kan_owners.append(seat)
            self.pending_dora += 1
        self.turn = seat
        self.phase = "turn"
        self.last_discard = None

    def _on_ankan(self, ev: dict[str, Any]) -> None:
        seat = ev["actor"]
        p = self.players[seat]
        for t in ev["tiles"]:
            p.hand.remove(t)
            p.hand_changed()
        p.melds.append(Meld(MeldType.ANKAN, tuple(ev["tiles"]), None))
        self.kan_owners.append(seat)
        self.pending_dora += 1
        self._call_common(seat)
        self._offer_robbing(seat, ev["tiles"][0], "ankan")

    def _on_kakan(self, ev: dict[str, Any]) -> None:
        seat, tile = ev["actor"], ev["tile"]
        p = self.players[seat]
        p.hand.remove(tile)
        p.hand_changed()
        for i, m in enumerate(p.melds):
            if m.type is MeldType.PON and m.kind == tile_kind(tile):
                p.melds[i] = Meld(MeldType.KAKAN, (*m.tiles, tile), m.source)
                break
        self._offer_robbing(seat, tile, "kakan")

    def _on_kakan_done(self, ev: dict[str, Any]) -> None:
        seat = ev["actor"]
        self.robbed = None
        self.kan_owners.append(seat)
        self.pending_dora += 1
        self._call_common(seat)
        self.turn = seat
        self.phase = "turn"

    def _on_nukidora(self, ev: dict[str, Any]) -> None:
        seat, tile = ev["actor"], ev["tile"]
        p = self.players[seat]
        p.hand.remove(tile)
        p.hand_changed()
        had_spring = any(tile_kind(t) == SPRING for t in p.extracted)
        p.extracted.append(tile)
        kind = tile_kind(tile)
        if self.game.preset.scoring.flower_powers and kind >= SPRING:
            # gotou 春: on extracting it, as many chips from all as flowers extracted so far;
            # after it, one more from all for each further flower. シュバ doubles them.
            n = sum(1 for t in p.extracted if tile_kind(t) >= SPRING) if kind == SPRING else 1
            if kind == SPRING or had_spring:
                double = self.game.preset.chips.shuba_doubles and seat in self.ledger.state.shuba
                before = list(self.ledger.state.chips)
                self.ledger.apply(
                    {"type": "chips", "to": seat, "items": {"spring": n}, "double": double}
                )
                # Derived, for display: who paid the spring chips.
                ev["chip_deltas"] = _changes(self.ledger.state.chips, before)
        self._offer_robbing(seat, tile, "kita")

    def _offer_robbing(self, seat: int, tile: Tile, kind: str) -> None:
        """Others may ron an added kan (槍槓), a closed kan (kokushi only) or a north set
        aside; with nobody able to, the turn goes on."""
        self.robbed = (seat, tile, kind)
        self.last_discard = None
        self.responses = {}
        self.options = self._compute_options()
        self.phase = "response" if self.options else "turn"
        if not self.options:
            self.robbed = None

    def _on_pass(self, ev: dict[str, Any]) -> None:
        seat = ev["actor"]
        p = self.players[seat]
        if ev.get("missed_ron"):
            p.furiten_temp = True
            if p.riichi.declared:
                p.furiten_riichi = True

    def _hora_situation(self, ev: dict[str, Any]) -> WinSituation:
        winner, target = ev["actor"], ev["target"]
        if ev.get("mu"):
            return self._mu_situation(winner)
        return self._situation(
            winner,
            target,
            ev["tile"],
            ev.get("chankan", False),
            first_winner=ev.get("first", True),
        )

    def _emit_hora(self, ev: dict[str, Any]) -> None:
        """Emit a win, with the dice of the サイコロチャンス it earns rolled now (from the
        game's generator, so the log holds them and a replay does not roll again)."""
        sit = self._hora_situation(ev)
        chances = win_chips(self.game.scorer.score(sit), sit, self.game.preset).dice_chances
        if chances:
            ev["dice"] = self._roll_chances(chances)
        self._emit(ev)

    def _roll_chances(self, chances: int) -> list[list[int]]:
        """Roll サイコロチャンス: two dice each, doubles roll again."""
        rolls: list[list[int]] = []
        for _ in range(chances):
            while True:
                roll = [self._rng.randint(1, 6), self._rng.randint(1, 6)]
                rolls.append(roll)
                if roll[0] != roll[1]:
                    break
        return rolls

    def _on_hora(self, ev: dict[str, Any]) -> None:
        """Score the win and pay it; the event then also carries the result for display
        (mjai's ``hora_tehais``, ``yakus``, ``fu``, ``fan``, ``deltas``, ``scores`` and
        jantaku's chips, dice and アリス), derived, so a replay writes them again."""
        winner, target = ev["actor"], ev["target"]
        sit = self._hora_situation(ev)
        result = self.game.scorer.score(sit)
        led = self.ledger.state
        scores_before, chips_before = list(led.scores), list(led.chips)
        chips = win_chips(result, sit, self.game.preset)
        rolls = ev.get("dice")
        if rolls and self._replaying:
            for _ in range(2 * len(rolls)):
                self._rng.randint(1, 6)
        if rolls:
            shuba = sit.riichi.is_shuba
            double = shuba and self.game.preset.chips.shuba_doubles
            self.ledger.apply(
                {"type": "chips", "to": winner, "items": {}, "dice": rolls, "double": double}
            )
        self.ledger.record_win(
            winner, None if target == winner else target, result, sit, last=ev.get("last", True)
        )
        ev.update(self._hora_detail(sit, result, chips, scores_before, chips_before))
        if ev.get("last", True):
            self.phase = "over"

    def _hora_detail(
        self,
        sit: WinSituation,
        result: ScoreResult,
        chips: WinChips,
        scores_before: list[int],
        chips_before: list[int],
    ) -> dict[str, Any]:
        led = self.ledger.state
        ura = (
            list(sit.ura_indicators)
            if sit.riichi.declared and self.game.preset.scoring.ura_dora
            else []
        )
        return {
            "hora_tehais": list(sit.concealed),
            "uradora_markers": ura,
            "yakus": [
                {"id": y.id, "han": y.han, "yakuman": y.yakuman, "en": y.name_en, "ja": y.name_ja}
                for y in result.yaku
            ],
            "fan": result.han,
            "fu": result.fu,
            "limit": result.limit,
            "hora_points": result.value,
            "wildcard": kinds_to_string(result.wildcards) if result.wildcards else None,
            "deltas": _changes(led.scores, scores_before),
            "scores": list(led.scores),
            "chip_items": [
                {"item": name, "chips": n, "from_all": every} for name, n, every in chips.items
            ],
            "chip_deltas": _changes(led.chips, chips_before),
            "alice": list(sit.alice[: alice_flips(sit, self.game.preset)]),
        }

    def _on_ryukyoku(self, ev: dict[str, Any]) -> None:
        """Pay the draw; the event then also carries the tenpai hands shown and the point
        and chip changes (derived, for display)."""
        kinds = {"exhaustive": "exhaustive", "yao9": "nine_terminals", "nm": "nagashi"}
        kind = kinds.get(ev["reason"], "nine_terminals")
        record: dict[str, Any] = {"type": "draw", "tenpai": ev.get("tenpai", []), "kind": kind}
        if ev["reason"] == "nm":
            record["winners"] = ev.get("nagashi", [])
        led = self.ledger.state
        scores_before, chips_before = list(led.scores), list(led.chips)
        for w, rolls in ev.get("nagashi_dice", []):
            if self._replaying:
                for _ in range(2 * len(rolls)):
                    self._rng.randint(1, 6)
            double = self.game.preset.chips.shuba_doubles and self.players[w].riichi.is_shuba
            self.ledger.apply(
                {"type": "chips", "to": w, "items": {}, "dice": rolls, "double": double}
            )
        self.ledger.apply(record)
        shown = set(ev.get("tenpai", []))
        if ev["reason"] == "yao9":
            shown.add(ev["actor"])  # 九種九牌 is declared by showing the hand
        ev["tehais"] = [list(p.hand) if s in shown else None for s, p in enumerate(self.players)]
        ev["deltas"] = _changes(led.scores, scores_before)
        ev["scores"] = list(led.scores)
        ev["chip_deltas"] = _changes(led.chips, chips_before)
        self.phase = "over"

    def _on_end_kyoku(self, ev: dict[str, Any]) -> None:
        self.phase = "over"

    def _on_end_game(self, ev: dict[str, Any]) -> None:
        self.game_over = True
        self.phase = "over"

    # -- situations and scoring -----------------------------------------------------------------

    def _situation(
        self, winner: int, target: int, tile: Tile, chankan: bool, first_winner: bool = True
    ) -> WinSituation:
        p = self.players[winner]
        tsumo = winner == target
        concealed = tuple(p.hand) if tsumo else (*p.hand, tile)
        led = self.ledger.state
        before = list(p.hand)
        if tsumo and tile in before:
            before.remove(tile)
        furiten = (
            p.furiten_temp or p.furiten_riichi or bool(self._waits(p, before) & p.discarded_kinds)
        )
        feeder = None
        last_meld = p.melds[-1].type if p.melds else None
        if tsumo and p.rinshan_draw and p.kan_feeder is not None and last_meld is MeldType.MINKAN:
            feeder = self.wind_of(p.kan_feeder)
        return WinSituation(
            concealed=concealed,
            win_tile=tile,
            tsumo=tsumo,
            melds=tuple(p.melds),
            seat_wind=self.wind_of(winner),
            round_wind=WINDS[led.round % 4],
            players=self.seats,
            sitting_out=self.people > self.seats,
            discarder_wind=None if tsumo else self.wind_of(target),
            riichi=p.riichi,
            ippatsu=p.ippatsu,
            rinshan=tsumo and p.rinshan_draw,
            chankan=chankan,
            haitei=tsumo and self.draws == self.max_draws and not p.rinshan_draw,
            houtei=not tsumo and not chankan and self.draws >= self.max_draws,
            first_turn=tsumo and not p.has_discarded and not self.calls_seen,
            dora_indicators=tuple(self.revealed),
            ura_indicators=tuple(self.wall.ura[: len(self.revealed)]),
            start_indicators=self.start_indicators,
            kans=len(self.kan_owners),
            extracted=tuple(p.extracted),
            honba=led.honba if first_winner else 0,
            riichi_sticks=led.sticks if first_winner else 0,
            pao_wind=None if p.pao is None else self.wind_of(p.pao),
            furiten=furiten,
            kan_feeder_wind=feeder,
            wareme_wind=None if self.wareme is None else self.wind_of(self.wareme),
            tedumari=not tsumo and self.tedumari and self.last_discard is not None,
            alice=self._alice_tiles() if self.game.preset.scoring.flower_powers else (),
            tileset=self.game.tileset,
        )

    def _alice_tiles(self) -> tuple[Tile, ...]:
        """gotou 冬 (アリス): the tiles turned over at a win, in order: those after the dora
        indicators in the dead wall (the unturned indicators, then the replacement tiles),
        then onward from the live wall's last tile (the one next to the dead wall)."""
        w = self.wall
        return (*w.dora[len(self.revealed) :], *w.rinshan, *reversed(w.live))

    def _mu_situation(self, winner: int) -> WinSituation:
        """mighty 無: four calls made and discarded down to no real tile."""
        p = self.players[winner]
        led = self.ledger.state
        return WinSituation(
            concealed=(),
            win_tile=-1,
            tsumo=True,
            melds=tuple(p.melds),
            seat_wind=self.wind_of(winner),
            round_wind=WINDS[led.round % 4],
            players=self.seats,
            sitting_out=self.people > self.seats,
            honba=led.honba,
            riichi_sticks=led.sticks,
            pao_wind=None if p.call_feeder is None else self.wind_of(p.call_feeder),
            wareme_wind=None if self.wareme is None else self.wind_of(self.wareme),
            mu=True,
            tileset=self.game.tileset,
        )

    def _can_win(
        self,
        winner: int,
        target: int,
        tile: Tile,
        chankan: bool = False,
        kokushi_only: bool = False,
    ) -> bool:
        p = self.players[winner]
        if winner == target:
            if tile == p.drawn and p.drawn_waits is not None:
                waits = p.drawn_waits
            else:
                before = list(p.hand)
                before.remove(tile)
                waits = self._waits(p, before)
                if tile == p.drawn:
                    p.drawn_waits = waits
        else:
            waits = self._hand_waits(winner)
        if tile_kind(tile) not in waits and not self._pochi(winner, target, tile):
            return False  # not even complete: no need to score it
        try:
            result = self.game.scorer.score(self._situation(winner, target, tile, chankan))
        except NotAWin:
            return False
        if kokushi_only and not any(y.id.startswith("kokushi") for y in result.yaku):
            return False
        return self.ledger.refusal(winner, None if winner == target else target, result) is None

    def _ron_allowed(
        self,
        seat: int,
        actor: int,
        tile: Tile,
        chankan: bool = False,
        kokushi_only: bool = False,
    ) -> bool:
        """Whether ``seat`` may ron ``actor``'s tile: not furiten (or a kokushi that may ron
        while furiten on a tile it never discarded, where the preset allows it), and a win."""
        if self._furiten(seat, tile):
            if not (
                self.game.table.kokushi_furiten_ron
                and tile_kind(tile) not in self.players[seat].discarded_kinds
            ):
                return False
            kokushi_only = True
        return self._can_win(seat, actor, tile, chankan=chankan, kokushi_only=kokushi_only)

    def _pochi(self, winner: int, target: int, tile: Tile) -> bool:
        """白ぽっち drawn after riichi: a wildcard (gotou), so the hand wins whatever it is."""
        p = self.players[winner]
        return (
            (self.game.preset.scoring.dot_white == "wild_after_riichi")
            and winner == target
            and p.riichi.declared
            and self.game.tileset.variant(tile) is Variant.DOT
        )

    def _furiten(self, seat: int, tile: Tile | None = None) -> bool:
        """Whether ``seat`` may not ron (``tile``: the tile offered, for per-tile furiten)."""
        p = self.players[seat]
        if p.furiten_temp or p.furiten_riichi:
            return True
        if self.game.table.per_tile_furiten and tile is not None:
            return tile_kind(tile) in p.discarded_kinds
        return bool(self._hand_waits(seat) & p.discarded_kinds)

    def _hand_waits(self, seat: int) -> frozenset[Kind]:
        """The waits of the seat's hand as it is (cached until the hand changes)."""
        p = self.players[seat]
        if p.waits is None:
            p.waits = self._waits(p, p.hand)
        return p.waits

    # -- legal actions -------------------------------------------------------------------------

    def legal_actions(self, seat: int) -> LegalActions:
        """The actions ``seat`` may take now (empty when it is not theirs to act)."""
        ts = self.game.tileset
        if self.phase == "response":
            if seat in self.responses or seat not in self.options:
                return LegalActions([], ts)
            return self.options[seat]
        if self.phase != "turn" or seat != self.turn:
            return LegalActions([], ts)
        # A bot asks, then apply asks again: compute once per event.
        key = (len(self.events), seat)
        if self._legal_cache is not None and self._legal_cache[0] == key:
            return self._legal_cache[1]
        turn = self._turn_actions(seat)
        legal = turn if isinstance(turn, LegalActions) else LegalActions(turn, ts)
        self._legal_cache = (key, legal)
        return legal

    def _turn_actions(self, seat: int) -> list[Action] | LegalActions:
        p = self.players[seat]
        game = self.game
        table = game.table
        out: list[Action] = []
        hand = p.hand
        counts = self._counts(hand)
        just_drew = p.drawn is not None
        wall_left = self.max_draws - self.draws
        w = self.wall
        # A flower or nuki-dora is set aside with a replacement draw; on the last live tile
        # too where the preset says so (never discarded then, riichi or not).
        can_extract = wall_left > 0 or (
            table.extract_last_tile and bool(w.rinshan or w.live or w.rest)
        )
        if just_drew and game.air_sorted and can_extract:
            air = [k for k in game.air_sorted if counts[k]]
            if air:
                # A flower (or mighty's 5m) is set aside at once: nothing else is legal.
                return [
                    Action(ActionType.KITA, seat, next(t for t in hand if tile_kind(t) == k))
                    for k in air
                ]
        if just_drew and self._can_win(seat, seat, p.drawn):  # type: ignore[arg-type]
            win = Action(ActionType.TSUMO, seat, p.drawn)
            if self._pochi(seat, seat, p.drawn) or self._must_win(p):  # type: ignore[arg-type]
                return [win]
            out.append(win)
        if table.nine_terminals and just_drew and not p.has_discarded and not self.calls_seen:
            kinds = sum(1 for k in TERMINALS_AND_HONORS if counts[k])
            if kinds >= 9:
                out.append(Action(ActionType.NINE_TERMINALS, seat))
        keep = game.undiscardable
        if just_drew and wall_left >= table.kan_needs_draws and len(self.kan_owners) < 4:
            if 4 in counts:
                for k in range(34):
                    if counts[k] == 4 and k not in keep:
                        tiles = tuple(t for t in hand if tile_kind(t) == k)
                        if p.riichi.declared and (
                            table.riichi_ankan == "forbidden" or not self._ankan_keeps_waits(p, k)
                        ):
                            continue
                        out.append(Action(ActionType.ANKAN, seat, None, tiles))
            if not p.riichi.declared:
                for m in p.melds:
                    if m.type is MeldType.PON and counts[m.kind]:
                        for t in hand:
                            if tile_kind(t) == m.kind:
                                out.append(Action(ActionType.KAKAN, seat, t))
        extractable = game.extractable
        if just_drew and extractable and can_extract:
            done: set[Kind] = set()
            for t in hand:
                k = tile_kind(t)
                if k in extractable and k not in done:
                    done.add(k)
                    out.append(Action(ActionType.KITA, seat, t))
        if p.riichi.declared:
            if table.riichi_ankan == "mandatory" and any(a.type is ActionType.ANKAN for a in out):
                return out  # the kan is required (with a win, the player may take it instead)
            kita = any(a.type is ActionType.KITA for a in out)
            if p.drawn is not None and not (kita and tile_kind(p.drawn) in keep):
                out.append(Action(ActionType.DISCARD, seat, p.drawn))
            return out
        closed = all(not m.is_open for m in p.melds)
        discards = self._discard_choices(seat)
        can_riichi = (
            closed
            and just_drew
            and (
                table.riichi_below_zero
                or self.ledger.state.scores[seat] >= game.preset.scoring.riichi_stick
            )
            and (wall_left >= self.seats or table.riichi_without_draws)
            and game.analyzer.shanten(counts, len(p.melds), game.wildcards) <= 0
        )
        rkinds = self._riichi_kinds(seat) if can_riichi else ()
        if not rkinds:  # the plain discards come last: built only when a bot asks for them
            return LegalActions(out, game.tileset, seat, discards)
        for t in discards:
            out.append(Action(ActionType.DISCARD, seat, t))
            rest = list(p.hand)
            rest.remove(t)
            waits = self._waits(p, rest)
            if not waits:
                continue
            furiten = bool(waits & (p.discarded_kinds | {tile_kind(t)}))
            for rtype in rkinds:
                is_open = rtype in (ActionType.OPEN_RIICHI, ActionType.OPEN_SHUBA_RIICHI)
                if furiten and table.furiten_riichi == "forbidden":
                    continue
                if furiten and table.furiten_riichi == "open_only" and not is_open:
                    continue
                out.append(Action(rtype, seat, t))
        return out

    def _must_win(self, p: Player) -> bool:
        """A riichi player who may not pass a win (mighty, kanto-boo)."""
        table = self.game.table
        if not (table.riichi_must_win and p.riichi.declared):
            return False
        return not (p.riichi.is_open and table.open_riichi_may_pass)

    def _riichi_kinds(self, seat: int) -> tuple[ActionType, ...]:
        """The kinds of riichi ``seat`` may declare now (if the hand allows one)."""
        table = self.game.table
        kinds = [ActionType.RIICHI]
        can_open = table.open_riichi
        third = table.third_riichi_open
        if can_open and third != "allowed":
            # «3件目オープンリーチ不可»: riichi of any kind count, or only open ones.
            earlier = [q.riichi for q in self.players if q.riichi.declared]
            if third == "allowed_unless_two_open":
                earlier = [r for r in earlier if r.is_open]
            can_open = len(earlier) < 2
        if can_open:
            kinds.append(ActionType.OPEN_RIICHI)
        shuba = self.game.preset.game.shuba_stick
        affordable = table.riichi_below_zero or self.ledger.state.scores[seat] >= shuba
        if shuba and affordable and seat not in self.ledger.state.shuba:
            kinds.append(ActionType.SHUBA_RIICHI)
            if can_open:
                kinds.append(ActionType.OPEN_SHUBA_RIICHI)
        return tuple(kinds)

    def _deal_in_kinds(self, seat: int) -> frozenset[Kind]:
        """Kinds whose discard by ``seat`` would deal in to an open riichi (gotou refuses
        them unless every discard would)."""
        if not self.game.table.open_riichi_guarded:
            return frozenset()
        out: set[Kind] = set()
        for q, other in enumerate(self.players):
            if q == seat or not other.riichi.is_open:
                continue
            for k in self._waits(other, other.hand):
                tile = k * 4 if k < 34 else 136 + k - 34
                if not self._furiten(q, tile):
                    out.add(k)
        return frozenset(out)

    def _discard_choices(self, seat: int) -> list[Tile]:
        """One tile per face the seat may discard (not a flower or other kept tile, not a
        swap-call kind, not a deal-in to an open riichi unless nothing else is left)."""
        p = self.players[seat]
        ts = self.game.tileset
        keep = self.game.undiscardable

        face_of = ts.faces
        first: dict[int, Tile] = {}  # the first copy of each face in the hand
        for t in p.hand:
            f = face_of[t]
            if f not in first:
                first[f] = t
        faces = list(first.values())

        def allowed(banned: frozenset[Kind]) -> list[Tile]:
            if not banned:
                return faces
            return [t for t in faces if tile_kind(t) not in banned]

        choices = allowed(p.forbidden_kinds | keep)
        if not choices:
            choices = allowed(keep) or faces
        danger = self._deal_in_kinds(seat)
        if danger:
            safe = [t for t in choices if tile_kind(t) not in danger]
            if safe:
                return safe
        return choices

    def _ankan_keeps_waits(self, p: Player, kind: Kind) -> bool:
        if p.drawn is None or tile_kind(p.drawn) != kind:
            return False
        before = list(p.hand)
        before.remove(p.drawn)
        after = [t for t in p.hand if tile_kind(t) != kind]
        now, then = self._waits(p, before), self._waits_with_kan(p, after, kind)
        if self.game.table.riichi_ankan_waits == "same_count":
            return len(now) == len(then) > 0
        return now == then

    def _waits_with_kan(self, p: Player, hand: list[Tile], kind: Kind) -> frozenset[Kind]:
        called = self._called_counts(p)
        called[kind] += 4
        w = self.game.analyzer.waits(
            self._counts(hand), len(p.melds) + 1, self.game.wildcards, called
        )
        return frozenset(w.kinds)

    def _responders(self) -> list[int]:
        return list(self.options)

    def _compute_options(self) -> dict[int, LegalActions]:
        """Who may respond to the discard or added kan just made, and how (fixed when it is
        made: passing a ron does not change the others' choices)."""
        out = {}
        ts = self.game.tileset
        seats = self.in_hand
        if self.robbed is None and self.last_discard is not None:
            # Most seats can do nothing with most discards: skip them before building
            # anything (not a wait, and no call possible).
            actor, tile = self.last_discard
            kind = tile_kind(tile)
            seats = []
            for s in self.in_hand:
                if s == actor:
                    continue
                p = self.players[s]
                waits = p.waits if p.waits is not None else self._hand_waits(s)
                if kind in waits or self._may_call(s, actor, kind):
                    seats.append(s)
        for s in seats:
            opts = self._response_options(s)
            if opts:
                out[s] = LegalActions(opts, ts)
        return out

    def _response_options(self, seat: int) -> list[Action]:
        out: list[Action] = []
        if self.robbed is not None:
            actor, tile, kind = self.robbed
            if seat != actor and self._ron_allowed(
                seat, actor, tile, chankan=kind == "kakan", kokushi_only=kind == "ankan"
            ):
                out.append(Action(ActionType.RON, seat, tile))
        elif self.last_discard is not None:
            actor, tile = self.last_discard
            if seat != actor:
                out = self._discard_responses(seat, actor, tile)
        if out:
            ron = out[0].type is ActionType.RON
            if ron and self._must_win(self.players[seat]):
                out = out[:1]  # a riichi player who must take the win
            else:
                out.append(Action(ActionType.PASS, seat))
        return out

    def _chi_seat(self, seat: int, actor: int, kind: Kind) -> bool:
        """Chi is taken from the player on one's left only, of a suit tile, at four."""
        return self.seats == 4 and seat == (actor + 1) % 4 and kind < 27

    def _may_call(self, seat: int, actor: int, kind: Kind) -> bool:
        """Whether ``seat`` could pon, kan or chi ``actor``'s discard of ``kind`` at all
        (cheap: asked of every seat at every discard, before any action is built)."""
        p = self.players[seat]
        if p.riichi is not RiichiKind.NONE or self.draws >= self.max_draws:
            return False
        if kind in self.game.undiscardable:
            return False  # gotou: a north is never ponned
        return self._chi_seat(seat, actor, kind) or kind in p.pon_kinds()

    def _discard_responses(self, seat: int, actor: int, tile: Tile) -> list[Action]:
        p = self.players[seat]
        out: list[Action] = []
        kind = tile_kind(tile)
        waits = p.waits if p.waits is not None else self._hand_waits(seat)
        if kind in waits and self._ron_allowed(seat, actor, tile):
            out.append(Action(ActionType.RON, seat, tile))
        if not self._may_call(seat, actor, kind):
            return out
        chi = self._chi_seat(seat, actor, kind)
        # One pass over the hand for pon and chi partners (most discards have none).
        # ``t >> 2`` is a hand tile's kind, and never equals a discard's kind for a flower.
        same: list[Tile] = []
        near: dict[Kind, list[Tile]] = {}
        for t in p.hand:
            k = t >> 2
            if k == kind:
                same.append(t)
            elif chi and kind - 2 <= k <= kind + 2:
                near.setdefault(k, []).append(t)
        ts = self.game.tileset
        if len(same) >= 2:
            for pair in _distinct_combos(same, 2, ts):
                out.append(Action(ActionType.PON, seat, tile, pair))
        if (
            len(same) >= 3
            and len(self.kan_owners) < 4
            and self.max_draws - self.draws >= self.game.table.kan_needs_draws
        ):
            out.append(Action(ActionType.DAIMINKAN, seat, tile, tuple(same)))
        if near:
            n = kind % 9
            for lo in (kind - 2, kind - 1, kind):
                if lo < kind - n or lo + 2 > kind - n + 8:
                    continue
                need = [k for k in (lo, lo + 1, lo + 2) if k != kind]
                a, b = near.get(need[0]), near.get(need[1])
                if not a or not b:
                    continue
                for x in _distinct_combos(a, 1, ts):
                    for y in _distinct_combos(b, 1, ts):
                        out.append(Action(ActionType.CHI, seat, tile, (*x, *y)))
        return out

    # -- applying actions ------------------------------------------------------------------------

    def apply(self, action: Action) -> list[dict[str, Any]]:
        """Apply a seat's action; returns the events it caused. An illegal action raises
        :class:`IllegalActionError` and changes nothing."""
        if self.game_over:
            raise IllegalActionError("the game is over")
        legal = self.legal_actions(action.seat)
        chosen = legal.find(action)
        if chosen is None:
            why = "it is not this seat's turn" if not legal else "not among the legal actions"
            raise IllegalActionError(f"{action}: {why}")
        action = self._concrete(action, chosen)
        start = len(self.events)
        if self.phase == "response":
            self._respond(action)
        else:
            self._turn(action)
        return self.events[start:]

    def _concrete(self, asked: Action, legal: Action) -> Action:
        """Use the asked copies when the seat holds them, else the legal action's."""
        if asked is legal:
            return asked
        have = self.players[asked.seat].hand
        ok = all(t in have for t in asked.tiles)
        if asked.type in (ActionType.DISCARD, ActionType.KAKAN, ActionType.KITA) or (
            asked.type in RIICHI_TYPES
        ):
            ok = ok and asked.tile in have
        return asked if ok else legal

    def _turn(self, a: Action) -> None:
        seat = a.seat
        p = self.players[seat]
        t = a.type
        if t is ActionType.TSUMO:
            assert a.tile is not None
            self._emit_hora(
                {
                    "type": "hora",
                    "actor": seat,
                    "target": seat,
                    "tile": a.tile,
                    "pai": self.game.names[a.tile],
                }
            )
            self._end_hand()
        elif t is ActionType.NINE_TERMINALS:
            self._emit({"type": "ryukyoku", "reason": "yao9", "actor": seat})
            self._end_hand()
        elif t is ActionType.ANKAN:
            self._emit({"type": "ankan", "actor": seat, "tiles": list(a.tiles)})
            if not self.options:
                self._reveal_dora()
                self._draw(seat, rinshan=True)
        elif t is ActionType.KAKAN:
            assert a.tile is not None
            self._emit(
                {
                    "type": "kakan",
                    "actor": seat,
                    "tile": a.tile,
                    "pai": self.game.names[a.tile],
                }
            )
            if not self.options:
                self._emit({"type": "kakan_done", "actor": seat})
                if self.game.table.kan_dora_at_once:
                    self._reveal_dora()
                self._draw(seat, rinshan=True)
        elif t is ActionType.KITA:
            assert a.tile is not None
            self._emit(
                {
                    "type": "nukidora",
                    "actor": seat,
                    "tile": a.tile,
                    "pai": self.game.names[a.tile],
                }
            )
            if not self.options:
                self._draw(seat, rinshan=True)
        else:
            assert a.tile is not None
            if t in RIICHI_TYPES:
                reach: dict[str, Any] = {"type": "reach", "actor": seat}
                if t in (ActionType.OPEN_RIICHI, ActionType.OPEN_SHUBA_RIICHI):
                    reach["open"] = True
                if t in (ActionType.SHUBA_RIICHI, ActionType.OPEN_SHUBA_RIICHI):
                    reach["shuba"] = True
                self._emit(reach)
            self._reveal_dora()
            dahai: dict[str, Any] = {
                "type": "dahai",
                "actor": seat,
                "tile": a.tile,
                "pai": self.game.names[a.tile],
                "tsumogiri": a.tile == p.drawn,
            }
            if tile_kind(a.tile) in self._deal_in_kinds(seat):
                dahai["tedumari"] = True  # every discard dealt in to an open riichi
            self._emit(dahai)
            self._after_offer()

    def _reveal_dora(self) -> None:
        if not self.game.table.kan_dora_indicators:
            return  # no kan dora: only the indicators turned at the start count
        while self.pending_dora and len(self.revealed) < len(self.wall.dora):
            tile = self.wall.dora[len(self.revealed)]
            self._emit({"type": "dora", "tile": tile, "dora_marker": self.game.names[tile]})

    def _after_offer(self) -> None:
        """After a discard or an added kan: wait for responses, or move on."""
        if not self._responders():
            self._resolve()

    def _respond(self, a: Action) -> None:
        self.responses[a.seat] = a
        if a.type is ActionType.PASS:
            missed = any(x.type is ActionType.RON for x in self.options[a.seat])
            self._emit({"type": "pass", "actor": a.seat, "missed_ron": missed})
        if all(s in self.responses for s in self._responders()):
            self._resolve()

    def _resolve(self) -> None:
        rons = (
            sorted(
                (a for a in self.responses.values() if a and a.type is ActionType.RON),
                key=lambda a: (
                    (self.position[a.seat] - self.position[self._offer_seat()]) % self.seats
                ),
            )
            if self.responses
            else []
        )
        actor = self._offer_seat()
        robbed_kind = self.robbed[2] if self.robbed is not None else None
        chankan = robbed_kind == "kakan"
        if rons and not self.game.table.double_ron:
            rons = rons[:1]  # head bump: the first in turn order from the discarder
        if rons:
            if len(rons) == 3 and self.seats == 4 and self.game.table.tenhou_aborts:
                self._emit({"type": "ryukyoku", "reason": "ron3"})
                self._end_hand()
                return
            for i, r in enumerate(rons):
                assert r.tile is not None
                self._emit_hora(
                    {
                        "type": "hora",
                        "actor": r.seat,
                        "target": actor,
                        "tile": r.tile,
                        "pai": self.game.names[r.tile],
                        "chankan": chankan,
                        "first": i == 0,
                        "last": i == len(rons) - 1,
                    }
                )
            self._end_hand()
            return
        if robbed_kind == "kakan":
            self._emit({"type": "kakan_done", "actor": actor})
            if self.game.table.kan_dora_at_once:
                self._reveal_dora()
            self._draw(actor, rinshan=True)
            return
        if robbed_kind is not None:  # nobody robbed the closed kan or the north
            if robbed_kind == "ankan":
                self._reveal_dora()
            self._draw(actor, rinshan=True)
            return
        if self.game.mu and not self.players[actor].hand:
            # 無: the fourth call's discard left no real tile: a yakuman at once.
            self._emit_hora({"type": "hora", "actor": actor, "target": actor, "mu": True})
            self._end_hand()
            return
        if self.reach_pending == actor:
            accepted: dict[str, Any] = {"type": "reach_accepted", "actor": actor}
            rp = self.players[actor]
            if rp.riichi.is_open:
                # The open riichi is shown to the table now, as the preset says.
                if self.game.table.open_riichi_shows == "hand":
                    accepted["shown"] = list(rp.hand)
                else:
                    accepted["shown_waits"] = kinds_to_string(sorted(self._hand_waits(actor)))
            self._emit(accepted)
            if self.riichi_count == 4 and self.seats == 4 and self.game.table.tenhou_aborts:
                self._emit({"type": "ryukyoku", "reason": "reach4"})
                self._end_hand()
                return
        calls = (
            [
                a
                for a in self.responses.values()
                if a and a.type in (ActionType.PON, ActionType.DAIMINKAN, ActionType.CHI)
            ]
            if self.responses
            else []
        )
        calls.sort(key=lambda a: a.type is ActionType.CHI)
        if calls:
            c = calls[0]
            assert c.tile is not None
            kind = {
                ActionType.PON: "pon",
                ActionType.CHI: "chi",
                ActionType.DAIMINKAN: "daiminkan",
            }[c.type]
            self._emit(
                {
                    "type": kind,
                    "actor": c.seat,
                    "target": actor,
                    "tile": c.tile,
                    "tiles": list(c.tiles),
                    "pai": self.game.names[c.tile],
                }
            )
            if c.type is ActionType.DAIMINKAN:
                if self.game.table.kan_dora_at_once:
                    self._reveal_dora()
                self._draw(c.seat, rinshan=True)
            return
        if self._abortive_after_discard():
            return
        if self.draws >= self.max_draws:
            self._exhaustive_draw()
            return
        self._draw(self._next(actor))

    def _offer_seat(self) -> int:
        if self.robbed is not None:
            return self.robbed[0]
        assert self.last_discard is not None
        return self.last_discard[0]

    def _abortive_after_discard(self) -> bool:
        if not self.game.table.tenhou_aborts:
            return False
        four = self.seats == 4 and len(self.first_winds) == 4 and not self.calls_seen
        if four and len(set(self.first_winds)) == 1 and self.first_winds[0] in WINDS:
            self._emit({"type": "ryukyoku", "reason": "kaze4"})
            self._end_hand()
            return True
        if len(self.kan_owners) == 4 and len(set(self.kan_owners)) > 1:
            self._emit({"type": "ryukyoku", "reason": "kan4"})
            self._end_hand()
            return True
        return False

    def _exhaustive_draw(self) -> None:
        tenpai = [s for s in self.in_hand if self._tenpai_at_draw(s)]
        nagashi = [
            s
            for s, p in enumerate(self.players)
            if p.river
            and p.called_from_river == 0
            and all(is_terminal_or_honor(tile_kind(t)) for t in p.river)
        ]
        if nagashi and self.game.preset.game.nagashi != "none":
            ev: dict[str, Any] = {
                "type": "ryukyoku",
                "reason": "nm",
                "tenpai": tenpai,
                "nagashi": nagashi,
            }
            # A 流し that is a win earns its サイコロチャンス like any yakuman (gotou): rolled
            # now from the game's generator, so the log holds them.
            if self.game.preset.game.nagashi_is_win:
                dice = []
                for w in nagashi:
                    res, sit = self.ledger.nagashi_result(w)
                    chances = win_chips(res, sit, self.game.preset).dice_chances
                    if chances:
                        dice.append([w, self._roll_chances(chances)])
                if dice:
                    ev["nagashi_dice"] = dice
            self._emit(ev)
        else:
            self._emit({"type": "ryukyoku", "reason": "exhaustive", "tenpai": tenpai})
        self._end_hand()

    def _tenpai_at_draw(self, seat: int) -> bool:
        """Tenpai at an exhaustive draw (with a yaku on some wait where 形式テンパイ is not
        allowed)."""
        p = self.players[seat]
        hand: Sequence[Tile] = p.hand
        waits = self._waits(p, hand)
        if not waits and self.game.extractable:
            # «華牌、北の補充し忘れはツモ番時にいつでも解消可能»: a flower or north still held at
            # the draw never makes a hand noten; it is judged on its other tiles.
            rest = [t for t in hand if tile_kind(t) not in self.game.extractable]
            if len(rest) < len(hand) and len(rest) % 3 == 1:
                hand, waits = rest, self._waits(p, rest)
        if not waits or not self.game.table.tenpai_needs_yaku:
            return bool(waits)
        held = set(p.hand) | {t for m in p.melds for t in m.tiles}
        for k in sorted(waits):
            tile = next(
                (t for t in self.game.tileset.tiles if tile_kind(t) == k and t not in held), None
            )
            if tile is None:
                continue
            for target in (seat, self._next(seat)):
                try:
                    if target == seat:
                        sit = self._situation(seat, seat, tile, False)
                        sit = replace(
                            sit,
                            concealed=(*hand, tile),
                            haitei=False,
                            rinshan=False,
                            first_turn=False,
                        )
                    else:
                        sit = replace(
                            self._situation(seat, target, tile, False),
                            concealed=(*hand, tile),
                            houtei=False,
                        )
                    self.game.scorer.score(sit)
                    return True
                except NotAWin:
                    continue
        return False

    def _end_hand(self) -> None:
        self._emit({"type": "end_kyoku", "scores": list(self.ledger.state.scores)})
        if self.ledger.state.game_over:
            led = self.ledger.state
            self._emit(
                {
                    "type": "end_game",
                    "scores": list(led.scores),
                    "chips": list(led.chips),
                    "settlement": led.settlement,
                    "leftover_sticks": led.leftover,
                }
            )
        else:
            self._start_kyoku()

    # -- views -----------------------------------------------------------------------------------

    def view(self, seat: int) -> list[dict[str, Any]]:
        """The events as ``seat`` may see them: no other hand, no wall, no others' draws, no
        seed (it rebuilds every wall and die of the game)."""
        out = []
        for ev in self.events:
            e = seen_by(ev, seat)
            if e is not None:
                out.append(e)
        return out

    def current_seats(self) -> list[int]:
        """Seats that have a decision to make now."""
        if self.phase == "turn":
            return [self.turn]
        if self.phase == "response":
            return [s for s in self._responders() if s not in self.responses]
        return []


def seen_by(ev: dict[str, Any], seat: int) -> dict[str, Any] | None:
    """One event as ``seat`` may see it (None: not shown): the one filter of every view, the
    server's messages and the bots' (:meth:`State.view`)."""
    kind = ev["type"]
    if kind == "start_game":
        return {k: v for k, v in ev.items() if k != "seed"}
    if kind == "start_kyoku":
        e = {k: v for k, v in ev.items() if k != "wall"}
        e["tehai"] = list(ev["wall"]["hands"][seat])
        return e
    if kind == "tsumo" and ev["actor"] != seat:
        e = {"type": "tsumo", "actor": ev["actor"], "pai": "?", "rinshan": ev["rinshan"]}
        if "chip_deltas" in ev:  # ぐるぐるチャンス is announced and paid by all
            e["chip_deltas"] = ev["chip_deltas"]
        return e
    if kind == "pass" and ev["actor"] != seat:
        return None
    return ev


def _changes(after: Sequence[int], before: Sequence[int]) -> list[int]:
    """Each person's change (points or chips) from ``before`` to ``after``."""
    return [a - b for a, b in zip(after, before, strict=True)]


def _distinct_combos(tiles: list[Tile], n: int, ts: TileSet) -> list[tuple[Tile, ...]]:
    """One combination per distinct multiset of faces (copies of a face are the same)."""
    from itertools import combinations

    seen: set[tuple[int, ...]] = set()
    out: list[tuple[Tile, ...]] = []
    faces = ts.faces
    for combo in combinations(tiles, n):
        key = tuple(sorted([faces[t] for t in combo]))
        if key not in seen:
            seen.add(key)
            out.append(combo)
    return out


_FOLDS: dict[str, Any] = {
    name[len("_on_") :]: fn
    for name, fn in vars(State).items()
    if name.startswith("_on_") and callable(fn)
}
"""Event type -> the :class:`State` method that folds it (``_on_<type>``)."""
