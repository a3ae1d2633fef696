"""Driving the terminal program from tests: keys sent through a pipe to the command, to the
game at the table and to the replay viewer, the screen written to a string."""

from __future__ import annotations

import io
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

from prompt_toolkit.application import create_app_session
from prompt_toolkit.input import create_pipe_input
from prompt_toolkit.output import DummyOutput, Output
from rich.console import Console

from helpers import CAT, GOLDEN
from thebes.cli.main import main
from thebes.records.session import Session, default_seats
from thebes.tui.game import TerminalGame
from thebes.tui.replay import ReplayViewer

GOLDEN_4P = GOLDEN / "game-4p.json"


def run_with_keys(args: list[str], keys: str) -> int:
    with create_pipe_input() as pipe, create_app_session(input=pipe, output=DummyOutput()):
        pipe.send_text(keys)
        pipe.close()
        return main(args)


@contextmanager
def game(
    session: Session,
    keys: str,
    size: tuple[int, int] = (120, 40),
    sizes: Callable[[], tuple[int, int]] | None = None,
    prompt_output: Output | None = None,
) -> Iterator[tuple[TerminalGame, io.StringIO]]:
    """A game on a rich console writing to the returned text; prompt_toolkit reads ``keys``
    and writes to ``prompt_output`` (nowhere, unless given)."""
    out = io.StringIO()
    console = Console(file=out, width=size[0], no_color=True, highlight=False)
    with create_pipe_input() as pipe, create_app_session(input=pipe, output=DummyOutput()):
        pipe.send_text(keys)
        pipe.close()
        yield (
            TerminalGame(
                session,
                console,
                prompt_input=pipe,
                prompt_output=prompt_output or DummyOutput(),
                fast=True,
                colour=False,
                size=sizes or (lambda: size),
            ),
            out,
        )


def new_session(tmp_path: Path, seed: int = 7) -> Session:
    return Session(CAT, default_seats(["Ann", "Bob"]), seed, autosave=tmp_path / "g.json")


def view(keys: str, size: tuple[int, int] = (120, 40)) -> tuple[ReplayViewer, str]:
    session = Session.load(GOLDEN_4P, CAT)
    out = io.StringIO()
    console = Console(file=out, width=120, no_color=True, highlight=False)
    with create_pipe_input() as pipe, create_app_session(input=pipe, output=DummyOutput()):
        pipe.send_text(keys)
        pipe.close()
        viewer = ReplayViewer(
            session,
            console,
            prompt_input=pipe,
            prompt_output=DummyOutput(),
            size=lambda: size,
            sleep=lambda seconds: None,
        )
        viewer.run()
    return viewer, out.getvalue()
