"""Help a player reads at the table: the waits of their own hand under the table's rules.

``POST /api/waits`` ``{"preset": "gotou", "options": {...}, "tiles": [ids], "called":
[ids]}``: ``tiles`` are the seat's concealed tiles (13 less 3 per called set, wildcards of the
rule not counted), ``called`` the tiles of its called sets (they count as seen copies) →
``{"shanten": n, "waits": ["3p", "6p"], "infinite": false}``. The page sends only what its
own seat holds, so nothing secret goes either way; a malformed hand is a 400 naming what is
wrong.

``GET /api/yaku``: every yaku id a preset may name (``scoring.extra_yaku``, ``disabled_yaku``,
``pao``, ``yaku_han``) with its Japanese and English names, so the rule sheet offers names to
choose from, never ids to type: ``[{"id": "sanrenkou", "ja": "三連刻", "en": "...", "house":
true}, ...]``.
"""

from __future__ import annotations

import json
from functools import lru_cache
from typing import Any

from fastapi import APIRouter, HTTPException
from pydantic import BaseModel, Field

from jantaku.hand import HandAnalyzer, HandError
from jantaku.rules import PRESET_NAMES, RulesError, load_preset
from jantaku.rules.model import Preset
from jantaku.scoring.yaku import ALL_YAKU_BY_ID, HOUSE_IDS
from jantaku.tiles import tile_kind
from jantaku.tiles.kinds import N_ALL_KINDS

router = APIRouter()


class WaitsQuery(BaseModel):
    preset: str
    options: dict[str, Any] = Field(default_factory=dict, max_length=200)
    tiles: list[int] = Field(max_length=14)
    called: list[int] = Field(default_factory=list, max_length=16)


@lru_cache(maxsize=64)
def _rules(name: str, options_key: str) -> Preset:
    return load_preset(name, json.loads(options_key) or None)


def waits_of(q: WaitsQuery) -> dict[str, Any]:
    """The waits of the hand ``q`` describes (raises HandError or RulesError)."""
    if q.preset not in PRESET_NAMES:
        raise RulesError(f"no preset {q.preset!r}")
    preset = _rules(q.preset, json.dumps(q.options, sort_keys=True))
    ts = preset.tileset()
    known = set(ts.tiles)
    for t in [*q.tiles, *q.called]:
        if t not in known:
            raise HandError(f"{t!r} is not a tile id of this game")
    if len(set(q.tiles) | set(q.called)) != len(q.tiles) + len(q.called):
        raise HandError("a tile id appears twice")
    analyzer = HandAnalyzer(
        ts, chiitoi_four=preset.hand.chiitoi_four, fifth_copy=preset.hand.wildcard_fifth_copy
    )
    counts = [0] * N_ALL_KINDS
    for t in q.tiles:
        counts[tile_kind(t)] += 1
    wild = preset.hand.wildcards
    melds, rest = divmod(13 - wild - len(q.tiles), 3)
    if rest or not 0 <= melds <= 4:
        raise HandError(f"{len(q.tiles)} concealed tiles are not a waiting hand")
    analyzer.check_counts(counts, melds, wild)
    called = [0] * N_ALL_KINDS
    for t in q.called:
        called[tile_kind(t)] += 1
    w = analyzer.waits(counts, melds, wild, called)
    return {"shanten": w.shanten, "waits": w.names, "infinite": w.infinite}


@router.post("/api/waits")
def waits(q: WaitsQuery) -> dict[str, Any]:
    try:
        return waits_of(q)
    except (HandError, RulesError) as e:
        raise HTTPException(400, str(e)) from None


@router.get("/api/yaku")
def yaku_names() -> list[dict[str, Any]]:
    return [
        {"id": y.id, "ja": y.name_ja, "en": y.name_en, "house": y.id in HOUSE_IDS}
        for y in ALL_YAKU_BY_ID.values()
    ]
