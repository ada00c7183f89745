"""Play seeded games and score the real-log wins, printing one line per answer (issue 18).

``tests/project/test_build.py`` runs this twice, once with ``JANTAKU_PURE=1`` and once on the
compiled build, and compares the two outputs line by line: a game is the SHA-256 of its
whole event log, a real-log win the scorer's JSON answer.

    python tests/support/differential.py --games 200 [--shared ../shared]
"""

from __future__ import annotations

import argparse
import hashlib
import io
import json
import sys
from pathlib import Path

PRESETS = {"riichi": 4, "sanma": 3, "gotou": 3, "tokushima": 3, "mighty": 3, "kanto-boo": 4}


def games(per_preset: int) -> None:
    from jantaku.sim.runner import play_game

    for preset, seats in PRESETS.items():
        for i in range(per_preset):
            seed = 7000 + i
            bots = "random" if i % 2 else "baseline"
            people = 4 if seats == 3 and i % 3 == 2 else None
            buf = io.StringIO()
            rec = play_game(preset, seed, bots, log=buf, people=people)
            digest = hashlib.sha256(buf.getvalue().encode()).hexdigest()
            print(f"game {preset} {seed} {bots} {people} {rec.finished} {digest}")


def real_logs(shared: Path) -> None:
    sys.path.insert(0, str(Path(__file__).parents[1] / "golden"))
    from record import real_log_scores  # type: ignore[import-not-found]

    for row in real_log_scores(shared):
        print("win " + json.dumps(row, ensure_ascii=False, sort_keys=True))


def main() -> None:
    from jantaku import build

    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else "")
    ap.add_argument("--games", type=int, default=3, help="games per preset")
    ap.add_argument("--shared", type=Path, help="score the real logs under this shared/")
    args = ap.parse_args()
    print(f"build {build.MODE}")
    games(args.games)
    if args.shared is not None:
        real_logs(args.shared)
    print(" ".join(["compiled", *build.compiled_modules()]))


if __name__ == "__main__":
    main()
