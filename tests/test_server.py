"""The web table server: lobby, tables over HTTP, seats over WebSockets, SQLite persistence."""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from starlette.testclient import WebSocketTestSession
from starlette.websockets import WebSocketDisconnect

from jantaku.game import Game
from jantaku.game.visibility import view_of
from jantaku.rules import PRESET_NAMES
from jantaku.server.app import create_app
from jantaku.server.limits import ServerLimits

BOTS3 = ["bot:baseline", "bot:baseline", "bot:random"]


@pytest.fixture
def db(tmp_path: Path) -> str:
    return str(tmp_path / "tables.sqlite3")


FAST = ServerLimits(
    view_rate=1000, view_burst=1000, table_rate=1000, table_burst=1000, discard_pause=0.002
)
"""Limits for tests that ask for views and make tables far faster than people do."""


def client_for(db: str, limits: ServerLimits = FAST) -> TestClient:
    return TestClient(create_app(db, limits=limits))


def new_table(
    client: TestClient, seats: list[str], seed: int | None = 5, preset: str = "riichi"
) -> Any:
    body: dict[str, Any] = {"preset": preset, "seats": seats}
    if seed is not None:
        body["seed"] = seed
    r = client.post("/api/tables", json=body)
    assert r.status_code == 200, r.text
    return r.json()


def wait_finished(client: TestClient, ids: list[int], timeout: float = 120) -> dict[int, Any]:
    """The listing once these (bot-only) tables are over: they play in the background."""
    deadline = time.monotonic() + timeout
    while True:
        listing = {t["id"]: t for t in client.get("/api/tables?limit=500").json()}
        if all(listing[i]["status"] != "playing" for i in ids):
            return listing
        assert time.monotonic() < deadline, "the bot games did not finish"
        time.sleep(0.05)


class Seat:
    """A test player on one socket: keeps what it was sent and checks it shows nothing
    hidden."""

    def __init__(self, ws: WebSocketTestSession, seat: int) -> None:
        self.ws = ws
        self.seat = seat
        self.events: list[dict[str, Any]] = []
        self.legal: list[dict[str, Any]] = []
        self.at: int | None = None
        self.table: int | None = None

    def recv(self) -> dict[str, Any]:
        msg: dict[str, Any] = self.ws.receive_json()
        while msg["type"] == "presence":  # who else is connected: no part of the game's flow
            msg = self.ws.receive_json()
        assert "wall" not in json.dumps(msg) and "seed" not in json.dumps(msg)
        if msg["type"] == "view":
            assert msg["seat"] == self.seat
            self.table = msg["table"]
            self.events = list(msg["events"])
            self._check(msg["events"])
        elif msg["type"] == "events":
            self.events += msg["events"]
            self._check(msg["events"])
        elif msg["type"] == "legal":
            self.legal = msg["actions"]
            self.at = msg["at"]
            # the at of the options: how many events of its view the seat had seen when they
            # were offered (options to choose from are offered at the newest event)
            assert self.at is not None and self.at <= len(self.events)
            assert self.at == len(self.events) or not self.legal
        return msg

    def _check(self, events: list[dict[str, Any]]) -> None:
        for ev in events:
            if ev["type"] == "start_kyoku":
                assert "wall" not in ev
                assert isinstance(ev["tehai"][0], int)
            if ev["type"] == "tsumo" and ev["actor"] != self.seat:
                assert ev["pai"] == "?"
            if ev["type"] == "pass":
                assert ev["actor"] == self.seat

    def until_legal(self) -> list[dict[str, Any]]:
        """Read until the next ``legal`` message; its actions."""
        while self.recv()["type"] != "legal":
            pass
        return self.legal

    def send_action(self, action: dict[str, Any]) -> None:
        self.ws.send_json({"type": "action", "at": self.at, "action": action})

    def choose(self) -> dict[str, Any]:
        passes = [a for a in self.legal if a["type"] == "pass"]
        return passes[0] if passes else self.legal[0]

    def play(self, limit: int = 100_000) -> int:
        """Play the first legal action (or pass) until the game ends or ``limit`` actions;
        expects the ``legal`` message of the current position to have been read."""
        n = 0
        while self.legal and n < limit:
            self.send_action(self.choose())
            self.until_legal()
            n += 1
        return n

    def expect_error(self) -> str:
        msg = self.recv()
        assert msg["type"] == "error", msg
        return str(msg["error"])

    def snapshot(self) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
        """Ask for the view again: (events, legal actions)."""
        self.ws.send_json({"type": "view"})
        assert self.recv()["type"] == "view"
        assert self.recv()["type"] == "legal"
        return self.events, self.legal


def join(client: TestClient, table_id: int, token: str) -> tuple[Any, WebSocketTestSession]:
    """A socket to the table that has sent its join message."""
    cm = client.websocket_connect(f"/ws/{table_id}")
    ws = cm.__enter__()
    ws.send_json({"type": "join", "token": token})
    return cm, ws


def connect(client: TestClient, table_id: int, token: str, seat: int) -> tuple[Any, Seat]:
    cm, ws = join(client, table_id, token)
    s = Seat(ws, seat)
    assert s.recv()["type"] == "view"
    assert s.recv()["type"] == "legal"
    return cm, s


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
