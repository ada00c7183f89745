"""The compiled build and the pure one give the same answers (issue 18).

``make test`` compiles ``tiles``, ``hand``, ``scoring``, ``game``, ``bots`` and ``sim/runner.py``
with mypyc and runs the suite on that build; ``JANTAKU_PURE=1`` runs the same sources
uncompiled. Here seeded games of every preset are played both ways and every real-log win is
scored both ways, in two processes, and the answers must be the same byte for byte (a game by
the hash of its whole event log). The slow test plays 200 games per preset.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from jantaku import build

ROOT = Path(__file__).resolve().parents[2]
SHARED = ROOT.parent / "shared"
SCRIPT = Path(__file__).parents[1] / "support" / "differential.py"


def _env(pure: bool) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k != "JANTAKU_PURE"}
    if pure:
        env["JANTAKU_PURE"] = "1"
    return env


def _run(pure: bool, *args: str) -> list[str]:
    done = subprocess.run(
        [sys.executable, str(SCRIPT), *args],
        capture_output=True,
        text=True,
        env=_env(pure),
        timeout=3000,
    )
    assert done.returncode == 0, done.stderr
    return done.stdout.splitlines()


needs_compiled = pytest.mark.skipif(
    build.MODE != "compiled",
    reason=f"no compiled build runs here ({build.WHY}): `make test` builds it",
)


def _same_both_ways(*args: str) -> int:
    pure = _run(True, *args)
    compiled = _run(False, *args)
    assert pure[0] == "build pure" and compiled[0] == "build compiled"
    # Both really ran what they claim: the hot modules as extensions, or none.
    assert pure[-1] == "compiled"
    assert "jantaku.hand.analysis" in compiled[-1].split()
    assert "jantaku.scoring.score" in compiled[-1].split()
    assert len(pure) == len(compiled)
    for a, b in zip(pure[1:-1], compiled[1:-1], strict=True):
        assert a == b
    return sum(1 for line in pure if line.startswith("game"))


@needs_compiled
def test_seeded_games_and_real_log_wins_are_the_same_compiled_and_pure() -> None:
    args = ["--games", "4"]
    if (SHARED / "data" / "real-logs").is_dir():
        args += ["--shared", str(SHARED)]
    assert _same_both_ways(*args) == 24


@pytest.mark.slow
@needs_compiled
def test_two_hundred_games_per_preset_are_the_same_compiled_and_pure() -> None:
    assert _same_both_ways("--games", "200") == 1200


def test_make_test_runs_the_compiled_build_where_it_can() -> None:
    """``make test`` where a C compiler and the Python headers are present (it says so in
    ``JANTAKU_EXPECT_COMPILED``), and CI, must test the compiled build: a mypyc failure falls
    back to the pure package at install, which must not pass for a compiled run."""
    if not (os.environ.get("CI") or os.environ.get("JANTAKU_EXPECT_COMPILED")):
        pytest.skip("no compiler here, or not run by `make test`: a checkout may run pure")
    assert build.MODE == "compiled", build.WHY


def test_version_says_which_build_runs() -> None:
    def version(pure: bool) -> str:
        done = subprocess.run(
            [sys.executable, "-m", "jantaku.cli", "--version"],
            capture_output=True,
            text=True,
            env=_env(pure),
            check=True,
        )
        return done.stdout.strip()

    assert version(True) == "jantaku 0.1.0, pure (JANTAKU_PURE is set)"
    here = version(False)
    if build.MODE == "compiled":
        assert here.startswith("jantaku 0.1.0, compiled (") and "modules compiled" in here
    else:
        assert here.startswith("jantaku 0.1.0, pure (")


def _copy_package(tmp: Path, manifest: str) -> Path:
    """The pure sources of the package in ``tmp/src``, with this ``_compiled.py``."""
    src = tmp / "src"
    shutil.copytree(
        ROOT / "src" / "jantaku",
        src / "jantaku",
        ignore=shutil.ignore_patterns("__pycache__", "*.so", "_compiled.py", "web"),
    )
    (src / "jantaku" / "_compiled.py").write_text(manifest, encoding="utf-8")
    return src


def _mode_in(src: Path) -> str:
    done = subprocess.run(
        [
            sys.executable,
            "-W",
            "ignore::RuntimeWarning",
            "-c",
            "import jantaku.build as b, jantaku.tiles.kinds as k; "
            "print(b.MODE, '|', b.WHY, '|', k.__file__.endswith('.py'))",
        ],
        capture_output=True,
        text=True,
        env={**_env(False), "PYTHONPATH": str(src)},
        check=True,
    )
    return done.stdout.strip()


def test_a_stale_or_broken_compiled_build_runs_pure(tmp_path: Path) -> None:
    """An edited source after a build, or a shared library that does not load: pure runs."""
    modules = ("jantaku.tiles.kinds",)
    stale = f"GROUP = 'nowhere__mypyc'\nMODULES = {modules!r}\nDIGEST = 'x'\n"
    src = _copy_package(tmp_path, stale)
    assert _mode_in(src) == "pure | the sources changed since the compiled build | True"

    sys.path.insert(0, str(src))
    try:
        digest = build.source_digest(modules)
    finally:
        sys.path.pop(0)
    # The digest is computed from the package next to build.py, the checkout's own.
    assert digest is not None
    manifest = f"GROUP = 'nowhere__mypyc'\nMODULES = {modules!r}\nDIGEST = {digest!r}\n"
    (src / "jantaku" / "_compiled.py").write_text(manifest, encoding="utf-8")
    mode = _mode_in(src)
    assert mode.startswith("pure | the compiled build cannot be loaded (") and mode.endswith("True")

    (src / "jantaku" / "_compiled.py").unlink()
    assert _mode_in(src) == "pure | no compiled build is installed | True"
