"""A file's refusal by pydantic in plain words, for the game and analysis files: which
entry and field, and what it should be (pydantic's own messages name its classes)."""

from __future__ import annotations

import json
from typing import Any

from pydantic import ValidationError

from thebes.language import N_, _, pgettext
from thebes.safeio.text import clipped, printable, shown


def describe_invalid(exc: ValidationError, items: tuple[str, str] | None = None) -> str:
    """The first problem pydantic found, in words, quoting nothing unprintable or long; an
    entry of the list ``items[0]`` is named "``items[1]`` N", counting from 1 (``items[1]``
    in the player's language; by default, the entries of "actions" are named "action N")."""
    if items is None:
        # TRANSLATORS: an action of a game file, in "action 12 > player: ...".
        items = ("actions", pgettext("game file", "action"))
    error = exc.errors()[0]
    loc = list(error["loc"])
    if error["type"] == "missing":
        field = loc.pop()
        what = _("missing field {field}").format(field=shown(clipped(str(field))))
    elif error["type"] == "extra_forbidden":
        field = loc.pop()
        what = _("unknown field {field}").format(field=shown(clipped(str(field))))
    else:
        what = _in_words(error["type"], error.get("ctx") or {}, error["input"], error["msg"])
    listed, item = items
    if len(loc) >= 2 and loc[0] == listed and isinstance(loc[1], int):
        where = f"{item} {loc[1] + 1}" + "".join(f" > {clipped(str(part))}" for part in loc[2:])
    else:
        where = " > ".join(clipped(str(part)) for part in loc)
    return printable(f"{where}: {what}" if where else what)


# What pydantic's common refusals ask for, in plain words (its own say "Input should be a
# valid dictionary or instance of PlayerEntry"); the others keep pydantic's message.
# What a field of a file "should be": "should be a whole number, not 'x'".
_SHOULD_BE = {
    "int_type": N_("a whole number"),
    "int_parsing": N_("a whole number"),
    "int_from_float": N_("a whole number"),
    "float_type": N_("a number"),
    "float_parsing": N_("a number"),
    "finite_number": N_("a finite number"),
    "string_type": N_("text"),
    "bool_type": N_("true or false"),
    "list_type": N_("a list"),
    # TRANSLATORS: what a field of a file should be; {{...}} stands for a JSON object.
    "dict_type": N_("an object ({{...}})"),
    "model_type": N_("an object ({{...}})"),
    "greater_than_equal": N_("at least {ge}"),
    "less_than_equal": N_("at most {le}"),
    "greater_than": N_("more than {gt}"),
    "less_than": N_("less than {lt}"),
    "literal_error": N_("one of {expected}"),
}
_LENGTHS = {
    "string_too_long": N_("should have at most {max_length} characters"),
    "string_too_short": N_("should have at least {min_length} characters"),
    "too_long": N_("should have at most {max_length} entries"),
    "too_short": N_("should have at least {min_length} entries"),
}


def _in_words(kind: str, ctx: dict[str, Any], value: object, message: str) -> str:
    """A refusal of pydantic's in words: "should be at least 1, not 0" (the value quoted,
    short), "should have at most 4 entries"."""
    if kind in _LENGTHS:  # the value itself may be long: not quoted
        return _(_LENGTHS[kind]).format(**ctx)
    if kind not in _SHOULD_BE:
        return message.removeprefix("Value error, ")
    try:
        quoted = json.dumps(value, ensure_ascii=False)
    except (TypeError, ValueError):
        quoted = repr(value)
    # TRANSLATORS: {expected} is "a whole number", "at least 1" or the like.
    return _("should be {expected}, not {value}").format(
        expected=_(_SHOULD_BE[kind]).format(**ctx), value=clipped(quoted)
    )
