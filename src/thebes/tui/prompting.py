"""The one way this program makes a prompt: a prompt_toolkit session that no key can break,
and whose line cannot grow past MAX_LINE characters (:mod:`thebes.tui.linecap`).

prompt_toolkit reads any ``ESC [ digits ; digits m`` as a mouse report and its handler then
fails on reports it cannot unpack ("Unhandled exception in event loop"). A person can type
exactly that (ESC, then ``[5;41m``) or a terminal can send a short report. The game never
asks for the mouse, so every prompt swallows mouse reports instead of handing them on.
"""

from __future__ import annotations

import os
import stat
import sys
import threading
from collections.abc import Iterator
from contextlib import contextmanager

from prompt_toolkit import PromptSession
from prompt_toolkit.input import Input, create_pipe_input
from prompt_toolkit.key_binding import KeyBindings, KeyBindingsBase, KeyPressEvent
from prompt_toolkit.key_binding.key_bindings import merge_key_bindings
from prompt_toolkit.keys import Keys
from prompt_toolkit.output import Output

from thebes.tui.linecap import capped_line

# Keys redirected from a file are read up to this many characters (a whole game's moves are
# a few KB).
MAX_REDIRECTED_KEYS = 1_000_000


@contextmanager
def keyboard() -> Iterator[Input | None]:
    """Where prompts read keys: None (prompt_toolkit's own choice: the terminal or a pipe),
    or, when standard input is a regular file (``thebes play < moves.txt``), that file's
    text fed in as typed keys: prompt_toolkit cannot wait on a regular file and would read
    nothing at all."""
    try:
        redirected = stat.S_ISREG(os.fstat(sys.stdin.fileno()).st_mode)
    except (OSError, ValueError, AttributeError):  # no stdin, or one without a descriptor
        redirected = False
    if not redirected:
        yield None
        return
    keys = sys.stdin.read(MAX_REDIRECTED_KEYS)
    with create_pipe_input() as pipe:

        def feed() -> None:
            # From a thread: a pipe holds about 64 KB, so writing it all before the game
            # reads would block for ever on a longer file.
            try:
                pipe.send_text(keys)
                pipe.close()  # the prompt then reads the end of input, as from a pipe
            except OSError:  # the game ended first and closed the pipe
                pass

        threading.Thread(target=feed, daemon=True).start()
        yield pipe


def _ignore_mouse_reports() -> KeyBindings:
    keys = KeyBindings()

    @keys.add(Keys.Vt100MouseEvent)
    def _ignore(event: KeyPressEvent) -> None:
        """Mouse support is off: a report (or what looks like one) changes nothing."""

    return keys


def prompt_session(
    prompt_input: Input | None = None,
    prompt_output: Output | None = None,
    key_bindings: KeyBindingsBase | None = None,
    complete_while_typing: bool = False,
) -> PromptSession[str]:
    """A prompt whose key bindings (the caller's ones on top) survive any key sequence, and
    whose line is capped (:mod:`thebes.tui.linecap`)."""
    guard = merge_key_bindings([_ignore_mouse_reports(), capped_line()])
    merged = guard if key_bindings is None else merge_key_bindings([guard, key_bindings])
    return PromptSession(
        input=prompt_input,
        output=prompt_output,
        key_bindings=merged,
        complete_while_typing=complete_while_typing,
        # The screen is drawn anew after every line: what was typed is not left behind
        # (a long line would otherwise stay on screen, wrapped over many rows).
        erase_when_done=True,
    )
