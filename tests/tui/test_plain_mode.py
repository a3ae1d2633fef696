"""Plain mode: a whole game played in lines, as a screen reader reads a terminal: no escape
code, no box drawing, each prompt naming the player and the date, the menu numbered, the
position told in sentences, the final scores in words."""

from __future__ import annotations

import io
import re
from pathlib import Path

from prompt_toolkit.input import create_pipe_input

from terminal import greedy_lines, new_session, text_terminal
from thebes.records.session import Session
from thebes.table.authority import Table
from thebes.table.ending import leave_out_skill
from thebes.table.news import Departure
from thebes.tui.plain import PlainGame

BOX_DRAWING = re.compile("[\u2500-\u257f\u2580-\u259f]")
PROMPT = re.compile(r"^(Ann|Bob), (week \d+ of 190\d|at the end)(, again)?: a number", re.M)


def play_plain(tmp_path: Path, keys: str, seed: int = 7) -> tuple[bool, str, Session]:
    session = new_session(tmp_path, seed)
    out = io.StringIO()
    with create_pipe_input() as pipe:
        pipe.send_text(keys)
        pipe.close()
        table = Table(session, session.lock, fast=True)
        leave_out_skill(table)
        over = PlainGame(table, text_terminal(out, keys=pipe), fast=True).run()
    return over, out.getvalue(), session


def test_a_whole_game_is_played_in_plain_lines(tmp_path: Path) -> None:
    lines = greedy_lines(7)
    over, shown, session = play_plain(tmp_path, "".join(f"{line}\r" for line in lines))
    assert over and session.is_over
    assert len(session.steps) == len(lines)
    assert "\x1b" not in shown  # no colour, no cursor movement, no alternate screen
    assert not BOX_DRAWING.search(shown)
    # A prompt a turn, each naming the player and the date.
    assert len(PROMPT.findall(shown)) == len(lines)
    assert "wins with" in shown
    # Each action told once, in a line of its own.
    assert shown.count("Ann and Bob set out from Warsaw") == 1


def test_the_menu_is_numbered_once_a_position_and_again_on_an_empty_line(tmp_path: Path) -> None:
    _, shown, _ = play_plain(tmp_path, "\rquit\ry\r")
    assert shown.count("\n1: take 1: ") == 2
    assert "5: exchange: new display cards in Warsaw — 1 week" in shown
    assert "Ann is in Warsaw, week 1 of 1901, with 0 VP." in shown


def test_a_menu_number_asks_before_playing_and_tells_what_happened(tmp_path: Path) -> None:
    _, shown, session = play_plain(tmp_path, "2\ry\rquit\ry\r")
    assert "Play it? [Y/n] y" in shown
    assert len(session.steps) == 1
    assert "Ann takes the" in shown
    assert "Bob, week 1 of 1901: a number" in shown


def test_typing_is_echoed_and_backspace_erases(tmp_path: Path) -> None:
    _, shown, session = play_plain(tmp_path, "3\x7f2\ry\rquit\ry\r")
    assert "3\b \b2" in shown
    assert session.steps[0].action == session.parse("take 2")


def test_the_position_is_told_in_sentences_on_request(tmp_path: Path) -> None:
    keys = "board\rplayers\rbags\rhelp\rrules\rlog\rquit\ry\r"
    _, shown, _ = play_plain(tmp_path, keys)
    assert "\x1b" not in shown
    assert not BOX_DRAWING.search(shown)
    assert "Card 1: " in shown and "Draw pile: " in shown
    assert "From Warsaw, Ann travels to London in 2 weeks" in shown
    assert "Ann scores 0 VP: artifacts 0, exhibitions 0, congresses 0, majorities 0." in shown
    assert "Greece: 12 artifacts (" in shown
    assert "\nboard: the board: locations, roads, who is where\n" in shown
    # The rulebook a paragraph a line, its headings without their marks.
    assert "\nS1 — Players\n" in shown
    assert "\nTwo, three or four people play. Each one has a name" in shown


def test_a_hint_is_told_one_action_a_line(tmp_path: Path) -> None:
    _, shown, _ = play_plain(tmp_path, "hint\rquit\ry\r")
    hints = re.findall(r"^(\d)\. (\S.*): [+-]\d+\.\d VP ± \d+\.\d\. ", shown, re.M)
    assert [number for number, _ in hints] == ["1", "2", "3"]


def test_the_planner_tells_the_odds_a_sentence_a_length_of_dig(tmp_path: Path) -> None:
    # Seed 7: Ann takes card 1, Bob card 3; then Ann can dig at Palestine (entry 9).
    _, shown, session = play_plain(tmp_path, "1\ry\r3\ry\r9\r12\rn\r9\r3\ry\rquit\ry\r")
    assert "\nDig at Palestine: knowledge 3.\n" in shown
    assert "\n3 weeks (7 in all): 1 token, 100% chance of an artifact or more, " in shown
    assert "Ann, week 7 of 1901: Dig at Palestine: weeks" in shown
    assert "Ann, week 7 of 1901: dig Palestine 12 — 16 weeks, 4 travel. Play it? [Y/n] n" in shown
    assert session.steps[-1].action == session.parse("dig Palestine 3")


def test_a_terminal_joining_hears_the_game_not_who_came_and_went(tmp_path: Path) -> None:
    # A screen reader joining a table (or joining again after a reload) is told the last
    # lines of the game first; a dozen arrivals and drops would have come before them.
    session = new_session(tmp_path, 7)
    table = Table(session, session.lock, fast=True)
    leave_out_skill(table)
    table.play(table.join_keyboard(lambda: None), session.parse("take 2"), 0)
    for _ in range(6):
        table.leave(table.join(1, lambda: None), Departure.DROPPED)
    out = io.StringIO()
    with create_pipe_input() as pipe:
        pipe.send_text("log\rquit\ry\r")
        pipe.close()
        PlainGame(table, text_terminal(out, keys=pipe), fast=True).run()
    shown = out.getvalue()
    first, logged = shown.split("help: log", 1)
    assert "Ann takes the" in first and "set out from Warsaw" in first
    assert "Bob" not in first.split("Ann takes the", 1)[1].split("\n", 1)[0]
    assert "back at the table" not in first and "took the seat over" not in first
    assert "Earlier events are in the log: type log." in first
    assert logged.count("Bob is back at the table.") == 5  # all of it in the log
