"""What the table at a terminal asks: the prompt of the person to move (with completion and
the costs in weeks), the prompt of everyone else, the yes-or-no questions, and leaving.

When the table publishes something (:meth:`Asking._wake`, called by the table from any
thread), the waiting prompt looks: news that changes only the message line (a line said, a
join, a drop) is written there while the prompt goes on; anything else, or a change of the
terminal's size, ends the prompt, the screen is drawn again and the prompt comes back with
what was typed so far.
"""

from __future__ import annotations

import contextlib
import threading
import time
from collections.abc import Callable, Sequence

from prompt_toolkit import PromptSession
from prompt_toolkit.completion import WordCompleter
from prompt_toolkit.formatted_text import FormattedText, fragment_list_width
from rich.cells import cell_len

from thebes.language import _, pgettext
from thebes.records.spoken_notation import say_action
from thebes.rules import Action
from thebes.safeio.text import printable
from thebes.table.authority import Table
from thebes.table.places import Place
from thebes.table.snapshot import TableSnapshot
from thebes.tui.clock import SECONDS_SHOWN, time_left
from thebes.tui.command_words import all_as_typed, as_typed
from thebes.tui.commands import COMMANDS
from thebes.tui.menu import MenuEntry, action_label
from thebes.tui.palette import prompt_style
from thebes.tui.prompting import prompt_session, question_session, shown_path, wrapped_question
from thebes.tui.talk import TableTalk
from thebes.tui.terminal import Terminal

# A prompt's result when it was left to draw the table anew (what was typed follows).
REDRAW = "\x00redraw:"
# A terminal redraws for the table's news at most this often: a flood of talk or of joins
# is shown in a few redraws, not one each, and leaves the host's time to the players.
REDRAW_EVERY = 0.25
CLOCK_TICK = 1.0  # seconds between two readings of a server's clock beside the prompt
# Columns a prompt leaves on its row for what is typed (an action is rarely longer).
PROMPT_ROOM = 16
# What a terminal that is not to move may type, as its prompt says it: commands by their
# English names, shown in the player's words (all_as_typed).
WATCHING = ["help", "log", "board", "bags", "players", "rules", "say TEXT", "quit"]
WATCHING_SHORT = ["help", "log", "board", "say TEXT", "quit"]


def is_yes(answer: str) -> bool:
    """Whether ``answer`` (stripped, in lower case) says yes: y or yes, or the words for them
    in the player's language."""
    # TRANSLATORS: the answers yes to a [y/N] question, as typed: the English ones are
    # taken too.
    yes = {"y", "yes", pgettext("answer", "y"), pgettext("answer", "yes")}
    return answer in yes


class QuitGame(Exception):
    """The player chose to leave; the game is saved."""


class Asking:
    """The prompts of one terminal's table."""

    table: Table
    place: Place
    game: TableSnapshot
    talk: TableTalk
    hosted: bool
    gone: threading.Event
    size: Callable[[], tuple[int, int]]
    stale: bool  # the table was looked at since it was drawn, and changed
    # What the table published, looked at: True if only the message line changed, and it
    # was written where it is (the screen is not drawn anew for talk, joins and drops).
    _news_in_place: Callable[[], bool]

    def __init__(self, terminal: Terminal) -> None:
        self.prompt: PromptSession[str] = prompt_session(terminal)
        self.question = question_session(terminal)  # yes or no: Esc says no
        self.remote = terminal.remote
        self.typed = ""  # what the player had typed when the prompt was left to redraw
        self.redrawing = False  # the last prompt was left to draw the table anew, not typed
        self.drawn_size = (0, 0)
        self.drawn_at = 0.0  # when the screen was last drawn (time.monotonic)
        self.stale = False
        self._later = False  # a redraw is due once REDRAW_EVERY has passed
        self._put_off = 0  # redraws put off while a line is typed, under this prompt

    def _wake(self) -> None:
        """Something happened at the table (called from any thread): the prompt waiting
        here looks, and leaves to redraw if what it shows is out of date."""
        for app in (self.prompt.app, self.question.app):
            # A prompt that ends in its own thread meanwhile has no event loop left to
            # wake (prompt_toolkit checks, then uses it): the next prompt sees the change.
            with contextlib.suppress(RuntimeError):
                app.invalidate()

    def _ask(self, message: FormattedText, legal: Sequence[Action], menu: list[MenuEntry]) -> str:
        """The player's line, or "" when the prompt was left to redraw (what was typed so
        far comes back as the next prompt's text)."""
        game = self.game
        regions = game.catalog.regions
        # Commands complete in the player's words, as the help names them.
        words = [say_action(a, regions) for a in legal] + [c.word for c in COMMANDS.values()]
        meta = {say_action(a, regions): action_label(game.state, a) for a in legal}
        remote = self.remote  # no path of the host's named at a remote terminal
        meta.update((c.word, c.help_at(remote=remote)) for c in COMMANDS.values())
        completer = WordCompleter(words, sentence=True, meta_dict=meta)
        typed, self.typed = self.typed, ""
        while True:
            try:
                text = self.prompt.prompt(
                    message,
                    completer=completer,
                    default=typed,
                    pre_run=self._watch,
                    rprompt=lambda: self._completion_note(message) or self._clock(message),
                    # A server's clock ticks beside the prompt.
                    refresh_interval=None if game.move_deadline is None else CLOCK_TICK,
                )
            except (KeyboardInterrupt, EOFError) as exc:
                if isinstance(exc, EOFError) and self.hosted:
                    raise  # the connection's input ended: the terminal leaves
                self._confirm_quit()
                continue
            finally:
                # The session's application outlives this prompt: the planner's and the
                # quit question's prompts must not be left on a redraw.
                self.prompt.app.before_render -= self._redraw_check
            self.redrawing = text.startswith(REDRAW)
            if self.redrawing:
                self.typed = text[len(REDRAW) :]
                return ""
            return text

    def _completion_note(self, message: FormattedText) -> FormattedText:
        """On the prompt's row, right of what is typed, while Tab completes: the completion
        shown and what it is (``dig Egypt: 3 travel + 1-12 wk``), or those Tab goes through
        (``dig Crete 4 · dig Egypt 3 · …``), cut to the room left; nothing otherwise."""
        buffer = self.prompt.default_buffer
        state = buffer.complete_state
        if state is None or not state.completions:
            return FormattedText([])
        room = self.size()[0] - fragment_list_width(message) - cell_len(buffer.text) - 3
        current = state.current_completion
        if current is not None:
            note = current.display_meta_text or current.display_text
        else:
            note = " · ".join(c.display_text for c in state.completions)
        if room < 8:
            return FormattedText([])
        if cell_len(note) > room:
            note = note[: room - 1].rstrip() + "…"
        return FormattedText([("italic" if self.talk.colour else "", note)])

    def _clock(self, message: FormattedText) -> FormattedText:
        """On the prompt's row, right of what is typed: the time the player to move has
        left, at a server's table with a clock; nothing where it does not fit."""
        deadline = self.game.move_deadline
        if deadline is None or self.game.is_over:
            return FormattedText([])
        left = deadline - time.time()
        said = time_left(left)
        typed = cell_len(self.prompt.default_buffer.text)
        if cell_len(said) > self.size()[0] - fragment_list_width(message) - typed - 3:
            return FormattedText([])
        return FormattedText([("bold" if left < SECONDS_SHOWN else "", said)])

    def _watch(self) -> None:
        self._later = False  # a redraw put off under an earlier prompt died with its loop
        self._put_off = 0
        self.prompt.app.before_render += self._redraw_check

    def _redraw_check(self, _: object) -> None:
        app = self.prompt.app
        if app.is_done or not self._redraw_needed():
            return
        if self.size() == self.drawn_size and not self.stale and self._news_in_place():
            return  # only the message changed: written where it is, the prompt kept
        wait = self.drawn_at + REDRAW_EVERY - time.monotonic()
        if self.size() == self.drawn_size and app.current_buffer.text and self._put_off < 4:
            # A line being typed: its Enter is let in first (a prompt left between a line
            # and its Enter loses the Enter), for at most a second.
            self._put_off += 1
            wait = max(wait, REDRAW_EVERY)
        if wait > 0 and self.size() == self.drawn_size:
            if not self._later:  # news again soon after the last redraw: one redraw later
                self._later = True
                app.loop.call_later(wait, self._redraw_later)  # type: ignore[union-attr]
            return
        app.exit(result=REDRAW + app.current_buffer.text)

    def _redraw_later(self) -> None:
        self._later = False
        self.prompt.app.invalidate()

    def _redraw_needed(self) -> bool:
        """The table changed since it was drawn here, or the terminal's size did."""
        return self.stale or self.size() != self.drawn_size or self.table.changed(self.place)

    def _confirm_quit(self) -> None:
        """Leave the table, if the person agrees (the host's leaving ends hosting for
        everyone); a dropped connection leaves without a question."""
        if self.hosted and (self.gone.is_set() or self.place.ended is not None):
            raise QuitGame
        question = self._quit_question()
        try:
            answer = self.prompt.prompt(wrapped_question(question, self.size()[0]))
        except (KeyboardInterrupt, EOFError):
            answer = "y"  # Ctrl-C or Ctrl-D at the question leaves
        if is_yes(answer.strip().lower()):
            if self.hosted and self.place.host:
                self.table.close(but=self.place)
            raise QuitGame

    def _quit_question(self) -> str:
        # TRANSLATORS: in each question, y is the answer yes (pgettext "answer": its
        # translation is taken too).
        if self.hosted and self.place.host:
            return _("End hosting? Everyone leaves the table; the game is saved. [y/N]")
        if self.hosted:
            if not self.place.seats:
                return _("Leave the table? [y/N]")
            return _("Leave the table? Your seat waits for you. [y/N]")
        game = self.game
        path, problem = game.autosave, game.save_problem
        if problem is not None:
            # TRANSLATORS: {command} is the command typed to save elsewhere ("save PATH").
            return _(
                "Leave the game (it is NOT saved: {problem}; '{command}' saves it elsewhere)? [y/N]"
            ).format(problem=printable(problem), command=as_typed("save", "PATH"))
        if path:
            return _("Leave the game (it is saved in {path})? [y/N]").format(path=shown_path(path))
        return _("Leave the game? [y/N]")

    def _fresh_line(self) -> None:
        """Back to the start of the row, wiped: Ctrl-C while the bots move is echoed there
        ("^C") by the terminal, and the question drawn after it would be shifted."""
        output = self.prompt.output
        output.write_raw("\r")
        output.erase_end_of_line()
        output.flush()

    def _agrees(
        self, question: str, *, default: bool = False, until: Callable[[], bool] | None = None
    ) -> bool:
        """A yes-or-no answer: y or yes, n or no, Enter the default; Esc, Ctrl-C, Ctrl-D and
        anything else say no, and so does ``until()`` becoming true meanwhile."""
        app = self.question.app

        def ended(_: object) -> None:
            if until is not None and until() and not app.is_done:
                app.exit(result="n")

        app.before_render += ended
        try:
            answer = self.question.prompt(wrapped_question(question, self.size()[0]))
            answer = answer.strip().lower()
        except (KeyboardInterrupt, EOFError):
            return False
        finally:
            app.before_render -= ended
        return is_yes(answer) or (default and not answer)

    def _confirmed(self, action: Action | None) -> Action | None:
        """``action``, chosen by a number, once its player has seen it with its cost and
        agreed (nothing is drawn before), None if they go back; with confirmation off,
        ``action`` as it is."""
        game = self.game
        if action is None or not game.confirm_enabled:
            return action
        seat = game.active_seat
        assert seat is not None
        label = action_label(game.state, action)
        # One row where it can be: a second one would push the screen's title out of view.
        # TRANSLATORS: Y is the answer yes, the default.
        asked = _("{name}: {action}. Play it? [Y/n]").format(
            name=game.seats[seat].name, action=label
        )
        if cell_len(asked) >= self.size()[0]:
            # The name is on the prompt line above.
            asked = _("{action}. Play it? [Y/n]").format(action=label)
        if self._agrees(asked, default=True):
            return action
        self.talk.say(
            _("Not played: {action}. Nothing has changed.").format(
                action=say_action(action, game.catalog.regions)
            )
        )
        return None

    def _prompt_message(self, seat: int, again: bool) -> FormattedText:
        seat_info = self.game.seats[seat]
        style = prompt_style(seat_info.colour) if self.talk.colour else "bold"
        # After the player's name: whose turn it is again, and what may be typed.
        note = " " + _("(again: still furthest back in time)") if again else ""
        ask = " — " + _("a number, an action (Tab completes), or {command}: ").format(
            command=as_typed("help")
        )
        # One row with room to type (a prompt wrapped by prompt_toolkit breaks mid-word):
        # the short form where the long one would not leave it.
        if cell_len(seat_info.name + note + ask) > self.size()[0] - PROMPT_ROOM:
            # TRANSLATORS: after a player's name: their turn again, said short.
            note = " " + _("(again)") if again else ""
            ask = " — " + _("a number, an action, or {command}: ").format(command=as_typed("help"))
        return FormattedText([(style, seat_info.name), ("", note + ask)])

    def _watch_message(self, seat: int) -> FormattedText:
        """The prompt of a terminal that is not to move: whose turn it is, what it may type."""
        seat_info = self.game.seats[seat]
        style = prompt_style(seat_info.colour) if self.talk.colour else "bold"
        # TRANSLATORS: after a player's name: a computer player's.
        who = " " + _("(bot)") if seat_info.is_bot else ""
        ask = (
            who
            + " "
            # TRANSLATORS: after a player's name ("Ann to play. ..."); {commands} are
            # command words, as typed.
            + _("to play. You may type {commands}: ").format(commands=all_as_typed(WATCHING))
        )
        if cell_len(seat_info.name + ask) > self.size()[0] - PROMPT_ROOM:
            ask = (
                who
                + " "
                # TRANSLATORS: after a player's name ("Ann to play (help, ...): ").
                + _("to play ({commands}): ").format(commands=all_as_typed(WATCHING_SHORT))
            )
        return FormattedText([(style, seat_info.name), ("", ask)])
