"""A server's table with a clock: the time the player to move has left, beside every
terminal's prompt (ticking), and in plain mode in the prompt's words, read once."""

from __future__ import annotations

import re
import time
from contextlib import ExitStack
from pathlib import Path

from hosted import Attached, hosted_session, shared_table, wait_until
from thebes.language import speaking
from thebes.tui.clock import time_left


def test_the_clock_says_minutes_then_seconds() -> None:
    with speaking("en"):
        assert time_left(2 * 3600 + 300) == "2 h 5 min left"
        assert time_left(299) == "4 min left"
        assert time_left(61.5) == "61 seconds left"
        assert time_left(1) == "1 second left"
        assert time_left(-3) == "0 seconds left"  # the server's clock has not acted yet


def test_every_terminal_shows_the_time_the_player_to_move_has_left(tmp_path: Path) -> None:
    table = shared_table(hosted_session(tmp_path, ["Ann", "Bob"], {}))
    with ExitStack() as stack:
        ann, bob = Attached(table, 0, stack), Attached(table, 1, stack)
        for view in (ann, bob):
            view.wait_ready()
            assert " left" not in view.prompt_text()  # no clock at this table yet
        table.set_move_deadline(time.time() + 90)  # the hall's clock, as Ann's move began
        clock = re.compile(r"(90|89|88) seconds lef")
        wait_until(lambda: all(clock.search(v.prompt_text()) for v in (ann, bob)))
        # Nothing changes at the table, and the prompt is drawn again: the clock ticks
        # (prompt_toolkit rewrites only the digits that changed).
        drawn = len(ann.prompt_text())
        wait_until(lambda: len(ann.prompt_text()) > drawn)
        for view in (ann, bob):
            view.keys.close()
            view.finish()


def test_plain_mode_says_the_time_left_in_the_prompt(tmp_path: Path) -> None:
    table = shared_table(hosted_session(tmp_path, ["Ann", "Bob"], {}))
    table.set_move_deadline(time.time() + 300)
    with ExitStack() as stack:
        ann = Attached(table, 0, stack, plain=True)
        ann.wait_said("Ann, week 1 of 1901, 4 min left: a number")
        ann.keys.close()
        ann.finish()
