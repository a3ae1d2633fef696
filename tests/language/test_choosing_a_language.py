"""The language a player reads: --lang's words, and the environment read as gettext reads it."""

from __future__ import annotations

import threading

import pytest

from thebes.language import (
    _,
    current_language,
    decimal,
    language_code,
    language_of,
    place_name,
    speak_by_default,
    speaking,
)


@pytest.mark.parametrize(
    ("text", "code"),
    [
        ("de", "de"),
        ("de_DE.UTF-8", "de"),
        ("fr-CA", "fr"),
        ("fr_FR@euro", "fr"),
        ("FR", "fr"),
        ("Deutsch", "de"),
        ("français", "fr"),
        ("en_GB.UTF-8", "en"),
        ("es_ES.UTF-8", None),
        ("", None),
        ("C", None),
    ],
)
def test_a_language_is_named_by_code_locale_or_name(text: str, code: str | None) -> None:
    assert language_code(text) == code


@pytest.mark.parametrize(
    ("environ", "code"),
    [
        ({}, "en"),
        ({"LANG": "de_DE.UTF-8"}, "de"),
        ({"LANG": "de_DE.UTF-8", "LC_MESSAGES": "fr_FR.UTF-8"}, "fr"),
        ({"LANG": "de_DE.UTF-8", "LC_MESSAGES": "fr_FR.UTF-8", "LC_ALL": "en_US"}, "en"),
        ({"LANG": "en_US.UTF-8", "LANGUAGE": "es:fr:de"}, "fr"),
        # GNU gettext ignores LANGUAGE under the C locale, or with no locale at all.
        ({"LANG": "C.UTF-8", "LANGUAGE": "de"}, "en"),
        ({"LANGUAGE": "de"}, "en"),
        ({"LANG": "es_ES.UTF-8"}, "en"),
        ({"LC_ALL": "", "LANG": "fr_BE.UTF-8"}, "fr"),
    ],
)
def test_the_environment_chooses_as_gettext_does(environ: dict[str, str], code: str) -> None:
    assert language_of(environ) == code


def test_each_thread_speaks_its_own_language_and_the_default_elsewhere() -> None:
    seen: dict[str, str] = {}

    def draw(code: str) -> None:
        with speaking(code):
            seen[code] = current_language()
        seen[code + " after"] = current_language()

    threads = [threading.Thread(target=draw, args=(code,)) for code in ("de", "fr")]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert seen == {"de": "de", "fr": "fr", "de after": "en", "fr after": "en"}
    speak_by_default("de")
    try:
        assert current_language() == "de"
        with speaking("fr"):
            assert current_language() == "fr"
    finally:
        speak_by_default("en")


def test_names_and_messages_are_translated_from_the_catalogs() -> None:
    with speaking("de"):
        assert place_name("Egypt") == "Ägypten"
        assert place_name("Rome") == "Rom"
    with speaking("fr"):
        assert place_name("Egypt") == "Égypte"
    with speaking("en"):
        assert place_name("Egypt") == "Egypt"
        assert _("a message no catalog holds") == "a message no catalog holds"


def test_decimals_are_written_as_each_language_writes_them() -> None:
    with speaking("en"):
        assert (decimal(2.45, 1), decimal(-0.04, 1, sign=True), decimal(3, 2, sign=True)) == (
            "2.5",
            "+0.0",
            "+3.00",
        )
    with speaking("de"):
        assert (decimal(2.25, 2), decimal(-1.26, 1, sign=True)) == ("2,25", "-1,3")
    with speaking("fr"):
        assert decimal(0.5) == "0,5"
