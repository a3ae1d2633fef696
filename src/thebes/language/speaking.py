"""The catalogs, and the language each terminal speaks.

A language is a context variable, not a global: the hosted table draws each connection's
screen in a thread of its own, and each speaks its connection's language (``speaking``), so
nothing here calls ``gettext.install()``, which would change the language of the whole
process. What no terminal chose speaks the process's language (``speak_by_default``: the
command line's ``--lang`` or the environment's).

A catalog is compiled from ``locale/LANG/LC_MESSAGES/thebes.po`` to ``thebes.mo`` when the
package is built (see ``hatch_build.py``). A message a catalog lacks is shown in English.
"""

from __future__ import annotations

import gettext
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from functools import cache
from pathlib import Path

from thebes.language.choosing import ENGLISH, LANGUAGES
from thebes.language.french import SITES, French

DOMAIN = "thebes"
LOCALE_DIR = Path(__file__).parent / "locale"

_default = ENGLISH
_speaking: ContextVar[str | None] = ContextVar("speaking", default=None)


@cache
def catalog(code: str) -> gettext.NullTranslations:
    """The compiled catalog of language ``code`` (English: none, every message as written)."""
    if code == ENGLISH or code not in LANGUAGES:
        return gettext.NullTranslations()
    return gettext.translation(DOMAIN, LOCALE_DIR, languages=[code], fallback=True)


def current_language() -> str:
    """The language of the terminal being drawn for now."""
    return _speaking.get() or _default


def speak_by_default(code: str) -> str:
    """Speak ``code`` wherever no terminal chose a language (the command line's choice);
    the language spoken by default before."""
    global _default
    before, _default = _default, code
    return before


@contextmanager
def speaking(code: str) -> Iterator[None]:
    """Speak ``code`` in this thread or task until the block ends."""
    token = _speaking.set(code)
    try:
        yield
    finally:
        _speaking.reset(token)


def speak_here(code: str) -> None:
    """Speak ``code`` in this thread or task from now on (inside a :func:`speaking` block,
    until it ends): a terminal's ``lang`` command."""
    _speaking.set(code)


def _spoken(code: str, text: str) -> str:
    """A translation as ``code`` formats it: French mends the words before a value."""
    if code != "fr":
        return text
    if not French.sites:
        French.sites = frozenset(catalog("fr").pgettext("place", site) for site in SITES)
    return French(text)


def _(message: str) -> str:
    """``message`` in the current language."""
    code = current_language()
    return _spoken(code, catalog(code).gettext(message))


def ngettext(singular: str, plural: str, count: int) -> str:
    """The form for ``count`` of a message, by the current language's plural rule."""
    code = current_language()
    return _spoken(code, catalog(code).ngettext(singular, plural, count))


def pgettext(context: str, message: str) -> str:
    """``message`` in the current language, where ``context`` tells two uses of one English
    word apart (``pgettext("place", "Rome")``, ``pgettext("action", "dig")``)."""
    code = current_language()
    return _spoken(code, catalog(code).pgettext(context, message))


def npgettext(context: str, singular: str, plural: str, count: int) -> str:
    """:func:`ngettext` with a context, as :func:`pgettext`."""
    code = current_language()
    return _spoken(code, catalog(code).npgettext(context, singular, plural, count))


def decimal(value: float, digits: int = 1, *, sign: bool = False) -> str:
    """``value`` with ``digits`` decimals as the current language writes it (2.5, 2,5); with
    ``sign``, its sign before it, "+" for what rounds to nothing (never "-0.0")."""
    rounded = round(value, digits)
    text = f"{rounded if rounded else 0.0:{'+' if sign else ''}.{digits}f}"
    # TRANSLATORS: the decimal separator of numbers such as 2.5 (German and French: a comma).
    separator = pgettext("decimal separator", ".")
    return text.replace(".", separator) if separator != "." else text


def N_(message: str) -> str:
    """Marks ``message`` for the catalog where it is written, to be translated where it is
    shown (a constant, read in the language of whoever reads it)."""
    return message
