"""A terminal: where one table is drawn and its keys are read, handed to the table by
whoever starts it.

Nothing in the UI reaches for the terminal of the process (``sys.stdout``, ``sys.stdin``,
``os.get_terminal_size``, a console of its own, prompt_toolkit's default session): one
process may hold several tables, each at its own terminal and size (remote play).
:func:`process_terminal` is the one place that builds the terminal this process runs at;
the command line calls it, and tests build their own :class:`Terminal`.
"""

from __future__ import annotations

import os
import shutil
import stat
import sys
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import TextIO

from prompt_toolkit.application import AppSession, create_app_session
from prompt_toolkit.input import Input, create_pipe_input
from prompt_toolkit.output import Output
from rich.console import Console

# Keys redirected from a file are read up to this many characters (a whole game's moves are
# a few KB).
MAX_REDIRECTED_KEYS = 1_000_000
# The size taken when the process's terminal cannot tell its own (output to a pipe).
FALLBACK_SIZE = (120, 40)


@dataclass(frozen=True, slots=True)
class Terminal:
    """One terminal: its screen, its keys and its size."""

    console: Console  # the screen: everything drawn, and plain lines (console.file)
    # The keys the prompts read and where they draw themselves; prompt_toolkit's session
    # holds them, so that those of the process's terminal are made only when first used
    # (made on a standard input that is not a terminal, prompt_toolkit prints a warning).
    prompts: AppSession
    size: Callable[[], tuple[int, int]]  # (columns, rows) now: asked at every redraw
    colour: bool  # the players' colours and styles (off: --no-color, NO_COLOR)
    errors: TextIO  # the one-line "thebes: ..." messages
    interactive: bool = False  # a person types here: questions (player names) are asked
    pager: bool = False  # long pages go through the system's pager: only the process's own

    @property
    def input(self) -> Input:
        return self.prompts.input

    @property
    def output(self) -> Output:
        return self.prompts.output

    def say(self, line: str) -> None:
        """A plain line for whoever sits at the terminal, as ``print`` writes it."""
        print(line, file=self.console.file)

    @contextmanager
    def prompting(self) -> Iterator[None]:
        """Prompts run inside this terminal's own prompt_toolkit session: prompt_toolkit
        finds the running prompt through its session (key filters, ``get_app``), and two
        tables of one process must never find each other's."""
        with create_app_session(input=self.input, output=self.output):
            yield

    @contextmanager
    def full_screen(self) -> Iterator[None]:
        """The terminal's alternate screen for a view drawn anew at every turn, so that no
        redraw lands in the scrollback; the normal screen comes back however the block ends
        (the game's end, quitting, Ctrl-C, an error). Only at a real terminal: a pipe or a
        file gets plain text."""
        console = self.console
        if not console.set_alt_screen(True):
            yield
            return
        try:
            yield
        finally:
            console.set_alt_screen(False)
            console.show_cursor(True)


@contextmanager
def process_terminal(*, colour: bool) -> Iterator[Terminal]:
    """The terminal this process runs at: standard output and error, the keys of standard
    input (a redirected file's text is typed in), the size of the terminal."""
    # Markup and emoji codes are off: every string is shown as it is (a player named
    # "[bold]" or ":smile:" keeps the name they typed).
    console = Console(no_color=not colour, highlight=False, markup=False, emoji=False)
    stdin = sys.stdin
    interactive = stdin is not None and stdin.isatty()
    pager = console.is_terminal
    with _keyboard() as prompts:
        yield Terminal(console, prompts, _size, colour, sys.stderr, interactive, pager)


def _size() -> tuple[int, int]:
    size = shutil.get_terminal_size(FALLBACK_SIZE)
    return size.columns, size.lines


@contextmanager
def _keyboard() -> Iterator[AppSession]:
    """The prompts' session of the process: standard input and output, made when first used
    (standard input is the terminal or a pipe); or, when standard input is a regular file
    (``thebes play < moves.txt``), that file's text fed in as typed keys: prompt_toolkit
    cannot wait on a regular file and would read nothing at all."""
    try:
        redirected = stat.S_ISREG(os.fstat(sys.stdin.fileno()).st_mode)
    except (OSError, ValueError, AttributeError):  # no stdin, or one without a descriptor
        redirected = False
    if not redirected:
        yield AppSession()
        return
    keys = sys.stdin.read(MAX_REDIRECTED_KEYS)
    with create_pipe_input() as pipe:

        def feed() -> None:
            # From a thread: a pipe holds about 64 KB, so writing it all before the game
            # reads would block for ever on a longer file.
            try:
                pipe.send_text(keys)
                pipe.close()  # the prompt then reads the end of input, as from a pipe
            except OSError:  # the game ended first and closed the pipe
                pass

        threading.Thread(target=feed, daemon=True).start()
        yield AppSession(input=pipe)


@contextmanager
def terminal_for(handed: Terminal | None, *, colour: bool) -> Iterator[Terminal]:
    """The terminal a command was handed, else this process's own (built only then)."""
    if handed is not None:
        yield handed
        return
    with process_terminal(colour=colour) as terminal:
        yield terminal
