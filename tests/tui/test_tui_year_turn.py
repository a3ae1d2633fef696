"""The time track and the header while some markers have passed week 52 and others not:
a marker ahead in time is drawn ahead, with the line where the new year begins."""

from __future__ import annotations

from helpers import CAT, GOLDEN, setup, start
from thebes.records.session import Session
from thebes.rules import END_TIME, GameState
from thebes.tui.panels import time_track, track_weeks
from thebes.tui.screen import ScreenInfo, render_text, title_line

COLOURS = ("red", "blue", "green", "yellow")


def dated(*dates: tuple[int, int]) -> GameState:
    """Ann, Bob (, Cleo) at these (year, week)s, Ann arriving last."""
    state = start(len(dates))
    for seat, (year, week) in enumerate(dates):
        state = setup(state, seat, location="Rome", year=year, week=week)
    return state


def track(state: GameState) -> list[str]:
    return [line.rstrip() for line in render_text(time_track(state, COLOURS), 80).splitlines()]


def test_a_marker_in_the_next_year_is_drawn_after_the_turn_of_the_year() -> None:
    # The case: Ann at 1902·2 is two weeks ahead of Bob at 1901·52. The track shows
    # weeks 27-52 of 1901 (26 columns), the turn, weeks 1-25 of 1902.
    lines = track(dated((1902, 2), (1901, 52)))
    assert lines == [
        "Time track — year 1901" + " " * 9 + "│1902",
        "week ···0····5····0····5····0··│····5····0····5····0····5",
        " " * 30 + "B│ A",
    ]


def test_one_year_shows_weeks_1_to_52_without_a_turn() -> None:
    lines = track(dated((1901, 1), (1901, 52)))
    assert lines == [
        "Time track — year 1901",
        "week " + "····5····0" * 5 + "··",
        "     A" + " " * 50 + "B",
    ]


def test_a_marker_far_back_moves_the_turn_right_to_keep_it_on_the_track() -> None:
    # Bob at 1901·20 needs 33 weeks of 1901 (20-52) before the turn; 18 of 1902 after it.
    lines = track(dated((1902, 3), (1901, 20)))
    assert lines[0] == "Time track — year 1901" + " " * 16 + "│1902"
    assert lines[1] == "week " + "0····5····0····5····0····5····0··" + "│" + "····5····0····5···"
    assert lines[2] == "     B" + " " * 32 + "│  A"


def test_a_marker_far_ahead_moves_the_turn_left_to_keep_it_on_the_track() -> None:
    # Ann at 1902·30 needs 30 weeks of 1902 after the turn; 21 of 1901 (32-52) before it.
    lines = track(dated((1902, 30), (1901, 50)))
    assert lines[2] == "     " + " " * 18 + "B  │" + " " * 29 + "A"
    assert lines[0] == "Time track — year 1901" + " " * 4 + "│1902"


def test_the_header_names_both_years_while_the_markers_straddle_them() -> None:
    info = ScreenInfo("Thebes", COLOURS, "Since", ())
    straddling = title_line(dated((1902, 2), (1901, 52)), info, 120).plain
    assert straddling == "Thebes   to play: Bob   years 1901-1902   · help keys"
    one_year = title_line(dated((1901, 30), (1901, 52)), info, 120).plain
    assert one_year == "Thebes   to play: Ann   year 1901   · help keys"


def test_in_a_whole_game_no_marker_is_drawn_left_of_one_behind_it() -> None:
    session = Session.load(GOLDEN / "game-4p.json", CAT)
    straddles = 0
    for step in session.steps:
        columns = track_weeks(step.before)
        assert len(columns) == 52
        live = sorted(p.time for p in step.before.players if p.time < END_TIME)
        places = [columns.index(time) for time in live]
        assert places == sorted(places)
        straddles += None in columns
    assert straddles > 0  # the game did cross a year with markers on both sides
