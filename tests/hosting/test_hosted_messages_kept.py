"""The message line at a hosted terminal: a refusal said there stays when the table is drawn
again for a change that says nothing (another terminal's `confirm off`), and is replaced by
what the table announces (someone joins), whatever the line held."""

from __future__ import annotations

from contextlib import ExitStack
from pathlib import Path

from hosted import Attached, hosted_session, shared_table, wait_until

REFUSED = "It is Ann's turn, not yours."


def test_a_refusal_stays_said_when_the_table_changes_silently(tmp_path: Path) -> None:
    table = shared_table(hosted_session(tmp_path, ["Ann", "Bob"], {}))
    with ExitStack() as stack:
        ann = Attached(table, 0, stack)
        bob = Attached(table, 1, stack)
        bob.wait_ready()
        bob.type("1\n")
        bob.wait_said(REFUSED)
        bob.wait_ready()
        drawn = bob.said().count(REFUSED)
        ann.wait_ready()
        ann.type("confirm off\n")  # the table changes: every view redraws
        ann.wait_said("Confirmation off at this terminal.")
        wait_until(lambda: bob.said().count(REFUSED) > drawn)  # drawn again, still said
        for view in (ann, bob):
            view.keys.close()
            view.finish()


def test_a_join_is_announced_whatever_the_message_line_held(tmp_path: Path) -> None:
    table = shared_table(hosted_session(tmp_path, ["Ann", "Bob"], {}))
    with ExitStack() as stack:
        bob = Attached(table, 1, stack)
        bob.wait_ready()
        bob.type("1\n")
        bob.wait_said(REFUSED)
        bob.wait_ready()
        ann = Attached(table, 0, stack)
        bob.wait_said("Ann joined the table.")
        ann.wait_ready()
        spectator = Attached(table, None, stack)
        for view in (ann, bob):
            view.wait_said("A spectator joined the table.")
        spectator.keys.close()
        spectator.finish()
        for view in (ann, bob):
            view.wait_said("A spectator left the table.")
            view.keys.close()
            view.finish()
