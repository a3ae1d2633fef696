"""An output encoding that is not UTF-8 (PYTHONIOENCODING=ascii, latin-1) never ends in a
UnicodeEncodeError: what it cannot hold is written as one-cell stand-ins; a terminal size
from the environment is clamped; keys redirected from a file are read as from a pipe."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from rich.text import Text

from thebes.safeio.standins import STAND_IN, register, stand_in
from thebes.tui import terminal


@pytest.fixture(scope="module")
def over(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A finished game of two bots."""
    folder = tmp_path_factory.mktemp("encodings")
    args = ["simulate", "--players", "2", "--games", "1", "--save-dir", str(folder)]
    subprocess.run([sys.executable, "-m", "thebes", *args], capture_output=True, check=True)
    return next(folder.glob("game-*.json"))


COMMANDS = [
    ("play --players Ann,Bob --save {dir}/new.json --force --no-color", "take 1\n"),
    ("replay {over} --no-color", "n\nn\nq\n"),
    ("games", ""),
    ("simulate --players 2 --games 2", ""),
    ("rules --id A3", ""),
    ("reference", ""),
    ("analyze {over} --playouts 1", ""),
]


@pytest.mark.parametrize("encoding", ["ascii", "latin-1"])
@pytest.mark.parametrize(("command", "keys"), COMMANDS)
def test_an_encoding_without_the_screens_characters_gets_stand_ins(
    over: Path, command: str, keys: str, encoding: str
) -> None:
    args = command.format(dir=over.parent, over=over).split()
    done = subprocess.run(
        [sys.executable, "-m", "thebes", *args],
        input=keys.encode(),
        capture_output=True,
        timeout=300,
        check=False,
        env={**os.environ, "HOME": str(over.parent), "PYTHONIOENCODING": encoding},
    )
    assert b"Traceback" not in done.stderr
    assert done.returncode == 0, done.stderr
    done.stdout.decode(encoding)  # what was written is text of that encoding
    assert b"?" * 3 not in done.stdout  # stand-ins, not a question mark for each


def test_stand_ins_keep_the_width_of_what_they_stand_for() -> None:
    register()
    text = "1901·4 \N{EN DASH} Paris … ✓ ▲ ─│┼ █ é 東"
    written = text.encode("ascii", STAND_IN).decode("ascii")
    assert written == "1901.4 - Paris . v ^ -|+ # e ??"
    assert Text(written).cell_len == Text(text).cell_len


def test_latin1_keeps_what_it_holds() -> None:
    register()
    assert "1901·4 \N{EN DASH} é".encode("latin-1", STAND_IN).decode("latin-1") == "1901·4 - é"
    assert stand_in("\N{VARIATION SELECTOR-16}", "ascii") == ""


def test_a_huge_size_from_the_environment_is_clamped(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("COLUMNS", "99999999")
    monkeypatch.setenv("LINES", "99999999")
    assert terminal._size() == (1000, 1000)
    with terminal.process_terminal(colour=False) as at:
        assert (at.console.size.width, at.console.size.height) == (1000, 1000)
    monkeypatch.setenv("COLUMNS", "3")
    assert terminal._size()[0] == 20


def test_a_huge_columns_draws_the_rule_at_most_1000_wide(over: Path) -> None:
    done = subprocess.run(
        [sys.executable, "-m", "thebes", "rules", "--id", "A3"],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
        env={**os.environ, "HOME": str(over.parent), "COLUMNS": "4000"},
    )
    assert done.returncode == 0
    assert max(len(line) for line in done.stdout.splitlines()) <= 1000


def test_replay_reads_keys_redirected_from_a_file(over: Path, tmp_path: Path) -> None:
    keys = tmp_path / "keys.txt"
    keys.write_text("n\nn\nq\n")
    with keys.open() as typed:
        done = subprocess.run(
            [sys.executable, "-m", "thebes", "replay", str(over), "--no-color"],
            stdin=typed,
            capture_output=True,
            text=True,
            timeout=120,
            check=False,
        )
    assert done.returncode == 0
    assert "action 2 of" in done.stdout
