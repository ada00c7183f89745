"""tenhou.net/6 JSON records (Tenhou's converter, Mahjong Soul in that layout, kobalab paipu
rewritten as one), read into :class:`jantaku.log.record.GameRecord`.

The JSON has no draws as events of their own: a round's takes and discards are replayed,
searching where the record leaves a choice, until they fit its results (see the module
docstring of :mod:`jantaku.log.record` for ids and timing).
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

from .kobalab import KobalabError, to_tenhou6
from .record import (
    GAME_ID_RE,
    GameRecord,
    Owari,
    RecordError,
    RecordFormat,
    RuleInfo,
    UnsupportedRecordError,
)
from .tenhou6_round import JsonRound
from .tenhou6_yaku import json_yaku_id

__all__ = ["JsonRound", "json_yaku_id", "load_json", "parse_tenhou6"]

# ---------------------------------------------------------------------------------------------
# tenhou.net/6 JSON


def load_json(path: Path, text: str) -> Any:
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        raise RecordError(path, f"JSON parse error: {exc}") from exc


def _is_kobalab(doc: Any) -> bool:
    if not isinstance(doc, dict):
        return False
    if {"qijia", "defen"} & doc.keys():
        return True
    log = doc.get("log")
    return (
        isinstance(log, list)
        and bool(log)
        and isinstance(log[0], list)
        and bool(log[0])
        and isinstance(log[0][0], dict)
    )


def _json_rules(rule: Any, lobby: Any) -> RuleInfo:
    if not isinstance(rule, dict):
        rule = {}
    disp = rule.get("disp") if isinstance(rule.get("disp"), str) else None

    def flag(key: str) -> bool | None:
        v = rule.get(key)
        return None if v is None else bool(v)

    per_suit = [flag("aka51"), flag("aka52"), flag("aka53")]
    generic = flag("aka")
    if disp is not None and generic is None and all(x is None for x in per_suit):
        generic = "赤" in disp
    red = tuple(
        x if x is not None else (generic if generic is not None else True) for x in per_suit
    )
    kuitan: bool | None = None
    hanchan: bool | None = None
    if disp is not None:
        if "喰" in disp:
            kuitan = True
        elif re.match(r"^[三四]?[般上特鳳技若銀琥孔][東南]", disp):
            kuitan = False
        if "南" in disp or "South" in disp:
            hanchan = True
        elif "東" in disp or "East" in disp:
            hanchan = False
    return RuleInfo(
        red_fives=(red[0], red[1], red[2]),
        kuitan=kuitan,
        hanchan=hanchan,
        go_type=None,
        lobby=lobby if isinstance(lobby, int) and not isinstance(lobby, bool) else None,
        json_rule=dict(rule),
        display=disp,
    )


def parse_tenhou6(path: Path, doc: Any) -> GameRecord:
    fmt: RecordFormat = "tenhou6"
    if _is_kobalab(doc):
        try:
            doc = to_tenhou6(doc)
        except KobalabError as exc:
            raise RecordError(path, f"kobalab paipu: {exc}") from exc
        fmt = "kobalab"
    if not isinstance(doc, dict) or not isinstance(doc.get("log"), list):
        raise UnsupportedRecordError(f"{path}: JSON without a tenhou.net/6 'log' list")
    log: list[Any] = doc["log"]
    if not log:
        raise RecordError(path, "the log has no rounds")
    for i, raw in enumerate(log):
        if not (isinstance(raw, list) and len(raw) == 17):
            raise RecordError(path, f"log[{i}] is not a 17-element round")
    seat3_empty = all(not raw[4 + 9] and not raw[5 + 9] and not raw[6 + 9] for raw in log)
    players = 3 if seat3_empty else 4
    rules = _json_rules(doc.get("rule"), doc.get("lobby"))
    raw_names = doc.get("name")
    names = (
        tuple(str(x) for x in raw_names[:4]) + ("",) * (4 - len(raw_names[:4]))
        if isinstance(raw_names, list)
        else ("", "", "", "")
    )
    rounds = []
    for raw in log:
        rnd = JsonRound(path, raw, players, rules.red_fives)
        rounds.append(rnd.build())
    owari: Owari | None = None
    sc = doc.get("sc")
    if isinstance(sc, list) and sc:
        if len(sc) != 8 or not all(isinstance(x, int | float) for x in sc):
            raise RecordError(path, f"bad final sc {sc!r}")
        owari = Owari(
            points=tuple(int(x) for x in sc[0::2]), scores=tuple(float(x) for x in sc[1::2])
        )
    ref = doc.get("ref")
    game_id = ref if isinstance(ref, str) and ref else None
    if game_id is None:
        m = GAME_ID_RE.search(path.name)
        game_id = m.group(0) if m else None
    return GameRecord(
        source=path,
        format=fmt,
        players=players,
        rules=rules,
        names=names,
        game_id=game_id,
        rounds=rounds,
        owari=owari,
    )
