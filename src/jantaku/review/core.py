"""A seat's game read by the standard bot: each decision's options valued, the player's
choice ranked and costed against the bot's, and the summary (一致率, costs, the worst).

Values come from the bot's own decision code: the action the bot picks is
:meth:`StandardBot.choose <jantaku.bots.standard.StandardBot.choose>` on the seat's view,
and each discard's value is what the bot's discard steps score it
(:meth:`StandardBot.read_discards <jantaku.bots.standard.StandardBot.read_discards>`): with
no threat out, expected points (its chance to win times what it would win); with a threat
out, that push less the expected loss of dealing in (points); in the last hand, places
(``unit``). Where a tile may go with several kinds of riichi (open, シュバ), each kind's
expected points as the bot weighs them (``riichi_value``). With no threat out the bot
takes the nearest distance to ready first and never weighs a step back in points: such a
choice is marked ``step_back``, with no cost. Calls, kans, nuki, 九種九牌, wins and riichi
against dama the bot decides by rules, not by a value: each option carries the rule's
verdict (``rule``: :meth:`~jantaku.bots.standard.StandardBot.read_calls`,
:meth:`~jantaku.bots.standard.StandardBot.read_kans`,
:meth:`~jantaku.bots.standard.StandardBot.read_riichi_rule`), a difference there is noted
``rule`` and has no cost. A choice within :data:`TIE` of the bot's best value agrees
(``tie``). Costs are totalled per unit (:data:`UNITS`), never added across units.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from jantaku.bots.standard import StandardBot
from jantaku.bots.standard.calls import call_shanten_now
from jantaku.game import Game
from jantaku.game.actions import RIICHI_TYPES, Action, ActionType, LegalActions
from jantaku.game.seat import SeatView
from jantaku.tiles.notation import tile_name
from jantaku.tiles.tileset import TileSet, tile_kind

from .positions import Decision, decisions, distinct

VERSION = 2
TIE = 1e-6
"""Values closer than this are a tie (the bot's choice among them is by its tie-breaks)."""

_NAMES: dict[ActionType, tuple[str, str]] = {
    ActionType.DISCARD: ("打", "Discard"),
    ActionType.RIICHI: ("立直", "Riichi"),
    ActionType.OPEN_RIICHI: ("オープン立直", "Open riichi"),
    ActionType.SHUBA_RIICHI: ("シュバ立直", "Shuba riichi"),
    ActionType.OPEN_SHUBA_RIICHI: ("オープンシュバ立直", "Open shuba riichi"),
    ActionType.TSUMO: ("ツモ和了", "Tsumo"),
    ActionType.RON: ("ロン", "Ron"),
    ActionType.CHI: ("チー", "Chi"),
    ActionType.PON: ("ポン", "Pon"),
    ActionType.DAIMINKAN: ("大明槓", "Open kan"),
    ActionType.ANKAN: ("暗槓", "Closed kan"),
    ActionType.KAKAN: ("加槓", "Added kan"),
    ActionType.KITA: ("抜き", "Set aside"),
    ActionType.NINE_TERMINALS: ("九種九牌", "Nine terminals"),
    ActionType.PASS: ("スキップ", "Skip"),
}
_DISCARDS = RIICHI_TYPES | {ActionType.DISCARD}
_WINDS_JA = {"E": "東", "S": "南", "W": "西", "N": "北"}
_WINDS_EN = {"E": "East", "S": "South", "W": "West", "N": "North"}


def label(a: Action, ts: TileSet) -> tuple[str, str]:
    """An action as the review names it, in Japanese and in English."""
    ja, en = _NAMES[a.type]
    tiles = ""
    if a.tile is not None:
        tiles = tile_name(a.tile, ts)
    elif a.tiles:
        tiles = tile_name(a.tiles[0], ts)
    if a.type in (ActionType.CHI, ActionType.PON) and a.tiles:
        tiles += "(" + "".join(tile_name(t, ts) for t in a.tiles) + ")"
    if not tiles:
        return ja, en
    return (f"{ja}{tiles}" if a.type is ActionType.DISCARD else f"{ja} {tiles}"), f"{en} {tiles}"


def round_label(ev: dict[str, Any]) -> tuple[str, str]:
    """``東1局 0本場`` / ``East 1, 0 honba`` of a start_kyoku event."""
    wind = str(ev.get("bakaze", "E"))
    k, h = ev.get("kyoku", 1), ev.get("honba", 0)
    ja = f"{_WINDS_JA.get(wind, wind)}{k}局 {h}本場"
    return ja, f"{_WINDS_EN.get(wind, wind)} {k}, {h} honba"


def _category(types: set[ActionType], taken: Action | None, pick: Action) -> str:
    """The decision's kind: a win offered, a call (answering a discard), riichi, a kan,
    a nuki, 九種九牌, or a discard."""
    if ActionType.RON in types or ActionType.TSUMO in types:
        return "win"
    if ActionType.PASS in types:
        return "call"
    acted = {pick.type} | ({taken.type} if taken is not None else set())
    if acted & {ActionType.ANKAN, ActionType.KAKAN}:
        return "kan"
    if ActionType.KITA in acted:
        return "kita"
    if ActionType.NINE_TERMINALS in acted:
        return "nine"
    if types & RIICHI_TYPES:
        return "riichi"
    return "discard"


_CALLS = {ActionType.CHI, ActionType.PON}
_KANS = {ActionType.ANKAN, ActionType.KAKAN}


class Reviewer:
    """Reviews seats of games with one :class:`StandardBot` (its caches shared)."""

    def __init__(self) -> None:
        self.bot = StandardBot()

    def decision(self, game: Game, d: Decision) -> dict[str, Any]:
        """One decision as the review reports it (see :func:`review_game`)."""
        ts = game.tileset
        view = d.view
        seat = view.seat
        choices = distinct(d.legal, game)
        pick = self.bot.choose(view, seat, d.legal)
        pick_key = pick.key(ts)
        discards = [a for a in d.legal if a.type in _DISCARDS]
        reading = self.bot.read_discards(view, seat, discards) if len(discards) > 1 else None
        values: dict[tuple[object, ...], float | None] = {}
        kinds: dict[tuple[object, ...], float | None] = {}  # riichi kinds' expected points
        for key, a in choices.items():
            v = None
            if reading is not None and a.type in _DISCARDS and a.tile is not None:
                k = tile_kind(a.tile)
                v = reading.value.get(k)
                rv = reading.riichi.get(k)
                if rv is not None and a.type in rv.value:
                    kinds[key] = rv.value[a.type]
            values[key] = v
        rules = self._rules(view, seat, d.legal, choices, ts)
        place = {k: i for i, k in enumerate(reading.order)} if reading is not None else {}

        def order(key: tuple[object, ...]) -> tuple[int, float, int, float, int]:
            a = choices[key]
            v = values[key]
            rk = kinds.get(key)
            kind = tile_kind(a.tile) if a.tile is not None else -1
            return (
                0 if key == pick_key else 1 if v is not None else 2,
                -(v if v is not None else 0.0),
                place.get(kind, 99),
                -(rk if rk is not None else -1e18) if a.type in RIICHI_TYPES else 0.0,
                a.type is not ActionType.DISCARD,
            )

        keys = sorted(choices, key=order)
        taken_key = d.taken.key(ts) if d.taken is not None else None
        options = []
        for key in keys:
            a = choices[key]
            ja, en = label(a, ts)
            opt: dict[str, Any] = {"ja": ja, "en": en, "value": _round(values[key])}
            if key in kinds:
                opt["riichi_value"] = _round(kinds[key])
            if key in rules:
                opt["rule"], shanten = rules[key]
                if shanten is not None:
                    opt["shanten"] = shanten
            if reading is not None and a.tile is not None and a.type in _DISCARDS:
                k = tile_kind(a.tile)
                if k in reading.dist:
                    opt["shanten"] = reading.dist[k] - game.wildcards - 1
                if k in reading.danger:
                    opt["danger"] = _round(reading.danger[k])
            options.append(opt)
        cost, note, agree, rank, unit = _cost(
            d.taken, pick, values, kinds, taken_key, pick_key, keys
        )
        if unit == "discard":
            unit = reading.unit if reading is not None else None
        if note == "rule" and reading is not None and reading.mode == "free":
            t = d.taken
            if t is not None and t.tile is not None and t.type in _DISCARDS:
                far = reading.dist.get(tile_kind(t.tile), 0)
                if far > min(reading.dist[k] for k in reading.order):
                    note = "step_back"  # the bot takes the nearest distance first
        category = _category({a.type for a in d.legal}, d.taken, pick)
        rule = None
        if category == "riichi":
            rule = self.bot.read_riichi_rule(view, seat, discards)
        elif pick_key in rules:
            rule = rules[pick_key][0]
        elif category == "kita":
            rule = "nuki" if pick.type is ActionType.KITA else "keep_north"
        elif category == "nine":
            rule = "nine" if pick.type is ActionType.NINE_TERMINALS else "play_on"
        hand = list(view.hand)
        if view.drawn is not None and view.drawn in hand:
            hand.remove(view.drawn)  # shown apart, as the table shows it
        hand.sort()
        return {
            "event": d.event,
            "kind": category,
            "hand": [tile_name(t, ts) for t in hand],
            "drawn": None if view.drawn is None else tile_name(view.drawn, ts),
            "melds": [[tile_name(t, ts) for t in m.tiles] for m in view.melds(seat)],
            "mode": None if reading is None else reading.mode,
            "unit": None if reading is None else reading.unit,
            "rule": rule,
            "options": options,
            "taken": None if taken_key is None else keys.index(taken_key),
            "rank": rank,
            "agree": agree,
            "cost": _round(cost),
            "cost_unit": None if cost is None else unit,
            "note": note,
        }

    def _rules(
        self,
        view: SeatView,
        seat: int,
        legal: LegalActions,
        choices: dict[tuple[object, ...], Action],
        ts: TileSet,
    ) -> dict[tuple[object, ...], tuple[str, int | None]]:
        """Each call's and kan's verdict by the bot's rules, with the shanten after a call
        (and the skip's: the hand as it is); an open kan the bot never makes."""
        out: dict[tuple[object, ...], tuple[str, int | None]] = {}
        calls = [a for a in choices.values() if a.type in _CALLS]
        if calls:
            for v in self.bot.read_calls(view, seat, calls):
                out[v.action.key(ts)] = (v.rule, v.shanten)
        if calls or any(a.type is ActionType.DAIMINKAN for a in choices.values()):
            for key, a in choices.items():
                if a.type is ActionType.PASS:
                    out[key] = ("skip", call_shanten_now(view, seat))
                elif a.type is ActionType.DAIMINKAN:
                    out[key] = ("no_open_kan", None)  # its turn flow never makes one
        kans = [a for a in legal if a.type in _KANS]
        if kans:
            for a, rule in self.bot.read_kans(view, seat, kans):
                out.setdefault(a.key(ts), (rule, None))
        for key, a in choices.items():
            if a.type is ActionType.TSUMO or a.type is ActionType.RON:
                out[key] = ("win", None)  # a win offered is always taken
        return out


def _cost(
    taken: Action | None,
    pick: Action,
    values: dict[tuple[object, ...], float | None],
    kinds: dict[tuple[object, ...], float | None],
    taken_key: tuple[object, ...] | None,
    pick_key: tuple[object, ...],
    keys: list[tuple[object, ...]],
) -> tuple[float | None, str | None, bool | None, int | None, str | None]:
    """(cost, note, agreed, rank, unit) of the choice against the bot's. ``unit``:
    ``"discard"`` (the discard reading's unit) or ``"points"`` (riichi kinds)."""
    if taken is None or taken_key is None:
        return None, "unknown", None, None, None
    rank = keys.index(taken_key) + 1
    if taken_key == pick_key:
        return 0.0, None, True, rank, "discard" if values.get(pick_key) is not None else None
    same_kind = (
        taken.tile is not None
        and pick.tile is not None
        and taken.type in _DISCARDS
        and pick.type in _DISCARDS
        and tile_kind(taken.tile) == tile_kind(pick.tile)
    )
    if same_kind:
        if taken.type is pick.type:
            return None, "copy", False, rank, None  # another copy (a red five)
        tk, pk = kinds.get(taken_key), kinds.get(pick_key)
        if tk is None or pk is None:
            return None, "rule", False, rank, None  # riichi or dama: a rule
        if abs(pk - tk) <= TIE:
            return 0.0, "tie", True, rank, "points"
        return max(0.0, pk - tk), None, False, rank, "points"
    tv, pv = values.get(taken_key), values.get(pick_key)
    if tv is None or pv is None:
        return None, "rule", False, rank, None
    if abs(pv - tv) <= TIE:
        return 0.0, "tie", True, rank, "discard"
    return max(0.0, pv - tv), None, False, rank, "discard"


def _round(v: float | None) -> float | None:
    return None if v is None else round(v, 1)


def review_game(
    game: Game,
    events: Sequence[dict[str, Any]],
    seat: int,
    reviewer: Reviewer | None = None,
    progress: Callable[[int, int], None] | None = None,
    resume: dict[str, Any] | None = None,
) -> dict[str, Any]:
    """The review of ``seat`` in one finished game (``events``: its full log): every
    decision by hand, and the summary (:func:`summarize`). ``progress(done, total)`` is
    told the events read so far; ``resume``: where a game that begins mid-way begins
    (:attr:`~jantaku.review.load.LoggedGame.resume`)."""
    if not 0 <= seat < game.people:
        raise ValueError(f"seat {seat}: this game has seats 0 to {game.people - 1}")
    r = reviewer or Reviewer()
    hands: list[dict[str, Any]] = []
    total = len(events)
    for d in decisions(game, events, seat, resume):
        if not hands or hands[-1]["hand"] != d.hand:
            ja, en = round_label(d.round)
            hands.append({"hand": d.hand, "ja": ja, "en": en, "decisions": []})
        hands[-1]["decisions"].append(r.decision(game, d))
        if progress is not None:
            progress(d.event, total)
    if progress is not None:
        progress(total, total)
    return {
        "version": VERSION,
        "bot": "standard",
        "preset": game.preset.name,
        "people": game.people,
        "seat": seat,
        "summary": summarize(hands),
        "hands": hands,
    }


UNITS = ("points", "places")
"""The units a cost is in: expected points (a discard's offence, or its push less the
deal-in risk; a riichi kind's expected points) and, in the last hand, places
(``RANK_POINTS`` a place: the bot's :class:`~jantaku.bots.standard.standing.Standing`)."""


def _tally(ds: list[dict[str, Any]]) -> dict[str, Any]:
    known = [d for d in ds if d["agree"] is not None]
    agree = sum(1 for d in known if d["agree"])
    by_unit: dict[str, dict[str, Any]] = {}
    for unit in UNITS:
        valued = [d["cost"] for d in known if d["cost_unit"] == unit]
        if not valued and unit != "points":
            continue
        total = sum(valued)
        by_unit[unit] = {
            "valued": len(valued),
            "total_cost": round(total, 1),
            "average_cost": round(total / len(valued), 2) if valued else None,
        }
    points = by_unit["points"]
    return {
        "decisions": len(ds),
        "known": len(known),
        "agree": agree,
        "agreement": round(agree / len(known), 4) if known else None,
        "ties": sum(1 for d in known if d["note"] == "tie"),
        "valued": points["valued"],
        "rule": sum(1 for d in known if d["note"] in ("rule", "copy")),
        "step_back": sum(1 for d in known if d["note"] == "step_back"),
        "total_cost": points["total_cost"],
        "average_cost": points["average_cost"],
        "by_unit": by_unit,
    }


def summarize(hands: list[dict[str, Any]]) -> dict[str, Any]:
    """The summary of a review's hands: the whole (一致率, costs in points; in places
    apart, ``by_unit``), by kind of decision, by hand, and the ten costliest decisions of
    each unit (points first)."""
    every = [d for h in hands for d in h["decisions"]]
    kinds = sorted({d["kind"] for d in every})
    worst = []
    for unit in UNITS:
        worst += sorted(
            (
                (d["cost"], h["hand"], i)
                for h in hands
                for i, d in enumerate(h["decisions"])
                if d["cost"] is not None and d["cost"] > 0 and d["cost_unit"] == unit
            ),
            key=lambda x: (-x[0], x[1], x[2]),
        )[:10]
    by_hand = {h["hand"]: h for h in hands}
    out_worst = []
    for cost, hand, i in worst:
        h = by_hand[hand]
        d = h["decisions"][i]
        out_worst.append(
            {
                "hand": hand,
                "index": i,
                "ja": h["ja"],
                "en": h["en"],
                "cost": cost,
                "unit": d["cost_unit"],
                "taken": d["options"][d["taken"]],
                "bot": d["options"][0],
            }
        )
    return {
        **_tally(every),
        "by_kind": {k: _tally([d for d in every if d["kind"] == k]) for k in kinds},
        "by_hand": [
            {"hand": h["hand"], "ja": h["ja"], "en": h["en"], **_tally(h["decisions"])}
            for h in hands
        ],
        "worst": out_worst,
    }
