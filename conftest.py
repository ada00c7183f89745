"""The doctests of compiled modules run in the pure pass (issue 18).

pytest's ``--doctest-modules`` imports each ``.py`` file it collects; when the module of that
file runs compiled, the imported module is the extension, which pytest refuses as another
file. ``make test`` runs the doctests of the compiled packages once more with
``JANTAKU_PURE=1``, where the ``.py`` files are what runs.
"""

from __future__ import annotations

from pathlib import Path

import jantaku
from jantaku import build

SRC = Path(jantaku.__file__).resolve().parent.parent


def pytest_ignore_collect(collection_path: Path) -> bool | None:
    if build.MODE != "compiled" or collection_path.suffix != ".py":
        return None
    try:
        rel = collection_path.resolve().relative_to(SRC)
    except ValueError:
        return None
    module = rel.with_suffix("").as_posix().replace("/", ".")
    return True if module in build.compiled_names() else None
