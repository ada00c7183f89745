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
import pickle
import threading
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor, as_completed
from typing import Any, Final, TypeVar

BACKENDS: Final = ("local", "ray")
MAX_CHUNK: Final = 10
"""Most games in one chunk: a chunk of random-bot games lasts 0.06-0.1 s, so the workers
finish within about that of each other whatever the games' lengths."""

C = TypeVar("C")
R = TypeVar("R")
T = TypeVar("T")

_UNPACKED: dict[bytes, Any] = {}
"""What :func:`unpack` gave for each packed value lately (a few: a run has one or two)."""


class BackendError(RuntimeError):
    """A backend that cannot run here (the message says what to install or fix)."""


def chunk_size(games: int, workers: int) -> int:
    """Games per chunk: at least 16 chunks per worker (games differ in length; a queue of
    small chunks keeps every worker busy to the end), at most ``MAX_CHUNK`` games."""
    return max(1, min(MAX_CHUNK, games // (max(1, workers) * 16)))


def pack(value: object) -> bytes:
    """``value`` pickled once for all the chunks of a run that carry it (a preset)."""
    return pickle.dumps(value, protocol=pickle.HIGHEST_PROTOCOL)


def unpack(packed: bytes, kind: type[T]) -> T:
    """The value of :func:`pack`, the same object for every chunk a process plays: a preset
    unpickled afresh for each chunk had its scorer and the analyzer's caches built again
    (``jantaku.game.engine`` shares them by the preset's identity), 1 ms a chunk."""
    value = _UNPACKED.get(packed)
    if value is None:
        if len(_UNPACKED) >= 16:
            _UNPACKED.clear()
        value = _UNPACKED[packed] = pickle.loads(packed)
    if not isinstance(value, kind):
        raise TypeError(f"a packed {type(value).__name__}, not {kind.__name__}")
    return value


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
        # Not multiprocessing.Pool: its worker handler also waits on the result pipe and
        # spins while a result waits to be read, 1-1.4 ms of the driver's CPU per result on
        # a busy machine (0.2-0.28 s per 200 chunks, against 0.07-0.09 s here), taken from
        # the workers' cores.
        ctx = multiprocessing.get_context(start_method())
        pool = ProcessPoolExecutor(min(workers, len(chunks)), mp_context=ctx)
        try:
            for done in as_completed([pool.submit(fn, c) for c in chunks]):
                on_result(done.result())
        finally:
            pool.shutdown(cancel_futures=True)  # after a failure, the chunks not begun


def start_method() -> str:
    """Fork where it is safe (POSIX, no other thread running): the workers start at once
    with the tables, presets and caches already loaded; spawn otherwise (a server; each
    spawned worker first imports jantaku and builds its tables, 0.3-0.4 CPU-s)."""
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
