"""The shipped deploy/ files say what works: the systemd unit's command is one `jantaku serve`
accepts (and systemd reads the unit), the Caddyfile is one caddy reads, and both name the
same local port. tests/web/test_e2e_deploy.py runs the Caddyfile for real."""

from __future__ import annotations

import json
import shlex
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from jantaku.cli import build_parser, cmd_serve
from jantaku.server.deploy_cli import deployment_of
from jantaku.server.ops import Operations

DEPLOY = Path(__file__).resolve().parents[2] / "deploy"
UNIT = DEPLOY / "jantaku.service"


def exec_start() -> list[str]:
    """The unit's ExecStart command, its continued lines joined."""
    text = UNIT.read_text(encoding="utf-8").replace("\\\n", " ")
    (line,) = [x for x in text.splitlines() if x.startswith("ExecStart=")]
    return shlex.split(line.removeprefix("ExecStart="))


def test_the_unit_starts_a_serve_command_with_valid_options(tmp_path: Path) -> None:
    command = exec_start()
    assert command[0].endswith("/bin/jantaku")
    args = build_parser().parse_args(command[1:])
    assert args.func is cmd_serve
    assert (args.host, args.port) == ("127.0.0.1", 8000)
    ops = Operations(str(tmp_path / "x.sqlite3"), deployment_of(args))
    assert "127.0.0.1" in ops.proxies and "::1" in ops.proxies
    assert ops.origins == ("https://mahjong.example.org",)
    # Only this machine reads /metrics and /healthz: not a visitor Caddy forwards.
    assert ops.metrics_from.allows("127.0.0.1") and not ops.metrics_from.allows("203.0.113.7")
    assert not ops.healthz_from.allows("203.0.113.7")
    assert args.db.startswith("/var/lib/jantaku/")
    assert "StateDirectory=jantaku" in UNIT.read_text(encoding="utf-8").splitlines()


@pytest.mark.skipif(shutil.which("systemd-analyze") is None, reason="no systemd-analyze")
def test_systemd_reads_the_unit(tmp_path: Path) -> None:
    jantaku = Path(sys.executable).parent / "jantaku"
    if not jantaku.exists():
        pytest.skip("no jantaku script beside this Python")
    unit = tmp_path / "jantaku.service"
    unit.write_text(
        UNIT.read_text(encoding="utf-8").replace("/opt/jantaku/venv/bin/jantaku", str(jantaku))
    )
    done = subprocess.run(
        ["systemd-analyze", "verify", str(unit)], capture_output=True, text=True, timeout=60
    )
    assert done.returncode == 0, done.stdout + done.stderr


def _handlers(config: Any) -> list[dict[str, Any]]:
    """Every handler of every route of an adapted Caddy config (subroutes flattened)."""
    found: list[dict[str, Any]] = []

    def walk(routes: list[dict[str, Any]]) -> None:
        for route in routes:
            for handler in route.get("handle", []):
                found.append(handler)
                walk(handler.get("routes", []))

    for server in config["apps"]["http"]["servers"].values():
        walk(server["routes"])
    return found


@pytest.mark.skipif(shutil.which("caddy") is None, reason="Debian's caddy is not installed")
def test_caddy_reads_the_caddyfile_and_proxies_to_the_units_port() -> None:
    done = subprocess.run(
        ["caddy", "adapt", "--config", str(DEPLOY / "Caddyfile"), "--adapter", "caddyfile"],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 0, done.stderr
    handlers = _handlers(json.loads(done.stdout))
    upstreams = [
        u["dial"] for h in handlers if h["handler"] == "reverse_proxy" for u in h["upstreams"]
    ]
    args = build_parser().parse_args(exec_start()[1:])
    assert upstreams == [f"{args.host}:{args.port}"]
    assert any(h["handler"] == "encode" for h in handlers)
    headers = [h for h in handlers if h["handler"] == "headers"]
    assert any("Strict-Transport-Security" in h["response"].get("set", {}) for h in headers)
