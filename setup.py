"""The compiled build (issue 18): mypyc turns the hot packages into C extensions.

Everything else about the package is in pyproject.toml; this file only adds the extension
modules. The same typed Python is the source of both builds: every ``.py`` file ships beside
its compiled module, and ``JANTAKU_PURE=1`` runs it uncompiled (``jantaku/__init__.py``).

The build falls back to the pure package, with a note on stderr, when mypyc is not installed,
when ``JANTAKU_PURE_BUILD=1`` asks for it, or when the C compiler fails (no compiler, no
Python headers): every extension is optional.

Compiled: every module of ``COMPILED_PACKAGES`` but those in ``EXCLUDED`` (a module is
excluded when mypyc cannot compile it, or when it is not on a hot path and would only add
build time), and the single modules of ``COMPILED_MODULES``. ``src/jantaku/_compiled.py`` is
written beside them: which modules are compiled and a digest of their sources, so an import
after a source was edited runs the pure package instead of a stale extension.
"""

from __future__ import annotations

import hashlib
import os
import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

from setuptools import setup
from setuptools.command.build_ext import build_ext

ROOT = Path(__file__).resolve().parent
SRC = ROOT / "src"
COMPILED_PACKAGES = ("tiles", "hand", "scoring", "game", "bots")
# JANTAKU_COMPILE_ONLY=tiles,hand compiles only those packages (a developer's quick build while
# tuning one package's kernels; the others run as .py files beside them).
if os.environ.get("JANTAKU_COMPILE_ONLY"):
    COMPILED_PACKAGES = tuple(
        p for p in COMPILED_PACKAGES if p in os.environ["JANTAKU_COMPILE_ONLY"].split(",")
    )
# Single modules of other packages compiled too: the simulator's game loop.
COMPILED_MODULES = ("sim/runner.py",)
# Not on the hot path, or not compilable: kept pure (paths relative to src/jantaku).
EXCLUDED = frozenset(
    {
        "bots/mjai.py",  # subprocesses and threads around an external bot: no gain
        # Once a game: its points are ints or floats by rule (5 or -5.0 in the JSON), and a
        # compiled ``float`` would turn every int into a float.
        "scoring/settlement.py",
        # Once a hand, and the server's scorekeeper subclasses its Ledger (an interpreted class
        # cannot subclass a compiled one).
        "scoring/ledger.py",
        "scoring/ledger_books.py",  # Ledger's base class: kept pure with it
        "scoring/ledger_rules.py",  # once a hand too, beside the Ledger it serves
    }
)
GROUP = "jantaku"  # the shared library: jantaku__mypyc.<abi>.so
JOBS = int(os.environ.get("JANTAKU_BUILD_JOBS", os.cpu_count() or 1))


def compiled_sources() -> list[Path]:
    out = []
    for package in COMPILED_PACKAGES:
        # rglob: a package's subpackages too (bots/standard).
        for path in sorted((SRC / "jantaku" / package).rglob("*.py")):
            if path.relative_to(SRC / "jantaku").as_posix() not in EXCLUDED:
                out.append(path)
    if not os.environ.get("JANTAKU_COMPILE_ONLY"):
        out.extend(SRC / "jantaku" / module for module in COMPILED_MODULES)
    return out


def source_digest(paths: list[Path]) -> str:
    """The same digest as ``jantaku.build.source_digest`` computes at import time."""
    h = hashlib.sha256()
    for path in paths:
        h.update(path.relative_to(SRC).as_posix().encode())
        h.update(b"\0")
        h.update(path.read_bytes())
        h.update(b"\0")
    return h.hexdigest()


def write_manifest(paths: list[Path]) -> None:
    modules = [p.relative_to(SRC).with_suffix("").as_posix().replace("/", ".") for p in paths]
    text = (
        '"""Written by setup.py at a compiled build: what it compiled (not in git)."""\n\n'
        f"GROUP = {GROUP + '__mypyc'!r}\n"
        "MODULES = (\n" + "".join(f"    {m!r},\n" for m in modules) + ")\n"
        f"DIGEST = {source_digest(paths)!r}\n"
    )
    (SRC / "jantaku" / "_compiled.py").write_text(text, encoding="utf-8")


def note(message: str) -> None:
    print(f"jantaku build: {message}", file=sys.stderr)


class OptionalBuildExt(build_ext):
    """Compile the C files of an extension in parallel (mypyc writes one per module); if the
    C compiler fails, build the pure package."""

    def build_extension(self, ext: Any) -> None:
        compile_files = self.compiler.compile
        jobs = min(JOBS, len(ext.sources))

        def compile_in_parallel(sources: list[str], *args: Any, **kwargs: Any) -> list[str]:
            with ThreadPoolExecutor(jobs) as pool:
                done = pool.map(lambda src: compile_files([src], *args, **kwargs), sources)
                return [obj for objs in done for obj in objs]

        self.compiler.compile = compile_in_parallel
        try:
            super().build_extension(ext)
        finally:
            self.compiler.compile = compile_files

    def run(self) -> None:
        try:
            super().run()
        except Exception as e:  # no compiler, no Python.h, ...: the pure package still works
            note(f"the C compiler failed ({e}); installing the pure Python package")
            manifest = SRC / "jantaku" / "_compiled.py"
            manifest.unlink(missing_ok=True)
            self.extensions = []


# Commands that build extensions; the others (egg_info, dist_info: pip asks for them first)
# need no C, and mypyc's type check takes a minute.
BUILDING = {"build", "build_ext", "bdist_wheel", "editable_wheel", "develop", "install"}


def extensions() -> list[object]:
    if not BUILDING.intersection(sys.argv[1:]):
        return []
    if os.environ.get("JANTAKU_PURE_BUILD"):
        note("JANTAKU_PURE_BUILD is set: pure Python package")
        return []
    try:
        from mypyc.build import mypycify
    except ImportError:
        note("mypyc is not installed: pure Python package")
        return []
    paths = compiled_sources()
    old_cwd = os.getcwd()
    os.chdir(ROOT)  # mypy reads pyproject.toml's [tool.mypy] and resolves src/ from here
    try:
        exts = mypycify(
            [str(p.relative_to(ROOT)) for p in paths],
            opt_level=os.environ.get("JANTAKU_MYPYC_OPT", "3"),
            multi_file=True,  # one C file per module, compiled JOBS at a time
            group_name=GROUP,
        )
    except (Exception, SystemExit) as e:  # a type error mypyc refuses: `make typecheck` shows it
        note(f"mypyc failed ({e!r}): pure Python package")
        # An earlier in-place build's manifest would claim modules this package lacks.
        (SRC / "jantaku" / "_compiled.py").unlink(missing_ok=True)
        return []
    finally:
        os.chdir(old_cwd)
    write_manifest(paths)
    return exts


setup(ext_modules=extensions(), cmdclass={"build_ext": OptionalBuildExt})
