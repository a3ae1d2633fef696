"""A line said at one terminal of a hosted table (a refusal) stays on its message line when
the table is drawn again because someone else did something there."""

from __future__ import annotations

from contextlib import ExitStack
from pathlib import Path

from hosted import Attached, hosted_session, wait_until
from thebes.hosting.table import HostedTable

REFUSED = "It is Ann's turn, not yours."


def test_a_refusal_stays_said_when_another_terminal_joins(tmp_path: Path) -> None:
    table = HostedTable(hosted_session(tmp_path, ["Ann", "Bob"], {}), None, fast=True)
    with ExitStack() as stack:
        bob = Attached(table, 1, stack)
        bob.wait_ready()
        bob.type("1\n")
        bob.wait_said(REFUSED)
        bob.wait_ready()
        drawn = bob.said().count(REFUSED)
        spectator = Attached(table, None, stack)  # the table changes: every view redraws
        spectator.wait_ready()
        bob.wait_ready()
        wait_until(lambda: bob.said().count(REFUSED) > drawn)  # drawn again, still said
        for view in (bob, spectator):
            view.keys.close()
            view.finish()
