"""How the person at the keyboard runs this program, for the messages that tell them to run
it again ('thebes resume FILE goes on with it'), or to install what an option needs into it.

An install into a virtual environment leaves `thebes` in ``.venv/bin``, off the PATH: a
message saying `thebes resume ...` would then name a command the shell does not find. So a
message names `thebes` only when `thebes` on the PATH is the program running; otherwise the
path that was run (``.venv/bin/thebes``), or ``python -m thebes`` as it was run.
"""

from __future__ import annotations

import os
import shlex
import shutil
import sys

from thebes.safeio.text import printable

PROGRAM = "thebes"


def thebes_command(words: str = "") -> str:
    """The command line that runs `thebes WORDS` for this user: ``words`` (already made
    printable by the caller) after the program as they can run it."""
    program = _program()
    return f"{program} {words}" if words else program


def pip_install_command(requirement: str) -> str:
    """The command line that installs ``requirement`` (``distributed>=2024.1``) into the
    Python this program runs on, as the user can type it: ``.venv/bin/python -m pip
    install ...`` for a program in a virtual environment, where a bare ``pip`` might be
    another Python's."""
    python = _as_typed(sys.executable) if sys.executable else "python3"
    return f"{python} -m pip install {shlex.quote(requirement)}"


def _program() -> str:
    ran = sys.argv[0] if sys.argv else ""
    name = os.path.basename(ran)
    if name == "__main__.py" and os.path.basename(os.path.dirname(ran)) == PROGRAM:
        return f"{_as_typed(sys.executable)} -m {PROGRAM}"
    if name.lower().removesuffix(".exe") != PROGRAM or os.sep not in ran:
        # Not started as the `thebes` script (a test, another program importing it), or
        # found on the PATH by name: the name is what runs it.
        return PROGRAM
    return _as_typed(ran)


def _as_typed(path: str) -> str:
    """``path`` as the user can type it: its bare name when that name on the PATH is this
    very file, else the path itself, quoted for the shell if it needs it."""
    name = os.path.basename(path)
    found = shutil.which(name)
    if found is not None and _same_file(found, path):
        return name.removesuffix(".exe")
    return shlex.quote(printable(path))


def _same_file(one: str, other: str) -> bool:
    try:
        return os.path.samefile(one, other)
    except (OSError, ValueError):
        return False
