"""A new table as its creator asks for it: its seats (people and bots), variants, pace, what
happens when a player's time runs out, and whether it is private; why such a table cannot
be made; and what an account, and everyone together, may make a server keep."""

from __future__ import annotations

from dataclasses import dataclass

from thebes.bots import BOT_LEVELS
from thebes.language import _
from thebes.lobby.rows import OnTimeout, Pace
from thebes.rules import VARIANT_NAMES

LIVE_MINUTES = 1, 60  # a live table's time a move, in minutes: the least and the most
SLOW_HOURS = 1, 14 * 24  # a slow table's time a move, in hours


@dataclass(frozen=True, slots=True)
class TableOptions:
    """A table as its creator asks for it."""

    seats: tuple[str | None, ...]  # per seat a bot's level, or None for a person
    variants: tuple[str, ...] = ()
    pace: Pace = Pace.LIVE
    move_seconds: int = 5 * 60
    on_timeout: OnTimeout = OnTimeout.MOVE
    private: bool = False

    def problem(self) -> str | None:
        """Why no table can be made so (None: it can)."""
        seats = self.seats
        if not 2 <= len(seats) <= 4:
            return _("a table has 2 to 4 seats")
        if None not in seats:
            return _("a table needs a seat for you")
        for level in seats:
            if level is not None and level not in BOT_LEVELS:
                return _("no bot level {level} (levels: {levels})").format(
                    level=level, levels=", ".join(BOT_LEVELS)
                )
        for variant in self.variants:
            if variant not in VARIANT_NAMES:
                return _("no variant {name} (variants: {names})").format(
                    name=variant, names=", ".join(VARIANT_NAMES)
                )
        least, most = (
            (LIVE_MINUTES[0] * 60, LIVE_MINUTES[1] * 60)
            if self.pace is Pace.LIVE
            else (SLOW_HOURS[0] * 3600, SLOW_HOURS[1] * 3600)
        )
        if not least <= self.move_seconds <= most:
            return _("that time a move does not fit the table's pace")
        return None


@dataclass(frozen=True, slots=True)
class HallLimits:
    """What one account, and everyone together, may make the server keep; the defaults
    are in docs/server.md."""

    tables_open: int = 8  # tables an account created and not yet over, at once
    invitations_an_hour: int = 40
    accounts_an_hour: int = 200  # new accounts on the whole server
    # The whole server's tables not yet over, and those with a heavy bot (bots.HEAVY: a
    # second or two of a core a move): a few accounts must not take every core's time.
    server_tables: int = 200
    heavy_tables: int = 4
