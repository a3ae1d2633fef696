"""The game's components as the engine sees them: how many of each there are, and the
catalog of plain tuples, indexed by integer, that :mod:`thebes.catalog.loading` builds from the data
files.

Integer ids used everywhere in the engine:
- locations: cities first, then sites, in the order of ``board.yaml``;
- regions: 0..4, the sites in ``board.yaml`` order (region ``r`` is location ``site_base + r``);
- cards: researcher cards and exhibitions share one id space (``cards.yaml``); 0 means "none";
- tokens: 1.. in ``tokens.yaml`` order, per region its artifacts, then its specialized-knowledge
  token, then its general-knowledge token. Debris is not numbered: it always goes back into
  its bag, so a bag just holds a fixed count of it.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import IntEnum
from typing import Literal, get_args

from thebes.catalog.kinds import CardKind
from thebes.errors import EXIT_USAGE, ThebesError

# How many of each component the game has; a data file that disagrees is refused.
# How many of each component the game has; a data file that disagrees is refused.
RESEARCHER_CARD_COUNT = 85

EXHIBITION_COUNT = 10

TOKENS_PER_REGION = 31

BAG_SIZE = TOKENS_PER_REGION - 1  # the first-dig bonus artifact lies on the site (S5)

REGION_COUNT = 5

WHEEL_SIZE = 12  # knowledge 1..12 rows, weeks 1..12 columns

WEEKS_PER_YEAR = 52  # the time track on the board: weeks 1-52 of a year

DISPLAY_SLOTS = 4

EXHIBITION_SLOTS = 3

EXHIBITION_LETTERS = "abc"  # K2: the exhibition slots, newest first

LEGEND_VALUE = 2  # A3.4: the specialized points a legend adds to one dig

CARD_IDS = RESEARCHER_CARD_COUNT + EXHIBITION_COUNT

DEBRIS_NAME = "debris"

GENERAL_TOKEN_NAME = "General book"


# An exhibition's size, as the data files and the screen name it; indexed by ``Card.large``.
ExhibitionSize = Literal["small", "large"]
SIZE_NAMES: tuple[str, ...] = get_args(ExhibitionSize)


class DataError(ThebesError):
    """A data file is missing, unreadable or wrong; the message names the file and the entry."""

    exit_code = EXIT_USAGE

    @property
    def line(self) -> str:
        return f"bad data file: {self}"


class TokenKind(IntEnum):
    ARTIFACT = 0
    BOOK = 1  # specialized knowledge, 1 point for ``book_region``
    GENERAL = 2  # general knowledge, 1 point


@dataclass(frozen=True, slots=True)
class Card:
    id: int
    kind: CardKind
    region: int  # region index, or -1
    value: int  # points of a book / legend / general card, VP of an exhibition; else 0
    city: int  # location index
    weeks: int
    requires: tuple[int, ...]  # exhibitions: artifacts needed per region; else ()
    large: bool  # exhibitions: large (stack 3) or small (stack 2)

    @property
    def size(self) -> str:
        """An exhibition's size in words, as the data files name it."""
        return SIZE_NAMES[self.large]


@dataclass(frozen=True, slots=True)
class Token:
    id: int
    region: int  # the bag it comes from
    kind: TokenKind
    value: int  # VP of an artifact; 1 for knowledge tokens
    name: str
    book_region: int  # BOOK tokens: the region it counts for; else -1


@dataclass(frozen=True, slots=True)
class Catalog:
    """Every component, indexed by integer id. Built once; shared by every game state."""

    locations: tuple[str, ...]
    city_count: int
    start: int
    exchange_city: int
    edges: tuple[tuple[int, int], ...]
    travel: tuple[tuple[int, ...], ...]  # travel[a][b]: weeks on the shortest route
    wheel: tuple[tuple[int, ...], ...]  # wheel[k][w], k and w 0..12; row/column 0 all zero
    min_weeks: tuple[int, ...]  # min_weeks[k]: fewest weeks with wheel >= 1 (13: none)
    cards: tuple[Card | None, ...]  # cards[id]; cards[0] is None
    researcher_ids: tuple[int, ...]
    small_exhibition_ids: tuple[int, ...]
    large_exhibition_ids: tuple[int, ...]
    tokens: tuple[Token | None, ...]  # tokens[id]; tokens[0] is None
    bag_tokens: tuple[tuple[int, ...], ...]  # per region: the tokens that start in its bag
    site_bonus: tuple[int, ...]  # per region: the value-1 artifact lying on the site
    debris: tuple[int, ...]  # per region: debris tokens (in the bag, but for steady-digs)

    @property
    def regions(self) -> tuple[str, ...]:
        return self.locations[self.city_count :]

    @property
    def site_base(self) -> int:
        return self.city_count

    def card(self, card_id: int) -> Card:
        card = self.cards[card_id]
        if card is None:
            raise KeyError(card_id)
        return card

    def token(self, token_id: int) -> Token:
        token = self.tokens[token_id]
        if token is None:
            raise KeyError(token_id)
        return token

    def region_index(self, name: str) -> int:
        return self.regions.index(name)

    def location_index(self, name: str) -> int:
        return self.locations.index(name)
