"""The table on the terminal's alternate screen, so that its redraws never fill the
scrollback, with the normal screen back however the game ends (issue 21, point 12); `log`
opening at its end; the wide layout not moving when markers stack on the time track."""

from __future__ import annotations

import contextlib
import io
import os
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import replace
from pathlib import Path

import pytest
from prompt_toolkit.application import AppSession
from prompt_toolkit.input import create_pipe_input
from prompt_toolkit.output import DummyOutput
from rich.console import Console

from helpers import CAT, GOLDEN, setup, start
from terminal import game, new_session
from thebes.records.session import Session
from thebes.rules import END_TIME
from thebes.tui import paging
from thebes.tui.paging import page
from thebes.tui.replay import ReplayViewer
from thebes.tui.screen import ScreenInfo, game_screen, render_text
from thebes.tui.story import Told
from thebes.tui.table import TerminalGame
from thebes.tui.terminal import Terminal

ENTER, LEAVE = "\x1b[?1049h", "\x1b[?1049l"


@contextmanager
def real_terminal(
    out: io.StringIO, keys: str, size: Callable[[], tuple[int, int]] = lambda: (80, 24)
) -> Iterator[Terminal]:
    """A terminal that says it is one (so escape codes are written), typing ``keys``."""
    console = Console(file=out, width=80, height=24, force_terminal=True, color_system=None)
    with create_pipe_input() as pipe:
        pipe.send_text(keys)
        pipe.close()
        yield Terminal(console, AppSession(pipe, DummyOutput()), size, False, io.StringIO())


def test_quitting_leaves_the_alternate_screen_before_saying_where_the_game_is(
    tmp_path: Path,
) -> None:
    out = io.StringIO()
    with real_terminal(out, "quit\ny\n") as terminal:
        assert TerminalGame.at_keyboard(new_session(tmp_path), terminal, fast=True).run() is False
    text = out.getvalue()
    assert text.startswith(ENTER) and text.count(ENTER) == 1
    # Every screen is drawn inside; the message that stays is printed after leaving.
    assert text.index("to play: Ann") < text.index(LEAVE) < text.index("Game left.")


@pytest.mark.parametrize("error", [KeyboardInterrupt, RuntimeError])
def test_an_interrupt_or_an_error_still_restores_the_normal_screen(
    tmp_path: Path, error: type[BaseException]
) -> None:
    calls: list[int] = []

    def size() -> tuple[int, int]:
        calls.append(1)
        if len(calls) > 1:  # the second redraw fails
            raise error
        return 80, 24

    out = io.StringIO()
    # Ctrl-C at the prompt asks "leave the game?", and leaves when nothing answers.
    with real_terminal(out, "1\n", size) as terminal, contextlib.suppress(error):
        TerminalGame.at_keyboard(new_session(tmp_path), terminal, fast=True).run()
    text = out.getvalue()
    assert text.startswith(ENTER) and text.count(ENTER) == text.count(LEAVE) == 1
    assert "to play" not in text[text.index(LEAVE) :]


def test_no_alternate_screen_where_the_output_is_no_terminal(tmp_path: Path) -> None:
    with game(new_session(tmp_path), "quit\ny\n") as (table, out):
        table.run()
    assert "\x1b[" not in out.getvalue()


def test_log_opens_at_its_end_and_goes_back_to_the_alternate_screen(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    seen: list[str] = []
    monkeypatch.setattr(paging, "run_pager", lambda text: seen.append(os.environ["LESS"]))
    monkeypatch.setenv("LESS", "-R")
    out = io.StringIO()
    with real_terminal(out, "") as plain:
        terminal = replace(plain, pager=True)
        terminal.console.set_alt_screen(True)
        # Pages taller than the screen: a short one is drawn in place of the table instead.
        page(terminal, "\n".join(f"the log {n}" for n in range(100)), at_end=True)
        page(terminal, "\n".join(f"the rules {n}" for n in range(100)))
    assert seen == ["-R +G", "-R"] and os.environ["LESS"] == "-R"
    assert out.getvalue().count(ENTER) == 3  # once at first, again after each pager


def test_the_wide_layout_keeps_its_rows_when_markers_stack() -> None:
    info = ScreenInfo(
        "Thebes",
        ("red", "blue", "green", "yellow"),
        "Last events",
        [Told("1901·1", 0, "Ann takes a card.")],
    )
    stacked = start(4)  # all four markers on week 1
    apart = stacked
    for seat, week in enumerate((3, 5, 7, 9)):
        apart = setup(apart, seat, week=week)
    rows = []
    for state in (stacked, apart):
        lines = render_text(game_screen(state, info, 120, 40), 120).splitlines()
        rows.append(next(n for n, line in enumerate(lines) if line.startswith("Last events")))
        assert all(p.time < END_TIME for p in state.players)
    assert rows[0] == rows[1]


def test_the_replay_viewer_steps_on_the_alternate_screen_and_leaves_it() -> None:
    out = io.StringIO()
    with real_terminal(out, "n\nn\nq\n") as terminal:
        ReplayViewer(Session.load(GOLDEN / "game-3p.json", CAT), terminal).run()
    text = out.getvalue()
    assert text.startswith(ENTER) and text.count(ENTER) == 1
    # Three screens (the start, two steps), all drawn before the normal screen is back.
    assert text.count("Replay — action") == 3
    assert text.rindex("Replay — action") < text.index(LEAVE)
