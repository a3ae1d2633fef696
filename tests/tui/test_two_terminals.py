"""The UI draws at the terminal it is handed: two tables at once in one process, each at its
own size with its own keys, and nothing of the UI reaching for the process's own terminal."""

from __future__ import annotations

import io
import os
import re
import shutil
import sys
import threading
from collections.abc import Callable
from pathlib import Path

import pytest
from prompt_toolkit.data_structures import Size
from prompt_toolkit.input import PipeInput, create_pipe_input
from prompt_toolkit.output.vt100 import Vt100_Output
from rich.cells import cell_len

from helpers import CAT, REPO
from terminal import text_terminal
from thebes.records.session import Session, default_seats
from thebes.rules import NO_VARIANTS
from thebes.tui.gamelist import print_games
from thebes.tui.launch import resume_game, start_game
from thebes.tui.reference import print_reference
from thebes.tui.replay import ReplayViewer
from thebes.tui.rulebook import show_rules
from thebes.tui.table import TerminalGame
from thebes.tui.terminal import Terminal, process_terminal

WAIT = 60  # seconds: a liveness bound, not a speed check (only a broken table gets near it)


class Table:
    """A game at a terminal of its own: its screen and its prompts each written to a string,
    its keys typed into a pipe."""

    def __init__(self, names: list[str], seed: int, size: tuple[int, int], keys: PipeInput):
        self.session = Session(CAT, default_seats(names), seed)
        self.size = size
        self.screen = io.StringIO()
        self.prompts = io.StringIO()
        columns, rows = size
        output = Vt100_Output(self.prompts, lambda: Size(rows=rows, columns=columns), term="xterm")
        terminal = text_terminal(self.screen, size, keys, prompt_output=output)
        self.game = TerminalGame.at_keyboard(self.session, terminal, fast=True)
        self.thread = threading.Thread(target=self.game.run, daemon=True)

    def actions(self) -> list[str]:
        return [step.record.action for step in self.session.steps]

    def screens(self) -> list[list[str]]:
        """Each screen drawn, from its title line to the line before the next title."""
        text = self.screen.getvalue()
        starts = [m.start() for m in re.finditer(r"^Thebes — ", text, re.MULTILINE)]
        return [
            text[a:b].splitlines() for a, b in zip(starts, [*starts[1:], len(text)], strict=True)
        ]


def wait_until(done: Callable[[], bool]) -> None:
    """Returns once ``done()`` holds; fails the test if it does not within WAIT."""
    given_up = threading.Event()

    def poll() -> None:
        while not done() and not given_up.wait(0.01):
            pass

    poller = threading.Thread(target=poll, daemon=True)
    poller.start()
    poller.join(WAIT)
    finished = not poller.is_alive()
    given_up.set()
    assert finished, "a table never got there"


def test_two_tables_at_once_each_at_its_own_size_reading_its_own_keys() -> None:
    with create_pipe_input() as keys_a, create_pipe_input() as keys_b:
        small = Table(["Ann", "Bob"], 3, (80, 24), keys_a)
        large = Table(["Cleo", "Dan"], 5, (120, 40), keys_b)
        small.thread.start()
        large.thread.start()
        # Both tables drawn, both waiting at their prompts.
        wait_until(lambda: "Cleo" in large.prompts.getvalue() and "Ann" in small.prompts.getvalue())
        keys_b.send_text("take 2\n")
        wait_until(lambda: large.actions() == ["take 2"])
        assert small.actions() == [] and small.thread.is_alive()  # the keys went to one table
        keys_a.send_text("take 1\n")
        wait_until(lambda: small.actions() == ["take 1"])
        keys_b.send_text("take 3\n")
        keys_a.close()
        keys_b.close()  # the keys run out: each game is left
        small.thread.join(WAIT)
        large.thread.join(WAIT)
    assert not small.thread.is_alive() and not large.thread.is_alive()
    assert small.actions() == ["take 1"]
    assert large.actions() == ["take 2", "take 3"]
    for table, others in ((small, ("Cleo", "Dan")), (large, ("Ann", "Bob"))):
        width, height = table.size
        drawn = table.screens()
        assert len(drawn) >= 2  # before and after its action
        for screen in drawn:
            assert max(cell_len(line) for line in screen) <= width
            assert len(screen) + 2 <= height  # and the prompt under it, on two rows at most
        everything = table.screen.getvalue() + table.prompts.getvalue()
        assert not any(name in everything for name in others)
    # The wide layout where there is room for it: the time track's week scale.
    assert not any(line.startswith("week ") for line in small.screens()[0])
    assert any(line.startswith("week ") for line in large.screens()[0])


class ProcessStream:
    """Stands for a stream of the process: any use of it fails the test."""

    def __init__(self, name: str) -> None:
        self.name = name

    def __getattr__(self, attribute: str) -> object:
        raise AssertionError(f"the UI used {self.name}.{attribute}")


def no_process_terminal(monkeypatch: pytest.MonkeyPatch) -> None:
    """From here on, reading the process's terminal (its streams, its size) fails."""

    def size(*_: object) -> os.terminal_size:
        raise AssertionError("the UI asked for the size of the process's terminal")

    for name in ("stdin", "stdout", "stderr", "__stdin__", "__stdout__", "__stderr__"):
        monkeypatch.setattr(sys, name, ProcessStream(f"sys.{name}"))
    monkeypatch.setattr(os, "get_terminal_size", size)
    monkeypatch.setattr(shutil, "get_terminal_size", size)


def test_the_trap_catches_the_process_terminal(monkeypatch: pytest.MonkeyPatch) -> None:
    # Keeps the test below honest: what reads the process's terminal fails under the trap.
    no_process_terminal(monkeypatch)
    trapped = r"the UI used sys\.|size of the process's terminal"
    with pytest.raises(AssertionError, match=trapped), process_terminal(colour=False):
        pass
    with pytest.raises(AssertionError, match="size of the process's terminal"):
        shutil.get_terminal_size()


def test_games_replays_and_pages_use_only_the_terminal_they_are_handed(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    no_process_terminal(monkeypatch)
    path = tmp_path / "g.json"
    screen, errors = io.StringIO(), io.StringIO()

    def at(keys: PipeInput, text: str, *, interactive: bool = False) -> Terminal:
        keys.send_text(text)
        keys.close()
        return text_terminal(screen, (80, 24), keys, errors=errors, interactive=interactive)

    with create_pipe_input() as keys:
        # The names asked for, a few actions, the commands that page, the planner.
        typed = "2\nAnn\nBob\n\ntake 2\n1\n\nhelp\nboard\nplayers\nlog\nrules\n7\nback\n"
        terminal = at(keys, typed, interactive=True)
        start_game(
            terminal,
            names=None,
            bots=[],
            seed=3,
            variants=NO_VARIANTS,
            save=str(path),
            force=False,
            undo=True,
            fast=True,
        )
    with create_pipe_input() as keys:
        resume_game(at(keys, "undo\n"), path, fast=True)
    with create_pipe_input() as keys:
        session = Session.load(path, CAT)
        ReplayViewer(session, at(keys, "n\nn\nc\nh\ng 1\ny 1901\nx\nq\n")).run()
    pages = text_terminal(screen, (80, 24), errors=errors)
    show_rules(pages, "A3")
    print_reference(CAT, pages.console)
    print_games(pages, tmp_path, CAT)
    assert [seat.name for seat in session.seats] == ["Ann", "Bob"]
    shown = screen.getvalue()
    assert "Dig at Crete" in shown and "Cannot undo: " in shown
    assert "Replay — keys and commands" in shown
    assert "A3 — " in shown and "Saved games in" in shown
    assert errors.getvalue() == ""


def test_only_the_terminal_module_names_the_process_terminal() -> None:
    # The process's streams, its size and prompt_toolkit's default session are reached
    # for in one place, where the command line builds the terminal of the process.
    names = re.compile(
        r"sys\.(__)?std(in|out|err)|get_terminal_size|get_app_session|create_(in|out)put\("
    )
    folder = REPO / "src" / "thebes" / "tui"
    naming = sorted(
        path.name for path in folder.glob("*.py") if names.search(path.read_text(encoding="utf-8"))
    )
    assert naming == ["terminal.py"]
