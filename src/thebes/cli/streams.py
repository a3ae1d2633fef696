"""Where a command writes: its output and its one-line ``thebes: ...`` messages go to the
terminal handed to :func:`~thebes.cli.main` (its console's file and its error stream), or,
with none handed in, to the process's standard output and error.

`main` and every handler take them from :class:`Streams`, so that a command run at a
handed terminal never writes to the process's own streams.
"""

from __future__ import annotations

import sys
from dataclasses import dataclass
from typing import TYPE_CHECKING, TextIO, cast

if TYPE_CHECKING:
    from thebes.tui.terminal import Terminal


@dataclass(frozen=True, slots=True)
class Streams:
    """The output and error streams of a command run at ``handed`` (None: the process's)."""

    handed: Terminal | None

    # The process's streams are looked up at every write, as print() does: rich's progress
    # bar puts its own sys.stdout in place while it runs, and the lines must go through it.
    @property
    def out(self) -> TextIO:
        if self.handed is None:
            return sys.stdout
        return cast("TextIO", self.handed.console.file)  # rich types it IO[str]

    @property
    def errors(self) -> TextIO:
        return sys.stderr if self.handed is None else self.handed.errors

    def say(self, line: str = "", *, flush: bool = False) -> None:
        """A line of the command's output."""
        print(line, file=self.out, flush=flush)

    def complain(self, message: str, *, flush: bool = False) -> None:
        """A one-line ``thebes: ...`` message on the error stream."""
        print(f"thebes: {message}", file=self.errors, flush=flush)
