"""`hint` at the table: the command and its menu key, the screen, the
refusal under --no-hints, Ctrl-C while it is worked out, the final table, `thebes games`
and `replay --summary` saying who used hints."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from rich.cells import cell_len

from helpers import CAT
from terminal import game, run_with_keys
from thebes.analysis.hints import Hint, Hinter, signed
from thebes.analysis.judge import Judge
from thebes.cli.main import main
from thebes.records.gamefile import read_record
from thebes.records.library import ListedFile, SavedGame, read_game
from thebes.records.session import Session, default_seats
from thebes.rules import GameState
from thebes.tournament.bot_games import bot_session
from thebes.tui.final import final_view
from thebes.tui.gamelist import DASH, game_line
from thebes.tui.hintview import hint_panel, stands
from thebes.tui.panels import player_text
from thebes.tui.screen import render_text

FAST = Hinter(Judge(playouts=2))
COLOURS = ["red", "blue", "green", "yellow"]


def opening(tmp_path: Path, *, hints: bool = True) -> Session:
    """Ann and Bob, seed 7, saved after every action in tmp_path/g.json."""
    return Session(CAT, default_seats(["Ann", "Bob"]), 7, hints=hints, autosave=tmp_path / "g.json")


def screens(text: str) -> list[str]:
    """The screens drawn, each from its title line."""
    return ["Thebes" + part for part in text.split("Thebes — seeded game")[1:]]


@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
def test_hint_shows_the_three_best_and_marks_the_action_that_follows(
    tmp_path: Path, size: tuple[int, int]
) -> None:
    session = opening(tmp_path)
    expected = FAST.hints(session.state)
    with game(session, "hint\ntake 2\n", size=size) as (ui, out):
        ui.commands.hinter = FAST
        ui.run()
    text = out.getvalue()
    assert "Thinking… (Ctrl-C stops)" in text
    shown = next(s for s in screens(text) if "Hint for Ann" in s)
    assert "Hint for Ann (noted in the record): by expected margin over the best rival" in shown
    # Each reason under its action, wrapped at spaces where it is longer than the row.
    words = " ".join(shown.split())
    for hint in expected:
        line = next(line for line in shown.splitlines() if line.startswith(f"  {hint.notation} "))
        assert line.endswith(stands(hint))
        assert f"{stands(hint)} {' '.join(hint.reason.split())}" in words
    assert "So far" not in shown  # the hint is in the events' place
    rows = shown.splitlines()
    assert len(rows) <= size[1] - 2  # the prompt's row is left
    assert max(cell_len(row.rstrip()) for row in rows) <= size[0]
    # The game did not change; the action that followed is marked, in the file too.
    assert [s.record.action for s in session.steps] == ["take 2"]
    assert read_record(tmp_path / "g.json").actions[0].hinted is True
    assert "? hint: the 3 best actions" in text


def test_question_mark_asks_too_and_the_hint_goes_with_the_turn(tmp_path: Path) -> None:
    session = opening(tmp_path)
    with game(session, "?\nboard\ntake 2\ntake 1\n") as (ui, out):
        ui.commands.hinter = FAST
        ui.run()
    drawn = screens(out.getvalue())
    with_hint = [i for i, s in enumerate(drawn) if "Hint for Ann" in s]
    assert len(with_hint) == 2  # after '?', and again after 'board' in the same position
    assert not any("Hint for Bob" in s for s in drawn)  # Bob asked for none
    assert [s.record.hinted for s in session.steps] == [True, False]
    assert session.hints_used() == {"Ann": 1}


def test_the_hint_command_says_plainly_when_hints_are_off(tmp_path: Path) -> None:
    session = opening(tmp_path, hints=False)

    class Refused(Hinter):
        def hints(self, state: GameState, count: int = 3, *, check: bool = False) -> list[Hint]:
            raise AssertionError("no hint is worked out when hints are off")

    with game(session, "hint\n?\nhelp\ntake 2\n", size=(80, 24)) as (ui, out):
        ui.commands.hinter = Refused()
        ui.run()
    text = out.getvalue()
    assert text.count("Hints are off for this game.") == 2
    assert "? hint" not in text  # no key in the menu
    assert "off for this game: it was started with --no-hints" in text  # help
    assert read_record(tmp_path / "g.json").actions[0].hinted is False


def test_ctrl_c_while_thinking_goes_back_to_the_prompt_with_nothing_changed(
    tmp_path: Path,
) -> None:
    session = opening(tmp_path)

    class Interrupted(Hinter):
        def hints(self, state: GameState, count: int = 3, *, check: bool = False) -> list[Hint]:
            raise KeyboardInterrupt

    with game(session, "hint\ntake 2\n") as (ui, out):
        ui.commands.hinter = Interrupted()
        assert ui.run() is False  # the keys ran out; the game was not left by the Ctrl-C
    text = out.getvalue()
    assert "No hint: stopped before it was worked out. Nothing has changed." in text
    assert "Leave the game" not in text
    assert [(s.record.action, s.record.hinted) for s in session.steps] == [("take 2", False)]


def test_a_bots_turn_gets_no_hint_and_a_bots_game_records_none(tmp_path: Path) -> None:
    seats = default_seats(["A", "B"], {"A": "greedy", "B": "greedy"})
    session = Session(CAT, seats, 3, autosave=tmp_path / "bots.json")
    with game(session, "") as (ui, _):
        assert ui.run() is True
    assert session.is_over and session.hints_used() == {}
    assert "hinted" not in (tmp_path / "bots.json").read_text(encoding="utf-8")


def test_the_hint_fits_the_rows_it_is_given() -> None:
    hints = FAST.hints(Session(CAT, default_seats(["Ann", "Bob"]), 7).state)
    name = player_text("Ann", "red")
    # All of it takes 8 rows: the title, and each of the three an action's row and its
    # reason's, the first reason (an exchange's) two.
    for rows, height in ((20, 8), (8, 8), (7, 7), (4, 4), (2, 4)):
        lines = render_text(hint_panel(hints, name, 80, rows), 80).splitlines()
        assert len(lines) == height
        assert max(cell_len(line.rstrip()) for line in lines) <= 80
    short = render_text(hint_panel(hints, name, 80, 4), 80).splitlines()
    assert short[1].startswith(f"  {hints[0].notation} ")
    assert f"{signed(hints[0].value)} ±{hints[0].error:.1f}" in short[1]


def test_a_name_is_shown_as_typed_in_the_hint() -> None:
    state = Session(CAT, default_seats(["[bold]x", "Bob"]), 7).state
    hints = FAST.hints(state)
    text = render_text(hint_panel(hints, player_text("[bold]x", "red"), 120, 10), 120)
    assert "Hint for [bold]x (noted in the record)" in text


# ---------------------------------------------------------------- who used hints


def test_the_final_table_says_who_used_hints_and_nothing_when_nobody_did() -> None:
    state = bot_session(CAT, 2, 11).state
    plain = render_text(final_view(state, COLOURS, 80), 80)
    assert "Hints" not in plain
    assert render_text(final_view(state, COLOURS, 80, {}), 80) == plain
    used = render_text(final_view(state, COLOURS, 80, {"P1": 3, "P2": 1}), 80)
    assert used == plain + "Hints: P1 3, P2 1\n"


def test_a_whole_game_with_hints_ends_on_a_table_that_says_so(tmp_path: Path) -> None:
    reference = bot_session(CAT, 2, 11)
    moves = [step.record.action for step in reference.steps]
    names = [p.name for p in reference.state.players]
    session = Session(CAT, default_seats(names), 11, autosave=tmp_path / "whole.json")
    keys = "\n".join(["hint", *moves[:3], "hint", *moves[3:]]) + "\n"
    with game(session, keys) as (ui, out):
        ui.commands.hinter = FAST
        assert ui.run() is True
    final = out.getvalue()[out.getvalue().rindex("Final scores") :]
    assert "Hints: P1 2" in final  # the first and fourth actions are P1's
    assert session.hints_used() == {"P1": 2}


def saved_with_hints(folder: Path, names: tuple[str, str], hinted: int) -> SavedGame:
    """A game of two actions (the first player's, then the second's), the first ``hinted``
    of them taken after a hint, saved as ``folder/<first name>.json`` and read back."""
    session = Session(CAT, default_seats(list(names)), 7)
    for number, text in enumerate(("take 2", "take 1")):
        if number < hinted:
            session.note_hint()
        session.play(session.parse(text))
    path = folder / f"{names[0]}.json"
    session.save(path)
    return read_game(ListedFile(path, 1_699_963_200.0), CAT)


def test_the_games_list_says_who_used_hints(tmp_path: Path) -> None:
    none = saved_with_hints(tmp_path, ("Ann", "Bob"), 0)
    assert "hints" not in game_line(1, none)
    short = game_line(2, saved_with_hints(tmp_path, ("A", "B"), 1))
    assert short.endswith(f"  A, B  seed 7  1901·5, A and B lead 5{DASH}5  hints: A 1")
    # No room at the end of the line: the hints go on a line of their own, under the players.
    first, second = game_line(3, saved_with_hints(tmp_path, ("Cleo", "Dan"), 2)).split("\n")
    assert first.endswith(f"  Cleo, Dan  seed 7  1901·5, Cleo and Dan lead 5{DASH}5")
    assert second == " " * first.index("Cleo") + "hints: Cleo 1, Dan 1"
    # Long names are cut to keep the lines in 80 columns, in the hints too.
    long = saved_with_hints(tmp_path, ("Alexandrina-Victoria", "Bartholomew-Jones"), 1)
    lines = game_line(4, long).split("\n")
    assert max(map(cell_len, lines)) <= 80 and lines[-1].endswith("hints: Alexandrina-Victoria 1")


def test_games_json_gives_the_hints_of_each_game(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    saved_with_hints(tmp_path, ("Ann", "Bob"), 0)
    saved_with_hints(tmp_path, ("Cleo", "Dan"), 1)
    assert main(["games", "--dir", str(tmp_path), "--json"]) == 0
    games = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    by_first = {g["players"][0]["name"]: g["hints"] for g in games}
    assert by_first == {"Ann": {}, "Cleo": {"Cleo": 1}}


def test_replay_summary_says_who_used_hints(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    saved_with_hints(tmp_path, ("Cleo", "Dan"), 2)
    assert main(["replay", str(tmp_path / "Cleo.json"), "--summary"]) == 0
    assert capsys.readouterr().out.splitlines()[-1] == "hints: Cleo 1, Dan 1"
    saved_with_hints(tmp_path, ("Ann", "Bob"), 0)
    assert main(["replay", str(tmp_path / "Ann.json"), "--summary"]) == 0
    assert "hints" not in capsys.readouterr().out


# ---------------------------------------------------------------- the command line


def test_play_no_hints_is_kept_when_the_game_is_resumed(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "off.json"
    args = ["play", "--players", "Ann,Bob", "--seed", "7", "--no-hints", "--save", str(path)]
    assert run_with_keys(args, "hint\ntake 2\n") == 0
    assert read_record(path).options.hints is False
    assert "Hints are off for this game" in capsys.readouterr().out
    assert run_with_keys(["resume", str(path), "--no-color"], "?\ntake 1\n") == 0
    assert "Hints are off for this game" in capsys.readouterr().out
    record = read_record(path)
    assert record.options.hints is False and len(record.actions) == 2
