"""Travel (M1-M3) and the five actions (A1-A5) with decisions D3-D8."""

from __future__ import annotations

import pytest

from helpers import CAT, cards_of, dig_chance, loc, play, region, setup, start, tokens_of
from thebes.records.notation import parse_action
from thebes.rules import (
    END_TIME,
    Action,
    CardSpent,
    Dig,
    Dug,
    Exchange,
    Exhibit,
    FirstDigBonus,
    IllegalAction,
    Retire,
    Retired,
    ScriptedChance,
    SeededChance,
    TakeCard,
    Travelled,
    action_cost,
    active_seat,
    apply,
    exchange_price,
    knowledge_for,
    legal_actions,
    time_of,
    why_illegal,
)

EGYPT = region("Egypt")
GREECE = region("Greece")
CAR = cards_of("car")[0]
ZEPPELIN = cards_of("zeppelin")[0]


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
    assert "already in London" in (why_illegal(state, TakeCard(0, zeppelin=True)) or "")


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
    from dataclasses import replace

    state = replace(start(2, display=[1, 65, 84, 10]), display=(1, 0, 84, 10))
    assert TakeCard(1) not in legal_actions(state)
    assert why_illegal(state, TakeCard(1)) == "display slot 2 is empty"
    with pytest.raises(IllegalAction, match="slot 2 is empty"):
        play(state, "take 2")


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


# ---------------------------------------------------------------- A3 excavate


def test_A3_dig_draws_tokens_keeps_finds_returns_debris() -> None:
    state = start(2)
    books = cards_of("book", "Egypt", 3) + cards_of("book", "Egypt", 2)[:1]  # 3+3+2 = 8
    state = setup(state, 0, location="Egypt", cards=books)
    assert knowledge_for(state.players[0], EGYPT, legend=False, assistant=False).total == 8
    finds = tokens_of("Egypt", value=6) + tokens_of("Egypt", "general")
    state, events = play(state, "dig Egypt 4", dig_chance(finds, debris=3))
    ann = state.players[0]
    dug = next(e for e in events if isinstance(e, Dug))
    # The rulebook's example: 8 knowledge and 4 weeks draw 5 tokens.
    assert dug.drawn == 5 and dug.found == tuple(sorted(finds)) and dug.debris == 3
    assert set(finds) <= set(ann.tokens)
    assert not set(finds) & set(state.bags[EGYPT])
    assert len(state.bags[EGYPT]) == 30 - 16 - 2  # debris went back: 16 still in the bag
    assert ann.general == 1  # the general-knowledge token counts from now on
    assert ann.permits_used == 1 << EGYPT
    assert ann.time == 4


def test_A3_first_excavation_at_a_site_takes_the_bonus_artifact() -> None:
    state = start(2)
    state = setup(state, 0, location="Egypt", cards=cards_of("book", "Egypt", 3))
    state = setup(state, 1, location="Egypt", cards=cards_of("book", "Egypt", 2))
    bonus = state.site_bonus[EGYPT]
    state, events = play(state, "dig Egypt 2", dig_chance([], 2))  # 6 knowledge, 2 weeks
    assert FirstDigBonus(0, EGYPT, bonus) in events
    assert bonus in state.players[0].tokens and state.site_bonus[EGYPT] == 0
    state = setup(state, 0, week=30)
    state, events = play(state, "dig Egypt 3", dig_chance([], 3))  # Bob, 6 knowledge
    assert not any(isinstance(e, FirstDigBonus) for e in events)


def test_A3_needs_a_valid_permit_or_a_special_permit() -> None:
    state = start(2)
    special = cards_of("special_permit")[0]
    state = setup(state, 0, location="Egypt", cards=cards_of("book", "Egypt", 3))
    state = setup(state, 1, week=40)
    state, _ = play(state, "dig Egypt 2", dig_chance([], 2))
    assert not any(isinstance(a, Dig) and a.region == EGYPT for a in legal_actions(state))
    assert "permit for Egypt is used" in (why_illegal(state, dig("dig Egypt 2")) or "")
    state = setup(state, 0, cards=[special])
    assert dig("dig Egypt 2") not in legal_actions(state)
    assert dig("dig Egypt 2 +permit") in legal_actions(state)
    state, events = play(state, "dig Egypt 2 +permit", dig_chance([], 2))
    ann = state.players[0]
    assert CardSpent(0, special) in events and ann.special_permits == 0
    assert ann.permits_used == 1 << EGYPT  # stays used
    assert special in state.deck.discard


def test_A3_special_permit_is_refused_while_the_permit_is_valid() -> None:
    state = start(2)
    state = setup(
        state,
        0,
        location="Egypt",
        cards=[*cards_of("book", "Egypt", 3), *cards_of("special_permit")],
    )
    assert "still valid" in (why_illegal(state, dig("dig Egypt 2 +permit")) or "")


def test_A3_D5_assistants_alone_do_not_qualify() -> None:
    state = start(2)
    state = setup(state, 0, location="Egypt", cards=cards_of("assistant")[:3] + cards_of("general"))
    assert not any(isinstance(a, Dig) for a in legal_actions(state))
    assert "no specialized knowledge of Egypt" in (why_illegal(state, dig("dig Egypt 12")) or "")


def test_A3_D5_a_legend_alone_qualifies_only_when_used() -> None:
    state = start(2)
    legend = cards_of("legend", "Egypt")[0]
    state = setup(state, 0, location="Egypt", cards=[legend])
    digs = [a for a in legal_actions(state) if isinstance(a, Dig)]
    assert digs and all(a.legend for a in digs)
    assert min(a.weeks for a in digs) == 6  # 2 knowledge: the wheel needs 6 weeks
    assert "needs the legend" in (why_illegal(state, dig("dig Egypt 6")) or "")
    state, events = play(state, "dig Egypt 6 +legend", dig_chance([], 1))
    assert CardSpent(0, legend) in events and state.players[0].legends == 0


def test_A3_specialized_points_books_legend_assistants_D6() -> None:
    state = start(2)
    egypt_books = cards_of("book", "Egypt", 1)[:2]  # 2 points
    assistants = cards_of("assistant")
    legend = cards_of("legend", "Egypt")[0]
    for held, bonus in ((0, 0), (2, 1), (3, 2), (6, 2)):
        s = setup(state, 0, cards=[*egypt_books, *assistants[:held], legend])
        ann = s.players[0]
        assert knowledge_for(ann, EGYPT, legend=False, assistant=False).specialized == 2 + bonus
        assert knowledge_for(ann, EGYPT, legend=True, assistant=False).specialized == 4 + bonus


def test_A3_lone_assistant_may_be_discarded_for_one_point() -> None:
    state = start(2)
    assistant = cards_of("assistant")[0]
    state = setup(state, 0, location="Egypt", cards=[*cards_of("book", "Egypt", 1)[:2], assistant])
    ann = state.players[0]
    assert knowledge_for(ann, EGYPT, legend=False, assistant=False).total == 2
    assert knowledge_for(ann, EGYPT, legend=False, assistant=True).total == 3
    assert dig("dig Egypt 3 +assistant") in legal_actions(state)  # 3 knowledge: 3 weeks ok
    assert dig("dig Egypt 3") not in legal_actions(state)  # 2 knowledge: needs 6 weeks
    state, events = play(state, "dig Egypt 3 +assistant", dig_chance([], 1))
    assert CardSpent(0, assistant) in events and state.players[0].assistants == 0


def test_A3_general_knowledge_counts_up_to_the_specialized_points() -> None:
    state = start(2)
    four_specialized = cards_of("book", "Egypt", 1)  # 4 cards worth 1
    five_general = [cards_of("general", value=2)[0], *cards_of("general", value=1)[:3]]
    state = setup(state, 0, cards=four_specialized + five_general)
    know = knowledge_for(state.players[0], EGYPT, legend=False, assistant=False)
    assert (know.specialized, state.players[0].general, know.general_used) == (4, 5, 4)
    assert know.total == 8


def test_A3_total_knowledge_is_capped_at_12() -> None:
    state = start(2)
    state = setup(state, 0, cards=cards_of("book", "Egypt") + cards_of("general"))
    know = knowledge_for(state.players[0], EGYPT, legend=False, assistant=False)
    assert know.specialized == 4 * 1 + 3 * 2 + 2 * 3 and know.total == 12


def test_A3_weeks_must_draw_at_least_one_token() -> None:
    state = start(2)
    state = setup(state, 0, location="Egypt", cards=cards_of("book", "Egypt", 1)[:1])
    weeks = sorted(a.weeks for a in legal_actions(state) if isinstance(a, Dig))
    assert weeks == [8, 9, 10, 11, 12]  # 1 knowledge: the wheel's first token at 8 weeks
    assert "needs at least 8 weeks" in (why_illegal(state, dig("dig Egypt 7")) or "")


def test_A3_shovels_add_tokens_D6_and_D7_lone_shovel() -> None:
    state = start(2)
    books = cards_of("book", "Egypt", 3) + cards_of("book", "Egypt", 2)[:1]  # 8 knowledge
    shovels = cards_of("shovel")
    for held, option, expected in ((1, "", 5), (1, " +shovel", 6), (2, "", 6), (3, "", 7)):
        s = setup(state, 0, location="Egypt", cards=[*books, *shovels[:held]])
        s, events = play(s, "dig Egypt 4" + option, dig_chance([], expected))
        assert next(e for e in events if isinstance(e, Dug)).drawn == expected
        assert s.players[0].shovels == (0 if option else held)
    assert "lone shovel" in (
        why_illegal(
            setup(state, 0, location="Egypt", cards=[*books, *shovels[:2]]),
            dig("dig Egypt 4 +shovel"),
        )
        or ""
    )


def test_A3_cost_is_travel_plus_weeks() -> None:
    state = start(2)
    state = setup(state, 0, location="London", cards=cards_of("book", "Egypt", 3))
    assert action_cost(state, dig("dig Egypt 5")) == 4 + 5
    state, _ = play(state, "dig Egypt 5", dig_chance([], 4))
    assert state.players[0].time == 9 and state.players[0].location == loc("Egypt")


def test_A3_impossible_draws_are_refused() -> None:
    from thebes.rules import ImpossibleDraw

    state = start(2)
    state = setup(state, 0, location="Egypt", cards=cards_of("book", "Egypt", 3))
    with pytest.raises(ImpossibleDraw, match="draws 4 tokens"):
        play(state, "dig Egypt 5", dig_chance([], 3))
    greek = tokens_of("Greece")[0]
    with pytest.raises(ImpossibleDraw, match=r"not .* in the Egypt bag"):
        play(state, "dig Egypt 5", dig_chance([greek], 3))
    with pytest.raises(ImpossibleDraw, match="holds 16 debris, not -1"):
        play(state, "dig Egypt 5", dig_chance(tokens_of("Egypt")[:5], -1))


# ---------------------------------------------------------------- A4 exhibitions


def _with_exhibitions(state: object, *cards: int) -> object:
    from dataclasses import replace

    return replace(state, exhibitions=cards)  # type: ignore[type-var]


def test_A4_exhibition_needs_artifacts_per_region_and_keeps_them() -> None:
    from dataclasses import replace

    london_small = 86  # 1 Greece, 2 Egypt; 3 weeks, 4 VP
    state = replace(start(2), exhibitions=(london_small,))
    greek = tokens_of("Greece")[:1]
    egyptian = tokens_of("Egypt")[:1]
    state = setup(state, 0, tokens=greek + egyptian + tokens_of("Egypt", "book"))
    # One Egyptian artifact and a knowledge token are not two Egyptian artifacts.
    assert Exhibit(0) not in legal_actions(state)
    assert "needs 2 Egypt artifacts" in (why_illegal(state, Exhibit(0)) or "")
    state = setup(state, 0, tokens=tokens_of("Egypt")[1:2])
    assert Exhibit(0) in legal_actions(state)
    held = state.players[0].tokens
    state, _ = play(state, "exhibit a")
    ann = state.players[0]
    assert ann.exhibitions == (london_small,) and state.exhibitions == ()
    assert ann.tokens == held
    assert ann.location == loc("London") and ann.time == 2 + 3


def test_A4_the_same_artifacts_serve_several_exhibitions() -> None:
    from dataclasses import replace

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


# ---------------------------------------------------------------- A5 retire, D8


def test_A5_retire_only_in_the_last_year() -> None:
    state = setup(start(2), 1, year=1903, week=10)
    state = setup(state, 0, year=1902, week=52)
    assert Retire() not in legal_actions(state)
    assert "only allowed in the last year" in (why_illegal(state, Retire()) or "")
    state = setup(state, 0, year=1903, week=1)
    assert Retire() in legal_actions(state)
    state, events = play(state, "retire")
    assert state.players[0].time == END_TIME
    assert Retired(0, False) in events
    assert active_seat(state) == 1


def test_A5_D8_a_player_with_no_legal_action_must_retire() -> None:
    from dataclasses import replace

    # No display cards, no exhibitions, no knowledge: nothing but retiring is possible.
    state = replace(start(2), display=(0, 0, 0, 0))
    state = setup(state, 1, year=1903, week=30)
    state = setup(state, 0, year=1902, week=3)
    assert legal_actions(state) == (Retire(),)
    state, events = play(state, "retire")
    assert Retired(0, True) in events
    assert state.players[0].time == END_TIME


# ---------------------------------------------------------------- every reason, in words


def test_every_illegal_action_is_refused_with_its_reason() -> None:
    # The reasons the game shows a player who types an action that is not allowed (the
    # random-game test asks about every action, but is not traced for coverage).
    from dataclasses import replace

    state = setup(start(2), 0, cards=cards_of("book", "Egypt", 1)[:1] + cards_of("assistant")[:2])
    state = replace(state, exhibitions=(CAT.small_exhibition_ids[0],))
    cases: dict[Action, str] = {
        TakeCard(4): "there is no display slot 5",
        Exhibit(2): "there is no exhibition in slot c",
        Exhibit(0, zeppelin=True): "the exhibition needs 1 Greece artifact, Ann has 0",
        TakeCard(0, zeppelin=True): "Ann has no zeppelin",
        Dig(7, 8): "there is no region 7",
        dig("dig Egypt 8 +legend"): "Ann has no legend of Egypt",
        dig("dig Egypt 8 +assistant"): (
            "only a lone assistant can be discarded for a bonus; "
            "Ann's 2 assistants count without it"
        ),
        Dig(EGYPT, 13): "a dig lasts 1 to 12 weeks, not 13",
    }
    for action, reason in cases.items():
        assert why_illegal(state, action) == reason
        with pytest.raises(IllegalAction) as refused:
            apply(state, action, SeededChance(0))
        assert str(refused.value) == reason
    used = setup(state, 0, permits_used=["Egypt"])
    assert why_illegal(used, dig("dig Egypt 8 +permit")) == (
        "the permit for Egypt is used this year and Ann has no special permit"
    )
    no_cards = replace(state, display=(0, 0, 0, 0))
    assert why_illegal(no_cards, Exchange()) == "there are no display cards to exchange"
    over = setup(setup(state, 0, year=1904, week=1), 1, year=1904, week=1)
    assert why_illegal(over, Retire()) == "the game is over: every marker is on the end square"
    with pytest.raises(IllegalAction, match="the game is over"):
        play(over, "retire")
