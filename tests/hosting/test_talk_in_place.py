"""Talk at a hosted table costs a terminal its message line only: a line said, a join or a
drop is written where the message is while the prompt under it waits (what is being typed
stays, and its Enter plays it), and terminals that show the same screen at the same size
have it drawn once for all of them. What a flood of talk costs the host is measured by
benchmarks/bench_table_floods.py."""

from __future__ import annotations

import io
from contextlib import ExitStack
from pathlib import Path

import pytest
from rich.console import Console

from hosted import Attached, hosted_session, shared_table, wait_until
from terminal import text_terminal
from thebes.table.news import Said
from thebes.tui.drawing import BEGIN_SYNC, HOME, RESTORE_CURSOR, SAVE_CURSOR
from thebes.tui.screen import game_screen
from thebes.tui.table import TerminalGame


def said_lines(attached: Attached) -> list[str]:
    return [n.text for n in attached.table.journal.since(0, host=True) if isinstance(n, Said)]


def test_a_line_said_is_written_on_the_message_line_under_which_a_line_is_being_typed(
    tmp_path: Path,
) -> None:
    table = shared_table(hosted_session(tmp_path, ["Ann", "Bob"], {}))
    with ExitStack() as stack:
        ann = Attached(table, 0, stack, remote=True)
        bob = Attached(table, 1, stack, remote=True)
        ann.wait_ready()
        bob.wait_ready()
        bob.type("say hi\r")  # Bob's message line now says something: it has a row
        bob.wait_said("Bob says: hi")
        bob.wait_ready()
        bob.type("say wor")
        view = bob.view()
        assert view is not None
        wait_until(lambda: view.prompt.default_buffer.text == "say wor")
        before = len(bob.said())
        ann.type("say hello there\r")
        wait_until(lambda: "Ann says: hello there" in bob.said()[before:])
        update = bob.said()[before:]
        # Written where the message is, the cursor put back on the prompt: no screen drawn.
        assert update.startswith(BEGIN_SYNC + SAVE_CURSOR) and RESTORE_CURSOR in update
        assert HOME not in update
        assert view.prompt.default_buffer.text == "say wor"  # the prompt never left
        bob.type("ld\r")
        wait_until(lambda: "world" in said_lines(bob))
        assert said_lines(bob) == ["hi", "hello there", "world"]
        for attached in (ann, bob):
            attached.keys.close()
            attached.finish()


def test_a_message_longer_than_its_rows_draws_the_screen_again(tmp_path: Path) -> None:
    table = shared_table(hosted_session(tmp_path, ["Ann", "Bob"], {}))
    with ExitStack() as stack:
        ann = Attached(table, 0, stack, remote=True)
        bob = Attached(table, 1, stack, remote=True, size=(80, 24))
        ann.wait_ready()
        bob.wait_ready()
        bob.type("say hi\r")
        bob.wait_said("Bob says: hi")
        bob.wait_ready()
        before = len(bob.said())
        long = "a line said that is far longer than one row of an eighty-column terminal"
        ann.type(f"say {long} {long}\r")
        wait_until(lambda: "far longer" in bob.said()[before:])
        assert BEGIN_SYNC + HOME in bob.said()[before:]  # more rows: the screen drawn anew
        for attached in (ann, bob):
            attached.keys.close()
            attached.finish()


def test_spectators_at_the_same_size_have_the_screen_drawn_once(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    table = shared_table(hosted_session(tmp_path, ["Ann", "Bob"], {}))
    drawn: list[object] = []

    def counted(*args: object, **options: object) -> object:
        drawn.append(args[0])
        return game_screen(*args, **options)  # type: ignore[arg-type]

    monkeypatch.setattr("thebes.tui.drawing.game_screen", counted)
    screens = []
    views = []
    for _ in range(3):
        out = io.StringIO()
        terminal = text_terminal(out, (120, 40))
        console = Console(file=out, width=120, height=40, force_terminal=True, color_system=None)
        view = TerminalGame(table, terminal, hosted=True, seat=None, host=False)
        view.console = console
        screens.append(out)
        views.append(view)
    for view in views:
        view._refresh()
        view.talk.message = None  # each was told of the others' coming: the same screen now
    for view in views:
        view._draw([])
    assert len(drawn) == 1
    assert screens[0].getvalue() == screens[1].getvalue() == screens[2].getvalue()
    assert "Thebes" in screens[0].getvalue()
    views[0].talk.say("A message takes a row from the screen: drawn again for it.")
    views[0]._draw([])
    assert len(drawn) == 2
    views[0].talk.say("Only this message is new.")
    views[0]._draw([])
    assert len(drawn) == 2  # the rows over the message are the same: not drawn again
    assert "Only this message is new." in screens[0].getvalue()
