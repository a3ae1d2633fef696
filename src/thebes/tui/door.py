"""The terminals of a hosted table: each connection's terminal (and the host's own) is given
its place at the table here, and runs the same table as the keyboard's in a thread of its
own. What the network side (:mod:`thebes.hosting`) needs of a table is this door: a terminal
for a seat comes in, a seat's connection went.
"""

from __future__ import annotations

import threading
from collections.abc import Sequence
from dataclasses import replace

from thebes.language import current_language, speaking
from thebes.table.authority import Table
from thebes.table.places import Ending
from thebes.tui.plain import PlainGame
from thebes.tui.table import TerminalGame
from thebes.tui.terminal import Terminal

GONE_POLL_SECONDS = 0.25  # how often a view looks whether its connection went


class TerminalDoor:
    """How terminals come to one hosted table."""

    def __init__(self, table: Table, *, notes: Sequence[str] = ()) -> None:
        self.table = table
        # What the host's terminal alone may see (how friends join, their codes): set by
        # whoever hosts, before attaching the host's terminal.
        self.notes = list(notes)

    def attach(
        self, terminal: Terminal, seat: int | None, gone: threading.Event, *, host: bool = False
    ) -> None:
        """Run ``terminal``'s table (``seat`` None: a spectator; ``host``: the host's own
        terminal) until the game is over, the person leaves, ``gone`` is set or the
        terminal's input ends. A second terminal for a seat takes it over from the first."""
        self.sit(terminal, seat, gone, host=host)

    def sit(
        self, terminal: Terminal, seat: int | None, gone: threading.Event, *, host: bool = False
    ) -> Ending | None:
        """:meth:`attach`, saying why the terminal had to leave (None: it left by itself,
        or the game is over)."""
        if not host:
            terminal = replace(terminal, pager=False)  # `less` runs at the host's terminal only
        # The table speaks the terminal's language from its first word: the events so far
        # are worded when it is made.
        with speaking(terminal.language or current_language()):
            game = table_at(terminal)(
                self.table,
                terminal,
                hosted=True,
                seat=seat,
                host=host,
                gone=gone,
                notes=self.notes if host else (),
            )
            finished = threading.Event()
            watcher = threading.Thread(target=_watch_gone, args=(game, finished), daemon=True)
            watcher.start()
            try:
                game.run()
            except (EOFError, OSError):
                pass  # the connection dropped: the game is saved, the seat waits
            finally:
                finished.set()
                # Ended before the table's thread is: nothing holds the table's objects once
                # it lets go (a host collects them then: thebes.hosting.memory).
                watcher.join()
        return game.place.ended

    def disconnected(self, seat: int) -> None:
        """The connection of ``seat`` dropped: its terminal's table ends, and says so."""
        self.table.dropped(seat)

    @property
    def closed(self) -> bool:
        """Whether the host has ended the table."""
        return self.table.closed


def table_at(terminal: Terminal) -> type[TerminalGame]:
    """The table a terminal shows: the screen's, or in lines (plain mode)."""
    return PlainGame if terminal.plain else TerminalGame


def _watch_gone(game: TerminalGame, finished: threading.Event) -> None:
    """Wake the table's prompt once its connection is gone (the prompt then ends); end as
    soon as the table has (its thread waits for this one)."""
    while not finished.wait(GONE_POLL_SECONDS):
        if game.gone.is_set():
            game.place.wake()
            return
