"""One round of a tenhou.net/6 JSON record (:mod:`jantaku.log.tenhou6` reads the game): its
takes and discards replayed, searching where the record leaves a choice, until they fit the
round's results; and the JSON's yaku names, scores and draw texts read.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal

from jantaku.tiles.kinds import EAST

from .record import (
    RED_IDS,
    Call,
    CallType,
    Discard,
    Draw,
    DrawKind,
    ExhaustiveOrAbortiveDraw,
    NewDora,
    RecordError,
    RecordEvent,
    Result,
    Riichi,
    RoundRecord,
    UnscoredWin,
    Win,
    pad4,
    round_label,
)
from .tenhou6_yaku import JSON_DRAW_KINDS, LIMIT_NAMES, SCORE_RE, YAKU_ENTRY_RE, json_yaku_id


def _code_kind(code: int) -> int:
    """Kind (0..33) of a tenhou.net/6 tile code; -1 if invalid."""
    if code in (51, 52, 53):
        return (code - 51) * 9 + 4
    suit, num = divmod(code, 10)
    if suit in (1, 2, 3) and 1 <= num <= 9:
        return (suit - 1) * 9 + num - 1
    if suit == 4 and 1 <= num <= 7:
        return EAST + num - 1
    return -1


class _ReplayFail(Exception):
    """The replay does not fit the record (used for backtracking)."""


class _IdPool:
    """Hands out physical ids for tenhou.net/6 tile codes, within one round."""

    def __init__(self, red: tuple[bool, bool, bool]) -> None:
        self.red = red
        self.used: set[int] = set()
        self.code_of: dict[int, int] = {}

    def take(self, code: int) -> int:
        kind = _code_kind(code)
        if kind < 0:
            raise _ReplayFail(f"invalid tile code {code}")
        if code in (51, 52, 53):
            tile = RED_IDS[code - 51]
            if tile in self.used:
                raise _ReplayFail(f"red five {code} appears twice")
        else:
            five = kind in (4, 13, 22)
            order = (1, 2, 3) if five else (0, 1, 2, 3)
            free = [kind * 4 + c for c in order if kind * 4 + c not in self.used]
            if not free and five and kind * 4 not in self.used:
                # A fourth plain five: red fives are off for this suit (or, in one synthetic
                # test excerpt, the record simply has four plain fives).
                free = [kind * 4]
            if not free:
                raise _ReplayFail(f"more copies of tile {code} than the set has")
            tile = free[0]
        self.used.add(tile)
        self.code_of[tile] = code
        return tile


@dataclass(frozen=True, slots=True)
class _Take:
    kind: Literal["draw", "chi", "pon", "minkan"]
    codes: tuple[int, ...]  # draw: (code,); calls: all codes in string order
    pos: int  # index of the called code in ``codes`` (calls)
    raw: object


@dataclass(frozen=True, slots=True)
class _Out:
    kind: Literal["discard", "ankan", "kakan", "kita", "dummy"]
    code: int | None  # discard: code or None for tsumogiri (60); kakan: added; kita: code
    codes: tuple[int, ...]
    pos: int
    riichi: bool
    raw: object


def _split_call(s: str) -> tuple[str, int, tuple[int, ...]]:
    """Split ``"41p4141"`` into (letter, code index of the letter, codes)."""
    letter = ""
    pos = -1
    codes: list[int] = []
    i = 0
    while i < len(s):
        ch = s[i]
        if ch.isalpha():
            if letter:
                raise ValueError(f"two letters in {s!r}")
            letter = ch
            pos = len(codes)
            i += 1
        elif s[i : i + 2].isdigit() and len(s[i : i + 2]) == 2:
            codes.append(int(s[i : i + 2]))
            i += 2
        else:
            raise ValueError(f"bad call string {s!r}")
    if not letter:
        raise ValueError(f"no letter in {s!r}")
    return letter, pos, tuple(codes)


def _parse_take(item: object) -> _Take:
    if isinstance(item, int) and not isinstance(item, bool):
        return _Take("draw", (item,), 0, item)
    if isinstance(item, str):
        letter, pos, codes = _split_call(item)
        if letter == "c" and pos == 0 and len(codes) == 3:
            return _Take("chi", codes, 0, item)
        if letter == "p" and pos in (0, 1, 2) and len(codes) == 3:
            return _Take("pon", codes, pos, item)
        if letter == "m" and pos in (0, 1, 3) and len(codes) == 4:
            return _Take("minkan", codes, pos, item)
    raise ValueError(f"bad draw entry {item!r}")


def _parse_out(item: object) -> _Out:
    if isinstance(item, int) and not isinstance(item, bool):
        if item == 0:
            return _Out("dummy", None, (), 0, False, item)
        if item == 60:
            return _Out("discard", None, (), 0, False, item)
        return _Out("discard", item, (item,), 0, False, item)
    if isinstance(item, str):
        if item.startswith("r") and item[1:].isdigit():
            code = int(item[1:])
            return _Out("discard", None if code == 60 else code, (code,), 0, True, item)
        letter, pos, codes = _split_call(item)
        if letter == "a" and len(codes) == 4:
            return _Out("ankan", codes[-1], codes, pos, False, item)
        if letter == "k" and len(codes) == 4 and pos in (0, 1, 2):
            return _Out("kakan", codes[pos], codes, pos, False, item)
        if letter == "f" and pos == 0 and len(codes) == 1:
            return _Out("kita", codes[0], codes, 0, False, item)
    raise ValueError(f"bad discard entry {item!r}")


@dataclass(frozen=True, slots=True)
class _JsonWinInfo:
    who: int
    from_who: int
    pao: int | None
    deltas: tuple[int, ...]
    info: tuple[object, ...]


@dataclass(slots=True)
class _ReplayOutcome:
    events: list[RecordEvent]
    hands: list[list[int]]
    melds: list[list[Call]]
    last_draw: list[int | None]
    end_in_take: bool
    end_actor: int
    last_out: tuple[int, int] | None  # (seat, tile) of the last discard / kakan / kita
    pool: _IdPool
    dora_ids: tuple[int, ...]
    start_hands: tuple[tuple[int, ...], ...]
    riichi_accepted: int


# Relative direction of the letter position in a pon/minkan string -> seat offset (4p).
_PON_OFFSET = {0: 3, 1: 2, 2: 1}
_MINKAN_OFFSET = {0: 3, 1: 2, 3: 1}


class JsonRound:
    def __init__(
        self,
        path: Path,
        raw: list[Any],
        players: int,
        red: tuple[bool, bool, bool],
    ) -> None:
        self.path = path
        head = raw[0]
        if not (
            isinstance(head, list) and len(head) == 3 and all(isinstance(x, int) for x in head)
        ):
            raise RecordError(path, f"bad round header {head!r}")
        self.index, self.honba, self.sticks = head
        self.where = round_label(self.index, self.honba)
        self.players = players
        self.red = red
        self.dealer = self.index % 4
        if self.dealer >= players:
            raise RecordError(path, f"dealer seat {self.dealer} in a {players}p game", self.where)
        scores = raw[1]
        if not (isinstance(scores, list) and len(scores) == 4):
            raise RecordError(path, f"bad scores {scores!r}", self.where)
        if not all(isinstance(x, int | float) for x in scores):
            raise RecordError(path, f"bad scores {scores!r}", self.where)
        self.scores = tuple(int(x) for x in scores)
        self.dora_codes = self._codes(raw[2], "dora indicators")
        self.ura_codes = self._codes(raw[3], "ura indicators")
        if not self.dora_codes:
            raise RecordError(path, "no dora indicator", self.where)
        self.hand_codes: list[tuple[int, ...]] = []
        self.takes: list[list[_Take]] = []
        self.outs: list[list[_Out]] = []
        for seat in range(4):
            hand = self._codes(raw[4 + 3 * seat], f"hand of seat {seat}")
            expected = 13 if seat < players else 0
            if len(hand) != expected:
                raise RecordError(
                    path,
                    f"seat {seat} starts with {len(hand)} tiles, expected {expected}",
                    self.where,
                )
            self.hand_codes.append(hand)
            try:
                self.takes.append([_parse_take(x) for x in self._list(raw[5 + 3 * seat])])
                self.outs.append([_parse_out(x) for x in self._list(raw[6 + 3 * seat])])
            except ValueError as exc:
                raise RecordError(path, f"seat {seat}: {exc}", self.where) from exc
        self.result_raw = raw[16]
        if not (isinstance(self.result_raw, list) and self.result_raw):
            raise RecordError(path, f"bad result {self.result_raw!r}", self.where)

    def _list(self, value: Any) -> list[Any]:
        if not isinstance(value, list):
            raise RecordError(self.path, f"expected a list, got {value!r}", self.where)
        return value

    def _codes(self, value: Any, what: str) -> tuple[int, ...]:
        items = self._list(value)
        if not all(isinstance(x, int) and _code_kind(x) >= 0 for x in items):
            raise RecordError(self.path, f"bad tile codes in {what}: {items!r}", self.where)
        return tuple(items)

    # -- replay --------------------------------------------------------------------------

    def _call_source(self, seat: int, take: _Take) -> int:
        if take.kind == "chi":
            return (seat - 1) % self.players
        offsets = _PON_OFFSET if take.kind == "pon" else _MINKAN_OFFSET
        # Directions use 4-player seat arithmetic also in 3p (seat 3 is an empty chair).
        return (seat + offsets[take.pos]) % 4

    def _ends_with_ron_on(self, seat: int, wins: Sequence[_JsonWinInfo], ron3: bool) -> bool:
        return ron3 or any(w.from_who == seat and w.who != seat for w in wins)

    def replay(
        self, choices: Sequence[int], wins: Sequence[_JsonWinInfo], ron3: bool
    ) -> tuple[_ReplayOutcome | None, list[int], str]:
        """Replay once. Returns (outcome or None, option counts of the decisions, failure)."""
        decisions: list[int] = []
        try:
            out = self._replay(choices, decisions, wins, ron3)
        except _ReplayFail as exc:
            return None, decisions, str(exc)
        return out, decisions, ""

    def _replay(
        self,
        choices: Sequence[int],
        decisions: list[int],
        wins: Sequence[_JsonWinInfo],
        ron3: bool,
    ) -> _ReplayOutcome:
        n = self.players
        pool = _IdPool(self.red)
        hands: list[list[int]] = [[pool.take(c) for c in codes] for codes in self.hand_codes]
        start_hands = tuple(tuple(h) for h in hands)
        dora_ids = tuple(pool.take(c) for c in self.dora_codes)
        next_dora = 1
        pending = 0
        events: list[RecordEvent] = []
        melds: list[list[Call]] = [[] for _ in range(4)]
        take_i = [0] * 4
        out_i = [0] * 4
        last_draw: list[int | None] = [None] * 4
        last_out: tuple[int, int] | None = None
        last_discard: tuple[int, int] | None = None
        riichi_accepted = 0

        def flush() -> None:
            nonlocal pending, next_dora
            while pending and next_dora < len(dora_ids):
                events.append(NewDora(dora_ids[next_dora]))
                next_dora += 1
                pending -= 1
            pending = 0

        def takes_left() -> bool:
            return any(take_i[s] < len(self.takes[s]) for s in range(n))

        def remove_code(seat: int, code: int, avoid: int | None = None) -> int:
            matches = [t for t in hands[seat] if pool.code_of[t] == code]
            if not matches:
                raise _ReplayFail(f"seat {seat} has no tile {code} in hand")
            pick = next((t for t in sorted(matches) if t != avoid), matches[0])
            hands[seat].remove(pick)
            return pick

        actor = self.dealer
        end_in_take = False
        called_by_choice = False
        while True:
            # ---- take phase: draw, or call the last discard
            if take_i[actor] >= len(self.takes[actor]):
                raise _ReplayFail(f"seat {actor} has no draw left")
            take = self.takes[actor][take_i[actor]]
            take_i[actor] += 1
            if take.kind == "draw":
                tile = pool.take(take.codes[0])
                hands[actor].append(tile)
                last_draw[actor] = tile
                events.append(Draw(actor, tile))
            else:
                if last_discard is None or not called_by_choice:
                    raise _ReplayFail(f"seat {actor}: call {take.raw!r} out of turn")
                src, called = last_discard
                others = [c for i, c in enumerate(take.codes) if i != take.pos]
                taken = [remove_code(actor, c) for c in others]
                ctype: CallType = take.kind
                call = Call(actor, ctype, (called, *taken), called, src)
                events.append(call)
                melds[actor].append(call)
                last_draw[actor] = None
                last_discard = None
                if take.kind == "minkan":
                    if out_i[actor] >= len(self.outs[actor]) or (
                        self.outs[actor][out_i[actor]].kind != "dummy"
                    ):
                        raise _ReplayFail(f"seat {actor}: no 0 placeholder after daiminkan")
                    out_i[actor] += 1
                    flush()
                    pending = 1
                    continue  # rinshan draw

            # ---- action phase
            if out_i[actor] >= len(self.outs[actor]):
                end_in_take = True
                break
            out = self.outs[actor][out_i[actor]]
            out_i[actor] += 1
            if out.kind == "dummy":
                raise _ReplayFail(f"seat {actor}: unexpected 0 in discards")
            if out.kind == "ankan":
                removed = [remove_code(actor, c) for c in out.codes]
                call = Call(actor, "ankan", tuple(sorted(removed)), None, None)
                events.append(call)
                melds[actor].append(call)
                last_draw[actor] = None
                last_out = (actor, removed[-1])
                last_discard = None
                flush()
                if not takes_left():
                    break  # robbed ankan (kokushi)
                pending = 1
                flush()
                continue  # rinshan draw
            if out.kind == "kakan":
                assert out.code is not None
                added = remove_code(actor, out.code)
                kind = added // 4
                idx = next(
                    (
                        i
                        for i, mm in enumerate(melds[actor])
                        if mm.type == "pon" and mm.tiles[0] // 4 == kind
                    ),
                    None,
                )
                if idx is None:
                    raise _ReplayFail(f"seat {actor}: kakan {out.raw!r} without a pon")
                pon = melds[actor][idx]
                call = Call(actor, "kakan", (*pon.tiles, added), pon.called, pon.from_seat)
                melds[actor][idx] = call
                events.append(call)
                last_draw[actor] = None
                flush()
                pending = 1
                last_out = (actor, added)
                last_discard = None
                if not takes_left():
                    break  # chankan
                continue  # rinshan draw
            if out.kind == "kita":
                assert out.code is not None
                tile = remove_code(actor, out.code)
                call = Call(actor, "kita", (tile,), None, None)
                events.append(call)
                melds[actor].append(call)
                last_draw[actor] = None
                last_out = (actor, tile)
                last_discard = None
                if not takes_left():
                    break  # ron on the kita tile
                continue  # replacement draw
            # discard
            if out.riichi:
                events.append(Riichi(actor, 1))
            if out.code is None:
                drawn = last_draw[actor]
                if drawn is None or drawn not in hands[actor]:
                    raise _ReplayFail(f"seat {actor}: tsumogiri without a drawn tile")
                hands[actor].remove(drawn)
                tile = drawn
                tsumogiri = True
            else:
                tile = remove_code(actor, out.code, avoid=last_draw[actor])
                tsumogiri = False
            flush()
            events.append(Discard(actor, tile, tsumogiri))
            last_draw[actor] = None
            last_out = (actor, tile)
            last_discard = (actor, tile)
            if not takes_left():
                if out.riichi and not self._ends_with_ron_on(actor, wins, ron3):
                    events.append(Riichi(actor, 2))
                    riichi_accepted += 1
                break
            if out.riichi:
                events.append(Riichi(actor, 2))
                riichi_accepted += 1
            # ---- who acts next: a caller of this discard, or the next seat
            code = pool.code_of[tile]
            candidates: list[tuple[int, int]] = []
            for seat in range(n):
                if seat == actor or take_i[seat] >= len(self.takes[seat]):
                    continue
                nxt = self.takes[seat][take_i[seat]]
                if nxt.kind == "draw" or nxt.codes[nxt.pos] != code:
                    continue
                if self._call_source(seat, nxt) != actor:
                    continue
                candidates.append((0 if nxt.kind == "chi" else 1, seat))
            if candidates:
                options: list[int | None] = [s for _, s in sorted(candidates, reverse=True)]
                options.append(None)
                k = len(decisions)
                choice = choices[k] if k < len(choices) else 0
                decisions.append(len(options))
                picked = options[choice]
                called_by_choice = picked is not None
                actor = (actor + 1) % n if picked is None else picked
            else:
                called_by_choice = False
                actor = (actor + 1) % n

        # ---- end of the round: everything must be used up
        for seat in range(4):
            if take_i[seat] != len(self.takes[seat]) or out_i[seat] != len(self.outs[seat]):
                raise _ReplayFail(f"seat {seat} has unused draws or discards at the end")
        if pending and next_dora < len(dora_ids):
            flush()
        if next_dora != len(dora_ids):
            raise _ReplayFail(
                f"{len(dora_ids)} dora indicators but only {next_dora - 1} revealed by kans"
            )
        return _ReplayOutcome(
            events=events,
            hands=hands,
            melds=melds,
            last_draw=last_draw,
            end_in_take=end_in_take,
            end_actor=actor,
            last_out=last_out,
            pool=pool,
            dora_ids=dora_ids,
            start_hands=start_hands,
            riichi_accepted=riichi_accepted,
        )

    # -- results --------------------------------------------------------------------------

    def _check_end(self, o: _ReplayOutcome, wins: Sequence[_JsonWinInfo], kind: str) -> None:
        if wins:
            for w in wins:
                if w.who == w.from_who:
                    drawn = o.last_draw[w.who]
                    if not (o.end_in_take and o.end_actor == w.who and drawn is not None):
                        raise _ReplayFail(f"tsumo by seat {w.who} but the round ends otherwise")
                elif o.end_in_take or o.last_out is None or o.last_out[0] != w.from_who:
                    raise _ReplayFail(f"ron from seat {w.from_who} but the round ends otherwise")
        elif kind == "yao9":
            if not o.end_in_take:
                raise _ReplayFail("九種九牌 but the round does not end on a draw")
        elif o.end_in_take:
            raise _ReplayFail("draw result but the round ends after a draw")

    def build(self) -> RoundRecord:
        players = self.players
        res = self.result_raw
        head = res[0]
        wins: list[_JsonWinInfo] = []
        draw_kind: DrawKind | None = None
        if head == "和了":
            body = res[1:]
            if len(body) % 2 or not body:
                raise RecordError(self.path, f"bad win result {res!r}", self.where)
            for deltas, info in zip(body[0::2], body[1::2], strict=True):
                if not (isinstance(deltas, list) and isinstance(info, list) and len(info) >= 3):
                    raise RecordError(self.path, f"bad win entry {info!r}", self.where)
                try:
                    who, frm, pao = (int(x) for x in info[:3])
                except (TypeError, ValueError):
                    raise RecordError(self.path, f"bad win entry {info!r}", self.where) from None
                if not (0 <= who < players and 0 <= frm < players and 0 <= pao < players):
                    raise RecordError(self.path, f"bad seats in win entry {info!r}", self.where)
                wins.append(
                    _JsonWinInfo(who, frm, None if pao == who else pao, pad4(deltas), tuple(info))
                )
        elif isinstance(head, str) and head in JSON_DRAW_KINDS:
            draw_kind = JSON_DRAW_KINDS[head]
        else:
            raise RecordError(self.path, f"unknown result {head!r}", self.where)

        ron3 = draw_kind == "ron3"
        outcome = self._search(wins, draw_kind or "", ron3)
        o = outcome

        # ura indicators take the ids left over at the end of the round
        try:
            ura_ids = tuple(o.pool.take(c) for c in self.ura_codes)
        except _ReplayFail as exc:
            raise RecordError(self.path, f"ura indicators: {exc}", self.where) from exc

        results: list[Result] = []
        sticks_total = self.sticks + o.riichi_accepted
        if wins:
            for k, w in enumerate(wins):
                if w.who == w.from_who:
                    win_tile = o.last_draw[w.who]
                    assert win_tile is not None
                    hand = tuple(sorted(o.hands[w.who]))
                else:
                    assert o.last_out is not None
                    win_tile = o.last_out[1]
                    hand = tuple(sorted([*o.hands[w.who], win_tile]))
                melds = tuple(o.melds[w.who])
                results.append(
                    self._win(w, hand, melds, win_tile, o, ura_ids, sticks_total if k == 0 else 0)
                )
        else:
            assert draw_kind is not None
            deltas = pad4(res[1]) if len(res) > 1 and isinstance(res[1], list) else (0, 0, 0, 0)
            tenpai: tuple[int, ...] | None = None
            if head == "全員聴牌":
                tenpai = tuple(range(players))
            elif head == "全員不聴":
                tenpai = ()
            elif draw_kind == "exhaustive" and any(deltas[:players]):
                tenpai = tuple(s for s in range(players) if deltas[s] > 0)
            results.append(
                ExhaustiveOrAbortiveDraw(
                    kind=draw_kind,
                    deltas=deltas,
                    tenpai_seats=tenpai,
                    honba=self.honba,
                    sticks=sticks_total,
                    scores_before=None,
                    revealed=(),
                )
            )
        return RoundRecord(
            index=self.index,
            round_wind=self.index // 4,
            kyoku=self.index % 4 + 1,
            dealer=self.dealer,
            honba=self.honba,
            sticks=self.sticks,
            dice=None,
            scores=self.scores,
            dora_indicators=o.dora_ids[:1],
            hands=o.start_hands,
            events=o.events,
            results=results,
        )

    def _search(self, wins: Sequence[_JsonWinInfo], kind: str, ron3: bool) -> _ReplayOutcome:
        """Depth-first search over the ambiguous "who calls this discard" decisions."""
        choices: list[int] = []
        first_failure = ""
        for _attempt in range(4096):
            outcome, counts, failure = self.replay(choices, wins, ron3)
            if outcome is not None:
                try:
                    self._check_end(outcome, wins, kind)
                    return outcome
                except _ReplayFail as exc:
                    failure = str(exc)
            first_failure = first_failure or failure
            used = [choices[i] if i < len(choices) else 0 for i in range(len(counts))]
            j = len(used) - 1
            while j >= 0 and used[j] + 1 >= counts[j]:
                j -= 1
            if j < 0:
                break
            choices = [*used[:j], used[j] + 1]
        raise RecordError(self.path, f"cannot replay the round: {first_failure}", self.where)

    def _win(
        self,
        w: _JsonWinInfo,
        hand: tuple[int, ...],
        melds: tuple[Call, ...],
        win_tile: int,
        o: _ReplayOutcome,
        ura_ids: tuple[int, ...],
        sticks: int,
    ) -> Win | UnscoredWin:
        info = w.info
        if len(info) < 4:
            return UnscoredWin(
                who=w.who,
                from_who=w.from_who,
                pao_who=w.pao,
                hand=hand,
                melds=melds,
                win_tile=win_tile,
                dora_indicators=o.dora_ids,
                ura_indicators=ura_ids,
                honba=self.honba,
                sticks=sticks,
                deltas=w.deltas,
            )
        text = info[3]
        m = SCORE_RE.match(text) if isinstance(text, str) else None
        if m is None:
            raise RecordError(self.path, f"cannot read score text {text!r}", self.where)
        seat_wind = (w.who - self.dealer) % self.players
        round_wind = self.index // 4
        yaku: list[tuple[int, int]] = []
        yakuman: list[int] = []
        for entry in info[4:]:
            em = YAKU_ENTRY_RE.match(entry) if isinstance(entry, str) else None
            if em is None:
                raise RecordError(self.path, f"cannot read yaku entry {entry!r}", self.where)
            name = em.group(1) or em.group(3)
            try:
                yid = json_yaku_id(name, seat_wind, round_wind)
            except KeyError:
                raise RecordError(
                    self.path, f"unknown yaku name {name!r} in {entry!r}", self.where
                ) from None
            if em.group(1) is not None:
                yaku.append((yid, int(em.group(2))))
            else:
                yakuman.append(yid)
        a = int(m.group("a"))
        b = int(m.group("b")) if m.group("b") else None
        tsumo = w.who == w.from_who
        n = self.players
        if not tsumo:
            if b is not None or m.group("all"):
                raise RecordError(self.path, f"tsumo score text {text!r} for a ron", self.where)
            points = a
        elif m.group("all"):
            points = a * (n - 1)
        elif b is not None:
            points = a * (n - 2) + b
        else:
            raise RecordError(self.path, f"ron score text {text!r} for a tsumo", self.where)
        han_sum = sum(h for _, h in yaku)
        limit_name = m.group("limit")
        return Win(
            who=w.who,
            from_who=w.from_who,
            pao_who=w.pao,
            hand=hand,
            melds=melds,
            win_tile=win_tile,
            fu=int(m.group("fu")) if m.group("fu") else None,
            han=int(m.group("han")) if m.group("han") else han_sum,
            points=points,
            limit=LIMIT_NAMES[limit_name] if limit_name else 0,
            yaku=tuple(yaku),
            yakuman=tuple(yakuman),
            dora_indicators=o.dora_ids,
            ura_indicators=ura_ids,
            honba=self.honba,
            sticks=sticks,
            deltas=w.deltas,
            scores_before=None,
        )
