"""A seeded game at a shared table: whoever has the seed could foresee every draw, so the
host (who chose it) sees it in the title and the players at other terminals are told the
game is seeded, not its seed."""

from __future__ import annotations

from contextlib import ExitStack
from pathlib import Path

from hosted import Attached, hosted_session, shared_table


def test_the_seed_is_on_the_hosts_screen_and_on_no_other(tmp_path: Path) -> None:
    session = hosted_session(tmp_path, ["Ann", "Bob"], {}, seed=4242)
    table = shared_table(session)
    with ExitStack() as stack:
        host = Attached(table, 0, stack, host=True)
        bob = Attached(table, 1, stack)
        spectator = Attached(table, None, stack)
        for view in (host, bob, spectator):
            view.wait_ready()
        assert "Thebes — seeded game, seed 4242" in host.said()
        for remote in (bob, spectator):
            assert "Thebes — seeded game (its seed is the host's)" in remote.said()
            assert "4242" not in remote.said() + remote.prompt_text()
        for view in (host, bob, spectator):
            view.keys.close()
            view.finish()
