"""Paths given on the command line and text quoted in messages: an empty path is refused
for every path option (Path("") would be the current folder, which nobody named), a folder
given to --save gets a file name suggested with one slash, and a message quotes typed text
escaped once ('\\x1b', not '\\\\x1b')."""

from __future__ import annotations

from pathlib import Path

import pytest

from helpers import region
from thebes.cli.main import main
from thebes.rules import Dig
from thebes.safeio.saving import SaveError, save_target
from thebes.tui.planner import option_sets, read_plan_line

ESC = "\x1b]0;x"
ONCE = "'\\x1b]0;x'"  # what a message shows: the escape written once, in quotes


def refusal(capsys: pytest.CaptureFixture[str], args: list[str]) -> tuple[int, str, str]:
    """The exit code, output and errors of ``thebes ARGS`` (an argparse refusal included)."""
    try:
        code = main(args)
    except SystemExit as exit_:
        code = exit_.code if isinstance(exit_.code, int) else 1
    captured = capsys.readouterr()
    return code, captured.out, captured.err


@pytest.mark.parametrize(
    ("args", "option"),
    [
        (["play", "--players", "Ann,Bob", "--save", ""], "--save"),
        (["resume", ""], "N|FILE"),
        (["resume", "--dir", ""], "--dir"),
        (["games", "--dir", ""], "--dir"),
        (["simulate", "--games", "1", "--players", "2", "--save-dir", ""], "--save-dir"),
        (["replay", "", "--summary"], "N|FILE"),
        (["analyze", "", "--playouts", "1"], "N|FILE"),
    ],
)
def test_an_empty_path_is_refused_and_nothing_is_written(
    args: list[str],
    option: str,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    code, out, errors = refusal(capsys, args)
    assert (code, out) == (2, "")
    assert errors.splitlines()[-1].endswith(
        f": error: argument {option}: an empty path names no file or folder"
    )
    assert list(tmp_path.iterdir()) == []  # no game saved here, no folder made


@pytest.mark.parametrize(
    ("given", "suggested"),
    [
        ("/", "/game.json"),
        ("//", "/game.json"),
        ("games/", "games/game.json"),
        (".", "./game.json"),
    ],
)
def test_a_folder_given_to_save_gets_a_file_name_suggested_with_one_slash(
    given: str, suggested: str
) -> None:
    with pytest.raises(SaveError) as refused:
        save_target(given)
    assert str(refused.value) == f"{given} names a folder; give a file name, such as {suggested}"


def test_an_existing_folder_given_to_save_gets_a_file_in_it_suggested(tmp_path: Path) -> None:
    with pytest.raises(SaveError) as refused:
        save_target(tmp_path)
    assert str(refused.value) == (
        f"{tmp_path} is a folder; give a file name, such as {tmp_path}/game.json"
    )


def test_an_empty_path_given_to_a_save_says_so() -> None:
    with pytest.raises(SaveError) as refused:
        save_target("")
    assert str(refused.value) == "an empty path names no file; give a file name, such as game.json"


def test_an_unknown_rule_is_quoted_with_its_escape_written_once(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code, out, errors = refusal(capsys, ["rules", "--id", ESC])
    assert (code, out) == (2, "")
    assert errors.startswith(f"thebes: no rule {ONCE} in the rulebook; its rules: S1-S8,")


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["simulate", "--games", ESC], f"argument --games: {ONCE} is not a whole number"),
        (["simulate", "--seed", ESC], f"argument --seed: {ONCE} is not a whole number"),
        (["play", "--variant", ESC], f"argument --variant: no variant {ONCE} (variants: "),
    ],
)
def test_a_refused_argument_is_quoted_with_its_escape_written_once(
    args: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    code, _, errors = refusal(capsys, args)
    assert code == 2
    assert f"error: {message}" in errors
    assert "\\\\" not in errors


def test_a_plan_line_not_understood_is_quoted_with_its_escape_written_once() -> None:
    choices = option_sets((Dig(region("Egypt"), 6),))
    with pytest.raises(ValueError) as refused:
        read_plan_line(f"6 {ESC}", choices[0], choices)
    assert str(refused.value).startswith(f"{ONCE} is not understood: give one number of weeks")
