"""At a real terminal a redraw is written over the last screen inside synchronized output,
row by row with each row's rest wiped: never a full clear, which flickers on a slow link."""

from __future__ import annotations

import io
from pathlib import Path

from rich.console import Console

from terminal import new_session, text_terminal
from thebes.tui.drawing import BEGIN_SYNC, END_SYNC, HOME, WIPE_BELOW, WIPE_ROW
from thebes.tui.menu import build_menu
from thebes.tui.table import TerminalGame


def test_a_redraw_overwrites_the_screen_in_one_synchronized_update(tmp_path: Path) -> None:
    out = io.StringIO()
    terminal = text_terminal(out, (80, 24))
    console = Console(file=out, width=80, height=24, force_terminal=True, color_system=None)
    game = TerminalGame.at_keyboard(new_session(tmp_path), terminal)
    game.console = console
    for _ in range(3):
        game._draw(build_menu(game.game.state, game.game.legal_actions()))
    drawn = out.getvalue()
    assert "\x1b[2J" not in drawn and "\x1b[3J" not in drawn  # no full clear
    assert drawn.count(BEGIN_SYNC) == drawn.count(END_SYNC) == 3
    update = drawn.split(END_SYNC)[1]
    assert update.startswith(BEGIN_SYNC + HOME) and update.endswith(WIPE_BELOW)
    rows = update[len(BEGIN_SYNC + HOME) :].split("\n")
    assert len(rows) <= 24 and all(row.endswith(WIPE_ROW) for row in rows[:-1])
    assert "Thebes" in rows[0]
