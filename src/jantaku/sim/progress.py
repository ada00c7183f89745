"""A progress bar for long runs: games done, games per second and time left (Rich), on
standard error when it is a terminal; nothing otherwise (logs and pipes stay clean)."""

from __future__ import annotations

from collections.abc import Callable

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
    )
    task = bar.add_task(label, total=total, completed=done)
    # Rich's speed counts only the steps reported from here on: a resumed run's earlier
    # games do not make it look faster.
    bar.start()

    def report(now: int, final: bool = False) -> None:
        bar.update(task, completed=now)
        if final:
            bar.stop()

    return report
