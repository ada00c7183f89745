"""Every client is bounded: one client address may hold only so many unfinished tables with
a person's seat, a table nobody ever opened a seat of is closed within the hour, sessions
are made only by this site's JSON and at a bounded rate, and a session's options and hands
are bounded like a table's knobs."""

from __future__ import annotations

import json
import time
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from jantaku.server.app import create_app
from jantaku.server.limits import ServerLimits
from jantaku.server.ops import Deployment
from jantaku.server.score_routes import SESSION_BURST
from support.server import BOTS3, FAST, client_for, connect, new_table


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


NAMES = ["A", "B", "C", "D"]


def test_sessions_are_made_only_by_this_sites_json_and_at_a_bounded_rate(
    tmp_path: Path,
) -> None:
    client = client_for(str(tmp_path / "sessions.sqlite3"))
    body = json.dumps({"preset": "riichi", "names": NAMES})
    # What a page of another site can send without asking first: text/plain, or any type
    # with its own Origin.
    plain = client.post("/api/sessions", content=body, headers={"Content-Type": "text/plain"})
    assert plain.status_code == 415, plain.text
    assert plain.json()["code"] == "unsupported_type"
    elsewhere = client.post(
        "/api/sessions",
        content=body,
        headers={"Content-Type": "application/json", "Origin": "https://evil.example"},
    )
    assert elsewhere.status_code == 403, elsewhere.text
    answers = [
        client.post("/api/sessions", content=body, headers={"Content-Type": "application/json"})
        for _ in range(SESSION_BURST + 2)
    ]
    assert all(r.status_code == 200 for r in answers[:SESSION_BURST])
    refused = answers[-1]
    assert refused.status_code == 429 and refused.headers["retry-after"]
    assert refused.json()["code"] == "rate_limited"


@pytest.mark.parametrize(
    ("options", "named"),
    [
        ({"scoring": {"no_such_knob": 1}}, "no_such_knob"),
        ({"game": {"start_points": 10**30}}, "start_points"),
        ({"game": {"start_chips": -5}}, "start_chips"),
    ],
)
def test_session_options_are_bounded_like_table_knobs(
    tmp_path: Path, options: dict[str, Any], named: str
) -> None:
    client = client_for(str(tmp_path / "options.sqlite3"))
    r = client.post("/api/sessions", json={"preset": "riichi", "names": NAMES, "options": options})
    assert r.status_code == 400, r.text
    assert named in r.text


@pytest.mark.parametrize(
    ("event", "named"),
    [
        ({"type": "win", "winner": 0, "from": 1, "han": 10**9, "fu": 30}, "han"),
        ({"type": "win", "winner": 0, "from": 1, "han": 3, "fu": 5000}, "fu"),
        ({"type": "win", "winner": 0, "from": 1, "han": 3, "fu": 30, "chips": 1e300}, "chips"),
    ],
)
def test_hand_values_are_bounded(tmp_path: Path, event: dict[str, Any], named: str) -> None:
    client = client_for(str(tmp_path / "hands.sqlite3"))
    made = client.post("/api/sessions", json={"preset": "riichi", "names": NAMES}).json()
    auth = {"Authorization": f"Bearer {made['editor']}"}
    change = {"type": "add", "at": 0, "cid": "h1", "hand": {"events": [event]}}
    r = client.post(f"/api/sessions/{made['id']}/changes", headers=auth, json=change)
    assert r.status_code == 400, r.text
    assert named in r.text
    assert client.get(f"/api/sessions/{made['id']}").json()["rev"] == 0


def test_behind_a_proxy_the_public_sites_pages_make_sessions(tmp_path: Path) -> None:
    app = create_app(
        str(tmp_path / "proxied.sqlite3"),
        limits=FAST,
        deployment=Deployment(public_url="https://mahjong.example.org"),
    )
    client = TestClient(app)
    body = {"preset": "riichi", "names": NAMES}
    ours = client.post(
        "/api/sessions", json=body, headers={"Origin": "https://mahjong.example.org"}
    )
    assert ours.status_code == 200, ours.text
    theirs = client.post("/api/sessions", json=body, headers={"Origin": "https://evil.example"})
    assert theirs.status_code == 403, theirs.text
