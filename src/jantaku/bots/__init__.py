"""Bots: what a seat may see (:class:`SeatView`), the :class:`Bot` protocol, and the
built-in bots (:class:`RandomBot` for fuzzing, :class:`BaselineBot` that plays sensibly).

A bot sees the table through a :class:`SeatView`: its own hand and the public record
(rivers, melds, riichi, dora indicators, scores, the seat's event view), never another
seat's hand or the wall.

>>> from jantaku.game import Game
>>> state = Game("riichi", 3).new_state()
>>> seat = state.current_seats()[0]
>>> action = make_bot("baseline", seed=1).choose(SeatView(state, seat), seat,
...                                              state.legal_actions(seat))
>>> action in state.legal_actions(seat)
True
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, Final, Protocol

from jantaku.bots.baseline import BaselineBot
from jantaku.bots.random_bot import RandomBot
from jantaku.bots.standard import StandardBot
from jantaku.tiles.kinds import N_ALL_KINDS, WINDS, Kind
from jantaku.tiles.notation import Meld, MeldType, parse_tiles
from jantaku.tiles.tileset import Tile, tile_kind

if TYPE_CHECKING:
    from jantaku.game import Action, LegalActions, State
    from jantaku.hand import HandAnalyzer
    from jantaku.rules.model import Preset
    from jantaku.tiles.tileset import TileSet

BOT_KINDS: Final = ("baseline", "random", "standard")

# Meld types whose first tile was called from a river (and so is also still in that river).
_CALLED_TYPES: Final = (MeldType.CHI, MeldType.PON, MeldType.MINKAN, MeldType.KAKAN)


class Bot(Protocol):
    """A player: picks one of the legal actions of ``seat`` from what ``view`` shows."""

    def choose(self, view: SeatView, seat: int, legal: LegalActions) -> Action: ...


class SeatView:
    """A read-only window on a game for one seat: its own hand and the public record.

    Everything returned is a copy or immutable; nothing exposes another seat's hand, the
    wall or another seat's draws. (Python cannot make the wrapped state truly private: a
    bot that reaches for ``_state`` is cheating, and the tests check that the public
    surface shows nothing hidden.)
    """

    __slots__ = ("_state", "seat")

    _state: State
    seat: int

    def __init__(self, state: State, seat: int) -> None:
        object.__setattr__(self, "_state", state)
        object.__setattr__(self, "seat", seat)

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError("a SeatView is read-only")

    def __repr__(self) -> str:
        return f"SeatView(seat={self.seat})"

    # -- the game ---------------------------------------------------------------------------

    @property
    def seats(self) -> int:
        """Players in each hand."""
        return self._state.game.seats

    @property
    def people(self) -> int:
        """People at the table (4 when four rotate at a three-player preset)."""
        return self._state.game.people

    @property
    def preset(self) -> Preset:
        return self._state.game.preset

    @property
    def tileset(self) -> TileSet:
        return self._state.game.tileset

    @property
    def analyzer(self) -> HandAnalyzer:
        """The game's hand analyzer (stateless: shanten, waits, useful draws)."""
        return self._state.game.analyzer

    @property
    def nuki_kinds(self) -> frozenset[Kind]:
        """Kinds this preset sets aside as nuki-dora (three-player north...)."""
        return self._state.game.scorer.nuki_kinds

    # -- the seat's own tiles ---------------------------------------------------------------

    @property
    def hand(self) -> tuple[Tile, ...]:
        """This seat's concealed tiles (the drawn tile included)."""
        return tuple(self._state.players[self.seat].hand)

    @property
    def drawn(self) -> Tile | None:
        """The tile this seat just drew, if it is its turn after a draw."""
        return self._state.players[self.seat].drawn

    # -- public record ----------------------------------------------------------------------

    def melds(self, seat: int) -> tuple[Meld, ...]:
        return tuple(self._state.players[seat].melds)

    def river(self, seat: int) -> tuple[Tile, ...]:
        """Every tile ``seat`` discarded this hand, called ones included, in order."""
        return tuple(self._state.players[seat].river)

    def extracted(self, seat: int) -> tuple[Tile, ...]:
        return tuple(self._state.players[seat].extracted)

    def in_riichi(self, seat: int) -> bool:
        """Whether ``seat`` has declared riichi this hand (its riichi discard included)."""
        return self._state.players[seat].riichi.declared

    @property
    def dora_indicators(self) -> tuple[Tile, ...]:
        return tuple(self._state.revealed)

    @property
    def dora_kinds(self) -> tuple[Kind, ...]:
        ts = self.tileset
        return tuple(ts.dora_from_indicator(tile_kind(t)) for t in self._state.revealed)

    @property
    def scores(self) -> tuple[int, ...]:
        return tuple(self._state.ledger.state.scores)

    @property
    def chips(self) -> tuple[int, ...]:
        return tuple(self._state.ledger.state.chips)

    @property
    def dealer(self) -> int:
        return self._state.ledger.state.dealer

    @property
    def honba(self) -> int:
        return self._state.ledger.state.honba

    @property
    def sticks(self) -> int:
        return self._state.ledger.state.sticks

    @property
    def round_wind(self) -> Kind:
        return WINDS[self._state.ledger.state.round % 4]

    def seat_wind(self, seat: int) -> Kind | None:
        return self._state.ledger.seat_wind(seat)

    @property
    def wall_left(self) -> int:
        """Live draws left in this hand (public: anyone can count the wall)."""
        return max(0, self._state.max_draws - self._state.draws)

    @property
    def wareme(self) -> int | None:
        """The 割れ目 seat of this hand (mighty: public, from the dice), if any."""
        return self._state.wareme

    def open_waits(self, seat: int) -> frozenset[Kind] | None:
        """The waits ``seat``'s open riichi shows the table (its shown hand's waits, or the
        waits it shows), or None when it has not declared an open riichi this hand."""
        for ev in reversed(self._state.events):
            kind = ev["type"]
            if kind == "start_kyoku":
                return None
            if kind == "reach_accepted" and ev["actor"] == seat:
                if "shown_waits" in ev:
                    shown = parse_tiles(ev["shown_waits"], self.tileset)
                    return frozenset(tile_kind(t) for t in shown)
                if "shown" in ev:
                    p = self._state.players[seat]
                    counts = [0] * N_ALL_KINDS
                    for t in ev["shown"]:
                        counts[tile_kind(t)] += 1
                    waits = self.analyzer.waits(counts, len(p.melds), self.preset.hand.wildcards)
                    return frozenset(waits.kinds)
                return None
        return None

    @property
    def last_discard(self) -> tuple[int, Tile] | None:
        """(seat, tile) of the discard now offered to the others, if any."""
        return self._state.last_discard

    def events(self) -> list[dict[str, Any]]:
        """The game's events as this seat may see them (``State.view``)."""
        return self._state.view(self.seat)

    def visible_counts(self) -> list[int]:
        """Copies of each kind (38 entries) that anyone can see are out of the wall and
        not in this seat's hand: rivers, melds (the called tile counted once, in its
        river), tiles set aside, dora indicators."""
        c = [0] * N_ALL_KINDS
        for p in self._state.players:
            for t in p.river:
                c[tile_kind(t)] += 1
            for t in p.extracted:
                c[tile_kind(t)] += 1
            for m in p.melds:
                tiles: Sequence[Tile] = m.tiles[1:] if m.type in _CALLED_TYPES else m.tiles
                for t in tiles:
                    c[tile_kind(t)] += 1
        for t in self._state.revealed:
            c[tile_kind(t)] += 1
        return c

    def safe_kinds(self, against: int) -> frozenset[Kind]:
        """Kinds that cannot deal into ``against``'s riichi: its own discards (現物) and
        every tile discarded by anyone after its riichi declaration that it let pass.
        Empty when ``against`` has not declared riichi."""
        p = self._state.players[against]
        if not p.riichi.declared:
            return frozenset()
        out = {tile_kind(t) for t in p.river}
        events = self._state.events
        after: list[Kind] = []
        for i in range(len(events) - 1, -1, -1):
            ev = events[i]
            kind = ev["type"]
            if kind == "dahai":
                after.append(tile_kind(ev["tile"]))
            elif kind == "reach" and ev["actor"] == against:
                out.update(after)
                break
            elif kind == "start_kyoku":
                break
        return frozenset(out)


def make_bot(kind: str, seed: int = 0) -> Bot:
    """A built-in bot by name: ``"random"``, ``"baseline"`` or ``"standard"``."""
    if kind == "random":
        return RandomBot(seed)
    if kind == "baseline":
        return BaselineBot(seed)
    if kind == "standard":
        return StandardBot(seed)
    raise ValueError(f"unknown bot {kind!r}; choose one of {', '.join(BOT_KINDS)}")


__all__ = ["BOT_KINDS", "BaselineBot", "Bot", "RandomBot", "SeatView", "StandardBot", "make_bot"]
