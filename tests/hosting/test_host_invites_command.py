"""The host's `invites`: the invites printed before the table (hidden once it is drawn)
shown again at the host's terminal, as its first message says; never at another terminal."""

from __future__ import annotations

from contextlib import ExitStack
from pathlib import Path

from hosted import Attached, hosted_session, shared_table
from terminal import game, new_session

NOTES = [
    "Friends join from their terminals (each line to its player alone):",
    "  Bob: ssh -p 8022 Bob@table.local   code: dobe-kisu",
    "  Spectators: ssh -p 8022 spectator@table.local   code: lunu-peza",
]


def test_the_host_sees_the_invites_again_and_no_other_terminal_does(tmp_path: Path) -> None:
    session = hosted_session(tmp_path, ["Ann", "Bob"], {})
    table = shared_table(session)
    with ExitStack() as stack:
        host = Attached(table, 0, stack, host=True, notes=list(NOTES))
        host.wait_ready()
        host.wait_said("Type invites to see how friends join.")
        bob = Attached(table, 1, stack)
        spectator = Attached(table, None, stack)
        host.type("invites\n")
        host.wait_said("  Bob: ssh -p 8022 Bob@table.local   code: dobe-kisu")
        host.wait_said("Saved after every action in")  # where the game is: hidden too
        for view in (bob, spectator):
            view.wait_ready()
            view.type("invites\n")
            view.wait_said("Only the host sees how friends join: ask the host for your code.")
        for view in (host, bob, spectator):
            view.keys.close()
            view.finish()
    for view in (bob, spectator):
        shown = view.said() + view.prompt_text()
        assert "dobe-kisu" not in shown and "lunu-peza" not in shown
        assert "Type invites" not in shown


def test_invites_at_one_keyboard_says_what_it_is_for(tmp_path: Path) -> None:
    with game(new_session(tmp_path), "invites\nquit\ny\n") as (ui, out):
        assert ui.run() is False
    assert "'invites' is for the host of a hosted game" in out.getvalue()
