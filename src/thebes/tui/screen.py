"""The whole game screen, laid out for the terminal's size.

Wide (at least 110 columns and 36 rows): board, time track, cards, every player's tableau,
the bags and the last events all at once. Compact (down to 80x24): the time track, the
cards, the active player's tableau and the last events; the board, all players and the bags
are one command away (``board``, ``players``, ``bags``).
"""

from __future__ import annotations

import io
from collections.abc import Sequence
from dataclasses import dataclass

from rich.console import Console, Group, RenderableType
from rich.table import Table
from rich.text import Text

from thebes.model import END_TIME, GameState
from thebes.rules import active_seat
from thebes.tui import panels

WIDE_MIN_WIDTH = 110
WIDE_MIN_HEIGHT = 36
MIN_WIDTH = 80
MIN_HEIGHT = 24


@dataclass(frozen=True, slots=True)
class ScreenInfo:
    """What the screen shows beside the state itself."""

    title: str  # e.g. "Thebes — seeded game, seed 12"
    colours: Sequence[str]
    log: Sequence[str]


def is_wide(width: int, height: int, state: GameState | None = None) -> bool:
    """Whether the wide layout fits (with at least two lines of log)."""
    if state is None:
        return width >= WIDE_MIN_WIDTH and height >= WIDE_MIN_HEIGHT
    return width >= WIDE_MIN_WIDTH and height >= _height_without_log(state, wide=True) + 3


def too_small_notice(width: int, height: int) -> Text | None:
    """What to tell a player whose terminal is below the smallest layout, else None."""
    if width >= MIN_WIDTH and height >= MIN_HEIGHT:
        return None
    return Text(
        f"The terminal is {width}x{height}; thebes needs at least {MIN_WIDTH}x{MIN_HEIGHT}. "
        "Please make it larger (the game is saved).",
        style="bold",
    )


def game_screen(state: GameState, info: ScreenInfo, width: int, height: int) -> RenderableType:
    """The screen for a terminal of this size; ``height`` counts the rows left for it."""
    header = _header(state, info)
    wide = is_wide(width, height, state)
    if wide:
        top = Table.grid(padding=(0, 3))
        top.add_column(no_wrap=True)
        top.add_column()
        top.add_row(
            panels.board(state, info.colours),
            # Names are in the players' table below; letters keep this line short.
            Group(panels.time_track(state, info.colours, with_names=False), panels.bags(state)),
        )
        parts: list[RenderableType] = [
            header,
            top,
            panels.display(state),
            panels.tableaux(state, info.colours),
        ]
    else:
        parts = [
            header,
            panels.time_track(state, info.colours),
            panels.display(state),
            _active_tableau(state, info),
        ]
    used = _height_without_log(state, wide=wide)
    parts.append(panels.log(info.log, max(1, height - used - 1)))
    return Group(*parts)


def _height_without_log(state: GameState, *, wide: bool) -> int:
    """Rows the screen takes before the log, counted from the state (rendering twice to
    measure would double the time of every redraw)."""
    weeks = [p.time % 52 for p in state.players if p.time < END_TIME]
    depth = max((weeks.count(w) for w in weeks), default=0)
    time_track = 3 + depth  # title, scale, the stacks, the line of players
    display = 3 + len(state.exhibitions)  # title, two rows of card tiles, exhibitions
    if wide:
        board = 3 + len(state.catalog.locations)  # title, header, rule, locations
        bags = 3 + len(state.catalog.regions)
        tableaux = 2 + 10  # header, rule, ten rows
        return 1 + max(board, time_track + bags) + display + tableaux
    active = 3 if active_seat(state) is not None else 2 + 10
    return 1 + time_track + display + active


def _header(state: GameState, info: ScreenInfo) -> Text:
    seat = active_seat(state)
    text = Text(info.title, style="bold")
    if seat is not None:
        player = state.players[seat]
        text.append("   to play: ")
        text.append_text(panels.player_text(player.name, info.colours[seat]))
    else:
        text.append("   the game is over")
    return text


def _active_tableau(state: GameState, info: ScreenInfo) -> RenderableType:
    """The compact layout's one-line-per-topic summary of the active player."""
    seat = active_seat(state)
    if seat is None:
        return panels.tableaux(state, info.colours)
    player = state.players[seat]
    catalog = state.catalog
    books = " ".join(f"{r[:3]} {player.books[i]}" for i, r in enumerate(catalog.regions))
    line1 = Text()
    line1.append_text(panels.player_text(player.name, info.colours[seat]))
    line1.append(f": books {books}, general {player.general}")
    line2 = Text(
        f"  assistants {player.assistants}, shovels {player.shovels}, car {player.cars}, "
        f"zeppelins {player.zeppelins}, special permits {player.special_permits}, "
        f"congresses {player.congresses}"
    )
    line3 = Text("  permits ")
    line3.append_text(panels.permits_text(state, player))
    line3.append(f"  exhibitions {len(player.exhibitions)}")
    return Group(line1, line2, line3)


def terminal_console(*, colour: bool) -> Console:
    """The console the game prints to. Markup and emoji codes are off: every string is
    shown as it is (a player named "[bold]" or ":smile:" keeps the name they typed)."""
    return Console(no_color=not colour, highlight=False, markup=False, emoji=False)


def render_text(renderable: RenderableType, width: int, *, colour: bool = False) -> str:
    """The renderable as plain text at a fixed width (tests, benchmarks, NO_COLOR logs)."""
    console = Console(
        width=width,
        record=True,
        color_system="truecolor" if colour else None,
        force_terminal=colour,
        file=io.StringIO(),
        legacy_windows=False,
        markup=False,
        emoji=False,
        highlight=False,
    )
    console.print(renderable)
    return console.export_text(styles=colour)
