"""`thebes play` and `thebes resume` through the real command, keys from a pipe."""

from __future__ import annotations

import io
import subprocess
import sys
from pathlib import Path

import pytest

from helpers import CAT
from terminal import run_with_keys, text_terminal
from thebes.cli.main import main
from thebes.records.gamefile import read_record
from thebes.records.session import Session
from thebes.tournament.bot_games import bot_session


# A whole game (or many playouts), untraced: the tracer triples its time; shorter tests
# cover its lines (tests/conftest.py).
@pytest.mark.no_cover
def test_play_then_resume_finishes_the_same_game(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    reference = bot_session(CAT, 2, 11)
    moves = [step.record.action for step in reference.steps]
    path = tmp_path / "game.json"
    names = ",".join(p.name for p in reference.state.players)
    # Play the first ten moves, then the keys run out (like closing the terminal).
    first = "\n".join(moves[:10]) + "\n"
    code = run_with_keys(["play", "--players", names, "--seed", "11", "--save", str(path)], first)
    out = capsys.readouterr().out
    assert code == 0
    assert "A seeded game (seed 11)" in out
    assert f"The game is saved in {path} after every action." in out
    assert f"'thebes resume {path}' goes on with it." in out
    assert len(read_record(path).actions) == 10
    # Resume and play the rest.
    code = run_with_keys(["resume", str(path), "--no-color"], "\n".join(moves[10:]) + "\n")
    out = capsys.readouterr().out
    assert code == 0 and "Final scores" in out
    assert Session.load(path, CAT).state == reference.state


def test_resume_refuses_a_bad_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "broken.json"
    path.write_text('{"format": "thebes-game", "format_version": 1', encoding="utf-8")
    assert main(["resume", str(path)]) == 2
    assert "the file ends too early (truncated?)" in capsys.readouterr().err


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--players", "Ann"], "Thebes is for 2 to 4 players; 1 given"),
        (["--players", "Ann,ann"], "every player needs a different name"),
        (["--players", "Ann,Bob", "--bot", "Cleo=genius"], "--bot 'Cleo=genius': write NAME=LEVEL"),
        (["--players", "A,B,C,D,E"], "2 to 4 players; 5 given"),
        (["--players", "Ann," + "B" * 25], f"the name '{'B' * 24}'... is longer than 24 letters"),
    ],
)
def test_play_refuses_bad_seats(
    args: list[str], message: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["play", *args, "--save", str(tmp_path / "x.json")]) == 2
    assert message in capsys.readouterr().err
    assert not (tmp_path / "x.json").exists()


def test_play_with_one_bot_asks_for_the_people_beside_it(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "one-bot.json"
    keys = "4\n1\ncleo\nAnn\ntake 2\n"
    args = ["play", "--bot", "Cleo=greedy", "--seed", "7", "--save", str(path)]
    assert run_with_keys(args, keys, interactive=True) == 0
    record = read_record(path)
    assert [(p.name, p.bot) for p in record.players] == [("Ann", None), ("Cleo", "greedy")]
    assert record.actions[0].action == "take 2" and record.actions[0].player == "Ann"
    out = capsys.readouterr().out
    assert "Please type 1, 2 or 3." in out and "That name is taken." in out


# A whole game (or many playouts), untraced: the tracer triples its time; shorter tests
# cover its lines (tests/conftest.py).
@pytest.mark.no_cover
def test_a_bot_seat_plays_its_own_turns(tmp_path: Path) -> None:
    path = tmp_path / "bots.json"
    code = run_with_keys(
        ["play", "--bot", "R1=random", "--bot", "R2=random", "--fast", "--save", str(path)], ""
    )
    assert code == 0
    record = read_record(path)
    assert [p.kind for p in record.players] == ["bot", "bot"]
    assert Session.load(path, CAT).is_over


def test_no_color_and_the_NO_COLOR_variable(monkeypatch: pytest.MonkeyPatch) -> None:
    from thebes.cli.arguments import build_parser
    from thebes.records.session import default_seats
    from thebes.tui.table import TerminalGame

    monkeypatch.delenv("NO_COLOR", raising=False)
    assert build_parser().parse_args(["rules"]).colour is True
    assert build_parser().parse_args(["rules", "--no-color"]).colour is False
    monkeypatch.setenv("NO_COLOR", "1")
    assert build_parser().parse_args(["rules"]).colour is False
    session = Session(CAT, default_seats(["Ann", "Bob"]), 1)
    plain = TerminalGame.at_keyboard(session, text_terminal(io.StringIO(), colour=False))
    coloured = TerminalGame.at_keyboard(session, text_terminal(io.StringIO(), colour=True))
    assert all("fg:" not in part[0] for part in plain._prompt_message(0, False))
    # The first seat is red in the file, vermillion (Okabe-Ito) on screen.
    assert any("fg:#D55E00" in part[0] for part in coloured._prompt_message(0, False))


def test_moves_redirected_from_a_file_play_like_piped_ones(tmp_path: Path) -> None:
    # `thebes play < moves.txt`: prompt_toolkit cannot wait on a regular file and used to
    # read nothing; the redirected file must be played like `cat moves.txt | thebes play`.
    moves = tmp_path / "moves.txt"
    moves.write_text("take 2\ntake 1\n", encoding="utf-8")
    path = tmp_path / "redirected.json"
    args = ["play", "--players", "Ann,Bob", "--seed", "3", "--save", str(path), "--no-color"]
    with moves.open("rb") as stdin:
        done = subprocess.run(
            [sys.executable, "-m", "thebes", *args],
            stdin=stdin,
            capture_output=True,
            text=True,
            timeout=120,
            check=False,
        )
    assert done.returncode == 0, done.stderr
    assert [a.action for a in read_record(path).actions] == ["take 2", "take 1"]
    assert [a.player for a in read_record(path).actions] == ["Ann", "Bob"]
