"""The score timeline: each player's total at the game's clock (the rearmost marker) after
the setup and after each action."""

from __future__ import annotations

from helpers import CAT, DEFAULT_DISPLAY, cards_of, score_by_hand, setup, start
from thebes.analysis.timeline import session_timeline, timeline_of
from thebes.rules import END_TIME, START_TIME, time_of
from thebes.tournament.bot_games import bot_session


def test_a_hand_made_game_scores_at_the_rearmost_marker() -> None:
    greece_3 = cards_of("book", "Greece", 3)
    congress = next(c for c in cards_of("congress") if c not in DEFAULT_DISPLAY)
    s0 = start(2)  # both markers on week 1 of 1901, nothing held
    # Ann takes a Greece book (3) and moves to week 10: the Greece majority alone, 5 VP.
    s1 = setup(s0, 0, cards=greece_3[:1], week=10)
    # Bob takes one too and moves to week 20: the majority is shared, 3 VP each (E4),
    # so Ann's total drops on Bob's action.
    s2 = setup(s1, 1, cards=greece_3[1:2], week=20)
    # Ann takes a congress (1 VP) and goes to the end square.
    s3 = setup(s2, 0, cards=[congress], year=1904, week=1)
    s4 = setup(s3, 1, year=1904, week=1)
    line = timeline_of([s0, s1, s2, s3, s4])
    assert line.start == time_of(1901, 1) and line.end == END_TIME
    assert [(p.time, p.totals) for p in line.points] == [
        (0, (0, 0)),
        (0, (5, 0)),  # Bob is still on week 1: the clock has not moved
        (time_of(1901, 10), (3, 3)),
        (time_of(1901, 20), (4, 3)),
        (END_TIME, (4, 3)),
    ]
    assert line.totals_at(0) == (5, 0)  # after every action done in that week
    assert line.totals_at(time_of(1901, 15)) == (3, 3)
    assert line.totals_at(END_TIME - 1) == (4, 3)
    assert line.totals_at(END_TIME) == (4, 3)


def test_a_played_game_matches_the_scores_counted_by_hand() -> None:
    session = bot_session(CAT, 3, 5, "greedy")
    line = session_timeline(session)
    states = [step.before for step in session.steps] + [session.state]
    assert len(line.points) == len(session.steps) + 1
    assert line.start == START_TIME[3] == line.points[0].time
    assert line.points[-1].time == END_TIME
    times = [p.time for p in line.points]
    assert times == sorted(times)  # the clock never goes back
    for point, state in zip(line.points, states, strict=True):
        assert point.time == min(p.time for p in state.players)
        assert list(point.totals) == [entry["total"] for entry in score_by_hand(state)]
    assert max(line.points[-1].totals) > 0
