"""A progress bar for long runs of the command line (`thebes simulate`, `thebes analyze`):
on the terminal's stderr only, nothing when stderr is not a terminal."""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager

from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TimeRemainingColumn


@contextmanager
def progress_bar(total: int, what: str = "games") -> Iterator[Callable[[], None]]:
    """A progress bar on the terminal's stderr while ``what`` are done; nothing elsewhere."""
    if not sys.stderr.isatty():
        yield lambda: None
        return
    console = Console(stderr=True)
    columns = (what, BarColumn(), MofNCompleteColumn(), TimeRemainingColumn())
    # Game lines go to stdout; only when that is the same terminal do they print above the bar.
    above = sys.stdout.isatty()
    with Progress(
        *columns, console=console, transient=True, redirect_stdout=above, redirect_stderr=False
    ) as progress:
        task = progress.add_task(what, total=total)
        yield lambda: progress.advance(task)
