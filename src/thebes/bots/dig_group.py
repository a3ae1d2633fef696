"""The greedy player's value of a dig by its weeks: :class:`DigGroup` holds what the digs of
one site with the same helpers have in common, so that greedy values each of their lengths
with a few sums (the legal actions list dozens of digs that differ only in their weeks, and
greedy values every one at every turn of a search)."""

from __future__ import annotations

from dataclasses import replace

from thebes.bots.outlook import DigPlan
from thebes.catalog.components import WEEKS_PER_YEAR
from thebes.rules import END_TIME, PlayerState, permits_after_move


class DigGroup:
    """What the digs of one site and helpers, differing only in their weeks, have in common."""

    # A plain slotted class: made for every kind of dig at every turn, where a frozen
    # dataclass would set each field through object.__setattr__.
    __slots__ = (
        "after",
        "bag_size",
        "before",
        "extra_tokens",
        "permits_used",
        "plan",
        "start",
        "static",
        "tokens",
        "vp_per_token",
    )

    def __init__(
        self,
        static: float,  # the score and prospects after the dig, bonus artifact included
        plan: DigPlan,
        after: PlayerState,  # after the dig of the weeks the group was made for, nothing found
        start: int,  # the time the digging starts, after the journey
        before: int,  # the time the action starts
        permits_used: int,
        tokens: tuple[int, ...],  # by weeks: the wheel's tokens for the dig's knowledge
        extra_tokens: int,  # shovels
        bag_size: int,
        vp_per_token: float,
    ) -> None:
        self.static = static
        self.plan = plan
        self.after = after
        self.start = start
        self.before = before
        self.permits_used = permits_used
        self.tokens = tokens
        self.extra_tokens = extra_tokens
        self.bag_size = bag_size
        self.vp_per_token = vp_per_token

    def value(self, weeks: int) -> float:
        """Expected outlook after the dig of this many weeks, its finds included."""
        # permits_after_move and min() written out: greedy values every length of every dig
        time = self.start + weeks
        before = self.before
        if time // WEEKS_PER_YEAR > before // WEEKS_PER_YEAR and time < END_TIME:
            permits_used = 0
        else:
            permits_used = self.permits_used
        tokens = self.tokens[weeks] + self.extra_tokens
        if tokens > self.bag_size:
            tokens = self.bag_size
        return self.static + self.plan.value(time, permits_used) + tokens * self.vp_per_token

    def clock(self, weeks: int) -> tuple[int, int]:
        """The time after the dig of this many weeks, and the permits then used."""
        time = self.start + weeks
        return time, permits_after_move(self.before, time, self.permits_used)

    def foreseen(self, weeks: int) -> PlayerState:
        """The player after the dig of this many weeks, before anything is found."""
        time, permits_used = self.clock(weeks)
        return replace(self.after, time=time, permits_used=permits_used)
