"""Every subcommand, run as a process with a full, closed or broken standard output, a full
standard error, a closed standard input or an output encoding that is not UTF-8: one line
on standard error and the exit code of docs/command-line.md, never a traceback."""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import IO, Any

import pytest

FULL_LINE = "thebes: cannot write to standard output: No space left on device"
CLOSED_LINE = "thebes: cannot write to standard output: it is closed"
NO_KEYS_LINE = "thebes: cannot read standard input: it is closed"


@pytest.fixture(scope="module")
def games(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A folder with a finished game (over.json) and one of two actions (open.json), as
    the saved games of HOME=folder."""
    folder = tmp_path_factory.mktemp("games")
    saved = folder / ".local" / "share" / "thebes" / "games"
    saved.mkdir(parents=True)
    simulate = ["simulate", "--players", "2", "--games", "1", "--save-dir", str(folder)]
    _run(folder, simulate, stdout=subprocess.DEVNULL)
    (next(folder.glob("game-*.json"))).rename(folder / "over.json")
    play = ["play", "--players", "Ann,Bob", "--seed", "4", "--save", str(folder / "open.json")]
    _run(folder, play, stdin_text="take 1\ntake 2\n", stdout=subprocess.DEVNULL)
    (saved / "listed.json").write_bytes((folder / "open.json").read_bytes())
    return folder


# Every subcommand, its help, its version and a refusal; {over} and {open} are the games.
COMMANDS = [
    "--version",
    "--help",
    "play --help",
    "play --players Ann,Bob --fast --save {dir}/new.json --force",
    "resume {open}",
    "resume",
    "games",
    "games --json",
    "simulate --players 2 --games 2",
    "simulate --players 2 --games 2 --json",
    "replay {over}",
    "replay {over} --summary",
    "replay {over} --json",
    "analyze {open} --playouts 1",
    "analyze {open} --playouts 1 --json",
    "reference",
    "reference --json",
    "rules --id A3",
    "rules",
]


def _args(command: str, folder: Path) -> list[str]:
    filled = command.format(dir=folder, over=folder / "over.json", open=folder / "open.json")
    return filled.split()


def _run(
    home: Path,
    args: list[str],
    *,
    stdin_text: str = "",
    stdout: int | IO[Any] | None = None,
    stderr: int | IO[Any] | None = subprocess.PIPE,
    before: Callable[[], None] | None = None,
    env: dict[str, str] | None = None,
) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "thebes", *args],
        input=stdin_text if before is None else None,
        stdin=subprocess.DEVNULL if before is not None else None,
        stdout=stdout,
        stderr=stderr,
        text=True,
        timeout=120,
        check=False,
        env={**os.environ, "HOME": str(home), **(env or {})},
        preexec_fn=before,
    )


@pytest.mark.parametrize("command", COMMANDS)
def test_a_full_standard_output_is_one_line_and_exit_74(games: Path, command: str) -> None:
    with open("/dev/full", "w") as full:
        done = _run(games, _args(command, games), stdout=full)
    assert "Traceback" not in done.stderr
    assert "Exception ignored" not in done.stderr
    assert done.stderr.splitlines()[-1:] == [FULL_LINE]
    assert done.returncode == 74


@pytest.mark.parametrize("command", COMMANDS)
def test_a_closed_standard_output_is_one_line_and_exit_74(games: Path, command: str) -> None:
    done = _run(games, _args(command, games), before=lambda: os.close(1))
    assert "Traceback" not in done.stderr
    assert done.stderr.splitlines()[-1:] == [CLOSED_LINE]
    assert done.returncode == 74


@pytest.mark.parametrize("command", COMMANDS)
def test_a_reader_that_leaves_ends_it_quietly(games: Path, command: str) -> None:
    """`thebes ... | head -c1`: the reader has what it wanted; exit 0, nothing said, not
    even Python's "Exception ignored" at exit."""
    with subprocess.Popen(
        [sys.executable, "-m", "thebes", *_args(command, games)],
        stdin=subprocess.DEVNULL,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        env={**os.environ, "HOME": str(games)},
    ) as process:
        assert process.stdout is not None and process.stderr is not None
        process.stdout.read(1)
        process.stdout.close()
        said = process.stderr.read().decode()
        code = process.wait(timeout=120)
    assert said == ""
    assert code == 0


def test_a_full_standard_error_keeps_the_refusals_exit_code(games: Path) -> None:
    with open("/dev/full", "w") as full:
        done = _run(games, ["rules", "--id", "Z9"], stdout=subprocess.PIPE, stderr=full)
    assert done.returncode == 2
    assert done.stdout == ""


def test_a_full_standard_error_lets_the_command_work(games: Path) -> None:
    with open("/dev/full", "w") as full:
        done = _run(
            games,
            ["replay", str(games / "over.json"), "--summary"],
            stdout=subprocess.PIPE,
            stderr=full,
        )
    assert done.returncode == 0
    assert "winners:" in done.stdout


@pytest.mark.parametrize(
    "command",
    ["play --players Ann,Bob --save {dir}/keys.json", "resume {open}", "resume", "replay {over}"],
)
def test_a_closed_standard_input_is_refused_by_what_reads_keys(games: Path, command: str) -> None:
    before = (games / "open.json").read_bytes()
    done = _run(games, _args(command, games), stdout=subprocess.PIPE, before=lambda: os.close(0))
    assert "Traceback" not in done.stderr
    assert done.stderr.splitlines() == [NO_KEYS_LINE]
    assert done.returncode == 66
    assert not (games / "keys.json").exists()  # no game started
    assert (games / "open.json").read_bytes() == before


@pytest.mark.parametrize("command", ["games", "replay {over} --summary", "rules --id A3"])
def test_a_closed_standard_input_is_no_matter_to_what_reads_no_keys(
    games: Path, command: str
) -> None:
    done = _run(games, _args(command, games), stdout=subprocess.PIPE, before=lambda: os.close(0))
    assert (done.returncode, done.stderr) == (0, "")
    assert done.stdout
