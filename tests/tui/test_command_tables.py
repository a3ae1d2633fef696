"""The in-game commands and the replay's keys each come from one table: what the help lists
is what is carried out, and no word or key leads to two things."""

from __future__ import annotations

from terminal import view
from thebes.rules import NO_VARIANTS
from thebes.tui.commands import COMMANDS
from thebes.tui.help_page import help_view
from thebes.tui.replay import _BY_WORD, REPLAY_COMMANDS
from thebes.tui.screen import render_text


def test_the_help_lists_each_command_with_its_line() -> None:
    shown = " ".join(render_text(help_view(NO_VARIANTS), 200).split())
    for name, command in COMMANDS.items():
        assert command.name == name
        assert f" {name} {command.help} " in f" {shown} "


def test_the_help_line_of_hint_says_when_hints_are_off() -> None:
    shown = " ".join(render_text(help_view(NO_VARIANTS, hints=False), 200).split())
    assert "hint off for this game: it was started with --no-hints" in shown
    assert COMMANDS["hint"].help not in shown
    # At a remote terminal (a server's rated table, a host's game) no option of the host's.
    remote = " ".join(render_text(help_view(NO_VARIANTS, hints=False, remote=True), 200).split())
    assert "hint off for this game " in remote and "--no-hints" not in remote


def test_each_replay_word_and_key_leads_to_one_command() -> None:
    words = [word for command in REPLAY_COMMANDS for word in command.words]
    assert len(words) == len(set(words)) == len(_BY_WORD)
    assert all(word == word.lower() for word in words)  # typed words are looked up lower case
    for command in REPLAY_COMMANDS:
        for _, line in command.bound:
            assert line.split()[0] in _BY_WORD  # a key types a line that is a command
    keys = [key for command in REPLAY_COMMANDS for key, _ in command.bound]
    assert len(keys) == len(set(keys))


def test_the_replay_help_shows_each_key_and_command() -> None:
    _, text = view("h\n")
    for command in REPLAY_COMMANDS:
        assert f"  {command.keys:<15}{command.meaning}" in text.splitlines()
