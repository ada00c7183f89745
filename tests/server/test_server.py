"""The web table server: lobby, tables over HTTP, seats over WebSockets, SQLite persistence."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from starlette.websockets import WebSocketDisconnect

from jantaku.game import Game
from jantaku.game.visibility import view_of
from jantaku.rules import PRESET_NAMES
from support.server import BOTS3, client_for, connect, join, new_table, wait_finished

# -- lobby ----------------------------------------------------------------------------------------


def test_lobby_lists_every_preset(db: str) -> None:
    client = client_for(db)
    page = client.get("/")
    assert page.status_code == 200
    for name in PRESET_NAMES:
        assert name in page.text
    data = client.get("/api/presets").json()
    assert [p["name"] for p in data] == list(PRESET_NAMES)
    assert all(p["title"] and p["title_ja"] for p in data)


def test_unknown_path_is_404(db: str) -> None:
    assert client_for(db).get("/nope").status_code == 404


# -- tables over HTTP -----------------------------------------------------------------------------


def test_bad_table_requests_are_refused(db: str) -> None:
    client = client_for(db)
    for body in (
        {"preset": "nope", "seats": ["human", *BOTS3]},
        {"preset": "riichi", "seats": ["human", "bot:baseline"]},
        {"preset": "riichi", "seats": ["human", "bot:nope", "human", "human"]},
        {"preset": "riichi", "seats": ["human", *BOTS3], "seed": -1},
        {"preset": "riichi"},
    ):
        r = client.post("/api/tables", json=body)
        assert r.status_code in (400, 422), (body, r.text)
    assert client.get("/api/tables").json() == []


def test_finished_game_is_listed_and_its_log_downloads(db: str) -> None:
    client = client_for(db)
    bots = new_table(client, ["bot:baseline", *BOTS3], seed=3)  # played in the background
    sanma = new_table(client, BOTS3, seed=4, preset="sanma")
    live = new_table(client, ["human", *BOTS3], seed=3)
    assert bots["tokens"] == {} and set(live["tokens"]) == {"0"}
    listing = wait_finished(client, [bots["id"], sanma["id"]])
    assert listing[bots["id"]]["status"] == "finished"
    assert listing[bots["id"]]["seed"] == 3
    assert listing[sanma["id"]]["status"] == "finished"
    assert listing[live["id"]]["status"] == "playing"
    assert "seed" not in listing[live["id"]]  # the seed gives the walls away
    assert listing[live["id"]]["preset"] == "riichi"

    r = client.get(f"/api/tables/{bots['id']}/log")
    assert r.status_code == 200
    log = [json.loads(line) for line in r.text.splitlines()]
    assert log[0]["type"] == "start_game" and log[-1]["type"] == "end_game"
    assert Game("riichi", 3).replay(log).game_over
    assert client.get(f"/api/tables/{live['id']}/log").status_code == 409
    assert client.get("/api/tables/999/log").status_code == 404


# -- seats over WebSockets ------------------------------------------------------------------------


def test_bad_token_is_refused(db: str) -> None:
    client = client_for(db)
    t = new_table(client, ["human", *BOTS3])
    for first, code in (
        ({"type": "join", "token": "nope"}, 4401),
        ({"type": "join"}, 4401),
        ({"type": "view"}, 4401),
        ({"type": "join", "token": "x" * 1000}, 4401),
    ):
        with client.websocket_connect(f"/ws/{t['id']}") as ws:
            ws.send_json(first)
            assert ws.receive_json()["type"] == "error"
            with pytest.raises(WebSocketDisconnect) as exc:
                ws.receive_json()
            assert exc.value.code == code


def test_human_plays_a_whole_game_and_sees_only_its_view(db: str) -> None:
    client = client_for(db)
    t = new_table(client, ["human", *BOTS3], seed=21)
    cm, me = connect(client, t["id"], t["tokens"]["0"], 0)
    try:
        assert me.legal, "the dealer discards first"
        assert me.play() > 10
        assert me.events[-1]["type"] == "end_game"
        assert not me.legal
    finally:
        cm.__exit__(None, None, None)
    log = [json.loads(x) for x in client.get(f"/api/tables/{t['id']}/log").text.splitlines()]
    # What the seat was sent is exactly its view of the log, built by the engine's filter.
    assert me.events == view_of(log, 0)
    assert json.loads(json.dumps(Game("riichi", 21).replay(log).view(0))) == me.events
    mine = [ev["tehai"] for ev in me.events if ev["type"] == "start_kyoku"]
    truth = [ev["wall"]["hands"][0] for ev in log if ev["type"] == "start_kyoku"]
    assert mine == truth
    others = [ev for ev in me.events if ev["type"] == "tsumo" and ev["actor"] != 0]
    assert others and all(ev["pai"] == "?" for ev in others)
    status = {x["id"]: x["status"] for x in client.get("/api/tables").json()}
    assert status[t["id"]] == "finished"


def test_bad_messages_get_an_error_and_change_nothing(db: str) -> None:
    client = client_for(db)
    t = new_table(client, ["human", "human", *BOTS3[:2]], seed=None)
    cm0, s0 = connect(client, t["id"], t["tokens"]["0"], 0)
    cm1, s1 = connect(client, t["id"], t["tokens"]["1"], 1)
    try:
        before = s0.snapshot()
        assert before[1] and not s1.legal  # seat 0 deals, seat 1 waits
        discard = next(a for a in s0.legal if a["type"] == "discard")
        my_tile = next(ev for ev in s1.events if ev["type"] == "start_kyoku")["tehai"][0]
        bad: list[str] = [
            "{not json",
            "[1, 2]",
            json.dumps({"type": "dance"}),
            json.dumps({"type": "action"}),
            json.dumps({"type": "action", "action": "discard"}),
            json.dumps({"type": "action", "action": {"type": "fly", "tile": 1}}),
            json.dumps({"type": "action", "action": {"type": "discard", "tile": "5p"}}),
            json.dumps({"type": "action", "action": {"type": "discard", "tile": 10**6}}),
            json.dumps({"type": "action", "action": {**discard, "seat": 1}}),
            json.dumps({"type": "action", "action": {**discard, "extra": 1}}),
            json.dumps({"type": "action", "action": {"type": "kita", "tile": discard["tile"]}}),
            json.dumps({"type": "action", "action": {"type": "ron"}}),
            json.dumps({"type": "action", "action": discard, "pad": "x" * 9000}),
        ]
        bad = [t.replace('"action",', f'"action", "at": {s0.at},', 1) for t in bad]
        errors = []
        for text in bad:
            s0.ws.send_text(text)
            errors.append(s0.expect_error())
        assert any("too large" in e for e in errors)
        assert any("illegal" in e for e in errors)
        s0.ws.send_bytes(b"\xff\xfe")
        s0.expect_error()
        # Seat 1 may not act out of turn, with its own tiles or with seat 0's.
        s1.send_action({"type": "discard", "tile": my_tile})
        assert "turn" in s1.expect_error()
        s1.send_action(discard)
        s1.expect_error()
        assert s0.snapshot() == before
        # The connection is still open and the legal action still works.
        s0.send_action(discard)
        s0.until_legal()  # taken; at a table of two people the events come after it
        while len(s0.events) == len(before[0]):
            s0.recv()
        assert s0.events[len(before[0])]["type"] == "dahai"
    finally:
        cm1.__exit__(None, None, None)
        cm0.__exit__(None, None, None)


def test_two_tables_at_once(db: str) -> None:
    client = client_for(db)
    a = new_table(client, ["human", *BOTS3], seed=1)
    b = new_table(client, [*BOTS3, "human"], seed=2)
    cma, sa = connect(client, a["id"], a["tokens"]["0"], 0)
    cmb, sb = connect(client, b["id"], b["tokens"]["3"], 3)
    try:
        for _ in range(15):
            for s in (sa, sb):
                if s.legal:
                    s.play(limit=1)
        assert (sa.table, sb.table) == (a["id"], b["id"])
        assert sa.events[0]["preset"] == sb.events[0]["preset"] == "riichi"
        # a token of one table is no key to another
        cm, ws = join(client, b["id"], a["tokens"]["0"])
        assert ws.receive_json()["type"] == "error"
        cm.__exit__(None, None, None)
        sa.play()
        sb.play()
        assert sa.events[-1]["type"] == sb.events[-1]["type"] == "end_game"
    finally:
        cmb.__exit__(None, None, None)
        cma.__exit__(None, None, None)


def test_tables_resume_after_a_restart(db: str) -> None:
    first = client_for(db)
    t = new_table(first, ["human", *BOTS3], seed=33)
    cm, me = connect(first, t["id"], t["tokens"]["0"], 0)
    me.play(limit=12)
    seen = me.snapshot()
    cm.__exit__(None, None, None)
    # kill -9: the old app is dropped without shutdown; a new one opens the same file.
    second = client_for(db)
    cm, again = connect(second, t["id"], t["tokens"]["0"], 0)
    try:
        assert (again.events, again.legal) == seen
        again.play()
        assert again.events[-1]["type"] == "end_game"
    finally:
        cm.__exit__(None, None, None)
    ref = new_table(second, ["human", *BOTS3], seed=33)  # the same game, never interrupted
    cm, other = connect(second, ref["id"], ref["tokens"]["0"], 0)
    try:
        other.play()
    finally:
        cm.__exit__(None, None, None)
    # The bots play the resumed game on exactly as they would have without the restart.
    log = second.get(f"/api/tables/{t['id']}/log").text
    assert log == second.get(f"/api/tables/{ref['id']}/log").text
    # A finished table still shows its seat the record.
    cm, done = connect(second, t["id"], t["tokens"]["0"], 0)
    try:
        assert done.events == again.events and not done.legal
    finally:
        cm.__exit__(None, None, None)


# -- a table's own knobs ---------------------------------------------------------------------------


def test_preset_knobs_say_how_to_edit_them(db: str) -> None:
    knobs = {k["key"]: k for k in client_for(db).get("/api/presets/gotou").json()["knobs"]}
    dora = knobs["table.initial_dora"]
    assert dora["kind"] == "int" and dora["value"] == 2 and "表ドラ" in dora["note"]
    furiten = knobs["table.furiten_riichi"]
    assert furiten["kind"] == "choice"
    assert furiten["choices"] == ["allowed", "forbidden", "open_only"]
    assert knobs["scoring.kuitan"]["kind"] == "bool"
    assert knobs["settlement.uma"]["kind"] == "json"


def test_a_table_plays_with_its_own_knobs_and_keeps_them(db: str) -> None:
    client = client_for(db)
    options = {"game": {"start_points": 30000}, "kuitan": False}
    r = client.post(
        "/api/tables",
        json={"preset": "riichi", "seats": ["human", *BOTS3], "seed": 9, "options": options},
    )
    assert r.status_code == 200, r.text
    t = r.json()
    cm, me = connect(client, t["id"], t["tokens"]["0"], 0)
    try:
        start = next(e for e in me.events if e["type"] == "start_kyoku")
        assert start["scores"] == [30000] * 4
        me.play(limit=10)
        seen = me.snapshot()
    finally:
        cm.__exit__(None, None, None)
    listing = {x["id"]: x for x in client.get("/api/tables").json()}
    assert listing[t["id"]]["options"] == options
    # After a restart the table is rebuilt with the same knobs (its log replays).
    again = client_for(db)
    cm, me2 = connect(again, t["id"], t["tokens"]["0"], 0)
    try:
        assert (me2.events, me2.legal) == seen
    finally:
        cm.__exit__(None, None, None)


def test_a_bad_knob_is_refused_by_name(db: str) -> None:
    client = client_for(db)
    for options, word in (
        ({"scoring": {"no_such_knob": 1}}, "no_such_knob"),
        ({"game": {"start_points": "lots"}}, "start_points"),
        ({"table": {"dead_wall": 16, "rinshan_tiles": 8}}, "dead_wall"),
    ):
        r = client.post(
            "/api/tables",
            json={"preset": "riichi", "seats": ["human", *BOTS3], "options": options},
        )
        assert r.status_code == 400 and word in r.text, r.text
    # The knobs at fault come as data (the lobby marks them), never only inside the words.
    r = client.post(
        "/api/tables",
        json={
            "preset": "riichi",
            "seats": ["human", *BOTS3],
            "options": {"table": {"dead_wall": 16, "rinshan_tiles": 8}},
        },
    )
    body = r.json()
    assert body["code"] == "bad_knob"
    knobs = ["table.dead_wall", "table.rinshan_tiles", "table.initial_dora"]
    assert body["params"]["knobs"] == knobs
    assert client.get("/api/tables").json() == []


def test_a_database_from_before_table_knobs_still_opens(tmp_path: Path) -> None:
    import sqlite3

    path = tmp_path / "old.sqlite3"
    old = sqlite3.connect(path)
    old.executescript(
        "CREATE TABLE tables (id INTEGER PRIMARY KEY AUTOINCREMENT, preset TEXT NOT NULL,"
        " seed INTEGER NOT NULL, seats TEXT NOT NULL, created REAL NOT NULL, finished REAL);"
    )
    old.execute(
        "INSERT INTO tables (preset, seed, seats, created, finished) VALUES (?,?,?,?,?)",
        ("riichi", 1, json.dumps(["bot:random"] * 4), 0.0, 1.0),
    )
    old.commit()
    old.close()
    listing = client_for(str(path)).get("/api/tables").json()
    assert listing[0]["options"] == {} and listing[0]["status"] == "finished"


def test_the_options_a_seed_leaves_to_the_table(db: str) -> None:
    """Marked 要相談 in the lobby: gotou's «話し合って決めてください» / «あくまで一例» lines and
    kanto-boo's «一発及び槓ドラの有無については『しらぎく麻雀』では選択可能»; none in the others."""
    client = client_for(db)
    agree = {p: client.get(f"/api/presets/{p}").json()["to_agree"] for p in PRESET_NAMES}
    assert sorted(agree["gotou"]) == [
        "chips.dice_chances",
        "chips.snake_eyes",
        "settlement.kubi",
        "settlement.style",
        "settlement.uma",
    ]
    assert sorted(agree["kanto-boo"]) == ["scoring.ippatsu_yaku", "table.kan_dora_indicators"]
    assert not any(agree[p] for p in ("riichi", "sanma", "tokushima", "mighty"))
