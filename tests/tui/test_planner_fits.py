"""The dig planner at 80x24 with four players: its table's title, notes and prompt all in
view, the prompt on one line (issue 21, point 7)."""

from __future__ import annotations

from pathlib import Path

from helpers import CAT, cards_of, setup
from terminal import game
from thebes.records.session import Session, default_seats
from thebes.rules import Dig
from thebes.tui.planner import option_sets, prompt_text

NAMES = ["Ann", "Bob", "Cleo", "Dan"]


def digging_session(tmp_path: Path) -> Session:
    """Four players; Ann holds every book of Egypt not on display, its legend, a shovel and
    an assistant: a dig in Egypt can last 1 to 12 weeks (12 rows) and has three optional
    cards (three notes), and the site's 1-VP artifact is a fourth note."""
    session = Session(CAT, default_seats(NAMES), 7, autosave=tmp_path / "g.json")
    state = session.state
    display = set(state.display)
    books = [c for c in cards_of("book", "Egypt") if c not in display]
    legend, shovel, assistant = (
        next(c for c in found if c not in display)
        for found in (cards_of("legend", "Egypt"), cards_of("shovel"), cards_of("assistant"))
    )
    cards = [legend, shovel, assistant]
    session._state = setup(state, 0, cards=books + cards)
    return session


def test_the_planner_at_80x24_keeps_its_title_and_leaves_room_for_the_prompt(
    tmp_path: Path,
) -> None:
    session = digging_session(tmp_path)
    digs = tuple(
        a
        for a in session.legal_actions()
        if isinstance(a, Dig) and CAT.regions[a.region] == "Egypt"
    )
    with game(session, "", size=(80, 24)) as (ui, out):
        ui.planner.draw(digs, option_sets(digs)[0], None)
    lines = out.getvalue().splitlines()
    # Title, header, rule, 12 rows and 4 notes, then the prompt: 20 rows; the head (the
    # game's title and 4 standings, 6 rows) would push the table's title off 24 rows, so
    # it is left out and the table's title is the first line.
    assert lines[0].startswith("Dig at Egypt: knowledge ")
    assert len(lines) == 3 + 12 + 4 and all(len(line) <= 80 for line in lines)
    assert sum(line.startswith("  +") for line in lines) == 3  # legend, assistant, shovel
    # At 120x40 there is room for the head above it.
    with game(session, "", size=(120, 40)) as (ui, out):
        ui.planner.draw(digs, option_sets(digs)[0], None)
    lines = out.getvalue().splitlines()
    assert lines[0].startswith("Thebes") and len(lines) == 6 + 19
    # The longest prompt (the longest site, two-digit weeks) leaves 12 columns for typing.
    prompt = prompt_text("Mesopotamia", "12")
    assert prompt == "Dig at Mesopotamia: weeks (e.g. 12), +option or -option, or 'back': "
    assert len(prompt) == 68
