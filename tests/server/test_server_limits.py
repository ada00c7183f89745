"""Bounded input and bounded work: a request body limit, bounded knob values, ids and socket
frames that cannot make the server fail, rate limits, a bounded send queue, parked and expired
tables, and a paginated listing."""

from __future__ import annotations

import json
import time
from dataclasses import replace
from typing import Any

import pytest
from fastapi.testclient import TestClient

from jantaku.server.app import create_app
from support.server import BOTS3, FAST, client_for, connect, new_table, wait_finished

HUMAN4 = ["human", *BOTS3]


def quiet_client(db: str) -> TestClient:
    """A client that gets the server's 500 as a response instead of an exception."""
    return TestClient(create_app(db, limits=FAST), raise_server_exceptions=False)


def post_raw(client: TestClient, text: str) -> Any:
    return client.post("/api/tables", content=text, headers={"content-type": "application/json"})


def test_a_body_over_64_kib_is_refused_before_it_is_read(db: str) -> None:
    client = quiet_client(db)
    pad = "x" * (64 * 1024)
    body = json.dumps({"preset": "riichi", "seats": HUMAN4, "options": {"note": pad}})
    r = post_raw(client, body)
    assert r.status_code == 413 and "too large" in r.json()["detail"]

    def chunks() -> Any:  # no Content-Length: the limit counts what arrives
        yield body[:1000].encode()
        yield body[1000:].encode()

    r = client.post("/api/tables", content=chunks(), headers={"content-type": "application/json"})
    assert r.status_code == 413
    assert r.headers["content-security-policy"]
    assert client.get("/api/tables").json() == []
    # Just under the limit is read (and refused for what it says, not for its size).
    small = json.dumps({"preset": "riichi", "seats": HUMAN4, "options": {"x": "y" * 100}})
    assert post_raw(client, small).status_code == 400


@pytest.mark.parametrize(
    "body",
    [
        '{"preset": "riichi", "seats": ["human", "bot:random", "bot:random", "bot:random"],'
        ' "seed": NaN}',
        '{"preset": "riichi", "seats": ["human", "bot:random", "bot:random", "bot:random"],'
        ' "seed": 1e400}',
        '{"preset": "riichi", "seats": ["human", "bot:random", "bot:random", "bot:random"],'
        ' "seed": 1e30}',
        '{"preset": "riichi", "seats": ["human", "bot:random", "bot:random", "bot:random"],'
        ' "seed": 99999999999999999999999999}',
    ],
)
def test_a_seed_that_is_no_whole_number_is_422(db: str, body: str) -> None:
    client = quiet_client(db)
    r = post_raw(client, body)
    assert r.status_code == 422, r.text
    assert "seed" in json.dumps(r.json()["detail"])


@pytest.mark.parametrize(
    ("options", "word"),
    [
        ({"game": {"start_points": 10**15}}, "start_points"),
        ({"game": {"start_points": 10**30}}, "start_points"),
        ({"table": {"initial_dora": 9}}, "initial_dora"),
        ({"chips": {"ippatsu": 10**6}}, "ippatsu"),
        ({"scoring": {"disabled_yaku": ["pinfu", "pinfu"]}}, "pinfu"),
        ({"scoring": {"disabled_yaku": ["pinfu"] * 500}}, "pinfu"),
        ({"settlement": {"uma": [1e400, 0, 0, 0]}}, "range"),
        ({"scoring": {"yaku_han": {"chanta": [2, 1e300]}}}, "range"),
        ({"a": {"b": {"c": {"d": {"e": {"f": {"g": 1}}}}}}}, "deep"),
        ({"game": {"start_points": "x" * 1000}}, "characters"),
    ],
)
def test_knob_values_are_bounded(db: str, options: dict[str, Any], word: str) -> None:
    client = quiet_client(db)
    text = json.dumps({"preset": "riichi", "seats": HUMAN4, "options": options})
    r = post_raw(client, text.replace("Infinity", "1e400"))
    assert r.status_code == 400, r.text
    assert word in r.json()["detail"]
    assert client.get("/api/tables").json() == []


def test_reasonable_knob_changes_still_play(db: str) -> None:
    client = client_for(db)
    options = {"game": {"start_points": 50000}, "scoring": {"disabled_yaku": ["pinfu", "chanta"]}}
    r = client.post("/api/tables", json={"preset": "riichi", "seats": HUMAN4, "options": options})
    assert r.status_code == 200, r.text


@pytest.mark.parametrize("table_id", ["9223372036854775808", "9" * 40, "-1", "0"])
def test_a_huge_table_id_is_no_table(db: str, table_id: str) -> None:
    client = quiet_client(db)
    assert client.get(f"/api/tables/{table_id}/log").status_code == 404
    with client.websocket_connect(f"/ws/{table_id}") as ws:
        ws.send_json({"type": "join", "token": "x"})
        assert ws.receive_json()["type"] == "error"


def test_frames_that_fail_to_convert_get_an_error_and_the_socket_stays(db: str) -> None:
    client = client_for(db)
    t = new_table(client, HUMAN4, seed=2)
    cm, me = connect(client, t["id"], t["tokens"]["0"], 0)
    try:
        before = me.snapshot()
        discard = next(a for a in me.legal if a["type"] == "discard")
        at, act = me.at or 0, json.dumps(discard)
        huge = "9" * 4000
        frames = [
            f'{{"type": "action", "at": {at}, "action": {{"type": "discard", "tile": {huge}}}}}',
            f'{{"type": "action", "at": {huge}9, "action": {act}}}',
            f'{{"type": "action", "at": 1e400, "action": {act}}}',
            f'{{"type": "action", "at": NaN, "action": {act}}}',
            f'{{"type": "action", "at": {at}, "action": {{"type": "discard", "tile": 1e400}}}}',
            f'{{"type": "action", "at": {at}, "action": {{"type": "chi", "tiles": [1, {huge}]}}}}',
            f'{{"type": {huge}}}',
            "[" * 5000 + "]" * 5000,
        ]
        for text in frames:
            me.ws.send_text(text)
            assert me.expect_error()
        assert me.snapshot() == before
        me.send_action(discard)
        me.until_legal()
        assert me.events[len(before[0])]["type"] == "dahai"
    finally:
        cm.__exit__(None, None, None)


# -- bounded work --------------------------------------------------------------------------------


def test_a_bot_only_game_plays_in_the_background_up_to_its_hand_cap(db: str) -> None:
    client = client_for(db, replace(FAST, bot_hands=1))
    start = time.perf_counter()
    t = new_table(client, ["bot:random"] * 4, seed=3)
    assert time.perf_counter() - start < 5  # the call does not play the game
    listing = wait_finished(client, [t["id"]])
    assert listing[t["id"]]["status"] == "closed"
    assert "cap of 1 hands" in listing[t["id"]]["closed"]
    assert "seed" not in listing[t["id"]]
    assert client.get(f"/api/tables/{t['id']}/log").status_code == 409


def test_tables_are_created_at_a_bounded_rate_per_address(db: str) -> None:
    client = client_for(db, replace(FAST, table_rate=0.01, table_burst=3))
    for _ in range(3):
        new_table(client, HUMAN4)
    r = client.post("/api/tables", json={"preset": "riichi", "seats": HUMAN4})
    assert r.status_code == 429 and int(r.headers["retry-after"]) > 0
    assert len(client.get("/api/tables").json()) == 3


def test_at_most_max_tables_unfinished_tables(db: str) -> None:
    client = client_for(db, replace(FAST, max_tables=2))
    new_table(client, HUMAN4)
    new_table(client, HUMAN4)
    r = client.post("/api/tables", json={"preset": "riichi", "seats": HUMAN4})
    assert r.status_code == 503 and "full" in r.json()["detail"] and r.headers["retry-after"]


def wait_left(manager: Any, table_id: int) -> None:
    """Until the server has noticed that every socket of the table closed."""
    for _ in range(200):
        table = manager.table(table_id)  # in memory: only a sweep parks it, none runs here
        if table is None or not any(table.subscribers.values()):
            return
        time.sleep(0.05)
    raise AssertionError("the server never noticed the socket closed")


def test_an_idle_table_is_parked_and_rebuilt_and_an_abandoned_one_closed(db: str) -> None:
    limits = replace(FAST, idle_seconds=60, expire_seconds=3600)
    app = create_app(db, limits=limits)
    client = TestClient(app)
    manager = app.state.manager
    t = new_table(client, HUMAN4, seed=4)
    cm, me = connect(client, t["id"], t["tokens"]["0"], 0)
    me.play(limit=5)
    seen = me.snapshot()
    assert manager.sweep(time.time() + 120) == ([], [])  # someone is connected
    cm.__exit__(None, None, None)
    wait_left(manager, t["id"])
    assert manager.sweep(time.time() + 30) == ([], [])  # not idle long enough
    assert manager.sweep(time.time() + 120) == ([t["id"]], [])
    assert not manager.in_memory(t["id"])
    cm, again = connect(client, t["id"], t["tokens"]["0"], 0)  # rebuilt from the store
    try:
        assert (again.events, again.legal) == seen
        again.play(limit=2)
    finally:
        cm.__exit__(None, None, None)
    wait_left(manager, t["id"])
    assert manager.sweep(time.time() + 7200) == ([t["id"]], [t["id"]])
    listing = client.get("/api/tables").json()
    assert listing[0]["status"] == "closed" and listing[0]["closed"] == "abandoned"
    cm, done = connect(client, t["id"], t["tokens"]["0"], 0)  # the record, nothing to do
    try:
        assert not done.legal
    finally:
        cm.__exit__(None, None, None)


def test_the_listing_is_paginated(db: str) -> None:
    client = client_for(db)
    ids = [new_table(client, HUMAN4)["id"] for _ in range(5)]
    r = client.get("/api/tables?limit=2")
    assert [t["id"] for t in r.json()] == ids[3:]
    before = r.headers["x-next-before"]
    r = client.get(f"/api/tables?limit=2&before={before}")
    assert [t["id"] for t in r.json()] == ids[1:3]
    r = client.get(f"/api/tables?limit=2&before={r.headers['x-next-before']}")
    assert [t["id"] for t in r.json()] == ids[:1] and "x-next-before" not in r.headers
    assert client.get("/api/tables?limit=100000").status_code == 422


def test_view_requests_are_paced(db: str) -> None:
    client = client_for(db, replace(FAST, view_rate=10, view_burst=2))
    t = new_table(client, HUMAN4)
    cm, me = connect(client, t["id"], t["tokens"]["0"], 0)
    try:
        start = time.perf_counter()
        for _ in range(12):
            me.snapshot()
        assert time.perf_counter() - start >= 0.9  # 10 beyond the burst, at 10 a second
    finally:
        cm.__exit__(None, None, None)
