"""Commands typed at the table in the player's words, or in English."""

from __future__ import annotations

import io
import re

import pytest
from rich.console import Console

from thebes.language import pgettext, speaking
from thebes.rules import Variants
from thebes.tui.command_words import argument_meant, as_typed
from thebes.tui.commands import COMMANDS, command_named, did_you_mean
from thebes.tui.help_page import help_view


@pytest.mark.parametrize(("code", "typed"), [("de", "hilfe"), ("fr", "aide"), ("en", "help")])
def test_commands_are_typed_in_the_players_words_or_in_english(code: str, typed: str) -> None:
    with speaking(code):
        assert command_named(typed) == "help"
        assert command_named("board") == "board"
        assert command_named("nehmen") is None


# A quotation in each language: in single quotes; a French apostrophe after a letter is an
# elision (l'hôte), never a quotation's start.
QUOTED = {"de": r"'([^']+)'", "fr": r"(?<!\w)'([^']+)'"}


def _help_rows(code: str) -> dict[str, str]:
    """The help page's list of commands in ``code``: each row's word, to its line."""
    with speaking(code):
        console = Console(width=100, record=True, color_system=None, file=io.StringIO())
        console.print(help_view(Variants()))
    text = console.export_text()
    rows: dict[str, str] = {}
    word = ""
    for line in text.split("\n", 1)[1].splitlines():
        if not line.startswith("  "):
            break  # the list ends where the paragraph on actions begins
        if line[2] == " ":  # a row's line wrapped: its first column is empty
            rows[word] += " " + line.strip()
            continue
        word, _, said = line.strip().partition(" ")
        rows[word] = said.strip()
    return rows


@pytest.mark.parametrize("code", ["de", "fr"])
def test_every_command_the_help_shows_is_typed_as_shown(code: str) -> None:
    rows = _help_rows(code)
    with speaking(code):
        named = {word: command_named(word) for word in rows}
        assert sorted(n for n in named.values() if n is not None) == sorted(COMMANDS)
        assert all(name is not None for name in named.values()), named
        # Shown in the player's words: only a word the language keeps (bot) stays English.
        english = [word for word, name in named.items() if word == name]
        assert english == [w for w in COMMANDS if pgettext("command", w) == w]
        # A command quoted in a row ('hilfe keys', 'sagen TEXT') is typed as it is shown.
        for said in rows.values():
            for quoted in re.findall(QUOTED[code], said):
                first = quoted.split()[0]
                if first not in ("thebes", "?"):
                    assert command_named(first) is not None, quoted


@pytest.mark.parametrize(("code", "off"), [("de", "aus"), ("fr", "non")])
def test_words_after_a_command_are_typed_in_the_players_words(code: str, off: str) -> None:
    with speaking(code):
        assert argument_meant(off) == "off"
        assert argument_meant("OFF") == "off"
        assert argument_meant("keys") == "keys"
        assert as_typed("confirm", "off") == f"{pgettext('command', 'confirm')} {off}"
        assert argument_meant("nein") is None


@pytest.mark.parametrize(
    ("code", "slip", "meant"), [("de", "protokol", "protokoll"), ("fr", "aid", "aide")]
)
def test_a_slip_is_put_right_in_the_players_words(code: str, slip: str, meant: str) -> None:
    with speaking(code):
        assert f"'{meant}'" in did_you_mean(slip, slip)
        assert did_you_mean(meant, meant) == ""  # a known word needs no correction
