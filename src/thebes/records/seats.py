"""The seats of a game (a person's or a bot's, and a person's a bot took over) and the steps
of its history: what :class:`~thebes.records.session.Session` is made of."""

from __future__ import annotations

from dataclasses import dataclass

from thebes.records.gamefile import COLOURS, ActionRecord
from thebes.rules import Action, Event, GameState


@dataclass(frozen=True, slots=True)
class Seat:
    name: str
    colour: str
    bot: str | None = None  # the bot level, or None for a person at the keyboard
    # A person's seat that a bot took over (a hosted game whose player left): the number of
    # actions the game had when the bot began; the seat's actions before it were the person's.
    bot_from: int | None = None

    @property
    def is_bot(self) -> bool:
        return self.bot is not None


def default_seats(
    names: list[str] | tuple[str, ...], bots: dict[str, str] | None = None
) -> list[Seat]:
    bots = bots or {}
    return [Seat(name, COLOURS[i], bots.get(name)) for i, name in enumerate(names)]


@dataclass(frozen=True, slots=True)
class Step:
    """One action of the history: the state before it, what was done, and what happened."""

    before: GameState
    action: Action
    events: tuple[Event, ...]
    record: ActionRecord
