"""The lab's numbers: each metric with a 95% confidence interval, and for an A/B the paired
difference of every metric with its interval, significance and a plain-language line.

Every metric is a ratio of two per-game sums (a mean per game has a denominator of 1 per
game; a rate per hand has the game's hands). Its standard error comes from the
linearised ratio (the delta method): game ``i`` contributes
``e_i = (y_i - R x_i) / mean(x)``, and ``SE = sd(e) / sqrt(n)``. For an A/B, game ``i`` of
both arms has the same seed, so the difference's error comes from the pairs'
``e_Bi - e_Ai``, which is smaller than the two arms' errors added when the pairs agree.

>>> m = METRICS["win_rate"]
>>> games = [{"hands_won": 3, "hands": 4}, {"hands_won": 1, "hands": 4}]
>>> estimate(m, games)["value"]
0.5
>>> a = [{"game": i, "hands_won": w, "hands": 4} for i, w in enumerate((3, 1, 2, 2, 0))]
>>> b = [dict(g, hands_won=g["hands_won"] + (g["game"] % 2)) for g in a]
>>> d = difference(m, a, b)
>>> d["diff"], d["ci95"], d["significant"]
(0.1, [-0.069995, 0.269995], False)
>>> difference(m, a, a)["significant"]
False
"""

from __future__ import annotations

import math
import statistics
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Final

if TYPE_CHECKING:
    from jantaku.sim.lab import Arm

Z95: Final = 1.959964
"""Two-sided 95%, for many games; fewer than 31 use Student's t (:func:`critical`)."""
T95: Final = (
    12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228,
    2.201, 2.179, 2.160, 2.145, 2.131, 2.120, 2.110, 2.101, 2.093, 2.086,
    2.080, 2.074, 2.069, 2.064, 2.060, 2.056, 2.052, 2.048, 2.045, 2.042,
)  # fmt: skip
"""Student's t, two-sided 95%, for 1..30 degrees of freedom."""


def critical(n: int) -> float:
    """The 95% multiplier for a mean of ``n`` values.

    >>> critical(5), critical(1000)
    (2.776, 1.959964)
    """
    return T95[n - 2] if 2 <= n <= 31 else Z95


Z_POWER: Final = 0.841621
"""80% power: a true difference of (Z95 + Z_POWER) standard errors is found 4 times in 5."""
POSITIONS: Final = (
    ("the first dealer", "起家（東家スタート）"),
    ("the South-start seat", "南家スタート"),
    ("the West-start seat", "西家スタート"),
    ("the North-start seat", "北家スタート"),
)

Game = dict[str, Any]


@dataclass(frozen=True)
class Metric:
    name: str
    en: str
    ja: str
    part: Callable[[Game], tuple[float, float]]
    """A game's (numerator, denominator)."""
    better: str | None = None
    """``"higher"``, ``"lower"`` or None (neither is better: game length, say)."""
    percent: bool = False


def _per_game(key: str) -> Callable[[Game], tuple[float, float]]:
    return lambda g: (float(g[key]), 1.0)


def _per_hand(key: str) -> Callable[[Game], tuple[float, float]]:
    return lambda g: (float(g[key]), float(g["hands"]))


def _seat(key: str, pos: int, per: str | None = None) -> Callable[[Game], tuple[float, float]]:
    def part(g: Game) -> tuple[float, float]:
        values = g.get(key)
        if not values or len(values) <= pos:
            return 0.0, 0.0
        return float(values[pos]), float(g[per]) if per else 1.0

    return part


def _top(pos: int) -> Callable[[Game], tuple[float, float]]:
    return lambda g: (float(g["ranks"][pos] == 1), 1.0) if len(g["ranks"]) > pos else (0.0, 0.0)


def _moved(key: str) -> Callable[[Game], tuple[float, float]]:
    """What changed hands in a game: the sum of the gains (= the sum of the losses)."""
    return lambda g: (float(sum(x for x in (g.get(key) or []) if x > 0)), 1.0)


def _game_metrics() -> list[Metric]:
    return [
        Metric("hands_per_game", "the game length (hands)", "1ゲームの局数", _per_game("hands")),
        Metric(
            "win_rate", "the win rate (hands won)", "和了率", _per_hand("hands_won"), percent=True
        ),
        Metric(
            "tsumo_rate",
            "the tsumo rate (hands won by tsumo)",
            "ツモ和了率",
            _per_hand("hands_tsumo"),
            percent=True,
        ),
        Metric(
            "deal_in_rate",
            "the deal-in rate (hands won by ron)",
            "放銃率（ロン和了率）",
            _per_hand("hands_ron"),
            percent=True,
        ),
        Metric("draw_rate", "the draw rate", "流局率", _per_hand("draws"), percent=True),
        Metric(
            "dealer_keep_rate",
            "the dealer-keep rate",
            "連荘率",
            lambda g: (float(g["dealer_keeps"]), float(g["dealer_turns"])),
            percent=True,
        ),
        Metric(
            "win_value",
            "the average hand value (before honba, sticks and bonuses)",
            "和了1回の打点（本場・供託・ボーナス前）",
            lambda g: (float(sum(g["win_points"])), float(len(g["win_points"]))),
        ),
        Metric(
            "bust_rate",
            "the bust rate (someone below zero)",
            "箱下（マイナス）発生率",
            lambda g: (float(g["bust"]), 1.0),
            percent=True,
        ),
        Metric(
            "extension_rate",
            "the sudden-death rate (play past the last hand)",
            "延長（サドンデス）率",
            lambda g: (float(g["extended"]), 1.0),
            percent=True,
        ),
        Metric(
            "score_spread",
            "the gap between top and last (points)",
            "トップとラスの点差",
            lambda g: (float(max(g["points"]) - min(g["points"])), 1.0),
        ),
        Metric(
            "chips_moved",
            "the chips changing hands per game",
            "1ゲームで動くチップ",
            _moved("chips"),
        ),
        Metric(
            "settlement_moved",
            "the settlement changing hands per game",
            "1ゲームの精算額",
            _moved("settlement"),
        ),
    ]


def _seat_metrics(pos: int) -> list[Metric]:
    who, who_ja = POSITIONS[pos]
    return [
        Metric(
            f"avg_rank_{pos}",
            f"{who}'s average rank",
            f"{who_ja}の平均順位",
            _seat("ranks", pos),
            better="lower",
        ),
        Metric(
            f"top_rate_{pos}",
            f"{who}'s rate of first place",
            f"{who_ja}のトップ率",
            _top(pos),
            better="higher",
            percent=True,
        ),
        Metric(
            f"points_{pos}",
            f"{who}'s final score",
            f"{who_ja}の最終持ち点",
            _seat("points", pos),
            better="higher",
        ),
        Metric(
            f"chips_{pos}",
            f"{who}'s chip result",
            f"{who_ja}のチップ収支",
            _seat("chips", pos),
            better="higher",
        ),
        Metric(
            f"settlement_{pos}",
            f"{who}'s settlement",
            f"{who_ja}の精算",
            _seat("settlement", pos),
            better="higher",
        ),
        Metric(
            f"win_rate_{pos}",
            f"{who}'s win rate",
            f"{who_ja}の和了率",
            _seat("wins", pos, "hands"),
            better="higher",
            percent=True,
        ),
        Metric(
            f"deal_in_rate_{pos}",
            f"{who}'s deal-in rate",
            f"{who_ja}の放銃率",
            _seat("deal_ins", pos, "hands"),
            better="lower",
            percent=True,
        ),
    ]


METRICS: Final = {
    m.name: m for m in _game_metrics() + [x for p in range(4) for x in _seat_metrics(p)]
}


def metrics_for(people: int) -> list[Metric]:
    return _game_metrics() + [m for p in range(people) for m in _seat_metrics(p)]


# -- estimates --------------------------------------------------------------------------------


def _linearised(metric: Metric, games: Sequence[Game]) -> tuple[float, list[float]]:
    """The ratio R = sum(y) / sum(x) and each game's contribution to its error."""
    parts = [metric.part(g) for g in games]
    sy = sum(y for y, _ in parts)
    sx = sum(x for _, x in parts)
    if sx == 0:
        return math.nan, [0.0] * len(parts)
    r = sy / sx
    mean_x = sx / len(parts)
    return r, [(y - r * x) / mean_x for y, x in parts]


def _se(values: Sequence[float]) -> float:
    return statistics.stdev(values) / math.sqrt(len(values)) if len(values) > 1 else math.nan


def _round(x: float, digits: int = 6) -> float | None:
    return None if math.isnan(x) else round(x, digits)


def estimate(metric: Metric, games: Sequence[Game]) -> dict[str, Any]:
    """A metric over ``games``: value and 95% interval (None where nothing was counted)."""
    r, e = _linearised(metric, games)
    half = critical(len(e)) * _se(e)
    return {
        "value": _round(r),
        "ci95": [_round(r - half), _round(r + half)],
    }


def difference(metric: Metric, a: Sequence[Game], b: Sequence[Game]) -> dict[str, Any]:
    """B - A on the games both arms played (same seeds), with the paired 95% interval,
    whether it is significant, and the smallest difference this many pairs can detect."""
    pairs = _pairs(a, b)
    ga, gb = [p[0] for p in pairs], [p[1] for p in pairs]
    ra, ea = _linearised(metric, ga)
    rb, eb = _linearised(metric, gb)
    diff = rb - ra
    se = _se([y - x for x, y in zip(ea, eb, strict=True)])
    half = critical(len(pairs)) * se
    if math.isnan(diff) or math.isnan(se):
        significant = False
    elif se == 0:
        significant = diff != 0
    else:
        significant = abs(diff) > half
    return {
        "metric": metric.name,
        "a": _round(ra),
        "b": _round(rb),
        "diff": _round(diff),
        "ci95": [_round(diff - half), _round(diff + half)],
        "half_width": _round(half),
        "significant": significant,
        "detectable": _round((critical(len(pairs)) + Z_POWER) * se),
        "pairs": len(pairs),
    }


def _pairs(a: Sequence[Game], b: Sequence[Game]) -> list[tuple[Game, Game]]:
    by_game = {g["game"]: g for g in b}
    return [(g, by_game[g["game"]]) for g in a if g["game"] in by_game]


def _fmt(metric: Metric, x: float) -> str:
    if metric.percent:
        return f"{100 * x:.1f}%"
    return f"{x:.3g}" if abs(x) < 100 else f"{x:,.0f}"


def _fmt_diff(metric: Metric, d: float, half: float) -> tuple[str, str]:
    if metric.percent:
        return f"{100 * abs(d):.1f}", f"{100 * half:.1f} percentage points"
    digits = max(0, 1 - math.floor(math.log10(half))) if half > 0 else 2
    return f"{abs(d):.{digits}f}", f"{half:.{digits}f}"


def plain_line(metric: Metric, d: dict[str, Any]) -> tuple[str, str]:
    """One sentence (English, Japanese) for a difference: "the first dealer's average rank
    improves by 0.05 ± 0.02 (2.01 → 1.96)"."""
    diff, half = d["diff"], d["half_width"] or 0.0
    size, plus = _fmt_diff(metric, diff, half)
    up = diff > 0
    if metric.better is None:
        verb, verb_ja = ("rises", "増える") if up else ("falls", "減る")
    else:
        good = up == (metric.better == "higher")
        verb, verb_ja = ("improves", "良くなる") if good else ("worsens", "悪くなる")
    subject = metric.en[0].upper() + metric.en[1:]
    span = f"{_fmt(metric, d['a'])} → {_fmt(metric, d['b'])}"
    en = f"{subject} {verb} by {size} ± {plus} ({span})."
    plus_ja = plus.replace(" percentage points", "ポイント")
    ja = f"{metric.ja}が {size} ± {plus_ja} {verb_ja}（{span}）。"
    return en, ja


# -- distributions (what the plots draw) --------------------------------------------------------


def distributions(games: Sequence[Game], people: int) -> dict[str, Any]:
    """Counts for the report's plots (kept in the JSON too)."""
    ranks = [[0] * people for _ in range(people)]
    for g in games:
        for pos, rank in enumerate(g["ranks"][:people]):
            ranks[pos][rank - 1] += 1
    wins = sum(len(g["win_points"]) for g in games)
    yaku: Counter[str] = Counter()
    chips: Counter[str] = Counter()
    limits: Counter[str] = Counter()
    for g in games:
        yaku.update(g["yaku"])
        chips.update(g["chip_items"])
        limits.update(g["limits"])
    return {
        "rank_by_position": ranks,
        "hands": {str(k): v for k, v in sorted(Counter(g["hands"] for g in games).items())},
        "wins": wins,
        "limits": dict(limits.most_common()),
        "yaku_per_win": {k: round(v / wins, 6) for k, v in yaku.most_common()} if wins else {},
        "chip_items_per_game": {k: round(v / len(games), 6) for k, v in chips.most_common()},
    }


# -- the report's numbers ---------------------------------------------------------------------


def lab_report(ident: dict[str, Any], arms: Sequence[Arm], rows: Sequence[Game]) -> dict[str, Any]:
    """Everything the report shows, from the games' rows (in any order)."""
    by_arm: dict[str, list[Game]] = {a.label: [] for a in arms}
    for r in sorted(rows, key=lambda r: (r["arm"], r["game"])):
        g = dict(r)
        g["extended"] = g["rounds"] > _rounds_of(arms, r["arm"])
        by_arm.setdefault(g["arm"], []).append(g)
    people = max((g["people"] for g in rows), default=arms[0].preset.players)
    metrics = metrics_for(people)
    out_arms = []
    for a in arms:
        games = by_arm[a.label]
        out_arms.append(
            {
                "label": a.label,
                "description": a.description,
                "preset": a.preset.name,
                "title": a.preset.title,
                "title_ja": a.preset.title_ja,
                "settlement_unit": SETTLEMENT_UNITS.get(a.preset.settlement.style, ""),
                "games": len(games),
                "unfinished_games": sum(not g["finished"] for g in games),
                "violations": sum(len(g["violations"]) for g in games),
                "hands": sum(g["hands"] for g in games),
                "metrics": {m.name: estimate(m, games) for m in metrics} if games else {},
                "distributions": distributions(games, people) if games else {},
                "values": {
                    "points": [g["points"] for g in games],
                    "chips": [g["chips"] for g in games],
                    "settlement": [g["settlement"] for g in games],
                    "win_points": sorted(x for g in games for x in g["win_points"]),
                },
            }
        )
    report: dict[str, Any] = {
        "format": ident["format"],
        "run": ident,
        "people": people,
        "games_planned": ident["games"],
        "metrics": [
            {"name": m.name, "en": m.en, "ja": m.ja, "better": m.better, "percent": m.percent}
            for m in metrics
        ],
        "arms": out_arms,
        "warnings": [],
    }
    warnings: list[dict[str, str]] = report["warnings"]
    short = [a for a in out_arms if a["games"] < ident["games"]]
    if short:
        warnings.append(
            {
                "en": f"Only {min(a['games'] for a in short)} of {ident['games']} games "
                "are played: "
                "run the same command again to finish.",
                "ja": f"{ident['games']}ゲーム中 {min(a['games'] for a in short)}ゲームのみ完了。"
                "同じコマンドを再実行すると続きから再開します。",
            }
        )
    bad = sum(a["violations"] + a["unfinished_games"] for a in out_arms)
    if bad:
        warnings.append(
            {
                "en": f"{bad} games broke an engine check or did not finish: see games.jsonl.",
                "ja": f"{bad}ゲームでエンジンの検査違反または未終了: games.jsonl を参照。",
            }
        )
    if len(arms) == 2:
        a_games, b_games = by_arm[arms[0].label], by_arm[arms[1].label]
        diffs = []
        for m in metrics:
            d = difference(m, a_games, b_games)
            if d["diff"] is None:
                continue
            if d["significant"]:
                d["en"], d["ja"] = plain_line(m, d)
            diffs.append(d)
        report["differences"] = diffs
        if not any(d["significant"] for d in diffs):
            warnings.append(
                {
                    "en": f"No difference is significant with {len(a_games)} pairs of games; each "
                    "metric's row says the smallest difference that many games can detect.",
                    "ja": f"{len(a_games)}組のゲームでは有意な差はありません。各行に、この数で"
                    "検出できる最小の差を示します。",
                }
            )
    return report


SETTLEMENT_UNITS: Final = {
    "uma": "points ÷ 1000 (with uma and oka)",
    "rank_chips": "chips (rank and クビ paid in chips)",
    "boo": "Boo points",
}


def _rounds_of(arms: Sequence[Arm], label: str) -> int:
    preset = next(a.preset for a in arms if a.label == label)
    return 1 if preset.game.length == "tonpuu" else 2
