"""Applying an action (A1-A5, K3, T2, T4, Y1, and the variants V1-V5): the next state and
the events a UI narrates.

:func:`apply` refuses what :func:`~thebes.rules.legal.reason_illegal` refuses, spends the
action's single-use cards, does the action (drawing from a :class:`~thebes.rules.chance.Chance`),
and moves the marker on. :func:`player_after` is what an action does to its player, whatever
it draws: :func:`apply` uses it, and so does a bot looking ahead.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from thebes.catalog.components import WEEKS_PER_YEAR, Catalog
from thebes.catalog.kinds import CardKind
from thebes.rules.actions import Action, Dig, Exchange, Exhibit, Renew, Retire, TakeCard
from thebes.rules.chance import Chance
from thebes.rules.deck import CardsInPlay, draw_from_top
from thebes.rules.digging import dig_tokens
from thebes.rules.events import (
    CardRevealed,
    CardSpent,
    CardTaken,
    DisplayExchanged,
    DisplayRenewed,
    Event,
    ExhibitionHeld,
    GameEnded,
    Retired,
    Travelled,
    YearTurned,
)
from thebes.rules.legal import must_retire, reason_illegal
from thebes.rules.refusals import Illegal, IllegalAction, NotLegal
from thebes.rules.state import END_TIME, NO_CARD, RENEW_WEEKS, Deck, GameState, PlayerState, year_of
from thebes.rules.tableau import add_sorted, first_card_of, moved_player
from thebes.rules.tables import tables_of
from thebes.rules.turns import (
    active_seat,
    exchange_price,
    is_over,
    renews_permits,
)


def apply(state: GameState, action: Action, chance: Chance) -> tuple[GameState, tuple[Event, ...]]:
    """The state after the active player takes ``action``, and what happened.

    Raises :class:`~thebes.rules.refusals.IllegalAction` (with the reason) if the action is
    not legal now, and :class:`~thebes.rules.chance.ImpossibleDraw` if ``chance`` answers with
    a draw the deck or bag could not produce.
    """
    seat = active_seat(state)
    if seat is None:
        raise IllegalAction(NotLegal(Illegal.GAME_OVER))
    player = state.players[seat]
    reason = reason_illegal(state, seat, player, action)
    if reason is not None:
        raise IllegalAction(reason)
    events: list[Event] = []
    after = _PLAY[type(action)](state, seat, player, action, chance, events)
    return after, tuple(events)


def advance(state: GameState, action: Action, chance: Chance) -> GameState:
    """The state after the active player takes ``action``, which must be one of
    :func:`~thebes.rules.legal.legal_actions` (not checked here), without its events.

    The same state as :func:`apply` gives, at the cost of a search's playouts: they choose
    among the legal actions and read no events. What ``chance`` draws is checked as in
    :func:`apply`.
    """
    seat = state.to_move  # the memo of active_seat, when a listing has asked already
    if seat < 0:
        found = active_seat(state)
        if found is None:
            raise IllegalAction(NotLegal(Illegal.GAME_OVER))
        seat = found
    return _PLAY[type(action)](state, seat, state.players[seat], action, chance, None)


def _retire(
    state: GameState,
    seat: int,
    player: PlayerState,
    action: Retire,
    chance: Chance,
    events: list[Event] | None,
) -> GameState:
    """A5 (and D8 in the event): the marker moves to the end square."""
    if events is not None:
        events.append(Retired(seat, must_retire(state)))
    retired = _retired(state, player)
    return _next_state(
        state,
        seat,
        retired,
        events,
        False,
        state.display,
        state.exhibitions,
        state.deck,
        state.bags,
        state.site_bonus,
    )


def _exchange_or_exhibit(
    state: GameState,
    seat: int,
    player: PlayerState,
    action: Exchange | Exhibit | Renew,
    chance: Chance,
    events: list[Event] | None,
) -> GameState:
    """A2, A4, V3: the actions that change the display or the exhibitions."""
    kind = type(action)
    catalog = state.catalog
    where, travel, weeks = _journey_and_weeks(state, seat, player, action)
    if events is not None and where != player.location:
        events.append(Travelled(seat, player.location, where, travel, action.zeppelin))
    # K3: single-use cards are spent when the action is declared, before anything is drawn.
    spent = _spent(catalog, player, action) if action.zeppelin else ()
    if events is not None:
        events.extend(CardSpent(seat, card) for card in spent)
    table = CardsInPlay(
        state.deck,
        list(state.display),
        list(state.exhibitions),
        events,
        preview=state.variants.card_preview,
    )
    if spent:
        table.discard(*spent)
    held: tuple[int, ...] = ()
    if isinstance(action, Exhibit):
        held = _exhibit(state, seat, action, weeks, chance, table, events)
    else:
        old = table.clear_display()
        if events is not None:
            events.append(
                DisplayExchanged(seat, old, weeks)
                if isinstance(action, Exchange)
                else DisplayRenewed(seat, old, weeks)
            )
        table.fill_display(chance, catalog)
    time = player.time + weeks
    if events is not None and renews_permits(player.time, time):
        events.append(YearTurned(seat, year_of(time)))
    moved = _moved(state, player, action, where, time, spent, (), (), held)
    return _next_state(
        state,
        seat,
        moved,
        events,
        kind is Exchange,
        tuple(table.display),
        tuple(table.exhibitions),
        table.deck,
        state.bags,
        state.site_bonus,
    )


def _excavate(
    state: GameState,
    seat: int,
    player: PlayerState,
    action: Dig,
    chance: Chance,
    events: list[Event] | None,
) -> GameState:
    """A3 (with K3, T4, Y1): the dig. A third of all actions are digs: the cards one spends
    go straight to the discard pile, without a :class:`~thebes.rules.deck.CardsInPlay`."""
    catalog = state.catalog
    region = action.region
    where = catalog.city_count + region
    tables = tables_of(catalog)
    route = tables.travel[player.cars > 0][player.location]
    travel = 0 if action.zeppelin else route[where]
    if events is not None and where != player.location:
        events.append(Travelled(seat, player.location, where, travel, action.zeppelin))
    # K3: single-use cards are spent when the action is declared, before anything is drawn.
    spent = _spent(catalog, player, action)
    deck = state.deck
    if spent:
        if events is not None:
            events.extend(CardSpent(seat, card) for card in spent)
        discard = add_sorted(deck.discard, *spent)
        deck = Deck(deck.unseen, deck.piles, deck.reserve, discard, deck.reshuffles, deck.face_up)
    tokens, bags, site_bonus = dig_tokens(state, seat, player, action, chance, events)
    time = player.time + travel + action.weeks
    renewed = renews_permits(player.time, time)  # T4, Y1
    if events is not None and renewed:
        events.append(YearTurned(seat, year_of(time)))
    # A3.2: the dig uses the permit (it stays used when a special permit was spent), unless
    # the dig ends in a new year, which makes every permit valid again.
    permits_used = 0 if renewed else player.permits_used | 1 << region
    moved = moved_player(
        tables, player, where, time, state.clock, permits_used, (), spent, tokens, ()
    )
    return _next_state(
        state, seat, moved, events, False, state.display, state.exhibitions, deck, bags, site_bonus
    )


def _take_card(
    state: GameState,
    seat: int,
    player: PlayerState,
    action: TakeCard,
    chance: Chance,
    events: list[Event] | None,
) -> GameState:
    """A1 (with K1, K2, K3): the card taken and its slot filled again.

    Half of all actions are takes: the slot is nearly always filled by the top card of the
    draw pile, without a :class:`~thebes.rules.deck.CardsInPlay` to build.
    """
    catalog = state.catalog
    tables = tables_of(catalog)
    slot = action.slot
    display = state.display
    card = display[slot]
    where = tables.city[card]
    travel = 0 if action.zeppelin else tables.travel[player.cars > 0][player.location][where]
    weeks = travel + tables.weeks[card]
    spent = _spent(catalog, player, action) if action.zeppelin else ()
    if events is not None:
        if where != player.location:
            events.append(Travelled(seat, player.location, where, travel, action.zeppelin))
        events.extend(CardSpent(seat, spent_card) for spent_card in spent)
        events.append(CardTaken(seat, slot, card, weeks))
    preview = state.variants.card_preview
    # K3: a spent card is discarded before the draw, so it may be reshuffled into it.
    drawn = None if spent or preview else draw_from_top(state.deck, chance)
    if drawn is not None and not tables.exhibition[drawn[0]]:
        new_card, deck = drawn
        if events is not None:
            events.append(CardRevealed(slot, new_card))
        # A list changed and made a tuple again: half the time of slices unpacked around it.
        slots = list(display)
        slots[slot] = new_card
        display = tuple(slots)
        exhibitions = state.exhibitions
    else:
        table = CardsInPlay(
            state.deck if drawn is None else drawn[1],
            list(display),
            list(state.exhibitions),
            events,
            preview=preview,
        )
        if spent:
            table.discard(*spent)
        table.display[slot] = NO_CARD
        if drawn is not None:  # an exhibition came first (K2)
            table.show_exhibition(drawn[0])
        table.fill_slot(slot, chance, catalog)
        display, exhibitions, deck = tuple(table.display), tuple(table.exhibitions), table.deck
    time = player.time + weeks
    renewed = renews_permits(player.time, time)  # T4, Y1
    if events is not None and renewed:
        events.append(YearTurned(seat, year_of(time)))
    moved = moved_player(
        tables,
        player,
        where,
        time,
        state.clock,
        0 if renewed else player.permits_used,
        (card,),
        spent,
        (),
        (),
    )
    return _next_state(
        state, seat, moved, events, False, display, exhibitions, deck, state.bags, state.site_bonus
    )


def _journey_and_weeks(
    state: GameState,
    seat: int,
    player: PlayerState,
    action: TakeCard | Exchange | Dig | Exhibit | Renew,
) -> tuple[int, int, int]:
    """Where the action happens, the weeks of the journey there, and the weeks in all: what
    :func:`~thebes.rules.travel.destination`, :func:`~thebes.rules.travel.journey` and
    :func:`~thebes.rules.legal.cost` say, worked out together from the tables."""
    tables = tables_of(state.catalog)
    if isinstance(action, TakeCard):
        card = state.display[action.slot]
        where, weeks = tables.city[card], tables.weeks[card]
    elif isinstance(action, Dig):
        where, weeks = state.catalog.city_count + action.region, action.weeks
    elif isinstance(action, Exchange):
        where, weeks = state.catalog.exchange_city, exchange_price(state, seat)
    elif isinstance(action, Exhibit):
        card = state.exhibitions[action.slot]
        where, weeks = tables.city[card], tables.weeks[card]
    else:
        return player.location, 0, RENEW_WEEKS  # V3: where the player stands
    travel = 0 if action.zeppelin else tables.travel[player.cars > 0][player.location][where]
    return where, travel, travel + weeks


def _retired(state: GameState, player: PlayerState) -> PlayerState:
    """A5: the marker moves to the end square, on top of any there."""
    p = player
    return moved_player(
        tables_of(state.catalog),
        p,
        p.location,
        END_TIME,
        state.clock,
        p.permits_used,
        (),
        (),
        (),
        (),
    )


def _exhibit(
    state: GameState,
    seat: int,
    action: Exhibit,
    weeks: int,
    chance: Chance,
    table: CardsInPlay,
    events: list[Event] | None,
) -> tuple[int, ...]:
    """A4 (with V2 and V4): the exhibition held, in a tuple."""
    held = table.exhibitions.pop(action.slot)
    if events is not None:
        events.append(ExhibitionHeld(seat, held, weeks))
    variants = state.variants
    # P10: with both variants, the display is renewed before the extra card is drawn.
    if variants.renew_after_exhibition:  # V2
        old = table.clear_display()
        if events is not None:
            events.append(DisplayRenewed(-1, old, 0))
        table.fill_display(chance, state.catalog)
    if variants.more_exhibitions:  # V4
        table.draw_for_exhibitions(chance, state.catalog)
    return (held,)


def player_after(
    state: GameState,
    action: Action,
    *,
    cards: tuple[int, ...] = (),
    tokens: tuple[int, ...] = (),
    exhibitions: tuple[int, ...] = (),
) -> PlayerState:
    """The active player after ``action``, given the ``cards``, ``tokens`` and ``exhibitions``
    it gains (what is drawn is the caller's to say): moved to where the action happens and on
    by its weeks, its single-use cards spent (K3), the permit a dig uses marked, and the
    permits valid again in a new year; retiring moves to the end square (A5). Whether the
    action is legal is not checked."""
    seat = active_seat(state)
    if seat is None:
        raise IllegalAction(NotLegal(Illegal.GAME_OVER))
    player = state.players[seat]
    if isinstance(action, Retire):
        return _retired(state, player)
    where, _, weeks = _journey_and_weeks(state, seat, player, action)
    spent = _spent(state.catalog, player, action)
    return _moved(
        state, player, action, where, player.time + weeks, spent, cards, tokens, exhibitions
    )


def _moved(
    state: GameState,
    player: PlayerState,
    action: Action,
    where: int,
    time: int,
    spent: tuple[int, ...],
    cards: tuple[int, ...],
    tokens: tuple[int, ...],
    exhibitions: tuple[int, ...],
) -> PlayerState:
    """:func:`player_after` once the place, the time and the cards spent are known."""
    permits_used = player.permits_used
    if isinstance(action, Dig):
        # A3.2: the permit is used (it stays used when a special permit was spent).
        permits_used |= 1 << action.region
    # permits_after_move(player.time, time, permits_used), without the calls (T4, Y1)
    if time // WEEKS_PER_YEAR > player.time // WEEKS_PER_YEAR and time < END_TIME:
        permits_used = 0
    return moved_player(
        tables_of(state.catalog),
        player,
        where,
        time,
        state.clock,
        permits_used,
        cards,
        spent,
        tokens,
        exhibitions,
    )


def _spent(catalog: Catalog, player: PlayerState, action: Action) -> tuple[int, ...]:
    if not action.zeppelin and not (
        isinstance(action, Dig)
        and (action.legend or action.assistant or action.shovel or action.special_permit)
    ):
        return ()
    return tuple(cards_spent(catalog, player, action))


def cards_spent(catalog: Catalog, player: PlayerState, action: Action) -> list[int]:
    """The single-use cards the action discards: zeppelin, legend, assistant, shovel, permit."""
    spent = []
    if action.zeppelin:
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


def _next_state(
    state: GameState,
    seat: int,
    player: PlayerState,
    events: list[Event] | None,
    exchanged: bool,
    display: tuple[int, ...],
    exhibitions: tuple[int, ...],
    deck: Deck,
    bags: tuple[tuple[int, ...], ...],
    site_bonus: tuple[int, ...],
) -> GameState:
    # D4: another player's turn resets the exchange price.
    streak = state.exchange_streak if state.last_actor == seat else 0
    if exchanged:
        streak += 1
    players = list(state.players)
    players[seat] = player
    after = GameState(
        state.catalog,
        state.variants,
        tuple(players),
        display,
        exhibitions,
        deck,
        bags,
        site_bonus,
        state.clock + 1,
        seat,
        streak,
        state.actions_taken + 1,
    )
    if events is not None and is_over(after):
        events.append(GameEnded())
    return after


_Play = Callable[[GameState, int, PlayerState, Any, Chance, "list[Event] | None"], GameState]
# What plays each action, by its exact type (the action classes are final): one lookup for
# every action of every playout, where a chain of isinstance tests would take several.
_PLAY: dict[type, _Play] = {
    TakeCard: _take_card,
    Dig: _excavate,
    Exchange: _exchange_or_exhibit,
    Exhibit: _exchange_or_exhibit,
    Renew: _exchange_or_exhibit,
    Retire: _retire,
}
