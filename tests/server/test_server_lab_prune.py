"""Finished lab runs are pruned, oldest first: per client address and in all, so no client
(and no year of clients) fills the server's disk with games."""

from __future__ import annotations

import json
from pathlib import Path

from jantaku.server.lab import LabRuns, _owner_digest


def finished_run(root: Path, run_id: str, client: str, created: float) -> None:
    folder = root / run_id
    (folder / "run").mkdir(parents=True)
    request = {
        "rules": "riichi",
        "vary": [],
        "games": 1,
        "seed": 0,
        "bots": "baseline",
        "created": created,
        "owner": _owner_digest(client),
    }
    (folder / "request.json").write_text(json.dumps(request), "utf-8")
    (folder / "run" / "games.jsonl").write_text("{}\n", "utf-8")


def test_finished_runs_are_pruned_per_client_and_in_all(tmp_path: Path) -> None:
    runs = LabRuns(tmp_path, keep_per_client=2, keep_all=4)
    ids = {}
    for n, client in enumerate(["a", "a", "a", "b", "b", "b"], start=1):
        ids[n] = f"{n:012x}"
        finished_run(tmp_path, ids[n], f"10.0.0.{client}", created=float(n))
    assert sorted(runs.prune()) == sorted([ids[1], ids[4]])  # each client's oldest
    assert {p.name for p in tmp_path.iterdir()} == {ids[2], ids[3], ids[5], ids[6]}
    ids[7] = f"{7:012x}"
    finished_run(tmp_path, ids[7], "10.0.0.c", created=7.0)
    assert runs.prune() == [ids[2]]  # five in all: the oldest goes
    listing = runs.listing()
    assert [r["id"] for r in listing] == [ids[7], ids[6], ids[5], ids[3]]
    assert all("owner" not in r for r in listing)  # who asked stays on the server
