"""A scorekeeping session exported: each game as the record ``jantaku ledger`` reads and the
whole log as CSV (headings and words in Japanese or English)."""

from __future__ import annotations

from typing import Any, Final

from jantaku.tiles.kinds import WIND_LETTERS

from .csv_cells import SafeWriter
from .session_games import Seating


def ledger_records(config: dict[str, Any], state: dict[str, Any]) -> list[dict[str, Any]]:
    """Each game as the JSON ``jantaku ledger --rules PRESET`` reads (with ``options`` and
    ``names`` alongside for people; the command ignores neither: pass ``record``). A game
    whose people changed seats names them in its seats' order (``names``), its events and
    start by seat, as the ledger plays them."""
    people = len(config["names"])
    out = []
    for g in state["games"]:
        seat = Seating(g.get("seating") or list(range(people)))
        events = [
            seat.event(ev)
            for row in state["hands"]
            if row["game"] == g["number"]
            for ev in row["events"]
        ]
        start = dict(g["start"])
        if not seat.plain:
            start["scores"] = seat.seat_list(start["scores"])
            start["chips"] = seat.seat_list(start["chips"])
            start["dealer"] = start["first_dealer"] = seat.seat(start["first_dealer"])
        out.append(
            {
                "game": g["number"] + 1,
                "names": seat.seat_list(config["names"]),
                "record": {"players": people, "start": start, "events": events},
            }
        )
    return out


_WORDS: Final = {
    "ja": {
        "kind": "種類",
        "game": "対局",
        "hand": "局番号",
        "round": "局",
        "honba": "本場",
        "dealer": "親",
        "what": "内容",
        "delta": "{name} 収支",
        "points": "{name} 点数",
        "chips": "{name} チップ",
        "row_hand": "局",
        "row_game": "精算",
        "settlement": "精算",
        "tsumo": "ツモ",
        "ron": "ロン ← {name}",
        "win": "{name} 和了",
        "han_fu": "{han}翻{fu}符",
        "han": "{han}翻",
        "yakuman": "役満×{n}",
        "by_hand": "手牌で計算",
        "tenpai": "聴牌",
        "nobody": "なし",
        "exhaustive": "荒牌流局",
        "nine_terminals": "九種九牌",
        "nagashi": "流し満貫",
        "abortive": "途中流局",
        "chombo": "チョンボ",
        "false_pon": "誤ポン",
        "false_kan": "誤カン",
        "abandon": "アガリ放棄",
        "chip_event": "チップ → {name}",
        "spring": "春",
        "other": "その他",
        "dice": "出目",
        "winds": "東南西北",
    },
    "en": {
        "kind": "kind",
        "game": "game",
        "hand": "hand",
        "round": "round",
        "honba": "honba",
        "dealer": "dealer",
        "what": "what",
        "delta": "{name} ±",
        "points": "{name} points",
        "chips": "{name} chips",
        "row_hand": "hand",
        "row_game": "game",
        "settlement": "settlement",
        "tsumo": "tsumo",
        "ron": "ron off {name}",
        "win": "{name} wins",
        "han_fu": "{han} han {fu} fu",
        "han": "{han} han",
        "yakuman": "yakuman ×{n}",
        "by_hand": "by the hand",
        "tenpai": "tenpai",
        "nobody": "nobody",
        "exhaustive": "draw",
        "nine_terminals": "nine terminals",
        "nagashi": "nagashi mangan",
        "abortive": "abortive draw",
        "chombo": "chombo",
        "false_pon": "false pon",
        "false_kan": "false kan",
        "abandon": "win abandoned",
        "chip_event": "chips → {name}",
        "spring": "spring",
        "other": "other",
        "dice": "dice",
        "winds": WIND_LETTERS,
    },
}
CSV_LANGS: Final = tuple(_WORDS)


def csv_text(config: dict[str, Any], state: dict[str, Any], lang: str = "ja") -> str:
    """One row per hand and one per finished game, headings and words in ``lang`` (``ja``:
    what a spreadsheet of the table's players reads; ``en``)."""
    import io

    w_ = _WORDS[lang]
    names = config["names"]
    buf = io.StringIO()
    w = SafeWriter(buf)  # a name like "=HYPERLINK(...)" stays text in a spreadsheet
    w.writerow(
        [
            *(w_[k] for k in ("kind", "game", "hand", "round", "honba", "dealer", "what")),
            *[w_["delta"].format(name=n) for n in names],
            *[w_["points"].format(name=n) for n in names],
            *[w_["chips"].format(name=n) for n in names],
        ]
    )
    winds = w_["winds"]
    for row in state["hands"]:
        lab = row["label"]
        what = " / ".join(_describe(ev, names, w_) for ev in row["events"])
        w.writerow(
            [
                w_["row_hand"],
                row["game"] + 1,
                row["index"] + 1,
                f"{winds[WIND_LETTERS.index(lab['round'])]}{lab['hand']}",
                lab["honba"],
                names[lab["dealer"]],
                what,
                *row["payments"],
                *row["scores"],
                *row["chips"],
            ]
        )
    for g in state["games"]:
        if g["over"]:
            w.writerow(
                [
                    w_["row_game"],
                    g["number"] + 1,
                    "",
                    "",
                    "",
                    "",
                    w_["settlement"],
                    *g["result"],
                    *g["scores"],
                    *g["chips"],
                ]
            )
    return buf.getvalue()


def _describe(ev: dict[str, Any], names: list[str], w: dict[str, str]) -> str:
    t = ev["type"]
    if t == "win":
        how = w["tsumo"] if ev.get("from") is None else w["ron"].format(name=names[ev["from"]])
        if ev.get("yakuman"):
            value = w["yakuman"].format(n=ev["yakuman"])
        elif "han" in ev:
            value = w["han_fu" if ev.get("fu") else "han"].format(han=ev["han"], fu=ev.get("fu"))
        else:
            value = w["by_hand"]
        return f"{w['win'].format(name=names[ev['winner']])} {how} {value}"
    if t == "draw":
        kind = str(ev.get("kind", "exhaustive"))
        tenpai = "・".join(names[p] for p in ev.get("tenpai", [])) or w["nobody"]
        return f"{w.get(kind, kind)} {w['tenpai']}: {tenpai}"
    if t in ("chombo", "penalty"):
        kind = str(ev.get("kind", t))
        return f"{w.get(kind, kind)} {names[ev['player']]}"
    if t == "chips":
        items = ev.get("items", {})
        parts = [
            f"{w.get(k, k)}×{n}"
            for k, n in (items.items() if isinstance(items, dict) else ((i, 1) for i in items))
        ]
        parts += [f"{w['dice']} {d[0]}-{d[1]}" for d in ev.get("dice", [])]
        return " ".join([w["chip_event"].format(name=names[ev["to"]]), *parts])
    return str(t)
