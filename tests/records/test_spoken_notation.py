"""The notation in the player's language: every action reads back from the words it is shown
in, in each language, and the canonical notation is read in every language."""

from __future__ import annotations

from itertools import product

import pytest

from thebes.catalog.loading import default_catalog
from thebes.language import LANGUAGES, speaking
from thebes.records.notation import NotationError, format_action
from thebes.records.spoken_notation import read_action, read_dig_site, say_action, spoken_words
from thebes.rules import Action, Dig, Exchange, Exhibit, Renew, Retire, TakeCard

REGIONS = default_catalog().regions


def every_action() -> list[Action]:
    actions: list[Action] = [Retire(), Renew()]
    for zeppelin in (False, True):
        actions += [TakeCard(slot, zeppelin) for slot in range(4)]
        actions += [Exhibit(slot, zeppelin) for slot in range(3)]
        actions.append(Exchange(zeppelin))
    for region, weeks in product(range(len(REGIONS)), (1, 6, 12)):
        for flags in product((False, True), repeat=5):
            legend, assistant, shovel, permit, zeppelin = flags
            actions.append(Dig(region, weeks, legend, assistant, shovel, permit, zeppelin))
    return actions


@pytest.mark.parametrize("code", LANGUAGES)
def test_every_action_reads_back_from_its_words_and_its_notation(code: str) -> None:
    with speaking(code):
        for action in every_action():
            assert read_action(say_action(action, REGIONS), REGIONS) == action
            assert read_action(format_action(action, REGIONS), REGIONS) == action


@pytest.mark.parametrize("code", LANGUAGES)
def test_the_words_are_single_and_distinct(code: str) -> None:
    with speaking(code):
        words = spoken_words()
    verbs = [words[v] for v in ("take", "exchange", "dig", "exhibit", "retire", "renew")]
    options = [words[o] for o in ("legend", "assistant", "shovel", "permit", "zeppelin")]
    for group in (verbs, options):
        assert len(set(group)) == len(group)
        assert all(w and w == w.lower() and " " not in w for w in group)


@pytest.mark.parametrize(
    ("code", "typed", "canonical"),
    [
        ("de", "graben Ägypten 6 +legende", "dig Egypt 6 +legend"),
        ("de", "GRABEN agypten 6 +sch +zep", "dig Egypt 6 +shovel +zeppelin"),
        ("de", "graben kre 2 +erl", "dig Crete 2 +permit"),
        ("de", "nehmen 2 +zeppelin", "take 2 +zeppelin"),
        ("de", "austauschen", "exchange"),
        ("de", "dig Egypt 6 +ass", "dig Egypt 6 +assistant"),
        ("fr", "fouiller grèce 3 +pel", "dig Greece 3 +shovel"),
        ("fr", "fouiller gre 3", "dig Greece 3"),
        ("fr", "echanger +zep", "exchange +zeppelin"),
        ("fr", "exposer b", "exhibit b"),
        ("fr", "fouiller Mésopotamie 12 +autorisation", "dig Mesopotamia 12 +permit"),
        ("en", "dig eg 6 +leg", "dig Egypt 6 +legend"),
    ],
)
def test_typed_words_of_the_language(code: str, typed: str, canonical: str) -> None:
    with speaking(code):
        assert format_action(read_action(typed, REGIONS), REGIONS) == canonical


def test_words_of_another_language_are_refused_with_the_notations_reasons() -> None:
    with speaking("en"), pytest.raises(NotationError, match="unknown action"):
        read_action("graben Ägypten 6", REGIONS)
    with speaking("de"), pytest.raises(NotationError) as refused:
        read_action("graben Atlantis 6", REGIONS)
    assert str(refused.value).startswith("'graben Atlantis 6': unbekannte Stätte 'Atlantis'")
    assert "Griechenland, Kreta, Ägypten" in str(refused.value)


@pytest.mark.parametrize(
    ("code", "verbs"),
    [
        ("en", "take, exchange, dig, exhibit, retire, renew"),
        ("de", "nehmen, austauschen, graben, ausstellen, aufhören, erneuern"),
        ("fr", "prendre, échanger, fouiller, exposer, retirer, renouveler"),
    ],
)
def test_a_line_that_is_no_action_names_the_verbs_in_the_players_words(
    code: str, verbs: str
) -> None:
    for typed in ("", "fly to Rome"):
        with speaking(code), pytest.raises(NotationError) as refused:
            read_action(typed, REGIONS)
        assert str(refused.value).endswith(verbs)


def test_the_planners_way_in_reads_the_players_words() -> None:
    with speaking("fr"):
        assert read_dig_site("fouiller égypte +pelle", REGIONS) == (
            REGIONS.index("Egypt"),
            ["+shovel"],
        )
