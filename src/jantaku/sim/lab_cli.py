"""``jantaku lab``: its arguments and what it prints (kept apart from cli.py, and light to
import: the lab itself loads only when the command runs)."""

from __future__ import annotations

import argparse
import json
from collections.abc import Callable
from typing import Any


def add_lab_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("--rules", default="riichi", help="preset name or TOML file (rule set A)")
    p.add_argument(
        "--vary",
        action="append",
        default=[],
        metavar="SECTION.KNOB=VALUE",
        help="rule set B = A with this knob changed (repeat for more knobs)",
    )
    p.add_argument("--against", metavar="FILE.toml", help="rule set B from a TOML file")
    p.add_argument("--games", default="1000", help="games per rule set (default 1000)")
    p.add_argument("--seed", default="0", help="seed of the first game (game i: seed + i)")
    p.add_argument(
        "--bots", default="baseline", help="as for simulate: one kind, or one per seat a,b,c[,d]"
    )
    p.add_argument(
        "--players", help="4 at a three-player preset: four people rotating (one sits out)"
    )
    p.add_argument("--out", required=True, help="the run's folder (resumed if it exists)")
    p.add_argument("--workers", default="1", help="processes (or Ray CPUs) playing the games")
    p.add_argument(
        "--backend",
        default="local",
        choices=["local", "ray"],
        help="local processes, or Ray tasks (pip install 'jantaku[cluster]')",
    )
    p.add_argument("--address", help="with --backend ray: join this Ray cluster")
    p.add_argument("--no-progress", action="store_true", help="no progress bar on stderr")
    p.add_argument("--json", action="store_true", help="print report.json's numbers")


def lab_command(
    args: argparse.Namespace, whole: Callable[..., int], fail: Callable[[str], int]
) -> int:
    from jantaku.sim.backends import BackendError
    from jantaku.sim.lab import run_lab
    from jantaku.sim.runner import SimulationError

    try:
        report = run_lab(
            args.rules,
            whole(args.games, "games", 1),
            args.out,
            seed=whole(args.seed, "seed"),
            vary=args.vary,
            against=args.against,
            bots=args.bots,
            people=None if args.players is None else whole(args.players, "players", 3),
            workers=whole(args.workers, "workers", 1),
            backend=args.backend,
            address=args.address,
            progress=not args.no_progress,
        )
    except (SimulationError, BackendError) as e:
        return fail(str(e))
    except OSError as e:
        return fail(f"cannot write {args.out}: {e.strerror or e}")
    if args.json:
        print(json.dumps(report, ensure_ascii=False))
    else:
        print(summary_text(report, args.out))
    return 0


def summary_text(report: dict[str, Any], out: str) -> str:
    """What the terminal shows: the run, then each significant difference in a sentence."""
    lines = []
    for a in report["arms"]:
        lines.append(f"{a['label']}: {a['description']}: {a['games']} games, {a['hands']} hands")
    for w in report["warnings"]:
        lines.append("note: " + w["en"])
    for d in report.get("differences", []):
        if d["significant"]:
            lines.append("  " + d["en"])
    lines.append(f"report: {out}/report.html (numbers: {out}/report.json)")
    return "\n".join(lines)
