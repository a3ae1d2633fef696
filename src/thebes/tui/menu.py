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

import io
import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import assert_never

from rich.console import Console, Group, RenderableType
from rich.table import Table
from rich.text import Text

from thebes.catalog.components import (
    DISPLAY_SLOTS,
    EXHIBITION_SLOTS,
    REGION_COUNT,
)
from thebes.language import _, ngettext, place_name
from thebes.records.narration import card_name
from thebes.records.spoken_notation import say_action, spoken_words
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
    verb = say_action(action, state.catalog.regions)  # the notation, in the player's words
    why = why_illegal(state, action)
    if why is None:
        # TRANSLATORS: a menu entry that cannot be played; {action} is the notation
        # ("take 2", "exchange"), not translated.
        label = _("{action}: not now").format(action=verb)
        return MenuEntry(number, label, (), reason=_("not now"))
    # TRANSLATORS: a menu entry that cannot be played, and why in a few words; {action}
    # is the notation ("take 2", "exchange"), not translated.
    label = _("{action}: {reason}").format(action=verb, reason=illegal_short(why, state))
    return MenuEntry(number, label, (), reason=illegal_line(why, state))


def _travel(state: GameState, action: Action) -> int:
    seat = active_seat(state)
    assert seat is not None
    where = destination(state, action)
    if where is None:
        return 0
    return journey(state.catalog, state.players[seat], where, False)


def _weeks(count: int) -> str:
    """ "5 weeks", in words."""
    return ngettext("{count} week", "{count} weeks", count).format(count=count)


def _wk(count: int) -> str:
    """ "5 wk": weeks, shortened for the menu's columns."""
    # TRANSLATORS: weeks, shortened for the menu's narrow columns.
    return _("{count} wk").format(count=count)


def _dig_label(state: GameState, digs: Sequence[Dig]) -> str:
    """ "dig Egypt: 3 wk travel + 1-12 wk" (the weeks a dig can last here)."""
    site = place_name(state.catalog.regions[digs[0].region])
    action = f"{spoken_words()['dig']} {site}"  # the notation, in the player's words
    shortest = min(d.weeks for d in digs)
    longest = max(d.weeks for d in digs)
    if shortest == longest:
        span = _wk(shortest)
    else:
        # TRANSLATORS: the weeks a dig can last, shortened for the menu: "1-12 wk".
        span = _("{fewest}-{most} wk").format(fewest=shortest, most=longest)
    travel = _travel(state, digs[0])
    if travel:
        # TRANSLATORS: a menu entry: "dig Egypt: 3 travel + 1-12 wk" (weeks of travel, then
        # the weeks the dig can last); {action} is the notation, not translated.
        return _("{action}: {travel} travel + {span}").format(
            action=action, travel=travel, span=span
        )
    return _("{action}: {span}").format(action=action, span=span)


def short_label(state: GameState, action: Action) -> str:
    """The action in a few words with its whole cost, for the menu's columns."""
    catalog = state.catalog
    cost = action_cost(state, action)
    said = say_action(action, catalog.regions)
    # In each label, {action} is the notation ("take 2", "exhibit a") in the player's words.
    match action:
        case TakeCard(slot=slot):
            card = catalog.card(state.display[slot])
            city = place_name(catalog.locations[card.city])
            # TRANSLATORS: a menu entry: "take 2: London 5 wk" (where the card is, and the
            # weeks it costs in all); {action} is the notation, not translated.
            return _("{action}: {city} {weeks} wk").format(action=said, city=city, weeks=cost)
        case Exchange():
            return _("{action}: {weeks} wk").format(action=said, weeks=cost)
        case Exhibit(slot=slot):
            card = catalog.card(state.exhibitions[slot])
            city = place_name(catalog.locations[card.city])
            # TRANSLATORS: a menu entry: "exhibit a: 4 VP, Moscow 3 wk"; {action} is the
            # notation, not translated.
            return _("{action}: {points} VP, {city} {weeks} wk").format(
                action=said, points=card.value, city=city, weeks=cost
            )
        case Retire():
            # TRANSLATORS: a menu entry: "retire (5 wk to the end)"; {action} is the
            # notation "retire", not translated.
            return _("{action} ({weeks} wk to the end)").format(action=said, weeks=cost)
        case Renew():
            # TRANSLATORS: a menu entry: "renew display: 3 wk" (four new cards in the
            # display); {action} is the notation "renew", not translated.
            return _("{action} display: {weeks} wk").format(action=said, weeks=cost)
        case Dig():
            return _("{action}: {weeks} wk").format(action=said, weeks=cost)
        case _:
            assert_never(action)


def action_label(state: GameState, action: Action) -> str:
    """The action in words with its full cost, e.g. "take 2: shovel in London — 5 weeks"."""
    catalog = state.catalog
    text = say_action(action, catalog.regions)
    cost = action_cost(state, action)
    travel = 0 if action.zeppelin else _travel(state, action)
    if action.zeppelin:
        # TRANSLATORS: added to an action's cost: "— 5 weeks, by zeppelin".
        note = _(", by zeppelin")
    elif travel:
        # TRANSLATORS: added to an action's cost: "— 5 weeks, 3 travel" (weeks of travel).
        note = _(", {weeks} travel").format(weeks=travel)
    else:
        note = ""
    # In each label, {action} is the notation ("take 2", "dig Egypt 6"), never translated;
    # {note} is how the journey is made (", by zeppelin", ", 3 travel") or nothing.
    match action:
        case TakeCard(slot=slot):
            card_id = state.display[slot]
            where = place_name(catalog.locations[catalog.card(card_id).city])
            return _("{action}: {card} in {city} — {weeks}{note}").format(
                action=text,
                card=card_name(catalog, card_id),
                city=where,
                weeks=_weeks(cost),
                note=note,
            )
        case Exchange():
            where = place_name(catalog.locations[catalog.exchange_city])
            return _("{action}: new display cards in {city} — {weeks}{note}").format(
                action=text, city=where, weeks=_weeks(cost), note=note
            )
        case Exhibit(slot=slot):
            card_id = state.exhibitions[slot]
            card = catalog.card(card_id)
            return _("{action}: {card}, {points} VP — {weeks}{note}").format(
                action=text,
                card=card_name(catalog, card_id),
                points=card.value,
                weeks=_weeks(cost),
                note=note,
            )
        case Retire():
            return _("{action}: move to the end of the game ({weeks}), take no more turns").format(
                action="retire", weeks=_weeks(cost)
            )
        case Renew():
            return _("{action}: four new display cards, where you stand — {weeks}").format(
                action="renew", weeks=_weeks(RENEW_WEEKS)
            )
        case Dig():
            return _("{action} — {weeks}{note}").format(action=text, weeks=_weeks(cost), note=note)
        case _:
            assert_never(action)


MENU_MOST_ROWS = 1000  # more rows than any menu takes


def menu_columns(width: int) -> int:
    """How many columns of entries fit the width (at most 3)."""
    return max(1, min(3, width // 40))


def menu_rows(menu: Sequence[MenuEntry], width: int, keys: Sequence[tuple[str, str]] = ()) -> int:
    """Rows the menu takes at ``width``: its entries and ``keys`` in columns, an entry too
    long for its column on two rows or more, and the zeppelin hint if any."""
    # A height of its own: a console without one asks the process's terminal for its size.
    console = Console(
        width=width,
        height=MENU_MOST_ROWS,
        file=io.StringIO(),
        color_system=None,
        legacy_windows=False,
        markup=False,
        emoji=False,
    )
    return len(console.render_lines(menu_view(menu, width, keys), pad=False))


def menu_view(
    menu: Sequence[MenuEntry], width: int, keys: Sequence[tuple[str, str]] = ()
) -> RenderableType:
    """The numbered entries in columns, numbers running down each column, then ``keys``
    (a key and what it does, ``("?", "hint: ...")``); an entry that cannot be played now
    is dimmed and says why. Each column is as wide as its longest entry; where the
    columns together are too wide (German and French say a dig at Mesopotamia in more
    than a third of 120 columns), the longest entries go on in a second row under
    themselves, never cut."""
    columns = menu_columns(width)
    grid = Table.grid()
    for column in range(columns):
        # Each column of entries is two: the numbers, and the labels that wrap under
        # themselves; the gap between columns of entries is before the numbers.
        grid.add_column(no_wrap=True, min_width=3 if column == 0 else 5)
        grid.add_column(overflow="fold")
    cells = [(f"{e.number:>2}", e.label, e.playable) for e in menu]
    cells += [(f"{key:>2}", meaning, True) for key, meaning in keys]
    rows = -(-len(cells) // columns)
    for r in range(rows):
        row: list[Text] = []
        for c in range(columns):
            at = c * rows + r
            if at >= len(cells):
                row += [Text(""), Text("")]
                continue
            key, label, playable = cells[at]
            gap = "  " if c else ""
            row.append(Text(f"{gap}{key} ", style="bold" if playable else "dim"))
            row.append(Text(label, style="" if playable else "dim"))
        grid.add_row(*row)
    zeppelins = [str(e.number) for e in menu if e.by_zeppelin]
    if not zeppelins:
        return grid
    hint = Text(
        _("By zeppelin (the journey is free): add {mark} to the number, e.g. {example}").format(
            mark=ZEPPELIN_MARK, example=f"{zeppelins[0]}{ZEPPELIN_MARK}"
        ),
        style="italic",
    )
    return Group(grid, hint)
