"""牌譜検討 of real games (issue 41): imported Tenhou records, four-player riichi (mjlog) and
sanma (tenhou.net/6), are reviewed to their end for every seat: each seat's decisions
reach the game's last hand, the log shows what was taken at all but a few (a call another
seat's call or win overrode), and people agree with the bot at some but far from all."""

from __future__ import annotations

from pathlib import Path

import pytest

from jantaku.log.tenhou import GameRecord, iter_records
from jantaku.review import Reviewer, read_games, review_game

LOGS = Path(__file__).resolve().parents[2].parent / "shared" / "data" / "real-logs"
if not LOGS.is_dir():
    pytest.skip(
        f"real game records not found at {LOGS} (../shared is absent)", allow_module_level=True
    )

REVIEWER = Reviewer()


def records() -> list[tuple[Path, GameRecord]]:
    return [(p, r) for p, r in iter_records(LOGS) if not isinstance(r, Exception)]


RECORDS = records()


def check_every_seat(path: Path) -> tuple[int, int, int]:
    """Review every seat of the record at ``path``; (decisions, known, agreed)."""
    (g,) = read_games(path)
    # The last hand played: with a discard, a win or a draw (a record cut short may end
    # with a bare deal).
    hands = played = 0
    for e in g.events:
        hands += e["type"] == "start_kyoku"
        if e["type"] in ("dahai", "hora", "ryukyoku"):
            played = hands
    totals = [0, 0, 0]
    last = []
    for seat in range(g.game.people):
        review = review_game(g.game, g.events, seat, REVIEWER, resume=g.resume)
        s = review["summary"]
        assert s["decisions"] > 0, (path.name, seat)
        last.append(review["hands"][-1]["hand"])
        totals[0] += s["decisions"]
        totals[1] += s["known"]
        totals[2] += s["agree"]
    assert max(last) == played - 1, (path.name, last, played)  # to the end of the game
    return totals[0], totals[1], totals[2]


def pick(fmt: str, players: int, least_hands: int) -> Path:
    return next(
        p
        for p, r in RECORDS
        if r.format == fmt and r.players == players and len(r.rounds) >= least_hands
    )


@pytest.mark.parametrize(("fmt", "players"), [("mjlog", 4), ("tenhou6", 3)])
def test_a_real_game_is_reviewed_for_every_seat(fmt: str, players: int) -> None:
    decisions, known, agreed = check_every_seat(pick(fmt, players, 8))
    assert decisions > 100
    assert known >= 0.97 * decisions
    assert 0.3 * known < agreed < 0.95 * known


@pytest.mark.slow
@pytest.mark.parametrize(("fmt", "players"), [("mjlog", 4), ("mjlog", 3), ("tenhou6", 3)])
def test_every_real_game_is_reviewed_for_every_seat(fmt: str, players: int) -> None:
    paths = [p for p, r in RECORDS if r.format == fmt and r.players == players]
    assert paths
    decisions = known = agreed = 0
    for path in paths:
        d, k, a = check_every_seat(path)
        decisions, known, agreed = decisions + d, known + k, agreed + a
    assert known >= 0.97 * decisions
    assert 0.3 * known < agreed < 0.95 * known


def test_a_record_that_starts_mid_game_is_reviewed() -> None:
    """A record cut from a game (its first hand not East 1) starts where it starts: the
    round wind and dealer of its hands, and so their yaku, are the record's."""
    path = next(
        p for p, r in RECORDS if r.rounds and (r.rounds[0].round_wind, r.rounds[0].kyoku) > (0, 1)
    )
    decisions, known, _agreed = check_every_seat(path)
    assert known == decisions > 20
