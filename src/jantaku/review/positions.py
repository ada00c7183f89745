"""The decisions of one seat in a finished game's log, each with what that seat saw then.

:func:`decisions` folds the whole log through the engine (:meth:`jantaku.game.State.emit`,
which gives each seat's legal actions as the rules offered them) and, beside it, the seat's
own :class:`~jantaku.game.seat.SeatView` from the events :func:`~jantaku.game.visibility.
seen_by` shows that seat, and only those. At each point where the seat had a real choice
(two or more different actions), it yields a :class:`Decision`: the legal actions, the
seat's view (what a bot decides from: never another hand, the wall or the ura) and the
action the log shows the seat took.

The legal actions are asked of the full state, but they are a function of the seat's own
hand and the public record only (the engine offers a seat what its hand allows):
``tests/review/test_review.py`` replaces every other hand and the wall and checks the review is
unchanged.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from jantaku.bots.common import RIICHI_BY
from jantaku.game import Game, State
from jantaku.game.actions import Action, ActionType, LegalActions
from jantaku.game.events import event_from_json
from jantaku.game.seat import SeatView
from jantaku.game.visibility import seen_by

_TURN_EVENTS = {
    "dahai": ActionType.DISCARD,
    "ankan": ActionType.ANKAN,
    "kakan": ActionType.KAKAN,
    "nukidora": ActionType.KITA,
}
_ANSWERS = {
    "pass": ActionType.PASS,
    "chi": ActionType.CHI,
    "pon": ActionType.PON,
    "daiminkan": ActionType.DAIMINKAN,
    "hora": ActionType.RON,
}


@dataclass
class Decision:
    """One choice of the seat: ``legal`` (as the rules offered it), ``view`` (the seat's
    view then: read it before the next decision is asked for, it goes on folding),
    ``taken`` (the legal action the log shows; None where the log cannot show it: a call
    another seat's call or ron took the tile from), ``hand`` (the hand's index in the game,
    from 0), ``round`` (its start_kyoku event) and ``event`` (the index in the log of the
    event the choice made, or of the discard answered)."""

    legal: LegalActions
    view: SeatView
    taken: Action | None
    hand: int
    round: dict[str, Any]
    event: int


def distinct(legal: LegalActions, game: Game) -> dict[tuple[object, ...], Action]:
    """The legal actions by the choice each makes (copies of one face are one choice)."""
    out: dict[tuple[object, ...], Action] = {}
    for a in legal:
        out.setdefault(a.key(game.tileset), a)
    return out


def _match(
    legal: LegalActions, game: Game, kind: ActionType, tile: int | None, tiles: Sequence[int]
) -> Action | None:
    """The legal action of ``kind`` on ``tile`` and ``tiles`` (a call's: two chis on one
    tile differ by them), matched face by face, else by kind of tile (a replayed record may
    name another copy)."""
    faces = game.tileset.faces
    same = [a for a in legal if a.type is kind]
    if not same:
        return None
    if tile is not None:
        exact = [a for a in same if a.tile is not None and faces[a.tile] == faces[tile]]
        if not exact:
            exact = [a for a in same if a.tile is not None and a.tile >> 2 == tile >> 2]
        if not exact:
            return None
        same = exact  # a chi or pon on it: then by the tiles it takes from the hand
        if not tiles:
            return same[0]
    if tiles:
        want = sorted(faces[t] for t in tiles)
        exact = [a for a in same if sorted(faces[t] for t in a.tiles) == want]
        if not exact:
            kinds = sorted(t >> 2 for t in tiles)
            exact = [a for a in same if sorted(t >> 2 for t in a.tiles) == kinds]
        return exact[0] if exact else same[0]
    return same[0]


def _turn_taken(
    events: Sequence[dict[str, Any]], i: int, seat: int, legal: LegalActions, game: Game
) -> Action | None:
    """The turn action the seat took at event ``i`` (None: event ``i`` is not its action)."""
    ev = events[i]
    kind = ev["type"]
    if ev.get("actor") != seat and kind != "ryukyoku":
        return None
    if kind == "reach":
        after = events[i + 1] if i + 1 < len(events) else {}
        rtype = RIICHI_BY[bool(ev.get("open")), bool(ev.get("shuba"))]
        return _match(legal, game, rtype, after.get("tile"), ())
    if kind in _TURN_EVENTS:
        return _match(legal, game, _TURN_EVENTS[kind], ev.get("tile"), ev.get("tiles", ()))
    if kind == "hora" and ev.get("target") == seat:
        return _match(legal, game, ActionType.TSUMO, None, ())
    if kind == "ryukyoku" and ev.get("reason") == "yao9":
        return _match(legal, game, ActionType.NINE_TERMINALS, None, ())
    return None


def _answer(
    events: Sequence[dict[str, Any]], i: int, seat: int, legal: LegalActions, game: Game
) -> Action | None:
    """The seat's answer to the tile on offer: its own event among the answers from event
    ``i`` on (passes, then the calls or wins they resolve to); None when none is its own."""
    j = i
    while j < len(events) and (events[j]["type"] in _ANSWERS or events[j]["type"] == "declare"):
        ev = events[j]
        if ev.get("actor") == seat:
            # Its own ``declare`` (logs written before answers were events have only the
            # call or win it caused, and nothing for a call another answer outranked).
            kind = ActionType(ev["call"]) if ev["type"] == "declare" else _ANSWERS[ev["type"]]
            tile = None if kind is ActionType.PASS or kind is ActionType.RON else ev.get("tile")
            return _match(legal, game, kind, tile, ev.get("tiles", ()))
        j += 1
    return None


def decisions(
    game: Game,
    events: Sequence[dict[str, Any]],
    seat: int,
    resume: dict[str, Any] | None = None,
) -> Iterator[Decision]:
    """Each decision of ``seat`` in ``events`` (a full log: its walls are in it), in order;
    ``resume``: the start of a game that begins mid-way (an imported record's first hand)."""
    state = State(game, None, start=False, resume=resume)
    view = SeatView(game, seat)
    hand = -1
    round_ev: dict[str, Any] = {}
    asked = False  # the seat's answer to the tile on offer was already read
    for i, ev in enumerate(events):
        kind = ev["type"]
        if kind == "start_kyoku":
            hand += 1
            round_ev = ev
        if not state.game_over and state.phase in ("turn", "response"):
            current = seat in state.current_seats()
            if state.phase == "response" and current and not asked:
                asked = True
                legal = state.legal_actions(seat)
                if len(distinct(legal, game)) > 1:
                    taken = _answer(events, i, seat, legal, game)
                    yield Decision(legal, view, taken, hand, round_ev, i)
            elif state.phase == "turn" and current and kind != "tsumo":
                prev = events[i - 1] if i else {}
                if not (prev.get("type") == "reach" and prev.get("actor") == seat):
                    legal = state.legal_actions(seat)
                    taken = _turn_taken(events, i, seat, legal, game)
                    if taken is not None and len(distinct(legal, game)) > 1:
                        yield Decision(legal, view, taken, hand, round_ev, i)
            if not current:
                asked = False
        state.emit(event_from_json(ev), ev)
        seen = seen_by(ev, seat)
        if seen is not None:
            view.update(seen)
        if state.phase != "response" or seat not in state.current_seats():
            asked = False
