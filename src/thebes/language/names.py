"""The names of the board's places and of the artifacts, as a player reads them.

In files and the notation a place is its English name from the data files (``Egypt``,
``Rome``); shown to a player it is the name the printed edition of their language gives it
(``Ägypten``, ``Rom``). The catalogs hold these names, extracted from the data files by
:mod:`thebes.catalog.extraction`.
"""

from __future__ import annotations

from thebes.language.speaking import pgettext


def place_name(name: str) -> str:
    """A city's or a site's (a region's) name in the current language."""
    return pgettext("place", name)


def artifact_name(name: str) -> str:
    """An artifact's name in the current language."""
    return pgettext("artifact", name)
