"""点数記録 sessions over HTTP and WebSocket: replayed through the ledger, edited with
recompute, guarded by the revision, kept in SQLite, exported so `jantaku ledger` agrees."""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path
from typing import Any
from unittest import mock

import pytest
from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from jantaku.cli import run_json
from jantaku.rules import load_preset
from jantaku.scoring.ledger import run_ledger
from jantaku.server.app import create_app


def session(client: TestClient, **body: Any) -> tuple[str, dict[str, str]]:
    r = client.post("/api/sessions", json=body)
    assert r.status_code == 200, r.text
    out = r.json()
    return out["id"], {"Authorization": f"Bearer {out['editor']}"}


def add(
    client: TestClient,
    sid: str,
    auth: dict[str, str],
    events: list[dict[str, Any]],
    cid: str,
    at: int | None = None,
) -> Any:
    if at is None:
        at = client.get(f"/api/sessions/{sid}").json()["rev"]
    return client.post(
        f"/api/sessions/{sid}/changes",
        headers=auth,
        json={"type": "add", "at": at, "cid": cid, "hand": {"events": events}},
    )


def ledger_check(client: TestClient, sid: str) -> dict[str, Any]:
    """Every game of the export through `jantaku ledger`: same scores, chips, settlement."""
    export: dict[str, Any] = client.get(f"/api/sessions/{sid}/export.json").json()
    state = client.get(f"/api/sessions/{sid}").json()
    assert len(export["games"]) == len(state["games"])
    for game, seen in zip(export["games"], state["games"], strict=True):
        out = _ledger(export["preset"], export["options"], game["record"])
        last = out[-1]
        assert last["scores"] == seen["scores"]
        assert last["chips"] == seen["chips"]
        assert last["settlement"] == seen["settlement"]
    return export


def _ledger(preset: str, options: dict[str, Any], record: dict[str, Any]) -> Any:
    """`jantaku ledger --rules PRESET --json` on the record (knob changes through the API)."""
    if options:
        return run_ledger(load_preset(preset, options), record)
    with mock.patch("sys.stdin", io.StringIO(json.dumps(record))):
        code, out = run_json(["ledger", "--rules", preset, "--json"])
    assert code == 0, out
    return out


def test_gotou_session_four_rotating_with_shuba_spring_dice_and_a_second_game(db: str) -> None:
    c = TestClient(create_app(db))
    sid, auth = session(c, preset="gotou", names=["亜", "伊", "宇", "江"])
    st = c.get(f"/api/sessions/{sid}").json()
    # Four people at a three-player preset: the one before the dealer sits out.
    assert st["table"]["seats"] == ["E", "S", "W", None]
    assert st["table"]["scores"] == [35000] * 4 and st["table"]["chips"] == [200] * 4
    r = add(c, sid, auth, [{"type": "draw", "tenpai": [1], "riichi": [1], "shuba": [1]}], "h1")
    assert r.status_code == 200, r.text
    st = r.json()
    assert st["table"]["stick_points"] == 5000  # a シュバ stick: 5000 on the table
    assert st["table"]["shuba_used"] == [1]
    # Spring and a dice chance typed in (3+4 = 7 chips from each of the others).
    r = add(
        c, sid, auth, [{"type": "chips", "to": 2, "items": {"spring": 2}, "dice": [[3, 4]]}], "h2"
    )
    assert r.json()["hands"][1]["chip_changes"][2] == 3 * 9
    # A second シュバ by the same person in the same game is refused, nothing stored.
    r = add(c, sid, auth, [{"type": "draw", "tenpai": [1], "riichi": [1], "shuba": [1]}], "h3")
    assert r.status_code == 400 and "シュバ" in r.json()["detail"]
    assert len(c.get(f"/api/sessions/{sid}").json()["hands"]) == 2
    # Busting someone ends the game; the next hand starts game 2 with the next first dealer
    # (回し親) and the chips carried over.
    seats = c.get(f"/api/sessions/{sid}").json()["table"]["seats"]
    winner = seats.index("S")
    loser = seats.index("W")
    r = add(c, sid, auth, [{"type": "win", "winner": winner, "from": loser, "yakuman": 2}], "h4")
    st = r.json()
    assert st["games"][0]["over"] and st["games"][0]["settlement"] is not None
    assert st["table"]["game"] == 1 and st["table"]["dealer"] == 1
    assert st["table"]["chips"] == st["games"][0]["chips"]
    r = add(c, sid, auth, [{"type": "draw", "tenpai": []}], "h5")
    st = r.json()
    assert st["games"][1]["start"]["first_dealer"] == 1
    assert st["hands"][-1]["game"] == 1
    assert st["standings"]["wins"][winner] == 1 and st["standings"]["deal_ins"][loser] == 1
    assert st["standings"]["yakitori"] is None  # 焼き鳥 is off in the preset
    # Game results add up to a zero sum (the chips carried in are not counted twice).
    assert abs(sum(st["games"][0]["result"])) < 1e-6
    ledger_check(c, sid)


def test_edit_and_delete_recompute_and_a_breaking_edit_is_refused(db: str) -> None:
    c = TestClient(create_app(db))
    sid, auth = session(c, preset="riichi", names=["A", "B", "C", "D"])
    add(c, sid, auth, [{"type": "win", "winner": 1, "from": 2, "han": 3, "fu": 30}], "a")
    add(c, sid, auth, [{"type": "win", "winner": 2, "from": None, "han": 1, "fu": 30}], "b")
    st = c.get(f"/api/sessions/{sid}").json()
    # B's ron of 3900 off C, then C's 300/500 tsumo with B (the new dealer) paying 500.
    assert st["table"]["scores"] == [24700, 28400, 22200, 24700]
    # Edit hand 1 into a dealer win: the dealer stays, so hand 2 is now paid as E1-1.
    r = c.post(
        f"/api/sessions/{sid}/changes",
        headers=auth,
        json={
            "type": "edit",
            "at": st["rev"],
            "index": 0,
            "hand": {"events": [{"type": "win", "winner": 0, "from": 2, "han": 3, "fu": 30}]},
        },
    )
    st = r.json()
    assert st["hands"][0]["payments"] == [5800, 0, -5800, 0]
    assert st["hands"][1]["label"] == {"round": "E", "hand": 1, "honba": 1, "dealer": 0}
    assert st["hands"][1]["payments"] == [-600, -400, 1400, -400]  # 1-30 tsumo + 1 honba
    # Delete the first hand: the tsumo is back at E1-0.
    r = c.post(
        f"/api/sessions/{sid}/changes",
        headers=auth,
        json={"type": "delete", "at": st["rev"], "index": 0},
    )
    st = r.json()
    assert [h["cid"] if isinstance(h, dict) else h for h in st["cids"]] == ["b"]
    assert st["hands"][0]["payments"] == [-500, -300, 1100, -300]
    # An edit that leaves a later hand invalid is refused and changes nothing: four people
    # at gotou, person 3 plays hand 2 only because the deal passed after hand 1.
    sid2, auth2 = session(c, preset="gotou", names=["A", "B", "C", "D"])
    add(c, sid2, auth2, [{"type": "win", "winner": 1, "from": 2, "han": 1, "fu": 30}], "x")
    st2 = add(
        c, sid2, auth2, [{"type": "win", "winner": 3, "from": 1, "han": 1, "fu": 30}], "y"
    ).json()
    r = c.post(
        f"/api/sessions/{sid2}/changes",
        headers=auth2,
        json={
            "type": "edit",
            "at": st2["rev"],
            "index": 0,
            "hand": {"events": [{"type": "win", "winner": 0, "from": 2, "han": 1, "fu": 30}]},
        },
    )
    assert r.status_code == 400, r.text
    assert "hand 2" in r.json()["detail"] and "sits out" in r.json()["detail"]
    assert c.get(f"/api/sessions/{sid2}").json() == {**st2}


def test_double_ron_pays_both_winners_and_the_sticks_once(db: str) -> None:
    c = TestClient(create_app(db))
    sid, auth = session(c, preset="riichi", names=["A", "B", "C", "D"])
    events = [
        {"type": "win", "winner": 1, "from": 0, "han": 1, "fu": 30, "double": True, "riichi": [2]},
        {"type": "win", "winner": 2, "from": 0, "han": 2, "fu": 30, "double": True},
    ]
    st = add(c, sid, auth, events, "dd").json()
    # 1000 and 2000 off the dealer; C's riichi stick comes back to a winner.
    assert st["hands"][0]["payments"][0] == -3000
    assert sum(st["hands"][0]["payments"]) == 0 and st["table"]["sticks"] == 0
    assert st["standings"]["deal_ins"][0] == 1 and st["standings"]["wins"][1:3] == [1, 1]
    ledger_check(c, sid)


def test_concurrent_editors_stale_revision_and_retried_hand(db: str) -> None:
    c = TestClient(create_app(db))
    sid, auth = session(c, preset="sanma", names=["A", "B", "C"])
    rev = c.get(f"/api/sessions/{sid}").json()["rev"]
    ev = [{"type": "win", "winner": 1, "from": 0, "han": 2, "fu": 30}]
    assert add(c, sid, auth, ev, "phone1", at=rev).status_code == 200
    # The second phone entered against the same revision: refused, nothing stored.
    r = add(c, sid, auth, [{"type": "draw", "tenpai": [0]}], "phone2", at=rev)
    assert r.status_code == 409 and "stale" in r.json()["detail"]
    # The first phone's retry (its answer was lost) is stored once.
    r = add(c, sid, auth, ev, "phone1", at=rev)
    assert r.status_code == 200 and r.json()["duplicate"] == "phone1"
    st = c.get(f"/api/sessions/{sid}").json()
    assert st["cids"] == ["phone1"] and st["rev"] == rev + 1
    # Without the editor token: 403; a watcher cannot write.
    r = c.post(
        f"/api/sessions/{sid}/changes",
        json={"type": "add", "at": st["rev"], "cid": "z", "hand": {"events": ev}},
    )
    assert r.status_code == 403


def test_session_survives_a_restart_and_the_token_is_stored_hashed(db: str) -> None:
    c = TestClient(create_app(db))
    r = c.post("/api/sessions", json={"preset": "mighty", "names": ["A", "B", "C"]})
    sid, token = r.json()["id"], r.json()["editor"]
    auth = {"Authorization": f"Bearer {token}"}
    add(
        c,
        sid,
        auth,
        [{"type": "win", "winner": 1, "from": 2, "han": 3, "fu": 40, "wareme": 2}],
        "w",
    )
    before = c.get(f"/api/sessions/{sid}").json()
    assert token not in Path(db).read_bytes().decode("utf-8", "replace")
    c2 = TestClient(create_app(db))
    after = c2.get(f"/api/sessions/{sid}").json()
    assert after == before
    assert add(c2, sid, auth, [{"type": "draw", "tenpai": [1]}], "d").status_code == 200


def test_kanto_boo_refused_forbidden_win_changes_nothing(db: str) -> None:
    c = TestClient(create_app(db))
    sid, auth = session(c, preset="kanto-boo", names=["A", "B", "C", "D"])
    before = c.get(f"/api/sessions/{sid}").json()
    # 8000 each; a mangan ron off B busts B with three players floating-or-not: the ledger
    # refuses a game-ending win that leaves one sunk (マルシー).
    r = add(c, sid, auth, [{"type": "win", "winner": 0, "from": 1, "han": 5, "fu": 30}], "f")
    assert r.status_code == 422 and "forbidden" in r.json()["detail"]
    assert c.get(f"/api/sessions/{sid}").json() == before
    # No double ron here (頭ハネ): two winners of one discard are refused.
    double = [
        {"type": "win", "winner": w, "from": 0, "han": 1, "fu": 30, "double": True} for w in (1, 2)
    ]
    r = add(c, sid, auth, double, "d")
    assert r.status_code == 400 and "double ron" in r.json()["detail"]
    assert c.get(f"/api/sessions/{sid}").json() == before


def test_bad_input_names_what_is_wrong(db: str) -> None:
    c = TestClient(create_app(db))
    assert c.post("/api/sessions", json={"preset": "gotou", "names": ["A", "B"]}).status_code == 400
    r = c.post("/api/sessions", json={"preset": "nope", "names": ["A", "B", "C"]})
    assert "preset" in r.json()["detail"]
    r = c.post("/api/sessions", json={"preset": "riichi", "names": ["A", "A", "B", "C"]})
    assert "same name" in r.json()["detail"]
    r = c.post("/api/sessions", json={"toml": "start_points = 1", "names": ["A", "B", "C", "D"]})
    assert "base" in r.json()["detail"]
    r = c.post("/api/sessions", content=b"x" * 70_000, headers={"content-type": "application/json"})
    assert r.status_code == 413
    sid, auth = session(c, preset="riichi", names=["A", "B", "C", "D"])
    r = add(c, sid, auth, [{"type": "win", "winner": 9, "from": 0, "han": 1, "fu": 30}], "q")
    assert r.status_code == 400 and "winner" in r.json()["detail"]
    assert c.get("/api/sessions/doesnotexist").status_code == 404


def test_imported_toml_and_start_points(db: str) -> None:
    c = TestClient(create_app(db))
    toml = 'base = "riichi"\n[game]\nstart_points = 30000\n'
    sid, _ = session(c, toml=toml, names=["A", "B", "C", "D"], start_chips=10)
    st = c.get(f"/api/sessions/{sid}").json()
    assert st["table"]["scores"] == [30000] * 4 and st["table"]["chips"] == [10] * 4
    assert st["config"]["preset"] == "riichi"


def test_situation_win_and_calc_api(db: str) -> None:
    c = TestClient(create_app(db))
    sid, _auth = session(c, preset="riichi", names=["A", "B", "C", "D"])
    sit = {"hand": "123m456p789s11222z", "win_tile": "2z", "riichi": "riichi"}
    p = c.post(
        f"/api/sessions/{sid}/preview",
        json={
            "hand": {
                "events": [
                    {"type": "win", "winner": 1, "from": None, "riichi": [1], "situation": sit}
                ]
            }
        },
    ).json()
    assert p["hand"]["scored"][0]["han"] >= 2  # riichi + tsumo
    assert c.get(f"/api/sessions/{sid}").json()["hands"] == []  # a preview stores nothing
    r = c.post(
        "/api/calc",
        json={
            "rules": "riichi",
            "situation": {"hand": "123m456p789s1122z", "seat": "S", "riichi": "riichi"},
        },
    ).json()
    assert r["kind"] == "waits" and r["waits"] == ["1z", "2z"]
    r = c.post("/api/calc", json={"rules": "riichi", "situation": {"hand": "1112345678999m1p1z"}})
    assert r.status_code == 422 and "hand" in r.json()["detail"]
    r = c.post(
        "/api/calc",
        json={"rules": "riichi", "situation": {"hand": "11111m2345678999p", "win_tile": "9p"}},
    )
    assert r.status_code == 422 and "1m" in r.json()["detail"]


def test_websocket_join_pushes_changes_to_every_phone(db: str) -> None:
    c = TestClient(create_app(db))
    sid, auth = session(c, preset="riichi", names=["A", "B", "C", "D"])
    token = auth["Authorization"].split()[1]
    with (
        c.websocket_connect(f"/ws/score/{sid}") as watcher,
        c.websocket_connect(f"/ws/score/{sid}") as editor,
    ):
        watcher.send_json({"type": "join"})
        assert watcher.receive_json()["editor"] is False
        editor.send_json({"type": "join", "token": token})
        first = editor.receive_json()
        assert first["editor"] is True
        editor.send_json(
            {
                "type": "add",
                "at": first["rev"],
                "cid": "ws1",
                "req": 1,
                "hand": {"events": [{"type": "draw", "tenpai": [0, 1]}]},
            }
        )
        msgs = [editor.receive_json(), editor.receive_json()]
        assert {m["type"] for m in msgs} == {"state", "ack"}
        pushed = watcher.receive_json()
        assert pushed["type"] == "state" and pushed["table"]["honba"] == 1
        watcher.send_json(
            {
                "type": "add",
                "at": pushed["rev"],
                "cid": "w",
                "hand": {"events": [{"type": "draw", "tenpai": []}]},
            }
        )
        err = watcher.receive_json()
        assert err["type"] == "error" and err["status"] == 403
    with c.websocket_connect(f"/ws/score/{sid}") as bad:
        bad.send_json({"type": "join", "token": "wrong"})
        assert bad.receive_json()["status"] == 401


def test_csv_export_one_row_per_hand_and_game(db: str) -> None:
    c = TestClient(create_app(db))
    sid, auth = session(c, preset="kanto-boo", names=["A", "B", "C", "D"])
    add(c, sid, auth, [{"type": "win", "winner": 1, "from": 0, "yakuman": 1}], "y")
    text = c.get(f"/api/sessions/{sid}/export.csv?lang=en").text.lstrip("\ufeff")
    rows = list(csv.reader(io.StringIO(text)))
    kinds = [r[0] for r in rows[1:]]
    assert kinds == ["hand", "game"]
    ledger_check(c, sid)


def test_websocket_from_another_origin_is_refused(db: str) -> None:
    c = TestClient(create_app(db))
    sid, _ = session(c, preset="riichi", names=["A", "B", "C", "D"])
    with (
        pytest.raises(WebSocketDisconnect) as e,
        c.websocket_connect(f"/ws/score/{sid}", headers={"origin": "http://evil.example"}) as ws,
    ):
        ws.receive_json()
    assert e.value.code == 4403
    with c.websocket_connect(f"/ws/score/{sid}", headers={"origin": "http://testserver"}) as ws:
        ws.send_json({"type": "join"})
        assert ws.receive_json()["type"] == "state"


def test_yakitori_counted_where_the_rules_have_it(db: str) -> None:
    from jantaku.rules.model import GameRules

    if "yakitori_chips" not in GameRules.model_fields:
        pytest.skip("this build has no 焼き鳥 knob (game.yakitori_chips)")
    c = TestClient(create_app(db))
    sid, auth = session(
        c, preset="gotou", names=["A", "B", "C"], options={"game": {"yakitori_chips": 2}}
    )
    st = add(c, sid, auth, [{"type": "win", "winner": 1, "from": 2, "yakuman": 2}], "y").json()
    assert st["games"][0]["over"]
    assert st["standings"]["yakitori"] == [1, 0, 1]
    ledger_check(c, sid)


def test_hostile_socket_messages_get_an_error_and_change_nothing(db: str) -> None:
    c = TestClient(create_app(db))
    sid, auth = session(c, preset="riichi", names=["A", "B", "C", "D"])
    token = auth["Authorization"].split()[1]
    with c.websocket_connect(f"/ws/score/{sid}") as ws:
        ws.send_json({"type": "join", "token": token})
        rev = ws.receive_json()["rev"]
        for bad, words in (
            ("x" * 40_000, "over"),
            ("{not json", "not JSON"),
            ("[1, 2]", "object"),
            (json.dumps({"type": "explode", "at": rev}), "add, edit or delete"),
            (json.dumps({"type": "add", "at": rev, "cid": "c", "hand": {"events": []}}), "events"),
            (json.dumps({"type": "edit", "at": rev, "index": 5, "hand": {}}), "index"),
            (json.dumps({"type": "add", "at": "0", "cid": "c", "hand": {}}), "at"),
            (
                json.dumps(
                    {
                        "type": "add",
                        "at": rev,
                        "cid": "c",
                        "hand": {
                            "events": [
                                {"type": "win", "winner": 1, "from": 0, "han": 1, "fu": 30},
                                7,
                            ]
                        },
                    }
                ),
                "events[1]",
            ),
            (
                json.dumps(
                    {
                        "type": "add",
                        "at": rev,
                        "cid": "c",
                        "hand": {
                            "events": [
                                {"type": "draw", "kind": "nagashi", "winners": 5, "tenpai": []}
                            ]
                        },
                    }
                ),
                "hand 1",
            ),
            (
                json.dumps(
                    {
                        "type": "add",
                        "at": rev,
                        "cid": "c",
                        "hand": {
                            "events": [
                                {"type": "win", "winner": 1, "from": 0, "han": "3", "fu": 30}
                            ]
                        },
                    }
                ),
                "han",
            ),
        ):
            ws.send_text(bad)
            err = ws.receive_json()
            assert err["type"] == "error" and words in err["error"], (bad[:40], err)
        # The socket still works and nothing was stored.
        ws.send_json({"type": "state", "req": 9})
        st = ws.receive_json()
        assert st["req"] == 9 and st["rev"] == rev and st["hands"] == []
    with c.websocket_connect(f"/ws/score/{sid}") as ws:
        ws.send_text("hello")  # no join first
        assert ws.receive_json()["type"] == "error"


def test_a_penalty_that_busts_ends_the_game_and_the_next_hand_opens_the_next(db: str) -> None:
    # Issue 35: the bust line is checked after every payment, a chombo's too. tokushima
    # «チョンボは親も子も3000点ALLの支払い», «0点はトビ扱いで終了»: B at 6000 pays 3000 to each.
    c = TestClient(create_app(db))
    sid, auth = session(c, preset="tokushima", names=["A", "B", "C"], start_points=6000)
    p = c.post(
        f"/api/sessions/{sid}/preview",
        json={"hand": {"events": [{"type": "chombo", "player": 1}]}},
    ).json()
    assert p["games"][0]["over"]  # the page marks the hand as ending the game
    assert add(c, sid, auth, [{"type": "chombo", "player": 1}], "c1").status_code == 200
    st = c.get(f"/api/sessions/{sid}").json()
    (game,) = st["games"]
    assert game["over"] and game["scores"] == [9000, 0, 9000] and game["settlement"]
    assert st["table"]["game"] == 1 and st["table"]["scores"] == [6000] * 3
    assert st["standings"]["chombo"] == [0, 1, 0]
    r = add(c, sid, auth, [{"type": "win", "winner": 2, "from": 0, "han": 1, "fu": 30}], "w")
    assert r.status_code == 200
    st = c.get(f"/api/sessions/{sid}").json()
    assert [g["over"] for g in st["games"]] == [True, False]
    ledger_check(c, sid)  # `jantaku ledger` ends the exported game on the chombo too


def test_tokushima_session_has_no_nine_terminals_and_unknown_keys_are_named(db: str) -> None:
    # «途中流局なし。(九種九牌など)»: the scorekeeper does not offer it (the page lists the draw
    # kinds /api/calc/info gives) and the ledger refuses it; a misspelt key is named.
    c = TestClient(create_app(db))
    info = c.post("/api/calc/info", json={"rules": "tokushima"}).json()
    assert info["draw_kinds"] == ["exhaustive", "nagashi"]
    gotou = c.post("/api/calc/info", json={"rules": "gotou"}).json()
    assert "nine_terminals" in gotou["draw_kinds"]
    sid, auth = session(c, preset="tokushima", names=["A", "B", "C"])
    before = c.get(f"/api/sessions/{sid}").json()
    r = add(c, sid, auth, [{"type": "draw", "kind": "nine_terminals", "tenpai": []}], "n")
    assert r.status_code == 422 and "nine_terminals" in r.json()["detail"]
    r = add(c, sid, auth, [{"type": "draw", "reason": "nine_terminals", "tenpai": []}], "k")
    assert r.status_code == 400 and "unknown key 'reason'" in r.json()["detail"]
    assert c.get(f"/api/sessions/{sid}").json() == before


CATALOGUES = Path(__file__).resolve().parents[2] / "src" / "jantaku" / "web" / "i18n"


def _catalogue(lang: str) -> dict[str, str]:
    data: dict[str, str] = json.loads((CATALOGUES / lang / "score.json").read_text("utf-8"))
    return data


def test_every_session_refusal_code_is_in_both_catalogues() -> None:
    from jantaku.server.hardening import STATUS_CODES
    from jantaku.server.sessions import SESSION_CODES

    ja, en = _catalogue("ja"), _catalogue("en")
    assert len(SESSION_CODES) > 40
    # The server's general refusals the score routes may meet too (by status, a rate limit,
    # a body too deep to read, a full disk).
    general = set(STATUS_CODES.values()) | {"malformed", "disk_full"}
    for code in sorted(SESSION_CODES | general):
        assert f"err_{code}" in ja and f"err_{code}" in en, code
        # Japanese through and through: no English detail slipped into the sentence.
        assert "{detail}" not in ja[f"err_{code}"], code


def test_refusals_carry_a_catalogue_code_said_in_japanese(db: str) -> None:
    """Each refusal a table or a script can meet, with the code the page shows: never the
    catch-all, and its Japanese says it with no English words."""
    import re

    from jantaku.server.sessions import SESSION_CODES

    ja = _catalogue("ja")
    c = TestClient(create_app(db))
    seen: dict[str, str] = {}

    def refused(r: Any, code: str) -> None:
        assert r.status_code >= 400, r.text
        got = r.headers.get("X-Error-Code")
        assert got == code, (got, r.text)
        assert got in SESSION_CODES
        params = json.loads(r.headers["X-Error-Params"])
        text = re.sub(
            r"\{(\w+)\}", lambda m: str(params.get(m.group(1), m.group(0))), ja[f"err_{code}"]
        )
        # Names of formats and fields a person types (TOML, base, ja/en) are not English.
        words = re.sub(r"TOML|base|CSV|QR", "", text)
        assert "{" not in text and not re.search(r"[A-Za-z]{4,}", words), text
        seen[code] = text

    post = c.post
    refused(post("/api/sessions", json={"preset": "nope", "names": ["A", "B", "C"]}), "bad_preset")
    refused(
        post("/api/sessions", json={"preset": "gotou", "names": ["A", "B"], "x": 1}),
        "unknown_field",
    )
    refused(
        post("/api/sessions", json={"toml": "start_points = 1", "names": ["A", "B", "C"]}),
        "bad_toml",
    )
    refused(
        post(
            "/api/sessions",
            json={"preset": "gotou", "names": ["A", "B", "C"], "rates": {"unit": -1}},
        ),
        "bad_rates",
    )
    refused(
        post(
            "/api/sessions", json={"preset": "gotou", "names": ["A", "B", "C"], "start_points": -5}
        ),
        "bad_number",
    )
    refused(
        post("/api/sessions", content=b"{", headers={"content-type": "application/json"}),
        "bad_body",
    )
    sid, auth = session(c, preset="tokushima", names=["A", "B", "C"])

    def hand(events: list[dict[str, Any]], code: str) -> None:
        refused(add(c, sid, auth, events, f"c{len(seen)}"), code)

    win = {"type": "win", "winner": 1, "from": 2, "han": 2, "fu": 30}
    hand([{**win, "winner": 7}], "bad_person")
    hand([{**win, "from": 1}], "own_discard")
    hand([{**win, "open_riichi": [1], "riichi": [1]}], "no_open_riichi")
    hand([{**win, "shuba": [1], "riichi": [1]}], "no_shuba")
    hand([{**win, "dice": [[3, 4]]}], "no_dice")
    hand([{**win, "chips": {"red": 1}}], "no_chip_item")
    hand([{**win, "chips": {"rinshan": 1}}], "rinshan_ron")
    hand([{"type": "draw", "kind": "nine_terminals", "tenpai": []}], "no_draw_kind")
    hand([{"type": "penalty", "kind": "false_kan", "player": 0}, win], "bad_hand")
    g_sid, g_auth = session(c, preset="gotou", names=["A", "B", "C"])
    r = add(c, g_sid, g_auth, [{**win, "terminals": 1}], "t")
    refused(r, "no_terminal_bonus")
    r = add(c, g_sid, g_auth, [{**win, "open_riichi": [1], "riichi": []}], "o")
    refused(r, "needs_riichi")
    r = c.post(
        f"/api/sessions/{sid}/changes",
        headers=auth,
        json={"type": "edit", "at": 0, "index": 5, "hand": {"events": [win]}},
    )
    refused(r, "bad_index")
    assert add(c, sid, auth, [win], "ok").status_code == 200  # a game under way
    at = c.get(f"/api/sessions/{sid}").json()["rev"]
    r = c.post(
        f"/api/sessions/{sid}/changes",
        headers=auth,
        json={"type": "settings", "at": at, "first_dealer": 1},
    )
    refused(r, "not_between_games")
    refused(c.get(f"/api/sessions/{sid}/export.csv?lang=fr"), "bad_lang")
    refused(c.post("/api/qr", json={"text": "ftp://x"}), "bad_qr_text")
    refused(c.post("/api/calc/info", json={"rules": "nope"}), "bad_preset")
    assert len(seen) >= 20


def test_conditions_are_said_in_the_shapes_players_name() -> None:
    """条件計算 answers in 30 or 40 fu for a ron (20, 30 or 40 for a tsumo), never an unusual
    shape that happens to score the same: 2翻30符 (2000), not 1翻60符 (2000)."""
    from jantaku.scoring.conditions import conditions

    # 南家 deals; 西家 (23100, last) needs 2000 off 北家 (26900) to go top: 25100 > 24900.
    start = {"scores": [25000, 25000, 23100, 26900], "dealer": 1}
    out = conditions(load_preset("riichi"), 4, start)[2]
    assert out is not None
    off_top = out["ron"][2]
    assert (off_top["from"], off_top["han"], off_top["fu"]) == (3, 2, 30)
    assert (off_top["points"], off_top["place"]) == (2000, 1)
    # Past 東家 or 南家 (25000): 1000 (1翻30符) is enough, off either.
    assert [(r["han"], r["fu"], r["points"]) for r in out["ron"][:2]] == [(1, 30, 1000)] * 2
    # A tsumo: 1翻40符, 400/700 (1500); every answer is a common shape.
    assert (out["tsumo"]["han"], out["tsumo"]["fu"], out["tsumo"]["points"]) == (1, 40, 1500)
    for start in (
        {"scores": [31000, 25000, 22000, 22000], "dealer": 0, "honba": 2},
        {"scores": [40000, 30000, 20000, 10000], "dealer": 3},
    ):
        for c in conditions(load_preset("riichi"), 4, start):
            for w in [*(c or {}).get("ron", []), (c or {}).get("tsumo")]:
                if w and not w["yakuman"]:
                    ron = w["from"] is not None
                    assert w["fu"] in ((30, 40) if ron else (20, 30, 40)), w
                    assert w["han"] < 5 or w["fu"] == 30, w


def test_people_change_seats_between_games(db: str) -> None:
    """席替え: between games the editor sets who sits where (in turn order); at a three-player
    table with four people that decides who sits out with each dealer. The hands name people;
    the ledger plays seats; the export is read by `jantaku ledger` as it is."""
    c = TestClient(create_app(db))
    sid, auth = session(c, preset="gotou", names=["亜", "伊", "宇", "江"])

    def change(**body: Any) -> Any:
        at = c.get(f"/api/sessions/{sid}").json()["rev"]
        return c.post(
            f"/api/sessions/{sid}/changes",
            headers=auth,
            json={"type": "settings", "at": at, **body},
        )

    # Game 1 (亜 deals, 江 sits out): 伊 rons 宇 for a yakuman, then (伊 deals, 亜 out) a
    # dealer 満貫 off 宇: 宇 below 0, the game is over.
    assert (
        add(c, sid, auth, [{"type": "win", "winner": 1, "from": 2, "yakuman": 1}], "a").status_code
        == 200
    )
    r = change(seating=[0, 2, 1, 3])
    assert r.status_code == 400 and r.headers["x-error-code"] == "not_seats"  # mid-game
    assert (
        add(c, sid, auth, [{"type": "win", "winner": 1, "from": 2, "han": 5}], "b").status_code
        == 200
    )
    state = c.get(f"/api/sessions/{sid}").json()
    assert state["games"][0]["over"] and state["table"]["seats"] == [None, "E", "S", "W"]
    for bad in ([0, 1, 2], [0, 1, 1, 3], [0, 1, 2, "3"]):
        assert change(seating=bad).headers["x-error-code"] == "not_seats"
    # 伊 and 宇 swap seats: in turn order 亜, 宇, 伊, 江. 伊 deals the next game first (回し親):
    # 江 is South, 亜 West, and 宇 (just before the dealer) sits out.
    assert change(seating=[0, 2, 1, 3]).status_code == 200
    state = c.get(f"/api/sessions/{sid}").json()
    assert state["table"]["seats"] == ["W", "E", None, "S"]
    assert state["table"]["seating"] == [0, 2, 1, 3]
    # 江 rons 亜 for 1 han: 1000 (gotou: 30 fu, rounded up to 1000). The sitting-out 宇 takes
    # 2 chips from each of the three (no spring).
    r = add(c, sid, auth, [{"type": "win", "winner": 3, "from": 0, "han": 1}], "c")
    assert r.status_code == 200, r.text
    hand = c.get(f"/api/sessions/{sid}").json()["hands"][-1]
    assert hand["payments"] == [-1000, 0, 0, 1000]
    assert hand["chip_changes"] == [-2, -2, 6, -2]
    assert hand["seats"] == ["W", "E", None, "S"] and hand["label"]["dealer"] == 1
    # 江 won: the deal passes to the person after 伊 in the new order, 江, and 伊 (just before
    # 江) sits out: a win of theirs is refused by its code.
    r = add(c, sid, auth, [{"type": "win", "winner": 1, "from": 0, "han": 1}], "d")
    assert r.headers["x-error-code"] == "sits_out"
    state = c.get(f"/api/sessions/{sid}").json()
    assert state["table"]["dealer"] == 3 and state["table"]["seats"] == ["S", None, "W", "E"]
    # The export names the second game's people in their seats' order; `jantaku ledger`
    # on it gives the same figures, seat by seat.
    export = c.get(f"/api/sessions/{sid}/export.json").json()
    second = export["games"][1]
    assert second["names"] == ["亜", "宇", "伊", "江"]
    out = _ledger(export["preset"], export["options"], second["record"])
    order = [0, 2, 1, 3]
    assert [out[-1]["scores"][order.index(p)] for p in range(4)] == state["table"]["scores"]
    assert [out[-1]["chips"][order.index(p)] for p in range(4)] == state["table"]["chips"]
    # 条件計算 names people: nobody is offered a ron off the one sitting out.
    conds = c.get(f"/api/sessions/{sid}/conditions").json()["conditions"]
    for cond in conds:
        for ron in (cond or {}).get("ron", []):
            assert ron is None or ron["from"] != 1  # 伊 sits out now (before 江, the dealer)
