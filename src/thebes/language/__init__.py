"""The words a player reads, in the player's language: English, German or French.

Every sentence shown to a player is written in English where it is used and marked for the
catalogs: ``_("...")``; ``ngettext(singular, plural, n)`` where a count decides the form
(the catalog knows each language's plural rule); ``pgettext(context, ...)`` where one English
word needs two translations; ``N_("...")`` for a constant translated where it is shown.
Placeholders are named and filled by ``str.format`` after translation
(``_("{name} digs at {site}").format(...)``), so a translation may put them in any order.
What is kept (game files, the notation, JSON keys) never passes through here.
"""

from thebes.language.choosing import ENGLISH, LANGUAGES, NAMES, language_code, language_of
from thebes.language.names import artifact_name, place_name
from thebes.language.speaking import (
    N_,
    _,
    catalog,
    current_language,
    decimal,
    ngettext,
    npgettext,
    pgettext,
    speak_by_default,
    speak_here,
    speaking,
)

__all__ = [
    "ENGLISH",
    "LANGUAGES",
    "NAMES",
    "N_",
    "_",
    "artifact_name",
    "catalog",
    "current_language",
    "decimal",
    "language_code",
    "language_of",
    "ngettext",
    "npgettext",
    "pgettext",
    "place_name",
    "speak_by_default",
    "speak_here",
    "speaking",
]
