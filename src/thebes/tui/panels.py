"""The parts of the game screen, each a rich renderable built from a game state.

Every function here is pure: state (and seats) in, renderable out. :mod:`thebes.tui.screen`
arranges them for the terminal's size.
"""

from __future__ import annotations

from collections.abc import Sequence

from rich import box
from rich.cells import cell_len
from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from thebes.catalog.components import (
    REGION_COUNT,
    TokenKind,
)
from thebes.language import N_, _, pgettext, place_name
from thebes.rules import (
    END_TIME,
    WEEKS_PER_YEAR,
    GameState,
    PlayerState,
    Score,
    active_seat,
    bag_contents,
    date_text,
    debris_aside,
    journey,
    scores,
    time_of,
    week_of,
    year_of,
)
from thebes.tui.cards import display as display
from thebes.tui.cards import exhibition_rows as exhibition_rows
from thebes.tui.cards import face_up_line as face_up_line
from thebes.tui.cards import short_card_name as short_card_name

# The display's cards and exhibitions are drawn in thebes.tui.cards, named here as ever.
from thebes.tui.palette import seat_style

# TRANSLATORS: a row label of the tableaux (16 columns at most): the score is the sum of
# artifacts, exhibitions, congresses and majorities (their initials)
SCORE_PARTS_LABEL = N_("VP = a+e+c+m")
LABEL_WIDTH = 16  # the longest row label: "general, legends"
TABLEAU_MIN_COLUMN = 14  # "G✓ C✓ E✓ P✓ M✓", "99=50+12+15+22"
SITE_MARK = "◆"
CITY_MARK = "●"


def _panel_table(title: str | Text, *, expand: bool = False, rule: bool = True) -> Table:
    """A table of the screen: a bold title on the left, a rule under the header only if
    ``rule`` (the wide screen saves that row)."""
    return Table(
        title=title or None,
        title_justify="left",
        title_style="bold",
        box=box.SIMPLE_HEAD if rule else None,
        show_edge=False,
        padding=(0, 1),
        pad_edge=False,
        expand=expand,
    )


def player_text(name: str, colour: str, *, short: bool = False) -> Text:
    return Text(name[:3] if short else name, style=seat_style(colour))


def board(state: GameState, colours: Sequence[str], *, rule: bool = True) -> RenderableType:
    """The 12 locations, who stands where (by the players' marks), the connections and the
    journey in weeks for the active player (car included)."""
    catalog = state.catalog
    seat = active_seat(state)
    mover = state.players[seat] if seat is not None else None
    # A Text, not a str: a name is shown as typed, never read as markup.
    if mover is None:
        title = Text(_("Board"))
    else:
        # TRANSLATORS: the board's title: the weeks column counts the journeys from {name}
        title = Text(_("Board — weeks from {name}").format(name=mover.name))
    table = _panel_table(title, rule=rule)
    table.add_column(pgettext("table heading", "location"), no_wrap=True)
    # TRANSLATORS: a narrow column heading: weeks
    table.add_column(pgettext("table heading", "wk"), justify="right")
    # TRANSLATORS: a column heading: the players standing at the location
    table.add_column(pgettext("table heading", "here"), no_wrap=True)
    table.add_column(pgettext("table heading", "roads to"), no_wrap=True)
    symbols = marks([p.name for p in state.players])
    neighbours: list[list[str]] = [[] for _location in catalog.locations]
    for a, b in catalog.edges:
        neighbours[a].append(place_name(catalog.locations[b])[:3])
        neighbours[b].append(place_name(catalog.locations[a])[:3])
    for index, name in enumerate(catalog.locations):
        mark = SITE_MARK if index >= catalog.city_count else CITY_MARK
        label = Text(
            f"{mark} {place_name(name)}", style="bold" if mover and mover.location == index else ""
        )
        weeks = "" if mover is None else str(journey(catalog, mover, index, False))
        here = Text(" ").join(
            player_text(symbols[i], colours[i])
            for i, p in enumerate(state.players)
            if p.location == index
        )
        table.add_row(label, weeks, here, " ".join(neighbours[index]))
    return table


def marks(names: Sequence[str]) -> list[str]:
    """One letter or digit per player, a column wide (the time track has a column a week,
    and a "[" or "-" would read as part of a chart): each name's first such character in
    upper case if they all differ, else the seat numbers."""
    initials = [_initial(name) for name in names]
    if None not in initials and len(set(initials)) == len(initials):
        return [initial for initial in initials if initial is not None]
    return [str(seat + 1) for seat in range(len(names))]


def _initial(name: str) -> str | None:
    """The first letter or digit of ``name`` that fills one column ("😀Ann": A), upper case
    where that is one character too ("ß" stays), else None ("東京")."""
    for char in name:
        if char.isalpha() or char.isdecimal():
            upper = char.upper()
            mark = upper if len(upper) == 1 else char
            if cell_len(mark) == 1:
                return mark
    return None


def marker_years(state: GameState) -> tuple[int, int]:
    """The years of the markers furthest back and furthest ahead (those on the end square
    left out): the same year except while some markers have passed week 52 and others not."""
    times = [p.time for p in state.players if p.time < END_TIME] or [END_TIME]
    return year_of(min(times)), year_of(max(times))


def track_weeks(state: GameState) -> list[int | None]:
    """The times the track's columns stand for: weeks 1-52 of the year, or while the markers
    straddle a year, the end of the first year, a turn (None) and the start of the next,
    in :data:`TRACK_COLUMNS` columns unless the markers are further apart than that."""
    first, last = marker_years(state)
    if first == last:
        return [time_of(first, week) for week in range(1, WEEKS_PER_YEAR + 1)]
    live = [p.time for p in state.players if p.time < END_TIME]
    back, ahead = week_of(min(live)), week_of(max(live))
    # Half a year on each side keeps the track still while the markers cross; the furthest
    # back and the furthest ahead must be on it (one action never spans 50 weeks, so both
    # fit in the 51 week columns; if they did not, the track grows rather than lie).
    before = max(WEEKS_PER_YEAR + 1 - back, min(TRACK_COLUMNS // 2, TRACK_COLUMNS - 1 - ahead))
    after = max(ahead, TRACK_COLUMNS - 1 - before)
    return [
        *(time_of(first, week) for week in range(WEEKS_PER_YEAR + 1 - before, WEEKS_PER_YEAR + 1)),
        None,
        *(time_of(last, week) for week in range(1, after + 1)),
    ]


TRACK_COLUMNS = WEEKS_PER_YEAR  # the track's width, a year's weeks or a turn and 51 weeks
YEAR_TURN = "│"


def time_track(state: GameState, colours: Sequence[str]) -> RenderableType:
    """The time track with every marker (stacks: the top marker first): weeks 1-52 of the
    year, or across a year's end, the weeks on both sides of a line where the new year
    begins, so that a marker ahead is drawn ahead. The standings say whose mark is whose."""
    names = [p.name for p in state.players]
    symbols = marks(names)
    stacks: dict[int, list[int]] = {}
    for stacked in sorted(range(len(names)), key=lambda s: -state.players[s].arrival):
        player = state.players[stacked]
        if player.time < END_TIME:
            stacks.setdefault(player.time, []).append(stacked)
    depth = max((len(s) for s in stacks.values()), default=0)
    columns = track_weeks(state)
    scale = Text(_track_label())
    for time in columns:
        week = 0 if time is None else week_of(time)
        scale.append(YEAR_TURN if time is None else str(week % 10) if week % 5 == 0 else "·")
    lines = [scale]
    for level in range(depth):
        line = Text(" " * len(_track_label()))
        for time in columns:
            stack = [] if time is None else stacks.get(time, [])
            if time is None:
                line.append(YEAR_TURN, style="dim")
            elif level < len(stack):
                line.append(symbols[stack[level]], style=seat_style(colours[stack[level]]))
            else:
                line.append(" ")
        lines.append(line)
    return Group(_track_title(state, columns), *lines)


def _track_title(state: GameState, columns: Sequence[int | None]) -> Text:
    """ "Time track — year 1901", and across a year's end the next year named above the line
    where it begins ("│1902")."""
    first, last = marker_years(state)
    title = Text(_("Time track — year {year}").format(year=first), style="bold")
    if first == last:
        return title
    turn = len(_track_label()) + columns.index(None)
    if turn > len(title):
        title.append(" " * (turn - len(title)) + f"{YEAR_TURN}{last}", style="bold")
    else:
        # TRANSLATORS: after "Time track — year 1901": the next year begins at the line {mark}
        title.append(_(", {year} from {mark}").format(year=last, mark=YEAR_TURN), style="bold")
    return title


def _track_label() -> str:
    """The label left of the time track's scale ("week "), and the width of its margin."""
    # TRANSLATORS: left of the time track's scale of weeks; 5 letters at most
    return pgettext("time track", "week") + " "


def permits_text(state: GameState, player: PlayerState) -> Text:
    text = Text()
    for r, region in enumerate(state.catalog.regions):
        used = player.permits_used >> r & 1
        initial = place_name(region)[0]
        text.append(initial + ("✗" if used else "✓") + " ", style="dim" if used else "")
    text.rstrip()
    return text


def tableaux(
    state: GameState, colours: Sequence[str], *, rule: bool = True, width: int = 200
) -> RenderableType:
    """Every player's cards, tokens and score, one column a player; in ``width`` columns
    a long name is cut in its column's heading (the standings show it whole), and a cell
    too long for its column (five regions' artifacts at 80 columns) goes on over more
    lines rather than be cut: :func:`tableau_height` counts them."""
    rule = rule and width >= 100  # a divider between columns: at 80 there is no room
    table = _panel_table("", rule=rule)
    players = pgettext("table heading", "Players")
    table.add_column(players, no_wrap=True, style="bold", min_width=LABEL_WIDTH)
    column = _tableau_column(len(state.players), width, rule)
    for i, player in enumerate(state.players):
        heading = player_text(player.name, colours[i])
        heading.truncate(column, overflow="ellipsis")
        table.add_column(heading, min_width=TABLEAU_MIN_COLUMN, max_width=column, overflow="fold")
    for label, cells in _tableau_rows(state):
        table.add_row(label, *cells)
    return table


def tableau_height(state: GameState, width: int, *, rule: bool = True) -> int:
    """The rows :func:`tableaux` takes at ``width``: the heading (and its rule), then each
    row as many lines as its longest cell wraps to (words are never longer than a column)."""
    rule = rule and width >= 100
    column = _tableau_column(len(state.players), width, rule)
    rows = 1 + rule
    for _label, cells in _tableau_rows(state):
        rows += max(
            len(_wrapped(cell.plain if isinstance(cell, Text) else cell, column)) for cell in cells
        )
    return rows


def _tableau_column(players: int, width: int, rule: bool) -> int:
    """A player's column: an equal share of what the labels leave (each column after the
    first takes 2 more for the padding around it, 3 with the rule's dividers)."""
    room = (width - LABEL_WIDTH) // players - (3 if rule else 2)
    return max(TABLEAU_MIN_COLUMN, room)


def _wrapped(text: str, column: int) -> list[str]:
    """``text`` wrapped at its spaces into lines of ``column`` cells, as the table does."""
    lines: list[str] = []
    for word in text.split(" "):
        if lines and len(lines[-1]) + 1 + len(word) <= column:
            lines[-1] += " " + word
        else:
            lines.append(word)
    return lines or [""]


def _tableau_rows(state: GameState) -> list[tuple[str, list[str | Text]]]:
    """The tableaux' rows: a label, then one cell a player."""
    catalog = state.catalog
    players = state.players
    initials = "".join(place_name(r)[0] for r in catalog.regions)
    exhibited = [
        " ".join(place_name(catalog.locations[catalog.card(c).city])[:3] for c in p.exhibitions)
        or "-"
        for p in players
    ]
    # The row labels: 16 columns at most (LABEL_WIDTH).
    return [
        # TRANSLATORS: a row label of the tableaux: {regions} is the regions' initials
        (_("books {regions}").format(regions=initials), [_books(p) for p in players]),
        # TRANSLATORS: a row label of the tableaux (16 columns at most)
        (_("general, legends"), [_general(state, p) for p in players]),
        (
            # TRANSLATORS: a row label of the tableaux (16 columns at most): assistants,
            # shovels, cars, their counts under the words
            _("assist shov car"),
            [f"{p.assistants}  {p.shovels}  {p.cars}" for p in players],
        ),
        (
            # TRANSLATORS: a row label of the tableaux (16 columns at most): zeppelins,
            # special permits, congresses, their counts under the words
            _("zep permit congr"),
            [f"{p.zeppelins}  {p.special_permits}  {p.congresses}" for p in players],
        ),
        (pgettext("table heading", "artifacts"), [artifacts_text(state, p) for p in players]),
        (pgettext("table heading", "exhibitions"), list(exhibited)),
        # TRANSLATORS: a row label of the tableaux: the excavation permits used this year
        (pgettext("table heading", "permits"), [permits_text(state, p) for p in players]),
        (_(SCORE_PARTS_LABEL), [score_parts(s) for s in scores(state)]),
    ]


def _books(player: PlayerState) -> str:
    return " ".join(str(points) for points in player.books)


def _general(state: GameState, player: PlayerState) -> str:
    legends = [
        place_name(state.catalog.regions[r])[:3]
        for r in range(REGION_COUNT)
        if player.legends >> r & 1
    ]
    return f"{player.general}" + (f", {' '.join(legends)}" if legends else "")


def artifacts_text(state: GameState, player: PlayerState) -> str:
    """Artifacts by region: \"E3/9\" is 3 Egypt artifacts worth 9 VP."""
    catalog = state.catalog
    vp = [0] * REGION_COUNT
    for token_id in player.tokens:
        token = catalog.token(token_id)
        if token.kind is TokenKind.ARTIFACT:
            vp[token.region] += token.value
    parts = [
        f"{place_name(catalog.regions[r])[0]}{player.artifacts[r]}/{vp[r]}"
        for r in range(REGION_COUNT)
        if player.artifacts[r]
    ]
    return " ".join(parts) or "-"


def bags(state: GameState, *, rule: bool = True) -> RenderableType:
    """What each bag still holds: artifacts by value, knowledge tokens, debris; with
    steady-digs (V1) also the debris set aside to replace the tokens kept."""
    steady = state.variants.steady_digs
    table = _panel_table(_("Bags"), rule=rule)
    table.add_column(pgettext("table heading", "site"), no_wrap=True, justify="left")
    columns: tuple[str, ...] = (
        pgettext("table heading", "artifacts by VP 1-7"),
        # TRANSLATORS: a column heading: victory points
        pgettext("table heading", "VP"),
        pgettext("table heading", "books"),
        # TRANSLATORS: a column heading: the sand tokens in a bag
        pgettext("table heading", "debris"),
    )
    if steady:
        # TRANSLATORS: a column heading: the sand set aside (variant steady-digs)
        columns += (pgettext("table heading", "aside"),)
    # TRANSLATORS: a column heading: the first dig's bonus point still on the site
    columns += (pgettext("table heading", "on site"),)
    for column in columns:
        table.add_column(column, no_wrap=True, justify="right")
    for r, region in enumerate(state.catalog.regions):
        bag = bag_contents(state, r)
        by_value = " ".join(str(n) for n in bag.artifacts_by_value[1:])
        aside = (str(debris_aside(state, r)),) if steady else ()
        table.add_row(
            place_name(region),
            by_value,
            str(bag.artifact_vp),
            str(bag.knowledge),
            str(bag.debris),
            *aside,
            _("{points} VP").format(points=1) if state.site_bonus[r] else "-",
        )
    return table


def log(lines: Sequence[str], count: int) -> RenderableType:
    shown = list(lines[-count:]) if count > 0 else []
    return Group(
        Text(_("Last events"), style="bold"),
        *(Text("  " + line, no_wrap=True, overflow="ellipsis") for line in shown),
    )


def score_parts(score: Score) -> Text:
    """ "38=20+4+6+8": the total, then artifacts, exhibitions, congresses, majorities."""
    text = Text(f"{score.total}", style="bold")
    text.append(f"={score.artifacts}+{score.exhibitions}+{score.congresses}+{score.majorities}")
    return text


def standings(
    state: GameState, colours: Sequence[str], *, title: bool = True, width: int = 80
) -> RenderableType:
    """One line a player: mark, name, year·week, where they are and score (the player to
    move marked ▶), names padded to the longest."""
    symbols = marks([p.name for p in state.players])
    seat = active_seat(state)
    totals = [s.total for s in scores(state)]
    name_width = max(cell_len(p.name) for p in state.players)  # columns: 東 takes two
    place_width = max(len(place_name(n)) for n in state.catalog.locations)
    lines: list[RenderableType] = []
    if title:
        lines.append(Text(_("Standings"), style="bold"))
    for i, player in enumerate(state.players):
        line = Text("▶ " if i == seat else "  ", style="bold")
        padding = " " * (name_width - cell_len(player.name))
        line.append_text(player_text(f"{symbols[i]} {player.name}{padding}", colours[i]))
        place = place_name(state.catalog.locations[player.location])
        line.append(f"  {date_text(player.time):<7}  {place:<{place_width}}  ")
        line.append(_("{points} VP").format(points=f"{totals[i]:>3}"), style="bold")
        line.truncate(width, overflow="ellipsis")
        lines.append(line)
    return Group(*lines)
