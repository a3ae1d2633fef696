"""A player's tableau: the cards and tokens in front of them, and what they add up to.

The counters of :class:`~thebes.model.PlayerState` (book points per region, general points,
assistants, ...) summarise the held cards and tokens. :func:`changed_player` adjusts them
by what one action adds and removes, which the engine does on every turn;
:func:`make_player` is the same applied to an empty tableau.
"""

from __future__ import annotations

from thebes.catalog import REGION_COUNT, CardKind, Catalog, TokenKind
from thebes.model import PlayerState


def make_player(
    catalog: Catalog,
    name: str,
    *,
    location: int,
    time: int,
    arrival: int,
    permits_used: int = 0,
    cards: tuple[int, ...] = (),
    exhibitions: tuple[int, ...] = (),
    tokens: tuple[int, ...] = (),
) -> PlayerState:
    """A player holding exactly ``cards``, ``exhibitions`` and ``tokens``."""
    nothing = (0,) * REGION_COUNT
    empty = PlayerState(
        name, location, time, arrival, 0, (), (), (), nothing, 0, 0, 0, 0, 0, 0, 0, 0, nothing
    )
    return changed_player(
        catalog,
        empty,
        location=location,
        time=time,
        arrival=arrival,
        permits_used=permits_used,
        gained_cards=cards,
        gained_tokens=tokens,
        gained_exhibitions=exhibitions,
    )


def add_sorted(items: tuple[int, ...], *new: int) -> tuple[int, ...]:
    return tuple(sorted(items + new))


def remove_one(items: tuple[int, ...], item: int) -> tuple[int, ...]:
    i = items.index(item)
    return items[:i] + items[i + 1 :]


def first_card_of(catalog: Catalog, player: PlayerState, kind: CardKind, region: int = -1) -> int:
    """The lowest id among the player's cards of this kind (and region); 0 if none."""
    for card_id in player.cards:
        card = catalog.cards[card_id]
        assert card is not None
        if card.kind is kind and (region < 0 or card.region == region):
            return card_id
    return 0


def changed_player(
    catalog: Catalog,
    player: PlayerState,
    *,
    location: int,
    time: int,
    arrival: int,
    permits_used: int,
    gained_cards: tuple[int, ...] = (),
    lost_cards: tuple[int, ...] = (),
    gained_tokens: tuple[int, ...] = (),
    gained_exhibitions: tuple[int, ...] = (),
) -> PlayerState:
    """The player after one action: moved, and holding what it gained and lost."""
    books = player.books
    artifacts = player.artifacts
    general, legends = player.general, player.legends
    assistants, shovels, cars = player.assistants, player.shovels, player.cars
    zeppelins, permits, congresses = player.zeppelins, player.special_permits, player.congresses
    cards = player.cards
    if gained_cards or lost_cards:
        book_points = list(books)
        for card_id, sign in [(c, 1) for c in gained_cards] + [(c, -1) for c in lost_cards]:
            card = catalog.cards[card_id]
            assert card is not None
            kind = card.kind
            if kind is CardKind.BOOK:
                book_points[card.region] += sign * card.value
            elif kind is CardKind.GENERAL:
                general += sign * card.value
            elif kind is CardKind.LEGEND:
                legends ^= 1 << card.region
            elif kind is CardKind.ASSISTANT:
                assistants += sign
            elif kind is CardKind.SHOVEL:
                shovels += sign
            elif kind is CardKind.CAR:
                cars += sign
            elif kind is CardKind.ZEPPELIN:
                zeppelins += sign
            elif kind is CardKind.SPECIAL_PERMIT:
                permits += sign
            elif kind is CardKind.CONGRESS:
                congresses += sign
            else:
                raise ValueError(f"card {card_id} is not a researcher card")
        books = tuple(book_points)
        cards = tuple(sorted([*cards, *gained_cards]))
        for card_id in lost_cards:
            cards = remove_one(cards, card_id)
    tokens = player.tokens
    if gained_tokens:
        book_points = list(books)
        counts = list(artifacts)
        for token_id in gained_tokens:
            token = catalog.tokens[token_id]
            assert token is not None
            if token.kind is TokenKind.ARTIFACT:
                counts[token.region] += 1
            elif token.kind is TokenKind.BOOK:
                book_points[token.book_region] += 1
            else:
                general += 1
        books, artifacts = tuple(book_points), tuple(counts)
        tokens = tuple(sorted(tokens + gained_tokens))
    exhibitions = player.exhibitions
    if gained_exhibitions:
        exhibitions = tuple(sorted(exhibitions + gained_exhibitions))
    return PlayerState(
        player.name,
        location,
        time,
        arrival,
        permits_used,
        cards,
        exhibitions,
        tokens,
        books,
        general,
        legends,
        assistants,
        shovels,
        cars,
        zeppelins,
        permits,
        congresses,
        artifacts,
    )
