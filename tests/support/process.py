"""A real ``jantaku serve`` process for the tests that kill, stop or back it up: a free port,
starting it on a database, and posting JSON to it."""

from __future__ import annotations

import json
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path
from typing import Any


def free_port() -> int:
    """A port nothing listens on now (the kernel's choice)."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def start(
    db: Path, port: int, ready: str = "/healthz", wait: float = 60
) -> subprocess.Popen[bytes]:
    """``jantaku serve`` on ``port`` with ``db``, once ``ready`` answers (``wait`` seconds at
    most: a busy machine may take a while to start it)."""
    proc = subprocess.Popen(
        [sys.executable, "-m", "jantaku.cli", "serve", "--port", str(port), "--db", str(db)],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    for _ in range(int(wait * 10)):
        try:
            urllib.request.urlopen(f"http://127.0.0.1:{port}{ready}", timeout=1)
            return proc
        except OSError:
            time.sleep(0.1)
    proc.kill()
    raise AssertionError("jantaku serve did not start")


def post(port: int, path: str, body: dict[str, Any]) -> Any:
    req = urllib.request.Request(
        f"http://127.0.0.1:{port}{path}",
        data=json.dumps(body).encode(),
        headers={"content-type": "application/json"},
    )
    return json.load(urllib.request.urlopen(req))
