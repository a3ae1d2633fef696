"""Which language a player reads: ``--lang``, else the locale of the environment.

The environment is read as gettext reads it: the first of ``LC_ALL``, ``LC_MESSAGES`` and
``LANG`` that is set names the locale; ``LANGUAGE``, a list of languages by preference, comes
before it unless there is no locale or it is ``C`` or ``POSIX`` (which GNU gettext reads as
"no translation"). A language thebes does not speak is passed over; none left means English.
"""

from __future__ import annotations

from collections.abc import Mapping

ENGLISH = "en"
LANGUAGES = ("en", "de", "fr")  # every language the catalogs hold, English first
# Each language's name in itself, as a player looks for it in a list.
NAMES = {"en": "English", "de": "Deutsch", "fr": "Français"}
# Spelled out too: `--lang deutsch` and `--lang français` are what some people type.
_ALIASES = {
    "english": "en",
    "deutsch": "de",
    "german": "de",
    "français": "fr",
    "francais": "fr",
    "french": "fr",
}


def language_code(text: str) -> str | None:
    """The language ``text`` names (``de``, ``de_DE.UTF-8``, ``fr-CA``, ``Deutsch``), if thebes
    speaks it; None otherwise."""
    word = text.strip().lower()
    if word in _ALIASES:
        return _ALIASES[word]
    # A locale name: language[_territory][.codeset][@modifier]
    code = word.split("@")[0].split(".")[0].replace("-", "_").split("_")[0]
    return code if code in LANGUAGES else None


def language_of(environ: Mapping[str, str]) -> str:
    """The language the environment asks for, as gettext would choose it."""
    locale = next(
        (environ[name] for name in ("LC_ALL", "LC_MESSAGES", "LANG") if environ.get(name)), ""
    )
    if locale in ("", "C", "POSIX") or locale.startswith(("C.", "POSIX.")):
        return ENGLISH
    wanted = [*environ.get("LANGUAGE", "").split(":"), locale]
    return next((code for text in wanted if text and (code := language_code(text))), ENGLISH)
