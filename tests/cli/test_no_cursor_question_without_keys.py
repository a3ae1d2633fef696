"""When the keys do not come from the terminal (`< /dev/null`, a pipe, stdin closed) but the
screen is one, prompt_toolkit never asks the terminal where its cursor is (the "cursor
position request", ESC [ 6 n): the terminal's answer would be read by no one and be left
typed at the shell's prompt after the program (``;1R``)."""

from __future__ import annotations

import contextlib
import os
import pty
import select
import subprocess
import sys
import time
from pathlib import Path

import pytest

from helpers import GOLDEN

CPR_REQUEST = b"\x1b[6n"
WAIT_SECONDS = 60.0  # a guard against hanging, not a measure


def screen_of(args: list[str], keys: bytes | None, home: Path) -> bytes:
    """What `thebes ARGS` writes to a pseudo-terminal as its standard output and error,
    with ``keys`` piped in (None: /dev/null)."""
    master, slave = pty.openpty()
    env = {**os.environ, "HOME": str(home), "TERM": "xterm"}
    env.pop("PROMPT_TOOLKIT_NO_CPR", None)
    try:
        process = subprocess.Popen(
            [sys.executable, "-m", "thebes", *args],
            stdin=subprocess.DEVNULL if keys is None else subprocess.PIPE,
            stdout=slave,
            stderr=slave,
            cwd=home,
            env=env,
        )
        if keys is not None and process.stdin is not None:
            process.stdin.write(keys)
            process.stdin.close()
        seen = b""
        deadline = time.monotonic() + WAIT_SECONDS
        while process.poll() is None or select.select([master], [], [], 0.2)[0]:
            assert time.monotonic() < deadline, seen[-2000:]
            if select.select([master], [], [], 0.1)[0]:
                with contextlib.suppress(OSError):
                    seen += os.read(master, 65536)
        return seen
    finally:
        os.close(master)
        os.close(slave)


@pytest.mark.parametrize(
    ("args", "keys"),
    [
        (["replay", str(GOLDEN / "game-2p-v2.json")], None),
        (["replay", str(GOLDEN / "game-2p-v2.json")], b"q\n"),
        (["play", "--players", "A,B", "--save", "x.json"], None),
    ],
    ids=["replay-devnull", "replay-piped", "play-devnull"],
)
def test_no_cursor_position_request_is_sent_when_keys_are_not_typed_there(
    args: list[str], keys: bytes | None, tmp_path: Path
) -> None:
    screen = screen_of(args, keys, tmp_path)
    assert screen  # it did draw at the terminal
    assert CPR_REQUEST not in screen
