"""Travel (M1-M3): where each action takes place and how many weeks the journey there costs."""

from __future__ import annotations

from typing import assert_never

from thebes.catalog.components import Catalog
from thebes.rules.actions import Action, Dig, Exchange, Exhibit, Renew, Retire, TakeCard
from thebes.rules.state import NO_CARD, GameState, PlayerState
from thebes.rules.tables import tables_of
from thebes.rules.turns import active_seat


def journey(catalog: Catalog, player: PlayerState, destination: int, zeppelin: bool) -> int:
    """M1-M3: weeks to travel by the shortest route, with the car and a zeppelin."""
    if zeppelin:
        return 0
    return tables_of(catalog).travel[player.cars > 0][player.location][destination]


def destination(state: GameState, action: Action) -> int | None:
    """Where the action happens (None for retiring), or raise IndexError for an empty slot.

    A renewal (V3) happens where the active player stands: it needs no journey."""
    catalog = state.catalog
    match action:
        case TakeCard(slot=slot):
            card = state.display[slot]
            if card == NO_CARD:
                raise IndexError(slot)
            return catalog.card(card).city
        case Exchange():
            return catalog.exchange_city
        case Dig(region=region):
            return catalog.site_base + region
        case Exhibit(slot=slot):
            return catalog.card(state.exhibitions[slot]).city
        case Renew():
            seat = active_seat(state)
            return None if seat is None else state.players[seat].location
        case Retire():
            return None
        case _:
            assert_never(action)
