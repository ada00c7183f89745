"""The standard bot's turn: the baseline's flow and house rules, with its own kans, discards
(and the riichi that goes with them), calls and norths."""

from __future__ import annotations

from typing import TYPE_CHECKING

from jantaku.bots.baseline import BaselineBot
from jantaku.bots.common import keeps_norths, kind_counts
from jantaku.bots.standard import knobs
from jantaku.bots.standard.calls import CallVerdict, choose_call, weigh_calls
from jantaku.bots.standard.discard import choose_discard
from jantaku.bots.standard.reading import DiscardReading, read_discards
from jantaku.bots.standard.riichi import choose_kan, finish, riichi_rule, weigh_kans
from jantaku.game.actions import ActionType

if TYPE_CHECKING:
    from jantaku.bots import SeatView
    from jantaku.game import Action, LegalActions


class StandardBot(BaselineBot):
    """The standard bot (see ``jantaku.bots.standard``): the baseline's turn flow and house
    rules, with its own discards (:func:`~jantaku.bots.standard.discard.choose_discard`),
    calls (:func:`~jantaku.bots.standard.calls.choose_call`) and kans
    (:func:`~jantaku.bots.standard.riichi.choose_kan`). ``seed`` is accepted like every
    bot's; its choices are a function of what it sees."""

    def choose(self, view: SeatView, seat: int, legal: LegalActions) -> Action:
        """The baseline's turn flow (:meth:`BaselineBot.choose`), a closed or added kan
        first where :func:`~jantaku.bots.standard.riichi.choose_kan` takes one."""
        if knobs.KAN:
            kans: list[Action] = []
            for a in legal:
                t = a.type
                if t is ActionType.TSUMO or t is ActionType.RON:
                    return a
                if t is ActionType.ANKAN or t is ActionType.KAKAN:
                    kans.append(a)
            if kans:
                kan = choose_kan(view, seat, kans)
                if kan is not None:
                    return kan
        return super().choose(view, seat, legal)

    def _discard(self, view: SeatView, seat: int, options: list[Action]) -> Action:
        choice = choose_discard(view, seat, options, self.tile_copies(view.tileset))
        return finish(self, view, seat, choice)

    def read_discards(self, view: SeatView, seat: int, options: list[Action]) -> DiscardReading:
        """Each discard of ``options`` as the bot's own discard steps score it (for a review:
        :func:`~jantaku.bots.standard.reading.read_discards`); it chooses nothing."""
        return read_discards(view, seat, options, self.tile_copies(view.tileset), self)

    def read_riichi_rule(self, view: SeatView, seat: int, options: list[Action]) -> str:
        """The rule by which the bot's discard of ``options`` goes with riichi or stays
        dama (:func:`~jantaku.bots.standard.riichi.riichi_rule`); it chooses nothing."""
        choice = choose_discard(view, seat, options, self.tile_copies(view.tileset))
        return riichi_rule(self, view, seat, choice)[1]

    def read_calls(self, view: SeatView, seat: int, calls: list[Action]) -> list[CallVerdict]:
        """Each pon and chi of ``calls`` as the bot's call rules read it
        (:func:`~jantaku.bots.standard.calls.weigh_calls`; the honour yakuman plan's calls:
        rule ``"plan"``, the baseline's); it chooses nothing."""
        if keeps_norths(view, kind_counts(view.hand)):
            return [CallVerdict(a, "plan", None, None) for a in calls if a.tile is not None]
        return weigh_calls(view, seat, calls)

    def read_kans(self, view: SeatView, seat: int, kans: list[Action]) -> list[tuple[Action, str]]:
        """Each closed and added kan of ``kans`` as the bot's kan rule reads it
        (:func:`~jantaku.bots.standard.riichi.weigh_kans`); it chooses nothing."""
        if not knobs.KAN:
            return [(a, "off") for a in kans]
        return weigh_kans(view, seat, kans)

    def _keeps_north(self, view: SeatView, seat: int, kita: Action) -> bool:
        if not knobs.KEEP_NORTH and not view.in_riichi(seat):
            return False  # set every north aside: a sure dora and a replacement draw
        return super()._keeps_north(view, seat, kita)

    def _call(self, view: SeatView, seat: int, calls: list[Action]) -> Action | None:
        if keeps_norths(view, kind_counts(view.hand)):
            return super()._call(view, seat, calls)  # the honour yakuman plan's calls
        return choose_call(view, seat, calls)
