"""The JSON situation and result of ``jantaku score`` (shared/spec/interfaces.md)."""

from __future__ import annotations

import json
from typing import Any

from jantaku.tiles.kinds import WIND_LETTERS, WINDS, Kind, kind_name
from jantaku.tiles.notation import (
    InvalidNotationError,
    Meld,
    MeldType,
    Source,
    TileAllocator,
    check_meld,
    kinds_to_string,
    parse_run,
)
from jantaku.tiles.tileset import TileSet, tile_kind

from .chips import WinChips, win_chips
from .score import Scorer, ScoreResult
from .situation import RiichiKind, WinSituation

_MELD_TYPES = {
    "chi": MeldType.CHI,
    "pon": MeldType.PON,
    "minkan": MeldType.MINKAN,
    "ankan": MeldType.ANKAN,
    "kakan": MeldType.KAKAN,
}
_FIELDS = {
    "hand",
    "melds",
    "win_tile",
    "win",
    "players",
    "seat",
    "round",
    "discarder",
    "riichi",
    "ippatsu",
    "rinshan",
    "chankan",
    "haitei",
    "houtei",
    "first_turn",
    "dora_indicators",
    "ura_indicators",
    "start_indicators",
    "kans",
    "extracted",
    "honba",
    "riichi_sticks",
    "furiten",
    "options",
    "pao",
    "wareme",
    "kan_feeder",
    "tedumari",
    "alice",
    "mu",
    "pochi_spilled",
}


class SituationError(ValueError):
    """A situation JSON that is malformed (names the field)."""


def wind_of(letter: Any, field: str) -> Kind:
    if letter not in ("E", "S", "W", "N"):
        raise SituationError(f"{field}: a seat wind E, S, W or N, not {letter!r}")
    return WINDS[WIND_LETTERS.index(letter)]


def _bool(obj: dict[str, Any], key: str) -> bool:
    v = obj.get(key, False)
    if not isinstance(v, bool):
        raise SituationError(f"{key}: true or false, not {v!r}")
    return v


def _int(obj: dict[str, Any], key: str, default: int) -> int:
    v = obj.get(key, default)
    if not isinstance(v, int) or isinstance(v, bool) or v < 0:
        raise SituationError(f"{key}: a whole number ≥ 0, not {v!r}")
    return v


def _str(obj: dict[str, Any], key: str) -> str:
    v = obj.get(key, "")
    if not isinstance(v, str):
        raise SituationError(f"{key}: an MPSZ string, not {v!r}")
    return v


class FieldTiles:
    """Parses the tile fields of one situation against one shared pool of copies, so a
    fifth copy anywhere is caught, and names the field in the error."""

    def __init__(self, ts: TileSet) -> None:
        self.alloc = TileAllocator("", ts)

    def parse(self, field: str, text: str) -> list[int]:
        self.alloc.text = text
        try:
            return parse_run(text, text, self.alloc)
        except InvalidNotationError as e:
            raise SituationError(f"{field}: {e}") from None


def situation_from_json(
    obj: Any,
    ts: TileSet,
    default_players: int,
    extractable: frozenset[Kind] = frozenset(),
    default_start: int | None = None,
) -> WinSituation:
    """Build a :class:`WinSituation` from the ``jantaku score`` JSON.

    ``extractable``: the kinds this preset sets aside (nuki-dora, flowers); any other
    extracted tile is an error.
    ``default_start``: the dora indicators the preset turns at the start of a hand
    (``table.initial_dora``), when the situation does not say.
    """
    if not isinstance(obj, dict):
        raise SituationError("a situation is a JSON object")
    unknown = sorted(set(obj) - _FIELDS)
    if unknown:
        raise SituationError(f"unknown field {unknown[0]!r}")
    hand_text = _str(obj, "hand")
    mu = _bool(obj, "mu")
    if not hand_text and not mu:
        raise SituationError("hand: missing")
    pool = FieldTiles(ts)
    concealed = pool.parse("hand", hand_text)
    players = _int(obj, "players", default_players)
    if players not in (3, 4):
        raise SituationError(f"players: 3 or 4, not {players}")
    # Four people at a three-player table: three play the hand, the fourth sits out.
    sitting_out = players == 4 and default_players == 3
    if sitting_out:
        players = 3
    elif players == 3 and default_players == 4:
        raise SituationError("players: this preset is played by four")
    seat = wind_of(obj.get("seat", "E"), "seat")
    round_wind = wind_of(obj.get("round", "E"), "round")
    if WINDS.index(seat) >= players:
        raise SituationError(f"seat: no {obj.get('seat')} seat at a {players}-player table")
    melds: list[Meld] = []
    raw_melds = obj.get("melds", [])
    if not isinstance(raw_melds, list):
        raise SituationError("melds: a list")
    for i, m in enumerate(raw_melds):
        if not isinstance(m, dict) or set(m) - {"type", "tiles", "from"}:
            raise SituationError(f"melds[{i}]: an object with type, tiles and from")
        mtype = _MELD_TYPES.get(m.get("type", ""))
        if mtype is None:
            raise SituationError(f"melds[{i}].type: one of {', '.join(_MELD_TYPES)}")
        text = m.get("tiles", "")
        if not isinstance(text, str):
            raise SituationError(f"melds[{i}].tiles: an MPSZ string")
        tiles = pool.parse(f"melds[{i}].tiles", text)
        try:
            check_meld(text, text, mtype, tiles)
        except InvalidNotationError as e:
            raise SituationError(f"melds[{i}].tiles: {e}") from None
        if mtype is MeldType.CHI and players == 3:
            raise SituationError(f"melds[{i}]: there is no chi at a three-player table")
        source: Source | None = None
        if mtype is not MeldType.ANKAN:
            frm = m.get("from")
            if frm is None:
                source = Source.LEFT
            else:
                w = wind_of(frm, f"melds[{i}].from")
                if w == seat:
                    raise SituationError(f"melds[{i}].from: a call from yourself")
                offset = (WINDS.index(w) - WINDS.index(seat)) % 4
                if players == 3 and offset == 2 and WINDS.index(w) < 3:
                    offset = 3 if (WINDS.index(seat) - WINDS.index(w)) % 3 == 1 else 1
                source = Source(offset)
        melds.append(Meld(mtype, tuple(tiles), source))
    extracted = tuple(pool.parse("extracted", _str(obj, "extracted")))
    for t in extracted:
        if tile_kind(t) not in extractable:
            raise SituationError(
                f"extracted: {kind_name(tile_kind(t))} is not set aside under these rules"
            )
    dora = tuple(pool.parse("dora_indicators", _str(obj, "dora_indicators")))
    ura = tuple(pool.parse("ura_indicators", _str(obj, "ura_indicators")))
    start_indicators, kans = _indicator_facts(obj, len(dora), len(ura), default_start)
    if mu:
        if concealed:
            raise SituationError("hand: 無 means no tile is left in the hand")
        return WinSituation(
            concealed=(),
            win_tile=-1,
            tsumo=True,
            melds=tuple(melds),
            seat_wind=seat,
            round_wind=round_wind,
            players=players,
            honba=_int(obj, "honba", 0),
            riichi_sticks=_int(obj, "riichi_sticks", 0),
            mu=True,
            pao_wind=None if obj.get("pao") is None else wind_of(obj["pao"], "pao"),
            wareme_wind=_opt_wind(obj, "wareme"),
            sitting_out=sitting_out,
            tileset=ts,
        )
    win_text = _str(obj, "win_tile")
    if not win_text:
        raise SituationError("win_tile: missing")
    wt = FieldTiles(ts).parse("win_tile", win_text)
    if len(wt) != 1:
        raise SituationError("win_tile: exactly one tile")
    wkind, wvar = tile_kind(wt[0]), ts.variant(wt[0])
    match = [t for t in concealed if tile_kind(t) == wkind and ts.variant(t) is wvar]
    if not match:
        raise SituationError(f"win_tile: {win_text} is not in the hand")
    win = obj.get("win", "ron")
    if win not in ("ron", "tsumo"):
        raise SituationError(f"win: ron or tsumo, not {win!r}")
    tsumo = win == "tsumo"
    discarder = None
    if not tsumo:
        if "discarder" not in obj:
            raise SituationError("discarder: a ron needs the discarder's seat")
        discarder = wind_of(obj["discarder"], "discarder")
        if discarder == seat:
            raise SituationError("discarder: the winner cannot ron their own discard")
        if WINDS.index(discarder) >= players:
            raise SituationError(f"discarder: no {obj['discarder']} seat at this table")
    try:
        riichi = RiichiKind(obj.get("riichi", "none"))
    except ValueError:
        kinds = ", ".join(r.value for r in RiichiKind)
        raise SituationError(f"riichi: one of {kinds}") from None
    if riichi.declared and any(m.is_open for m in melds):
        raise SituationError("riichi: an open hand cannot have declared riichi")
    pao = obj.get("pao")
    return WinSituation(
        concealed=tuple(concealed),
        win_tile=match[0],
        tsumo=tsumo,
        melds=tuple(melds),
        seat_wind=seat,
        round_wind=round_wind,
        players=players,
        discarder_wind=discarder,
        riichi=riichi,
        ippatsu=_bool(obj, "ippatsu"),
        rinshan=_bool(obj, "rinshan"),
        chankan=_bool(obj, "chankan"),
        haitei=_bool(obj, "haitei"),
        houtei=_bool(obj, "houtei"),
        first_turn=_bool(obj, "first_turn"),
        dora_indicators=dora,
        ura_indicators=ura,
        start_indicators=start_indicators,
        kans=kans,
        extracted=extracted,
        honba=_int(obj, "honba", 0),
        riichi_sticks=_int(obj, "riichi_sticks", 0),
        furiten=_bool(obj, "furiten"),
        pao_wind=None if pao is None else wind_of(pao, "pao"),
        kan_feeder_wind=_opt_wind(obj, "kan_feeder"),
        wareme_wind=_opt_wind(obj, "wareme"),
        tedumari=_bool(obj, "tedumari"),
        pochi_spilled=_bool(obj, "pochi_spilled"),
        alice=tuple(FieldTiles(ts).parse("alice", _str(obj, "alice"))),
        sitting_out=sitting_out,
        tileset=ts,
    )


def _indicator_facts(
    obj: dict[str, Any], dora: int, ura: int, default_start: int | None
) -> tuple[int | None, int | None]:
    """``start_indicators`` (dora indicators turned at the start of the hand) and ``kans``
    (kans made this hand): which indicators are kan dora. Absent: the preset's start count
    (``default_start``), and every indicator after those is a kan's."""
    start, kans = default_start, None
    if "start_indicators" in obj:
        start = _int(obj, "start_indicators", 0)
        if start == 0:
            raise SituationError("start_indicators: at least one indicator is turned at the start")
    if "kans" in obj:
        kans = _int(obj, "kans", 0)
        if kans > 4:
            raise SituationError(f"kans: at most 4 in a hand, not {kans}")
        if start is not None:
            for field, n in (("dora_indicators", dora), ("ura_indicators", ura)):
                if n > start + kans:
                    raise SituationError(
                        f"{field}: {n} indicators, but {start} turned at the start and "
                        f"{kans} by kans (say start_indicators)"
                    )
    return start, kans


def _opt_wind(obj: dict[str, Any], key: str) -> Kind | None:
    return None if obj.get(key) is None else wind_of(obj[key], key)


def result_to_json(r: ScoreResult, chips: WinChips | None = None) -> dict[str, Any]:
    return {
        "yaku": [
            {"id": y.id, "han": y.han} | ({"yakuman": y.yakuman} if y.yakuman else {})
            for y in r.yaku
        ],
        "han": r.han,
        "fu": r.fu,
        "limit": r.limit,
        "yakuman": r.yakuman,
        "payments": {WIND_LETTERS[WINDS.index(k)]: v for k, v in r.payments.items()},
        "sticks": r.sticks,
        "chips": {}
        if chips is None
        else {WIND_LETTERS[WINDS.index(k)]: v for k, v in chips.payers.items()},
        "dice_chances": 0 if chips is None else chips.dice_chances,
        "wildcard": kinds_to_string(r.wildcards) if r.wildcards else None,
    }


class ScoreService:
    """``jantaku score`` as a library call: one situation JSON in, one result JSON out,
    with scorers cached per (rules, options)."""

    def __init__(self, rules: str = "riichi") -> None:
        self.rules = rules
        self._scorers: dict[str, Scorer] = {}

    def scorer(self, options: dict[str, Any] | None) -> Scorer:
        from jantaku.rules.loader import load_preset

        key = json.dumps(options or {}, sort_keys=True)
        if key not in self._scorers:
            self._scorers[key] = Scorer(load_preset(self.rules, options or None))
        return self._scorers[key]

    def score(self, obj: Any) -> dict[str, Any]:
        options = obj.get("options", {}) if isinstance(obj, dict) else {}
        if not isinstance(options, dict):
            raise SituationError("options: an object of knob values")
        scorer = self.scorer(options)
        sit = situation_from_json(
            obj,
            scorer.tileset,
            scorer.preset.players,
            scorer.extractable,
            default_start=scorer.preset.table.initial_dora,
        )
        result = scorer.score(sit)
        return result_to_json(result, win_chips(result, sit, scorer.preset))
