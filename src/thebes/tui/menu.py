"""The action menu, as plain data built from the state and its legal actions, and its view.

The numbers never move: 1-4 take the card in display slot 1-4 and 5 exchanges (these five
are always listed, dimmed with the reason when they cannot be played), 6-10 dig at the five
sites in board order, 11-13 hold the exhibition in slot a-c, 14 retires and 15 renews the
display (variant renew-anywhere; listed when they can be played). A zeppelin is not a
second copy of an entry: a ``z`` after the number (``1z``) plays the entry by zeppelin.
After the actions the menu may list keys that are not actions (``?`` for a hint), in the
same columns.
An entry that cannot be played says why in a few words ("take 2: 6 wk, only 4 left");
typing its number says it whole.
Every entry carries its full cost in weeks, travel included; a dig site opens the planner
(:mod:`thebes.tui.planner`).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import assert_never

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from thebes.catalog.components import (
    DISPLAY_SLOTS,
    EXHIBITION_LETTERS,
    EXHIBITION_SLOTS,
    REGION_COUNT,
)
from thebes.records.narration import card_name, weeks
from thebes.records.notation import format_action
from thebes.rules import (
    RENEW_WEEKS,
    Action,
    Dig,
    Exchange,
    Exhibit,
    GameState,
    Renew,
    Retire,
    TakeCard,
    action_cost,
    active_seat,
    destination,
    journey,
    why_illegal,
)
from thebes.tui.wording import illegal_line, illegal_short

EXCHANGE_NUMBER = DISPLAY_SLOTS + 1
FIRST_DIG_NUMBER = EXCHANGE_NUMBER + 1
FIRST_EXHIBIT_NUMBER = FIRST_DIG_NUMBER + REGION_COUNT
RETIRE_NUMBER = FIRST_EXHIBIT_NUMBER + EXHIBITION_SLOTS
RENEW_NUMBER = RETIRE_NUMBER + 1
ZEPPELIN_MARK = "z"
_CHOICE = re.compile(r"([0-9]{1,2})(z?)", re.ASCII | re.IGNORECASE)


@dataclass(frozen=True, slots=True)
class MenuEntry:
    number: int
    label: str  # in the menu's columns, cost included
    actions: tuple[Action, ...]  # the legal actions it plays (every legal dig of a site)
    reason: str = ""  # why it cannot be played now (no actions), in words
    by_zeppelin: bool = False  # it can also be played by zeppelin (``Nz``)

    @property
    def is_dig_site(self) -> bool:
        return bool(self.actions) and isinstance(self.actions[0], Dig)

    @property
    def playable(self) -> bool:
        return bool(self.actions)

    def plain(self) -> tuple[Action, ...]:
        """Its actions without a zeppelin."""
        return tuple(a for a in self.actions if not a.zeppelin)

    def zeppelin(self) -> tuple[Action, ...]:
        """Its actions by zeppelin."""
        return tuple(a for a in self.actions if a.zeppelin)


def entry_number(action: Action) -> int:
    """The menu number that plays ``action`` (the same for its zeppelin variant)."""
    match action:
        case TakeCard(slot=slot):
            return slot + 1
        case Exchange():
            return EXCHANGE_NUMBER
        case Dig(region=region):
            return FIRST_DIG_NUMBER + region
        case Exhibit(slot=slot):
            return FIRST_EXHIBIT_NUMBER + slot
        case Retire():
            return RETIRE_NUMBER
        case Renew():
            return RENEW_NUMBER
        case _:
            assert_never(action)


def build_menu(state: GameState, legal: Sequence[Action]) -> list[MenuEntry]:
    """Entries 1-5 always, the others when they can be played; in number order."""
    by_number: dict[int, list[Action]] = {}
    for action in legal:
        by_number.setdefault(entry_number(action), []).append(action)
    entries = []
    for number in range(1, RENEW_NUMBER + 1):
        actions = tuple(by_number.get(number, ()))
        if actions:
            entries.append(_entry(state, number, actions))
        elif number <= EXCHANGE_NUMBER:
            entries.append(_unplayable(state, number))
    return entries


def read_choice(text: str) -> tuple[int, bool] | None:
    """``"6"`` -> (6, False), ``"1z"`` -> (1, True); None if the text is not a menu choice
    (ASCII digits only)."""
    match = _CHOICE.fullmatch(text.strip())
    if match is None:
        return None
    return int(match.group(1)), bool(match.group(2))


def _entry(state: GameState, number: int, actions: tuple[Action, ...]) -> MenuEntry:
    plain = [a for a in actions if not a.zeppelin]
    shown = plain[0] if plain else actions[0]
    zeppelin = any(a.zeppelin for a in actions)
    if isinstance(shown, Dig):
        label = _dig_label(state, [a for a in actions if isinstance(a, Dig)])
    else:
        label = short_label(state, shown)
    return MenuEntry(number, label, actions, by_zeppelin=zeppelin)


def _unplayable(state: GameState, number: int) -> MenuEntry:
    action: Action = Exchange() if number == EXCHANGE_NUMBER else TakeCard(number - 1)
    verb = "exchange" if number == EXCHANGE_NUMBER else f"take {number}"
    why = why_illegal(state, action)
    if why is None:
        return MenuEntry(number, f"{verb}: not now", (), reason="not now")
    label = f"{verb}: {illegal_short(why, state)}"
    return MenuEntry(number, label, (), reason=illegal_line(why, state))


def _travel(state: GameState, action: Action) -> int:
    seat = active_seat(state)
    assert seat is not None
    where = destination(state, action)
    if where is None:
        return 0
    return journey(state.catalog, state.players[seat], where, False)


def _dig_label(state: GameState, digs: Sequence[Dig]) -> str:
    """ "dig Egypt: 3 wk travel + 1-12 wk" (the weeks a dig can last here)."""
    site = state.catalog.regions[digs[0].region]
    shortest = min(d.weeks for d in digs)
    longest = max(d.weeks for d in digs)
    span = f"{shortest} wk" if shortest == longest else f"{shortest}-{longest} wk"
    travel = _travel(state, digs[0])
    return f"dig {site}: {travel} travel + {span}" if travel else f"dig {site}: {span}"


def short_label(state: GameState, action: Action) -> str:
    """The action in a few words with its whole cost, for the menu's columns."""
    catalog = state.catalog
    cost = action_cost(state, action)
    match action:
        case TakeCard(slot=slot):
            card = catalog.card(state.display[slot])
            return f"take {slot + 1}: {catalog.locations[card.city]} {cost} wk"
        case Exchange():
            return f"exchange: {cost} wk"
        case Exhibit(slot=slot):
            card = catalog.card(state.exhibitions[slot])
            letter = EXHIBITION_LETTERS[slot]
            return f"exhibit {letter}: {card.value} VP, {catalog.locations[card.city]} {cost} wk"
        case Retire():
            return f"retire ({cost} wk to the end)"
        case Renew():
            return f"renew display: {cost} wk"
        case Dig():
            return f"{format_action(action, catalog.regions)}: {cost} wk"
        case _:
            assert_never(action)


def action_label(state: GameState, action: Action) -> str:
    """The action in words with its full cost, e.g. "take 2: shovel in London — 5 weeks"."""
    catalog = state.catalog
    text = format_action(action, catalog.regions)
    cost = action_cost(state, action)
    travel = 0 if action.zeppelin else _travel(state, action)
    note = ", by zeppelin" if action.zeppelin else f", {travel} travel" if travel else ""
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
        case Renew():
            return f"renew: four new display cards, where you stand — {weeks(RENEW_WEEKS)}"
        case Dig():
            return f"{text} — {weeks(cost)}{note}"
        case _:
            assert_never(action)


def menu_columns(width: int) -> int:
    """How many columns of entries fit the width (at most 3)."""
    return max(1, min(3, width // 40))


def menu_rows(menu: Sequence[MenuEntry], width: int, keys: int = 0) -> int:
    """Rows the menu takes: its entries and ``keys`` other keys in columns, and the
    zeppelin hint if any."""
    hint = any(e.by_zeppelin for e in menu)
    return -(-(len(menu) + keys) // menu_columns(width)) + hint


def menu_view(
    menu: Sequence[MenuEntry], width: int, keys: Sequence[tuple[str, str]] = ()
) -> RenderableType:
    """The numbered entries in columns, numbers running down each column, then ``keys``
    (a key and what it does, ``("?", "hint: ...")``); an entry that cannot be played now
    is dimmed and says why."""
    columns = menu_columns(width)
    grid = Table.grid(padding=(0, 2))
    for _ in range(columns):
        grid.add_column(no_wrap=True, overflow="ellipsis", max_width=width // columns - 2)
    cells = [_cell(f"{e.number:>2}", e.label, e.playable) for e in menu]
    cells += [_cell(f"{key:>2}", meaning, True) for key, meaning in keys]
    rows = -(-len(cells) // columns)
    for r in range(rows):
        grid.add_row(
            *(
                cells[c * rows + r] if c * rows + r < len(cells) else Text("")
                for c in range(columns)
            )
        )
    zeppelins = [str(e.number) for e in menu if e.by_zeppelin]
    if not zeppelins:
        return grid
    hint = Text(
        f"By zeppelin (the journey is free): add {ZEPPELIN_MARK} to the number, "
        f"e.g. {zeppelins[0]}{ZEPPELIN_MARK}",
        style="italic",
    )
    return Group(grid, hint)


def _cell(key: str, label: str, playable: bool) -> Text:
    cell = Text(f"{key} ", style="bold" if playable else "dim")
    cell.append(label, style="" if playable else "dim")
    return cell
