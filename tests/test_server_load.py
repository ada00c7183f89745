"""Many bot-only tables on one server: every game finishes, and memory stays flat."""

from __future__ import annotations

import resource
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from jantaku.server.app import create_app

PRESETS = ["riichi", "sanma", "gotou", "tokushima", "mighty", "kanto-boo"]
SEATS = {"riichi": 4, "kanto-boo": 4}


def run_tables(db: Path, n: int) -> list[dict[str, object]]:
    client = TestClient(create_app(str(db)))

    def one(i: int) -> int:
        preset = PRESETS[i % len(PRESETS)]
        seats = ["bot:random"] * SEATS.get(preset, 3)
        r = client.post("/api/tables", json={"preset": preset, "seats": seats, "seed": i})
        assert r.status_code == 200, r.text
        return int(r.json()["id"])

    with ThreadPoolExecutor(max_workers=8) as pool:
        ids = list(pool.map(one, range(n)))
    listing = {t["id"]: t for t in client.get("/api/tables").json()}
    return [listing[i] for i in ids]


def rss_mb() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def test_a_few_concurrent_bot_tables_finish(tmp_path: Path) -> None:
    tables = run_tables(tmp_path / "load.sqlite3", 6)
    assert all(t["status"] == "finished" for t in tables)


@pytest.mark.slow
def test_fifty_concurrent_bot_tables_and_flat_memory(tmp_path: Path) -> None:
    run_tables(tmp_path / "warm.sqlite3", 12)
    before = rss_mb()
    tables = run_tables(tmp_path / "load.sqlite3", 50)
    assert all(t["status"] == "finished" for t in tables)
    run_tables(tmp_path / "again.sqlite3", 50)
    # The peak resident size after 100 more games stays within a small margin of the warm one.
    assert rss_mb() - before < 150
