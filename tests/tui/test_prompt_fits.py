"""The game's prompt keeps to one row with room to type: prompt_toolkit would break a
longer one in the middle of a word."""

from __future__ import annotations

import io
from pathlib import Path

from prompt_toolkit.formatted_text import fragment_list_to_text

from terminal import new_session, text_terminal
from thebes.tui.table import TerminalGame


def prompt_text(game: TerminalGame, again: bool) -> str:
    return fragment_list_to_text(game._prompt_message(0, again))


def test_the_long_prompt_where_it_fits_and_the_short_one_where_it_would_wrap(
    tmp_path: Path,
) -> None:
    session = new_session(tmp_path)  # Ann to play
    wide = TerminalGame.at_keyboard(session, text_terminal(io.StringIO(), (120, 40)), fast=True)
    # 3 + 37 + 49 = 89 cells: within 120 less 16 for typing.
    assert prompt_text(wide, True) == (
        "Ann (again: still furthest back in time) — a number, an action (Tab completes), or help: "
    )
    narrow = TerminalGame.at_keyboard(session, text_terminal(io.StringIO(), (80, 24)), fast=True)
    # 89 cells would not leave 16 of 80: the short form, 44 cells.
    assert prompt_text(narrow, True) == "Ann (again) — a number, an action, or help: "
    # Without the note, 52 cells: the long form fits at 80.
    assert prompt_text(narrow, False) == "Ann — a number, an action (Tab completes), or help: "
