"""A catalog's components as flat tables indexed by id, made once: what the engine's hot paths
read instead of looking each card up.

Listing the legal actions and applying one happen for every action a bot looks at, and they
ask the same questions again and again: where a card is, how many weeks it takes, how far a
player with or without a car travels, what a card or token adds to a tableau. The answers
are fixed by the catalog, so :func:`tables_of` works them out the first time a catalog is
used and keeps them beside it.
"""

from __future__ import annotations

from typing import Any, assert_never

from thebes.catalog.components import Card, Catalog, TokenKind
from thebes.catalog.kinds import KINDS, Tally
from thebes.rules.values import value

# The scalar counters of a PlayerState, in the order changed_player keeps them.
COUNTERS = (
    "general",
    "legends",
    "assistants",
    "shovels",
    "cars",
    "zeppelins",
    "special_permits",
    "congresses",
)
BOOKS = "books"  # a change to the book points of a region rather than to a counter
NO_CARD_COST = 1 << 30  # weeks, for an id that is no card: more than any game has left
CAR_MIN_JOURNEY = 3  # M2: a car saves a week on journeys this long or longer


@value
class CardChange:
    """What holding a researcher card adds: the PlayerState field ``counter`` (one of
    :data:`COUNTERS`, or :data:`BOOKS`) becomes ``(old ^ flip) + add`` when it is gained,
    ``(old ^ flip) - add`` when it is lost; for books, ``add`` points of ``region``."""

    counter: str
    flip: int
    add: int
    region: int


@value
class Tables:
    city: tuple[int, ...]  # per card id: where it is taken or exhibited (0 for no card)
    weeks: tuple[int, ...]  # per card id
    exhibition: tuple[bool, ...]  # per card id
    # per card id: (region, artifacts) for each region whose artifacts an exhibition needs
    needs: tuple[tuple[tuple[int, int], ...], ...]
    vp: tuple[int, ...]  # per card id: an exhibition's VP, else 0
    change: tuple[CardChange | None, ...]  # per card id; None for exhibitions
    # travel[car][a][b]: weeks from a to b (M1, M2), ``car`` 1 when the player holds one.
    travel: tuple[tuple[tuple[int, ...], ...], tuple[tuple[int, ...], ...]]
    # card_cost[car][a][card]: weeks from a to where the card is taken, and its own weeks;
    # what the listing of legal actions asks of every display card. An id that is no card
    # (an empty display slot, NO_CARD) costs more than any game lasts.
    card_cost: tuple[tuple[tuple[int, ...], ...], tuple[tuple[int, ...], ...]]
    # per token id: (kind, region it counts for: an artifact's bag, a book token's region)
    token: tuple[tuple[int, int], ...]
    artifact_vp: tuple[int, ...]  # per token id: an artifact's VP, else 0


_MADE: dict[int, tuple[Catalog, Tables]] = {}
# The catalog asked for last and its tables: nearly always the one. A list, changed in place,
# so tables_of (asked at every action) reads it without a global statement.
_last: list[Any] = [None, None]


def tables_of(catalog: Catalog) -> Tables:
    """The tables of ``catalog`` (made on first use, then kept for as long as it lives)."""
    if _last[0] is catalog:
        tables: Tables = _last[1]
        return tables
    made = _MADE.get(id(catalog))
    if made is None or made[0] is not catalog:
        made = (catalog, _make(catalog))
        _MADE[id(catalog)] = made
    _last[:] = made
    return made[1]


def _make(catalog: Catalog) -> Tables:
    cards = catalog.cards
    city = tuple(0 if c is None else c.city for c in cards)
    weeks = tuple(0 if c is None else c.weeks for c in cards)
    travel = (
        catalog.travel,
        tuple(tuple(w - 1 if w >= CAR_MIN_JOURNEY else w for w in row) for row in catalog.travel),
    )
    return Tables(
        city=city,
        weeks=weeks,
        exhibition=tuple(c is not None and KINDS[c.kind].tally is Tally.NONE for c in cards),
        needs=tuple(
            () if c is None else tuple((r, n) for r, n in enumerate(c.requires) if n) for c in cards
        ),
        vp=tuple(
            c.value if c is not None and KINDS[c.kind].tally is Tally.NONE else 0 for c in cards
        ),
        change=tuple(None if c is None else _card_change(c) for c in cards),
        travel=travel,
        card_cost=(_card_costs(cards, travel[0]), _card_costs(cards, travel[1])),
        token=tuple(
            (-1, -1)
            if t is None
            # the kind as the enum's own member: moved_player compares it with ``is``
            else (TokenKind(t.kind), t.book_region if t.kind is TokenKind.BOOK else t.region)
            for t in catalog.tokens
        ),
        artifact_vp=tuple(
            t.value if t is not None and t.kind is TokenKind.ARTIFACT else 0 for t in catalog.tokens
        ),
    )


def _card_costs(
    cards: tuple[Card | None, ...], travel: tuple[tuple[int, ...], ...]
) -> tuple[tuple[int, ...], ...]:
    return tuple(
        tuple(NO_CARD_COST if card is None else row[card.city] + card.weeks for card in cards)
        for row in travel
    )


def _card_change(card: Card) -> CardChange | None:
    counter = KINDS[card.kind].counter
    match KINDS[card.kind].tally:
        case Tally.REGION_POINTS:
            return CardChange(BOOKS, 0, card.value, card.region)
        case Tally.REGION_FLAG:
            return CardChange(counter, 1 << card.region, 0, card.region)
        case Tally.POINTS:
            return CardChange(counter, 0, card.value, -1)
        case Tally.COUNT:
            return CardChange(counter, 0, 1, -1)
        case Tally.NONE:
            return None
        case other:
            assert_never(other)
