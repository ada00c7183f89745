"""Record the golden games and scores that prove a refactor changes nothing (issue 13).

Run once, before the refactor, from the repository root::

    python tests/golden/record.py [--shared ../shared]

It writes ``games.jsonl.gz`` (one seeded game per line: its preset, seed, bots, people and
every event) and ``real-log-scores.jsonl.gz`` (the scorer's JSON result for every win of the
real Tenhou logs). ``tests/game/test_golden.py`` plays each game again from its recorded walls, dice
and decisions and scores each win again, and compares byte for byte.
"""

from __future__ import annotations

import argparse
import gzip
import io
import json
from pathlib import Path

from jantaku.log.check import Checker, situation_for
from jantaku.log.tenhou import UnscoredWin, Win, iter_records
from jantaku.scoring import NotAWin
from jantaku.scoring.json_io import result_to_json
from jantaku.sim.runner import play_game

HERE = Path(__file__).parent
PRESETS = {"riichi": 4, "sanma": 3, "gotou": 3, "tokushima": 3, "mighty": 3, "kanto-boo": 4}
GAMES = 15
"""Per preset and bot kind; three-player presets add GAMES // 3 with four people rotating."""


def plays() -> list[tuple[str, int, str, int | None]]:
    out: list[tuple[str, int, str, int | None]] = []
    for preset, seats in PRESETS.items():
        for bots in ("random", "baseline"):
            out += [(preset, 1000 + i, bots, None) for i in range(GAMES)]
            if seats == 3:
                out += [(preset, 2000 + i, bots, 4) for i in range(GAMES // 3)]
    return out


def record_games(path: Path) -> int:
    n = 0
    with gzip.open(path, "wt", encoding="utf-8") as f:
        for preset, seed, bots, people in plays():
            buf = io.StringIO()
            rec = play_game(preset, seed, bots, log=buf, people=people)
            assert rec.finished, (preset, seed, bots, people)
            events = []
            for line in buf.getvalue().splitlines():
                ev = json.loads(line)
                del ev["game"]
                events.append(ev)
            row = {"preset": preset, "seed": seed, "bots": bots, "people": people}
            f.write(json.dumps(row | {"events": events}, ensure_ascii=False) + "\n")
            n += 1
    return n


def real_log_scores(shared: Path) -> list[dict[str, object]]:
    """Every real-log win scored: the input the checker builds and the scorer's JSON."""
    checker = Checker()
    rows: list[dict[str, object]] = []
    root = shared / "data" / "real-logs"
    for path, rec in sorted(iter_records(root), key=lambda pr: str(pr[0])):
        if isinstance(rec, Exception):
            continue
        scorer = checker.scorer_for(rec)
        for r_index, rnd in enumerate(rec.rounds):
            first = True
            for w_index, res in enumerate(rnd.results):
                if isinstance(res, UnscoredWin):
                    first = False
                    continue
                if not isinstance(res, Win):
                    continue
                where = {
                    "file": str(path.relative_to(root)),
                    "round": r_index,
                    "result": w_index,
                }
                try:
                    sit = situation_for(rec, rnd, res, first, scorer)
                    out: object = result_to_json(scorer.score(sit))
                except NotAWin as e:
                    out = {"not_a_win": str(e)}
                rows.append(where | {"score": out})
                first = False
    return rows


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--shared", type=Path, default=HERE.parents[1].parent / "shared")
    args = ap.parse_args()
    print("games:", record_games(HERE / "games.jsonl.gz"))
    rows = real_log_scores(args.shared)
    with gzip.open(HERE / "real-log-scores.jsonl.gz", "wt", encoding="utf-8") as f:
        for row in rows:
            f.write(json.dumps(row, ensure_ascii=False, sort_keys=True) + "\n")
    print("real-log wins:", len(rows))


if __name__ == "__main__":
    main()
