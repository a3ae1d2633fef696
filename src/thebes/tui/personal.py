"""The commands about the person at a terminal: their own position (``me``) and the
language they read (``lang``), each terminal its own."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.console import Group
from rich.text import Text

from thebes.language import LANGUAGES, NAMES, _, current_language, language_code, speak_here
from thebes.rules import active_seat
from thebes.tui.command_words import as_typed
from thebes.tui.telling import player_lines

if TYPE_CHECKING:
    from thebes.tui.commands import Commands


def own_lines(commands: Commands) -> list[str]:
    """The position of the terminal's own player in sentences (the player to move at one
    keyboard); a spectator is told they hold no seat."""
    at = commands.at
    state = commands.session.state
    seat = at.place.seat if at.hosted else active_seat(state)
    if seat is None:
        return [_("You are watching: you hold no seat.")]
    return player_lines(state, seat)


def show_me(commands: Commands, _argument: str) -> None:
    commands._page(Group(*(Text(line) for line in own_lines(commands))))


def change_language(commands: Commands, argument: str) -> None:
    """``lang``: the languages and the one spoken here; ``lang de``: speak German here from
    now on (this terminal only)."""
    spoken = ", ".join(f"{code} ({NAMES[code]})" for code in LANGUAGES)
    if not argument.strip():
        commands.talk.say(
            # TRANSLATORS: {command} is typed as it is ("lang CODE")
            _("This terminal speaks {name}; '{command}' changes it: {languages}.").format(
                name=NAMES[current_language()], languages=spoken, command=as_typed("lang", "CODE")
            )
        )
        return
    code = language_code(argument)
    if code is None:
        commands.talk.warn(
            _("No language {asked}: {languages}.").format(asked=argument.strip(), languages=spoken)
        )
        return
    speak_here(code)
    commands.talk.say(_("This terminal speaks {name} now.").format(name=NAMES[code]))
