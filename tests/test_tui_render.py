"""The game screen rendered to text at fixed widths, colour off."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from helpers import CAT, cards_of, setup, start, tokens_of
from thebes.model import GameState
from thebes.session import Session
from thebes.tui.panels import marks, time_track
from thebes.tui.screen import ScreenInfo, game_screen, render_text

COLOURS = ("red", "blue", "green", "yellow")
GOLDEN_4P = Path(__file__).parent / "golden" / "game-4p.json"


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


def screen(width: int, height: int, log: tuple[str, ...] = ()) -> str:
    info = ScreenInfo("Thebes — seed 5", COLOURS, log)
    return render_text(game_screen(scenario(), info, width, height), width)


def test_wide_screen_shows_everything() -> None:
    log = tuple(f"event number {i}" for i in range(12))
    text = screen(120, 36, log)
    lines = text.splitlines()
    assert len(lines) <= 36 and max(len(line) for line in lines) <= 120
    for name in CAT.locations:
        assert name in text
    assert "Time track — year 1901" in text
    assert "to play: Cleo" in text  # week 18, Cleo arrived after Bob: top of the stack
    assert "1 shovel" in text and "London · 3 wk" in text and "3 Gre legend" in text
    assert "a large exhibition, 5 VP: London, 4 wk, needs 1 Crete 2 Greece 3 Egypt" in text
    assert "b small exhibition, 4 VP: London, 3 wk, needs 1 Greece 2 Egypt" in text
    # Ann's tableau: Egypt books 3+3, the Greece book token counts for Crete; permits.
    row = next(line for line in lines if line.startswith("books GCEPM"))
    assert row.split()[2:7] == ["0", "1", "6", "0", "0"]
    assert "E1/6" in text  # one Egyptian artifact worth 6
    assert "G✓ C✓ E✗ P✓ M✓" in text
    # The bags: Egypt lost its 6-VP artifact, Greece its book token.
    egypt = next(line for line in lines if "Egypt " in line and "16" in line).split()
    assert "29" in egypt
    assert "event number 11" in text and "event number 0" not in text


def test_compact_screen_fits_80_by_24() -> None:
    log = tuple(f"a rather long event line number {i} " * 4 for i in range(10))
    text = screen(80, 21, log)
    lines = text.splitlines()
    assert len(lines) <= 21 and max(len(line) for line in lines) <= 80
    assert "Cleo: books Gre 0 Cre 0 Egy 0 Pal 0 Mes 0, general 0" in text
    assert "1 shovel" in text and "b small exhibition" in text
    assert "…" in text  # long log lines are cut, not wrapped


def test_time_track_stacks_top_marker_first() -> None:
    text = render_text(time_track(scenario(), COLOURS), 80)
    lines = text.splitlines()
    scale = lines[1]
    column = scale.index("week ") + len("week ") + 18 - 1
    assert lines[2][column] == "C"  # Cleo on top of the week-18 stack
    assert lines[3][column] == "B"
    assert lines[2][column + 2] == "A"  # Ann alone on week 20
    assert "A:Ann 1901·20 (137)" in lines[-1] and "C:Cleo 1901·18 (139)◀" in lines[-1]


def test_marks_are_unique() -> None:
    assert marks(["Ann", "Bob"]) == ["A", "B"]
    assert marks(["Ann", "Al", "Bob"]) == ["1", "2", "3"]


@pytest.mark.parametrize("width", [80, 120])
def test_a_whole_game_renders_at_every_step(width: int) -> None:
    session = Session.load(GOLDEN_4P, CAT)
    info = ScreenInfo("Thebes", COLOURS, ())
    height = 36 if width == 120 else 21
    for step in session.steps[::5]:
        lines = render_text(game_screen(step.before, info, width, height), width).splitlines()
        assert len(lines) <= height and max(len(line) for line in lines) <= width
    final = render_text(game_screen(session.state, info, width, height), width)
    assert "the game is over" in final
