"""Tab at a prompt on the last row of an 80x24 table completes in the line itself: no menu
opens under the prompt, which would scroll the table's title and standings off the
screen; the completion and its cost are named on the prompt's own row."""

from __future__ import annotations

from contextlib import ExitStack
from pathlib import Path

from hosted import Attached, hosted_session, shared_table, wait_until
from thebes.rules import active_seat


def test_tab_at_80x24_writes_no_row_under_the_prompt(tmp_path: Path) -> None:
    session = hosted_session(tmp_path, ["Ann", "Bob"], {})
    mover = active_seat(session.state)
    assert mover is not None
    table = shared_table(session)
    with ExitStack() as stack:
        player = Attached(table, mover, stack, size=(80, 24))
        player.wait_ready()
        player.type("ta")
        wait_until(lambda: "ta" in player.prompt_text()[player.mark :])
        start = len(player.prompts.getvalue())
        player.type("\t")  # the common part, "take ", and the completions Tab goes through
        wait_until(
            lambda: "take 1 · take 2" in player.prompt_text()[player.mark :],
            f"Tab named no completions: {player.prompt_text()[player.mark :]!r}",
        )
        player.type("\t")  # the first completion, with what it takes on the row
        wait_until(
            lambda: "book" in player.prompt_text()[player.mark :],
            f"no completion named: {player.prompt_text()[player.mark :]!r}",
        )
        written = player.prompts.getvalue()[start:]
        # Not a row more: no newline, no move down, nothing that scrolls the terminal.
        assert "\n" not in written and "\x1b[B" not in written and "\x1bD" not in written
        player.keys.close()
        player.finish()
