"""The pages' JavaScript tests (``node --test tests/js/``) inside pytest, so a run of the
suite covers them too: board.js's fold over the golden logs (board_fold.test.mjs)."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]


def test_node_tests_pass() -> None:
    node = shutil.which("node")
    if node is None:
        pytest.skip("node is not installed: the pages' JavaScript tests need it")
    files = sorted(str(p) for p in HERE.glob("*.test.mjs"))
    assert files, "no JavaScript tests in tests/js"
    done = subprocess.run(
        [node, "--test", *files],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert done.returncode == 0, done.stdout[-4000:] + done.stderr[-2000:]
    assert "# fail 0" in done.stdout, done.stdout[-2000:]
