"""The canonical action notation: round trips, tolerant parsing, clear refusals."""

from __future__ import annotations

import re

import pytest
from hypothesis import given
from hypothesis import strategies as st

from helpers import CAT, region
from thebes.records.notation import NotationError, format_action, parse_action
from thebes.rules import Dig, Exchange, Exhibit, Retire, TakeCard, all_actions

REGIONS = CAT.regions


def test_every_action_round_trips() -> None:
    actions = all_actions()
    texts = [format_action(a, REGIONS) for a in actions]
    assert len(set(texts)) == len(actions)
    for action, text in zip(actions, texts, strict=True):
        assert parse_action(text, REGIONS) == action


@pytest.mark.parametrize(
    ("text", "action"),
    [
        ("take 2", TakeCard(1)),
        ("take 4 +zeppelin", TakeCard(3, zeppelin=True)),
        ("exchange", Exchange()),
        ("exchange +zeppelin", Exchange(zeppelin=True)),
        ("dig Egypt 6 +legend", Dig(region("Egypt"), 6, legend=True)),
        (
            "dig Mesopotamia 12 +legend +assistant +shovel +permit +zeppelin",
            Dig(region("Mesopotamia"), 12, True, True, True, True, True),
        ),
        ("exhibit c", Exhibit(2)),
        ("retire", Retire()),
    ],
)
def test_canonical_texts(text: str, action: object) -> None:
    assert format_action(action, REGIONS) == text  # type: ignore[arg-type]
    assert parse_action(text, REGIONS) == action


def test_parsing_is_tolerant_of_case_spacing_order_and_prefixes() -> None:
    expected = Dig(region("Palestine"), 3, shovel=True, zeppelin=True)
    assert parse_action("  DIG   pal 3 +Zeppelin +SHOVEL ", REGIONS) == expected
    assert parse_action("Exhibit B", REGIONS) == Exhibit(1)
    # A unique prefix of an option is the option; the action is then saved spelled out.
    short = parse_action("dig Egypt 6 +ass +z +leg", REGIONS)
    assert short == Dig(region("Egypt"), 6, legend=True, assistant=True, zeppelin=True)
    assert format_action(short, REGIONS) == "dig Egypt 6 +legend +assistant +zeppelin"
    assert parse_action("take 2 +z", REGIONS) == TakeCard(1, zeppelin=True)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "no action given"),
        ("walk 3", "unknown action 'walk'"),
        ("take", "needs a display slot"),
        ("take 5", "slot is 1 to 4"),
        ("take two", "slot is 1 to 4"),
        ("take 1 +legend", "unknown option +legend"),
        ("dig Egypt", "dig <site> <weeks>"),
        ("dig Atlantis 3", "unknown site 'Atlantis'"),
        ("dig Egypt 13", "1 to 12 weeks"),
        ("dig Egypt 0", "1 to 12 weeks"),
        ("dig Egypt 3 +legend +legend", "given twice"),
        ("dig Egypt 3 +leg +legend", "given twice"),
        ("dig Egypt 3 +x", "unknown option +x"),
        ("take 1 +s", "unknown option +s"),
        ("dig Egypt 3 +", "lone '+'"),
        ("exhibit d", "a, b or c"),
        ("exchange now", "takes no argument"),
        ("retire +zeppelin", "unknown option +zeppelin"),
    ],
)
def test_bad_text_is_refused_with_a_clear_message(text: str, message: str) -> None:
    with pytest.raises(NotationError, match=re.escape(message)):
        parse_action(text, REGIONS)


def test_ambiguous_prefix_is_refused() -> None:
    with pytest.raises(NotationError, match="ambiguous site"):
        parse_action("dig x 3", ("Xa", "Xb"))


@given(st.sampled_from(all_actions()), st.sampled_from([str.upper, str.lower, str.title]))
def test_round_trip_survives_any_letter_case(action: object, case: object) -> None:
    text = case(format_action(action, REGIONS))  # type: ignore[arg-type, operator]
    assert parse_action(text, REGIONS) == action
