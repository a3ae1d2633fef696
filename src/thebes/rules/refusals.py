"""Why an action is not legal now, as a value: a kind and the numbers it concerns.

:func:`~thebes.rules.legal.why_illegal` gives a :class:`NotLegal` (no words: players, regions,
slots and places are indices, the rest numbers), and :class:`IllegalAction` carries one. The
front ends word them in one place each (the terminal's: ``thebes.tui.wording``).
:func:`illegal_text` is the English of the exception's message only, for what ends a command
(a game file with an action that is not legal) and for tests.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum, auto
from typing import assert_never

from thebes.catalog.components import EXHIBITION_LETTERS, EXHIBITION_SLOTS, WHEEL_SIZE
from thebes.rules.state import LAST_YEAR, GameState


class Illegal(Enum):
    """The kinds of reason; each names the fields of :class:`NotLegal` it sets."""

    GAME_OVER = auto()  # every marker is on the end square
    RETIRE_TOO_EARLY = auto()  # A5, D8: not the last year, other actions left
    NO_DISPLAY_SLOT = auto()  # slot
    EMPTY_SLOT = auto()  # slot: the display slot is empty
    NOTHING_TO_EXCHANGE = auto()  # no display cards
    RENEW_NOT_PLAYED = auto()  # V3: the variant is not played in this game
    NOTHING_TO_RENEW = auto()  # no display cards
    TOO_FEW_WEEKS = auto()  # seat, weeks (it takes), left (before the end)
    NO_EXHIBITION = auto()  # slot: no exhibition there
    TOO_FEW_ARTIFACTS = auto()  # seat, region, need, have
    NO_ZEPPELIN = auto()  # seat
    ZEPPELIN_NO_USE = auto()  # seat, location: already there
    NO_REGION = auto()  # region: not a region of the board
    PERMIT_STILL_VALID = auto()  # region: no special permit is needed
    PERMIT_USED = auto()  # region: only a special permit allows the dig
    NO_SPECIAL_PERMIT = auto()  # seat, region: the permit is used, none to spend
    NO_LEGEND = auto()  # seat, region
    NO_ASSISTANT = auto()  # seat
    NO_SHOVEL = auto()  # seat
    ASSISTANTS_NOT_LONE = auto()  # seat, have: only a lone one is discarded
    SHOVELS_NOT_LONE = auto()  # seat, have: only a lone one is discarded
    LEGEND_NEEDED = auto()  # seat, region: no books there, the legend held
    NO_KNOWLEDGE = auto()  # seat, region: neither books nor the legend
    DIG_WEEKS_OUT_OF_RANGE = auto()  # weeks: not 1 to the wheel's
    DIG_DRAWS_NOTHING = auto()  # weeks, knowledge, need (the least weeks)


@dataclass(frozen=True, slots=True)
class NotLegal:
    """Why an action is not legal now: its kind, and the fields its kind names (the others
    are 0). Indices, never names: ``seat`` a player, ``region`` a region of the catalog,
    ``location`` a place of the catalog, ``slot`` a display or exhibition slot from 0."""

    kind: Illegal
    seat: int = 0
    slot: int = 0
    region: int = 0
    location: int = 0
    weeks: int = 0  # the weeks it takes; the weeks of a dig
    left: int = 0  # the weeks the player has left before the end
    need: int = 0  # the artifacts an exhibition needs; the least weeks a dig draws in
    have: int = 0  # the artifacts held; the cards of a kind held
    knowledge: int = 0  # a dig's knowledge


class IllegalAction(ValueError):
    """An action the rules do not allow now: ``refusal`` says why. The message, in English,
    is for what ends a command and for tests; a front end words ``refusal`` itself."""

    def __init__(self, refusal: NotLegal, text: str) -> None:
        super().__init__(text)
        self.refusal = refusal


def refused(state: GameState, refusal: NotLegal) -> IllegalAction:
    """The exception for ``refusal`` in ``state`` (its message from :func:`illegal_text`)."""
    return IllegalAction(refusal, illegal_text(state, refusal))


def illegal_text(state: GameState, why: NotLegal) -> str:
    """``why`` in English, for the message of :class:`IllegalAction`."""
    catalog = state.catalog
    name = state.players[why.seat].name if why.seat < len(state.players) else ""
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
            slot = why.slot
            letter = EXHIBITION_LETTERS[slot] if 0 <= slot < EXHIBITION_SLOTS else ""
            return f"there is no exhibition in slot {letter or slot}"
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
        case Illegal.ASSISTANTS_NOT_LONE:
            return _not_lone(name, why.have, "assistant")
        case Illegal.SHOVELS_NOT_LONE:
            return _not_lone(name, why.have, "shovel")
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


def _not_lone(name: str, held: int, card: str) -> str:
    return (
        f"only a lone {card} can be discarded for a bonus; {name}'s {held} {card}s count without it"
    )
