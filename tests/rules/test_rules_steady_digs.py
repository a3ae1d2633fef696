"""Steady digs (V1) as the 2004 rules print them, and decision P12.

"Pour chaque pile de cartes de fouilles, les 12 objets sont mélangés avec les 2 cartes de
connaissance et 6 cartes blanches. Les 10 cartes blanches restantes sont mises de côté [...]
Chaque carte d'objet ou de connaissance piochée pendant des fouilles sera remplacée par une
carte blanche." Every test plays a position set up by hand with the draws scripted; the
same position without the variant shows that the variant made the difference.
"""

from __future__ import annotations

from dataclasses import replace
from math import comb

import pytest

from helpers import (
    CAT,
    NAMES,
    RecordingChance,
    cards_of,
    dig_chance,
    game,
    of_type,
    play,
    region,
    setup,
    tokens_of,
)
from thebes.records.narration import narrate
from thebes.rules import (
    Dug,
    Event,
    FirstDigBonus,
    GameState,
    bag_contents,
    debris_aside,
    debris_in_bag,
    dig_odds,
)

EGYPT = region("Egypt")
EGYPT_BOOKS = cards_of("book", "Egypt", 3)  # two books of 3: 6 knowledge, 5 tokens in 6 weeks


def _first_dig(*variants: str) -> tuple[GameState, tuple[Event, ...]]:
    state = setup(game(*variants), 0, cards=EGYPT_BOOKS)
    found = tokens_of("Egypt")[:2]  # two artifacts, and 3 debris: the 5 tokens of 6 weeks
    return play(state, "dig Egypt 6", dig_chance(found, 3))


def test_V1_P12_each_bag_starts_with_20_tokens_and_10_debris_aside() -> None:
    # "les 12 objets sont mélangés avec les 2 cartes de connaissance et 6 cartes blanches.
    # Les 10 cartes blanches restantes sont mises de côté"
    steady, plain = game("steady-digs"), game()
    for r in range(len(CAT.regions)):
        assert len(steady.bags[r]) == 14 and debris_in_bag(steady, r) == 6
        assert debris_aside(steady, r) == 10
        assert bag_contents(steady, r).size == 20
        # S5: without the variant, all 16 debris are in the bag (30 tokens) and none aside.
        assert debris_in_bag(plain, r) == 16 and debris_aside(plain, r) == 0
        assert bag_contents(plain, r).size == 30


def test_V1_P12_each_token_kept_is_replaced_from_the_debris_aside() -> None:
    state, events = _first_dig("steady-digs")
    assert len(state.bags[EGYPT]) == 12  # the two artifacts left the bag...
    assert debris_in_bag(state, EGYPT) == 8  # ... and two of the debris aside went in
    assert debris_aside(state, EGYPT) == 8
    assert len(state.bags[EGYPT]) + debris_in_bag(state, EGYPT) == 20
    [dug] = of_type(events, Dug)
    assert dug == Dug(0, EGYPT, 6, 6, 5, tuple(tokens_of("Egypt")[:2]), 3, replaced=2, aside=8)
    # P12: the value-1 artifact lying on the site was never in the bag; nothing replaces it.
    bonus = CAT.site_bonus[EGYPT]
    assert FirstDigBonus(0, EGYPT, bonus) in events
    assert bonus in state.players[0].tokens and len(state.players[0].tokens) == 3
    # The other bags and their reserves are untouched.
    others = [r for r in range(len(CAT.regions)) if r != EGYPT]
    assert all(debris_in_bag(state, r) == 6 and debris_aside(state, r) == 10 for r in others)
    assert narrate(CAT, NAMES, dug).endswith(
        "(1) and 3 debris. 2 debris go into the bag in their place (8 still aside)."
    )


def test_V1_without_the_variant_the_bag_keeps_the_catalogs_debris_and_shrinks() -> None:
    state, events = _first_dig()
    assert len(state.bags[EGYPT]) == 12 and debris_in_bag(state, EGYPT) == CAT.debris[EGYPT] == 16
    [dug] = of_type(events, Dug)
    assert dug.replaced == 0 and dug.aside is None
    assert narrate(CAT, NAMES, dug).endswith("Shabti statue (1) and 3 debris.")


def test_V1_the_odds_of_a_dig_count_the_bag_of_20() -> None:
    # After the first dig: 10 artifacts, 1 book and 1 general token are left, and no bonus.
    steady, _ = _first_dig("steady-digs")
    plain, _ = _first_dig()
    assert bag_contents(steady, EGYPT).debris == 8 and bag_contents(steady, EGYPT).size == 20
    assert bag_contents(plain, EGYPT).debris == 16 and bag_contents(plain, EGYPT).size == 28
    assert bag_contents(steady, EGYPT).artifacts == bag_contents(plain, EGYPT).artifacts == 10
    # Worked by hand: no artifact among 5 tokens drawn from 20 (10 others) or from 28 (18).
    assert dig_odds(steady, EGYPT, 5).at_least_one == pytest.approx(1 - comb(10, 5) / comb(20, 5))
    assert dig_odds(plain, EGYPT, 5).at_least_one == pytest.approx(1 - comb(18, 5) / comb(28, 5))
    assert dig_odds(steady, EGYPT, 5).artifacts == pytest.approx(5 * 10 / 20)
    assert dig_odds(plain, EGYPT, 5).artifacts == pytest.approx(5 * 10 / 28)


@pytest.mark.parametrize(("variants", "debris"), [(("steady-digs",), 8), ((), 16)])
def test_V1_a_later_dig_draws_from_the_bag_with_the_debris_added(
    variants: tuple[str, ...], debris: int
) -> None:
    state, _ = _first_dig(*variants)
    state = setup(state, 1, cards=cards_of("book", "Egypt", 2)[:3])  # Bob: 6 knowledge too
    chance = RecordingChance(digs=[(tokens_of("Egypt")[2:3], 4)])
    state, events = play(state, "dig Egypt 6", chance)
    assert chance.asked == [(12, debris, 5)]
    [dug] = of_type(events, Dug)
    assert dug.replaced == (1 if variants else 0)
    assert debris_in_bag(state, EGYPT) == debris + dug.replaced
    assert FirstDigBonus not in set(map(type, events))  # the bonus went with the first dig


def _bag_after_kept(kept: int) -> GameState:
    """A steady-digs game whose Egypt bag has lost its first ``kept`` tokens to earlier digs
    (the first-dig bonus gone with them), Ann with 6 Egypt knowledge to dig."""
    state = game("steady-digs")
    bags = list(state.bags)
    bags[EGYPT] = tuple(CAT.bag_tokens[EGYPT][kept:])
    bonus = list(state.site_bonus)
    bonus[EGYPT] = 0
    state = replace(state, bags=tuple(bags), site_bonus=tuple(bonus))
    return setup(state, 0, cards=EGYPT_BOOKS)


def test_V1_the_last_debris_aside_replaces_the_first_token_kept_then_the_bag_shrinks() -> None:
    # 9 tokens kept so far: 5 left with 15 debris in the bag (20 tokens), 1 debris aside.
    state = _bag_after_kept(9)
    assert (len(state.bags[EGYPT]), debris_in_bag(state, EGYPT)) == (5, 15)
    assert debris_aside(state, EGYPT) == 1
    kept = state.bags[EGYPT][:3]
    chance = RecordingChance(digs=[(kept, 2)])
    state, events = play(state, "dig Egypt 6", chance)
    assert chance.asked == [(5, 15, 5)]
    [dug] = of_type(events, Dug)
    assert (dug.replaced, dug.aside) == (1, 0)
    # 3 kept, 1 replaced: 2 tokens and 16 debris, 18 in all.
    assert (len(state.bags[EGYPT]), debris_in_bag(state, EGYPT)) == (2, 16)
    assert debris_aside(state, EGYPT) == 0
    assert narrate(CAT, NAMES, dug).endswith(
        "1 debris goes into the bag, the last set aside: the bag is 2 tokens smaller."
    )


def test_V1_with_no_debris_aside_the_bag_shrinks_like_the_2007_bag() -> None:
    # 10 tokens kept: the reserve is spent, 4 tokens and all 16 debris in the bag.
    state = _bag_after_kept(10)
    assert (len(state.bags[EGYPT]), debris_in_bag(state, EGYPT), debris_aside(state, EGYPT)) == (
        4,
        16,
        0,
    )
    kept = state.bags[EGYPT][:2]
    state, events = play(state, "dig Egypt 6", RecordingChance(digs=[(kept, 3)]))
    [dug] = of_type(events, Dug)
    assert (dug.replaced, dug.aside) == (0, 0)
    assert (len(state.bags[EGYPT]), debris_in_bag(state, EGYPT)) == (2, 16)
    assert narrate(CAT, NAMES, dug).endswith(
        "No debris is left aside to replace them: the bag is 2 tokens smaller."
    )


def test_V1_the_last_debris_aside_replaces_the_last_token_kept() -> None:
    # 8 kept so far: 2 debris aside; a dig keeps 2, so both go in and none is left.
    state = _bag_after_kept(8)
    assert debris_aside(state, EGYPT) == 2
    state, events = play(state, "dig Egypt 6", RecordingChance(digs=[(state.bags[EGYPT][:2], 3)]))
    [dug] = of_type(events, Dug)
    assert (dug.replaced, dug.aside) == (2, 0)
    assert len(state.bags[EGYPT]) + debris_in_bag(state, EGYPT) == 20
    assert narrate(CAT, NAMES, dug).endswith(
        "2 debris go into the bag in their place, the last set aside."
    )


@pytest.mark.parametrize(
    ("debris", "in_bag", "aside"), [(16, 6, 10), (8, 6, 2), (3, 3, 0), (0, 0, 0)]
)
def test_V1_a_catalog_with_fewer_debris_puts_up_to_6_in_the_bag_and_the_rest_aside(
    debris: int, in_bag: int, aside: int
) -> None:
    # Data files may be replaced (THEBES_DATA): the rule's 6 debris a bag, as far as there
    # are any, and the rest of the region's debris aside.
    catalog = replace(CAT, debris=(debris,) * len(CAT.regions))
    state = replace(game("steady-digs"), catalog=catalog)
    assert (debris_in_bag(state, EGYPT), debris_aside(state, EGYPT)) == (in_bag, aside)
    drawn_debris = min(1, in_bag)  # 5 tokens in 6 weeks: 4 artifacts, or 5 with no debris
    kept = tokens_of("Egypt")[: 5 - drawn_debris]
    state, events = play(
        setup(state, 0, cards=EGYPT_BOOKS),
        "dig Egypt 6",
        RecordingChance(digs=[(kept, drawn_debris)]),
    )
    [dug] = of_type(events, Dug)
    assert dug.replaced == min(len(kept), aside)
    assert debris_in_bag(state, EGYPT) == in_bag + min(len(kept), aside)
