"""Finding English on a screen drawn in another language.

A word is English left over when the program's English messages use it (the template's
msgids) and the language's translations never do: "the", "weeks", "dig" are found on a
German screen only if a message was not translated, or never marked. Words both languages
use (Berlin, Zeppelin, VP, a player's name) are not counted.
"""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path

from babel.messages.pofile import read_po

LOCALE = Path(__file__).resolve().parents[2] / "src" / "thebes" / "language" / "locale"
WORD = re.compile(r"[^\W\d_]{3,}")
# Placeholders are not words of a message.
PLACEHOLDER = re.compile(r"\{[^}]*\}|%\([a-z_]+\)[sdr]")


def _words(text: str) -> set[str]:
    return {word.lower() for word in WORD.findall(PLACEHOLDER.sub(" ", text))}


@cache
def english_words() -> frozenset[str]:
    with (LOCALE / "thebes.pot").open("rb") as source:
        template = read_po(source)
    words: set[str] = set()
    for message in template:
        for text in [message.id] if isinstance(message.id, str) else message.id:
            words |= _words(text)
    return frozenset(words)


@cache
def translated_words(code: str) -> frozenset[str]:
    with (LOCALE / code / "LC_MESSAGES" / "thebes.po").open("rb") as source:
        catalog = read_po(source, locale=code)
    words: set[str] = set()
    for message in catalog:
        strings = [message.string] if isinstance(message.string, str) else message.string
        for text in strings or ():
            words |= _words(text or "")
    return frozenset(words)


def english_left(text: str, code: str, allowed: frozenset[str] = frozenset()) -> list[str]:
    """The words of ``text`` that are English and not ``code``'s, in their order."""
    foreign = english_words() - translated_words(code) - {w.lower() for w in allowed}
    return [word for word in WORD.findall(text) if word.lower() in foreign]
