"""The game screen rendered to text at fixed widths, colour off."""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import replace

import pytest

from helpers import CAT, GOLDEN, cards_of, setup, start, tokens_of
from thebes.records.session import Session
from thebes.rules import GameState, active_seat, legal_actions
from thebes.tui.menu import build_menu, menu_rows, menu_view
from thebes.tui.panels import marks, time_track
from thebes.tui.screen import ScreenInfo, game_screen, is_wide, render_text
from thebes.tui.story import Told

COLOURS = ("red", "blue", "green", "yellow")
GOLDEN_4P = GOLDEN / "game-4p.json"


def scenario() -> GameState:
    state = start(3, display=[65, 1, 46, 84])  # shovel London, Greece book, Greece legend, congress
    state = replace(state, exhibitions=(91, 86))
    state = setup(
        state,
        0,
        location="Egypt",
        year=1901,
        week=20,
        cards=cards_of("book", "Egypt", 3) + cards_of("car"),
        tokens=tokens_of("Egypt", value=6) + tokens_of("Greece", "book"),
        permits_used=["Egypt"],
    )
    state = setup(state, 1, location="Rome", year=1901, week=18, cards=cards_of("congress")[:2])
    state = setup(state, 2, location="Rome", year=1901, week=18)
    # Cleo arrived on week 18 after Bob: her marker lies on top.
    cleo = replace(state.players[2], arrival=state.clock)
    return replace(state, players=(*state.players[:2], cleo), clock=state.clock + 1)


def events(count: int, words: int = 8) -> list[Told]:
    return [
        Told("1901·18", n % 3, " ".join([f"event number {n}"] + ["word"] * words))
        for n in range(count)
    ]


def screen(width: int, height: int, told: Sequence[Told] = (), *, wide: bool | None = None) -> str:
    info = ScreenInfo("Thebes — seed 5", COLOURS, "Since Cleo's last turn", told)
    return render_text(game_screen(scenario(), info, width, height, wide=wide), width)


def test_wide_screen_shows_everything() -> None:
    text = screen(120, 40, events(12))
    lines = text.splitlines()
    assert len(lines) <= 40 and max(len(line) for line in lines) <= 120
    for name in CAT.locations:
        assert name in text
    assert "Time track — year 1901" in text
    assert "to play: Cleo" in text  # week 18, Cleo arrived after Bob: top of the stack
    assert "1 shovel" in text and "London · 3 wk" in text and "3 Gre legend" in text
    assert "a large exhib. 5 VP: London 4 wk, needs 1 Crete, 2 Greece, 3 Egypt" in text
    assert "b small exhib. 4 VP: London 3 wk, needs 1 Greece, 2 Egypt" in text
    # Ann's tableau: Egypt books 3+3, the Greece book token counts for Crete; permits.
    row = next(line for line in lines if line.startswith("books GCEPM"))
    assert row.split()[2:7] == ["0", "1", "6", "0", "0"]
    assert "E1/6" in text  # one Egyptian artifact worth 6
    assert "G✓ C✓ E✗ P✓ M✓" in text
    # The bags: Egypt lost its 6-VP artifact, Greece its book token.
    bags = text.split("Bags", 1)[1]
    egypt = next(line for line in bags.splitlines() if "Egypt " in line and "16" in line)
    assert egypt.rsplit("Egypt", 1)[1].split()[-5:-2] == ["29", "2", "16"]
    # The newest events that fit, and how many more the log has.
    assert "event number 11" in text and "event number 0 " not in text
    assert "earlier: type log)" in text


STANDING = re.compile(r"(▶ )?(\S) (\S+) +(\d{4}·\d+) +(\S+) +(\d+) VP")


def standing_lines(text: str) -> list[tuple[str, ...]]:
    return [m.groups("") for m in STANDING.finditer(text)]


@pytest.mark.parametrize(("width", "height"), [(80, 24), (120, 40), (200, 60)])
def test_every_players_standing_is_on_screen(width: int, height: int) -> None:
    text = screen(width, height)
    # Ann: Egypt artifact 6 VP + Egypt majority 5 + Crete (book token) majority 5 = 16;
    # Bob: two congresses, 1 + 2 = 3; Cleo, to play, nothing yet.
    assert standing_lines(text) == [
        ("", "A", "Ann", "1901·20", "Egypt", "16"),
        ("", "B", "Bob", "1901·18", "Rome", "3"),
        ("▶ ", "C", "Cleo", "1901·18", "Rome", "0"),
    ]


def test_the_layout_depends_only_on_the_terminals_size() -> None:
    # Many events or few, 120x40 is the whole table: the board and every tableau.
    for told in ([], events(3), events(60, words=30)):
        text = screen(120, 40, told)
        assert "roads to" in text and "books GCEPM" in text and "Bags" in text
        assert len(text.splitlines()) <= 40
    assert "roads to" not in screen(119, 40) and "roads to" not in screen(120, 39)


def test_compact_screen_fits_80_by_24_with_the_newest_event_whole() -> None:
    told = events(10, words=20)
    text = screen(80, 21, told)
    lines = text.splitlines()
    assert len(lines) <= 21 and max(len(line) for line in lines) <= 80
    assert "Cleo: books G0 C0 E0 P0 M0, general 0" in text
    assert "1 shovel" in text
    # The two exhibitions in one row, in short words (large: 1 Crete, 2 Greece, 3 Egypt).
    assert "a 5 VP London 4 wk: 1 Cre 2 Gre 3 Egy   b 4 VP London 3 wk: 1 Gre 2 Egy" in text
    # 11 rows for the events (21 less title 1, standings 3, cards 4, tableau 2): the title,
    # the newest wrapped whole in two rows, eight older ones in a line each, cut with "…".
    events_rows = text.split("\n")[10:]
    assert events_rows[0].rstrip() == "Since Cleo's last turn  (1 earlier, in short: type log)"
    for row, number in zip(events_rows[1:9], range(1, 9), strict=True):
        assert row.startswith(f"  1901·18 event number {number} word ")
        assert row.rstrip().endswith("…")
    shown = " ".join(" ".join(events_rows[9:]).split())
    assert shown == "1901·18 event number 9 " + " ".join(["word"] * 20)


def test_long_names_fit_80_columns() -> None:
    state = scenario()
    long_names = ["Annabelle-Marguerite-Lee", "Bartholomew Fitzgerald", "Cleopatra Philopator"]
    players = tuple(replace(p, name=n) for p, n in zip(state.players, long_names, strict=True))
    state = replace(state, players=players)
    info = ScreenInfo("Thebes", COLOURS, "Last events", events(4))
    for width, height in ((80, 24), (120, 40)):
        lines = render_text(game_screen(state, info, width, height), width).splitlines()
        assert max(len(line) for line in lines) <= width
        assert len(lines) <= height
        assert any("Annabelle-Marguerite-Lee" in line and "16 VP" in line for line in lines)


@pytest.mark.parametrize(("width", "height"), [(80, 24), (120, 40)])
def test_four_long_names_a_zeppelin_and_many_events_fit_with_the_menu(
    width: int, height: int
) -> None:
    names = ["Annabelle-Marguerite-Lee", "Bartholomew Fitzgerald", "Cleopatra Philopator", "Dmitri"]
    state = start(4)
    state = replace(
        state, players=tuple(replace(p, name=n) for p, n in zip(state.players, names, strict=True))
    )
    seat = active_seat(state)
    assert seat is not None
    state = setup(state, seat, cards=cards_of("zeppelin")[:1])
    menu = build_menu(state, legal_actions(state))
    rows = height - menu_rows(menu, width) - 2  # as the game: the message and the prompt
    info = ScreenInfo("Thebes", COLOURS, "Last events", events(30, words=15))
    text = render_text(game_screen(state, info, width, rows, wide=is_wide(width, height)), width)
    text += render_text(menu_view(menu, width), width)
    lines = text.splitlines()
    assert len(lines) <= height - 2 and max(len(line) for line in lines) <= width
    assert len(standing_lines(text)) == 4  # every standing, the long names whole
    assert all(name in text for name in names)
    assert "add z to the number" in text  # the zeppelin is a mark on a number
    assert [line.split()[0] for line in lines if line.lstrip().startswith(("1 take", "2 take"))]


def test_time_track_stacks_top_marker_first() -> None:
    text = render_text(time_track(scenario(), COLOURS), 80)
    lines = text.splitlines()
    scale = lines[1]
    column = scale.index("week ") + len("week ") + 18 - 1
    assert lines[2][column] == "C"  # Cleo on top of the week-18 stack
    assert lines[3][column] == "B"
    assert lines[2][column + 2] == "A"  # Ann alone on week 20


def test_marks_are_unique() -> None:
    assert marks(["Ann", "Bob"]) == ["A", "B"]
    assert marks(["Ann", "Al", "Bob"]) == ["1", "2", "3"]


@pytest.mark.parametrize("width", [80, 120])
def test_a_whole_game_renders_at_every_step(width: int) -> None:
    session = Session.load(GOLDEN_4P, CAT)
    info = ScreenInfo("Thebes", COLOURS, "Last events", events(5))
    height = 40 if width == 120 else 24
    for step in session.steps[::5]:
        lines = render_text(game_screen(step.before, info, width, height), width).splitlines()
        assert len(lines) <= height and max(len(line) for line in lines) <= width
    final = render_text(game_screen(session.state, info, width, height), width)
    assert "the game is over" in final
