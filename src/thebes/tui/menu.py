"""The action menu and the dig planner, as plain data built from the legal actions.

No terminal here: :mod:`thebes.tui.game` shows these and reads the choice. Every entry
carries its full cost in weeks (travel included) and where it leads; a dig site is one
entry that opens the planner, which lists for each number of weeks the tokens drawn and
the expected artifacts and VP from the bag's current contents.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import assert_never

from rich.console import RenderableType
from rich.table import Table
from rich.text import Text

from thebes.components import EXHIBITION_LETTERS
from thebes.model import Action, Dig, Exchange, Exhibit, GameState, Retire, TakeCard
from thebes.narrate import card_name, weeks
from thebes.notation import DIG_OPTIONS, dig_options, format_action
from thebes.rules import (
    action_cost,
    active_seat,
    destination,
    journey,
    knowledge_for,
    tokens_to_draw,
)
from thebes.rules.odds import dig_odds


@dataclass(frozen=True, slots=True)
class MenuEntry:
    number: int
    label: str
    actions: tuple[Action, ...]  # one action, or every legal dig at one site

    @property
    def is_dig_site(self) -> bool:
        return isinstance(self.actions[0], Dig)


def build_menu(state: GameState, legal: tuple[Action, ...]) -> list[MenuEntry]:
    """One entry per action, except digs: one entry per site, opening the planner."""
    entries: list[MenuEntry] = []
    digs: dict[int, list[Dig]] = {}
    for action in legal:
        if isinstance(action, Dig):
            digs.setdefault(action.region, []).append(action)
    seen_sites: set[int] = set()
    for action in legal:
        if isinstance(action, Dig):
            if action.region in seen_sites:
                continue
            seen_sites.add(action.region)
            site_digs = tuple(digs[action.region])
            entries.append(MenuEntry(len(entries) + 1, _dig_label(state, site_digs), site_digs))
        else:
            entries.append(MenuEntry(len(entries) + 1, action_label(state, action), (action,)))
    return entries


def _travel_note(state: GameState, action: Action) -> str:
    seat = active_seat(state)
    assert seat is not None
    player = state.players[seat]
    if isinstance(action, Retire):
        return ""
    if action.zeppelin:
        return ", by zeppelin"
    where = destination(state, action)
    assert where is not None
    travel = journey(state.catalog, player, where, False)
    return f", {travel} travel" if travel else ""


def action_label(state: GameState, action: Action) -> str:
    """The action in words with its full cost, e.g. "take 2: shovel in London — 5 weeks"."""
    catalog = state.catalog
    text = format_action(action, catalog.regions)
    cost = action_cost(state, action)
    note = _travel_note(state, action)
    match action:
        case TakeCard(slot=slot):
            card_id = state.display[slot]
            where = catalog.locations[catalog.card(card_id).city]
            return f"{text}: {card_name(catalog, card_id)} in {where} — {weeks(cost)}{note}"
        case Exchange():
            where = catalog.locations[catalog.exchange_city]
            return f"{text}: new display cards in {where} — {weeks(cost)}{note}"
        case Exhibit(slot=slot):
            card_id = state.exhibitions[slot]
            card = catalog.card(card_id)
            where = catalog.locations[card.city]
            return f"{text}: {card_name(catalog, card_id)}, {card.value} VP — {weeks(cost)}{note}"
        case Retire():
            return f"retire: move to the end of the game ({weeks(cost)}), take no more turns"
        case Dig():
            return f"{text} — {weeks(cost)}{note}"
        case _:
            assert_never(action)


def _dig_label(state: GameState, digs: tuple[Dig, ...]) -> str:
    catalog = state.catalog
    region = digs[0].region
    shortest = min(d.weeks for d in digs)
    longest = max(d.weeks for d in digs)
    plain = [d for d in digs if not d.zeppelin]
    travel_note = _travel_note(state, plain[0] if plain else digs[0])
    options = [o for o in DIG_OPTIONS if any(o in dig_options(d) for d in digs)]
    extra = f"; options {', '.join('+' + o for o in options)}" if options else ""
    return (
        f"dig at {catalog.regions[region]}: {shortest}-{longest} weeks{travel_note}{extra} "
        "(opens the dig planner)"
    )


def short_label(state: GameState, entry: MenuEntry) -> str:
    """The entry in about 36 characters, for the menu's columns."""
    action = entry.actions[0]
    catalog = state.catalog
    if entry.is_dig_site:
        assert isinstance(action, Dig)
        shortest = min(d.weeks for d in entry.actions if isinstance(d, Dig))
        return f"dig {catalog.regions[action.region]}: planner ({shortest}+ wk)"
    cost = action_cost(state, action)
    zeppelin = " +zep" if not isinstance(action, Retire) and action.zeppelin else ""
    match action:
        case TakeCard(slot=slot):
            card = catalog.card(state.display[slot])
            where = catalog.locations[card.city]
            return f"take {slot + 1}{zeppelin}: {where} {cost} wk"
        case Exchange():
            return f"exchange{zeppelin}: {cost} wk"
        case Exhibit(slot=slot):
            card = catalog.card(state.exhibitions[slot])
            letter = EXHIBITION_LETTERS[slot]
            return f"exhibit {letter}{zeppelin}: {card.value} VP {cost} wk"
        case Retire():
            return f"retire ({cost} wk to the end)"
        case Dig():
            return f"{format_action(action, catalog.regions)}: {cost} wk"
        case _:
            assert_never(action)


@dataclass(frozen=True, slots=True)
class PlanRow:
    weeks: int
    cost: int  # weeks in all, travel included
    tokens: int
    artifacts: float
    vp: float


@dataclass(frozen=True, slots=True)
class DigPlan:
    """What digging at one site would do, for one choice of options."""

    region: int
    options: Dig  # weeks=0: the option flags only
    knowledge: int
    rows: tuple[PlanRow, ...]


def dig_plan(state: GameState, digs: tuple[Dig, ...], options: Dig) -> DigPlan:
    """The planner's table for these option flags: each legal number of weeks."""
    seat = active_seat(state)
    assert seat is not None
    player = state.players[seat]
    know = knowledge_for(player, options.region, legend=options.legend, assistant=options.assistant)
    rows = []
    for dig in digs:
        if replace(dig, weeks=0) != options:
            continue
        count = tokens_to_draw(state.catalog, player, know.total, dig.weeks, shovel=dig.shovel)
        odds = dig_odds(state, dig.region, count)
        rows.append(
            PlanRow(dig.weeks, action_cost(state, dig), odds.tokens, odds.artifacts, odds.vp)
        )
    return DigPlan(options.region, options, know.total, tuple(rows))


def option_sets(digs: tuple[Dig, ...]) -> list[Dig]:
    """The distinct option choices among the legal digs (weeks set to 0), fewest first."""
    seen: dict[Dig, None] = {}
    for dig in digs:
        seen.setdefault(replace(dig, weeks=0), None)

    def spent(d: Dig) -> int:
        return d.legend + d.assistant + d.shovel + d.zeppelin

    return sorted(seen, key=spent)


def option_effects(state: GameState, digs: tuple[Dig, ...]) -> list[str]:
    """What each optional card would change, in words, for the options that apply."""
    seat = active_seat(state)
    assert seat is not None
    player = state.players[seat]
    region = digs[0].region
    catalog = state.catalog
    base = min(option_sets(digs), key=lambda d: d.legend + d.assistant + d.shovel + d.zeppelin)
    before = knowledge_for(player, region, legend=base.legend, assistant=base.assistant).total
    lines = []
    flags = {f for d in digs for f in dig_options(d)}
    site = catalog.regions[region]
    if "legend" in flags and not base.legend:
        after = knowledge_for(player, region, legend=True, assistant=False).total
        lines.append(f"+legend: spend the {site} legend, knowledge {before} -> {after}")
    if "assistant" in flags:
        after = knowledge_for(player, region, legend=base.legend, assistant=True).total
        lines.append(f"+assistant: spend your lone assistant, knowledge {before} -> {after}")
    if "shovel" in flags:
        lines.append("+shovel: spend your lone shovel, one more token")
    if "zeppelin" in flags:
        travel = journey(catalog, player, catalog.site_base + region, False)
        lines.append(f"+zeppelin: spend a zeppelin, the journey costs 0 weeks instead of {travel}")
    if base.special_permit:
        lines.append(
            f"+permit (required): your {site} permit is used; this spends a special permit"
        )
    elif base.legend:
        lines.append(f"+legend (required): your only {site} knowledge is the legend")
    return lines


def menu_columns(width: int) -> int:
    """How many columns of entries fit the width (at most 3)."""
    return max(1, min(3, width // 40))


def menu_rows(menu: Sequence[MenuEntry], width: int) -> int:
    return -(-len(menu) // menu_columns(width))


def menu_view(state: GameState, menu: Sequence[MenuEntry], width: int) -> RenderableType:
    """The numbered entries in columns, numbers running down each column."""
    columns = menu_columns(width)
    grid = Table.grid(padding=(0, 2))
    for _ in range(columns):
        grid.add_column(no_wrap=True, overflow="ellipsis", max_width=width // columns - 2)
    rows = menu_rows(menu, width)
    for r in range(rows):
        cells = []
        for c in range(columns):
            i = c * rows + r
            if i < len(menu):
                cell = Text(f"{menu[i].number:>2} ", style="bold")
                cell.append(short_label(state, menu[i]))
                cells.append(cell)
            else:
                cells.append(Text(""))
        grid.add_row(*cells)
    return grid
