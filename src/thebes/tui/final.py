"""The end of a game: the final table of scores, part by part, with the majorities won and
the verdict, the variants played and who used hints (nothing is said of either when there
were none); and the final screen, which fits it with the chart of the scores and the last
lines of the log in the terminal's rows."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from rich import box
from rich.cells import cell_len
from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from thebes.analysis.hints import signed
from thebes.language import _, pgettext, place_name
from thebes.records.view import GameView
from thebes.rules import GameState, scores, winners
from thebes.table.ending import Balance
from thebes.tui import panels
from thebes.tui.chart import PLOT_ROWS, game_chart_lines
from thebes.tui.screen import render_text, variants_label

WIDE_TABLE_WIDTH = 100  # below it, the columns get short names
# The chart's plot on the final screen: as tall as the rows left allow, within these (odd,
# so that its middle row is labelled); shorter than the smallest, it is left out.
CHART_ROWS = (5, 2 * PLOT_ROWS - 1)
CHART_FRAME = 3  # the chart's rows besides its plot and legend: its title and the x axis


def final_view(
    state: GameState,
    colours: Sequence[str],
    width: int,
    hints: Mapping[str, int] | None = None,
    balance: Balance | None = None,
    stand_ins: Mapping[str, int] | None = None,
) -> RenderableType:
    """The final table (the winners starred), who won, the variants if there were any,
    ``hints``, the actions each player took after a hint, if anyone did, ``stand_ins``, the
    actions a bot played for a person whose time ran out, and each player's luck and skill
    (``balance``)."""
    narrow = width < WIDE_TABLE_WIDTH
    table = Table(title=_("Final scores"), title_justify="left", title_style="bold")
    if narrow:  # no edges nor dividers: their columns go to the names and majorities
        table.box, table.show_edge = box.SIMPLE_HEAD, False
    # Narrow: a region's initial and its points with no space (G5 E3, as books GCEPM), so
    # that a wrapped cell never parts a region from its points.
    names_shown = [place_name(r) for r in state.catalog.regions]
    regions = [r[0] if narrow else r + " " for r in names_shown]
    # TRANSLATORS: the final table's column headings (short where the terminal is narrow)
    columns = (
        pgettext("table heading", "artifacts"),
        pgettext("table heading", "exhibit."),
        pgettext("table heading", "congress"),
        pgettext("table heading", "major."),
        pgettext("table heading", "total"),
    )
    if not narrow:
        # TRANSLATORS: the final table's column headings
        columns = (
            pgettext("table heading", "artifacts"),
            pgettext("table heading", "exhibitions"),
            pgettext("table heading", "congresses"),
            pgettext("table heading", "majorities"),
            pgettext("table heading", "total"),
        )
    # A long name goes on over more lines, never cut.
    table.add_column(pgettext("table heading", "player"), justify="left", overflow="fold")
    for column in columns:
        table.add_column(column, justify="right")
    if narrow:
        # TRANSLATORS: the final table's last column: the regions whose majorities a player won
        won_heading = pgettext("table heading", "won")
    else:
        won_heading = pgettext("table heading", "majorities won")
    table.add_column(won_heading, justify="left")
    best = winners(state)
    for seat, (player, score) in enumerate(zip(state.players, scores(state), strict=True)):
        won = ", ".join(f"{regions[r]}{vp}" for r, vp in enumerate(score.majority_by_region) if vp)
        name = panels.player_text(player.name, colours[seat])
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
    if len(names) == 1:
        verdict = _("{name} wins!").format(name=names[0])
    else:
        verdict = _("A shared win: {names}.").format(names=", ".join(names))
    lines: list[RenderableType] = [table, Text(verdict, style="bold")]
    if state.variants:
        lines.append(Text(variants_label(state.variants, short=False).capitalize()))
    lines += marks_lines(hints or {}, stand_ins or {})
    if balance is not None:
        lines += balance_lines(balance, colours)
    return Group(*lines)


def marks_lines(hints: Mapping[str, int], stand_ins: Mapping[str, int]) -> list[Text]:
    """Who took actions after a hint, and for whom a bot played when their time ran out:
    a line each, when there are any."""
    lines = []
    if hints:
        # TRANSLATORS: the actions each player took after a hint: "Hints: Ann 3, Bob 1"
        lines.append(Text(_("Hints: {players}").format(players=hints_label(hints))))
    if stand_ins:
        # TRANSLATORS: how many of each player's actions a bot played for them when their
        # time ran out (a server's clock): "A bot stood in for: Bob 2"
        said = _("A bot stood in for: {players}").format(players=hints_label(stand_ins))
        lines.append(Text(said))
    return lines


def balance_lines(balance: Balance, colours: Sequence[str]) -> list[Text]:
    """Each player's luck and skill, a line each under a line that says what they are:
    "  Ann  luck +6.2 (digs +5.0, cards +1.2)  skill -3.1"."""
    skill = balance.skill
    head = _("Luck: draws beyond the expected. Skill: choices' cost against the best. In VP:")
    if skill is None:
        head = _("Luck: what the draws brought beyond the expected, in VP:")
    widest = max(cell_len(name) for name in balance.names)
    lines = [Text(head)]
    for seat, name in enumerate(balance.names):
        line = Text("  ")
        line.append_text(panels.player_text(name, colours[seat]))
        line.append(" " * (widest - cell_len(name)))
        digs, cards = signed(balance.digs[seat]), signed(balance.cards[seat])
        # TRANSLATORS: a player's luck in VP, and how much of it came at digs and at cards
        luck = _("luck {luck} (digs {digs}, cards {cards})")
        line.append("  " + luck.format(luck=signed(balance.luck[seat]), digs=digs, cards=cards))
        if skill is not None:
            # TRANSLATORS: a player's skill in VP (what their choices cost, against the best)
            line.append("  " + _("skill {skill}").format(skill=signed(skill[seat])))
        lines.append(line)
    return lines


def hints_label(hints: Mapping[str, int]) -> str:
    """ "Ann 3, Bob 1": how many actions each player took after a hint (names as typed; a
    Text shows them, never as markup)."""
    return ", ".join(f"{name} {count}" for name, count in hints.items())


def final_screen(
    game: GameView,
    colours: Sequence[str],
    width: int,
    height: int,
    log: Sequence[str] = (),
    below: int = 0,
    balance: Balance | None = None,
) -> list[RenderableType]:
    """The end of the game in ``width`` columns and at most ``height`` rows, of which
    ``below`` are left for what is printed after it (where the game is saved) and one for
    the shell's prompt: the last lines of the ``log``, the chart of the scores over the game
    and the final table. The final table is always there; the chart is as tall as the rows
    left allow (up to :data:`CHART_ROWS`), the log lines and the blank rows around the chart
    go first when it would be shorter than 7 rows, and the chart itself when even 5 do not
    fit."""
    final = final_view(game.state, colours, width, game.hints_used(), balance, game.stand_ins())
    room = height - 1 - below - _rows(final, width)
    told = [Text(line) for line in log[-2:]]
    told_rows = _rows(Group(*told), width) if told else 0
    legend = len(game_chart_lines(game, width)) - PLOT_ROWS - CHART_FRAME
    smallest, largest = CHART_ROWS
    for told_now, gaps, fewest in ((True, 2, 7), (False, 2, 7), (False, 0, smallest)):
        rows = room - (told_rows if told_now else 0) - gaps - CHART_FRAME - legend
        rows = min(rows if rows % 2 else rows - 1, largest)
        if rows >= fewest:
            chart: list[RenderableType] = list(game_chart_lines(game, width, rows=rows))
            if gaps:
                chart = [Text(), *chart, Text()]
            return [*(told if told_now else []), *chart, final]
    return [*(told if told_rows <= room else []), final]


def _rows(renderable: RenderableType, width: int) -> int:
    """The rows ``renderable`` takes at ``width`` columns."""
    return len(render_text(renderable, width).splitlines())
