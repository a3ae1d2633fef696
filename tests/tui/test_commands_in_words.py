"""Commands typed at the table in the player's words, or in English."""

from __future__ import annotations

import pytest

from thebes.language import speaking
from thebes.tui.commands import command_named


@pytest.mark.parametrize(("code", "typed"), [("de", "hilfe"), ("fr", "aide"), ("en", "help")])
def test_commands_are_typed_in_the_players_words_or_in_english(code: str, typed: str) -> None:
    with speaking(code):
        assert command_named(typed) == "help"
        assert command_named("board") == "board"
        assert command_named("nehmen") is None
