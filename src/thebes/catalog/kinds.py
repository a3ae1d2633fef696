"""The kinds of card, written once: what each kind adds to a tableau, what its entry in the
data files holds, and how it is named and explained.

The tableau (counters of a player), the data files' schema, the bots, the narration, the
hints, the screen's panels and the reference read this table; nothing else dispatches on a
card's kind.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum, IntEnum

# E3: VP for the congress cards a player holds (index: how many); 7 or more score the last.
CONGRESS_VP = (0, 1, 3, 6, 10, 15, 21, 28)


class CardKind(IntEnum):
    BOOK = 0
    LEGEND = 1
    GENERAL = 2
    ASSISTANT = 3
    SHOVEL = 4
    CAR = 5
    ZEPPELIN = 6
    SPECIAL_PERMIT = 7
    CONGRESS = 8
    EXHIBITION = 9


class Tally(Enum):
    """How a card changes its counter in a player's tableau."""

    REGION_POINTS = "region points"  # adds the card's value for its region
    REGION_FLAG = "region flag"  # sets the bit of its region
    POINTS = "points"  # adds the card's value
    COUNT = "count"  # adds one
    NONE = "none"  # exhibitions: held for their VP only


@dataclass(frozen=True, slots=True)
class KindInfo:
    counter: str  # the PlayerState field the card adds to ("" for none)
    tally: Tally
    name: str  # in sentences: "{region} book ({value})"
    short: str  # on a display tile, 14 characters at most; {region} is shortened to 3
    effect: str  # what it does, for the reference
    # What taking one does for the player to move, for a hint: {before} and {after} are its
    # counter (of the card's region) before and after, {majority} what that does to the
    # region's majority, {nth} the ordinal of {after}, {vp_before} and {vp_after} the
    # congress VP of {before} and {after}. "" for kinds the hint explains by their effect.
    hint: str = ""
    has_region: bool = False  # its data-file entry names a region
    has_value: bool = False  # its data-file entry gives its points (VP for an exhibition)


_CONGRESS_TABLE = "/".join(str(vp) for vp in CONGRESS_VP[1:])

KINDS: dict[CardKind, KindInfo] = {
    CardKind.BOOK: KindInfo(
        "books",
        Tally.REGION_POINTS,
        "{region} book ({value})",
        "{region} book {value}",
        "{value} specialized {region}",
        hint="knowledge {before} -> {after}{majority}",
        has_region=True,
        has_value=True,
    ),
    CardKind.LEGEND: KindInfo(
        "legends",
        Tally.REGION_FLAG,
        "{region} legend",
        "{region} legend",
        "legend: +{value} specialized {region} in one dig",
        hint="+{value} knowledge there for one dig",
        has_region=True,
        has_value=True,
    ),
    CardKind.GENERAL: KindInfo(
        "general",
        Tally.POINTS,
        "general knowledge ({value})",
        "general {value}",
        "{value} general knowledge",
        hint="general {before} -> {after}",
        has_value=True,
    ),
    CardKind.ASSISTANT: KindInfo(
        "assistants",
        Tally.COUNT,
        "assistant",
        "assistant",
        "assistant: 2 held +1, 3+ held +2, one alone +1 once",
        hint="assistants {before} -> {after}",
    ),
    CardKind.SHOVEL: KindInfo(
        "shovels",
        Tally.COUNT,
        "shovel",
        "shovel",
        "shovel: 2 held +1 token, 3+ held +2, one alone +1 once",
        hint="shovels {before} -> {after}",
    ),
    CardKind.CAR: KindInfo(
        "cars", Tally.COUNT, "car", "car", "car: journeys of 3+ weeks cost 1 less"
    ),
    CardKind.ZEPPELIN: KindInfo(
        "zeppelins",
        Tally.COUNT,
        "zeppelin",
        "zeppelin",
        "zeppelin: one journey costs 0 weeks",
    ),
    CardKind.SPECIAL_PERMIT: KindInfo(
        "special_permits",
        Tally.COUNT,
        "special permit",
        "special permit",
        "special permit: one extra dig",
    ),
    CardKind.CONGRESS: KindInfo(
        "congresses",
        Tally.COUNT,
        "congress",
        "congress",
        f"congress: {_CONGRESS_TABLE} VP for 1-{len(CONGRESS_VP) - 1}",
        hint="your {nth}, {vp_before} -> {vp_after} VP",
    ),
    CardKind.EXHIBITION: KindInfo(
        "",
        Tally.NONE,
        "{size} exhibition in {city}",
        "{size} exhib.",
        "{size} exhibition, {value} VP: {needs}",
        has_value=True,
    ),
}

# The researcher cards' kinds by the name their data-file entries give them ("special_permit").
RESEARCHER_KINDS: dict[str, CardKind] = {
    kind.name.lower(): kind for kind in CardKind if kind is not CardKind.EXHIBITION
}
