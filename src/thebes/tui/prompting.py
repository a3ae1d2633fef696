"""The one way this program makes a prompt: a prompt_toolkit session that no key can break,
and whose line cannot grow past MAX_LINE characters (:mod:`thebes.tui.linecap`).

prompt_toolkit reads any ``ESC [ digits ; digits m`` as a mouse report and its handler then
fails on reports it cannot unpack ("Unhandled exception in event loop"). A person can type
exactly that (ESC, then ``[5;41m``) or a terminal can send a short report. The game never
asks for the mouse, so every prompt swallows mouse reports instead of handing them on.
"""

from __future__ import annotations

import textwrap
from pathlib import Path

from prompt_toolkit import PromptSession
from prompt_toolkit.key_binding import KeyBindings, KeyBindingsBase, KeyPressEvent
from prompt_toolkit.key_binding.key_bindings import merge_key_bindings
from prompt_toolkit.keys import Keys
from prompt_toolkit.shortcuts import CompleteStyle
from prompt_toolkit.styles import Style

from thebes.safeio.text import printable
from thebes.tui.linecap import capped_line
from thebes.tui.terminal import Terminal


def _ignore_mouse_reports() -> KeyBindings:
    keys = KeyBindings()

    @keys.add(Keys.Vt100MouseEvent)
    def _ignore(event: KeyPressEvent) -> None:
        """Mouse support is off: a report (or what looks like one) changes nothing."""

    return keys


# prompt_toolkit underlines a no-break space (in yellow) to show it is one; French puts one
# before every ":" of a prompt, which then read "aide_:".
PLAIN_SPACES = Style([("nbsp", "nounderline")])


def prompt_session(
    terminal: Terminal, key_bindings: KeyBindingsBase | None = None
) -> PromptSession[str]:
    """A prompt at ``terminal`` (its keys, its output) whose key bindings (the caller's ones
    on top) survive any key sequence, and whose line is capped (:mod:`thebes.tui.linecap`)."""
    guard = merge_key_bindings([_ignore_mouse_reports(), capped_line()])
    merged = guard if key_bindings is None else merge_key_bindings([guard, key_bindings])
    return PromptSession(
        input=terminal.input,
        output=terminal.output,
        key_bindings=merged,
        complete_while_typing=False,
        # Tab completes in the line itself: the common part, then each completion in turn
        # (the asking prompt names it and its cost on the right: asking.py). A menu would
        # need rows under the prompt, which sits on the last row of a full screen: the
        # terminal would scroll the table's title and standings away to make them.
        complete_style=CompleteStyle.MULTI_COLUMN,
        reserve_space_for_menu=0,
        # The screen is drawn anew after every line: what was typed is not left behind
        # (a long line would otherwise stay on screen, wrapped over many rows).
        erase_when_done=True,
        style=PLAIN_SPACES,
    )


def question_session(terminal: Terminal) -> PromptSession[str]:
    """A prompt for yes-or-no questions at ``terminal``: Esc answers "n" at once (a person
    backs out of a question with the key that backs out of things)."""
    keys = KeyBindings()

    @keys.add(Keys.Escape, eager=True)
    def _no(event: KeyPressEvent) -> None:
        event.app.exit(result="n")

    return prompt_session(terminal, keys)


def shown_path(path: str | Path) -> str:
    """A file's path for a question, short: the home folder written ``~``
    (``~/.local/share/thebes/games/20261124-082804.json``), unprintable characters escaped."""
    text = str(path)
    home = str(Path.home())
    if home != "/" and (text == home or text.startswith(home + "/")):
        text = "~" + text[len(home) :]
    return printable(text)


def wrapped_question(question: str, width: int) -> str:
    """``question`` broken between words for a terminal ``width`` columns wide: prompt_toolkit
    would break it at the screen's edge, mid-word. A word too long for a row (a path) gets a
    row of its own and is never cut."""
    rows = textwrap.wrap(
        question, max(20, width - 1), break_long_words=False, break_on_hyphens=False
    )
    return "\n".join(rows) + " "
