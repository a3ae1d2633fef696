"""The chart of the scores over the game: its size, marks, axes and legend."""

from __future__ import annotations

import io

import pytest
from rich.cells import cell_len
from rich.console import Console, RenderableType

from helpers import CAT
from thebes.analysis.timeline import Point, Timeline, session_timeline
from thebes.rules import END_TIME, scores, time_of
from thebes.tournament.bot_games import bot_session
from thebes.tui.chart import chart_marks, score_chart

LONG_NAMES = [
    "Amelia Edwards-Hawthorne",
    "Belzoni Giovanni Battist",
    "Carter Howard of Swaffha",
    "Dörpfeld [bold]Wilhelm[/",  # markup is a name like any other
]
COLOURS = ["red", "blue", "green", "yellow"]


def lines_of(renderable: RenderableType) -> list[str]:
    """The lines as printed on a console far wider than the chart: nothing is cropped."""
    out = io.StringIO()
    Console(file=out, width=300, no_color=True, highlight=False).print(renderable)
    return out.getvalue().splitlines()


def plot_rows(lines: list[str]) -> list[str]:
    """The rows between the title and the week axis, without the VP labels."""
    axis = next(i for i, line in enumerate(lines) if "└" in line)
    return [line.split("┤" if "┤" in line else "│", 1)[1] for line in lines[1:axis]]


@pytest.mark.parametrize("width", [80, 120])
def test_four_players_with_24_character_names_fit_the_width(width: int) -> None:
    session = bot_session(CAT, 4, 2, "greedy")
    assert all(len(name) == 24 for name in LONG_NAMES)
    lines = lines_of(score_chart(session_timeline(session), LONG_NAMES, COLOURS, width))
    assert max(cell_len(line) for line in lines) <= width
    assert max(cell_len(line) for line in lines) > width - 5  # and uses the width it has
    assert 14 <= len(lines) <= 17
    rows = plot_rows(lines)
    assert len(rows) == 11
    for mark in "ABCD":
        assert any(mark in row for row in rows), mark
    totals = [score.total for score in scores(session.state)]
    legend = "\n".join(lines[-2:])
    for mark, name, total in zip("ABCD", LONG_NAMES, totals, strict=True):
        assert f"{mark} {name} {total} VP" in legend
    assert lines[-3].split() == ["1902", "1903", "end"]  # a 4-player game starts in 1902


def test_heights_follow_the_totals_and_a_shared_cell_is_one_mark() -> None:
    # Ann and Bob at 0 until week 1 of 1902; then Ann 20 VP, Bob 10, to the end.
    points = (Point(0, (0, 0)), Point(time_of(1902, 1), (20, 10)), Point(END_TIME, (20, 10)))
    line = Timeline(0, points)
    lines = lines_of(score_chart(line, ["Ann", "Bob"], COLOURS, 80))
    assert lines[0] == "Scores over the game — VP by year and week; * level"
    assert lines[1].startswith("20 ┤") and lines[6].startswith("10 ┤")
    assert lines[11].startswith(" 0 ┤")
    rows = plot_rows(lines)
    top, middle, bottom = rows[0], rows[5], rows[10]
    assert set(top.strip()) == {"A"} and set(middle.strip()) == {"B"}
    # A third of the way along, where 1902 begins, both leave 0 VP.
    begins = top.index("A")
    assert middle.index("B") == begins
    assert bottom.rstrip() == "*" * begins
    assert top.rstrip().endswith("A") and len(top.rstrip()) == 80 - 4
    # The end square is week 1 of 1904, never played: the axis ends with 'end'.
    assert lines[-2].split() == ["1901", "1902", "1903", "end"]
    assert lines[-2].endswith("end") and len(lines[-2]) == 80
    assert lines[-1] == "A Ann 20 VP   B Bob 10 VP"


def test_an_unfinished_game_stops_where_the_record_does() -> None:
    # Saved in week 27 of 1902, halfway through a 2-player game.
    line = Timeline(0, (Point(0, (0, 0)), Point(time_of(1902, 27), (12, 4))))
    rows = plot_rows(lines_of(score_chart(line, ["Ann", "Bob"], COLOURS, 80)))
    ends = {len(row.rstrip()) for row in rows if row.strip()}
    assert len(ends) == 1 and 76 // 2 - 2 <= ends.pop() <= 76 // 2 + 2


def test_a_three_player_game_starts_in_week_16_of_1901() -> None:
    session = bot_session(CAT, 3, 4)
    names = [seat.name for seat in session.seats]
    lines = lines_of(score_chart(session_timeline(session), names, COLOURS, 80))
    assert lines[-2].split() == ["1901·16", "1902", "1903", "end"]
    assert lines[-3].count("┬") == 4


def test_marks_are_initials_or_seat_numbers_one_cell_each() -> None:
    assert chart_marks(["Ann", "bob"]) == ["A", "B"]
    assert chart_marks(["Ann", "Abe"]) == ["1", "2"]
    assert chart_marks(["東京", "Bob"]) == ["1", "2"]  # a wide initial would shift its row
    assert chart_marks(["-x", "Bob"]) == ["X", "B"]  # a mark reads as a letter, not a line
    assert chart_marks(["[x]", "Bob"]) == ["X", "B"]
