"""The commands a player can type at any prompt: look things up (paged), ask for a hint,
undo, save, quit."""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from difflib import get_close_matches
from pathlib import Path
from typing import Protocol

from rich.console import Group, RenderableType
from rich.text import Text

from thebes.analysis.hints import Hinter
from thebes.bots import BOT_LEVELS
from thebes.language import N_, _
from thebes.records.notation import VERBS
from thebes.records.spoken_notation import spoken_words
from thebes.safeio.invocation import thebes_command
from thebes.safeio.saving import SaveError, make_folder_for, save_target
from thebes.safeio.text import clipped, shown, whole_number
from thebes.table import authority
from thebes.table.places import Place
from thebes.table.refusals import Refusal, Refused
from thebes.table.snapshot import TableSnapshot
from thebes.tui import panels
from thebes.tui.command_words import argument_meant, argument_words, as_typed, command_words
from thebes.tui.keyshelp import keys_view
from thebes.tui.news import refusal_line
from thebes.tui.paging import page
from thebes.tui.personal import change_language, show_me
from thebes.tui.prompting import shown_path
from thebes.tui.reference import reference_tables
from thebes.tui.rulebook import rulebook
from thebes.tui.talk import TableTalk, saved_notice
from thebes.tui.terminal import Terminal


class AtTable(Protocol):
    """The table at a terminal, as its commands see it."""

    table: authority.Table
    place: Place
    game: TableSnapshot
    talk: TableTalk
    terminal: Terminal
    hosted: bool
    notes: list[str]

    def _confirm_quit(self) -> None: ...
    def _agrees(self, question: str, *, default: bool = False) -> bool: ...


class Commands:
    """Carries out the commands typed at one terminal's table: what changes the game goes
    through the table, and nothing touches the host's files from another terminal."""

    def __init__(self, at: AtTable, *, hinter: Hinter | None = None) -> None:
        self.at = at
        self.session: TableSnapshot = at.game  # the snapshot drawn (brought up to date by the view)
        self.hinter = hinter or Hinter()
        self.terminal = at.terminal
        self.talk = at.talk
        self.colours = [s.colour for s in at.game.seats]
        # The files this game was saved to by `save PATH`: saving there again asks nothing.
        self.own_files: set[Path] = set()

    def run(self, word: str, argument: str) -> None:
        """Carry out the command ``word`` (a name in COMMANDS) with what followed it."""
        COMMANDS[word].run(self, argument)

    def _help(self, argument: str) -> None:
        session = self.session
        if argument_meant(argument) == "keys":
            self._page(keys_view(session.variants))
        else:
            remote = self.terminal.remote
            # Imported here: the help page lists COMMANDS, which name these methods.
            from thebes.tui.help_page import help_view

            self._page(help_view(session.variants, hints=session.hints_enabled, remote=remote))

    def _rules(self, _argument: str) -> None:
        self._page(Group(rulebook(), reference_tables(self.session.catalog)))

    def _log(self, _argument: str) -> None:
        log = self.talk.log
        shown = Group(*(Text(line) for line in log)) if log else Text(_("Nothing yet."))
        page(self.terminal, shown, at_end=True)  # the newest last, in view first

    def _board(self, _argument: str) -> None:
        self._page(panels.board(self.session.state, self.colours))

    def _players(self, _argument: str) -> None:
        width = self.terminal.console.width
        self._page(panels.tableaux(self.session.state, self.colours, width=width))

    def _bags(self, _argument: str) -> None:
        self._page(panels.bags(self.session.state))

    def _hint(self, _argument: str) -> None:
        """Work out the hint for the player to move and keep it for the screen (asked again
        in the same position, it is not worked out again). The game does not change; the
        record will mark the player's next action as hinted. Ctrl-C while it is worked out
        goes back to the prompt, without a hint or a mark."""
        at, session = self.at, self.session
        refused = at.table.hint_refusal(at.place)
        if refused is not None:
            if refused.kind is Refusal.NOT_YOUR_TURN:
                self.talk.warn(
                    _("A hint is for the player to move, on their turn, at their terminal.")
                )
            else:
                self.talk.warn(refusal_line(refused, session))
            return
        state = session.state
        if self.talk.hint is None or self.talk.hint[0] is not state:
            self.terminal.console.print(Text(_("Thinking… (Ctrl-C stops)"), style="italic"))
            try:
                hints = tuple(self.hinter.hints(state))
            except KeyboardInterrupt:
                self.talk.say(_("No hint: stopped before it was worked out. Nothing has changed."))
                return
            self.talk.hint = (state, hints)
        refused = at.table.note_hint(at.place, at.game.moves)
        if refused is not None:
            self.talk.hint = None
            self.talk.warn(_("No hint: the game changed meanwhile. Ask again."))

    def _undo(self, _argument: str) -> None:
        """Take back the last action of a person (and the bots' after it); another person's
        only if they say yes (asked at their terminal; at one keyboard, here)."""
        refused = self.at.table.undo(self.at.place)
        if refused is not None:
            self.talk.warn(refusal_line(refused, self.session))

    def _confirm(self, argument: str) -> None:
        """``confirm on`` or ``confirm off``: whether an action chosen by number is shown
        to confirm before it is played; kept in the game file (at a hosted table, each
        terminal's own)."""
        session = self.session
        word = argument.strip().lower()
        answer = {"on": True, "off": False}.get(argument_meant(word) or "")
        if answer is None:
            # TRANSLATORS: {on} and {off} are the commands as typed ("confirm on")
            said = _("Confirmation is on; type '{on}' or '{off}'.")
            if not session.confirm_enabled:
                # TRANSLATORS: {on} and {off} are the commands as typed ("confirm on")
                said = _("Confirmation is off; type '{on}' or '{off}'.")
            said = said.format(on=as_typed("confirm", "on"), off=as_typed("confirm", "off"))
            # TRANSLATORS: {command} is "confirm", {on} and {off} the words typed after it
            wrong = _("'{command}' takes {on} or {off}, not '{typed}'. {said}")
            words = {
                "command": as_typed("confirm"),
                "on": argument_words()["on"],
                "off": argument_words()["off"],
                "typed": argument.strip(),
            }
            self.talk.warn(wrong.format(said=said, **words)) if word else self.talk.say(said)
            return
        self.at.table.set_confirm(self.at.place, answer)
        if self.at.hosted:
            on, off = (
                _("Confirmation on at this terminal."),
                _("Confirmation off at this terminal."),
            )
        else:
            on = _("Confirmation on: an action chosen by number is shown first.")
            off = _("Confirmation off: a number plays its action at once.")
        self.talk.say(on if answer else off)

    def _save(self, argument: str) -> None:
        """``save`` (to the autosave file) or ``save PATH``. As with `--save`, a missing
        folder is made, and a file that is not this game's is replaced only if the player
        agrees. While autosave fails, a save that succeeds elsewhere becomes the autosave
        file. At a hosted table only the host saves."""
        at = self.at
        if not at.place.host:
            self.talk.warn(
                _("Only the host saves: the game is saved on the host after every action.")
            )
            return
        session = self.session
        target = argument or session.autosave
        if target is None:
            # TRANSLATORS: {command} is the command as typed ("save PATH")
            self.talk.warn(
                _("This game has no save file; give one: {command}").format(
                    command=as_typed("save", "PATH")
                )
            )
            return
        try:
            if not self._may_replace(target):
                self.talk.say(_("Not saved: {path} is left as it was.").format(path=target))
                return
            made = make_folder_for(target) if argument else None
        except SaveError as exc:
            self.talk.warn(_("Not saved: {problem}.").format(problem=exc))
            return
        moved = bool(argument) and session.save_problem is not None
        written, refused = at.table.save(
            at.place, Path(argument).expanduser() if argument else None
        )
        if refused is not None or written is None:
            self.talk.warn(refusal_line(refused or Refused(Refusal.NO_FILE), session))
            return
        self.own_files.add(written)
        said = _("Saved to {path}; from now on it is saved there after every action.")
        if made is not None:
            said = _(
                "Saved to {path} (the folder {folder} was made); from now on it is saved there "
                "after every action."
            )
        if not moved:
            said = (
                _("Saved to {path} (the folder {folder} was made).")
                if made
                else _("Saved to {path}.")
            )
        self.talk.say(said.format(path=target, folder=made))

    def _may_replace(self, path: str | Path) -> bool:
        """Whether a save may write ``path``: a new file, this game's own save file (its
        autosave, or a file saved in this game), or any other file if the player agrees at
        the keyboard (Enter, Esc, Ctrl-C or Ctrl-D: no). SaveError if no game can go there."""
        target = save_target(path)
        if not target.exists() or target in self.own_files:
            return True
        autosave = self.session.autosave
        with contextlib.suppress(SaveError):
            if autosave is not None and save_target(autosave) == target:
                return True
        # TRANSLATORS: [y/N] are the keys that answer (y yes, n or Enter no)
        question = _("{path} exists and is not this game's save file. Replace it? [y/N]")
        return self.at._agrees(question.format(path=shown_path(path)))

    def _quit(self, _argument: str) -> None:
        self.at._confirm_quit()

    def _say(self, argument: str) -> None:
        if not self.at.hosted:
            # TRANSLATORS: {command} as typed ("say"); {host}: the command line that hosts
            said = _(
                "'{command}' is for hosted games ('{host}'): it writes a line on "
                "every player's terminal. Here everyone sees this one."
            )
            self.talk.warn(said.format(command=as_typed("say"), host=thebes_command("host")))
        elif not argument.strip():
            # A sentence, as every refusal here is (not the command first, in lower case).
            # TRANSLATORS: {command} is the command as typed ("say TEXT")
            said = _("Not said: type {command}; the text goes to everyone at the table.")
            self.talk.warn(said.format(command=as_typed("say", "TEXT")))
        else:
            refused = self.at.table.say(self.at.place, argument)
            if refused is not None:
                self.talk.warn(refusal_line(refused, self.session))

    def _bot(self, argument: str) -> None:
        at = self.at
        if not at.hosted:
            # TRANSLATORS: {command} as typed; {host}: the command line that hosts a game
            said = _(
                "'{command}' is for the host of a hosted game ('{host}'): "
                "it puts a bot in the seat of a player who left."
            )
            self.talk.warn(
                said.format(command=as_typed("bot", "SEAT", "LEVEL"), host=thebes_command("host"))
            )
            return
        if not at.place.host:
            self.talk.warn(_("Only the host puts a bot in a seat."))
            return
        words = argument.split()
        # TRANSLATORS: {command} and its SEAT and LEVEL as typed; {levels}: bot levels as typed
        usage = _("Type {command}: SEAT a number or a name, LEVEL one of {levels}.").format(
            command=as_typed("bot", "SEAT", "LEVEL"), levels=", ".join(BOT_LEVELS)
        )
        if len(words) != 2 or words[1].lower() not in BOT_LEVELS:
            self.talk.warn(usage)
            return
        seat = self._seat_named(words[0])
        if seat is None:
            no_seat = _("No seat {seat}. {usage}")
            self.talk.warn(no_seat.format(seat=shown(clipped(words[0])), usage=usage))
            return
        refused = at.table.put_bot(at.place, seat, words[1].lower())
        if refused is not None:
            self.talk.warn(refusal_line(refused, self.session))

    def _seat_named(self, word: str) -> int | None:
        names = [seat.name.lower() for seat in self.session.seats]
        number = whole_number(word, digits=1)
        if number is not None:
            return number - 1 if 1 <= number <= len(names) else None
        return names.index(word.lower()) if word.lower() in names else None

    def _invites(self, _argument: str) -> None:
        at = self.at
        if not at.hosted:
            # TRANSLATORS: {command} as typed ("invites"); {host}: the command line that hosts
            said = _(
                "'{command}' is for the host of a hosted game ('{host}'): it "
                "shows how friends join, and their codes."
            )
            self.talk.warn(said.format(command=as_typed("invites"), host=thebes_command("host")))
            return
        if not at.place.host or not at.notes:
            self.talk.warn(_("Only the host sees how friends join: ask the host for your code."))
            return
        notes = list(at.notes)
        game_file = self.session.autosave  # the host's snapshot holds it
        if game_file is not None:
            notes.append(saved_notice(game_file))
        self._page(Group(*(Text(line) for line in notes)))

    def _page(self, renderable: RenderableType) -> None:
        page(self.terminal, renderable)


@dataclass(frozen=True, slots=True)
class Command:
    """A command a player can type: its name, its line in the help, and what it does with
    what follows the name."""

    name: str
    # Its line in the help, marked with N_ and translated when shown; "{thebes}" stands for
    # the program as the user runs it, "{command}" for the command as typed (``typed``),
    # "{name}" for the command's word alone, "{on}" and "{off}" for "confirm on" and
    # "confirm off": each in the player's words, as the prompt takes them.
    line: str
    run: Callable[[Commands, str], None]
    remote_line: str | None = None  # its line at a hosted table's remote terminal, if other
    host_only: bool = False  # the host's alone: not in a remote terminal's help
    # What "{command}" in its line stands for: a command's name and the words after it
    # (``("save", "PATH")``), or a key (``("?",)``).
    typed: tuple[str, ...] = ()

    @property
    def word(self) -> str:
        """The command's word in the player's language, as the prompt takes it."""
        return as_typed(self.name)

    @property
    def help(self) -> str:
        """The line in the help, the program named when it is shown, not at import."""
        return self.help_at(remote=False)

    def help_at(self, *, remote: bool) -> str:
        """The line in the help; at a ``remote`` terminal the program is named ``thebes``,
        never by the host's path to it."""
        if remote and self.remote_line is not None:
            return _(self.remote_line)
        typed = self.typed
        spoken = bool(typed) and typed[0] in command_words()  # else a key, typed as it is
        command = as_typed(*typed) if spoken else " ".join(typed)
        return _(self.line).format(
            thebes=program("", remote=remote),
            command=command,
            name=self.word,
            on=as_typed("confirm", "on"),
            off=as_typed("confirm", "off"),
        )


# The one list of the commands: the help, the completion and the dispatch all read it.
COMMANDS: Mapping[str, Command] = {
    command.name: command
    for command in (
        Command(
            "help",
            # TRANSLATORS: the help's list of commands; {command} is typed as it is ("help keys")
            N_("this list; '{command}' explains the screen's abbreviations"),
            Commands._help,
            typed=("help", "keys"),
        ),
        Command(
            "rules", N_("the rulebook, then the card and token reference (paged)"), Commands._rules
        ),
        Command(
            "log",
            N_("the whole game so far, in plain words, each action dated (paged, at the end)"),
            Commands._log,
        ),
        Command("board", N_("the board: locations, roads, who is where"), Commands._board),
        Command("players", N_("every player's cards, tokens and score"), Commands._players),
        Command("bags", N_("what each bag still holds"), Commands._bags),
        Command(
            "hint",
            # TRANSLATORS: the help's list of commands; {command} is the key typed for it ("?")
            N_(
                "the judge's 3 best actions for you now, and why "
                "('{command}' too; noted in the record)"
            ),
            Commands._hint,
            typed=("?",),
        ),
        Command(
            "undo",
            N_("take back the last action of a person, if it revealed nothing new (asks them)"),
            Commands._undo,
        ),
        Command(
            "confirm",
            # TRANSLATORS: the help's list of commands; {off} and {on} are typed as they are
            # ("confirm off", "confirm on")
            N_("'{off}': a number plays at once; '{on}': shown to confirm first"),
            Commands._confirm,
        ),
        Command(
            "save",
            N_("save now (the game also saves itself after every action); '{command}' for a copy"),
            Commands._save,
            typed=("save", "PATH"),
        ),
        Command(
            "quit",
            # TRANSLATORS: the help's list of commands; '{thebes} resume FILE' is a command line
            N_("leave the game (it is saved; '{thebes} resume FILE' goes on)"),
            Commands._quit,
            remote_line=N_("leave the table (your seat waits for you; the game is kept)"),
        ),
        Command(
            "say",
            # TRANSLATORS: the help's list of commands; {command} is typed as it is ("say TEXT")
            N_("'{command}': a line to everyone at a hosted table"),
            Commands._say,
            typed=("say", "TEXT"),
        ),
        Command(
            "bot",
            N_("'{command}': the host puts a bot in a seat whose player left"),
            Commands._bot,
            typed=("bot", "SEAT", "LEVEL"),
            host_only=True,
        ),
        Command(
            "invites",
            N_("the host of a hosted table: how friends join, each seat's command and code"),
            Commands._invites,
            host_only=True,
        ),
        Command("me", N_("your own cards, tokens and score, in sentences"), show_me),
        Command(
            "lang",
            # TRANSLATORS: the help's list of commands; {command} is typed as it is
            # ("lang CODE"), {name} the command alone ("lang")
            N_("'{command}': this terminal's language (en, de or fr); '{name}' says which"),
            change_language,
            typed=("lang", "CODE"),
        ),
    )
}


def program(arguments: str, *, remote: bool) -> str:
    """The command ``thebes ARGUMENTS`` as the user runs it (:func:`thebes_command`: the
    host's path to it, when that is how it runs), or, at a ``remote`` terminal, plainly
    ``thebes ARGUMENTS``: the host's paths are not for other terminals."""
    return f"thebes {arguments}".strip() if remote else thebes_command(arguments)


def command_named(word: str) -> str | None:
    """The command ``word`` names: its English name, or its word in the player's language
    (``hilfe``, ``aide``); None if it names none."""
    if word in COMMANDS:
        return word
    return {spoken: name for name, spoken in command_words().items()}.get(word)


def did_you_mean(word: str, text: str) -> str:
    """ " Did you mean 'take 1'?" for a first word one slip from an action or a command
    (a letter swapped, missing or extra), else nothing."""
    # The player's own words first: a slip is put right in the language it was typed in
    # when both are as close.
    spoken = [*spoken_words().values(), *command_words().values()]
    if word in VERBS or word in COMMANDS or word in spoken:
        return ""  # a known word: the message already says what is wrong with the rest
    close = get_close_matches(word, [*spoken, *VERBS, *COMMANDS], n=1, cutoff=0.75)
    if not close:
        return ""
    rest = text.strip()[len(word) :]
    # TRANSLATORS: {suggestion} is an action or command as typed, quoted
    return " " + _("Did you mean {suggestion}?").format(suggestion=shown(clipped(close[0] + rest)))
