"""The commands' words in the player's language: what the table shows is what a player
may type.

A command is carried out by its English name (:data:`thebes.tui.commands.COMMANDS`), but
a player reads and types it in their own words (``hilfe``, ``aide``); English is taken
too. Every message that names a command gets the word from here through a placeholder,
so what a page says and what the prompt accepts can never disagree. A module of its own,
with no other imports from the terminal UI: the pages, prompts and panels that name a
command are below the commands themselves.
"""

from __future__ import annotations

from thebes.language import pgettext


def command_words() -> dict[str, str]:
    """Each command's English name, to its word in the current language."""
    # TRANSLATORS: the commands typed at the table, one word each, lower case, none alike
    # and none like an action's verb; the English ones are taken too.
    return {
        "help": pgettext("command", "help"),
        "rules": pgettext("command", "rules"),
        "log": pgettext("command", "log"),
        "board": pgettext("command", "board"),
        "players": pgettext("command", "players"),
        "bags": pgettext("command", "bags"),
        "hint": pgettext("command", "hint"),
        "undo": pgettext("command", "undo"),
        "confirm": pgettext("command", "confirm"),
        "save": pgettext("command", "save"),
        "quit": pgettext("command", "quit"),
        "say": pgettext("command", "say"),
        "bot": pgettext("command", "bot"),
        "invites": pgettext("command", "invites"),
        "me": pgettext("command", "me"),
        "lang": pgettext("command", "lang"),
    }


def argument_words() -> dict[str, str]:
    """The words typed after a command (``help keys``, ``confirm off``), to their words in
    the current language."""
    # TRANSLATORS: words typed after a command: "help keys" (the keys help), "confirm on",
    # "confirm off"; one word each, lower case; the English ones are taken too.
    return {
        "keys": pgettext("command", "keys"),
        "on": pgettext("command", "on"),
        "off": pgettext("command", "off"),
    }


def argument_meant(typed: str) -> str | None:
    """The English argument word ``typed`` means (``aus`` is ``off``), any letter case;
    None if it is none of them."""
    word = typed.strip().lower()
    if word in argument_words():
        return word
    return {spoken: english for english, spoken in argument_words().items()}.get(word)


def as_typed(name: str, *rest: str) -> str:
    """The command ``name`` as the player types it in their language, with what follows it
    (an argument word of :func:`argument_words` is put in their language, others such as
    ``PATH`` or ``2`` are kept): ``as_typed("confirm", "off")`` is ``bestätigen aus``."""
    arguments = argument_words()
    return " ".join((command_words()[name], *(arguments.get(word, word) for word in rest)))


def all_as_typed(names: list[str]) -> str:
    """Commands as typed, joined by commas: "hilfe, plan, sagen TEXT"."""
    return ", ".join(as_typed(*name.split()) for name in names)
