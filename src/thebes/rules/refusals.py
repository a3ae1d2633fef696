"""Why an action is not legal now, as a value: a kind and the numbers it concerns.

:func:`~thebes.rules.legal.why_illegal` gives a :class:`NotLegal` (no words: players, regions,
slots and places are indices, the rest numbers), and :class:`IllegalAction` carries one. The
front ends word them in one place each (the terminal's: ``thebes.tui.wording``).
The engine has no words of its own, not even in English: a game file with an action that
is not legal is refused by the session, in the words of ``thebes.records.illegal_words``.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum, auto


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
    """An action the rules do not allow now: ``refusal`` says why. The engine has no words:
    a front end words ``refusal`` (``thebes.records.illegal_words``); the exception's own
    message only names the kind, for a traceback."""

    def __init__(self, refusal: NotLegal) -> None:
        super().__init__(f"not legal now: {refusal.kind.name}")
        self.refusal = refusal
