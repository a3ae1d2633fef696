"""One terminal's view of a shared table: the hot-seat table (:class:`TerminalGame`, its
screen, menus, planner, hints, log and help) drawn from a copy of the game that the
authority (:class:`~thebes.tui.seating.Seating`) brings up to date, and redrawn whenever
anyone at the table acts.

Only the terminal of the seat to move gets a prompt that acts; every other one gets a prompt
that names whose turn it is and takes the commands that look, ``say`` and ``quit``. An
action goes to the authority, which refuses it if the game moved on since it was drawn.
Bots play on the host, not in any view.
"""

from __future__ import annotations

from prompt_toolkit.formatted_text import FormattedText
from rich.cells import cell_len
from rich.text import Text

from thebes.analysis.hints import Hinter
from thebes.records.session import Session
from thebes.rules import Action
from thebes.safeio.text import printable
from thebes.tui.commands import COMMANDS
from thebes.tui.hintview import HINT_KEY
from thebes.tui.menu import build_menu
from thebes.tui.prompting import wrapped_question
from thebes.tui.seating import WATCHING, Place, Question, SeatCommands, Seating
from thebes.tui.table import PROMPT_ROOM, QuitGame, TerminalGame
from thebes.tui.talk import saved_notice
from thebes.tui.terminal import Terminal


class SeatView(TerminalGame):
    """The table at one terminal of a shared game, for one seat or for a spectator."""

    def __init__(
        self,
        seating: Seating,
        view: Session,
        terminal: Terminal,
        place: Place,
        log: list[str],
        *,
        hinter: Hinter | None = None,
    ) -> None:
        super().__init__(view, terminal, fast=True, hinter=hinter)
        self.bots = {}  # they play on the host, not here
        self.seating = seating
        self.place = place
        self.waiting: str | None = None  # what the table waits for, as last said here
        self.talk.log = log  # the table's one log: every view reads it
        self.commands = SeatCommands(
            view,
            terminal,
            self.talk,
            seating,
            place,
            confirm_quit=self._confirm_quit,
            ask=self._agrees,
            hinter=hinter,
        )
        game_file = seating.game_file()
        if place.host and seating.notes_for(place):
            # The invites printed before the table are hidden by it: the host gets them back.
            self.talk.say("Type invites to see how friends join.")
        elif place.host and game_file is not None:
            self.talk.say(saved_notice(game_file))
        place.wakers += [self.prompt.app.invalidate, self.question.app.invalidate]

    def _title(self) -> str:
        if self.place.host or self.session.seed is None:
            return super()._title()
        # Its draws follow from the seed: whoever has it could foresee them. The host
        # chose it and knows it; the others are told the game is seeded, not the seed.
        return "Thebes — seeded game (its seed is the host's)"

    # ------------------------------------------------------------ the loop

    def _run(self) -> bool:
        try:
            while True:
                self._refresh()
                if self.place.ended is not None:
                    raise QuitGame
                if self.session.is_over:
                    return True
                try:
                    self._one_prompt()
                except KeyboardInterrupt:  # at the host's terminal, between two prompts
                    self._fresh_line()
                    self._confirm_quit()
        except QuitGame:
            return False

    def _one_prompt(self) -> None:
        question = self.seating.question_for(self.place)
        if question is not None:
            self._answer(question)
        elif self._too_small():
            self._small_turn()
        else:
            self._turn()

    def _refresh(self) -> None:
        said, waiting = self.seating.refresh(self.session, self.place)
        message = self.talk.message
        if message is not None and message.plain == self.waiting:
            self.talk.message = None  # what the table waited for is over, or said anew
        self.waiting = printable(waiting) if waiting is not None else None
        if said:
            self.talk.say(said[-1])
        elif waiting is not None and self.talk.message is None:
            self.talk.say(waiting)

    def _acts(self, seat: int | None) -> bool:
        """Whether this terminal acts for ``seat`` now (its own seat, played by a person)."""
        return seat is not None and seat == self.place.seat and not self.session.seats[seat].is_bot

    def _turn(self) -> None:
        session = self.session
        seat = session.active_seat
        assert seat is not None
        mine = self._acts(seat)
        legal = session.legal_actions() if mine else ()
        menu = build_menu(session.state, legal) if mine else []
        if mine:
            again = bool(session.steps) and session.state.last_actor == seat
            message = self._prompt_message(seat, again)
        else:
            message = self._watch_message(seat)
        self._draw(menu, message)
        text = self._ask(message, legal, menu)
        if self.redrawing:
            return  # someone else acted, or the window changed: the message stays said
        action = self._interpret(text, legal, menu) if mine else self._interpret_watching(text)
        if action is not None and self._too_small():
            self.talk.warn(f"Not played: {session.notation(action)}; the terminal shrank.")
        elif action is not None:
            self._play(action)

    def _small_turn(self) -> None:
        """Below the smallest layout: the notice alone, and a prompt that plays nothing."""
        self._draw([])
        text = self._ask(FormattedText([("", "Waiting for a larger terminal: ")]), (), [])
        self.talk.message = None
        if text.strip().lower() == "quit":
            self._confirm_quit()
        elif text.strip():
            self.talk.warn("Nothing is played until the terminal is at least 80x24.")

    def _play(self, action: Action) -> None:
        refused = self.seating.play(self.place, action)
        if refused is not None:
            self.talk.warn(refused)

    def _redraw_needed(self) -> bool:
        return super()._redraw_needed() or self.seating.changed(self.place)

    # ------------------------------------------------------------ out of turn

    def _watch_message(self, seat: int) -> FormattedText:
        """The prompt of a terminal that is not to move: whose turn it is, what it may type."""
        seat_info = self.session.seats[seat]
        style = f"bold fg:{seat_info.colour}" if self.colour else "bold"
        who = " (bot)" if seat_info.is_bot else ""
        ask = f"{who} to play. You may type {WATCHING}: "
        if cell_len(seat_info.name + ask) > self.size()[0] - PROMPT_ROOM:
            ask = f"{who} to play (help, log, board, say TEXT, quit): "
        return FormattedText([(style, seat_info.name), ("", ask)])

    def _interpret_watching(self, text: str) -> Action | None:
        """A line typed out of turn: commands that look are carried out, anything that would
        act is refused with the reason. Never an action."""
        line = self._read_line(text)
        if line is None:
            return None
        text, word = line
        if word == "hint" or text == HINT_KEY:
            self.talk.warn("A hint is for the player to move, on their turn, at their terminal.")
        elif word in COMMANDS:
            self.commands.run(word, text[len(word) :].strip())
        else:
            self.talk.warn(self._not_yours())
        return None

    def _not_yours(self) -> str:
        session = self.session
        seat = session.active_seat
        name = session.seats[seat].name if seat is not None else "nobody"
        if self.place.seat is None:
            return f"You are watching: spectators play nothing. It is {name}'s turn."
        if session.seats[self.place.seat].is_bot:
            return f"A bot plays your seat now. It is {name}'s turn."
        return f"It is {name}'s turn, not yours."

    def _answer(self, question: Question) -> None:
        """Ask this terminal's player ``question``; it is ended from outside (no) when it
        expires."""
        self._draw([], FormattedText([("", question.text)]))
        app = self.question.app

        def expired(_: object) -> None:
            if (question.expired or self.place.gone.is_set()) and not app.is_done:
                app.exit(result="n")

        app.before_render += expired
        try:
            yes = self._agrees(question.text)
        finally:
            app.before_render -= expired
        self.seating.answer(question, yes)

    # ------------------------------------------------------------ leaving

    def _confirm_quit(self) -> None:
        """A player leaves the table (their seat waits for them); the host's leaving ends
        hosting for everyone. A dropped connection leaves without a question."""
        if self.place.gone.is_set() or self.place.ended is not None:
            raise QuitGame
        if self.place.host:
            question = "End hosting? Everyone leaves the table; the game is saved. [y/N]"
        elif self.place.seat is None:
            question = "Leave the table? [y/N]"
        else:
            question = "Leave the table? Your seat waits for you. [y/N]"
        try:
            answer = self.prompt.prompt(wrapped_question(question, self.size()[0]))
        except (KeyboardInterrupt, EOFError):
            answer = "y"  # as at the hot-seat table: Ctrl-C or Ctrl-D there leaves
        if answer.strip().lower() in ("y", "yes"):
            if self.place.host:
                self.seating.leave(self.place)
            raise QuitGame

    def _say_where_saved(self, lead: str) -> None:
        if self.place.ended is not None:
            self.console.print(Text(self.place.ended))
        elif lead and not self.place.host:
            self.console.print(Text("You left the table; your seat waits for you."))
        super()._say_where_saved(lead)

    def _where_saved(self, lead: str) -> list[str]:
        """Said at the host's terminal only: a remote player is never told the host's paths."""
        if not self.place.host:
            return []
        self.session.autosave = self.seating.game_file()
        try:
            return super()._where_saved(lead)
        finally:
            self.session.autosave = None
