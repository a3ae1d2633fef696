"""The screen's abbreviations explained (`help keys`), and the two-column table the help pages
are laid out in."""

from __future__ import annotations

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from thebes.rules import NO_VARIANTS, STEADY_DEBRIS_AT_START, Variants
from thebes.tui.screen import variant_id

KEYS = (
    ("▶", "the player to move: the one furthest back in time (the top of a stack first)"),
    ("A B C D", "the players' marks on the time track and the board (or 1-4)"),
    ("1902·14", "year·week: where a marker stands on the time track"),
    ("│1902", "the time track's turn of the year: markers after it passed week 52"),
    ("N VP", "a player's score now, majorities as they stand"),
    ("VP = a+e+c+m", "the score and its parts: artifacts, exhibitions, congresses, majorities"),
    ("books GCEPM", "specialized knowledge for Greece, Crete, Egypt, Palestine, Mesopotamia"),
    ("books G0 C0 ...", "the same, one region's points after its initial: G0 C2 E1 P0 M0"),
    ("general, legends", "general knowledge points, and the sites whose legend is held"),
    ("gen, leg, art, exh", "general, legends, artifacts, exhibitions, shortened at 80 columns"),
    ("E3/9", "3 artifacts from Egypt, worth 9 VP in all"),
    ("a 4 VP Moscow 3 wk", "exhibition a at 80 columns, needing 1 Mes 2 Cre"),
    ("G✓ / G✗", "the Greece permit is valid / used this year"),
    ("assist, shov, zep, congr", "assistants, shovels, zeppelins, congresses"),
    ("car", "cars: a journey of 3 weeks or more costs a week less (a second adds nothing)"),
    ("permit, sp.permit", "special permits (a second dig at a site in a year)"),
    ("artifacts by VP 1-7", "a bag's artifacts counted by value, 1 VP first"),
    ("books, debris", "a bag's knowledge tokens, and its debris (always 16: it goes back)"),
    ("on site", "the 1-VP artifact still lying on the site: the first dig there takes it"),
    ("1+ artifact", "the planner: the chance that a dig finds at least one artifact"),
    ("exp.", "expected: the average over every way the bag could be drawn"),
    ("3 travel + 1-12 wk", "a dig's journey in weeks, then the weeks it can last"),
    ("Nz", "play menu entry N by zeppelin: the journey costs no weeks"),
    ("VP expected, lead", "a hint: the final score, and its lead on the best rival's, expected"),
    ("outlook", "a hint: the final score a position promises, by the greedy bot's reckoning"),
)


def two_columns(rows: list[tuple[str, str]]) -> Table:
    """Keys and what they mean, indented; a long meaning wraps in its own column."""
    grid = Table.grid(padding=(0, 2), pad_edge=True)
    grid.add_column(no_wrap=True)
    grid.add_column()
    for key, meaning in rows:
        grid.add_row(key, meaning)
    return grid


# The debris of a bag with the variant steady-digs (V1).
STEADY_DEBRIS = (
    f"a bag's knowledge tokens, and its debris ({STEADY_DEBRIS_AT_START} at first, more as"
    " 'aside' empties)"
)
STEADY_ASIDE = (
    "debris set aside to replace the tokens kept (V1); when none is left, the bag shrinks"
)


def keys_view(variants: Variants = NO_VARIANTS) -> RenderableType:
    """What the screen's marks and abbreviations mean, in a game with ``variants``."""
    keys = []
    for key, meaning in KEYS:
        if key == "books, debris" and variants.steady_digs:
            keys += [(key, STEADY_DEBRIS), ("aside", STEADY_ASIDE)]
        else:
            keys.append((key, meaning))
    if variants.card_preview:
        keys.append(("next:", "the cards face up on the draw pile, to be drawn first (V5)"))
    if variants:
        keys.append(("variants:", "the optional rules this game is played with ('help')"))
        keys += [(variant_id(name), f"the variant {name}") for name in variants.names]
    return Group(Text("The screen's marks and abbreviations", style="bold"), two_columns(keys))
