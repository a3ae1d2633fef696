"""Every action since a person's last turn is on screen at 80x24 against three bots, even in
the tightest ordinary case (issue 21, point 1, as the playtest found it): three exhibitions
on show, card-preview's line, a message, a two-row prompt. The rows come from the
exhibitions two to a row, the others' actions told together after their marks in few words,
and the autosave notice kept to one row."""

from __future__ import annotations

import io
from functools import partial
from pathlib import Path

import pytest
from prompt_toolkit.formatted_text import fragment_list_to_text

from helpers import CAT
from terminal import text_terminal
from thebes.bots import GreedyPlayer, make_bot
from thebes.records.session import Session, default_seats
from thebes.rules import Variants
from thebes.tui.menu import build_menu
from thebes.tui.story import since_last_turn
from thebes.tui.table import TerminalGame
from thebes.tui.talk import saved_notice

GAMES = Path(".local/share/thebes/games")


def three_exhibitions_on_show(autosave: Path) -> Session:
    """Me and three bots (Me played by a random bot) until Me is to move with three
    exhibitions on show and at least three actions by others since Me's last: with seed 1
    and card-preview, after 25 actions."""
    seats = default_seats(["Me", "B", "C", "D"], {"B": "greedy", "C": "random", "D": "random"})
    session = Session(CAT, seats, 1, variants=Variants(card_preview=True), autosave=autosave)
    # The greedy of before issue 43 (an exchange at 0.8 of its promise, over nothing), in
    # whose game this screen was found: two exchanges among the actions since Me's last.
    greedy = partial(GreedyPlayer, exchange=(0.8, False))
    bots = [make_bot("random", 1, 0), *(greedy(1, seat) for seat in (1, 2, 3))]
    while True:
        seat = session.active_seat
        assert seat is not None
        movers = [step.record.player for step in session.steps]
        three = len(session.state.exhibitions) == 3
        if seat == 0 and three and "Me" in movers and movers[::-1].index("Me") >= 3:
            return session
        session.play(bots[seat].choose(session.state, session.legal_actions()))


def test_every_action_since_my_turn_is_on_an_80x24_screen_in_the_tightest_case(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("HOME", str(tmp_path))
    # As after `resume`: the autosave notice is the message under the screen.
    session = three_exhibitions_on_show(tmp_path / GAMES / "20261124-082804.json")
    assert len(session.steps) == 25
    out = io.StringIO()
    game = TerminalGame.at_keyboard(session, text_terminal(out, (80, 24)), fast=True)
    assert game.talk.message is not None
    notice = "Saved after every action in ~/.local/share/thebes/games/20261124-082804.json."
    assert game.talk.message.plain == notice
    # "Me (again: still furthest back in time) — a number, ...", 91 cells, would take two
    # rows at 80 columns: the short form, 43 cells, leaves room to type on one.
    prompt = game._prompt_message(0, True)
    assert fragment_list_to_text(prompt) == "Me (again) — a number, an action, or help: "
    assert game._rows_below(prompt, 80) == 1 + 1
    game._draw(build_menu(session.state, session.legal_actions()), prompt)
    lines = out.getvalue().splitlines()
    assert len(lines) <= 24 - 1  # the prompt's row under it
    assert lines[0].startswith("Thebes — seeded game, seed 1   to play: Me")
    assert lines[-1].rstrip() == notice
    title = next(n for n, line in enumerate(lines) if line.startswith("Me's last turn and since"))
    # Nothing left to the log: no "(N more" in the title.
    assert lines[title].rstrip() == "Me's last turn and since  (in short: type log)"
    # Me's own action whole in its line (Me took the Greece book 1 in Berlin, 5 weeks).
    assert lines[title + 1].rstrip() == "  1902·17 Me: take Greece book (1) in Berlin, 5 wk"
    # Then the five since, each at least in brief after its mover's mark: B and C took
    # Mesopotamia and Egypt books, D exchanged, C took another, B exchanged.
    shown = " ".join(" ".join(line.split()) for line in lines[title + 2 :])
    since = since_last_turn(session, 0)[1:]
    assert [entry.brief for entry in since] == [
        "B take Mes book 2",
        "C take Egy book 1",
        "D exchange",
        "C take Mes book 3",
        "B exchange",
    ]
    for entry in since:
        assert entry.brief in shown or entry.short in shown
    # The exhibitions took two rows, not three: a and b side by side.
    assert any(line.startswith("a 4 VP Moscow 3 wk: 1 Mes 2 Cre   b 4 VP Paris") for line in lines)


def test_the_autosave_notice_fits_one_row_of_80_columns(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("HOME", "/home/someone")
    # Short enough: as it is.
    assert saved_notice(Path("/tmp/g.json")) == "Saved after every action in /tmp/g.json."
    # Under the home folder: from ~ (77 cells).
    home = Path("/home/someone") / GAMES / "20261124-082804.json"
    assert saved_notice(home) == (
        "Saved after every action in ~/.local/share/thebes/games/20261124-082804.json."
    )
    # Elsewhere and too long (84 cells whole): its last parts after "…/" (77 cells).
    elsewhere = Path("/tmp/pt1-homes") / GAMES / "20261124-082804.json"
    assert saved_notice(elsewhere) == (
        "Saved after every action in …/.local/share/thebes/games/20261124-082804.json."
    )
    assert len(saved_notice(elsewhere)) == 77
