"""Which build of jantaku runs: the mypyc-compiled hot packages, or the same code uncompiled.

``setup.py`` compiles ``tiles``, ``hand``, ``scoring``, ``game``, ``bots`` and the simulator's
game loop (``sim/runner.py``) with mypyc when it can, and writes ``jantaku/_compiled.py``: the
modules it compiled and a digest of their sources. At import, ``jantaku/__init__.py`` calls
:func:`choose`, which runs the pure Python modules instead of the extensions when

* ``JANTAKU_PURE=1`` asks for it (the differential tests, debugging, profiling);
* a compiled source changed since the build (an edited checkout: a stale extension would
  run old code), or the extensions cannot be loaded (built for another Python).

Either way it is all or nothing: compiled modules call each other directly in C, so one pure
module among them would not be seen by the others.
"""

from __future__ import annotations

import hashlib
import importlib
import importlib.abc
import importlib.machinery
import os
import sys
import warnings
from collections.abc import Sequence
from pathlib import Path
from types import ModuleType

PACKAGE_DIR = Path(__file__).resolve().parent

MODE: str = "pure"
"""``"compiled"`` or ``"pure"``: which build this process runs."""
WHY: str = "no compiled build is installed"
"""Why this build runs, in a few words."""


class _SourceOnlyFinder(importlib.abc.MetaPathFinder):
    """Finds ``jantaku.*`` modules as ``.py`` files only, ahead of the extension modules
    (but the ``compiled`` ones: an extension left from an earlier, larger build would look
    for code the current build does not have)."""

    def __init__(self, compiled: frozenset[str] = frozenset()) -> None:
        self.compiled = compiled

    def find_spec(
        self, fullname: str, path: Sequence[str] | None, target: ModuleType | None = None
    ) -> importlib.machinery.ModuleSpec | None:
        if not fullname.startswith("jantaku.") or path is None or fullname in self.compiled:
            return None
        loader = (importlib.machinery.SourceFileLoader, importlib.machinery.SOURCE_SUFFIXES)
        for entry in path:
            spec = importlib.machinery.FileFinder(entry, loader).find_spec(fullname, target)
            if spec is not None:
                return spec
        return None


def source_digest(modules: Sequence[str]) -> str | None:
    """The digest ``setup.py`` writes into ``_compiled.py`` for the compiled ``modules``,
    computed from their sources in the package beside this file (None: a source is gone);
    a build whose digest differs from it is stale."""
    h = hashlib.sha256()
    root = PACKAGE_DIR.parent
    for module in modules:
        rel = module.replace(".", "/") + ".py"
        try:
            data = (root / rel).read_bytes()
        except OSError:
            return None
        h.update(rel.encode())
        h.update(b"\0")
        h.update(data)
        h.update(b"\0")
    return h.hexdigest()


def _go_pure(why: str) -> None:
    global MODE, WHY
    if not any(isinstance(f, _SourceOnlyFinder) for f in sys.meta_path):
        sys.meta_path.insert(0, _SourceOnlyFinder())
    MODE, WHY = "pure", why


def choose() -> None:
    """Decide the build before any compiled package is imported (see the module's doc)."""
    global MODE, WHY
    if os.environ.get("JANTAKU_PURE", "") not in ("", "0"):
        _go_pure("JANTAKU_PURE is set")
        return
    try:
        manifest = importlib.import_module("jantaku._compiled")
    except ImportError:  # extensions left from an earlier build, if any, are not current
        _go_pure("no compiled build is installed")
        return
    modules: tuple[str, ...] = manifest.MODULES
    if source_digest(modules) != manifest.DIGEST:
        _go_pure("the sources changed since the compiled build")
        warnings.warn(
            "jantaku: the compiled build is older than its sources, running pure Python "
            "(`make build` or `pip install .` compiles it again)",
            RuntimeWarning,
            stacklevel=3,
        )
        return
    try:
        importlib.import_module(manifest.GROUP)
    except ImportError as e:
        _go_pure(f"the compiled build cannot be loaded ({e})")
        return
    # The modules the build left out run from source, whatever extensions lie beside them.
    sys.meta_path.insert(0, _SourceOnlyFinder(frozenset(modules)))
    MODE, WHY = "compiled", f"{len(modules)} modules compiled with mypyc"


def compiled_names() -> tuple[str, ...]:
    """The modules the compiled build holds (empty when pure runs)."""
    if MODE != "compiled":
        return ()
    names: tuple[str, ...] = importlib.import_module("jantaku._compiled").MODULES
    return names


def compiled_modules() -> list[str]:
    """The ``jantaku`` modules of this process that run compiled (imported ones only)."""
    suffixes = tuple(importlib.machinery.EXTENSION_SUFFIXES)
    return sorted(
        name
        for name, module in list(sys.modules.items())
        if name.startswith("jantaku.") and str(getattr(module, "__file__", "")).endswith(suffixes)
    )


def describe() -> str:
    """One line for ``jantaku --version``."""
    return f"{MODE} ({WHY})"
