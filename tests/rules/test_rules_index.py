"""docs/rules-index.md: every code reference and knob it names exists.

Each table row is ``| rule | knob | path::name | yaku id |``. The file must exist, ``name`` (a
top-level function, class or constant, or ``Class.method``) must be defined in it (read with
``ast``, so a rename breaks this test), the knob must be a field of the preset model, and a yaku
id must be registered (and, where a preset's ``extra_yaku`` or ``yakuhai_north`` turns it on,
be turned on by that preset).
"""

from __future__ import annotations

import ast
import re
from dataclasses import dataclass
from functools import cache
from pathlib import Path

import pytest

from jantaku.rules import load_preset
from jantaku.scoring.yaku import ALL_YAKU_BY_ID, HOUSE_IDS

ROOT = Path(__file__).resolve().parents[2]
INDEX = ROOT / "docs" / "rules-index.md"
SECTIONS = {
    "Common riichi": "riichi",
    "gotou": "gotou",
    "tokushima": "tokushima",
    "mighty": "mighty",
    "kanto-boo": "kanto-boo",
}


@dataclass(frozen=True)
class Row:
    preset: str
    rule: str
    knob: str
    path: str
    name: str
    yaku: str


def _cell_code(cell: str) -> str:
    m = re.fullmatch(r"`([^`]+)`", cell.strip())
    return m.group(1) if m else cell.strip()


def parse_index(text: str) -> list[Row]:
    rows: list[Row] = []
    preset = ""
    for line in text.splitlines():
        if line.startswith("## "):
            heading = line[3:]
            found = [p for key, p in SECTIONS.items() if key in heading]
            assert len(found) == 1, f"heading names no single preset: {line!r}"
            preset = found[0]
            continue
        if not line.startswith("|") or line.startswith("|---") or line.startswith("| 規則"):
            continue
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        assert len(cells) == 4, f"a row needs 4 cells: {line!r}"
        assert preset, f"a row before any preset heading: {line!r}"
        ref = _cell_code(cells[2])
        assert "::" in ref, f"no path::name reference: {line!r}"
        path, name = ref.split("::", 1)
        rows.append(Row(preset, cells[0], _cell_code(cells[1]), path, name, _cell_code(cells[3])))
    return rows


@cache
def _defined_names(path: str) -> dict[str, frozenset[str]]:
    """Top-level names of a module; for each class, the names defined in its body."""
    tree = ast.parse((ROOT / path).read_text(encoding="utf-8"))
    out: dict[str, frozenset[str]] = {}

    def targets(node: ast.stmt) -> list[str]:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            return [node.name]
        if isinstance(node, ast.Assign):
            return [t.id for t in node.targets if isinstance(t, ast.Name)]
        if isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
            return [node.target.id]
        return []

    for node in tree.body:
        members: frozenset[str] = frozenset()
        if isinstance(node, ast.ClassDef):
            members = frozenset(n for child in node.body for n in targets(child))
        for n in targets(node):
            out[n] = members
    return out


def reference_error(path: str, name: str) -> str | None:
    """Why ``path::name`` does not name code, or None when it does."""
    if not path.startswith("src/jantaku/") or not path.endswith(".py"):
        return f"{path}: not a module under src/jantaku/"
    if not (ROOT / path).is_file():
        return f"{path}: no such file"
    defined = _defined_names(path)
    head, _, member = name.partition(".")
    if head not in defined:
        return f"{path}::{name}: {head} is not defined at the top of the module"
    if member and member not in defined[head]:
        return f"{path}::{name}: {head} defines no {member}"
    return None


def knob_error(preset: str, knob: str) -> str | None:
    """Why ``knob`` is not a knob of the preset model, or None when it is."""
    if knob == "always":
        return None
    section, _, field = knob.partition(".")
    p = load_preset(preset)
    if section not in type(p).model_fields or not field:
        return f"{knob}: no preset section {section!r}"
    if field not in type(getattr(p, section)).model_fields:
        return f"{knob}: section {section} has no knob {field!r}"
    return None


ROWS = parse_index(INDEX.read_text(encoding="utf-8"))


def test_the_index_is_broad() -> None:
    assert len(ROWS) >= 80
    assert {r.preset for r in ROWS} == set(SECTIONS.values())
    for preset in ("gotou", "tokushima", "mighty", "kanto-boo"):
        assert sum(r.preset == preset for r in ROWS) >= 20, preset


@pytest.mark.parametrize("row", ROWS, ids=lambda r: f"{r.preset}:{r.rule}")
def test_every_reference_exists(row: Row) -> None:
    assert reference_error(row.path, row.name) is None, reference_error(row.path, row.name)
    assert knob_error(row.preset, row.knob) is None, knob_error(row.preset, row.knob)
    if row.yaku:
        assert row.yaku in ALL_YAKU_BY_ID, f"{row.rule}: no yaku {row.yaku!r}"
        rules = load_preset(row.preset).scoring
        if row.knob == "scoring.extra_yaku":
            assert row.yaku in HOUSE_IDS and row.yaku in rules.extra_yaku, row
        if row.knob == "scoring.yakuhai_north":
            assert rules.yakuhai_north, row


def test_a_renamed_function_is_caught() -> None:
    assert reference_error("src/jantaku/scoring/chips.py", "win_chips") is None
    assert reference_error("src/jantaku/scoring/ledger.py", "Ledger._chombo") is None
    assert reference_error("src/jantaku/scoring/yaku.py", "YAKU") is None
    assert reference_error("src/jantaku/scoring/chips.py", "win_chip") is not None
    assert reference_error("src/jantaku/scoring/ledger.py", "Ledger._chombos") is not None
    assert reference_error("src/jantaku/scoring/ledger.py", "Ledgers._chombo") is not None
    assert reference_error("src/jantaku/scoring/nowhere.py", "x") is not None
    # A name used inside a function (not defined at the top) does not count.
    assert reference_error("src/jantaku/scoring/chips.py", "add") is not None
    assert knob_error("gotou", "game.chombo") is None
    assert knob_error("gotou", "game.chombos") is not None
    assert knob_error("gotou", "games.chombo") is not None


def test_rows_parse_from_markdown() -> None:
    text = (
        "## 少牌マイティ (mighty)\n\n| 規則 | knob | implemented by | yaku |\n|---|---|---|---|\n"
        "| 三連刻 | `scoring.extra_yaku` | `src/jantaku/scoring/yaku.py::_renkou` | `sanrenkou` |\n"
    )
    assert parse_index(text) == [
        Row(
            "mighty",
            "三連刻",
            "scoring.extra_yaku",
            "src/jantaku/scoring/yaku.py",
            "_renkou",
            "sanrenkou",
        )
    ]
