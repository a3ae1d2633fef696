"""Digging at a site (A3) and the decisions on what makes a dig possible and what its
helpers add (D5-D7)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from helpers import (
    CAT,
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
from thebes.records.notation import parse_action
from thebes.rules import (
    CardSpent,
    Dig,
    Dug,
    FirstDigBonus,
    Illegal,
    ImpossibleDraw,
    NotLegal,
    action_cost,
    knowledge_for,
    legal_actions,
    why_illegal,
)

EGYPT = region("Egypt")
GREECE = region("Greece")
CRETE = region("Crete")
EGYPT_3 = cards_of("book", "Egypt", 3)[0]  # alone: 3 knowledge, digs of 3 weeks and more
EGYPT_1 = cards_of("book", "Egypt", 1)[0]  # alone: 1 knowledge, digs of 8 weeks and more


def dig(text: str) -> Dig:
    action = parse_action(text, CAT.regions)
    assert isinstance(action, Dig)
    return action


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
    assert why_illegal(state, dig("dig Egypt 2")) == NotLegal(Illegal.PERMIT_USED, region=EGYPT)
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
    assert why_illegal(state, dig("dig Egypt 2 +permit")) == NotLegal(
        Illegal.PERMIT_STILL_VALID, region=EGYPT
    )


def test_A3_D5_assistants_alone_do_not_qualify() -> None:
    state = start(2)
    state = setup(state, 0, location="Egypt", cards=cards_of("assistant")[:3] + cards_of("general"))
    assert not any(isinstance(a, Dig) for a in legal_actions(state))
    assert why_illegal(state, dig("dig Egypt 12")) == NotLegal(Illegal.NO_KNOWLEDGE, region=EGYPT)


def test_A3_D5_a_legend_alone_qualifies_only_when_used() -> None:
    state = start(2)
    legend = cards_of("legend", "Egypt")[0]
    state = setup(state, 0, location="Egypt", cards=[legend])
    digs = [a for a in legal_actions(state) if isinstance(a, Dig)]
    assert digs and all(a.legend for a in digs)
    assert min(a.weeks for a in digs) == 6  # 2 knowledge: the wheel needs 6 weeks
    assert why_illegal(state, dig("dig Egypt 6")) == NotLegal(Illegal.LEGEND_NEEDED, region=EGYPT)
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
    nothing = NotLegal(Illegal.DIG_DRAWS_NOTHING, weeks=7, knowledge=1, need=8)
    assert why_illegal(state, dig("dig Egypt 7")) == nothing
    refusal = why_illegal(state, dig("dig Egypt 1"))
    assert refusal == NotLegal(Illegal.DIG_DRAWS_NOTHING, weeks=1, knowledge=1, need=8)
    assert illegal_line(refusal, state) == (
        "with 1 knowledge a dig of 1 week draws no token; it needs at least 8 weeks"
    )


def test_A3_shovels_add_tokens_D6_and_D7_lone_shovel() -> None:
    state = start(2)
    books = cards_of("book", "Egypt", 3) + cards_of("book", "Egypt", 2)[:1]  # 8 knowledge
    shovels = cards_of("shovel")
    for held, option, expected in ((1, "", 5), (1, " +shovel", 6), (2, "", 6), (3, "", 7)):
        s = setup(state, 0, location="Egypt", cards=[*books, *shovels[:held]])
        s, events = play(s, "dig Egypt 4" + option, dig_chance([], expected))
        assert next(e for e in events if isinstance(e, Dug)).drawn == expected
        assert s.players[0].shovels == (0 if option else held)
    assert why_illegal(
        setup(state, 0, location="Egypt", cards=[*books, *shovels[:2]]),
        dig("dig Egypt 4 +shovel"),
    ) == NotLegal(Illegal.SHOVELS_NOT_LONE, have=2)


def test_A3_cost_is_travel_plus_weeks() -> None:
    state = start(2)
    state = setup(state, 0, location="London", cards=cards_of("book", "Egypt", 3))
    assert action_cost(state, dig("dig Egypt 5")) == 4 + 5
    state, _ = play(state, "dig Egypt 5", dig_chance([], 4))
    assert state.players[0].time == 9 and state.players[0].location == loc("Egypt")


def test_A3_impossible_draws_are_refused() -> None:
    state = start(2)
    state = setup(state, 0, location="Egypt", cards=cards_of("book", "Egypt", 3))
    with pytest.raises(ImpossibleDraw, match="draws 4 tokens"):
        play(state, "dig Egypt 5", dig_chance([], 3))
    greek = tokens_of("Greece")[0]
    with pytest.raises(ImpossibleDraw, match=r"not .* in the Egypt bag"):
        play(state, "dig Egypt 5", dig_chance([greek], 3))
    with pytest.raises(ImpossibleDraw, match="holds 16 debris, not -1"):
        play(state, "dig Egypt 5", dig_chance(tokens_of("Egypt")[:5], -1))


# ---------------------------------------------------------------- which cards a dig may use


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


# ---------------------------------------------------------------- permits


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


# ---------------------------------------------------------------- draws that cannot happen


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


def test_A3_8_nobody_draws_more_tokens_than_the_bag_holds() -> None:
    # The printed bags always hold more than a dig can draw (16 at the least, 12 at most
    # drawn), so a catalog with bags of no debris shows the rule: 8 knowledge and 4 weeks
    # would draw 5 tokens, and the bag holds two.
    catalog = replace(CAT, debris=(0,) * len(CAT.debris))
    state = replace(start(2), catalog=catalog)
    books = cards_of("book", "Egypt", 3) + cards_of("book", "Egypt", 2)[:1]
    state = setup(state, 0, location="Egypt", cards=books)
    left = state.bags[EGYPT][:2]
    state = replace(state, bags=(*state.bags[:EGYPT], left, *state.bags[EGYPT + 1 :]))
    state, events = play(state, "dig Egypt 4", dig_chance(left, debris=0))
    dug = next(e for e in events if isinstance(e, Dug))
    assert dug.drawn == 2 and dug.found == left
    assert state.bags[EGYPT] == ()


def test_A3_D6_D7_digs_are_listed_legend_then_assistant_then_shovel_then_weeks() -> None:
    # Books, the legend, a lone assistant and a lone shovel at Egypt: every choice is
    # listed, the choices in this order (without before with), each with its weeks.
    held = [EGYPT_1, cards_of("legend", "Egypt")[0], cards_of("assistant")[0]]
    state = setup(start(2), 0, location="Egypt", cards=[*held, cards_of("shovel")[0]])
    expected = []
    for legend in (False, True):
        for assistant in (False, True):
            for shovel in (False, True):
                total = 1 + (2 if legend else 0) + (1 if assistant else 0)
                shortest = CAT.min_weeks[total]
                expected += [
                    Dig(EGYPT, weeks, legend, assistant, shovel) for weeks in range(shortest, 13)
                ]
    listed = [a for a in legal_actions(state) if isinstance(a, Dig)]
    assert listed == expected
