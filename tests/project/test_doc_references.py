"""README.md and docs/*.md: every code reference they make resolves (issue 40).

Three kinds of reference are checked, outside fenced code blocks:

* a dotted name in backquotes that starts with ``jantaku.`` (``jantaku.game.visibility.seen_by``)
  is imported: the longest importable module, then an attribute per remaining part;
* a path in backquotes under one of the project's folders (``scoring/yaku.py``,
  ``benchmarks/bench_bots.py``; a package's path may leave out ``src/jantaku/``) must exist
  (a ``*`` in it must match a file);
* a markdown link or image to a file of this repository must exist (from the page's folder).

``docs/rules-index.md``'s ``path::name`` cells are checked by ``tests/rules/test_rules_index.py``.
"""

from __future__ import annotations

import importlib
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
PACKAGE = ROOT / "src" / "jantaku"
PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
FOLDERS = ("src", "tests", "benchmarks", "tools", "docs", "examples", "deploy")
PACKAGES = tuple(p.name for p in PACKAGE.iterdir() if p.is_dir() and not p.name.startswith("_"))

DOTTED = re.compile(r"jantaku(\.[A-Za-z_][A-Za-z0-9_]*)+")
PATH = re.compile(r"[A-Za-z0-9_.*-]+(/[A-Za-z0-9_.*{},-]+)+")
FILE_SUFFIXES = frozenset(
    {"py", "md", "toml", "json", "jsonl", "sqlite3", "html", "js", "css", "service"}
)
"""``jantaku.sqlite3``, ``jantaku.service`` and the like are file names, not code."""
LINK = re.compile(r"!?\[[^\]]*\]\(([^)\s]+)\)|<img [^>]*src=\"([^\"]+)\"")


def prose(text: str) -> str:
    """The page without its fenced code blocks (commands and sample output, not references)."""
    out: list[str] = []
    fenced = False
    for line in text.splitlines():
        if line.lstrip().startswith("```"):
            fenced = not fenced
            continue
        if not fenced:
            out.append(line)
    return "\n".join(out)


def inline_code(text: str) -> list[str]:
    return re.findall(r"`([^`\n]+)`", prose(text))


def resolves(dotted: str) -> bool:
    parts = dotted.split(".")
    for n in range(len(parts), 0, -1):
        try:
            obj: object = importlib.import_module(".".join(parts[:n]))
        except ImportError:
            continue
        for attr in parts[n:]:
            if not hasattr(obj, attr):
                return False
            obj = getattr(obj, attr)
        return True
    return False


def path_exists(ref: str) -> bool:
    ref = ref.rstrip("/").split("::")[0]
    for base in (ROOT, PACKAGE):
        if "*" in ref or "{" in ref:
            pattern = re.sub(r"\{([^}]*)\}", "*", ref)
            if any(base.glob(pattern)):
                return True
        elif (base / ref).exists():
            return True
    return False


def references(page: Path) -> tuple[list[str], list[str], list[str]]:
    """The page's dotted names, project paths and local link targets."""
    text = page.read_text(encoding="utf-8")
    dotted: list[str] = []
    paths: list[str] = []
    for code in inline_code(text):
        for m in DOTTED.finditer(code):
            if m.group(0).rsplit(".", 1)[1] not in FILE_SUFFIXES:
                dotted.append(m.group(0))
        for m in PATH.finditer(code):
            ref = m.group(0)
            if ref.split("/")[0] in FOLDERS + PACKAGES:
                paths.append(ref)
    links = []
    for m in LINK.finditer(prose(text)):
        target = (m.group(1) or m.group(2)).split("#")[0]
        if target and not re.match(r"[a-z]+:", target):
            links.append(target)
    return dotted, paths, links


@pytest.mark.parametrize("page", PAGES, ids=lambda p: p.relative_to(ROOT).as_posix())
def test_every_code_reference_resolves(page: Path) -> None:
    dotted, paths, links = references(page)
    missing = [d for d in dotted if not resolves(d)]
    missing += [p for p in paths if not path_exists(p)]
    missing += [t for t in links if not (page.parent / t).exists()]
    assert not missing, f"{page.name} names what does not exist: {missing}"


def test_the_checks_see_references() -> None:
    """The README and the architecture page name code, and a broken name is caught."""
    dotted, paths, _ = references(ROOT / "docs" / "architecture.md")
    assert "jantaku.game.fold.fold" in dotted and "game/fold.py" in paths
    assert "docs/server.md" in references(ROOT / "README.md")[2]
    assert not resolves("jantaku.game.engine.seen_by")
    assert resolves("jantaku.game.visibility.seen_by")
    assert not path_exists("scoring/no_such_module.py")
