"""The hand calculator (``/calc`` and the session page's tile picker): one situation in,
either its value (a complete hand) or its shanten, waits and the value of each wait (a hand
one tile short), under any preset with changed knobs.

>>> calc = Calculator("riichi")
>>> out = calc.evaluate({"hand": "123m456p789s1122z", "seat": "S", "riichi": "riichi"})
>>> out["shanten"], out["waits"]
(0, ['1z', '2z'])
>>> [(w["tile"], w["ron"]["han"]) for w in out["values"]]  # riichi + a wind
[('1z', 2), ('2z', 2)]
>>> calc.evaluate({"hand": "123m456p789s11222z", "win_tile": "2z", "win": "tsumo"})["han"]
1
"""

from __future__ import annotations

import json
from typing import Any

from jantaku.hand import HandAnalyzer, HandError
from jantaku.rules.loader import load_preset
from jantaku.tiles import kind_name as _kind_name
from jantaku.tiles import tile_kind
from jantaku.tiles.notation import tile_name as _tile_name

from .chips import chip_items, win_chips
from .json_io import FieldTiles, SituationError, result_to_json, situation_from_json
from .ledger import draw_kinds
from .score import NotAWin, Scorer, YakuHan


class Calculator:
    """Scorers per knob set for one preset (the knobs are the situation's ``options``)."""

    def __init__(self, rules: str) -> None:
        self.rules = rules
        self._scorers: dict[str, Scorer] = {}

    def scorer(self, options: dict[str, Any] | None) -> Scorer:
        key = json.dumps(options or {}, sort_keys=True)
        if key not in self._scorers:
            if len(self._scorers) > 32:
                self._scorers.clear()
            self._scorers[key] = Scorer(load_preset(self.rules, options or None))
        return self._scorers[key]

    def info(self, options: dict[str, Any] | None) -> dict[str, Any]:
        """What a tile picker needs: the tiles (name → copies), which are set aside, the
        riichi kinds and house features of these rules."""
        scorer = self.scorer(options)
        preset = scorer.preset
        ts = scorer.tileset
        copies: dict[str, int] = {}
        for t in ts.tiles:
            name = _tile_name(t, ts)
            copies[name] = copies.get(name, 0) + 1
        riichi = ["none", "riichi", "double"]
        if preset.table.open_riichi:
            riichi.append("open")
        if preset.game.shuba_stick:
            riichi += ["shuba"] + (["open_shuba"] if preset.table.open_riichi else [])
        return {
            "rules": self.rules,
            "players": preset.players,
            "tiles": copies,
            "extractable": sorted({_kind_name(k) for k in scorer.extractable}),
            "wildcards": preset.hand.wildcards,
            "riichi": riichi,
            "wareme": preset.scoring.wareme,
            "shuba_stick": preset.game.shuba_stick,
            "double_ron": preset.table.double_ron,
            # The draws the rules have (tokushima «途中流局なし»: no 九種九牌), as the ledger
            # takes them: the scorekeeper offers only these.
            "draw_kinds": list(draw_kinds(preset)),
            "chips": preset.chips.point_value > 0 or preset.game.start_chips > 0,
            "chip_items": chip_items(preset),
            "dice_chances": preset.chips.dice_chances,
            "fixed_fu": preset.scoring.fu == "fixed30",
            "terminal_bonus": preset.scoring.terminal_manzu_bonus,
            "chombo_deal_ins": preset.game.chombo == "chips_each",
        }

    def score(self, obj: dict[str, Any]) -> dict[str, Any]:
        """``jantaku score`` of one situation; :class:`SituationError` / :class:`NotAWin`."""
        scorer = self.scorer(obj.get("options"))
        sit = situation_from_json(obj, scorer.tileset, scorer.preset.players, scorer.extractable)
        result = scorer.score(sit)
        return with_names(result_to_json(result, win_chips(result, sit, scorer.preset)))

    def waits(self, obj: dict[str, Any]) -> dict[str, Any]:
        """Shanten and waits of a hand one tile short (``jantaku waits``)."""
        scorer = self.scorer(obj.get("options"))
        preset = scorer.preset
        ts = scorer.tileset
        pool = FieldTiles(ts)
        concealed = pool.parse("hand", str(obj.get("hand", "")))
        melds = obj.get("melds", [])
        if not isinstance(melds, list):
            raise SituationError("melds: a list")
        called = [0] * 38
        for i, m in enumerate(melds):
            if not isinstance(m, dict):
                raise SituationError(f"melds[{i}]: an object with type, tiles and from")
            for t in pool.parse(f"melds[{i}].tiles", str(m.get("tiles", ""))):
                called[tile_kind(t)] += 1
        wild = preset.hand.wildcards
        expected = 13 - wild - 3 * len(melds)
        if len(concealed) != expected:
            raise SituationError(
                f"hand: a waiting hand under {preset.name} has {expected} concealed tiles with "
                f"{len(melds)} melds, not {len(concealed)}"
            )
        counts = [0] * 38
        for t in concealed:
            counts[tile_kind(t)] += 1
        analyzer = HandAnalyzer(
            ts, chiitoi_four=preset.hand.chiitoi_four, fifth_copy=preset.hand.wildcard_fifth_copy
        )
        try:
            analyzer.check_counts(counts, len(melds), wild)
        except HandError as e:
            raise SituationError(f"hand: {e}") from None
        w = analyzer.waits(counts, len(melds), wild, called)
        return {"shanten": w.shanten, "waits": w.names, "infinite": w.infinite}

    def evaluate(self, obj: Any) -> dict[str, Any]:
        """A complete hand's value, or a short hand's waits with the value of each wait by
        ron and by tsumo (``{"error": reason}`` where it is no win, e.g. no yaku)."""
        if not isinstance(obj, dict):
            raise SituationError("a situation is a JSON object")
        options = obj.get("options", {})
        if not isinstance(options, dict):
            raise SituationError("options: an object of knob values")
        preset = self.scorer(options).preset
        pool = FieldTiles(self.scorer(options).tileset)
        n = len(pool.parse("hand", str(obj.get("hand", ""))))
        melds = obj.get("melds", [])
        short = 13 - preset.hand.wildcards - 3 * (len(melds) if isinstance(melds, list) else 0)
        if n != short:
            if n != short + 1:
                raise SituationError(
                    f"hand: {short + 1} concealed tiles for a win (or {short} for its waits) "
                    f"with {len(melds) if isinstance(melds, list) else 0} melds, not {n}"
                )
            return {"kind": "win", **self.score(obj)}
        out: dict[str, Any] = {"kind": "waits", **self.waits(obj), "values": []}
        for name in out["waits"]:
            value: dict[str, Any] = {"tile": name}
            for win in ("ron", "tsumo"):
                sit = {k: v for k, v in obj.items() if k not in ("win_tile", "win")}
                sit.update(hand=str(obj["hand"]) + name, win_tile=name, win=win)
                if win == "ron":
                    sit.setdefault("discarder", "E" if obj.get("seat", "E") != "E" else "S")
                else:
                    sit.pop("discarder", None)
                try:
                    value[win] = self.score(sit)
                except (SituationError, NotAWin, ValueError) as e:
                    value[win] = {"error": str(e)}
            out["values"].append(value)
        return out


def with_names(result: dict[str, Any]) -> dict[str, Any]:
    """A score result whose yaku also carry their Japanese and English names (for pages)."""
    for y in result["yaku"]:
        names = YakuHan(y["id"], 0)
        y["ja"], y["en"] = names.name_ja, names.name_en
    return result
