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
from thebes.rules.tables import BOOKS, CardChange, Tables, tables_of


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
    return moved_player(
        tables_of(catalog),
        player,
        location,
        time,
        arrival,
        permits_used,
        gained_cards,
        lost_cards,
        gained_tokens,
        gained_exhibitions,
    )


_ARTIFACT, _BOOK, _GENERAL = TokenKind.ARTIFACT, TokenKind.BOOK, TokenKind.GENERAL


def moved_player(
    tables: Tables,
    player: PlayerState,
    location: int,
    time: int,
    arrival: int,
    permits_used: int,
    gained_cards: tuple[int, ...],
    lost_cards: tuple[int, ...],
    gained_tokens: tuple[int, ...],
    gained_exhibitions: tuple[int, ...],
) -> PlayerState:
    """:func:`changed_player` with its arguments in order and the catalog's tables: the
    engine's hot path."""
    p = player
    cards = p.cards
    if gained_cards or lost_cards:
        cards = tuple(sorted(cards + gained_cards))
        for card_id in lost_cards:
            cards = remove_one(cards, card_id)
    moved = PlayerState(
        p.name,
        location,
        time,
        arrival,
        permits_used,
        cards,
        add_sorted(p.exhibitions, *gained_exhibitions) if gained_exhibitions else p.exhibitions,
        add_sorted(p.tokens, *gained_tokens) if gained_tokens else p.tokens,
        p.books,
        p.general,
        p.legends,
        p.assistants,
        p.shovels,
        p.cars,
        p.zeppelins,
        p.special_permits,
        p.congresses,
        p.artifacts,
    )
    # The counters are brought up to date on the new value before anyone else sees it:
    # one field set for each card or token, rather than all eighteen built again.
    if gained_cards or lost_cards:
        changes = tables.change
        for card_id in gained_cards:
            _count(moved, changes[card_id], card_id, 1)
        for card_id in lost_cards:
            _count(moved, changes[card_id], card_id, -1)
    if gained_tokens:  # a dig finds one or two, nearly always: each is one field set
        kinds = tables.token
        for token_id in gained_tokens:
            kind, region = kinds[token_id]
            if kind is _ARTIFACT:
                artifacts = list(moved.artifacts)
                artifacts[region] += 1
                _set(moved, "artifacts", tuple(artifacts))
            elif kind is _BOOK:
                held = moved.books
                _set(moved, "books", (*held[:region], held[region] + 1, *held[region + 1 :]))
            elif kind is _GENERAL:
                _set(moved, "general", moved.general + 1)
            else:
                raise KeyError(token_id)
    return moved


_set = object.__setattr__


def _count(player: PlayerState, change: CardChange | None, card_id: int, sign: int) -> None:
    if change is None:
        raise ValueError(f"card {card_id} is not a researcher card")
    if change.counter == BOOKS:
        books = player.books
        region = change.region
        points = books[region] + sign * change.add
        _set(player, BOOKS, (*books[:region], points, *books[region + 1 :]))
    else:
        held: int = getattr(player, change.counter)
        _set(player, change.counter, (held ^ change.flip) + sign * change.add)
