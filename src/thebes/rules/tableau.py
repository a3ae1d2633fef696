"""A player's tableau: the cards and tokens in front of them, and what they add up to.

The counters of :class:`~thebes.rules.PlayerState` (book points per region, general points,
assistants, ...) summarise the held cards and tokens. :func:`changed_player` adjusts them
by what one action adds and removes, which the engine does on every turn;
:func:`make_player` is the same applied to an empty tableau.
"""

from __future__ import annotations

from typing import Any, assert_never

from thebes.catalog.components import REGION_COUNT, Catalog, TokenKind
from thebes.catalog.kinds import KINDS, CardKind, Tally
from thebes.rules.state import PlayerState


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
    new: dict[str, Any] = {}
    cards = player.cards
    if gained_cards or lost_cards:
        new = _card_counters(catalog, player, gained_cards, lost_cards)
        cards = tuple(sorted(cards + gained_cards))
        for card_id in lost_cards:
            cards = remove_one(cards, card_id)
    tokens = player.tokens
    if gained_tokens:
        new.update(_token_counters(catalog, player, new, gained_tokens))
        tokens = add_sorted(tokens, *gained_tokens)
    exhibitions = player.exhibitions
    if gained_exhibitions:
        exhibitions = add_sorted(exhibitions, *gained_exhibitions)
    # Built field by field: dataclasses.replace would cost a third of an apply().
    return PlayerState(
        player.name,
        location,
        time,
        arrival,
        permits_used,
        cards,
        exhibitions,
        tokens,
        new.get("books", player.books),
        new.get("general", player.general),
        new.get("legends", player.legends),
        new.get("assistants", player.assistants),
        new.get("shovels", player.shovels),
        new.get("cars", player.cars),
        new.get("zeppelins", player.zeppelins),
        new.get("special_permits", player.special_permits),
        new.get("congresses", player.congresses),
        new.get("artifacts", player.artifacts),
    )


def _card_counters(
    catalog: Catalog,
    player: PlayerState,
    gained: tuple[int, ...],
    lost: tuple[int, ...],
) -> dict[str, Any]:
    """The tableau's counters after gaining and losing these cards (catalog.kinds.KINDS)."""
    books = list(player.books)
    counts: dict[str, int] = {}
    for card_id, sign in [(c, 1) for c in gained] + [(c, -1) for c in lost]:
        card = catalog.card(card_id)
        info = KINDS[card.kind]
        name = info.counter
        match info.tally:
            case Tally.REGION_POINTS:
                books[card.region] += sign * card.value
            case Tally.REGION_FLAG:
                counts[name] = counts.get(name, getattr(player, name)) ^ 1 << card.region
            case Tally.POINTS:
                counts[name] = counts.get(name, getattr(player, name)) + sign * card.value
            case Tally.COUNT:
                counts[name] = counts.get(name, getattr(player, name)) + sign
            case Tally.NONE:
                raise ValueError(f"card {card_id} is not a researcher card")
            case _:
                assert_never(info.tally)
    return {"books": tuple(books), **counts}


def _token_counters(
    catalog: Catalog, player: PlayerState, changes: dict[str, Any], gained: tuple[int, ...]
) -> dict[str, Any]:
    """Artifacts per region, book points and general points after gaining these tokens."""
    books = list(changes.get("books", player.books))
    general = changes.get("general", player.general)
    artifacts = list(player.artifacts)
    for token_id in gained:
        token = catalog.token(token_id)
        match token.kind:
            case TokenKind.ARTIFACT:
                artifacts[token.region] += 1
            case TokenKind.BOOK:
                books[token.book_region] += 1
            case TokenKind.GENERAL:
                general += 1
            case _:
                assert_never(token.kind)
    return {"books": tuple(books), "general": general, "artifacts": tuple(artifacts)}
