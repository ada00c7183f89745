"""A progress bar for long runs: games done, games per second and time left (Rich), on
standard error when it is a terminal; nothing otherwise (logs and pipes stay clean).

The bar runs no thread of its own (Rich's default refreshes from one): while a thread runs,
the worker processes of ``simulate --workers`` and ``jantaku lab`` start by spawn instead of
fork (:func:`jantaku.sim.backends.start_method`), and each spawned worker imports jantaku and
builds its tables again, 0.3-0.4 CPU-s per worker, which halved the speed-up of a 200-game
run. The bar is redrawn when a report comes, at most ``REFRESH_SECONDS`` apart."""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Final

from rich.console import Console
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    ProgressColumn,
    Task,
    TextColumn,
    TimeElapsedColumn,
    TimeRemainingColumn,
)
from rich.text import Text

REFRESH_SECONDS: Final = 0.25
"""The least time between two redraws: a report comes after every game of one process, and
each redraw costs the driver about 1 ms of CPU that the workers could use."""

Reporter = Callable[..., None]
"""``report(done)`` after each step; ``report(done, final=True)`` once at the end."""


class _SpeedColumn(ProgressColumn):
    """Games per second over the run so far (Rich's own speed column counts bytes)."""

    def render(self, task: Task) -> Text:
        speed = task.finished_speed or task.speed
        return Text("-- games/s" if speed is None else f"{speed:.2f} games/s", style="cyan")


def progress_reporter(total: int, label: str = "games", done: int = 0) -> Reporter | None:
    """A Rich progress bar on standard error for ``total`` steps (``done`` of them already
    done, as when a run resumes), or None when standard error is not a terminal."""
    console = Console(stderr=True)
    if not console.is_terminal:
        return None
    bar = Progress(
        TextColumn("{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        _SpeedColumn(),
        TimeElapsedColumn(),
        TextColumn("left"),
        TimeRemainingColumn(),
        console=console,
        transient=True,
        auto_refresh=False,
    )
    task = bar.add_task(label, total=total, completed=done)
    # Rich's speed counts only the steps reported from here on: a resumed run's earlier
    # games do not make it look faster.
    bar.start()
    drawn = time.monotonic()

    def report(now: int, final: bool = False) -> None:
        nonlocal drawn
        bar.update(task, completed=now)
        if final:
            bar.stop()
        elif time.monotonic() - drawn >= REFRESH_SECONDS:
            bar.refresh()
            drawn = time.monotonic()

    return report
