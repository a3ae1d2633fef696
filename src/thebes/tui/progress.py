"""A progress bar for long runs of the command line (`thebes simulate`, `thebes analyze`):
on the stream it is handed when that is a terminal, nothing otherwise."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import TextIO

from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TimeRemainingColumn

from thebes.language import _


@contextmanager
def progress_bar(
    total: int, what: str | None = None, *, bar: TextIO, lines: TextIO
) -> Iterator[Callable[[], None]]:
    """A progress bar on ``bar`` (the run's standard error) while ``what`` are done, if it is
    a terminal; ``lines`` is where the run prints its results. ``what`` is said in the
    caller's words, "games" if not given."""
    if what is None:
        # TRANSLATORS: beside a progress bar: the games of a run done so far
        what = _("games")
    if not bar.isatty():
        yield lambda: None
        return
    # Lines printed above the bar pass through this console (names and actions from game
    # and data files among them): shown as written, as everywhere (no markup, no emoji codes).
    console = Console(file=bar, markup=False, emoji=False, highlight=False)
    columns = (what, BarColumn(), MofNCompleteColumn(), TimeRemainingColumn())
    # Game lines go to stdout; only when that is the same terminal do they print above the bar.
    above = lines.isatty()
    with Progress(
        *columns, console=console, transient=True, redirect_stdout=above, redirect_stderr=False
    ) as progress:
        task = progress.add_task(what, total=total)
        yield lambda: progress.advance(task)
