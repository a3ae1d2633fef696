"""How `thebes` picks what to run and how a refusal ends it: argparse refuses a subcommand
it does not know, every subcommand has its own handler, and a ThebesError raised anywhere
below becomes one line on stderr and its own exit code."""

from __future__ import annotations

import argparse
import subprocess
import sys
from pathlib import Path

import pytest

from thebes.catalog.components import DataError
from thebes.cli import arguments
from thebes.cli.arguments import build_parser
from thebes.cli.main import main
from thebes.errors import EXIT_ERROR, EXIT_IN_USE, EXIT_USAGE, ThebesError
from thebes.records.gamefile import RecordError
from thebes.records.library import LibraryError
from thebes.safeio.locking import GameInUse
from thebes.safeio.saving import SaveError
from thebes.tui import rulebook as rulebook_module
from thebes.tui.launch import SetupError
from thebes.tui.rulebook import RulebookError, UnknownRule

SUBCOMMANDS = {
    "play",
    "resume",
    "host",
    "server",
    "games",
    "simulate",
    "replay",
    "watch",
    "analyze",
    "hint",
    "reference",
    "rules",
}


def subcommands(parser: argparse.ArgumentParser) -> dict[str, argparse.ArgumentParser]:
    (action,) = (a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    choices: dict[str, argparse.ArgumentParser] = action.choices
    return choices


def test_an_unknown_subcommand_is_refused_with_the_usage_and_runs_nothing(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    ran: list[argparse.Namespace] = []

    def record(args: argparse.Namespace, terminal: object) -> int:
        ran.append(args)
        return 0

    # The reference once ran for any subcommand the old if-chain did not know.
    monkeypatch.setattr(arguments, "reference_command", record)
    for argv in (["frobnicate"], ["referenc"], ["REFERENCE", "--json"], []):
        with pytest.raises(SystemExit) as exit_info:
            main(argv)
        assert exit_info.value.code == EXIT_USAGE
        out, err = capsys.readouterr()
        assert out == "" and err.startswith("usage: thebes ")
        assert "invalid choice" in err or "required: COMMAND" in err
    assert ran == []
    assert main(["reference", "--json"]) == 0 and len(ran) == 1


def test_every_subcommand_has_its_own_handler() -> None:
    parsers = subcommands(build_parser())
    assert set(parsers) == SUBCOMMANDS
    handlers = {name: parser.get_default("handler") for name, parser in parsers.items()}
    assert all(callable(handler) for handler in handlers.values()), handlers
    assert len(set(handlers.values())) == len(handlers)
    for name, handler in handlers.items():
        assert handler.__name__ == f"{name}_command"


def test_the_refusals_that_reach_the_user_carry_their_exit_codes() -> None:
    # Arguments and files that cannot be used exit 2; a rulebook that cannot be read, 1.
    codes = {
        DataError: EXIT_USAGE,
        RecordError: EXIT_USAGE,
        LibraryError: EXIT_USAGE,
        SaveError: EXIT_USAGE,
        SetupError: EXIT_USAGE,
        UnknownRule: EXIT_USAGE,
        RulebookError: EXIT_ERROR,
        GameInUse: EXIT_IN_USE,
    }
    for error, code in codes.items():
        assert issubclass(error, ThebesError) and error.exit_code == code, error
    assert DataError("cards.yaml: no cards").line == "bad data file: cards.yaml: no cards"


def test_a_refusal_from_below_is_one_escaped_line_and_its_exit_code(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    class Refused(ThebesError):
        exit_code = 3

    def refuse(args: argparse.Namespace, terminal: object) -> int:
        raise Refused("the table is \x1b[2Jtaken")

    monkeypatch.setattr(arguments, "games_command", refuse)
    assert main(["games"]) == 3
    assert capsys.readouterr() == ("", "thebes: the table is \\x1b[2Jtaken\n")


def test_real_refusals_end_with_their_own_exit_codes(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    damaged = tmp_path / "damaged.json"
    damaged.write_text('{"format": "thebes-game"}', encoding="utf-8")
    refusals = [
        (["replay", str(damaged), "--json"], EXIT_USAGE, f"{damaged}: missing field"),
        (["resume", "--dir", str(tmp_path / "none")], EXIT_USAGE, "no unfinished game in"),
        (["rules", "--id", "Z9"], EXIT_USAGE, "no rule 'Z9' in the rulebook"),
        (["rules"], EXIT_ERROR, "cannot read the rulebook"),
    ]
    for argv, code, said in refusals:
        if argv == ["rules"]:
            monkeypatch.setattr(rulebook_module, "rulebook_path", lambda: tmp_path / "rules.md")
        assert main(argv) == code, argv
        out, err = capsys.readouterr()
        assert out == "" and err.startswith(f"thebes: {said}") and err.count("\n") == 1, err


def test_a_refused_command_prints_no_traceback(tmp_path: Path) -> None:
    damaged = tmp_path / "damaged.json"
    damaged.write_text("[1, 2", encoding="utf-8")
    done = subprocess.run(
        [sys.executable, "-m", "thebes", "replay", str(damaged), "--summary"],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert done.returncode == EXIT_USAGE and done.stdout == ""
    assert (
        done.stderr == f"thebes: {damaged}: not JSON (line 1, column 6: Expecting ',' delimiter)\n"
    )
