"""Tenhou's mjlog XML records, read into :class:`jantaku.log.record.GameRecord`."""

from __future__ import annotations

import urllib.parse
import xml.etree.ElementTree as ET
from pathlib import Path

from .record import (
    GAME_ID_RE,
    Call,
    Discard,
    Draw,
    DrawKind,
    ExhaustiveOrAbortiveDraw,
    GameRecord,
    NewDora,
    Owari,
    RecordError,
    RecordEvent,
    Result,
    Riichi,
    RoundRecord,
    RuleInfo,
    Win,
    attr_floats,
    attr_ints,
    round_label,
)

_XML_DRAW_KINDS: dict[str, DrawKind] = {
    "yao9": "yao9",
    "reach4": "reach4",
    "ron3": "ron3",
    "kan4": "kan4",
    "kaze4": "kaze4",
    "nm": "nm",
}

# ---------------------------------------------------------------------------------------------
# mjlog XML


def _decode_meld(who: int, m: int) -> Call:
    """Decode a Tenhou ``N`` meld code (FORMAT.md section 1)."""
    rel = m & 3
    from_seat = (who + rel) % 4 if rel else None
    if m & 0x4:  # chi
        p = m >> 10
        called_idx = p % 3
        t = p // 3
        base = (t // 7) * 9 + t % 7
        ids = [(base + i) * 4 + ((m >> (3 + 2 * i)) & 3) for i in range(3)]
        called = ids[called_idx]
        rest = [x for x in ids if x != called]
        return Call(who, "chi", (called, *rest), called, from_seat)
    if m & 0x18:  # pon / kakan
        p = m >> 9
        kind = p // 3
        r = p % 3
        unused = (m >> 5) & 3
        ids = [kind * 4 + c for c in range(4) if c != unused]
        called = ids[r]
        rest = [x for x in ids if x != called]
        if m & 0x8:
            return Call(who, "pon", (called, *rest), called, from_seat)
        return Call(who, "kakan", (called, *rest, kind * 4 + unused), called, from_seat)
    if m & 0x20:  # kita
        return Call(who, "kita", (m >> 8,), None, None)
    tile = m >> 8
    kind = tile // 4
    if rel == 0:
        return Call(who, "ankan", tuple(kind * 4 + c for c in range(4)), None, None)
    rest = [kind * 4 + c for c in range(4) if kind * 4 + c != tile]
    return Call(who, "minkan", (tile, *rest), tile, from_seat)


class _XmlRound:
    def __init__(self, path: Path, el: ET.Element, players: int) -> None:
        a = el.attrib
        self.path = path
        seed = attr_ints(path, "INIT", a.get("seed"), "seed")
        if len(seed) != 6:
            raise RecordError(path, f"INIT seed has {len(seed)} values, expected 6", "INIT")
        self.index, self.honba, self.sticks = seed[0], seed[1], seed[2]
        self.where = round_label(self.index, self.honba)
        self.dice = (seed[3], seed[4])
        self.dora = (seed[5],)
        ten = attr_ints(path, self.where, a.get("ten"), "ten")
        if len(ten) != 4:
            raise RecordError(path, f"INIT ten has {len(ten)} values", self.where)
        self.scores = tuple(x * 100 for x in ten)
        self.dealer = int(a.get("oya", "-1"))
        if not 0 <= self.dealer < players:
            raise RecordError(path, f"bad oya {a.get('oya')!r}", self.where)
        hands = []
        for seat in range(4):
            hand = attr_ints(path, self.where, a.get(f"hai{seat}", ""), f"hai{seat}")
            expected = 13 if seat < players else 0
            if len(hand) != expected:
                raise RecordError(
                    path, f"hai{seat} has {len(hand)} tiles, expected {expected}", self.where
                )
            hands.append(tuple(hand))
        self.hands = tuple(hands)
        self.events: list[RecordEvent] = []
        self.results: list[Result] = []
        self.last_draw: list[int | None] = [None] * 4

    def build(self) -> RoundRecord:
        return RoundRecord(
            index=self.index,
            round_wind=self.index // 4,
            kyoku=self.index % 4 + 1,
            dealer=self.dealer,
            honba=self.honba,
            sticks=self.sticks,
            dice=self.dice,
            scores=self.scores,
            dora_indicators=self.dora,
            hands=self.hands,
            events=self.events,
            results=self.results,
        )


def _xml_scores(
    path: Path, where: str, a: dict[str, str]
) -> tuple[tuple[int, ...], tuple[int, ...]]:
    sc = attr_ints(path, where, a.get("sc"), "sc")
    if len(sc) != 8:
        raise RecordError(path, f"sc has {len(sc)} values, expected 8", where)
    return tuple(x * 100 for x in sc[0::2]), tuple(x * 100 for x in sc[1::2])


def _xml_owari(path: Path, where: str, text: str) -> Owari:
    vals = attr_floats(path, where, text, "owari")
    if len(vals) != 8:
        raise RecordError(path, f"owari has {len(vals)} values, expected 8", where)
    return Owari(
        points=tuple(round(x * 100) for x in vals[0::2]),
        scores=tuple(vals[1::2]),
    )


def parse_mjlog(path: Path, text: str) -> GameRecord:
    try:
        root = ET.fromstring(text)
    except ET.ParseError as exc:
        raise RecordError(path, f"XML parse error: {exc}") from exc
    if root.tag != "mjloggm":
        raise RecordError(path, f"root element is <{root.tag}>, expected <mjloggm>")

    go_type: int | None = None
    lobby: int | None = None
    names: tuple[str, ...] | None = None
    players: int | None = None
    rounds: list[RoundRecord] = []
    cur: _XmlRound | None = None
    owari: Owari | None = None

    def need_round(tag: str) -> _XmlRound:
        if cur is None:
            raise RecordError(path, f"<{tag}> before the first INIT")
        return cur

    for el in root:
        tag = el.tag
        a = el.attrib
        try:
            if tag == "GO":
                go_type = int(a.get("type", "0"))
                lobby = int(a["lobby"]) if a.get("lobby", "").isdigit() else None
                players = 3 if go_type & 0x10 else 4
            elif tag == "UN":
                if names is None and "n0" in a:
                    names = tuple(urllib.parse.unquote(a.get(f"n{i}", "")) for i in range(4))
            elif tag == "INIT":
                if cur is not None:
                    rounds.append(cur.build())
                if players is None:
                    players = 3 if not a.get("hai3", "") else 4
                cur = _XmlRound(path, el, players)
            elif len(tag) > 1 and tag[0] in "TUVW" and tag[1:].isdigit():
                r = need_round(tag)
                seat = "TUVW".index(tag[0])
                tile = int(tag[1:])
                r.events.append(Draw(seat, tile))
                r.last_draw[seat] = tile
            elif len(tag) > 1 and tag[0] in "DEFG" and tag[1:].isdigit():
                r = need_round(tag)
                seat = "DEFG".index(tag[0])
                tile = int(tag[1:])
                r.events.append(Discard(seat, tile, r.last_draw[seat] == tile))
                r.last_draw[seat] = None
            elif tag == "N":
                r = need_round(tag)
                who = int(a.get("who", "-1"))
                if not 0 <= who < 4 or "m" not in a:
                    raise RecordError(path, f"bad N tag {a}", r.where)
                call = _decode_meld(who, int(a["m"]))
                r.events.append(call)
                if call.type in ("chi", "pon", "minkan"):
                    r.last_draw[who] = None
            elif tag == "REACH":
                r = need_round(tag)
                step = int(a.get("step", "0"))
                if step not in (1, 2):
                    raise RecordError(path, f"bad REACH step {a.get('step')!r}", r.where)
                r.events.append(Riichi(int(a["who"]), 1 if step == 1 else 2))
            elif tag == "DORA":
                r = need_round(tag)
                r.events.append(NewDora(int(a["hai"])))
            elif tag == "AGARI":
                r = need_round(tag)
                r.results.append(_xml_win(path, r.where, a))
                if "owari" in a:
                    owari = _xml_owari(path, r.where, a["owari"])
            elif tag == "RYUUKYOKU":
                r = need_round(tag)
                r.results.append(_xml_draw(path, r.where, a))
                if "owari" in a:
                    owari = _xml_owari(path, r.where, a["owari"])
            # SHUFFLE, TAIKYOKU, BYE and unknown tags carry nothing we need.
        except RecordError:
            raise
        except (KeyError, ValueError, IndexError) as exc:
            where = cur.where if cur is not None else None
            raise RecordError(path, f"bad <{tag}> tag {dict(a)}: {exc!r}", where) from exc
    if cur is not None:
        rounds.append(cur.build())
    if players is None:
        raise RecordError(path, "no GO or INIT tag: not a game record")
    red = not (go_type is not None and go_type & 0x02)
    rules = RuleInfo(
        red_fives=(red, red, red),
        kuitan=None if go_type is None else not go_type & 0x04,
        hanchan=None if go_type is None else bool(go_type & 0x08),
        go_type=go_type,
        lobby=lobby,
        json_rule=None,
        display=None,
    )
    m = GAME_ID_RE.search(path.name)
    return GameRecord(
        source=path,
        format="mjlog",
        players=players,
        rules=rules,
        names=names if names is not None else ("", "", "", ""),
        game_id=m.group(0) if m else None,
        rounds=rounds,
        owari=owari,
    )


def _xml_win(path: Path, where: str, a: dict[str, str]) -> Win:
    try:
        who = int(a["who"])
        from_who = int(a["fromWho"])
        machi = int(a["machi"])
    except (KeyError, ValueError) as exc:
        raise RecordError(path, f"bad AGARI attributes: {exc}", where) from exc
    pao = int(a["paoWho"]) if "paoWho" in a else None
    hand = tuple(attr_ints(path, where, a.get("hai"), "hai"))
    melds = tuple(_decode_meld(who, m) for m in attr_ints(path, where, a.get("m", ""), "m"))
    ten = attr_ints(path, where, a.get("ten"), "ten")
    if len(ten) != 3:
        raise RecordError(path, f"AGARI ten has {len(ten)} values", where)
    yaku_raw = attr_ints(path, where, a.get("yaku", ""), "yaku")
    if len(yaku_raw) % 2:
        raise RecordError(path, "AGARI yaku has an odd number of values", where)
    yaku = tuple(zip(yaku_raw[0::2], yaku_raw[1::2], strict=True))
    yakuman = tuple(attr_ints(path, where, a.get("yakuman", ""), "yakuman"))
    ba = attr_ints(path, where, a.get("ba"), "ba")
    if len(ba) != 2:
        raise RecordError(path, f"AGARI ba has {len(ba)} values", where)
    before, deltas = _xml_scores(path, where, a)
    if machi not in hand:
        raise RecordError(path, f"AGARI machi {machi} not in hai", where)
    return Win(
        who=who,
        from_who=from_who,
        pao_who=pao,
        hand=hand,
        melds=melds,
        win_tile=machi,
        fu=ten[0],
        han=sum(h for _, h in yaku),
        points=ten[1],
        limit=ten[2],
        yaku=yaku,
        yakuman=yakuman,
        dora_indicators=tuple(attr_ints(path, where, a.get("doraHai"), "doraHai")),
        ura_indicators=tuple(attr_ints(path, where, a.get("doraHaiUra", ""), "doraHaiUra")),
        honba=ba[0],
        sticks=ba[1],
        deltas=deltas,
        scores_before=before,
    )


def _xml_draw(path: Path, where: str, a: dict[str, str]) -> ExhaustiveOrAbortiveDraw:
    t = a.get("type")
    if t is None:
        kind: DrawKind = "exhaustive"
    elif t in _XML_DRAW_KINDS:
        kind = _XML_DRAW_KINDS[t]
    else:
        raise RecordError(path, f"unknown RYUUKYOKU type {t!r}", where)
    ba = attr_ints(path, where, a.get("ba"), "ba")
    if len(ba) != 2:
        raise RecordError(path, f"RYUUKYOKU ba has {len(ba)} values", where)
    before, deltas = _xml_scores(path, where, a)
    revealed = tuple(
        (seat, tuple(attr_ints(path, where, a[f"hai{seat}"], f"hai{seat}")))
        for seat in range(4)
        if f"hai{seat}" in a
    )
    tenpai = tuple(s for s, _ in revealed) if kind in ("exhaustive", "nm") else None
    return ExhaustiveOrAbortiveDraw(
        kind=kind,
        deltas=deltas,
        tenpai_seats=tenpai,
        honba=ba[0],
        sticks=ba[1],
        scores_before=before,
        revealed=revealed,
    )
