"""Bot-only games never slow the people at the tables: they are played by worker processes,
never by the server's own process (whose event loop answers the people), and play exactly as
they would in the server (same bots, same seeds, same log)."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from jantaku.server import tables
from support.server import FAST, client_for, wait_finished

SEATS = ["bot:baseline", "bot:random", "bot:baseline", "bot:random"]


def test_bot_games_are_played_outside_the_servers_process(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def no_bots_here(*args: Any, **kwargs: Any) -> Any:
        raise AssertionError("a bot decided in the server's own process")

    monkeypatch.setattr(tables, "make_bot", no_bots_here)
    client = client_for(str(tmp_path / "pool.sqlite3"), replace(FAST, bot_workers=1))
    ids = [client.post("/api/tables", json={"preset": "riichi", "seats": SEATS}).json()["id"]]
    listing = wait_finished(client, ids, timeout=120)
    assert listing[ids[0]]["status"] == "finished"


def test_a_worker_plays_the_game_the_server_would(tmp_path: Path) -> None:
    logs = []
    for workers in (0, 1):
        client = client_for(
            str(tmp_path / f"w{workers}.sqlite3"), replace(FAST, bot_workers=workers)
        )
        r = client.post("/api/tables", json={"preset": "sanma", "seats": SEATS[:3], "seed": 8})
        table_id = r.json()["id"]
        assert wait_finished(client, [table_id], timeout=120)[table_id]["status"] == "finished"
        logs.append(client.get(f"/api/tables/{table_id}/log").text)
    assert logs[0] == logs[1]
    assert logs[0].count("\n") > 100
