"""The charts' marks (issue 21, point 10): one `*` where players' lines meet, the week axis
ending at `end`, and the expected scores of three or four players drawn as a band each,
within 80 columns."""

from __future__ import annotations

from rich.text import Text

from thebes.analysis.move_review import MoveReview
from thebes.analysis.timeline import Point, Timeline
from thebes.rules import END_TIME, time_of
from thebes.tui.chart import score_chart_lines
from thebes.tui.evaluation import evaluation_chart_lines

COLOURS = ["red", "blue", "green", "yellow"]


def plain(lines: list[Text]) -> list[str]:
    return [line.plain.rstrip() for line in lines]


def test_two_lines_meeting_show_one_star_not_alternating_letters() -> None:
    # Ann and Bob level at 10 VP all game: one line of stars on the 10 VP row (the top).
    points = (Point(0, (10, 10)), Point(END_TIME, (10, 10)))
    lines = plain(score_chart_lines(Timeline(0, points), ["Ann", "Bob"], COLOURS, 80))
    assert lines[0].endswith("; * level")
    assert lines[1] == "10 ┤" + "*" * 76
    assert not any("A" in line or "B" in line for line in lines[1:12])


def test_the_week_axis_ends_at_the_end_square_not_1904() -> None:
    points = (Point(0, (0, 0)), Point(time_of(1902, 1), (20, 10)), Point(END_TIME, (20, 10)))
    lines = plain(score_chart_lines(Timeline(0, points), ["Ann", "Bob"], COLOURS, 80))
    assert lines[-2].split() == ["1901", "1902", "1903", "end"] and len(lines[-2]) == 80
    assert "1904" not in "\n".join(lines)


def review(number: int, player: str, scores: tuple[float, ...], label: str = "") -> MoveReview:
    loss = {"": 0.0, "blunder": 9.0, "mistake": 4.6}[label]
    return MoveReview(number, player, "take 1", 1.0, "take 2", 1.0 + loss, loss, label, scores)


NAMES = ["Ann", "Bob", "Cleopatra Philopator", "Dan"]


def test_four_players_expected_scores_are_a_band_each() -> None:
    # 68 actions (one a column at 80 wide): Ann's score climbs 20 -> 53.5 by 0.5 a step,
    # Bob stays at 40, Cleo at 30, Dan at 20; Bob blunders at action 10, Dan errs at 60.
    moves = [review(n, NAMES[(n - 1) % 4], (19.5 + n / 2, 40.0, 30.0, 20.0)) for n in range(1, 69)]
    moves[9] = review(10, "Bob", moves[9].scores, "blunder")
    moves[59] = review(60, "Dan", moves[59].scores, "mistake")
    lines = plain(evaluation_chart_lines(moves, NAMES, COLOURS, 80, 68))
    assert all(len(line) <= 80 for line in lines) and len(lines) == 2 + 8 + 2
    # The scale: 20 VP up to 53.5 rounded up to 60.
    assert lines[1] == "bars from 20 to 60 VP; the number: at ▲; × blunder  ? mistake  · inaccuracy"
    ann, ann_bars, bob, bob_bars, cleo, cleo_bars, dan, dan_bars = lines[2:10]
    # Labels: mark and name (cut to 9 with a mark), under them the score at ▲ (action 68).
    assert ann.startswith("A Ann ") and ann_bars.startswith("      53.5  ")
    assert cleo == "C Cleopatr…" and cleo_bars.startswith("      30.0  ")
    # Bob at 40 VP: (40 - 20) * 16 / 40 = 8 eighths, a full lower row under nothing.
    assert set(bob_bars[12:]) == {"█"} and bob[12:].strip() == "×" and bob.index("×") == 12 + 9
    # Cleo at 30: 4 eighths (▄); Dan at 20: the bottom, drawn as one eighth (▁).
    assert set(cleo_bars[12:]) == {"▄"} and cleo[12:].strip() == ""
    assert set(dan_bars[12:]) == {"▁"} and dan.index("?") == 12 + 59
    # Ann's bar grows: first column 20 VP (▁ alone), last 53.5 (13 eighths: █ under ▅).
    assert ann_bars[12] == "▁" and ann[12] == " " and (ann_bars[-1], ann[-1]) == ("█", "▅")
    assert lines[-2].index("▲") == 12 + 67 and lines[-1].split()[0] == "1"


def test_two_players_keep_one_plot_with_a_star_where_they_meet() -> None:
    moves = [review(n, ["Ann", "Bob"][n % 2], (30.0, 30.0)) for n in range(1, 5)]
    lines = plain(evaluation_chart_lines(moves, ["Ann", "Bob"], COLOURS, 80, 2))
    assert lines[0].endswith("* level") and lines[1] == "30 ┤" + "*" * 76
