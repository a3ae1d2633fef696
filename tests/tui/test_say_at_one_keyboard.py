"""`say` and `bot` are for hosted tables: at one keyboard they say so and change nothing."""

from __future__ import annotations

from pathlib import Path

from terminal import game, new_session


def test_say_and_bot_at_a_hot_seat_table_explain_themselves(tmp_path: Path) -> None:
    session = new_session(tmp_path)
    with game(session, "say hello\nbot 2 greedy\nquit\ny\n") as (ui, out):
        assert ui.run() is False
    text = out.getvalue()
    assert "'say' is for hosted games" in text
    assert "'bot SEAT LEVEL' is for the host of a hosted game" in text
    assert session.steps == [] and not session.seats[1].is_bot
