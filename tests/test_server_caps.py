"""Every client is bounded: one client address may hold only so many unfinished tables with
a person's seat, and a table nobody ever opened a seat of is closed within the hour."""

from __future__ import annotations

import time
from dataclasses import replace
from pathlib import Path

from jantaku.server.limits import ServerLimits
from test_server import BOTS3, FAST, client_for, connect, new_table


def test_one_address_cannot_fill_the_server(tmp_path: Path) -> None:
    limits = replace(FAST, tables_per_address=4, max_tables=50)
    client = client_for(str(tmp_path / "caps.sqlite3"), limits)
    for _ in range(4):
        new_table(client, ["human", *BOTS3], seed=None)
    r = client.post("/api/tables", json={"preset": "riichi", "seats": ["human", *BOTS3]})
    assert r.status_code == 429, r.text
    assert r.json()["code"] == "address_full"
    assert r.json()["params"] == {"limit": 4}
    assert len(client.get("/api/tables").json()) == 4  # nothing was made
    # Bot-only games are bounded by their own cap, not this one.
    bots = client.post("/api/tables", json={"preset": "riichi", "seats": [*BOTS3, BOTS3[0]]})
    assert bots.status_code == 200, bots.text


def test_a_table_nobody_joined_is_closed_within_the_hour(tmp_path: Path) -> None:
    client = client_for(str(tmp_path / "unjoined.sqlite3"))
    joined = new_table(client, ["human", *BOTS3], seed=None)
    never = new_table(client, ["human", *BOTS3], seed=None)
    cm, _ = connect(client, joined["id"], joined["tokens"]["0"], 0)
    cm.__exit__(None, None, None)
    manager = client.app.state.manager  # type: ignore[attr-defined]
    hour = ServerLimits().unjoined_seconds
    assert hour <= 3600
    assert manager.sweep(now=time.time() + hour / 2)[1] == []
    _, closed = manager.sweep(now=time.time() + hour + 1)
    assert closed == [never["id"]]
    status = {t["id"]: (t["status"], t.get("closed")) for t in client.get("/api/tables").json()}
    assert status == {joined["id"]: ("playing", None), never["id"]: ("closed", "never joined")}
