"""The refusals `thebes` gives a user, and the exit codes of the command.

A :class:`ThebesError` is a refusal that reaches the user: a damaged game file, a bad data
file, a game that cannot be picked or saved, a rule that does not exist. Each subclass
carries its exit code; its message says why in one line. `thebes` (:func:`thebes.cli.main`)
catches the base once and prints ``thebes: `` and :attr:`ThebesError.line`, so no refusal
ends in a traceback and none needs its own handler.

Errors that never reach the user as they are stay outside this family: the engine's
``IllegalAction`` and ``ImpossibleDraw`` (a game file that leads to them is a
``RecordError``), the reasons ``FileRefused`` and ``JsonRefused`` that a caller puts its
file's name in front of, and the refusals the game screen shows and plays on after.

Every package may import this module: it is the lowest layer and imports nothing of thebes.
"""

from __future__ import annotations

from typing import ClassVar

EXIT_OK = 0
EXIT_ERROR = 1
EXIT_USAGE = 2  # bad arguments, a damaged game file or a bad data file
EXIT_NO_INPUT = 66  # standard input is closed: no keys to play with (sysexits EX_NOINPUT)
EXIT_IO_ERROR = 74  # standard output could not be written (sysexits EX_IOERR)
EXIT_IN_USE = 75  # the game is open in another process (EX_TEMPFAIL: try again later)
EXIT_INTERRUPTED = 130  # Ctrl-C, as a shell reports a process ended by SIGINT


class ThebesError(Exception):
    """A refusal that reaches the user; the message says why in one line."""

    exit_code: ClassVar[int] = EXIT_ERROR

    @property
    def line(self) -> str:
        """What `thebes` prints after ``thebes: `` (the printer escapes what is not
        printable)."""
        return str(self)
