"""Write jantaku game logs in formats other tools read: tenhou.net/6 JSON and mjai.

``jantaku export --format tenhou6|mjai --out DIR LOG.jsonl`` reads a log written by
``jantaku simulate --out`` (one JSON event a line with a ``game`` index) or a table's
downloaded log (``GET /api/tables/{id}/log``, one game), and writes one file per finished
game: ``game-0000.json`` (tenhou.net/6) or ``game-0000.mjai.jsonl`` (mjai, every hand and
draw shown, as mjai-reviewer reads it).

``riichi`` and ``sanma`` export exactly: jantaku's own Tenhou reader reads the file back and
replays it through the engine to the same hands, wins, point changes and final scores, and
``jantaku tenhou-check`` scores every win as the file says. House presets export what
tenhou.net/6 can hold; docs/export.md lists what it drops (chips and their settlement,
flowers, gold fives, wildcards, open riichi, シュバ, house yaku...). Four people rotating at
a three-player table cannot be written as tenhou.net/6 (it has three seats).

>>> from jantaku.sim.runner import play_game
>>> import io
>>> buf = io.StringIO()
>>> _ = play_game("riichi", 3, log=buf)
>>> doc = to_tenhou6(games_of(buf.getvalue().splitlines())[0])
>>> doc["rule"]["disp"], len(doc["log"][0]), doc["log"][0][0]
('般南喰赤', 17, [0, 0, 0])
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any, Final

from jantaku.bots.mjai import MjaiStream
from jantaku.game.events import (
    Ankan,
    Chi,
    Dahai,
    Daiminkan,
    Dora,
    EndGame,
    EndKyoku,
    Hora,
    Kakan,
    Nukidora,
    Pon,
    Reach,
    Ryukyoku,
    StartGame,
    StartKyoku,
    Tsumo,
)
from jantaku.rules import load_preset
from jantaku.rules.model import Preset
from jantaku.scoring.points import LIMIT_BASES, YAKUMAN, standard_payments
from jantaku.scoring.score import YakuHan
from jantaku.tiles.kinds import EAST, N_KINDS, N_NUMBER_KINDS, WIND_LETTERS, WINDS
from jantaku.tiles.tileset import Tile, TileSet, Variant, tile_kind

from .tenhou6_text import DRAW_TEXT, LIMIT_TEXT, MINKAN_POS, PON_POS, TENHOU_YAKU_NAMES

FORMATS: Final = ("tenhou6", "mjai")

_TAKES: Final = frozenset({Tsumo.TYPE, Chi.TYPE, Pon.TYPE, Daiminkan.TYPE})
"""Events that put a tile into a hand (tenhou6's 取得牌)."""
_OUTS: Final = frozenset({Dahai.TYPE, Ankan.TYPE, Kakan.TYPE, Nukidora.TYPE})
"""Events that take tiles out of a hand (tenhou6's 出牌)."""


class ExportError(ValueError):
    """A log that cannot be exported (the message says why)."""


# -- reading logs -------------------------------------------------------------------------------


def games_of(lines: Iterable[str]) -> list[list[dict[str, Any]]]:
    """The games of a log's lines: by their ``game`` index (``simulate --out``), else one
    game from each ``start_game`` (a table's log)."""
    games: dict[int, list[dict[str, Any]]] = {}
    order: list[int] = []
    current = -1
    for n, line in enumerate(lines, 1):
        if not line.strip():
            continue
        try:
            ev = json.loads(line)
        except json.JSONDecodeError as e:
            raise ExportError(f"line {n} is not JSON: {e.msg}") from None
        if not isinstance(ev, dict) or not isinstance(ev.get("type"), str):
            raise ExportError(f"line {n} is not an event (a JSON object with a 'type')")
        if "game" in ev:
            key = ev.pop("game")
            if not isinstance(key, int):
                raise ExportError(f"line {n}: 'game' must be a whole number")
        else:
            if ev["type"] == StartGame.TYPE:
                current += 1
            key = current
        if key not in games:
            games[key] = []
            order.append(key)
        games[key].append(ev)
    return [games[k] for k in order]


def _check_game(events: Sequence[dict[str, Any]]) -> Preset:
    if not events or events[0]["type"] != StartGame.TYPE:
        raise ExportError("a game must begin with start_game")
    if events[-1]["type"] != EndGame.TYPE:
        raise ExportError("the game is not finished (no end_game): only finished games export")
    if not any(ev["type"] == StartKyoku.TYPE and "wall" in ev for ev in events):
        raise ExportError("the log has no walls: it is a seat's view, not the full log")
    try:
        return load_preset(events[0]["preset"])
    except Exception as e:
        raise ExportError(f"unknown preset {events[0].get('preset')!r}: {e}") from None


# -- tenhou.net/6 -----------------------------------------------------------------------------


def _code(tile: Tile, ts: TileSet) -> int:
    """tenhou.net/6 code of a physical tile (red fives 51-53; other variants plain)."""
    kind = tile_kind(tile)
    if kind >= N_KINDS:
        raise ExportError("a flower has no tenhou.net/6 code")
    if ts.variant(tile) is Variant.RED and kind in (4, 13, 22):
        return 51 + kind // 9
    if kind < N_NUMBER_KINDS:
        return (kind // 9 + 1) * 10 + kind % 9 + 1
    return 41 + kind - EAST


def _disp(preset: Preset) -> str:
    three = "三" if preset.players == 3 else ""
    length = "東" if preset.game.length == "tonpuu" else "南"
    kuitan = "喰" if preset.scoring.kuitan else ""
    red = "赤" if preset.tiles.red else ""
    return f"{three}般{length}{kuitan}{red}"


class _ExportRound:
    """One hand being written: the 17 entries of a tenhou.net/6 round."""

    def __init__(self, ev: dict[str, Any], ts: TileSet, players: int) -> None:
        self.ts = ts
        self.players = players
        wind = WIND_LETTERS.index(ev["bakaze"])
        self.head = [wind * 4 + ev["kyoku"] - 1, ev["honba"], ev["kyotaku"]]
        self.scores = [*ev["scores"], *[0] * (4 - len(ev["scores"]))]
        self.dealer = ev["oya"]
        self.dora = [self.code(t) for t in ev["dora_tiles"]]
        self.ura: list[int] = []
        hands = ev["wall"]["hands"]
        self.hands = [
            sorted(self.code(t) for t in hands[s] if tile_kind(t) < N_KINDS) if s < players else []
            for s in range(4)
        ]
        self.takes: list[list[Any]] = [[] for _ in range(4)]
        self.outs: list[list[Any]] = [[] for _ in range(4)]
        self.riichi: set[int] = set()
        self.pons: dict[tuple[int, int], tuple[list[int], int, int]] = {}
        self.result: list[Any] = []
        self.flowers = False

    def code(self, tile: Tile) -> int:
        return _code(tile, self.ts)

    def take(self, ev: dict[str, Any]) -> None:
        kind, actor = ev["type"], ev["actor"]
        if kind == Tsumo.TYPE:
            if tile_kind(ev["tile"]) >= N_KINDS:
                self.flowers = True  # dropped: the replacement draw stands as the draw
                return
            self.takes[actor].append(self.code(ev["tile"]))
            return
        called = self.code(ev["tile"])
        others = [self.code(t) for t in ev["tiles"]]
        rel = (ev["target"] - actor) % 4
        if kind == Chi.TYPE:
            self.takes[actor].append("c" + "".join(str(c) for c in [called, *sorted(others)]))
            return
        pos = (PON_POS if kind == Pon.TYPE else MINKAN_POS)[rel]
        codes = [*others[:pos], called, *others[pos:]]
        letter = "p" if kind == Pon.TYPE else "m"
        text = "".join(f"{letter}{c}" if i == pos else str(c) for i, c in enumerate(codes))
        self.takes[actor].append(text)
        if kind == Pon.TYPE:
            self.pons[(actor, tile_kind(ev["tile"]))] = (codes, pos, called)
        else:
            self.outs[actor].append(0)  # the placeholder of a daiminkan in the discards

    def out(self, ev: dict[str, Any]) -> None:
        kind, actor = ev["type"], ev["actor"]
        if kind == Dahai.TYPE:
            code = 60 if ev["tsumogiri"] else self.code(ev["tile"])
            if actor in self.riichi:
                self.riichi.discard(actor)
                self.outs[actor].append(f"r{code}")
            else:
                self.outs[actor].append(code)
        elif kind == Ankan.TYPE:
            codes = [self.code(t) for t in ev["tiles"]]
            self.outs[actor].append("".join(str(c) for c in codes[:3]) + f"a{codes[3]}")
        elif kind == Kakan.TYPE:
            added = self.code(ev["tile"])
            pon_codes, pos, _ = self.pons[(actor, tile_kind(ev["tile"]))]
            others = [c for i, c in enumerate(pon_codes) if i != pos]
            codes = [*others[:pos], added, pon_codes[pos], *others[pos:]]
            text = "".join(f"k{c}" if i == pos else str(c) for i, c in enumerate(codes))
            self.outs[actor].append(text)
        elif kind == Nukidora.TYPE:
            if tile_kind(ev["tile"]) >= N_KINDS:
                self.flowers = True
                return
            self.outs[actor].append(f"f{self.code(ev['tile'])}")

    def hora(self, ev: dict[str, Any]) -> None:
        if not self.result:
            self.result = ["和了"]
        if ev.get("uradora_markers"):
            self.ura = [self.code(t) for t in ev["uradora_markers"]]
        deltas = [*ev["deltas"], *[0] * (4 - len(ev["deltas"]))]
        who, target = ev["actor"], ev["target"]
        self.result += [deltas, [who, target, _pao(ev, deltas), *_win_text(ev, self)]]

    def draw(self, ev: dict[str, Any]) -> None:
        text = DRAW_TEXT.get(ev["reason"], "流局")
        if ev["reason"] in ("exhaustive", "nm"):
            deltas = [*ev.get("deltas", []), *[0] * (4 - len(ev.get("deltas", [])))]
            self.result = [text, deltas]
        else:
            self.result = [text]

    def json(self) -> list[Any]:
        seats: list[Any] = []
        for s in range(4):
            seats += [self.hands[s], self.takes[s], self.outs[s]]
        return [self.head, self.scores, self.dora, self.ura, *seats, self.result]


def _pao(ev: dict[str, Any], deltas: list[int]) -> int:
    """The liable seat (責任払い) of a win, or the winner when there is none: the seat that
    paid although it neither dealt in nor shares a tsumo as everyone does."""
    who, target = ev["actor"], ev["target"]
    if not any(y.get("yakuman") for y in ev.get("yakus", [])):
        return int(who)
    payers = [s for s, d in enumerate(deltas) if d < 0]
    if who == target:
        others = [s for s in range(len(ev["deltas"])) if s != who]
        return payers[0] if len(payers) == 1 and len(others) > 1 else int(who)
    extra = [s for s in payers if s != target]
    return extra[0] if extra else int(who)


def _win_text(ev: dict[str, Any], rnd: _ExportRound) -> list[str]:
    """The score text and the yaku entries of a win."""
    yakus = [YakuHan(y["id"], y["han"], y.get("yakuman", 0)) for y in ev.get("yakus", [])]
    multiples = sum(y.yakuman for y in yakus)
    limit = ev.get("limit")
    if multiples:
        base = YAKUMAN * multiples
    elif limit in LIMIT_BASES:
        base = LIMIT_BASES[limit]
    else:
        base = ev["fu"] * 2 ** (ev["fan"] + 2)
    players = rnd.players
    who, target = ev["actor"], ev["target"]
    wind = WINDS[(who - rnd.dealer) % players]
    pay = standard_payments(base, wind, None if who == target else WINDS[0], players)
    if who != target:
        pay = standard_payments(base, wind, WINDS[(target - rnd.dealer) % players], players)
        amount = f"{next(iter(pay.values()))}点"
    elif wind == WINDS[0]:
        amount = f"{next(iter(pay.values()))}点∀"
    else:
        single = min(pay.values())
        amount = f"{single}-{pay[WINDS[0]]}点"
    head = LIMIT_TEXT[limit] if limit else f"{ev['fu']}符{ev['fan']}飜"
    entries: list[str] = []
    dora = 0
    for y in yakus:
        if y.id in ("dora", "nuki_dora"):
            dora += y.han  # Tenhou counts a north set aside as ドラ
            continue
        tid = y.tenhou_id
        name = TENHOU_YAKU_NAMES[tid] if tid is not None else _ja_name(ev, y.id)
        if y.yakuman:
            entries.append(f"{name}(役満)")
        elif not (tid == 53 and y.han == 0):
            entries.append(f"{name}({y.han}飜)")
    if dora:
        entries.append(f"ドラ({dora}飜)")
    return [head + amount, *entries]


def _ja_name(ev: dict[str, Any], yid: str) -> str:
    return next((str(y.get("ja") or yid) for y in ev.get("yakus", []) if y["id"] == yid), yid)


def to_tenhou6(events: Sequence[dict[str, Any]]) -> dict[str, Any]:
    """One finished game's log as a tenhou.net/6 JSON document."""
    preset = _check_game(events)
    start = events[0]
    if start.get("people", preset.players) != preset.players:
        raise ExportError(
            "four people rotating at a three-player table cannot be written as tenhou.net/6 "
            "(it has three seats); export --format mjai instead"
        )
    ts = preset.tileset()
    players = preset.players
    rounds: list[list[Any]] = []
    rnd: _ExportRound | None = None
    for ev in events:
        kind = ev["type"]
        if kind == StartKyoku.TYPE:
            rnd = _ExportRound(ev, ts, players)
        elif rnd is None:
            continue
        elif kind in _TAKES:
            rnd.take(ev)
        elif kind in _OUTS:
            rnd.out(ev)
        elif kind == Reach.TYPE:
            rnd.riichi.add(ev["actor"])
        elif kind == Dora.TYPE:
            rnd.dora.append(rnd.code(ev["tile"]))
        elif kind == Hora.TYPE:
            rnd.hora(ev)
        elif kind == Ryukyoku.TYPE:
            rnd.draw(ev)
        elif kind == EndKyoku.TYPE:
            rounds.append(rnd.json())
            rnd = None
    end = events[-1]
    final = list(end["scores"]) + [0] * (4 - len(end["scores"]))
    settlement = end.get("settlement")
    points = (
        [float(x) for x in settlement]
        if isinstance(settlement, list) and all(isinstance(x, int | float) for x in settlement)
        else [x / 1000 for x in final]
    )
    points += [0.0] * (4 - len(points))
    red = preset.tiles.red
    names = [f"P{s}" for s in range(players)] + [""] * (4 - players)
    return {
        "title": ["jantaku", f"{preset.name} seed {start.get('seed')}"],
        "name": names,
        "rule": {
            "disp": _disp(preset),
            "aka51": int(red.get("5m", 0) > 0),
            "aka52": int(red.get("5p", 0) > 0),
            "aka53": int(red.get("5s", 0) > 0),
        },
        "log": rounds,
        "sc": [v for s in range(4) for v in (final[s], points[s])],
    }


# -- mjai -------------------------------------------------------------------------------------


def to_mjai(events: Sequence[dict[str, Any]]) -> list[dict[str, Any]]:
    """One finished game's log as mjai events, every hand and draw shown."""
    preset = _check_game(events)
    people = events[0].get("people", preset.players)
    stream = MjaiStream(preset.tileset(), None, people)
    return [m for ev in events for m in stream.translate(ev)]


# -- import -----------------------------------------------------------------------------------


def import_record(text: str, name: str = "upload.json") -> list[dict[str, Any]]:
    """The jantaku log of a tenhou.net/6 or kobalab paipu JSON record: read, then replayed
    through the engine on the walls it holds (the replay viewer shows it like our own logs).
    A record that cannot be read or whose plays the rules refuse raises :class:`ExportError`
    naming the round and the reason."""
    from .replay import ReplayMismatch, replay
    from .tenhou import RecordError, UnsupportedRecordError, read_json_record

    try:
        rec = read_json_record(text, name)
        report = replay(rec)
    except (RecordError, UnsupportedRecordError, ReplayMismatch) as e:
        raise ExportError(str(e)) from None
    if report.problems:
        raise ExportError("; ".join(report.problems))
    events: list[dict[str, Any]] = report.state.events
    return events


# -- files ------------------------------------------------------------------------------------


def export_log(log: str | Path, fmt: str, out: str | Path) -> list[Path]:
    """Write each finished game of the log ``log`` into the folder ``out`` in format
    ``fmt``; the files written, in game order. Unfinished games are skipped."""
    if fmt not in FORMATS:
        raise ExportError(f"unknown format {fmt!r}; one of {', '.join(FORMATS)}")
    src = Path(log)
    try:
        text = src.read_text(encoding="utf-8")
    except OSError as e:
        raise ExportError(f"cannot read {src}: {e.strerror or e}") from None
    games = games_of(text.splitlines())
    if not games:
        raise ExportError(f"{src} holds no game")
    dst = Path(out)
    dst.mkdir(parents=True, exist_ok=True)
    written: list[Path] = []
    for i, events in enumerate(games):
        if events[-1]["type"] != EndGame.TYPE:
            continue
        if fmt == "tenhou6":
            path = dst / f"game-{i:04d}.json"
            doc = to_tenhou6(events)
            path.write_text(json.dumps(doc, ensure_ascii=False), encoding="utf-8")
        else:
            path = dst / f"game-{i:04d}.mjai.jsonl"
            lines = to_mjai(events)
            path.write_text(
                "".join(json.dumps(m, ensure_ascii=False) + "\n" for m in lines),
                encoding="utf-8",
            )
        written.append(path)
    if not written:
        raise ExportError(f"{src} holds no finished game")
    return written
