"""Pages at a hosted table's remote terminal (no system pager there): drawn by thebes itself
in place of the table, held until the player closes them whatever happens at the table, and
naming no path of the host's."""

from __future__ import annotations

import re
from contextlib import ExitStack
from pathlib import Path

import pytest

from hosted import Attached, hosted_session, shared_table, wait_until
from thebes.rules import NO_VARIANTS, active_seat
from thebes.tui import commands
from thebes.tui.help_page import help_view
from thebes.tui.paging import BACK
from thebes.tui.screen import render_text


def test_a_page_stays_open_while_the_table_moves_on(tmp_path: Path) -> None:
    session = hosted_session(tmp_path, ["Ann", "Bob"], {})
    mover = active_seat(session.state)
    assert mover is not None
    table = shared_table(session)
    with ExitStack() as stack:
        moving = Attached(table, mover, stack, size=(80, 24))
        waiting = Attached(table, 1 - mover, stack, size=(80, 24), remote=True)
        moving.wait_ready()
        waiting.wait_ready()
        waiting.type("board\n")
        wait_until(lambda: BACK in waiting.prompt_text()[waiting.mark :], "no page drawn")
        assert "Warsaw" in waiting.prompt_text()[waiting.mark :]  # the board, on the page
        screen, prompts = len(waiting.said()), len(waiting.prompts.getvalue())
        moving.type("take 1\n")
        wait_until(lambda: len(session.steps) == 1)
        moving.wait_ready()  # the mover's table was woken and drawn again
        # The page's terminal was woken too: nothing was drawn over its page.
        assert len(waiting.said()) == screen
        assert len(waiting.prompts.getvalue()) == prompts
        waiting.type("q")
        wait_until(lambda: len(waiting.said()) > screen, "the table never came back")
        waiting.wait_ready()
        for terminal in (moving, waiting):
            terminal.keys.close()
            terminal.finish()


def test_a_long_page_scrolls_and_closes(tmp_path: Path) -> None:
    session = hosted_session(tmp_path, ["Ann", "Bob"], {})
    mover = active_seat(session.state)
    assert mover is not None
    table = shared_table(session)
    with ExitStack() as stack:
        player = Attached(table, mover, stack, size=(80, 24), remote=True)
        player.wait_ready()
        player.type("rules\n")
        wait_until(lambda: "lines 1-23 of " in player.prompt_text()[player.mark :])
        found = re.search(r"lines 1-23 of (\d+)", player.prompt_text()[player.mark :])
        assert found is not None
        total = int(found.group(1))
        player.type(" ")
        wait_until(lambda: "24-46" in player.prompt_text()[player.mark :])
        player.type("\x1b[F")  # End: the last rows
        wait_until(lambda: f"{total - 22}-{total}" in player.prompt_text()[player.mark :])
        player.type("\r")
        player.wait_ready()
        assert session.steps == []  # keys read by the page played nothing
        player.keys.close()
        player.finish()


def test_the_help_names_no_path_of_the_host_at_a_remote_terminal(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(commands, "thebes_command", lambda words="": f"/host/bin/thebes {words}")
    here = render_text(help_view(NO_VARIANTS), 200)
    there = render_text(help_view(NO_VARIANTS, remote=True), 200)
    assert "/host/bin/thebes games" in here and "end with q" in here
    assert "/host/" not in there and "'thebes games'" in there
    assert "close with q, Enter or Esc" in there
    assert "resume FILE" in here and "resume" not in there and "your seat waits" in there
    # The host's own commands are the host's: a remote player (at a server, there is no
    # host at all) is not told of them.
    for host_only in ("bot SEAT LEVEL", "how friends join"):
        assert host_only in here and host_only not in there
    assert "the host" not in " ".join(there.split()).split("Commands")[1].split("A menu number")[0]
