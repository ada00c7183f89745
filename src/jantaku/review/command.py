"""``jantaku review LOG --seat N [--game K] [--out DIR] [--json]``: the command's
arguments and its run (``jantaku.cli`` hands it the parsed arguments)."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from jantaku.review.core import review_game
from jantaku.review.load import ReviewError, read_games
from jantaku.review.report import write_review


def add_review_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument(
        "log",
        help="a jantaku log (simulate --out, a table's log) or a tenhou.net/6, mjlog or "
        "kobalab record",
    )
    p.add_argument("--seat", required=True, help="the seat to review (0 = the first dealer)")
    p.add_argument("--game", default="0", help="which game of a log of several (from 0)")
    p.add_argument("--out", default="review", help="directory for review.json and review.html")
    p.add_argument("--json", action="store_true", help="print the summary as JSON")


def review_command(args: argparse.Namespace) -> int:
    """Review one seat of one game; 0 on success, 2 when the log cannot be reviewed."""
    try:
        seat = int(args.seat)
        index = int(args.game)
    except ValueError:
        print("jantaku: error: --seat and --game need whole numbers", file=sys.stderr)
        return 2
    try:
        games = read_games(args.log)
        if not 0 <= index < len(games):
            raise ReviewError(f"--game {index}: the log has games 0 to {len(games) - 1}")
        g = games[index]
        review = review_game(g.game, g.events, seat, resume=g.resume)
    except (ReviewError, OSError) as e:
        print(f"jantaku: error: {e}", file=sys.stderr)
        return 2
    except ValueError as e:
        print(f"jantaku: error: {e}", file=sys.stderr)
        return 2
    out = Path(args.out)
    write_review(review, out, Path(args.log).name)
    s = review["summary"]
    if args.json:
        print(json.dumps({k: v for k, v in s.items() if k != "by_hand"}, ensure_ascii=False))
    else:
        print(
            f"seat {seat}: {s['decisions']} decisions, agreement {s['agreement'] or 0:.1%}, "
            f"average cost {s['average_cost']} points, total {s['total_cost']}; "
            f"written to {out}/review.html"
        )
    return 0
