"""A chart of each player's score over the weeks of the game, drawn with characters.

Each player is a row of their time-track mark (the initial, or the seat number) in their
colour, one mark per column of weeks, so the chart reads the same without colour
(``--no-color``). Where players share a cell the marks take turns from column to column
(``ABAB``): a tie stays visible instead of one player hiding another. The weeks run from the
game's first week (later with 3 or 4 players) to the end square, the clock being the
rearmost marker's (:mod:`thebes.timeline`); the VP axis starts at 0.
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.cells import cell_len
from rich.console import Group, RenderableType
from rich.text import Text

from thebes.model import time_of, week_of, year_of
from thebes.session import Session
from thebes.timeline import Timeline, session_timeline
from thebes.tui import panels

PLOT_ROWS = 11  # the top VP in tenths: the 0, middle and top labels fall on whole rows
MAX_WIDTH = 160  # a 2-player game has 156 weeks: wider would only stretch the marks
MIN_COLUMNS = 12
TITLE = "Scores over the game"


def score_chart(
    timeline: Timeline,
    names: Sequence[str],
    colours: Sequence[str],
    width: int,
    now: int | None = None,
) -> RenderableType:
    """The chart, its week axis and a legend with each player's name and final total, in at
    most ``width`` columns; a ▲ on the axis at week ``now``, if given."""
    width = min(width, MAX_WIDTH)
    top = _top(max(max(p.totals) for p in timeline.points))
    label_width = len(str(top))
    columns = max(width - label_width - 2, MIN_COLUMNS)
    times = _column_times(timeline, columns)
    styles = [f"bold {colour}" for colour in colours]
    symbols = chart_marks(names)
    cells = _cells(timeline, times, top)
    lines = [Text(TITLE, style="bold").append(" — VP by year and week", style="dim")]
    for row in range(PLOT_ROWS - 1, -1, -1):
        labelled = row in (0, PLOT_ROWS // 2, PLOT_ROWS - 1)
        value = top * row // (PLOT_ROWS - 1)
        line = Text(f"{value if labelled else '':>{label_width}} {'┤' if labelled else '│'}")
        for column in range(columns):
            seats = cells.get((row, column), [])
            if not seats:
                line.append(" ")
                continue
            seat = seats[column % len(seats)]
            line.append(symbols[seat], style=styles[seat])
        lines.append(line)
    ticks = _ticks(timeline, times)
    axis = ["┬" if column in ticks else "─" for column in range(columns)]
    if now is not None:
        axis[_column_of(times, now)] = "▲"
    lines.append(Text(" " * (label_width + 1) + "└" + "".join(axis)))
    lines.append(Text(" " * (label_width + 2) + _tick_labels(ticks, columns)))
    lines.extend(_legend(timeline.points[-1].totals, names, symbols, colours, width))
    for line in lines:
        line.no_wrap = True
        line.overflow = "ellipsis"
    return Group(*lines)


def chart_marks(names: Sequence[str]) -> list[str]:
    """The time track's marks when each is a letter or digit filling one cell (a wide
    initial would push its row out of line, a "-" or "[" would read as part of the axes),
    else the seat numbers."""
    symbols = panels.marks(names)
    if all(cell_len(s) == 1 and s.isalnum() for s in symbols):
        return symbols
    return [str(seat + 1) for seat in range(len(names))]


def _top(highest: int) -> int:
    """The VP at the top of the chart: the highest total rounded up to tens, at least 10."""
    return max(10, -(-highest // 10) * 10)


def _column_times(timeline: Timeline, columns: int) -> list[int]:
    """The week each column stands for, the first week in the first, the end in the last."""
    span = timeline.end - timeline.start
    return [timeline.start + round(c * span / (columns - 1)) for c in range(columns)]


def _cells(timeline: Timeline, times: list[int], top: int) -> dict[tuple[int, int], list[int]]:
    """The seats in each (row, column) of the plot, up to the week the record reaches (a
    game saved before its end has no scores yet for the weeks after)."""
    cells: dict[tuple[int, int], list[int]] = {}
    reached = timeline.points[-1].time
    for column, time in enumerate(times):
        if time > reached:
            break
        for seat, total in enumerate(timeline.totals_at(time)):
            row = (total * (PLOT_ROWS - 1) * 2 + top) // (2 * top)  # to the nearest row
            cells.setdefault((row, column), []).append(seat)
    return cells


def _ticks(timeline: Timeline, times: list[int]) -> dict[int, str]:
    """Column -> label: the first week, then week 1 of each later year."""
    first = timeline.start
    start_label = str(year_of(first))
    if week_of(first) != 1:
        start_label += f"·{week_of(first)}"
    ticks = {0: start_label}
    for year in range(year_of(first) + 1, year_of(timeline.end) + 1):
        time = time_of(year, 1)
        ticks[_column_of(times, time)] = str(year)
    return ticks


def _column_of(times: list[int], time: int) -> int:
    """The first column showing that week or later: where it begins on the chart."""
    return next((c for c, t in enumerate(times) if t >= time), len(times) - 1)


def _tick_labels(ticks: dict[int, str], columns: int) -> str:
    """The labels centred under their ticks, kept inside the chart, a label that would touch
    the one before it left out."""
    line = [" "] * columns
    free = 0  # the first column a label may use
    for column in sorted(ticks):
        label = ticks[column]
        begin = min(max(column - len(label) // 2, 0), columns - len(label))
        if begin < free:
            continue
        line[begin : begin + len(label)] = label
        free = begin + len(label) + 1
    return "".join(line).rstrip()


def _legend(
    final: Sequence[int],
    names: Sequence[str],
    symbols: Sequence[str],
    colours: Sequence[str],
    width: int,
) -> list[Text]:
    """Mark, name and final total of each player, as many to a line as fit."""
    lines: list[Text] = []
    line = Text()
    for seat, name in enumerate(names):
        entry = panels.player_text(symbols[seat], colours[seat])
        entry.append(" ")
        entry.append_text(panels.player_text(name, colours[seat]))
        entry.append(f" {final[seat]} VP")
        gap = "   " if line.plain else ""
        if line.plain and cell_len(line.plain) + len(gap) + cell_len(entry.plain) > width:
            lines.append(line)
            line, gap = Text(), ""
        line.append(gap)
        line.append_text(entry)
    lines.append(line)
    return lines


def game_chart(session: Session, width: int, now: int | None = None) -> RenderableType:
    """The chart of a session's whole history, with its players' names and colours."""
    names = [seat.name for seat in session.seats]
    colours = [seat.colour for seat in session.seats]
    return score_chart(session_timeline(session), names, colours, width, now)
