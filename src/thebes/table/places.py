"""A place at a table: one front end's seat there (the keyboard of a hot-seat game, a hosted
terminal, a spectator's), and why it must leave."""

from __future__ import annotations

from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field
from enum import Enum

SAY_BURST = 3  # lines a place may say at once, and then one a SAY_EVERY seconds


class Ending(Enum):
    """Why a place must leave the table."""

    TAKEN_OVER = "taken over"  # its seat was taken over from another terminal
    DROPPED = "dropped"  # its connection went
    CLOSED = "closed"  # the host ended the table


@dataclass(eq=False)
class Place:
    """One front end's place at the table. Only the table changes it."""

    seats: frozenset[int]  # the people's seats it acts for; none: a spectator
    host: bool  # the host's own terminal: the game's file, the host's commands
    wake: Callable[[], None]  # called (from any thread) whenever there is something new
    seen: int = 0  # the journal's serial of the last news taken
    version: int = -1  # the table's version of the last snapshot taken
    ended: Ending | None = None
    confirm: bool | None = None  # a hosted terminal's own `confirm on/off`
    said_at: deque[float] = field(default_factory=lambda: deque(maxlen=SAY_BURST))

    @property
    def seat(self) -> int | None:
        """The one seat of a hosted terminal (None for a spectator or the keyboard)."""
        return next(iter(self.seats)) if len(self.seats) == 1 else None
