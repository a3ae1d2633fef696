"""The whole game screen, laid out for the terminal's size.

Wide (at least 120 columns and 40 rows): board, time track, cards, every player's tableau,
the bags and the last events all at once. Compact (down to 80x24): the time track, the
cards, the active player's tableau (a hosted terminal's own player's while another is to
move) and the last events; the board, all players and the bags
are one command away (``board``, ``players``, ``bags``). A hint the player asked for is
shown in the events' place (``log`` still has them).
"""

from __future__ import annotations

import io
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from rich.console import Console, Group, RenderableType
from rich.padding import Padding
from rich.table import Table
from rich.text import Text

from thebes.language import _, pgettext, place_name
from thebes.rules import (
    VARIANT_NAMES,
    WEEKS_PER_YEAR,
    GameState,
    Variants,
    active_seat,
)
from thebes.tui import colour_codes, panels
from thebes.tui.command_words import as_typed
from thebes.tui.story import Told, story_panel

colour_codes.install()  # every terminal in its own colour system (rich shares styles)

WIDE_MIN_WIDTH = 120
WIDE_MIN_HEIGHT = 40
MIN_WIDTH = 80
MIN_HEIGHT = 24


@dataclass(frozen=True, slots=True)
class ScreenInfo:
    """What the screen shows beside the state itself."""

    title: str  # e.g. "Thebes — seeded game, seed 12"
    colours: Sequence[str]
    events_title: str  # e.g. "Since Ann's last turn"
    events: Sequence[Told]
    commands: bool = True  # the game's commands at hand (help keys, log): not in a replay
    # Shown in the events' place, drawn for (width, rows): a hint the player asked for.
    aside: Callable[[int, int], RenderableType] | None = None
    # The seat of the person at this terminal (a hosted terminal's), None where the player to
    # move is the one looking (one keyboard, a replay): the compact layout shows this
    # seat's tableau while another is to move, so a waiting player sees their own cards.
    own: int | None = None


def is_wide(width: int, height: int) -> bool:
    """Whether the terminal takes the wide layout: its size alone decides."""
    return width >= WIDE_MIN_WIDTH and height >= WIDE_MIN_HEIGHT


def too_small_notice(width: int, height: int) -> Text | None:
    """What to tell a player whose terminal is below the smallest layout, else None."""
    if width >= MIN_WIDTH and height >= MIN_HEIGHT:
        return None
    notice = _(
        "The terminal is {width}x{height}; thebes needs at least {least_width}x{least_height}. "
        "Please make it larger (the game is saved)."
    ).format(width=width, height=height, least_width=MIN_WIDTH, least_height=MIN_HEIGHT)
    return Text(notice, style="bold")


def game_screen(
    state: GameState, info: ScreenInfo, width: int, height: int, *, wide: bool | None = None
) -> RenderableType:
    """The screen in ``width`` columns and ``height`` rows; ``wide`` (the terminal's size
    decides it: :func:`is_wide`) defaults to what ``width`` and ``height`` allow.
    Wide: the whole table (time track and standings, board, bags and cards, every tableau),
    then the events that fit. Compact: standings, cards, the active player's tableau, then
    the events that fit. ``info.aside`` (a hint) takes the events' place and rows."""
    header = title_line(state, info, width)
    if wide is None:
        wide = is_wide(width, height)
    if wide:
        # The standings take a row more than they need: as high as the time track with
        # every marker on one week, so that a stack forming or leaving moves nothing below.
        standings = panels.standings(state, info.colours, width=width - TIME_TRACK_WIDTH - 3)
        top = _side_by_side(
            panels.time_track(state, info.colours), Padding(standings, (0, 0, 1, 0))
        )
        middle = _side_by_side(
            panels.board(state, info.colours, rule=False),
            Group(panels.bags(state, rule=False), panels.display(state)),
        )
        parts: list[RenderableType] = [
            header,
            top,
            middle,
            panels.tableaux(state, info.colours, rule=False, width=width),
        ]
    else:
        parts = [
            header,
            panels.standings(state, info.colours, title=False, width=width),
            panels.display(state, paired=True),
            _active_tableau(state, info, width),
        ]
        if active_seat(state) is None:  # the game is over: every tableau, no cards to take
            del parts[2]
    used = _height_without_events(state, wide=wide, width=width)
    rows = max(1, height - used)
    if info.aside is not None:
        parts.append(info.aside(width, rows))
    else:
        parts.append(
            story_panel(
                info.events_title, info.events, info.colours, width, rows, log=info.commands
            )
        )
    return Group(*parts)


TIME_TRACK_WIDTH = 5 + WEEKS_PER_YEAR  # "week " and the weeks of a year


def _side_by_side(left: RenderableType, right: RenderableType) -> Table:
    grid = Table.grid(padding=(0, 3))
    grid.add_column(no_wrap=True)
    grid.add_column()
    grid.add_row(left, right)
    return grid


def _height_without_events(state: GameState, *, wide: bool, width: int) -> int:
    """Rows the screen takes before the events, counted from the state (rendering twice to
    measure would double the time of every redraw)."""
    players = len(state.players)
    display = 3 + state.variants.card_preview  # title, two rows of tiles, V5's face-up cards
    if wide:
        display += panels.exhibition_rows(state)
        top = 2 + players  # title and scale, a stack of every marker; as the standings
        board = 2 + len(state.catalog.locations)  # title, header, locations
        bags = 2 + len(state.catalog.regions)
        tableaux = panels.tableau_height(state, width, rule=False)  # header, eight rows
        return 1 + top + max(board, bags + display) + tableaux
    if active_seat(state) is None:
        return 1 + players + panels.tableau_height(state, width, rule=False)
    # Exhibitions two to a row: at 80x24 a third one's row is needed for the events.
    return 1 + players + display + panels.exhibition_rows(state, paired=True) + 2


def title_line(state: GameState, info: ScreenInfo, width: int) -> Text:
    """The screen's first line, in one row of ``width``: the title, who is to play, the year,
    the variants in play and the hint at ``help keys``. The variants are named in full if
    they fit (``variants: all`` for all five), else by their rule ids (``variants: V1 V5``,
    explained by ``help keys``); the hint goes first when room is short."""
    seat = active_seat(state)
    head = Text(info.title, style="bold")
    if seat is not None:
        player = state.players[seat]
        # TRANSLATORS: the title line's "to play: Ann" (the player to move).
        head.append("   " + _("to play:") + " ")
        head.append_text(panels.player_text(player.name, info.colours[seat]))
        first, last = panels.marker_years(state)
        # Y2's year marker shows the year furthest back; while others have passed week 52
        # that alone would read as if everyone were still in it.
        if first == last:
            head.append("   " + _("year {year}").format(year=first))
        else:
            head.append("   " + _("years {first}-{last}").format(first=first, last=last))
    else:
        head.append("   " + _("the game is over"))
    keys = as_typed("help", "keys")  # in the player's words, as the prompt takes it
    hint = Text(f"   · {keys}" if info.commands else "", style="dim")
    tries = [Text()]
    if state.variants:
        full, ids = variants_label(state.variants, short=False), variants_label(state.variants)
        tries = [Text("   " + full), Text("   " + ids)]
    for variants in tries:
        for end in (hint, Text()):
            line = Text.assemble(head, variants, end)
            if line.cell_len <= width:
                return line
    line = Text.assemble(head, tries[-1])
    line.truncate(width, overflow="ellipsis")
    return line


def variants_label(variants: Variants, *, short: bool = True) -> str:
    """``variants: all``, ``variants: steady-digs, card-preview`` or, ``short``, by their rule
    ids (``variants: V1 V5``)."""
    if variants.names == VARIANT_NAMES:
        return _("variants: all")
    if short:
        names = " ".join(variant_id(name) for name in variants.names)
    else:
        names = ", ".join(variants.names)
    # TRANSLATORS: the variants played, by their names (steady-digs) or rule ids (V1 V5).
    return _("variants: {names}").format(names=names)


def variant_id(name: str) -> str:
    """The rule id of a variant in docs/rules.md: V1 for steady-digs ... V5."""
    return f"V{VARIANT_NAMES.index(name) + 1}"


def _active_tableau(state: GameState, info: ScreenInfo, width: int) -> RenderableType:
    """The compact layout's two lines on the cards and tokens of the active player, or of
    the terminal's own player (``info.own``) while another is to move."""
    seat = active_seat(state)
    if seat is None:
        return panels.tableaux(state, info.colours, rule=False, width=width)
    if info.own is not None:
        seat = info.own
    player = state.players[seat]
    catalog = state.catalog
    regions = [place_name(region) for region in catalog.regions]
    books = " ".join(f"{r[0]}{player.books[i]}" for i, r in enumerate(regions))
    legends = [regions[r][:3] for r in range(len(regions)) if player.legends >> r & 1]
    artifacts = panels.artifacts_text(state, player)
    # At 80 columns the labels are shortened ('help keys' says so) before anything is cut.
    labels = (
        (
            # TRANSLATORS: the labels of a player's line (books, general knowledge,
            # legends, artifacts, exhibitions), in full, then shortened as 'help keys'
            # explains them.
            pgettext("tableau", "books"),
            pgettext("tableau", "general"),
            pgettext("tableau", "legends"),
            pgettext("tableau", "artifacts"),
            pgettext("tableau", "exhibitions"),
        ),
        (
            pgettext("tableau", "books"),
            pgettext("tableau", "gen"),
            pgettext("tableau", "leg"),
            pgettext("tableau", "art"),
            pgettext("tableau", "exh"),
        ),
    )
    for book, general, legend, found, shown in labels:
        line1 = Text()
        line1.append_text(panels.player_text(player.name, info.colours[seat]))
        line1.append(f": {book} {books}, {general} {player.general}")
        if legends:
            line1.append(f", {legend} {' '.join(legends)}")
        line1.append(f", {found} {artifacts}, {shown} {len(player.exhibitions)}")
        if line1.cell_len <= width:
            break
    # TRANSLATORS: a player's cards, shortened to fit 80 columns ('help keys' explains
    # them): assistants, shovels, cars, zeppelins, special permits, congresses.
    cards = _(
        "assist {assistants} shovel {shovels} car {cars} zep {zeppelins} "
        "sp.permit {special_permits} congr {congresses}"
    ).format(
        assistants=player.assistants,
        shovels=player.shovels,
        cars=player.cars,
        zeppelins=player.zeppelins,
        special_permits=player.special_permits,
        congresses=player.congresses,
    )
    # TRANSLATORS: the label of a player's excavation permits, one per site.
    permits = pgettext("tableau", "permits")
    line2 = Text(f"  {cards}  {permits} ")
    line2.append_text(panels.permits_text(state, player))
    for line in (line1, line2):
        line.truncate(width, overflow="ellipsis")
    return Group(line1, line2)


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
