"""Where chunks of games run: here, in local worker processes, or as Ray tasks.

One function for all three, so a run's chunking and merging are the same whatever plays
it: the caller makes the chunks, ``run_chunks`` hands each one's result to ``on_result``
in the driver as it arrives (in any order), and the caller merges by game index.

Ray is an optional extra (``pip install 'jantaku[cluster]'``). Without ``address`` a
local Ray instance with ``workers`` CPUs starts for the run and stops after it; with one
(``ray start --head`` printed it), the run joins that cluster, whose nodes need jantaku
installed in the same version.
"""

from __future__ import annotations

import importlib
import multiprocessing
import threading
from collections.abc import Callable, Sequence
from typing import Any, Final, TypeVar

BACKENDS: Final = ("local", "ray")

C = TypeVar("C")
R = TypeVar("R")


class BackendError(RuntimeError):
    """A backend that cannot run here (the message says what to install or fix)."""


def run_chunks(
    fn: Callable[[C], R],
    chunks: Sequence[C],
    *,
    backend: str = "local",
    workers: int = 1,
    address: str | None = None,
    on_result: Callable[[R], None],
) -> None:
    """Run ``fn`` on every chunk and pass each result to ``on_result`` (in the calling
    thread, as results arrive). ``fn`` must be a module-level function (it is pickled)."""
    if not chunks:
        return
    if backend == "ray":
        _run_ray(fn, chunks, workers, address, on_result)
    elif workers == 1 or len(chunks) == 1:
        for c in chunks:
            on_result(fn(c))
    else:
        ctx = multiprocessing.get_context(_start_method())
        with ctx.Pool(min(workers, len(chunks))) as pool:
            for result in pool.imap_unordered(fn, chunks):
                on_result(result)


def _start_method() -> str:
    """Fork where it is safe (POSIX, no other thread running): the workers start at once
    with the tables, presets and caches already loaded; spawn otherwise (a server)."""
    if "fork" in multiprocessing.get_all_start_methods() and threading.active_count() == 1:
        return "fork"
    return "spawn"


def ray_module() -> Any:
    """The ``ray`` package, or a :class:`BackendError` saying how to install it."""
    try:
        return importlib.import_module("ray")
    except ImportError:
        raise BackendError("--backend ray needs Ray: pip install 'jantaku[cluster]'") from None


def _run_ray(
    fn: Callable[[C], R],
    chunks: Sequence[C],
    workers: int,
    address: str | None,
    on_result: Callable[[R], None],
) -> None:
    ray = ray_module()
    started = False
    if not ray.is_initialized():
        options: dict[str, Any] = {
            "include_dashboard": False,
            "log_to_driver": False,
            "configure_logging": False,
        }
        if address:
            ray.init(address=address, **options)
        else:
            ray.init(address="local", num_cpus=workers, **options)  # a new one, not a running one
        started = True
    try:
        task = ray.remote(num_cpus=1)(fn)
        pending = [task.remote(c) for c in chunks]
        while pending:
            ready, pending = ray.wait(pending, num_returns=1)
            for ref in ready:
                on_result(ray.get(ref))
    finally:
        if started:
            ray.shutdown()
