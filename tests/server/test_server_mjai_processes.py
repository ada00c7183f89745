"""mjai programs run only while their table plays (issue 36 item 5): a table with a person's
seat starts them when someone opens a seat, parking it stops them, and the server runs at
most ``ServerLimits.mjai_processes`` of them (more: 503 ``mjai_busy``)."""

from __future__ import annotations

import os
import shutil
import sys
import time
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from jantaku.server.app import create_app
from jantaku.server.errors import TableError
from jantaku.server.limits import ServerLimits
from jantaku.server.store import Store
from jantaku.server.tables import TableManager

FAKE = Path(__file__).parents[1] / "mjai_client" / "fake_bot.py"
SEATS = ["mjai:giri", "human", "bot:baseline", "bot:baseline"]
SEED = 1


def programs(script: Path) -> int:
    """The running processes of this copy of the example client (its shell left out)."""
    n = 0
    for pid in os.listdir("/proc"):
        if not pid.isdigit():
            continue
        try:
            argv = Path(f"/proc/{pid}/cmdline").read_bytes().split(b"\0")
            state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
        except OSError:
            continue
        n += len(argv) > 1 and argv[1] == str(script).encode() and state != "Z"
    return n


def settle(script: Path, want: int) -> int:
    """The count once it reaches ``want`` (a process takes a moment to start or exit)."""
    deadline = time.monotonic() + 10
    while (n := programs(script)) != want and time.monotonic() < deadline:
        time.sleep(0.05)
    return n


@pytest.fixture
def script(tmp_path: Path) -> Path:
    own = tmp_path / "giri_bot.py"  # a copy of its own: only this test's processes counted
    shutil.copy(FAKE, own)
    return own


def manager(tmp_path: Path, script: Path, cap: int = 4) -> TableManager:
    limits = ServerLimits(mjai_processes=cap, idle_seconds=60.0)
    bots = {"giri": f"{sys.executable} {script} {{seat}} tsumogiri"}
    return TableManager(Store(str(tmp_path / "t.sqlite3")), limits, mjai_bots=bots)


def test_a_tables_program_runs_from_a_join_to_its_park(tmp_path: Path, script: Path) -> None:
    tables = manager(tmp_path, script)
    try:
        # A seeded deal: the person's next decision after coming back is a discard.
        tid, tokens = tables.create("riichi", SEATS, seed=SEED, options={})
        # Made, nobody there: no program, and the mjai seat has not played.
        assert programs(script) == 0 and tables.mjai_slots.held() == 0
        sent: list[Any] = []
        seat = tables.connect(tid, tokens[1], sent.append)
        assert seat == 1 and settle(script, 1) == 1 and tables.mjai_slots.held() == 1
        # The program played its turn before the person's first decision.
        view = next(m for m in sent if m["type"] == "view")
        assert any(e.get("actor") == 0 and e["type"] == "dahai" for e in view["events"])
        # Nobody connected any more, idle past the limit: parked, the program stopped.
        tables.disconnect(tid, seat, sent.append)
        parked, _ = tables.sweep(now=time.time() + 61)
        assert parked == [tid]
        assert settle(script, 0) == 0 and tables.mjai_slots.held() == 0
        # Someone comes back: rebuilt from the store, the table plays again; its program
        # starts at its seat's next decision, after the person's discard.
        tables.connect(tid, tokens[1], sent.append)
        assert tables.mjai_slots.held() == 1 and programs(script) == 0
        legal = sent[-1]
        assert legal["type"] == "legal"
        for _ in range(8):  # a call offered first (the deal is the table's own): let it go
            if any(a["type"] == "discard" for a in legal["actions"]):
                break
            skip = next(a for a in legal["actions"] if a["type"] == "pass")
            tables.act(tid, 1, skip, legal["at"])
            assert programs(script) == 0
            legal = next(m for m in reversed(sent) if m["type"] == "legal" and m["actions"])
        discard = next(a for a in legal["actions"] if a["type"] == "discard")
        tables.act(tid, 1, discard, legal["at"])
        assert settle(script, 1) == 1
    finally:
        tables.close()  # stops the programs of the tables still in memory
    assert settle(script, 0) == 0


def test_more_programs_than_the_cap_are_refused_with_its_code(tmp_path: Path, script: Path) -> None:
    tables = manager(tmp_path, script, cap=2)
    try:
        made = [tables.create("riichi", SEATS, options={}) for _ in range(3)]
        sent: list[Any] = []
        tables.connect(made[0][0], made[0][1][1], sent.append)
        tables.connect(made[1][0], made[1][1][1], sent.append)
        assert settle(script, 2) == 2
        with pytest.raises(TableError) as refused:
            tables.connect(made[2][0], made[2][1][1], sent.append)
        assert refused.value.status == 503 and refused.value.code == "mjai_busy"
        assert refused.value.params == {"limit": 2} and programs(script) == 2
        # A bot-only game that needs one more is refused before it is made.
        with pytest.raises(TableError, match="external bot programs") as again:
            tables.create("riichi", ["mjai:giri"] + ["bot:baseline"] * 3, options={})
        assert again.value.code == "mjai_busy"
        # One table parked: its slot is free for the third.
        tables.disconnect(made[0][0], 1, sent.append)
        tables.sweep(now=time.time() + 61)
        assert settle(script, 1) == 1
        tables.connect(made[2][0], made[2][1][1], sent.append)
        assert settle(script, 2) == 2 and tables.mjai_slots.held() == 2
    finally:
        tables.close()


def test_the_join_refused_over_the_cap_says_its_code(tmp_path: Path, script: Path) -> None:
    bots = {"giri": f"{sys.executable} {script} {{seat}} tsumogiri"}
    app = create_app(
        str(tmp_path / "a.sqlite3"), mjai_bots=bots, limits=ServerLimits(mjai_processes=0)
    )
    with TestClient(app) as c:
        r = c.post("/api/tables", json={"preset": "riichi", "seats": SEATS})
        assert r.status_code == 200, r.text
        tid, token = r.json()["id"], r.json()["tokens"]["1"]
        with c.websocket_connect(f"/ws/{tid}") as ws:
            ws.send_json({"type": "join", "token": token})
            err = ws.receive_json()
        assert err["type"] == "error" and err["code"] == "mjai_busy"
        assert err["params"] == {"limit": 0} and programs(script) == 0
        r = c.post("/api/tables", json={"preset": "riichi", "seats": ["mjai:giri"] * 4})
        assert r.status_code == 503 and r.json()["code"] == "mjai_busy"
