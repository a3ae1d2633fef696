"""French mends the words before a value as the value is filled in: "d'Ann" and "de Bob",
"en Égypte" and "à Rome", whatever name a player chose."""

from __future__ import annotations

import pytest

from thebes.catalog.loading import default_catalog
from thebes.language import _, ngettext, place_name, speaking
from thebes.language.french import SITES, French


def test_the_sites_are_the_games_regions() -> None:
    assert set(SITES) == set(default_catalog().regions)


@pytest.mark.parametrize(
    ("name", "shown"),
    [("Ann", "C'est au tour d'Ann."), ("Bob", "C'est au tour de Bob."),
     ("Émile", "C'est au tour d'Émile."), ("", "C'est au tour de .")],
)  # fmt: skip
def test_de_before_a_name_that_begins_with_a_vowel_is_elided(name: str, shown: str) -> None:
    # The catalog's own French is written round it; a translation to come may not be.
    assert French("C'est au tour de {name}.").format(name=name) == shown


def test_a_site_is_en_where_a_city_is_a() -> None:
    with speaking("fr"):
        already = French("{name} est déjà à {place}")
        assert already.format(name="Ann", place=place_name("Egypt")) == "Ann est déjà en Égypte"
        assert already.format(name="Ann", place=place_name("Crete")) == "Ann est déjà en Crète"
        assert already.format(name="Ann", place=place_name("Rome")) == "Ann est déjà à Rome"
        items = French("{count} objets de {region}")
        assert items.format(count=2, region=place_name("Egypt")) == "2 objets d'Égypte"
        assert items.format(count=2, region=place_name("Greece")) == "2 objets de Grèce"


def test_every_french_message_is_one_that_mends_its_values() -> None:
    with speaking("fr"):
        assert isinstance(_("It is {name}'s turn, not yours."), French)
        assert isinstance(ngettext("{count} artifact", "{count} artifacts", 2), French)


def test_only_the_words_just_before_a_value_change() -> None:
    template = French("de {a} et que {b}, jusque {c}; monde {d}; Que {e}")
    said = template.format(a="Ann", b="Eve", c="Otto", d="Ida", e="Ugo")
    assert said == "d'Ann et qu'Eve, jusqu'Otto; monde Ida; Qu'Ugo"
    assert French("de {1} {0}").format("x", "Ann") == "d'Ann x"
    assert French("de {} {}").format("Ann", "x") == "de Ann x"  # numbered by str.format
    assert French("de {n:>4}").format(n="Ann") == "de  Ann"  # padded: no vowel next to it


def test_other_languages_are_formatted_as_written() -> None:
    for code in ("en", "de"):
        with speaking(code):
            assert type(_("It is {name}'s turn, not yours.")) is str
