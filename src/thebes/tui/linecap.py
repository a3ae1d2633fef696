"""Caps on the length of a line: one typed (or pasted, or piped) at a prompt, and one
shown in a row of the screen (:func:`fit_line`, :func:`end_with_ellipsis`).

No command, action or answer needs more than a short line; a line of 100,000 characters
used to cost a minute and gigabytes (prompt_toolkit copies the whole line for every key).
:func:`capped_line` key bindings keep the buffer at ``MAX_LINE + 1`` characters: keys past
that are dropped, together with everything already queued up to the end of the line, so a
long line costs about as much as a short one. The one character kept past the limit lets
whoever reads the line tell that it was too long (:func:`line_problem`) and refuse it with a
message, rather than act on a line cut short.
"""

from __future__ import annotations

from prompt_toolkit.application import get_app
from prompt_toolkit.filters import Condition
from prompt_toolkit.key_binding import KeyBindings, KeyPressEvent
from prompt_toolkit.keys import Keys
from rich.cells import cell_len
from rich.text import Text

from thebes.language import ngettext

MAX_LINE = 200
_LINE_ENDS = (Keys.ControlM, Keys.ControlJ)
ELLIPSIS = " …"


def fit_line(line: Text, width: int) -> Text:
    """``line`` if it fits in ``width`` cells, else cut at a word to end in " …"."""
    return line if line.cell_len <= width else end_with_ellipsis(line, width)


def end_with_ellipsis(line: Text, width: int) -> Text:
    """``line`` ending in " …" (text follows that is not shown), in at most ``width``
    cells: the last word that does not fit goes whole, unless it is the only one."""
    line = line.copy()
    line.rstrip()
    room = width - len(ELLIPSIS)
    if line.cell_len > room:
        plain = line.plain
        spaces = [i for i, char in enumerate(plain) if char == " " and cell_len(plain[:i]) <= room]
        if spaces and spaces[-1] > 0:
            line = line[: spaces[-1]]
            line.rstrip()
        else:
            line.truncate(room)
    line.append(ELLIPSIS)
    return line


def cut(text: str, cells: int) -> str:
    """``text`` in at most ``cells`` terminal columns, ending in "…" if cut (a name, a
    reason: cut anywhere, not at a word)."""
    if cell_len(text) <= cells:
        return text
    kept, used = [], 0
    for char in text:
        used += cell_len(char)
        if used > cells - 1:
            break
        kept.append(char)
    return "".join(kept) + "…"


def line_problem(text: str) -> str | None:
    """Why a line typed at a prompt is refused (it is too long), or None."""
    if len(text) > MAX_LINE:
        return ngettext(
            "A line is at most {count} character; that one was not used.",
            "A line is at most {count} characters; that one was not used.",
            MAX_LINE,
        ).format(count=MAX_LINE)
    return None


def capped_line(limit: int = MAX_LINE) -> KeyBindings:
    """Key bindings that keep a prompt's line at no more than ``limit + 1`` characters."""
    keys = KeyBindings()
    full = Condition(lambda: len(get_app().current_buffer.text) > limit)

    # More specific bindings (Enter, Backspace, Ctrl-C, arrows) still win over this one:
    # prompt_toolkit prefers a binding without Any, so the line can be ended or shortened.
    @keys.add(Keys.Any, filter=full)
    def _drop(event: KeyPressEvent) -> None:
        queue = event.app.key_processor.input_queue
        while queue and queue[0].key not in _LINE_ENDS:
            queue.popleft()

    @keys.add(Keys.BracketedPaste)
    def _paste(event: KeyPressEvent) -> None:
        buffer = event.current_buffer
        text = event.data.replace("\r\n", "\n").replace("\r", "\n")
        room = max(0, limit + 1 - len(buffer.text))
        buffer.insert_text(text[:room])

    return keys
