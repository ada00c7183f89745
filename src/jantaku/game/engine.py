"""The table: an immutable :class:`Game` (preset + seed) and a :class:`State`, the thin
front of the engine.

The event log is the truth. :meth:`State.apply` is three steps: check that the action is
legal (:mod:`~jantaku.game.legal`), decide what it causes (:mod:`~jantaku.game.turn`,
:mod:`~jantaku.game.resolve`, :mod:`~jantaku.game.draws`, :mod:`~jantaku.game.deal`) and
emit those events, each folded into the state by :func:`~jantaku.game.fold.fold`, the only
code that changes it. So a log replayed into a fresh state rebuilds it exactly
(:meth:`Game.replay`). The walls and dice come from :mod:`~jantaku.game.chance` and are
recorded in the events; the scorer is given a :mod:`~jantaku.game.situation`.

It plays the reference presets ``riichi`` and ``sanma`` (Tenhou rules) and the house presets
by their knobs: flowers and nuki-dora set aside with a replacement draw, 12-tile wildcard
hands, open riichi, シュバリー, forced wins, 白ぽっち, furiten riichi, abortive draws. The table
rules (riichi forms, furiten, forced wins, aborts) are the preset's ``[table]``.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any, Literal

from jantaku.rules.loader import load_preset
from jantaku.rules.model import Preset, TableRules
from jantaku.scoring.ledger import Ledger
from jantaku.scoring.score import Scorer
from jantaku.tiles.kinds import Kind
from jantaku.tiles.notation import tile_name
from jantaku.tiles.tileset import Tile

from . import deal, legal, resolve, turn
from .actions import RIICHI_TYPES, Action, ActionType, IllegalActionError, LegalActions
from .caches import Caches
from .chance import DEAD_WALL, Chance
from .events import Event, StartGame, event_from_json
from .fold import fold
from .outcomes import record
from .player import Player
from .visibility import view_of
from .wall import Json, Wall

__all__ = ["DEAD_WALL", "Game", "Phase", "Player", "State", "Wall"]

Phase = Literal["turn", "response", "over"]
"""Whose move it is: the seat at ``turn``, the seats offered a tile, or nobody (between
hands, after the game)."""


_SHARED: dict[int, tuple[Preset, Scorer, tuple[str, ...]]] = {}
"""The scorer and tile names of each preset games were made of lately, by the preset's id
(the preset is held with them, so its id is not reused). A preset is frozen and a scorer
keeps nothing of the hands it scores, so games of a preset share them: building them costs
a few percent of a whole game."""


def _shared(preset: Preset) -> tuple[Scorer, tuple[str, ...]]:
    hit = _SHARED.get(id(preset))
    if hit is None or hit[0] is not preset:
        if len(_SHARED) >= 16:
            _SHARED.clear()
        scorer = Scorer(preset)
        ts = scorer.tileset
        # The MPSZ name of each physical id (``pai`` of the events), looked up, not built.
        names = tuple(tile_name(t, ts) if t in ts else "?" for t in range(len(ts.faces)))
        hit = _SHARED[id(preset)] = (preset, scorer, names)
    return hit[1], hit[2]


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
        self.scorer, self.names = _shared(self.preset)
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
        self.waits_memo: dict[tuple[bytes, int, bytes], frozenset[Kind]] = {}
        faces = self.tileset.faces
        dense = {f: i for i, f in enumerate(sorted(set(faces)))}
        assert len(dense) <= 62, "a face's bit must stay a native int"
        self.face_bit: list[int] = [1 << dense[f] for f in faces]
        """One bit per face, by physical id: a set of faces is an int (discard choices)."""
        # Knobs read at every turn, copied: a preset's sections are pydantic models, whose
        # attributes the compiled engine can only read through Python's generic lookup.
        self.kan_needs_draws: int = self.table.kan_needs_draws
        self.open_riichi_guarded: bool = self.table.open_riichi_guarded
        self.kan_dora_indicators: bool = self.table.kan_dora_indicators
        self.kan_indicators_from_live: bool = self.table.kan_indicators_from_live
        self.tenhou_aborts: bool = self.table.tenhou_aborts
        self.guruguru: int = self.preset.chips.guruguru
        self.dot_white_wild = self.preset.scoring.dot_white == "wild_after_riichi"
        """白ぽっち is a wildcard after riichi (gotou)."""

    def new_state(
        self,
        walls: Iterable[Wall] | None = None,
        start: dict[str, Any] | None = None,
        chance: Chance | None = None,
    ) -> State:
        """A new game; ``walls`` stacks the wall of each hand in turn (tests, replays);
        ``start`` resumes mid-game (scores, dealer, round, hand, honba, sticks), as in
        ``jantaku ledger``; ``chance`` gives the walls and dice (default: the seed's, see
        :mod:`~jantaku.game.chance`)."""
        return State(self, walls, resume=start, chance=chance)

    def replay(self, events: Sequence[dict[str, Any]]) -> State:
        """Rebuild the state a log leads to, by folding its events (their walls and dice are
        in them: nothing is rolled again). A game resumed from its log (a server restart)
        goes on with the chance of its next hands, which the seed and their index give."""
        state = State(self, None, start=False)
        for d in events:
            state.emit(event_from_json(d), d)
        state.settle_answers()
        return state


class State:
    """The table state of one game, and its front: :meth:`apply`, :meth:`legal_actions`,
    :meth:`view`, :meth:`current_seats`. Its fields are written only by the fold."""

    def __init__(
        self,
        game: Game,
        walls: Iterable[Wall] | None,
        start: bool = True,
        resume: dict[str, Any] | None = None,
        chance: Chance | None = None,
    ) -> None:
        self.game = game
        self.ledger = Ledger(game.preset, people=game.people, start=resume, scorer=game.scorer)
        self.events: list[Json] = []
        """The log: each event's JSON with what the fold computed from it."""
        self.chance = chance if chance is not None else Chance(game.seed, walls)
        self.hand_index = -1
        """The hand being played, counted from 0 (its chance is drawn from it)."""
        self.hand_rolls = 0
        """サイコロチャンス rolled in this hand so far."""
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
        self.phase: Phase = "over"
        self.last_discard: tuple[int, Tile] | None = None
        self.robbed: tuple[int, Tile, str] | None = None
        """A kan or kita that others may ron on: (seat, tile, "kakan" | "ankan" | "kita")."""
        self.responses: dict[int, Action | None] = {}
        """The answers so far to the tile on offer, folded from their ``pass`` (None) and
        ``declare`` events; resolved once every seat offered the tile has answered."""
        self.options: dict[int, LegalActions] = {}
        self.calls_seen = False
        self.first_winds: list[Kind] = []
        self.riichi_count = 0
        self.reach_pending: int | None = None
        self.wareme: int | None = None
        """割れ目: the seat whose win points are doubled this hand (mighty)."""
        self.tedumari = False
        """The last discard was forced into an open riichi (手詰まり放銃)."""
        self.game_over = False
        self.caches = Caches(game.people)
        """What legality queries measured since the events last changed it (not state:
        :meth:`emit` forgets what each event makes stale)."""
        if start:
            people = game.people if game.people != game.seats else None
            self.emit(StartGame(game.preset.name, game.seed, game.seats, people))
            deal.start_kyoku(self)

    # -- the table -------------------------------------------------------------------------------

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

    def next_seat(self, seat: int) -> int:
        """The next player in turn order (skipping whoever sits out)."""
        return self.active[(self.position[seat] + 1) % self.seats]

    def wind_of(self, seat: int) -> Kind:
        wind = self.ledger.seat_wind(seat)
        assert wind is not None
        return wind

    # -- events ----------------------------------------------------------------------------------

    def emit(self, ev: Event, logged: Json | None = None) -> None:
        """Fold one event and log it with what the fold computed (``logged``: the line a
        replayed log holds, kept as it was with the computed fields written again)."""
        self.caches.forget(ev, bool(self.game.wildcards))
        outcome = fold(self, ev)
        if logged is None:
            self.events.append(record(ev, outcome))
        else:
            line = dict(logged)
            if outcome is not None:
                line.update(outcome.to_json())
            self.events.append(line)

    # -- the front -------------------------------------------------------------------------------

    def legal_actions(self, seat: int) -> LegalActions:
        """The actions ``seat`` may take now (empty when it is not theirs to act)."""
        return legal.legal_actions(self, seat)

    def apply(self, action: Action) -> list[dict[str, Any]]:
        """Apply a seat's action; returns the events it caused. An illegal action raises
        :class:`IllegalActionError` and changes nothing."""
        if self.game_over:
            raise IllegalActionError("the game is over")
        legal_now = self.legal_actions(action.seat)
        chosen = legal_now.find(action)
        if chosen is None:
            why = "it is not this seat's turn" if not legal_now else "not among the legal actions"
            raise IllegalActionError(f"{action}: {why}")
        action = self._concrete(action, chosen)
        start = len(self.events)
        if self.phase == "response":
            resolve.respond(self, action)
        else:
            turn.turn(self, action)
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

    def view(self, seat: int) -> list[dict[str, Any]]:
        """The events as ``seat`` may see them (:func:`jantaku.game.visibility.seen_by`)."""
        return view_of(self.events, seat)

    def settle_answers(self) -> None:
        """Resolve the answers to the tile on offer when every seat has given one: a log
        that ends right after the last answer (a table stopped between writing it and what
        it caused) goes on from there instead of waiting for nobody."""
        if self.phase == "response" and all(s in self.responses for s in self.options):
            resolve.resolve(self)

    def current_seats(self) -> list[int]:
        """Seats that have a decision to make now."""
        if self.phase == "turn":
            return [self.turn]
        if self.phase == "response":
            return [s for s in self.options if s not in self.responses]
        return []
