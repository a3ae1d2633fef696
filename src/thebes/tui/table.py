"""The table at one terminal: draw the game, ask the person whose turn it is, act through the
table's authority.

A :class:`TerminalGame` is one place at a :class:`~thebes.table.authority.Table`: the keyboard
of a hot-seat game (it acts for every person's seat, and plays the bots' turns in its loop),
or one hosted terminal (one seat, or a spectator; the bots play on the host). Each turn it
takes the table's snapshot and the news since it last looked, draws the screen for the
terminal's size with a numbered menu of the legal actions under it when it is its person's
turn, and prompts (prompt_toolkit): a menu number, an action in the notation (tab completes
every legal one, with its cost), or a command. Whatever the table publishes meanwhile (an
action, a line said, a join) ends the waiting prompt, which is drawn again with what was
typed so far. The table autosaves after every action, so quitting, Ctrl-C or Ctrl-D never
lose anything.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Sequence
from contextlib import AbstractContextManager

from prompt_toolkit.formatted_text import FormattedText
from rich.text import Text

from thebes.analysis.hints import Hinter
from thebes.bots import Player
from thebes.language import _, place_name
from thebes.records.notation import NotationError
from thebes.records.session import Session
from thebes.records.spoken_notation import read_action, read_dig_site, say_action
from thebes.rules import Action, Dig, why_illegal
from thebes.safeio.text import printable
from thebes.table.authority import PAUSE_SECONDS, Table
from thebes.table.news import Departure
from thebes.table.places import Ending
from thebes.table.snapshot import Question, TableSnapshot
from thebes.tui.asking import WATCHING, Asking, QuitGame
from thebes.tui.command_words import as_typed
from thebes.tui.commands import COMMANDS, Commands, command_named, did_you_mean
from thebes.tui.drawing import TableDrawing, game_title
from thebes.tui.hintview import HINT_KEY
from thebes.tui.linecap import line_problem
from thebes.tui.menu import MenuEntry, build_menu, read_choice
from thebes.tui.news import ENDINGS, refusal_line
from thebes.tui.planner import DigPlanner
from thebes.tui.screen import MIN_HEIGHT, MIN_WIDTH, too_small_notice
from thebes.tui.signals import Ended, held
from thebes.tui.talk import TableTalk
from thebes.tui.terminal import Terminal
from thebes.tui.wording import illegal_line

BOT_PAUSE_SECONDS = PAUSE_SECONDS

__all__ = ["BOT_PAUSE_SECONDS", "WATCHING", "QuitGame", "TerminalGame", "game_title"]


class TerminalGame(Asking, TableDrawing):
    """One terminal's place at a table, and its loop."""

    def __init__(
        self,
        table: Table,
        terminal: Terminal,
        *,
        hosted: bool = False,
        seat: int | None = None,
        host: bool = True,
        gone: threading.Event | None = None,
        notes: Sequence[str] = (),
        fast: bool = False,
        hinter: Hinter | None = None,
    ) -> None:
        self.table = table
        self.terminal = terminal
        self.console = terminal.console
        self.colour = terminal.colour
        self.size = terminal.size
        self.hosted = hosted  # one terminal of a hosted table, not the keyboard of a game
        self.fast = fast or hosted  # a hosted table's bots pause on the host
        self.gone = gone or threading.Event()  # the connection dropped
        self.notes = list(notes)  # what the host's terminal alone sees: how friends join
        self.resume_command = "host --resume" if hosted else "resume"
        Asking.__init__(self, terminal)
        self.drawn = None
        if hosted:
            self.place = table.join(seat, self._wake, host=host)
        else:
            self.place = table.join_keyboard(self._wake)
        self.game: TableSnapshot = table.snapshot(self.place)
        self.talk = TableTalk(
            self.game, table.story(self.place), colour=self.colour, keyboard=not hosted
        )
        self.planner = DigPlanner(self.game, self.console, self.prompt, above=self._planner_head)
        self.commands = Commands(self, hinter=hinter)
        self.waiting: str | None = None  # what the table waits for, as last said here
        self.my_move = False  # the last snapshot drawn was this terminal's person's move
        if hosted and host and self.notes:
            # The invites printed before the table are hidden by it: the host gets them back.
            self.talk.say(
                _("Type {command} to see how friends join.").format(command=as_typed("invites"))
            )

    @classmethod
    def at_keyboard(
        cls,
        session: Session,
        terminal: Terminal,
        *,
        fast: bool = False,
        hinter: Hinter | None = None,
    ) -> TerminalGame:
        """The table of ``session`` (not locked), played at one keyboard: for tests and
        embedding; `thebes play` opens its games through :mod:`thebes.table.games`."""
        return cls(Table(session, session.lock, fast=fast), terminal, fast=fast, hinter=hinter)

    @property
    def host(self) -> bool:
        return self.place.host

    @property
    def bots(self) -> dict[int, Player]:
        """The bots at the table, by seat."""
        return self.table.bots

    # ------------------------------------------------------------ the loop

    def run(self) -> bool:
        """Play until the game ends (True) or this terminal leaves (False). The table is
        drawn on the terminal's alternate screen; the final table, or where the game is
        saved, is printed after it, where it stays."""
        try:
            with self.terminal.prompting():
                try:
                    with self._drawn_on():
                        over = self._run()
                except Ended as ended:
                    # Said by `thebes` in one line once the terminal is back to what it was.
                    ended.where = " ".join(self._where_saved()) or None
                    raise
                if over:
                    self._show_final()
                else:
                    self._say_where_saved(_("Game left."))
                return over
        finally:
            dropped = self.gone.is_set() or self.place.ended is Ending.DROPPED
            self.table.leave(self.place, Departure.DROPPED if dropped else Departure.QUIT)

    def _drawn_on(self) -> AbstractContextManager[None]:
        """Where the table is drawn while it runs: the alternate screen (plain mode: the
        terminal as it is)."""
        return self.terminal.full_screen()

    def _run(self) -> bool:
        try:
            while True:
                self._refresh()
                if self.place.ended is not None:
                    raise QuitGame
                if self.game.is_over:
                    return True
                try:
                    self._one_turn()
                except KeyboardInterrupt:  # between two prompts, or while a bot thinks
                    self._fresh_line()
                    self._confirm_quit()
        except QuitGame:
            return False

    def _one_turn(self) -> None:
        game = self.game
        question = game.question
        if question is not None:
            self._answer(question)
        elif too_small_notice(*self.size()) is not None:
            self._small_turn()
        elif not self.hosted and self.table.bot_to_move() is not None:
            self._bot_turn()
        else:
            self._turn()

    def _refresh(self) -> None:
        self.game = game = self.table.snapshot(self.place)
        self.talk.session = self.planner.session = self.commands.session = game
        mine = self.hosted and self.place.seat is not None and self._acts(game.active_seat)
        if mine and not self.my_move and game.steps:
            # A hosted player's move has come while they look elsewhere: the bell (a screen
            # reader says it too), as a chess server's does.
            self.console.file.write("\a")
            self.console.file.flush()
        self.my_move = mine
        self.talk.hear(self.table.news(self.place), self.place.seats)
        message = self.talk.message
        if message is not None and message.plain == self.waiting:
            self.talk.message = None  # what the table waited for is over, or said anew
        waiting = self._waiting_for()
        self.waiting = waiting
        if waiting is not None and self.talk.message is None:
            self.talk.say(waiting)

    def _news_in_place(self) -> bool:
        """What the table published, looked at while the prompt waits: True if only the
        message line changed, and it was written where it is; else the screen is stale."""
        drawn = self.drawn
        self.stale = True  # from before the look: what is drawn is out of date until told
        # The news is heard only if it is told here: else the redraw tells it.
        looks = self._looks(self.table.snapshot(self.place))
        if drawn is not None and looks == drawn.looks and self.place.ended is None:
            self._refresh()
            if self._looks() == drawn.looks and self._tell_in_place():
                self.stale = False
                return True
        return False

    def _bot_turn(self) -> None:
        """At the keyboard, the bots' turns are played here, with the move in view."""
        if not self.fast:
            # A search takes a moment (an expert's move up to a second or two): meanwhile the
            # table shows the last move and who is thinking, not the last person's menu.
            self._draw([])
            seat = self.game.active_seat
            assert seat is not None
            name = printable(self.game.seats[seat].name)
            self.console.print(Text(_("{name} is thinking…").format(name=name), style="italic"))
        with held():  # a signal never stops an action between its play and its autosave
            self.table.play_bot_turn()
        if not self.fast:
            self._refresh()
            self._draw([])
            time.sleep(BOT_PAUSE_SECONDS)

    def _acts(self, seat: int | None) -> bool:
        """Whether this terminal acts for ``seat`` now (its person's, not a bot's)."""
        return seat is not None and seat in self.place.seats and not self.game.seats[seat].is_bot

    def _turn(self) -> None:
        game = self.game
        seat = game.active_seat
        assert seat is not None
        mine = self._acts(seat)
        legal = game.legal_actions() if mine else ()
        menu = build_menu(game.state, legal) if mine else []
        if mine:
            again = bool(game.steps) and game.state.last_actor == seat
            message = self._prompt_message(seat, again)
        else:
            message = self._watch_message(seat)
        self._draw(menu, message)
        text = self._ask(message, legal, menu)
        if self.redrawing:
            return  # the table changed, or the window: drawn again, with what was typed
        action = self._interpret(text, legal, menu) if mine else self._interpret_watching(text)
        if action is not None and too_small_notice(*self.size()) is not None:
            # Shrunk while the action was chosen or confirmed: nothing is played at a
            # terminal that cannot show what it did.
            self.talk.warn(
                _("Not played: {action}; the terminal shrank.").format(
                    action=say_action(action, game.catalog.regions)
                )
            )
        elif action is not None:
            self._play(action)

    def _play(self, action: Action) -> None:
        with held():  # a signal never stops an action between its play and its autosave
            refused = self.table.play(self.place, action, self.game.moves)
        if refused is not None:
            self.talk.warn(refusal_line(refused, self.game))

    def _small_turn(self) -> None:
        """Below the smallest layout: the notice alone, and a prompt that plays nothing and
        lets no bot move here; it ends when the terminal is resized."""
        self._draw([])
        waiting = _("Waiting for a larger terminal: ")
        text = self._ask(FormattedText([("", waiting)]), (), [])
        if self.redrawing:
            return
        self.talk.message = None
        if text.strip().lower() == "quit":
            self._confirm_quit()
        elif text.strip():
            least = f"{MIN_WIDTH}x{MIN_HEIGHT}"
            self.talk.warn(
                _("Nothing is played until the terminal is at least {size}.").format(size=least)
            )

    def _waiting_for(self) -> str | None:
        """What a hosted table waits for, when the person to move has no terminal there."""
        game = self.game
        seat = game.active_seat
        if not self.hosted or seat is None or seat in self.place.seats:
            return None
        if game.seats[seat].is_bot or seat in game.present:
            return None
        name = printable(game.seats[seat].name)
        if seat in game.joined:
            line = _("{name} is disconnected; waiting for {name} to come back.").format(name=name)
        else:
            line = _("Waiting for {name} to join.").format(name=name)
        if self.host:
            # TRANSLATORS: {command} is the command the host types ("bot 2 greedy").
            bot = _("'{command}' puts a bot in the seat.").format(
                command=as_typed("bot", str(seat + 1), "greedy")
            )
            line += " " + bot
        return line

    # ------------------------------------------------------------ what was typed

    def _read_line(self, text: str) -> tuple[str, str] | None:
        """A typed line, stripped, and its first word in lower case (a command typed in the
        player's words comes back under its English name); None for an empty line or one
        refused (the reason said). The last message goes either way."""
        self.talk.message = None
        problem = line_problem(text)
        if problem is not None:
            self.talk.warn(problem)
            return None
        text = text.strip()
        if not text:
            return None
        word = text.split()[0].lower()
        named = command_named(word)
        if named is not None and named != word:  # a command in the player's words
            return named + text[len(word) :], named
        return text, word

    def _interpret(
        self, text: str, legal: Sequence[Action], menu: list[MenuEntry]
    ) -> Action | None:
        line = self._read_line(text)
        if line is None:
            return None
        text, word = line
        choice = read_choice(text)
        if choice is not None:
            return self._confirmed(self._menu_choice(menu, *choice))
        if text == HINT_KEY:
            word = text = "hint"
        if word in COMMANDS:
            self.commands.run(word, text[len(word) :].strip())
            return None
        game = self.game
        try:
            site = read_dig_site(text, game.catalog.regions)
            if site is not None:
                return self._confirmed(self._plan_at(legal, *site))
            action = read_action(text, game.catalog.regions)
        except NotationError as exc:
            # TRANSLATORS: {problem} says what is wrong with the line typed, {suggestion}
            # is a sentence that offers a command ("" if none is near).
            warning = _("{problem}.{suggestion} Type {command} for the commands.").format(
                problem=exc, suggestion=did_you_mean(word, text), command=as_typed("help")
            )
            self.talk.warn(warning)
            return None
        if action in legal:
            return action
        reason = self._why_not(action, _("not legal now"))
        self.talk.warn(_("Not allowed: {reason}.").format(reason=reason))
        return None

    def _interpret_watching(self, text: str) -> Action | None:
        """A line typed out of turn: commands that look are carried out, anything that would
        act is refused with the reason. Never an action."""
        line = self._read_line(text)
        if line is None:
            return None
        text, word = line
        if word == "hint" or text == HINT_KEY:
            self.talk.warn(_("A hint is for the player to move, on their turn, at their terminal."))
        elif word in COMMANDS:
            self.commands.run(word, text[len(word) :].strip())
        else:
            self.talk.warn(self._not_yours())
        return None

    def _not_yours(self) -> str:
        game = self.game
        seat = game.active_seat
        # TRANSLATORS: the name of the player to move when there is none.
        name = printable(game.seats[seat].name) if seat is not None else _("nobody")
        if not self.place.seats:
            return _("You are watching: spectators play nothing. It is {name}'s turn.").format(
                name=name
            )
        if all(game.seats[s].is_bot for s in self.place.seats):
            return _("A bot plays your seat now. It is {name}'s turn.").format(name=name)
        return _("It is {name}'s turn, not yours.").format(name=name)

    def _menu_choice(self, menu: list[MenuEntry], number: int, zeppelin: bool) -> Action | None:
        """The action of menu entry ``number`` (by zeppelin if asked), or None with the
        reason said; a dig site opens the planner."""
        entry = next((e for e in menu if e.number == number), None)
        if entry is None:
            shown = ", ".join(str(e.number) for e in menu if e.playable)
            self.talk.warn(
                _("There is no entry {number} now: choose one of {numbers}.").format(
                    number=number, numbers=shown
                )
            )
            return None
        if not entry.playable:
            self.talk.warn(
                _("Entry {number} cannot be played now: {reason}.").format(
                    number=number, reason=entry.reason
                )
            )
            return None
        if zeppelin and not entry.by_zeppelin:
            self.talk.warn(
                _("Entry {number} cannot be played by zeppelin now.").format(number=number)
            )
            return None
        if entry.is_dig_site:
            digs = tuple(a for a in entry.actions if isinstance(a, Dig))
            return self.planner.choose(digs, "+zeppelin" if zeppelin else "")
        actions = entry.zeppelin() if zeppelin else entry.plain()
        if not actions:
            # Only the zeppelin gets there in time: spending a single-use card is the
            # player's choice, never made for them.
            # TRANSLATORS: {choice} is what is typed: the number and z ("3z").
            self.talk.warn(
                _(
                    "Entry {number} can be played only by zeppelin now: type {choice} to fly."
                ).format(number=number, choice=f"{number}z")
            )
            return None
        return actions[0]

    def _why_not(self, action: Action, otherwise: str) -> str:
        """Why ``action`` may not be played now, in words (``otherwise`` if the engine
        finds no reason)."""
        state = self.game.state
        why = why_illegal(state, action)
        return illegal_line(why, state) if why is not None else otherwise

    def _plan_at(self, legal: Sequence[Action], region: int, options: list[str]) -> Action | None:
        """``dig SITE`` typed without weeks: the planner for that site, with the options
        typed already chosen."""
        digs = tuple(a for a in legal if isinstance(a, Dig) and a.region == region)
        if not digs:
            site = place_name(self.game.catalog.regions[region])
            trial = Dig(region, 1)
            reason = self._why_not(trial, _("no dig there is possible now"))
            self.talk.warn(_("No dig at {site} now: {reason}.").format(site=site, reason=reason))
            return None
        return self.planner.choose(digs, " ".join(options))

    # ------------------------------------------------------------ questions

    def _answer(self, question: Question) -> None:
        """Ask this terminal's person ``question`` (an undo of their action); it ends with a
        no when the table drops it (too late, the game moved on)."""
        names = [printable(s.name) for s in self.game.seats]
        action = printable(question.taken[0][1])
        after = [
            # TRANSLATORS: an action taken back with another: "Bob's 'take 2'".
            _("{name}'s '{action}'").format(name=printable(p), action=printable(a))
            for p, a in question.taken[1:]
        ]
        # TRANSLATORS: put into the question to take an action back: " (and Bob's 'take 2'
        # after it)", with the space before it.
        also = _(" (and {actions} after it)").format(actions=", ".join(after)) if after else ""
        if question.asker in self.place.seats:  # at one keyboard: the owner is asked there
            # TRANSLATORS: y is the answer yes (pgettext "answer": its translation is taken).
            text = _("{name}, take back your '{action}'{also}? [y/N] ").format(
                name=names[question.owner], action=action, also=also
            )
        else:
            # TRANSLATORS: y is the answer yes (pgettext "answer": its translation is taken).
            text = _("{name} asks to take back your '{action}'{also}. Agree? [y/N]").format(
                name=names[question.asker], action=action, also=also
            )
        self._draw([], FormattedText([("", text)]))
        yes = self._agrees(text, until=lambda: not self.table.asks(question.number))
        self.table.answer(self.place, question.number, yes)

    def _say_where_saved(self, lead: str) -> None:
        ended = self.place.ended
        if ended is not None:
            self.console.print(Text(_(ENDINGS[ended])))
        elif lead and self.hosted and not self.host:
            self.console.print(Text(_("You left the table; your seat waits for you.")))
        super()._say_where_saved(lead)
