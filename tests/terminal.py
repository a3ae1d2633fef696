"""Driving the terminal program from tests: a terminal of their own handed to the command,
to the game at the table and to the replay viewer, its keys sent through a pipe, its screen
written to a string."""

from __future__ import annotations

import io
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TextIO

from prompt_toolkit.application import AppSession
from prompt_toolkit.input import DummyInput, Input, create_pipe_input
from prompt_toolkit.output import DummyOutput, Output
from rich.console import Console

from helpers import CAT, GOLDEN, region
from thebes.bots import make_bot
from thebes.cli.main import main
from thebes.records.session import Session, default_seats
from thebes.table.ending import leave_out_skill
from thebes.tui.menu import build_menu
from thebes.tui.replay import ReplayViewer
from thebes.tui.table import TerminalGame
from thebes.tui.terminal import Terminal

GOLDEN_4P = GOLDEN / "game-4p.json"


def text_terminal(
    out: TextIO,
    size: tuple[int, int] = (120, 40),
    keys: Input | None = None,
    *,
    sizes: Callable[[], tuple[int, int]] | None = None,
    prompt_output: Output | None = None,
    colour: bool = False,
    errors: TextIO | None = None,
    interactive: bool = False,
) -> Terminal:
    """A terminal of ``size`` whose screen is written to ``out`` and whose prompts read
    ``keys`` (none: the end of input at once) and draw on ``prompt_output`` (nowhere, unless
    given); ``sizes`` tells its size if it changes. Its console shows strings as they are,
    as the process's own does (no markup, no emoji codes)."""
    screen = Console(
        file=out,
        width=size[0],
        height=size[1],
        no_color=not colour,
        highlight=False,
        markup=False,
        emoji=False,
    )
    return Terminal(
        screen,
        AppSession(keys or DummyInput(), prompt_output or DummyOutput()),
        sizes or (lambda: size),
        colour,
        errors or io.StringIO(),
        interactive,
    )


def run_with_keys(args: list[str], keys: str, *, interactive: bool = False) -> int:
    """``thebes ARGS`` at a terminal of 120x40 that types ``keys`` (a person at it when
    ``interactive``: questions are asked), printing to the standard output and error."""
    with create_pipe_input() as pipe:
        pipe.send_text(keys)
        pipe.close()
        terminal = text_terminal(
            sys.stdout,
            keys=pipe,
            errors=sys.stderr,
            interactive=interactive,
        )
        return main(args, terminal)


@contextmanager
def game(
    session: Session,
    keys: str,
    size: tuple[int, int] = (120, 40),
    sizes: Callable[[], tuple[int, int]] | None = None,
    prompt_output: Output | None = None,
    review: bool = False,
) -> Iterator[tuple[TerminalGame, io.StringIO]]:
    """A game at a terminal writing to the returned text; prompt_toolkit reads ``keys``
    and writes to ``prompt_output`` (nowhere, unless given). ``review``: the end weighs the
    players' choices (seconds of playouts: only where a test looks at them)."""
    out = io.StringIO()
    with create_pipe_input() as pipe:
        pipe.send_text(keys)
        pipe.close()
        terminal = text_terminal(out, size, pipe, sizes=sizes, prompt_output=prompt_output)
        table = TerminalGame.at_keyboard(session, terminal, fast=True)
        if not review:
            leave_out_skill(table.table)
        yield table, out


def new_session(tmp_path: Path, seed: int = 7) -> Session:
    return Session(CAT, default_seats(["Ann", "Bob"]), seed, autosave=tmp_path / "g.json")


def view(keys: str, size: tuple[int, int] = (120, 40)) -> tuple[ReplayViewer, str]:
    session = Session.load(GOLDEN_4P, CAT)
    out = io.StringIO()
    with create_pipe_input() as pipe:
        pipe.send_text(keys)
        pipe.close()
        # The console stays 120 wide: the viewer draws for the size it is told.
        terminal = text_terminal(out, (120, size[1]), pipe, sizes=lambda: size)
        viewer = ReplayViewer(session, terminal, sleep=lambda seconds: None)
        viewer.run()
    return viewer, out.getvalue()


def dig_site_entry(session: Session, site: str) -> int:
    """The number of the menu entry that opens the planner of a dig at ``site``."""
    menu = build_menu(session.state, session.legal_actions())
    return next(
        e.number
        for e in menu
        if e.is_dig_site and getattr(e.actions[0], "region", None) == region(site)
    )


def greedy_lines(seed: int) -> list[str]:
    """The actions two greedy players take in the game of ``seed``, in the notation."""
    session = Session(CAT, default_seats(["Ann", "Bob"]), seed)
    bots = [make_bot("greedy", seed, seat) for seat in range(2)]
    lines = []
    while not session.is_over:
        seat = session.active_seat
        assert seat is not None
        action = bots[seat].choose(session.state, session.legal_actions())
        lines.append(session.notation(action))
        session.play(action)
    return lines
