"""The rule lab on the server: bad requests refused with the reason, one run at a time per
client, a run followed to its report, past runs listed."""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from jantaku.server.app import create_app


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    # As a context: the app's shutdown stops the lab runs still going.
    with TestClient(create_app(str(tmp_path / "t.sqlite3"), lab_dir=str(tmp_path / "lab"))) as c:
        yield c


@pytest.mark.parametrize(
    ("body", "status", "words"),
    [
        ({"rules": "nonesuch", "games": 2}, 400, "no preset 'nonesuch'"),
        ({"rules": "/etc/passwd", "games": 2}, 400, "no preset"),
        (
            {"rules": "gotou", "games": 2, "vary": ["scoring.tsumo_bonus=0; rm"]},
            400,
            "not section.knob=value",
        ),
        ({"rules": "gotou", "games": 2, "bots": "mjai:sh -c evil"}, 400, "not a built-in bot"),
        ({"rules": "gotou", "games": 501}, 422, "500"),
        ({"rules": "gotou", "games": 0}, 422, "1"),
    ],
)
def test_bad_requests_are_refused(
    client: TestClient, tmp_path: Path, body: dict[str, object], status: int, words: str
) -> None:
    r = client.post("/api/lab", json=body)
    assert r.status_code == status
    assert words in str(r.json()["detail"])
    assert client.get("/api/lab").json() == []
    assert not (tmp_path / "lab").exists() or not any((tmp_path / "lab").iterdir())


def test_a_run_is_followed_to_its_report(client: TestClient) -> None:
    body = {"rules": "gotou", "games": 3, "seed": 2, "vary": ["scoring.tsumo_bonus=0"]}
    r = client.post("/api/lab", json=body)
    assert r.status_code == 202
    run_id = r.json()["id"]
    # One at a time per client.
    again = client.post("/api/lab", json=body)
    assert again.status_code == 429 and run_id in again.json()["detail"]
    assert client.get(f"/api/lab/{run_id}/report").status_code == 409
    deadline = time.monotonic() + 600
    seen = []
    while True:
        s = client.get(f"/api/lab/{run_id}").json()
        seen.append(s["done"])
        if s["status"] != "running" or time.monotonic() > deadline:
            break
        time.sleep(0.5)
    assert s["status"] == "done", s
    assert s["done"] == s["total"] == 6
    assert seen == sorted(seen)
    assert isinstance(s["findings"], list)
    page = client.get(f"/api/lab/{run_id}/report")
    assert page.status_code == 200 and page.headers["content-type"].startswith("text/html")
    assert page.text.count('<figure data-plot="') >= 8
    numbers = client.get(f"/api/lab/{run_id}/report.json").json()
    assert [a["games"] for a in numbers["arms"]] == [3, 3]
    listing = client.get("/api/lab").json()
    assert [x["id"] for x in listing] == [run_id]
    assert listing[0]["status"] == "done" and listing[0]["vary"] == ["scoring.tsumo_bonus=0"]
    # The run is over: the same client may start another.
    assert client.post("/api/lab", json={"rules": "gotou", "games": 1}).status_code == 202


def test_unknown_runs_are_404(client: TestClient) -> None:
    assert client.get("/api/lab/0123456789ab").status_code == 404
    assert client.get("/api/lab/..%2F..%2Fetc").status_code == 404
    assert client.get("/api/lab/zz/report").status_code == 404
