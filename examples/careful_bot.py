"""An example bot of your own: it plays for tile efficiency and folds against riichi.

It uses only the seat's view (:class:`jantaku.bots.SeatView`): its own hand and the public
record, as a player at the table would. Run it against the built-in bots:

    jantaku simulate --rules riichi --games 20 \\
        --bots 'py:examples/careful_bot.py:CarefulBot,baseline,baseline,baseline'

or from Python:

    from jantaku.sim.runner import play_game
    from careful_bot import CarefulBot
    record = play_game("riichi", seed=1, players=[CarefulBot(1), *others])

See docs/bots.md for the interface.
"""

from __future__ import annotations

import random

from jantaku.bots import SeatView
from jantaku.game import Action, ActionType, LegalActions
from jantaku.tiles.kinds import N_ALL_KINDS
from jantaku.tiles.tileset import tile_kind

WINS = (ActionType.TSUMO, ActionType.RON)


class CarefulBot:
    """Wins when it may; passes every call; sets nuki-dora aside; declares riichi when it
    may; against another seat's riichi, while two or more tiles from tenpai, discards a tile
    that cannot deal in (現物: tiles that seat discarded or let pass since). Otherwise it
    discards to lower its shanten, then for the most live useful draws."""

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)  # ties are broken at random, reproducibly

    def choose(self, view: SeatView, seat: int, legal: LegalActions) -> Action:
        actions = list(legal)
        for a in actions:
            if a.type in WINS:
                return a
        for kind in (ActionType.PASS, ActionType.KITA):  # no calls; flowers/norths aside
            for a in actions:
                if a.type is kind:
                    return a
        discards = [a for a in actions if a.type is ActionType.DISCARD]
        riichi = [a for a in actions if a.type is ActionType.RIICHI]
        if not discards and not riichi:
            return actions[0]  # only what the rules force (a kan after riichi, ...)
        if riichi:
            return self._best(view, riichi)
        return self._fold(view, seat, discards) or self._best(view, discards)

    def _counts(self, view: SeatView) -> list[int]:
        counts = [0] * N_ALL_KINDS
        for t in view.hand:
            counts[tile_kind(t)] += 1
        return counts

    def _fold(self, view: SeatView, seat: int, discards: list[Action]) -> Action | None:
        threats = [s for s in range(view.people) if s != seat and view.in_riichi(s)]
        if not threats:
            return None
        melds = len(view.melds(seat))
        if view.analyzer.shanten(self._counts(view), melds) < 2:
            return None  # close to a win: push
        safe = [
            a
            for a in discards
            if a.tile is not None and all(tile_kind(a.tile) in view.safe_kinds(s) for s in threats)
        ]
        return self._best(view, safe) if safe else None

    def _best(self, view: SeatView, options: list[Action]) -> Action:
        """The option leaving the lowest shanten, then the most live useful draws."""
        counts = self._counts(view)
        melds = len(view.melds(view.seat))
        visible = view.visible_counts()
        scored = []
        for a in options:
            assert a.tile is not None
            k = tile_kind(a.tile)
            counts[k] -= 1
            shanten = view.analyzer.shanten(counts, melds)
            live = sum(view.analyzer.useful_draws(counts, melds, visible=visible).values())
            counts[k] += 1
            scored.append((shanten, -live, self.rng.random(), a))
        return min(scored, key=lambda x: x[:3])[3]
