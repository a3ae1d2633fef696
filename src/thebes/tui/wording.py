"""Refusals in words, for the terminal: the session's reasons, and the engine's from
:mod:`thebes.records.illegal_words`.

The session says why it refuses a hint, an undo or a bot as a value
(:class:`~thebes.records.blockers.Blocker`); here each kind has its sentence
(:func:`blocker_line`). Nothing here reads English from a lower layer: names, regions and
actions are looked up from their indices.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import assert_never

from thebes.language import _
from thebes.records.blockers import Blocked, Blocker
from thebes.records.illegal_words import illegal_line, illegal_short
from thebes.records.notation import format_action
from thebes.records.session import Seat
from thebes.safeio.text import printable


def blocker_line(blocker: Blocker, seats: Sequence[Seat], regions: tuple[str, ...]) -> str:
    """Why the session refuses, in a sentence without its first capital or full stop (the
    caller puts it after "Cannot undo: ", or makes a sentence of it)."""
    who = printable(seats[blocker.seat].name) if blocker.seat is not None else _("nobody")
    action = printable(format_action(blocker.action, regions)) if blocker.action else ""
    match blocker.kind:
        case Blocked.HINTS_OFF:
            # Not why: a server's rated table has none, as has a game played with
            # --no-hints (which the help page names at the keyboard).
            return _("hints are off for this game")
        case Blocked.GAME_OVER:
            return _("the game is over")
        case Blocked.BOTS_TURN:
            return _("it is a bot's turn")
        case Blocked.UNDO_OFF:
            return _("undo is turned off for this game")
        case Blocked.NOTHING_PLAYED:
            return _("nothing has been played yet")
        case Blocked.CARDS_REVEALED:
            # TRANSLATORS: {action} is the action as typed in the notation ("take 2")
            return _("{who}'s '{action}' revealed new cards from the deck").format(
                who=who, action=action
            )
        case Blocked.TOKENS_REVEALED:
            # TRANSLATORS: {action} is the action as typed in the notation ("dig Egypt 6")
            return _("{who}'s '{action}' revealed tokens from the bag").format(
                who=who, action=action
            )
        case Blocked.NO_PERSONS_ACTION:
            return _("there is no action of a person to take back")
        case Blocked.BOT_SEATED:
            return _("{who}'s seat is played by a bot already").format(who=who)
        case _:
            assert_never(blocker.kind)


__all__ = ["blocker_line", "illegal_line", "illegal_short"]
