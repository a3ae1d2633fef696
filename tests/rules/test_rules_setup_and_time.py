"""Setup (S1-S8), turn order and time (T1-T5), years (Y1, Y2)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from helpers import (
    CAT,
    NAMES,
    cards_of,
    dig_chance,
    last_weeks,
    loc,
    play,
    region,
    setup,
    start,
    tokens_of,
)
from thebes.records.illegal_words import illegal_line
from thebes.rules import (
    END_TIME,
    CardRevealed,
    Dig,
    Event,
    Exchange,
    Exhibit,
    ExhibitionRevealed,
    Illegal,
    IllegalAction,
    NotLegal,
    Pile,
    ScriptedChance,
    SeededChance,
    TakeCard,
    YearTurned,
    action_cost,
    active_seat,
    apply,
    game_year,
    legal_actions,
    make_player,
    new_game,
    permits_after_move,
    scores,
    time_of,
    week_of,
    why_illegal,
    year_of,
)
from thebes.rules.deck import CardsInPlay

EGYPT = region("Egypt")
GREECE = region("Greece")
ZEPPELIN = cards_of("zeppelin")[0]
EGYPT_3 = cards_of("book", "Egypt", 3)[0]  # alone: 3 knowledge, digs of 3 weeks and more
EGYPT_1 = cards_of("book", "Egypt", 1)[0]  # alone: 1 knowledge, digs of 8 weeks and more
BERLIN_BOOK = 1  # Greece book in Berlin, 1 week
SHOVEL_IN_LONDON = 65  # 3 weeks
LONDON_SMALL = 86  # 1 Greece, 2 Egypt artifacts; 3 weeks


def test_S1_two_to_four_players_with_five_valid_permits_each() -> None:
    for count in (2, 3, 4):
        state = start(count)
        assert [p.name for p in state.players] == list(NAMES[:count])
        assert all(p.permits_used == 0 for p in state.players)
    for count in (1, 5):
        with pytest.raises(ValueError, match="2 to 4 players"):
            new_game(CAT, ["P"] * count, SeededChance(0))
    with pytest.raises(ValueError, match="different name"):
        new_game(CAT, ["Ann", "Ann"], SeededChance(0))


@pytest.mark.parametrize(
    ("count", "year", "week", "length"), [(2, 1901, 1, 156), (3, 1901, 16, 141), (4, 1902, 1, 104)]
)
def test_S2_start_time_and_game_length(count: int, year: int, week: int, length: int) -> None:
    state = start(count)
    for player in state.players:
        assert (year_of(player.time), week_of(player.time)) == (year, week)
        assert END_TIME - player.time == length
    assert (year_of(END_TIME), week_of(END_TIME)) == (1904, 1)


def test_S3_everyone_starts_in_warsaw() -> None:
    assert {p.location for p in start(4).players} == {loc("Warsaw")}


def test_S4_D1_markers_stacked_in_seat_order_seat_one_on_top() -> None:
    state = start(3, display=[1, 2, 3, 4])
    assert active_seat(state) == 0
    # Ann takes a card and moves ahead; Bob, now top of the start square, acts next.
    state, _ = play(state, "take 1", ScriptedChance(cards=[5]))
    assert active_seat(state) == 1
    state, _ = play(state, "take 1", ScriptedChance(cards=[6]))
    assert active_seat(state) == 2


def test_S5_each_site_has_a_bonus_artifact_and_a_bag_of_30() -> None:
    state = start(2)
    for r, name in enumerate(CAT.regions):
        bonus = CAT.token(state.site_bonus[r])
        assert (bonus.kind.name, bonus.value, bonus.region) == ("ARTIFACT", 1, r)
        bag = [CAT.token(t) for t in state.bags[r]]
        assert len(bag) + CAT.debris[r] == 30
        kinds = [t.kind.name for t in bag]
        assert kinds.count("ARTIFACT") == 12, name
        assert kinds.count("BOOK") == 1
        assert kinds.count("GENERAL") == 1
        assert CAT.debris[r] == 16
        book = next(t for t in bag if t.kind.name == "BOOK")
        assert book.book_region != r


def test_S6_three_or_four_players_staged_piles_and_reserve() -> None:
    for count in (3, 4):
        deck = start(count).deck
        small = tuple(sorted(CAT.small_exhibition_ids))
        large = tuple(sorted(CAT.large_exhibition_ids))
        # The display's 4 came off the top; then stack 1 on stack 2; stack 3 set aside.
        assert deck.piles == (Pile(0, ()), Pile(27, ()), Pile(27, small))
        assert deck.reserve == Pile(27, large)
        assert len(deck.unseen) == 81


def test_S6_exhibitions_come_only_from_stack_2_small_ones_first() -> None:
    state = start(3)
    for seed in range(20):
        chance = SeededChance(seed)
        events: list[Event] = []
        table = CardsInPlay(state.deck, list(state.display), [], events)
        for _ in range(27):  # all of stack 1: researcher cards only
            table.fill_slot(0, chance, CAT)
        assert not any(isinstance(e, ExhibitionRevealed) for e in events)
        for _ in range(27):  # all of stack 2: its 27 cards and the 5 small exhibitions
            table.fill_slot(0, chance, CAT)
        revealed = [e.card for e in events if isinstance(e, ExhibitionRevealed)]
        stack_2 = table.deck.piles[-1]
        # Exhibitions below the last researcher card of stack 2 are still in it.
        assert stack_2.hidden == 0
        assert sorted(revealed + list(stack_2.known)) == sorted(CAT.small_exhibition_ids)
        assert table.deck.reserve == state.deck.reserve


def test_S7_D2_two_player_deck_has_no_reserve() -> None:
    deck = start(2).deck
    everything = tuple(sorted(CAT.small_exhibition_ids + CAT.large_exhibition_ids))
    assert deck.piles == (Pile(0, ()), Pile(40, ()), Pile(41, everything))
    assert deck.reserve is None


def test_S8_exhibition_display_starts_empty() -> None:
    for count in (2, 3, 4):
        state = start(count)
        assert state.exhibitions == ()
        assert all(c in CAT.researcher_ids for c in state.display)


def test_an_exhibition_card_cannot_lie_among_researcher_cards() -> None:
    with pytest.raises(ValueError) as refused:
        make_player(CAT, "Ann", location=0, time=0, arrival=0, cards=(LONDON_SMALL,))
    assert str(refused.value) == f"card {LONDON_SMALL} is not a researcher card"


def test_T1_active_player_is_furthest_back_in_time() -> None:
    state = start(3)
    state = setup(state, 0, year=1901, week=30)
    state = setup(state, 1, year=1902, week=2)
    state = setup(state, 2, year=1901, week=31)
    assert active_seat(state) == 0
    state = setup(state, 0, year=1902, week=10)
    assert active_seat(state) == 2


def test_T2_arriving_marker_goes_on_top_of_the_stack() -> None:
    state = start(2, display=[1, 2, 3, 4])  # card 1: Greece book in Berlin, 1 week
    state = setup(state, 0, week=3, location="Berlin")
    state = setup(state, 1, week=2, location="Berlin")
    assert active_seat(state) == 1
    # Bob takes card 1 (1 week) and lands on week 3, on top of Ann: Bob is active again.
    state, _ = play(state, "take 1", ScriptedChance(cards=[5]))
    assert state.players[1].time == state.players[0].time
    assert active_seat(state) == 1


def test_T2_the_later_of_two_arrivals_lies_on_top() -> None:
    state = start(2, display=[BERLIN_BOOK, 2, 3, 4])
    state = setup(state, 1, week=2, location="Berlin")
    # Ann: Warsaw->Berlin 1 week + 1: week 3. Bob, in Berlin, takes the refill: week 3 too.
    state, _ = play(state, "take 1", ScriptedChance(cards=[11]))  # Crete book in Berlin
    assert active_seat(state) == 1
    state, _ = play(state, "take 1", ScriptedChance(cards=[12]))
    assert state.players[0].time == state.players[1].time == time_of(1901, 3)
    assert active_seat(state) == 1  # Bob arrived last: on top


def test_T3_one_action_moves_the_marker_by_its_cost_and_may_repeat() -> None:
    state = start(2, display=[1, 2, 3, 4])
    state = setup(state, 1, week=20)
    before = state.players[0].time
    state, _ = play(state, "take 1", ScriptedChance(cards=[5]))  # Warsaw->Berlin 1 + 1 week
    assert state.players[0].time == before + 2
    assert active_seat(state) == 0  # still furthest back: Ann goes again
    # There is no "pass": every legal action costs at least one week.
    assert all(action_cost(state, a) >= 1 for a in legal_actions(state))


def test_T4_passing_week_52_goes_to_week_1_of_next_year_and_renews_permits() -> None:
    state = start(2, display=[65, 2, 3, 4])  # shovel in London, 3 weeks
    state = setup(state, 0, week=50, location="London", permits_used=["Egypt", "Crete"])
    state = setup(state, 1, year=1902, week=30)
    state, events = play(state, "take 1", ScriptedChance(cards=[5]))
    ann = state.players[0]
    assert (year_of(ann.time), week_of(ann.time)) == (1902, 1)
    assert ann.permits_used == 0
    assert any(type(e).__name__ == "YearTurned" for e in events)


def test_T4_a_dig_past_week_52_turns_the_year_and_renews_every_permit() -> None:
    state = start(2)
    state = setup(state, 0, week=50, location="Egypt", cards=[EGYPT_3], permits_used=["Crete"])
    state = setup(state, 1, year=1902, week=30)
    state, events = play(state, "dig Egypt 4", dig_chance([], 1))
    ann = state.players[0]
    assert (year_of(ann.time), week_of(ann.time)) == (1902, 2)
    assert ann.permits_used == 0  # Crete's and the dig's own Egypt permit, valid again
    assert YearTurned(0, 1902) in events


def test_T5_a_take_landing_on_the_end_square_turns_no_year() -> None:
    state = last_weeks(start(2, display=[65, 2, 3, 4]), 3, location="London")  # 3 weeks
    piles = state.deck.piles  # the top one, the display's own, was emptied by the deal
    state = replace(state, deck=replace(state.deck, piles=piles[1:]))
    state, events = play(state, "take 1", ScriptedChance(cards=[5]))
    assert state.players[0].time == END_TIME
    assert not any(isinstance(e, YearTurned) for e in events)
    assert CardRevealed(0, 5) in events  # the slot is filled from the top pile, and told


def test_T4_Y1_permits_after_a_move() -> None:
    used = 1 << GREECE | 1 << EGYPT
    assert permits_after_move(time_of(1901, 50), time_of(1902, 2), used) == 0
    assert permits_after_move(time_of(1901, 10), time_of(1901, 52), used) == used
    assert permits_after_move(time_of(1903, 50), END_TIME, used) == used


def test_T5_no_action_beyond_the_end_square_landing_on_it_is_allowed() -> None:
    state = start(2, display=[65, 1, 3, 4])
    greece = region("Greece")
    state = setup(
        state, 0, year=1903, week=50, location="Greece", cards=cards_of("book", "Greece", 2)
    )
    state = setup(state, 1, year=1903, week=52)
    assert END_TIME - state.players[0].time == 3
    actions = legal_actions(state)
    digs = [a for a in actions if isinstance(a, Dig)]
    assert digs and max(a.weeks for a in digs) == 3
    assert all(a.region == greece for a in digs)  # any other site is at least 1 week away + dig
    # Greece->London is 3 weeks + 3 for the shovel: not allowed; the Berlin book (2+1) is.
    assert TakeCard(0) not in actions
    assert TakeCard(1) in actions
    state, _ = play(state, "dig Greece 3", ScriptedChance(digs=[((), 3)]))  # 6 points
    assert state.players[0].time == END_TIME
    assert legal_actions(state) and active_seat(state) == 1


def test_T5_M3_a_zeppelin_makes_a_card_fit_into_the_last_weeks() -> None:
    state = start(2, display=[SHOVEL_IN_LONDON, 1, 2, 3])
    state = last_weeks(state, 3, location="Moscow")
    state = setup(state, 0, cards=[ZEPPELIN])
    actions = legal_actions(state)
    assert TakeCard(0, zeppelin=True) in actions  # 0 + 3 weeks: lands on the end square
    assert TakeCard(0) not in actions  # 3 + 3 weeks


def test_T5_M3_a_zeppelin_makes_an_exchange_fit_into_the_last_week() -> None:
    state = last_weeks(start(2), 1, location="London")
    state = setup(state, 0, cards=[ZEPPELIN])
    actions = legal_actions(state)
    assert Exchange(zeppelin=True) in actions
    assert Exchange() not in actions


def test_T5_M3_a_zeppelin_makes_an_exhibition_fit_into_the_last_weeks() -> None:
    state = replace(start(2), exhibitions=(LONDON_SMALL,))
    state = last_weeks(state, 3, location="Moscow")
    state = setup(
        state, 0, cards=[ZEPPELIN], tokens=tokens_of("Greece")[:1] + tokens_of("Egypt")[:2]
    )
    actions = legal_actions(state)
    assert Exhibit(0, zeppelin=True) in actions
    assert Exhibit(0) not in actions


def test_T5_M3_a_zeppelin_makes_a_dig_fit_into_the_last_weeks() -> None:
    state = last_weeks(start(2), 3)  # in Warsaw, 3 weeks from Egypt
    state = setup(state, 0, cards=[ZEPPELIN, EGYPT_3])
    digs = [a for a in legal_actions(state) if isinstance(a, Dig)]
    assert digs == [Dig(EGYPT, 3, zeppelin=True)]


def test_T5_a_dig_may_end_exactly_on_the_end_square() -> None:
    state = last_weeks(start(2), 8, location="Egypt")
    state = setup(state, 0, cards=[EGYPT_1])
    assert [a for a in legal_actions(state) if isinstance(a, Dig)] == [Dig(EGYPT, 8)]


def test_T5_landing_on_the_end_square_turns_no_year() -> None:
    state = last_weeks(start(2), 3, location="Egypt")
    state = setup(state, 0, cards=[EGYPT_3], permits_used=["Greece"])
    state, events = play(state, "dig Egypt 3", dig_chance([], 1))
    assert state.players[0].time == END_TIME
    assert not any(isinstance(e, YearTurned) for e in events)
    assert state.players[0].permits_used == 1 << GREECE | 1 << EGYPT


def test_T5_an_action_too_long_is_refused_with_the_weeks_it_needs() -> None:
    state = start(2, display=[SHOVEL_IN_LONDON, 1, 2, 3])
    state = last_weeks(state, 3, location="Greece")
    reason = "it takes 6 weeks, and Ann has only 3 left before the end of the game"
    too_late = NotLegal(Illegal.TOO_FEW_WEEKS, seat=0, weeks=6, left=3)
    assert why_illegal(state, TakeCard(0)) == too_late
    with pytest.raises(IllegalAction) as refused:
        apply(state, TakeCard(0), ScriptedChance())
    assert refused.value.refusal == too_late
    assert illegal_line(too_late, state) == reason  # as a player reads it


def test_T5_D4_the_rising_exchange_price_counts_against_the_last_weeks() -> None:
    state = last_weeks(start(2), 1)  # in Warsaw: an exchange costs its price only
    state = replace(state, last_actor=0, exchange_streak=1)
    assert action_cost(state, Exchange()) == 2
    assert Exchange() not in legal_actions(state)
    assert why_illegal(state, Exchange()) == NotLegal(Illegal.TOO_FEW_WEEKS, weeks=2, left=1)


def test_Y1_permits_renew_even_for_the_dig_that_crossed_the_year() -> None:
    # Decision P1: the permit is marked used at the dig, then the marker moves; passing
    # week 52 on that move renews all permits, the one just used included.
    state = start(2)
    state = setup(state, 0, week=48, location="Egypt", cards=cards_of("book", "Egypt")[:2])
    state = setup(state, 1, year=1902, week=20)
    state, _ = play(state, "dig Egypt 6", ScriptedChance(digs=[((), 1)]))
    assert year_of(state.players[0].time) == 1902
    assert state.players[0].permits_used == 0


def test_Y2_year_marker_shows_the_year_of_the_player_furthest_back() -> None:
    state = start(3)
    state = setup(state, 0, year=1902, week=3)
    state = setup(state, 1, year=1901, week=52)
    state = setup(state, 2, year=1903, week=1)
    assert game_year(state) == 1901
    state = setup(state, 1, year=1902, week=1)
    assert game_year(state) == 1902


def test_S5_first_dig_bonus_tokens_are_value_one_artifacts() -> None:
    state = start(2)
    assert sum(CAT.token(t).value for t in state.site_bonus) == 5
    assert scores(state)[0].total == 0
    assert len(tokens_of("Greece")) == 12
