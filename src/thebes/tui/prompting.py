"""The one way this program makes a prompt: a prompt_toolkit session that no key can break,
and whose line cannot grow past MAX_LINE characters (:mod:`thebes.tui.linecap`).

prompt_toolkit reads any ``ESC [ digits ; digits m`` as a mouse report and its handler then
fails on reports it cannot unpack ("Unhandled exception in event loop"). A person can type
exactly that (ESC, then ``[5;41m``) or a terminal can send a short report. The game never
asks for the mouse, so every prompt swallows mouse reports instead of handing them on.

prompt_toolkit's filters remember each filter they were combined with (``a & b`` is kept in
``a``, by ``b``), and its own filters live as long as the process: combined with a
prompt's filters (its key bindings under ``emacs_mode`` and ``vi_mode``), they would keep
every prompt's buffers for ever, a few kilobytes for each terminal that ever typed a key at
a hosted table. They remember nothing here (:func:`_forget_combinations`).
"""

from __future__ import annotations

import sys
import textwrap
from pathlib import Path
from typing import Any

from prompt_toolkit import PromptSession
from prompt_toolkit.filters import Filter
from prompt_toolkit.key_binding import KeyBindings, KeyBindingsBase, KeyPressEvent
from prompt_toolkit.key_binding.key_bindings import merge_key_bindings
from prompt_toolkit.keys import Keys
from prompt_toolkit.shortcuts import CompleteStyle
from prompt_toolkit.styles import Style

from thebes.safeio.text import printable
from thebes.tui.linecap import capped_line
from thebes.tui.terminal import Terminal


class _Forgetful(dict[Any, Any]):
    """A filter's memory of its combinations that keeps none: each is made anew, as the
    first time. prompt_toolkit combines filters as it makes a prompt and when it first looks
    up its key bindings, never at each key: a few milliseconds more a terminal."""

    def __setitem__(self, key: Any, value: Any) -> None:
        pass


def _forget_combinations() -> None:
    """prompt_toolkit's own filters (those of its modules) and their inverses, which each
    keeps once made, remember no combination."""
    for name, module in list(sys.modules.items()):
        if name.partition(".")[0] != "prompt_toolkit" or module is None:
            continue
        for value in list(vars(module).values()):
            if isinstance(value, Filter):
                for kept in (value, ~value):
                    if hasattr(kept, "_and_cache"):  # Always and Never keep none
                        kept._and_cache = _Forgetful()
                        kept._or_cache = _Forgetful()


_forget_combinations()


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
