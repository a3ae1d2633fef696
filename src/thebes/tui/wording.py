"""Refusals in words, for the terminal: the one place the engine's and the session's reasons
are worded.

The engine says why an action is not legal as a value (:class:`~thebes.rules.NotLegal`), the
session why it refuses a hint, an undo or a bot (:class:`~thebes.records.blockers.Blocker`);
here each kind has its sentence (:func:`illegal_line`, :func:`blocker_line`) and an engine's
reason the few words a menu column holds (:func:`illegal_short`). Nothing here reads English
from a lower layer: names, regions, places and actions are looked up from their indices.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import assert_never

from thebes.catalog.components import EXHIBITION_LETTERS, EXHIBITION_SLOTS, WHEEL_SIZE
from thebes.records.blockers import Blocked, Blocker
from thebes.records.notation import format_action
from thebes.records.session import Seat
from thebes.rules import LAST_YEAR, GameState, Illegal, NotLegal
from thebes.safeio.text import printable


def illegal_line(why: NotLegal, state: GameState) -> str:
    """Why an action is not legal now, in a sentence without its full stop (the caller puts
    it after "Not allowed: ", or in its own sentence)."""
    catalog = state.catalog
    name = _name(why, state)
    region = catalog.regions[why.region] if 0 <= why.region < len(catalog.regions) else ""
    match why.kind:
        case Illegal.GAME_OVER:
            return "the game is over: every marker is on the end square"
        case Illegal.RETIRE_TOO_EARLY:
            return (
                f"retiring is only allowed in the last year ({LAST_YEAR}), "
                "or with no other action left"
            )
        case Illegal.NO_DISPLAY_SLOT:
            return f"there is no display slot {why.slot + 1}"
        case Illegal.EMPTY_SLOT:
            return f"display slot {why.slot + 1} is empty"
        case Illegal.NOTHING_TO_EXCHANGE:
            return "there are no display cards to exchange"
        case Illegal.RENEW_NOT_PLAYED:
            return "renewing the display is the variant renew-anywhere, not played in this game"
        case Illegal.NOTHING_TO_RENEW:
            return "there are no display cards to renew"
        case Illegal.TOO_FEW_WEEKS:
            return (
                f"it takes {why.weeks} weeks, and {name} has only {why.left} left "
                "before the end of the game"
            )
        case Illegal.NO_EXHIBITION:
            return f"there is no exhibition in slot {_exhibition_slot(why.slot)}"
        case Illegal.TOO_FEW_ARTIFACTS:
            plural = "s" if why.need > 1 else ""
            return (
                f"the exhibition needs {why.need} {region} artifact{plural}, {name} has {why.have}"
            )
        case Illegal.NO_ZEPPELIN:
            return f"{name} has no zeppelin"
        case Illegal.ZEPPELIN_NO_USE:
            return f"a zeppelin is no use: {name} is already in {catalog.locations[why.location]}"
        case Illegal.NO_REGION:
            return f"there is no region {why.region}"
        case Illegal.PERMIT_STILL_VALID:
            return f"the permit for {region} is still valid: no special permit is needed"
        case Illegal.PERMIT_USED:
            return (
                f"the permit for {region} is used this year: only a special permit allows the dig"
            )
        case Illegal.NO_SPECIAL_PERMIT:
            return f"the permit for {region} is used this year and {name} has no special permit"
        case Illegal.NO_LEGEND:
            return f"{name} has no legend of {region}"
        case Illegal.NO_ASSISTANT:
            return f"{name} has no assistant"
        case Illegal.NO_SHOVEL:
            return f"{name} has no shovel"
        case Illegal.ASSISTANTS_NOT_LONE | Illegal.SHOVELS_NOT_LONE:
            card = "assistant" if why.kind is Illegal.ASSISTANTS_NOT_LONE else "shovel"
            return (
                f"only a lone {card} can be discarded for a bonus; {name}'s {why.have} "
                f"{card}s count without it"
            )
        case Illegal.LEGEND_NEEDED:
            return f"{name} has no {region} books: the dig needs the legend of {region}"
        case Illegal.NO_KNOWLEDGE:
            return f"{name} has no specialized knowledge of {region} (books or its legend)"
        case Illegal.DIG_WEEKS_OUT_OF_RANGE:
            return f"a dig lasts 1 to {WHEEL_SIZE} weeks, not {why.weeks}"
        case Illegal.DIG_DRAWS_NOTHING:
            return (
                f"with {why.knowledge} knowledge a dig of {why.weeks} "
                f"week{'' if why.weeks == 1 else 's'} draws no token; "
                f"it needs at least {why.need} weeks"
            )
        case _:
            assert_never(why.kind)


def illegal_short(why: NotLegal, state: GameState) -> str:
    """Why an action is not legal now in the few words a menu column holds ("6 wk, only 4
    left"); typing the entry's number says it whole (:func:`illegal_line`)."""
    catalog = state.catalog
    region = catalog.regions[why.region] if 0 <= why.region < len(catalog.regions) else ""
    match why.kind:
        case Illegal.TOO_FEW_WEEKS:
            return f"{why.weeks} wk, only {why.left} left"
        case Illegal.NOTHING_TO_EXCHANGE | Illegal.NOTHING_TO_RENEW:
            return "no display cards"
        case Illegal.EMPTY_SLOT:
            # as long as the sentence: the menu has said it so from the start
            return f"display slot {why.slot + 1} is empty"
        case Illegal.GAME_OVER:
            return "the game is over"
        case Illegal.RETIRE_TOO_EARLY:
            return f"only in {LAST_YEAR}"
        case Illegal.NO_DISPLAY_SLOT:
            return f"no slot {why.slot + 1}"
        case Illegal.RENEW_NOT_PLAYED:
            return "not in this game"
        case Illegal.NO_EXHIBITION:
            return f"no exhibition {_exhibition_slot(why.slot)}"
        case Illegal.TOO_FEW_ARTIFACTS:
            return f"{why.need} {region} artifacts, {why.have} held"
        case Illegal.NO_ZEPPELIN:
            return "no zeppelin"
        case Illegal.ZEPPELIN_NO_USE:
            return "already there"
        case Illegal.NO_REGION:
            return f"no region {why.region}"
        case Illegal.PERMIT_STILL_VALID:
            return "permit still valid"
        case Illegal.PERMIT_USED:
            return "permit used"
        case Illegal.NO_SPECIAL_PERMIT:
            return "no special permit"
        case Illegal.NO_LEGEND:
            return "no legend"
        case Illegal.NO_ASSISTANT:
            return "no assistant"
        case Illegal.NO_SHOVEL:
            return "no shovel"
        case Illegal.ASSISTANTS_NOT_LONE:
            return "not a lone assistant"
        case Illegal.SHOVELS_NOT_LONE:
            return "not a lone shovel"
        case Illegal.LEGEND_NEEDED:
            return "legend needed"
        case Illegal.NO_KNOWLEDGE:
            return f"no knowledge of {region}"
        case Illegal.DIG_WEEKS_OUT_OF_RANGE:
            return f"1 to {WHEEL_SIZE} wk"
        case Illegal.DIG_DRAWS_NOTHING:
            return f"at least {why.need} wk"
        case _:
            assert_never(why.kind)


def blocker_line(blocker: Blocker, seats: Sequence[Seat], regions: tuple[str, ...]) -> str:
    """Why the session refuses, in a sentence without its first capital or full stop (the
    caller puts it after "Cannot undo: ", or makes a sentence of it)."""
    who = printable(seats[blocker.seat].name) if blocker.seat is not None else "nobody"
    action = printable(format_action(blocker.action, regions)) if blocker.action else ""
    match blocker.kind:
        case Blocked.HINTS_OFF:
            return "hints are off for this game (it was started with --no-hints)"
        case Blocked.GAME_OVER:
            return "the game is over"
        case Blocked.BOTS_TURN:
            return "it is a bot's turn"
        case Blocked.UNDO_OFF:
            return "undo is turned off for this game"
        case Blocked.NOTHING_PLAYED:
            return "nothing has been played yet"
        case Blocked.CARDS_REVEALED:
            return f"{who}'s '{action}' revealed new cards from the deck"
        case Blocked.TOKENS_REVEALED:
            return f"{who}'s '{action}' revealed tokens from the bag"
        case Blocked.NO_PERSONS_ACTION:
            return "there is no action of a person to take back"
        case Blocked.BOT_SEATED:
            return f"{who}'s seat is played by a bot already"
        case _:
            assert_never(blocker.kind)


def _name(why: NotLegal, state: GameState) -> str:
    players = state.players
    return printable(players[why.seat].name) if 0 <= why.seat < len(players) else "nobody"


def _exhibition_slot(slot: int) -> str:
    """An exhibition slot as the screen names it (a-c), or its number if there is none."""
    return EXHIBITION_LETTERS[slot] if 0 <= slot < EXHIBITION_SLOTS else str(slot)
