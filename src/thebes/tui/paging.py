"""Showing a long renderable: through the system's pager at the process's own terminal,
plainly at any other (a pipe, a file, a test, a remote table)."""

from __future__ import annotations

import os
import shlex
import shutil
import subprocess

from rich.console import Console, RenderableType
from rich.pager import Pager

from thebes.tui.terminal import Terminal


def taller_than_screen(console: Console, renderable: RenderableType) -> bool:
    """Whether ``renderable`` takes more rows than the terminal has (leaving one for the
    shell's prompt), at the console's width."""
    return len(console.render_lines(renderable, pad=False)) >= console.height


def page(terminal: Terminal, renderable: RenderableType, *, at_end: bool = False) -> None:
    """Print ``renderable`` through the pager when ``terminal`` has one (with its styles
    when the terminal has colours), else print it straight. ``at_end``: the pager opens at
    the last page (the newest of a log; printed straight, the end is what stays in view)."""
    console = terminal.console
    if not terminal.pager:
        console.print(renderable)
        return
    # less shows colours only with -R; without it the escape codes appear as text.
    less = os.environ.get("LESS", "")
    if "-R" not in less.split() and "R" not in less.lstrip("-"):
        less = os.environ["LESS"] = (less + " -R").strip()
    if at_end:
        os.environ["LESS"] = less + " +G"  # less's command G: go to the end
    try:
        with console.pager(pager=_SystemPager(), styles=terminal.colour):
            console.print(renderable)
    finally:
        os.environ["LESS"] = less
    if console.is_alt_screen:
        # The pager leaves the alternate screen as it quits: back to it, so that the
        # table's next redraw does not land in the scrollback.
        console.set_alt_screen(True)


class _SystemPager(Pager):
    """The system's pager, run by :func:`run_pager`."""

    def show(self, content: str) -> None:
        run_pager(content)


def run_pager(content: str) -> None:
    """``content`` in the pager pydoc would run (MANPAGER, PAGER, else less), run by this
    process itself and not through a shell: when a signal ends thebes while a page is open
    (:mod:`~thebes.tui.signals`), the pager is ended too and hands the terminal back
    restored, rather than being left reading it (pydoc's would be, and a shell would keep
    it as a child of its own)."""
    chosen = os.environ.get("MANPAGER") or os.environ.get("PAGER")
    try:
        command = shlex.split(chosen) if chosen else []
    except ValueError:  # unbalanced quotes
        command = []
    if not command or shutil.which(command[0]) is None:
        command = ["less"] if shutil.which("less") else ["more"]
    pager = subprocess.Popen(command, stdin=subprocess.PIPE, errors="backslashreplace")
    try:
        assert pager.stdin is not None
        try:
            with pager.stdin as pipe:
                pipe.write(content)
        except (OSError, KeyboardInterrupt):  # the pager was left before it read all
            pass
        while True:
            try:
                pager.wait()
                return
            except KeyboardInterrupt:
                pass  # Ctrl-C is the pager's (less takes it to stop a search)
    except BaseException:
        pager.terminate()
        pager.wait()
        raise
