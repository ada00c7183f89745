"""The package's layers (docs/architecture.md): every import of a module of ``src/jantaku/``
points to its own layer or a lower one, with no exception; an import inside a function or
under ``TYPE_CHECKING`` counts as much as one at the top. And ``jantaku.rules`` loads without
``jantaku.scoring``: the yaku ids are the rules' own list, which the scorer checks."""

from __future__ import annotations

import ast
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
PACKAGE = ROOT / "src" / "jantaku"

LAYERS: tuple[frozenset[str], ...] = (
    frozenset({"tiles"}),
    frozenset({"hand"}),
    frozenset({"rules"}),
    frozenset({"scoring"}),
    frozenset({"game"}),
    frozenset({"bots", "log", "sim", "review"}),
    frozenset({"server", "cli"}),
)
"""Lowest first, as the architecture page draws them (``web`` holds no Python)."""
LAYER_OF = {package: i for i, layer in enumerate(LAYERS) for package in layer}
OUTSIDE = frozenset({"__init__", "_compiled", "build", "data"})
"""Top-level modules outside the layers: the package's own entry and build helpers."""


def top_package(path: Path) -> str:
    return path.relative_to(PACKAGE).parts[0].removesuffix(".py")


def imported(source: str, package: str) -> list[tuple[int, str]]:
    """Every ``jantaku`` module ``source`` (a module of ``package``) imports anywhere (line,
    dotted name), relative imports resolved."""
    here = package.split(".")
    found: list[tuple[int, str]] = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            found += [(node.lineno, alias.name) for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = here[: len(here) - node.level + 1] if node.level else []
            name = ".".join([*base, *filter(None, [node.module])])
            if name == "jantaku":  # from jantaku import scoring
                found += [(node.lineno, f"jantaku.{alias.name}") for alias in node.names]
            else:
                found.append((node.lineno, name))
    return [(line, name) for line, name in found if name.split(".")[0] == "jantaku"]


def module_of(path: Path) -> tuple[str, str]:
    """The dotted module a file of ``src/jantaku/`` is, and the package its relative imports
    start from."""
    parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
    if path.name == "__init__.py":
        return ".".join(parts[:-1]), ".".join(parts[:-1])
    return ".".join(parts), ".".join(parts[:-1])


def upward(source: str, module: str, package: str) -> list[str]:
    """The imports of ``module`` (of ``package``) that point to a higher layer."""
    own = LAYER_OF[module.split(".")[1]]
    return [
        f"line {line}: {name}"
        for line, name in imported(source, package)
        if len(name.split(".")) > 1
        and name.split(".")[1] in LAYER_OF
        and LAYER_OF[name.split(".")[1]] > own
    ]


MODULES = sorted(p for p in PACKAGE.rglob("*.py") if top_package(p) not in OUTSIDE)


def test_every_package_has_a_layer() -> None:
    packages = {top_package(p) for p in MODULES}
    assert packages - set(LAYER_OF) == set(), "a package the layers do not place"


@pytest.mark.parametrize("path", MODULES, ids=lambda p: str(p.relative_to(PACKAGE)))
def test_imports_point_down_the_layers(path: Path) -> None:
    found = upward(path.read_text(encoding="utf-8"), *module_of(path))
    assert found == [], f"{path.relative_to(PACKAGE)} imports a higher layer"


def test_a_lazy_or_relative_import_of_a_higher_layer_is_seen() -> None:
    lazy = "def known():\n    from jantaku.scoring.yaku import ALL_YAKU_BY_ID\n"
    assert upward(lazy, "jantaku.rules.model", "jantaku.rules") == ["line 2: jantaku.scoring.yaku"]
    assert upward("from jantaku import game\n", "jantaku.rules", "jantaku.rules") == [
        "line 1: jantaku.game"
    ]
    relative = "from ..scoring import yaku\nfrom . import model\nfrom .yaku_ids import YAKU_IDS\n"
    assert upward(relative, "jantaku.rules.model", "jantaku.rules") == ["line 1: jantaku.scoring"]
    assert [name for _, name in imported(relative, "jantaku.rules")] == [
        "jantaku.scoring",
        "jantaku.rules",
        "jantaku.rules.yaku_ids",
    ]


def test_rules_import_without_scoring() -> None:
    env = {k: v for k, v in os.environ.items() if not k.startswith("PYTHON")}
    env["PYTHONPATH"] = str(ROOT / "src")
    done = subprocess.run(
        [
            sys.executable,
            "-c",
            "import jantaku.rules, sys; "
            "jantaku.rules.load_preset('gotou'); "
            "assert 'jantaku.scoring' not in sys.modules, 'jantaku.scoring was imported'",
        ],
        capture_output=True,
        text=True,
        env=env,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
