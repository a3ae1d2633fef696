"""Driving a hosted table from tests: several text terminals attached to one table, each
running its view in a thread of its own, its keys typed into a pipe, its screen and its
prompts written to strings."""

from __future__ import annotations

import io
import re
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import ExitStack, contextmanager
from dataclasses import replace
from pathlib import Path

from prompt_toolkit.data_structures import Size
from prompt_toolkit.input import create_pipe_input
from prompt_toolkit.output.vt100 import Vt100_Output
from rich.console import Console

from helpers import CAT
from terminal import text_terminal
from thebes.records.session import Session, default_seats
from thebes.table.authority import Table
from thebes.table.ending import leave_out_skill
from thebes.table.places import Place
from thebes.tui.door import TerminalDoor
from thebes.tui.table import TerminalGame

WAIT = 60.0  # seconds: a liveness bound, not a speed check (only a broken table gets near it)
ACTING = " — a number"  # the prompt of the terminal whose turn it is
WATCHING = " to play"  # the prompt of any other terminal
_CODES = re.compile(r"\x1b(\[[0-9;?>=]*[ -/]*[@-~]|\][^\x07]*\x07|[@-_])")


def wait_until(done: Callable[[], bool], what: str = "the table never got there") -> None:
    """Returns once ``done()`` holds; fails the test if it does not within WAIT."""
    deadline = time.monotonic() + WAIT
    while not done():
        assert time.monotonic() < deadline, what
        time.sleep(0.005)


class Attached:
    """One terminal attached to ``table`` for ``seat`` (None: a spectator)."""

    def __init__(
        self,
        table: Table,
        seat: int | None,
        stack: ExitStack,
        *,
        host: bool = False,
        size: tuple[int, int] = (120, 40),
        pager: bool = False,
        notes: list[str] | None = None,
        remote: bool = False,
        plain: bool = False,
    ) -> None:
        """``remote``: a terminal as an SSH connection's is (a real terminal's screen, on
        which pages are drawn by thebes itself; hosting/connection.py), else a text's;
        ``plain``: in plain mode (a screen reader's lines)."""
        self.table = table
        self.seat = seat
        self.screen = io.StringIO()
        self.prompts = io.StringIO()
        self.keys = stack.enter_context(create_pipe_input())
        columns, rows = size
        output = Vt100_Output(self.prompts, lambda: Size(rows=rows, columns=columns), term="xterm")
        terminal = text_terminal(self.screen, size, self.keys, prompt_output=output)
        self.terminal = replace(terminal, pager=pager)
        if remote:
            screen = Console(
                file=self.screen,
                width=columns,
                height=rows,
                force_terminal=True,
                highlight=False,
                markup=False,
                emoji=False,
            )
            self.terminal = replace(self.terminal, console=screen, remote=True)
        self.terminal = replace(self.terminal, plain=plain)
        self.gone = threading.Event()
        self.mark = 0  # where in the prompts' text the last keys were typed
        door = TerminalDoor(table, notes=notes or [])
        self.thread = threading.Thread(
            target=door.attach,
            args=(self.terminal, seat, self.gone),
            kwargs={"host": host},
            daemon=True,
        )
        self.thread.start()

    def prompt_text(self) -> str:
        """What the prompts wrote, terminal codes left out."""
        return _CODES.sub("", self.prompts.getvalue())

    def view(self) -> TerminalGame | None:
        """This terminal's table, once attached (and while it is)."""
        with self.table._cond:
            for place in self.table._places:
                game = getattr(place.wake, "__self__", None)
                if isinstance(game, TerminalGame) and game.gone is self.gone:
                    return game
        return None

    def place(self) -> Place | None:
        """The view's place at the table, once attached (and while it is)."""
        view = self.view()
        return view.place if view is not None else None

    def wait_ready(self) -> None:
        """Until the view has drawn the table as it is now and waits at its prompt (the
        keys typed then are read by that prompt)."""

        def ready() -> bool:
            view = self.view()
            if view is None:
                return False
            with self.table._cond:
                # Looked at but not drawn yet (the prompt leaves to draw it) is not ready.
                if view.stale or view.place.version != self.table._version:
                    return False
            return bool(view.prompt.app.is_running or view.question.app.is_running)

        wait_until(ready, f"the view never settled; prompts: {self.prompt_text()[-300:]!r}")

    def wait_prompt(self, marker: str) -> None:
        """Until a prompt showing ``marker`` is drawn after the last keys typed here."""
        wait_until(
            lambda: marker in self.prompt_text()[self.mark :],
            f"no prompt with {marker!r}; prompts since: {self.prompt_text()[self.mark :]!r}",
        )

    def type(self, keys: str) -> None:
        self.mark = len(self.prompt_text())
        self.keys.send_text(keys)

    def said(self) -> str:
        return self.screen.getvalue()

    def wait_said(self, text: str) -> None:
        wait_until(lambda: text in self.said(), f"never shown: {text!r}")

    def hang_up(self) -> None:
        """The connection drops: ``gone`` is set and the input ends."""
        self.gone.set()
        self.keys.close()
        self.finish()

    def finish(self) -> None:
        self.thread.join(WAIT)
        assert not self.thread.is_alive(), "attach did not return"


def hosted_session(
    tmp_path: Path, names: list[str], bots: dict[str, str], seed: int = 5
) -> Session:
    return Session(CAT, default_seats(names, bots), seed, autosave=tmp_path / "hosted.json")


def shared_table(session: Session) -> Table:
    """A hosted table of ``session``, with no lock, its bots without pauses, and an end
    that shows at once (luck, not the skill the judge takes seconds to weigh)."""
    table = Table(session, None, shared=True, fast=True)
    leave_out_skill(table)
    return table


@contextmanager
def bots_running(table: Table) -> Iterator[threading.Thread]:
    stop = threading.Event()
    thread = threading.Thread(target=table.run_bots, args=(stop,), daemon=True)
    thread.start()
    try:
        yield thread
    finally:
        stop.set()
        thread.join(WAIT)
