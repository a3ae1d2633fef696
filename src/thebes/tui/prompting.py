"""The one way this program makes a prompt: a prompt_toolkit session that no key can break,
and whose line cannot grow past MAX_LINE characters (:mod:`thebes.tui.linecap`).

prompt_toolkit reads any ``ESC [ digits ; digits m`` as a mouse report and its handler then
fails on reports it cannot unpack ("Unhandled exception in event loop"). A person can type
exactly that (ESC, then ``[5;41m``) or a terminal can send a short report. The game never
asks for the mouse, so every prompt swallows mouse reports instead of handing them on.
"""

from __future__ import annotations

from prompt_toolkit import PromptSession
from prompt_toolkit.key_binding import KeyBindings, KeyBindingsBase, KeyPressEvent
from prompt_toolkit.key_binding.key_bindings import merge_key_bindings
from prompt_toolkit.keys import Keys

from thebes.tui.linecap import capped_line
from thebes.tui.terminal import Terminal


def _ignore_mouse_reports() -> KeyBindings:
    keys = KeyBindings()

    @keys.add(Keys.Vt100MouseEvent)
    def _ignore(event: KeyPressEvent) -> None:
        """Mouse support is off: a report (or what looks like one) changes nothing."""

    return keys


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
        # The screen is drawn anew after every line: what was typed is not left behind
        # (a long line would otherwise stay on screen, wrapped over many rows).
        erase_when_done=True,
    )


def question_session(terminal: Terminal) -> PromptSession[str]:
    """A prompt for yes-or-no questions at ``terminal``: Esc answers "n" at once (a person
    backs out of a question with the key that backs out of things)."""
    keys = KeyBindings()

    @keys.add(Keys.Escape, eager=True)
    def _no(event: KeyPressEvent) -> None:
        event.app.exit(result="n")

    return prompt_session(terminal, keys)
