"""Showing a long renderable: through the system's pager at the process's own terminal,
plainly at any other (a pipe, a file, a test, a remote table)."""

from __future__ import annotations

import os

from rich.console import Console, RenderableType

from thebes.tui.terminal import Terminal


def taller_than_screen(console: Console, renderable: RenderableType) -> bool:
    """Whether ``renderable`` takes more rows than the terminal has (leaving one for the
    shell's prompt), at the console's width."""
    return len(console.render_lines(renderable, pad=False)) >= console.height


def page(terminal: Terminal, renderable: RenderableType) -> None:
    """Print ``renderable`` through the pager when ``terminal`` has one (with its styles
    when the terminal has colours), else print it straight."""
    console = terminal.console
    if not terminal.pager:
        console.print(renderable)
        return
    # less shows colours only with -R; without it the escape codes appear as text.
    less = os.environ.get("LESS", "")
    if "-R" not in less.split() and "R" not in less.lstrip("-"):
        os.environ["LESS"] = (less + " -R").strip()
    with console.pager(styles=terminal.colour):
        console.print(renderable)
