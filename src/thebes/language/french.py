"""French at the edge of a placeholder: what a translation cannot write for every value.

A French sentence elides "de", "que" (and its compounds) before a vowel: "au tour d'Ann",
"des objets d'Égypte", but "au tour de Bob". And it goes "à Rome" but "en Égypte": the dig
sites are countries. The catalog's translation is written for any value ("C'est au tour de
{name}"); a French message's :meth:`French.format` mends the words just before each value
as it is filled in. Only there: the translation's own words are as the translator wrote them.
"""

from __future__ import annotations

import re
import string
from typing import Any

# The words that lose their vowel before one ("de Ann" -> "d'Ann"), at the end of the text
# before a value; "jusque" and the like are "jusqu'".
_ELIDED = re.compile(r"(?:(?<=\W)|^)([Dd]e|[Qq]ue|[Jj]usque|[Ll]orsque|[Pp]uisque) $")
_VOWELS = frozenset("aeiouyàâäéèêëîïôöùûüAEIOUYÀÂÄÉÈÊËÎÏÔÖÙÛÜ")
_TO = re.compile(r"(?:(?<=\W)|^)à $")
_FORMATTER = string.Formatter()
# The dig sites, by their names in the data files (data/cards.yaml's regions).
SITES = ("Greece", "Crete", "Egypt", "Palestine", "Mesopotamia")


class French(str):
    """A message in French: formatted with elision and "en" for a site."""

    sites: frozenset[str] = frozenset()  # the dig sites' French names (set by speaking)

    def format(self, *args: Any, **kwargs: Any) -> str:
        parts = list(_FORMATTER.parse(self))
        if any(field == "" or (spec and "{" in spec) for _, field, spec, _ in parts):
            return str.format(self, *args, **kwargs)  # numbered or nested fields: as written
        said = ""
        for literal, field, spec, conversion in parts:
            said += literal
            if field is None:
                continue
            value, _key = _FORMATTER.get_field(field, args, kwargs)
            if conversion:
                value = _FORMATTER.convert_field(value, conversion)
            text = _FORMATTER.format_field(value, spec or "")
            said = _before(said, text, self.sites)
            said += text
        return said


def _before(said: str, value: str, sites: frozenset[str]) -> str:
    """``said`` mended for ``value`` to follow it."""
    if value and value[0] in _VOWELS:
        elided = _ELIDED.search(said)
        if elided is not None:
            return said[: elided.start(1)] + elided.group(1)[:-1] + "'"
    if value in sites and _TO.search(said):
        return said[:-2] + "en "
    return said
