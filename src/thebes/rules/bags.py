"""The debris in a site's bag (S5, A3.8, V1).

The state keeps only a bag's non-debris tokens: debris always goes back (A3.8), so a bag's
debris is the catalog's count. With the variant steady-digs (V1) every token kept from a dig
is replaced by a debris token from an unlimited supply, so the debris grows by exactly the
tokens that left the bag, and the bag keeps its size.
"""

from __future__ import annotations

from thebes.rules.state import GameState


def debris_in_bag(state: GameState, region: int) -> int:
    catalog = state.catalog
    debris = catalog.debris[region]
    if state.variants.steady_digs:
        debris += len(catalog.bag_tokens[region]) - len(state.bags[region])
    return debris
