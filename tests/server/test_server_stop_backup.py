"""A real `jantaku serve` process stopped with SIGTERM (what systemd sends): every page is told
that the server restarts, its socket closes with code 1012, and what the page was sent is
exactly what the server finds again when it starts. A backup taken with `jantaku backup` in
the middle of games restores into a server that lists those games and plays them on, and
`jantaku check-db` tells a sound file from a damaged one."""

from __future__ import annotations

import json
import signal
import sqlite3
import subprocess
import sys
import time
import urllib.request
from pathlib import Path
from typing import Any

import pytest

sync_client = pytest.importorskip("websockets.sync.client", reason="websockets is not installed")

from support.process import free_port, post, start  # noqa: E402
from support.socket_seat import SocketSeat as Seat  # noqa: E402

BOTS3 = ["bot:baseline", "bot:baseline", "bot:random"]


def get(port: int, path: str) -> Any:
    return json.load(urllib.request.urlopen(f"http://127.0.0.1:{port}{path}"))


def jantaku(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "jantaku.cli", *args], capture_output=True, text=True, timeout=60
    )


def test_sigterm_tells_each_page_and_loses_nothing_it_was_sent(tmp_path: Path) -> None:
    db = tmp_path / "tables.sqlite3"
    port = free_port()
    proc = start(db, port)
    try:
        t = post(port, "/api/tables", {"preset": "riichi", "seats": ["human", *BOTS3], "seed": 8})
        me = Seat(port, t["id"], t["tokens"]["0"])
        assert me.play(12) == 12
        # An action, and the stop right behind it: whatever the page is sent before its socket
        # closes is what was stored.
        me.send(me.choice())
        stopped = time.monotonic()
        proc.send_signal(signal.SIGTERM)
        assert me.until_closed() == 1012
        assert me.others == [{"type": "restarting"}]
        # uvicorn ends by raising the signal again once it has stopped (systemd counts that
        # as a clean stop).
        assert proc.wait(timeout=20) in (0, -signal.SIGTERM)
        assert time.monotonic() - stopped < 8, "the stop waited for a timeout"
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
    port = free_port()
    proc = start(db, port)
    try:
        again = Seat(port, t["id"], t["tokens"]["0"])
        assert again.events == me.events
        assert again.play(5) == 5  # and it plays on
        again.close()
    finally:
        proc.terminate()
        proc.wait(timeout=20)


def test_a_backup_taken_mid_game_restores_and_resumes(tmp_path: Path) -> None:
    db, copy = tmp_path / "live.sqlite3", tmp_path / "backup.sqlite3"
    port = free_port()
    proc = start(db, port)
    try:
        t = post(port, "/api/tables", {"preset": "riichi", "seats": ["human", *BOTS3], "seed": 8})
        g = post(
            port, "/api/tables", {"preset": "gotou", "seats": ["human", *BOTS3[:2]], "seed": 3}
        )
        me = Seat(port, t["id"], t["tokens"]["0"])
        assert me.play(20) == 20
        other = Seat(port, g["id"], g["tokens"]["0"])
        assert other.play(6) == 6
        at_backup = (list(me.events), list(me.legal)), (list(other.events), list(other.legal))
        done = jantaku("backup", "--db", str(db), "--out", str(copy), "--json")
        assert done.returncode == 0, done.stdout + done.stderr
        report = json.loads(done.stdout)
        assert report["ok"] and report["path"] == str(copy)
        assert {x["id"]: x["status"] for x in report["tables"]} == {
            t["id"]: "playing",
            g["id"]: "playing",
        }
        # The live server goes on; the copy keeps the moment it was taken.
        assert me.play(10) == 10
        me.close()
        other.close()
    finally:
        proc.terminate()
        proc.wait(timeout=20)
    assert not list(tmp_path.glob(".*partial"))

    port = free_port()
    proc = start(copy, port)
    try:
        listing = {x["id"]: x["status"] for x in get(port, "/api/tables")}
        assert listing == {t["id"]: "playing", g["id"]: "playing"}
        me = Seat(port, t["id"], t["tokens"]["0"])
        other = Seat(port, g["id"], g["tokens"]["0"])
        assert ((me.events, me.legal), (other.events, other.legal)) == at_backup
        me.play(100_000)
        assert me.events[-1]["type"] == "end_game"
        assert other.play(10) == 10
        me.close()
        other.close()
        assert get(port, "/api/tables")[0]["status"] == "finished"
    finally:
        proc.terminate()
        proc.wait(timeout=20)


def test_backup_refuses_what_it_cannot_do_and_writes_nothing(tmp_path: Path) -> None:
    none = tmp_path / "none.sqlite3"
    missing = jantaku("backup", "--db", str(none), "--out", str(tmp_path / "b"))
    assert missing.returncode == 2 and "no such database file" in missing.stdout
    assert not (tmp_path / "b").exists() and not none.exists()
    other = tmp_path / "other.sqlite3"
    conn = sqlite3.connect(other)
    conn.execute("CREATE TABLE notes (x)")
    conn.close()
    refused = jantaku("backup", "--db", str(other), "--out", str(tmp_path / "b"))
    assert refused.returncode == 2 and "not a jantaku database" in refused.stdout
    assert not (tmp_path / "b").exists()
    taken = tmp_path / "taken.sqlite3"
    taken.write_bytes(b"keep me")
    clash = jantaku("backup", "--db", str(other), "--out", str(taken))
    assert clash.returncode == 2 and "exists already" in clash.stdout
    assert taken.read_bytes() == b"keep me"


def test_check_db_lists_a_sound_file_and_fails_a_damaged_one(tmp_path: Path) -> None:
    db = tmp_path / "live.sqlite3"
    port = free_port()
    proc = start(db, port)
    try:
        t = post(port, "/api/tables", {"preset": "riichi", "seats": ["human", *BOTS3], "seed": 8})
        Seat(port, t["id"], t["tokens"]["0"]).close()
        kept = post(port, "/api/sessions", {"preset": "mighty", "names": ["A", "B", "C"]})
    finally:
        proc.terminate()
        proc.wait(timeout=20)
    sound = jantaku("check-db", str(db))
    assert sound.returncode == 0, sound.stdout
    assert "integrity ok" in sound.stdout and "tables: 1 (1 playing)" in sound.stdout
    assert f"table {t['id']}: riichi" in sound.stdout and "score sessions: 1" in sound.stdout
    # A session's id is its share link: only its start is shown, and no token at all.
    assert f"session {kept['id'][:4]}…: 0 hands, revision 0" in sound.stdout
    assert kept["id"] not in sound.stdout and kept["editor"] not in sound.stdout
    assert t["tokens"]["0"] not in sound.stdout

    damaged = tmp_path / "damaged.sqlite3"  # a backup is one file (the live one has a -wal)
    assert jantaku("backup", "--db", str(db), "--out", str(damaged)).returncode == 0
    data = bytearray(damaged.read_bytes())
    page = int.from_bytes(data[16:18], "big")  # the header's page size
    assert len(data) > 3 * page
    data[page : 3 * page] = b"\xff" * (2 * page)  # two pages of tables overwritten
    damaged.write_bytes(bytes(data))
    bad = jantaku("check-db", str(damaged), "--json")
    assert bad.returncode == 1
    assert json.loads(bad.stdout)["ok"] is False


def test_ctrl_c_stops_quietly_and_a_taken_port_is_an_exit_status(tmp_path: Path) -> None:
    port = free_port()
    command = [sys.executable, "-m", "jantaku.cli", "serve", "--port", str(port)]
    proc = subprocess.Popen(
        [*command, "--db", str(tmp_path / "a.sqlite3")],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        for _ in range(300):
            try:
                get(port, "/healthz")
                break
            except OSError:
                time.sleep(0.1)
        taken = subprocess.run(
            [*command, "--db", str(tmp_path / "b.sqlite3")],
            capture_output=True,
            text=True,
            timeout=60,
        )
        assert taken.returncode == 3
        assert "address already in use" in taken.stderr.lower()
        proc.send_signal(signal.SIGINT)
        _, err = proc.communicate(timeout=20)
        assert proc.returncode == 0
        assert "Traceback" not in err and "Finished server process" in err
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
