"""The odds of a dig (rules/odds.py): what is in a site's bag, the expected finds of a dig of
so many weeks, and the chance of at least one artifact."""

from __future__ import annotations

from dataclasses import replace

import pytest

from helpers import CAT, region, setup, start, tokens_of
from thebes.rules import bag_contents, dig_odds

EGYPT = region("Egypt")


def test_bag_contents_and_expected_finds() -> None:
    state = start(2)
    egypt = region("Egypt")
    bag = bag_contents(state, egypt)
    # 12 artifacts in the bag (the 13th lies on the site): 36 - 1 VP.
    assert (bag.artifacts, bag.artifact_vp, bag.knowledge, bag.debris, bag.size) == (
        12,
        35,
        2,
        16,
        30,
    )
    odds = dig_odds(state, egypt, 6)
    assert odds.bonus and odds.tokens == 6
    assert abs(odds.artifacts - (6 * 12 / 30 + 1)) < 1e-9
    assert abs(odds.vp - (6 * 35 / 30 + 1)) < 1e-9
    # After the Mask of Tutankhamun (6) is found, the bag is poorer.
    state = setup(state, 0, tokens=tokens_of("Egypt", value=6))
    assert bag_contents(state, egypt).artifact_vp == 29


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


def test_the_chance_of_at_least_one_artifact_is_hypergeometric() -> None:
    # Egypt's bag at the start: 12 artifacts, 2 knowledge tokens, 16 debris (30 tokens).
    egypt = region("Egypt")
    state = start(2)
    bag = bag_contents(state, egypt)
    assert (bag.artifacts, bag.knowledge, bag.debris) == (12, 2, 16)
    # With the site's own artifact still there, one is certain.
    assert dig_odds(state, egypt, 2).at_least_one == 1.0
    # Without it: no artifact among 2 of 30 is C(18,2)/C(30,2) = 153/435 (worked by hand).
    bare = replace(state, site_bonus=tuple(0 for _ in state.site_bonus))
    assert abs(dig_odds(bare, egypt, 2).at_least_one - (1 - 153 / 435)) < 1e-12
    assert dig_odds(bare, egypt, 0).at_least_one == 0.0
    # 19 tokens cannot all miss the 12 artifacts: only 18 tokens are not artifacts.
    assert dig_odds(bare, egypt, 19).at_least_one == 1.0
