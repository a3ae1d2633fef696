"""A person's own last action and everything since are on screen at every turn of theirs
(issue 21, point 1): the events panel's one-line summaries, the others' actions told
together when rows are short, and a scripted game against three bots at 80x24 and 120x40."""

from __future__ import annotations

import io
import re
from dataclasses import replace
from pathlib import Path

import pytest
from prompt_toolkit.input import create_pipe_input

from helpers import CAT, cards_of, loc, region, start, tokens_of
from terminal import text_terminal
from thebes.records.gamefile import ActionRecord
from thebes.records.session import Session, Step, default_seats
from thebes.rules import CardTaken, Dig, Dug, ExhibitionHeld, TakeCard, Travelled
from thebes.tui.screen import render_text
from thebes.tui.story import Told, story_panel
from thebes.tui.summary import summary
from thebes.tui.table import TerminalGame

COLOURS = ("red", "blue", "green", "yellow")


def test_a_dig_is_summed_up_with_its_finds_and_their_points() -> None:
    # Bob (seat 1) travels to Egypt and digs 8 weeks: artifacts of 1 and 2 VP and a book
    # token (for Egypt's own region) among 5 tokens drawn, 2 of them debris.
    one, two = tokens_of("Egypt", value=1)[0], tokens_of("Egypt", value=2)[0]
    book = tokens_of("Egypt", "book")[0]
    book_region = CAT.regions[CAT.token(book).book_region]
    events = (
        Travelled(1, loc("Warsaw"), loc("Egypt"), 4, False),
        Dug(1, region("Egypt"), 8, 4, 5, (one, two, book), 2),
    )
    step = Step(start(2), Dig(region("Egypt"), 8), events, record("Bob"))
    assert summary(CAT, step, 1) == (
        f"Bob: dig Egypt 8 wk — 2 artifacts (3 VP), a {book_region} book"
    )
    # Brief, to go with others after the mover's mark: the points and the book's region.
    assert summary(CAT, step, 1, brief=True) == f"dig Egy 8 wk: 3 VP, {book_region[:3]} book"
    nothing = (Dug(1, region("Egypt"), 8, 4, 5, (), 5),)
    assert summary(CAT, replace(step, events=nothing), 1) == "Bob: dig Egypt 8 wk — nothing"
    # A card spent on the dig is said as it is typed.
    helped = replace(step, action=Dig(region("Egypt"), 8, assistant=True), events=nothing)
    assert summary(CAT, helped, 1) == "Bob: dig Egypt 8 wk +assistant — nothing"


def record(player: str) -> ActionRecord:
    return ActionRecord(player=player, action="-")


def test_a_take_and_an_exhibition_name_the_card_the_place_and_the_points() -> None:
    state = start(2)  # the display: four congresses
    card = state.display[0]
    moved = (Travelled(0, loc("Warsaw"), loc("Berlin"), 1, False), CardTaken(0, 0, card, 2))
    take = Step(state, TakeCard(0), moved, record("Ann"))
    assert summary(CAT, take, 0) == "Ann: take congress in Berlin, 2 wk"
    assert summary(CAT, take, 0, brief=True) == "take congress"
    exhibition = cards_of("exhibition")[0]  # the first: the small one in London, 4 VP
    held = replace(take, events=(ExhibitionHeld(0, exhibition, 4),))
    assert summary(CAT, held, 0) == "Ann: hold the small exhibition in London — 4 VP"
    assert summary(CAT, held, 0, brief=True) == "exhibition 4 VP"


def entry(n: int, seat: int, *, own: bool = False) -> Told:
    name = ("Ann", "Bob", "Cleo", "Dan")[seat]
    return Told(
        f"1902·{n}",
        seat,
        f"{name} does a long thing number {n} " + "word " * 20,
        f"{name}: thing {n}, 2 wk",
        f"{name}: t{n}",
        own,
    )


def panel_lines(entries: list[Told], width: int, rows: int) -> list[str]:
    text = render_text(story_panel("Since", entries, COLOURS, width, rows), width)
    return [line.rstrip() for line in text.splitlines()]


def test_the_own_action_stays_when_rows_are_short_and_the_others_go_together() -> None:
    # Ann's own action, then six others by Dan, Bob, Cleo, Dan, Bob, Cleo (seat n % 3 + 1).
    entries = [entry(1, 0, own=True), *(entry(n, n % 3 + 1) for n in range(2, 8))]
    # Four rows: the title, Ann's line; the newest in a line leaves one line for the five
    # older ones together, in their brief form.
    assert panel_lines(entries, 60, 4) == [
        "Since  (in short: type log)",
        "  1902·1 Ann: thing 1, 2 wk",
        "  Dan: t2 · Bob: t3 · Cleo: t4 · Dan: t5 · Bob: t6",
        "  1902·7 Cleo: thing 7, 2 wk",
    ]
    # Two rows: only Ann's own line; the title counts the others left to the log.
    assert panel_lines(entries, 60, 2) == [
        "Since  (6 more, in short: type log)",
        "  1902·1 Ann: thing 1, 2 wk",
    ]


def test_with_rows_to_spare_the_newest_are_told_whole() -> None:
    entries = [entry(1, 0, own=True), entry(2, 3), entry(3, 1)]
    # Six rows: the title, a line each, and two to spare: the two newest paragraphs take
    # two rows each; Ann's stays in its line.
    lines = panel_lines(entries, 80, 6)
    assert lines[:2] == ["Since  (in short: type log)", "  1902·1 Ann: thing 1, 2 wk"]
    assert lines[2].startswith("  1902·2 Dan does a long thing number 2 word")
    assert lines[4].startswith("  1902·3 Bob does a long thing number 3 word")
    assert len(lines) == 6
    # Room for all: every paragraph whole, no note.
    lines = panel_lines(entries, 80, 7)
    assert lines[0] == "Since" and lines[1].startswith("  1902·1 Ann does a long thing")


def screens(out: str) -> list[str]:
    """The screens drawn, each from its title line on."""
    parts = re.split(r"^(?=Thebes — seeded game)", out, flags=re.M)
    return [p for p in parts if p.startswith("Thebes — seeded game")]


# A whole game (or many playouts), untraced: the tracer triples its time; shorter tests
# cover its lines (tests/conftest.py).
@pytest.mark.no_cover
@pytest.mark.parametrize(("width", "height"), [(80, 24), (120, 40)])
def test_my_last_action_is_on_screen_at_every_turn_against_three_bots(
    tmp_path: Path, width: int, height: int
) -> None:
    seats = default_seats(["Me", "B", "C", "D"], {"B": "greedy", "C": "random", "D": "strong"})
    session = Session(CAT, seats, 5, autosave=tmp_path / "g.json")
    out = io.StringIO()
    # Me takes the first card, or digs 12 weeks where taking is impossible, 14 times.
    keys = "1\n\n" * 14  # the number, and Enter to confirm it
    with create_pipe_input() as pipe:
        pipe.send_text(keys + "quit\ny\n")
        pipe.close()
        game = TerminalGame.at_keyboard(
            session, text_terminal(out, (width, height), pipe), fast=True
        )
        game.run()
    # The last screen is followed by the lines that see the player out, not part of it.
    drawn = out.getvalue().split("Game left. The game is saved in")[0]
    mine = [s for s in screens(drawn) if "to play: Me" in s.splitlines()[0]]
    checked = 0
    for screen in mine:
        lines = screen.splitlines()
        assert len(lines) <= height
        title = next((n for n, line in enumerate(lines) if "last turn and since" in line), None)
        if title is None:
            continue  # before Me's first action
        checked += 1
        # Me's own action first, then something from each bot that moved since.
        assert re.match(r"  \d{4}·\d+ Me(:| )", lines[title + 1]), screen
    assert checked >= 10
