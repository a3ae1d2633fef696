"""The lobby's lines: a table as it is listed, the ladder, a player's rated games, and the
time left to play, in the player's language."""

from __future__ import annotations

import time
from collections.abc import Mapping, Sequence

from thebes.language import _, ngettext
from thebes.lobby.hall import Hall
from thebes.lobby.ladder import shown
from thebes.lobby.names import seat_words
from thebes.lobby.rows import Account, HistoryRow, Pace, Rating, TableRow, TableState
from thebes.safeio.text import printable
from thebes.tui.clock import duration_words


def row_line(hall: Hall, row: TableRow, turns: Mapping[int, object]) -> str:
    """One table as the lobby lists it: its number, seats, pace and state."""
    seats = ", ".join(printable(word) for word in seat_words(row))
    pace = _pace_words(row)
    if row.state is TableState.WAITING:
        free = len(row.free_seats)
        state = ngettext("waiting for {count} player", "waiting for {count} players", free).format(
            count=free
        )
    elif row.id in turns:
        deadline = hall.deadline(row.id)
        left = 0.0 if deadline is None else deadline - hall.clock()
        state = _("YOUR MOVE, {time} left").format(time=duration_words(left))
    else:
        state = _("playing")
    private = _(", private") if row.private else ""
    return _("{table:>3}  {seats}  ({pace}{private})  {state}").format(
        table=row.id, seats=seats, pace=pace, private=private, state=state
    )


def ladder_lines(ratings: Sequence[Rating]) -> list[str]:
    """The ladder's first twenty, best first."""
    lines: list[str] = []
    if not ratings:
        lines.append(_("Nobody is rated yet: a game between people finished rates them."))
        return lines
    lines.append(_("The ladder (rating: what a player is at least, nearly surely):"))
    for place, rating in enumerate(ratings[:20], start=1):
        lines.append(
            ngettext(
                "{place:>3}. {name}  {rating}  ({count} game)",
                "{place:>3}. {name}  {rating}  ({count} games)",
                rating.games,
            ).format(
                place=place,
                name=rating.name,
                rating=f"{shown(rating.mu, rating.sigma):.1f}",
                count=rating.games,
            )
        )
    return lines


def history_lines(account: Account, history: Sequence[HistoryRow]) -> list[str]:
    """A player's webhook and rated games, the latest first."""
    lines: list[str] = []
    webhook = account.webhook or _("none")
    lines.append(_("{name}; webhook: {webhook}").format(name=account.name, webhook=webhook))
    if not history:
        lines.append(_("No rated game yet."))
    for row in history:
        day = time.strftime("%Y-%m-%d", time.localtime(row.at))
        lines.append(
            _("  {day}  table {table}: place {place}, rating {rating}").format(
                day=day,
                table=row.table_id,
                place=row.place,
                rating=f"{shown(row.mu, row.sigma):.1f}",
            )
        )
    return lines


def _pace_words(row: TableRow) -> str:
    if row.pace is Pace.LIVE:
        return _("live, {time} a move").format(time=duration_words(row.move_seconds))
    return _("slow, {time} a move").format(time=duration_words(row.move_seconds))
