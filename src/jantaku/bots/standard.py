"""The standard bot (``bot:standard``): the opponent worth playing against.

Every decision weighs what a choice wins against what it risks, from what its
:class:`~jantaku.bots.SeatView` shows (nothing else): each discard by its speed to ready
(shanten, live useful draws, the waits the next steps make) and the value the hand keeps,
against each threat's chance to be ready, the danger of the tile to it and what a deal-in
costs; calls only towards a yaku; riichi, dama, open riichi and シュバリー by expected value;
kans, nuki-dora, 流し, 手詰まり放銃 and the last hand played for places. The design, what
each tuning constant means in play and the paired-game trials behind every value are in
``docs/bots.md``.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from typing import TYPE_CHECKING, Final

from jantaku.bots.baseline import (
    _RIICHI_BY,
    _RIICHI_ORDER,
    SHUBA_MIN_LEFT,
    BaselineBot,
    _counts,
    _keeps_norths,
    _plain_copy,
    _spare_for_plan,
    _sure_chips,
)
from jantaku.game.actions import ActionType
from jantaku.scoring.ledger import ending_refusal, win_ends_game
from jantaku.scoring.situation import flower_powers
from jantaku.tiles.kinds import (
    AUTUMN,
    DRAGONS,
    EAST,
    FIVES,
    N_ALL_KINDS,
    N_KINDS,
    NORTH,
    SUMMER,
    TERMINALS_AND_HONORS,
    Kind,
)
from jantaku.tiles.tileset import Tile, TileSet, Variant, tile_kind

if TYPE_CHECKING:
    from jantaku.bots import SeatView
    from jantaku.game import Action, LegalActions
    from jantaku.hand import HandAnalyzer
    from jantaku.rules.model import GameRules
    from jantaku.tiles.notation import Meld

_TH: Final = frozenset(TERMINALS_AND_HONORS)

# -- the model's numbers (rough Tenhou statistics; their trials: docs/bots.md) ---------
# The numbers a run may tune are plain module globals, not Final: the compiled build inlines
# Final constants, and benchmarks/bench_bots.py --set/--ab and the tests must reach them.

RIICHI_HAN: float = 2.3
"""A riichi hand's han before its dora: riichi, and tsumo, ura, ippatsu, pinfu, tanyao on
average (with riichi's usual dora, about 5000 points from a non-dealer)."""
OPEN_HAN: float = 1.3
"""An open hand's han before its dora (a yakuhai, sometimes two or tanyao)."""
SIDE_DANGER: float = 0.055
"""Danger of one live two-sided wait shape through a tile (against a tenpai hand)."""
CLOSED_SHAPE_DANGER: float = 0.012
"""Danger of a closed or edge wait shape through a tile."""
COPY_DANGER: float = 0.007
"""Danger per unseen copy of a number tile (pair and single waits)."""
HONOR_DANGER: Final = (0.0, 0.02, 0.045, 0.07, 0.08)
"""Danger of an honour by its unseen copies (0..4): it needs a pair or a single wait."""
SUJI_PASSED: bool = False
"""Whether tiles let pass after a riichi count as suji against it (as its discards do)."""
MATAGI: float = 2.5
"""How much likelier a two-sided wait holding the riichi declaration tile's kind is
(宣言牌のまたぎスジ: 2-5 and 3-6 against a riichi declared with 4), at a four-seat table."""
MATAGI_3P: float = 1.0
"""``MATAGI`` at a three-seat table (1: off): without 2m-8m and with hands rich in pairs
and one suit, the declaration tile says less about a two-sided shape beside it."""
LEARNED_DANGER: bool = True
"""Whether a riichi hand's danger per tile comes from the logistic model ``DANGER_W4`` (four
seats) / ``DANGER_W3`` (three), fitted by ``benchmarks/fit_danger.py``, instead of the
hand-set numbers (which still read open hands)."""
DANGER_W4: tuple[float, ...] = (
    -3.390, 0.282, 0.543, 0.896, 0.908, -0.148, -0.546, -0.206, -0.684, -0.752, 0.227,
    0.157, 0.169, 0.311, -0.004, 0.108, 0.001, -0.418, -0.490, 1.283, 2.231, -13.797,
    6.122, 8.662, 9.363, -0.118, -0.302, 2.493, 2.401,
)  # fmt: skip
"""The weights, in order: number tiles' bias, 2-8, 3-7, 4-6 and 5 (against 1-9), each
two-sided shape through the tile that is open, its kabe (no copy left) and its one chance
(one), shapes killed by suji of its discards and of tiles it let pass, the declaration
tile in an open shape (またぎスジ), a 裏スジ discard beside an open shape, an edge shape, a
closed shape's copies (half each, to 1), the tile's unseen copies (a third each), dora, a
dora one or two away, its first six discards within two of the tile, the share of its
discards before riichi in the tile's suit, the turn of its riichi and the discards since
(eighteenths); honours' bias, one, two, three copies unseen, a yakuhai for it, the share of
honours among its discards before riichi, the turn of its riichi and the discards since."""
DANGER_W3: tuple[float, ...] = (
    -3.373, 0.415, 0.824, 0.985, 1.053, -0.299, -0.241, -0.027, -0.521, -0.515, -0.218,
    0.027, 0.290, 0.334, 0.017, 0.224, 0.065, -0.411, -0.035, 1.497, 1.984, -12.058,
    5.346, 7.783, 8.470, 0.126, -0.007, 2.616, 2.069,
)  # fmt: skip
"""``DANGER_W4`` at a three-seat table."""
LEARNED_OPEN: bool = False
"""Whether open hands are read by the fitted models ``OPEN_TENPAI_W4`` (may it ron now) and
``OPEN_WAIT_W4`` (which tiles deal in) at a four-seat table, instead of the hand-set numbers."""
LEARNED_OPEN_3P: bool = True
"""``LEARNED_OPEN`` at a three-seat table (``OPEN_TENPAI_W3``, ``OPEN_WAIT_W3``, fitted in
gotou), where a one-call open hand dealt in to costs about 10,700 points."""
OPEN_TENPAI_W4: tuple[float, ...] = (-3.466, 0.909, 3.194, 3.497, 0.515, -0.012, 0.782, 0.134)
OPEN_TENPAI_W3: tuple[float, ...] = (-2.848, 0.675, 2.972, 4.165, 0.371, -0.136, 0.704, 0.053)
OPEN_WAIT_W4: tuple[float, ...] = (
    -3.805, 0.211, 0.414, 1.137, 1.107, -0.485, -0.645, -0.330, -1.076, 0.000, 0.000, 0.199,
    0.232, 0.348, 0.753, 0.020, 0.043, -0.494, -0.050, 1.789, 0.000, -14.041, 4.527, 7.401,
    8.308, 0.578, -1.137, 3.431, 0.000, -0.304, 0.175, 0.831,
)  # fmt: skip
OPEN_WAIT_W3: tuple[float, ...] = (
    -2.989, 0.139, 0.347, 0.934, 0.837, -0.287, -0.916, -0.210, -0.930, 0.000, 0.000, 0.292,
    0.243, 0.212, 0.365, 0.009, -0.065, -0.282, 0.029, 1.586, 0.000, -11.441, -2.650, 7.139,
    8.019, -0.162, -3.060, 2.904, 0.000, 0.024, -0.073, -6.856,
)  # fmt: skip
FUTURE_DANGER: float = 0.03
"""Average danger of each further discard while pushing on."""
HAN_POINTS: Final = (0, 1300, 2600, 5200, 7700, 8000, 12000, 12000, 16000, 16000, 16000)
"""A non-dealer's usual ron value by han (30-40 fu), 0..10 han."""

OPEN_CLOSED_HAND: bool = False
"""Whether a closed hand opens for tanyao or one suit (a yakuhai pon always may)."""
OPEN_CLOSED_CAPPED: bool = True
"""``OPEN_CLOSED_HAND`` where hands stop at mangan (kanto-boo): a riichi's extra han buy
little past the cap, and speed wins a game of a few hands."""

RON_SHARE: float = 0.5
"""How much less often another seat discards a live winning tile than draws one: it weighs a
closed riichi's rons against an open one's tsumo, and the win シュバリー needs."""
SHOWN_RON: float = 0.25
"""The share of those ron chances left when the riichi hand is shown (mighty 全開け)."""
OPEN_HAN_GAIN: float = 0.6
"""What an open riichi's extra han adds to a hand's value, roughly (mighty: a 2-han yaku
where riichi is 1)."""
CHIP_POINTS: int = 1000
"""What the bot counts a chip as where the preset gives chips no point value."""

FORCED_RON: bool = True
"""Whether an open riichi counts the rons it forces where nobody may deal in to it but a
player with no other discard must (手詰まり放銃, gotou: scored from ``tedumari_han`` up,
a yakuman): a seat in riichi cannot keep a drawn winning tile of ours, so each of its draws
of our wait is a yakuman ron (see ``_forced_ron``)."""
FORCED_LATER: float = 0.0
"""The chance that a seat not in riichi declares one in time to be forced to deal in."""
YAKUMAN_POINTS: float = 32000.0
"""A non-dealer's yakuman (a 手詰まり放銃 of 13 han and more)."""
OPEN_RISK: bool = True
"""Whether a ready hand stays dama while another seat's open riichi is out where nobody may
deal in to it but a player with no other discard must (gotou): in riichi it could not keep a
drawn tile of those waits and would deal in a yakuman (see ``_open_riichi_risk``)."""
OPEN_RISK_GAIN: float = 0.5
"""The share of its chance times its worth that riichi adds over dama, in ``OPEN_RISK``'s
weighing."""
OPEN_RIICHI: bool = True
"""Whether the bot declares open riichi where its expected value says so (False: never)."""
KEEP_NORTH: bool = True
"""Whether a north is kept in the hand for an honour yakuman (gotou; the baseline's plan)."""
NAGASHI: bool = True
"""Whether the bot keeps a 流し alive (every discard a terminal or honour, none called, to
the exhaustive draw) by its chance times its value: a mangan in most presets, a yakuman
that counts as a tsumo win in gotou (see ``_nagashi_value``)."""
NAGASHI_MIN: float = 20000.0
"""Only a 流し worth at least this many points (a non-dealer's) is kept alive: a yakuman
(gotou)."""
NAGASHI_HAZARD: float = 0.13
"""The chance per round of draws that someone wins (the hand then ends before the draw)."""
SHUBA_WEIGHT: float = 1.0
"""How much the chips シュバリー doubles count against its dearer stick (0: never)."""

PUSH_WEIGHT: float = 1.4
"""How much more the bot's own hand counts than its value model says when it weighs pushing
against a threat (the model counts only the han it can see), at a four-seat table."""
PUSH_ONE_STEP: float = 1.0
"""``PUSH_WEIGHT`` is multiplied by this for a hand one step from ready."""
PUSH_FAR: float = 1.0
"""``PUSH_WEIGHT`` is multiplied by this for a hand two or more steps from ready."""
PUSH_OPEN: float = 1.0
"""``PUSH_WEIGHT`` is multiplied by this for an open hand."""
ONE_CALL: float = 0.0
"""An open hand of one call counts as a threat in the discards (not the calls), ready with
this chance before the turn's rise (0: only two calls or more)."""
SAFE_KEEP: float = 0.0
"""With no threat, a hand not ready discards, of the tiles whose offence is within this
share of the best, the one most dangerous later (安牌を残す; 0: off)."""
DEALER_PUSH: float = 1.0
"""``PUSH_WEIGHT`` is multiplied by this for the dealer (its win also keeps the deal)."""
PUSH_WEIGHT_CAPPED: float = 0.7
"""``PUSH_WEIGHT`` where hands stop at mangan (kanto-boo): a game of a few hands where one
mangan dealt in is a bust is played for not losing."""
PUSH_WEIGHT_3P: float = 1.4
"""``PUSH_WEIGHT`` at a three-seat table."""

FAR_LIVE: float = 0.5
"""How much a hand two or more steps from ready gains by its live useful copies: its chance
to win is ``1 - FAR_LIVE`` of the full one with none and all of it with 40 (two steps) or
60 (more)."""

# Our own P(win) per turn per live winning copy, with and without a riichi to race.
WIN_PER_LIVE: float = 0.02
RACE: float = 0.9

DORA_DANGER: float = 0.0
"""How much dearer a deal-in is with a dora tile (per dora it counts as): the win it feeds
holds that dora."""

FLOWER_POWERS: bool = True
"""Whether a hand's value counts the flower powers its seat has where flowers have them
(gotou): 秋 makes every five a dora, 夏 moves a win up one level; a threat with 夏 is dearer."""
KEITEN_DRAWS: int = 0
"""In its last this many draws a hand calls to be ready even without a yaku (形式テンパイ,
for the noten payments) where the preset counts such a hand ready (0: never)."""

STEP_SUM: bool = False
"""Whether a hand one step from ready counts its chance by the draw it gets ready at (a sum
over the draws left), not by a usual half of them."""

NOTEN_PUSH: float = 0.5
"""What being ready at the exhaustive draw is worth, as a share of the preset's noten payments
in all, in the last ``NOTEN_DRAWS`` draws (rising to it at the last draw), where the preset
pays them (not kanto-boo)."""
NOTEN_DRAWS: float = 6.0

KAN: bool = True
"""Whether the bot declares closed and added kans (see ``StandardBot._kan``)."""

TWO_STEP: bool = True
"""Whether a hand one step from ready weighs each discard by the ready hands its useful
draws make (their live winning copies), not by a usual wait."""

FAR_STEP: float = 0.5
"""Whether (above 0: how strongly) a hand two steps from ready weighs each discard also by the
hands one step from ready its useful draws make: the chance to win is scaled by their live
useful copies over ``FAR_STEP_USUAL`` to this power (0: off)."""
FAR_PRUNE: bool = True
"""Whether the step reading of far hands (``FAR_STEP``) is read only for the candidate
discards that could still be chosen with it (the same choices, faster); off reads it for
every candidate (the tests compare)."""
FAR_STEP_USUAL: float = 10.0
"""A usual hand one step from ready's live useful copies."""
FAR_STEP3: float = 0.0
"""The same as ``FAR_STEP`` for a hand three steps from ready, by the hands two steps from
ready its useful draws make (0: off)."""
FAR_STEP3_USUAL: float = 17.0
"""A usual hand two steps from ready's live useful copies."""

PRESET_VALUE: bool = True
"""Whether hand values follow the preset's limits: capped at mangan where the preset caps
them (kanto-boo), and a riichi worth less where there is no ura dora."""
URA_HAN: float = 0.4
"""The part of a riichi's average bonus han that ura dora bring."""

DAMA_HAN: float = 99.0
"""A closed ready hand with a sure yaku stays dama (no riichi) from this many han (its dora
and yaku without riichi; 99: never)."""

HONITSU: bool = False
"""Whether the hand's value counts a half flush (one suit and honours: 2 han open, 3 closed),
held or one off-suit tile away (that tile then goes first)."""

DAMA_HAN_CAPPED: float = 4.0
"""``DAMA_HAN`` where the preset caps hands at mangan (kanto-boo): from 4 han (7700) riichi
adds next to nothing."""

BOO_REFUSALS: bool = True
"""Where the rules refuse some wins that end the game (``restrict_game_ending_wins``,
kanto-boo), a deal-in they would refuse costs nothing: each threat's value counts only the
sizes of its ron the rules allow (``_win_refused``, reading ``scoring.ledger.ending_refusal``)."""

RANK_AWARE: bool = True
"""Whether the last hand of the game is played for rank, not points (see ``Standing``)."""
RANK_SUDDEN_DEATH: bool = False
"""Whether ``RANK_AWARE`` plays for places also where the game goes on in sudden death until
someone has the target (gotou, mighty: サドンデス at 40000)."""
POCHI: bool = True
"""Whether a closed ready hand counts the 白ぽっち (gotou: drawn after riichi it is a forced
tsumo win) as one more live winning copy while nobody has shown it."""
RANK_TARGET: bool = False
"""Where the game goes on in sudden death (``RANK_SUDDEN_DEATH`` off), whether the last
scheduled hand and the extension's hands weigh each win and deal-in in places when it ends
the game (``scoring.ledger.win_ends_game``) and in points when the game goes on."""
RANK_ANY_HAND: bool = False
"""Whether every hand is played for rank where a score ends the game at once
(``end_at_or_above``: kanto-boo ends at 16000, or when someone is at 0)."""
RANK_POINTS: float = 8000.0
"""What one place is worth, in points, in the last hand."""
RANK_SOFT: float = 4000.0
"""The width (points) of the ramp over which a score gap is taken as passed."""
INSURE: float = 0.3
"""The chance a seat below within a usual win's reach would pass the bot if the hand went
on (a win of the bot's ends the hand and takes that chance away)."""
USUAL_WIN: float = 5000.0
"""A usual win's points (for what others may win in the last hand)."""
THREAT_WINS: float = 0.5
"""The chance a ready hand (a riichi) wins if the hand goes on."""
POINT_SHARE: float = 0.15
"""How much the points themselves still count in the last hand (ties, extensions)."""


class StandardBot(BaselineBot):
    """The standard bot (see the module docstring): the baseline's turn flow and house
    rules, with its own discards (:meth:`_discard`), calls (:meth:`_call`) and kans
    (:meth:`_kan`). ``seed`` is accepted like every bot's; its choices are a function of
    what it sees."""

    def choose(self, view: SeatView, seat: int, legal: LegalActions) -> Action:
        """The baseline's turn flow (:meth:`BaselineBot.choose`), a closed or added kan
        first where :meth:`_kan` takes one."""
        if KAN:
            kans: list[Action] = []
            for a in legal:
                t = a.type
                if t is ActionType.TSUMO or t is ActionType.RON:
                    return a
                if t is ActionType.ANKAN or t is ActionType.KAKAN:
                    kans.append(a)
            if kans:
                kan = self._kan(view, seat, kans)
                if kan is not None:
                    return kan
        return super().choose(view, seat, legal)

    def _kan(self, view: SeatView, seat: int, kans: list[Action]) -> Action | None:
        """The kan to declare of ``kans`` (closed and added kans offered on a draw), or
        None. A kan shows a new dora indicator (and, closed, ura under it) and draws a
        replacement tile; a closed one adds fu. After riichi the engine offers a closed kan
        only where it keeps the waits: always taken. Before, a kan is taken when it does
        not set the hand back (the hand without the kan's tiles is as near to ready as the
        best discard leaves it) and no other hand is ready, unless this one is ready too
        (a new dora helps a threat as much, and four copies are the safest tiles held)."""
        if view.in_riichi(seat):
            return next((a for a in kans if a.type is ActionType.ANKAN), None)
        an = view.analyzer
        counts = _counts(view.hand)
        n_melds = len(view.melds(seat))
        best = min(an.discard_distances(counts, n_melds)[k] for k in range(N_KINDS) if counts[k])
        threatened = bool(_threats(view, seat))
        if threatened and best - view.preset.hand.wildcards - 1 > 0:
            return None
        for a in kans:
            if threatened and a.type is ActionType.KAKAN:
                continue  # the added tile could be robbed (搶槓) by a ready hand
            if a.type is ActionType.ANKAN:
                k = tile_kind(a.tiles[0])
                counts[k] -= 4
                d = an.distance(counts, n_melds + 1)
                counts[k] += 4
            else:
                assert a.tile is not None
                k = tile_kind(a.tile)
                d = _dist_minus(an, counts, k, n_melds)
            if d <= best:
                return a
        return None

    # -- shared pieces --------------------------------------------------------------------------

    def _useful_draws(
        self, view: SeatView, counts: list[int], n_melds: int, base: int
    ) -> list[Kind]:
        """Kinds whose draw lowers the distance ``base`` of a 13-tile hand (one
        ``HandAnalyzer.draw_distances`` pass, as the baseline's)."""
        after = view.analyzer.draw_distances(counts, n_melds)
        copies = self._tile_copies(view.tileset)
        return [k for k in range(N_KINDS) if after[k] < base and counts[k] < copies[k]]

    # -- discards -------------------------------------------------------------------------------

    def _discard(self, view: SeatView, seat: int, options: list[Action]) -> Action:
        an = view.analyzer
        ts = view.tileset
        hand = view.hand
        counts = _counts(hand)
        melds = view.melds(seat)
        n_melds = len(melds)
        closed = not any(m.is_open for m in melds)
        by_kind: dict[Kind, list[Action]] = {}
        for a in options:
            assert a.tile is not None
            by_kind.setdefault(tile_kind(a.tile), []).append(a)
        if len(by_kind) == 1:
            kind = next(iter(by_kind))
            return self._finish(view, seat, by_kind[kind], counts, kind, 0, True, 0.0, None, None)

        dist = _discard_distances(an, counts, n_melds, by_kind)
        wild = view.preset.hand.wildcards

        copies = self._tile_copies(ts)
        visible = view.visible_counts()
        live_left = [max(0, copies[k] - counts[k] - visible[k]) for k in range(N_KINDS)]

        learned_open = LEARNED_OPEN if view.seats >= 4 else LEARNED_OPEN_3P
        threats = _threats(view, seat, ONE_CALL, learned_open)
        # In the last hand a win and a deal-in are worth the places they take or lose.
        standing = _standing(view, seat, threats)
        if standing is not None:
            for th in threats:
                th.value = standing.deal_in(th.seat, th.value)
        # The north an honour yakuman keeps (gotou): discard what that plan does not use.
        pool = _spare_for_plan(view, counts, melds, list(by_kind))

        value = _HandValue(view, seat, counts, hand, melds, closed)
        river_kinds = {tile_kind(t) for t in view.river(seat)}
        draws_left = view.wall_left / view.seats
        best = min(dist[k] for k in pool)

        # a win takes the riichi sticks on the table (a シュバリー one is dearer)
        stick_pts = view.stick_points
        preset = view.preset
        noten_gain = 0.0
        if NOTEN_PUSH > 0 and not preset.table.tenpai_needs_yaku:
            noten_gain = NOTEN_PUSH * preset.game.noten_total
        pochi = POCHI and closed and _pochi_unseen(view)
        # A 流し still alive: its value if the discard is a terminal or honour.
        nagashi = _nagashi_value(view, seat, counts, live_left) if NAGASHI else 0.0
        # Offence of each candidate at the best shanten (and one worse, when threatened).
        offence: dict[Kind, float] = {}
        live_of: dict[Kind, int] = {}
        # The far hands' step reading (``FAR_STEP``) is most of the bot's time: it is put
        # off, and read only for the candidates that could still be chosen with it (its
        # factor lies within ``_far_bounds``); the others cannot be, whatever it says.
        deferred: dict[Kind, tuple[int, int, float, int, list[Kind]]] = {}
        upper: dict[Kind, float] = {}
        for k in pool:
            d = dist[k]
            if d > best + (1 if threats else 0):
                continue
            counts[k] -= 1
            useful = self._useful_draws(view, counts, n_melds, d)
            counts[k] += 1
            live = 0
            for u in useful:
                live += live_left[u]
            shanten = d - wild - 1
            if shanten == 0 and (k in useful or not river_kinds.isdisjoint(useful)):
                live = live // 3  # furiten (this discard too): tsumo only
            live_of[k] = live
            w = value.after(k) + stick_pts
            if standing is not None:
                w = standing.win(w)
            wait_live = -1.0
            if TWO_STEP and shanten == 1 and wild == 0 and live > 0:
                counts[k] -= 1
                wait_live = _tenpai_quality(an, counts, n_melds, useful, live_left, river_kinds, k)
                counts[k] += 1
            elif (
                ((FAR_STEP > 0 and shanten == 2) or (FAR_STEP3 > 0 and shanten == 3))
                and wild == 0
                and live > 0
            ):
                if not FAR_PRUNE:
                    counts[k] -= 1
                    wait_live = _step_quality(an, counts, n_melds, d, useful, live_left)
                    counts[k] += 1
                    offence[k] = _p_win(shanten, live, draws_left, bool(threats), wait_live) * w
                    continue
                low, high = _far_bounds(shanten)
                base = _p_win(shanten, live, draws_left, bool(threats), -1.0) * w
                deferred[k] = (shanten, live, w, d, useful)
                offence[k] = base * low * (1.0 - 1e-9)  # below what the reading can give
                upper[k] = base * high * (1.0 + 1e-9)
                continue
            if shanten == 0 and pochi:
                live += 1  # the dot white, drawn after riichi, wins
            offence[k] = _p_win(shanten, live, draws_left, bool(threats), wait_live) * w
            if shanten == 0 and noten_gain > 0 and draws_left < NOTEN_DRAWS:
                # Ready at the exhaustive draw: the noten payments, likelier the nearer.
                offence[k] += noten_gain * (1.0 - draws_left / NOTEN_DRAWS)

        def read(k: Kind) -> None:
            """The deferred step reading of ``k``: its offence exactly."""
            shanten, live, w, d, useful = deferred.pop(k)
            counts[k] -= 1
            wl = _step_quality(an, counts, n_melds, d, useful, live_left)
            counts[k] += 1
            offence[k] = _p_win(shanten, live, draws_left, bool(threats), wl) * w

        if not threats:
            if nagashi > 0 or SAFE_KEEP > 0:
                for k in list(deferred):
                    read(k)  # these read every candidate's offence
            elif deferred:
                # Every candidate is at the best distance: the greatest offence is chosen.
                top = max((v for k, v in offence.items() if k not in deferred), default=-1.0)
                for k in sorted(deferred, key=lambda k: (-upper[k], k)):
                    if upper[k] < top:
                        break
                    read(k)
                    top = max(top, offence[k])
            kind = max(
                offence,
                key=lambda k: (-dist[k], offence[k], -value.keep(k), -k),
            )
            orphans = [k for k in pool if k in _TH]
            if nagashi > 0 and kind not in _TH and orphans:
                # The 流し against the hand's own best: a terminal or honour goes when the
                # 流し's value and what the hand still wins after it beat the hand's best.
                alt = max(
                    orphans, key=lambda k: (offence.get(k, 0.0), -dist[k], -value.keep(k), -k)
                )
                if nagashi + offence.get(alt, 0.0) > offence[kind]:
                    return self._finish(
                        view, seat, by_kind[alt], counts, alt, 0, False, 0.0, None, None
                    )
            if SAFE_KEEP > 0 and dist[kind] - wild - 1 > 0:
                kind = _keep_safe(view, seat, kind, offence, dist, live_left, counts)
        else:
            fold_weight = 0.0
            push_weight = PUSH_WEIGHT if view.seats >= 4 else PUSH_WEIGHT_3P
            if value.capped:
                push_weight = PUSH_WEIGHT_CAPPED
            if view.dealer == seat:
                push_weight *= DEALER_PUSH  # a dealer's win also keeps the deal
            if not closed:
                push_weight *= PUSH_OPEN
            danger: dict[Kind, float] = {}
            dora_kinds = view.dora_kinds
            for k in pool:
                danger[k] = sum(
                    th.p_tenpai * th.value * _danger(view, th, k, live_left, counts)
                    for th in threats
                )
                if DORA_DANGER and k in dora_kinds:
                    # The win it deals in to holds this dora too.
                    danger[k] *= 1.0 + DORA_DANGER * sum(1 for d in dora_kinds if d == k)
            for th in threats:
                if th.waits is None:  # shown waits are avoided tile by tile, at no cost
                    fold_weight += th.p_tenpai * th.value
            scores: dict[Kind, float] = {}
            push: dict[Kind, float] = {}

            def score(k: Kind, off: float) -> float:
                """The candidate's worth with ``off`` as its offence (rising with it)."""
                if k in offence:
                    shanten = dist[k] - wild - 1
                    future = fold_weight * FUTURE_DANGER * _future_discards(shanten, draws_left)
                    step = 1.0 if shanten <= 0 else PUSH_ONE_STEP if shanten == 1 else PUSH_FAR
                    push[k] = push_weight * step * off - future
                    ev = max(0.0, push[k])
                else:
                    ev = 0.0
                sc = ev - danger[k] + 1e-4 * off - 1e-6 * dist[k]
                if nagashi > 0 and k in _TH:
                    sc += nagashi
                return sc

            for k in pool:
                if k in deferred:
                    scores[k] = score(k, upper[k])
                else:
                    scores[k] = score(k, offence.get(k, 0.0))
            if deferred:
                top = max((v for k, v in scores.items() if k not in deferred), default=-math.inf)
                for k in sorted(deferred, key=lambda k: (-scores[k], k)):
                    if scores[k] < top:
                        break
                    read(k)
                    scores[k] = score(k, offence[k])
                    top = max(top, scores[k])
            kind = max(scores, key=lambda k: (scores[k], -value.keep(k), -k))
            pushing = push.get(kind, 0.0) > 0
            worth = value.after(kind) + stick_pts
            live = live_of.get(kind, 0)
            return self._finish(
                view, seat, by_kind[kind], counts, kind, live, pushing, worth, value, standing
            )
        worth = value.after(kind) + stick_pts
        live = live_of.get(kind, 0)
        return self._finish(
            view, seat, by_kind[kind], counts, kind, live, True, worth, value, standing
        )

    def _finish(
        self,
        view: SeatView,
        seat: int,
        acts: list[Action],
        counts: list[int],
        kind: Kind,
        live: int,
        pushing: bool,
        worth: float,
        value: _HandValue | None,
        standing: _Standing | None,
    ) -> Action:
        """The action discarding ``kind``: a plain copy first (red and gold are kept), then
        riichi or not (dama: see :meth:`_dama`), and which kind (``worth``: the points the
        hand would win)."""
        same = _plain_copy(view.tileset, acts)
        if len(same) == 1:
            return same[0]
        plain = next((a for a in same if a.type is ActionType.DISCARD), None)
        if plain is not None and (live == 0 or not pushing or view.wall_left < view.seats):
            return plain  # no live wait (dama, the hand improves), folding, or no draw left
        tile = same[0].tile
        assert tile is not None
        if (
            plain is not None
            and value is not None
            and self._dama(view, seat, counts, kind, worth, value, standing)
        ):
            return plain
        counts[kind] -= 1
        if plain is not None and _open_riichi_risk(self, view, seat, counts, worth):
            counts[kind] += 1
            return plain
        rtype = self._riichi_kind(view, seat, same, counts, tile, worth)
        counts[kind] += 1
        return next(a for a in same if a.type is rtype)

    def _dama(
        self,
        view: SeatView,
        seat: int,
        counts: list[int],
        kind: Kind,
        worth: float,
        value: _HandValue,
        standing: _Standing | None,
    ) -> bool:
        """Whether a ready closed hand stays dama after discarding ``kind``: it has a sure
        yaku without riichi (a yakuhai triplet, or tanyao with simple waits) and is already
        worth ``DAMA_HAN`` han, or, in the last hand, riichi would not add to the places
        its win takes (the top takes any win: it ends the game)."""
        got = value.dama(kind)
        if got is None:
            return False
        pts, han, tanyao_only = got
        stick = float(view.stick_points)
        if standing is not None:
            want = standing.win(pts + stick) >= 0.9 * standing.win(worth)
        else:
            want = han >= (DAMA_HAN_CAPPED if value.capped else DAMA_HAN) - 1e-9
        if want and tanyao_only:
            counts[kind] -= 1
            waits = view.analyzer.waits(
                counts, len(view.melds(seat)), view.preset.hand.wildcards
            ).kinds
            counts[kind] += 1
            want = all(k not in _TH for k in waits)
        return want

    def _riichi_kind(
        self,
        view: SeatView,
        seat: int,
        acts: list[Action],
        counts: list[int],
        discard: Tile,
        worth: float,
    ) -> ActionType:
        """The kind of riichi by expected value where a preset offers several (``counts``:
        the hand after ``discard``). An open riichi wins by tsumo only where nobody may deal
        in to it (and rarely by ron where its hand is shown), for its bonus or its extra
        han; シュバリー doubles the win's chips for a stick that is lost without a win."""
        kinds = {a.type for a in acts}
        kinds.discard(ActionType.DISCARD)
        if len(kinds) == 1:
            return next(iter(kinds))
        own = view.wall_left / view.seats
        if worth <= 0 or own <= 0:
            return self._riichi(view, seat, acts, counts, discard)
        preset = view.preset
        waits = view.analyzer.waits(counts, len(view.melds(seat)), preset.hand.wildcards)
        copies = self._tile_copies(view.tileset)
        visible = view.visible_counts()
        left = [max(0, copies[k] - counts[k] - visible[k]) for k in range(N_KINDS)]
        unseen = sum(left)
        live = sum(left[k] for k in waits.kinds if k < N_KINDS)
        if not unseen or not live:
            return self._riichi(view, seat, acts, counts, discard)
        share = live / unseen
        p_tsumo = 1.0 - (1.0 - share) ** own
        p_ron = 1.0 - (1.0 - RON_SHARE * share) ** (own * (view.seats - 1))
        p_closed = 1.0 - (1.0 - p_tsumo) * (1.0 - p_ron)
        if preset.table.open_riichi_guarded:
            p_open = p_tsumo
        else:
            p_open = 1.0 - (1.0 - p_tsumo) * (1.0 - SHOWN_RON * p_ron)
        gain = float(preset.scoring.open_riichi_bonus * (view.seats - 1))
        if "open_riichi" in preset.scoring.extra_yaku:
            gain += worth * OPEN_HAN_GAIN
        ev_open = p_open * (worth + gain)
        forced = 0.0
        if FORCED_RON and preset.table.open_riichi_guarded and preset.scoring.tedumari_han > 0:
            # A seat in riichi that draws our wait must deal in (a yakuman).
            forced = (1.0 - p_open) * _forced_ron(view, seat, share, own)
            big = YAKUMAN_POINTS * (1.5 if view.dealer == seat else 1.0)
            ev_open += forced * (max(worth, big) + preset.scoring.open_riichi_bonus)
        want_open = OPEN_RIICHI and ev_open > p_closed * worth
        p_win = p_open + forced if want_open else p_closed
        chips = preset.chips
        extra_stick = preset.game.shuba_stick - preset.scoring.riichi_stick
        sure = _sure_chips(view, seat, discard) * (chips.point_value or CHIP_POINTS) * SHUBA_WEIGHT
        want_shuba = (
            ActionType.SHUBA_RIICHI in kinds
            and view.scores[seat] - preset.game.shuba_stick >= SHUBA_MIN_LEFT
            and p_win * sure > (1.0 - p_win) * extra_stick
        )
        for o, sh in ((want_open, want_shuba), (False, want_shuba), (want_open, False)):
            rtype = _RIICHI_BY[o, sh]
            if rtype in kinds:
                return rtype
        return next(k for k in _RIICHI_ORDER if k in kinds)

    def _keeps_north(self, view: SeatView, seat: int, kita: Action) -> bool:
        if not KEEP_NORTH and not view.in_riichi(seat):
            return False  # set every north aside: a sure dora and a replacement draw
        return super()._keeps_north(view, seat, kita)

    # -- calls ----------------------------------------------------------------------------------

    def _call(self, view: SeatView, seat: int, calls: list[Action]) -> Action | None:
        an = view.analyzer
        ts = view.tileset
        counts = _counts(view.hand)
        melds = view.melds(seat)
        n_melds = len(melds)
        closed = not any(m.is_open for m in melds)
        wild = view.preset.hand.wildcards
        if _keeps_norths(view, counts):
            return super()._call(view, seat, calls)
        now = an.distance(counts, n_melds)
        now_shanten = now - wild - 1
        if closed and now_shanten <= 0:
            return None  # a closed ready hand declares riichi instead
        threats = _threats(view, seat)
        yakuhai = _yakuhai(view, seat)
        # The last draws: a call that makes the hand ready is worth the noten payments
        # even without a yaku (形式テンパイ), where the preset counts such a hand ready.
        preset = view.preset
        keiten = (
            KEITEN_DRAWS > 0
            and view.wall_left <= KEITEN_DRAWS * view.seats
            and preset.game.noten_total > 0
            and not preset.table.tenpai_needs_yaku
            and now_shanten > 0
        )
        best: tuple[float, Action] | None = None
        for a in calls:
            if a.tile is None:
                continue
            called = tile_kind(a.tile)
            after = list(counts)
            for t in a.tiles:
                after[tile_kind(t)] -= 1
            new_kinds = [called, *(tile_kind(t) for t in a.tiles)]
            keeps = _keeps_yaku(view, after, melds, new_kinds, yakuhai, a.type)
            if not (keeps or keiten):
                continue
            # The best discard after the call (the engine bars kuikae; close enough here).
            d_after = min(
                _dist_minus(an, after, k, n_melds + 1) for k in range(N_KINDS) if after[k]
            )
            shanten_after = d_after - wild - 1
            if keiten and shanten_after == 0:
                red = sum(ts.variant(t) is not Variant.PLAIN for t in a.tiles)
                score = 5.0 - red * 0.1 + (1 if keeps else 0)
                if best is None or score > best[0]:
                    best = (score, a)
                continue
            if not keeps:
                continue
            yakuhai_pon = a.type is ActionType.PON and called in yakuhai
            # A yakuhai pon secures the yaku (worth it even when the pair becomes the
            # triplet and the shanten stays); any other call must bring the hand nearer.
            if d_after > now or (d_after == now and not yakuhai_pon):
                continue
            if not yakuhai_pon:
                # A cheap open hand far from ready wins little: call near tenpai, and a
                # closed hand only with a dora to show for it or to be ready at once.
                if shanten_after > 1:
                    continue
                if closed and (
                    not (
                        OPEN_CLOSED_HAND
                        or (OPEN_CLOSED_CAPPED and _capped(view))
                        or _leads_last_hand(view, seat)
                    )
                    or (shanten_after > 0 and not _has_dora(view, seat, ts))
                ):
                    continue
            if threats and shanten_after > 0:
                continue  # no calls while another hand is ready, unless this makes ours
            red = sum(ts.variant(t) is not Variant.PLAIN for t in a.tiles)
            score = -d_after * 10 - red * 0.1 + (1 if yakuhai_pon else 0)
            if best is None or score > best[0]:
                best = (score, a)
        return None if best is None else best[1]


def _open_riichi_risk(
    bot: StandardBot, view: SeatView, seat: int, counts: list[int], worth: float
) -> bool:
    """Whether a ready closed hand (``counts``, after its discard) should stay dama because
    another seat's open riichi is out where a player with no other discard must deal in to
    it (手詰まり放銃, a yakuman): in riichi each draw of those waits deals in, while dama
    keeps them. Riichi is declared when ``OPEN_RISK_GAIN`` times its chance to win times
    ``worth`` beats the chance of drawing such a tile first times the yakuman."""
    preset = view.preset
    if not (OPEN_RISK and preset.table.open_riichi_guarded and preset.scoring.tedumari_han > 0):
        return False
    shown = [(s, view.open_waits(s)) for s in range(view.people) if s != seat]
    if all(w is None for _, w in shown):
        return False
    own = view.wall_left / view.seats
    copies = bot._tile_copies(view.tileset)
    visible = view.visible_counts()
    left = [max(0, copies[k] - counts[k] - visible[k]) for k in range(N_KINDS)]
    unseen = sum(left)
    if not unseen or own <= 0:
        return False
    mine = view.analyzer.waits(counts, len(view.melds(seat)), preset.hand.wildcards).kinds
    share = sum(left[k] for k in mine if k < N_KINDS) / unseen
    p_win = 1.0 - float((1.0 - share) ** own)
    risk = 0.0
    for s, waits in shown:
        if waits is None:
            continue
        theirs = sum(left[k] for k in waits if k < N_KINDS) / unseen
        hit = (1.0 - p_win * 0.5) * (1.0 - float((1.0 - theirs) ** own))
        risk += hit * YAKUMAN_POINTS * (1.5 if view.dealer == s else 1.0)
    return OPEN_RISK_GAIN * p_win * worth < risk


def _nagashi_value(view: SeatView, seat: int, counts: list[int], live_left: list[int]) -> float:
    """What keeping a 流し alive is worth now (0 when it is not): every discard so far a
    terminal or honour and none called. Its chance: the hand reaching the exhaustive draw
    (``NAGASHI_HAZARD`` a round) and a terminal or honour to discard at each draw left
    (those in the hand, ``counts`` with the drawn tile, and those among the draws, from
    ``live_left``: the copies of each kind not in the hand nor visible)."""
    kind_ = view.preset.game.nagashi
    if kind_ == "none" or view.in_riichi(seat):
        return 0.0
    v = YAKUMAN_POINTS if kind_ == "yakuman" else float(HAN_POINTS[5])
    if v < NAGASHI_MIN:
        return 0.0
    river = view.river(seat)
    for t in river:
        if tile_kind(t) not in _TH:
            return 0.0
    if river:
        called = {m.tiles[0] for s in range(view.people) if s != seat for m in view.melds(s)}
        if not called.isdisjoint(river):
            return 0.0
    nuki = view.nuki_kinds
    held = sum(counts[k] for k in _TH if k not in nuki) - 1  # after this discard
    n = int(view.wall_left / view.seats)  # discards still to make after this one
    if held >= n:
        p_tiles = 1.0
    else:
        copies_left = 0
        th_left = 0
        for k in range(N_KINDS):
            if k in nuki:
                continue
            left = live_left[k]
            copies_left += left
            if k in _TH:
                th_left += left
        if not copies_left:
            return 0.0
        f = th_left / copies_left
        # P(at least n - held terminals or honours among n draws), binomial.
        need = n - held
        p_tiles = 1.0 if f >= 1.0 else 0.0
        term = (1.0 - f) ** n  # P(X = 0)
        for x in range(n + 1 if f < 1.0 else 0):
            if x >= need:
                p_tiles += term
            term *= (n - x) / (x + 1) * f / (1.0 - f)
    p = p_tiles * (1.0 - NAGASHI_HAZARD) ** n
    return p * v * (1.5 if view.dealer == seat else 1.0)


def _forced_ron(view: SeatView, seat: int, share: float, own: float) -> float:
    """The chance that an open riichi with ``share`` of the unseen tiles as its live
    waits wins by a forced deal-in (手詰まり放銃) within ``own`` draws of each seat: a seat
    in riichi discards what it draws, so it deals in when it draws the wait; a seat not in
    riichi yet only if it declares one (``FORCED_LATER``), with half the draws left."""
    miss = 1.0
    for s in range(view.people):
        if s == seat or view.seat_wind(s) is None:  # (the seat sitting this hand out)
            continue
        if view.in_riichi(s):
            miss *= float((1.0 - share) ** own)
        else:
            miss *= 1.0 - FORCED_LATER * (1.0 - float((1.0 - share) ** (own * 0.5)))
    return 1.0 - miss


def _leads_last_hand(view: SeatView, seat: int) -> bool:
    return RANK_AWARE and _last_hand(view) and _Standing(view, seat, []).leads()


def _flower_powers(view: SeatView, seat: int) -> frozenset[Kind]:
    """The flowers whose power ``seat`` would have if it won now (gotou: those it set
    aside and those among the dora indicators; an ura indicator is seen only at the win)."""
    if not (FLOWER_POWERS and view.preset.scoring.flower_powers):
        return frozenset()
    return flower_powers((*view.extracted(seat), *view.dora_indicators))


def _level_up(han: float) -> float:
    """夏: the han of the next level up (below mangan one han more; mangan to haneman,
    haneman to baiman, baiman to sanbaiman)."""
    if han < 5:
        return han + 1
    if han < 6:
        return 6.0
    if han < 8:
        return 8.0
    return max(han, 11.0)


def _has_dora(view: SeatView, seat: int, ts: TileSet) -> bool:
    dora = set(view.dora_kinds)
    for t in view.hand:
        v = ts.variant(t)
        if tile_kind(t) in dora or v is Variant.RED or v is Variant.GOLD:
            return True
    return False


# -- hand value ------------------------------------------------------------------------------


def _yakuhai(view: SeatView, seat: int) -> dict[Kind, int]:
    """Value honours for ``seat`` with the han a triplet of each is worth."""
    out: dict[Kind, int] = dict.fromkeys(DRAGONS, 1)
    out[view.round_wind] = 1
    wind = view.seat_wind(seat)
    if wind is not None:
        out[wind] = out.get(wind, 0) + 1
    if view.preset.scoring.yakuhai_north:
        out[NORTH] = max(out.get(NORTH, 0), 1)
    return out


def _keeps_yaku(
    view: SeatView,
    after: list[int],
    melds: tuple[Meld, ...],
    new_kinds: list[Kind],
    yakuhai: dict[Kind, int],
    call: ActionType,
) -> bool:
    """Whether an open hand with this call (``after``: the concealed tiles left) still has
    a yaku in reach: a yakuhai triplet, tanyao, or one suit with honours."""
    if call is ActionType.PON and new_kinds[0] in yakuhai:
        return True
    meld_kinds = [k for m in melds for k in m.kinds] + new_kinds
    for m in melds:
        if m.kind in yakuhai and m.kinds[0] == m.kinds[-1]:
            return True
    if any(after[k] >= 3 for k in yakuhai):
        return True
    if (
        view.preset.scoring.kuitan
        and all(k not in _TH for k in meld_kinds)
        and sum(after[k] for k in _TH) <= 1
    ):
        return True
    suits = {k // 9 for k in meld_kinds if k < 27}
    if len(suits) == 1:
        s = next(iter(suits))
        off = sum(after[k] for k in range(27) if k // 9 != s)
        if off <= 1:
            return True
    return False


class _HandValue:
    """A quick estimate of what the hand would win, and how each discard changes it."""

    __slots__ = (
        "_base_han",
        "_cap",
        "_chip_pts",
        "_closed",
        "_closed_bonus",
        "_counts",
        "_dealer",
        "_dora",
        "_kinds_val",
        "_open_no_yaku",
        "_red_only",
        "_sole",
        "_suit_han",
        "_suit_sole",
        "_summer",
        "_sure_yaku",
        "_tanyao_ok",
    )

    def __init__(
        self,
        view: SeatView,
        seat: int,
        counts: list[int],
        hand: tuple[Tile, ...],
        melds: tuple[Meld, ...],
        closed: bool,
    ) -> None:
        ts = view.tileset
        preset = view.preset
        chips = preset.chips
        chip_pts = (chips.point_value or CHIP_POINTS) if chips.enabled else 0
        dora_kinds = view.dora_kinds
        dora: dict[Kind, int] = {}
        for d in dora_kinds:
            dora[d] = dora.get(d, 0) + 1
        powers = _flower_powers(view, seat)
        if AUTUMN in powers and preset.scoring.autumn_fives_dora:
            for k in FIVES:
                dora[k] = dora.get(k, 0) + 1  # 秋: every five (red and gold twice)
        self._summer = SUMMER in powers
        han = 0.0
        pts = 0.0
        # Dora and chips in the calls and set aside are sure.
        for m in melds:
            for t in m.tiles:
                k = tile_kind(t)
                han += dora.get(k, 0)
                v = ts.variant(t)
                if v is Variant.RED or v is Variant.GOLD:
                    han += 1
                    pts += chip_pts * (chips.gold_five if v is Variant.GOLD else chips.red_five)
        nuki = view.nuki_kinds
        for t in view.extracted(seat):
            k = tile_kind(t)
            if k in nuki:
                han += 1
            if k == NORTH:
                pts += chip_pts * chips.north
        # Red and gold copies in hand: lost only if every copy of the kind goes.
        red_only: dict[Kind, float] = {}
        plain: dict[Kind, int] = {}
        for t in hand:
            k = tile_kind(t)
            v = ts.variant(t)
            if v is Variant.RED or v is Variant.GOLD:
                extra = 1.0 + (
                    chip_pts * (chips.gold_five if v is Variant.GOLD else chips.red_five) / 2000
                )
                han += extra
                red_only[k] = red_only.get(k, 0.0) + extra
            else:
                plain[k] = plain.get(k, 0) + 1
        self._red_only = {k: v for k, v in red_only.items() if not plain.get(k)}
        self._counts = counts
        self._dora = dora
        yakuhai = _yakuhai(view, seat)
        has_yaku = False
        for m in melds:
            if m.kind in yakuhai and m.kinds[0] == m.kinds[-1]:
                han += yakuhai[m.kind]
                has_yaku = True
        # Kind values held in the hand: dora copies, yakuhai pairs and triplets.
        kinds_val: dict[Kind, float] = {}
        for k in range(N_KINDS):
            c = counts[k]
            if not c:
                continue
            kv = float(dora.get(k, 0) * c)
            y = yakuhai.get(k)
            if y:
                if c >= 3:
                    kv += y
                    has_yaku = True
                elif c == 2:
                    kv += 0.45 * y
            kinds_val[k] = kv
            han += kv
        self._kinds_val = kinds_val
        # Tanyao: all simples, or one terminal/honour kind to go.
        th_held = [k for k in range(N_KINDS) if counts[k] and k in _TH]
        melds_simple = all(k not in _TH for m in melds for k in m.kinds)
        tanyao_ok = melds_simple and (closed or preset.scoring.kuitan)
        self._sole = th_held[0] if tanyao_ok and len(th_held) == 1 else -1
        self._sure_yaku = has_yaku  # a yakuhai triplet
        self._tanyao_ok = tanyao_ok and len(th_held) <= 1
        if tanyao_ok and not th_held:
            han += 1
            has_yaku = True
        # Half flush (HONITSU): one suit and honours, or one off-suit tile to go.
        self._suit_sole = -1
        self._suit_han = 0.0
        if HONITSU:
            per_suit = [0, 0, 0]
            for k in range(27):
                per_suit[k // 9] += counts[k]
            meld_suits = {k // 9 for m in melds for k in m.kinds if k < 27}
            for x in meld_suits:
                per_suit[x] += 3
            suit = max(range(3), key=per_suit.__getitem__)
            off = [k for k in range(27) if counts[k] and k // 9 != suit]
            if meld_suits <= {suit} and len(off) <= 1:
                flush = 3.0 if closed else 2.0
                if not off:
                    han += flush
                    has_yaku = True
                elif counts[off[0]] == 1:
                    self._suit_sole = off[0]
                    self._suit_han = flush
        self._closed_bonus = 0.0
        if closed:
            self._closed_bonus = _riichi_bonus(view)  # riichi, tsumo / ura / ippatsu
            han += self._closed_bonus
            has_yaku = True
        self._open_no_yaku = not has_yaku
        self._closed = closed
        self._base_han = han
        self._dealer = view.dealer == seat
        self._chip_pts = pts
        self._cap = _capped(view)

    @property
    def capped(self) -> bool:
        """Whether the preset caps the hand's value (at mangan)."""
        return self._cap

    def keep(self, kind: Kind) -> float:
        """Han lost by discarding ``kind`` (ties: the cheapest goes first)."""
        c = self._counts[kind]
        v = self._kinds_val.get(kind, 0.0)
        lost = v / c if c else 0.0
        lost += self._red_only.get(kind, 0.0)
        if kind == self._sole:
            lost -= 1
        if kind == self._suit_sole:
            lost -= self._suit_han
        return lost

    def after(self, kind: Kind) -> float:
        """The points the hand is worth after discarding ``kind``."""
        han = self._base_han - self.keep(kind)
        if self._open_no_yaku and kind != self._sole and kind != self._suit_sole:
            han *= 0.3  # an open hand without a sure yaku rarely wins
        if self._summer:
            han = _level_up(han)
        return _points(han, self._dealer, self._cap) + self._chip_pts

    def dama(self, kind: Kind) -> tuple[float, float, bool] | None:
        """Without riichi after discarding ``kind``: the points and han the hand is worth,
        and whether its yaku is tanyao only (the waits must then be simples too); None when
        it has no sure yaku."""
        tanyao = self._tanyao_ok and (self._sole < 0 or kind == self._sole)
        if not (self._sure_yaku or tanyao):
            return None
        han = self._base_han - self.keep(kind) - self._closed_bonus
        leveled = _level_up(han) if self._summer else han
        pts = _points(leveled, self._dealer, self._cap) + self._chip_pts
        return pts, han, not self._sure_yaku


def _points(han: float, dealer: bool, cap: bool = False) -> float:
    """A hand's usual value by han (``cap``: at most a mangan, as in kanto-boo)."""
    han = max(1.0, han)
    lo = int(han)
    if lo >= len(HAN_POINTS) - 1:
        p = float(HAN_POINTS[-1])
    else:
        f = han - lo
        p = HAN_POINTS[lo] * (1 - f) + HAN_POINTS[lo + 1] * f
    if cap and p > 8000:
        p = 8000.0
    return p * 1.5 if dealer else p


def _capped(view: SeatView) -> bool:
    return PRESET_VALUE and view.preset.scoring.limit_cap == "mangan"


def _riichi_bonus(view: SeatView) -> float:
    """A riichi's average han beside its yaku and dora (riichi, tsumo, ura, ippatsu)."""
    if PRESET_VALUE and not view.preset.scoring.ura_dora:
        return 1.6 - URA_HAN
    return 1.6


# -- the last hand: rank, not points ---------------------------------------------------------


def _last_hand(view: SeatView) -> bool:
    """Whether this hand is the game's last one, as far as the schedule goes (the last
    dealer of the last wind, or an extension hand: any hand may then be the last)."""
    game = view.preset.game
    if RANK_ANY_HAND and game.end_at_or_above > 0:
        return True
    if game.extension == "sudden_death" and not RANK_SUDDEN_DEATH:
        return False
    return _scheduled_last(view)


def _last_wind(game: GameRules) -> int:
    """The game's last scheduled wind, from East (0: tonpuu, 1: hanchan)."""
    return 0 if game.length == "tonpuu" else 1


def _in_extension(view: SeatView) -> bool:
    """Whether this hand is past the game's scheduled winds (an extension hand)."""
    return view.round_wind - EAST > _last_wind(view.preset.game)


def _scheduled_last(view: SeatView) -> bool:
    """Whether this hand is the last dealer's of the last wind (or an extension hand)."""
    last = _last_wind(view.preset.game)
    wind = view.round_wind - EAST
    if wind != last:
        return wind > last
    for ev in reversed(view.events()):
        if ev["type"] == "start_kyoku":
            return int(ev["kyoku"]) >= view.people  # 1-based: the wind's last dealer
    return False


# -- wins the rules refuse (kanto-boo) --------------------------------------------------------


def _win_refused(view: SeatView, winner: int, payer: int | None, amount: float) -> bool:
    """Whether a win of about ``amount`` points by ``winner`` (a ron off ``payer``, or a
    tsumo: None) would end the game in a way the rules refuse (``restrict_game_ending_wins``:
    one player sunk, the winner still sunk, a floating winner not the top). The engine
    never offers such a win, so a seat cannot deal in to it and cannot take it."""
    game = view.preset.game
    if payer is None and not game.restrict_tsumo:
        return False
    scoring = view.preset.scoring
    before = view.scores
    after = list(before)
    honba = view.honba
    dealer = view.dealer
    if payer is not None:
        pay = int(amount) + honba * scoring.honba_ron
        after[payer] -= pay
        after[winner] += pay
    else:
        for s in range(view.people):
            if s == winner or view.seat_wind(s) is None:
                continue
            share = amount / 3 if winner == dealer else amount / (2 if s == dealer else 4)
            pay = int(share) + honba * scoring.honba_tsumo
            after[s] -= pay
            after[winner] += pay
    after[winner] += view.stick_points
    passes_last = winner != dealer and _scheduled_last(view)
    if not win_ends_game(game, after, passes_last, _in_extension(view)):
        return False
    return ending_refusal(game, before, after, winner) is not None


def _ron_allowed_share(view: SeatView, winner: int, payer: int, value: float) -> float:
    """The share of a ron's likely sizes (``value`` and 0.6 and 1.6 times it) that the rules
    let ``winner`` take off ``payer`` (1.0 where no win is refused)."""
    if not (BOO_REFUSALS and view.preset.game.restrict_game_ending_wins):
        return 1.0
    ok = 0
    for f in (0.6, 1.0, 1.6):
        ok += not _win_refused(view, winner, payer, f * value)
    return ok / 3


def _soft(x: float) -> float:
    """How surely a lead of ``x`` points holds (0..1, a ramp ``RANK_SOFT`` wide)."""
    v = 0.5 + x / RANK_SOFT
    return 0.0 if v < 0.0 else 1.0 if v > 1.0 else v


def _standing(view: SeatView, seat: int, threats: list[_Threat]) -> _Standing | None:
    """The standing the hand is played for: the last hand's (``RANK_AWARE``), or where a
    sudden death may follow, the last scheduled hand's and the extension's, each result
    weighed by whether it ends the game (``RANK_TARGET``); None: the hand is played for
    points."""
    if not RANK_AWARE:
        return None
    if _last_hand(view):
        return _Standing(view, seat, threats)
    game = view.preset.game
    if RANK_TARGET and game.extension == "sudden_death" and _scheduled_last(view):
        return _Standing(view, seat, threats, ends=True)
    return None


class _Standing:
    """The table's scores in the last hand: what a win or a deal-in is worth in places (in
    points, ``RANK_POINTS`` a place), and a little of the points themselves. With ``ends``
    (a hand the game may go on after) a result that does not end the game is worth its
    points."""

    __slots__ = ("dealer", "ends", "extension", "game", "me", "others", "reach", "scores", "seat")

    def __init__(
        self, view: SeatView, seat: int, threats: list[_Threat], ends: bool = False
    ) -> None:
        scores = view.scores
        self.me = float(scores[seat])
        self.others = [(s, float(scores[s])) for s in range(len(scores)) if s != seat]
        # Per seat: its chance to win this hand if it goes on, and what it would win.
        self.reach = {s: (INSURE, USUAL_WIN) for s, _ in self.others}
        for th in threats:
            self.reach[th.seat] = (max(INSURE, THREAT_WINS * th.p_tenpai), th.value)
        self.ends = ends
        self.game = view.preset.game
        self.scores = list(scores)
        self.seat = seat
        self.dealer = view.dealer
        self.extension = _in_extension(view)

    def _goes_on(self, winner: int, payer: int | None, w: float) -> bool:
        """Whether the game goes on after ``winner`` wins ``w`` points (off ``payer``, or
        from every other seat)."""
        if not self.ends:
            return False
        after = list(self.scores)
        after[winner] += int(w)
        if payer is not None:
            after[payer] -= int(w)
        else:
            n = len(after) - 1
            for s in range(len(after)):
                if s != winner:
                    after[s] -= int(w / n)
        return not win_ends_game(self.game, after, winner != self.dealer, self.extension)

    def win(self, w: float) -> float:
        """A win of ``w`` points: the places it takes, and the chance it takes away from
        the seats below to pass the bot in this hand (a threat's most of all)."""
        if self._goes_on(self.seat, None, w):
            return w
        my = self.me
        gain = 0.0
        for s, sc in self.others:
            if sc >= my:
                gain += _soft(my + w - sc) - _soft(my - sc)
            else:
                p, v = self.reach[s]
                gain += p * _soft(sc + v - my)
        return RANK_POINTS * gain + POINT_SHARE * w

    def deal_in(self, to: int, v: float) -> float:
        """Dealing in ``v`` points to seat ``to``: the places it loses."""
        if self._goes_on(to, self.seat, v):
            return v
        my = self.me
        after = my - v
        loss = 0.0
        for s, sc in self.others:
            new = sc + v if s == to else sc
            loss += _soft(new - after) - _soft(sc - my)
        return RANK_POINTS * max(0.0, loss) + POINT_SHARE * v

    def leads(self) -> bool:
        return all(self.me > sc for _, sc in self.others)


_STEP_LEAST: Final = 0.5
_STEP_MOST: Final = 1.5
"""The limits of a far hand's step reading against its usual (``FAR_STEP_USUAL``): one pair
for ``_p_win`` and ``_far_bounds``, whose pruning is exact only while they agree."""


def _p_win(
    shanten: int, live: int, draws: float, threatened: bool, wait_live: float = -1.0
) -> float:
    """P(this hand wins), roughly, from its shanten, its live useful copies and the draws
    left (each turn a live copy is drawn or discarded by someone); ``wait_live``: for a
    hand one step from ready, the live winning copies of the ready hands its useful draws
    make, on average (``TWO_STEP``; -1: a usual six)."""
    if draws <= 0:
        return 0.0
    if shanten <= 0:
        q = min(0.5, live * WIN_PER_LIVE)
        p = 1.0 - float((1.0 - q) ** draws)
    elif shanten == 1:
        reach = 1.0 - float((1.0 - min(0.6, live * 0.012)) ** draws)
        wl = 6.0 if wait_live < 0 else wait_live
        q = min(0.5, wl * WIN_PER_LIVE)
        if STEP_SUM:
            # Ready at draw t (each draw useful with chance a), then winning in the draws
            # left: a quick hand with a poorer wait against a slower one with a better.
            a = min(0.6, live * 0.012)
            p = 0.0
            miss = 1.0
            t = 1
            while t <= draws:
                p += miss * a * (1.0 - float((1.0 - q) ** (draws - t)))
                miss *= 1.0 - a
                t += 1
            p *= 0.9
        else:
            p = reach * (1.0 - float((1.0 - q) ** (draws * 0.5))) * 0.9
    elif shanten == 2:
        p = 0.12 * min(1.0, draws / 12) * (1.0 - FAR_LIVE + FAR_LIVE * min(live, 40) / 40)
        if wait_live >= 0:
            # FAR_STEP: the useful copies of the hands one step from ready it reaches.
            p *= min(_STEP_MOST, max(_STEP_LEAST, wait_live / FAR_STEP_USUAL)) ** FAR_STEP
    else:
        p = 0.03 * min(1.0, draws / 14) * (1.0 - FAR_LIVE + FAR_LIVE * min(live, 60) / 60)
        if wait_live >= 0:
            p *= min(_STEP_MOST, max(_STEP_LEAST, wait_live / FAR_STEP3_USUAL)) ** FAR_STEP3
    return p * RACE if threatened else p


def _far_bounds(shanten: int) -> tuple[float, float]:
    """The least and the most the step reading (``FAR_STEP``, ``FAR_STEP3``) multiplies a
    far hand's chance by (see ``_p_win``)."""
    e = FAR_STEP if shanten == 2 else FAR_STEP3
    return float(_STEP_LEAST**e), float(_STEP_MOST**e)


def _future_discards(shanten: int, draws: float) -> float:
    """Dangerous discards still to make while pushing a hand of this shanten."""
    return min(draws, 2.0 + 2.5 * max(0, shanten))


# -- threats and danger ----------------------------------------------------------------------


class _Threat:
    __slots__ = (
        "declared",
        "learned_open",
        "p_tenpai",
        "passed",
        "pre",
        "river",
        "safe",
        "seat",
        "since",
        "suit",
        "value",
        "waits",
        "yakuhai",
    )

    def __init__(
        self,
        seat: int,
        p_tenpai: float,
        value: float,
        safe: frozenset[Kind],
        river: frozenset[Kind],
        waits: frozenset[Kind] | None,
        suit: int | None,
    ) -> None:
        self.seat = seat
        self.p_tenpai = p_tenpai
        self.value = value
        self.safe = safe
        self.river = river
        self.waits = waits
        self.suit = suit
        self.declared = -1
        """The kind of its riichi declaration tile (宣言牌), -1 if none."""
        self.pre: tuple[Kind, ...] = ()
        """A riichi hand's discards up to and with its declaration tile, in order."""
        self.since = 0
        """A riichi hand's discards after its declaration tile."""
        self.passed: frozenset[Kind] = frozenset()
        """Kinds it let pass after its riichi that are not among its own discards."""
        self.yakuhai: frozenset[Kind] = frozenset()
        """The honours that are a yakuhai for it (dragons, the round's and its seat's wind)."""
        self.learned_open = False
        """An open hand read by the learned models (``LEARNED_OPEN``)."""


def _threats(
    view: SeatView, seat: int, one_call: float = 0.0, learned_open: bool = False
) -> list[_Threat]:
    """The other hands that may be ready: riichi (surely), and open hands by their calls
    and the turn (one call too where ``one_call`` > 0: its chance to be ready before the
    turn's rise); each worth its base han, the dora it shows (in its calls, and nuki-dora
    set aside) and the dora its concealed tiles hold on average (the share of dora among
    the tiles this seat cannot see), so a threat is dearer where dora are many (gotou)."""
    out: list[_Threat] = []
    dealer = view.dealer
    wareme = view.wareme
    ts = view.tileset
    dora: dict[Kind, int] = {}
    for d in view.dora_kinds:
        dora[d] = dora.get(d, 0) + 1
    nuki = view.nuki_kinds
    hidden_share = -1.0  # dora per unseen tile, computed at the first threat
    cap = _capped(view)
    for s in range(view.people):
        if s == seat:
            continue
        melds = view.melds(s)
        riichi = view.in_riichi(s)
        if not riichi:
            n_open = sum(1 for m in melds if m.is_open)
            if n_open < (1 if one_call > 0 or learned_open else 2):
                continue
        if hidden_share < 0:
            hidden_share = _hidden_dora_share(view, seat, dora)
        shown = 0
        for m in melds:
            for t in m.tiles:
                v = ts.variant(t)
                shown += dora.get(tile_kind(t), 0) + (v is Variant.RED or v is Variant.GOLD)
        shown += sum(1 for t in view.extracted(s) if tile_kind(t) in nuki)
        hidden = hidden_share * (view.preset.hand_size - 3 * len(melds))
        river = frozenset(tile_kind(t) for t in view.river(s))
        if riichi:
            p = 1.0
            han = RIICHI_HAN + shown + hidden
            if PRESET_VALUE and not view.preset.scoring.ura_dora:
                han -= URA_HAN
            suit = None
            safe = view.safe_kinds(s)
            waits = view.open_waits(s)
        else:
            if learned_open:
                p = _learned_open_tenpai(view, s)
            else:
                turn = len(view.river(s))
                p = (one_call, 0.25, 0.55, 0.9)[min(n_open, 4) - 1] * min(1.3, 0.5 + turn / 16)
                p = min(p, 0.95)
            han = OPEN_HAN + shown + hidden
            # An open hand of one suit (and honours) waits in that suit or on honours.
            suits = {k // 9 for m in melds for k in m.kinds if k < 27}
            suit = next(iter(suits)) if len(suits) == 1 else None
            if suit is not None:
                han += 1  # one suit: a half or full flush is worth more
            safe = river
            waits = None
        if SUMMER in _flower_powers(view, s):
            han = _level_up(han)
        value = _points(han, s == dealer, cap)
        if wareme is not None and wareme in (s, seat):
            value *= 2
        # A ron the rules refuse (kanto-boo) costs nothing: count only the sizes they allow.
        value *= _ron_allowed_share(view, s, seat, value)
        th = _Threat(s, p, value, safe, river, waits, suit)
        if riichi:
            declared = view.riichi_tile(s)
            if declared is not None:
                th.declared = tile_kind(declared)
            tiles = view.river(s)
            r = len(tiles) - 1
            for i, t in enumerate(tiles):
                if t == declared:
                    r = i
            th.pre = tuple(tile_kind(t) for t in tiles[: r + 1])
            th.since = len(tiles) - r - 1
            th.passed = safe - river
        elif learned_open:
            th.learned_open = True
            th.pre = tuple(tile_kind(t) for t in view.river(s))
        if riichi or learned_open:
            wind = view.seat_wind(s)
            th.yakuhai = frozenset(
                k for k in range(27, N_KINDS) if k in DRAGONS or k == view.round_wind or k == wind
            )
        out.append(th)
    return out


_TILESET_TOTALS: dict[int, tuple[TileSet, tuple[int, ...], int]] = {}
"""Per tile set (by id, the set kept to check it): copies of each kind, red and gold fives."""


def _pochi_unseen(view: SeatView) -> bool:
    """Whether a 白ぽっち that wins when drawn after riichi (gotou) may still be drawn: the
    preset has one and this seat cannot see it."""
    if view.preset.scoring.dot_white != "wild_after_riichi":
        return False
    ts = view.tileset
    for t in view.hand:
        if ts.variant(t) is Variant.DOT:
            return False
    for t in view.dora_indicators:
        if ts.variant(t) is Variant.DOT:
            return False
    for s in range(view.people):
        for t in view.river(s):
            if ts.variant(t) is Variant.DOT:
                return False
        for m in view.melds(s):
            for t in m.tiles:
                if ts.variant(t) is Variant.DOT:
                    return False
    return True


def _hidden_dora_share(view: SeatView, seat: int, dora: dict[Kind, int]) -> float:
    """Dora per tile among the tiles ``seat`` cannot see (the wall and the other hands):
    dora kinds, and red and gold fives."""
    ts = view.tileset
    totals = _TILESET_TOTALS.get(id(ts))
    if totals is None or totals[0] is not ts:
        copies = [0] * N_ALL_KINDS
        n_special = 0
        for t in ts.tiles:
            copies[tile_kind(t)] += 1
            v = ts.variant(t)
            n_special += v is Variant.RED or v is Variant.GOLD
        totals = _TILESET_TOTALS[id(ts)] = (ts, tuple(copies), n_special)
    _, copies_t, special = totals
    copies = list(copies_t)
    seen = view.visible_counts()
    for t in view.hand:
        seen[tile_kind(t)] += 1
    seen_tiles: set[Tile] = {*view.hand, *view.dora_indicators}
    for s in range(view.people):
        seen_tiles.update(view.river(s))  # a called tile is in its river and its meld
        seen_tiles.update(t for m in view.melds(s) for t in m.tiles)
    for t in seen_tiles:
        v = ts.variant(t)
        special -= v is Variant.RED or v is Variant.GOLD
    unseen = 0
    content = float(max(0, special))
    for k in range(N_KINDS):
        left = max(0, copies[k] - seen[k])
        unseen += left
        content += left * dora.get(k, 0)
    return content / unseen if unseen else 0.0


def _danger(
    view: SeatView, th: _Threat, kind: Kind, live_left: list[int], counts: list[int]
) -> float:
    """P(discarding ``kind`` deals in to ``th``'s hand, if that hand is ready)."""
    if th.waits is not None:  # an open riichi shows its waits
        return 1.0 if kind in th.waits else 0.0
    if kind in th.safe or kind >= N_KINDS:
        return 0.0
    unseen = live_left[kind]  # copies not in our hand nor visible
    if th.learned_open:
        return _learned_open_wait(view, th, kind, live_left)
    if LEARNED_DANGER and th.pre:
        return _learned_danger(view, th, kind, live_left)
    if kind >= 27:
        return HONOR_DANGER[min(unseen, 4)]
    if th.suit is not None and kind // 9 != th.suit:
        return 0.01
    n = kind % 9  # 0..8
    # Suji by the threat's own discards, and (SUJI_PASSED) by the tiles it let pass after
    # its riichi: a riichi hand that let a winning tile pass cannot win on its other side.
    river = th.safe if SUJI_PASSED else th.river
    matagi = MATAGI if view.seats >= 4 else MATAGI_3P
    d = COPY_DANGER * unseen
    # Two-sided waits through ``kind``: (n-2, n-1) waiting n-3/n, and (n+1, n+2) waiting n/n+3.
    for lo, hi, other in ((n - 2, n - 1, n - 3), (n + 1, n + 2, n + 3)):
        if lo < 0 or hi > 8:
            continue
        if 0 <= other <= 8 and (kind - n + other) in river:
            continue  # suji: that wait would be furiten
        w = 1.0
        if matagi != 1.0 and (kind - n + lo == th.declared or kind - n + hi == th.declared):
            # The declaration tile's またぎスジ: it likely left a two-sided shape beside it
            # (3-4-4 discarding 4 keeps 3-4).
            w = matagi
        for x in (lo, hi):
            k2 = kind - n + x
            left = live_left[k2]
            if left == 0:
                w = 0.0  # kabe: no copy left for the shape
            elif left == 1:
                w *= 0.5  # one chance
        d += SIDE_DANGER * w
    # Closed (n-1, n+1) and edge (1-2 waiting 3, 8-9 waiting 7) waits.
    if 1 <= n <= 7:
        closed_left = min(live_left[kind - 1], live_left[kind + 1])
        d += CLOSED_SHAPE_DANGER * min(1.0, closed_left / 2)
    if n == 2 or n == 6:
        d += CLOSED_SHAPE_DANGER * 0.8
    return d


N_DANGER_FEATURES: Final = 29
"""The length of ``_danger_features`` (and of ``DANGER_W4`` / ``DANGER_W3``)."""


def _learned_danger(view: SeatView, th: _Threat, kind: Kind, live_left: list[int]) -> float:
    """P(discarding ``kind`` deals in to ``th``'s riichi), by the logistic model of
    ``DANGER_W4`` / ``DANGER_W3`` over ``_danger_features`` (``kind`` is not 現物)."""
    if kind >= 27 and live_left[kind] == 0:
        return 0.0  # no copy left for a pair or a single wait
    w = DANGER_W4 if view.seats >= 4 else DANGER_W3
    z = 0.0
    for i, x in enumerate(_danger_features(view, th, kind, live_left)):
        if x:
            z += w[i] * x
    return 1.0 / (1.0 + math.exp(-z))


def _danger_features(view: SeatView, th: _Threat, kind: Kind, live_left: list[int]) -> list[float]:
    """What the learned danger reads of a tile against a riichi (the order of
    ``DANGER_W4``'s weights); ``benchmarks/fit_danger.py`` fits the weights to the same."""
    f = [0.0] * N_DANGER_FEATURES
    unseen = live_left[kind]
    pre = th.pre
    n_pre = len(pre)
    r = (n_pre - 1) / 18.0
    since = th.since / 18.0
    if kind >= 27:
        honours = 0
        for x in pre:
            honours += x >= 27
        f[21] = 1.0
        if unseen:
            f[21 + min(unseen, 3)] = 1.0
        f[25] = 1.0 if kind in th.yakuhai else 0.0
        f[26] = honours / max(1, n_pre)
        f[27] = r
        f[28] = since
        return f
    n = kind % 9
    base = kind - n
    c = min(n, 8 - n)
    f[0] = 1.0
    if c:
        f[c] = 1.0  # 2-8, 3-7, 4-6, 5 (1-9 is the base)
    river = th.river
    passed = th.passed
    for lo, hi, other in ((n - 2, n - 1, n - 3), (n + 1, n + 2, n + 3)):
        if lo < 0 or hi > 8:
            continue
        left = min(live_left[base + lo], live_left[base + hi])
        if other < 0 or other > 8:  # 1-2 waiting 3, 8-9 waiting 7: an edge wait
            if left > 0:
                f[12] += 1.0
            continue
        o = base + other
        if o in river:
            f[8] += 1.0  # suji
            continue
        if o in passed:
            f[9] += 1.0  # suji by a tile it let pass (that wait would be furiten)
            continue
        f[5] += 1.0
        if left == 0:
            f[6] += 1.0  # kabe
        elif left == 1:
            f[7] += 1.0  # one chance
        if th.declared == base + lo or th.declared == base + hi:
            f[10] += 1.0  # 宣言牌のまたぎスジ
        for x in (lo - 2, hi + 2):  # 裏スジ: a tile discarded from beside the shape
            if 0 <= x <= 8 and base + x in pre:
                f[11] += 1.0
                break
    if 1 <= n <= 7:
        f[13] = min(1.0, min(live_left[kind - 1], live_left[kind + 1]) / 2)
    f[14] = unseen / 3.0
    suit = kind // 9
    for d in view.dora_kinds:
        if d == kind:
            f[15] += 1.0
        elif d < 27 and d // 9 == suit and 1 <= abs(d - kind) <= 2:
            f[16] += 1.0
    in_suit = 0
    for i, x in enumerate(pre):
        if x < 27 and x // 9 == suit:
            in_suit += 1
            if i < 6 and abs(x - kind) <= 2:
                f[17] += 1.0  # discarded early beside it
    f[18] = in_suit / max(1, n_pre)
    f[19] = r
    f[20] = since
    return f


N_OPEN_TENPAI_FEATURES: Final = 8
"""The length of ``_open_tenpai_features`` (and of ``OPEN_TENPAI_W4`` / ``OPEN_TENPAI_W3``)."""
N_OPEN_WAIT_FEATURES: Final = N_DANGER_FEATURES + 3
"""The length of ``_open_wait_features`` (and of ``OPEN_WAIT_W4`` / ``OPEN_WAIT_W3``)."""


def _open_tenpai_features(view: SeatView, s: int) -> list[float]:
    """What the learned model reads of an open hand (not in riichi) to tell whether it is
    ready: its calls, the turn, the discards since its last call (a call is made to get
    nearer), its calls all of one suit, whether it is the dealer. (Whether it called a
    yakuhai is not read: the baseline bots the weights were fitted against call nothing
    else, so the data cannot tell.)"""
    melds = view.melds(s)
    n_open = 0
    suits = set()
    for m in melds:
        if m.is_open:
            n_open += 1
        if m.kind < 27:
            suits.add(m.kind // 9)
    since = view.discards_since_call(s)
    return [
        1.0,
        1.0 if n_open == 2 else 0.0,
        1.0 if n_open >= 3 else 0.0,
        len(view.river(s)) / 18.0,
        min(since, 6) / 6.0 if since >= 0 else 1.0,
        1.0 if since == 1 else 0.0,
        1.0 if len(suits) == 1 else 0.0,
        1.0 if s == view.dealer else 0.0,
    ]


def _logistic(w: tuple[float, ...], x: list[float]) -> float:
    z = 0.0
    for i, v in enumerate(x):
        if v:
            z += w[i] * v
    return 1.0 / (1.0 + math.exp(-z))


def _learned_open_tenpai(view: SeatView, s: int) -> float:
    """P(the open hand of ``s`` may ron a tile now), by ``OPEN_TENPAI_W4`` / ``_W3``."""
    w = OPEN_TENPAI_W4 if view.seats >= 4 else OPEN_TENPAI_W3
    return _logistic(w, _open_tenpai_features(view, s))


def _open_wait_features(
    view: SeatView, th: _Threat, kind: Kind, live_left: list[int]
) -> list[float]:
    """``_danger_features`` read over the open hand's whole river (no declaration tile),
    and where its calls are all of one suit: the tile in that suit, in another suit, an
    honour (a half or full flush waits in its suit or on honours)."""
    f = _danger_features(view, th, kind, live_left)
    suit = th.suit
    if suit is None:
        f.extend((0.0, 0.0, 0.0))
    elif kind >= 27:
        f.extend((0.0, 0.0, 1.0))
    elif kind // 9 == suit:
        f.extend((1.0, 0.0, 0.0))
    else:
        f.extend((0.0, 1.0, 0.0))
    return f


def _learned_open_wait(view: SeatView, th: _Threat, kind: Kind, live_left: list[int]) -> float:
    """P(discarding ``kind`` deals in to ``th``'s open hand, if it is ready), by
    ``OPEN_WAIT_W4`` / ``OPEN_WAIT_W3`` (``kind`` is not 現物)."""
    if kind >= 27 and live_left[kind] == 0:
        return 0.0  # no copy left for a pair or a single wait
    w = OPEN_WAIT_W4 if view.seats >= 4 else OPEN_WAIT_W3
    return _logistic(w, _open_wait_features(view, th, kind, live_left))


def _keep_safe(
    view: SeatView,
    seat: int,
    kind: Kind,
    offence: dict[Kind, float],
    dist: dict[Kind, int],
    live_left: list[int],
    counts: list[int],
) -> Kind:
    """安牌を残す: of the discards whose offence is within ``SAFE_KEEP`` of the best one's
    (``kind``) at its distance, the one most dangerous to discard later, so that the hand
    keeps the safer tile for when another seat gets ready: each tile's danger as if every
    other seat were ready, by its river (genbutsu, suji, kabe, visible honours)."""
    floor = offence[kind] * (1.0 - SAFE_KEEP)
    near = [k for k in offence if dist[k] == dist[kind] and offence[k] >= floor]
    if len(near) < 2:
        return kind
    others = []
    for s in range(view.people):
        if s != seat:
            river = frozenset(tile_kind(t) for t in view.river(s))
            others.append(_Threat(s, 1.0, 1.0, river, river, None, None))
    later: dict[Kind, float] = {}
    for k in near:
        later[k] = sum(_danger(view, th, k, live_left, counts) for th in others)
    return max(near, key=lambda k: (later[k], offence[k], -k))


# -- two steps: the ready hands a hand one step away makes ----------------------------------

_STEPS_CACHE: dict[bytes, tuple[tuple[Kind, tuple[Kind, ...]], ...]] = {}
"""Per 14-tile concealed hand (keyed by ``_step_key``: a 4枚使い七対子 or a three-player
analyzer reads the same counts otherwise): each discard that leaves it at the target
distance, with the kinds whose draw would then bring it nearer."""


_IMPROVING_CACHE: dict[bytes, tuple[Kind, ...]] = {}
"""``_improving`` by the 13-tile hand: a hand after a discard ``j`` of ``H - k + u`` is
``H - k - j + u``, the same for the discard pair (``k``, ``j``) as for (``j``, ``k``), so
the two-step reading of one turn's candidate discards meets most of these hands twice."""


def _step_key(an: HandAnalyzer, counts: list[int], n_melds: int, target: int) -> bytes:
    """The step caches' key: the hand, its calls' count, the target distance and the
    analyzer's kind (one process may play several presets; see ``_STEPS_CACHE``)."""
    return bytes(counts) + bytes((n_melds, target, an.three_player, an.chiitoi_four))


def _improving(an: HandAnalyzer, counts: list[int], n_melds: int, target: int) -> tuple[Kind, ...]:
    """The kinds whose draw brings a 13-tile hand (``counts``) below ``target`` from
    complete (cached)."""
    key = _step_key(an, counts, n_melds, target)
    got = _IMPROVING_CACHE.get(key)
    if got is None:
        after = an.draw_distances(counts, n_melds)
        got = tuple(w for w in range(N_KINDS) if after[w] < target)
        if len(_IMPROVING_CACHE) > 200_000:
            _IMPROVING_CACHE.clear()
        _IMPROVING_CACHE[key] = got
    return got


def _discards_to(
    an: HandAnalyzer, counts: list[int], n_melds: int, target: int
) -> tuple[tuple[Kind, tuple[Kind, ...]], ...]:
    """The discards of a 14-tile hand that leave it ``target`` from complete, each with the
    kinds whose draw would then bring it nearer (cached)."""
    key = _step_key(an, counts, n_melds, target)
    got = _STEPS_CACHE.get(key)
    if got is not None:
        return got
    held = [k for k in range(N_KINDS) if counts[k]]
    dist = _discard_distances(an, counts, n_melds, held)
    out: list[tuple[Kind, tuple[Kind, ...]]] = []
    for j in held:
        if dist[j] != target:
            continue
        counts[j] -= 1
        out.append((j, _improving(an, counts, n_melds, target)))
        counts[j] += 1
    res = tuple(out)
    if len(_STEPS_CACHE) > 200_000:
        _STEPS_CACHE.clear()
    _STEPS_CACHE[key] = res
    return res


def _tenpai_quality(
    an: HandAnalyzer,
    counts: list[int],
    n_melds: int,
    useful: list[Kind],
    live_left: list[int],
    river: set[Kind],
    discarded: Kind,
) -> float:
    """For a 13-tile hand one step from ready (``counts``, after ``discarded``): the live
    winning copies of the best ready hand each useful draw makes, averaged over the draws
    by their live copies (a furiten wait counts a third: tsumo only)."""
    total = 0.0
    n = 0
    for u in useful:
        lu = live_left[u]
        if lu <= 0:
            continue
        counts[u] += 1
        best = 0
        for j, waits in _discards_to(an, counts, n_melds, 1):
            lv = 0
            furiten = False
            for w in waits:
                lv += live_left[w] - (1 if w == u else 0)
                if w in (j, discarded) or w in river:
                    furiten = True
            if furiten:
                lv //= 3
            if lv > best:
                best = lv
        counts[u] -= 1
        total += lu * best
        n += lu
    return total / n if n else 0.0


def _step_quality(
    an: HandAnalyzer,
    counts: list[int],
    n_melds: int,
    dist: int,
    useful: list[Kind],
    live_left: list[int],
) -> float:
    """For a 13-tile hand ``dist`` from complete (``counts``): the live useful copies of
    the best hand one step nearer that each useful draw makes, averaged over the draws by
    their live copies."""
    total = 0.0
    n = 0
    for u in useful:
        lu = live_left[u]
        if lu <= 0:
            continue
        counts[u] += 1
        best = 0
        for _, draws in _discards_to(an, counts, n_melds, dist - 1):
            lv = 0
            for v in draws:
                lv += live_left[v]
            if lv > best:
                best = lv
        counts[u] -= 1
        total += lu * best
        n += lu
    return total / n if n else 0.0


# -- fast distances --------------------------------------------------------------------------


def _dist_minus(an: HandAnalyzer, counts: list[int], kind: Kind, melds: int) -> int:
    counts[kind] -= 1
    d = an.distance(counts, melds)
    counts[kind] += 1
    return d


def _discard_distances(
    an: HandAnalyzer, counts: list[int], n_melds: int, kinds: Iterable[Kind]
) -> dict[Kind, int]:
    """The distance of the hand after discarding each of ``kinds`` (a 14-tile hand), from
    :meth:`HandAnalyzer.discard_distances` (one scan). A flower is not a hand kind: the
    hand's distance does not change."""
    after = an.discard_distances(counts, n_melds)
    out: dict[Kind, int] = {}
    for k in kinds:
        out[k] = after[k] if k < N_KINDS else an.distance(counts, n_melds)
    return out
