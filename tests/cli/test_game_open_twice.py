"""A game is open in at most one process that can change it: a second `play` or `resume` of
the same file, however it is spelled, is refused with one line naming the process that has
it and the commands that show it instead, and changes nothing; a lock left by a process
that was killed is taken over; the lock goes when the game ends, however it ends."""

from __future__ import annotations

import io
import json
import os
import socket
import subprocess
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

from helpers import WAIT_SECONDS, wait_until
from terminal import new_session, run_with_keys, text_terminal
from thebes.cli.main import main
from thebes.errors import EXIT_IN_USE
from thebes.safeio.locking import hold_game


def saved_game(tmp_path: Path) -> Path:
    path = tmp_path / "g.json"
    new_session(tmp_path).save(path)
    return path


@contextmanager
def resumed_elsewhere(path: Path) -> Iterator[subprocess.Popen[bytes]]:
    """`thebes resume PATH` in another process, at its table until its input ends."""
    env = {**os.environ, "HOME": str(path.parent)}
    player = subprocess.Popen(
        [sys.executable, "-m", "thebes", "resume", str(path)],
        stdin=subprocess.PIPE,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        env=env,
    )
    try:
        lock = path.with_name(path.name + ".lock")
        wait_until(lambda: lock.exists() and lock.stat().st_size > 0, "the first resume's lock")
        yield player
    finally:
        assert player.stdin is not None
        player.stdin.close()  # the end of its input: it leaves the game
        player.wait(timeout=WAIT_SECONDS)


def test_a_second_resume_in_another_process_is_refused_and_changes_nothing(
    tmp_path: Path,
) -> None:
    path = saved_game(tmp_path)
    before = path.read_bytes()
    with resumed_elsewhere(path) as player:
        second = subprocess.run(
            [sys.executable, "-m", "thebes", "resume", "g.json"],
            stdin=subprocess.DEVNULL,
            capture_output=True,
            text=True,
            cwd=tmp_path,
            # No PATH: the messages name the program as it was run, the same on any machine.
            env={**os.environ, "HOME": str(tmp_path), "PATH": ""},
            timeout=WAIT_SECONDS,
        )
        assert second.returncode == EXIT_IN_USE
        assert second.stdout == ""
        started = json.loads((tmp_path / "g.json.lock").read_text())["started"]
        run = f"{sys.executable} -m thebes"
        assert second.stderr == (
            f"thebes: g.json is open in another thebes (process {player.pid}, since {started}); "
            f"'{run} watch g.json' follows it as it is played, "
            f"'{run} replay g.json' shows it as saved\n"
        )
        assert path.read_bytes() == before
    assert player.returncode == 0
    assert not path.with_name("g.json.lock").exists()  # released as the first one left


def test_every_spelling_of_an_open_game_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    path = saved_game(tmp_path)
    before = path.read_bytes()
    (tmp_path / "link.json").symlink_to(path)
    monkeypatch.chdir(tmp_path)
    spellings = [
        ["resume", str(path)],
        ["resume", "g.json"],
        ["resume", "./sub/../g.json"],
        ["resume", "link.json"],
        ["resume", "1", "--dir", str(tmp_path)],  # the link is not listed as another game
        ["play", "--players", "Ann,Bob", "--save", "link.json", "--force"],
    ]
    (tmp_path / "sub").mkdir()
    with hold_game(path, "g.json"):  # another open file holds it, as another process would
        for argv in spellings:
            assert run_with_keys(argv, "") == EXIT_IN_USE, argv
            out, err = capsys.readouterr()
            # Refused before the game is shown (`resume N` first names the file it picked).
            assert out in ("", f"Game {argv[1]}: {tmp_path / 'g.json'}\n"), argv
            assert err.count("\n") == 1 and " is open in another thebes (process " in err, argv
            assert "thebes watch " in err and "thebes replay " in err, argv
            assert path.read_bytes() == before, argv
    assert not (tmp_path / "g.json.lock").exists()


def test_a_lock_left_by_a_killed_process_is_taken_over_and_said_so(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = saved_game(tmp_path)
    gone = subprocess.Popen([sys.executable, "-c", ""])
    gone.wait()  # a process that is no longer running
    lock = tmp_path / "g.json.lock"
    lock.write_text(
        json.dumps({"pid": gone.pid, "host": socket.gethostname(), "started": "2026-01-02 03:04"})
    )
    assert run_with_keys(["resume", str(path)], "") == 0
    out = capsys.readouterr().out
    assert (
        f"A lock left by process {gone.pid}, which no longer had the game open, was taken over."
        in out
    )
    assert not lock.exists()


def test_a_lock_still_held_by_a_killed_process_s_kernel_lock_is_free_after_kill_9(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = saved_game(tmp_path)
    with resumed_elsewhere(path) as player:
        player.kill()  # SIGKILL: no finally runs, the lock file stays behind
        player.wait(timeout=WAIT_SECONDS)
        assert (tmp_path / "g.json.lock").exists()
        assert run_with_keys(["resume", str(path)], "") == 0
    out = capsys.readouterr().out
    assert (
        f"A lock left by process {player.pid}, which no longer had the game open, was taken over."
        in out
    )


def test_the_lock_is_released_when_the_game_ends_in_an_exception(tmp_path: Path) -> None:
    path = saved_game(tmp_path)
    with pytest.raises(RuntimeError), hold_game(path, "g.json"):
        raise RuntimeError("the game broke")
    assert not (tmp_path / "g.json.lock").exists()
    with hold_game(path, "g.json") as lock:  # free again, and not stale: nothing to say
        assert lock.notice() is None


def test_the_games_list_marks_a_game_open_in_another_process(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = saved_game(tmp_path)
    with resumed_elsewhere(path) as player:
        wide, narrow = io.StringIO(), io.StringIO()
        assert main(["games", "--dir", str(tmp_path)], text_terminal(wide, (300, 40))) == 0
        listing = wide.getvalue()
        assert main(["games", "--dir", str(tmp_path)], text_terminal(narrow, (80, 24))) == 0
        assert main(["games", "--dir", str(tmp_path), "--json"]) == 0
        entry = json.loads(capsys.readouterr().out)
    assert f"\n   open in process {player.pid} now; 'thebes watch {path}' follows it\n" in listing
    # At 80 columns the command goes on a row of its own, whole, so that it copies as it is.
    assert (
        f"\n   open in process {player.pid} now; this follows it:\n   'thebes watch {path}'\n"
        in narrow.getvalue()
    )
    assert "g.json.lock" not in listing  # the lock file is no game, not even a damaged one
    assert entry["open_in"] == {"pid": player.pid, "host": socket.gethostname()}
