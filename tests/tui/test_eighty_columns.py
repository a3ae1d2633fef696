"""Nothing cut without a mark, nothing needed cut at 80 columns: the players' tableaux, the
active player's tableau line and 'help keys' (issue 21, points 7 and 12)."""

from __future__ import annotations

from dataclasses import replace

from helpers import cards_of, last_weeks, setup, start, tokens_of
from thebes.rules import GameState, Retire, Variants, legal_actions
from thebes.tui.final import final_view
from thebes.tui.keyshelp import keys_view
from thebes.tui.menu import MenuEntry, build_menu, menu_rows, menu_view
from thebes.tui.panels import tableau_height, tableaux
from thebes.tui.screen import ScreenInfo, game_screen, render_text

COLOURS = ("red", "blue", "green", "yellow")
REGIONS = ("Greece", "Crete", "Egypt", "Palestine", "Mesopotamia")


def rich_finds(players: int) -> GameState:
    """Ann holds artifacts from all five regions, one of 3 VP and one of 4 VP from each:
    'G2/7 C2/7 E2/7 P2/7 M2/7', 24 columns, and a car; she is to move, at Rome on week 20
    of the first year, the others on week 30."""
    state = start(players)
    found = [t for r in REGIONS for v in (3, 4) for t in tokens_of(r, value=v)[:1]]
    for seat in range(1, players):
        state = setup(state, seat, week=30)
    return setup(state, 0, tokens=found, cards=cards_of("car")[:1], location="Rome", week=20)


def lines_of(text: str) -> list[str]:
    return [line.rstrip() for line in text.splitlines()]


def test_a_long_artifacts_cell_goes_on_under_itself_at_80_columns() -> None:
    state = rich_finds(4)
    text = render_text(tableaux(state, COLOURS, rule=False, width=80), 80)
    lines = lines_of(text)
    assert all(len(line) <= 80 for line in lines) and "…" not in text
    # A column is (80 - 16) // 4 - 2 = 14 wide: the 24 columns wrap after three regions.
    row = next(i for i, line in enumerate(lines) if line.startswith("artifacts"))
    assert lines[row].split()[:5] == ["artifacts", "G2/7", "C2/7", "E2/7", "-"]
    assert lines[row + 1].split() == ["P2/7", "M2/7"]
    # The permits row and the score row after it are whole.
    assert "G✓ C✓ E✓ P✓ M✓" in text and "35=35+0+0+0" in text
    # Header, eight rows, one more for the artifacts: as the screen counts it.
    assert len(lines) == tableau_height(state, 80, rule=False) == 1 + 8 + 1


def test_at_120_columns_the_same_cell_stays_on_one_line() -> None:
    state = rich_finds(4)
    text = render_text(tableaux(state, COLOURS, rule=False, width=120), 120)
    assert "G2/7 C2/7 E2/7 P2/7 M2/7" in text
    assert len(lines_of(text)) == tableau_height(state, 120, rule=False) == 9


def test_the_finished_games_tableaux_fit_the_compact_screen() -> None:
    state = rich_finds(4)
    # Everyone on the end square: nobody to move, the compact screen shows every tableau.
    ended = tuple(replace(p, time=4 * 52 + 1) for p in state.players)
    state = replace(state, players=ended)
    info = ScreenInfo("Thebes", COLOURS, "Last events", [])
    lines = lines_of(render_text(game_screen(state, info, 80, 24), 80))
    assert len(lines) <= 24 and all(len(line) <= 80 for line in lines)
    assert any(line.split() == ["P2/7", "M2/7"] for line in lines)


def test_the_active_players_line_shortens_its_labels_instead_of_cutting() -> None:
    state = rich_finds(2)
    info = ScreenInfo("Thebes", COLOURS, "Since Ann's last turn", [])
    lines = lines_of(render_text(game_screen(state, info, 80, 24), 80))
    line = next(line for line in lines if line.startswith("Ann: books"))
    # In full: 'Ann: books G0 C0 E0 P0 M0, general 0, artifacts G2/7 C2/7 E2/7 P2/7 M2/7,
    # exhibitions 0' is 89 columns; shortened it is 70.
    assert line == "Ann: books G0 C0 E0 P0 M0, gen 0, art G2/7 C2/7 E2/7 P2/7 M2/7, exh 0"
    wide = lines_of(render_text(game_screen(state, info, 100, 24), 100))
    assert any(", general 0, artifacts G2/7 " in line for line in wide)


def test_help_keys_explains_car_and_the_books_line() -> None:
    text = render_text(keys_view(Variants()), 80)
    assert all(len(line) <= 80 for line in lines_of(text))
    keys = [line.strip().split("  ")[0] for line in lines_of(text)]
    assert "car" in keys and "books G0 C0 ..." in keys and "gen, leg, art, exh" in keys
    assert "cars: a journey of 3 weeks or more costs a week" in text
    assert "a 4 VP Moscow 3 wk" in keys
    assert "exhibition a at 80 columns, needing 1 Mes 2 Cre" in text


def test_a_dimmed_entry_says_why_in_words_that_fit_its_column() -> None:
    # Ann in London with one week left; the card of slot 1 is a congress in London that
    # takes 2 weeks: 2 + 0 travel > 1.
    state = last_weeks(start(2), 1, location="London")
    menu = build_menu(state, legal_actions(state))
    first = next(entry for entry in menu if entry.number == 1)
    assert not first.playable and first.label == "take 1: 2 wk, only 1 left"
    assert first.reason == "it takes 2 weeks, and Ann has only 1 left before the end of the game"
    for width in (80, 120):
        text = render_text(menu_view(menu, width), width)
        assert " 1 take 1: 2 wk, only 1 left" in text and "…" not in text


def test_the_final_table_at_80_columns_cuts_no_name() -> None:
    names = ["Alexandrina Featherstone", "Bartholomew-Xerxes-Smith", "Cleopatra Philopator", "Dan"]
    state = rich_finds(4)
    state = replace(
        state, players=tuple(replace(p, name=n) for p, n in zip(state.players, names, strict=True))
    )
    text = render_text(final_view(state, COLOURS, 80), 80)
    lines = lines_of(text)
    assert all(len(line) <= 80 for line in lines) and "…" not in text
    # No edges at 80 columns: a long name goes on under itself, whole.
    assert lines[1].split() == [
        "player",
        "artifacts",
        "exhibit.",
        "congress",
        "major.",
        "total",
        "won",
    ]
    end = lines[1].index("artifacts")  # right-justified: the column is as wide as its heading
    column = "".join(line[:end].strip().replace(" ★", "") for line in lines[3:] if line[:1] == " ")
    for name in names:
        assert name.replace(" ", "") in column.replace(" ", ""), name
    # Ann's (Alexandrina's) 35 VP of artifacts; nobody holds a book, so no majority.
    row = next(line for line in lines if line.startswith(" Alexandrina"))
    assert row.split()[1:6] == ["35", "0", "0", "0", "35"]


def test_the_final_table_never_parts_a_majority_from_its_region() -> None:
    # Cleo alone holds books of Greece, Egypt and Mesopotamia: 5 VP a majority (E4). At 80
    # columns each is its region's initial and points, together: G5, E5, M5.
    names = ["Alexandrina Featherstone", "Bartholomew-Xerxes-Smith", "Cleo", "Dan"]
    state = rich_finds(4)
    state = replace(
        state, players=tuple(replace(p, name=n) for p, n in zip(state.players, names, strict=True))
    )
    books = [cards_of("book", r)[0] for r in ("Greece", "Egypt", "Mesopotamia")]
    state = setup(state, 2, cards=books)
    text = render_text(final_view(state, COLOURS, 80), 80)
    [row] = [line for line in lines_of(text) if line.startswith(" Cleo")]
    assert row.split()[1:] == ["0", "0", "0", "15", "15", "G5,", "E5,", "M5"]
    # At 120 columns the regions are named whole.
    wide = render_text(final_view(state, COLOURS, 120), 120)
    assert all(won in wide for won in ("Greece 5,", "Egypt 5,", "Mesopotamia 5"))


def test_menu_entries_too_long_for_their_column_go_on_under_themselves() -> None:
    # The German menu of a game's third year: two long digs, in both columns at 80.
    labels = [
        "nehmen 1: Moskau 6 Wo.",
        "nehmen 2: London 3 Wo.",
        "nehmen 3: Wien 3 Wo.",
        "nehmen 4: Moskau 6 Wo.",
        "austauschen: 3 Wo.",
        "graben Griechenland: 3 Reise + 1-12 Wo.",
        "graben Ägypten: 4 Reise + 1-12 Wo.",
        "graben Palästina: 4 Reise + 6-12 Wo.",
        "graben Mesopotamien: 4 Reise + 1-12 Wo.",
        "aufhören (46 Wo. bis zum Ende)",
    ]
    menu = [MenuEntry(number, label, (Retire(),)) for number, label in enumerate(labels, 1)]
    keys = [("?", "tipp: die 3 besten Aktionen")]
    for width in (80, 120):
        text = render_text(menu_view(menu, width, keys), width)
        lines = lines_of(text.rstrip("\n"))
        assert all(len(line) <= width for line in lines) and "…" not in text
        assert menu_rows(menu, width, keys) == len(lines)
        # Every word of every entry is there, in its order: read down each column.
        for label in labels:
            assert _read_on(lines, label), label
    assert menu_rows(menu, 80, keys) > 6  # wrapped: 11 cells in 2 columns are 6 rows
    assert menu_rows(menu, 120, keys) == 4  # room enough: a row each


def _read_on(lines: list[str], label: str) -> bool:
    """Whether ``label`` is in ``lines``, whole on one line or its end on the next, at
    the same column."""
    head = label.split()[0] + " " + label.split()[1]
    for row, line in enumerate(lines):
        at = line.find(head)
        while at >= 0:
            said = line[at:].split("  ")[0].strip()
            below = lines[row + 1][at:].split("  ")[0].strip() if row + 1 < len(lines) else ""
            if said == label or f"{said} {below}" == label:
                return True
            at = line.find(head, at + 1)
    return False
