"""Tests for the Tenhou record readers against the real game records in ../shared/data/real-logs.

The facts checked here come from the records themselves and from the folder's FORMAT.md,
SOURCES.md and MANIFEST.csv.
"""

from __future__ import annotations

import csv
import functools
from collections import Counter
from collections.abc import Iterable, Sequence
from pathlib import Path

import pytest

from jantaku.log.tenhou import (
    NUKIDORA_YAKU_ID,
    Call,
    Discard,
    Draw,
    ExhaustiveOrAbortiveDraw,
    GameRecord,
    NewDora,
    RecordError,
    RecordEvent,
    Riichi,
    RoundRecord,
    UnscoredWin,
    UnsupportedRecordError,
    Win,
    iter_records,
    json_yaku_id,
    read_mjlog,
    read_record,
    read_tenhou6,
)

DATA = Path(__file__).resolve().parents[2].parent / "shared" / "data" / "real-logs"

if not (DATA / "MANIFEST.csv").is_file():
    pytest.skip(
        f"real Tenhou records not found at {DATA} (expected ../shared beside the checkout)",
        allow_module_level=True,
    )

KOBALAB_DIR = "MitsuhiroTaniguchi__MahjongLM"
PAIRED_DIR = DATA / "tsubakisakura__mjlog2json" / "data"


@functools.cache
def all_records() -> dict[Path, GameRecord | Exception]:
    return dict(iter_records(DATA))


def records() -> list[GameRecord]:
    """The Tenhou-format records (kobalab paipu, read as the Tenhou records they describe,
    are checked on their own below)."""
    return [
        r for r in all_records().values() if isinstance(r, GameRecord) and r.format != "kobalab"
    ]


def xml_records() -> list[GameRecord]:
    return [r for r in records() if r.format == "mjlog"]


def rel(path: Path) -> str:
    return path.relative_to(DATA).as_posix()


def category(rec: GameRecord) -> str:
    path = rel(rec.source)
    if rec.format == "mjlog":
        return f"{rec.players}p xml"
    if rec.players == 4:
        return "4p json paired" if path.startswith("tsubakisakura") else "4p json excerpts"
    assert rec.rules.display is not None
    return "3p json tenhou" if rec.rules.display.startswith("三鳳") else "3p json mahjongsoul"


def wins_of(rnd: RoundRecord) -> list[Win | UnscoredWin]:
    return [r for r in rnd.results if isinstance(r, Win | UnscoredWin)]


def draws_of(rnd: RoundRecord) -> list[ExhaustiveOrAbortiveDraw]:
    return [r for r in rnd.results if isinstance(r, ExhaustiveOrAbortiveDraw)]


# ---------------------------------------------------------------------------------------------
# Replaying the events of a round


class Replay:
    """Plays a round's events, checking that every tile moves legally."""

    def __init__(self, rec: GameRecord, rnd: RoundRecord) -> None:
        self.where = f"{rel(rec.source)} {rnd.index}-{rnd.honba}"
        self.hands: list[Counter[int]] = [Counter(h) for h in rnd.hands]
        self.melds: list[list[Call]] = [[] for _ in range(4)]
        self.seen: set[int] = set()
        for tile in [t for h in rnd.hands for t in h] + list(rnd.dora_indicators):
            self.see(tile)
        self.dora = list(rnd.dora_indicators)
        self.last_out: tuple[int, int] | None = None  # discard, kakan, ankan or kita
        self.last_discard: tuple[int, int] | None = None
        self.riichi_accepted = [0] * 4
        self.last_draw: list[int | None] = [None] * 4

    def see(self, tile: int) -> None:
        assert 0 <= tile < 136, f"{self.where}: bad tile id {tile}"
        assert tile not in self.seen, f"{self.where}: tile id {tile} appears twice"
        self.seen.add(tile)

    def take(self, seat: int, tiles: Iterable[int]) -> None:
        for t in tiles:
            assert self.hands[seat][t] > 0, f"{self.where}: seat {seat} lacks tile {t}"
            self.hands[seat][t] -= 1

    def play(self, ev: RecordEvent) -> None:
        if isinstance(ev, Draw):
            self.see(ev.tile)
            self.hands[ev.seat][ev.tile] += 1
            self.last_draw[ev.seat] = ev.tile
        elif isinstance(ev, Discard):
            self.take(ev.seat, [ev.tile])
            if ev.tsumogiri is not None:
                assert ev.tsumogiri == (self.last_draw[ev.seat] == ev.tile), self.where
            self.last_draw[ev.seat] = None
            self.last_out = self.last_discard = (ev.seat, ev.tile)
        elif isinstance(ev, Call):
            self.last_draw[ev.seat] = None
            if ev.type in ("chi", "pon", "minkan"):
                assert self.last_discard == (ev.from_seat, ev.called), (
                    f"{self.where}: {ev} does not call the last discard {self.last_discard}"
                )
                assert ev.tiles[0] == ev.called
                assert len(ev.tiles) == (4 if ev.type == "minkan" else 3)
                self.take(ev.seat, ev.tiles[1:])
                self.melds[ev.seat].append(ev)
            elif ev.type == "ankan":
                assert len(ev.tiles) == 4 and len({t // 4 for t in ev.tiles}) == 1
                self.take(ev.seat, ev.tiles)
                self.melds[ev.seat].append(ev)
                self.last_out = (ev.seat, ev.tiles[-1])
            elif ev.type == "kakan":
                assert ev.added is not None
                self.take(ev.seat, [ev.added])
                pons = [
                    i
                    for i, m in enumerate(self.melds[ev.seat])
                    if m.type == "pon" and m.tiles == ev.tiles[:3]
                ]
                assert len(pons) == 1, f"{self.where}: kakan {ev} without its pon"
                self.melds[ev.seat][pons[0]] = ev
                self.last_out = (ev.seat, ev.added)
            else:  # kita
                assert len(ev.tiles) == 1 and ev.tiles[0] // 4 == 30
                self.take(ev.seat, ev.tiles)
                self.melds[ev.seat].append(ev)
                self.last_out = (ev.seat, ev.tiles[0])
            if ev.type != "kita":
                self.last_discard = None
        elif isinstance(ev, Riichi):
            if ev.step == 2:
                self.riichi_accepted[ev.seat] += 1
        else:
            self.see(ev.tile)
            self.dora.append(ev.tile)

    def check_win(self, win: Win | UnscoredWin) -> None:
        hand = Counter(self.hands[win.who])
        if win.tsumo:
            assert self.last_draw[win.who] == win.win_tile, self.where
        else:
            assert self.last_out == (win.from_who, win.win_tile), (
                f"{self.where}: ron on {win.win_tile} from {win.from_who}, last {self.last_out}"
            )
            hand[win.win_tile] += 1
        assert +hand == Counter(win.hand), f"{self.where}: hand {win.hand} vs replay {+hand}"
        assert Counter(self.melds[win.who]) == Counter(win.melds), (
            f"{self.where}: melds {win.melds} vs replay {self.melds[win.who]}"
        )
        assert list(win.dora_indicators) == self.dora, self.where
        assert sum(len(m.tiles) if m.type != "kita" else 0 for m in win.melds) + len(
            win.hand
        ) == 14 + sum(1 for m in win.melds if m.type in ("minkan", "ankan", "kakan")), self.where


def replay_round(rec: GameRecord, rnd: RoundRecord) -> Replay:
    rp = Replay(rec, rnd)
    for ev in rnd.events:
        rp.play(ev)
    for res in rnd.results:
        if isinstance(res, Win | UnscoredWin):
            rp.check_win(res)
    return rp


# ---------------------------------------------------------------------------------------------
# Parsing and counts


def test_every_record_parses() -> None:
    results = all_records()
    assert len(results) == 196  # 199 files minus FORMAT.md, SOURCES.md, MANIFEST.csv
    for path, rec in results.items():
        assert isinstance(rec, GameRecord), f"{path}: {rec}"
        kobalab = rel(path).startswith(KOBALAB_DIR) and path.suffix == ".json"
        assert (rec.format == "kobalab") == kobalab, path


def test_kobalab_paipu_reads_as_the_same_game_as_its_mjlog() -> None:
    """The MahjongLM folder has one game both as kobalab paipu and as Tenhou's mjlog: the
    two read to the same rounds, starting hands, scores, results and final points."""
    base = DATA / KOBALAB_DIR / "tests/fixtures/tenhou/2014091101gm-00b9-0000-5ca6b487"
    paipu, mjlog = read_record(base.with_suffix(".json")), read_record(base.with_suffix(".txt"))
    assert (paipu.format, mjlog.format) == ("kobalab", "mjlog")
    assert paipu.players == mjlog.players == 3
    assert len(paipu.rounds) == len(mjlog.rounds) == 11
    for a, b in zip(paipu.rounds, mjlog.rounds, strict=True):
        assert (a.index, a.honba, a.sticks, a.scores) == (b.index, b.honba, b.sticks, b.scores)
        assert [sorted(t // 4 for t in h) for h in a.hands] == [
            sorted(t // 4 for t in h) for h in b.hands
        ]
        assert [r.deltas for r in a.results] == [r.deltas for r in b.results]
    assert paipu.owari == mjlog.owari


def test_a_broken_kobalab_paipu_is_refused_with_its_round(tmp_path: Path) -> None:
    path = tmp_path / "bad.json"
    path.write_text(
        '{"title": "四鳳東喰赤速", "player": ["a","b","c","d"], "qijia": 0, '
        '"log": [[{"qipai": {"zhuangfeng": 0, "jushu": 0, "changbang": 0, "lizhibang": 0, '
        '"defen": [25000,25000,25000,25000], "baopai": "q9", "shoupai": ["","","",""]}}]]}'
    )
    with pytest.raises(RecordError, match="round 0: bad tile 'q9'"):
        read_record(path)


def test_mahjonglm_txt_is_mjlog() -> None:
    rec = read_record(
        DATA / KOBALAB_DIR / "tests/fixtures/tenhou/2014091101gm-00b9-0000-5ca6b487.txt"
    )
    assert rec.format == "mjlog"
    assert rec.players == 3
    assert rec.rules.go_type == 185
    assert len(rec.rounds) == 11


def test_summary_table_of_sources_md() -> None:
    # (games, rounds, agari, draws) per row of the summary table in SOURCES.md
    expected = {
        "4p xml": (154, 1588, 1338, 259),
        "4p json paired": (6, 70, 59, 12),
        "4p json excerpts": (20, 23, 20, 5),
        "3p xml": (3, 15, 12, 3),
        "3p json tenhou": (6, 51, 44, 7),
        "3p json mahjongsoul": (4, 13, 14, 0),
    }
    got: dict[str, list[int]] = {k: [0, 0, 0, 0] for k in expected}
    for rec in records():
        row = got[category(rec)]
        row[0] += 1
        row[1] += len(rec.rounds)
        row[2] += sum(len(wins_of(r)) for r in rec.rounds)
        row[3] += sum(len(draws_of(r)) for r in rec.rounds)
    assert {k: tuple(v) for k, v in got.items()} == expected


def test_manifest_rows_match() -> None:
    with (DATA / "MANIFEST.csv").open(encoding="utf-8") as fh:
        rows = list(csv.DictReader(fh))
    by_path = {rel(p): r for p, r in all_records().items()}
    checked = 0
    for row in rows:
        rec = by_path[row["file"]]
        if not isinstance(rec, GameRecord):
            assert row["format"].startswith("majiang")
            continue
        assert rec.players == int(row["players"]), row["file"]
        assert len(rec.rounds) == int(row["rounds"]), row["file"]
        assert sum(len(wins_of(r)) for r in rec.rounds) == int(row["agari_results"])
        assert sum(len(draws_of(r)) for r in rec.rounds) == int(row["ryuukyoku_results"])
        assert (rec.owari is not None) == (row["has_final_result"] == "yes"), row["file"]
        expected = (
            "mjlog"
            if row["format"] == "tenhou-mjlog-xml"
            else "kobalab"
            if row["format"].startswith("majiang")
            else "tenhou6"
        )
        assert rec.format == expected, row["file"]
        checked += 1
    assert checked == 196  # every record, the three kobalab paipu included


def test_rules_and_names() -> None:
    go_types = Counter(r.rules.go_type for r in xml_records())
    assert go_types == {169: 151, 185: 3, 225: 2, 41: 1}
    for rec in xml_records():
        assert rec.rules.has_red_fives and rec.rules.kuitan
        assert rec.rules.hanchan == (rec.rules.go_type != 225)
        assert rec.players == (3 if rec.rules.go_type == 185 else 4)
        assert (rec.names[3] == "") == (rec.players == 3)
    ms = [r for r in records() if category(r) == "3p json mahjongsoul"]
    assert all(r.rules.red_fives == (False, True, True) for r in ms)
    assert all(r.rounds[0].scores == (35000, 35000, 35000, 0) for r in ms)


# ---------------------------------------------------------------------------------------------
# Round structure


def test_round_headers() -> None:
    for rec in records():
        for rnd in rec.rounds:
            assert rnd.round_wind == rnd.index // 4 and rnd.kyoku == rnd.index % 4 + 1
            assert rnd.dealer == rnd.index % 4 < rec.players
            assert len(rnd.hands) == 4 and len(rnd.scores) == 4
            assert [len(h) for h in rnd.hands] == [13] * rec.players + [0] * (4 - rec.players)
            if rec.players == 3:
                assert rnd.scores[3] == 0 and rnd.index % 4 != 3
                # 2m..8m (ids 4..31) are never dealt in 3p
                assert not any(4 <= t < 32 for h in rnd.hands for t in h)
            assert (rnd.dice is not None) == (rec.format == "mjlog")
            assert len(rnd.dora_indicators) == 1


def test_every_round_replays_with_tile_conservation() -> None:
    """Tiles are distinct; every discard/call uses a tile of that hand; wins match the replay.

    For XML this proves the N-code decoding and the event order: the replayed hand equals the
    ``hai`` attribute and the replayed melds equal the decoded ``m`` attribute of every AGARI.
    """
    n_wins = 0
    for rec in records():
        for rnd in rec.rounds:
            rp = replay_round(rec, rnd)
            n_wins += len(wins_of(rnd))
            if rec.players == 3:
                assert not any(4 <= t < 32 for t in rp.seen)
    assert n_wins == 1338 + 59 + 20 + 12 + 44 + 14


def test_tsumogiri_and_riichi_events() -> None:
    """Step 1 comes right before the seat's discard; step 2 right after it unless ronned."""
    step2_missing = 0
    for rec in records():
        for rnd in rec.rounds:
            ev = rnd.events
            ron_from = {w.from_who for w in wins_of(rnd) if not w.tsumo}
            if any(d.kind == "ron3" for d in draws_of(rnd)):
                ron_from.add(-1)
            for i, e in enumerate(ev):
                if isinstance(e, Riichi) and e.step == 1:
                    discard = ev[i + 1]
                    assert isinstance(discard, Discard) and discard.seat == e.seat
                    if i + 2 < len(ev):
                        assert ev[i + 2] == Riichi(e.seat, 2), (rel(rec.source), rnd.index)
                    else:  # the riichi discard ended the round: it was ronned
                        assert e.seat in ron_from or -1 in ron_from
                        step2_missing += 1
                elif isinstance(e, Riichi):
                    assert i >= 2 and ev[i - 2] == Riichi(e.seat, 1)
    assert step2_missing > 30


def test_kan_dora_timing() -> None:
    """NewDora right after an ankan; for open kans when the kan player next discards or kans."""
    for rec in records():
        for rnd in rec.rounds:
            pending = 0
            for i, ev in enumerate(rnd.events):
                if isinstance(ev, Call) and ev.type == "ankan":
                    nxt = rnd.events[i + 1 : i + 1 + pending + 1]
                    if i + 1 < len(rnd.events):
                        assert all(isinstance(e, NewDora) for e in nxt), rel(rec.source)
                    pending = 0
                elif isinstance(ev, Call) and ev.type in ("minkan", "kakan"):
                    pending = 1
                elif isinstance(ev, Discard) and pending:
                    assert isinstance(rnd.events[i - 1], NewDora), rel(rec.source)
                    pending = 0


# ---------------------------------------------------------------------------------------------
# Results and payments


def test_win_fields() -> None:
    for rec in records():
        for rnd in rec.rounds:
            wins = wins_of(rnd)
            for k, w in enumerate(wins):
                assert 0 <= w.who < rec.players and 0 <= w.from_who < rec.players
                assert w.win_tile in w.hand
                assert len(w.deltas) == 4
                assert w.honba == rnd.honba
                if k > 0:
                    assert w.sticks == 0  # double ron: only the first winner takes sticks
                if not isinstance(w, Win):
                    continue
                assert 0 <= w.limit <= 5
                assert (w.limit == 5) or not w.yakuman
                assert w.han == sum(h for _, h in w.yaku)
                if rec.format == "mjlog":
                    assert w.fu is not None and w.scores_before is not None
                    # 53 (ura) is listed exactly when the winner is in riichi
                    riichi = {1, 21} & {y for y, _ in w.yaku}
                    assert (53 in {y for y, _ in w.yaku}) == bool(riichi) or w.yakuman
                else:
                    assert w.scores_before is None
                    assert (w.fu is None) == (w.limit > 0)


def test_xml_win_deltas_sum_to_sticks() -> None:
    for rec in xml_records():
        for rnd in rec.rounds:
            for w in wins_of(rnd):
                assert sum(w.deltas) == w.sticks * 1000, rel(rec.source)


def test_json_win_deltas_sum_to_sticks() -> None:
    """JSON deltas include the sticks; ``sticks`` is rebuilt from the riichi events.

    Two records break the rule, both outside Tenhou's own output: a (hand-made) excerpt whose
    winner does not get an accepted riichi stick, and a Mahjong Soul game where a kokushi robbed
    a kita after a riichi and the stick stayed on the table (the final result gives it to the
    top player).
    """
    odd = []
    for rec in records():
        if rec.format != "tenhou6":
            continue
        for rnd in rec.rounds:
            for w in wins_of(rnd):
                if isinstance(w, Win) and sum(w.deltas) != w.sticks * 1000:
                    odd.append((rec.source.name, rnd.index, w.sticks, sum(w.deltas)))
    assert odd == [("confusing_nakis_1.json", 1, 1, 0), ("kokushi_peinuki.json", 2, 1, 0)]


def test_aka_dora_matches_red_ids() -> None:
    for rec in records():
        for rnd in rec.rounds:
            for w in wins_of(rnd):
                if not isinstance(w, Win) or w.yakuman:
                    continue
                tiles = list(w.hand) + [t for m in w.melds for t in m.tiles]
                reds = sum(1 for t in tiles if t in (16, 52, 88))
                aka = sum(h for y, h in w.yaku if y == 54)
                assert reds == aka, (rel(rec.source), rnd.index, w.yaku)


def test_3p_kita_in_melds_and_yaku() -> None:
    kita_wins = 0
    for rec in records():
        if rec.players != 3:
            continue
        ms = category(rec) == "3p json mahjongsoul"
        for rnd in rec.rounds:
            for w in wins_of(rnd):
                assert isinstance(w, Win)
                kitas = sum(1 for m in w.melds if m.type == "kita")
                kita_wins += kitas > 0
                nuki = sum(h for y, h in w.yaku if y == NUKIDORA_YAKU_ID)
                if ms and not w.yakuman:
                    assert nuki == kitas  # North is never the dora in these rounds
                else:
                    assert nuki == 0
    assert kita_wins > 0


def _dora_kind(indicator: int, players: int) -> int:
    kind = indicator // 4
    if kind < 27:
        suit, num = divmod(kind, 9)
        if players == 3 and suit == 0:
            return 8 if num == 0 else 0  # 3p manzu: 1m -> 9m -> 1m
        return suit * 9 + (num + 1) % 9
    if kind < 31:
        return 27 + (kind - 27 + 1) % 4
    return 31 + (kind - 31 + 1) % 3


def test_dora_han_matches_indicators() -> None:
    """ドラ han = tiles matching the indicators (start + NewDora), plus kita in Tenhou 3p."""
    checked = 0
    for rec in records():
        ms = rec.players == 3 and category(rec) == "3p json mahjongsoul"
        for rnd in rec.rounds:
            for w in wins_of(rnd):
                if not isinstance(w, Win) or w.yakuman:
                    continue
                tiles = list(w.hand) + [t for m in w.melds for t in m.tiles]
                dora_kinds = [_dora_kind(i, rec.players) for i in w.dora_indicators]
                count = sum(dora_kinds.count(t // 4) for t in tiles)
                kitas = sum(1 for m in w.melds if m.type == "kita")
                dora = sum(h for y, h in w.yaku if y == 52)
                nuki = sum(h for y, h in w.yaku if y == NUKIDORA_YAKU_ID)
                if ms:
                    assert dora + nuki == count + kitas, (rel(rec.source), rnd.index)
                else:
                    assert dora == count + kitas, (rel(rec.source), rnd.index, w)
                ura_kinds = [_dora_kind(i, rec.players) for i in w.ura_indicators]
                ura = sum(ura_kinds.count(t // 4) for t in tiles)
                if any(y == 53 for y, _ in w.yaku):
                    assert sum(h for y, h in w.yaku if y == 53) == ura, (rel(rec.source), w)
                checked += 1
    assert checked > 1400


def test_exhaustive_draws_noten_payments() -> None:
    for rec in records():
        total = 3000 if rec.players == 4 else 2000
        for rnd in rec.rounds:
            for d in draws_of(rnd):
                if d.kind == "exhaustive":
                    assert d.tenpai_seats is not None or not any(d.deltas)
                    tenpai = d.tenpai_seats
                    if tenpai is not None and 0 < len(tenpai) < rec.players:
                        share = total // len(tenpai)
                        for s in range(rec.players):
                            exp = share if s in tenpai else -total // (rec.players - len(tenpai))
                            assert d.deltas[s] == exp, (rel(rec.source), rnd.index)
                    elif tenpai is not None:
                        assert not any(d.deltas)
                elif d.kind != "nm":
                    assert not any(d.deltas) and d.tenpai_seats is None


def test_score_continuity() -> None:
    """Round to round flow of full games (those with a final result).

    Next start = start - accepted riichi deposits + all deltas; the sticks left on the table
    carry over; honba +1 after a draw or a dealer win, else 0; the final points = last scores
    plus the leftover sticks for the top player. XML "before" scores agree too.
    """
    checked = 0
    for rec in records():
        if rec.owari is None:
            continue
        for i, rnd in enumerate(rec.rounds):
            rp = replay_round(rec, rnd)
            after_deposits = [rnd.scores[s] - 1000 * rp.riichi_accepted[s] for s in range(4)]
            before = list(after_deposits)
            for r in rnd.results:
                if not isinstance(r, UnscoredWin) and r.scores_before is not None:
                    assert list(r.scores_before) == before, (rel(rec.source), rnd.index)
                before = [before[s] + r.deltas[s] for s in range(4)]
            end = before
            available = rnd.sticks + sum(rp.riichi_accepted)
            leftover = available - sum(sum(r.deltas) for r in rnd.results) // 1000
            wins = wins_of(rnd)
            if i + 1 < len(rec.rounds):
                nxt = rec.rounds[i + 1]
                assert list(nxt.scores) == end, (rel(rec.source), rnd.index, rnd.honba)
                assert nxt.sticks == leftover
                renchan = not wins or any(w.who == rnd.dealer for w in wins)
                assert nxt.honba == (rnd.honba + 1 if renchan else 0), rel(rec.source)
                checked += 1
            else:
                top = max(range(rec.players), key=lambda s: (end[s], -s))
                final = [end[s] + (leftover * 1000 if s == top else 0) for s in range(4)]
                assert list(rec.owari.points) == final, rel(rec.source)
    # transitions: XML 1603 rounds - 157 games; JSON paired 64, Tenhou 3p 45, Mahjong Soul 3p 9,
    # and the 2 excerpt files with a final result (ranked_game, suukantsu_1) 3
    assert checked == 1446 + 64 + 45 + 9 + 3


# ---------------------------------------------------------------------------------------------
# XML and JSON of the same games


def _kinds(tiles: Iterable[int]) -> list[int]:
    return sorted(t // 4 for t in tiles)


def _meld_kinds(melds: Sequence[Call]) -> Counter[tuple[str, tuple[int, ...], int | None]]:
    return Counter((m.type, tuple(_kinds(m.tiles)), m.from_seat) for m in melds)


def _event_sig(ev: RecordEvent) -> tuple[object, ...]:
    if isinstance(ev, Draw):
        return ("draw", ev.seat, ev.tile // 4)
    if isinstance(ev, Discard):
        return ("discard", ev.seat, ev.tile // 4, ev.tsumogiri)
    if isinstance(ev, Call):
        return ("call", ev.seat, ev.type, tuple(_kinds(ev.tiles)), ev.from_seat)
    if isinstance(ev, Riichi):
        return ("riichi", ev.seat, ev.step)
    return ("dora", ev.tile // 4)


def paired_games() -> list[tuple[GameRecord, GameRecord]]:
    pairs = []
    for xml_path in sorted(PAIRED_DIR.glob("*.xml")):
        pairs.append((read_mjlog(xml_path), read_tenhou6(xml_path.with_suffix(".json"))))
    return pairs


def test_paired_xml_and_json_agree() -> None:
    pairs = paired_games()
    assert len(pairs) == 6
    n_wins = 0
    for xml, js in pairs:
        assert xml.game_id == js.game_id
        assert xml.names == js.names
        assert xml.owari is not None and js.owari is not None
        assert xml.owari.points == js.owari.points
        assert len(xml.rounds) == len(js.rounds)
        for xr, jr in zip(xml.rounds, js.rounds, strict=True):
            where = (xml.game_id, xr.index, xr.honba)
            assert (xr.index, xr.honba, xr.sticks, xr.dealer, xr.scores) == (
                jr.index,
                jr.honba,
                jr.sticks,
                jr.dealer,
                jr.scores,
            )
            assert [_kinds(h) for h in xr.hands] == [_kinds(h) for h in jr.hands]
            assert _kinds(xr.dora_indicators) == _kinds(jr.dora_indicators)
            # same events in the same order (kan dora timing, riichi steps, tsumogiri)
            assert [_event_sig(e) for e in xr.events] == [_event_sig(e) for e in jr.events], where
            assert len(xr.results) == len(jr.results)
            for xres, jres in zip(xr.results, jr.results, strict=True):
                if isinstance(xres, ExhaustiveOrAbortiveDraw):
                    assert isinstance(jres, ExhaustiveOrAbortiveDraw)
                    assert (xres.kind, xres.deltas, xres.honba, xres.sticks) == (
                        jres.kind,
                        jres.deltas,
                        jres.honba,
                        jres.sticks,
                    )
                    if jres.tenpai_seats is not None:
                        assert jres.tenpai_seats == xres.tenpai_seats
                    continue
                assert isinstance(xres, Win) and isinstance(jres, Win)
                n_wins += 1
                assert (xres.who, xres.from_who, xres.pao_who, xres.deltas) == (
                    jres.who,
                    jres.from_who,
                    jres.pao_who,
                    jres.deltas,
                ), where
                xyaku = {y for y, h in xres.yaku if not (y == 53 and h == 0)}
                assert xyaku == {y for y, _ in jres.yaku}, where
                assert set(xres.yaku) - {(53, 0)} == set(jres.yaku)
                assert xres.yakuman == jres.yakuman
                assert _kinds(xres.hand) == _kinds(jres.hand), where
                assert xres.win_tile // 4 == jres.win_tile // 4
                assert _meld_kinds(xres.melds) == _meld_kinds(jres.melds), where
                assert (xres.points, xres.limit, xres.han, xres.honba, xres.sticks) == (
                    jres.points,
                    jres.limit,
                    jres.han,
                    jres.honba,
                    jres.sticks,
                ), where
                if jres.fu is not None:
                    assert jres.fu == xres.fu
                assert _kinds(xres.dora_indicators) == _kinds(jres.dora_indicators)
                if xres.ura_indicators and jres.ura_indicators:
                    assert _kinds(xres.ura_indicators) == _kinds(jres.ura_indicators)
    assert n_wins == 59


# ---------------------------------------------------------------------------------------------
# Specific records


def test_double_ron_and_pao() -> None:
    mjlog = DATA / "mjx-project__mjx/tests_py/resources/mjlog"
    rec = read_mjlog(mjlog / "double-ron.mjlog")
    doubles = [r for r in rec.rounds if len(wins_of(r)) == 2]
    assert doubles
    first, second = wins_of(doubles[0])
    assert first.from_who == second.from_who and second.sticks == 0
    pao = read_mjlog(mjlog / "pao-tsumo.mjlog")
    pao_wins = [w for r in pao.rounds for w in wins_of(r) if w.pao_who is not None]
    assert len(pao_wins) == 1 and pao_wins[0].tsumo
    w = pao_wins[0]
    assert w.pao_who is not None
    # the pao seat pays everything, honba included; the others pay nothing
    assert sorted(w.deltas) == sorted([0, 0, -w.deltas[w.who], w.deltas[w.who]])
    assert w.deltas[w.pao_who] == -w.deltas[w.who]


def test_json_pao_yakuman() -> None:
    rec = read_tenhou6(PAIRED_DIR / "2019103023gm-00a9-0000-f90e0fe9.json")
    w = wins_of(rec.rounds[-1])[0]
    assert isinstance(w, Win)
    assert (w.who, w.from_who, w.pao_who) == (0, 0, 2)
    assert w.yakuman == (39, 42) and w.points == 64000 and w.limit == 5
    assert w.deltas == (64900, 0, -64900, 0)


def test_excerpt_edge_cases() -> None:
    d = DATA / "Equim-chan__mjai-reviewer/convlog/tests/testdata"
    chankan = wins_of(read_tenhou6(d / "chankan.json").rounds[0])[0]
    assert isinstance(chankan, Win) and 3 in {y for y, _ in chankan.yaku}
    # robbed tile = the kakan's added tile, and the new kan dora is not shown
    rnd = read_tenhou6(d / "chankan.json").rounds[0]
    kakan = [e for e in rnd.events if isinstance(e, Call) and e.type == "kakan"][-1]
    assert chankan.win_tile == kakan.added and rnd.events[-1] == kakan

    cut = read_tenhou6(d / "confusing_nakis_2.json")
    res = cut.rounds[0].results[0]
    assert isinstance(res, UnscoredWin)

    english = wins_of(read_tenhou6(d / "confusing_nakis_7.json").rounds[0])[0]
    assert isinstance(english, Win) and english.yaku == ((1, 1), (52, 1), (53, 0))

    four = read_tenhou6(d / "four_reach.json").rounds[0]
    assert sum(1 for e in four.events if isinstance(e, Riichi) and e.step == 2) == 4
    assert draws_of(four)[0].kind == "reach4" and draws_of(four)[0].sticks == 4

    kyushu = draws_of(read_tenhou6(d / "kyushukyuhai.json").rounds[0])[0]
    assert kyushu.kind == "yao9" and kyushu.tenpai_seats is None

    suukantsu = read_tenhou6(d / "suukantsu_0.json").rounds[0]
    assert sum(isinstance(e, NewDora) for e in suukantsu.events) == 4
    w = wins_of(suukantsu)[0]
    assert isinstance(w, Win) and w.yakuman == (51,)


def test_mahjongsoul_3p_names() -> None:
    d = DATA / "hidacow__mjai-reviewer3p/convlog/tests/testdata"
    rec = read_tenhou6(d / "kokushi_peinuki.json")
    w = wins_of(rec.rounds[1])[0]
    assert isinstance(w, Win)
    # 役牌:場風牌 / 役牌:自風牌 for a dealer in East round -> ids 14 and 10
    assert set(w.yaku) == {(34, 2), (14, 1), (10, 1)}
    robbed = wins_of(read_tenhou6(d / "kokushi_ankan.json").rounds[0])[0]
    assert isinstance(robbed, Win) and robbed.yakuman == (47,) and not robbed.tsumo
    double = read_tenhou6(d / "nukidora_doubleron.json").rounds[0]
    w1, w2 = wins_of(double)
    assert w1.win_tile == w2.win_tile and w1.win_tile // 4 == 30  # ron on a kita North


def test_json_yaku_names() -> None:
    assert json_yaku_id("役牌 中", 0, 0) == 20
    assert json_yaku_id("自風 東", 0, 0) == 10
    assert json_yaku_id("場風 南", 0, 1) == 15
    assert json_yaku_id("役牌:自風牌", 2, 0) == 12
    assert json_yaku_id("役牌:場風牌", 1, 1) == 15
    assert json_yaku_id("抜きドラ", 0, 0) == NUKIDORA_YAKU_ID
    assert json_yaku_id("Ura Dora", 0, 0) == 53
    with pytest.raises(KeyError):
        json_yaku_id("焼き鳥", 0, 0)


def test_errors_name_the_file(tmp_path: Path) -> None:
    bad = tmp_path / "bad.json"
    src = (PAIRED_DIR / "2019021004gm-00a9-0000-e2f6516d.json").read_text(encoding="utf-8")
    bad.write_text(src.replace('"立直(1飜)"', '"焼き鳥(1飜)"', 1), encoding="utf-8")
    with pytest.raises(RecordError, match=r"bad\.json.*round E2-0.*焼き鳥"):
        read_record(bad)
    broken = tmp_path / "broken.mjlog"
    broken.write_text('<mjloggm ver="2.3"><GO type="169"/><T12/></mjloggm>', encoding="utf-8")
    with pytest.raises(RecordError, match=r"broken\.mjlog.*before the first INIT"):
        read_record(broken)
    bad_tag = tmp_path / "bad_tag.xml"
    bad_tag.write_text(
        '<mjloggm ver="2.3"><GO type="169"/><INIT seed="0,0,0,1,2,3" ten="250,250,250,250" '
        'oya="0" hai0="0,1,2,3,4,5,6,7,8,9,10,11,12" hai1="13,14,15,16,17,18,19,20,21,22,23,24,25"'
        ' hai2="26,27,28,29,30,31,32,33,34,35,36,37,38" hai3="39,40,41,42,43,44,45,46,47,48,49,'
        '50,51"/><REACH who="x" step="1"/></mjloggm>',
        encoding="utf-8",
    )
    with pytest.raises(RecordError, match=r"bad_tag\.xml: round E1-0.*REACH"):
        read_record(bad_tag)
    other = tmp_path / "other.txt"
    other.write_text("hello", encoding="utf-8")
    with pytest.raises(UnsupportedRecordError):
        read_record(other)


def test_gzip_mjlog(tmp_path: Path) -> None:
    import gzip

    src = DATA / "Ledenel__auto-white-reimu/tests/2009060321gm-00b9-0000-75b25bcf.xml"
    gz = tmp_path / "2009060321gm-00b9-0000-75b25bcf.mjlog"
    gz.write_bytes(gzip.compress(src.read_bytes()))
    a, b = read_record(gz), read_mjlog(src)
    assert a.rounds == b.rounds and a.owari == b.owari and a.game_id == b.game_id
    paths = [p for p, _ in iter_records(tmp_path)]
    assert paths == [gz]
