"""Text from people and files: names are refused with a reason, other text is escaped."""

from __future__ import annotations

from thebes.safeio.text import MAX_NAME, name_problem, printable, shown, whole_number


def test_a_name_is_refused_with_the_reason() -> None:
    assert name_problem("Ann") is None
    assert name_problem("Zoë O'Neil-2") is None
    assert name_problem("") == "a player's name is empty"
    assert name_problem("x" * (MAX_NAME + 1)) == (
        f"the name '{'x' * MAX_NAME}'... is longer than {MAX_NAME} letters "
        "(a wide one such as 東 or 😀 counts as two)"
    )
    assert "unprintable character U+001B" in (name_problem("A\x1b[2J") or "")
    assert name_problem(" Ann") == "the name ' Ann' starts or ends with a space"
    assert name_problem("Ann ") == "the name 'Ann ' starts or ends with a space"


def test_unprintable_characters_are_written_as_escapes() -> None:
    # ESC (a terminal control sequence), a C1 control, right-to-left override, a tag
    # character beyond the 16-bit range: none reaches the terminal as itself.
    assert printable("plain text, é ü ∑") == "plain text, é ü ∑"
    assert printable("a\x1b]0;title\x07b") == "a\\x1b]0;title\\x07b"
    assert printable("\x9b\u202e\U000e0001") == "\\x9b\\u202e\\U000e0001"
    # Spaces stay, line separators do not: "Ann dit : ..." keeps its no-break space.
    assert printable("Ann dit\u00a0: a\u202fb\u2028c") == "Ann dit\u00a0: a\u202fb\\u2028c"
    assert shown("ok") == "'ok'" and shown("a\nb") == "'a\\nb'"


def test_typed_numbers_are_ascii_digits_only() -> None:
    assert whole_number(" 42 ") == 42
    assert whole_number("²") is None and whole_number("٣") is None
    assert whole_number("") is None and whole_number("-1") is None
    assert whole_number("1" * 10) is None and whole_number("1" * 10, digits=10) == 1111111111
