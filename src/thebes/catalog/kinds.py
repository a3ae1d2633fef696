"""The kinds of card, written once: what each kind adds to a tableau, what its entry in the
data files holds, and how it is named and explained.

The tableau (counters of a player), the data files' schema, the bots, the narration, the
hints, the screen's panels and the reference read this table; nothing else dispatches on a
card's kind.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum, IntEnum


def N_(message: str) -> str:
    """Marks ``message`` for the catalogs, translated where it is shown (this module is the
    engine's, which imports no words: thebes.language must not be imported here)."""
    return message


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


# The congress VP of 1, 2, ... cards, "1/3/6/...", and the most that score: what a congress
# card's effect shows as {congress_vp} and {congress_most}.
CONGRESS_TABLE = "/".join(str(vp) for vp in CONGRESS_VP[1:])
CONGRESS_MOST = len(CONGRESS_VP) - 1

# The texts are marked with N_ and translated where they are shown.
KINDS: dict[CardKind, KindInfo] = {
    CardKind.BOOK: KindInfo(
        "books",
        Tally.REGION_POINTS,
        # TRANSLATORS: a card's name in sentences; {region} is a site, {value} its points.
        N_("{region} book ({value})"),
        # TRANSLATORS: a card on a display tile, 14 characters at most; {region} is 3 letters.
        N_("{region} book {value}"),
        # TRANSLATORS: what a book card does: "3 specialized Egypt" (knowledge of the site).
        N_("{value} specialized {region}"),
        # TRANSLATORS: a hint's reason; {before} -> {after} is the player's knowledge, and
        # {majority} is empty or ", takes the majority" or ", shares the majority".
        hint=N_("knowledge {before} -> {after}{majority}"),
        has_region=True,
        has_value=True,
    ),
    CardKind.LEGEND: KindInfo(
        "legends",
        Tally.REGION_FLAG,
        N_("{region} legend"),
        # TRANSLATORS: a card on a display tile, 14 characters at most; {region} is 3 letters.
        N_("{region} legend"),
        N_("legend: +{value} specialized {region} in one dig"),
        hint=N_("+{value} knowledge there for one dig"),
        has_region=True,
        has_value=True,
    ),
    CardKind.GENERAL: KindInfo(
        "general",
        Tally.POINTS,
        N_("general knowledge ({value})"),
        # TRANSLATORS: a card on a display tile, 14 characters at most.
        N_("general {value}"),
        N_("{value} general knowledge"),
        hint=N_("general {before} -> {after}"),
        has_value=True,
    ),
    CardKind.ASSISTANT: KindInfo(
        "assistants",
        Tally.COUNT,
        N_("assistant"),
        N_("assistant"),
        N_("assistant: 2 held +1, 3+ held +2, one alone +1 once"),
        hint=N_("assistants {before} -> {after}"),
    ),
    CardKind.SHOVEL: KindInfo(
        "shovels",
        Tally.COUNT,
        N_("shovel"),
        N_("shovel"),
        N_("shovel: 2 held +1 token, 3+ held +2, one alone +1 once"),
        hint=N_("shovels {before} -> {after}"),
    ),
    CardKind.CAR: KindInfo(
        "cars", Tally.COUNT, N_("car"), N_("car"), N_("car: journeys of 3+ weeks cost 1 less")
    ),
    CardKind.ZEPPELIN: KindInfo(
        "zeppelins",
        Tally.COUNT,
        N_("zeppelin"),
        N_("zeppelin"),
        N_("zeppelin: one journey costs 0 weeks"),
    ),
    CardKind.SPECIAL_PERMIT: KindInfo(
        "special_permits",
        Tally.COUNT,
        N_("special permit"),
        N_("special permit"),
        N_("special permit: one extra dig"),
    ),
    CardKind.CONGRESS: KindInfo(
        "congresses",
        Tally.COUNT,
        N_("congress"),
        N_("congress"),
        # TRANSLATORS: {congress_vp} is "1/3/6/10/15/21/28", {congress_most} is 7.
        N_("congress: {congress_vp} VP for 1-{congress_most}"),
        # TRANSLATORS: a hint's reason: {nth} is "2nd", "3rd"...; the congress VP go from
        # {vp_before} to {vp_after}.
        hint=N_("your {nth}, {vp_before} -> {vp_after} VP"),
    ),
    CardKind.EXHIBITION: KindInfo(
        "",
        Tally.NONE,
        # TRANSLATORS: {size} is "small" or "large", {city} a city.
        N_("{size} exhibition in {city}"),
        # TRANSLATORS: a card on a display tile, 14 characters at most; {size} is "small" or
        # "large".
        N_("{size} exhib."),
        # TRANSLATORS: {needs} lists the artifacts it needs: "2 Egypt, 1 Greece".
        N_("{size} exhibition, {value} VP: {needs}"),
        has_value=True,
    ),
}

# The researcher cards' kinds by the name their data-file entries give them ("special_permit").
RESEARCHER_KINDS: dict[str, CardKind] = {
    kind.name.lower(): kind for kind in CardKind if kind is not CardKind.EXHIBITION
}
