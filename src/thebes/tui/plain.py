"""Plain mode (``--plain``, ``THEBES_PLAIN=1``): the table as lines of text, for a screen
reader or any terminal that should keep every line.

Nothing is drawn over: no alternate screen, no redraw, no cursor movement (but a backspace's
erasing echo), no box drawing. Each event is one line as it happens; the player to move is
told where they stand and offered a numbered menu, one entry a line, once for each position
(an empty line tells it again); the position is told on request in sentences (``board``,
``players``, ``me``, ``bags``, :mod:`thebes.tui.telling`). Every prompt names the player and
the date. Lines are read as typed, echoed character by character, at one keyboard or at a
hosted table alike; while a hosted player types, what happens at the table is told on lines
of its own and the prompt is written again with what was typed.

:class:`PlainGame` is the table's loop of :class:`~thebes.tui.table.TerminalGame` (the same
rules, commands, undo and questions) with its drawing and asking in lines.
"""

from __future__ import annotations

import re
import time
from collections.abc import Callable, Sequence
from contextlib import AbstractContextManager, nullcontext
from typing import Any, cast

from prompt_toolkit.formatted_text import FormattedText, fragment_list_to_text, to_formatted_text
from rich.console import RenderableType
from rich.text import Text

from thebes.analysis.hints import Hint, signed
from thebes.language import _, decimal, ngettext, place_name
from thebes.records.spoken_notation import notation_examples
from thebes.rules import Action, Dig, GameState, active_seat, scores, winners
from thebes.table.ending import balance_of, end_balance
from thebes.tui.asking import QuitGame, is_yes
from thebes.tui.clock import time_left
from thebes.tui.command_words import all_as_typed, as_typed
from thebes.tui.commands import COMMANDS, Commands
from thebes.tui.final import balance_lines
from thebes.tui.line_reading import LineReader, PlainPrompt
from thebes.tui.menu import MenuEntry, action_label
from thebes.tui.personal import own_lines
from thebes.tui.planner import DigPlanner, option_effects, option_words, site_dig_options
from thebes.tui.rulebook import rulebook_text
from thebes.tui.screen import render_text
from thebes.tui.signals import held
from thebes.tui.table import TerminalGame
from thebes.tui.telling import (
    bags_lines,
    board_lines,
    date_words,
    dig_site_words,
    players_lines,
    weeks_words,
    where_and_when,
)

FIRST_LINES = 10  # the log's lines told when a table is first shown (the rest: `log`)
PLAIN_SIZE = (200, 1000)  # plain mode needs no room: no size is too small for it
# What a terminal not to move may type, as its prompt names them (in the player's words).
PLAIN_WATCHING = ["help", "board", "players", "me", "log", "say"]


class PlainCommands(Commands):
    """The table's commands, telling in lines what the screen shows in tables and pages."""

    def run(self, word: str, argument: str) -> None:
        told = {
            "help": self._help,
            "rules": self._rules,
            "log": self._log,
            "board": self._board,
            "players": self._players,
            "bags": self._bags,
            "hint": self._hint,
            "me": self.me,
        }
        if word in told:
            told[word](argument)
        else:
            super().run(word, argument)

    def _lines(self, lines: Sequence[str]) -> None:
        console = self.terminal.console
        for line in lines:
            console.print(Text(line), soft_wrap=True)

    def _help(self, argument: str) -> None:
        remote = self.terminal.remote
        lines = [_("Commands, typed at any prompt:")]
        for command in COMMANDS.values():
            lines.append(f"{command.word}: {command.help_at(remote=remote)}")
        lines += [
            _(
                "A menu number picks that action (add z to go by zeppelin: 1z) and asks you "
                "to confirm it. An empty line tells the menu again."
            ),
            _("An action can also be typed as the notation writes it: {examples}.").format(
                examples=notation_examples(self.session.variants.renew_anywhere)
            ),
            _("Ctrl-C or Ctrl-D asks to leave."),
        ]
        self._lines(lines)

    def _rules(self, _argument: str) -> None:
        self._lines(plain_markdown(rulebook_text()))

    def _log(self, _argument: str) -> None:
        self._lines(self.talk.log or [_("Nothing yet.")])

    def _board(self, _argument: str) -> None:
        self._lines(board_lines(self.session.state))

    def _players(self, _argument: str) -> None:
        self._lines(players_lines(self.session.state))

    def _bags(self, _argument: str) -> None:
        self._lines(bags_lines(self.session.state))

    def me(self, _argument: str) -> None:
        self._lines(own_lines(self))

    def _hint(self, argument: str) -> None:
        super()._hint(argument)
        hint = self.talk.hint
        if hint is not None and self.talk.message is None:  # worked out, not refused
            self._lines(hint_lines(hint[1]))

    def _page(self, renderable: RenderableType) -> None:
        self._lines(render_text(renderable, PLAIN_SIZE[0]).splitlines())


def plain_markdown(text: str) -> list[str]:
    """Markdown as lines a screen reader reads: a paragraph, a heading or a list item a
    line (the source's line breaks inside them joined), without heading marks, emphasis
    marks or code quotes."""
    lines: list[str] = []
    joining = False  # the last line goes on in the next, indented or not
    for raw in text.splitlines():
        line = raw.replace("**", "").replace("`", "")
        stripped = line.strip()
        if not stripped:
            joining = False
            continue
        starts = re.match(r"#+\s|[-*]\s|\d+\.\s|\|", stripped) is not None
        if joining and not starts:
            lines[-1] += " " + stripped
            continue
        heading = stripped.startswith("#")
        lines.append(re.sub(r"^#+\s*", "", stripped))
        joining = not heading and not stripped.startswith("|")
    return lines


class PlainPlanner(DigPlanner):
    """The dig planner in lines: the odds of each length of dig, a sentence each, told
    again only when the options change."""

    told: tuple[tuple[Dig, ...], Dig] | None = None

    def draw(self, digs: tuple[Dig, ...], options: Dig, message: Text | None) -> None:
        console = self.console
        if self.told != (digs, options):
            self.told = (digs, options)
            for line in plan_lines(self.session.state, digs, options):
                console.print(Text(line), soft_wrap=True)
        if message is not None:
            console.print(Text(message.plain), soft_wrap=True)


def plan_lines(state: GameState, digs: tuple[Dig, ...], options: Dig) -> list[str]:
    """The planner's table in sentences, then what each option would change."""
    plan = site_dig_options(state, digs, options)
    site = place_name(state.catalog.regions[plan.region])
    chosen = option_words(options).strip()
    if chosen:
        head = _("Dig at {site} with {options}: knowledge {knowledge}.")
    else:
        head = _("Dig at {site}: knowledge {knowledge}.")
    lines = [head.format(site=site, options=chosen, knowledge=plan.knowledge)]
    for row in plan.rows:
        lines.append(
            _(
                "{weeks} ({cost} in all): {tokens}, {chance} chance of an artifact or more, "
                "{artifacts} artifacts and {points} VP expected."
            ).format(
                weeks=weeks_words(row.weeks),
                cost=row.cost,
                tokens=ngettext("{count} token", "{count} tokens", row.tokens).format(
                    count=row.tokens
                ),
                chance=f"{row.chance:.0%}",
                artifacts=decimal(row.artifacts, 2),
                points=decimal(row.vp, 2),
            )
        )
    lines += option_effects(state, digs, options)
    if state.site_bonus[plan.region]:
        lines.append(_("First dig here: the 1-VP artifact on the site is yours too."))
    return lines


class PlainGame(TerminalGame):
    """One terminal's place at a table, in lines."""

    def __init__(self, *args: Any, **options: Any) -> None:
        super().__init__(*args, **options)
        self.reader = LineReader(self.terminal)
        self.commands = PlainCommands(self, hinter=options.get("hinter"))
        self.planner = PlainPlanner(
            self.game, self.console, cast(Any, PlainPrompt(self.reader, self._who))
        )
        self.size = lambda: PLAIN_SIZE
        # The log's last lines of the game first (the rest, and who came and went: `log`).
        first = self.talk.latest(FIRST_LINES)
        if len(first) < len(self.talk.log):
            self.console.print(
                Text(
                    _("Earlier events are in the log: type {command}.").format(
                        command=as_typed("log")
                    )
                )
            )
        for line in first:
            self._line(line)
        self.told = self.talk.logged  # log lines told so far
        self.told_message = self.talk.message  # the first one is in the log already
        self.menu_for: object = None  # the position whose menu was told last

    def _drawn_on(self) -> AbstractContextManager[None]:
        return nullcontext()  # no alternate screen: every line stays

    def _one_turn(self) -> None:
        game = self.game
        if game.question is not None:
            self._answer(game.question)
        elif not self.hosted and self.table.bot_to_move() is not None:
            with held():
                self.table.play_bot_turn()
        else:
            self._turn()

    # ------------------------------------------------------------ telling

    def _line(self, text: str) -> None:
        self.console.print(Text(text), soft_wrap=True)

    def _draw(self, menu: list[MenuEntry], prompt: FormattedText | None = None) -> None:
        new = self.talk.since(self.told)
        for line in new:
            self._line(line)
        self.told = self.talk.logged
        message = self.talk.message
        if message is not None and message is not self.told_message:
            self.told_message = message
            if message.plain not in new:  # news is in the log and on the message line
                self._line(message.plain)
        if menu and self.menu_for is not self.game.state:
            self.menu_for = self.game.state
            self._tell_menu(menu)

    def _tell_menu(self, menu: list[MenuEntry]) -> None:
        state = self.game.state
        seat = active_seat(state)
        if seat is not None:
            self._line(where_and_when(state, seat))
        for entry in menu:
            line = f"{entry.number}: {self._entry_words(entry)}"
            if entry.by_zeppelin:
                line += " " + _("({number}z: by zeppelin)").format(number=entry.number)
            self._line(line)
        if self.game.hints_enabled:
            self._line(_("{key}: a hint").format(key="?"))

    def _entry_words(self, entry: MenuEntry) -> str:
        state = self.game.state
        if not entry.playable:
            return entry.label
        if entry.is_dig_site:
            return dig_site_words(state, [a for a in entry.actions if isinstance(a, Dig)])
        return action_label(state, (entry.plain() or entry.actions)[0])

    # ------------------------------------------------------------ asking

    def _prompt_text(self, message: FormattedText) -> str:
        return fragment_list_to_text(to_formatted_text(message))

    def _prompt_message(self, seat: int, again: bool) -> FormattedText:
        game = self.game
        name = game.seats[seat].name
        date = self._when(seat)
        # TRANSLATORS: {command} is the command typed for the help ("help")
        text = _("{name}, {date}: a number, an action or {command}: ")
        if again:
            # TRANSLATORS: {command} is the command typed for the help ("help")
            text = _("{name}, {date}, again: a number, an action or {command}: ")
        said = text.format(name=name, date=date, command=as_typed("help"))
        return FormattedText([("", said)])

    def _when(self, seat: int) -> str:
        """The date of ``seat``'s turn, and at a server's table the time left to take it
        (read once, as the prompt is asked: a screen reader is not read a ticking clock)."""
        date = date_words(self.game.state.players[seat].time)
        deadline = self.game.move_deadline
        if deadline is None:
            return date
        return f"{date}, {time_left(deadline - time.time())}"

    def _watch_message(self, seat: int) -> FormattedText:
        game = self.game
        seat_info = game.seats[seat]
        date = self._when(seat)
        # TRANSLATORS: {commands} are commands as typed, joined by commas ("help, board, say")
        text = _("{name} to play, {date}. You may type {commands}: ")
        if seat_info.is_bot:
            # TRANSLATORS: {commands} are commands as typed, joined by commas ("help, board")
            text = _("{name} (bot) to play, {date}. You may type {commands}: ")
        commands = all_as_typed(PLAIN_WATCHING)
        return FormattedText([("", text.format(name=seat_info.name, date=date, commands=commands))])

    def _ask(self, message: FormattedText, legal: Sequence[Action], menu: list[MenuEntry]) -> str:
        typed, self.typed = self.typed, ""
        while True:
            try:
                text = self.reader.read(
                    self._prompt_text(message), typed, until=lambda: self.table.changed(self.place)
                )
            except (KeyboardInterrupt, EOFError) as exc:
                if isinstance(exc, EOFError) and self.hosted:
                    raise
                self._confirm_quit()
                continue
            self.redrawing = text is None
            if text is None:
                self.typed = self.reader.left
                return ""
            if not text.strip():
                self.menu_for = None  # an empty line: the position and the menu again
            return text

    def _who(self) -> str:
        """Who is asked and when, before a question: the player to move at one keyboard,
        this terminal's player at a hosted table ("" for a spectator)."""
        game = self.game
        seat = game.active_seat if not self.hosted else self.place.seat
        if seat is None:
            return ""
        date = date_words(game.state.players[seat].time)
        return _("{name}, {date}: ").format(name=game.seats[seat].name, date=date)

    def _agrees(
        self, question: str, *, default: bool = False, until: Callable[[], bool] | None = None
    ) -> bool:
        who = self._who()
        name = who.split(",")[0]
        question = question.removeprefix(f"{name}: ") if name else question
        try:
            answer = self.reader.read(who + question.rstrip() + " ", until=until)
        except (KeyboardInterrupt, EOFError):
            return False
        if answer is None:
            return False
        answer = answer.strip().lower()
        return is_yes(answer) or (default and not answer)

    def _confirm_quit(self) -> None:
        if self.hosted and (self.gone.is_set() or self.place.ended is not None):
            raise QuitGame
        try:
            answer = self.reader.read(self._who() + self._quit_question() + " ")
        except (KeyboardInterrupt, EOFError):
            answer = "y"  # Ctrl-C or Ctrl-D at the question leaves
        if is_yes((answer or "").strip().lower()):
            if self.hosted and self.place.host:
                self.table.close(but=self.place)
            raise QuitGame

    def _fresh_line(self) -> None:
        self.reader._write("\r\n")

    # ------------------------------------------------------------ the end

    def _show_final(self) -> None:
        game = self.game
        self._draw([])
        self._line(_("The game is over. Weighing each player's luck and choices… (Ctrl-C skips)"))
        try:
            balance = end_balance(self.table)
        except KeyboardInterrupt:
            balance = balance_of(game, skill=False)
        for line in final_lines(game.state):
            self._line(line)
        for text in balance_lines(balance, [""] * len(game.seats)):
            self._line(text.plain)
        self._say_where_saved("")


def final_lines(state: GameState) -> list[str]:
    """The final scores in sentences, the winners first."""
    best = set(winners(state))
    totals = scores(state)
    lines = []
    for seat in sorted(range(len(state.players)), key=lambda s: -totals[s].total):
        score = totals[seat]
        if seat in best:
            text = _(
                "{name} wins with {total} VP: artifacts {artifacts}, exhibitions "
                "{exhibitions}, congresses {congresses}, majorities {majorities}."
            )
        else:
            text = _(
                "{name} has {total} VP: artifacts {artifacts}, exhibitions {exhibitions}, "
                "congresses {congresses}, majorities {majorities}."
            )
        lines.append(
            text.format(
                name=state.players[seat].name,
                total=score.total,
                artifacts=score.artifacts,
                exhibitions=score.exhibitions,
                congresses=score.congresses,
                majorities=score.majorities,
            )
        )
    return lines


def hint_lines(hints: Sequence[Hint]) -> list[str]:
    """The hint, one action a line, best first."""
    return [
        _("{number}. {action}: {margin} VP ± {error}. {reason}").format(
            number=number,
            action=hint.notation,
            margin=signed(hint.value),
            error=f"{hint.error:.1f}",
            reason=hint.reason,
        )
        for number, hint in enumerate(hints, start=1)
    ]
