"""Why the table did not do what a place asked, as values: a kind and what it concerns.

The session's reasons (no undo, no hint) come inside as ``detail``, values too
(:class:`~thebes.records.blockers.Blocker`); the front end words them all in one place.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from thebes.records.blockers import Blocker


class Refusal(Enum):
    CLOSED = "closed"  # the table is closed
    STALE = "stale"  # the game changed after the place last drew it
    NOT_YOUR_TURN = "not your turn"  # ``seat``: whose turn it is
    NOT_LEGAL = "not legal"  # the action is not legal now
    SPECTATOR = "spectator"  # spectators play and take back nothing
    HOST_ONLY = "host only"  # what only the host does (a bot in a seat, saving)
    ALREADY_BOT = "already bot"  # ``seat`` is played by a bot already
    OWNER_ABSENT = "owner absent"  # ``seat``: the owner of the action is not at the table
    OWNER_BUSY = "owner busy"  # ``seat``: the owner is being asked something already
    UNDO_BLOCKED = "undo blocked"  # ``detail``: the session's reason
    HINT_BLOCKED = "hint blocked"  # ``detail``: the session's reason
    NO_FILE = "no file"  # the game has no file to save to
    NOT_SAVED = "not saved"  # ``detail``: why the save failed
    UNSAVED = "unsaved"  # ``detail``: why an action that must be saved to be played was not
    SAY_TOO_FAST = "say too fast"  # lines said faster than the table takes them


@dataclass(frozen=True, slots=True)
class Refused:
    """What was refused, and about what."""

    kind: Refusal
    seat: int | None = None
    # UNDO_BLOCKED, HINT_BLOCKED: the session's Blocker; NOT_SAVED, UNSAVED: the save's problem
    # (a message of safeio's, shown as it is)
    detail: Blocker | str | None = None
