"""Yes-or-no questions at 80 columns are broken between words, never inside one: a save
path is shown with the home folder as ``~`` and, too long for the row, gets a row of its
own; Ctrl-C while the bots move is echoed "^C" by the terminal, and the question that
follows starts on a wiped row instead of after it."""

from __future__ import annotations

import io
import re
from collections.abc import Sequence
from pathlib import Path

import pytest
from prompt_toolkit.data_structures import Size
from prompt_toolkit.output.vt100 import Vt100_Output

from helpers import CAT
from terminal import game, new_session
from thebes.records.session import Session, default_seats
from thebes.rules import Action, GameState
from thebes.tui.prompting import shown_path, wrapped_question

SAVED = "~/.local/share/thebes/games/20261124-082804.json"  # 48 characters


def prompt_screen(columns: int = 80) -> tuple[io.StringIO, Vt100_Output]:
    text = io.StringIO()
    return text, Vt100_Output(text, lambda: Size(rows=24, columns=columns), term="xterm")


def plain(drawn: str) -> str:
    """What a prompt drew, without its escape sequences (colours, cursor moves)."""
    return re.sub(r"\x1b\[[0-9;?]*[A-Za-z]", "", drawn)


def test_the_home_folder_is_shown_as_a_tilde(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("HOME", "/home/ann")
    assert shown_path("/home/ann/.local/share/thebes/games/20261124-082804.json") == SAVED
    assert shown_path(Path("/home/ann")) == "~"
    # Only the folder itself: /home/annex is someone else's.
    assert shown_path("/home/annex/g.json") == "/home/annex/g.json"
    assert shown_path("/tmp/g.json") == "/tmp/g.json"
    assert shown_path("/tmp/a\x1b[2Jb.json") == "/tmp/a\\x1b[2Jb.json"


def test_a_question_breaks_before_the_path_not_inside_it() -> None:
    question = f"Leave the game (it is saved in {SAVED})? [y/N]"
    # 30 + 1 + 50 columns would pass the 79 a row may hold: the path starts the next row.
    assert wrapped_question(question, 80) == (f"Leave the game (it is saved in\n{SAVED})? [y/N] ")
    # A word longer than the row is not cut: it has a row of its own.
    long = "/" + "x" * 99
    assert wrapped_question(f"{long} exists. Replace it? [y/N]", 80) == (
        f"{long}\nexists. Replace it? [y/N] "
    )
    assert wrapped_question("Leave the game? [y/N]", 80) == "Leave the game? [y/N] "


def test_the_quit_question_shows_the_short_path_on_its_own_row(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("HOME", str(tmp_path))
    folder = tmp_path / "a-folder-whose-name-is-long-enough-to-pass-the-row"
    folder.mkdir()
    session = new_session(folder)
    prompts, screen = prompt_screen()
    with game(session, "quit\ny\n", size=(80, 24), prompt_output=screen) as (ui, _):
        assert ui.run() is False
    drawn = plain(prompts.getvalue())
    assert (
        "Leave the game (it is saved in\r\n"
        "~/a-folder-whose-name-is-long-enough-to-pass-the-row/g.json)? [y/N]" in drawn
    )
    assert str(tmp_path) not in drawn


def test_the_replace_question_breaks_between_words_at_80(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("HOME", str(tmp_path))
    notes = tmp_path / "notes-about-the-game-of-thebes.txt"
    notes.write_text("my notes\n", encoding="utf-8")
    prompts, screen = prompt_screen()
    session = new_session(tmp_path)
    with game(session, f"save {notes}\n\n", size=(80, 24), prompt_output=screen) as (ui, _):
        ui.run()
    # "~/notes-about-the-game-of-thebes.txt exists and is not this game's save file." is
    # 78 columns: it ends the first row, the rest is the second.
    assert (
        "~/notes-about-the-game-of-thebes.txt exists and is not this game's save file.\r\n"
        "Replace it? [y/N]" in plain(prompts.getvalue())
    )
    assert notes.read_text(encoding="utf-8") == "my notes\n"


def test_ctrl_c_while_the_bots_move_asks_on_a_wiped_row(tmp_path: Path) -> None:
    seats = default_seats(["A", "B"], {"A": "greedy", "B": "greedy"})
    session = Session(CAT, seats, 3, autosave=tmp_path / "bots.json")
    prompts, screen = prompt_screen()
    with game(session, "y\n", size=(80, 24), prompt_output=screen) as (ui, _):

        class Interrupted:
            def choose(self, state: GameState, legal: Sequence[Action]) -> Action:
                raise KeyboardInterrupt

        ui.bots[0] = Interrupted()
        assert ui.run() is False
    drawn = prompts.getvalue()
    # Carriage return, then erase to the end of the row (where the terminal echoed "^C"),
    # before the question is drawn.
    assert "\r\x1b[K" in drawn.split("Leave the game")[0]
