"""Why the session refuses a hint, an undo or a bot in a seat, as values: a kind and what it
concerns (a seat by its index, an action as the engine's value). The front ends word them.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum, auto

from thebes.rules import Action


class Blocked(Enum):
    """The kinds of reason; each names the fields of :class:`Blocker` it sets."""

    HINTS_OFF = auto()  # the game was started with --no-hints
    GAME_OVER = auto()
    BOTS_TURN = auto()  # seat: the bot to move
    UNDO_OFF = auto()  # undo is turned off for this game
    NOTHING_PLAYED = auto()
    CARDS_REVEALED = auto()  # seat, action: it revealed cards from the deck
    TOKENS_REVEALED = auto()  # seat, action: it revealed tokens from a bag
    NO_PERSONS_ACTION = auto()  # only bots have played
    BOT_SEATED = auto()  # seat: played by a bot already


@dataclass(frozen=True, slots=True)
class Blocker:
    """Why the session refuses: its kind, and the seat and action it concerns, if any."""

    kind: Blocked
    seat: int | None = None
    action: Action | None = None


class SessionRefused(ValueError):
    """What the session was asked to do, and may not now (``blocker`` says why); its callers
    ask first (:meth:`~thebes.records.session.Session.hint_blocker`, ...), so the message is
    for tests and logs, not for people."""

    def __init__(self, blocker: Blocker) -> None:
        super().__init__(f"not now: {blocker.kind.name.lower()}")
        self.blocker = blocker
