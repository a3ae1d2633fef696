"""Charts of each player's standing over a game, drawn with characters.

Each player is a row of their time-track mark (the initial, or the seat number) in their
colour, one mark per column, so a chart reads the same without colour (``--no-color``).
Where players share a cell it shows :data:`SHARED` (``*``, said in the title): one clear
mark where lines meet, not letters taking turns. :func:`plot_lines` draws any such chart
(the plot, its axes and their labels) from the values of each column; this module's own is
:func:`score_chart`, every player's score over the weeks of the game, the weeks running from
the game's first week (later with 3 or 4 players) to the end square, labelled ``end``
(it is week 1 of 1904, which is never played), the clock being the rearmost marker's
(:mod:`thebes.analysis.timeline`); its VP axis starts at 0.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from rich.cells import cell_len
from rich.console import Group, RenderableType
from rich.text import Text

from thebes.analysis.timeline import Timeline, session_timeline
from thebes.language import N_, _
from thebes.records.view import GameView
from thebes.rules import time_of, week_of, year_of
from thebes.tui import panels
from thebes.tui.palette import seat_style

PLOT_ROWS = 11  # the top VP in tenths: the 0, middle and top labels fall on whole rows
MAX_WIDTH = 160  # a 2-player game has 156 weeks: wider would only stretch the marks
MIN_COLUMNS = 12
TITLE = N_("Scores over the game")
SHARED = "*"  # two or more players in one cell
# TRANSLATORS: a chart's legend: {mark} marks two or more players level in one cell
SHARED_NOTE = N_("{mark} level")  # shown as _(SHARED_NOTE).format(mark=SHARED)
# TRANSLATORS: a chart's axis label under its last column, the end square (a short word)
END_LABEL = N_("end")


@dataclass(frozen=True, slots=True)
class Plot:
    """What a chart shows: each seat's value in each column, and the x axis."""

    values: Sequence[Sequence[float]]  # per column, every seat's; columns past these are blank
    columns: int
    top: int  # the VP at the top row: a multiple of 10 (see top_of)
    ticks: Mapping[int, str]  # column -> its label under the axis
    now: int | None = None  # the column marked ▲ on the axis
    # (column, seat) -> a character drawn instead of the seat's mark at its value there
    notes: Mapping[tuple[int, int], str] = field(default_factory=dict)
    bottom: int = 0  # the VP at the bottom row: a multiple of 10 below ``top``
    rows: int = PLOT_ROWS  # odd: the middle row is labelled too

    @property
    def label_width(self) -> int:
        return max(len(str(self.top)), len(str(self.bottom)))


def plot_width(top: int, width: int) -> int:
    """The plot's columns in a chart of ``width`` with VP labels up to ``top``."""
    return max(min(width, MAX_WIDTH) - len(str(top)) - 2, MIN_COLUMNS)


def bottom_of(lowest: float, top: int) -> int:
    """The VP at the bottom of a chart that need not start at 0: the lowest value rounded
    down to tens, at least 10 below ``top``."""
    return max(0, min(math.floor(lowest / 10) * 10, top - 10))


def top_of(highest: float) -> int:
    """The VP at the top of a chart: the highest value rounded up to tens, at least 10."""
    return max(10, math.ceil(highest / 10) * 10)


def plot_lines(plot: Plot, marks: Sequence[str], styles: Sequence[str]) -> list[Text]:
    """The plot's rows from the top down with their VP labels, the axis (ticks ┬, the
    current column ▲) and the tick labels under it."""
    width = plot.label_width
    rows = plot.rows
    cells = _cells(plot.values, plot.bottom, plot.top, rows)
    lines = []
    for row in range(rows - 1, -1, -1):
        labelled = row in (0, rows // 2, rows - 1)
        value = plot.bottom + (plot.top - plot.bottom) * row // (rows - 1)
        line = Text(f"{value if labelled else '':>{width}} {'┤' if labelled else '│'}")
        for column in range(plot.columns):
            seats = cells.get((row, column), [])
            if not seats:
                line.append(" ")
                continue
            # A note (a labelled move) is not hidden by a player sharing its cell.
            noted = [seat for seat in seats if (column, seat) in plot.notes]
            if noted:
                line.append(plot.notes[column, noted[0]], style=styles[noted[0]])
            elif len(seats) > 1:
                line.append(SHARED, style="bold")
            else:
                line.append(marks[seats[0]], style=styles[seats[0]])
        lines.append(line)
    return lines + axis_lines(plot.ticks, plot.columns, plot.now, width + 1)


def axis_lines(ticks: Mapping[int, str], columns: int, now: int | None, indent: int) -> list[Text]:
    """The x axis after ``indent`` columns (ticks ┬, the current column ▲) and the tick
    labels under it."""
    axis = ["┬" if column in ticks else "─" for column in range(columns)]
    if now is not None:
        axis[now] = "▲"
    return [
        Text(" " * indent + "└" + "".join(axis)),
        Text(" " * (indent + 1) + _tick_labels(ticks, columns)),
    ]


def score_chart(
    timeline: Timeline,
    names: Sequence[str],
    colours: Sequence[str],
    width: int,
    now: int | None = None,
) -> RenderableType:
    """The chart, its week axis and a legend with each player's name and final total, in at
    most ``width`` columns; a ▲ on the axis at week ``now``, if given."""
    return Group(*score_chart_lines(timeline, names, colours, width, now))


def score_chart_lines(
    timeline: Timeline,
    names: Sequence[str],
    colours: Sequence[str],
    width: int,
    now: int | None = None,
    rows: int = PLOT_ROWS,
) -> list[Text]:
    """:func:`score_chart` line by line (a screen counts them to see what fits), its plot
    ``rows`` high (odd)."""
    width = min(width, MAX_WIDTH)
    top = top_of(max(max(p.totals) for p in timeline.points))
    columns = plot_width(top, width)
    times = _column_times(timeline, columns)
    # A game saved before its end has no scores yet for the weeks after the record.
    reached = [time for time in times if time <= timeline.points[-1].time]
    values = [timeline.totals_at(time) for time in reached]
    at = None if now is None else column_of(times, now)
    plot = Plot(values, columns, top, _ticks(timeline, times), at, rows=rows)
    symbols = chart_marks(names)
    lines = [
        Text(_(TITLE), style="bold").append(" — " + _("VP by year and week") + "; ", style="dim")
    ]
    lines[0].append(_(SHARED_NOTE).format(mark=SHARED))
    lines += plot_lines(plot, symbols, [seat_style(colour) for colour in colours])
    lines += _legend(timeline.points[-1].totals, names, symbols, colours, width)
    return fitted(lines)


def fitted(lines: list[Text]) -> list[Text]:
    """The lines, each kept to one row: cut with an ellipsis where the console is narrower."""
    for line in lines:
        line.no_wrap = True
        line.overflow = "ellipsis"
    return lines


def chart_marks(names: Sequence[str]) -> list[str]:
    """The time track's marks when each is a letter or digit filling one cell (a wide
    initial would push its row out of line, a "-" or "[" would read as part of the axes),
    else the seat numbers."""
    symbols = panels.marks(names)
    if all(cell_len(s) == 1 and s.isalnum() for s in symbols):
        return symbols
    return [str(seat + 1) for seat in range(len(names))]


def _column_times(timeline: Timeline, columns: int) -> list[int]:
    """The week each column stands for, the first week in the first, the end in the last."""
    return spread(timeline.start, timeline.end, columns)


def spread(first: int, last: int, columns: int) -> list[int]:
    """What each of ``columns`` columns stands for, evenly from ``first`` to ``last``."""
    span = last - first
    return [first + round(c * span / (columns - 1)) for c in range(columns)]


def _cells(
    values: Sequence[Sequence[float]], bottom: int, top: int, rows: int = PLOT_ROWS
) -> dict[tuple[int, int], list[int]]:
    """The seats in each (row, column) of the plot: each value to the nearest row."""
    cells: dict[tuple[int, int], list[int]] = {}
    span = top - bottom
    for column, column_values in enumerate(values):
        for seat, value in enumerate(column_values):
            # Multiplied before divided: a value halfway between two rows goes up, exactly.
            exact = (value - bottom) * (rows - 1) / span
            row = min(max(math.floor(exact + 0.5), 0), rows - 1)
            cells.setdefault((row, column), []).append(seat)
    return cells


def _ticks(timeline: Timeline, times: list[int]) -> dict[int, str]:
    """Column -> label: the first week, then week 1 of each later year; the last column,
    the end square, is ``end`` (no week of that year is played)."""
    first = timeline.start
    start_label = str(year_of(first))
    if week_of(first) != 1:
        start_label += f"·{week_of(first)}"
    ticks = {0: start_label}
    for year in range(year_of(first) + 1, year_of(timeline.end) + 1):
        time = time_of(year, 1)
        ticks[column_of(times, time)] = str(year)
    if week_of(timeline.end) == 1:
        ticks[column_of(times, timeline.end)] = _(END_LABEL)
    return ticks


def column_of(times: Sequence[int], time: int) -> int:
    """The first column showing ``time`` or later: where it begins on the chart."""
    return next((c for c, t in enumerate(times) if t >= time), len(times) - 1)


def _tick_labels(ticks: Mapping[int, str], columns: int) -> str:
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
        entry.append(" " + _("{points} VP").format(points=final[seat]))
        gap = "   " if line.plain else ""
        if line.plain and cell_len(line.plain) + len(gap) + cell_len(entry.plain) > width:
            lines.append(line)
            line, gap = Text(), ""
        line.append(gap)
        line.append_text(entry)
    lines.append(line)
    return lines


def game_chart(session: GameView, width: int, now: int | None = None) -> RenderableType:
    """The chart of a session's whole history, with its players' names and colours."""
    return Group(*game_chart_lines(session, width, now))


def game_chart_lines(
    session: GameView, width: int, now: int | None = None, rows: int = PLOT_ROWS
) -> list[Text]:
    """:func:`game_chart` line by line, its plot ``rows`` high (odd)."""
    names = [seat.name for seat in session.seats]
    colours = [seat.colour for seat in session.seats]
    return score_chart_lines(session_timeline(session), names, colours, width, now, rows)
