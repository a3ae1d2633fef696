"""The hot-seat game at one keyboard: draw the screen, ask the active player, play.

Each turn the screen is redrawn for the terminal's current size, with a numbered menu of
the legal actions under it. The prompt (prompt_toolkit) takes a menu number, an action in
the notation (tab completes every legal one, with its cost), or a command. Bots in the
game take their turns through the same loop. The session autosaves after every action, so
quitting, Ctrl-C or Ctrl-D never lose anything.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import replace

from prompt_toolkit import PromptSession
from prompt_toolkit.completion import WordCompleter
from prompt_toolkit.formatted_text import FormattedText, fragment_list_width, to_formatted_text
from rich.cells import cell_len
from rich.console import Group, RenderableType
from rich.text import Text

from thebes.analysis.hints import Hinter
from thebes.bots import Player, make_bot
from thebes.records.library import as_file_argument
from thebes.records.notation import NotationError, parse_dig_site
from thebes.records.session import Session
from thebes.rules import Action, Dig, why_illegal
from thebes.safeio.invocation import thebes_command
from thebes.safeio.text import printable
from thebes.tui import panels
from thebes.tui.chart import game_chart
from thebes.tui.commands import COMMANDS, Commands, did_you_mean
from thebes.tui.final import final_view
from thebes.tui.hintview import HINT_KEY, MENU_LABEL, hint_panel
from thebes.tui.linecap import line_problem
from thebes.tui.menu import MenuEntry, action_label, build_menu, menu_rows, menu_view, read_choice
from thebes.tui.planner import DigPlanner
from thebes.tui.prompting import prompt_session, question_session, shown_path, wrapped_question
from thebes.tui.screen import (
    MIN_HEIGHT,
    MIN_WIDTH,
    ScreenInfo,
    game_screen,
    is_wide,
    title_line,
    too_small_notice,
)
from thebes.tui.signals import Ended, held
from thebes.tui.talk import TableTalk
from thebes.tui.terminal import Terminal

BOT_PAUSE_SECONDS = 0.8
RESIZED = "\x00resized:"  # a prompt's result when the terminal changed size under it
# Columns a prompt leaves on its row for what is typed (an action is rarely longer).
PROMPT_ROOM = 16


class QuitGame(Exception):
    """The player chose to leave; the game is saved."""


class TerminalGame:
    def __init__(
        self,
        session: Session,
        terminal: Terminal,
        *,
        fast: bool = False,
        hinter: Hinter | None = None,
    ) -> None:
        self.session = session
        self.terminal = terminal
        self.console = terminal.console
        self.fast = fast
        self.colour = terminal.colour
        self.size = terminal.size
        self.prompt: PromptSession[str] = prompt_session(terminal)
        self.question = question_session(terminal)  # yes or no: Esc says no
        self.planner = DigPlanner(session, self.console, self.prompt, above=self._planner_head)
        self.bots: dict[int, Player] = {
            seat: make_bot(s.bot, session.seed, seat, session.expert_budget)
            for seat, s in enumerate(session.seats)
            if s.bot is not None
        }
        self.talk = TableTalk(session, colour=self.colour)
        self.commands = Commands(
            session,
            terminal,
            self.talk,
            confirm_quit=self._confirm_quit,
            ask=self._agrees,
            hinter=hinter,
        )
        self.typed = ""  # what the player had typed when a resize interrupted the prompt
        self.redrawing = False  # the last prompt was left to draw the table anew, not typed
        self.drawn_size = (0, 0)

    # ------------------------------------------------------------ the loop

    def run(self) -> bool:
        """Play until the game ends (True) or a player quits (False). The table is drawn on
        the terminal's alternate screen; the final table, or where the game is saved, is
        printed after it, where it stays."""
        with self.terminal.prompting():
            try:
                with self.terminal.full_screen():
                    over = self._run()
            except Ended as ended:
                # Said by `thebes` in one line once the terminal is back to what it was.
                ended.where = " ".join(self._where_saved("The game")) or None
                raise
            if over:
                self._show_final()
            else:
                self._say_where_saved("Game left.")
            return over

    def _run(self) -> bool:
        try:
            while not self.session.is_over:
                self._wait_for_room()
                seat = self.session.active_seat
                assert seat is not None
                if seat in self.bots:
                    try:
                        self._bot_turn(seat)
                    except KeyboardInterrupt:
                        # Asked as at the prompt (the file has every move played so far);
                        # staying, the bots go on where they were.
                        self.session.save_if_autosaving()
                        self._fresh_line()
                        self._confirm_quit()
                else:
                    self._human_turn(seat)
        except QuitGame:
            return False
        return True

    def _bot_turn(self, seat: int) -> None:
        session = self.session
        if not self.fast:
            # A search takes a moment (an expert's move up to a second or two): meanwhile the
            # table shows the last move and who is thinking, not the last person's menu. The
            # line goes in the rows _draw leaves free under the screen while bots move.
            self._draw([])
            name = printable(session.seats[seat].name)
            self.console.print(Text(f"{name} is thinking…", style="italic"))
        action = self.bots[seat].choose(session.state, session.legal_actions())
        self._play(action)
        if not self.fast:
            self._draw([])
            time.sleep(BOT_PAUSE_SECONDS)

    def _human_turn(self, seat: int) -> None:
        session = self.session
        again = bool(session.steps) and session.state.last_actor == seat
        history = len(session.steps)
        # An undo changes the history: the turn then belongs to whoever it went back to.
        while len(session.steps) == history:
            if self._too_small():
                return  # the loop waits for room, then gives this turn again
            legal = session.legal_actions()
            menu = build_menu(session.state, legal)
            message = self._prompt_message(seat, bool(again))
            self._draw(menu, message)
            text = self._ask(message, legal, menu)
            action = self._interpret(text, legal, menu)
            if action is not None and self._too_small():
                # Shrunk while the action was chosen or confirmed: nothing is played
                # at a terminal that cannot show what it did.
                self.talk.warn(f"Not played: {session.notation(action)}; the terminal shrank.")
            elif action is not None:
                self._play(action)
                return

    def _play(self, action: Action) -> None:
        with held():  # a signal never stops an action between its play and its autosave
            self.session.play(action)
        self.talk.tell_last_step()
        self.talk.after_autosave()

    # ------------------------------------------------------------ too small

    def _too_small(self) -> bool:
        return too_small_notice(*self.size()) is not None

    def _wait_for_room(self) -> None:
        """While the terminal is below the smallest layout: the notice alone, and a prompt
        that plays nothing and lets no bot move; it ends when the terminal is resized."""
        waited = False
        while self._too_small():
            waited = True
            self._draw([])
            text = self._ask(FormattedText([("", "Waiting for a larger terminal: ")]), (), [])
            self.talk.message = None
            if text.strip().lower() == "quit":
                self._confirm_quit()
            elif text.strip():
                least = f"{MIN_WIDTH}x{MIN_HEIGHT}"
                self.talk.warn(f"Nothing is played until the terminal is at least {least}.")
        if waited:
            self.talk.message = None

    # ------------------------------------------------------------ input

    def _ask(self, message: FormattedText, legal: Sequence[Action], menu: list[MenuEntry]) -> str:
        """The player's line, or "" after a resize (the loop then redraws; what was typed
        so far comes back as the next prompt's text)."""
        words = [self.session.notation(a) for a in legal] + list(COMMANDS)
        meta = {self.session.notation(a): action_label(self.session.state, a) for a in legal}
        meta.update((name, command.help) for name, command in COMMANDS.items())
        completer = WordCompleter(words, sentence=True, meta_dict=meta)
        typed, self.typed = self.typed, ""
        while True:
            try:
                text = self.prompt.prompt(
                    message, completer=completer, default=typed, pre_run=self._watch_resize
                )
            except (KeyboardInterrupt, EOFError):
                self._confirm_quit()
                continue
            finally:
                # The session's application outlives this prompt: the planner's and the
                # quit question's prompts must not be left on a resize.
                self.prompt.app.before_render -= self._resize_check
            self.redrawing = text.startswith(RESIZED)
            if self.redrawing:
                self.typed = text[len(RESIZED) :]
                return ""
            return text

    def _watch_resize(self) -> None:
        """Leave the prompt when the terminal changes size, so the screen is drawn anew."""
        self.prompt.app.before_render += self._resize_check

    def _resize_check(self, _: object) -> None:
        app = self.prompt.app
        if self._redraw_needed() and not app.is_done:
            app.exit(result=RESIZED + app.current_buffer.text)

    def _redraw_needed(self) -> bool:
        """The terminal changed size (at a shared table, also: someone else acted)."""
        return self.size() != self.drawn_size

    def _confirm_quit(self) -> None:
        path, problem = self.session.autosave, self.session.save_problem
        where = f" (it is saved in {shown_path(path)})" if path else ""
        if problem is not None:
            where = f" (it is NOT saved: {printable(problem)}; 'save PATH' saves it elsewhere)"
        question = wrapped_question(f"Leave the game{where}? [y/N]", self.size()[0])
        try:
            answer = self.prompt.prompt(question)
        except (KeyboardInterrupt, EOFError):
            raise QuitGame from None
        if answer.strip().lower() in ("y", "yes"):
            raise QuitGame

    def _fresh_line(self) -> None:
        """Back to the start of the row, wiped: Ctrl-C while the bots move is echoed there
        ("^C") by the terminal, and the question drawn after it would be shifted."""
        output = self.terminal.output
        output.write_raw("\r")
        output.erase_end_of_line()
        output.flush()

    def _agrees(self, question: str, *, default: bool = False) -> bool:
        """A yes-or-no answer: y or yes, n or no, Enter the default; Esc, Ctrl-C, Ctrl-D and
        anything else say no."""
        try:
            answer = self.question.prompt(wrapped_question(question, self.size()[0]))
            answer = answer.strip().lower()
        except (KeyboardInterrupt, EOFError):
            return False
        return answer in ("y", "yes") or (default and not answer)

    def _confirmed(self, action: Action | None) -> Action | None:
        """``action``, chosen by a number, once its player has seen it with its cost and
        agreed (nothing is drawn before), None if they go back; with confirmation off,
        ``action`` as it is."""
        session = self.session
        if action is None or not session.confirm_enabled:
            return action
        seat = session.active_seat
        assert seat is not None
        label = action_label(session.state, action)
        # One row where it can be: a second one would push the screen's title out of view.
        asked = f"{session.seats[seat].name}: {label}. Play it? [Y/n]"
        if cell_len(asked) >= self.size()[0]:
            asked = f"{label}. Play it? [Y/n]"  # the name is on the prompt line above
        if self._agrees(asked, default=True):
            return action
        self.talk.say(f"Not played: {session.notation(action)}. Nothing has changed.")
        return None

    def _prompt_message(self, seat: int, again: bool) -> FormattedText:
        seat_info = self.session.seats[seat]
        style = f"bold fg:{seat_info.colour}" if self.colour else "bold"
        note = " (again: still furthest back in time)" if again else ""
        ask = " — a number, an action (Tab completes), or help: "
        # One row with room to type (a prompt wrapped by prompt_toolkit breaks mid-word):
        # the short form where the long one would not leave it.
        if cell_len(seat_info.name + note + ask) > self.size()[0] - PROMPT_ROOM:
            note = " (again)" if again else ""
            ask = " — a number, an action, or help: "
        return FormattedText([(style, seat_info.name), ("", note + ask)])

    def _read_line(self, text: str) -> tuple[str, str] | None:
        """A typed line, stripped, and its first word in lower case; None for an empty
        line or one refused (the reason said). The last message goes either way."""
        self.talk.message = None
        problem = line_problem(text)
        if problem is not None:
            self.talk.warn(problem)
            return None
        text = text.strip()
        return (text, text.split()[0].lower()) if text else None

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
        try:
            site = parse_dig_site(text, self.session.catalog.regions)
            if site is not None:
                return self._confirmed(self._plan_at(legal, *site))
            action = self.session.parse(text)
        except NotationError as exc:
            self.talk.warn(f"{exc}.{did_you_mean(word, text)} Type help for the commands.")
            return None
        if action in legal:
            return action
        self.talk.warn(
            f"Not allowed: {why_illegal(self.session.state, action) or 'not legal now'}."
        )
        return None

    def _menu_choice(self, menu: list[MenuEntry], number: int, zeppelin: bool) -> Action | None:
        """The action of menu entry ``number`` (by zeppelin if asked), or None with the
        reason said; a dig site opens the planner."""
        entry = next((e for e in menu if e.number == number), None)
        if entry is None:
            shown = ", ".join(str(e.number) for e in menu if e.playable)
            self.talk.warn(f"There is no entry {number} now: choose one of {shown}.")
            return None
        if not entry.playable:
            self.talk.warn(f"Entry {number} cannot be played now: {entry.reason}.")
            return None
        if zeppelin and not entry.by_zeppelin:
            self.talk.warn(f"Entry {number} cannot be played by zeppelin now.")
            return None
        if entry.is_dig_site:
            digs = tuple(a for a in entry.actions if isinstance(a, Dig))
            return self.planner.choose(digs, "+zeppelin" if zeppelin else "")
        actions = entry.zeppelin() if zeppelin else entry.plain()
        if not actions:
            # Only the zeppelin gets there in time: spending a single-use card is the
            # player's choice, never made for them.
            self.talk.warn(
                f"Entry {number} can be played only by zeppelin now: type {number}z to fly."
            )
            return None
        return actions[0]

    def _plan_at(self, legal: Sequence[Action], region: int, options: list[str]) -> Action | None:
        """``dig SITE`` typed without weeks: the planner for that site, with the options
        typed already chosen."""
        digs = tuple(a for a in legal if isinstance(a, Dig) and a.region == region)
        if not digs:
            site = self.session.catalog.regions[region]
            trial = Dig(region, 1)
            reason = why_illegal(self.session.state, trial) or "no dig there is possible now"
            self.talk.warn(f"No dig at {site} now: {reason}.")
            return None
        return self.planner.choose(digs, " ".join(options))

    # ------------------------------------------------------------ drawing

    def _colours(self) -> list[str]:
        return [s.colour for s in self.session.seats]

    def _draw(self, menu: list[MenuEntry], prompt: FormattedText | None = None) -> None:
        width, height = self.drawn_size = self.size()
        console = self.console
        console.clear()
        notice = too_small_notice(width, height)
        if notice is not None:
            # Only the notice: a screen cut to pieces helps nobody. Nothing is played until
            # the terminal is large enough again (_wait_for_room).
            console.print(notice)
            if self.talk.message is not None:
                console.print(self.talk.message)
            return
        state = self.session.state
        keys = [(HINT_KEY, MENU_LABEL)] if menu and self.session.hints_enabled else []
        # Under the screen: the menu, the message if any and the prompt, in the rows they
        # take (the events get the rest). No floor: one pushed the title off an 80x24
        # terminal whenever the menu took four rows and the events filled their panel.
        room = height - menu_rows(menu, width, len(keys)) - self._rows_below(prompt, width)
        info = ScreenInfo(self._title(), self._colours(), *self.talk.events())
        aside = self._hint_aside()
        if aside is not None:
            # A hint takes the events' place (and the message's row, when there is none).
            info = replace(info, aside=aside)
        console.print(game_screen(state, info, width, room, wide=is_wide(width, height)))
        if menu:
            console.print(menu_view(menu, width, keys))
        if self.talk.message is not None:
            console.print(self.talk.message)

    def _title(self) -> str:  # a shared table's remote views show no seed
        return game_title(self.session)

    def _rows_below(self, prompt: FormattedText | None, width: int) -> int:
        """Rows under the menu: the message (wrapped) and the prompt with what was typed
        before a resize (two rows when there is no prompt, as while bots move)."""
        message = self.talk.message
        rows = len(message.wrap(self.console, width)) if message is not None else 0
        if prompt is None:
            return rows + 2
        cells = fragment_list_width(to_formatted_text(prompt)) + len(self.typed) + 1
        return rows + -(-cells // width)

    def _hint_aside(self) -> Callable[[int, int], RenderableType] | None:
        """The hint the player to move asked for in this position, drawn for (width, rows);
        None if there is none (an undo leaves a hint behind: it is shown when asked again,
        and noted again)."""
        session = self.session
        shown = self.talk.hint
        seat = session.active_seat
        if shown is None or seat is None or not session.hint_seen or shown[0] is not session.state:
            return None
        hints = shown[1]
        name = panels.player_text(session.seats[seat].name, session.seats[seat].colour)

        def draw(width: int, rows: int) -> RenderableType:
            return hint_panel(hints, name, width, rows)

        return draw

    def _planner_head(self) -> RenderableType:
        """Over the planner: the title and the standings, as on the game screen."""
        width, _ = self.size()
        state = self.session.state
        info = ScreenInfo(self._title(), self._colours(), "", [])
        return Group(
            title_line(state, info, width), panels.standings(state, info.colours, width=width)
        )

    # ------------------------------------------------------------ the end

    def _show_final(self) -> None:
        width, _ = self.size()
        self.console.print(Group(*(Text(line) for line in self.talk.log[-2:])))
        # The chart before the table: on a short terminal what is printed last stays in
        # view, and the final table is what the players look for.
        self.console.print(Group(Text(), game_chart(self.session, width), Text()))
        self.console.print(
            final_view(self.session.state, self._colours(), width, self.session.hints_used())
        )
        self._say_where_saved("")

    def _say_where_saved(self, lead: str) -> None:
        # The sentence wraps between words; the command has a line of its own, printed
        # whole (the terminal folds it) so that it can be copied as it is.
        lines = self._where_saved(f"{lead} The game".strip())
        if lines:
            self.console.print(Text(lines[0]))
        for line in lines[1:]:
            self.console.print(Text(line), soft_wrap=True)

    def _where_saved(self, lead: str) -> list[str]:
        """Where the game is saved and the command that goes on with it (or why it could
        not be saved), each sentence starting with ``lead`` ("The game"): nothing when the
        game has no file."""
        path = self.session.autosave
        if path is None:
            return []
        if self.session.save_problem is not None:
            return [f"{lead} could not be saved: {self.session.save_problem}."]
        if not self.session.is_over:
            go_on = f"'{thebes_command('resume ' + as_file_argument(path))}' goes on with it."
        else:
            go_on = f"'{thebes_command('replay ' + printable(str(path)))}' shows it again."
        return [f"{lead} is saved in {shown_path(path)}.", go_on]


def game_title(session: Session) -> str:
    """The screen's title: a seeded game says so (whoever has the seed foresees draws)."""
    if session.seed is None:
        return "Thebes"
    return f"Thebes — seeded game, seed {session.seed}"
