"""The card display on the game screen: the four display cards, the exhibitions on show,
the piles and (card-preview) the cards face up on the draw pile. A part of
:mod:`thebes.tui.panels`, which names these functions too."""

from __future__ import annotations

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from thebes.catalog.components import DISPLAY_SLOTS, EXHIBITION_LETTERS, Catalog
from thebes.catalog.kinds import KINDS, CardKind
from thebes.language import _, place_name
from thebes.rules import NO_CARD, GameState


def _tile(head: str, detail: str) -> Text:
    text = Text(head, style="bold")
    text.append("\n" + detail)
    return text


def short_card_name(catalog: Catalog, card_id: int) -> str:
    """A display card in at most 14 characters: "Egy book 3", "general 2", "shovel"."""
    card = catalog.card(card_id)
    return _(KINDS[card.kind].short).format(
        region=place_name(catalog.regions[card.region])[:3] if card.region >= 0 else "",
        value=card.value,
        size=card.size,
    )


def display(state: GameState, *, paired: bool = False) -> RenderableType:
    """The four display cards, the exhibitions a-c and the piles, as compact tiles;
    ``paired`` (the compact layout), two exhibitions to a row in short words."""
    catalog = state.catalog
    cards = Table.grid(padding=(0, 2))
    tiles = []
    for slot in range(DISPLAY_SLOTS):
        card_id = state.display[slot]
        if card_id == NO_CARD:
            # TRANSLATORS: a display slot with no card in it
            tiles.append(_tile(_("{slot} (empty)").format(slot=slot + 1), ""))
            continue
        card = catalog.card(card_id)
        # TRANSLATORS: where a display card is taken and its weeks ("London · 2 wk")
        where = "  " + _("{city} · {weeks} wk").format(
            city=place_name(catalog.locations[card.city]), weeks=card.weeks
        )
        tiles.append(_tile(f"{slot + 1} {short_card_name(state.catalog, card_id)}", where))
    cards.add_row(*tiles)
    deck = state.deck
    if deck.reserve:
        piles = _("draw pile {draw}, reserve {reserve}, discard {discard}").format(
            draw=deck.draw_size, reserve=deck.reserve.size, discard=len(deck.discard)
        )
    else:
        piles = _("draw pile {draw}, discard {discard}").format(
            draw=deck.draw_size, discard=len(deck.discard)
        )
    title = Text(_("Cards"), style="bold")
    title.append("   " + piles, "dim")
    if not state.exhibitions:
        title.append(" · " + _("no exhibition on show"), "dim")
    shows: list[RenderableType] = [title, cards]
    if state.variants.card_preview:
        shows.append(face_up_line(state))
    if paired and len(state.exhibitions) > 1:
        return Group(*shows, _paired_exhibitions(state))
    for slot, card_id in enumerate(state.exhibitions):
        card = catalog.card(card_id)
        # Smallest count first, as the printed cards list them.
        needs = ", ".join(
            f"{n} {place_name(catalog.regions[r])}"
            for n, r in sorted((n, r) for r, n in enumerate(card.requires) if n)
        )
        # At most 74 columns (the longest needs), as wide as the wide layout leaves beside
        # the board: a wrapped line would push the screen past the terminal's last row.
        line = Text(f"{EXHIBITION_LETTERS[slot]} ", style="bold", no_wrap=True, overflow="ellipsis")
        name = short_card_name(state.catalog, card_id)
        line.append(_("{card} {points} VP").format(card=name, points=card.value), "bold")
        # TRANSLATORS: an exhibition: where it is held, its weeks and the artifacts it needs
        held = _("{city} {weeks} wk, needs {needs}").format(
            city=place_name(catalog.locations[card.city]), weeks=card.weeks, needs=needs
        )
        line.append(f": {held}")
        shows.append(line)
    return Group(*shows)


def exhibition_rows(state: GameState, *, paired: bool = False) -> int:
    """Rows the exhibitions on show take in :func:`display`."""
    shown = len(state.exhibitions)
    return -(-shown // 2) if paired and shown > 1 else shown


def _paired_exhibitions(state: GameState) -> Table:
    """The exhibitions two to a row, each in at most 37 columns, so that two fit at 80:
    ``b 5 VP Moscow 4 wk: 1 Egy 2 Pal 3 Mes`` (the points tell a small one from a large
    one; the regions as on the display's tiles)."""
    catalog = state.catalog
    grid = Table.grid(padding=(0, 3))
    for _column in range(2):
        grid.add_column(no_wrap=True, overflow="ellipsis")
    cells = []
    for slot, card_id in enumerate(state.exhibitions):
        card = catalog.card(card_id)
        needs = " ".join(
            f"{n} {place_name(catalog.regions[r])[:3]}"
            for n, r in sorted((n, r) for r, n in enumerate(card.requires) if n)
        )
        points = _("{points} VP").format(points=card.value)
        cell = Text(f"{EXHIBITION_LETTERS[slot]} {points}", style="bold")
        # TRANSLATORS: an exhibition in few words: "Moscow 4 wk: 1 Egy 2 Pal"
        held = _("{city} {weeks} wk: {needs}").format(
            city=place_name(catalog.locations[card.city]), weeks=card.weeks, needs=needs
        )
        cell.append(f" {held}")
        cells.append(cell)
    for row in range(0, len(cells), 2):
        grid.add_row(*cells[row : row + 2])
    return grid


def face_up_line(state: GameState) -> Text:
    """V5 (card-preview): the cards face up on the draw pile, the next to be drawn first:
    "next: Egy book 2 (London 2 wk), then general 2 (London 6 wk)"."""
    catalog = state.catalog
    shown = []
    for card_id in state.deck.face_up:
        card = catalog.card(card_id)
        name = short_card_name(state.catalog, card_id)
        if card.kind is CardKind.EXHIBITION:
            name = _("{card} {points} VP").format(card=name, points=card.value)
        # TRANSLATORS: a card face up on the draw pile: "Egy book 2 (London 2 wk)"
        shown.append(
            _("{card} ({city} {weeks} wk)").format(
                card=name, city=place_name(catalog.locations[card.city]), weeks=card.weeks
            )
        )
    # TRANSLATORS: before the cards face up on the draw pile, the next to be drawn first
    line = Text(_("next:") + " ", style="bold")
    if not shown:
        line.append(_("no card face up, the draw pile is empty"))
    else:
        cards = shown[0]
        for card_shown in shown[1:]:
            # TRANSLATORS: cards face up one after another: "Egy book 2 (...), then car (...)"
            cards = _("{earlier}, then {later}").format(earlier=cards, later=card_shown)
        line.append(cards)
        if len(shown) == 1:
            line.append(", " + _("the last card of the draw pile"))
    line.no_wrap = True
    line.overflow = "ellipsis"
    return line
