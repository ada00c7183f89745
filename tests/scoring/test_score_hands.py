"""点数記録: what a hand entry holds (issue 37 item 5): a chip entry (a spring) recorded with
the hand it belongs to counts for that hand; 精算 counts hands played, not chip entries."""

from __future__ import annotations

from typing import Any

import pytest

from jantaku.server.sessions import SessionError, _check_hand, make_config, replay

CONFIG = {"preset": "gotou", "options": {}, "names": ["亜", "伊", "宇", "江"]}
SPRING = {"type": "chips", "to": 1, "items": {"spring": 1}}
WIN = {"type": "win", "winner": 1, "from": 2, "han": 3}
OTHER_CHIP = {"type": "chips", "to": 0, "items": {"other": 1}}


def hands(*entries: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return [{"cid": str(i), "events": evs} for i, evs in enumerate(entries)]


def test_a_spring_recorded_with_its_hand_stops_the_sitting_out_chips() -> None:
    # 江 sits out. A spring in the hand: no «春が出なかった場合» 2 A for 江.
    with_it = replay(CONFIG, hands([SPRING, WIN]))["hands"][0]
    # Entered as its own entry after the win, it would count for the next hand.
    after = replay(CONFIG, hands([WIN], [SPRING]))["hands"]
    # spring 1 from each of the three others to 伊; no sitting-out chips.
    assert with_it["chip_changes"] == [-1, 3, -1, -1]
    assert after[0]["chip_changes"] == [-2, -2, -2, 6]
    assert with_it["label"] == after[0]["label"]


def test_the_settlement_counts_hands_not_chip_entries() -> None:
    start = {"type": "chips", "to": 0, "items": {"other": 1}}
    state = replay(CONFIG, hands([start], [WIN], [{"type": "draw", "tenpai": [1]}]))
    assert state["games"][0]["hands"] == 2


@pytest.mark.parametrize(
    "events",
    [
        [WIN, SPRING],  # a chip entry after the hand
        [SPRING, WIN, {**WIN, "winner": 0}],  # two winners, not a double ron
    ],
)
def test_a_hand_entry_of_the_wrong_shape_is_refused(events: list[dict[str, Any]]) -> None:
    with pytest.raises(SessionError):
        _check_hand({"events": events})


def test_csv_in_japanese_names_every_column_and_row_in_words_players_use() -> None:
    import csv
    import io

    from jantaku.server.sessions import csv_text

    state = replay(CONFIG, hands([SPRING, WIN], [{"type": "draw", "tenpai": [1]}]))
    rows = list(csv.reader(io.StringIO(csv_text(CONFIG, state))))
    assert rows[0][:7] == ["種類", "対局", "局番号", "局", "本場", "親", "内容"]
    assert rows[0][7:11] == ["亜 収支", "伊 収支", "宇 収支", "江 収支"]
    assert rows[1][:6] == ["局", "1", "1", "東1", "0", "亜"]
    assert rows[1][6] == "チップ → 伊 春×1 / 伊 和了 ロン ← 宇 3翻"
    assert rows[2][6] == "荒牌流局 聴牌: 伊" and rows[2][3] == "東2"
    assert all("{" not in cell and "'" not in cell for row in rows for cell in row)


def test_jantaku_ledger_reads_the_export_json_as_it_is(tmp_path: Any) -> None:
    import io
    from unittest import mock

    from fastapi.testclient import TestClient

    from jantaku.cli import run_json
    from jantaku.server.app import create_app

    c = TestClient(create_app(str(tmp_path / "s.sqlite3")))
    r = c.post("/api/sessions", json={"preset": "mighty", "names": ["甲", "乙", "丙"]})
    sid, auth = r.json()["id"], {"Authorization": f"Bearer {r.json()['editor']}"}
    # A yakuman ron busts 丙 (game 1); game 2 starts with a draw.
    for i, ev in enumerate(
        [
            {"type": "win", "winner": 0, "from": 2, "yakuman": 1},
            {"type": "draw", "tenpai": [0]},
        ]
    ):
        at = c.get(f"/api/sessions/{sid}").json()["rev"]
        body = {"type": "add", "at": at, "cid": str(i), "hand": {"events": [ev]}}
        assert c.post(f"/api/sessions/{sid}/changes", headers=auth, json=body).status_code == 200
    export = c.get(f"/api/sessions/{sid}/export.json").text
    state = c.get(f"/api/sessions/{sid}").json()
    # No --rules: the file names its rules (mighty, not the default riichi).
    with mock.patch("sys.stdin", io.StringIO(export)):
        code, out = run_json(["ledger", "--json"])
    assert code == 0 and [g["game"] for g in out] == [1, 2]
    for g, seen in zip(out, state["games"], strict=True):
        last = g["entries"][-1]
        assert last["scores"] == seen["scores"] and last["chips"] == seen["chips"]
    assert out[0]["entries"][-1]["game_over"] and not out[1]["entries"][-1]["game_over"]
    assert out[0]["entries"][-1]["settlement"] == state["games"][0]["settlement"]


def test_an_edit_preview_names_the_hands_it_would_move_to_another_game(tmp_path: Any) -> None:
    from fastapi.testclient import TestClient

    from jantaku.server.app import create_app

    c = TestClient(create_app(str(tmp_path / "s.sqlite3")))
    r = c.post("/api/sessions", json={"preset": "tokushima", "names": ["A", "B", "C"]})
    sid, auth = r.json()["id"], {"Authorization": f"Bearer {r.json()['editor']}"}
    small = {"type": "win", "winner": 1, "from": 2, "han": 1, "fu": 30}
    for i, ev in enumerate([small, {"type": "draw", "tenpai": [0]}, {"type": "draw"}]):
        at = c.get(f"/api/sessions/{sid}").json()["rev"]
        body = {"type": "add", "at": at, "cid": str(i), "hand": {"events": [ev]}}
        assert c.post(f"/api/sessions/{sid}/changes", headers=auth, json=body).status_code == 200
    before = c.get(f"/api/sessions/{sid}").json()
    # The first hand made a yakuman ron off C (15000 start): C busts, the game ends there,
    # and the two draws after it would open the second game.
    big = {"type": "win", "winner": 1, "from": 2, "yakuman": 1}
    p = c.post(f"/api/sessions/{sid}/preview", json={"hand": {"events": [big]}, "index": 0})
    out = p.json()
    assert [(m["index"], m["from"], m["to"]) for m in out["moved"]] == [(1, 1, 2), (2, 1, 2)]
    assert out["hand"]["payments"][2] < -15000 and out["games"][0]["over"]
    # A small edit moves nothing; deleting the first hand moves nothing either.
    p = c.post(f"/api/sessions/{sid}/preview", json={"hand": {"events": [small]}, "index": 0})
    assert p.json()["moved"] == []
    p = c.post(f"/api/sessions/{sid}/preview", json={"index": 0, "delete": True})
    assert p.json()["moved"] == [] and p.json()["hand"] is None
    assert c.get(f"/api/sessions/{sid}").json() == before  # a preview stores nothing


def test_conditions_name_the_smallest_win_that_lifts_each_player(tmp_path: Any) -> None:
    from fastapi.testclient import TestClient

    from jantaku.server.app import create_app

    c = TestClient(create_app(str(tmp_path / "s.sqlite3")))
    r = c.post("/api/sessions", json={"preset": "riichi", "names": ["A", "B", "C", "D"]})
    sid, auth = r.json()["id"], {"Authorization": f"Bearer {r.json()['editor']}"}
    ev = {"type": "win", "winner": 1, "from": 2, "han": 3, "fu": 30}
    body = {"type": "add", "at": 0, "cid": "a", "hand": {"events": [ev]}}
    assert c.post(f"/api/sessions/{sid}/changes", headers=auth, json=body).status_code == 200
    # Scores 25000 28900 21100 25000: B, A, D, C (ties to the earlier seat). C, last, passes
    # D with a ron off D of 1950 or more (a tie goes to C): 2000; off A, C passes A (who
    # pays) with more than 1950: 2000 too. D passes A with any ron off A or C: 1000.
    out = c.get(f"/api/sessions/{sid}/conditions").json()["conditions"]
    assert out[1] is None  # the top
    cc = out[2]
    assert cc["place"] == 4
    by_from = {x["from"]: x for x in cc["ron"]}
    assert by_from[3]["points"] == 2000 and by_from[3]["place"] == 3
    assert by_from[0]["points"] == 2000 and by_from[0]["place"] == 3
    assert by_from[1]["points"] == 3900  # off B: C must still reach D's 25000
    assert cc["tsumo"]["place"] < 4 and cc["tsumo"]["points"] > 0
    d = out[3]
    assert d["place"] == 3 and {x["from"]: x["points"] for x in d["ron"]}[0] == 1000


def test_standings_count_what_the_rates_are_made_of() -> None:
    config = {"preset": "riichi", "options": {}, "names": ["A", "B", "C", "D"]}
    win = {"type": "win", "winner": 1, "from": 2, "han": 3, "fu": 30, "riichi": [1]}
    st = replay(config, hands([OTHER_CHIP, win], [{"type": "draw", "tenpai": [0]}]))
    s = st["standings"]
    assert s["hands_played"] == [2, 2, 2, 2]  # the chip entry is no hand
    assert s["wins"] == [0, 1, 0, 0] and s["deal_ins"] == [0, 0, 1, 0]
    assert s["riichi"] == [0, 1, 0, 0]  # the win's riichi, though a chip entry came first
    # B's stick back with the win: 3900 won.
    assert s["win_points"] == [0, 3900, 0, 0]
    assert s["games_played"] == [0, 0, 0, 0]


def test_settings_rename_the_players_and_end_the_session(tmp_path: Any) -> None:
    from fastapi.testclient import TestClient

    from jantaku.server.app import create_app

    c = TestClient(create_app(str(tmp_path / "s.sqlite3")))
    r = c.post("/api/sessions", json={"preset": "riichi", "names": ["A", "B", "C", "D"]})
    sid, auth = r.json()["id"], {"Authorization": f"Bearer {r.json()['editor']}"}

    def change(body: dict[str, Any]) -> Any:
        body["at"] = c.get(f"/api/sessions/{sid}").json()["rev"]
        return c.post(f"/api/sessions/{sid}/changes", headers=auth, json=body)

    ev = {"type": "win", "winner": 1, "from": 2, "han": 3, "fu": 30}
    assert change({"type": "add", "cid": "a", "hand": {"events": [ev]}}).status_code == 200
    before = c.get(f"/api/sessions/{sid}").json()
    assert change({"type": "settings", "names": ["東", "南", "西", "北"]}).status_code == 200
    after = c.get(f"/api/sessions/{sid}").json()
    assert after["config"]["names"] == ["東", "南", "西", "北"]
    assert after["hands"] == before["hands"] and after["table"] == before["table"]
    r = change({"type": "settings", "names": ["東", "東", "西", "北"]})
    assert r.status_code == 400 and "same name" in r.json()["detail"]
    r = change({"type": "settings", "names": ["東", "南", "西"]})
    assert r.status_code == 400
    # Ended: no hand is taken until it is reopened.
    assert change({"type": "settings", "ended": True}).status_code == 200
    r = change({"type": "add", "cid": "b", "hand": {"events": [ev]}})
    assert r.status_code == 409 and "ended" in r.json()["detail"]
    assert change({"type": "settings", "ended": False}).status_code == 200
    assert change({"type": "add", "cid": "b", "hand": {"events": [ev]}}).status_code == 200
    # Kept in the database: a new server reads the new names.
    c2 = TestClient(create_app(str(tmp_path / "s.sqlite3")))
    assert c2.get(f"/api/sessions/{sid}").json()["config"]["names"][0] == "東"


def test_group_statistics_sum_the_sessions_of_the_same_people(tmp_path: Any) -> None:
    from fastapi.testclient import TestClient

    from jantaku.server.app import create_app

    c = TestClient(create_app(str(tmp_path / "s.sqlite3")))

    def new(names: list[str], winner: int) -> str:
        r = c.post("/api/sessions", json={"preset": "riichi", "names": names})
        sid: str = r.json()["id"]
        auth = {"Authorization": f"Bearer {r.json()['editor']}"}
        ev = {"type": "win", "winner": winner, "from": (winner + 1) % 4, "han": 1, "fu": 30}
        body = {"type": "add", "at": 0, "cid": "a", "hand": {"events": [ev]}}
        assert c.post(f"/api/sessions/{sid}/changes", headers=auth, json=body).status_code == 200
        return sid

    first = new(["A", "B", "C", "D"], 1)  # B wins
    new(["D", "C", "B", "A"], 1)  # the same people in other seats: C wins off B
    new(["A", "B", "C", "E"], 1)  # another group
    out = c.get(f"/api/sessions/{first}/group").json()
    assert out["sessions"] == 2
    players = out["players"]
    assert players["B"]["wins"] == 1 and players["C"]["wins"] == 1
    assert players["B"]["deal_ins"] == 1 and players["C"]["deal_ins"] == 1
    assert all(players[n]["hands_played"] == 2 for n in "ABCD")
    assert "E" not in players


def test_money_at_the_tables_rates() -> None:
    # tokushima settles points (15000 start, 20000 back: oka 15 to the top) and pays chips
    # apart: 100 a unit (1000 points), 50 a chip. A yakuman ron with 2 ura off C busts C:
    # 15000 / 31000 / -1000 → -5 / +26 / -21, and 2 chips from C to B.
    config = {
        "preset": "tokushima",
        "options": {},
        "names": ["A", "B", "C"],
        "rates": {"unit": 100, "chip": 50},
    }
    win = {"type": "win", "winner": 1, "from": 2, "yakuman": 1, "chips": {"ura": 2}}
    st = replay(config, hands([win]))
    (game,) = st["games"]
    assert game["result"] == [-5, 26, -21] and st["chips_apart"]
    assert game["money"] == [-500, 2600 + 100, -2100 - 100]
    assert st["standings"]["money"] == game["money"]
    # gotou's result counts the chips already: money is the result at the unit rate.
    gotou = {"preset": "gotou", "options": {}, "names": ["A", "B", "C"], "rates": {"unit": 10}}
    st = replay(gotou, hands([{"type": "win", "winner": 1, "from": 2, "yakuman": 2}]))
    (game,) = st["games"]
    assert game["over"] and not st["chips_apart"]
    assert game["money"] == [r * 10 for r in game["result"]]
    with pytest.raises(SessionError, match=r"rates\.unit"):
        make_config({"preset": "riichi", "names": ["A", "B", "C", "D"], "rates": {"unit": -1}})


def test_the_next_games_first_dealer_is_chosen_between_games(tmp_path: Any) -> None:
    from fastapi.testclient import TestClient

    from jantaku.server.app import create_app

    c = TestClient(create_app(str(tmp_path / "s.sqlite3")))
    r = c.post("/api/sessions", json={"preset": "tokushima", "names": ["A", "B", "C"]})
    sid, auth = r.json()["id"], {"Authorization": f"Bearer {r.json()['editor']}"}

    def change(body: dict[str, Any]) -> Any:
        body["at"] = c.get(f"/api/sessions/{sid}").json()["rev"]
        return c.post(f"/api/sessions/{sid}/changes", headers=auth, json=body)

    small = {"type": "win", "winner": 1, "from": 2, "han": 1, "fu": 30}
    assert change({"type": "add", "cid": "a", "hand": {"events": [small]}}).status_code == 200
    r = change({"type": "settings", "first_dealer": 2})  # a game is under way
    assert r.status_code == 400 and r.headers["x-error-code"] == "not_between_games"
    bust = {"type": "win", "winner": 1, "from": 2, "yakuman": 1}
    assert change({"type": "add", "cid": "b", "hand": {"events": [bust]}}).status_code == 200
    # Game 2 would start with B (回し親); the table chooses C.
    assert c.get(f"/api/sessions/{sid}").json()["table"]["dealer"] == 1
    assert change({"type": "settings", "first_dealer": 2}).status_code == 200
    st = c.get(f"/api/sessions/{sid}").json()
    assert st["table"]["dealer"] == 2 and st["table"]["seats"] == ["S", "W", "E"]
    draw = {"type": "draw", "tenpai": [2]}
    assert change({"type": "add", "cid": "c", "hand": {"events": [draw]}}).status_code == 200
    st = c.get(f"/api/sessions/{sid}").json()
    assert st["hands"][-1]["label"]["dealer"] == 2
    assert st["games"][1]["start"]["first_dealer"] == 2  # what jantaku ledger reads


def test_conditions_count_a_shuba_stick_at_its_value() -> None:
    from jantaku.rules import load_preset
    from jantaku.scoring.conditions import conditions

    # gotou, 3 players: C is 6000 behind B with one stick on the table. As a riichi stick
    # (1000) C needs a bigger win than as a シュバ stick (5000), which nearly closes the gap.
    start = {"scores": [40000, 35000, 29000], "sticks": 1}
    plain = conditions(load_preset("gotou"), 3, start)[2]
    shuba = conditions(load_preset("gotou"), 3, start, stick_points=5000)[2]
    assert plain is not None and shuba is not None
    off_b = {r["from"]: r for r in plain["ron"]}[1]
    off_b_shuba = {r["from"]: r for r in shuba["ron"]}[1]
    assert off_b_shuba["points"] < off_b["points"]
