"""Scoring: yaku, fu, han, limits, payments (and, per preset, house rules)."""

from jantaku.scoring.points import base_points, ceil100, standard_payments
from jantaku.scoring.reading import Reading, SetInfo
from jantaku.scoring.score import NotAWin, Scorer, ScoreResult, YakuHan
from jantaku.scoring.situation import RiichiKind, WinSituation
from jantaku.scoring.yaku import YAKU, YAKU_BY_ID, Yaku

__all__ = [
    "YAKU",
    "YAKU_BY_ID",
    "NotAWin",
    "Reading",
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
