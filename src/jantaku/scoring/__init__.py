"""Scoring: yaku, fu, han, limits, payments (and, per preset, house rules).

A win is a :class:`WinSituation` (tile ids, the winning tile among the concealed ones, seats
as wind kinds); a :class:`Scorer` scores it under one preset, taking the reading that pays
most, or raises :class:`NotAWin` whose ``code`` (a :class:`Refusal`) says why it is not a
legal win:

>>> from jantaku.rules import load_preset
>>> from jantaku.tiles import Hand, tile_name
>>> from jantaku.tiles.kinds import SOUTH, WEST
>>> scorer = Scorer(load_preset("riichi"))
>>> hand = Hand.parse("123m456p789s234s55p").concealed
>>> win = next(t for t in hand if tile_name(t) == "4s")
>>> r = scorer.score(WinSituation(hand, win, tsumo=False, seat_wind=SOUTH, discarder_wind=WEST))
>>> [y.id for y in r.yaku], r.han, r.fu, r.payments == {WEST: 1000}
(['pinfu'], 1, 30, True)
>>> try:
...     scorer.score(WinSituation(hand, win, tsumo=False, melds=(), discarder_wind=None))
... except NotAWin as e:
...     print(e.code, "/", e)
no_discarder / a ron needs the discarder's seat
"""

from jantaku.scoring.points import base_points, ceil100, standard_payments
from jantaku.scoring.reading import Reading, SetInfo
from jantaku.scoring.refusal import NotAWin, Refusal
from jantaku.scoring.score import Scorer, ScoreResult, YakuHan
from jantaku.scoring.situation import RiichiKind, WinSituation
from jantaku.scoring.yaku import YAKU, YAKU_BY_ID, Yaku

__all__ = [
    "YAKU",
    "YAKU_BY_ID",
    "NotAWin",
    "Reading",
    "Refusal",
    "RiichiKind",
    "ScoreResult",
    "Scorer",
    "SetInfo",
    "WinSituation",
    "Yaku",
    "YakuHan",
    "base_points",
    "ceil100",
    "standard_payments",
]
