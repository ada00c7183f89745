"""The web table and other people's tools: mjai seats from the server's own config, a finished
game downloaded as tenhou.net/6 or mjai, and Tenhou / kobalab records imported for the
replay viewer."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from jantaku.log.replay import replay
from jantaku.log.tenhou import read_json_record
from jantaku.server.app import create_app, read_mjai_bots
from support.server import wait_finished

FAKE = Path(__file__).parents[1] / "mjai_client" / "fake_bot.py"
REAL = Path(__file__).resolve().parents[3] / "shared" / "data" / "real-logs"
REAL = REAL if REAL.is_dir() else Path("/work/shared/data/real-logs")


@pytest.fixture
def client(tmp_path: Path) -> TestClient:
    bots = {"tsumogiri": f"{sys.executable} {FAKE} {{seat}} tsumogiri"}
    return TestClient(create_app(str(tmp_path / "t.sqlite3"), mjai_bots=bots))


def test_an_mjai_seat_is_one_the_server_lists(client: TestClient) -> None:
    assert client.get("/api/mjai-bots").json() == ["tsumogiri"]
    seats = ["mjai:tsumogiri", "bot:baseline", "bot:baseline", "bot:baseline"]
    r = client.post("/api/tables", json={"preset": "riichi", "seats": seats, "seed": 3})
    assert r.status_code == 200, r.text
    table = r.json()["id"]
    wait_finished(client, [table])  # bot-only games play in the background
    lines = [json.loads(x) for x in client.get(f"/api/tables/{table}/log").text.splitlines()]
    assert lines[-1]["type"] == "end_game"
    # Seat 0 played as the program does: every discard of its own draw, no call, no win.
    mine = [e for e in lines if e.get("actor") == 0 and e["type"] not in ("tsumo", "pass")]
    assert mine and all(e["type"] == "dahai" and e["tsumogiri"] for e in mine)
    # A command is never a seat kind, nor a name the config does not list.
    for bad in ("mjai:python evil.py", "mjai:other", "mjai:"):
        r = client.post(
            "/api/tables", json={"preset": "riichi", "seats": [bad, *seats[1:]], "seed": 1}
        )
        assert r.status_code == 400 and "mjai:tsumogiri" in r.json()["detail"]


def test_the_admin_config_is_a_table_of_names_and_commands(tmp_path: Path) -> None:
    good = tmp_path / "bots.toml"
    good.write_text('mortal = "python mortal.py {seat}"\n')
    assert read_mjai_bots(good) == {"mortal": "python mortal.py {seat}"}
    bad = tmp_path / "bots.json"
    bad.write_text('{"x": 3}')
    with pytest.raises(ValueError, match="name = shell command"):
        read_mjai_bots(bad)


def test_a_finished_table_downloads_as_tenhou6_and_mjai(client: TestClient) -> None:
    seats = ["bot:baseline"] * 3
    table = client.post("/api/tables", json={"preset": "sanma", "seats": seats, "seed": 8})
    tid = table.json()["id"]
    wait_finished(client, [tid])
    r = client.get(f"/api/tables/{tid}/export?format=tenhou6")
    assert r.status_code == 200 and "attachment" in r.headers["content-disposition"]
    rec = read_json_record(r.text, "table.json")
    assert rec.players == 3
    final = replay(rec).state.ledger.state.scores
    log = [json.loads(x) for x in client.get(f"/api/tables/{tid}/log").text.splitlines()]
    assert list(final) == log[-1]["scores"]
    mjai = [
        json.loads(x)
        for x in client.get(f"/api/tables/{tid}/export?format=mjai").text.split("\n")
        if x
    ]
    assert mjai[0]["type"] == "start_game" and mjai[-1]["type"] == "end_game"
    assert client.get(f"/api/tables/{tid}/export?format=xml").status_code == 400
    human = client.post(
        "/api/tables", json={"preset": "sanma", "seats": ["human", *seats[1:]], "seed": 8}
    ).json()["id"]
    assert client.get(f"/api/tables/{human}/export?format=tenhou6").status_code == 409


@pytest.mark.skipif(not REAL.is_dir(), reason="the real logs (/work/shared) are not here")
@pytest.mark.parametrize(
    "name",
    [
        "MitsuhiroTaniguchi__MahjongLM/tests/fixtures/tenhou/2023012721gm-00e1-0000-72b6b9d6.json",
        "MitsuhiroTaniguchi__MahjongLM/tests/fixtures/tenhou/2023010100gm-00f1-0000-caffca62.json",
    ],
)
def test_kobalab_paipu_import_into_the_replay_viewer(client: TestClient, name: str) -> None:
    doc = json.loads((REAL / name).read_text(encoding="utf-8"))
    r = client.post("/api/import", content=(REAL / name).read_bytes())
    assert r.status_code == 200, r.text
    events = [json.loads(x) for x in r.text.splitlines()]
    assert events[0]["type"] == "start_game" and events[-1]["type"] == "end_game"
    # The paipu's final points, by the first dealer's order (seat 0 in jantaku's log).
    qijia, n = doc["qijia"], len(doc["defen"])
    assert events[-1]["scores"] == [doc["defen"][(qijia + s) % n] for s in range(n)]
    assert sum(e["type"] == "start_kyoku" for e in events) == len(doc["log"])


@pytest.mark.skipif(not REAL.is_dir(), reason="the real logs (/work/shared) are not here")
def test_a_tenhou6_record_imports_and_a_bad_one_is_refused(client: TestClient) -> None:
    src = next(
        p
        for p in sorted(REAL.rglob("*.json"))
        if '"sc"' in p.read_text(encoding="utf-8", errors="replace")[-400:]
    )
    r = client.post("/api/import", content=src.read_bytes())
    assert r.status_code == 200, r.text
    assert r.text.splitlines()[-1].startswith('{"type":"end_game"') or '"end_game"' in r.text
    assert client.post("/api/import", content=b"not json").status_code == 422
    assert client.post("/api/import", content=b'{"log": 3}').status_code == 422
    assert client.post("/api/import", content=b" " * (4 * 1024 * 1024 + 1)).status_code == 413
