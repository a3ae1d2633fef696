"""Refusals in words, for the terminal: the session's reasons, the table's refusal of a new
game's players, and the engine's from :mod:`thebes.records.illegal_words`.

The session says why it refuses a hint, an undo or a bot as a value
(:class:`~thebes.records.blockers.Blocker`), the table why players cannot start a game
(:class:`~thebes.table.games.SetupRefused`); here each kind has its sentence
(:func:`blocker_line`, :func:`setup_line`). Nothing here reads English from a lower layer:
names, regions and actions are looked up from their indices.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import assert_never

from thebes.bots import BOT_LEVELS
from thebes.language import _, ngettext
from thebes.records.blockers import Blocked, Blocker
from thebes.records.illegal_words import illegal_line, illegal_short
from thebes.records.notation import format_action
from thebes.records.session import Seat
from thebes.safeio.text import name_problem, printable
from thebes.table.games import SetupRefused, Unplayable


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


def setup_line(refused: SetupRefused) -> str:
    """Why the players given cannot start a game, in a line without its full stop."""
    match refused.kind:
        case Unplayable.BOT_SPEC:
            return (
                # TRANSLATORS: {option} is --bot and the text given; NAME=LEVEL is what to
                # write after it (it may be translated).
                _("{option}: write NAME=LEVEL with a level of {levels}").format(
                    option=f"--bot {refused.given!r}", levels=", ".join(BOT_LEVELS)
                )
            )
        case Unplayable.PLAYER_COUNT:
            return ngettext(
                "Thebes is for 2 to 4 players; {count} given",
                "Thebes is for 2 to 4 players; {count} given",
                refused.count,
            ).format(count=refused.count)
        case Unplayable.NAME:
            problem = name_problem(refused.given)
            assert problem is not None  # the table refused the name for it
            return problem
        case Unplayable.SAME_NAMES:
            return _("every player needs a different name")
        case _:
            assert_never(refused.kind)


__all__ = ["blocker_line", "illegal_line", "illegal_short", "setup_line"]
