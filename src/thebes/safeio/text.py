"""Text that comes from people: players' names and anything read from a file or a prompt.

Such text is shown as typed and never obeyed: the screen renders it literally (no rich
markup), and what reaches a terminal never carries control codes. A player's name is
refused outright when it holds anything that is not printable; any other text from outside
(a damaged file's fields, a path) is shown with its unprintable characters written as
escapes, so an error message cannot retitle the window or clear the screen.
"""

from __future__ import annotations

import errno
import unicodedata

from thebes.language import N_, _

MAX_NAME = 24  # in columns: 24 letters, or 12 wide ones such as 東 or 😀
# The longest action ("dig Mesopotamia 12" with all five options) is 64 characters; longer
# text is refused before it is parsed, so its length costs nothing and no message quotes it.
MAX_ACTION = 100


def name_problem(name: str) -> str | None:
    """Why ``name`` cannot be a player's name, or None if it can."""
    if not name:
        return _("a player's name is empty")
    if len(name) > MAX_NAME or cell_width(name) > MAX_NAME:
        return _(
            "the name {name} is longer than {most} letters (a wide one such as 東 or 😀 counts "
            "as two)"
        ).format(
            name=shown(name[:MAX_NAME]) + ("..." if len(name) > MAX_NAME else ""), most=MAX_NAME
        )
    if not name.isprintable():
        bad = next(c for c in name if not c.isprintable())
        return _(
            "the name {name} holds the unprintable character {code}; "
            "a name is letters, digits, spaces and punctuation"
        ).format(name=shown(name), code=f"U+{ord(bad):04X}")
    if name != name.strip():
        return _("the name {name} starts or ends with a space").format(name=shown(name))
    if unicodedata.category(name[0]).startswith("M"):
        # A name of accents alone is invisible, and a leading accent joins the character
        # drawn before the name (its mark, a space) instead of the name's first letter.
        return _(
            "the name {name} starts with the combining mark {code}; it needs a letter first"
        ).format(name=shown(name), code=f"U+{ord(name[0]):04X}")
    return None


def cell_width(text: str) -> int:
    """The columns a terminal gives ``text``: two for a wide character (CJK, most emoji),
    none for a combining mark, one for any other; an emoji written with U+FE0F (❤️) or with
    a skin tone (👍🏽) takes two in all, as rich counts it on the screen."""
    width = 0
    previous = 1
    for char in text:
        if char == "\ufe0f":
            each = 2 - previous if previous == 1 else 0
        elif "\U0001f3fb" <= char <= "\U0001f3ff" and previous == 2:
            each = 0  # a skin tone modifies the emoji before it
        elif unicodedata.category(char) in ("Mn", "Me"):
            each = 0
        else:
            each = 2 if unicodedata.east_asian_width(char) in ("W", "F") else 1
        width += each
        previous = each or previous
    return width


def padded(text: str, width: int) -> str:
    """``text`` and the spaces that make it ``width`` columns wide (:func:`cell_width`)."""
    return text + " " * max(0, width - cell_width(text))


def printable(text: str) -> str:
    """``text`` with every unprintable character (C0, C1, DEL, ESC, format characters, line
    and paragraph separators) written as an escape such as ``\\x1b`` or ``\\u202e``. Spaces
    of every width stay (category Zs): French writes a no-break space before ":", and the
    translations bring it into messages that quote people's text."""
    if text.isprintable():
        return text
    return "".join(
        c if c.isprintable() or unicodedata.category(c) == "Zs" else _escape(c) for c in text
    )


def shown(text: str) -> str:
    """``text`` quoted for a message, with unprintable characters escaped."""
    return repr(text) if not text.isprintable() else f"'{text}'"


def clipped(text: str, limit: int = 40) -> str:
    """``text`` cut to at most ``limit`` characters (ending in "..." if cut), so that a
    message quoting a value from outside stays one short line."""
    return text if len(text) <= limit else text[: limit - 3] + "..."


def whole_number(text: str, *, digits: int = 9) -> int | None:
    """The number ``text`` writes in ASCII digits (at most ``digits`` of them), else None.

    ``str.isdigit`` also accepts "²" or "٣", which ``int`` then refuses or reads as another
    number: typed numbers are ASCII digits only.
    """
    text = text.strip()
    if not (0 < len(text) <= digits and text.isascii() and text.isdigit()):
        return None
    return int(text)


def _escape(char: str) -> str:
    code = ord(char)
    if code < 0x100:
        return f"\\x{code:02x}"
    if code < 0x10000:
        return f"\\u{code:04x}"
    return f"\\U{code:08x}"


def os_reason(exc: BaseException) -> str:
    """Why the system refused a file operation, in the player's language: the common
    reasons from the catalogs, any other as the system says it (its C library's English)."""
    # The C library's own words (English stays as it was), for the catalogs to translate.
    reasons = {
        errno.ENOENT: N_("No such file or directory"),
        errno.EACCES: N_("Permission denied"),
        errno.EPERM: N_("Operation not permitted"),
        errno.EISDIR: N_("Is a directory"),
        errno.ENOTDIR: N_("Not a directory"),
        errno.ENOSPC: N_("No space left on device"),
        errno.EDQUOT: N_("Disk quota exceeded"),
        errno.EROFS: N_("Read-only file system"),
        errno.EEXIST: N_("File exists"),
        errno.ENAMETOOLONG: N_("File name too long"),
        errno.ELOOP: N_("Too many levels of symbolic links"),
        errno.EMFILE: N_("Too many open files"),
        errno.EIO: N_("Input/output error"),
    }
    if isinstance(exc, OSError) and exc.errno in reasons:
        return _(reasons[exc.errno])
    return (exc.strerror if isinstance(exc, OSError) else None) or str(exc)
