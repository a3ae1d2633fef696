"""Scenario tests written to kill the mutants that survived mutation testing of the rules
engine (docs/mutation.md). Each names the rule (or project decision) it pins; the few that
pin no rule say what part of the engine's contract they hold."""

from __future__ import annotations

from dataclasses import replace

import pytest

from helpers import CAT, cards_of, dig_chance, loc, play, region, setup, start, tokens_of
from thebes.catalog.components import REGION_COUNT
from thebes.rules import (
    END_TIME,
    CardSpent,
    Deck,
    Dig,
    DisplayExchanged,
    Exchange,
    Exhibit,
    ExhibitionHeld,
    ExhibitionRevealed,
    GameState,
    IllegalAction,
    ImpossibleDraw,
    Pile,
    Renew,
    Retire,
    Retired,
    ScriptedChance,
    Table,
    TakeCard,
    Travelled,
    YearTurned,
    action_cost,
    active_seat,
    all_actions,
    apply,
    bag_contents,
    destination,
    dig_odds,
    legal_actions,
    make_player,
    new_game,
    permits_after_move,
    time_of,
    why_illegal,
)

GREECE = region("Greece")
CRETE = region("Crete")
EGYPT = region("Egypt")
SMALL = tuple(sorted(CAT.small_exhibition_ids))
LONDON_SMALL = 86  # 1 Greece, 2 Egypt artifacts; 3 weeks
LONDON_LARGE = 91  # 2 Greece, 1 Crete, 3 Egypt artifacts; 4 weeks
SHOVEL_IN_LONDON = 65  # 3 weeks
BERLIN_BOOK = 1  # Greece book in Berlin, 1 week
ZEPPELIN = cards_of("zeppelin")[0]
EGYPT_3 = cards_of("book", "Egypt", 3)[0]  # alone: 3 knowledge, digs of 3 weeks and more
EGYPT_1 = cards_of("book", "Egypt", 1)[0]  # alone: 1 knowledge, digs of 8 weeks and more


def last_weeks(state: GameState, weeks_left: int, location: str | None = None) -> GameState:
    """Ann with ``weeks_left`` weeks before the end square, Bob already on it."""
    state = setup(state, 1, year=1904, week=1)
    time = END_TIME - weeks_left
    return setup(state, 0, year=1901 + time // 52, week=time % 52 + 1, location=location)


def refusal(state: GameState, action: Retire | TakeCard | Exchange | Exhibit | Dig) -> str:
    with pytest.raises(IllegalAction) as refused:
        apply(state, action, ScriptedChance())
    return str(refused.value)


# ---------------------------------------------------------------- every action value


def test_all_actions_lists_every_action_value_once() -> None:
    actions = all_actions()
    digs = REGION_COUNT * 2**5 * 12  # five yes/no options, 1 to 12 weeks
    assert len(actions) == 4 * 2 + 2 + digs + 3 * 2 + 1 + 1  # ... retire and renew (V3)
    assert len(set(actions)) == len(actions)
    assert actions[0] == TakeCard(0) and actions[-2:] == (Retire(), Renew())
    assert {Exchange(), Exchange(True), Exhibit(2, True), Dig(0, 1)} <= set(actions)
    assert Dig(REGION_COUNT - 1, 12, True, True, True, True, True) in actions
    assert not any(isinstance(a, Dig) and a.weeks == 0 for a in actions)


# ---------------------------------------------------------------- travel M1-M3, P3


def test_M3_P3_a_zeppelin_is_offered_for_a_one_week_journey() -> None:
    state = setup(start(2, display=[BERLIN_BOOK, 2, 3, 4]), 0, cards=[ZEPPELIN])
    assert CAT.travel[loc("Warsaw")][loc("Berlin")] == 1
    assert TakeCard(0, zeppelin=True) in legal_actions(state)


def test_M3_the_journey_by_zeppelin_is_narrated_as_0_weeks() -> None:
    state = start(2, display=[SHOVEL_IN_LONDON, 1, 2, 3])
    state = setup(state, 0, location="Moscow", cards=[ZEPPELIN])
    _, events = play(state, "take 1 +zeppelin", ScriptedChance(cards=[5]))
    assert Travelled(0, loc("Moscow"), loc("London"), 0, True) in events


def test_destination_of_each_action() -> None:
    state = replace(start(2, display=[BERLIN_BOOK, 2, 3, 4]), display=(BERLIN_BOOK, 0, 3, 4))
    assert destination(state, TakeCard(0)) == loc("Berlin")
    assert destination(state, Retire()) is None
    with pytest.raises(IndexError) as empty:
        destination(state, TakeCard(1))
    assert empty.value.args == (1,)


# ---------------------------------------------------------------- T5 with a zeppelin


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
    assert why_illegal(state, TakeCard(0)) == reason
    assert refusal(state, TakeCard(0)) == reason


def test_T5_D4_the_rising_exchange_price_counts_against_the_last_weeks() -> None:
    state = last_weeks(start(2), 1)  # in Warsaw: an exchange costs its price only
    state = replace(state, last_actor=0, exchange_streak=1)
    assert action_cost(state, Exchange()) == 2
    assert Exchange() not in legal_actions(state)
    assert why_illegal(state, Exchange()) == (
        "it takes 2 weeks, and Ann has only 1 left before the end of the game"
    )


# ---------------------------------------------------------------- A1, A3, A4 listings


def test_A1_the_cards_after_an_empty_slot_are_still_offered() -> None:
    state = replace(start(2, display=[1, 2, 3, 4]), display=(0, 2, 3, 4))
    takes = [a for a in legal_actions(state) if isinstance(a, TakeCard)]
    assert takes == [TakeCard(1), TakeCard(2), TakeCard(3)]


def test_A3_D7_a_lone_shovel_may_be_discarded_for_a_dig() -> None:
    state = setup(start(2), 0, location="Egypt", cards=[EGYPT_3, cards_of("shovel")[0]])
    actions = legal_actions(state)
    assert Dig(EGYPT, 3) in actions
    assert Dig(EGYPT, 3, shovel=True) in actions


def test_A3_a_held_legend_may_be_used_beside_books() -> None:
    legend = cards_of("legend", "Egypt")[0]
    state = setup(start(2), 0, location="Egypt", cards=[EGYPT_3, legend])
    actions = legal_actions(state)
    assert Dig(EGYPT, 3) in actions
    assert Dig(EGYPT, 2, legend=True) in actions  # 5 knowledge: 2 weeks draw a token


def test_A3_a_lone_assistant_can_make_a_dig_fit_into_the_last_weeks() -> None:
    state = last_weeks(start(2), 5, location="Egypt")
    state = setup(state, 0, cards=cards_of("book", "Egypt", 1)[:2] + cards_of("assistant")[:1])
    # 2 knowledge needs 6 weeks; with the assistant, 3 knowledge needs 3.
    digs = [a for a in legal_actions(state) if isinstance(a, Dig)]
    assert digs == [Dig(EGYPT, w, assistant=True) for w in (3, 4, 5)]


def test_A3_a_used_permit_at_one_site_leaves_the_other_sites_open() -> None:
    state = setup(
        start(2),
        0,
        cards=cards_of("book", "Greece", 1)[:1] + cards_of("book", "Crete", 1)[:1],
        permits_used=["Greece"],
    )
    regions = {a.region for a in legal_actions(state) if isinstance(a, Dig)}
    assert regions == {CRETE}


def test_A3_2_a_dig_marks_its_permit_used_and_keeps_the_others_used() -> None:
    state = setup(start(2), 0, location="Egypt", cards=[EGYPT_3], permits_used=["Greece"])
    state, _ = play(state, "dig Egypt 3", dig_chance([], 1))
    assert state.players[0].permits_used == 1 << GREECE | 1 << EGYPT


def test_A3_K3_the_legend_of_the_dig_site_is_the_one_spent() -> None:
    greek, egyptian = cards_of("legend", "Greece")[0], cards_of("legend", "Egypt")[0]
    assert greek < egyptian
    state = setup(start(2), 0, location="Egypt", cards=[greek, egyptian])
    state, events = play(state, "dig Egypt 6 +legend", dig_chance([], 1))
    assert CardSpent(0, egyptian) in events
    assert state.players[0].cards == (greek,)
    assert state.players[0].legends == 1 << GREECE


def test_A3_a_general_token_adds_to_the_general_points_already_held() -> None:
    general_2 = cards_of("general", value=2)[0]
    state = setup(start(2), 0, location="Egypt", cards=[EGYPT_3, general_2])
    assert state.players[0].general == 2
    # 3 specialized + 2 general: 3 weeks draw 2 tokens.
    state, _ = play(state, "dig Egypt 3", dig_chance(tokens_of("Egypt", "general"), 1))
    assert state.players[0].general == 3


def test_A4_an_exhibition_is_offered_behind_one_not_yet_possible() -> None:
    state = replace(start(2), exhibitions=(LONDON_LARGE, LONDON_SMALL))
    state = setup(state, 0, tokens=tokens_of("Greece")[:1] + tokens_of("Egypt")[:2])
    exhibits = [a for a in legal_actions(state) if isinstance(a, Exhibit)]
    assert exhibits == [Exhibit(1)]


# ---------------------------------------------------------------- events of A2 and A4


def test_A2_the_exchange_is_narrated_with_its_player_cards_and_weeks() -> None:
    state = setup(start(2, display=[1, 2, 3, 4]), 0, location="London")
    _, events = play(state, "exchange", ScriptedChance(cards=[5, 6, 7, 8]))
    assert DisplayExchanged(0, (1, 2, 3, 4), 2 + 1) in events


def test_A4_the_exhibition_is_narrated_with_its_player_card_and_weeks() -> None:
    state = replace(start(2), exhibitions=(LONDON_SMALL,))
    state = setup(state, 0, tokens=tokens_of("Greece")[:1] + tokens_of("Egypt")[:2])
    _, events = play(state, "exhibit a")
    assert ExhibitionHeld(0, LONDON_SMALL, 2 + 3) in events


# ---------------------------------------------------------------- A5, D8


def test_A5_D8_with_no_other_action_in_the_last_year_retiring_is_forced() -> None:
    state = replace(start(2), display=(0, 0, 0, 0))
    state = setup(state, 1, year=1903, week=30)
    state = setup(state, 0, year=1903, week=3)
    assert legal_actions(state) == (Retire(),)
    _, events = play(state, "retire")
    assert Retired(0, True) in events


def test_A5_retiring_costs_the_weeks_left() -> None:
    state = last_weeks(start(2), 20)
    assert action_cost(state, Retire()) == 20


# ---------------------------------------------------------------- T2, Y1


def test_T2_the_later_of_two_arrivals_lies_on_top() -> None:
    state = start(2, display=[BERLIN_BOOK, 2, 3, 4])
    state = setup(state, 1, week=2, location="Berlin")
    # Ann: Warsaw->Berlin 1 week + 1: week 3. Bob, in Berlin, takes the refill: week 3 too.
    state, _ = play(state, "take 1", ScriptedChance(cards=[11]))  # Crete book in Berlin
    assert active_seat(state) == 1
    state, _ = play(state, "take 1", ScriptedChance(cards=[12]))
    assert state.players[0].time == state.players[1].time == time_of(1901, 3)
    assert active_seat(state) == 1  # Bob arrived last: on top


def test_T4_Y1_permits_after_a_move() -> None:
    used = 1 << GREECE | 1 << EGYPT
    assert permits_after_move(time_of(1901, 50), time_of(1902, 2), used) == 0
    assert permits_after_move(time_of(1901, 10), time_of(1901, 52), used) == used
    assert permits_after_move(time_of(1903, 50), END_TIME, used) == used


def test_the_action_counter_counts_every_action() -> None:
    state = start(2, display=[1, 2, 3, 4])
    assert state.actions_taken == 0
    state, _ = play(state, "take 1", ScriptedChance(cards=[5]))
    assert state.actions_taken == 1


# ---------------------------------------------------------------- reasons, in words


def test_every_refusal_reads_exactly() -> None:
    state = setup(start(2), 0, year=1902, week=5)
    assert why_illegal(state, Retire()) == (
        "retiring is only allowed in the last year (1903), or with no other action left"
    )
    assert why_illegal(state, Exhibit(0)) == "there is no exhibition in slot a"
    assert why_illegal(state, Exhibit(3)) == "there is no exhibition in slot 3"
    assert why_illegal(state, Exhibit(-1)) == "there is no exhibition in slot -1"
    one = replace(state, exhibitions=(LONDON_SMALL,))
    assert why_illegal(one, Exhibit(1)) == "there is no exhibition in slot b"
    assert why_illegal(state, Dig(REGION_COUNT, 8)) == f"there is no region {REGION_COUNT}"
    over = setup(setup(state, 0, year=1904, week=1), 1, year=1904, week=1)
    assert refusal(over, Retire()) == "the game is over: every marker is on the end square"
    with pytest.raises(IllegalAction) as refused:
        action_cost(over, Retire())
    assert str(refused.value) == "the game is over"
    with pytest.raises(ValueError) as same_names:
        new_game(CAT, ["Ann", "Ann"], ScriptedChance())
    assert str(same_names.value) == "every player needs a different name"


def test_an_exhibition_card_cannot_lie_among_researcher_cards() -> None:
    with pytest.raises(ValueError) as refused:
        make_player(CAT, "Ann", location=0, time=0, arrival=0, cards=(LONDON_SMALL,))
    assert str(refused.value) == f"card {LONDON_SMALL} is not a researcher card"


# ---------------------------------------------------------------- impossible draws


def test_A3_a_token_count_that_does_not_add_up_is_refused() -> None:
    state = setup(start(2), 0, location="Egypt", cards=[EGYPT_1])  # 8 weeks draw 1 token
    with pytest.raises(ImpossibleDraw) as refused:
        play(state, "dig Egypt 8", dig_chance(tokens_of("Egypt")[:1], 1))
    assert str(refused.value) == "the dig at Egypt draws 1 token, not 2"


def test_A3_9_a_token_drawn_twice_or_from_another_bag_is_refused() -> None:
    state = setup(start(2), 0, location="Egypt", cards=cards_of("book", "Egypt", 3))
    twice = tokens_of("Egypt")[0]
    with pytest.raises(ImpossibleDraw) as refused:  # 6 knowledge, 5 weeks: 4 tokens
        play(state, "dig Egypt 5", dig_chance([twice, twice], 2))
    assert str(refused.value) == f"token {twice} is not (or not twice) in the Egypt bag"
    greek = tokens_of("Greece")[0]
    with pytest.raises(ImpossibleDraw) as refused:
        play(state, "dig Egypt 5", dig_chance([tokens_of("Egypt")[0], greek], 2))
    assert str(refused.value) == f"token {greek} is not (or not twice) in the Egypt bag"


def test_K1_a_card_that_is_not_in_the_draw_pile_is_refused() -> None:
    known_only = Deck(unseen=(20,), piles=(Pile(0, (5,)),), reserve=None, discard=(), reshuffles=0)
    hidden = Deck(unseen=(20, 21), piles=(Pile(2, ()),), reserve=None, discard=(), reshuffles=0)
    for deck, card in ((known_only, 20), (hidden, 30)):
        table = Table(deck, [0, 0, 0, 0], [])
        with pytest.raises(ImpossibleDraw) as refused:
            table.draw(ScriptedChance(cards=[card]), CAT)
        assert str(refused.value) == f"card {card} cannot be drawn: it is not in the draw pile"


# ---------------------------------------------------------------- K1, K2


def test_K1_P9_one_unseen_card_in_the_reserve_is_enough_to_reshuffle() -> None:
    large = tuple(sorted(CAT.large_exhibition_ids))
    state = start(3, display=[1, 2, 3, 4])
    deck = Deck(unseen=(20,), piles=(), reserve=Pile(1, large), discard=(), reshuffles=0)
    state, _ = play(replace(state, deck=deck), "take 1", ScriptedChance(cards=[20]))
    assert state.display[0] == 20 and state.deck.reshuffles == 1


def test_K2_D9_a_third_exhibition_pushes_none_out() -> None:
    state = replace(start(2, display=[1, 2, 3, 4]), exhibitions=(SMALL[1], SMALL[0]))
    state = replace(state, deck=replace(state.deck, piles=(Pile(10, SMALL[2:3]),)))
    state, events = play(state, "take 1", ScriptedChance(cards=[SMALL[2], 40]))
    assert state.exhibitions == (SMALL[2], SMALL[1], SMALL[0])
    assert ExhibitionRevealed(SMALL[2], 0) in events
    assert not set(SMALL) & set(state.deck.discard)


# ---------------------------------------------------------------- odds of a dig


def test_bag_contents_counts_artifacts_by_value() -> None:
    by_hand = [0] * 8
    for token in tokens_of("Egypt"):
        by_hand[CAT.token(token).value] += 1
    assert bag_contents(start(2), EGYPT).artifacts_by_value == tuple(by_hand)


def test_dig_odds_without_the_first_dig_bonus() -> None:
    state = start(2)
    state = replace(
        state, site_bonus=tuple(0 if r == EGYPT else b for r, b in enumerate(state.site_bonus))
    )
    odds = dig_odds(state, EGYPT, 6)
    assert not odds.bonus and odds.tokens == 6
    assert odds.artifacts == pytest.approx(6 * 12 / 30)
    assert odds.vp == pytest.approx(6 * 35 / 30)
