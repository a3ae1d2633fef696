"""Each player's score over the weeks of a game, computed from its history.

What "the score in week w" means in Thebes: every player has their own marker on the time
track, and one action can move a marker many weeks ahead (a dig of 10 weeks is one action).
Plotting an action at its actor's new time would send the x axis back and forth: after Ann
digs from week 5 to week 15, Bob acts at week 6. And a score is not the actor's alone: a
majority (E4) changes hands when anyone gains books, so one action can lower another
player's total.

So the clock here is the one the game itself keeps (T1, Y2): the time of the rearmost
marker, whose player acts next. It never goes back. After each action every player's total
(:func:`~thebes.rules.scores`, majorities included, as if the game ended then) is set down
at that clock, so at any week the chart shows the standings the table saw while the
rearmost marker stood there; the last point, at the end square, is the final score.
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Sequence
from dataclasses import dataclass

from thebes.records.view import GameView
from thebes.rules import END_TIME, START_TIME, GameState, scores


@dataclass(frozen=True, slots=True)
class Point:
    """The standings once an action is done."""

    time: int  # weeks from week 1 of 1901: the rearmost marker's
    totals: tuple[int, ...]  # per seat


@dataclass(frozen=True, slots=True)
class Timeline:
    """The standings after the setup and after each action, in order."""

    start: int  # the first week of the game (later with more players, S2)
    points: tuple[Point, ...]  # the first is the setup; times never decrease

    @property
    def end(self) -> int:
        return END_TIME

    def totals_at(self, time: int) -> tuple[int, ...]:
        """The standings in week ``time``: after the last action done by then."""
        index = bisect_right(self.points, time, key=lambda point: point.time)
        return self.points[max(index - 1, 0)].totals


def clock(state: GameState) -> int:
    """The rearmost marker's week: the game's own clock (no action goes past the end)."""
    return min(p.time for p in state.players)


def timeline_of(states: Sequence[GameState]) -> Timeline:
    """The timeline of a game given as its state after the setup and after each action."""
    first = states[0]
    points = tuple(Point(clock(s), tuple(score.total for score in scores(s))) for s in states)
    return Timeline(START_TIME[len(first.players)], points)


def session_timeline(session: GameView) -> Timeline:
    """The timeline of a session's history, from the setup to its current state."""
    states = [step.before for step in session.steps]
    return timeline_of([*states, session.state])
