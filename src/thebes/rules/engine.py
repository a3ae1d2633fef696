"""The turn: whose it is, what they may do, what it costs, and what doing it changes.

Setup (S1-S8), turn order and time (T1-T5, Y1), travel (M1-M3) and the five actions
(A1-A5, D3-D8). :func:`legal_actions` lists the active player's actions in a stable order,
fast (bots call it constantly); :func:`why_illegal` checks one action and says what is wrong
with it; :func:`apply` refuses what :func:`why_illegal` refuses and returns the next state
with the events a UI can narrate.
"""

from __future__ import annotations

from dataclasses import replace
from itertools import product

from thebes.catalog import DISPLAY_SLOTS, REGION_COUNT, WHEEL_SIZE, CardKind, Catalog
from thebes.chance import Chance, ImpossibleDraw
from thebes.model import (
    END_TIME,
    LAST_YEAR_START,
    NO_CARD,
    Action,
    CardSpent,
    CardTaken,
    Dig,
    DisplayExchanged,
    Dug,
    Event,
    Exchange,
    Exhibit,
    ExhibitionHeld,
    FirstDigBonus,
    GameEnded,
    GameState,
    PlayerState,
    Retire,
    Retired,
    TakeCard,
    Travelled,
    YearTurned,
    time_of,
    year_of,
)
from thebes.rules.deck import Table, initial_deck
from thebes.rules.knowledge import LEGEND_POINTS, helper_bonus, knowledge_for, tokens_to_draw
from thebes.rules.tableau import changed_player, first_card_of, make_player

PLAYER_COUNTS = (2, 3, 4)
# S2: where each player count starts on the time track.
START_TIME = {2: time_of(1901, 1), 3: time_of(1901, 16), 4: time_of(1902, 1)}
CAR_MIN_JOURNEY = 3  # M2: a car saves a week on journeys this long or longer


class IllegalAction(ValueError):
    """An action the rules do not allow now; the message says why."""


# Every action value there can be, made once: the listing hands out these shared objects.
_TAKE = tuple((TakeCard(s), TakeCard(s, True)) for s in range(DISPLAY_SLOTS))
_EXCHANGE = (Exchange(), Exchange(True))
_EXHIBIT = tuple((Exhibit(s), Exhibit(s, True)) for s in range(3))
_RETIRE = Retire()
# _DIGS[region][legend][assistant][shovel][permit][zeppelin][weeks]
_DIGS = tuple(
    {
        flags: tuple(Dig(region, w, *flags) for w in range(WHEEL_SIZE + 1))
        for flags in product((False, True), repeat=5)
    }
    for region in range(REGION_COUNT)
)
_NO = (False,)
_YES = (True,)
_BOTH = (False, True)


def all_actions() -> tuple[Action, ...]:
    """Every action value the notation can express (for exhaustive tests and parsers)."""
    actions: list[Action] = [a for pair in _TAKE for a in pair]
    actions += _EXCHANGE
    for region_digs in _DIGS:
        for digs in region_digs.values():
            actions += digs[1:]
    actions += [a for pair in _EXHIBIT for a in pair]
    actions.append(_RETIRE)
    return tuple(actions)


# ---------------------------------------------------------------- setup


def new_game(
    catalog: Catalog, names: tuple[str, ...] | list[str], chance: Chance
) -> tuple[GameState, tuple[Event, ...]]:
    """S1-S8: a new game for these players in seat order; deals the display from ``chance``."""
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
    table = Table(initial_deck(catalog, count), [NO_CARD] * DISPLAY_SLOTS, [])
    for slot in range(DISPLAY_SLOTS):
        table.fill_slot(slot, chance, catalog)
    state = GameState(
        catalog=catalog,
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
    return state, tuple(table.events)


# ---------------------------------------------------------------- turn order


def active_seat(state: GameState) -> int | None:
    """T1, T2: the player furthest back in time, the top of the stack first; None at the end."""
    best = None
    best_time = END_TIME
    best_arrival = -1
    for seat, player in enumerate(state.players):
        t = player.time
        if t < best_time or (t == best_time and t < END_TIME and player.arrival > best_arrival):
            best, best_time, best_arrival = seat, t, player.arrival
    return best


def is_over(state: GameState) -> bool:
    """E0: every marker is on the end square."""
    return all(p.time >= END_TIME for p in state.players)


def game_year(state: GameState) -> int:
    """Y2: the year marker shows the year of the player furthest back."""
    return year_of(min(p.time for p in state.players))


def exchange_price(state: GameState, seat: int) -> int:
    """D4: 1 week, plus 1 for each exchange the same player made since another player's turn."""
    return state.exchange_streak + 1 if state.last_actor == seat else 1


def journey(catalog: Catalog, player: PlayerState, destination: int, zeppelin: bool) -> int:
    """M1-M3: weeks to travel by the shortest route, with the car and a zeppelin."""
    if zeppelin:
        return 0
    weeks = catalog.travel[player.location][destination]
    if player.cars and weeks >= CAR_MIN_JOURNEY:
        weeks -= 1
    return weeks


def _zeppelin_options(player: PlayerState, journey_weeks: int) -> tuple[bool, ...]:
    # A zeppelin is offered only when there is a journey for it to shorten (see docs/decisions).
    return _BOTH if player.zeppelins and journey_weeks > 0 else _NO


def destination(state: GameState, action: Action) -> int | None:
    """Where the action happens (None for retiring), or raise IndexError for an empty slot."""
    catalog = state.catalog
    if isinstance(action, TakeCard):
        card = state.display[action.slot]
        if card == NO_CARD:
            raise IndexError(action.slot)
        return catalog.card(card).city
    if isinstance(action, Exchange):
        return catalog.exchange_city
    if isinstance(action, Dig):
        return catalog.site_base + action.region
    if isinstance(action, Exhibit):
        return catalog.card(state.exhibitions[action.slot]).city
    return None


def action_cost(state: GameState, action: Action) -> int:
    """The weeks the action moves the active player's marker, travel included."""
    seat = active_seat(state)
    if seat is None:
        raise IllegalAction("the game is over")
    return _cost(state, seat, state.players[seat], action)


def _cost(state: GameState, seat: int, player: PlayerState, action: Action) -> int:
    if isinstance(action, Retire):
        return END_TIME - player.time
    catalog = state.catalog
    where = destination(state, action)
    assert where is not None
    travel = journey(catalog, player, where, action.zeppelin)
    if isinstance(action, TakeCard):
        return travel + catalog.card(state.display[action.slot]).weeks
    if isinstance(action, Exchange):
        return travel + exchange_price(state, seat)
    if isinstance(action, Dig):
        return travel + action.weeks
    return travel + catalog.card(state.exhibitions[action.slot]).weeks


# ---------------------------------------------------------------- legal actions


def legal_actions(state: GameState) -> tuple[Action, ...]:
    """The active player's legal actions: takes, exchange, digs, exhibitions, then retire."""
    seat = active_seat(state)
    if seat is None:
        return ()
    actions = _regular_actions(state, seat)
    if state.players[seat].time >= LAST_YEAR_START or not actions:
        actions.append(_RETIRE)  # A5, and D8 when nothing else is possible
    return tuple(actions)


def _regular_actions(state: GameState, seat: int) -> list[Action]:
    catalog = state.catalog
    player = state.players[seat]
    remaining = END_TIME - player.time
    cards = catalog.cards
    actions: list[Action] = []

    for slot, card_id in enumerate(state.display):
        if card_id == NO_CARD:
            continue
        card = cards[card_id]
        assert card is not None
        base = journey(catalog, player, card.city, False)
        for zeppelin in _zeppelin_options(player, base):
            if (0 if zeppelin else base) + card.weeks <= remaining:
                actions.append(_TAKE[slot][zeppelin])

    if any(state.display):
        base = journey(catalog, player, catalog.exchange_city, False)
        price = exchange_price(state, seat)
        for zeppelin in _zeppelin_options(player, base):
            if (0 if zeppelin else base) + price <= remaining:
                actions.append(_EXCHANGE[zeppelin])

    min_weeks = catalog.min_weeks
    for region in range(REGION_COUNT):
        permit = bool(player.permits_used >> region & 1)
        if permit and not player.special_permits:
            continue
        has_legend = bool(player.legends >> region & 1)
        if player.books[region]:
            legend_options = _BOTH if has_legend else _NO
        elif has_legend:
            legend_options = _YES  # D5: the legend is the only specialized knowledge here
        else:
            continue
        assistant_options = _BOTH if player.assistants == 1 else _NO
        shovel_options = _BOTH if player.shovels == 1 else _NO
        base = journey(catalog, player, catalog.site_base + region, False)
        region_digs = _DIGS[region]
        books = player.books[region]
        for zeppelin in _zeppelin_options(player, base):
            longest = min(WHEEL_SIZE, remaining - (0 if zeppelin else base))
            for legend in legend_options:
                for assistant in assistant_options:
                    # A3.4-A3.6, inlined from knowledge_for: this loop is the hottest code.
                    specialized = books + (LEGEND_POINTS if legend else 0)
                    specialized += helper_bonus(player.assistants, assistant)
                    total = specialized + min(player.general, specialized)
                    shortest = min_weeks[total if total < WHEEL_SIZE else WHEEL_SIZE]
                    if shortest > longest:
                        continue
                    for shovel in shovel_options:
                        digs = region_digs[legend, assistant, shovel, permit, zeppelin]
                        actions.extend(digs[shortest : longest + 1])

    for slot, card_id in enumerate(state.exhibitions):
        card = cards[card_id]
        assert card is not None
        if any(have < need for have, need in zip(player.artifacts, card.requires, strict=True)):
            continue
        base = journey(catalog, player, card.city, False)
        for zeppelin in _zeppelin_options(player, base):
            if (0 if zeppelin else base) + card.weeks <= remaining:
                actions.append(_EXHIBIT[slot][zeppelin])
    return actions


def why_illegal(state: GameState, action: Action) -> str | None:
    """None if ``action`` is legal for the active player now, else the reason in words."""
    seat = active_seat(state)
    if seat is None:
        return "the game is over: every marker is on the end square"
    return _why_illegal(state, seat, state.players[seat], action)


def _why_illegal(state: GameState, seat: int, player: PlayerState, action: Action) -> str | None:
    catalog = state.catalog
    remaining = END_TIME - player.time

    if isinstance(action, Retire):
        if player.time >= LAST_YEAR_START or not _regular_actions(state, seat):
            return None
        return "retiring is only allowed in the last year (1903), or with no other action left"

    if isinstance(action, TakeCard):
        if not 0 <= action.slot < DISPLAY_SLOTS:
            return f"there is no display slot {action.slot + 1}"
        if state.display[action.slot] == NO_CARD:
            return f"display slot {action.slot + 1} is empty"
    elif isinstance(action, Exchange):
        if not any(state.display):
            return "there are no display cards to exchange"
    elif isinstance(action, Exhibit):
        if not 0 <= action.slot < len(state.exhibitions):
            return f"there is no exhibition in slot {_slot_letter(action.slot)}"
        card = catalog.card(state.exhibitions[action.slot])
        for region, (have, need) in enumerate(zip(player.artifacts, card.requires, strict=True)):
            if have < need:
                return (
                    f"the exhibition needs {need} {catalog.regions[region]} artifact"
                    f"{'s' if need > 1 else ''}, {player.name} has {have}"
                )
    elif isinstance(action, Dig):
        reason = _why_dig_illegal(state, player, action)
        if reason:
            return reason

    where = destination(state, action)
    assert where is not None
    if action.zeppelin:
        if not player.zeppelins:
            return f"{player.name} has no zeppelin"
        if journey(catalog, player, where, False) == 0:
            return f"a zeppelin is no use: {player.name} is already in {catalog.locations[where]}"
    cost = _cost(state, seat, player, action)
    if cost > remaining:
        return (
            f"it takes {cost} weeks, and {player.name} has only {remaining} left "
            "before the end of the game"
        )
    return None


def _slot_letter(slot: int) -> str:
    return "abc"[slot] if 0 <= slot < 3 else str(slot)


def _why_dig_illegal(state: GameState, player: PlayerState, action: Dig) -> str | None:
    catalog = state.catalog
    region = action.region
    if not 0 <= region < REGION_COUNT:
        return f"there is no region {region}"
    site = catalog.regions[region]
    permit_used = bool(player.permits_used >> region & 1)
    if action.special_permit and not permit_used:
        return f"the permit for {site} is still valid: no special permit is needed"
    if permit_used and not action.special_permit:
        return f"the permit for {site} is used this year: only a special permit allows the dig"
    if action.special_permit and not player.special_permits:
        return f"the permit for {site} is used this year and {player.name} has no special permit"
    if action.legend and not player.legends >> region & 1:
        return f"{player.name} has no legend of {site}"
    if action.assistant and player.assistants != 1:
        return "only a lone assistant can be discarded for a bonus"
    if action.shovel and player.shovels != 1:
        return "only a lone shovel can be discarded for a bonus"
    know = knowledge_for(player, region, legend=action.legend, assistant=action.assistant)
    if not know.qualifies:
        if player.legends >> region & 1:
            return f"{player.name} has no {site} books: the dig needs the legend of {site}"
        return f"{player.name} has no specialized knowledge of {site} (books or its legend)"
    if not 1 <= action.weeks <= WHEEL_SIZE:
        return f"a dig lasts 1 to {WHEEL_SIZE} weeks, not {action.weeks}"
    if catalog.wheel[know.total][action.weeks] < 1:
        return (
            f"with {know.total} knowledge a dig of {action.weeks} weeks draws no token; "
            f"it needs at least {catalog.min_weeks[know.total]} weeks"
        )
    return None


# ---------------------------------------------------------------- applying an action


def apply(state: GameState, action: Action, chance: Chance) -> tuple[GameState, tuple[Event, ...]]:
    """The state after the active player takes ``action``, and what happened.

    Raises :class:`IllegalAction` (with the reason) if the action is not legal now, and
    :class:`~thebes.chance.ImpossibleDraw` if ``chance`` answers with a draw the deck or
    bag could not produce.
    """
    seat = active_seat(state)
    if seat is None:
        raise IllegalAction("the game is over: every marker is on the end square")
    player = state.players[seat]
    reason = _why_illegal(state, seat, player, action)
    if reason is not None:
        raise IllegalAction(reason)
    catalog = state.catalog
    events: list[Event] = []

    if isinstance(action, Retire):
        forced = player.time < LAST_YEAR_START or not _regular_actions(state, seat)
        events.append(Retired(seat, forced))
        player = replace(player, time=END_TIME, arrival=state.clock)
        return _finish(state, seat, player, events, exchanged=False)

    where = destination(state, action)
    assert where is not None
    travel = journey(catalog, player, where, action.zeppelin)
    weeks = _cost(state, seat, player, action)
    if where != player.location:
        events.append(Travelled(seat, player.location, where, travel, action.zeppelin))

    # K3: single-use cards are spent when the action is declared, before anything is drawn.
    spent = cards_spent(catalog, player, action)
    for card in spent:
        events.append(CardSpent(seat, card))
    table = Table(state.deck, list(state.display), list(state.exhibitions), events)
    if spent:
        table.discard(*spent)
    gained_cards: tuple[int, ...] = ()
    gained_tokens: tuple[int, ...] = ()
    gained_exhibition: tuple[int, ...] = ()
    bags, site_bonus = state.bags, state.site_bonus
    permits_used = player.permits_used

    if isinstance(action, TakeCard):
        card = state.display[action.slot]
        gained_cards = (card,)
        events.append(CardTaken(seat, action.slot, card, weeks))
        table.display[action.slot] = NO_CARD
        table.fill_slot(action.slot, chance, catalog)
    elif isinstance(action, Exchange):
        old = tuple(c for c in table.display if c != NO_CARD)
        events.append(DisplayExchanged(seat, old, weeks))
        table.discard(*old)
        for slot in range(DISPLAY_SLOTS):
            table.fill_slot(slot, chance, catalog)
    elif isinstance(action, Exhibit):
        held = table.exhibitions.pop(action.slot)
        gained_exhibition = (held,)
        events.append(ExhibitionHeld(seat, held, weeks))
    else:
        assert isinstance(action, Dig)
        region = action.region
        know = knowledge_for(player, region, legend=action.legend, assistant=action.assistant)
        bag = bags[region]
        debris = catalog.debris[region]
        count = min(
            tokens_to_draw(catalog, player, know.total, action.weeks, shovel=action.shovel),
            len(bag) + debris,
        )
        found, debris_drawn = chance.draw_tokens(bag, debris, count)
        _check_token_draw(catalog, region, bag, debris, count, found, debris_drawn)
        bags = (*bags[:region], tuple(t for t in bag if t not in found), *bags[region + 1 :])
        gained_tokens = found
        events.append(Dug(seat, region, action.weeks, know.total, count, found, debris_drawn))
        bonus = site_bonus[region]
        if bonus:  # A3.10: the first dig at a site also takes the artifact lying on it
            gained_tokens = (*found, bonus)
            site_bonus = (*site_bonus[:region], 0, *site_bonus[region + 1 :])
            events.append(FirstDigBonus(seat, region, bonus))
        # A3.2: the permit is used (it stays used when a special permit was spent).
        permits_used |= 1 << region

    # T2, T4, Y1: the marker moves on and lands on top; passing week 52 renews the permits.
    time = player.time + weeks
    if year_of(time) > year_of(player.time) and time < END_TIME:
        events.append(YearTurned(seat, year_of(time)))
        permits_used = 0
    player = changed_player(
        catalog,
        player,
        location=where,
        time=time,
        arrival=state.clock,
        permits_used=permits_used,
        gained_cards=gained_cards,
        lost_cards=tuple(spent),
        gained_tokens=gained_tokens,
        gained_exhibitions=gained_exhibition,
    )
    return _finish(
        state,
        seat,
        player,
        events,
        exchanged=isinstance(action, Exchange),
        table=table,
        bags=bags,
        site_bonus=site_bonus,
    )


def cards_spent(catalog: Catalog, player: PlayerState, action: Action) -> list[int]:
    """The single-use cards the action discards: zeppelin, legend, assistant, shovel, permit."""
    spent = []
    if not isinstance(action, Retire) and action.zeppelin:
        spent.append(first_card_of(catalog, player, CardKind.ZEPPELIN))
    if isinstance(action, Dig):
        if action.legend:
            spent.append(first_card_of(catalog, player, CardKind.LEGEND, action.region))
        if action.assistant:
            spent.append(first_card_of(catalog, player, CardKind.ASSISTANT))
        if action.shovel:
            spent.append(first_card_of(catalog, player, CardKind.SHOVEL))
        if action.special_permit:
            spent.append(first_card_of(catalog, player, CardKind.SPECIAL_PERMIT))
    return spent


def _finish(
    state: GameState,
    seat: int,
    player: PlayerState,
    events: list[Event],
    *,
    exchanged: bool,
    table: Table | None = None,
    bags: tuple[tuple[int, ...], ...] | None = None,
    site_bonus: tuple[int, ...] | None = None,
) -> tuple[GameState, tuple[Event, ...]]:
    # D4: another player's turn resets the exchange price.
    streak = state.exchange_streak if state.last_actor == seat else 0
    if exchanged:
        streak += 1
    after = GameState(
        state.catalog,
        (*state.players[:seat], player, *state.players[seat + 1 :]),
        state.display if table is None else tuple(table.display),
        state.exhibitions if table is None else tuple(table.exhibitions),
        state.deck if table is None else table.deck,
        state.bags if bags is None else bags,
        state.site_bonus if site_bonus is None else site_bonus,
        state.clock + 1,
        seat,
        streak,
        state.actions_taken + 1,
    )
    if is_over(after):
        events.append(GameEnded())
    return after, tuple(events)


def _check_token_draw(
    catalog: Catalog,
    region: int,
    bag: tuple[int, ...],
    debris: int,
    count: int,
    found: tuple[int, ...],
    debris_drawn: int,
) -> None:
    site = catalog.regions[region]
    if len(found) + debris_drawn != count:
        raise ImpossibleDraw(
            f"the dig at {site} draws {count} token{'' if count == 1 else 's'}, "
            f"not {len(found) + debris_drawn}"
        )
    if not 0 <= debris_drawn <= debris:
        raise ImpossibleDraw(f"the {site} bag holds {debris} debris, not {debris_drawn}")
    if len(set(found)) != len(found) or any(t not in bag for t in found):
        missing = next((t for t in found if t not in bag), found[0] if found else 0)
        raise ImpossibleDraw(f"token {missing} is not (or not twice) in the {site} bag")
