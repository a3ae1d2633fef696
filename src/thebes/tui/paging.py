"""Showing a long renderable: through the console's pager on a terminal, plainly otherwise."""

from __future__ import annotations

import os

from rich.console import Console, RenderableType


def taller_than_screen(console: Console, renderable: RenderableType) -> bool:
    """Whether ``renderable`` takes more rows than the terminal has (leaving one for the
    shell's prompt), at the console's width."""
    return len(console.render_lines(renderable, pad=False)) >= console.height


def page(console: Console, renderable: RenderableType, *, styles: bool) -> None:
    """Print ``renderable`` through the pager when ``console`` is a terminal (with its
    styles when ``styles``), else print it straight (a pipe, a file, a test)."""
    if not console.is_terminal:
        console.print(renderable)
        return
    # less shows colours only with -R; without it the escape codes appear as text.
    less = os.environ.get("LESS", "")
    if "-R" not in less.split() and "R" not in less.lstrip("-"):
        os.environ["LESS"] = (less + " -R").strip()
    with console.pager(styles=styles):
        console.print(renderable)
