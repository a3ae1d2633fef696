"""JSON from outside, parsed only within bounds that the format it claims to be can hold.

``json.loads`` alone fails badly on hostile input: nesting a thousand levels deep raises
``RecursionError``, an integer of more than 4,300 digits ``ValueError`` (Python's limit on
converting digits), and a key given twice silently keeps the last value. :func:`loads_bounded`
first measures the nesting with a linear scan that needs no recursion, then parses with hooks
that refuse long integers, ``NaN``/``Infinity`` (not JSON) and repeated keys before Python
converts or keeps them. Every refusal is one :class:`JsonRefused` whose message says what is
wrong (and where, when that is known); the caller adds the file's name.
"""

from __future__ import annotations

import json
import re
from typing import Any

from thebes.language import _
from thebes.safeio.text import clipped, shown


class JsonRefused(Exception):
    """Text that is not JSON, or JSON beyond the bounds; the message says why."""


# Every character that matters to the nesting scan: brackets, and what opens, escapes and
# closes a string (brackets inside strings do not nest anything).
_SCAN = re.compile(r'[\[\]{}"\\]')


def check_depth(text: str, limit: int) -> None:
    """Refuse ``text`` if its arrays and objects nest more than ``limit`` levels deep.

    Linear in the text and free of recursion, so it is safe before ``json.loads``; brackets
    inside strings are skipped. Text that is not JSON at all may pass: the parser says so.
    """
    depth = 0
    in_string = False
    escaped_until = -1  # inside a string, the character after a backslash is not special
    for match in _SCAN.finditer(text):
        at = match.start()
        char = match.group()
        if in_string:
            if at < escaped_until:
                continue
            if char == "\\":
                escaped_until = at + 2
            elif char == '"':
                in_string = False
        elif char == '"':
            in_string = True
        elif char in "[{":
            depth += 1
            if depth > limit:
                line = text.count("\n", 0, at) + 1
                raise JsonRefused(
                    _("line {line}: nested more than {most} levels deep").format(
                        line=line, most=limit
                    )
                )
        elif char in "]}":
            depth -= 1


def loads_bounded(text: str, *, max_depth: int, max_digits: int) -> Any:
    """``json.loads(text)`` if the text nests at most ``max_depth`` levels and every integer
    has at most ``max_digits`` digits; else :class:`JsonRefused`."""
    check_depth(text, max_depth)

    def whole(number: str) -> int:
        if len(number.lstrip("-")) > max_digits:
            raise _Refusal(
                _("a number of {count} digits (at most {most})").format(
                    count=len(number.lstrip("-")), most=max_digits
                )
            )
        return int(number)

    def constant(name: str) -> Any:
        raise _Refusal(_("{name} is not a JSON value").format(name=name))

    def unique_keys(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
        result: dict[str, Any] = {}
        for key, value in pairs:
            if key in result:
                raise _Refusal(
                    _("the key {key} is repeated in one object").format(key=shown(clipped(key)))
                )
            result[key] = value
        return result

    try:
        return json.loads(
            text, parse_int=whole, parse_constant=constant, object_pairs_hook=unique_keys
        )
    except _Refusal as exc:
        raise JsonRefused(str(exc)) from None
    except RecursionError:  # not expected after check_depth; never a traceback
        raise JsonRefused(_("nested more than {most} levels deep").format(most=max_depth)) from None
    except json.JSONDecodeError as exc:
        stripped = text.strip()
        if stripped.startswith("{") and not stripped.endswith("}"):
            reason = _("the file ends too early (truncated?) at line {line}").format(
                line=exc.lineno
            )
        else:
            # TRANSLATORS: {reason} is the JSON parser's, in English.
            reason = _("not JSON (line {line}, column {column}: {reason})").format(
                line=exc.lineno, column=exc.colno, reason=exc.msg
            )
        raise JsonRefused(reason) from None


class _Refusal(Exception):
    """Raised inside the parser's hooks; not a ValueError, so json cannot mistake it."""
