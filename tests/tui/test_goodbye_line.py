"""Leaving a game: where it is saved in a sentence that wraps between words (the home
folder written ~), then the command that goes on with it, on a line of its own."""

from __future__ import annotations

from pathlib import Path

import pytest

from terminal import game, new_session


def test_the_saved_path_is_short_and_the_command_has_its_own_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("HOME", str(tmp_path))
    session = new_session(tmp_path)  # saved in HOME/g.json
    with game(session, "quit\ny\n", size=(80, 24)) as (ui, out):
        ui.run()
    lines = out.getvalue().splitlines()
    assert "Game left. The game is saved in ~/g.json." in lines
    command = lines[lines.index("Game left. The game is saved in ~/g.json.") + 1]
    assert command.endswith(f" resume {tmp_path / 'g.json'}' goes on with it.")
