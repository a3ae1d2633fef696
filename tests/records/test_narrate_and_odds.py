"""Narration of events in plain words, and the expected finds of a dig."""

from __future__ import annotations

from dataclasses import replace

from helpers import CAT, cards_of, dig_chance, play, region, setup, start, tokens_of
from thebes.records.narration import card_name, narrate
from thebes.rules import Pile, ScriptedChance, bag_contents, dig_odds

NAMES = ("Ann", "Bob")


def sentences(events: tuple[object, ...]) -> list[str]:
    return [narrate(CAT, NAMES, e) for e in events]  # type: ignore[arg-type]


def test_taking_a_card_is_narrated() -> None:
    state = start(2, display=[1, 65, 84, 10])
    _, events = play(state, "take 2", ScriptedChance(cards=[30]))
    assert sentences(events) == [
        "Ann travels from Warsaw to London in 2 weeks.",
        "Ann takes the shovel from slot 2 (5 weeks in all).",
        "Slot 2 now shows the Palestine book (1).",
    ]


def test_a_first_dig_is_narrated_with_its_finds_and_bonus() -> None:
    state = setup(start(2), 0, location="Egypt", cards=cards_of("book", "Egypt", 3))
    mask = tokens_of("Egypt", value=6)
    _, events = play(state, "dig Egypt 3", dig_chance(mask + tokens_of("Egypt", "book"), 1))
    assert sentences(events) == [
        "Ann digs 3 weeks at Egypt with 6 knowledge and draws 3 tokens: "
        "Mask of Tutankhamun (6), a Mesopotamia book token and 1 debris.",
        "First dig at Egypt: Ann also takes Scarab amulet (1) lying on the site.",
    ]


def test_year_change_exhibition_and_card_names() -> None:
    state = setup(start(2, display=[65, 2, 3, 4]), 0, week=51, location="London")
    state = setup(state, 1, year=1902, week=9)
    state = replace(state, deck=replace(state.deck, piles=(Pile(10, (86,)),)))
    _, events = play(state, "take 1", ScriptedChance(cards=[86, 5]))
    assert sentences(events) == [
        "Ann takes the shovel from slot 1 (3 weeks in all).",
        "An exhibition opens: the small exhibition in London.",
        "Slot 1 now shows the Greece book (2).",
        "Ann enters 1902: all their permits are valid again.",
    ]
    assert card_name(CAT, 95) == "large exhibition in Moscow"
    assert card_name(CAT, cards_of("legend", "Crete")[0]) == "Crete legend"


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
