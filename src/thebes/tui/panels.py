"""The parts of the game screen, each a rich renderable built from a game state.

Every function here is pure: state (and seats) in, renderable out. :mod:`thebes.tui.screen`
arranges them for the terminal's size.
"""

from __future__ import annotations

from collections.abc import Sequence

from rich import box
from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from thebes.card_kinds import KINDS
from thebes.components import DISPLAY_SLOTS, EXHIBITION_LETTERS, REGION_COUNT, TokenKind
from thebes.model import (
    END_TIME,
    NO_CARD,
    WEEKS_PER_YEAR,
    GameState,
    PlayerState,
    week_of,
    year_of,
)
from thebes.rules import active_seat, game_year, journey, scores
from thebes.rules.odds import bag_contents

SITE_MARK = "◆"
CITY_MARK = "●"


def _panel_table(title: str | Text, *, expand: bool = False) -> Table:
    return Table(
        title=title or None,
        title_justify="left",
        title_style="bold",
        box=box.SIMPLE_HEAD,
        show_edge=False,
        padding=(0, 1),
        pad_edge=False,
        expand=expand,
    )


def player_text(name: str, colour: str, *, short: bool = False) -> Text:
    return Text(name[:3] if short else name, style=f"bold {colour}")


def board(state: GameState, colours: Sequence[str], *, compact: bool = False) -> RenderableType:
    """The 12 locations, who stands where, the connections and the journey in weeks for the
    active player (car included)."""
    catalog = state.catalog
    seat = active_seat(state)
    mover = state.players[seat] if seat is not None else None
    # A Text, not a str: a name is shown as typed, never read as markup.
    table = _panel_table(Text(f"Board{'' if mover is None else ' — weeks from ' + mover.name}"))
    table.add_column("location", no_wrap=True)
    table.add_column("wk", justify="right")
    table.add_column("here", no_wrap=True)
    if not compact:
        table.add_column("roads to", no_wrap=True)
    neighbours: list[list[str]] = [[] for _ in catalog.locations]
    for a, b in catalog.edges:
        neighbours[a].append(catalog.locations[b][:3])
        neighbours[b].append(catalog.locations[a][:3])
    for index, name in enumerate(catalog.locations):
        mark = SITE_MARK if index >= catalog.city_count else CITY_MARK
        label = Text(f"{mark} {name}", style="bold" if mover and mover.location == index else "")
        weeks = "" if mover is None else str(journey(catalog, mover, index, False))
        here = Text(" ").join(
            player_text(p.name, colours[i], short=True)
            for i, p in enumerate(state.players)
            if p.location == index
        )
        row: list[RenderableType] = [label, weeks, here]
        if not compact:
            row.append(" ".join(neighbours[index]))
        table.add_row(*row)
    return table


def marks(names: Sequence[str]) -> list[str]:
    """One character per player for the time track: initials if they differ, else seats."""
    initials = [name[0].upper() for name in names]
    if len(set(initials)) == len(initials):
        return initials
    return [str(seat + 1) for seat in range(len(names))]


def time_track(
    state: GameState, colours: Sequence[str], *, with_names: bool = True
) -> RenderableType:
    """Weeks 1-52 with every marker (stacks: top marker first), and each player's year and
    weeks left."""
    names = [p.name for p in state.players]
    symbols = marks(names)
    stacks: dict[int, list[int]] = {}
    for stacked in sorted(range(len(names)), key=lambda s: -state.players[s].arrival):
        player = state.players[stacked]
        if player.time < END_TIME:
            stacks.setdefault(week_of(player.time), []).append(stacked)
    depth = max((len(s) for s in stacks.values()), default=0)
    scale = Text("".join(str(w % 10) if w % 5 == 0 else "·" for w in range(1, WEEKS_PER_YEAR + 1)))
    lines = [Text("week ") + scale]
    for level in range(depth):
        line = Text("     ")
        for week in range(1, WEEKS_PER_YEAR + 1):
            stack = stacks.get(week, [])
            if level < len(stack):
                line.append(symbols[stack[level]], style=f"bold {colours[stack[level]]}")
            else:
                line.append(" ")
        lines.append(line)
    seat = active_seat(state)
    summary = Text()
    for i, player in enumerate(state.players):
        if i:
            summary.append("  ")
        label = f"{symbols[i]}:{player.name}" if with_names else symbols[i]
        summary.append_text(player_text(label, colours[i]))
        if player.time >= END_TIME:
            summary.append(" done")
        else:
            left = END_TIME - player.time
            summary.append(f" {year_of(player.time)}·{week_of(player.time)} ({left})")
        if i == seat:
            summary.append("◀", style="bold")
    title = Text(f"Time track — year {game_year(state)}", style="bold")
    title.append(" — year·week (weeks left)", style="dim")
    return Group(title, *lines, summary)


def _tile(head: str, detail: str) -> Text:
    text = Text(head, style="bold")
    text.append("\n" + detail)
    return text


def short_card_name(state: GameState, card_id: int) -> str:
    """A display card in at most 14 characters: "Egy book 3", "general 2", "shovel"."""
    card = state.catalog.card(card_id)
    return KINDS[card.kind].short.format(
        region=state.catalog.regions[card.region][:3] if card.region >= 0 else "",
        value=card.value,
        size="large" if card.large else "small",
    )


def display(state: GameState) -> RenderableType:
    """The four display cards, the exhibitions a-c and the piles, as compact tiles."""
    catalog = state.catalog
    cards = Table.grid(padding=(0, 2))
    tiles = []
    for slot in range(DISPLAY_SLOTS):
        card_id = state.display[slot]
        if card_id == NO_CARD:
            tiles.append(_tile(f"{slot + 1} (empty)", ""))
            continue
        card = catalog.card(card_id)
        where = f"  {catalog.locations[card.city]} · {card.weeks} wk"
        tiles.append(_tile(f"{slot + 1} {short_card_name(state, card_id)}", where))
    cards.add_row(*tiles)
    deck = state.deck
    reserve = f", reserve {deck.reserve.size}" if deck.reserve else ""
    title = Text("Cards", style="bold")
    title.append(f"   draw pile {deck.draw_size}{reserve}, discard {len(deck.discard)}", "dim")
    if not state.exhibitions:
        title.append(" · no exhibitions yet", "dim")
    shows: list[RenderableType] = [title, cards]
    for slot, card_id in enumerate(state.exhibitions):
        card = catalog.card(card_id)
        # Smallest count first, as the printed cards list them.
        needs = " ".join(
            f"{n} {catalog.regions[r]}"
            for n, r in sorted((n, r) for r, n in enumerate(card.requires) if n)
        )
        line = Text(f"{EXHIBITION_LETTERS[slot]} ", style="bold")
        line.append(f"{'large' if card.large else 'small'} exhibition, {card.value} VP", "bold")
        line.append(f": {catalog.locations[card.city]}, {card.weeks} wk, needs {needs}")
        shows.append(line)
    return Group(*shows)


def permits_text(state: GameState, player: PlayerState) -> Text:
    text = Text()
    for r, region in enumerate(state.catalog.regions):
        used = player.permits_used >> r & 1
        text.append(region[0] + ("✗" if used else "✓") + " ", style="dim" if used else "")
    return text


def tableaux(state: GameState, colours: Sequence[str]) -> RenderableType:
    """Every player's cards, tokens and score, one column a player."""
    catalog = state.catalog
    regions = [r[:3] for r in catalog.regions]
    table = _panel_table("")
    table.add_column("Players", no_wrap=True, style="bold")
    for i, player in enumerate(state.players):
        table.add_column(player_text(player.name, colours[i]), no_wrap=True)
    table_scores = scores(state)

    def row(label: str, cells: Sequence[str | Text]) -> None:
        table.add_row(label, *cells)

    row(
        "time",
        [
            "done" if p.time >= END_TIME else f"{year_of(p.time)}·{week_of(p.time)}"
            for p in state.players
        ],
    )
    row("books " + "".join(r[0] for r in regions), [_books(p) for p in state.players])
    row("general, legends", [_general(state, p) for p in state.players])
    row(
        "assist shovel car",
        [f"{p.assistants}  {p.shovels}  {p.cars}" for p in state.players],
    )
    row(
        "zep permit congr",
        [f"{p.zeppelins}  {p.special_permits}  {p.congresses}" for p in state.players],
    )
    row("artifacts", [_artifacts(state, p) for p in state.players])
    row(
        "exhibitions",
        [
            " ".join(catalog.locations[catalog.card(c).city][:3] for c in p.exhibitions) or "-"
            for p in state.players
        ],
    )
    row("permits", [permits_text(state, p) for p in state.players])
    row(
        "score",
        [
            Text(
                f"{s.total} ({s.artifacts}+{s.exhibitions}+{s.congresses}+{s.majorities})",
                style="bold",
            )
            for s in table_scores
        ],
    )
    return table


def _books(player: PlayerState) -> str:
    return " ".join(str(points) for points in player.books)


def _general(state: GameState, player: PlayerState) -> str:
    legends = [state.catalog.regions[r][:3] for r in range(REGION_COUNT) if player.legends >> r & 1]
    return f"{player.general}" + (f", {' '.join(legends)}" if legends else "")


def _artifacts(state: GameState, player: PlayerState) -> str:
    catalog = state.catalog
    vp = [0] * REGION_COUNT
    for token_id in player.tokens:
        token = catalog.token(token_id)
        if token.kind is TokenKind.ARTIFACT:
            vp[token.region] += token.value
    parts = [
        f"{catalog.regions[r][0]}{player.artifacts[r]}/{vp[r]}"
        for r in range(REGION_COUNT)
        if player.artifacts[r]
    ]
    return " ".join(parts) or "-"


def bags(state: GameState) -> RenderableType:
    """What each bag still holds: artifacts by value, knowledge tokens, debris."""
    table = _panel_table("Bags")
    for column in ("site", "artifacts by VP 1-7", "VP", "books", "debris", "on site"):
        table.add_column(column, no_wrap=True, justify="left" if column == "site" else "right")
    for r, region in enumerate(state.catalog.regions):
        bag = bag_contents(state, r)
        by_value = " ".join(str(n) for n in bag.artifacts_by_value[1:])
        table.add_row(
            region,
            by_value,
            str(bag.artifact_vp),
            str(bag.knowledge),
            str(bag.debris),
            "1 VP" if state.site_bonus[r] else "-",
        )
    return table


def log(lines: Sequence[str], count: int) -> RenderableType:
    shown = list(lines[-count:]) if count > 0 else []
    return Group(
        Text("Last events", style="bold"),
        *(Text("  " + line, no_wrap=True, overflow="ellipsis") for line in shown),
    )
