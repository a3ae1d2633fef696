"""Keys that do not come from a terminal (a pipe, a file) are typed into the game without
prompt_toolkit's "Warning: Input is not a terminal", and the layout is drawn for the width
of the terminal the console prints at, whichever standard stream that is."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from thebes.records.gamefile import read_record
from thebes.tui import terminal


def test_piped_keys_are_played_without_a_warning(tmp_path: Path) -> None:
    path = tmp_path / "piped.json"
    args = ["play", "--players", "Ann,Bob", "--seed", "3", "--save", str(path), "--no-color"]
    done = subprocess.run(
        [sys.executable, "-m", "thebes", *args],
        input="take 2\ntake 1\n",
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
        env={**os.environ, "HOME": str(tmp_path)},
    )
    assert done.returncode == 0, done.stderr
    assert "not a terminal" not in done.stderr + done.stdout
    assert [a.action for a in read_record(path).actions] == ["take 2", "take 1"]


def test_the_size_is_the_first_standard_stream_that_is_a_terminal(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.delenv("COLUMNS", raising=False)
    monkeypatch.delenv("LINES", raising=False)

    def only_stderr(descriptor: int) -> os.terminal_size:
        if descriptor != 2:
            raise OSError("not a terminal")
        return os.terminal_size((80, 24))

    # `thebes resume 1 < moves.txt > out.txt` at an 80x24 terminal: not 120 columns.
    monkeypatch.setattr(os, "get_terminal_size", only_stderr)
    assert terminal._size() == (80, 24)
    monkeypatch.setenv("COLUMNS", "100")
    assert terminal._size() == (100, 24)

    def none(descriptor: int) -> os.terminal_size:
        raise OSError("not a terminal")

    monkeypatch.setattr(os, "get_terminal_size", none)
    monkeypatch.delenv("COLUMNS")
    assert terminal._size() == terminal.FALLBACK_SIZE == (120, 40)
