"""`thebes replay FILE`: a saved game on the game screen, read-only, step by step.

Keys at the prompt: → or n (or Enter) one action forward, ← or p one back, Home / End to
the start / the end; typed commands: ``g N`` to action N, ``y 1902`` to the first action
of a year, ``a [SECONDS]`` to play on by itself (Ctrl-C stops), ``c`` for the chart of the
scores over the game (also shown on going on past the end), ``h`` for the help, ``q`` to
leave. Each step shows what that action did, in words.

With the game's saved analysis beside it (:mod:`thebes.tui.evaluation`), each step also
says how good the action was, ``m`` / ``M`` go to the next / previous blunder or mistake
and ``e`` charts every player's expected final score; the score chart shows that chart too
where the terminal is tall enough. Of a file that cannot be used one line says why (the
help names it), and the game replays as without one.
"""

from __future__ import annotations

import re
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Literal

from prompt_toolkit import PromptSession
from prompt_toolkit.key_binding import KeyBindings, KeyPressEvent
from rich.text import Text

from thebes.analysis.luck import Luck, luck_of
from thebes.analysis.move_review import MoveReview
from thebes.analysis.timeline import clock
from thebes.language import N_, _
from thebes.records.session import Session
from thebes.rules import GameState, active_seat, year_of
from thebes.safeio.text import whole_number
from thebes.tui.chart import game_chart_lines
from thebes.tui.evaluation import (
    NOT_LUCK,
    SavedAnalysis,
    about_analysis,
    analyze_command,
    evaluation_chart_lines,
    jump_message,
    label_word,
    no_jump_message,
    refusal_text,
    serious_after,
    serious_before,
    step_line,
    step_luck,
    summary_lines,
)
from thebes.tui.linecap import fit_line, line_problem
from thebes.tui.prompting import prompt_session
from thebes.tui.screen import ScreenInfo, game_screen, is_wide, too_small_notice
from thebes.tui.story import Told, story
from thebes.tui.terminal import Terminal

DEFAULT_SPEED = 1.0
MAX_SPEED = 60.0  # seconds per action in autoplay
# Seconds in ASCII digits: float() would also take "inf", "nan" or "٣", and sleep() then fails.
SECONDS = re.compile(r"[0-9]{1,2}(\.[0-9]{1,3})?|\.[0-9]{1,3}")
# At most 80 columns: the line under the screen of the smallest terminal thebes takes.
# TRANSLATORS: keys line: the keys (→, ←, g, y, a, c, h, q) stay as they are; N, YEAR and SEC
# say what is typed after them; at most 80 columns
KEYS = N_("→ next · ← back · g N · y YEAR · a [SEC] autoplay · c chart · h help · q quit")
# TRANSLATORS: keys line: the keys (→, ←, g, y, a, c, e, m, M, h, q) stay as they are; at
# most 80 columns
ANALYSIS_KEYS = N_("→ ← step · g N · y YEAR · a auto · c/e charts · m/M mistakes · h help · q quit")
Page = Literal["board", "chart", "evaluation", "help"]


class ReplayViewer:
    heading = N_("Replay")  # the title's first word (the watch mode's is another)

    def __init__(
        self,
        session: Session,
        terminal: Terminal,
        *,
        sleep: Callable[[float], None] = time.sleep,
        analysis: SavedAnalysis | None = None,
    ) -> None:
        self.session = session
        self.terminal = terminal
        self.console = terminal.console
        self.size = terminal.size
        self.sleep = sleep
        self.analysis = analysis  # None: not looked for
        self.moves = () if analysis is None else analysis.moves
        self.keys = ANALYSIS_KEYS if self.moves else KEYS
        self.position = 0  # actions shown as done: 0 = the start, len(steps) = the end
        # The first screen with an analysis says what its labels judge.
        self.message: str | None = _(NOT_LUCK) if self.moves else None
        if analysis is not None and analysis.refused is not None:
            self.message = refusal_text(analysis.path, analysis.refused)
        self.page: Page = "board"  # a chart or the help instead of the board, until a key
        self.story = story(session)  # every action told once; each screen shows its part
        self._luck_found: Luck | None = None
        self.leaving = False
        self.prompt: PromptSession[str] = prompt_session(terminal, self._keys())

    @property
    def total(self) -> int:
        return len(self.session.steps)

    @property
    def charting(self) -> bool:
        """Whether the chart of the scores is shown instead of the board."""
        return self.page == "chart"

    def state_at(self, position: int) -> GameState:
        steps = self.session.steps
        return steps[position].before if position < len(steps) else self.session.state

    def _keys(self) -> KeyBindings:
        keys = KeyBindings()

        def exit_with(result: str) -> Callable[[KeyPressEvent], None]:
            def handler(event: KeyPressEvent) -> None:
                if not event.app.current_buffer.text:
                    event.app.exit(result=result)
                else:  # inside a typed command the arrows move the cursor as usual
                    buffer = event.app.current_buffer
                    buffer.cursor_position += -1 if result == "p" else 1

            return handler

        for command in REPLAY_COMMANDS:
            for key, line in command.bound:
                keys.add(key)(exit_with(line))
        return keys

    # ------------------------------------------------------------ the loop

    def run(self) -> None:
        # The alternate screen, as the table's: stepping through a game redraws it at every
        # key, and none of those screens belongs in the scrollback.
        with self.terminal.full_screen(), self.terminal.prompting():
            while True:
                self._draw()
                try:
                    text = self.prompt.prompt(f"replay {self.position}/{self.total} > ")
                except (KeyboardInterrupt, EOFError):
                    return
                if not self._command(text):
                    return

    def _command(self, text: str) -> bool:
        """Act on one typed line; False to leave."""
        self.message = None
        page, self.page = self.page, "board"
        problem = line_problem(text)  # before stripping: a line cut at the cap is refused
        if problem is not None:
            self.message = problem
            return True
        typed, _space, argument = text.strip().partition(" ")
        command = _BY_WORD.get(typed.lower())
        if command is None:
            # TRANSLATORS: {command} is what was typed, quoted; {key} the key for the help
            self.message = _("Unknown command {command}; {key} shows the commands.").format(
                command=repr(typed.lower()), key="h"
            )
        elif page == "board" or not command.step:
            # A step from a chart or the help goes back to the board where it was.
            command.act(self, typed, argument.lower())
        return not self.leaving

    # ------------------------------------------------------------ the commands

    def _next(self, _typed: str, _argument: str) -> None:
        self._go(self.position + 1)

    def _back(self, _typed: str, _argument: str) -> None:
        self._go(self.position - 1)

    def _end(self, _typed: str, _argument: str) -> None:
        self._go(self.total)

    def _go_number(self, _typed: str, argument: str) -> None:
        number = whole_number(argument)
        if number is not None:
            self._go(number)
        else:
            # TRANSLATORS: {key} is the command typed ("g"), {example} an example of it
            self.message = _(
                "Write {key} and an action number from 0 to {last}, e.g. {example}."
            ).format(key="g", last=self.total, example="g 12")

    def _chart(self, _typed: str, _argument: str) -> None:
        self.page = "chart"

    def _help(self, _typed: str, _argument: str) -> None:
        self.page = "help"

    def _mistake(self, typed: str, _argument: str) -> None:
        self._jump(forward=typed != "M")  # m the next, M the previous: the case is the command's

    def _quit(self, _typed: str, _argument: str) -> None:
        self.leaving = True

    def _go(self, position: int) -> None:
        if position < 0:
            self.message = _("This is the start of the game.")
        elif position > self.total:
            # Going on past the last action shows how the game went, as the game's end does.
            self.message = _("This is the end of the record.")
            self.page = "chart"
        self.position = min(max(position, 0), self.total)

    def _jump(self, *, forward: bool) -> None:
        """To the next (``forward``) or previous blunder or mistake of the analysis."""
        if not self.moves:
            self.message = self._no_analysis()
            return
        find = serious_after if forward else serious_before
        number = find(self.moves, self.position)
        if number is None:
            self.message = no_jump_message(self.moves, self.position, forward=forward)
            return
        self.position = number
        self.message = jump_message(self.moves, number)

    def _evaluation(self, _typed: str, _argument: str) -> None:
        if self.moves:
            self.page = "evaluation"
        else:
            self.message = self._no_analysis()

    def _no_analysis(self) -> str:
        """Why there is nothing to jump to or chart: no analysis, or one refused."""
        if self.analysis is not None and self.analysis.refused is not None:
            return refusal_text(self.analysis.path, self.analysis.refused)
        if self.analysis is not None and self.analysis.review is not None:
            return _("The game has no action yet.")
        game = None if self.analysis is None else self.analysis.game
        # TRANSLATORS: {command} is the command line that analyses the game
        return _("No analysis of this game: `{command}` makes one.").format(
            command=analyze_command(game)
        )

    def _go_to_year(self, _typed: str, argument: str) -> None:
        year = whole_number(argument, digits=4)
        if year is None:
            # TRANSLATORS: {key} is the command typed ("y"), {example} an example of it
            self.message = _("Write {key} and a year, e.g. {example}.").format(
                key="y", example="y 1902"
            )
            return
        for position in range(self.total + 1):
            state = self.state_at(position)
            seat = active_seat(state)
            if seat is not None and year_of(state.players[seat].time) >= year:
                self.position = position
                return
        self.message = _("The game never reaches {year}.").format(year=year)

    def _autoplay(self, _typed: str, argument: str) -> None:
        argument = argument.strip()
        if argument and not SECONDS.fullmatch(argument):
            # TRANSLATORS: {key} is the command typed ("a"), {example} an example of it
            self.message = _(
                "Write {key} and the seconds per action (0 to {most}), e.g. {example}."
            ).format(key="a", most=f"{MAX_SPEED:g}", example="a 0.5")
            return
        speed = float(argument) if argument else DEFAULT_SPEED
        if speed > MAX_SPEED:
            self.message = _("At most {most} seconds per action.").format(most=f"{MAX_SPEED:g}")
            return
        try:
            while self.position < self.total:
                self.position += 1
                self._draw()
                self.sleep(speed)
        except KeyboardInterrupt:
            self.message = _("Autoplay stopped.")

    # ------------------------------------------------------------ drawing

    def _draw(self) -> None:
        if self.page != "board":
            self._draw_page()
            return
        width, height = self.size()
        session = self.session
        state = self.state_at(self.position)
        heading = _(self.heading)
        if session.seed is not None:
            # TRANSLATORS: {heading} is "Replay" or "Watching"
            title = _("{heading} — action {position} of {total} — seed {seed}").format(
                heading=heading, position=self.position, total=self.total, seed=session.seed
            )
        else:
            # TRANSLATORS: {heading} is "Replay" or "Watching"
            title = _("{heading} — action {position} of {total}").format(
                heading=heading, position=self.position, total=self.total
            )
        events = judged(self.story[: self.position], self.moves)
        colours = [s.colour for s in session.seats]
        info = ScreenInfo(title, colours, _("Last events"), events, commands=False)
        self.console.clear()
        notice = too_small_notice(width, height)
        if notice is not None:
            self.console.print(notice)  # alone: drawn whole again once the terminal grows
            return
        self.console.print(game_screen(state, info, width, height - 3, wide=is_wide(width, height)))
        if self.position:
            step = session.steps[self.position - 1]
            move = self.moves[self.position - 1] if self.moves else None
            record = step.record
            names = [seat.name for seat in session.seats]
            luck = step_luck(self._game_luck(), self.position, names)
            line = step_line(
                self.position,
                record.player,
                record.action,
                move,
                width,
                hinted=record.hinted,
                luck=luck,
                stood_in=record.stood_in,
            )
            self.console.print(line)
        else:
            self.console.print(Text(_("The start of the game."), style="bold"))
        self._print_message(width)

    def _print_message(self, width: int) -> None:
        """The last line above the prompt: the message, else the keys; always one row."""
        line = Text(self.message or _(self.keys), style="" if self.message else "dim")
        self.console.print(fit_line(line, width))

    def _draw_page(self) -> None:
        """A chart or the help, in the terminal's rows less the message and the prompt."""
        width, height = self.size()
        rows = height - 2
        where = _("▲ marks action {position} of {total}").format(
            position=self.position, total=self.total
        )
        if self.page == "help":
            lines = [Text(_("Replay — keys and commands"), style="bold")]
            lines += self._help_lines(width)
        elif self.page == "evaluation":
            # TRANSLATORS: {where} is "▲ marks action 12 of 80"
            heading = _("Replay — how each action was judged; {where}").format(where=where)
            lines = [Text(heading, style="bold")]
            lines += [fit_line(Text(_(NOT_LUCK), style="dim"), width)]
            lines += self._evaluation_lines(width)
        else:
            # TRANSLATORS: {where} is "▲ marks action 12 of 80"
            lines = [Text(_("Replay — the whole game; {where}").format(where=where), style="bold")]
            now = clock(self.state_at(self.position))
            lines += game_chart_lines(self.session, width, now)
            below = self._evaluation_lines(width) if self.moves else []
            # The expected scores under the scores, where the terminal is tall enough.
            for count in (len(below), len(below) - len(self.session.seats) - 1):
                if len(lines) + count <= rows:
                    lines += below[:count]
                    break
        self.console.clear()
        for line in lines:
            self.console.print(line)
        self._print_message(width)

    def _evaluation_lines(self, width: int) -> list[Text]:
        """The chart of the expected final scores, then the summary of each player."""
        names = [seat.name for seat in self.session.seats]
        colours = [seat.colour for seat in self.session.seats]
        chart = evaluation_chart_lines(self.moves, names, colours, width, self.position)
        return chart + summary_lines(self.moves, names, colours, width, self._luck())

    def _luck(self) -> tuple[float, ...]:
        """Each seat's luck over the whole game (:mod:`thebes.analysis.luck`)."""
        return self._game_luck().total

    def _game_luck(self) -> Luck:
        """The luck of every draw of the game, found once."""
        if self._luck_found is None:
            self._luck_found = luck_of(self.session.steps, len(self.session.seats))
        return self._luck_found

    def _help_lines(self, width: int) -> list[Text]:
        """The keys, then what the analysis is (or why there is none) and its summary."""
        # The keys: those with words marked for translation (N_), the others as they are.
        lines = [Text(f"  {_(c.keys):<15}{_(c.meaning)}") for c in REPLAY_COMMANDS]
        lines += Text(about_analysis(self.analysis)).wrap(self.console, width)
        names = [seat.name for seat in self.session.seats]
        colours = [seat.colour for seat in self.session.seats]
        summary = (
            summary_lines(self.moves, names, colours, width, self._luck()) if self.moves else []
        )
        _width, height = self.size()
        # The summary, or without its last line (what skill and luck are) where it is short.
        for shown in (summary, summary[:-1]):
            if len(lines) + len(shown) + 3 <= height:
                return lines + shown
        return lines


def judged(events: Sequence[Told], moves: Sequence[MoveReview]) -> list[Told]:
    """``events`` with the last one's label, if the analysis gave it one, beside its date
    ("1901·4 blunder: P1 travels ..."): the label goes with the move it judges, whatever
    row of the screen the line under it follows (at 80x24 the events panel can be cut or
    empty, and the row above it is the next mover's)."""
    shown = list(events)
    if shown and len(moves) >= len(shown) and moves[len(shown) - 1].label:
        last = shown[-1]
        label = label_word(moves[len(shown) - 1].label)
        shown[-1] = replace(last, when=f"{last.when} {label}:")
    return shown


@dataclass(frozen=True, slots=True)
class ReplayCommand:
    """A key or command of the replay: how the help writes it and its line there, the words
    typed for it (in any case), what it does, and the keys that type it."""

    keys: str
    meaning: str
    words: tuple[str, ...]
    act: Callable[[ReplayViewer, str, str], None]  # (the word as typed, what follows it)
    step: bool = False  # from a chart or the help, a step only goes back to the board
    bound: tuple[tuple[str, str], ...] = ()  # (a key, the line it types)


# The one list of the replay's keys and commands: the help and the dispatch both read it.
REPLAY_COMMANDS = (
    ReplayCommand(
        # TRANSLATORS: the replay's help, keys column (15 columns): the keys stay as they are
        N_("→, n or Enter"),
        N_("the next action"),
        ("", "n", "next"),
        ReplayViewer._next,
        step=True,
        bound=(("right", "n"),),
    ),
    ReplayCommand(
        "←, p",
        N_("the action before"),
        ("p", "prev", "back"),
        ReplayViewer._back,
        step=True,
        bound=(("left", "p"),),
    ),
    ReplayCommand(
        # TRANSLATORS: the replay's help, keys column: the keys Home and End as the
        # language's keyboards name them
        N_("Home, End"),
        N_("the start, the end of the game"),
        ("end",),
        ReplayViewer._end,
        bound=(("home", "g 0"), ("end", "end")),
    ),
    ReplayCommand(
        # TRANSLATORS: the replay's help: g is typed as it is, N stands for a number
        N_("g N"),
        N_("go to action N"),
        ("g", "go"),
        ReplayViewer._go_number,
    ),
    ReplayCommand(
        # TRANSLATORS: the replay's help: y is typed as it is, YEAR stands for a year
        N_("y YEAR"),
        N_("the first action of a year, e.g. y 1902"),
        ("y", "year"),
        ReplayViewer._go_to_year,
    ),
    ReplayCommand(
        # TRANSLATORS: the replay's help: a is typed as it is, SECONDS stands for a number
        N_("a [SECONDS]"),
        N_("play on by itself, SECONDS an action (Ctrl-C stops)"),
        ("a", "auto"),
        ReplayViewer._autoplay,
    ),
    ReplayCommand(
        "c", N_("the chart of the scores over the game"), ("c", "chart"), ReplayViewer._chart
    ),
    ReplayCommand(
        "e",
        N_("the chart of each player's expected final score (analysis)"),
        ("e", "evaluation"),
        ReplayViewer._evaluation,
    ),
    ReplayCommand(
        "m, M",
        N_("the next, the previous blunder or mistake (analysis)"),
        ("m",),
        ReplayViewer._mistake,
    ),
    ReplayCommand(
        "h",
        N_("this help (a step goes back to the board)"),
        ("h", "help", "?"),
        ReplayViewer._help,
    ),
    # TRANSLATORS: the replay's help: what the key q does
    ReplayCommand("q", N_("quit"), ("q", "quit", "exit"), ReplayViewer._quit),
)
_BY_WORD: Mapping[str, ReplayCommand] = {
    word: command for command in REPLAY_COMMANDS for word in command.words
}
