"""The deployment of docs/deploy.md, end to end on one machine: Debian's caddy with the shipped
deploy/Caddyfile (its name and ports swapped for 127.0.0.1, ``tls internal`` instead of Let's
Encrypt) in front of `jantaku serve --public-url ... --trusted-proxy 127.0.0.1`.

Through https and wss, Chromium (told to accept Caddy's local CA) makes a friends table in
the lobby, opens the invite link in a second browser, and both people play; the server is
stopped with SIGTERM and both pages say 「サーバーを再起動しています」 until it is back, then
play on. /healthz and /metrics answer through Caddy; two clients (127.0.0.2 and 127.0.0.3)
get rate limits of their own; an X-Forwarded-For forged by a client is not believed, whether
it goes through Caddy or straight to jantaku.

Skips with a reason without caddy (``make test`` installs it as root) or Chromium.
"""

from __future__ import annotations

import http.client
import json
import os
import re
import shutil
import signal
import ssl
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from support.process import free_port

CADDY = shutil.which("caddy")
if CADDY is None:
    pytest.skip("Debian's caddy is not installed (make caddy)", allow_module_level=True)
CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
DEPLOY = Path(__file__).resolve().parents[2] / "deploy"
ARTIFACTS = Path(__file__).resolve().parents[1] / "artifacts"
RESTARTING = "サーバーを再起動しています"
INSECURE = ssl._create_unverified_context()  # Caddy's own local CA, made for this test


def caddyfile(
    https_port: int,
    http_port: int,
    upstreams: dict[int, int],
    workdir: Path,
    name: str = "Caddyfile",
) -> str:
    """A Caddyfile of deploy/ for 127.0.0.1: the site's name, the upstream ports (shipped
    port → this test's) and the log file swapped, ``tls internal`` added, and global options
    that keep Caddy to this test."""
    text = (DEPLOY / name).read_text(encoding="utf-8")
    site = "mahjong.example.org {"
    assert text.count(site) == 1
    text = text.replace(site, f"https://127.0.0.1:{https_port} {{\n\ttls internal", 1)
    for shipped, port in upstreams.items():
        assert f"127.0.0.1:{shipped}" in text
        text = text.replace(f"127.0.0.1:{shipped}", f"127.0.0.1:{port}")
    text = text.replace("/var/log/caddy/jantaku.log", str(workdir / "access.log"))
    options = (
        "{\n\tadmin off\n\tskip_install_trust\n\tauto_https disable_redirects\n"
        f"\thttp_port {http_port}\n\thttps_port {https_port}\n"
        f"\tstorage file_system {workdir / 'caddy-data'}\n}}\n"
    )
    return options + text


class Stack:
    """jantaku behind caddy, both on 127.0.0.1."""

    def __init__(self, workdir: Path) -> None:
        self.workdir = workdir
        self.db = workdir / "jantaku.sqlite3"
        self.port = free_port()
        self.https_port = free_port()
        self.url = f"https://127.0.0.1:{self.https_port}"
        self.jantaku = self.start_jantaku()
        config = workdir / "Caddyfile"
        config.write_text(caddyfile(self.https_port, free_port(), {8000: self.port}, workdir))
        env = {**os.environ, "HOME": str(workdir), "XDG_DATA_HOME": str(workdir / "xdg")}
        env["XDG_CONFIG_HOME"] = str(workdir / "xdg")
        self.caddy_log = (workdir / "caddy.log").open("wb")
        self.caddy = subprocess.Popen(
            [str(CADDY), "run", "--config", str(config), "--adapter", "caddyfile"],
            stdout=self.caddy_log,
            stderr=subprocess.STDOUT,
            env=env,
        )
        self.wait_until(lambda: self.get("/healthz")[0] == 200, "caddy in front of jantaku")

    def start_jantaku(self) -> subprocess.Popen[bytes]:
        proc = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "jantaku.cli",
                "serve",
                "--port",
                str(self.port),
                "--db",
                str(self.db),
                "--public-url",
                self.url,
                "--trusted-proxy",
                "127.0.0.1",
                "::1",
                "--metrics-from",
                "127.0.0.1",
                "--table-burst",
                "2",
                "--table-rate",
                "1",
            ],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        self.wait_until(lambda: self.direct("GET", "/healthz")[0] == 200, "jantaku serve")
        return proc

    def wait_until(self, ready: Any, what: str, seconds: float = 60) -> None:
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            try:
                if ready():
                    return
            except OSError:
                pass
            time.sleep(0.1)
        raise AssertionError(f"{what} did not start")

    def get(self, path: str, source: str = "127.0.0.1") -> tuple[int, str]:
        return self.request("GET", path, source=source)

    def request(
        self,
        method: str,
        path: str,
        body: Any = None,
        source: str = "127.0.0.1",
        headers: dict[str, str] | None = None,
    ) -> tuple[int, str]:
        """Through Caddy (https), from the local address ``source``."""
        conn = http.client.HTTPSConnection(
            "127.0.0.1", self.https_port, context=INSECURE, timeout=30, source_address=(source, 0)
        )
        return _exchange(conn, method, path, body, headers)

    def direct(
        self,
        method: str,
        path: str,
        body: Any = None,
        source: str = "127.0.0.1",
        headers: dict[str, str] | None = None,
    ) -> tuple[int, str]:
        """Straight to jantaku (http), past Caddy."""
        conn = http.client.HTTPConnection(
            "127.0.0.1", self.port, timeout=30, source_address=(source, 0)
        )
        return _exchange(conn, method, path, body, headers)

    def close(self) -> None:
        for proc in (self.caddy, self.jantaku):
            if proc.poll() is None:
                proc.terminate()
                try:
                    proc.wait(timeout=20)
                except subprocess.TimeoutExpired:
                    proc.kill()
                    proc.wait()
        self.caddy_log.close()


def _exchange(
    conn: http.client.HTTPConnection,
    method: str,
    path: str,
    body: Any,
    headers: dict[str, str] | None,
) -> tuple[int, str]:
    try:
        data = None if body is None else json.dumps(body).encode()
        sent = {"content-type": "application/json"} if data is not None else {}
        conn.request(method, path, body=data, headers={**sent, **(headers or {})})
        response = conn.getresponse()
        return response.status, response.read().decode()
    finally:
        conn.close()


@pytest.fixture(scope="module")
def stack(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Stack]:
    s = Stack(tmp_path_factory.mktemp("deploy"))
    try:
        yield s
    finally:
        s.close()


NEW_TABLE = {"preset": "riichi", "seats": ["human", "bot:random", "bot:random", "bot:random"]}


def test_clients_behind_caddy_are_told_apart_and_forged_headers_are_not(stack: Stack) -> None:
    def three(source: str, headers: dict[str, str] | None = None) -> list[int]:
        return [
            stack.request("POST", "/api/tables", NEW_TABLE, source, headers)[0] for _ in range(3)
        ]

    # Two people behind the same proxy: a limit each (two tables at once, then wait).
    assert three("127.0.0.2") == [200, 200, 429]
    assert three("127.0.0.3") == [200, 200, 429]
    # A client naming someone else in X-Forwarded-For: Caddy replaces the header, so the
    # client is still counted as itself, whatever it claims.
    forged = [
        stack.request(
            "POST", "/api/tables", NEW_TABLE, "127.0.0.4", {"x-forwarded-for": f"10.9.9.{i}"}
        )[0]
        for i in range(3)
    ]
    assert forged == [200, 200, 429]
    # Past Caddy, from an address that is no trusted proxy: the header is not read at all.
    direct = [
        stack.direct(
            "POST", "/api/tables", NEW_TABLE, "127.0.0.5", {"x-forwarded-for": f"10.8.8.{i}"}
        )[0]
        for i in range(3)
    ]
    assert direct == [200, 200, 429]


def test_healthz_and_metrics_answer_through_caddy(stack: Stack) -> None:
    status, body = stack.get("/healthz")
    assert status == 200 and json.loads(body)["status"] == "ok"
    status, text = stack.get("/metrics")
    assert status == 200
    assert re.search(r"^jantaku_open_tables \d", text, re.MULTILINE)
    assert re.search(r"^jantaku_connected_sockets \d", text, re.MULTILINE)
    # Only 127.0.0.1 may read the metrics (--metrics-from): another client through the same
    # proxy is told there is no such page.
    assert stack.get("/metrics", source="127.0.0.2")[0] == 404
    # The proxy keeps jantaku's security headers and adds HSTS.
    conn = http.client.HTTPSConnection("127.0.0.1", stack.https_port, context=INSECURE)
    try:
        conn.request("GET", "/")
        headers = {k.lower(): v for k, v in conn.getresponse().getheaders()}
    finally:
        conn.close()
    assert "frame-ancestors 'none'" in headers["content-security-policy"]
    assert headers["strict-transport-security"].startswith("max-age=")
    assert headers["x-content-type-options"] == "nosniff"


def test_two_processes_behind_caddy_each_serve_the_sockets_their_ids_name(
    tmp_path: Path,
) -> None:
    """deploy/Caddyfile.two-processes (docs/scaling.md): tables made through either process
    of one database, each table's socket on the process of its id's parity."""
    sync_client = pytest.importorskip("websockets.sync.client", reason="no websockets")
    db, ports, https_port = tmp_path / "shared.sqlite3", [free_port(), free_port()], free_port()
    command = [sys.executable, "-m", "jantaku.cli", "serve", "--db", str(db)]
    procs: list[subprocess.Popen[bytes]] = []
    log = (tmp_path / "caddy.log").open("wb")
    try:
        for port in ports:
            procs.append(
                subprocess.Popen(
                    [*command, "--port", str(port), "--trusted-proxy", "127.0.0.1"],
                    stdout=subprocess.DEVNULL,
                    stderr=subprocess.DEVNULL,
                )
            )
        config = tmp_path / "Caddyfile"
        upstreams = {8000: ports[0], 8001: ports[1]}
        name = "Caddyfile.two-processes"
        config.write_text(caddyfile(https_port, free_port(), upstreams, tmp_path, name))
        env = {**os.environ, "HOME": str(tmp_path), "XDG_DATA_HOME": str(tmp_path / "xdg")}
        env["XDG_CONFIG_HOME"] = str(tmp_path / "xdg")
        procs.append(
            subprocess.Popen(
                [str(CADDY), "run", "--config", str(config), "--adapter", "caddyfile"],
                stdout=log,
                stderr=subprocess.STDOUT,
                env=env,
            )
        )

        def through(method: str, path: str, body: Any = None) -> tuple[int, str]:
            conn = http.client.HTTPSConnection(
                "127.0.0.1", https_port, context=INSECURE, timeout=30
            )
            return _exchange(conn, method, path, body, None)

        def direct(port: int, path: str) -> str:
            conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
            return _exchange(conn, "GET", path, None, None)[1]

        deadline = time.monotonic() + 60
        while True:
            try:
                if all(direct(p, "/healthz") for p in ports) and through("GET", "/healthz")[0]:
                    break
            except OSError:
                pass
            assert time.monotonic() < deadline, "caddy and two jantaku did not start"
            time.sleep(0.1)

        tables = []
        for _ in range(4):
            status, body = through("POST", "/api/tables", NEW_TABLE)
            assert status == 200, body
            tables.append(json.loads(body))
        assert sorted(t["id"] for t in tables) == [1, 2, 3, 4]
        sockets = []
        for t in tables:
            ws = sync_client.connect(
                f"wss://127.0.0.1:{https_port}/ws/{t['id']}", ssl=INSECURE
            ).__enter__()
            ws.send(json.dumps({"type": "join", "token": t["tokens"]["0"]}))
            sockets.append(ws)
        for ws in sockets:
            legal: dict[str, Any] = {}
            while legal.get("type") != "legal" or not legal["actions"]:
                legal = json.loads(ws.recv(timeout=30))
            discard = next(a for a in legal["actions"] if a["type"] == "discard")
            ws.send(json.dumps({"type": "action", "at": legal["at"], "action": discard}))
            while (msg := json.loads(ws.recv(timeout=30)))["type"] != "events":
                assert msg["type"] != "error", msg
        for parity, port in enumerate(ports):
            text = direct(port, "/metrics")
            assert re.search(r"^jantaku_connected_sockets 2\.0$", text, re.MULTILINE), parity
            assert re.search(r"^jantaku_actions_total 2\.0$", text, re.MULTILINE), parity
        for ws in sockets:
            ws.close()
    finally:
        for proc in procs:
            proc.terminate()
        for proc in procs:
            try:
                proc.wait(timeout=20)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait()
        log.close()


# -- two friends in Chromium --------------------------------------------------------------------


def legal(page: Any) -> list[dict[str, Any]]:
    found: list[dict[str, Any]] = page.evaluate(
        "globalThis.jantakuTable && globalThis.jantakuTable.idle() ?"
        " globalThis.jantakuTable.legal() : []"
    )
    return found


def act(page: Any) -> bool:
    """Play one step if the page has something to decide (a pass over a call or a win, else
    the rightmost tile it may discard); whether it did. A hand's result dialog is closed."""
    if page.locator("#result[open]").count():
        page.click("#result-ok")
        return False
    options = legal(page)
    if not options:
        return False
    kinds = {a["type"] for a in options}
    if "pass" in kinds:
        page.click('#actions button[data-type="pass"]')
    elif "discard" in kinds and page.locator("#p-bottom .playable").count():
        page.locator("#p-bottom .playable").last.click()
    else:
        page.locator("#actions button").first.click()
    page.wait_for_function("!globalThis.jantakuTable.legal().length")
    return True


def play(pages: list[Any], each: int, seconds: float = 120) -> list[int]:
    """Both people act until each has acted at least ``each`` times (a pass offered to one
    between the other's turns counts too); how many times each did."""
    done = [0] * len(pages)
    deadline = time.monotonic() + seconds
    while min(done) < each:
        assert time.monotonic() < deadline, f"the game stalled after {done} actions"
        moved = False
        for i, page in enumerate(pages):
            if act(page):
                done[i] += 1
                moved = True
        if not moved:
            time.sleep(0.05)
    return done


def status(page: Any) -> str:
    text: str = page.locator("#status").inner_text()
    return text


def test_two_friends_play_through_https_and_wss_across_a_restart(stack: Stack) -> None:
    if not Path(CHROMIUM).exists():
        pytest.skip("Debian's chromium is not installed")
    sync_api = pytest.importorskip("playwright.sync_api", reason="playwright is not installed")
    ARTIFACTS.mkdir(exist_ok=True)
    with sync_api.sync_playwright() as p:
        browser = p.chromium.launch(
            executable_path=CHROMIUM,
            args=["--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-sync"],
        )
        try:
            # Caddy's CA is accepted, as a browser that trusts it would; the waits of the test
            # run as script, which the pages' Content-Security-Policy forbids otherwise.
            two = [
                browser.new_context(
                    ignore_https_errors=True,
                    bypass_csp=True,
                    locale="ja-JP",
                    viewport={"width": 1200, "height": 800},
                )
                for _ in range(2)
            ]
            me, friend = (context.new_page() for context in two)
            for page in (me, friend):
                page.set_default_timeout(30_000)

            me.goto(stack.url + "/")
            me.select_option("#preset", "sanma")
            seats = me.locator("#seats select")
            seats.nth(0).select_option("you")
            seats.nth(1).select_option("friend")
            seats.nth(2).select_option("bot:baseline")
            me.click("#start")
            invite = me.locator("#invite-list input").first
            invite.wait_for()
            link = invite.input_value()
            # The invite is the public https site, the seat's token in the fragment.
            assert re.fullmatch(
                re.escape(stack.url) + r"/table\.html\?table=\d+#token=[\w%-]+", link
            ), link
            me.click("#own-seat a")
            friend.goto(link.replace("#", "&pause=0#", 1))
            me.goto(me.url.replace("#", "&pause=0#", 1))
            for page in (me, friend):
                page.wait_for_function("globalThis.jantakuTable && globalThis.jantakuTable.model()")
                assert page.evaluate("location.protocol") == "https:"

            assert min(play([me, friend], each=4)) >= 4
            model = me.evaluate("globalThis.jantakuTable.model()")
            assert model["seat"] == 0
            # The friend's discards reached this page through wss (and this page's, theirs).
            assert len(model["rivers"][1]) >= 2
            assert len(friend.evaluate("globalThis.jantakuTable.model()")["rivers"][0]) >= 2
            _, metrics = stack.get("/metrics")
            assert re.search(r"^jantaku_connected_sockets 2\.0$", metrics, re.MULTILINE)
            actions = re.search(r"^jantaku_actions_total (\S+)$", metrics, re.MULTILINE)
            assert actions and float(actions.group(1)) >= 8

            # SIGTERM, as systemd stops the service: both pages say the server restarts.
            stack.jantaku.send_signal(signal.SIGTERM)
            for page in (me, friend):
                page.wait_for_function(
                    f"document.querySelector('#status').textContent.includes('{RESTARTING}')"
                )
            assert stack.jantaku.wait(timeout=20) in (0, -signal.SIGTERM)
            friend.screenshot(path=str(ARTIFACTS / "deploy-restarting.png"))
            assert RESTARTING in status(friend)  # still, while the server is down
            stack.jantaku = stack.start_jantaku()
            for page in (me, friend):
                page.wait_for_function(
                    "document.querySelector('#status').textContent.includes('接続しました')"
                )
            # The same table plays on, for both.
            assert min(play([me, friend], each=2)) >= 2
        finally:
            browser.close()
