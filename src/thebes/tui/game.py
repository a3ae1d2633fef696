"""The hot-seat game at one keyboard: draw the screen, ask the active player, play.

Each turn the screen is redrawn for the terminal's current size, with a numbered menu of
the legal actions under it. The prompt (prompt_toolkit) takes a menu number, an action in
the notation (tab completes every legal one, with its cost), or a command. Bots in the
game take their turns through the same loop. The session autosaves after every action, so
quitting, Ctrl-C or Ctrl-D never lose anything.
"""

from __future__ import annotations

import os
import shutil
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from pathlib import Path

from prompt_toolkit import PromptSession
from prompt_toolkit.application import get_app
from prompt_toolkit.completion import WordCompleter
from prompt_toolkit.formatted_text import FormattedText
from prompt_toolkit.input import Input
from prompt_toolkit.output import Output
from rich.console import Console, Group, RenderableType
from rich.table import Table
from rich.text import Text

from thebes.bots import Player, make_bot
from thebes.model import Action, Dig, Event
from thebes.narrate import narrate
from thebes.notation import DIG_OPTIONS, NotationError, dig_options
from thebes.rules import IllegalAction, scores, why_illegal, winners
from thebes.savefile import SaveError
from thebes.session import Session
from thebes.text import printable, whole_number
from thebes.tui import panels
from thebes.tui.linecap import line_problem
from thebes.tui.menu import (
    MenuEntry,
    action_label,
    build_menu,
    dig_plan,
    option_effects,
    option_sets,
    short_label,
)
from thebes.tui.prompting import prompt_session
from thebes.tui.reference import reference_tables
from thebes.tui.rulebook import rulebook
from thebes.tui.screen import MIN_HEIGHT, ScreenInfo, game_screen, too_small_notice

COMMANDS = {
    "help": "this list",
    "rules": "the rulebook, then the card and token reference (paged)",
    "log": "the whole game so far, in plain words",
    "board": "the board: locations, roads, who is where",
    "players": "every player's cards, tokens and score",
    "bags": "what each bag still holds",
    "undo": "take back the last action, if it revealed nothing new",
    "save": "save now (the game also saves itself after every action); 'save PATH' for a copy",
    "quit": "leave the game (it is saved; 'thebes resume FILE' goes on)",
}
BOT_PAUSE_SECONDS = 0.8
RESIZED = "\x00resized:"  # a prompt's result when the terminal changed size under it


class QuitGame(Exception):
    """The player chose to leave; the game is saved."""


class TerminalGame:
    def __init__(
        self,
        session: Session,
        console: Console,
        *,
        prompt_input: Input | None = None,
        prompt_output: Output | None = None,
        fast: bool = False,
        colour: bool = True,
        size: Callable[[], tuple[int, int]] | None = None,
    ) -> None:
        self.session = session
        self.console = console
        self.fast = fast
        self.colour = colour
        self.size = size or terminal_size
        self.prompt: PromptSession[str] = prompt_session(prompt_input, prompt_output)
        self.bots: dict[int, Player] = {
            seat: make_bot(s.bot, session.seed, seat)
            for seat, s in enumerate(session.seats)
            if s.bot is not None
        }
        names = [s.name for s in session.seats]
        everyone = ", ".join(names[:-1]) + " and " + names[-1]
        self.log = [f"{everyone} set out from Warsaw; {names[0]} moves first."]
        if session.autosave is not None:
            self.log.insert(0, f"Saved after every action in {printable(str(session.autosave))}")
        self.log += [
            narrate(session.catalog, names, e) for step in session.steps for e in step.events
        ]
        self.message: Text | None = None
        self.typed = ""  # what the player had typed when a resize interrupted the prompt
        self.drawn_size = (0, 0)
        self.save_trouble: str | None = None  # the autosave failure the table was told of

    # ------------------------------------------------------------ the loop

    def run(self) -> bool:
        """Play until the game ends (True) or a player quits (False)."""
        try:
            while not self.session.is_over:
                seat = self.session.active_seat
                assert seat is not None
                if seat in self.bots:
                    try:
                        self._bot_turn(seat)
                    except KeyboardInterrupt:
                        # Watching bots, Ctrl-C leaves at once; the file gets every move.
                        self.session.save_if_autosaving()
                        raise QuitGame from None
                else:
                    self._human_turn(seat)
        except QuitGame:
            self._say_where_saved("Game left.")
            return False
        self._show_final()
        return True

    def _bot_turn(self, seat: int) -> None:
        session = self.session
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
            legal = session.legal_actions()
            menu = build_menu(session.state, legal)
            self._draw(menu)
            text = self._ask(self._prompt_message(seat, bool(again)), legal, menu)
            action = self._interpret(text, legal, menu)
            if action is not None:
                self._play(action)
                return

    def _play(self, action: Action) -> None:
        events = self.session.play(action)
        self._narrate(events)
        self._after_autosave()

    def _after_autosave(self) -> None:
        """Tell the table when an autosave fails (the game goes on), and when saving works
        again."""
        problem = self.session.save_problem
        if problem is not None:
            if problem != self.save_trouble:
                self.log.append(f"Not saved: {problem}.")
            self._warn(
                f"Not saved: {problem}. The game goes on and is saved again after the next "
                "action; 'save PATH' saves it elsewhere."
            )
        elif self.save_trouble is not None:
            where = printable(str(self.session.autosave))
            self.log.append(f"Saved again in {where}.")
            self.message = Text(f"Saved again in {where}.")
        self.save_trouble = problem

    def _narrate(self, events: Sequence[Event]) -> None:
        names = [s.name for s in self.session.seats]
        self.log.extend(narrate(self.session.catalog, names, e) for e in events)

    # ------------------------------------------------------------ input

    def _ask(self, message: FormattedText, legal: Sequence[Action], menu: list[MenuEntry]) -> str:
        """The player's line, or "" after a resize (the loop then redraws; what was typed
        so far comes back as the next prompt's text)."""
        words = [self.session.notation(a) for a in legal] + list(COMMANDS)
        meta = {self.session.notation(a): action_label(self.session.state, a) for a in legal}
        meta.update(COMMANDS)
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
            if text.startswith(RESIZED):
                self.typed = text[len(RESIZED) :]
                return ""
            return text

    def _watch_resize(self) -> None:
        """Leave the prompt when the terminal changes size, so the screen is drawn anew."""
        app = get_app()

        def check(_: object) -> None:
            if self.size() != self.drawn_size and not app.is_done:
                app.exit(result=RESIZED + app.current_buffer.text)

        app.before_render += check

    def _confirm_quit(self) -> None:
        path, problem = self.session.autosave, self.session.save_problem
        where = f" (it is saved in {printable(str(path))})" if path else ""
        if problem is not None:
            where = f" (it is NOT saved: {printable(problem)}; 'save PATH' saves it elsewhere)"
        try:
            answer = self.prompt.prompt(f"Leave the game{where}? [y/N] ")
        except (KeyboardInterrupt, EOFError):
            raise QuitGame from None
        if answer.strip().lower() in ("y", "yes"):
            raise QuitGame

    def _prompt_message(self, seat: int, again: bool) -> FormattedText:
        seat_info = self.session.seats[seat]
        style = f"bold fg:{seat_info.colour}" if self.colour else "bold"
        note = " (again: still furthest back in time)" if again else ""
        return FormattedText(
            [
                (style, seat_info.name),
                ("", f"{note} — a number, an action (Tab completes), or help: "),
            ]
        )

    def _interpret(
        self, text: str, legal: Sequence[Action], menu: list[MenuEntry]
    ) -> Action | None:
        self.message = None
        problem = line_problem(text)
        if problem is not None:
            self._warn(problem)
            return None
        text = text.strip()
        if not text:
            return None
        word = text.split()[0].lower()
        number = whole_number(text)
        if number is not None:
            if not 1 <= number <= len(menu):
                self._warn(f"There is no entry {number}: choose 1 to {len(menu)}.")
                return None
            entry = menu[number - 1]
            return self._dig_planner(entry) if entry.is_dig_site else entry.actions[0]
        if word in COMMANDS:
            self._command(word, text[len(word) :].strip())
            return None
        try:
            action = self.session.parse(text)
        except NotationError as exc:
            self._warn(f"{exc}. Type help for the commands.")
            return None
        if action in legal:
            return action
        self._warn(f"Not allowed: {why_illegal(self.session.state, action) or 'not legal now'}.")
        return None

    def _warn(self, text: str) -> None:
        # Messages may quote what was typed or read: never let a control code through.
        self.message = Text(printable(text), style="bold red" if self.colour else "bold")

    # ------------------------------------------------------------ the dig planner

    def _dig_planner(self, entry: MenuEntry) -> Action | None:
        """Ask for weeks and options until a legal dig is chosen (or 'back'). Options stay
        as chosen until changed; a line that changes them shows the new table first, with
        its weeks ready to confirm, so the dig played is always the one last shown."""
        digs = tuple(a for a in entry.actions if isinstance(a, Dig))
        site = self.session.catalog.regions[digs[0].region]
        choices = option_sets(digs)
        options = choices[0]
        ready = ""  # weeks typed with a change of options, offered again to confirm
        while True:
            self.console.print(self._plan_view(digs, options))
            if self.message is not None:
                self.console.print(self.message)
                self.message = None
            words = [f"{d.weeks}{_option_words(d)}" for d in digs if _same_options(d, options)]
            try:
                text = self.prompt.prompt(
                    f"Dig at {site}: weeks (e.g. {words[0]}), +option or -option to change "
                    "the table, or 'back': ",
                    completer=WordCompleter([*words, "back"], sentence=True),
                    default=ready,
                )
            except (KeyboardInterrupt, EOFError):
                return None
            ready = ""
            problem = line_problem(text)  # before stripping: a line cut at the cap is refused
            if problem is not None:
                self.message = Text(problem)
                continue
            if text.strip().lower() in ("", "back", "b"):
                return None
            try:
                plan = read_plan_line(text, options, choices)
            except OptionsRefused as exc:
                # The engine's reason for the same dig at the weeks on show says why.
                trial = replace(exc.asked, weeks=digs[0].weeks)
                reason = why_illegal(self.session.state, trial)
                self.message = Text(f"{exc}: {reason}." if reason else f"{exc}.")
                continue
            except ValueError as exc:
                self.message = Text(str(exc))
                continue
            if plan.options != options:
                options = plan.options
                if plan.weeks is not None:
                    ready = str(plan.weeks)
                    self.message = Text(
                        f"Options changed: check the table; Enter digs {plan.weeks} weeks."
                    )
                continue
            if plan.weeks is None:
                continue
            chosen = replace(options, weeks=plan.weeks)
            if chosen in digs:
                return chosen
            reason = why_illegal(self.session.state, chosen) or "not legal now"
            self.message = Text(f"Not allowed: {reason}.")

    def _plan_view(self, digs: tuple[Dig, ...], options: Dig) -> RenderableType:
        state = self.session.state
        plan = dig_plan(state, digs, options)
        site = state.catalog.regions[plan.region]
        table = Table(
            title=f"Dig at {site}{_option_words(options)}: knowledge {plan.knowledge}",
            title_justify="left",
        )
        for column in ("weeks", "in all", "tokens", "exp. artifacts", "exp. VP"):
            table.add_column(column, justify="right")
        for row in plan.rows:
            table.add_row(
                str(row.weeks),
                str(row.cost),
                str(row.tokens),
                f"{row.artifacts:.2f}",
                f"{row.vp:.2f}",
            )
        notes = [Text("  " + line) for line in option_effects(state, digs)]
        bonus = state.site_bonus[plan.region]
        if bonus:
            notes.append(Text("  first dig here: the 1-VP artifact on the site is yours too"))
        return Group(table, *notes)

    # ------------------------------------------------------------ commands

    def _command(self, word: str, argument: str) -> None:
        session = self.session
        if word == "help":
            lines = [f"  {name:<8} {what}" for name, what in COMMANDS.items()]
            self._page(
                Group(
                    Text("Commands (type them at any prompt):", style="bold"),
                    *(Text(line) for line in lines),
                    Text(
                        "A menu number picks that action; an action can be typed as shown in "
                        "the menu (take 2, exchange, dig Egypt 6 +shovel, exhibit a, retire)."
                    ),
                    Text("Tab completes actions and commands; Ctrl-C or Ctrl-D asks to leave."),
                )
            )
        elif word == "rules":
            self._page(Group(rulebook(), reference_tables(session.catalog)))
        elif word == "log":
            self._page(
                Group(*(Text(line) for line in self.log)) if self.log else Text("Nothing yet.")
            )
        elif word == "board":
            self._page(panels.board(session.state, self._colours()))
        elif word == "players":
            self._page(panels.tableaux(session.state, self._colours()))
        elif word == "bags":
            self._page(panels.bags(session.state))
        elif word == "undo":
            try:
                taken = session.undo()
            except IllegalAction as exc:
                self._warn(f"{exc}.")
                return
            said = [f"{step.record.player}'s '{step.record.action}'" for step in taken]
            self.log.extend(f"Undo: {what} is taken back." for what in said)
            person = taken[-1].record.player
            in_order = ", then ".join(reversed(said))
            self.message = Text(f"Took back {in_order}. {person} to play.")
            self._after_autosave()
        elif word == "save":
            self._save(argument)
        elif word == "quit":
            self._confirm_quit()

    def _save(self, argument: str) -> None:
        """``save`` (to the autosave file) or ``save PATH``. While autosave fails, a save
        that succeeds elsewhere becomes the autosave file."""
        session = self.session
        target = argument or session.autosave
        if target is None:
            self._warn("This game has no save file; give one: save PATH")
            return
        try:
            session.save(target)
        except SaveError as exc:
            self._warn(f"Not saved: {exc}.")
            return
        where = printable(str(target))
        self.message = Text(f"Saved to {where}.")
        if argument and session.save_problem is not None:
            session.autosave = Path(argument).expanduser()
            self.message = Text(
                f"Saved to {where}; from now on it is saved there after every action."
            )
        if not argument or session.save_problem is not None:
            session.save_problem = self.save_trouble = None

    def _page(self, renderable: RenderableType) -> None:
        if not self.console.is_terminal:
            self.console.print(renderable)
            return
        # less shows colours only with -R; without it the escape codes appear as text.
        less = os.environ.get("LESS", "")
        if "-R" not in less.split() and "R" not in less.lstrip("-"):
            os.environ["LESS"] = (less + " -R").strip()
        with self.console.pager(styles=self.colour):
            self.console.print(renderable)

    # ------------------------------------------------------------ drawing

    def _colours(self) -> list[str]:
        return [s.colour for s in self.session.seats]

    def _draw(self, menu: list[MenuEntry]) -> None:
        width, height = self.drawn_size = self.size()
        console = self.console
        console.clear()
        notice = too_small_notice(width, height)
        if notice is not None:
            console.print(notice)
        menu_view = self._menu_view(menu, width)
        menu_rows = (len(menu) + self._menu_columns(width) - 1) // self._menu_columns(width)
        room = max(MIN_HEIGHT - 6, height - menu_rows - 3)
        info = ScreenInfo(game_title(self.session), self._colours(), self.log)
        console.print(game_screen(self.session.state, info, width, room))
        if menu:
            console.print(menu_view)
        if self.message is not None:
            console.print(self.message)

    @staticmethod
    def _menu_columns(width: int) -> int:
        return max(1, min(3, width // 40))

    def _menu_view(self, menu: list[MenuEntry], width: int) -> RenderableType:
        columns = self._menu_columns(width)
        grid = Table.grid(padding=(0, 2))
        for _ in range(columns):
            grid.add_column(no_wrap=True, overflow="ellipsis", max_width=width // columns - 2)
        rows = (len(menu) + columns - 1) // columns
        state = self.session.state
        for r in range(rows):
            cells = []
            for c in range(columns):
                i = c * rows + r
                if i < len(menu):
                    cell = Text(f"{menu[i].number:>2} ", style="bold")
                    cell.append(short_label(state, menu[i]))
                    cells.append(cell)
                else:
                    cells.append(Text(""))
            grid.add_row(*cells)
        return grid

    # ------------------------------------------------------------ the end

    def _show_final(self) -> None:
        session = self.session
        state = session.state
        width, _ = self.size()
        self.console.clear()
        table = Table(title="Final scores", title_justify="left", title_style="bold")
        narrow = width < 100
        regions = [r[:3] if narrow else r for r in state.catalog.regions]
        columns = ("player", "artifacts", "exhibit.", "congress", "major.", "total")
        if not narrow:
            columns = ("player", "artifacts", "exhibitions", "congresses", "majorities", "total")
        for column in columns:
            table.add_column(column, justify="left" if column == "player" else "right")
        table.add_column("won" if narrow else "majorities won", justify="left")
        best = winners(state)
        for seat, (player, score) in enumerate(zip(state.players, scores(state), strict=True)):
            won = ", ".join(
                f"{regions[r]} {vp}" for r, vp in enumerate(score.majority_by_region) if vp
            )
            name = panels.player_text(player.name, session.seats[seat].colour)
            if seat in best:
                name.append(" ★")
            table.add_row(
                name,
                str(score.artifacts),
                str(score.exhibitions),
                str(score.congresses),
                str(score.majorities),
                Text(str(score.total), style="bold"),
                won or "-",
            )
        names = [state.players[i].name for i in best]
        verdict = f"{names[0]} wins!" if len(names) == 1 else f"A shared win: {', '.join(names)}."
        self.console.print(Group(*(Text(line) for line in self.log[-3:])))
        self.console.print(table)
        self.console.print(Text(verdict, style="bold"))
        self._say_where_saved("")

    def _say_where_saved(self, lead: str) -> None:
        path = self.session.autosave
        if path is None:
            return
        if self.session.save_problem is not None:
            text = f"{lead} The game could not be saved: {self.session.save_problem}."
            self.console.print(Text(text.strip()), soft_wrap=True)
            return
        where = printable(str(path))
        text = f"{lead} The game is saved in {where}".strip()
        if not self.session.is_over:
            text += f"; 'thebes resume {where}' goes on with it."
        else:
            text += f"; 'thebes replay {where}' shows it again."
        self.console.print(Text(text), soft_wrap=True)


@dataclass(frozen=True, slots=True)
class PlanLine:
    """What a line typed in the dig planner asks for."""

    options: Dig  # weeks=0: the option flags to show and play
    weeks: int | None  # the weeks to dig, if the line gives them


# The Dig field behind each option word of the notation.
OPTION_FIELDS = {
    "legend": "legend",
    "assistant": "assistant",
    "shovel": "shovel",
    "permit": "special_permit",
    "zeppelin": "zeppelin",
}


def read_plan_line(text: str, options: Dig, choices: Sequence[Dig]) -> PlanLine:
    """Read "6", "+shovel", "-legend", "6 +shovel" against the options shown now.

    ``+x`` adds option x, ``-x`` drops it, a number gives the weeks; options not mentioned
    stay as they are. Of the legal option sets with every option asked for and none of the
    dropped ones, the one with the fewest cards spent is taken (a required +permit or
    +legend stays). ValueError says what is wrong with the line.
    """
    added: set[str] = set()
    dropped: set[str] = set()
    weeks: int | None = None
    problem = line_problem(text)
    if problem is not None:
        raise ValueError(problem)
    for word in text.lower().split():
        if word[0] in "+-" and word[1:] in DIG_OPTIONS:
            (added if word[0] == "+" else dropped).add(word[1:])
        elif whole_number(word, digits=2) is not None and weeks is None:
            weeks = whole_number(word, digits=2)
        else:
            raise ValueError(
                f"{printable(word)!r} is not understood: give one number of weeks, e.g. 6, "
                f"and options such as +{DIG_OPTIONS[0]} or -{DIG_OPTIONS[0]}"
            )
    wanted = (set(dig_options(options)) | added) - dropped
    fitting = [
        c for c in choices if set(dig_options(c)) >= wanted and not set(dig_options(c)) & dropped
    ]
    if not fitting:
        asked = " ".join([*(f"+{o}" for o in sorted(wanted)), *(f"-{o}" for o in sorted(dropped))])
        flags = {OPTION_FIELDS[o]: o in wanted for o in DIG_OPTIONS}
        raise OptionsRefused(f"No legal dig here with {asked}", replace(options, **flags))
    return PlanLine(min(fitting, key=lambda c: len(dig_options(c))), weeks)


class OptionsRefused(ValueError):
    """No legal dig has the options asked for; ``asked`` is a dig with them (weeks 0)."""

    def __init__(self, message: str, asked: Dig) -> None:
        super().__init__(message)
        self.asked = asked


def _same_options(dig: Dig, options: Dig) -> bool:
    return replace(dig, weeks=0) == options


def game_title(session: Session) -> str:
    """The screen's title: a seeded game says so (its draws can be foreseen from the seed);
    a game without a seed shows none, since it has none."""
    if session.seed is None:
        return "Thebes"
    return f"Thebes — seeded game, seed {session.seed}"


def _option_words(dig: Dig) -> str:
    return "".join(f" +{name}" for name in dig_options(dig))


def terminal_size() -> tuple[int, int]:
    size = shutil.get_terminal_size((120, 40))
    return size.columns, size.lines
