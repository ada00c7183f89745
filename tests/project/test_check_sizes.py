"""tools/check_sizes.py, which ``make lint`` runs: it names every file over its limit (a
source file under src/, a module docstring, README.md) and fails, and passes a tree within."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
TOOL = ROOT / "tools" / "check_sizes.py"


def check(root: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, str(TOOL), str(root)],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )


def test_every_file_over_a_limit_is_named(tmp_path: Path) -> None:
    web = tmp_path / "src" / "pkg" / "web"
    web.mkdir(parents=True)
    (web / "page.js").write_text("x;\n" * 801, encoding="utf-8")
    (web / "small.js").write_text("x;\n" * 800, encoding="utf-8")
    (tmp_path / "src" / "pkg" / "mod.py").write_text("x = 1\n" * 801, encoding="utf-8")
    tests = tmp_path / "tests"
    tests.mkdir()
    (tests / "test_doc.py").write_text('"""' + "a\n" * 60 + '"""\n', encoding="utf-8")
    (tests / "test_ok.py").write_text('"""' + "a\n" * 59 + '"""\n', encoding="utf-8")
    (tmp_path / "README.md").write_text("line\n" * 201, encoding="utf-8")
    # Generated and installed files are not the project's sources.
    cache = tmp_path / "src" / "pkg" / "__pycache__"
    cache.mkdir()
    (cache / "big.py").write_text("x = 1\n" * 900, encoding="utf-8")
    done = check(tmp_path)
    assert done.returncode == 1
    named = [line.split(":")[0] for line in done.stdout.splitlines()[:-1]]
    assert named == [
        "src/pkg/mod.py",
        "src/pkg/web/page.js",
        "tests/test_doc.py",
        "README.md",
    ], done.stdout


def test_a_tree_within_the_limits_passes(tmp_path: Path) -> None:
    (tmp_path / "src").mkdir()
    (tmp_path / "src" / "a.py").write_text('"""A module."""\n', encoding="utf-8")
    (tmp_path / "README.md").write_text("# a\n", encoding="utf-8")
    done = check(tmp_path)
    assert done.returncode == 0, done.stdout
