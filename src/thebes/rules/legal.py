"""What the active player may do (A1-A5, D3-D8, V3): the legal actions in a stable order, the
reason an action is not legal (a value: :mod:`thebes.rules.refusals`), and what an action
costs in weeks.

:func:`legal_actions` is the hottest code of the program (bots call it for every move they
consider), so it lists actions from tables made once and computes knowledge inline with the
same function :func:`~thebes.rules.knowledge.knowledge_for` uses.
"""

from __future__ import annotations

from itertools import product
from typing import assert_never

from thebes.catalog.components import (
    DISPLAY_SLOTS,
    EXHIBITION_SLOTS,
    LEGEND_VALUE,
    REGION_COUNT,
    WHEEL_SIZE,
    Catalog,
)
from thebes.rules.actions import Action, Dig, Exchange, Exhibit, Renew, Retire, TakeCard
from thebes.rules.knowledge import helper_bonus, knowledge_for
from thebes.rules.refusals import Illegal, IllegalAction, NotLegal
from thebes.rules.state import (
    END_TIME,
    LAST_YEAR_START,
    NO_CARD,
    RENEW_WEEKS,
    GameState,
    PlayerState,
)
from thebes.rules.tables import Tables, tables_of
from thebes.rules.travel import destination, journey
from thebes.rules.turns import active_seat, exchange_price

# Every action value there can be, made once: the listing hands out these shared objects.
_TAKE = tuple((TakeCard(s), TakeCard(s, True)) for s in range(DISPLAY_SLOTS))
_TAKE_BY_LAND = tuple(pair[0] for pair in _TAKE)
assert DISPLAY_SLOTS == 4, "legal_actions writes out the four display slots"
assert REGION_COUNT == 5, "legal_actions writes out the five regions of Thebes"
_EXCHANGE = (Exchange(), Exchange(True))
_EXHIBIT = tuple((Exhibit(s), Exhibit(s, True)) for s in range(EXHIBITION_SLOTS))
_RETIRE = Retire()
_RENEW = Renew()
# _DIGS[region][legend, assistant, shovel, permit, zeppelin][weeks]
_DIGS = tuple(
    {
        flags: tuple(Dig(region, w, *flags) for w in range(WHEEL_SIZE + 1))
        for flags in product((False, True), repeat=5)
    }
    for region in range(REGION_COUNT)
)
# _REGIONS_IN[bits]: the regions whose bit is set, in order
_REGIONS_IN = tuple(
    tuple(r for r in range(REGION_COUNT) if bits >> r & 1) for bits in range(1 << REGION_COUNT)
)
_NO = (False,)
_YES = (True,)
_BOTH = (False, True)
# At 2 * (assistants held, 3 or more alike) + (1 if a lone shovel is held): (discard a lone
# assistant?, the knowledge it brings, discard the lone shovel?) for each choice there is
# (A3.4, A3.8, D6), in the listing's order.
_HELPER_OPTIONS = tuple(
    tuple(
        (lone, helper_bonus(held, lone), shovel)
        for lone in (_BOTH if held == 1 else _NO)
        for shovel in (_BOTH if lone_shovel else _NO)
    )
    for held in range(4)
    for lone_shovel in (False, True)
)


def all_actions() -> tuple[Action, ...]:
    """Every action value the notation can express (for exhaustive tests and parsers)."""
    actions: list[Action] = [a for pair in _TAKE for a in pair]
    actions += _EXCHANGE
    for region_digs in _DIGS:
        for digs in region_digs.values():
            actions += digs[1:]
    actions += [a for pair in _EXHIBIT for a in pair]
    actions.append(_RETIRE)
    actions.append(_RENEW)
    return tuple(actions)


# ---------------------------------------------------------------- cost


def action_cost(state: GameState, action: Action) -> int:
    """The weeks the action moves the active player's marker, travel included."""
    seat = active_seat(state)
    if seat is None:
        raise IllegalAction(NotLegal(Illegal.GAME_OVER))
    return cost(state, seat, state.players[seat], action)


def cost(state: GameState, seat: int, player: PlayerState, action: Action) -> int:
    """The weeks ``action`` moves this player's marker: the journey, then the action."""
    if isinstance(action, Retire):
        return END_TIME - player.time
    if isinstance(action, Renew):
        return RENEW_WEEKS  # V3: where the player stands, no journey
    catalog = state.catalog
    where = destination(state, action)
    assert where is not None
    travel = journey(catalog, player, where, action.zeppelin)
    match action:
        case TakeCard(slot=slot):
            return travel + catalog.card(state.display[slot]).weeks
        case Exchange():
            return travel + exchange_price(state, seat)
        case Dig(weeks=weeks):
            return travel + weeks
        case Exhibit(slot=slot):
            return travel + catalog.card(state.exhibitions[slot]).weeks
        case _:
            assert_never(action)


def _renew_possible(state: GameState, player: PlayerState) -> bool:
    """V3 (with P4): a renewal needs the variant, a card to renew and 2 weeks left."""
    return (
        state.variants.renew_anywhere
        and any(state.display)
        and player.time + RENEW_WEEKS <= END_TIME
    )


# ---------------------------------------------------------------- legal actions


def legal_actions(state: GameState) -> tuple[Action, ...]:
    """The active player's legal actions, in a stable order: takes, exchanges, digs,
    exhibitions, a renewal (V3), then retiring (A5, D8). Each with a zeppelin right after the
    same without one (P3: only where there is a journey for it to shorten)."""
    seat = state.to_move  # the memo of active_seat, once worked out
    if seat < 0:
        found = active_seat(state)
        if found is None:
            return ()
        seat = found
    player = state.players[seat]
    catalog = state.catalog
    tables = tables_of(catalog)
    weeks_of = tables.weeks
    city = tables.city
    remaining = END_TIME - player.time
    route = tables.travel[player.cars > 0][player.location]
    zeppelins = player.zeppelins > 0
    actions: list[Action] = []
    add = actions.append
    display = state.display
    if zeppelins:
        for slot, card in enumerate(display):
            if card != NO_CARD:
                weeks = weeks_of[card]
                base = route[city[card]]
                if base + weeks <= remaining:
                    add(_TAKE[slot][0])
                if base and weeks <= remaining:
                    add(_TAKE[slot][1])
    else:
        # The four slots written out, as the five regions below: a loop cost a tenth of
        # the listing. An empty slot costs more than any game lasts.
        cost = tables.card_cost[player.cars > 0][player.location]
        card0, card1, card2, card3 = display
        if cost[card0] <= remaining:
            add(_TAKE_BY_LAND[0])
        if cost[card1] <= remaining:
            add(_TAKE_BY_LAND[1])
        if cost[card2] <= remaining:
            add(_TAKE_BY_LAND[2])
        if cost[card3] <= remaining:
            add(_TAKE_BY_LAND[3])
    if any(display):
        price = exchange_price(state, seat)  # D4
        base = route[catalog.exchange_city]
        if base + price <= remaining:
            add(_EXCHANGE[0])
        if zeppelins and base and price <= remaining:
            add(_EXCHANGE[1])
    # The regions where the player may dig at all, as bits: books or the legend there (D5),
    # and the permit still valid this year or a special permit to spend (A3.2). The five
    # regions are written out: a loop over them cost more than the rest of the listing.
    books = player.books
    diggable = player.legends
    if books[0]:
        diggable |= 1
    if books[1]:
        diggable |= 2
    if books[2]:
        diggable |= 4
    if books[3]:
        diggable |= 8
    if books[4]:
        diggable |= 16
    if not player.special_permits:
        diggable &= ~player.permits_used
    if diggable:
        _add_digs(catalog, player, route, remaining, actions, diggable)
    _add_exhibitions(state.exhibitions, player, tables, route, remaining, actions)
    if state.variants.renew_anywhere and _renew_possible(state, player):
        add(_RENEW)
    # A5: any turn of the last year; D8: before it, only when nothing else is left
    if player.time >= LAST_YEAR_START or not actions:
        add(_RETIRE)
    return tuple(actions)


def _add_exhibitions(
    exhibitions: tuple[int, ...],
    player: PlayerState,
    tables: Tables,
    route: tuple[int, ...],
    remaining: int,
    actions: list[Action],
) -> None:
    """A4: the exhibitions whose artifacts the player holds, in time (P3: by zeppelin too)."""
    artifacts = player.artifacts
    needs = tables.needs
    zeppelins = player.zeppelins > 0
    for slot, card in enumerate(exhibitions):
        for region, need in needs[card]:
            if artifacts[region] < need:
                break
        else:
            base = route[tables.city[card]]
            weeks = tables.weeks[card]
            if base + weeks <= remaining:
                actions.append(_EXHIBIT[slot][0])
            if zeppelins and base and weeks <= remaining:
                actions.append(_EXHIBIT[slot][1])


def must_retire(state: GameState) -> bool:
    """D8: the active player has no legal action but retiring, whatever the year."""
    return legal_actions(state) == (_RETIRE,)


def may_retire(state: GameState) -> bool:
    """A5: the active player may retire at any turn of the last year, and before it only
    when they must (D8)."""
    return _RETIRE in legal_actions(state)


def _add_digs(
    catalog: Catalog,
    player: PlayerState,
    route: tuple[int, ...],
    remaining: int,
    actions: list[Action],
    diggable: int,
) -> None:
    min_weeks = catalog.min_weeks
    helper_options = _HELPER_OPTIONS[2 * min(player.assistants, 3) + (player.shovels == 1)]
    site_base = catalog.city_count  # catalog.site_base, without the property's call
    legends = player.legends
    permits_used = player.permits_used
    general = player.general
    zeppelins = player.zeppelins
    for region in _REGIONS_IN[diggable]:
        books = player.books[region]
        has_legend = legends >> region & 1
        permit = permits_used >> region & 1 == 1
        # D5: without books, the legend is the only specialized knowledge here.
        legend_options = (_BOTH if has_legend else _NO) if books else _YES
        base = route[site_base + region]
        region_digs = _DIGS[region]
        for zeppelin in _BOTH if zeppelins and base else _NO:
            longest = remaining - (0 if zeppelin else base)
            if longest > WHEEL_SIZE:
                longest = WHEEL_SIZE
            for legend in legend_options:
                for assistant, bonus, shovel in helper_options:
                    # knowledge_for(...).total without building the object or calling
                    # total_knowledge: this loop is hot.
                    specialized = books + (LEGEND_VALUE if legend else 0) + bonus
                    total = specialized + (general if general < specialized else specialized)
                    shortest = min_weeks[total if total < WHEEL_SIZE else WHEEL_SIZE]
                    if shortest <= longest:
                        digs = region_digs[legend, assistant, shovel, permit, zeppelin]
                        actions.extend(digs[shortest : longest + 1])


# ---------------------------------------------------------------- why not


def why_illegal(state: GameState, action: Action) -> NotLegal | None:
    """None if ``action`` is legal for the active player now, else why not (a value)."""
    seat = active_seat(state)
    if seat is None:
        return NotLegal(Illegal.GAME_OVER)
    return reason_illegal(state, seat, state.players[seat], action)


def reason_illegal(
    state: GameState, seat: int, player: PlayerState, action: Action
) -> NotLegal | None:
    """Why the player to move (``seat``, ``player``) may not take ``action`` now, or None if
    they may."""
    match action:
        case Retire():
            return None if may_retire(state) else NotLegal(Illegal.RETIRE_TOO_EARLY)
        case TakeCard(slot=slot):
            if not 0 <= slot < DISPLAY_SLOTS:
                return NotLegal(Illegal.NO_DISPLAY_SLOT, slot=slot)
            if state.display[slot] == NO_CARD:
                return NotLegal(Illegal.EMPTY_SLOT, slot=slot)
        case Exchange():
            if not any(state.display):
                return NotLegal(Illegal.NOTHING_TO_EXCHANGE)
        case Renew():
            return _why_renew_illegal(state, seat, player)
        case Exhibit():
            reason = _why_exhibit_illegal(state, seat, player, action)
            if reason:
                return reason
        case Dig():
            reason = _why_dig_illegal(state, seat, player, action)
            if reason:
                return reason
        case _:
            assert_never(action)
    return _why_journey_illegal(state, seat, player, action)


def _why_journey_illegal(
    state: GameState, seat: int, player: PlayerState, action: TakeCard | Exchange | Exhibit | Dig
) -> NotLegal | None:
    where = destination(state, action)
    assert where is not None
    if action.zeppelin:
        if not player.zeppelins:
            return NotLegal(Illegal.NO_ZEPPELIN, seat=seat)
        if journey(state.catalog, player, where, False) == 0:
            return NotLegal(Illegal.ZEPPELIN_NO_USE, seat=seat, location=where)
    weeks = cost(state, seat, player, action)
    remaining = END_TIME - player.time
    if weeks > remaining:
        return NotLegal(Illegal.TOO_FEW_WEEKS, seat=seat, weeks=weeks, left=remaining)
    return None


def _why_renew_illegal(state: GameState, seat: int, player: PlayerState) -> NotLegal | None:
    if not state.variants.renew_anywhere:
        return NotLegal(Illegal.RENEW_NOT_PLAYED)
    if not any(state.display):
        return NotLegal(Illegal.NOTHING_TO_RENEW)
    remaining = END_TIME - player.time
    if remaining < RENEW_WEEKS:
        return NotLegal(Illegal.TOO_FEW_WEEKS, seat=seat, weeks=RENEW_WEEKS, left=remaining)
    return None


def _why_exhibit_illegal(
    state: GameState, seat: int, player: PlayerState, action: Exhibit
) -> NotLegal | None:
    if not 0 <= action.slot < len(state.exhibitions):
        return NotLegal(Illegal.NO_EXHIBITION, slot=action.slot)
    card = state.catalog.card(state.exhibitions[action.slot])
    for region, (have, need) in enumerate(zip(player.artifacts, card.requires, strict=True)):
        if have < need:
            return NotLegal(
                Illegal.TOO_FEW_ARTIFACTS, seat=seat, region=region, need=need, have=have
            )
    return None


def _why_dig_illegal(
    state: GameState, seat: int, player: PlayerState, action: Dig
) -> NotLegal | None:
    region = action.region
    if not 0 <= region < REGION_COUNT:
        return NotLegal(Illegal.NO_REGION, region=region)
    permit_used = bool(player.permits_used >> region & 1)
    if action.special_permit and not permit_used:
        return NotLegal(Illegal.PERMIT_STILL_VALID, region=region)
    if permit_used and not action.special_permit:
        return NotLegal(Illegal.PERMIT_USED, region=region)
    if action.special_permit and not player.special_permits:
        return NotLegal(Illegal.NO_SPECIAL_PERMIT, seat=seat, region=region)
    if action.legend and not player.legends >> region & 1:
        return NotLegal(Illegal.NO_LEGEND, seat=seat, region=region)
    for wanted, held, none, not_lone in (
        (action.assistant, player.assistants, Illegal.NO_ASSISTANT, Illegal.ASSISTANTS_NOT_LONE),
        (action.shovel, player.shovels, Illegal.NO_SHOVEL, Illegal.SHOVELS_NOT_LONE),
    ):
        if wanted and held == 0:
            return NotLegal(none, seat=seat)
        if wanted and held > 1:
            return NotLegal(not_lone, seat=seat, have=held)
    return _why_dig_draws_nothing(state, seat, player, action)


def _why_dig_draws_nothing(
    state: GameState, seat: int, player: PlayerState, action: Dig
) -> NotLegal | None:
    """The knowledge and weeks of a dig otherwise allowed: whether it may be dug at all."""
    region = action.region
    know = knowledge_for(player, region, legend=action.legend, assistant=action.assistant)
    if not know.qualifies:
        if player.legends >> region & 1:
            return NotLegal(Illegal.LEGEND_NEEDED, seat=seat, region=region)
        return NotLegal(Illegal.NO_KNOWLEDGE, seat=seat, region=region)
    if not 1 <= action.weeks <= WHEEL_SIZE:
        return NotLegal(Illegal.DIG_WEEKS_OUT_OF_RANGE, weeks=action.weeks)
    catalog = state.catalog
    if catalog.wheel[know.total][action.weeks] < 1:
        least = catalog.min_weeks[know.total]
        return NotLegal(
            Illegal.DIG_DRAWS_NOTHING, weeks=action.weeks, knowledge=know.total, need=least
        )
    return None
