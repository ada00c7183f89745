"""External bots over the mjai protocol: a seat played by another program.

A seat whose bot is ``mjai:CMD`` is played by ``CMD`` (run with the shell, one process per
seat and game, ``{seat}`` in CMD replaced by the seat number and ``JANTAKU_SEAT`` set in its
environment). It speaks the framing of mjai.app (the ``mjai`` package's ``Bot.start()``,
Mortal's mjai.app submissions):

* jantaku writes one line per request to the program's standard input: a JSON **array** of
  the mjai events that seat may see since the last request (hidden tiles are ``"?"``);
* the program answers every line with one line on its standard output: one JSON object,
  the action (``dahai``, ``reach``, ``hora``, ``chi``, ``pon``, ``daiminkan``, ``ankan``,
  ``kakan``, ``ryukyoku`` for 九種九牌, ``nukidora``) or ``{"type": "none"}``.

Requests go out at ``start_game`` (alone), at every decision the seat has a real choice in
(the events up to the draw or the discard it decides on), after a ``reach`` answer (the
``reach`` event alone: the program then answers its riichi discard, as in mjai), and at the
end of the game (what is left, with ``end_game``; the answer is read and ignored). A seat
with a single legal action that is not a discard (a flower set aside, a win it must take) is
not asked; its events go with the next request.

An answer that is not one line of JSON, names an action that is not legal now, or comes
after the time limit (``timeout`` seconds a decision, ``start_timeout`` for the first
answer, which includes the program's start-up) is logged (logger ``jantaku.bots.mjai`` and
:attr:`MjaiBot.fallbacks`) and replaced by the baseline bot's choice; the game goes on. A
late answer is read and thrown away when it comes. A program that exits is not restarted:
the baseline plays the rest of its game.

The stream of a seat is built from that seat's view (``State.view``) only, by
:class:`MjaiStream`, which also writes a whole game's log in mjai shapes for ``jantaku
export --format mjai`` (no seat: every hand and draw shown). docs/mjai.md lists the shapes
and the house extensions: ``nukidora`` (north, flowers, mighty's 5m), ``open``/``shuba`` on
``reach``, ``shown`` on ``reach_accepted``, flowers written ``1f``-``4f``, and the fields of
three-player and four-people-rotating games.

>>> from jantaku.tiles.tileset import tileset
>>> ts = tileset("riichi")
>>> mjai_tile(16, ts), mjai_tile(17, ts), mjai_tile(27 * 4, ts), mjai_tile(33 * 4, ts)
('5mr', '5m', 'E', 'C')
"""

from __future__ import annotations

import json
import logging
import os
import queue
import subprocess
import threading
import time
from collections import deque
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Final

from jantaku.bots.baseline import BaselineBot
from jantaku.game.actions import RIICHI_TYPES, Action, ActionType, LegalActions
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
    ReachAccepted,
    Ryukyoku,
    StartGame,
    StartKyoku,
    Tsumo,
)
from jantaku.tiles.kinds import EAST, N_KINDS, N_NUMBER_KINDS, SPRING
from jantaku.tiles.notation import tiles_to_string
from jantaku.tiles.tileset import Tile, TileSet, Variant, tile_kind

if TYPE_CHECKING:
    from jantaku.bots import SeatView

log = logging.getLogger("jantaku.bots.mjai")

DEFAULT_TIMEOUT: Final = 5.0
"""Seconds for one decision's answer."""
DEFAULT_START_TIMEOUT: Final = 30.0
"""Seconds for the first answer (the program starts up meanwhile)."""
MAX_LINE: Final = 1 << 16
"""Longest answer line read (a longer one is malformed)."""

_HONORS: Final = ("E", "S", "W", "N", "P", "F", "C")
_SUITS: Final = "mps"


def mjai_kind(kind: int) -> str:
    """mjai's name of a tile kind: ``1m``..``9s``, ``E S W N P F C``, flowers ``1f``-``4f``
    (a house extension)."""
    if kind < N_NUMBER_KINDS:
        return f"{kind % 9 + 1}{_SUITS[kind // 9]}"
    if kind < N_KINDS:
        return _HONORS[kind - EAST]
    return f"{kind - SPRING + 1}f"


def mjai_tile(tile: Tile, ts: TileSet) -> str:
    """mjai's name of a physical tile: a red five is ``5mr``/``5pr``/``5sr``; other house
    variants (gold fives, the dotted white) have their kind's plain name."""
    name = mjai_kind(tile_kind(tile))
    return name + "r" if ts.variant(tile) is Variant.RED else name


def _names(tiles: Iterable[Tile], ts: TileSet) -> list[str]:
    return [mjai_tile(t, ts) for t in tiles]


class MjaiStream:
    """Turns jantaku events into mjai events, for one seat (its view: others' tiles ``?``)
    or, with ``seat=None``, for a whole game's log (every hand and draw shown).

    Stateful (a ``kakan`` needs the tiles of the pon it adds to): feed the events in order.

    >>> from jantaku.game import Game
    >>> state = Game("riichi", 1).new_state()
    >>> stream = MjaiStream(state.game.tileset, seat=1, people=4)
    >>> out = [m for ev in state.view(1) for m in stream.translate(ev)]
    >>> [m["type"] for m in out]
    ['start_game', 'start_kyoku', 'tsumo']
    >>> out[1]["tehais"][0], len(out[1]["tehais"][1]), out[2]["pai"]
    (['?', '?', '?', '?', '?', '?', '?', '?', '?', '?', '?', '?', '?'], 13, '?')
    """

    def __init__(self, ts: TileSet, seat: int | None, people: int) -> None:
        self.ts = ts
        self.seat = seat
        self.people = people
        self._pons: dict[tuple[int, int], list[str]] = {}
        self._hand_size = 13

    def translate(self, ev: dict[str, Any]) -> list[dict[str, Any]]:
        """The mjai events for one jantaku event (none for jantaku-only bookkeeping).

        Events keep the engine's order, which is Mortal's for a kan's new indicator:
        ``daiminkan``/``kakan`` → ``tsumo`` → ``dora`` → ``dahai`` (turned as the kan's player
        discards, before the discard) and ``ankan`` → ``dora`` → ``tsumo``. Mortal's
        libriichi clears the calls it offers on a ``dora``, so one written after the discard
        would make it refuse a pon or chi of that discard (docs/mjai.md).
        """
        ts = self.ts
        kind = ev["type"]
        if kind == StartGame.TYPE:
            out: dict[str, Any] = {
                "type": "start_game",
                "names": [str(i) for i in range(self.people)],
            }
            if self.seat is not None:
                out["id"] = self.seat
            if ev.get("preset", "riichi") != "riichi":
                out["preset"] = ev["preset"]  # a house extension: the rules played
            return [out]
        if kind == StartKyoku.TYPE:
            self._pons = {}
            hands: list[list[Tile]] = (
                ev["wall"]["hands"] if "wall" in ev else [[] for _ in range(self.people)]
            )
            if self.seat is not None and "tehai" in ev:
                hands = [list(h) for h in hands]
                while len(hands) < self.people:
                    hands.append([])
                hands[self.seat] = list(ev["tehai"])
            size = max((len(h) for h in hands), default=13) or 13
            self._hand_size = size
            tehais = []
            for p in range(self.people):
                h = hands[p] if p < len(hands) else []
                out_p = ev.get("sitting_out") == p
                if self.seat is None or p == self.seat:
                    tehais.append(_names(h, ts))
                else:
                    tehais.append([] if out_p else ["?"] * size)
            start: dict[str, Any] = {
                "type": "start_kyoku",
                "bakaze": ev["bakaze"],
                "dora_marker": mjai_tile(ev["dora_tile"], ts),
                "kyoku": ev["kyoku"],
                "honba": ev["honba"],
                "kyotaku": ev["kyotaku"],
                "oya": ev["oya"],
                "scores": list(ev["scores"]),
                "tehais": tehais,
            }
            extra = ev.get("dora_tiles", [])[1:]
            out_list = [start]
            for t in extra:  # gotou turns two indicators at the start: the second as a dora
                out_list.append({"type": "dora", "dora_marker": mjai_tile(t, ts)})
            if "sitting_out" in ev:
                start["sitting_out"] = ev["sitting_out"]
            if "wareme" in ev:
                start["wareme"] = ev["wareme"]
            return out_list
        if kind == Tsumo.TYPE:
            tile = ev.get("tile")
            seen = tile is not None and (self.seat is None or ev["actor"] == self.seat)
            return [
                {
                    "type": "tsumo",
                    "actor": ev["actor"],
                    "pai": mjai_tile(tile, ts) if seen and tile is not None else "?",
                }
            ]
        if kind == Dahai.TYPE:
            return [
                {
                    "type": "dahai",
                    "actor": ev["actor"],
                    "pai": mjai_tile(ev["tile"], ts),
                    "tsumogiri": bool(ev["tsumogiri"]),
                }
            ]
        if kind == Reach.TYPE:
            reach: dict[str, Any] = {"type": "reach", "actor": ev["actor"]}
            if ev.get("open"):
                reach["open"] = True
            if ev.get("shuba"):
                reach["shuba"] = True
            return [reach]
        if kind == ReachAccepted.TYPE:
            acc: dict[str, Any] = {"type": "reach_accepted", "actor": ev["actor"]}
            if "shown" in ev:
                acc["shown"] = _names(ev["shown"], ts)
            if "shown_waits" in ev:
                acc["shown_waits"] = ev["shown_waits"]
            return [acc]
        if kind in (Chi.TYPE, Pon.TYPE, Daiminkan.TYPE):
            consumed = _names(ev["tiles"], ts)
            pai = mjai_tile(ev["tile"], ts)
            if kind == Pon.TYPE:
                self._pons[(ev["actor"], tile_kind(ev["tile"]))] = [pai, *consumed]
            return [
                {
                    "type": kind,
                    "actor": ev["actor"],
                    "target": ev["target"],
                    "pai": pai,
                    "consumed": consumed,
                }
            ]
        if kind == Ankan.TYPE:
            return [{"type": "ankan", "actor": ev["actor"], "consumed": _names(ev["tiles"], ts)}]
        if kind == Kakan.TYPE:
            pon = self._pons.get((ev["actor"], tile_kind(ev["tile"])), [])
            return [
                {
                    "type": "kakan",
                    "actor": ev["actor"],
                    "pai": mjai_tile(ev["tile"], ts),
                    "consumed": pon,
                }
            ]
        if kind == Dora.TYPE:
            return [{"type": "dora", "dora_marker": mjai_tile(ev["tile"], ts)}]
        if kind == Nukidora.TYPE:
            return [{"type": "nukidora", "actor": ev["actor"], "pai": mjai_tile(ev["tile"], ts)}]
        if kind == Hora.TYPE:
            hora: dict[str, Any] = {"type": "hora", "actor": ev["actor"], "target": ev["target"]}
            if ev.get("tile") is not None:
                hora["pai"] = mjai_tile(ev["tile"], ts)
            if "hora_tehais" in ev:
                hora["hora_tehais"] = _names(ev["hora_tehais"], ts)
            if "uradora_markers" in ev:
                hora["ura_markers"] = _names(ev["uradora_markers"], ts)
            for name in ("fu", "fan", "hora_points", "deltas", "scores"):
                if name in ev:
                    hora[name] = ev[name]
            if "yakus" in ev:
                hora["yakus"] = [[y["en"], y["han"]] for y in ev["yakus"]]
            return [hora]
        if kind == Ryukyoku.TYPE:
            ryu: dict[str, Any] = {"type": "ryukyoku", "reason": ev["reason"]}
            if "tehais" in ev:
                ryu["tehais"] = [
                    ["?"] * self._hand_size if h is None else _names(h, ts) for h in ev["tehais"]
                ]
            for name in ("deltas", "scores"):
                if name in ev:
                    ryu[name] = ev[name]
            return [ryu]
        if kind == EndKyoku.TYPE:
            return [{"type": "end_kyoku"}]
        if kind == EndGame.TYPE:
            return [{"type": "end_game", "scores": list(ev.get("scores", []))}]
        # KakanDone, Pass and Declare are jantaku's own bookkeeping; nothing in mjai.
        return []


# -- answers -----------------------------------------------------------------------------------


class AnswerError(ValueError):
    """An answer that cannot be played (the message says why)."""


def _same_names(tiles: Sequence[Tile], names: object, ts: TileSet) -> bool:
    if not isinstance(names, list) or not all(isinstance(n, str) for n in names):
        return False
    return sorted(_names(tiles, ts)) == sorted(names)


def _loose(name: str) -> str:
    """A tile name without its red mark (a bot may write ``5m`` for the red one it holds)."""
    return name[:-1] if name.endswith("r") else name


def action_from_mjai(
    answer: dict[str, Any],
    seat: int,
    legal: LegalActions,
    ts: TileSet,
    *,
    riichi: bool = False,
    drawn: Tile | None = None,
) -> Action:
    """The legal action an mjai answer names, or :class:`AnswerError`. ``riichi``: the
    seat declared riichi in the previous answer, so this discard declares it (plain
    riichi, unless the answer adds ``open``/``shuba``: those were on the ``reach``).
    ``drawn``: the tile the seat just drew, discarded itself when the answer says
    ``tsumogiri`` (another copy of the same face would be the same choice but not the
    same record)."""
    kind = answer.get("type")
    if "actor" in answer and answer["actor"] != seat:
        raise AnswerError(f"actor {answer['actor']!r} is not this seat ({seat})")

    def pick(candidates: list[Action], what: str) -> Action:
        if not candidates:
            raise AnswerError(f"{what} is not legal now")
        return candidates[0]

    if kind == "dahai":
        pai = answer.get("pai")
        if not isinstance(pai, str):
            raise AnswerError("a dahai needs 'pai'")
        wanted = RIICHI_TYPES if riichi else {ActionType.DISCARD}
        options = [a for a in legal if a.type in wanted and a.tile is not None]
        exact = [a for a in options if mjai_tile(a.tile, ts) == pai]  # type: ignore[arg-type]
        if not exact and not pai.endswith("r"):
            # A plain name for a kind the seat only holds as a red five is the red one.
            exact = [a for a in options if _loose(mjai_tile(a.tile, ts)) == pai]  # type: ignore[arg-type]
        if riichi:
            exact = [a for a in exact if a.type is ActionType.RIICHI] or exact
        chosen = pick(exact, f"discarding {pai}" + (" with riichi" if riichi else ""))
        faces = ts.faces
        same = drawn is not None and chosen.tile is not None and faces[drawn] == faces[chosen.tile]
        if answer.get("tsumogiri") and same and chosen.tile != drawn:
            return Action(chosen.type, seat, drawn)
        return chosen
    if kind == "reach":
        raise AnswerError("reach is answered in two steps")  # handled by the caller
    if kind == "hora":
        return pick([a for a in legal if a.type in (ActionType.TSUMO, ActionType.RON)], "hora")
    if kind == "none":
        return pick([a for a in legal if a.type is ActionType.PASS], "passing ('none')")
    if kind in ("chi", "pon", "daiminkan"):
        atype = {"chi": ActionType.CHI, "pon": ActionType.PON, "daiminkan": ActionType.DAIMINKAN}
        consumed = answer.get("consumed")
        return pick(
            [a for a in legal if a.type is atype[kind] and _same_names(a.tiles, consumed, ts)],
            f"{kind} with {consumed!r}",
        )
    if kind == "ankan":
        consumed = answer.get("consumed")
        return pick(
            [
                a
                for a in legal
                if a.type is ActionType.ANKAN
                and isinstance(consumed, list)
                and consumed
                and all(isinstance(n, str) for n in consumed)
                and sorted(_loose(n) for n in _names(a.tiles, ts))
                == sorted(_loose(n) for n in consumed)
            ],
            f"ankan of {consumed!r}",
        )
    if kind == "kakan":
        pai = answer.get("pai")
        return pick(
            [
                a
                for a in legal
                if a.type is ActionType.KAKAN
                and isinstance(pai, str)
                and _loose(mjai_tile(a.tile, ts)) == _loose(pai)  # type: ignore[arg-type]
            ],
            f"kakan of {pai!r}",
        )
    if kind == "ryukyoku":
        return pick([a for a in legal if a.type is ActionType.NINE_TERMINALS], "ryukyoku")
    if kind == "nukidora":
        pai = answer.get("pai")
        return pick(
            [
                a
                for a in legal
                if a.type is ActionType.KITA
                and (
                    not isinstance(pai, str) or _loose(mjai_tile(a.tile, ts)) == _loose(pai)  # type: ignore[arg-type]
                )
            ],
            f"nukidora of {pai!r}",
        )
    raise AnswerError(f"unknown action type {kind!r}")


# -- the bot ------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Fallback:
    """One answer that was replaced by the baseline bot's choice."""

    seat: int
    reason: str
    answer: str | None
    played: str
    hand: str = ""
    """The seat's concealed tiles then (MPSZ), to tell a bot's mistake from ours."""


class MjaiBot:
    """A seat played by an external mjai program (see the module docstring).

    ``house_actions``: the program decides jantaku's house-only choices itself (it answers
    ``nukidora`` and ``reach`` with ``open``/``shuba``). Otherwise those are the baseline's:
    it decides whether to set a tile aside before the program is asked, and which kind of
    riichi a plain ``reach`` is where the preset offers several.

    Call :meth:`close` when the game is over (``play_game`` and the server do): it sends the
    last events and ends the program.
    """

    def __init__(
        self,
        command: str,
        seed: int = 0,
        *,
        timeout: float = DEFAULT_TIMEOUT,
        start_timeout: float = DEFAULT_START_TIMEOUT,
        house_actions: bool = False,
    ) -> None:
        if not command.strip():
            raise ValueError("an mjai bot needs a command")
        self.command = command
        self.timeout = timeout
        self.start_timeout = start_timeout
        self.house_actions = house_actions
        self.fallbacks: list[Fallback] = []
        """Every answer replaced by the baseline's choice, in order."""
        self.decisions = 0
        """Decisions the program was asked for."""
        self._baseline = BaselineBot(seed)
        self._proc: subprocess.Popen[bytes] | None = None
        self._lines: queue.Queue[bytes | None] = queue.Queue()
        self._stderr: deque[str] = deque(maxlen=20)
        self._sent_requests = 0
        self._read_answers = 0
        self._dead: str | None = None
        self._seat: int | None = None
        self._stream: MjaiStream | None = None
        self._seen = 0
        self._pending: list[dict[str, Any]] = []
        self._own_reach = False
        self._view: SeatView | None = None

    def __repr__(self) -> str:
        return f"MjaiBot({self.command!r})"

    # -- the process ----------------------------------------------------------------------

    def _start(self, seat: int) -> None:
        env = dict(os.environ, JANTAKU_SEAT=str(seat))
        cmd = self.command.replace("{seat}", str(seat))
        try:
            self._proc = subprocess.Popen(
                cmd,
                shell=True,
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                stderr=subprocess.PIPE,
                env=env,
                start_new_session=True,
            )
        except OSError as e:
            self._dead = f"cannot start {cmd!r}: {e}"
            log.warning("seat %d: %s", seat, self._dead)
            return
        proc = self._proc
        assert proc.stdout is not None and proc.stderr is not None
        out, err = proc.stdout, proc.stderr

        def read_out() -> None:
            while True:
                line = out.readline(MAX_LINE + 1)
                if not line:
                    self._lines.put(None)
                    return
                self._lines.put(line)

        def read_err() -> None:
            for raw in err:
                self._stderr.append(raw.decode("utf-8", "replace").rstrip())

        threading.Thread(target=read_out, daemon=True).start()
        threading.Thread(target=read_err, daemon=True).start()

    def _died(self) -> str:
        proc = self._proc
        code = None
        if proc is not None:
            try:  # its output ended: it is exiting, give it a moment to be reaped
                code = proc.wait(timeout=2.0)
            except subprocess.TimeoutExpired:
                code = None
        tail = " | ".join(list(self._stderr)[-3:])
        return f"the bot exited (code {code})" + (f"; its stderr ended: {tail}" if tail else "")

    def _request(self, events: list[dict[str, Any]], timeout: float) -> tuple[str | None, str]:
        """Send one request and wait for its answer line: (line, "") or (None, why not)."""
        if self._dead is not None:
            return None, self._dead
        proc = self._proc
        assert proc is not None and proc.stdin is not None
        data = json.dumps(events, ensure_ascii=False, separators=(",", ":")) + "\n"
        try:
            proc.stdin.write(data.encode("utf-8"))
            proc.stdin.flush()
        except (BrokenPipeError, OSError):
            time.sleep(0.05)
            self._dead = self._died()
            return None, self._dead
        self._sent_requests += 1
        deadline = time.monotonic() + timeout
        while True:
            left = deadline - time.monotonic()
            try:
                line = self._lines.get(timeout=max(0.0, left))
            except queue.Empty:
                return None, f"no answer within {timeout:g} s"
            if line is None:
                self._dead = self._died()
                return None, self._dead
            self._read_answers += 1
            if self._read_answers < self._sent_requests:
                continue  # a late answer to an earlier request: thrown away
            if len(line) > MAX_LINE:
                return None, f"an answer longer than {MAX_LINE} bytes"
            return line.decode("utf-8", "replace").strip(), ""

    def close(self) -> None:
        """Send the events left (the end of the game) and end the program."""
        proc = self._proc
        if proc is None:
            return
        if self._dead is None and self._view is not None:
            rest = self._new_events(self._view)
            if rest:
                self._request(rest, min(self.timeout, 2.0))
        try:
            if proc.stdin is not None:
                proc.stdin.close()
        except OSError:
            pass
        try:
            proc.wait(timeout=2.0)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()
        self._proc = None
        self._dead = "closed"

    def __del__(self) -> None:
        proc = getattr(self, "_proc", None)
        if proc is not None and proc.poll() is None:
            proc.kill()

    # -- deciding -----------------------------------------------------------------------------

    def _new_events(self, view: SeatView) -> list[dict[str, Any]]:
        assert self._stream is not None
        events = view.events()
        out = self._pending
        self._pending = []
        for ev in events[self._seen :]:
            if ev["type"] == Reach.TYPE and ev["actor"] == view.seat and self._own_reach:
                self._own_reach = False  # the program already had its reach event
                continue
            out.extend(self._stream.translate(ev))
        self._seen = len(events)
        return out

    def choose(self, view: SeatView, seat: int, legal: LegalActions) -> Action:
        if not legal:
            raise ValueError(f"seat {seat} has no legal action to choose from")
        self._view = view
        if self._stream is None:
            self._seat = seat
            self._stream = MjaiStream(view.tileset, seat, view.people)
            self._start(seat)
            if self._dead is None:
                events = view.events()
                first = [m for ev in events[:1] for m in self._stream.translate(ev)]
                self._seen = 1
                line, why = self._request(first, self.start_timeout)
                if line is None:
                    self._note(seat, f"start_game: {why}", None, "-")
        ts = view.tileset
        if len(legal) == 1 and legal[0].type is not ActionType.DISCARD:
            self._pending = self._new_events(view)
            return legal[0]
        if not self.house_actions and any(a.type is ActionType.KITA for a in legal):
            mine = self._baseline.choose(view, seat, legal)
            if mine.type is ActionType.KITA:
                self._pending = self._new_events(view)
                return mine
            legal = LegalActions([a for a in legal if a.type is not ActionType.KITA], ts)
        events = self._new_events(view)
        self.decisions += 1
        line, why = self._request(events, self.timeout)
        if line is None:
            return self._fail(seat, why, None, legal, view)
        try:
            answer = self._parse(line)
            if answer.get("type") == "reach":
                return self._riichi(view, seat, legal, answer)
            return action_from_mjai(answer, seat, legal, ts, drawn=view.drawn)
        except AnswerError as e:
            return self._fail(seat, str(e), line, legal, view)

    def _parse(self, line: str) -> dict[str, Any]:
        try:
            answer = json.loads(line)
        except json.JSONDecodeError as e:
            raise AnswerError(f"not JSON ({e.msg})") from None
        if not isinstance(answer, dict) or not isinstance(answer.get("type"), str):
            raise AnswerError("not a JSON object with a 'type'")
        return answer

    def _riichi(
        self, view: SeatView, seat: int, legal: LegalActions, answer: dict[str, Any]
    ) -> Action:
        ts = view.tileset
        riichis = [a for a in legal if a.type in RIICHI_TYPES]
        if not riichis:
            raise AnswerError("reach is not legal now")
        reach = {"type": "reach", "actor": seat}
        self._own_reach = True
        line, why = self._request([reach], self.timeout)
        only = LegalActions(riichis, ts)
        if line is None:
            return self._fail(seat, f"after reach: {why}", None, only, view)
        try:
            discard = self._parse(line)
            if discard.get("type") != "dahai":
                raise AnswerError(f"after reach, {discard.get('type')!r} instead of a dahai")
            chosen = action_from_mjai(discard, seat, only, ts, riichi=True, drawn=view.drawn)
        except AnswerError as e:
            return self._fail(seat, f"after reach: {e}", line, only, view)
        faces = ts.faces
        face = faces[chosen.tile] if chosen.tile is not None else -1
        same = [a for a in riichis if a.tile is not None and faces[a.tile] == face]
        wanted = _riichi_type(answer)
        if self.house_actions or wanted is not ActionType.RIICHI:
            for a in same:
                if a.type is wanted:
                    return a
            if self.house_actions:
                why = f"{wanted.value} discarding {discard.get('pai')!r} is not legal now"
                return self._fail(seat, why, line, only, view)
        if len(same) > 1:  # which riichi: a house decision, the baseline's
            return self._baseline.choose(view, seat, LegalActions(same, ts))
        return chosen

    def _fail(
        self, seat: int, reason: str, answer: str | None, legal: LegalActions, view: SeatView
    ) -> Action:
        """Log a bad or missing answer and play the baseline's choice instead."""
        played = self._baseline.choose(view, seat, legal)
        self._note(seat, reason, answer, str(played), tiles_to_string(view.hand, view.tileset))
        return played

    def _note(
        self, seat: int, reason: str, answer: str | None, played: str, hand: str = ""
    ) -> None:
        self.fallbacks.append(Fallback(seat, reason, answer, played, hand))
        # A program that exited is told once; the baseline's moves after it, quietly.
        repeat = len(self.fallbacks) > 1 and self.fallbacks[-2].reason == reason
        (log.debug if repeat and reason == self._dead else log.warning)(
            "mjai seat %d (%s): %s%s; the baseline plays %s",
            seat,
            self.command,
            reason,
            f" (answer {answer[:200]!r})" if answer else "",
            played,
        )


def _riichi_type(answer: dict[str, Any]) -> ActionType:
    is_open, shuba = bool(answer.get("open")), bool(answer.get("shuba"))
    if is_open and shuba:
        return ActionType.OPEN_SHUBA_RIICHI
    if is_open:
        return ActionType.OPEN_RIICHI
    if shuba:
        return ActionType.SHUBA_RIICHI
    return ActionType.RIICHI


__all__ = [
    "AnswerError",
    "Fallback",
    "MjaiBot",
    "MjaiStream",
    "action_from_mjai",
    "mjai_kind",
    "mjai_tile",
]
