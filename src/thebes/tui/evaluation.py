"""A game's saved analysis in the replay viewer (`thebes analyze FILE --save` writes it).

Each step's line tells how good the action just shown was: its label, what it lost and the
better action (``mistake, −4.6 VP (better: take 2, +2.1)``), or ``good (+1.2)``, with minus
signs (U+2212), not hyphens. The numbers in brackets are the mover's expected final margin
over the best rival after that action, as :mod:`thebes.analysis.move_review` values it. A loss big
enough for a label that got none (the playouts could not tell it from their noise) is
called ``unsure``. The chart shows every player's expected final score action by action,
each labelled move marked on its mover's row, and the summary each player's mean loss and
labels. The words carry the meaning; colour only helps (``--no-color``).

With two players the chart is two lines on one plot. With three or four the lines of a
game's expected scores, kept in a narrow band, would cross in nearly every column; so each
player gets a band of their own, two rows high, a bar in each column as tall as the
expected score (the same scale for all, said in the legend), the player's mark and name
on its left with the expected score at the action shown (▲) under them, and the labelled
moves marked above the bars::

    A Ann       ▂▃▄▅▅▆▆×▇▇██
       41.2  ▁▃▅████████████
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from rich.cells import cell_len
from rich.text import Text

from thebes.analysis import hints
from thebes.analysis.analysis_file import AnalysisRefused, load_game_analysis
from thebes.analysis.game_review import GameReview, analysis_path, summarize
from thebes.analysis.judge import LABEL_NAMES
from thebes.analysis.luck import Luck
from thebes.analysis.move_review import MoveReview
from thebes.language import N_, _, decimal, ngettext, pgettext
from thebes.records.library import as_file_argument
from thebes.records.session import Session
from thebes.safeio.invocation import thebes_command
from thebes.safeio.text import printable
from thebes.tui import panels
from thebes.tui.chart import (
    MAX_WIDTH,
    MIN_COLUMNS,
    SHARED,
    SHARED_NOTE,
    Plot,
    axis_lines,
    bottom_of,
    chart_marks,
    column_of,
    fitted,
    plot_lines,
    plot_width,
    spread,
    top_of,
)
from thebes.tui.linecap import cut, fit_line
from thebes.tui.palette import BLUISH_GREEN, ORANGE, VERMILLION, YELLOW, seat_style

# Okabe-Ito (tui.palette): told apart by colour-blind players too, and always by their words.
LABEL_STYLES = {
    "blunder": f"bold {VERMILLION}",
    "mistake": f"bold {ORANGE}",
    "inaccuracy": f"bold {YELLOW}",
}
GOOD_STYLE = f"bold {BLUISH_GREEN}"
UNSURE = "unsure"
SERIOUS = ("blunder", "mistake")  # the moves m and M jump between
# A labelled move's mark on the chart, in place of its mover's: not a letter or a digit,
# which are the players' own marks (chart_marks).
NOTE_MARKS = {"blunder": "×", "mistake": "?", "inaccuracy": "·"}
MINUS = "−"  # U+2212
TICK_STEPS = (5, 10, 20, 25, 50, 100, 200)
CHART_TITLE = N_("Expected final scores")
BLOCKS = " ▁▂▃▄▅▆▇█"  # a bar's row filled by eighths
BAND_LABEL = 12  # a band's label: the mark and name, under them the score at ▲
# Said wherever labels and margins are shown: a lucky dig can be a blunder, an unlucky one good.
NOT_LUCK = N_("Labels judge the choice by its expected result, not by the luck of the draw.")
LUCK_AND_SKILL = N_("Skill: what the labelled actions cost. Luck: draws beyond the expected. VP.")


def label_word(label: str) -> str:
    """A label of the analysis (its identifier, "blunder") in the reader's words."""
    match label:
        case "blunder":
            return pgettext("analysis label", "blunder")
        case "mistake":
            return pgettext("analysis label", "mistake")
        case "inaccuracy":
            return pgettext("analysis label", "inaccuracy")
        case "good":
            return pgettext("analysis label", "good")
        case "unsure":
            # TRANSLATORS: a loss too close to the playouts' noise to label
            return pgettext("analysis label", "unsure")
    return label


@dataclass(frozen=True, slots=True)
class SavedAnalysis:
    """The analysis file looked for beside a game, and what came of it."""

    path: Path
    review: GameReview | None = None  # None: no file, or one refused
    refused: str | None = None  # why the file there is not used ("was edited: ...")
    game: Path | None = None  # the game file it is looked for beside

    @property
    def command(self) -> str:
        """The command that writes it: `thebes analyze g.json --save`."""
        return analyze_command(self.game)

    @property
    def moves(self) -> tuple[MoveReview, ...]:
        return () if self.review is None else self.review.moves


def saved_analysis(game: Path, session: Session) -> SavedAnalysis:
    """The analysis saved beside the game file ``game``, replayed as ``session``."""
    path = analysis_path(game)
    try:
        return SavedAnalysis(path, load_game_analysis(path, session), game=game)
    except AnalysisRefused as refused:
        reason = str(refused)
        if refused.again:
            # TRANSLATORS: {reason} is why the analysis file is not used ("was edited: ...")
            reason = _("{reason}; `{command}` writes it again").format(
                reason=reason, command=analyze_command(game)
            )
        return SavedAnalysis(path, refused=reason, game=game)


def analyze_command(game: Path | None) -> str:
    """The command that analyses the game file ``game`` and saves it (``FILE`` if not known)."""
    where = "FILE" if game is None else as_file_argument(game)
    return thebes_command(f"analyze {where} --save")


def about_analysis(analysis: SavedAnalysis | None) -> str:
    """What the help says of the analysis: what its lines mean, or why there is none."""
    if analysis is not None and analysis.review is not None:
        count = analysis.review.playouts
        about = ngettext(
            "Analysis: {file}, {count} playout a move. Each step's line labels its action "
            "blunder, mistake, inaccuracy or good (unsure: a loss too close to the playouts' "
            "noise to label), with the VP it lost; in brackets the better action and the "
            "expected final margin over the best rival, in VP.",
            "Analysis: {file}, {count} playouts a move. Each step's line labels its action "
            "blunder, mistake, inaccuracy or good (unsure: a loss too close to the playouts' "
            "noise to label), with the VP it lost; in brackets the better action and the "
            "expected final margin over the best rival, in VP.",
            count,
        ).format(file=printable(analysis.path.name), count=count)
        return f"{about} {_(NOT_LUCK)}"
    command = analyze_command(None if analysis is None else analysis.game)
    if analysis is not None and analysis.refused is not None:
        said = refusal_text(analysis.path, analysis.refused)
        if command in said:
            # TRANSLATORS: {said} is a sentence on why the analysis file is not used
            return _("{said} It is not shown.").format(said=said)
        # TRANSLATORS: {said} is a sentence on why the analysis file is not used
        return _("{said} It is not shown; `{command}` writes a new one.").format(
            said=said, command=command
        )
    name = "NAME.analysis.json" if analysis is None else printable(analysis.path.name)
    # TRANSLATORS: {command} is the command line that writes the analysis, {file} its file
    return _(
        "No analysis: `{command}` writes one beside the game ({file}); "
        "the replay then says how good each action was."
    ).format(command=command, file=name)


def refusal_text(path: Path, reason: str) -> str:
    """The one line naming the analysis file ``path`` and why it is not shown: ``Analysis
    g.analysis.json was edited: ...``. Text from the file is shown as typed, never as
    markup (the line is a plain Text)."""
    # TRANSLATORS: {file} is the analysis file's name, {reason} why it is not used, in the
    # words of the analysis ("was edited: ...")
    return _("Analysis {file} {reason}.").format(
        file=printable(path.name), reason=printable(reason)
    )


def signed(vp: float) -> str:
    """``+2.1``, ``−4.6``, ``+0.0``: VP to a tenth, always signed, with a true minus."""
    return hints.signed(vp).replace("-", MINUS)


def verdict(move: MoveReview) -> Text:
    """How good ``move`` was, e.g. ``mistake, −4.6 VP (better: take 2, +2.1)``; only the
    label's word is coloured."""
    # TRANSLATORS: the better action as typed in the notation, and its expected margin
    better = _("better: {action}, {value}").format(
        action=printable(move.best), value=signed(move.best_value)
    )
    # TRANSLATORS: after a label: the VP an action lost, then "(better: take 2, +2.1)"
    lost = ", " + _("{loss} VP ({better})").format(loss=signed(-move.loss), better=better)
    good = label_word("good")
    if move.label:
        word = label_word(move.label)
        return Text().append(word, style=LABEL_STYLES[move.label]).append(lost)
    if round(move.loss, 1) == 0 or move.best == move.action:
        return Text().append(good, style=GOOD_STYLE).append(f" ({signed(move.value)})")
    if move.unsure:
        return Text().append(label_word(UNSURE), style="bold").append(lost)
    return Text().append(good, style=GOOD_STYLE).append(lost)


def step_line(
    number: int,
    player: str,
    action: str,
    move: MoveReview | None,
    width: int,
    *,
    hinted: bool = False,
    luck: str = "",
    stood_in: str | None = None,
) -> Text:
    """``12: Ann — dig Greece 3`` (`` (taken after seeing a hint)`` if so: the record says
    a hint was seen, not that the action was one it showed; `` (played by the greedy bot:
    time ran out)`` for a bot's action ``stood_in`` for the person), with an analysis `` — ``
    and its verdict, and `` — `` and the ``luck`` of its draws, in one row of ``width`` (cut
    at a word). The name is the game's, shown as typed."""
    line = Text(f"{number}: {player} — {action}", style="bold")
    if hinted:
        line.append(" " + _("(taken after seeing a hint)"))
    if stood_in is not None:
        # TRANSLATORS: after an action in the replay: a bot of level {level} (greedy, ...)
        # played it for the player, whose time ran out on a server's clock.
        line.append(" " + _("(played by the {level} bot: time ran out)").format(level=stood_in))
    if move is not None:
        line.append(" — ")
        line.append_text(verdict(move))
    if luck:
        line.append(f" — {luck}")
    return fit_line(line, width)


def step_luck(luck: Luck, number: int, names: Sequence[str]) -> str:
    """The luck of the draws of action ``number``, whose it is: "luck: Ann +3.1 at the
    dig, Bob −0.4 at a card" ("" for an action that drew nothing)."""
    # TRANSLATORS: a player's luck at a draw: "Ann +3.1 at the dig"
    at_dig = _("{name} {luck} at the dig")
    # TRANSLATORS: a player's luck at a draw: "Bob −0.4 at a card"
    at_card = _("{name} {luck} at a card")
    parts = [
        (at_dig if e.kind == "dig" else at_card).format(
            name=printable(names[e.seat]), luck=signed(e.luck)
        )
        for e in luck.events
        if e.action == number
    ]
    return _("luck: {players}").format(players=", ".join(parts)) if parts else ""


# ------------------------------------------------------------------ jumps


def serious_after(moves: Sequence[MoveReview], position: int) -> int | None:
    """The number of the first blunder or mistake after action ``position``, if any."""
    return next((m.number for m in moves if m.number > position and m.label in SERIOUS), None)


def serious_before(moves: Sequence[MoveReview], position: int) -> int | None:
    """The number of the last blunder or mistake before action ``position``, if any."""
    found = [m.number for m in moves if m.number < position and m.label in SERIOUS]
    return found[-1] if found else None


def jump_message(moves: Sequence[MoveReview], number: int) -> str:
    """Where action ``number`` (a blunder or mistake) stands among them."""
    serious = [m.number for m in moves if m.label in SERIOUS]
    # TRANSLATORS: the keys m and M stay as they are
    return _("Blunder or mistake {number} of {count} · m next · M previous").format(
        number=serious.index(number) + 1, count=len(serious)
    )


def no_jump_message(moves: Sequence[MoveReview], position: int, *, forward: bool) -> str:
    """Why m (``forward``) or M goes nowhere from ``position``."""
    if not any(m.label in SERIOUS for m in moves):
        count = sum(m.label == "inaccuracy" for m in moves)
        return ngettext(
            "The analysis finds no blunder or mistake ({count} inaccuracy).",
            "The analysis finds no blunder or mistake ({count} inaccuracies).",
            count,
        ).format(count=count)
    if forward:
        # TRANSLATORS: M is the key that goes back to the previous one
        return _("No blunder or mistake after action {number} (M goes back).").format(
            number=position
        )
    # TRANSLATORS: m is the key that goes on to the next one
    return _("No blunder or mistake before action {number} (m goes forward).").format(
        number=position
    )


# ------------------------------------------------------------------ chart and summary


def evaluation_chart_lines(
    moves: Sequence[MoveReview],
    names: Sequence[str],
    colours: Sequence[str],
    width: int,
    position: int,
) -> list[Text]:
    """Every player's expected final score after each action (x: the action's number), a
    labelled move's mark (:data:`NOTE_MARKS`) in place of its mover's, and a ▲ on the axis
    at action ``position``, in at most ``width`` columns."""
    title = Text(_(CHART_TITLE), style="bold").append(" — " + _("VP by action") + "; ", style="dim")
    title.append(_marks_legend())
    if not moves:
        return fitted([title, Text(_("No action to chart."))])
    if len(names) > 2:
        return fitted(band_chart_lines(moves, names, colours, width, position))
    title.append(f"  {_(SHARED_NOTE).format(mark=SHARED)}")
    top = top_of(max(max(m.scores) for m in moves))
    # Not from 0: the expected scores of a game stay in a band, which the rows spread out.
    bottom = bottom_of(min(min(m.scores) for m in moves), top)
    columns = plot_width(top, width)
    numbers = spread(1, len(moves), columns)  # the action each column shows
    values = [moves[number - 1].scores for number in numbers]
    seats = {name: seat for seat, name in enumerate(names)}
    notes: dict[tuple[int, int], str] = {}
    labelled = [m for m in moves if m.label and m.player in seats]
    # The worst label last: it is the one kept where a player has several in one column.
    for move in sorted(labelled, key=lambda m: -LABEL_NAMES.index(m.label)):
        notes[column_of(numbers, move.number), seats[move.player]] = NOTE_MARKS[move.label]
    ticks = _ticks(numbers, columns)
    plot = Plot(values, columns, top, ticks, column_of(numbers, position), notes, bottom)
    styles = [seat_style(colour) for colour in colours]
    return fitted([title, *plot_lines(plot, chart_marks(names), styles)])


def band_chart_lines(
    moves: Sequence[MoveReview],
    names: Sequence[str],
    colours: Sequence[str],
    width: int,
    position: int,
) -> list[Text]:
    """The chart of three or four players: a band of two rows each (see the module's
    docstring), then the action axis."""
    top = top_of(max(max(m.scores) for m in moves))
    bottom = bottom_of(min(min(m.scores) for m in moves), top)
    columns = max(min(width, MAX_WIDTH) - BAND_LABEL, MIN_COLUMNS)
    numbers = spread(1, len(moves), columns)
    marks = chart_marks(names)
    seats = {name: seat for seat, name in enumerate(names)}
    notes: dict[tuple[int, int], str] = {}
    for move in sorted(moves, key=lambda m: -LABEL_NAMES.index(m.label) if m.label else 1):
        if move.label and move.player in seats:
            notes[column_of(numbers, move.number), seats[move.player]] = NOTE_MARKS[move.label]
    title = Text(_(CHART_TITLE), style="bold").append(" — " + _("VP by action"), style="dim")
    # TRANSLATORS: the legend of the bars: the number under a name is its score at ▲
    legend = Text(
        _("bars from {bottom} to {top} VP; the number: at ▲; ").format(bottom=bottom, top=top)
    )
    legend.append(_marks_legend())
    lines = [title, legend]
    for seat, name in enumerate(names):
        style = f"bold {colours[seat]}"
        eighths = [_eighths(moves[n - 1].scores[seat], bottom, top) for n in numbers]
        upper = Text(f"{marks[seat]} {cut(printable(name), BAND_LABEL - 3):<{BAND_LABEL - 2}}")
        lower = Text(f"{_at(moves, position, seat):>{BAND_LABEL - 2}}  ")
        for column, height in enumerate(eighths):
            note = notes.get((column, seat))
            if note is not None:
                upper.append(note, style=LABEL_STYLES[_label_of_mark(note)])
            else:
                upper.append(BLOCKS[max(height - 8, 0)], style=style)
            lower.append(BLOCKS[min(height, 8)], style=style)
        lines += [upper, lower]
    now = column_of(numbers, position) if position else None
    return lines + axis_lines(_ticks(numbers, columns), columns, now, BAND_LABEL - 1)


def _marks_legend() -> str:
    """ "× blunder  ? mistake  · inaccuracy": what the marks on the chart say."""
    return "  ".join(f"{mark} {label_word(label)}" for label, mark in NOTE_MARKS.items())


def _eighths(value: float, bottom: int, top: int) -> int:
    """A bar's height in eighths of a row, two rows in all: 1 (the bottom) to 16."""
    return min(max(round((value - bottom) * 16 / (top - bottom)), 1), 16)


def _at(moves: Sequence[MoveReview], position: int, seat: int) -> str:
    """The seat's expected final score after action ``position`` ("" before the first)."""
    if not 0 < position <= len(moves):
        return ""
    return decimal(moves[position - 1].scores[seat])


def _label_of_mark(mark: str) -> str:
    return next(label for label, note in NOTE_MARKS.items() if note == mark)


def _ticks(numbers: Sequence[int], columns: int) -> dict[int, str]:
    """Column -> label: action 1, then every multiple of a round step, spaced for labels."""
    count = numbers[-1]
    step = next((s for s in TICK_STEPS if count / s <= columns / 8), TICK_STEPS[-1])
    ticks = {0: "1"}
    for number in range(step, count + 1, step):
        ticks[column_of(numbers, number)] = str(number)
    return ticks


def summary_lines(
    moves: Sequence[MoveReview],
    names: Sequence[str],
    colours: Sequence[str],
    width: int,
    luck: Sequence[float],
) -> list[Text]:
    """A table: each player's mark and name, moves, mean loss, label counts, skill (what
    the labelled actions cost) and ``luck`` (what the draws brought beyond the expected)."""
    marks = chart_marks(names)
    # TRANSLATORS: a table's column heading: the player's name
    player = pgettext("table heading", "player")
    name_width = max(cell_len(player), *(cell_len(name) for name in names))
    # TRANSLATORS: a table's headings, each as wide as its column and right-aligned over it:
    # moves 5, mean loss 9, blund. 6, mist. 5, inacc. 6, skill 6, luck 6 (one space between)
    header = _("moves  mean loss blund. mist. inacc.  skill   luck")
    lines = [Text(f"  {player}{' ' * (name_width - cell_len(player))}  {header}", style="dim")]
    for seat, name in enumerate(names):
        summary = summarize(name, moves)
        line = panels.player_text(marks[seat], colours[seat]).append(" ")
        line.append_text(panels.player_text(name, colours[seat]))
        line.append(" " * (name_width - cell_len(name) + 2))
        counts = [summary.labels[label] for label in LABEL_NAMES]
        mean_loss = _("{points} VP").format(points=f"{summary.mean_loss:>6.1f}")
        line.append(
            f"{summary.moves:>5}  {mean_loss} "
            f"{counts[0]:>6} {counts[1]:>5} "
            f"{counts[2]:>6} {signed(summary.skill):>6} {signed(luck[seat]):>6}"
        )
        lines.append(line)
    lines.append(Text(_(LUCK_AND_SKILL), style="dim"))
    return fitted(lines)
