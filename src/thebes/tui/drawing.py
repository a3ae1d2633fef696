"""What the table at a terminal draws: the screen for the terminal's size, with the menu, the
message and room for the prompt under it; the planner's head; the final table; and where
the game is saved.

At a real terminal a redraw is written over the last one, row by row, each row's rest wiped
and the rows below it wiped after, inside synchronized output: the terminal shows the new
screen at once, with no full clear in between to flicker on a slow link.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import replace

from prompt_toolkit.formatted_text import FormattedText, fragment_list_width, to_formatted_text
from rich.cells import cell_len
from rich.console import Console, Group, RenderableType
from rich.text import Text

from thebes.language import N_, _
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

# Said while the end of the game is weighed: finding the skill takes a few seconds.
WEIGHING = N_("The game is over. Weighing each player's luck and choices… (Ctrl-C skips)")


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
    hosted: bool
    resume_command: str
    size: Callable[[], tuple[int, int]]

    def _colours(self) -> list[str]:
        return [s.colour for s in self.game.seats]

    def _draw(self, menu: list[MenuEntry], prompt: FormattedText | None = None) -> None:
        width, height = self.drawn_size = self.size()
        self.drawn_at = time.monotonic()
        notice = too_small_notice(width, height)
        parts: list[RenderableType] = []
        if notice is not None:
            # Only the notice: a screen cut to pieces helps nobody. Nothing is played until
            # the terminal is large enough again.
            parts.append(notice)
        else:
            parts += self._screen(menu, prompt, width, height)
        if self.talk.message is not None:
            parts.append(self.talk.message)
        self._paint(parts)

    def _screen(
        self, menu: list[MenuEntry], prompt: FormattedText | None, width: int, height: int
    ) -> list[RenderableType]:
        game = self.game
        keys = (
            [(HINT_KEY, _(MENU_LABEL).format(command=as_typed("hint")))]
            if menu and game.hints_enabled
            else []
        )
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

    def _paint(self, parts: list[RenderableType]) -> None:
        """``parts`` in place of what the screen showed."""
        console = self.console
        if not console.is_terminal:  # a file or a test's text: the parts, one after another
            for part in parts:
                console.print(part)
            return
        with console.capture() as captured:
            for part in parts:
                console.print(part)
        rows = captured.get().split("\n")
        body = "".join(f"{row}{WIPE_ROW}\n" for row in rows[:-1]) + rows[-1]
        console.file.write(f"{BEGIN_SYNC}{HOME}{body}{WIPE_BELOW}{END_SYNC}")
        console.file.flush()

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
