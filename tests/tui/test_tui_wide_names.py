"""Names in any script: padded by the columns they take, marked by a one-column letter or
digit, refused only when they cannot be shown."""

from __future__ import annotations

from dataclasses import replace

from rich.cells import cell_len

from helpers import setup, start
from thebes.rules import GameState
from thebes.safeio.text import cell_width, name_problem, padded
from thebes.tui.panels import marks, standings
from thebes.tui.screen import render_text

COLOURS = ("red", "blue", "green", "yellow")


def named(*names: str) -> GameState:
    state = start(3)
    state = setup(state, 0, location="Egypt", year=1901, week=20)
    state = setup(state, 1, location="Rome", year=1901, week=18)
    state = setup(state, 2, location="Mesopotamia", year=1901, week=19)
    players = tuple(replace(p, name=n) for p, n in zip(state.players, names, strict=True))
    return replace(state, players=players)


def test_wide_names_are_padded_by_columns_so_the_standings_line_up() -> None:
    # 😀Ann is 5 columns (the emoji takes two), 東京 4, Bob 3: names padded to 5 columns.
    # 東京 has no one-column letter, so every mark is a seat number.
    text = render_text(standings(named("😀Ann", "東京", "Bob"), COLOURS, title=False), 80)
    assert text.splitlines() == [
        "  1 😀Ann  1901·20  Egypt          0 VP",
        "▶ 2 東京   1901·18  Rome           0 VP",
        "  3 Bob    1901·19  Mesopotamia    0 VP",
    ]
    assert {cell_len(line) for line in text.splitlines()} == {2 + 2 + 5 + 2 + 7 + 2 + 11 + 2 + 6}


def test_a_mark_is_the_first_one_column_letter_or_digit() -> None:
    assert marks(["😀Ann", "[Bob", "-cleo"]) == ["A", "B", "C"]
    assert marks(["東京Ann", "2Pac"]) == ["A", "2"]  # the first letter that is one column
    assert marks(["ßig", "Zoë"]) == ["ß", "Z"]  # "ß" is "SS" in upper case: kept as it is
    assert marks(["e\u0301mile", "Bob"]) == ["E", "B"]  # the accent is not the mark
    assert marks(["東京", "Bob"]) == ["1", "2"]  # no one-column letter: seat numbers
    assert marks(["😀", "Bob"]) == ["1", "2"]
    assert marks(["Ann", "anna"]) == ["1", "2"]  # the same letter in upper case


def test_names_in_any_script_and_with_emoji_are_accepted() -> None:
    for name in ("😀Ann", "東京", "José", "Zoë", "e\u0301mile", "Ἀριστοτέλης", "❤️Bob", "東" * 12):
        assert name_problem(name) is None, name


def test_a_name_that_cannot_be_shown_or_is_too_wide_is_refused() -> None:
    assert name_problem("\u0301") == (
        "the name '\u0301' starts with the combining mark U+0301; it needs a letter first"
    )
    assert name_problem("\u20ddAnn") is not None  # an enclosing mark, drawn over the space
    assert name_problem("東" * 13) == (
        f"the name '{'東' * 13}' is longer than 24 letters "
        "(a wide one such as 東 or 😀 counts as two)"
    )


def test_cell_width_counts_the_columns_a_terminal_gives() -> None:
    assert cell_width("Ann") == 3
    assert cell_width("東京") == 4
    assert cell_width("😀Ann") == 5
    assert cell_width("e\u0301") == 1  # e and a combining acute
    assert cell_width("❤️") == 2  # a narrow heart made emoji by U+FE0F
    assert cell_width("👍🏽") == 2  # the skin tone joins the thumb
    assert padded("東京", 6) == "東京  "
    assert padded("Bob", 2) == "Bob"
