"""SIGTERM, SIGHUP and SIGQUIT sent to `thebes` at a real terminal (a pseudo-terminal):
the game file keeps every action played, the terminal's modes come back (echo, line
editing), one line says where the game is, no process is left behind, and the exit code is
128 + the signal's number."""

from __future__ import annotations

import contextlib
import fcntl
import json
import os
import pty
import select
import signal
import struct
import subprocess
import sys
import termios
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from helpers import WAIT_SECONDS, wait_until

# The game's prompt (its short form) and what a bots' game prints while it is on.
PROMPT = b"an action"
ENTRY = "import sys; from thebes.cli import main; sys.exit(main())"


class Pty:
    """`thebes` run in a new session at an 80x24 pseudo-terminal of its own."""

    def __init__(self, args: list[str], home: Path, *, errors: Path | None = None) -> None:
        self.master, self.slave = pty.openpty()
        fcntl.ioctl(self.slave, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 80, 0, 0))
        self.modes = termios.tcgetattr(self.slave)  # as a shell leaves them: cooked
        env = {**os.environ, "HOME": str(home), "TERM": "xterm", "LESS": "", "PAGER": "less"}
        for name in ("COLUMNS", "LINES", "NO_COLOR"):
            env.pop(name, None)
        error_stream = self.slave if errors is None else errors.open("wb")
        self.process = subprocess.Popen(
            [sys.executable, "-c", ENTRY, *args],
            stdin=self.slave,
            stdout=self.slave,
            stderr=error_stream,
            env=env,
            start_new_session=True,
            preexec_fn=_take_terminal,
        )
        self.seen = b""

    def read_until(self, wanted: bytes, since: int = 0) -> None:
        """Until ``wanted`` is shown (after the first ``since`` bytes)."""
        self.read_until_one_of((wanted,), since)

    def read_until_one_of(self, wanted: tuple[bytes, ...], since: int = 0) -> None:
        """Until one of ``wanted`` is shown (after the first ``since`` bytes)."""
        deadline = time.monotonic() + WAIT_SECONDS
        while not any(each in self.seen[since:] for each in wanted):
            assert time.monotonic() < deadline, self.seen[-2000:]
            self._read(0.2)

    def type(self, text: str) -> None:
        os.write(self.master, text.encode())

    def end(self, number: int) -> int:
        """Send the signal; the exit code once the process has ended."""
        self.process.send_signal(number)
        deadline = time.monotonic() + WAIT_SECONDS
        while self.process.poll() is None:
            assert time.monotonic() < deadline, self.seen[-2000:]
            self._read(0.1)
        self._read(0.2)
        return self.process.returncode

    def text(self) -> str:
        return self.seen.decode("utf-8", "replace")

    def _read(self, seconds: float) -> None:
        ready, _, _ = select.select([self.master], [], [], seconds)
        if ready:
            with contextlib.suppress(OSError):  # the slave side is closed
                self.seen += os.read(self.master, 65536)

    def close(self) -> None:
        if self.process.poll() is None:
            self.process.kill()
            self.process.wait()
        for descriptor in (self.master, self.slave):
            with contextlib.suppress(OSError):
                os.close(descriptor)


def _take_terminal() -> None:
    # The pseudo-terminal is the game's controlling terminal, as a shell's is.
    fcntl.ioctl(0, termios.TIOCSCTTY, 0)


def _session_left(group: int) -> bool:
    """Whether any process of the process group ``group`` is still there (a bot worker, a
    pager)."""
    try:
        os.killpg(group, 0)
    except ProcessLookupError:
        return False
    return True


@pytest.fixture
def home(tmp_path: Path) -> Iterator[Path]:
    folder = tmp_path / "home"
    folder.mkdir()
    yield folder


def _actions(path: Path) -> list[str]:
    return [entry["action"] for entry in json.loads(path.read_text(encoding="utf-8"))["actions"]]


def _wait_for_actions(path: Path, count: int) -> None:
    """Until the autosave holds ``count`` actions."""
    wait_until(
        lambda: path.exists() and len(_actions(path)) >= count,
        f"{count} action(s) saved in {path.name}",
    )


def _wait_for_no_session_left(group: int) -> None:
    wait_until(lambda: not _session_left(group), "every process of the session to end")


# less's prompt once it shows a page and waits for a key: ':' (more to come) or '(END)'.
LESS_WAITING = (b"\n:\x1b[K", b"(END)")


def _modes_restored(before: list[object], after: list[object]) -> None:
    lflag = termios.ECHO | termios.ICANON | termios.ISIG | termios.IEXTEN
    assert after[3] & lflag == before[3] & lflag  # type: ignore[operator]
    assert after == before


SIGNALS = [
    pytest.param(signal.SIGTERM, 143, id="SIGTERM"),
    pytest.param(signal.SIGQUIT, 131, id="SIGQUIT"),
    pytest.param(signal.SIGHUP, 129, id="SIGHUP"),
]


@pytest.mark.parametrize(("number", "code"), SIGNALS)
def test_a_signal_at_the_prompt_keeps_the_game_restores_the_terminal_and_says_where(
    home: Path, number: int, code: int
) -> None:
    game = home / "g.json"
    args = ["play", "--players", "Ann,Bob", "--seed", "7", "--save", str(game), "--no-confirm"]
    run = Pty(args, home)
    try:
        run.read_until(PROMPT)
        shown = len(run.seen)
        run.type("take 1\r")
        _wait_for_actions(game, 1)
        run.read_until(PROMPT, shown)
        wait_until(  # the prompt reads keys one by one
            lambda: not termios.tcgetattr(run.slave)[3] & termios.ECHO, "echo off at the prompt"
        )
        assert run.end(number) == code
        _modes_restored(run.modes, termios.tcgetattr(run.slave))
        text = run.text()
        name = signal.Signals(number).name
        assert f"thebes: ended by {name}. The game is saved in ~/g.json." in text
        assert f"'thebes resume {game}' goes on with it." in text
        assert "Traceback" not in text
        assert text.endswith("\x1b[?1049l" + text.rsplit("\x1b[?1049l", 1)[1])  # screen left
        assert _actions(game) == ["take 1"]
    finally:
        run.close()


@pytest.mark.parametrize(("number", "code"), SIGNALS)
def test_a_signal_while_bots_play_keeps_every_action_they_played(
    home: Path, number: int, code: int
) -> None:
    game = home / "bots.json"
    args = ["play", "--bot", "A=strong", "--bot", "B=greedy", "--seed", "3", "--save", str(game)]
    run = Pty(args, home)
    try:
        run.read_until(b"\x1b[?1049h")  # the table is drawn: the bots are playing
        # Waited for, not slept: a loaded machine may take seconds over a strong bot's move.
        _wait_for_actions(game, 1)
        before = _actions(game)
        assert run.end(number) == code
        _modes_restored(run.modes, termios.tcgetattr(run.slave))
        assert "Traceback" not in run.text()
        assert f"ended by {signal.Signals(number).name}. The game is saved" in run.text()
        played = _actions(game)  # the file reads, with whole actions only
        assert played[: len(before)] == before
        assert not _session_left(run.process.pid)
    finally:
        run.close()


def test_the_terminal_hanging_up_ends_the_game_with_no_traceback(home: Path) -> None:
    # Errors go to a file: the terminal is gone when the line would be written.
    game, errors = home / "g.json", home / "errors.txt"
    args = ["play", "--players", "Ann,Bob", "--seed", "7", "--save", str(game), "--no-confirm"]
    run = Pty(args, home, errors=errors)
    try:
        run.read_until(PROMPT)
        shown = len(run.seen)
        run.type("take 1\r")
        _wait_for_actions(game, 1)
        run.read_until(PROMPT, shown)
        os.close(run.master)  # the terminal window is closed: the kernel sends SIGHUP
        assert run.process.wait(WAIT_SECONDS) == 129
        said = errors.read_text(encoding="utf-8")
        assert "Traceback" not in said, said
        assert said.startswith("thebes: ended by SIGHUP. The game is saved in ~/g.json.")
        assert _actions(game) == ["take 1"]
    finally:
        run.master = os.open(os.devnull, os.O_RDONLY)  # closed above
        run.close()


@pytest.mark.parametrize("command", ["help", "log"])
def test_a_signal_while_a_pager_is_open_closes_it_too(home: Path, command: str) -> None:
    game = home / "g.json"
    args = ["play", "--players", "Ann,Bob", "--seed", "7", "--save", str(game), "--no-confirm"]
    run = Pty(args, home)
    try:
        run.read_until(PROMPT)
        run.type("take 1\r")
        _wait_for_actions(game, 1)
        shown = len(run.seen)
        run.type(f"{command}\r")
        # less shows a long page (help), thebes draws a short one itself (the log of one
        # action), waiting for a key either way.
        run.read_until_one_of((*LESS_WAITING, b"back to the table"), shown)
        assert run.end(signal.SIGTERM) == 143
        _wait_for_no_session_left(run.process.pid)  # no pager left holding the terminal
        _modes_restored(run.modes, termios.tcgetattr(run.slave))
        assert "thebes: ended by SIGTERM. The game is saved in ~/g.json." in run.text()
        assert _actions(game) == ["take 1"]
    finally:
        run.close()


def test_a_signal_at_a_setup_question_restores_the_terminal(home: Path) -> None:
    run = Pty(["play"], home)
    try:
        run.read_until(b"How many people")
        run.type("2\r")
        run.read_until(b"Name of player 1")
        shown = len(run.seen)
        run.type("An")
        run.read_until(b"An", shown)  # the prompt has read the keys and shows them
        assert run.end(signal.SIGTERM) == 143
        _modes_restored(run.modes, termios.tcgetattr(run.slave))
        assert run.text().rstrip().endswith("thebes: ended by SIGTERM.")
        assert "Traceback" not in run.text()
        assert not any((home / ".local").rglob("*.json"))  # no game was started
    finally:
        run.close()


def test_a_signal_in_the_replay_viewer_restores_the_terminal(home: Path) -> None:
    game = home / "g.json"
    play = ["play", "--players", "Ann,Bob", "--seed", "7", "--save", str(game), "--no-confirm"]
    run = Pty(play, home)
    try:
        run.read_until(PROMPT)
        run.type("take 1\r")
        _wait_for_actions(game, 1)
        run.end(signal.SIGTERM)
    finally:
        run.close()
    viewer = Pty(["replay", str(game)], home)
    try:
        viewer.read_until(b"replay 0/1")
        assert viewer.end(signal.SIGQUIT) == 131
        _modes_restored(viewer.modes, termios.tcgetattr(viewer.slave))
        assert viewer.text().rstrip().endswith("thebes: ended by SIGQUIT.")
    finally:
        viewer.close()
    assert _actions(game) == ["take 1"]  # a replay changes nothing


def test_a_signal_during_a_series_stops_its_workers_and_prints_no_standings(
    tmp_path: Path,
) -> None:
    # Output to files, as a series is often run; the workers are the game's children.
    out, errors = tmp_path / "out.txt", tmp_path / "errors.txt"
    with out.open("wb") as stdout, errors.open("wb") as stderr:
        series = subprocess.Popen(
            [sys.executable, "-c", ENTRY, "simulate", "--games", "400", "--jobs", "2"],
            stdout=stdout,
            stderr=stderr,
            start_new_session=True,
        )
        wait_until(lambda: out.stat().st_size > 0, "the first games of the series")
        series.send_signal(signal.SIGTERM)
        assert series.wait(WAIT_SECONDS) == 143
    _wait_for_no_session_left(series.pid)  # no worker left behind
    said = errors.read_text(encoding="utf-8")
    assert "Traceback" not in said
    assert said.rstrip().endswith("thebes: ended by SIGTERM.")
    lines = out.read_text(encoding="utf-8").splitlines()
    assert all(line.startswith("seed ") for line in lines)  # games only: no standings
