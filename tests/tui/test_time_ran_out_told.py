"""A person's time ran out and a bot stood in: the message line tells everyone (the person
in the second person), the log in the third; the replay's line, the final table, `thebes
games` and `replay --summary` say which actions a bot played for whom."""

from __future__ import annotations

from pathlib import Path

from helpers import CAT
from thebes.cli.replay import summary_table
from thebes.records.library import ListedFile, read_game
from thebes.records.session import Session, default_seats
from thebes.table.news import TimeRanOut
from thebes.tournament.bot_games import GameResult, bot_session
from thebes.tui.evaluation import step_line
from thebes.tui.final import final_view
from thebes.tui.gamelist import game_line
from thebes.tui.news import log_lines, news_line
from thebes.tui.screen import render_text

SEATS = default_seats(["Ann", "Bob"])


def test_the_message_line_tells_the_person_and_the_others_apart() -> None:
    once, for_good = TimeRanOut(1, "greedy", False), TimeRanOut(1, "expert", True)
    assert news_line(once, SEATS, frozenset({0})) == (
        "Bob's time ran out: the greedy bot played this move for them."
    )
    assert news_line(once, SEATS, frozenset({1})) == (
        "Your time ran out: the greedy bot played this move for you."
    )
    assert news_line(for_good, SEATS, frozenset({0})) == (
        "Bob's time ran out: the expert bot plays for them from now on."
    )
    assert news_line(for_good, SEATS, frozenset({1})) == (
        "Your time ran out: the expert bot plays for you from now on."
    )
    assert log_lines(for_good, SEATS) == [
        "Bob's time ran out: the expert bot plays for them from now on."
    ]


def test_the_replay_line_says_the_bot_played_the_action() -> None:
    line = step_line(4, "Ann", "take 2", None, 80, stood_in="greedy").plain
    assert line == "4: Ann — take 2 (played by the greedy bot: time ran out)"
    assert step_line(4, "Ann", "take 2", None, 80).plain == "4: Ann — take 2"


def test_the_final_table_says_for_whom_a_bot_stood_in() -> None:
    state = bot_session(CAT, 2, 11).state
    plain = render_text(final_view(state, ["red", "blue"], 80), 80)
    told = render_text(final_view(state, ["red", "blue"], 80, stand_ins={"P2": 2}), 80)
    assert told == plain + "A bot stood in for: P2 2\n"


def stood_in_file(path: Path) -> Session:
    session = Session(CAT, default_seats(["Ann", "Bob"]), 4, autosave=path)
    session.play(session.parse("exchange"))
    session.play(session.parse("exchange"), stood_in="greedy")  # Bob's time ran out
    return session


def test_the_games_listing_and_the_summary_count_the_stand_ins(tmp_path: Path) -> None:
    session = stood_in_file(tmp_path / "g.json")
    line = game_line(1, read_game(ListedFile(tmp_path / "g.json", None), CAT))
    assert line.endswith("  bot stood in: Bob 1")
    assert "hints" not in line
    summary = summary_table(
        tmp_path / "g.json", session, GameResult.of(session.state, session.seed, {})
    )
    assert summary.splitlines()[-1] == "bot stood in: Bob 1"
