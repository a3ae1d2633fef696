"""At 80x24 a hosted terminal whose player is not to move shows that player's own cards and
tokens (the compact layout has room for one tableau); the mover's terminal, a spectator's
and one keyboard show the mover's."""

from __future__ import annotations

from contextlib import ExitStack
from pathlib import Path

from hosted import Attached, hosted_session, shared_table
from thebes.rules import active_seat
from thebes.tui.screen import ScreenInfo, game_screen, render_text


def tableau_names(screen: str) -> set[str]:
    """Whose compact tableau lines the screen shows ("Ann: books G0 ...")."""
    return {line.split(":")[0] for line in screen.splitlines() if ": books " in line}


def test_a_waiting_player_sees_their_own_cards_at_80x24(tmp_path: Path) -> None:
    session = hosted_session(tmp_path, ["Ann", "Bob"], {})
    mover = active_seat(session.state)
    assert mover is not None
    waiting = 1 - mover
    names = ["Ann", "Bob"]
    table = shared_table(session)
    with ExitStack() as stack:
        moving = Attached(table, mover, stack, size=(80, 24))
        other = Attached(table, waiting, stack, size=(80, 24))
        watcher = Attached(table, None, stack, size=(80, 24))
        for terminal in (moving, other, watcher):
            terminal.wait_ready()
        assert tableau_names(moving.said()) == {names[mover]}
        assert tableau_names(other.said()) == {names[waiting]}
        assert tableau_names(watcher.said()) == {names[mover]}
        for terminal in (moving, other, watcher):
            terminal.keys.close()
            terminal.finish()


def test_the_screen_shows_the_seat_it_is_told_and_stays_in_its_rows(tmp_path: Path) -> None:
    session = hosted_session(tmp_path, ["Ann", "Bob", "Cleo"], {})
    state = session.state
    mover = active_seat(state)
    assert mover is not None
    colours = [seat.colour for seat in session.seats]
    screens = {
        own: render_text(game_screen(state, ScreenInfo("T", colours, "", [], own=own), 80, 22), 80)
        for own in (None, 0, 1, 2)
    }
    assert tableau_names(screens[None]) == {state.players[mover].name}
    for own in (0, 1, 2):
        assert tableau_names(screens[own]) == {state.players[own].name}
        assert len(screens[own].splitlines()) == len(screens[None].splitlines())
