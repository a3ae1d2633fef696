"""Setting up a game (S1-S8): the players' markers, the deck and the first display, and with
the variant card-preview (V5) the two cards turned up on the draw pile."""

from __future__ import annotations

from thebes.catalog.components import DISPLAY_SLOTS, Catalog
from thebes.rules.chance import Chance
from thebes.rules.deck import CardsInPlay, initial_deck
from thebes.rules.events import Event
from thebes.rules.state import NO_CARD, NO_VARIANTS, GameState, Variants, time_of
from thebes.rules.tableau import make_player

PLAYER_COUNTS = (2, 3, 4)
# S2: where each player count starts on the time track.
START_TIME = {2: time_of(1901, 1), 3: time_of(1901, 16), 4: time_of(1902, 1)}


def new_game(
    catalog: Catalog,
    names: tuple[str, ...] | list[str],
    chance: Chance,
    variants: Variants = NO_VARIANTS,
) -> tuple[GameState, tuple[Event, ...]]:
    """S1-S8: a new game for these players in seat order, played with ``variants``; deals
    the display from ``chance`` (then turns up two cards, with V5)."""
    names = tuple(names)
    if len(names) not in PLAYER_COUNTS:
        raise ValueError(f"Thebes is for 2 to 4 players, not {len(names)}")
    if len(set(names)) != len(names):
        raise ValueError("every player needs a different name")
    count = len(names)
    players = tuple(
        # S4 (D1): stacked in seat order, seat 1 on top (the latest arrival).
        make_player(
            catalog, name, location=catalog.start, time=START_TIME[count], arrival=count - 1 - seat
        )
        for seat, name in enumerate(names)
    )
    events: list[Event] = []
    table = CardsInPlay(initial_deck(catalog, count), [NO_CARD] * DISPLAY_SLOTS, [], events)
    table.fill_display(chance, catalog)
    if variants.card_preview:
        table.preview = True
        table.turn_up(chance, catalog)
    state = GameState(
        catalog=catalog,
        variants=variants,
        players=players,
        display=tuple(table.display),
        exhibitions=tuple(table.exhibitions),
        deck=table.deck,
        bags=catalog.bag_tokens,
        site_bonus=catalog.site_bonus,
        clock=count,
        last_actor=-1,
        exchange_streak=0,
        actions_taken=0,
    )
    return state, tuple(events)
