"""A review written out: ``review.json`` and one self-contained ``review.html``.

The page needs nothing but itself (no script or style from anywhere else, no font): the
summary (一致率, average and total cost, by kind of decision and by hand, the costliest
decisions) and each hand's decisions, with the hand, the bot's top three with a bar of their
values and the player's choice. Japanese first; the 「English」 button shows it in English.
It reads on a 360 px phone (one column, tables that wrap).
"""

from __future__ import annotations

import json
from html import escape
from pathlib import Path
from typing import Any

KINDS = {
    "discard": ("打牌", "Discard"),
    "riichi": ("立直判断", "Riichi"),
    "call": ("鳴き", "Call"),
    "win": ("和了", "Win"),
    "kan": ("槓", "Kan"),
    "kita": ("抜き", "Nuki"),
    "nine": ("九種九牌", "Nine terminals"),
}
NOTES = {
    "tie": ("同点: ボットの評価では同じ価値", "A tie: the same value to the bot"),
    "step_back": (
        "後退: 脅威のない局面でボットは向聴を戻さない(点数評価なし)",
        "A step back: with no threat out the bot never sets the hand back (no value in points)",
    ),
    "copy": (
        "同じ種類の別の牌(赤など): ボットは規則で普通の牌を切る(評価なし)",
        "Another copy of the same kind (a red five...): the bot's rule, no value",
    ),
    "rule": (
        "ボットはこの選択を規則で決める(評価なし)",
        "The bot decides this choice by a rule, not a value (no cost)",
    ),
    "unknown": (
        "選択が記録にない(他家の鳴き・ロンが優先)",
        "The choice is not in the log (another seat's call or win came first)",
    ),
}
UNITS = {"points": ("点", "pts"), "places": ("順位点", "place pts")}
RULES = {
    "call": ("規則: 鳴く", "rule: call"),
    "skip": ("規則: 鳴かない", "rule: skip"),
    "ready": ("門前聴牌: 鳴かず立直", "closed and ready: riichi, no call"),
    "no_yaku": ("役がなくなる", "no yaku left"),
    "not_nearer": ("向聴が進まない", "not nearer to ready"),
    "far": ("鳴いても一向聴より遠い", "still two steps or more from ready"),
    "closed": ("門前を崩す価値なし", "not worth opening the closed hand"),
    "threat": ("他家聴牌: 押さない", "another hand is ready"),
    "plan": ("役満狙いの鳴き", "the honour yakuman plan's call"),
    "kan": ("規則: 槓", "rule: kan"),
    "riichi": ("規則: 立直", "rule: riichi"),
    "no_open_kan": ("ボットは大明槓をしない", "the bot never makes an open kan"),
    "win": ("和了は必ず取る", "a win is always taken"),
    "nuki": ("北を抜く", "set the north aside"),
    "keep_north": ("北を残す(役満狙い・立直中)", "keep the north (a yakuman plan, riichi)"),
    "nine": ("九種九牌で流す", "call the draw"),
    "play_on": ("九種九牌でも続ける", "play on"),
    "in_riichi": ("立直後は暗槓のみ", "after riichi: closed kans only"),
    "later": ("先の槓を優先", "an earlier kan first"),
    "robbable": ("搶槓の危険", "could be robbed"),
    "sets_back": ("手が後退", "sets the hand back"),
    "off": ("槓しない", "no kans"),
    "single": ("", ""),
    "no_live": ("ダマ: 生きた待ちなし", "dama: no live wait"),
    "folding": ("ダマ: 降り", "dama: folding"),
    "no_draw": ("ダマ: ツモ番なし", "dama: no draw left"),
    "dama_yaku": ("ダマ: 役と打点が十分", "dama: a sure yaku and enough han"),
    "open_risk": ("ダマ: オープン立直への放銃を避ける", "dama: an open riichi's forced deal-in"),
}
MODES = {
    "free": ("期待得点", "expected points"),
    "against": ("押し引き評価(押しの期待値−放銃の期待損失)", "push less deal-in risk, points"),
}


def t(ja: str, en: str) -> str:
    """Text in both languages (the page shows one)."""
    return f'<span class="ja">{escape(ja)}</span><span class="en">{escape(en)}</span>'


def _pct(x: float | None) -> str:
    return "—" if x is None else f"{x * 100:.1f}%"


def _num(x: float | None) -> str:
    return "—" if x is None else f"{x:,.1f}"


def _tiles(names: list[str]) -> str:
    return "".join(f'<span class="tile">{escape(n)}</span>' for n in names)


def _tally_row(name: str, s: dict[str, Any]) -> str:
    return (
        f"<tr><td>{name}</td><td>{s['decisions']}</td><td>{_pct(s['agreement'])}</td>"
        f"<td>{_num(s['average_cost'])}</td><td>{_num(s['total_cost'])}</td></tr>"
    )


def _tally_head() -> str:
    return (
        "<tr><th></th><th>"
        + t("判断", "Decisions")
        + "</th><th>"
        + t("一致率", "Agreement")
        + "</th><th>"
        + t("平均損失", "Avg cost")
        + "</th><th>"
        + t("合計損失", "Total cost")
        + "</th></tr>"
    )


def _decision(h: dict[str, Any], i: int, d: dict[str, Any], inline: bool) -> str:
    """One decision; ``inline``: its bars sized by a ``style`` attribute (the offline page),
    else by the page's script from ``data-w`` (a policy that refuses inline styles)."""
    opts = d["options"]
    top = opts[:3]
    taken = d["taken"]
    shown = list(range(len(top)))
    if taken is not None and taken >= 3:
        shown.append(taken)
    vals = [opts[j]["value"] for j in shown if opts[j]["value"] is not None]
    lo, hi = (min(vals), max(vals)) if vals else (0.0, 0.0)
    rows = []
    for j in shown:
        o = opts[j]
        v = o["value"]
        width = 100.0 if hi == lo else 8 + 92 * (v - lo) / (hi - lo) if v is not None else 0
        cls = "opt" + (" taken" if j == taken and j != 0 else "") + (" best" if j == 0 else "")
        extra = ""
        if "shanten" in o:
            extra += f" <small>{t('向聴', 'shanten')} {o['shanten']}</small>"
        if o.get("riichi_value") is not None:
            extra += f" <small>{t('立直期待値', 'riichi EV')} {_num(o['riichi_value'])}</small>"
        if o.get("rule") in RULES and o["rule"] not in ("single",):
            extra += f" <small>{t(*RULES[o['rule']])}</small>"
        if o.get("danger"):
            extra += f" <small>{t('危険', 'danger')} {_num(o['danger'])}</small>"
        rank = f"{j + 1}." if j < 3 else "…"
        style = f' style="width:{width:.0f}%"' if inline else ""
        rows.append(
            f'<div class="{cls}"><span class="rank">{rank}</span>'
            f'<span class="lbl">{t(o["ja"], o["en"])}</span>'
            f'<span class="bar"><i data-w="{width:.0f}"{style}></i></span>'
            f'<span class="val">{_num(v)}</span>{extra}</div>'
        )
    kind = KINDS.get(d["kind"], (d["kind"], d["kind"]))
    if d["agree"]:
        verdict = '<b class="ok">' + t("一致", "Agrees") + "</b>"
    elif taken is None:
        verdict = '<b class="na">' + t("不明", "Unknown") + "</b>"
    else:
        o = opts[taken]
        verdict = (
            '<b class="ng">'
            + t(f"選択: {o['ja']}({d['rank']}位)", f"Chose {o['en']} (rank {d['rank']})")
            + "</b>"
        )
        if d["cost"] is not None:
            ja, en = UNITS.get(d.get("cost_unit") or "points", UNITS["points"])
            verdict += " " + t(f"損失 {_num(d['cost'])} {ja}", f"cost {_num(d['cost'])} {en}")
    note = d["note"]
    note_html = f'<p class="note">{t(*NOTES[note])}</p>' if note in NOTES else ""
    mode = MODES.get(d["mode"] or "")
    mode_html = f'<small class="mode">{t(*mode)}</small>' if mode else ""
    if d.get("unit") == "places":
        mode_html += f' <small class="mode">{t("オーラス: 順位点", "last hand: places")}</small>'
    rule = RULES.get(d.get("rule") or "")
    if rule and rule[0]:
        mode_html += f' <small class="mode">{t("ボット", "bot")}: {t(*rule)}</small>'
    melds = " ".join(_tiles(m) for m in d["melds"])
    drawn = f' <span class="drawn">{_tiles([d["drawn"]])}</span>' if d["drawn"] else ""
    cost = d["cost"] or 0.0
    hot = " hot" if cost >= 100 else ""
    return (
        f'<div class="dec{hot}" id="h{h["hand"]}-{i}"><div class="head">'
        f"<span>{i + 1}. {t(*kind)}</span> {verdict}</div>"
        f'<div class="hand">{_tiles(d["hand"])}{drawn} {melds}</div>'
        f"{''.join(rows)}{mode_html}{note_html}</div>"
    )


STYLE = """
*{box-sizing:border-box}body{margin:0;font:15px/1.5 system-ui,sans-serif;color:#222;
background:#f6f5f0}main{max-width:760px;margin:auto;padding:12px}h1{font-size:1.4em;margin:.2em 0}
h2{font-size:1.15em;margin:1.2em 0 .4em;border-bottom:2px solid #2a6;padding-bottom:2px}
.cards{display:flex;flex-wrap:wrap;gap:8px}.card{background:#fff;border-radius:8px;
padding:8px 12px;flex:1 1 140px}.card b{display:block;font-size:1.5em}
table{border-collapse:collapse;width:100%;background:#fff;font-size:.9em}
td,th{padding:4px 6px;border-bottom:1px solid #ddd;text-align:right}td:first-child,
th:first-child{text-align:left}.dec{background:#fff;border-radius:8px;padding:8px;margin:8px 0;
border-left:4px solid #2a6}.dec.hot{border-left-color:#d33}.head{display:flex;flex-wrap:wrap;
gap:6px;justify-content:space-between}.ok{color:#185}.ng{color:#c22}.na{color:#888}
.tile{display:inline-block;min-width:1.9em;text-align:center;border:1px solid #bbb;
border-radius:3px;margin:1px;padding:0 2px;background:#fffdf4;font-family:monospace}
.drawn .tile{border-color:#2a6}.hand{margin:4px 0;overflow-wrap:anywhere}.opt{display:grid;
grid-template-columns:1.6em minmax(6em,auto) 1fr 4.2em;gap:6px;align-items:center;
font-size:.92em;padding:1px 0}.opt small{grid-column:2/-1;color:#666}.opt.taken{
background:#fde8e8}.opt.best .lbl{font-weight:bold}.bar{background:#eee;height:.7em;
border-radius:4px;overflow:hidden}.bar i{display:block;height:100%;background:#2a6}
.taken .bar i{background:#d55}.val{text-align:right;font-family:monospace}.note,.mode{
color:#666;font-size:.85em;margin:2px 0}.mode{display:block}button{font:inherit;padding:4px 10px}
html[lang=ja] .en,html[lang=en] .ja{display:none}a{color:#176}.top{text-align:right;margin:0}
"""

SCRIPT = """
for (const i of document.querySelectorAll('.bar i[data-w]')) i.style.width = i.dataset.w + '%';
document.getElementById('lang').onclick=function(){var h=document.documentElement;
h.lang=h.lang==='ja'?'en':'ja';this.textContent=h.lang==='ja'?'English':'日本語';};
"""


def render_html(review: dict[str, Any], title: str = "", assets: str | None = None) -> str:
    """The review as one self-contained page; with ``assets``, its style and script are
    linked from ``{assets}.css`` and ``{assets}.js`` instead (:data:`STYLE`, :data:`SCRIPT`:
    for a server whose content policy refuses inline ones)."""
    s = review["summary"]
    cards = [
        (("一致率", "Agreement"), _pct(s["agreement"])),
        (("判断の数", "Decisions"), str(s["decisions"])),
        (("平均損失(点)", "Average cost (pts)"), _num(s["average_cost"])),
        (("合計損失(点)", "Total cost (pts)"), _num(s["total_cost"])),
        (("後退", "Steps back"), str(s["step_back"])),
        (("規則による不一致(評価なし)", "Differences by rule (no value)"), str(s["rule"])),
    ]
    places = s["by_unit"].get("places")
    if places is not None:
        cards.append((("合計損失(順位点)", "Total cost (place pts)"), _num(places["total_cost"])))
    card_html = "".join(f'<div class="card">{t(*k)}<b>{v}</b></div>' for k, v in cards)
    kinds = "".join(_tally_row(t(*KINDS.get(k, (k, k))), v) for k, v in s["by_kind"].items())
    hands_rows = "".join(
        _tally_row(f'<a href="#h{h["hand"]}">{t(h["ja"], h["en"])}</a>', h) for h in s["by_hand"]
    )
    worst = "".join(
        f'<li><a href="#h{w["hand"]}-{w["index"]}">{t(w["ja"], w["en"])}</a> '
        f"{t(w['taken']['ja'], w['taken']['en'])} → {t(w['bot']['ja'], w['bot']['en'])}"
        f" <b>{_num(w['cost'])}</b> {t(*UNITS.get(w['unit'], UNITS['points']))}</li>"
        for w in s["worst"]
    )
    hands = "".join(
        f'<section id="h{h["hand"]}"><h2>{t(h["ja"], h["en"])}</h2>'
        + "".join(_decision(h, i, d, assets is None) for i, d in enumerate(h["decisions"]))
        + "</section>"
        for h in review["hands"]
    )
    seat = review["seat"]
    name = escape(title)
    if assets is None:
        style, script = f"<style>{STYLE}</style>", f"<script>{SCRIPT}</script>"
    else:
        style = f'<link rel="stylesheet" href="{escape(assets)}.css">'
        script = f'<script src="{escape(assets)}.js"></script>'
    return f"""<!doctype html>
<html lang="ja"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1">
<title>牌譜検討 {name}</title>{style}</head><body><main>
<p class="top"><button id="lang" type="button">English</button></p>
<h1>{t("牌譜検討", "Game review")}</h1>
<p>{name} · {escape(review["preset"])} · {t(f"席 {seat}", f"Seat {seat}")} ·
{t("標準ボットの判断と比較", "compared with the standard bot")}</p>
<p class="note">{
        t(
            "評価はその席から見えるものだけによる(他家の手牌・山・裏ドラは見ない)。"
            "損失はボットの最善との差(点、オーラスは順位点: 別々に合計)。"
            "ボットが規則で決める選択には損失をつけない。",
            "Read from that seat's view only (no other hand, wall or ura). A cost is the "
            "difference from the bot's best, in points (in the last hand, place points: "
            "totalled apart). A choice the bot makes by a rule has no cost.",
        )
    }</p>
<div class="cards">{card_html}</div>
<h2>{t("種類別", "By kind")}</h2><table>{_tally_head()}{kinds}</table>
<h2>{t("大きな損失", "Costliest decisions")}</h2><ol>{worst}</ol>
<h2>{t("局別", "By hand")}</h2><table>{_tally_head()}{hands_rows}</table>
{hands}
</main>{script}</body></html>
"""


def write_review(review: dict[str, Any], out: Path, title: str = "") -> list[Path]:
    """Write ``review.json`` and ``review.html`` into ``out`` (made if missing)."""
    out.mkdir(parents=True, exist_ok=True)
    j = out / "review.json"
    h = out / "review.html"
    j.write_text(json.dumps(review, ensure_ascii=False), encoding="utf-8")
    h.write_text(render_html(review, title), encoding="utf-8")
    return [j, h]
