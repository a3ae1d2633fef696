"""The names at a Thebes server: an account's (which it keeps; no two alike), the rooms an
SSH user name asks for (a table's number, or the lobby), and the names of the bots' seats."""

from __future__ import annotations

import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass, field

from thebes.bots import BOT_LEVELS
from thebes.language import _
from thebes.lobby.rows import SeatRow, TableRow, folded

NAME_LETTERS = 2, 16  # the shortest and longest account name
# Names no person may take: the bots' levels (a bot's seat is named for it), and the
# server's own words.
RESERVED_NAMES = frozenset({*BOT_LEVELS, "bot", "lobby", "server", "thebes", "admin", "root"})


@dataclass(frozen=True, slots=True)
class Visitor:
    """Who came to the server: their SSH key's fingerprint, which is their account, and the
    room they asked for by their SSH user name (a table's, or anything else: the lobby).
    One key is one visitor whatever the room."""

    fingerprint: str
    room: str = field(default="", compare=False)


def table_in_room(room: str) -> int | None:
    """The table an SSH user name goes straight to: ``table-12``, ``table12``, ``t12`` or
    ``12``."""
    text = room.strip().casefold()
    for prefix in ("table-", "table", "t"):
        if text.startswith(prefix) and text[len(prefix) :].isdigit():
            text = text[len(prefix) :]
            break
    if text.isascii() and text.isdigit() and len(text) <= 9:
        return int(text)
    return None


def name_problem(name: str) -> str | None:
    """Why ``name`` cannot be an account's name (None: it can, if nobody has it)."""
    least, most = NAME_LETTERS
    if not least <= len(name) <= most:
        return _("a name has {least} to {most} letters").format(least=least, most=most)
    if not name[0].isalpha():
        return _("a name starts with a letter")
    if any(not (c.isalnum() or c in "-_.") for c in name):
        return _("a name is letters, digits and - _ . only")
    if unicodedata.normalize("NFKC", name) != name:
        return _("a name is letters, digits and - _ . only")
    if any(c.isdigit() and not c.isascii() for c in name):
        return _("a name's digits are 0 to 9")
    if any(unicodedata.bidirectional(c) in ("R", "AL") for c in name):
        # A terminal that orders right-to-left text itself would shuffle the rows (the
        # numbers beside the name) of the ladder and the tables.
        return _("a name is written left to right")
    if len({_script(c) for c in name if c.isalpha()}) > 1:
        # Bobby written with a Cyrillic Ve must not pass for Bobby.
        return _("a name's letters are of one alphabet")
    if folded(name) in RESERVED_NAMES:
        return _("that name is kept for the server or its bots")
    return None


def _script(letter: str) -> str:
    """The alphabet of ``letter``, as the first word of its Unicode name says it (LATIN,
    CYRILLIC, GREEK, CJK...)."""
    return unicodedata.name(letter, "?").split(" ", 1)[0]


def bot_names(levels: Sequence[str | None]) -> list[str | None]:
    """The names of the bots' seats: "Greedy bot", and "Greedy bot 2" for a second one."""
    names: list[str | None] = []
    for level in levels:
        if level is None:
            names.append(None)
            continue
        name = f"{level.capitalize()} bot"
        same = sum(1 for other in names if other is not None and other.startswith(name))
        names.append(name if not same else f"{name} {same + 1}")
    return names


def seat_words(row: TableRow) -> list[str]:
    """Each seat of ``row`` as the lobby lists it: a name, a bot's level, or free."""
    words = []
    for seat in row.seats:
        words.append(_seat_word(seat))
    return words


def _seat_word(seat: SeatRow) -> str:
    if seat.bot is not None and seat.account is None:
        return _("{level} bot").format(level=seat.bot)
    if seat.name is not None:
        return seat.name
    return _("(free)")
