"""The debris in a site's bag and the debris set aside (S5, A3.8, V1, P12).

The state keeps only a bag's non-debris tokens: debris always goes back (A3.8), so in the
2007 game a bag's debris is the catalog's count. With the variant steady-digs (V1), as the
2004 rules print it, a bag starts with its artifacts, its two knowledge tokens and only 6
debris (20 tokens); the region's other debris wait aside, and each artifact or knowledge
token kept from a dig is replaced by one of them once the dig is over, while any is left.
Both counts follow from how many tokens have left the bag, so the state holds nothing more
and cannot disagree with itself.
"""

from __future__ import annotations

from thebes.rules.state import GameState

# V1: "les 12 objets sont mélangés avec les 2 cartes de connaissance et 6 cartes blanches".
STEADY_DEBRIS_AT_START = 6


def kept_from_bag(state: GameState, region: int) -> int:
    """How many artifacts and knowledge tokens players have kept from the region's bag."""
    return len(state.catalog.bag_tokens[region]) - len(state.bags[region])


def debris_aside(state: GameState, region: int) -> int:
    """V1: the region's debris still set aside to replace tokens kept; 0 without the variant."""
    if not state.variants.steady_digs:
        return 0
    debris = state.catalog.debris[region]
    at_start = debris - min(STEADY_DEBRIS_AT_START, debris)
    return max(0, at_start - kept_from_bag(state, region))


def debris_in_bag(state: GameState, region: int) -> int:
    return state.catalog.debris[region] - debris_aside(state, region)
