"""While a bot works out its move (an expert's takes a second or two), the table shows the
move just played and who is thinking, in the rows left free under the screen, not the
menu of the person who moved last; the bot's name as typed, never as markup."""

from __future__ import annotations

import io
from collections.abc import Sequence

import pytest

from helpers import CAT
from terminal import text_terminal
from thebes.bots import GreedyPlayer
from thebes.records.session import Session, default_seats
from thebes.rules import Action, GameState
from thebes.tui import table
from thebes.tui.table import TerminalGame


class SeenWhileThinking:
    """A greedy bot that notes what the screen showed when it was asked to move."""

    def __init__(self, out: io.StringIO) -> None:
        self.out = out
        self.screen = ""

    def choose(self, state: GameState, legal: Sequence[Action]) -> Action:
        self.screen = self.out.getvalue()
        return GreedyPlayer().choose(state, legal)


@pytest.mark.parametrize("name", ["Bob", "[bold red]Eve[/]"])  # (a control code is refused)
def test_the_table_says_who_is_thinking_while_a_bot_moves(
    name: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(table, "BOT_PAUSE_SECONDS", 0.0)
    session = Session(CAT, default_seats(["Ann", name], {name: "greedy"}), 3)
    session.play(session.legal_actions()[0])  # Ann moves: the bot is next
    assert session.active_seat == 1
    out = io.StringIO()
    game = TerminalGame.at_keyboard(session, text_terminal(out, (80, 24)))
    bot = game.bots[1] = SeenWhileThinking(out)
    game._bot_turn()
    lines = bot.screen.splitlines()
    assert lines[-1].rstrip() == f"{name} is thinking…"
    assert len(lines) <= 24 - 1  # the screen and the line, the title still on top
    assert lines[0].startswith("Thebes — seeded game, seed 3   to play: " + name)
    assert not any("hint: the 3 best actions" in line for line in lines)  # no menu
    assert len(session.steps) == 2  # and the bot moved


def test_no_thinking_line_with_fast_bots(monkeypatch: pytest.MonkeyPatch) -> None:
    session = Session(CAT, default_seats(["Ann", "Bob"], {"Bob": "greedy"}), 3)
    session.play(session.legal_actions()[0])
    out = io.StringIO()
    game = TerminalGame.at_keyboard(session, text_terminal(out, (80, 24)), fast=True)
    bot = game.bots[1] = SeenWhileThinking(out)
    game._bot_turn()
    assert "thinking" not in bot.screen
