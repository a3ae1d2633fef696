"""The lobby of a Thebes server at one terminal: the player's tables (where it is their move
first), invitations, the open tables, and the commands that make, join, watch and leave
them; from it the player goes to a table, which is the hosted table of :mod:`thebes.tui.door`,
and comes back to it when they leave the table.

The first visit of a key asks the name the account will have. The lobby is drawn anew when
the tables change (the same way a table's prompt is left to redraw, with what was typed
kept), and the terminal's bell rings when a new move of the player's comes up at a table
they are not at.
"""

from __future__ import annotations

import contextlib
import textwrap
import threading
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from prompt_toolkit import PromptSession

from thebes.errors import ThebesError
from thebes.language import (
    LANGUAGES,
    N_,
    NAMES,
    _,
    current_language,
    language_code,
    ngettext,
    pgettext,
    speak_here,
    speaking,
)
from thebes.lobby.hall import Hall, LobbyRefusal
from thebes.lobby.ladder import shown
from thebes.lobby.names import Visitor, table_in_room
from thebes.lobby.rows import Account, TableState
from thebes.safeio.text import printable
from thebes.table.places import Ending
from thebes.tui.asking import REDRAW, is_yes
from thebes.tui.command_words import argument_meant
from thebes.tui.door import TerminalDoor
from thebes.tui.lobby_lines import history_lines, ladder_lines, row_line
from thebes.tui.new_table import TableQuestions
from thebes.tui.news import ENDINGS
from thebes.tui.prompting import prompt_session, question_session
from thebes.tui.terminal import Terminal

OPEN_SHOWN = 8  # open tables listed at most (the rest: `tables`)
BELL = "\a"


class LobbyDoor:
    """How a server's terminals come to its lobby: what :mod:`thebes.hosting` hands each
    connection that proved its key to."""

    def __init__(self, hall: Hall, web_link: Callable[[Visitor], str] | None = None) -> None:
        self.hall = hall
        # A link that lets one browser in as a visitor, once (None: the server has no page).
        self.web_link = web_link
        # The table each account's connection was lost at: its next lobby goes straight back
        # (a reload of the page, a dropped SSH connection), as a host's seat is joined again.
        self.lost_at: dict[int, int] = {}

    def attach(self, terminal: Terminal, who: Any, gone: threading.Event) -> None:
        assert isinstance(who, Visitor)
        with speaking(terminal.language or current_language()):
            lobby = Lobby(self.hall, terminal, who, gone)
            lobby.web_link, lobby.lost_at = self.web_link, self.lost_at
            lobby.run()

    def disconnected(self, who: Any) -> None:
        """A connection went: its lobby (or the table it is at) ends by itself, its input
        having ended."""

    @property
    def closed(self) -> bool:
        """A server's lobby stays open until the server stops."""
        return False


@dataclass(frozen=True, slots=True)
class LobbyCommand:
    run: Callable[[Lobby, str], None]
    usage: str  # after the command's word, e.g. "N NAME"
    help: str  # what it does (a message to translate)


class Lobby:
    """One terminal's lobby, from the first prompt to quitting."""

    def __init__(self, hall: Hall, terminal: Terminal, visitor: Visitor, gone: threading.Event):
        self.hall, self.terminal, self.visitor, self.gone = hall, terminal, visitor, gone
        self.prompt: PromptSession[str] = prompt_session(terminal)
        self.prompt.app.erase_when_done = False
        self.question = question_session(terminal)
        self.account: Account | None = None
        self.version = -1  # the hall's version drawn last
        self.known_turns: set[tuple[int, int]] = set()  # (table, steps) rung for already
        self.typed = ""
        self.notice: list[str] = []  # said under the lobby at its next drawing
        self.quitting = False
        self.web_link: Callable[[Visitor], str] | None = None
        self.lost_at: dict[int, int] = {}  # the door's: account id -> table (dict ops are atomic)

    # ------------------------------------------------------------ the loop

    def run(self) -> None:
        with self.terminal.prompting():
            try:
                self.account = self.hall.account_for_key(self.visitor.fingerprint)
                if self.account is None:
                    self.account = self._new_account()
                if self.account.language in LANGUAGES and not self.terminal.language:
                    speak_here(self.account.language)
                table = table_in_room(self.visitor.room)
                if table is None:  # the lobby asked for: back to a table lost mid-game
                    table = self.lost_at.pop(self.account.id, None)
                if table is not None:
                    try:
                        self._go(table, watch=False)
                    except ThebesError as refusal:  # no such table, or not yet: the lobby
                        self.notice.append(refusal.line[:1].upper() + refusal.line[1:] + ".")
                while not self.quitting and not self.gone.is_set():
                    self._draw()
                    line = self._ask()
                    if line is not None:
                        self._do(line)
            except (EOFError, KeyboardInterrupt, OSError):
                return

    def _new_account(self) -> Account:
        say = self.terminal.say
        say(_("Welcome to this Thebes server. Your SSH key is your account here."))
        say(
            _(
                "Choose the name others will know you by ({least}-{most} letters, digits, - _ .)."
            ).format(least=2, most=16)
        )
        while True:
            name = self.prompt.prompt(_("Your name: ")).strip()
            try:
                return self.hall.create_account(name, self.visitor.fingerprint)
            except ThebesError as refusal:  # a name refused, or the store unwritable
                say(_("Not as a name: {problem}.").format(problem=refusal.line))

    def _ask(self) -> str | None:
        """The next line typed, or None when the prompt was left to redraw."""
        typed, self.typed = self.typed, ""
        stop = threading.Event()
        watcher = threading.Thread(target=self._watch_hall, args=(stop,), daemon=True)
        watcher.start()
        try:
            text = self.prompt.prompt(
                _("lobby> "), default=typed, pre_run=self._pre_run, refresh_interval=30.0
            )
        except KeyboardInterrupt:
            text = ""
        finally:
            stop.set()
            self.prompt.app.before_render -= self._redraw_check
        if text.startswith(REDRAW):
            self.typed = text[len(REDRAW) :]
            return None
        return text

    def _pre_run(self) -> None:
        self.prompt.app.before_render += self._redraw_check

    def _watch_hall(self, stop: threading.Event) -> None:
        """Wake the prompt when the tables change, or the connection goes."""
        version = self.version
        while not stop.is_set():
            if self.gone.is_set() or self.hall.wait_changed(version, 0.5) != version:
                with contextlib.suppress(RuntimeError):
                    self.prompt.app.invalidate()
                return

    def _redraw_check(self, _: object) -> None:
        app = self.prompt.app
        if not app.is_done and self.hall.version != self.version:
            app.exit(result=REDRAW + app.current_buffer.text)

    # ------------------------------------------------------------ the lobby drawn

    def _draw(self) -> None:
        account = self.account
        assert account is not None
        self.version = self.hall.version
        terminal, say = self.terminal, self._say
        if not terminal.plain:
            terminal.console.clear()
        rating = self.hall.store.rating(account.id)
        if rating is None:
            say(_("Thebes server: {name} (not rated yet)").format(name=account.name))
        else:
            say(
                ngettext(
                    "Thebes server: {name}, rated {rating} after {count} game",
                    "Thebes server: {name}, rated {rating} after {count} games",
                    rating.games,
                ).format(
                    name=account.name,
                    rating=f"{shown(rating.mu, rating.sigma):.1f}",
                    count=rating.games,
                )
            )
        turns = {turn.table: turn for turn in self.hall.turns(account)}
        self._ring(turns)
        mine = self.hall.tables_of(account)
        seated = [row for row in mine if row.seat_of(account.id) is not None]
        invited = [row for row in mine if row.seat_of(account.id) is None]
        say("")
        say(_("Your tables:") if seated else _("You sit at no table: `new` makes one."))
        for row in sorted(seated, key=lambda r: (r.id not in turns, r.id)):
            say("  " + row_line(self.hall, row, turns))
        if invited:
            say(_("Invitations (`sit N` to accept):"))
            for row in invited:
                say("  " + row_line(self.hall, row, turns))
        known = {row.id for row in mine}
        others = [row for row in self.hall.open_tables() if row.id not in known]
        if others:
            say(_("Open tables (`sit N` where a seat is free, `watch N`):"))
            for row in others[:OPEN_SHOWN]:
                say("  " + row_line(self.hall, row, turns))
            if len(others) > OPEN_SHOWN:
                say(
                    "  "
                    + _("... and {count} more: `tables`").format(count=len(others) - OPEN_SHOWN)
                )
        say("")
        for line in self.notice:
            say(line)
        self.notice = []
        words = spoken_commands()
        listed = ["new", "play", "sit", "watch", "invite", "leave", "ladder", "me", "help", "quit"]
        say(
            _("Commands: {commands}").format(
                commands=", ".join(f"{words[n]} {COMMANDS[n].usage}".strip() for n in listed)
            )
        )

    def _ring(self, turns: dict[int, Any]) -> None:
        """The bell for a move of the player's that was not there when last drawn."""
        now = {(table, turn.steps) for table, turn in turns.items()}
        if now - self.known_turns and self.version > 0:
            self.terminal.console.file.write(BELL)
            self.terminal.console.file.flush()
        self.known_turns = now

    def _say(self, line: str) -> None:
        """A line of the lobby, wrapped at the terminal's width between words (a table's
        line goes on under its seats)."""
        indent = len(line) - len(line.lstrip(" "))
        width = max(20, self.terminal.size()[0])
        rows = textwrap.wrap(
            line, width, subsequent_indent=" " * (indent + 5) if indent else ""
        ) or [""]
        for row in rows:
            self.terminal.say(row)

    # ------------------------------------------------------------ commands

    def _do(self, line: str) -> None:
        word, _space, argument = line.strip().partition(" ")
        if not word:
            return
        if word.isdigit():
            word, argument = "play", word
        name = command_named(word.casefold())
        if name is None:
            self.notice.append(
                _("No command {word}: type `help` for the commands.").format(word=printable(word))
            )
            return
        try:
            COMMANDS[name].run(self, argument.strip())
        except ThebesError as refusal:  # refused, or the store unwritable: said, not raised
            self.notice.append(refusal.line[:1].upper() + refusal.line[1:] + ".")

    def _number(self, argument: str) -> int:
        first = argument.split(" ", 1)[0].lstrip("#")
        table = table_in_room(first)
        if table is None:
            raise LobbyRefusal(_("name a table by its number, e.g. 12"))
        return table

    def _new(self, argument: str) -> None:
        account = self.account
        assert account is not None
        options = TableQuestions(self.terminal, self.prompt, self.question).ask()
        if options is None:
            self.notice.append(_("No table made."))
            return
        table = self.hall.create_table(account, options)
        self.notice.append(
            _(
                "Table {table} made. Friends sit down with `sit {table}`; `invite {table} NAME` "
                "asks someone by name."
            ).format(table=table)
        )

    def _play(self, argument: str) -> None:
        self._go(self._number(argument), watch=False)

    def _watch(self, argument: str) -> None:
        self._go(self._number(argument), watch=True)

    def _go(self, table: int, *, watch: bool) -> None:
        """To ``table``: to the player's seat there (unless ``watch``), else to watch it."""
        account = self.account
        assert account is not None
        row = self.hall.row(table)
        if row is None or not self.hall.may_watch(account, row):
            raise LobbyRefusal(_("there is no table {table}").format(table=table))
        if row.state is TableState.WAITING:
            raise LobbyRefusal(
                _(
                    "table {table} waits for players: its game starts when its seats are taken"
                ).format(table=table)
            )
        live = self.hall.live(table)
        if live is None:
            raise LobbyRefusal(_("the game at table {table} is over").format(table=table))
        seat = None if watch else row.seat_of(account.id)
        if seat is not None and row.seats[seat].bot is not None:
            seat = None  # given up to a bot: the player may still watch
        if seat is not None:  # while at it, a connection lost comes back here
            self.lost_at[account.id] = table
        if TerminalDoor(live).sit(self.terminal, seat, self.gone) is Ending.TAKEN_OVER:
            self.notice.append(_(ENDINGS[Ending.TAKEN_OVER]))  # this account, from elsewhere
        if seat is not None and (not self.gone.is_set() or live.session.is_over):
            self.lost_at.pop(account.id, None)  # left on purpose, or over: the lobby next time
        self.version = -1

    def _sit(self, argument: str) -> None:
        account = self.account
        assert account is not None
        table = self._number(argument)
        self.hall.sit(account, table)
        row = self.hall.row(table)
        if row is not None and row.state is TableState.PLAYING:
            self._go(table, watch=False)
        else:
            self.notice.append(
                _("You sit at table {table}; its game starts when its seats are taken.").format(
                    table=table
                )
            )

    def _invite(self, argument: str) -> None:
        account = self.account
        assert account is not None
        table = self._number(argument)
        name = argument.partition(" ")[2].strip()
        if not name:
            raise LobbyRefusal(_("write `invite {table} NAME`").format(table=table))
        guest = self.hall.invite(account, table, name)
        self.notice.append(
            _("{name} is invited to table {table}.").format(name=guest.name, table=table)
        )

    def _leave(self, argument: str) -> None:
        account = self.account
        assert account is not None
        table = self._number(argument)
        row = self.hall.row(table)
        if row is not None and row.seat_of(account.id) is None and account.id in row.invited:
            self.hall.decline(account, table)
            self.notice.append(_("Invitation to table {table} declined.").format(table=table))
            return
        if row is None or row.seat_of(account.id) is None:
            raise LobbyRefusal(_("you have no seat at table {table}").format(table=table))
        if row.state is TableState.PLAYING:
            question = _(
                "Give up your seat at table {table}? A bot plays it to the end, and the game "
                "counts as your loss. [y/N] "
            ).format(table=table)
            if not is_yes(self.question.prompt(question).strip().lower()):
                return
            self.hall.leave_game(account, table)
            self.notice.append(_("You left table {table} to a bot.").format(table=table))
            return
        if row.creator == account.id:
            self.hall.cancel(account, table)
            self.notice.append(_("Table {table} is cancelled.").format(table=table))
            return
        self.hall.stand_up(account, table)
        self.notice.append(_("You left table {table}.").format(table=table))

    def _tables(self, argument: str) -> None:
        turns = {turn.table: turn for turn in self.hall.turns(self.account)}  # type: ignore[arg-type]
        rows = self.hall.open_tables()
        self.notice.append(_("Open tables:") if rows else _("No open tables."))
        self.notice.extend("  " + row_line(self.hall, row, turns) for row in rows)

    def _ladder(self, argument: str) -> None:
        self.notice.extend(ladder_lines(self.hall.ladder()))

    def _me(self, argument: str) -> None:
        account = self.account
        assert account is not None
        self.notice.extend(history_lines(account, self.hall.store.history(account.id)))

    def _webhook(self, argument: str) -> None:
        account = self.account
        assert account is not None
        if not argument or argument_meant(argument) == "off":
            self.hall.set_webhook(account, None)
            self.notice.append(_("No webhook: nothing is sent when your move comes."))
        else:
            self.hall.set_webhook(account, argument)
            self.notice.append(
                _("When your move comes and you are not at the table, {address} is told.").format(
                    address=printable(argument)
                )
            )
        self.account = self.hall.store.account(account.id) or account

    def _lang(self, argument: str) -> None:
        account = self.account
        assert account is not None
        code = language_code(argument)
        if code is None:
            spoken = ", ".join(f"{code} ({NAMES[code]})" for code in LANGUAGES)
            raise LobbyRefusal(_("write `lang` and one of {codes}").format(codes=spoken))
        speak_here(code)
        self.hall.store.set_language(account.id, code)
        self.notice.append(_("This terminal speaks {name} now.").format(name=NAMES[code]))

    def _web(self, argument: str) -> None:
        if self.web_link is None:
            raise LobbyRefusal(_("this server has no web page"))
        self.notice.append(_("Open this link in your browser within 10 minutes; it works once:"))
        self.notice.append("  " + self.web_link(self.visitor))

    def _help(self, argument: str) -> None:
        self.notice.append(_("In the lobby:"))
        words = spoken_commands()
        for name, command in COMMANDS.items():
            word = words[name]
            usage = f"{word} {command.usage}".strip()
            self.notice.append(f"  {usage:<22} {_(command.help)}")

    def _quit(self, argument: str) -> None:
        self.quitting = True


COMMANDS: dict[str, LobbyCommand] = {
    "new": LobbyCommand(Lobby._new, "", N_("make a table (asks its players, pace and options)")),
    "play": LobbyCommand(Lobby._play, "N", N_("go to your seat at table N (or just type N)")),
    "sit": LobbyCommand(Lobby._sit, "N", N_("take a free seat at table N")),
    "watch": LobbyCommand(Lobby._watch, "N", N_("watch the game at table N")),
    "invite": LobbyCommand(Lobby._invite, "N NAME", N_("invite a player by name to table N")),
    "leave": LobbyCommand(
        Lobby._leave, "N", N_("leave table N (a game under way: a bot plays on, a loss)")
    ),
    "tables": LobbyCommand(Lobby._tables, "", N_("every open table")),
    "ladder": LobbyCommand(Lobby._ladder, "", N_("the players' ratings")),
    "me": LobbyCommand(Lobby._me, "", N_("your rated games and webhook")),
    "webhook": LobbyCommand(
        Lobby._webhook, "URL|off", N_("an address told when your move comes while you are away")
    ),
    "lang": LobbyCommand(Lobby._lang, "de|en|fr", N_("the language of this terminal")),
    "web": LobbyCommand(Lobby._web, "", N_("a link that opens the lobby in your browser")),
    "help": LobbyCommand(Lobby._help, "", N_("these commands")),
    "quit": LobbyCommand(Lobby._quit, "", N_("leave the server (your games wait for you)")),
}


def spoken_commands() -> dict[str, str]:
    """Each lobby command's word in the player's language: what is shown, and typed."""
    # TRANSLATORS: the lobby's commands, one word each, lower case, none alike; the English
    # ones are taken too.
    return {
        "new": pgettext("lobby command", "new"),
        "play": pgettext("lobby command", "play"),
        "sit": pgettext("lobby command", "sit"),
        "watch": pgettext("lobby command", "watch"),
        "invite": pgettext("lobby command", "invite"),
        "leave": pgettext("lobby command", "leave"),
        "tables": pgettext("lobby command", "tables"),
        "ladder": pgettext("lobby command", "ladder"),
        "me": pgettext("lobby command", "me"),
        "webhook": pgettext("lobby command", "webhook"),
        "lang": pgettext("lobby command", "lang"),
        "web": pgettext("lobby command", "web"),
        "help": pgettext("lobby command", "help"),
        "quit": pgettext("lobby command", "quit"),
    }


def command_named(word: str) -> str | None:
    """The lobby command ``word`` names, in English or in the player's language."""
    if word in COMMANDS:
        return word
    return {spoken.casefold(): name for name, spoken in spoken_commands().items()}.get(word)
