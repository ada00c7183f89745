"""The lab's report as one HTML file that opens offline: matplotlib draws every plot as an
inline SVG (text left as text, so the browser's fonts draw it; no script, no CDN).

The same numbers give the same file byte for byte (SVG ids are salted with a constant and
carry no date), so a resumed run's report equals an uninterrupted one's.
"""

from __future__ import annotations

import html
import io
import math
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, Final

import matplotlib
from matplotlib.figure import Figure

COLORS: Final = ("#1f6f8b", "#d1495b")
"""Arm A, arm B (distinct for colour-blind readers too: blue and red of different lightness)."""
RC: Final[dict[str, Any]] = {
    "svg.fonttype": "none",
    "svg.hashsalt": "jantaku-lab",
    "font.size": 9,
    "axes.spines.top": False,
    "axes.spines.right": False,
}
LIMIT_ORDER: Final = (
    "none",
    "mangan",
    "haneman",
    "baiman",
    "sanbaiman",
    "kazoe",
    "yakuman",
    "double_yakuman",
)
POSITIONS_SHORT: Final = ("East start", "South start", "West start", "North start")


def _svg(fig: Figure) -> str:
    buf = io.StringIO()
    fig.savefig(buf, format="svg", metadata={"Date": None})
    text = buf.getvalue()
    return text[text.index("<svg") :]


def _figure(width: float, height: float, cols: int = 1) -> tuple[Figure, list[Any]]:
    fig = Figure(figsize=(width, height), layout="constrained")
    axes = fig.subplots(1, cols, squeeze=False)[0]
    return fig, list(axes)


def plot_differences(report: dict[str, Any]) -> str | None:
    """Each metric's change B vs A relative to A, with its 95% interval. A metric whose A
    value is not clearly away from zero (a seat's chips, say) has no meaningful relative
    change and is left to the table."""
    rows = [
        d
        for d in report.get("differences", [])
        if d["a"] is not None and abs(d["a"]) > 3 * (d["half_width"] or 0) and d["a"] != 0
    ]
    if not rows:
        return None
    names = {m["name"]: m["en"] for m in report["metrics"]}
    fig, (ax,) = _figure(7.5, 0.24 * len(rows) + 1.0)
    ys = list(range(len(rows)))[::-1]
    for y, d in zip(ys, rows, strict=True):
        scale = 100 / abs(d["a"])
        lo, hi = d["ci95"]
        color = COLORS[1] if d["significant"] else "#999999"
        ax.plot([lo * scale, hi * scale], [y, y], color=color, lw=2)
        ax.plot([d["diff"] * scale], [y], "o", color=color, ms=4)
    ax.axvline(0, color="#333333", lw=0.8)
    ax.set_yticks(ys, [names[d["metric"]] for d in rows])
    ax.set_xlabel("change of B against A, % of A's value (95% interval; red: significant)")
    return _svg(fig)


def plot_ranks(report: dict[str, Any]) -> str:
    """Final rank shares by starting seat, one panel per rule set."""
    arms = report["arms"]
    people = report["people"]
    fig, axes = _figure(3.6 * len(arms), 0.45 * people + 1.3, len(arms))
    shades = ["#2a9d8f", "#8ab17d", "#e9c46a", "#e76f51"][:people]
    for ax, arm in zip(axes, arms, strict=True):
        counts = arm["distributions"].get("rank_by_position", [[0] * people] * people)
        for pos in range(people):
            total = sum(counts[pos]) or 1
            left = 0.0
            for rank in range(people):
                share = counts[pos][rank] / total
                ax.barh(
                    pos,
                    share,
                    left=left,
                    color=shades[rank],
                    label=f"rank {rank + 1}" if pos == 0 else None,
                )
                if share > 0.08:
                    ax.text(
                        left + share / 2, pos, f"{share:.0%}", ha="center", va="center", fontsize=8
                    )
                left += share
        ax.set_yticks(range(people), list(POSITIONS_SHORT[:people]))
        ax.invert_yaxis()
        ax.set_xlim(0, 1)
        ax.set_title(arm["label"] + ": " + arm["description"], fontsize=9)
    axes[-1].legend(loc="lower right", fontsize=7, ncols=people, bbox_to_anchor=(1, -0.45))
    return _svg(fig)


def plot_values(report: dict[str, Any], key: str, xlabel: str) -> str | None:
    """Histograms of a per-seat end value (points, chips, settlement) by starting seat,
    the rule sets overlaid."""
    arms = report["arms"]
    people = report["people"]
    series = [[v for v in arm["values"][key] if v is not None] for arm in arms]
    if not any(series):
        return None
    everything = [x for s in series for game in s for x in game]
    lo, hi = min(everything), max(everything)
    if lo == hi:
        lo, hi = lo - 1, hi + 1
    bins = [lo + (hi - lo) * k / 30 for k in range(31)]
    fig, axes = _figure(2.6 * people, 2.4, people)
    for pos, ax in enumerate(axes):
        for i, (arm, s) in enumerate(zip(arms, series, strict=True)):
            data = [game[pos] for game in s if len(game) > pos]
            if data:
                ax.hist(
                    data, bins=bins, histtype="step", lw=1.6, color=COLORS[i], label=arm["label"]
                )
        ax.set_title(POSITIONS_SHORT[pos], fontsize=9)
        ax.set_xlabel(xlabel)
    axes[0].set_ylabel("games")
    if len(arms) > 1:
        axes[-1].legend(fontsize=7)
    return _svg(fig)


def _grouped_bars(
    ax: Any,
    categories: Sequence[str],
    arms: Sequence[dict[str, Any]],
    value: Callable[[dict[str, Any], str], float],
    horizontal: bool = False,
) -> None:
    n = len(arms)
    width = 0.8 / n
    for i, arm in enumerate(arms):
        offs = [k - 0.4 + width * (i + 0.5) for k in range(len(categories))]
        vals = [value(arm, c) for c in categories]
        if horizontal:
            ax.barh(offs, vals, height=width, color=COLORS[i], label=arm["label"])
        else:
            ax.bar(offs, vals, width=width, color=COLORS[i], label=arm["label"])
    if horizontal:
        ax.set_yticks(range(len(categories)), list(categories))
        ax.invert_yaxis()
    else:
        ax.set_xticks(range(len(categories)), list(categories))
    if n > 1:
        ax.legend(fontsize=7)


def plot_length(report: dict[str, Any]) -> str:
    """Game length in hands."""
    arms = report["arms"]
    lengths = sorted({int(k) for a in arms for k in a["distributions"].get("hands", {})})
    fig, (ax,) = _figure(7.0, 2.6)

    def share(arm: dict[str, Any], c: str) -> float:
        d = arm["distributions"].get("hands", {})
        return float(d.get(c, 0)) / max(1, int(arm["games"]))

    _grouped_bars(ax, [str(x) for x in lengths], arms, share)
    ax.set_xlabel("hands in the game")
    ax.set_ylabel("share of games")
    return _svg(fig)


RATE_METRICS: Final = (
    ("win_rate", "won"),
    ("tsumo_rate", "tsumo"),
    ("deal_in_rate", "ron/deal-in"),
    ("draw_rate", "drawn"),
    ("dealer_keep_rate", "dealer keeps"),
    ("bust_rate", "bust"),
    ("extension_rate", "sudden death"),
)


def plot_rates(report: dict[str, Any]) -> str:
    """Win, deal-in, draw, dealer-keep rates (per hand), bust and sudden-death rates (per
    game), with their 95% intervals."""
    arms = report["arms"]
    fig, (ax,) = _figure(7.5, 2.8)
    n = len(arms)
    width = 0.8 / n
    for i, arm in enumerate(arms):
        xs: list[float] = []
        vals: list[float] = []
        errs: list[list[float]] = [[], []]
        for k, (name, _) in enumerate(RATE_METRICS):
            m = arm["metrics"].get(name)
            if not m or m["value"] is None:
                continue
            xs.append(k - 0.4 + width * (i + 0.5))
            vals.append(m["value"])
            lo, hi = m["ci95"]
            errs[0].append(m["value"] - (lo if lo is not None else m["value"]))
            errs[1].append((hi if hi is not None else m["value"]) - m["value"])
        ax.bar(
            xs,
            vals,
            width=width,
            color=COLORS[i],
            label=arm["label"],
            yerr=errs,
            capsize=2,
            ecolor="#333333",
        )
    ax.set_xticks(range(len(RATE_METRICS)), [label for _, label in RATE_METRICS])
    ax.set_ylabel("rate")
    if n > 1:
        ax.legend(fontsize=7)
    return _svg(fig)


def plot_limits(report: dict[str, Any]) -> str | None:
    """Hand values: the share of wins at each limit."""
    arms = report["arms"]
    seen = {k for a in arms for k in a["distributions"].get("limits", {})}
    if not seen:
        return None
    cats = [c for c in LIMIT_ORDER if c in seen] + sorted(seen - set(LIMIT_ORDER))
    fig, (ax,) = _figure(7.0, 2.6)

    def share(arm: dict[str, Any], c: str) -> float:
        d = arm["distributions"].get("limits", {})
        return float(d.get(c, 0)) / max(1, int(arm["distributions"].get("wins", 0)))

    _grouped_bars(
        ax,
        [c.replace("none", "below mangan") for c in cats],
        arms,
        lambda arm, c: share(arm, c.replace("below mangan", "none")),
    )
    ax.set_ylabel("share of wins")
    return _svg(fig)


def plot_points(report: dict[str, Any]) -> str | None:
    """The points of every win (histogram, the rule sets overlaid)."""
    arms = report["arms"]
    series = [a["values"]["win_points"] for a in arms]
    if not any(series):
        return None
    hi = max(max(s) for s in series if s)
    bins = [hi * k / 40 for k in range(41)]
    fig, (ax,) = _figure(7.0, 2.4)
    for i, (arm, s) in enumerate(zip(arms, series, strict=True)):
        if s:
            ax.hist(s, bins=bins, histtype="step", lw=1.6, color=COLORS[i], label=arm["label"])
    ax.set_xlabel("points of a win")
    ax.set_ylabel("wins")
    if len(arms) > 1:
        ax.legend(fontsize=7)
    return _svg(fig)


def plot_frequencies(report: dict[str, Any], key: str, xlabel: str, top: int = 20) -> str | None:
    """Yaku per win or chip items per game: the most frequent, the rule sets side by side."""
    arms = report["arms"]
    totals: dict[str, float] = {}
    for a in arms:
        for k, v in a["distributions"].get(key, {}).items():
            totals[k] = totals.get(k, 0.0) + v
    if not totals:
        return None
    cats = sorted(totals, key=lambda k: -totals[k])[:top]
    fig, (ax,) = _figure(7.0, 0.22 * len(cats) * len(arms) + 1.0)
    _grouped_bars(ax, cats, arms, lambda a, c: float(a["distributions"][key].get(c, 0)), True)
    ax.set_xlabel(xlabel)
    return _svg(fig)


# -- the page ------------------------------------------------------------------------------------

CSS: Final = """
body{font-family:system-ui,"IPAPGothic","Noto Sans CJK JP",sans-serif;margin:0 auto;max-width:60rem;
padding:1rem;color:#222;line-height:1.5}
h1{font-size:1.4rem}h2{font-size:1.15rem;margin-top:2rem;border-bottom:1px solid #ccc}
.en{color:#555;font-size:.9em}figure{margin:1rem 0;overflow-x:auto}figure svg{max-width:100%;
height:auto}table{border-collapse:collapse;font-size:.85rem;width:100%}
td,th{border-bottom:1px solid #eee;padding:.2rem .4rem;text-align:right}td:first-child,
th:first-child{text-align:left}.sig{font-weight:bold;color:#b0182f}.warn{background:#fff4d6;
border-left:4px solid #e0a800;padding:.5rem .8rem;margin:.5rem 0}
.finding{margin:.3rem 0}
"""


def _h(text: Any) -> str:
    return html.escape(str(text))


def _fmt(metric: dict[str, Any], x: float | None) -> str:
    if x is None or (isinstance(x, float) and math.isnan(x)):
        return "–"
    if metric["percent"]:
        return f"{100 * x:.1f}%"
    return f"{x:.3g}" if abs(x) < 100 else f"{x:,.0f}"


def _ci(metric: dict[str, Any], ci: Sequence[float | None]) -> str:
    return f"{_fmt(metric, ci[0])} … {_fmt(metric, ci[1])}"


def _section(ja: str, en: str, body: str) -> str:
    return f'<h2>{_h(ja)} <span class="en">{_h(en)}</span></h2>\n{body}\n'


def _plot(name: str, svg: str | None) -> str:
    if svg is None:
        return '<p class="en">(nothing to draw: no such events in these games)</p>'
    return f'<figure data-plot="{name}">{svg}</figure>'


def render_html(report: dict[str, Any]) -> str:
    """The report page for a report's numbers (see :func:`jantaku.sim.stats.lab_report`)."""
    with matplotlib.rc_context(RC):  # type: ignore[arg-type]
        return _render(report)


def _render(report: dict[str, Any]) -> str:
    run, arms = report["run"], report["arms"]
    metrics = report["metrics"]
    by_name = {m["name"]: m for m in metrics}
    ab = len(arms) == 2
    parts: list[str] = []
    title_ja = "ルール実験" + ("（A/B比較）" if ab else "")
    parts.append(
        f"<h1>{_h(title_ja)} <span class='en'>jantaku rule lab{' (A/B)' if ab else ''}</span></h1>"
    )
    bots = ", ".join(run["bots"])
    rows = "".join(
        f"<li><b>{_h(a['label'])}</b>: {_h(a['title_ja'] or a['title'])} — {_h(a['description'])}"
        f" — {a['games']} ゲーム games, {a['hands']} 局 hands</li>"
        for a in arms
    )
    parts.append(
        f"<ul>{rows}</ul><p>ボット bots: {_h(bots)} · シード seeds {run['seed']}…"
        f"{run['seed'] + run['games'] - 1}"
        + (" · 同じシードで対にした比較 paired on the same seeds" if ab else "")
        + f" · 精算の単位 settlement unit: {_h(arms[0]['settlement_unit'])}</p>"
    )
    for w in report["warnings"]:
        parts.append(f'<p class="warn">{_h(w["ja"])}<br><span class="en">{_h(w["en"])}</span></p>')

    if ab:
        diffs = report.get("differences", [])
        found = [d for d in diffs if d["significant"]]
        body = (
            "".join(
                f'<p class="finding">{_h(d["ja"])}<br><span class="en">{_h(d["en"])}</span></p>'
                for d in found
            )
            or "<p>有意な差はありません。<span class='en'>No significant difference.</span></p>"
        )
        parts.append(_section("わかったこと", "What changed (95% confidence)", body))
        parts.append(_plot("differences", plot_differences(report)))
        head = (
            "<tr><th>指標 metric</th><th>A</th><th>B</th><th>B − A</th><th>95% CI</th>"
            "<th>検出可能な差 detectable</th></tr>"
        )
        trs = []
        for d in diffs:
            m = by_name[d["metric"]]
            cls = ' class="sig"' if d["significant"] else ""
            detect = "" if d["significant"] else f"± {_fmt_delta(m, d['detectable'])}"
            trs.append(
                f"<tr{cls}><td>{_h(m['ja'])}<br><span class='en'>{_h(m['en'])}</span></td>"
                f"<td>{_fmt(m, d['a'])}</td><td>{_fmt(m, d['b'])}</td>"
                f"<td>{_fmt_delta(m, d['diff'], signed=True)}</td>"
                f"<td>{_fmt_delta(m, d['ci95'][0], True)} … {_fmt_delta(m, d['ci95'][1], True)}"
                f"</td><td>{detect}</td></tr>"
            )
        parts.append(
            _section(
                "すべての指標の差",
                "Every metric, B − A",
                f"<table>{head}{''.join(trs)}</table>"
                "<p class='en'>Not significant: a true difference smaller than "
                "the last column is likely to go unseen with this many games. "
                f"Of {len(diffs)} metrics with no real difference, about "
                f"{len(diffs) / 20:.1f} would show as significant by chance (1 in 20).</p>"
                f"<p>差がなくても {len(diffs)} 指標のうち約 {len(diffs) / 20:.1f} 個は偶然"
                "有意に見えます（20回に1回）。</p>",
            )
        )
    else:
        head = "<tr><th>指標 metric</th><th>値 value</th><th>95% CI</th></tr>"
        trs = []
        for m in metrics:
            e = arms[0]["metrics"].get(m["name"])
            if not e or e["value"] is None:
                continue
            trs.append(
                f"<tr><td>{_h(m['ja'])}<br><span class='en'>{_h(m['en'])}</span></td>"
                f"<td>{_fmt(m, e['value'])}</td><td>{_ci(m, e['ci95'])}</td></tr>"
            )
        parts.append(_section("数値", "The numbers", f"<table>{head}{''.join(trs)}</table>"))

    parts.append(
        _section(
            "スタート位置別の順位",
            "Final rank by starting seat",
            _plot("ranks", plot_ranks(report)),
        )
    )
    parts.append(
        _section(
            "最終持ち点",
            "Points at the end",
            _plot("points", plot_values(report, "points", "final points")),
        )
    )
    parts.append(
        _section(
            "チップ収支", "Chips won or lost", _plot("chips", plot_values(report, "chips", "chips"))
        )
    )
    unit = arms[0]["settlement_unit"]
    parts.append(
        _section(
            "精算",
            f"Settlement ({unit})",
            _plot("settlement", plot_values(report, "settlement", unit.split(" (")[0])),
        )
    )
    parts.append(
        _section("ゲームの長さ", "Game length in hands", _plot("length", plot_length(report)))
    )
    parts.append(
        _section(
            "和了・放銃・流局・連荘・箱下・サドンデス",
            "Win, deal-in, draw, dealer-keep, bust and sudden-death rates",
            _plot("rates", plot_rates(report)),
        )
    )
    parts.append(
        _section(
            "和了の打点",
            "Hand values",
            _plot("limits", plot_limits(report)) + _plot("win-points", plot_points(report)),
        )
    )
    parts.append(
        _section(
            "役の出現率（和了1回あたり）",
            "Yaku per win",
            _plot("yaku", plot_frequencies(report, "yaku_per_win", "per win")),
        )
    )
    parts.append(
        _section(
            "祝儀の出現率（1ゲームあたり）",
            "Chip items per game",
            _plot("chip-items", plot_frequencies(report, "chip_items_per_game", "per game")),
        )
    )
    body = "\n".join(parts)
    return (
        "<!doctype html>\n<html lang='ja'><head><meta charset='utf-8'>"
        "<meta name='viewport' content='width=device-width,initial-scale=1'>"
        f"<title>{_h(title_ja)} — jantaku</title><style>{CSS}</style></head>"
        f"<body>\n{body}\n</body></html>\n"
    )


def _fmt_delta(metric: dict[str, Any], x: float | None, signed: bool = False) -> str:
    if x is None:
        return "–"
    sign = "+" if signed and x > 0 else ""
    if metric["percent"]:
        return f"{sign}{100 * x:.2f} pt"
    return f"{sign}{x:.3g}" if abs(x) < 100 else f"{sign}{x:,.0f}"


def write_report(report: dict[str, Any], path: str | Path) -> None:
    Path(path).write_text(render_html(report), encoding="utf-8")
