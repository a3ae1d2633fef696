"""Narration of events in plain words (records/narration.py)."""

from __future__ import annotations

from dataclasses import replace

from helpers import CAT, cards_of, dig_chance, play, setup, start, tokens_of
from thebes.records.narration import card_name, narrate
from thebes.rules import Pile, ScriptedChance

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
