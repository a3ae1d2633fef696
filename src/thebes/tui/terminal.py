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
import sys
import threading
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass, replace
from typing import TextIO

from prompt_toolkit.application import AppSession, create_app_session
from prompt_toolkit.input import DummyInput, Input, create_pipe_input
from prompt_toolkit.output import Output, create_output
from prompt_toolkit.output.vt100 import Vt100_Output
from rich.console import Console, ConsoleDimensions

from thebes.tui import colour_codes

colour_codes.install()  # every terminal in its own colour system (rich shares styles)

# Keys redirected from a file are read up to this many characters (a whole game's moves are
# a few KB).
MAX_REDIRECTED_KEYS = 1_000_000
# The size taken when the process's terminal cannot tell its own (output to a pipe).
FALLBACK_SIZE = (120, 40)
# The sizes believed, from COLUMNS and LINES or from the terminal: every line is drawn as
# wide as the terminal, and a size of 99999999 made a page take minutes and gigabytes.
# The game needs 80x24 and says so below that; nothing is drawn wider than 1000 columns.
COLUMNS_RANGE = (20, 1000)
ROWS_RANGE = (10, 1000)


def clamped(columns: int, rows: int) -> tuple[int, int]:
    """A terminal size brought within COLUMNS_RANGE and ROWS_RANGE."""
    return (
        min(max(columns, COLUMNS_RANGE[0]), COLUMNS_RANGE[1]),
        min(max(rows, ROWS_RANGE[0]), ROWS_RANGE[1]),
    )


class _Console(Console):
    """rich's console, its size clamped: rich reads COLUMNS, LINES and the terminal's size
    itself, at every print."""

    @property
    def size(self) -> ConsoleDimensions:
        width, height = Console.size.fget(self)  # type: ignore[attr-defined]
        return ConsoleDimensions(*clamped(width, height))

    @size.setter
    def size(self, new_size: tuple[int, int]) -> None:
        Console.size.fset(self, new_size)  # type: ignore[attr-defined]


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
    # A hosted table's terminal elsewhere (an SSH connection): what it shows never names
    # the host's paths or how the host runs thebes
    remote: bool = False
    # Lines only, for a screen reader or a terminal that keeps every line (--plain,
    # THEBES_PLAIN, TERM=dumb): thebes.tui.plain
    plain: bool = False
    language: str | None = None  # what it speaks (None: the process's language)

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


def plain_asked(environ: Mapping[str, str]) -> bool:
    """Whether the environment asks for plain mode: THEBES_PLAIN set, but to 0 or nothing."""
    return environ.get("THEBES_PLAIN", "").strip() not in ("", "0")


@contextmanager
def process_terminal(*, colour: bool, plain: bool = False) -> Iterator[Terminal]:
    """The terminal this process runs at: standard output and error, the keys of standard
    input (redirected keys are typed in), the size of the terminal; ``plain``: in lines,
    with no pager (a pager redraws its screen), as at a terminal that cannot move its
    cursor (TERM=dumb)."""
    plain = plain or os.environ.get("TERM") == "dumb"
    # Markup and emoji codes are off: every string is shown as it is (a player named
    # "[bold]" or ":smile:" keeps the name they typed). Where no stream is a terminal the
    # console is given the size the layout is drawn for (rich would take 80x25).
    fixed = _size() if _terminal_size() is None else (None, None)
    console = _Console(
        no_color=not colour,
        highlight=False,
        markup=False,
        emoji=False,
        width=fixed[0],
        height=fixed[1],
    )
    stdin = sys.stdin
    interactive = stdin is not None and stdin.isatty()
    pager = console.is_terminal and not plain
    with _keyboard() as prompts:
        yield Terminal(console, prompts, _size, colour, sys.stderr, interactive, pager, plain=plain)


def _terminal_size() -> tuple[int, int] | None:
    """The size of the first of standard input, output and error that is a terminal: the
    one rich's console measures its width by, so the layout is drawn for the width it is
    printed at (with output to a pipe and keys from a terminal, that terminal's)."""
    for descriptor in (0, 1, 2):
        try:
            size = os.get_terminal_size(descriptor)
        except (OSError, ValueError):
            continue
        if size.columns and size.lines:
            return size.columns, size.lines
    return None


def _size() -> tuple[int, int]:
    columns, rows = _terminal_size() or FALLBACK_SIZE
    # As for rich and shutil: COLUMNS and LINES, when set, win.
    wide, tall = os.environ.get("COLUMNS", ""), os.environ.get("LINES", "")
    return clamped(
        int(wide) if wide.isdigit() and int(wide) else columns,
        int(tall) if tall.isdigit() and int(tall) else rows,
    )


@contextmanager
def _keyboard() -> Iterator[AppSession]:
    """The prompts' session of the process: standard input and output, made when first used,
    when standard input is a terminal; otherwise (a file, a pipe, /dev/null: ``thebes play
    < moves.txt``) its text fed in as typed keys as it comes, up to MAX_REDIRECTED_KEYS
    characters. prompt_toolkit cannot wait on a regular file and would read nothing, and
    on a pipe it prints "Warning: Input is not a terminal"."""
    stdin = sys.stdin
    if stdin is None:  # closed: no keys at all, as at the end of a file
        yield AppSession(input=DummyInput(), output=_output_without_cpr())
        return
    try:
        typed = stdin.isatty()
    except ValueError:  # closed since: left to prompt_toolkit, as it always was
        typed = True
    if typed:
        yield AppSession()
        return
    writing = threading.Lock()  # held while a line is written into the pipe
    ended = threading.Event()  # the game is over: its pipe is closed, or about to be
    with create_pipe_input() as pipe:

        def feed() -> None:
            # From a thread, a line at a time: a pipe holds about 64 KB, so writing a
            # longer file before the game reads would block for ever, and a program that
            # types into a pipe waits for the game's answer before its next line. Never
            # after the game closed the pipe: its descriptors may belong to another file.
            left = MAX_REDIRECTED_KEYS
            try:
                while left > 0 and (line := stdin.readline(left)):
                    left -= len(line)
                    with writing:
                        if ended.is_set():
                            return
                        pipe.send_text(line)
            except (OSError, ValueError):  # text that is not UTF-8, or a broken pipe
                pass
            with writing:
                if not ended.is_set():
                    pipe.close()  # the prompt then reads the end of input

        threading.Thread(target=feed, daemon=True).start()
        try:
            yield AppSession(input=pipe, output=_output_without_cpr())
        finally:
            ended.set()
            # A line being written is finished first (a full pipe nobody reads: not
            # waited for; that write fails once the pipe is closed).
            if writing.acquire(timeout=1):
                writing.release()


def _output_without_cpr() -> Output:
    """Standard output for prompts whose keys do not come from the terminal: prompt_toolkit
    must not ask the terminal where its cursor is (a CPR request), since the terminal's
    answer (``ESC[24;1R``) would be read by no one here and left typed at the shell's prompt
    after the game."""
    output = create_output()
    if isinstance(output, Vt100_Output):
        output.enable_cpr = False
    return output


@contextmanager
def terminal_for(
    handed: Terminal | None, *, colour: bool, plain: bool = False
) -> Iterator[Terminal]:
    """The terminal a command was handed, else this process's own (built only then);
    ``plain``: in lines (the handed one too)."""
    if handed is not None:
        yield replace(handed, plain=True, pager=False) if plain else handed
        return
    with process_terminal(colour=colour, plain=plain) as terminal:
        yield terminal
