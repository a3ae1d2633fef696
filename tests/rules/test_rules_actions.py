"""Travel (M1-M3) and the actions other than digging (A1, A2, A4, A5) with decisions D3, D4
and D8, every reason an action is refused, and the list of every action value. Digs (A3)
are in test_rules_excavation.py."""

from __future__ import annotations

from dataclasses import replace

import pytest

from helpers import CAT, cards_of, last_weeks, loc, play, region, setup, start, tokens_of
from thebes.catalog.components import REGION_COUNT
from thebes.records.illegal_words import illegal_line
from thebes.records.notation import parse_action
from thebes.rules import (
    END_TIME,
    Action,
    CardSpent,
    Dig,
    DisplayExchanged,
    Exchange,
    Exhibit,
    ExhibitionHeld,
    GameState,
    Illegal,
    IllegalAction,
    NotLegal,
    Renew,
    Retire,
    Retired,
    ScriptedChance,
    SeededChance,
    TakeCard,
    Travelled,
    action_cost,
    active_seat,
    all_actions,
    apply,
    destination,
    exchange_price,
    legal_actions,
    new_game,
    time_of,
    why_illegal,
)

EGYPT = region("Egypt")
GREECE = region("Greece")
CAR = cards_of("car")[0]
ZEPPELIN = cards_of("zeppelin")[0]
BERLIN_BOOK = 1  # Greece book in Berlin, 1 week
SHOVEL_IN_LONDON = 65  # 3 weeks
LONDON_SMALL = 86  # 1 Greece, 2 Egypt artifacts; 3 weeks
LONDON_LARGE = 91  # 2 Greece, 1 Crete, 3 Egypt artifacts; 4 weeks


def dig(text: str) -> Dig:
    action = parse_action(text, CAT.regions)
    assert isinstance(action, Dig)
    return action


# ---------------------------------------------------------------- travel


def test_M1_travel_by_shortest_route_london_to_warsaw_costs_2() -> None:
    assert CAT.travel[loc("London")][loc("Warsaw")] == 2
    state = setup(start(2), 0, location="London")
    assert action_cost(state, Exchange()) == 2 + 1
    state, events = play(state, "exchange", ScriptedChance(cards=[1, 2, 3, 4]))
    assert state.players[0].location == loc("Warsaw")
    assert Travelled(0, loc("London"), loc("Warsaw"), 2, False) in events
    assert state.players[0].time == time_of(1901, 1) + 3


def test_M1_no_travel_cost_when_already_there() -> None:
    state = setup(start(2, display=[65, 1, 2, 3]), 0, location="London")
    assert action_cost(state, TakeCard(0)) == 3  # the shovel's 3 weeks, no journey


def test_M2_car_saves_a_week_on_journeys_of_three_or_more() -> None:
    state = start(2, display=[65, 1, 2, 3])  # shovel in London, 3 weeks
    state = setup(state, 0, location="Moscow", cards=[CAR])
    assert CAT.travel[loc("Moscow")][loc("London")] == 3
    assert action_cost(state, TakeCard(0)) == 2 + 3
    state = setup(start(2, display=[65, 1, 2, 3]), 0, location="Berlin", cards=[CAR])
    assert action_cost(state, TakeCard(0)) == 1 + 3  # a 1-week journey is not shortened


def test_M2_D3_a_second_car_gives_nothing_more() -> None:
    state = start(2, display=[65, 1, 2, 3])
    state = setup(state, 0, location="Moscow", cards=cards_of("car"))
    assert state.players[0].cars == 2
    assert action_cost(state, TakeCard(0)) == 2 + 3


def test_M3_zeppelin_makes_the_journey_free_and_is_spent() -> None:
    state = start(2, display=[65, 1, 2, 3])
    state = setup(state, 0, location="Moscow", cards=[ZEPPELIN])
    assert TakeCard(0, zeppelin=True) in legal_actions(state)
    assert action_cost(state, TakeCard(0, zeppelin=True)) == 3
    state, events = play(state, "take 1 +zeppelin", ScriptedChance(cards=[5]))
    ann = state.players[0]
    assert ann.zeppelins == 0 and ZEPPELIN not in ann.cards
    assert ZEPPELIN in state.deck.discard
    assert CardSpent(0, ZEPPELIN) in events
    assert ann.location == loc("London") and ann.time == 3


def test_M3_zeppelin_is_not_offered_without_a_journey() -> None:
    state = start(2, display=[65, 1, 2, 3])
    state = setup(state, 0, location="London", cards=[ZEPPELIN])
    assert TakeCard(0, zeppelin=True) not in legal_actions(state)
    assert why_illegal(state, TakeCard(0, zeppelin=True)) == NotLegal(
        Illegal.ZEPPELIN_NO_USE, seat=0, location=loc("London")
    )


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


# ---------------------------------------------------------------- A1 take a card


def test_A1_take_a_card_travel_pay_refill() -> None:
    state = start(2, display=[1, 65, 84, 10])
    state, events = play(state, "take 2", ScriptedChance(cards=[30]))
    ann = state.players[0]
    assert ann.cards == (65,) and ann.shovels == 1
    assert ann.location == loc("London")
    assert ann.time == 2 + 3  # Warsaw->London 2 weeks, the shovel 3 weeks
    assert state.display == (1, 30, 84, 10)
    assert [type(e).__name__ for e in events] == ["Travelled", "CardTaken", "CardRevealed"]


def test_A1_empty_slot_cannot_be_taken() -> None:
    state = replace(start(2, display=[1, 65, 84, 10]), display=(1, 0, 84, 10))
    assert TakeCard(1) not in legal_actions(state)
    assert why_illegal(state, TakeCard(1)) == NotLegal(Illegal.EMPTY_SLOT, slot=1)
    with pytest.raises(IllegalAction) as refused:
        play(state, "take 2")
    assert refused.value.refusal == NotLegal(Illegal.EMPTY_SLOT, slot=1)


def test_A1_the_cards_after_an_empty_slot_are_still_offered() -> None:
    state = replace(start(2, display=[1, 2, 3, 4]), display=(0, 2, 3, 4))
    takes = [a for a in legal_actions(state) if isinstance(a, TakeCard)]
    assert takes == [TakeCard(1), TakeCard(2), TakeCard(3)]


# ---------------------------------------------------------------- A2 exchange


def test_A2_exchange_discards_four_and_draws_four_in_warsaw() -> None:
    state = start(2, display=[1, 2, 3, 4])
    state, _ = play(state, "exchange", ScriptedChance(cards=[5, 6, 7, 8]))
    assert state.display == (5, 6, 7, 8)
    assert state.deck.discard == (1, 2, 3, 4)
    assert state.players[0].time == 1  # already in Warsaw: 1 week


def test_A2_D4_exchange_price_rises_1_2_3_then_resets_after_another_turn() -> None:
    state = start(2, display=[1, 2, 3, 4])
    state = setup(state, 1, week=30)
    chance = ScriptedChance(cards=range(5, 21))
    prices = []
    for _ in range(3):
        prices.append(action_cost(state, Exchange()))
        state, _ = play(state, "exchange", chance)
    assert prices == [1, 2, 3]
    assert state.players[0].time == 6
    # Ann's other actions in between do not reset the price.
    state, _ = play(state, "take 1", ScriptedChance(cards=[21]))  # card 13: Crete book, Vienna
    assert exchange_price(state, 0) == 4
    # Bob's turn resets it.
    state = setup(state, 0, week=40)
    assert active_seat(state) == 1
    state, _ = play(state, "take 1", ScriptedChance(cards=[22]))
    state = setup(state, 1, week=45)
    assert active_seat(state) == 0
    assert exchange_price(state, 0) == 1
    # And the run starts again from there: her next exchange makes the price 2, not 5.
    state, _ = play(state, "exchange", ScriptedChance(cards=range(23, 27)))
    assert exchange_price(state, 0) == 2


def test_A2_D4_another_players_exchange_after_a_run_of_exchanges_starts_at_1() -> None:
    # Worked from D4: Ann exchanges three times (1, 2, 3 weeks); then Bob's first exchange
    # costs 1 and his second in a row 2: Ann's run counts for Ann only. Then Ann's next
    # exchange costs 1 again, Bob having had a turn.
    state = start(2, display=[1, 2, 3, 4])
    state = setup(state, 1, week=20)
    chance = ScriptedChance(cards=range(5, 25))
    for price in (1, 2, 3):
        assert action_cost(state, Exchange()) == price
        state, _ = play(state, "exchange", chance)
    state = setup(state, 0, week=40)  # Bob, at week 20, is behind: his turns come now
    for price in (1, 2):
        assert active_seat(state) == 1
        assert exchange_price(state, 1) == price
        assert action_cost(state, Exchange()) == price  # Bob is in Warsaw: no journey
        state, _ = play(state, "exchange", chance)
    assert state.players[1].time == time_of(1901, 20) + 1 + 2
    assert exchange_price(state, 0) == 1


def test_A2_the_exchange_is_narrated_with_its_player_cards_and_weeks() -> None:
    state = setup(start(2, display=[1, 2, 3, 4]), 0, location="London")
    _, events = play(state, "exchange", ScriptedChance(cards=[5, 6, 7, 8]))
    assert DisplayExchanged(0, (1, 2, 3, 4), 2 + 1) in events


# ---------------------------------------------------------------- A4 exhibitions


def _with_exhibitions(state: object, *cards: int) -> object:
    return replace(state, exhibitions=cards)  # type: ignore[type-var]


def test_A4_exhibition_needs_artifacts_per_region_and_keeps_them() -> None:
    london_small = 86  # 1 Greece, 2 Egypt; 3 weeks, 4 VP
    state = replace(start(2), exhibitions=(london_small,))
    greek = tokens_of("Greece")[:1]
    egyptian = tokens_of("Egypt")[:1]
    state = setup(state, 0, tokens=greek + egyptian + tokens_of("Egypt", "book"))
    # One Egyptian artifact and a knowledge token are not two Egyptian artifacts.
    assert Exhibit(0) not in legal_actions(state)
    assert why_illegal(state, Exhibit(0)) == NotLegal(
        Illegal.TOO_FEW_ARTIFACTS, region=EGYPT, need=2, have=1
    )
    state = setup(state, 0, tokens=tokens_of("Egypt")[1:2])
    assert Exhibit(0) in legal_actions(state)
    held = state.players[0].tokens
    state, _ = play(state, "exhibit a")
    ann = state.players[0]
    assert ann.exhibitions == (london_small,) and state.exhibitions == ()
    assert ann.tokens == held
    assert ann.location == loc("London") and ann.time == 2 + 3


def test_A4_the_same_artifacts_serve_several_exhibitions() -> None:
    state = replace(start(2), exhibitions=(86, 91))  # London small, London large
    state = setup(
        state,
        0,
        tokens=tokens_of("Greece")[:2] + tokens_of("Egypt")[:3] + tokens_of("Crete")[:1],
        location="London",
    )
    state = setup(state, 1, week=50)
    state, _ = play(state, "exhibit a")
    assert state.exhibitions == (91,)
    state, _ = play(state, "exhibit a")
    assert state.players[0].exhibitions == (86, 91)


def test_A4_an_exhibition_is_offered_behind_one_not_yet_possible() -> None:
    state = replace(start(2), exhibitions=(LONDON_LARGE, LONDON_SMALL))
    state = setup(state, 0, tokens=tokens_of("Greece")[:1] + tokens_of("Egypt")[:2])
    exhibits = [a for a in legal_actions(state) if isinstance(a, Exhibit)]
    assert exhibits == [Exhibit(1)]


def test_A4_the_exhibition_is_narrated_with_its_player_card_and_weeks() -> None:
    state = replace(start(2), exhibitions=(LONDON_SMALL,))
    state = setup(state, 0, tokens=tokens_of("Greece")[:1] + tokens_of("Egypt")[:2])
    _, events = play(state, "exhibit a")
    assert ExhibitionHeld(0, LONDON_SMALL, 2 + 3) in events


# ---------------------------------------------------------------- A5 retire, D8


def test_A5_retire_only_in_the_last_year() -> None:
    state = setup(start(2), 1, year=1903, week=10)
    state = setup(state, 0, year=1902, week=52)
    assert Retire() not in legal_actions(state)
    assert why_illegal(state, Retire()) == NotLegal(Illegal.RETIRE_TOO_EARLY)
    state = setup(state, 0, year=1903, week=1)
    assert Retire() in legal_actions(state)
    state, events = play(state, "retire")
    assert state.players[0].time == END_TIME
    assert Retired(0, False) in events
    assert active_seat(state) == 1


@pytest.mark.parametrize("year", [1902, 1903], ids=["before the last year", "in the last year"])
def test_A5_D8_a_player_with_no_legal_action_must_retire(year: int) -> None:
    # No display cards, no exhibitions, no knowledge: nothing but retiring is possible,
    # before the last year (where retiring is otherwise not allowed) as in it.
    state = replace(start(2), display=(0, 0, 0, 0))
    state = setup(state, 1, year=1903, week=30)
    state = setup(state, 0, year=year, week=3)
    assert legal_actions(state) == (Retire(),)
    state, events = play(state, "retire")
    assert Retired(0, True) in events
    assert state.players[0].time == END_TIME


def test_A5_retiring_costs_the_weeks_left() -> None:
    state = last_weeks(start(2), 20)
    assert action_cost(state, Retire()) == 20


# ---------------------------------------------------------------- every reason, as a value


def test_every_illegal_action_is_refused_with_its_reason() -> None:
    # The reasons the game gives for an action that is not allowed, as values, and the
    # words a player reads for them (the random-game test asks about every action, but is not traced
    # for coverage).
    state = setup(start(2), 0, cards=cards_of("book", "Egypt", 1)[:1] + cards_of("assistant")[:2])
    state = replace(state, exhibitions=(CAT.small_exhibition_ids[0],))
    greece = CAT.regions.index("Greece")
    cases: dict[Action, tuple[NotLegal, str]] = {
        TakeCard(4): (NotLegal(Illegal.NO_DISPLAY_SLOT, slot=4), "there is no display slot 5"),
        Exhibit(2): (NotLegal(Illegal.NO_EXHIBITION, slot=2), "there is no exhibition in slot c"),
        Exhibit(0, zeppelin=True): (
            NotLegal(Illegal.TOO_FEW_ARTIFACTS, region=greece, need=1, have=0),
            "the exhibition needs 1 Greece artifact, Ann has 0",
        ),
        TakeCard(0, zeppelin=True): (NotLegal(Illegal.NO_ZEPPELIN), "Ann has no zeppelin"),
        Dig(7, 8): (NotLegal(Illegal.NO_REGION, region=7), "there is no region 7"),
        dig("dig Egypt 8 +legend"): (
            NotLegal(Illegal.NO_LEGEND, region=EGYPT),
            "Ann has no legend of Egypt",
        ),
        dig("dig Egypt 8 +assistant"): (
            NotLegal(Illegal.ASSISTANTS_NOT_LONE, have=2),
            "only a lone assistant can be discarded for a bonus; "
            "Ann's 2 assistants count without it",
        ),
        Dig(EGYPT, 13): (
            NotLegal(Illegal.DIG_WEEKS_OUT_OF_RANGE, weeks=13),
            "a dig lasts 1 to 12 weeks, not 13",
        ),
    }
    for action, (refusal, reason) in cases.items():
        assert why_illegal(state, action) == refusal
        with pytest.raises(IllegalAction) as refused:
            apply(state, action, SeededChance(0))
        assert refused.value.refusal == refusal
        assert illegal_line(refusal, state) == reason  # as a player reads it
    used = setup(state, 0, permits_used=["Egypt"])
    assert why_illegal(used, dig("dig Egypt 8 +permit")) == NotLegal(
        Illegal.NO_SPECIAL_PERMIT, region=EGYPT
    )
    no_cards = replace(state, display=(0, 0, 0, 0))
    assert why_illegal(no_cards, Exchange()) == NotLegal(Illegal.NOTHING_TO_EXCHANGE)
    over = setup(setup(state, 0, year=1904, week=1), 1, year=1904, week=1)
    assert why_illegal(over, Retire()) == NotLegal(Illegal.GAME_OVER)
    with pytest.raises(IllegalAction) as refused:
        play(over, "retire")
    assert refused.value.refusal == NotLegal(Illegal.GAME_OVER)


def test_every_refusal_reads_exactly() -> None:
    state = setup(start(2), 0, year=1902, week=5)

    def said(state: GameState, action: Action) -> str:
        refusal = why_illegal(state, action)
        assert refusal is not None
        return illegal_line(refusal, state)  # the words a player reads, in English

    assert said(state, Retire()) == (
        "retiring is only allowed in the last year (1903), or with no other action left"
    )
    assert said(state, Exhibit(0)) == "there is no exhibition in slot a"
    assert said(state, Exhibit(3)) == "there is no exhibition in slot 3"
    assert said(state, Exhibit(-1)) == "there is no exhibition in slot -1"
    one = replace(state, exhibitions=(LONDON_SMALL,))
    assert said(one, Exhibit(1)) == "there is no exhibition in slot b"
    assert said(state, Dig(REGION_COUNT, 8)) == f"there is no region {REGION_COUNT}"
    over = setup(setup(state, 0, year=1904, week=1), 1, year=1904, week=1)
    assert said(over, Retire()) == "the game is over: every marker is on the end square"
    with pytest.raises(IllegalAction) as refused:
        apply(over, Retire(), ScriptedChance())
    assert refused.value.refusal == NotLegal(Illegal.GAME_OVER)
    with pytest.raises(IllegalAction) as refused:
        action_cost(over, Retire())
    assert refused.value.refusal == NotLegal(Illegal.GAME_OVER)
    with pytest.raises(ValueError) as same_names:
        new_game(CAT, ["Ann", "Ann"], ScriptedChance())
    assert str(same_names.value) == "every player needs a different name"


# ---------------------------------------------------------------- every action


def test_all_actions_lists_every_action_value_once() -> None:
    actions = all_actions()
    digs = REGION_COUNT * 2**5 * 12  # five yes/no options, 1 to 12 weeks
    assert len(actions) == 4 * 2 + 2 + digs + 3 * 2 + 1 + 1  # ... retire and renew (V3)
    assert len(set(actions)) == len(actions)
    assert actions[0] == TakeCard(0) and actions[-2:] == (Retire(), Renew())
    assert {Exchange(), Exchange(True), Exhibit(2, True), Dig(0, 1)} <= set(actions)
    assert Dig(REGION_COUNT - 1, 12, True, True, True, True, True) in actions
    assert not any(isinstance(a, Dig) and a.weeks == 0 for a in actions)


def test_the_action_counter_counts_every_action() -> None:
    state = start(2, display=[1, 2, 3, 4])
    assert state.actions_taken == 0
    state, _ = play(state, "take 1", ScriptedChance(cards=[5]))
    assert state.actions_taken == 1
