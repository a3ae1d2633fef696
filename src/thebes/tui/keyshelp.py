"""The screen's abbreviations explained (`help keys`), and the two-column table the help pages
are laid out in."""

from __future__ import annotations

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from thebes.language import N_, _, pgettext
from thebes.rules import NO_VARIANTS, STEADY_DEBRIS_AT_START, Variants
from thebes.tui.command_words import as_typed
from thebes.tui.screen import variant_id

# The cars' label on the screen: translated with a context of its own (keys_view), as the
# card's name "car" is translated for sentences and may differ ("voit" beside "voiture").
CAR = "car"
# `help keys`: each mark or label of the screen, as the screen writes it (a key's translation
# is the one its panel shows), and what it means.
KEYS = (
    ("▶", N_("the player to move: the one furthest back in time (the top of a stack first)")),
    ("A B C D", N_("the players' marks on the time track and the board (or 1-4)")),
    ("1902·14", N_("year·week: where a marker stands on the time track")),
    ("│1902", N_("the time track's turn of the year: markers after it passed week 52")),
    (N_("N VP"), N_("a player's score now, majorities as they stand")),
    (
        N_("VP = a+e+c+m"),
        N_("the score and its parts: artifacts, exhibitions, congresses, majorities"),
    ),
    (
        N_("books GCEPM"),
        N_("specialized knowledge for Greece, Crete, Egypt, Palestine, Mesopotamia"),
    ),
    (N_("books G0 C0 ..."), N_("the same, one region's points after its initial: G0 C2 E1 P0 M0")),
    (N_("general, legends"), N_("general knowledge points, and the sites whose legend is held")),
    (
        N_("gen, leg, art, exh"),
        N_("general, legends, artifacts, exhibitions, shortened at 80 columns"),
    ),
    (N_("E3/9"), N_("3 artifacts from Egypt, worth 9 VP in all")),
    (N_("a 4 VP Moscow 3 wk"), N_("exhibition a at 80 columns, needing 1 Mes 2 Cre")),
    ("G✓ / G✗", N_("the Greece permit is valid / used this year")),
    (N_("assist, shov, zep, congr"), N_("assistants, shovels, zeppelins, congresses")),
    (CAR, N_("cars: a journey of 3 weeks or more costs a week less (a second adds nothing)")),
    (N_("permit, sp.permit"), N_("special permits (a second dig at a site in a year)")),
    (N_("artifacts by VP 1-7"), N_("a bag's artifacts counted by value, 1 VP first")),
    (N_("books, debris"), N_("a bag's knowledge tokens, and its debris (always 16: it goes back)")),
    (N_("on site"), N_("the 1-VP artifact still lying on the site: the first dig there takes it")),
    (N_("1+ artifact"), N_("the planner: the chance that a dig finds at least one artifact")),
    # TRANSLATORS: "expected", shortened in the planner's headers.
    (N_("exp."), N_("expected: the average over every way the bag could be drawn")),
    (N_("3 travel + 1-12 wk"), N_("a dig's journey in weeks, then the weeks it can last")),
    ("Nz", N_("play menu entry N by zeppelin: the journey costs no weeks")),
    (
        N_("VP expected, lead"),
        N_("a hint: the final score, and its lead on the best rival's, expected"),
    ),
    (
        N_("outlook"),
        N_("a hint: the final score a position promises, by the greedy bot's reckoning"),
    ),
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
STEADY_DEBRIS = N_(
    "a bag's knowledge tokens, and its debris ({count} at first, more as 'aside' empties)"
)
STEADY_ASIDE = N_(
    "debris set aside to replace the tokens kept (V1); when none is left, the bag shrinks"
)


def keys_view(variants: Variants = NO_VARIANTS) -> RenderableType:
    """What the screen's marks and abbreviations mean, in a game with ``variants``."""
    keys = []
    # Each key and meaning is a constant marked with N_ above (the keys that are only
    # symbols, "▶" or "1902·14", are not in the catalog and come back as they are).
    for key, meaning in KEYS:
        if key == "books, debris" and variants.steady_digs:
            steady = _(STEADY_DEBRIS).format(count=STEADY_DEBRIS_AT_START)
            # TRANSLATORS: the label of the bag's debris set aside (variant V1), as the
            # bags' panel shows it.
            keys += [(_(key), steady), (_("aside"), _(STEADY_ASIDE))]
        elif key == CAR:
            # TRANSLATORS: the label of a player's cars on the screen, as its line of cards
            # ("assist 0 shovel 0 car 0 ...") shortens it
            keys.append((pgettext("screen label", "car"), _(meaning)))
        else:
            keys.append((_(key), _(meaning)))
    if variants.card_preview:
        # TRANSLATORS: "next:" is the label of the face-up cards on the draw pile (V5).
        keys.append((_("next:"), _("the cards face up on the draw pile, to be drawn first (V5)")))
    if variants:
        keys.append(
            (
                _("variants:"),
                _("the optional rules this game is played with ('{command}')").format(
                    command=as_typed("help")
                ),
            )
        )
        keys += [
            (variant_id(name), _("the variant {name}").format(name=name)) for name in variants.names
        ]
    title = _("The screen's marks and abbreviations")
    return Group(Text(title, style="bold"), two_columns(keys))
