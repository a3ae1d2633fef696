"""`thebes reference`: the components a player looks up during a game, as tables or JSON.

The names in it come from the data files, which a player may edit or point elsewhere
($THEBES_DATA): every cell is a Text, shown as written on any console, never read as
markup ("[/]" is a city's name, not a closing tag)."""

from __future__ import annotations

from typing import Any

from rich import box
from rich.console import Console, Group
from rich.table import Table
from rich.text import Text

from thebes.catalog.components import WHEEL_SIZE, Catalog, TokenKind
from thebes.catalog.kinds import KINDS
from thebes.language import _, artifact_name, pgettext, place_name
from thebes.records.narration import card_text


def card_effect(catalog: Catalog, card_id: int) -> str:
    """What the card does, for the reference: "+3 specialized Egypt", ..."""
    return card_text(catalog, card_id, KINDS[catalog.card(card_id).kind].effect)


def reference_json(catalog: Catalog) -> dict[str, Any]:
    locations = catalog.locations
    return {
        "travel_weeks": {
            a: {b: catalog.travel[i][j] for j, b in enumerate(locations)}
            for i, a in enumerate(locations)
        },
        "time_wheel": {str(k): list(catalog.wheel[k][1:]) for k in range(1, WHEEL_SIZE + 1)},
        "researcher_cards": [
            {
                "id": c,
                "kind": catalog.card(c).kind.name.lower(),
                "region": catalog.regions[catalog.card(c).region]
                if catalog.card(c).region >= 0
                else None,
                "value": catalog.card(c).value or None,
                "city": locations[catalog.card(c).city],
                "weeks": catalog.card(c).weeks,
                "effect": card_effect(catalog, c),
            }
            for c in catalog.researcher_ids
        ],
        "exhibitions": [
            {
                "id": c,
                "size": catalog.card(c).size,
                "city": locations[catalog.card(c).city],
                "weeks": catalog.card(c).weeks,
                "vp": catalog.card(c).value,
                "requires": {
                    catalog.regions[r]: n for r, n in enumerate(catalog.card(c).requires) if n
                },
            }
            for c in catalog.small_exhibition_ids + catalog.large_exhibition_ids
        ],
        "tokens": {region: _region_tokens(catalog, r) for r, region in enumerate(catalog.regions)},
    }


def _region_tokens(catalog: Catalog, region: int) -> dict[str, Any]:
    ids = (catalog.site_bonus[region], *catalog.bag_tokens[region])
    tokens = [catalog.token(t) for t in ids]
    return {
        "artifacts": [
            {"name": t.name, "value": t.value, "on_site": t.id == catalog.site_bonus[region]}
            for t in tokens
            if t.kind is TokenKind.ARTIFACT
        ],
        "book_token_for": next(
            catalog.regions[t.book_region] for t in tokens if t.kind is TokenKind.BOOK
        ),
        "general_tokens": sum(1 for t in tokens if t.kind is TokenKind.GENERAL),
        "debris": catalog.debris[region],
    }


def reference_tables(catalog: Catalog) -> Group:
    """Every table a player looks up: travel, the time wheel, cards, exhibitions, tokens."""
    return Group(
        _travel_table(catalog),
        _wheel_table(catalog),
        _cards_table(catalog),
        _exhibitions_table(catalog),
        _tokens_table(catalog),
        _artifacts_table(catalog),
    )


def _travel_table(catalog: Catalog) -> Table:
    names = [place_name(name) for name in catalog.locations]
    short = [name[:3] for name in names]
    travel = Table(
        title=_("Travel time in weeks (shortest route)"),
        title_justify="left",
        box=box.SIMPLE_HEAD,
        show_edge=False,
        padding=(0, 1),
        pad_edge=False,
        collapse_padding=True,
    )
    # TRANSLATORS: the travel table's first column: the city a journey starts from.
    travel.add_column(pgettext("travel", "from"), no_wrap=True, min_width=len(max(names, key=len)))
    for name in short:
        travel.add_column(Text(name), justify="right", width=3, no_wrap=True)
    for i, name in enumerate(names):
        _add_row(travel, name, *(str(w) for w in catalog.travel[i]))
    return travel


def _wheel_table(catalog: Catalog) -> Table:
    wheel = Table(
        title=_("Time wheel: tokens drawn for knowledge (rows) and weeks dug (columns)"),
        title_justify="left",
    )
    # TRANSLATORS: the time wheel's first column, short for "knowledge" (one letter).
    wheel.add_column(pgettext("time wheel", "K"))
    for w in range(1, WHEEL_SIZE + 1):
        wheel.add_column(str(w), justify="right")
    for k in range(1, WHEEL_SIZE + 1):
        wheel.add_row(str(k), *(str(n) if n else "-" for n in catalog.wheel[k][1:]))
    return wheel


def _cards_table(catalog: Catalog) -> Table:
    cards = Table(title=_("Researcher cards"), title_justify="left")
    cards.add_column("#", justify="right")
    cards.add_column(pgettext("table header", "city"), justify="left")
    cards.add_column(pgettext("table header", "weeks"), justify="right")
    cards.add_column(pgettext("table header", "effect"), justify="left")
    for c in catalog.researcher_ids:
        card = catalog.card(c)
        where = place_name(catalog.locations[card.city])
        _add_row(cards, str(c), where, str(card.weeks), card_effect(catalog, c))
    return cards


def _exhibitions_table(catalog: Catalog) -> Table:
    exhibitions = Table(title=_("Exhibitions"), title_justify="left")
    for column in (
        "#",
        pgettext("table header", "city"),
        pgettext("table header", "weeks"),
        # TRANSLATORS: victory points, shortened.
        _("VP"),
        pgettext("table header", "requires"),
    ):
        exhibitions.add_column(column)
    for c in catalog.small_exhibition_ids + catalog.large_exhibition_ids:
        card = catalog.card(c)
        needs = ", ".join(
            # TRANSLATORS: an exhibition's need: a number of artifacts from one site.
            _("{count} {site}").format(count=n, site=place_name(catalog.regions[r]))
            for r, n in enumerate(card.requires)
            if n
        )
        _add_row(
            exhibitions,
            str(c),
            place_name(catalog.locations[card.city]),
            str(card.weeks),
            str(card.value),
            needs,
        )
    return exhibitions


def _tokens_table(catalog: Catalog) -> Table:
    tokens = Table(title=_("Excavation tokens (31 per region)"), title_justify="left")
    for column in (
        pgettext("table header", "region"),
        _("artifacts by value 1-7"),
        # TRANSLATORS: the victory points of a region's artifacts in all.
        _("artifact VP"),
        _("book token"),
        # TRANSLATORS: a header: general knowledge tokens.
        pgettext("tokens", "general"),
        # TRANSLATORS: a header: the empty tokens (sand) in a bag.
        pgettext("tokens", "debris"),
    ):
        tokens.add_column(column)
    for r, region in enumerate(catalog.regions):
        data = _region_tokens(catalog, r)
        by_value = [0] * 7
        for artifact in data["artifacts"]:
            by_value[artifact["value"] - 1] += 1
        _add_row(
            tokens,
            place_name(region),
            " / ".join(str(n) for n in by_value),
            str(sum(a["value"] for a in data["artifacts"])),
            # TRANSLATORS: one book token, for the site named.
            _("1 for {site}").format(site=place_name(data["book_token_for"])),
            str(data["general_tokens"]),
            str(data["debris"]),
        )
    return tokens


def _artifacts_table(catalog: Catalog) -> Table:
    names = Table(title=_("Artifacts"), title_justify="left")
    names.add_column(pgettext("table header", "region"))
    names.add_column(_("VP"), justify="right")
    # TRANSLATORS: a header: the artifacts' names.
    names.add_column(pgettext("table header", "objects"))
    for r, region in enumerate(catalog.regions):
        data = _region_tokens(catalog, r)
        for value in sorted({a["value"] for a in data["artifacts"]}):
            objects = [
                _("{artifact} (on the site)").format(artifact=artifact_name(a["name"]))
                if a["on_site"]
                else artifact_name(a["name"])
                for a in data["artifacts"]
                if a["value"] == value
            ]
            _add_row(names, place_name(region), str(value), "; ".join(objects))
    return names


def _add_row(table: Table, *cells: str) -> None:
    """A row of ``cells`` shown as written (names from the data files among them)."""
    table.add_row(*(Text(cell) for cell in cells))


def print_reference(catalog: Catalog, console: Console) -> None:
    console.print(reference_tables(catalog))
