"""Whose turn it is and what time does: turn order (T1, T2), the end (E0), the year marker
(Y2), the exchange price (D4) and the permits a new year renews (T4, Y1)."""

from __future__ import annotations

from thebes.catalog.components import WEEKS_PER_YEAR
from thebes.rules.state import END_TIME, NOT_WORKED_OUT, GameState, year_of


def active_seat(state: GameState) -> int | None:
    """T1, T2: the player furthest back in time, the top of the stack first; None at the end."""
    seat = state.to_move
    if seat != NOT_WORKED_OUT:
        return None if seat < 0 else seat
    best = None
    best_time = END_TIME
    best_arrival = -1
    for seat, player in enumerate(state.players):
        t = player.time
        if t < best_time or (t == best_time and t < END_TIME and player.arrival > best_arrival):
            best, best_time, best_arrival = seat, t, player.arrival
    # Every search asks this several times of each state; the memo is the state's own.
    object.__setattr__(state, "to_move", -1 if best is None else best)
    return best


def is_over(state: GameState) -> bool:
    """E0: every marker is on the end square."""
    return active_seat(state) is None  # the memo of the seat to move answers at once


def game_year(state: GameState) -> int:
    """Y2: the year marker shows the year of the player furthest back."""
    return year_of(min(p.time for p in state.players))


def exchange_price(state: GameState, seat: int) -> int:
    """D4: 1 week, plus 1 for each exchange the same player made since another player's turn."""
    return state.exchange_streak + 1 if state.last_actor == seat else 1


def renews_permits(start: int, end: int) -> bool:
    """T4, Y1: a marker moving from ``start`` to ``end`` passes week 52 into a new year (the
    end square is no year), which makes every permit of that player valid again."""
    # year_of(end) > year_of(start), without the calls: every action asks this.
    return end // WEEKS_PER_YEAR > start // WEEKS_PER_YEAR and end < END_TIME


def permits_after_move(start: int, end: int, permits_used: int) -> int:
    """The used-permit bits after a move from ``start`` to ``end`` (see :func:`renews_permits`)."""
    return 0 if renews_permits(start, end) else permits_used
