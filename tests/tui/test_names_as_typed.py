"""Players' names reach the screen as typed, in play, resume and replay, even when they look
like markup; a name with a control code is refused, from the command line, the name prompt
or a game file, with a message that does not carry the code to the terminal."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from helpers import CAT
from terminal import run_with_keys
from thebes.cli.main import main
from thebes.records.gamefile import read_record
from thebes.records.session import Session, default_seats
from thebes.rules import TakeCard

MARKUP_NAMES = ["[/]", "[bold red]Eve[/]"]
ESCAPE_NAME = "\x1b[5;41mRed"


def test_names_that_look_like_markup_are_shown_as_typed_in_play_resume_and_replay(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "brackets.json"
    players = ",".join(MARKUP_NAMES)
    args = ["play", "--players", players, "--seed", "5", "--save", str(path)]
    code = run_with_keys(args, "2\n\n")
    out = capsys.readouterr().out
    assert code == 0
    assert all(name in out for name in MARKUP_NAMES)
    assert [p.name for p in read_record(path).players] == MARKUP_NAMES

    assert run_with_keys(["resume", str(path), "--no-color"], "1\n\n") == 0
    out = capsys.readouterr().out
    assert all(name in out for name in MARKUP_NAMES)
    assert len(read_record(path).actions) == 2

    assert main(["replay", str(path), "--summary"]) == 0
    table = capsys.readouterr().out.splitlines()
    assert table[2].startswith("[/] ") and table[3].startswith("[bold red]Eve[/] ")


def test_a_name_with_control_codes_is_refused_on_the_command_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "x.json"
    assert main(["play", "--players", f"{ESCAPE_NAME},Bob", "--save", str(path)]) == 2
    err = capsys.readouterr().err
    assert "unprintable character U+001B" in err
    assert "\x1b" not in err
    assert not path.exists()


def test_play_asks_for_players_refusing_a_bad_count_and_taken_or_unprintable_names(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "asked.json"
    # Five players are refused, and so are a zero-width space and a name taken in another
    # letter case; a terminal report (ESC [ < 1 ; 2 m), the sequence that broke
    # prompt_toolkit's mouse handler, is swallowed and the name typed after it kept.
    # Enter at the offer of computer players: none.
    keys = "5\n2\nAnn\u200b\n\x1b[<1;2mAnn\nann\n\x1b[5;41mBob\n\ntake 2\n"
    args = ["play", "--seed", "7", "--save", str(path)]
    assert run_with_keys(args, keys, interactive=True) == 0
    captured = capsys.readouterr()
    assert "Please type 1, 2, 3 or 4." in captured.out and "That name is taken." in captured.out
    assert "unprintable character U+200B" in captured.out + captured.err
    assert "Traceback" not in captured.out + captured.err
    record = read_record(path)
    assert [p.name for p in record.players] == ["Ann", "Bob"]
    assert [a.action for a in record.actions] == ["take 2"]


def test_a_game_file_with_an_escape_code_in_a_name_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "g.json"
    Session(CAT, default_seats(["Ann", "Bob"]), 2, autosave=path).play(TakeCard(0))
    raw = json.loads(path.read_text(encoding="utf-8"))
    raw["players"][0]["name"] = "\x1b]0;pwned\x07"
    path.write_text(json.dumps(raw), encoding="utf-8")
    for command in (["resume", str(path)], ["replay", str(path), "--summary"]):
        assert main(command) == 2
        err = capsys.readouterr().err
        assert "unprintable character U+001B" in err
        assert "\x1b" not in err and "\x07" not in err
