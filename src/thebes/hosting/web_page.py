"""The page a browser opens (``index.html``), in its visitor's language: the words of the
page itself (the join form, the phone's line and buttons, what the page says when the
connection goes) come from the catalogs, as every word a player reads does, chosen by the
browser's Accept-Language, else the host's language.

The page's file holds ``{{name}}`` where a word goes (filled HTML-escaped) and
``{{words}}``, where the words its script says go as JSON in a data block (never run, so
the Content-Security-Policy's "no inline script" holds). Each language's page is made once.
"""

from __future__ import annotations

import functools
import html
import json
import re

from thebes.language import LANGUAGES, language_code, pgettext, speaking

_PLACE = re.compile(r"\{\{([a-z_]+)\}\}")
_QUALITY = re.compile(r"^\s*q\s*=\s*([0-9.]+)\s*$")


def _page_words() -> dict[str, str]:
    """The words in the page's HTML, in the current language."""
    return {
        "table": pgettext("web page", "the table"),
        "name": pgettext("web page", "Name or seat"),
        "code": pgettext("web page", "Code"),
        "join": pgettext("web page", "Join"),
        "line": pgettext("web page", "type here, then Enter"),
        "enter": pgettext("web page key", "Enter"),
        "tab": pgettext("web page key", "Tab"),
        "esc": pgettext("web page key", "Escape"),
        "left": pgettext("web page key", "Left"),
        "up": pgettext("web page key", "Up"),
        "down": pgettext("web page key", "Down"),
        "right": pgettext("web page key", "Right"),
        "backspace": pgettext("web page key", "Backspace"),
        "ctrlc": pgettext("web page key", "Ctrl-C"),
        "plain": pgettext("web page", "Plain text (for screen readers)"),
    }


def _script_words() -> dict[str, str]:
    """The words the page's script says, in the current language."""
    return {
        "joining": pgettext("web page", "Joining…"),
        "ended": pgettext("web page", "You are no longer at the table."),
        "join_again": pgettext("web page", "Join again"),
        "elsewhere": pgettext(
            "web page", "Your seat is now in use elsewhere (another tab or terminal)."
        ),
        "join_here": pgettext("web page", "Join here again"),
        "disconnected": pgettext("web page", "Disconnected."),
        # TRANSLATORS: {seconds} is a number of seconds
        "lost": pgettext("web page", "Connection lost: joining again in {seconds} s…"),
        "unreachable": pgettext("web page", "Cannot reach the table."),
        "try_again": pgettext("web page", "Try again"),
        "closed": pgettext("web page", "The table has been closed by its host."),
        # TRANSLATORS: what a screen reader says of the terminal's input
        "terminal_input": pgettext("web page", "Terminal input"),
        "too_much_output": pgettext(
            "web page", "Too much output to announce: move through the rows to read it"
        ),
    }


def page_language(accept: str | None, default: str) -> str:
    """The language of the page for a browser whose Accept-Language is ``accept``
    (``fr-CH, fr;q=0.9, en;q=0.8``): the one it likes best of those thebes speaks; a browser
    that likes none of them reads ``default`` (the host's)."""
    ranked: list[tuple[float, int, str]] = []
    for at, part in enumerate((accept or "")[:1000].split(",")[:32]):
        tag, _semicolon, parameters = part.partition(";")
        quality = 1.0
        found = _QUALITY.match(parameters) if parameters else None
        if parameters and found is None:
            continue
        if found is not None:
            try:
                quality = float(found.group(1))
            except ValueError:
                continue
        code = language_code(tag) if tag.strip() != "*" else None
        if code is not None and quality > 0:
            ranked.append((-quality, at, code))
    return min(ranked)[2] if ranked else default


@functools.cache
def rendered(template: str, language: str) -> bytes:
    """``template`` (the page's file) with its words in ``language``."""
    if language not in LANGUAGES:
        raise ValueError(language)
    with speaking(language):
        words, said = _page_words(), _script_words()
    # In a data block, "</" could end the block early: JSON may write "<" as \u003c.
    fills = {name: html.escape(word) for name, word in words.items()}
    fills["lang"] = language
    fills["words"] = json.dumps(said, ensure_ascii=False).replace("<", "\\u003c")
    return _PLACE.sub(lambda found: fills[found.group(1)], template).encode("utf-8")
