"""Fail when a file outgrows what a reader takes in at once.

The limits: a source file under ``src/`` (``.py``, ``.js``) over 800 lines, a Python module's
docstring (``src``, ``tests``, ``benchmarks``, ``tools``) over 60 lines, ``README.md`` over
200 lines. A file past them is split by concern, and a long docstring's detail goes to docs/.

``make lint`` runs ``python tools/check_sizes.py``: it prints each file over a limit with its
size, and exits 1 when there is one. An argument names another project root (the tests').
"""

from __future__ import annotations

import ast
import sys
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
MAX_SOURCE_LINES = 800
MAX_DOCSTRING_LINES = 60
MAX_README_LINES = 200
SOURCE_SUFFIXES = (".py", ".js")
PYTHON_DIRS = ("src", "tests", "benchmarks", "tools")


def files(top: Path, suffixes: tuple[str, ...]) -> Iterator[Path]:
    """The files under ``top`` ending in one of ``suffixes``, without generated or hidden
    folders (``__pycache__``, ``node_modules``, ``*.egg-info``, ``.venv``...)."""
    if not top.is_dir():
        return
    for path in sorted(top.rglob("*")):
        parts = path.relative_to(top).parts[:-1]
        if any(p.startswith(".") or p in ("__pycache__", "node_modules") for p in parts):
            continue
        if any(p.endswith(".egg-info") for p in parts):
            continue
        if path.suffix in suffixes and path.is_file():
            yield path


def line_count(path: Path) -> int:
    return len(path.read_text(encoding="utf-8").splitlines())


def docstring_lines(path: Path) -> int:
    """The source lines a module's docstring spans, quotes included (0 without one)."""
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    first = tree.body[0] if tree.body else None
    if (
        isinstance(first, ast.Expr)
        and isinstance(first.value, ast.Constant)
        and isinstance(first.value.value, str)
    ):
        return (first.end_lineno or first.lineno) - first.lineno + 1
    return 0


def problems(root: Path) -> list[str]:
    """One line for each file over its limit, in path order."""
    out = []
    for path in files(root / "src", SOURCE_SUFFIXES):
        n = line_count(path)
        if n > MAX_SOURCE_LINES:
            out.append(f"{path.relative_to(root)}: {n} lines (at most {MAX_SOURCE_LINES})")
    for top in PYTHON_DIRS:
        for path in files(root / top, (".py",)):
            n = docstring_lines(path)
            if n > MAX_DOCSTRING_LINES:
                out.append(
                    f"{path.relative_to(root)}: a {n}-line module docstring "
                    f"(at most {MAX_DOCSTRING_LINES})"
                )
    readme = root / "README.md"
    if readme.is_file() and (n := line_count(readme)) > MAX_README_LINES:
        out.append(f"README.md: {n} lines (at most {MAX_README_LINES})")
    return out


def main(argv: list[str]) -> int:
    root = Path(argv[0]).resolve() if argv else ROOT
    found = problems(root)
    for line in found:
        print(line)
    if found:
        print(f"check_sizes: {len(found)} file(s) over the size limits: split them by concern")
        return 1
    print("check_sizes: every file is within the size limits")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
