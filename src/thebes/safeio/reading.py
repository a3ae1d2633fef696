"""Reading a file that comes from outside: a regular file of bounded size, in UTF-8.

Both the data loader (``data/*.yaml``) and the game-file reader use :func:`read_bounded_text`,
so neither a FIFO (which would block for ever), a device such as ``/dev/zero`` (which never
ends), a directory nor a huge file reaches a parser. The kind and size are checked with
``os.stat`` before opening, and again on the open file (the path may have changed in
between); the file is opened non-blocking and read no further than the limit, so even a
file that grows while it is read costs no more than that.

The reasons raised leave out the path: each caller puts it (and its own wording) in front.
"""

from __future__ import annotations

import os
import stat
from pathlib import Path

from thebes.language import N_, _, ngettext
from thebes.safeio.text import os_reason


class FileRefused(Exception):
    """Why a file cannot be read; the message is the reason without the path."""


# The kinds of file read here, as a caller names them (``what``).
DATA_FILE = "data file"
GAME_FILE = "game file"
ANALYSIS_FILE = "analysis file"

# The reasons, for each kind of file (a whole sentence each, for the translations).
_CANNOT_READ = {
    DATA_FILE: N_("cannot read the data file ({reason})"),
    GAME_FILE: N_("cannot read the game file ({reason})"),
    ANALYSIS_FILE: N_("cannot read the analysis file ({reason})"),
}
_NOT_REGULAR = {
    # TRANSLATORS: {kind} is "a directory", "a FIFO", "a device", "a socket" or "not a file".
    DATA_FILE: N_("cannot read the data file (it is {kind}, not a regular file)"),
    GAME_FILE: N_("cannot read the game file (it is {kind}, not a regular file)"),
    ANALYSIS_FILE: N_("cannot read the analysis file (it is {kind}, not a regular file)"),
}
_TOO_LARGE = {
    # TRANSLATORS: {size} is "1 MB" or the like.
    DATA_FILE: N_("the file is larger than {size}, the most a data file may be"),
    GAME_FILE: N_("the file is larger than {size}, the most a game file may be"),
    ANALYSIS_FILE: N_("the file is larger than {size}, the most an analysis file may be"),
}


def read_bounded_text(path: Path, *, limit: int, what: str) -> str:
    """The UTF-8 text of ``path`` if it is a regular file of at most ``limit`` bytes.

    ``what`` names the kind of file in the reasons (DATA_FILE, GAME_FILE, ANALYSIS_FILE).
    Raises :class:`FileRefused` for anything else: a missing or unreadable path, a file that
    is not a regular file, a larger one, or bytes that are not UTF-8.
    """
    try:
        info = os.stat(path)
    except OSError as exc:
        raise FileRefused(_(_CANNOT_READ[what]).format(reason=os_reason(exc))) from None
    _check_regular(info, limit, what)
    try:
        # O_NONBLOCK: if the path was swapped for a FIFO after the check, opening must not
        # wait for a writer; the check on the open file then refuses it.
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
        with os.fdopen(fd, "rb") as file:
            _check_regular(os.fstat(file.fileno()), limit, what)
            data = file.read(limit + 1)
    except OSError as exc:
        raise FileRefused(_(_CANNOT_READ[what]).format(reason=os_reason(exc))) from None
    _check_size(len(data), limit, what)
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = data[: exc.start].count(b"\n") + 1
        raise FileRefused(
            _("not UTF-8 text: byte {byte} on line {line}").format(
                byte=f"0x{data[exc.start]:02x}", line=line
            )
        ) from None


def size_text(size: int) -> str:
    """A byte count as a person writes it: "64 KB", "1 MB"."""
    if size >= 1024 * 1024 and size % (1024 * 1024) == 0:
        return _("{count} MB").format(count=size // (1024 * 1024))
    if size >= 1024 and size % 1024 == 0:
        return _("{count} KB").format(count=size // 1024)
    return ngettext("{count} bytes", "{count} bytes", size).format(count=size)


def _check_regular(info: os.stat_result, limit: int, what: str) -> None:
    mode = info.st_mode
    if not stat.S_ISREG(mode):
        if stat.S_ISDIR(mode):
            kind = _("a directory")
        elif stat.S_ISFIFO(mode):
            kind = _("a FIFO")
        elif stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
            kind = _("a device")
        elif stat.S_ISSOCK(mode):
            kind = _("a socket")
        else:
            kind = _("not a file")
        raise FileRefused(_(_NOT_REGULAR[what]).format(kind=kind))
    _check_size(info.st_size, limit, what)


def _check_size(size: int, limit: int, what: str) -> None:
    if size > limit:
        raise FileRefused(_(_TOO_LARGE[what]).format(size=size_text(limit)))
