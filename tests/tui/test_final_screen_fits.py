"""The final screen (the last lines of the log, the chart of the scores, the final table
and where the game is saved) fits the terminal: at 80x24 nothing scrolls away, at 120x40
the chart takes the rows there are."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from helpers import CAT
from terminal import GOLDEN_4P, game
from thebes.analysis.hints import signed
from thebes.bots import make_bot
from thebes.records.session import Session, default_seats
from thebes.records.view import GameView
from thebes.table import ending
from thebes.table.ending import Balance, balance_of
from thebes.tui.final import final_screen
from thebes.tui.screen import render_text

COLOURS = ["red", "blue", "green", "yellow"]


def finished(tmp_path: Path) -> Session:
    """The golden 4-player game, played to its end, autosaved in ``tmp_path``."""
    path = tmp_path / "g.json"
    shutil.copy(GOLDEN_4P, path)
    session = Session.load(path, CAT)
    assert session.is_over
    session.autosave = path
    return session


@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
def test_the_table_ends_on_a_screen_that_fits(tmp_path: Path, size: tuple[int, int]) -> None:
    width, height = size
    with game(finished(tmp_path), "", size=size) as (table, out):
        assert table.run()
    rows = out.getvalue().splitlines()
    # The command that shows the game again is printed whole (the terminal folds it, so that
    # it copies as it is); every other line fits the width.
    assert all(len(row) <= width for row in rows[:-1])
    shown = sum(-(-len(row) // width) or 1 for row in rows)
    # The game's end, as the terminal shows it: all of it in view, with the shell's prompt.
    assert shown <= height - 1, "\n".join(rows)
    text = "\n".join(rows)
    assert "Final scores" in text and " wins!" in text
    assert "Luck: what the draws brought beyond the expected, in VP:" in text
    # Four players' luck takes the rows the chart would have at 80x24 (it gives way first).
    assert ("Scores over the game" in text) == (height == 40)
    assert "is saved in" in text and rows[-1].endswith("shows it again.")


def test_the_chart_is_as_tall_as_the_rows_allow(tmp_path: Path) -> None:
    session = finished(tmp_path)
    log = ["1903·52 Ann retires.", "The game is over."]

    def screen(width: int, height: int) -> list[str]:
        parts = final_screen(session, COLOURS, width, height, log, below=2)
        return [row for part in parts for row in render_text(part, width).splitlines()]

    heights = {}
    for width, height in ((80, 24), (80, 30), (120, 40), (120, 60)):
        rows = screen(width, height)
        assert len(rows) <= height - 3 and all(len(row) <= width for row in rows)
        assert "Final scores" in "\n".join(rows)
        heights[width, height] = len(rows)
    assert heights[80, 24] < heights[80, 30] < heights[120, 40] <= heights[120, 60]
    # A terminal of 120x40 keeps the log's lines, the chart with room to spare around it.
    tall = screen(120, 40)
    assert tall[:2] == log and tall[2] == "" and "Scores over the game" in tall[3]
    # Too few rows for any chart: the final table alone, whole.
    short = screen(80, 14)
    assert "Scores over the game" not in "\n".join(short)
    assert "Final scores" in "\n".join(short) and len(short) <= 11


# A whole game (or many playouts), untraced: the tracer triples its time; shorter tests
# cover its lines (tests/conftest.py).
@pytest.mark.no_cover
def test_the_end_gives_each_players_luck_and_skill_and_still_fits_80x24(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # A short finished game: two greedy bots, seed 5 (the golden 4-player game would take
    # the judge a minute under the coverage tracer).
    session = Session(CAT, default_seats(["Ann", "Bob"], {"Ann": "greedy", "Bob": "greedy"}), 5)
    players = [make_bot("greedy", 5, 0), make_bot("greedy", 5, 1)]
    while not session.is_over:
        seat = session.active_seat
        assert seat is not None
        session.play(players[seat].choose(session.state, session.legal_actions()))
    session.autosave = session.save(tmp_path / "g.json")
    balance = balance_of(session)
    assert balance.skill is not None and all(s <= 0 for s in balance.skill)
    weigh = ending.balance_of

    def weighed_once(game: GameView, *, skill: bool = True) -> Balance:
        # The judge plays the same playouts for the same game: weighed above, not again.
        return balance if game is session and skill else weigh(game, skill=skill)

    monkeypatch.setattr(ending, "balance_of", weighed_once)
    with game(session, "", size=(80, 24), review=True) as (table, out):
        assert table.run()
    rows = out.getvalue().splitlines()
    assert sum(-(-len(row) // 80) or 1 for row in rows) <= 23, "\n".join(rows)
    text = "\n".join(rows)
    assert "Weighing each player's luck and choices" in text
    assert "Skill: choices' cost against the best" in text
    for seat, name in enumerate(("Ann", "Bob")):
        luck, digs, cards = balance.luck[seat], balance.digs[seat], balance.cards[seat]
        line = f"  {name}  luck {signed(luck)} (digs {signed(digs)}, cards {signed(cards)})"
        assert f"{line}  skill {signed(balance.skill[seat])}" in rows


def test_ctrl_c_while_the_choices_are_weighed_skips_the_skill_not_the_end(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def interrupted(*_: object, **__: object) -> None:
        raise KeyboardInterrupt  # as Ctrl-C while the judge plays out

    monkeypatch.setattr(ending, "review_move", interrupted)
    with game(finished(tmp_path), "", size=(120, 40), review=True) as (table, out):
        assert table.run()
    text = out.getvalue()
    assert "(Ctrl-C skips)" in text and "Final scores" in text and " wins!" in text
    assert "Luck: what the draws brought beyond the expected, in VP:" in text
    assert "skill" not in text.split("Final scores")[1]
