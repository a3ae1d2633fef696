"""A player's tableau: the cards and tokens in front of them, and what they add up to.

The counters of :class:`~thebes.rules.PlayerState` (book points per region, general points,
assistants, ...) summarise the held cards and tokens. :func:`changed_player` adjusts them
by what one action adds and removes, which the engine does on every turn;
:func:`make_player` is the same applied to an empty tableau.
"""

from __future__ import annotations

from thebes.catalog.components import REGION_COUNT, Catalog, TokenKind
from thebes.catalog.kinds import CardKind
from thebes.rules.state import PlayerState
from thebes.rules.tables import BOOKS, tables_of


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
    cards = player.cards
    books = player.books
    artifacts = player.artifacts
    counters = [
        player.general,
        player.legends,
        player.assistants,
        player.shovels,
        player.cars,
        player.zeppelins,
        player.special_permits,
        player.congresses,
    ]
    if gained_cards or lost_cards:
        change = tables_of(catalog).change
        points = list(books)
        for sign, changed in ((1, gained_cards), (-1, lost_cards)):
            for card_id in changed:
                how = change[card_id]
                if how is None:
                    raise ValueError(f"card {card_id} is not a researcher card")
                if how.counter == BOOKS:
                    points[how.region] += sign * how.add
                else:
                    counters[how.counter] = (counters[how.counter] ^ how.flip) + sign * how.add
        books = tuple(points)
        cards = tuple(sorted(cards + gained_cards))
        for card_id in lost_cards:
            cards = remove_one(cards, card_id)
    tokens = player.tokens
    if gained_tokens:
        kinds = tables_of(catalog).token
        points = list(books)
        found = list(artifacts)
        for token_id in gained_tokens:
            kind, region = kinds[token_id]
            if kind == TokenKind.ARTIFACT:
                found[region] += 1
            elif kind == TokenKind.BOOK:
                points[region] += 1
            elif kind == TokenKind.GENERAL:
                counters[0] += 1  # general points: COUNTERS[0]
            else:
                raise KeyError(token_id)
        books = tuple(points)
        artifacts = tuple(found)
        tokens = add_sorted(tokens, *gained_tokens)
    exhibitions = player.exhibitions
    if gained_exhibitions:
        exhibitions = add_sorted(exhibitions, *gained_exhibitions)
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
        counters[0],
        counters[1],
        counters[2],
        counters[3],
        counters[4],
        counters[5],
        counters[6],
        counters[7],
        artifacts,
    )
