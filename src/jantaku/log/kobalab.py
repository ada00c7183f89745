"""kobalab 電脳麻将 (majiang) paipu JSON, read as a tenhou.net/6 document.

The paipu of kobalab/majiang-core (and the MahjongLM converter's output) numbers seats from
each hand's dealer (``l`` 0 = East) and writes tiles like ``m1``/``p0`` (red)/``z7``; a round
is a list of one-key events (``qipai``, ``zimo``, ``dapai``, ``fulou``, ``gang``,
``gangzimo``, ``kaigang``, ``penuki``, ``hule``, ``pingju``). :func:`to_tenhou6` rewrites a
paipu as the tenhou.net/6 document it describes (absolute seats, seat 0 the first dealer), so
jantaku's Tenhou reader, replay and ``tenhou-check`` take it like any Tenhou record.

>>> to_tenhou6({"title": "四鳳東喰赤速", "player": ["a", "b", "c", "d"], "qijia": 0,
...             "defen": [25000] * 4, "log": []})["rule"]
{'disp': '四鳳東喰赤速'}
"""

from __future__ import annotations

from typing import Any, Final

from jantaku.scoring.points import base_points

from .tenhou6_text import LIMIT_TEXT, MINKAN_POS, PON_POS

_SUIT_BASE: Final = {"m": 10, "p": 20, "s": 30, "z": 40}
_DRAWS: Final = {
    "流局": "流局",
    "荒牌平局": "流局",
    "九種九牌": "九種九牌",
    "四家立直": "四家立直",
    "三家和": "三家和了",
    "三家和了": "三家和了",
    "四開槓": "四槓散了",
    "四槓散了": "四槓散了",
    "四風連打": "四風連打",
    "流し満貫": "流し満貫",
}


class KobalabError(ValueError):
    """A paipu that cannot be read (the message says where and why)."""


def _code(tile: str) -> int:
    """tenhou.net/6 code of a kobalab tile (``m0`` red five: 51)."""
    if len(tile) < 2 or tile[0] not in _SUIT_BASE or not tile[1].isdigit():
        raise KobalabError(f"bad tile {tile!r}")
    suit, digit = tile[0], int(tile[1])
    if digit == 0:
        return {"m": 51, "p": 52, "s": 53}[suit]
    return _SUIT_BASE[suit] + digit


def _tiles(text: str) -> list[int]:
    """Codes of a kobalab tile string (``m123p0z11``), up to its first comma (melds)."""
    out: list[int] = []
    suit = ""
    for ch in text.split(",")[0]:
        if ch in _SUIT_BASE:
            suit = ch
        elif ch.isdigit():
            if not suit:
                raise KobalabError(f"digits before a suit in {text!r}")
            out.append(_code(suit + ch))
    return out


def _meld(text: str) -> tuple[list[int], int | None]:
    """A meld string's codes and the index of the called tile (the digit before ``+=-``)."""
    suit = text[0]
    codes: list[int] = []
    called: int | None = None
    for ch in text[1:]:
        if ch.isdigit():
            codes.append(_code(suit + ch))
        elif ch in "+=-":
            called = len(codes) - 1
    return codes, called


class _KobalabRound:
    def __init__(self, qipai: dict[str, Any], players: int) -> None:
        self.n = players
        self.dealer = int(qipai["jushu"]) % players
        defen = qipai["defen"]
        self.head = [
            qipai["zhuangfeng"] * 4 + qipai["jushu"],
            qipai["changbang"],
            qipai["lizhibang"],
        ]
        self.scores = [defen[(s - self.dealer) % players] if s < players else 0 for s in range(4)]
        self.dora = [_code(qipai["baopai"])]
        self.ura: list[int] = []
        hands = qipai["shoupai"]
        self.hands = [
            sorted(_tiles(hands[(s - self.dealer) % players])) if s < players else []
            for s in range(4)
        ]
        self.takes: list[list[Any]] = [[] for _ in range(4)]
        self.outs: list[list[Any]] = [[] for _ in range(4)]
        self.pons: dict[tuple[int, int], tuple[list[int], int]] = {}
        self.last_discard: int | None = None
        self.result: list[Any] = []

    def seat(self, rel: int) -> int:
        return (self.dealer + rel) % self.n

    def event(self, kind: str, body: dict[str, Any]) -> None:
        if kind in ("zimo", "gangzimo"):
            self.takes[self.seat(body["l"])].append(_code(body["p"]))
        elif kind == "dapai":
            seat = self.seat(body["l"])
            p: str = body["p"]
            code = 60 if "_" in p else _code(p[:2])
            self.outs[seat].append(f"r{code}" if "*" in p else code)
            self.last_discard = seat
        elif kind == "fulou":
            self._call(self.seat(body["l"]), body["m"])
        elif kind == "gang":
            self._kan(self.seat(body["l"]), body["m"])
        elif kind == "penuki":
            self.outs[self.seat(body["l"])].append(f"f{_code(body['p'])}")
        elif kind == "kaigang":
            self.dora.append(_code(body["baopai"]))
        elif kind == "hule":
            self._win(body)
        elif kind == "pingju":
            name = _DRAWS.get(body.get("name", ""), "流局")
            fenpei = body.get("fenpei")
            if name in ("流局", "流し満貫") and isinstance(fenpei, list):
                self.result = [name, self._deltas(fenpei)]
            else:
                self.result = [name]

    def _call(self, seat: int, m: str) -> None:
        codes, at = _meld(m)
        if at is None or self.last_discard is None:
            raise KobalabError(f"call {m!r} without a called tile or a discard")
        called = codes[at]
        others = [c for i, c in enumerate(codes) if i != at]
        rel = (self.last_discard - seat) % 4
        if len(codes) == 3 and len({_plain(c) for c in codes}) == 3:
            self.takes[seat].append("c" + "".join(str(c) for c in [called, *sorted(others)]))
            return
        pos = (PON_POS if len(codes) == 3 else MINKAN_POS)[rel]
        ordered = [*others[:pos], called, *others[pos:]]
        letter = "p" if len(codes) == 3 else "m"
        self.takes[seat].append(
            "".join(f"{letter}{c}" if i == pos else str(c) for i, c in enumerate(ordered))
        )
        if len(codes) == 3:
            self.pons[(seat, _plain(called))] = (ordered, pos)
        else:
            self.outs[seat].append(0)

    def _kan(self, seat: int, m: str) -> None:
        codes, at = _meld(m)
        if at is None:  # a closed kan
            self.outs[seat].append("".join(str(c) for c in codes[:3]) + f"a{codes[3]}")
            return
        added = codes[-1]
        pon = self.pons.get((seat, _plain(added)))
        if pon is None:
            raise KobalabError(f"added kan {m!r} without a pon")
        ordered, pos = pon
        others = [c for i, c in enumerate(ordered) if i != pos]
        full = [*others[:pos], added, ordered[pos], *others[pos:]]
        self.outs[seat].append("".join(f"k{c}" if i == pos else str(c) for i, c in enumerate(full)))

    def _deltas(self, fenpei: list[int]) -> list[int]:
        return [fenpei[(s - self.dealer) % self.n] if s < self.n else 0 for s in range(4)]

    def _win(self, h: dict[str, Any]) -> None:
        who = self.seat(h["l"])
        frm = who if h.get("baojia") is None else self.seat(h["baojia"])
        if h.get("fubaopai"):
            self.ura = [_code(t) for t in h["fubaopai"]]
        entries: list[str] = []
        han = 0
        for y in h.get("hupai", []):
            f = y.get("fanshu")
            if isinstance(f, str):  # "*" a yakuman, "**" a double one
                entries.append(f"{y['name']}(役満)")
            else:
                han += int(f)
                if not (y["name"] == "裏ドラ" and f == 0):
                    entries.append(f"{y['name']}({int(f)}飜)")
        yakuman = int(h.get("damanguan") or 0)
        fu = int(h.get("fu") or 0)
        base, limit = base_points(han, fu, yakuman)
        head = LIMIT_TEXT[limit] if limit else f"{fu}符{han}飜"
        self.result = self.result or ["和了"]
        self.result += [
            self._deltas(h["fenpei"]),
            [who, frm, who, head + _amount(base, who, frm, self.dealer), *entries],
        ]

    def json(self) -> list[Any]:
        seats: list[Any] = []
        for s in range(4):
            seats += [self.hands[s], self.takes[s], self.outs[s]]
        return [self.head, self.scores, self.dora, self.ura, *seats, self.result]


def _plain(code: int) -> int:
    """The plain code of a red five's code (51 -> 15)."""
    return (code - 50) * 10 + 5 if code > 50 else code


def _ceil100(x: int) -> int:
    return -(-x // 100) * 100


def _amount(base: int, who: int, frm: int, dealer: int) -> str:
    """The score text's points: a ron's, a dealer tsumo's (each, ∀) or a non-dealer's."""
    if who != frm:
        return f"{_ceil100(base * (6 if who == dealer else 4))}点"
    if who == dealer:
        return f"{_ceil100(base * 2)}点∀"
    return f"{_ceil100(base)}-{_ceil100(base * 2)}点"


def to_tenhou6(doc: dict[str, Any]) -> dict[str, Any]:
    """The tenhou.net/6 document of a kobalab paipu."""
    log = doc.get("log")
    if not isinstance(log, list):
        raise KobalabError("a paipu needs a 'log' list of rounds")
    players = len(doc.get("player") or doc.get("defen") or [0, 0, 0, 0])
    if players not in (3, 4):
        raise KobalabError(f"{players} players: only 3 or 4")
    rounds: list[list[Any]] = []
    for i, raw in enumerate(log):
        if not isinstance(raw, list) or not raw or "qipai" not in raw[0]:
            raise KobalabError(f"round {i} does not start with qipai")
        try:
            rnd = _KobalabRound(raw[0]["qipai"], players)
            for ev in raw[1:]:
                ((kind, body),) = ev.items()
                rnd.event(kind, body)
        except (KeyError, TypeError, ValueError) as e:
            raise KobalabError(f"round {i}: {e}") from None
        rounds.append(rnd.json())
    qijia = int(doc.get("qijia", 0))
    out: dict[str, Any] = {"rule": {"disp": str(doc.get("title", ""))}, "log": rounds}
    names = doc.get("player")
    if isinstance(names, list):
        out["name"] = [str(names[(qijia + s) % players]) if s < players else "" for s in range(4)]
    defen, point = doc.get("defen"), doc.get("point")
    if isinstance(defen, list) and len(defen) == players:
        pts = point if isinstance(point, list) and len(point) == players else [0] * players
        out["sc"] = [
            v
            for s in range(4)
            for v in (
                (int(defen[(qijia + s) % players]), float(pts[(qijia + s) % players]))
                if s < players
                else (0, 0.0)
            )
        ]
    return out
