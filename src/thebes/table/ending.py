"""A finished game weighed: each player's luck and skill, for the final screen.

*Luck* is what a player's draws brought beyond what they could expect
(:mod:`thebes.analysis.luck`); *skill* is what their choices cost against the judge's best,
as `thebes analyze` finds it (:func:`thebes.analysis.game_review.skill_of`), so never above
0. Luck is quick to find; skill asks the judge about every action of the
game, a few seconds, so it is found once a table, however many terminals show the end, and
a table may be told to leave it out (``--no-review``).
"""

from __future__ import annotations

import threading
from dataclasses import dataclass
from weakref import WeakKeyDictionary, WeakSet

from thebes.analysis.game_review import skill_of
from thebes.analysis.judge import Judge
from thebes.analysis.luck import luck_of
from thebes.analysis.move_review import MoveReview, review_move
from thebes.records.view import GameView
from thebes.rules import active_seat
from thebes.table.authority import Table


@dataclass(frozen=True, slots=True)
class Balance:
    """Each seat's luck and skill in a finished game, in VP."""

    names: tuple[str, ...]
    digs: tuple[float, ...]  # luck at the digs
    cards: tuple[float, ...]  # luck at the cards drawn
    skill: tuple[float, ...] | None  # None: the choices were not weighed

    @property
    def luck(self) -> tuple[float, ...]:
        return tuple(d + c for d, c in zip(self.digs, self.cards, strict=True))


_lock = threading.Lock()
_weighed: WeakKeyDictionary[Table, Balance] = WeakKeyDictionary()
_unweighed: WeakSet[Table] = WeakSet()


def leave_out_skill(table: Table) -> None:
    """The end of ``table``'s game shows luck alone: its choices are not weighed."""
    _unweighed.add(table)


def end_balance(table: Table) -> Balance:
    """The balance of ``table``'s game, found once (the other terminals wait for it)."""
    with _lock:
        if (kept := _weighed.get(table)) is None:
            kept = _weighed[table] = balance_of(table.session, skill=table not in _unweighed)
        return kept


def balance_of(game: GameView, *, skill: bool = True) -> Balance:
    """The luck and, with ``skill``, the skill of every seat in ``game`` so far."""
    steps, seats = game.steps, game.seats
    luck = luck_of(steps, len(seats))
    names = tuple(seat.name for seat in seats)
    if not skill:
        return Balance(names, luck.digs, luck.cards, None)
    judge = Judge()
    reviews: list[list[MoveReview]] = [[] for _ in seats]
    for number, step in enumerate(steps, 1):
        seat = active_seat(step.before)
        assert seat is not None  # an action was taken: someone was to move
        reviews[seat].append(
            review_move(judge, step.before, step.action, game.notation, number, step.record.player)
        )
    return Balance(names, luck.digs, luck.cards, tuple(skill_of(mine) for mine in reviews))
