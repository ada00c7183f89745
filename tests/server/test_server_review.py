"""牌譜検討 on the server (issue 41 item 2): a finished table's seat reviewed in the
background with its progress, one review at a time per client, the result kept with the
table (it survives a restart) and equal to the command's own review of the table's log."""

from __future__ import annotations

import threading
import time
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from jantaku.log.export import games_of
from jantaku.review import review_game
from jantaku.review.load import game_of
from jantaku.server import review_routes
from jantaku.server.app import create_app
from support.server import FAST, new_table, wait_finished


def wait_review(client: TestClient, table: int, seat: int, timeout: float = 120) -> Any:
    deadline = time.monotonic() + timeout
    seen = []
    while True:
        st = client.get(f"/api/tables/{table}/review?seat={seat}").json()
        seen.append(st["progress"])
        if st["state"] in ("done", "failed"):
            assert seen == sorted(seen), "the progress went back"
            return st
        assert st["state"] == "running" and 0 <= st["progress"] <= 1
        assert time.monotonic() < deadline, "the review did not finish"
        time.sleep(0.05)


def test_a_finished_table_is_reviewed_in_the_background(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    db = str(tmp_path / "tables.sqlite3")
    app = create_app(db, limits=FAST)
    client = TestClient(app)
    bots = ["bot:standard", "bot:random", "bot:baseline"]
    t = new_table(client, bots, seed=9, preset="sanma")
    live = new_table(client, ["human", *bots[1:]], seed=9, preset="sanma")
    wait_finished(client, [t["id"]])
    tid = t["id"]
    assert client.get(f"/api/tables/{tid}/review?seat=0").json() == {
        "state": "none",
        "progress": 0.0,
    }
    # Not over yet, a seat the game lacks, an unknown table: refused.
    assert client.post(f"/api/tables/{live['id']}/review", json={"seat": 0}).status_code == 409
    assert client.post(f"/api/tables/{tid}/review", json={"seat": 3}).status_code == 400
    assert client.post("/api/tables/999/review", json={"seat": 0}).status_code == 404

    # One review at a time for a client: the first held running until released here.
    release = threading.Event()

    def held(*args: Any, **kwargs: Any) -> Any:
        assert release.wait(60)
        return review_game(*args, **kwargs)

    monkeypatch.setattr(review_routes, "review_game", held)
    r = client.post(f"/api/tables/{tid}/review", json={"seat": 1})
    assert r.status_code == 202 and r.json() == {"state": "running", "progress": 0.0}
    assert client.post(f"/api/tables/{tid}/review", json={"seat": 2}).status_code == 429
    again = client.post(f"/api/tables/{tid}/review", json={"seat": 1})
    assert again.status_code == 202 and again.json()["state"] == "running"
    release.set()
    st = wait_review(client, tid, 1)
    assert st["state"] == "done", st
    review = st["review"]
    events = games_of(client.get(f"/api/tables/{tid}/log").text.splitlines())[0]
    expected = review_game(game_of(events), events, 1)
    assert {k: v for k, v in review.items() if k != "table"} == expected
    assert review["summary"]["agreement"] < 0.6  # the random bot's seat
    page = client.get(f"/api/tables/{tid}/review.html?seat=1")
    assert page.status_code == 200 and "一致率" in page.text
    assert client.get(f"/api/tables/{tid}/review.html?seat=0").status_code == 404

    # The standard bot's own seat, then a restart: both reviews are kept with the table.
    assert client.post(f"/api/tables/{tid}/review", json={"seat": 0}).status_code == 202
    assert wait_review(client, tid, 0)["review"]["summary"]["agreement"] == 1.0
    app.state.reviews.wait()
    again = TestClient(create_app(db, limits=FAST))
    kept = again.get(f"/api/tables/{tid}/review?seat=1").json()
    assert kept["state"] == "done" and kept["review"] == review
    assert again.post(f"/api/tables/{tid}/review", json={"seat": 0}).json()["state"] == "done"
