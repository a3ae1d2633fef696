"""The marks a game's actions carry about who chose them, counted for each player: the
actions a person took after seeing a hint, and those a bot played for a person whose time
ran out (a stand-in). The final table, `thebes games` and `replay --summary` show them."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from thebes.records.gamefile import ActionRecord

if TYPE_CHECKING:
    from thebes.records.session import Seat, Step


def _counted(
    seats: Sequence[Seat], steps: Sequence[Step], marked: Callable[[ActionRecord], bool]
) -> dict[str, int]:
    counts = {seat.name: 0 for seat in seats}
    for step in steps:
        if marked(step.record):
            counts[step.record.player] += 1
    return {name: count for name, count in counts.items() if count}


def hints_used(seats: Sequence[Seat], steps: Sequence[Step]) -> dict[str, int]:
    """How many of their actions each player took after a hint, in seat order; only the
    players who used any."""
    return _counted(seats, steps, lambda record: record.hinted)


def stand_ins(seats: Sequence[Seat], steps: Sequence[Step]) -> dict[str, int]:
    """How many of each player's actions a bot played for them when their time ran out, in
    seat order; only the players it happened to."""
    return _counted(seats, steps, lambda record: record.stood_in is not None)
