"""The standard bot's tuning constants: what each means in play. Their values, and the
paired-game trials behind each, are in docs/bots.md.
"""

from __future__ import annotations

from typing import Final

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
