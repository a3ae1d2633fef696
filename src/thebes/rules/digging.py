"""A3: what a dig draws from its site's bag (A3.5-A3.10, V1), checked against what the bag
could give: the tokens kept, the bags after the dig, the artifact left on the site taken at
its first dig, and the event that tells it. :mod:`thebes.rules.engine` plays the rest of
the dig (the journey, the cards spent, the time and the permits).
"""

from __future__ import annotations

from bisect import bisect_left
from typing import NoReturn

from thebes.catalog.components import LEGEND_VALUE, Catalog
from thebes.rules.actions import Dig
from thebes.rules.bags import debris_aside, debris_in_bag
from thebes.rules.chance import Chance, ImpossibleDraw
from thebes.rules.events import Dug, Event, FirstDigBonus
from thebes.rules.knowledge import helper_bonus, total_knowledge
from thebes.rules.state import GameState, PlayerState


def dig_tokens(
    state: GameState,
    seat: int,
    player: PlayerState,
    action: Dig,
    chance: Chance,
    events: list[Event] | None,
) -> tuple[tuple[int, ...], tuple[tuple[int, ...], ...], tuple[int, ...]]:
    """A3: the tokens kept (the site's first-dig artifact among them), the bags and the
    artifacts left on the sites after the dig."""
    catalog = state.catalog
    region = action.region
    # knowledge_for(...).total without building the object: every dig of a search asks.
    specialized = player.books[region] + (LEGEND_VALUE if action.legend else 0)
    assistants = player.assistants
    if assistants:
        specialized += helper_bonus(assistants, action.assistant)
    total = total_knowledge(specialized, player.general)
    bags = state.bags
    bag = bags[region]
    steady = state.variants.steady_digs  # V1 changes the debris in the bag
    debris = debris_in_bag(state, region) if steady else catalog.debris[region]
    # tokens_to_draw(...), with the shovels' bonus asked only of a player holding one
    count = catalog.wheel[total][action.weeks]
    if player.shovels:
        count += helper_bonus(player.shovels, action.shovel)
    if count > len(bag) + debris:
        count = len(bag) + debris
    found, debris_drawn = chance.draw_tokens(bag, debris, count)
    if len(found) + debris_drawn != count or not 0 <= debris_drawn <= debris:
        _check_token_draw(catalog, region, bag, debris, count, found, debris_drawn)
    left = bag
    for token in found:
        i = bisect_left(left, token)  # the bag is sorted
        if i == len(left) or left[i] != token:  # not in the bag, or drawn twice
            _check_token_draw(catalog, region, bag, debris, count, found, debris_drawn)
        left = left[:i] + left[i + 1 :]
    changed = list(bags)
    changed[region] = left
    bags = tuple(changed)
    if events is not None:
        aside = debris_aside(state, region)  # V1: what replaces the tokens kept, once drawn
        replaced = min(len(found), aside)
        left_aside = aside - replaced if state.variants.steady_digs else None
        events.append(
            Dug(
                seat,
                region,
                action.weeks,
                total,
                count,
                found,
                debris_drawn,
                replaced,
                left_aside,
            )
        )
    site_bonus = state.site_bonus
    bonus = site_bonus[region]
    if bonus:  # A3.10: the first dig at a site also takes the artifact lying on it
        found = (*found, bonus)
        site_bonus = (*site_bonus[:region], 0, *site_bonus[region + 1 :])
        if events is not None:
            events.append(FirstDigBonus(seat, region, bonus))
    return found, bags, site_bonus


def _check_token_draw(
    catalog: Catalog,
    region: int,
    bag: tuple[int, ...],
    debris: int,
    count: int,
    found: tuple[int, ...],
    debris_drawn: int,
) -> NoReturn:
    """Raise :class:`ImpossibleDraw` saying what is wrong with a dig's draw."""
    site = catalog.regions[region]
    if len(found) + debris_drawn != count:
        raise ImpossibleDraw(
            f"the dig at {site} draws {count} token{'' if count == 1 else 's'}, "
            f"not {len(found) + debris_drawn}"
        )
    if not 0 <= debris_drawn <= debris:
        raise ImpossibleDraw(f"the {site} bag holds {debris} debris, not {debris_drawn}")
    missing = next((t for t in found if t not in bag), found[0] if found else 0)
    raise ImpossibleDraw(f"token {missing} is not (or not twice) in the {site} bag")
