"""Stand-ins for the characters an output encoding cannot hold (``PYTHONIOENCODING=ascii``,
a Latin-1 terminal): ``·`` is written ``.``, an en dash ``-``, a box line ``-`` or ``|``, ``é``
``e``, and anything else ``?``.

Every stand-in takes as many terminal cells as the character it stands for (``…`` is
``.``, not ``...``; a wide character ``??``), so a screen measured for the real characters
keeps its layout. :func:`register` makes them the codec error handler :data:`STAND_IN`,
which `thebes` sets on its output streams, so no text ends in a ``UnicodeEncodeError``.
"""

from __future__ import annotations

import codecs
import unicodedata

STAND_IN = "thebes-stand-in"

# The characters the screens use that have no letter under them to fall back to.
_STAND_INS = {
    "\N{MIDDLE DOT}": ".",
    "\N{BULLET}": "*",
    "\N{HORIZONTAL ELLIPSIS}": ".",
    "\N{EN DASH}": "-",
    "\N{EM DASH}": "-",
    "\N{MINUS SIGN}": "-",
    "\N{LEFT SINGLE QUOTATION MARK}": "'",
    "\N{RIGHT SINGLE QUOTATION MARK}": "'",
    "\N{LEFT DOUBLE QUOTATION MARK}": '"',
    "\N{RIGHT DOUBLE QUOTATION MARK}": '"',
    "\N{LEFT-POINTING DOUBLE ANGLE QUOTATION MARK}": '"',
    "\N{RIGHT-POINTING DOUBLE ANGLE QUOTATION MARK}": '"',
    "\N{CHECK MARK}": "v",
    "\N{HEAVY CHECK MARK}": "v",
    "\N{BALLOT X}": "x",
    "\N{MULTIPLICATION SIGN}": "x",
    "\N{PLUS-MINUS SIGN}": "+",
    "\N{RIGHTWARDS ARROW}": ">",
    "\N{LEFTWARDS ARROW}": "<",
    "\N{UPWARDS ARROW}": "^",
    "\N{DOWNWARDS ARROW}": "v",
    "\N{DEGREE SIGN}": "o",
}


def stand_in(character: str, encoding: str) -> str:
    """What ``character`` is written as where ``encoding`` cannot hold it: as wide as it."""
    known = _STAND_INS.get(character)
    if known is not None:
        return known
    if "\u2500" <= character <= "\u257f":  # box drawing: lines and corners
        words = set(unicodedata.name(character, "").split())
        if "HORIZONTAL" in words and not words & {"VERTICAL", "UP", "DOWN"}:
            return "-"
        if "VERTICAL" in words and not words & {"HORIZONTAL", "LEFT", "RIGHT"}:
            return "|"
        return "+"  # a corner, a crossing, a tee
    if "\u2580" <= character <= "\u259f":  # block elements: bars and shades
        return "#"
    if "\u25a0" <= character <= "\u25ff" or character == "★":  # shapes: markers, pointers
        return _shape(unicodedata.name(character, ""))
    # A letter with marks ("é"): the letter alone, as the encoding holds it.
    base = unicodedata.normalize("NFKD", character).encode(encoding, "ignore").decode(encoding)
    if len(base) == 1:
        return base
    if unicodedata.category(character) in ("Mn", "Me", "Cf"):
        return ""  # a mark or a format character: no cell of its own
    return "??" if unicodedata.east_asian_width(character) in ("W", "F") else "?"


def _shape(name: str) -> str:
    """A triangle or pointer as the way it points, another shape as a filled or an empty
    mark."""
    if "TRIANGLE" in name or "POINTER" in name:
        for way, sign in (("RIGHT", ">"), ("LEFT", "<"), ("UP", "^"), ("DOWN", "v")):
            if way in name:
                return sign
    return "*" if "BLACK" in name else "o"


def _handler(error: UnicodeError) -> tuple[str, int]:
    if not isinstance(error, UnicodeEncodeError):
        raise error
    text = error.object[error.start : error.end]
    return "".join(stand_in(c, error.encoding) for c in text), error.end


def register() -> None:
    """Make :data:`STAND_IN` a codec error handler (again is harmless)."""
    codecs.register_error(STAND_IN, _handler)
