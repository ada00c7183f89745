"""The lab's scale-out: 400 gotou games (baseline bots) in one process, in 2 local worker
processes and as Ray tasks on 2 CPUs, in turns (``--repeats``) so a busy spell of a shared
machine slows each alike; prints each run's seconds, the load average and the speed-ups.

    python benchmarks/bench_lab.py --games 400 --repeats 2          # needs jantaku[cluster]
    python benchmarks/bench_lab.py --address auto                   # Ray: a running cluster
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import tempfile
import time
from pathlib import Path

from jantaku.sim.lab import run_lab


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=400)
    ap.add_argument("--repeats", type=int, default=2)
    ap.add_argument("--address", help="a running Ray cluster (else Ray starts one per run)")
    ap.add_argument("--modes", default="one,workers2,ray2")
    args = ap.parse_args()
    modes = args.modes.split(",")
    times: dict[str, list[float]] = {m: [] for m in modes}
    hands: set[int] = set()
    with tempfile.TemporaryDirectory() as tmp:
        for r in range(args.repeats):
            for mode in modes:
                kw: dict[str, object] = {"workers": 1}
                if mode == "workers2":
                    kw = {"workers": 2}
                elif mode == "ray2":
                    kw = {"workers": 2, "backend": "ray", "address": args.address}
                t = time.perf_counter()
                out = run_lab(
                    "gotou",
                    args.games,
                    Path(tmp) / f"{mode}-{r}",
                    seed=100,
                    write_html=False,
                    **kw,  # type: ignore[arg-type]
                )
                seconds = time.perf_counter() - t
                times[mode].append(seconds)
                hands.add(out["arms"][0]["hands"])
                print(
                    json.dumps(
                        {
                            "mode": mode,
                            "seconds": round(seconds, 1),
                            "load": round(os.getloadavg()[0], 1),
                        }
                    ),
                    flush=True,
                )
    base = statistics.median(times[modes[0]])
    for m in modes:
        print(
            f"{m}: median {statistics.median(times[m]):.1f} s, "
            f"speed-up {base / statistics.median(times[m]):.2f}x"
        )
    print("same games in every mode:", len(hands) == 1)


if __name__ == "__main__":
    main()
