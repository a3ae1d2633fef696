"""Game files to refuse, for the tests of the game-file reader: the version 1 and 2 texts
of one game, a file written from a text, a text edited, the reader's one-line refusal, and
the real command run in a fresh process."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from helpers import CAT, GOLDEN, LEGACY
from thebes.records.gamefile import RecordError
from thebes.records.session import Session

# A game written by format version 1, kept as it was (the goldens are rewritten as the code
# changes; this file must not be).
V1_FILE = LEGACY / "game-2p-v1.json"
V1 = V1_FILE.read_text(encoding="utf-8")
V2 = (GOLDEN / "game-2p-v2.json").read_text(encoding="utf-8")
V2_DIGEST = "sha256:0fa26688f62311698b57426f000a5770"
ESC = "\x1b"


def write(tmp_path: Path, text: str, name: str = "game.json") -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def edited(text: str, old: str, new: str) -> str:
    assert old in text, old
    return text.replace(old, new, 1)


def refusal(path: Path) -> str:
    """Session.load's one-line message for ``path``, with the path written as F."""
    with pytest.raises(RecordError) as info:
        Session.load(path, CAT)
    message = str(info.value)
    assert "\n" not in message and ESC not in message
    assert message.startswith(f"{path}: "), message
    return message.replace(str(path), "F")


def command(*args: str, timeout: float = 60) -> subprocess.CompletedProcess[str]:
    """`thebes ARGS` in a fresh process, as a user runs it."""
    return subprocess.run(
        [sys.executable, "-m", "thebes", *args],
        capture_output=True,
        text=True,
        timeout=timeout,
        stdin=subprocess.DEVNULL,
    )


def assert_one_line_exit_2(result: subprocess.CompletedProcess[str], message: str) -> None:
    assert result.returncode == 2, result
    assert result.stderr.count("\n") == 1, result.stderr
    assert ESC not in result.stderr and "Traceback" not in result.stderr
    assert message in result.stderr, result.stderr
    assert result.stdout == ""
