"""What a seat may learn over its socket, and how its actions are tied to what it saw: no seed
in any message, the token only in the first message, options at an event index (``at``) with
stale actions refused, and ``legal`` messages only to the seats whose options changed."""

from __future__ import annotations

import json
import subprocess
import sys
import time
import urllib.request
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from jantaku.game import Game
from jantaku.rules import PRESET_NAMES
from jantaku.sim.runner import view_problem
from support.process import free_port
from support.server import BOTS3, Seat, client_for, connect, join, new_table

SECRET_KEYS = {"seed", "wall", "live", "ura", "dead"}
"""Keys of the stored log that no seat may ever be sent while the game is played."""
SEED = 1_234_567_891  # long enough never to turn up in a message by chance


def keys(value: Any) -> set[str]:
    """Every key of every object inside ``value``."""
    if isinstance(value, dict):
        out = set(value)
        for v in value.values():
            out |= keys(v)
        return out
    if isinstance(value, list):
        return set().union(*(keys(v) for v in value)) if value else set()
    return set()


class RawSeat(Seat):
    """A seat that keeps every frame it was sent, as text."""

    frames: list[str]

    def recv(self) -> dict[str, Any]:
        text = self.ws.receive_text()
        self.frames.append(text)
        msg: dict[str, Any] = json.loads(text)
        self._take(msg)
        return msg

    def _take(self, msg: dict[str, Any]) -> None:
        if msg["type"] == "view":
            self.table = msg["table"]
            self.events = list(msg["events"])
        elif msg["type"] == "events":
            self.events += msg["events"]
        elif msg["type"] == "legal":
            self.legal = msg["actions"]
            self.at = msg["at"]


@pytest.mark.parametrize("preset", PRESET_NAMES)
def test_no_message_of_a_whole_game_carries_the_seed_or_anything_hidden(
    db: str, preset: str
) -> None:
    client = client_for(db)
    seats = ["human"] + ["bot:baseline"] * (Game(preset).seats - 1)
    t = new_table(client, seats, seed=SEED, preset=preset)
    cm, ws = join(client, t["id"], t["tokens"]["0"])
    me = RawSeat(ws, 0)
    me.frames = []
    try:
        me.until_legal()
        me.play()
        assert me.events[-1]["type"] == "end_game"
        me.snapshot()  # the record of the finished game, asked for again
    finally:
        cm.__exit__(None, None, None)
    assert len(me.frames) > 20
    for text in me.frames:
        assert str(SEED) not in text
        assert not keys(json.loads(text)) & SECRET_KEYS, text[:200]
    # The seat was sent exactly the engine's view of the log, and that view hides everything.
    log = [json.loads(x) for x in client.get(f"/api/tables/{t['id']}/log").text.splitlines()]
    assert log[0]["seed"] == SEED  # the seed is in the log once the game is over
    state = Game(preset, SEED).replay(log)
    assert me.events == json.loads(json.dumps(state.view(0)))
    assert view_problem(state, 0) is None


def test_a_chosen_seed_needs_at_most_one_human(db: str) -> None:
    client = client_for(db)
    r = client.post(
        "/api/tables", json={"preset": "riichi", "seats": ["human", "human", *BOTS3[:2]], "seed": 3}
    )
    assert r.status_code == 400 and "seed" in r.json()["detail"]
    assert client.get("/api/tables").json() == []
    assert new_table(client, ["human", *BOTS3], seed=3)["tokens"].keys() == {"0"}
    assert new_table(client, ["human", "human", *BOTS3[:2]], seed=None)["id"]
    listing = client.get("/api/tables").json()
    assert all("seed" not in t for t in listing)  # neither game is over


def test_the_token_goes_in_the_first_message_not_the_url(db: str) -> None:
    client = client_for(db)
    t = new_table(client, ["human", *BOTS3])
    token = t["tokens"]["0"]
    with client.websocket_connect(f"/ws/{t['id']}?token={token}") as ws:
        ws.send_json({"type": "view"})
        assert "join" in ws.receive_json()["error"]
        with pytest.raises(WebSocketDisconnect) as exc:
            ws.receive_json()
        assert exc.value.code == 4401
    cm, me = connect(client, t["id"], token, 0)
    try:
        me.ws.send_json({"type": "join", "token": token})
        assert "joined already" in me.expect_error()
    finally:
        cm.__exit__(None, None, None)


def test_a_socket_from_another_site_is_refused(db: str) -> None:
    client = client_for(db)
    t = new_table(client, ["human", *BOTS3])
    for origin in ("http://evil.example", "null", "http://testserver.evil.example"):
        socket = client.websocket_connect(f"/ws/{t['id']}", headers={"origin": origin})
        with pytest.raises(WebSocketDisconnect) as exc, socket:
            pass
        assert exc.value.code == 4403, origin
    with client.websocket_connect(f"/ws/{t['id']}", headers={"origin": "http://testserver"}) as ws:
        ws.send_json({"type": "join", "token": t["tokens"]["0"]})
        assert ws.receive_json()["type"] == "view"


def test_two_tabs_of_one_seat_cannot_both_discard(db: str) -> None:
    client = client_for(db)
    t = new_table(client, ["human", *BOTS3], seed=11)
    cm_a, a = connect(client, t["id"], t["tokens"]["0"], 0)
    cm_b, b = connect(client, t["id"], t["tokens"]["0"], 0)
    try:
        assert a.at == b.at and a.legal == b.legal and a.legal
        discards = [x for x in a.legal if x["type"] == "discard"]
        # Without 'at', or with one from the future, nothing happens.
        a.ws.send_json({"type": "action", "action": discards[0]})
        assert "'at'" in a.expect_error()
        a.ws.send_json({"type": "action", "at": 10**30, "action": discards[0]})
        assert "'at'" in a.expect_error()
        a.ws.send_json({"type": "action", "at": (a.at or 0) + 1, "action": discards[0]})
        assert "stale" in a.expect_error()
        assert a.recv()["type"] == "legal"  # the current options again
        stale_at = b.at
        a.send_action(discards[0])
        a.until_legal()
        b.until_legal()  # b sees the same game go on
        done = a.snapshot()
        b.ws.send_json({"type": "action", "at": stale_at, "action": discards[1]})
        assert "stale" in b.expect_error()
        legal = b.recv()
        assert legal["type"] == "legal" and legal["at"] == a.at
        assert a.snapshot() == done  # the second discard changed nothing
    finally:
        cm_b.__exit__(None, None, None)
        cm_a.__exit__(None, None, None)


def test_legal_messages_only_when_a_seats_options_changed(db: str) -> None:
    """Two people play; whenever one receives a ``legal`` message without having acted, its
    options differ from the last ones (a pass of the other, hidden, sends nothing), so no
    ``legal`` message tells one that the other could call."""
    client = client_for(db)
    t = new_table(client, ["human", "human", "bot:baseline", "bot:baseline"], seed=None)
    cms: list[Any] = []
    seats: list[Seat] = []
    for s in (0, 1):
        cm, seat = connect(client, t["id"], t["tokens"][str(s)], s)
        cms.append(cm)
        seats.append(seat)
    ws_messages: dict[int, list[dict[str, Any]]] = {0: [], 1: []}
    try:
        for _ in range(400):
            movers = [s for s in seats if s.legal]
            for _wait in range(50):  # events held for the discard pause: ask again
                if movers:
                    break
                time.sleep(0.01)
                for waiting in seats:
                    waiting.ws.send_json({"type": "view"})
                    while waiting.recv()["type"] != "view":
                        pass
                    waiting.until_legal()
                movers = [s for s in seats if s.legal]
            if not movers:
                break
            mover = movers[0]
            other = seats[1 - mover.seat]
            previous = list(other.legal)
            mover.send_action(mover.choose())
            mover.until_legal()
            # Whatever the other seat was sent meanwhile: drain it with a view request.
            other.ws.send_json({"type": "view"})
            while True:
                msg = other.recv()
                ws_messages[other.seat].append(msg)
                if msg["type"] == "view":
                    break
                if msg["type"] == "legal":
                    assert msg["actions"] != previous, "options unchanged, yet sent"
                    previous = msg["actions"]
            # The resent view's legal message follows; the events of an action still being
            # sent out (pushed once the table's lock is released) may come between them.
            while (msg := other.recv())["type"] == "events":
                ws_messages[other.seat].append(msg)
            assert msg["type"] == "legal"
        kinds = [m["type"] for m in ws_messages[0] + ws_messages[1]]
        assert "events" in kinds and "legal" in kinds
    finally:
        for cm in cms:
            cm.__exit__(None, None, None)


def test_headers_on_every_response(db: str) -> None:
    client = client_for(db)
    for path in ("/", "/table.html", "/static/table.js", "/api/tables", "/nope"):
        r = client.get(path)
        csp = r.headers["content-security-policy"]
        assert "frame-ancestors 'none'" in csp and "script-src 'self'" in csp, path
        assert r.headers["referrer-policy"] == "no-referrer"
        assert r.headers["x-content-type-options"] == "nosniff"
    assert isinstance(client, TestClient)


def test_tokens_never_reach_the_servers_logs(tmp_path: Path) -> None:
    """A real `jantaku serve` (uvicorn's access log on): an old invite link with the token in
    its query, a join and a refused join leave no token in what the server printed."""
    sync_client = pytest.importorskip("websockets.sync.client", reason="websockets is missing")
    port = free_port()
    out = (tmp_path / "server.log").open("wb")
    proc = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "jantaku.cli",
            "serve",
            "--port",
            str(port),
            "--db",
            str(tmp_path / "t.sqlite3"),
        ],
        stdout=out,
        stderr=subprocess.STDOUT,
    )
    base = f"http://127.0.0.1:{port}"
    try:
        for _ in range(200):
            try:
                urllib.request.urlopen(base + "/api/presets", timeout=1)
                break
            except OSError:
                time.sleep(0.1)
        req = urllib.request.Request(
            base + "/api/tables",
            data=json.dumps({"preset": "riichi", "seats": ["human", "human", *BOTS3[:2]]}).encode(),
            headers={"content-type": "application/json"},
        )
        tokens = json.load(urllib.request.urlopen(req))["tokens"]
        table = 1
        urllib.request.urlopen(f"{base}/table.html?table={table}&token={tokens['0']}").read()
        with sync_client.connect(f"ws://127.0.0.1:{port}/ws/{table}") as ws:
            ws.send(json.dumps({"type": "join", "token": tokens["0"]}))
            assert json.loads(ws.recv(timeout=10))["type"] == "view"
        with sync_client.connect(f"ws://127.0.0.1:{port}/ws/{table}?token={tokens['1']}") as ws:
            ws.send(json.dumps({"type": "jion", "token": tokens["1"]}))
            assert json.loads(ws.recv(timeout=10))["type"] == "error"
    finally:
        proc.terminate()
        proc.wait(timeout=10)
        out.close()
    printed = (tmp_path / "server.log").read_text(errors="replace")
    assert "GET /table.html" in printed and "/ws/1" in printed  # the access log was on
    for token in tokens.values():
        assert token not in printed


def _in_japanese(err: dict[str, Any]) -> str:
    """The error as the Japanese page shows it: its code's message with the params filled."""
    from jantaku.server import i18n

    assert isinstance(err["code"], str) and isinstance(err["params"], dict), err
    text = i18n.t("ja", f"errors.{err['code']}", **err["params"])
    assert text != f"errors.{err['code']}", f"no Japanese message for {err['code']}"
    assert not i18n.placeholders(text), f"{err['code']}: unfilled {text!r}"
    return text


def test_refusals_carry_a_code_the_pages_show_in_japanese(db: str) -> None:
    """Every refusal a player can meet names its catalogue code and the code's values, so the
    page shows it in the player's language (never the server's English)."""
    client = client_for(db)
    seen: dict[str, str] = {}

    def http(r: Any, status: int, code: str) -> None:
        assert r.status_code == status, r.text
        body = r.json()
        assert body["code"] == code and isinstance(body["detail"], str), body
        seen[code] = _in_japanese(body)

    humans = ["human", "human", *BOTS3[:2]]
    http(client.post("/api/tables", json={"preset": "riichi", "seats": humans, "seed": 3}),
         400, "seed_with_humans")  # fmt: skip
    http(client.post("/api/tables", json={"preset": "sanma", "seats": ["human"] * 5}),
         400, "seat_count")  # fmt: skip
    http(client.get("/api/tables/999/log"), 404, "no_table")
    t = new_table(client, ["human", *BOTS3], seed=11)
    http(client.get(f"/api/tables/{t['id']}/log"), 409, "game_not_over")
    with client.websocket_connect(f"/ws/{t['id']}") as ws:
        ws.send_json({"type": "join", "token": "not-a-token"})
        err = ws.receive_json()
        assert err["code"] == "bad_token"
        seen["bad_token"] = _in_japanese(err)
    cm, me = connect(client, t["id"], t["tokens"]["0"], 0)
    try:
        for frame, code in (
            ("not json", "malformed"),
            ("x" * 70_000, "too_large"),
            ('{"type": "join", "token": "again"}', "already_joined"),
        ):
            me.ws.send_text(frame)
            err = me.recv()
            assert err["type"] == "error" and err["code"] == code, err
            seen[code] = _in_japanese(err)
        discard = next(a for a in me.legal if a["type"] == "discard")
        me.ws.send_json({"type": "action", "at": (me.at or 0) + 1, "action": discard})
        err = me.recv()
        assert err["code"] == "stale_action" and err["params"]["current"] == me.at
        seen["stale_action"] = _in_japanese(err)
    finally:
        cm.__exit__(None, None, None)
    assert "人間が2人以上" in seen["seed_with_humans"]
    assert seen["no_table"] == "卓 999 はありません"
    assert "70000" not in seen["too_large"]  # the limit, not the client's size
