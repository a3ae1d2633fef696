"""Lines read as typed, for plain mode: each character echoed as it comes, a backspace
erasing the last, no other cursor movement; the same at the process's terminal and at a
hosted one (keys from a pipe), and left unfinished when the table has news to tell.
"""

from __future__ import annotations

import select
from collections.abc import Callable

from prompt_toolkit.input import Input
from prompt_toolkit.key_binding import KeyPress
from prompt_toolkit.keys import Keys

from thebes.safeio.text import printable
from thebes.tui.terminal import Terminal

POLL_SECONDS = 0.1  # how often a waiting line looks at the table for news


class LineReader:
    """Lines typed at a terminal, each character echoed as it comes."""

    def __init__(self, terminal: Terminal) -> None:
        self.terminal = terminal
        self.pending: list[KeyPress] = []  # keys read after the last line's Enter
        self.left = ""  # what was typed when a line was left unfinished

    def _write(self, text: str) -> None:
        file = self.terminal.console.file
        file.write(text)
        file.flush()

    def read(
        self, prompt: str, typed: str = "", until: Callable[[], bool] | None = None
    ) -> str | None:
        """The line typed after ``prompt`` (``typed`` already in it); None if ``until()``
        became true first (what was typed is in :attr:`left`). KeyboardInterrupt for Ctrl-C,
        EOFError for Ctrl-D on an empty line or the end of the input."""
        self.left = ""
        line = typed
        self._write(prompt + line)
        source = self.terminal.input
        with source.raw_mode():
            while True:
                if until is not None and until():
                    self.left = line
                    self._write("\r\n")
                    return None
                if not self.pending:
                    self.pending = self._keys(source)
                while self.pending:
                    key = self.pending.pop(0)
                    if key.key in (Keys.ControlM, Keys.ControlJ):
                        self._write("\r\n")
                        return line
                    if key.key == Keys.ControlC:
                        self._write("\r\n")
                        raise KeyboardInterrupt
                    if key.key == Keys.ControlD and not line:
                        self._write("\r\n")
                        raise EOFError
                    if key.key == Keys.ControlH:
                        if line:
                            line = line[:-1]
                            self._write("\b \b")
                    elif key.key == Keys.ControlU:
                        self._write("\b \b" * len(line))
                        line = ""
                    elif key.key == Keys.BracketedPaste or (
                        isinstance(key.key, str) and len(key.key) == 1 and key.key.isprintable()
                    ):
                        text = printable(key.data).replace("\n", " ").replace("\r", " ")
                        line += text
                        self._write(text)

    @staticmethod
    def _keys(source: Input) -> list[KeyPress]:
        """The keys typed within the next moment (none: nothing was typed)."""
        try:
            ready, _, _ = select.select([source.fileno()], [], [], POLL_SECONDS)
        except (OSError, ValueError) as exc:  # the input was closed
            raise EOFError from exc
        if not ready:
            return []
        keys = source.read_keys()
        if not keys and source.closed:
            raise EOFError
        return keys


class PlainPrompt:
    """The planner's prompt in plain mode: the reader's line, as prompt_toolkit's prompt
    gives one (KeyboardInterrupt, EOFError)."""

    def __init__(self, reader: LineReader, who: Callable[[], str]) -> None:
        self.reader = reader
        self.who = who  # "Ann, week 7 of 1901: ", before every prompt

    def prompt(self, message: object, *, default: str = "", **_: object) -> str:
        text = message if isinstance(message, str) else ""
        line = self.reader.read(self.who() + text, default)
        assert line is not None  # no ``until``: a line always comes
        return line
