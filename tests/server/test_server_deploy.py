"""A server behind a reverse proxy and watched by its operator: client addresses from
forwarded headers only when a trusted proxy sends them, the public site's pages allowed to
open sockets, /healthz and /metrics (and who may read them), and the command line's checks
of those options. The real proxy (Caddy) and a browser: tests/web/test_e2e_deploy.py."""

from __future__ import annotations

import http.client
import json
import re
import sqlite3
import subprocess
import sys
import time
import urllib.request
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from jantaku.cli import main
from jantaku.server import metrics as metrics_module
from jantaku.server.app import create_app
from jantaku.server.limits import ServerLimits
from jantaku.server.ops import Deployment
from jantaku.server.proxy import AddressList, TrustedProxies, forwarded_chain, public_origin

HUMAN4 = ["human", "bot:baseline", "bot:baseline", "bot:random"]
TIGHT = ServerLimits(table_rate=1 / 3600, table_burst=2, view_rate=1000, view_burst=1000)
"""Two tables an address, then none for an hour: a third one tells the buckets apart."""


def client(
    db: str, peer: str, deployment: Deployment | None = None, limits: ServerLimits = TIGHT
) -> TestClient:
    return TestClient(create_app(db, limits=limits, deployment=deployment), client=(peer, 40000))


def create(c: TestClient, forwarded: str | None = None) -> int:
    headers = {"x-forwarded-for": forwarded} if forwarded is not None else {}
    r = c.post("/api/tables", json={"preset": "riichi", "seats": HUMAN4}, headers=headers)
    return r.status_code


def metric(text: str, name: str) -> float:
    """The value of one sample of the Prometheus text (``name`` with its labels)."""
    m = re.search(rf"^{re.escape(name)} (\S+)$", text, re.MULTILINE)
    assert m, f"{name} not in the metrics"
    return float(m.group(1))


# -- which address is the client's ----------------------------------------------------------


def test_the_client_is_the_first_address_no_trusted_proxy_appended() -> None:
    proxies = TrustedProxies(["127.0.0.1", "10.0.0.0/8", "::1"])
    h = [(b"x-forwarded-for", b"6.6.6.6, 203.0.113.7, 10.1.2.3")]
    # The client forged 6.6.6.6; Caddy appended 203.0.113.7, an inner proxy 10.1.2.3.
    assert proxies.client("127.0.0.1", h) == "203.0.113.7"
    assert proxies.client("::1", h) == "203.0.113.7"
    assert proxies.client("::ffff:127.0.0.1", h) == "203.0.113.7"  # a dual-stack socket
    # From anywhere else the header is the client's own word: it is not read.
    assert proxies.client("198.51.100.9", h) == "198.51.100.9"
    # Two headers are one list, in order; every hop a proxy: the first one.
    two = [(b"x-forwarded-for", b"203.0.113.7"), (b"x-forwarded-for", b"10.0.0.2")]
    assert proxies.client("127.0.0.1", two) == "203.0.113.7"
    assert proxies.client("127.0.0.1", [(b"x-forwarded-for", b"10.0.0.3")]) == "10.0.0.3"
    # No header, or a hop that is no address: the peer.
    assert proxies.client("127.0.0.1", []) == "127.0.0.1"
    assert proxies.client("127.0.0.1", [(b"x-forwarded-for", b"unknown")]) == "127.0.0.1"


def test_rfc_7239_forwarded_is_read_only_when_chosen() -> None:
    h = [
        (b"forwarded", b'for=192.0.2.60;proto=https, for="[2001:db8::1]:4711"'),
        (b"x-forwarded-for", b"6.6.6.6"),
        (b"x-forwarded-proto", b"http"),
    ]
    assert forwarded_chain(h, "forwarded") == ["192.0.2.60", "2001:db8::1"]
    rfc = TrustedProxies(["127.0.0.1"], header="forwarded")
    assert rfc.client("127.0.0.1", h) == "2001:db8::1"
    assert rfc.scheme("127.0.0.1", h) == "https"
    xff = TrustedProxies(["127.0.0.1"])
    assert xff.client("127.0.0.1", h) == "6.6.6.6"
    assert xff.scheme("127.0.0.1", h) == "http"
    assert xff.scheme("198.51.100.9", h) is None
    with pytest.raises(ValueError, match="x-real-ip"):
        TrustedProxies(["127.0.0.1"], header="x-real-ip")


def test_bad_addresses_and_urls_are_named() -> None:
    with pytest.raises(ValueError, match=r"'10\.0\.0\.300' is not an IP address"):
        TrustedProxies(["10.0.0.300"])
    with pytest.raises(ValueError, match="'proxy' names the trusted proxies"):
        AddressList(["proxy"], TrustedProxies([]))
    assert public_origin("https://Mahjong.Example.org/") == "https://mahjong.example.org"
    assert public_origin("http://[::1]:8443") == "http://[::1]:8443"
    for bad in ("mahjong.example.org", "ftp://x.org", "https://x.org/play", "https://x.org?a=1"):
        with pytest.raises(ValueError, match="--public-url"):
            public_origin(bad)


def test_an_address_list_allows_its_networks_and_the_proxies_machines() -> None:
    proxies = TrustedProxies(["127.0.0.1"])
    some = AddressList(["proxy", "192.168.0.0/16"], proxies)
    assert some.allows("127.0.0.1") and some.allows("192.168.4.2")
    assert not some.allows("203.0.113.7") and not some.allows("")
    assert AddressList([], proxies).allows("203.0.113.7")


# -- through the app ------------------------------------------------------------------------


def test_forwarded_clients_get_their_own_table_creation_limits(db: str) -> None:
    c = client(db, "127.0.0.1", Deployment(trusted_proxies=("127.0.0.1",)))
    assert [create(c, "203.0.113.7") for _ in range(3)] == [200, 200, 429]
    assert [create(c, "198.51.100.9") for _ in range(3)] == [200, 200, 429]
    # The proxy's own requests (no header) are a third client.
    assert create(c) == 200


def test_a_forged_header_from_an_untrusted_peer_is_ignored(db: str) -> None:
    c = client(db, "198.51.100.9", Deployment(trusted_proxies=("127.0.0.1",)))
    codes = [create(c, f"203.0.113.{i}") for i in range(4)]
    assert codes == [200, 200, 429, 429]


def test_without_trusted_proxies_no_forwarded_header_is_read(db: str) -> None:
    # 127.0.0.1 is what uvicorn would trust by default: here it is one client like any.
    c = client(db, "127.0.0.1")
    assert [create(c, f"203.0.113.{i}") for i in range(3)] == [200, 200, 429]


def test_the_public_site_may_open_sockets_and_other_sites_may_not(db: str) -> None:
    site = "https://mahjong.example.org"
    c = client(db, "127.0.0.1", Deployment(public_url=site + "/", trusted_proxies=("127.0.0.1",)))
    r = c.post("/api/tables", json={"preset": "riichi", "seats": HUMAN4})
    table, token = r.json()["id"], r.json()["tokens"]["0"]
    # Behind the proxy the Host header may be the upstream's own, not the public name.
    headers = {"origin": site, "host": "127.0.0.1:8000"}
    with c.websocket_connect(f"/ws/{table}", headers=headers) as ws:
        ws.send_json({"type": "join", "token": token})
        assert ws.receive_json()["type"] == "view"
    for other in ("https://evil.example", "http://mahjong.example.org"):
        with (
            pytest.raises(WebSocketDisconnect) as refused,
            c.websocket_connect(f"/ws/{table}", headers={**headers, "origin": other}),
        ):
            pass
        assert refused.value.code == 4403


def test_healthz_answers_and_says_503_when_the_database_cannot_be_written(
    db: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    c = client(db, "127.0.0.1")
    ok = c.get("/healthz")
    assert ok.status_code == 200 and ok.json()["status"] == "ok"
    assert ok.json()["database"] == "writable"
    monkeypatch.setattr(metrics_module, "HEALTH_TIMEOUT", 0.3)
    holder = sqlite3.connect(db, isolation_level=None)
    holder.execute("BEGIN EXCLUSIVE")  # another process holding the file (a stuck backup)
    try:
        down = c.get("/healthz")
        assert down.status_code == 503
        assert down.json()["status"] == "unhealthy" and "locked" in down.json()["database"]
    finally:
        holder.execute("ROLLBACK")
        holder.close()
    assert c.get("/healthz").status_code == 200


def test_metrics_count_sockets_actions_refusals_and_tables(db: str) -> None:
    c = client(db, "127.0.0.1", Deployment(trusted_proxies=("127.0.0.1",)))
    r = c.post("/api/tables", json={"preset": "riichi", "seats": HUMAN4, "seed": 3})
    table, token = r.json()["id"], r.json()["tokens"]["0"]
    assert [create(c, "203.0.113.7") for _ in range(3)] == [200, 200, 429]
    page = c.get("/metrics")
    assert page.headers["content-type"].startswith("text/plain")
    text = page.text
    assert metric(text, "jantaku_open_tables") == 3
    assert metric(text, 'jantaku_refusals_total{code="rate_limited"}') == 1
    assert metric(text, "jantaku_connected_sockets") == 0
    assert all(
        line.startswith(("# HELP jantaku_", "# TYPE jantaku_", "jantaku_"))
        for line in text.splitlines()
    )
    with c.websocket_connect(f"/ws/{table}") as ws:
        ws.send_json({"type": "join", "token": token})
        legal: dict[str, Any] = {}
        while legal.get("type") != "legal" or not legal["actions"]:
            legal = ws.receive_json()
        assert metric(c.get("/metrics").text, "jantaku_connected_sockets") == 1
        discard = next(a for a in legal["actions"] if a["type"] == "discard")
        ws.send_json({"type": "action", "at": legal["at"], "action": discard})
        ws.send_json({"type": "action", "at": 0, "action": discard})  # stale
        while ws.receive_json()["type"] != "error":
            pass
        text = c.get("/metrics").text
    assert metric(text, "jantaku_actions_total") == 1
    assert metric(text, "jantaku_action_latency_seconds_count") == 1
    assert metric(text, 'jantaku_refusals_total{code="stale_action"}') == 1
    assert metric(text, "jantaku_db_write_seconds_count") >= 4  # three tables and an action
    assert metric(text, "jantaku_actions_per_second") == pytest.approx(1 / 60)
    # The three bots played before seat 0's first turn and after its discard.
    assert metric(text, "jantaku_bot_turn_seconds_count") >= 3
    assert metric(c.get("/metrics").text, "jantaku_connected_sockets") == 0


def test_healthz_and_metrics_can_be_kept_to_some_clients(db: str) -> None:
    deployment = Deployment(
        trusted_proxies=("127.0.0.1",), healthz_from=("proxy",), metrics_from=("10.0.0.0/8",)
    )
    c = client(db, "127.0.0.1", deployment)
    # The proxy's own machine (a local scraper, no forwarded header) and a forwarded client.
    assert c.get("/healthz").status_code == 200
    assert c.get("/healthz", headers={"x-forwarded-for": "203.0.113.7"}).status_code == 404
    assert c.get("/metrics").status_code == 404
    assert c.get("/metrics", headers={"x-forwarded-for": "10.2.3.4"}).status_code == 200
    assert c.get("/metrics", headers={"x-forwarded-for": "203.0.113.7"}).status_code == 404
    # Claiming to be 10.2.3.4 from elsewhere gets nothing.
    outside = client(db, "198.51.100.9", deployment)
    assert outside.get("/metrics", headers={"x-forwarded-for": "10.2.3.4"}).status_code == 404


def test_serve_refuses_bad_deployment_options_by_name(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    db = str(tmp_path / "never.sqlite3")
    cases = [
        (["--trusted-proxy", "127.0.0.1", "nonsense"], "'nonsense' is not an IP address"),
        (["--public-url", "mahjong.example.org"], "--public-url"),
        (["--metrics-from", "proxy"], "'proxy' names the trusted proxies"),
    ]
    for extra, said in cases:
        assert main(["serve", "--db", db, *extra]) == 2
        assert said in capsys.readouterr().out
    assert not Path(db).exists()  # nothing started, nothing written


def test_a_real_server_believes_no_forwarded_header_without_trusted_proxies(
    tmp_path: Path,
) -> None:
    """uvicorn on its own believes X-Forwarded-For from 127.0.0.1: `jantaku serve` must not,
    or any local client would pass for a new address with each request."""
    from support.process import free_port

    port = free_port()
    command = [sys.executable, "-m", "jantaku.cli", "serve", "--port", str(port)]
    proc = subprocess.Popen(
        [*command, "--db", str(tmp_path / "t.sqlite3"), "--table-burst", "2"],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:

        def create_from(forwarded: str) -> int:
            conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
            try:
                body = json.dumps({"preset": "riichi", "seats": HUMAN4})
                headers = {"content-type": "application/json", "x-forwarded-for": forwarded}
                conn.request("POST", "/api/tables", body=body, headers=headers)
                return conn.getresponse().status
            finally:
                conn.close()

        for _ in range(300):
            try:
                urllib.request.urlopen(f"http://127.0.0.1:{port}/healthz", timeout=1)
                break
            except OSError:
                time.sleep(0.1)
        assert [create_from(f"203.0.113.{i}") for i in range(3)] == [200, 200, 429]
    finally:
        proc.terminate()
        proc.wait(timeout=20)
