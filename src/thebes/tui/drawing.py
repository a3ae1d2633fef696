"""What the table at a terminal draws: the screen for the terminal's size, with the menu, the
message and room for the prompt under it; the planner's head; the final table; and where
the game is saved.

At a real terminal a redraw is written over the last one, row by row, each row's rest wiped
and the rows below it wiped after, inside synchronized output: the terminal shows the new
screen at once, with no full clear in between to flicker on a slow link.
"""

from __future__ import annotations

import threading
import time
from collections import OrderedDict
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace

from prompt_toolkit import PromptSession
from prompt_toolkit.formatted_text import FormattedText, fragment_list_width, to_formatted_text
from rich.cells import cell_len
from rich.console import Console, Group, RenderableType
from rich.text import Text

from thebes.language import N_, _, current_language
from thebes.records.library import as_file_argument
from thebes.records.view import GameView
from thebes.safeio.invocation import thebes_command
from thebes.safeio.text import printable
from thebes.table.authority import Table
from thebes.table.ending import balance_of, end_balance
from thebes.table.places import Place
from thebes.table.snapshot import TableSnapshot
from thebes.tui import panels
from thebes.tui.command_words import as_typed
from thebes.tui.final import final_screen
from thebes.tui.hintview import HINT_KEY, MENU_LABEL, hint_panel
from thebes.tui.menu import MenuEntry, menu_rows, menu_view
from thebes.tui.prompting import shown_path
from thebes.tui.screen import ScreenInfo, game_screen, is_wide, title_line, too_small_notice
from thebes.tui.talk import TableTalk

BEGIN_SYNC, END_SYNC = "\x1b[?2026h", "\x1b[?2026l"  # synchronized output (ignored if unknown)
HOME, WIPE_ROW, WIPE_BELOW = "\x1b[H", "\x1b[K", "\x1b[J"
WIPE_WHOLE_ROW, SAVE_CURSOR, RESTORE_CURSOR = "\x1b[2K", "\x1b7", "\x1b8"

# Said while the end of the game is weighed: finding the skill takes a few seconds.
WEIGHING = N_("The game is over. Weighing each player's luck and choices… (Ctrl-C skips)")


@dataclass(frozen=True, slots=True)
class Drawn:
    """What a terminal's screen shows since the table was last drawn there."""

    looks: tuple[object, ...]  # what the rows over the message were drawn from in the game
    rows: tuple[str, ...]  # the rows over the message, as written
    told: int  # the rows the message took
    prompt_cells: int  # the cells of the prompt under them, before what is typed


class DrawnScreens:
    """The screens drawn lately in this process, as the rows written, by what they were
    drawn from; shared by every terminal, from any thread."""

    def __init__(self, kept: int) -> None:
        self._kept = kept
        # By what each was drawn from: the rows, and the objects whose ids are in the key.
        self._rows: OrderedDict[tuple[object, ...], tuple[tuple[str, ...], object]] = OrderedDict()
        self._lock = threading.Lock()

    def get(self, basis: tuple[object, ...]) -> tuple[str, ...] | None:
        with self._lock:
            kept = self._rows.get(basis)
            if kept is None:
                return None
            self._rows.move_to_end(basis)
            return kept[0]

    def keep(self, basis: tuple[object, ...], pinned: object, rows: tuple[str, ...]) -> None:
        with self._lock:
            self._rows[basis] = (rows, pinned)
            while len(self._rows) > self._kept:
                self._rows.popitem(last=False)


# A screen is some 40 rows of a few hundred bytes: a few dozen kept cost little, and cover
# the terminals of a busy table (each player's own, its spectators' sizes).
SCREENS = DrawnScreens(32)


class TableDrawing:
    """The drawing of one terminal's table."""

    console: Console
    table: Table
    game: TableSnapshot
    talk: TableTalk
    place: Place
    typed: str
    drawn_size: tuple[int, int]
    drawn_at: float
    drawn: Drawn | None  # None: not drawn as a whole screen (a file's, a notice)
    stale: bool  # the table was looked at since it was drawn, and changed
    prompt: PromptSession[str]
    hosted: bool
    resume_command: str
    size: Callable[[], tuple[int, int]]

    def _colours(self) -> list[str]:
        return [s.colour for s in self.game.seats]

    def _draw(self, menu: list[MenuEntry], prompt: FormattedText | None = None) -> None:
        width, height = self.drawn_size = self.size()
        self.drawn_at = time.monotonic()
        self.stale = False
        notice = too_small_notice(width, height)
        message = [self.talk.message] if self.talk.message is not None else []
        if not self.console.is_terminal:  # a file or a test's text: the parts, one after another
            for part in [notice] if notice is not None else self._screen(menu, prompt, width):
                self.console.print(part)
            for part in message:
                self.console.print(part)
            return
        if notice is not None:
            # Only the notice: a screen cut to pieces helps nobody. Nothing is played until
            # the terminal is large enough again.
            self.drawn = None
            self._paint(self._rows([notice]) + self._rows(message))
            return
        looks = self._looks()
        console = self.console
        own = self.place.seat if self.hosted else None
        game = self.game
        # By identity: the game's values are large, and each is the same object while it
        # is the same (the entry keeps them, so no other object takes their ids meanwhile).
        basis = (
            id(game.state),
            len(game.steps),
            *map(id, game.seats),
            *map(id, looks[3:]),
            width,
            height,
            bool(menu),
            self._rows_below(prompt, width),
            own,
            self._title(),
            current_language(),
            console.color_system,
            console.encoding,
        )
        # The screen drawn from the same things is the same: when only the message changed
        # (a line said, a refusal), or another terminal at the table drew it already (its
        # spectators, at the same size), it is not drawn again: a flood costs the host little.
        rows = SCREENS.get(basis)
        if rows is None:
            rows = self._rows(self._screen(menu, prompt, width))
            SCREENS.keep(basis, looks, rows)
        told = self._rows(message)
        prompt_cells = fragment_list_width(to_formatted_text(prompt)) if prompt is not None else 0
        self.drawn = Drawn(looks, rows, len(told), prompt_cells)
        self._paint(rows + told)

    def _looks(self, game: TableSnapshot | None = None) -> tuple[object, ...]:
        """What the screen over the message line is drawn from (``game``: the snapshot
        drawn), but for the terminal's size and the menu (which follows from the position):
        the same, and it looks the same. A question, or the table closing, is in it too:
        either needs more than the message."""
        game = game or self.game
        return (
            game.state,
            game.steps,
            game.seats,
            game.hints_enabled,
            game.hint_seen,
            game.question,
            game.waiting_undo,
            game.closed,
            self.talk.hint,
        )

    def _screen(
        self, menu: list[MenuEntry], prompt: FormattedText | None, width: int
    ) -> list[RenderableType]:
        game = self.game
        height = self.drawn_size[1]
        keys = self._menu_keys(menu)
        # Under the screen: the menu, the message if any and the prompt, in the rows they
        # take (the events get the rest). No floor: one pushed the title off an 80x24
        # terminal whenever the menu took four rows and the events filled their panel.
        room = height - menu_rows(menu, width, keys) - self._rows_below(prompt, width)
        # A hosted terminal's player sees their own tableau while another is to move; at one
        # keyboard the mover's is the one that matters.
        own = self.place.seat if self.hosted else None
        info = ScreenInfo(self._title(), self._colours(), *self.talk.events(), own=own)
        aside = self._hint_aside()
        if aside is not None:
            # A hint takes the events' place (and the message's row, when there is none).
            info = replace(info, aside=aside)
        parts: list[RenderableType] = [
            game_screen(game.state, info, width, room, wide=is_wide(width, height))
        ]
        if menu:
            parts.append(menu_view(menu, width, keys))
        return parts

    def _menu_keys(self, menu: list[MenuEntry]) -> list[tuple[str, str]]:
        """The keys listed under the menu's entries."""
        if not menu or not self.game.hints_enabled:
            return []
        return [(HINT_KEY, _(MENU_LABEL).format(command=as_typed("hint")))]

    def _rows(self, parts: Sequence[RenderableType]) -> tuple[str, ...]:
        """``parts`` as the rows written to the terminal, styles and all."""
        with self.console.capture() as captured:
            for part in parts:
                self.console.print(part)
        return tuple(captured.get().split("\n")[:-1])

    def _paint(self, rows: tuple[str, ...]) -> None:
        """``rows`` in place of what the screen showed; the cursor under them."""
        body = "".join(f"{row}{WIPE_ROW}\n" for row in rows)
        self.console.file.write(f"{BEGIN_SYNC}{HOME}{body}{WIPE_BELOW}{END_SYNC}")
        self.console.file.flush()

    def _tell_in_place(self) -> bool:
        """The message line written anew where it is, while the prompt under it waits: when
        nothing else on the screen would change, the message still fits the rows it has, and
        what is typed has not pushed the screen up; False if the screen must be drawn anew."""
        drawn = self.drawn
        width, height = self.drawn_size
        if drawn is None:
            return False
        typed = cell_len(self.prompt.default_buffer.text)
        if len(drawn.rows) + drawn.told + -(-(drawn.prompt_cells + typed + 1) // width) > height:
            return False
        told = self._rows([self.talk.message] if self.talk.message is not None else [])
        if len(told) > drawn.told:
            return False
        # Each row wiped before it is written: a row of the whole width leaves the cursor on
        # its last cell, where wiping after it would take that cell away.
        first = len(drawn.rows) + 1
        rows = told + ("",) * (drawn.told - len(told))
        body = "".join(f"\x1b[{first + n};1H{WIPE_WHOLE_ROW}{row}" for n, row in enumerate(rows))
        self.console.file.write(f"{BEGIN_SYNC}{SAVE_CURSOR}{body}{RESTORE_CURSOR}{END_SYNC}")
        self.console.file.flush()
        return True

    def _title(self) -> str:
        if self.game.seed is not None and self.hosted and not self.place.host:
            # Its draws follow from the seed: whoever has it could foresee them. The host
            # chose it and knows it; the others are told the game is seeded, not the seed.
            return _("Thebes — seeded game (its seed is the host's)")
        return game_title(self.game)

    def _rows_below(self, prompt: FormattedText | None, width: int) -> int:
        """Rows under the menu: the message (wrapped) and the prompt with what was typed
        before a redraw (two rows when there is no prompt, as while bots move)."""
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
        game = self.game
        shown = self.talk.hint
        seat = game.active_seat
        if shown is None or seat is None or not game.hint_seen or shown[0] is not game.state:
            return None
        hints = shown[1]
        name = panels.player_text(game.seats[seat].name, game.seats[seat].colour)

        def draw(width: int, rows: int) -> RenderableType:
            return hint_panel(hints, name, width, rows)

        return draw

    def _planner_head(self) -> RenderableType:
        """Over the planner: the title and the standings, as on the game screen."""
        width, _height = self.size()
        state = self.game.state
        info = ScreenInfo(self._title(), self._colours(), "", [])
        return Group(
            title_line(state, info, width), panels.standings(state, info.colours, width=width)
        )

    # ------------------------------------------------------------ the end

    def _show_final(self) -> None:
        width, height = self.size()
        game = self.game
        # The chart before the table, both in the terminal's rows with where the game is
        # saved under them: the final table is what the players look for.
        below = self._where_saved_rows(width)
        self.console.print(Text(_(WEIGHING)))
        try:
            balance = end_balance(self.table)
        except KeyboardInterrupt:  # Ctrl-C skips the skill, never the end
            balance = balance_of(game, skill=False)
        rows = height - 1  # the line above
        for part in final_screen(game, self._colours(), width, rows, self.talk.log, below, balance):
            self.console.print(part)
        self._say_where_saved("")

    def _where_saved_rows(self, width: int) -> int:
        """The rows :meth:`_say_where_saved` takes at ``width`` columns."""
        lines = self._where_saved()
        if not lines:
            return 0
        first = len(Text(lines[0]).wrap(self.console, width))
        return first + sum(-(-cell_len(line) // width) for line in lines[1:])

    def _say_where_saved(self, lead: str) -> None:
        # The sentence wraps between words; the command has a line of its own, printed
        # whole (the terminal folds it) so that it can be copied as it is.
        lines = self._where_saved(lead)
        if lines:
            self.console.print(Text(lines[0]))
        for line in lines[1:]:
            self.console.print(Text(line), soft_wrap=True)

    def _where_saved(self, lead: str = "") -> list[str]:
        """Where the game is saved and the command that goes on with it (or why it could
        not be saved), whole sentences: nothing when the game has no file, or at a terminal
        that is not the host's. ``lead``, a sentence of its own, goes before the first."""
        lines = self._saved_sentences()
        if lines and lead:
            lines[0] = f"{lead} {lines[0]}"
        return lines

    def _saved_sentences(self) -> list[str]:
        game = self.game
        path = game.autosave
        if path is None:
            return []
        if self.table.discard_if_empty and not game.steps:
            return [_("The game is not kept: nothing was played.")]
        if game.save_problem is not None:
            return [_("The game could not be saved: {problem}.").format(problem=game.save_problem)]
        if not game.is_over:
            command = f"{self.resume_command} {as_file_argument(path)}"
            # TRANSLATORS: {command} is a command line that resumes the game
            go_on = _("'{command}' goes on with it.").format(command=thebes_command(command))
        else:
            command = thebes_command("replay " + printable(str(path)))
            # TRANSLATORS: {command} is a command line that replays the game
            go_on = _("'{command}' shows it again.").format(command=command)
        return [_("The game is saved in {path}.").format(path=shown_path(path)), go_on]


def game_title(game: GameView) -> str:
    """The screen's title: a seeded game says so (whoever has the seed foresees draws)."""
    if game.seed is None:
        return "Thebes"
    return _("Thebes — seeded game, seed {seed}").format(seed=game.seed)
