"""Replay real Tenhou records through the scorer: ``jantaku tenhou-check``.

Each win's situation (seat and round wind, riichi and double riichi, ippatsu, rinshan,
chankan, haitei/houtei, first-turn wins, kita, honba, sticks) is rebuilt from the record's own
events, never from the yaku it lists; then jantaku scores the hand and the yaku set, han, fu
and every seat's point change are compared with the record. Draw payments are checked too.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from jantaku.rules.loader import load_preset
from jantaku.scoring.points import MANGAN
from jantaku.scoring.score import NotAWin, Scorer, ScoreResult
from jantaku.scoring.situation import RiichiKind, WinSituation
from jantaku.tiles.kinds import WIND_LETTERS, WINDS
from jantaku.tiles.notation import Meld, MeldType, Source

from .tenhou import (
    NUKIDORA_YAKU_ID,
    Call,
    Discard,
    Draw,
    ExhaustiveOrAbortiveDraw,
    GameRecord,
    Riichi,
    RoundRecord,
    UnscoredWin,
    UnsupportedRecordError,
    Win,
    iter_records,
    read_record,
)

# Draws in a hand, counting replacement draws (each one moves the last live tile forward).
_DRAWS = {4: 136 - 14 - 52, 3: 108 - 14 - 39}
_NOTEN_TOTAL = {4: 3000, 3: 2000}
_MELD_TYPE = {
    "chi": MeldType.CHI,
    "pon": MeldType.PON,
    "minkan": MeldType.MINKAN,
    "ankan": MeldType.ANKAN,
    "kakan": MeldType.KAKAN,
}
_KANS = ("minkan", "ankan", "kakan")


@dataclass
class CheckReport:
    games: int = 0
    hands: int = 0
    wins: int = 0
    matched: int = 0
    draws: int = 0
    draws_matched: int = 0
    mismatches: list[dict[str, Any]] = field(default_factory=list)
    skipped: list[dict[str, Any]] = field(default_factory=list)
    errors: list[dict[str, Any]] = field(default_factory=list)
    replay: bool = False
    """Whether each record was also played through the engine (``--replay``)."""
    replayed: int = 0
    """Records the engine played to the record's own results."""
    refolded: int = 0
    """Of those, records whose engine log ``Game.replay`` folded again to the same game."""
    replay_mismatches: list[dict[str, Any]] = field(default_factory=list)
    replay_notes: list[dict[str, Any]] = field(default_factory=list)
    """Rounds the engine did not play, with the reason (a record cut short)."""

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "games": self.games,
            "hands": self.hands,
            "wins": self.wins,
            "matched": self.matched,
            "draws": self.draws,
            "draws_matched": self.draws_matched,
            "mismatches": self.mismatches,
            "skipped": self.skipped,
            "errors": self.errors,
        }
        if self.replay:
            out["replayed"] = self.replayed
            out["refolded"] = self.refolded
            out["replay_mismatches"] = self.replay_mismatches
            out["replay_notes"] = self.replay_notes
        return out


def round_name(rnd: RoundRecord) -> str:
    return f"{WIND_LETTERS[rnd.round_wind]}{rnd.kyoku}-{rnd.honba}"


def situation_for(
    rec: GameRecord, rnd: RoundRecord, win: Win, first_winner: bool, scorer: Scorer
) -> WinSituation:
    """The win's situation, derived from the round's events."""
    players = rec.players
    who = win.who
    tsumo = win.tsumo
    draws = 0
    calls_seen = False
    discarded: set[int] = set()
    riichi = RiichiKind.NONE
    riichi_pending = False
    ippatsu = False
    rinshan_pending: set[int] = set()
    last_draw_rinshan = False
    last_draw_number = -1
    first_turn = False
    kita: list[int] = []
    ippatsu_before_call = False
    for ev in rnd.events:
        if isinstance(ev, Draw):
            draws += 1
            if ev.seat == who:
                last_draw_rinshan = who in rinshan_pending
                last_draw_number = draws
                first_turn = who not in discarded and not calls_seen
            rinshan_pending.discard(ev.seat)
        elif isinstance(ev, Discard):
            if ev.seat == who:
                # The riichi discard opens the ippatsu window; the next discard closes it.
                ippatsu = riichi_pending
                riichi_pending = False
            discarded.add(ev.seat)
        elif isinstance(ev, Riichi):
            if ev.seat == who and ev.step == 1:
                first = who not in discarded and not calls_seen
                riichi = RiichiKind.DOUBLE if first else RiichiKind.RIICHI
                riichi_pending = True
        elif isinstance(ev, Call):
            if ev.type == "kita":
                if ev.seat == who:
                    kita.append(ev.tiles[0])
                rinshan_pending.add(ev.seat)
            else:
                calls_seen = True
                ippatsu_before_call, ippatsu = ippatsu, False
                if ev.type in _KANS:
                    rinshan_pending.add(ev.seat)
    last = rnd.events[-1] if rnd.events else None
    robbed = (
        not tsumo
        and isinstance(last, Call)
        and last.type in ("kakan", "ankan")
        and last.seat == win.from_who
    )
    dealer = rnd.dealer
    melds: list[Meld] = []
    extracted: list[int] = []
    for m in win.melds:
        if m.type == "kita":
            extracted.append(m.tiles[0])
            continue
        mtype = _MELD_TYPE[m.type]
        source = None
        if m.from_seat is not None and mtype is not MeldType.ANKAN:
            rel = (m.from_seat - who) % 4
            if players == 3:
                rel = 1 if (m.from_seat - who) % 3 == 1 else 3
            source = Source(rel)
        melds.append(Meld(mtype, m.tiles, source))
    if not extracted:
        extracted = kita
    max_draws = _DRAWS[players]
    return WinSituation(
        concealed=win.hand,
        win_tile=win.win_tile,
        tsumo=tsumo,
        melds=tuple(melds),
        seat_wind=WINDS[(who - dealer) % players],
        round_wind=WINDS[rnd.round_wind],
        players=players,
        discarder_wind=None if tsumo else WINDS[(win.from_who - dealer) % players],
        riichi=riichi,
        # A robbed kan never happened: it does not break the ippatsu.
        ippatsu=ippatsu_before_call if robbed else ippatsu,
        rinshan=tsumo and last_draw_rinshan,
        chankan=robbed and isinstance(last, Call) and last.type == "kakan",
        haitei=tsumo and last_draw_number == max_draws,
        houtei=not tsumo and not robbed and draws == max_draws,
        first_turn=tsumo and first_turn,
        dora_indicators=win.dora_indicators,
        ura_indicators=win.ura_indicators,
        extracted=tuple(extracted),
        honba=win.honba if first_winner else 0,
        riichi_sticks=win.sticks,
        pao_wind=None if win.pao_who is None else WINDS[(win.pao_who - dealer) % players],
        tileset=scorer.tileset,
    )


def engine_yaku(result: ScoreResult, separate_nuki: bool) -> dict[int, int]:
    """The result's yaku as Tenhou ids → han (yakuman: han 13 per multiple, as Tenhou
    lists them by id only)."""
    out: dict[int, int] = {}
    for y in result.yaku:
        if y.id == "nuki_dora":
            tid = NUKIDORA_YAKU_ID if separate_nuki else 52
        else:
            tid = y.tenhou_id if y.tenhou_id is not None else -1
        if y.id == "ura_dora" and y.han == 0:
            continue
        out[tid] = out.get(tid, 0) + (0 if y.yakuman else y.han)
    return out


def record_yaku(win: Win) -> dict[int, int]:
    out: dict[int, int] = {}
    for tid, han in win.yaku:
        if tid == 53 and han == 0:
            continue
        out[tid] = out.get(tid, 0) + han
    for tid in win.yakuman:
        out[tid] = 0
    return out


def engine_deltas(rec: GameRecord, rnd: RoundRecord, win: Win, res: ScoreResult) -> list[int]:
    deltas = [0] * 4
    for wind, amount in res.payments.items():
        seat = (rnd.dealer + WINDS.index(wind)) % rec.players
        deltas[seat] -= amount
        deltas[win.who] += amount
    deltas[win.who] += res.sticks * 1000
    return deltas


class Checker:
    """Scorers per rule variant, and the comparison of one record against them."""

    def __init__(self) -> None:
        self._scorers: dict[tuple[int, tuple[bool, bool, bool], bool], Scorer] = {}

    def scorer_for(self, rec: GameRecord) -> Scorer:
        red = rec.rules.red_fives
        kuitan = rec.rules.kuitan is not False
        key = (rec.players, red, kuitan)
        if key not in self._scorers:
            name = "riichi" if rec.players == 4 else "sanma"
            fives = {"5m": red[0], "5p": red[1], "5s": red[2]}
            if rec.players == 3:
                fives.pop("5m")
            overrides = {
                "tiles": {"red": {k: int(v) for k, v in fives.items()}},
                "scoring": {"kuitan": kuitan},
            }
            self._scorers[key] = Scorer(load_preset(name, overrides))
        return self._scorers[key]

    def check_record(self, path: Path, rec: GameRecord, report: CheckReport) -> None:
        report.games += 1
        scorer = self.scorer_for(rec)
        separate_nuki = any(
            isinstance(r, Win) and any(t == NUKIDORA_YAKU_ID for t, _ in r.yaku)
            for rnd in rec.rounds
            for r in rnd.results
        )
        for rnd in rec.rounds:
            report.hands += 1
            first = True
            for res in rnd.results:
                where = {"file": str(path), "round": round_name(rnd)}
                if isinstance(res, UnscoredWin):
                    report.wins += 1
                    report.skipped.append(where | {"reason": "the record's result is cut short"})
                    first = False
                elif isinstance(res, Win):
                    report.wins += 1
                    self._check_win(rec, rnd, res, first, scorer, separate_nuki, where, report)
                    first = False
                elif isinstance(res, ExhaustiveOrAbortiveDraw):
                    report.draws += 1
                    self._check_draw(rec, rnd, res, where, report)

    def _check_win(
        self,
        rec: GameRecord,
        rnd: RoundRecord,
        win: Win,
        first: bool,
        scorer: Scorer,
        separate_nuki: bool,
        where: dict[str, Any],
        report: CheckReport,
    ) -> None:
        where = where | {"winner": win.who, "from": win.from_who}
        try:
            sit = situation_for(rec, rnd, win, first, scorer)
            result = scorer.score(sit)
        except NotAWin as e:
            report.mismatches.append(where | {"error": str(e)})
            return
        diffs: dict[str, Any] = {}
        ours, theirs = engine_yaku(result, separate_nuki), record_yaku(win)
        if ours != theirs:
            diffs["yaku"] = {"engine": ours, "record": theirs}
        if not win.yakuman and result.han != win.han:
            diffs["han"] = {"engine": result.han, "record": win.han}
        if win.fu is not None and win.limit < 5 and result.fu != win.fu and win.limit == 0:
            diffs["fu"] = {"engine": result.fu, "record": win.fu}
        deltas = engine_deltas(rec, rnd, win, result)
        # A record whose deltas do not pay out the riichi sticks it shows on the table is
        # inconsistent in itself (points vanish): everything else is still compared, but the
        # win is reported as skipped, never as matched.
        unpaid = win.sticks * 1000 - sum(win.deltas)
        if unpaid > 0 and unpaid % 1000 == 0:
            deltas[win.who] -= unpaid
        if tuple(deltas[: rec.players]) != tuple(win.deltas[: rec.players]):
            diffs["deltas"] = {"engine": deltas[: rec.players], "record": list(win.deltas)}
        if diffs:
            report.mismatches.append(where | diffs)
        elif unpaid:
            reason = (
                f"the record's deltas leave {unpaid} points of riichi sticks unpaid "
                "(everything else matched)"
            )
            report.skipped.append(where | {"reason": reason})
        else:
            report.matched += 1

    def _check_draw(
        self,
        rec: GameRecord,
        rnd: RoundRecord,
        res: ExhaustiveOrAbortiveDraw,
        where: dict[str, Any],
        report: CheckReport,
    ) -> None:
        n = rec.players
        expected = [0] * 4
        nagashi = nagashi_seats(rnd, n) if res.kind in ("exhaustive", "nm") else []
        if nagashi:
            for s in nagashi:
                dealer_win = s == rnd.dealer
                for p in range(n):
                    if p != s:
                        pay = 2 * MANGAN if dealer_win or p == rnd.dealer else MANGAN
                        expected[p] -= pay
                        expected[s] += pay
        elif res.kind == "exhaustive":
            if res.tenpai_seats is None:
                report.skipped.append(
                    where | {"reason": "draw: the record does not say who was tenpai"}
                )
                return
            tenpai = set(res.tenpai_seats)
            if 0 < len(tenpai) < n:
                total = _NOTEN_TOTAL[n]
                for s in range(n):
                    expected[s] = (
                        total // len(tenpai) if s in tenpai else -total // (n - len(tenpai))
                    )
        if tuple(expected[:n]) == tuple(res.deltas[:n]):
            report.draws_matched += 1
        else:
            report.mismatches.append(
                where
                | {
                    "draw": res.kind,
                    "deltas": {"engine": expected[:n], "record": list(res.deltas[:n])},
                }
            )


def nagashi_seats(rnd: RoundRecord, players: int) -> list[int]:
    """Seats whose every discard was a terminal or honor and none was called (流し満貫)."""
    from jantaku.tiles.kinds import is_terminal_or_honor

    discards: dict[int, list[int]] = {s: [] for s in range(players)}
    called_from: set[int] = set()
    for ev in rnd.events:
        if isinstance(ev, Discard):
            discards[ev.seat].append(ev.tile)
        elif (
            isinstance(ev, Call)
            and ev.type in ("chi", "pon", "minkan")
            and ev.from_seat is not None
        ):
            called_from.add(ev.from_seat)
    return [
        s
        for s in range(players)
        if discards[s]
        and s not in called_from
        and all(is_terminal_or_honor(t // 4) for t in discards[s])
    ]


def check_path(root: str | Path, replay: bool = False) -> CheckReport:
    """Check every record under ``root`` (a file or a folder): score each win from the
    record's own situation; with ``replay``, also play each record through the engine's own
    legal actions and fold the engine's log again (:func:`replay_record`)."""
    report = CheckReport(replay=replay)
    checker = Checker()
    root = Path(root)
    items: Iterable[tuple[Path, GameRecord | Exception]]
    if root.is_file():
        try:
            items = [(root, read_record(root))]
        except ValueError as e:
            items = [(root, e)]
    else:
        items = iter_records(root)
    for path, rec in items:
        if isinstance(rec, Exception):
            reason = str(rec)
            if isinstance(rec, UnsupportedRecordError):  # not a record format we read
                report.skipped.append({"file": str(path), "reason": reason})
            else:
                report.errors.append({"file": str(path), "error": reason})
            continue
        checker.check_record(path, rec, report)
        if replay:
            replay_record(path, rec, report)
    return report


def replay_record(path: Path, rec: GameRecord, report: CheckReport) -> None:
    """Play ``rec`` through the engine (:func:`jantaku.log.replay.replay`: stacked walls, every
    recorded action among the engine's legal ones, the same results and final scores), then
    give the engine's log to ``Game.replay``: a table resuming from that log must reach the
    same events and scores."""
    from .replay import ReplayMismatch, replay

    try:
        played = replay(rec)
    except ReplayMismatch as e:
        report.replay_mismatches.append({"file": str(path), "error": str(e)})
        return
    state = played.state
    report.replay_notes += [{"file": str(path), "reason": p} for p in played.problems]
    first = rec.rounds[0]
    fresh = (first.index, first.honba, first.sticks) == (0, 0, 0) and set(
        first.scores[: rec.players]
    ) == {state.game.preset.game.start_points}
    if not fresh:
        # The engine's log does not hold a start given to new_state (a record that begins
        # mid-game): Game.replay would begin from the preset's start instead.
        report.replayed += 1
        report.replay_notes.append(
            {"file": str(path), "reason": "begins mid-game: its log was not folded again"}
        )
        return
    again = state.game.replay(state.events)
    if again.events != state.events or list(again.ledger.state.scores) != list(
        state.ledger.state.scores
    ):
        error = "the engine's log does not fold again to the same game (Game.replay)"
        report.replay_mismatches.append({"file": str(path), "error": error})
        return
    report.replayed += 1
    report.refolded += 1
