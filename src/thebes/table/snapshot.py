"""What one place at a table sees now, as one immutable value.

A :class:`TableSnapshot` is made by the table for a place, under its lock, and handed over:
the front end reads it as it reads a game (:class:`~thebes.records.view.GameView`), draws
it, and keeps it as long as it likes; nothing it does reaches the game.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from thebes.catalog.components import Catalog
from thebes.records.marks import hints_used, stand_ins
from thebes.records.notation import format_action, parse_action
from thebes.records.session import Seat, Step
from thebes.rules import Action, Event, GameState, Variants, active_seat, is_over, legal_actions


@dataclass(frozen=True, slots=True)
class Question:
    """A yes-or-no question for the person at ``owner``: may ``asker`` take back their
    action (``taken``: the notation of the owner's action first, then those after it)?"""

    number: int  # the table's count of questions: an answer names the one it answers
    owner: int
    asker: int
    taken: tuple[tuple[str, str], ...]  # (player, action), the owner's first
    seconds: float


@dataclass(frozen=True, slots=True)
class TableSnapshot:
    """The game as the place sees it, and the table around it."""

    version: int  # the table's count of changes: any change, a new snapshot
    moves: int  # the count of changes of the history: an action chosen on it names it
    catalog: Catalog
    seed: int | None
    start: GameState
    setup_events: tuple[Event, ...]
    state: GameState
    steps: tuple[Step, ...]
    seats: tuple[Seat, ...]
    hints_enabled: bool
    undo_enabled: bool
    confirm_enabled: bool
    hint_seen: bool
    autosave: Path | None  # the game's file, for the host's terminal alone
    save_problem: str | None  # why the last autosave failed (the host's terminal alone)
    present: frozenset[int]  # the seats with a terminal at the table
    joined: frozenset[int]  # the seats that ever had one
    question: Question | None  # a question for this place's person, if one waits
    waiting_undo: Question | None  # this place's own undo request, while it waits
    closed: bool
    move_deadline: float | None = None  # when the person to move runs out of time (time.time)

    @property
    def variants(self) -> Variants:
        return self.start.variants

    @property
    def active_seat(self) -> int | None:
        return active_seat(self.state)

    @property
    def is_over(self) -> bool:
        return is_over(self.state)

    def legal_actions(self) -> tuple[Action, ...]:
        return legal_actions(self.state)

    def notation(self, action: Action) -> str:
        return format_action(action, self.catalog.regions)

    def parse(self, text: str) -> Action:
        return parse_action(text, self.catalog.regions)

    def hints_used(self) -> dict[str, int]:
        return hints_used(self.seats, self.steps)

    def stand_ins(self) -> dict[str, int]:
        return stand_ins(self.seats, self.steps)
