"""The names in the data files, for the message catalogs (``pybabel extract``, babel.cfg).

Places and artifacts are named in the data files in English, and those names are also their
identifiers in game files and the notation. The names a player reads are their translations,
looked up as ``pgettext("place", name)`` and ``pgettext("artifact", name)``; this extractor
puts every one of them in the catalog's template, so none is forgotten.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import IO, Any

import yaml

PLACE = "place"
ARTIFACT = "artifact"


def extract_names(
    fileobj: IO[bytes], keywords: Any, comment_tags: Any, options: Any
) -> Iterator[tuple[int, str, tuple[str, str], list[str]]]:
    """Babel's extraction method for a data file: its places' and artifacts' names."""
    data = yaml.safe_load(fileobj.read().decode("utf-8")) or {}
    for kind in ("cities", "sites"):
        for name in data.get(kind, []):
            yield 0, "pgettext", (PLACE, name), [f"A {kind[:-1]} of the board."]
    for region, contents in (data.get("regions") or {}).items():
        for artifact in contents.get("artifacts", []):
            note = f"An artifact found in {region}, worth {artifact['value']}."
            yield 0, "pgettext", (ARTIFACT, artifact["name"]), [note]
