"""A command run at a terminal handed to `main` writes every line there: its output to the
terminal's console, its messages and refusals to the terminal's error stream, and nothing
to the process's standard output or error (here objects that fail on any write)."""

from __future__ import annotations

import argparse
import io
import json
import sys
from pathlib import Path

import pytest

from helpers import CAT
from terminal import GOLDEN_4P, text_terminal
from thebes.analysis import analysis_file
from thebes.bots import RandomPlayer
from thebes.cli import arguments
from thebes.cli.main import main
from thebes.errors import EXIT_ERROR, EXIT_INTERRUPTED, EXIT_OK, EXIT_USAGE
from thebes.records.session import Session, default_seats
from thebes.safeio.saving import SaveError


class ProcessStream(io.TextIOBase):
    """sys.stdout or sys.stderr while a handed terminal is in use: any write fails."""

    def __init__(self, name: str) -> None:
        self.name = name

    def write(self, text: str) -> int:
        raise AssertionError(f"written to the process's {self.name}: {text!r}")


@pytest.fixture(autouse=True)
def no_process_streams(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sys, "stdout", ProcessStream("stdout"))
    monkeypatch.setattr(sys, "stderr", ProcessStream("stderr"))


def run(argv: list[str], *, interactive: bool = False) -> tuple[int, str, str]:
    """``thebes ARGV`` at a text terminal whose keys are at their end (a person at it when
    ``interactive``): the exit code, the terminal's output and its errors."""
    out, errors = io.StringIO(), io.StringIO()
    code = main(argv, text_terminal(out, errors=errors, interactive=interactive))
    return code, out.getvalue(), errors.getvalue()


def unfinished_game(path: Path, actions: int = 4) -> Path:
    session = Session(CAT, default_seats(["Ann", "Bob"]), 5)
    players = [RandomPlayer(5, seat) for seat in range(2)]
    for _ in range(actions):
        seat = session.active_seat
        assert seat is not None
        session.play(players[seat].choose(session.state, session.legal_actions()))
    return session.save(path)


def test_printed_results_go_to_the_handed_terminal() -> None:
    code, out, errors = run(["replay", str(GOLDEN_4P), "--summary"])
    assert (code, errors) == (EXIT_OK, "") and "winners: " in out
    code, out, errors = run(["replay", str(GOLDEN_4P), "--json"])
    assert (code, errors) == (EXIT_OK, "") and "winners" in json.loads(out)
    code, out, errors = run(["reference", "--json"])
    assert (code, errors) == (EXIT_OK, "") and "travel_weeks" in json.loads(out)
    code, out, errors = run(["simulate", "--players", "2", "--games", "2", "--seed", "3"])
    assert (code, errors) == (EXIT_OK, "")
    assert out.startswith("seed 3 ") and "\nseed 4 " in out
    code, out, errors = run(["simulate", "--players", "2", "--games", "1", "--json"])
    assert (code, errors) == (EXIT_OK, "") and len(out.splitlines()) == 2


def test_the_saved_games_and_their_notes_go_to_the_handed_terminal(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    games = tmp_path / "games"
    games.mkdir()
    unfinished_game(games / "g.json")
    code, out, errors = run(["games", "--dir", str(games), "--json"])
    assert (code, errors) == (EXIT_OK, "") and json.loads(out)["number"] == 1
    code, out, errors = run(["games", "--dir", str(tmp_path / "none"), "--json"])
    assert (code, out) == (EXIT_OK, "") and errors.startswith("No saved games in ")
    # A file named 1 here: `resume 1` says that the number means the list.
    monkeypatch.chdir(tmp_path)
    (tmp_path / "1").write_text("")
    code, out, errors = run(["resume", "1", "--dir", str(games), "--fast"])
    assert code == EXIT_OK and out.startswith(f"Game 1: {games / 'g.json'}\n")
    assert errors == "thebes: 1 is game 1 of the list; ./1 is the file\n"


def test_refusals_go_to_the_handed_terminals_errors_with_their_exit_codes(
    tmp_path: Path,
) -> None:
    plain = tmp_path / "plain"
    plain.write_text("")
    refusals = [
        (["play", "--players", "Ann"], EXIT_USAGE, "Thebes is for 2 to 4 players; 1 given"),
        (["play", "--players", "Ann,Bob", "--save", str(tmp_path)], EXIT_USAGE, f"{tmp_path} is"),
        (
            ["play", "--players", "Ann,Bob", "--save", str(plain)],
            EXIT_USAGE,
            f"{plain} exists and is not a game",
        ),
        (["resume", str(plain)], EXIT_USAGE, f"{plain}: "),
        (["resume", "9", "--dir", str(tmp_path)], EXIT_USAGE, "there is no game 9"),
        (["games", "--dir", str(plain)], EXIT_ERROR, f"cannot list {plain}: "),
        (["simulate", "--players", "2", "--bots", "random,random,random"], EXIT_USAGE, "--bots"),
        (["simulate", "--save-dir", str(plain / "x")], EXIT_ERROR, "cannot use "),
        (["rules", "--id", "Z9"], EXIT_USAGE, "no rule 'Z9'"),
    ]
    for argv, exit_code, said in refusals:
        code, out, errors = run(argv)
        assert (code, out) == (exit_code, ""), argv
        assert errors.startswith(f"thebes: {said}") and errors.count("\n") == 1, errors
    # Asked for names, the players leave (the end of input): no game, exit code 1.
    code, _, errors = run(["play"], interactive=True)
    assert (code, errors) == (EXIT_ERROR, "thebes: no game started\n")


def test_an_analysis_not_saved_is_said_at_the_handed_terminal(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    game = unfinished_game(tmp_path / "g.json", actions=2)
    (tmp_path / "g.analysis.json").mkdir()  # where the analysis would be written
    code, out, errors = run(["analyze", str(game), "--playouts", "1", "--save"])
    assert (code, out) == (EXIT_USAGE, "")  # refused before the analysis
    target = tmp_path / "g.analysis.json"
    assert errors == f"thebes: {target} is a folder; the analysis is saved under that name\n"
    (tmp_path / "g.analysis.json").rmdir()

    def disk_full(path: Path, text: str) -> Path:
        raise SaveError(f"cannot save to {path}: No space left on device")

    monkeypatch.setattr(analysis_file, "write_game_file", disk_full)
    code, out, errors = run(["analyze", str(game), "--playouts", "1", "--save"])
    assert code == EXIT_ERROR and "mean loss" in out
    assert errors == (
        f"thebes: analysis not saved: cannot save to {tmp_path / 'g.analysis.json'}: "
        "No space left on device\n"
    )


def test_help_and_usage_go_to_the_handed_terminal() -> None:
    out, errors = io.StringIO(), io.StringIO()
    terminal = text_terminal(out, errors=errors)
    with pytest.raises(SystemExit) as done:
        main(["--help"], terminal)
    assert done.value.code == 0 and out.getvalue().startswith("usage: thebes ")
    with pytest.raises(SystemExit) as done:
        main(["frobnicate"], terminal)
    assert done.value.code == EXIT_USAGE and "invalid choice: 'frobnicate'" in errors.getvalue()


def test_an_interruption_and_a_closed_pipe_end_at_the_handed_terminal(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    def interrupted(args: argparse.Namespace, terminal: object) -> int:
        raise KeyboardInterrupt

    def reader_gone(args: argparse.Namespace, terminal: object) -> int:
        raise BrokenPipeError

    monkeypatch.setattr(arguments, "games_command", interrupted)
    assert run(["games"]) == (EXIT_INTERRUPTED, "", "thebes: interrupted\n")
    monkeypatch.setattr(arguments, "games_command", reader_gone)
    assert run(["games"]) == (EXIT_OK, "", "")
    assert not sys.stderr.closed  # the process's stderr is not the one whose reader went
