"""Saves that cannot be written: refused paths, a failing disk, symbolic links,
stale temporaries, and simulate's --save-dir. A failed save is said in one line and the game
goes on; nothing ends in a traceback."""

from __future__ import annotations

import errno
import itertools
import os
import subprocess
import sys
from pathlib import Path

import pytest

from helpers import CAT
from terminal import game, run_with_keys
from thebes.cli.main import main
from thebes.records.gamefile import read_record
from thebes.records.session import Session, default_seats
from thebes.rules import TakeCard
from thebes.safeio.saving import SaveError, save_target, write_game_file
from thebes.tournament.series import Entry, Series, play_series

# ---------------------------------------------------------------- where a game may go


@pytest.mark.parametrize("given", [".", "/", "..", "newdir/", "", "a/b/"])
def test_a_path_that_names_a_folder_is_refused(given: str) -> None:
    with pytest.raises(SaveError, match=r"names a folder|is a folder|names no file"):
        save_target(given)


def test_an_existing_folder_is_refused(tmp_path: Path) -> None:
    with pytest.raises(SaveError, match=f"{tmp_path} is a folder"):
        save_target(tmp_path)


@pytest.mark.parametrize("device", ["/dev/null", "/dev/full"])
def test_a_device_is_refused_and_left_a_device(device: str) -> None:
    with pytest.raises(SaveError, match="not a regular file"):
        write_game_file(device, "{}")
    assert Path(device).is_char_device()


def test_a_fifo_is_refused(tmp_path: Path) -> None:
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    with pytest.raises(SaveError, match="not a regular file"):
        write_game_file(fifo, "{}")


def test_a_symlink_is_followed_and_stays_a_link(tmp_path: Path) -> None:
    target = tmp_path / "games" / "real.json"
    target.parent.mkdir()
    target.write_text("old")
    link = tmp_path / "link.json"
    link.symlink_to(target)
    assert write_game_file(link, "new") == target
    assert link.is_symlink() and target.read_text() == "new"
    # A dangling link creates the file it points to.
    dangling = tmp_path / "dangling.json"
    dangling.symlink_to(tmp_path / "games" / "later.json")
    write_game_file(dangling, "x")
    assert dangling.is_symlink() and (tmp_path / "games" / "later.json").read_text() == "x"


def test_a_missing_folder_is_a_save_error_naming_the_path(tmp_path: Path) -> None:
    path = tmp_path / "gone" / "g.json"
    with pytest.raises(SaveError, match=f"cannot save to {path}: No such file or directory"):
        write_game_file(path, "{}")


def dead_pid() -> int:
    """The PID of a process that has ended (and been reaped)."""
    child = subprocess.run(
        [sys.executable, "-c", "import os; print(os.getpid())"],
        check=True,
        capture_output=True,
        text=True,
    )
    return int(child.stdout)


def test_stale_temporaries_of_a_killed_save_are_removed_and_nothing_else(tmp_path: Path) -> None:
    path = tmp_path / "g.json"
    stale = tmp_path / f".g.json.{dead_pid()}.tmp"
    live = tmp_path / f".g.json.{os.getppid()}.tmp"  # a running process may still write it
    others = [tmp_path / ".other.json.1.tmp", tmp_path / ".g.json.x.tmp", tmp_path / "g.tmp"]
    for file in [stale, live, *others]:
        file.write_text("partial")
    write_game_file(path, "whole")
    assert path.read_text() == "whole"
    assert not stale.exists()
    assert live.exists() and all(f.exists() for f in others)


def test_a_failed_write_leaves_the_old_file_and_no_temporary(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "g.json"
    path.write_text("old game")

    def disk_full(fd: int) -> None:
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    monkeypatch.setattr(os, "fsync", disk_full)
    with pytest.raises(SaveError, match="No space left on device"):
        write_game_file(path, "new game")
    assert path.read_text() == "old game"
    assert [p.name for p in tmp_path.iterdir()] == ["g.json"]


# ---------------------------------------------------------------- autosave during a game


def test_autosave_that_fails_lets_the_game_go_on_and_recovers(tmp_path: Path) -> None:
    folder = tmp_path / "games"
    folder.mkdir()
    path = folder / "g.json"
    session = Session(CAT, default_seats(["Ann", "Bob"]), 3, autosave=path)
    session.play(TakeCard(0))
    folder.rename(tmp_path / "moved")  # the save folder disappears mid-game
    session.play(TakeCard(0))
    assert session.save_problem is not None and "No such file or directory" in session.save_problem
    folder.mkdir()
    session.play(TakeCard(0))
    assert session.save_problem is None
    assert len(read_record(path).actions) == 3


def test_the_table_is_told_when_saving_fails_and_when_it_works_again(tmp_path: Path) -> None:
    folder = tmp_path / "games"
    folder.mkdir()
    session = Session(CAT, default_seats(["Ann", "Bob"]), 3, autosave=folder / "g.json")
    folder.rmdir()
    elsewhere = tmp_path / "elsewhere.json"
    keys = f"1\n\nsave .\nsave {elsewhere}\n1\n\nquit\ny\n"
    with game(session, keys) as (terminal, out):
        terminal.run()
    text = " ".join(out.getvalue().split())
    assert "Not saved: cannot save to" in text and "No such file or directory" in text
    assert "The game goes on and is saved again after the next action" in text
    assert "Not saved: . names a folder" in text
    assert "from now on it is saved there after every action" in text
    assert session.autosave == elsewhere and session.save_problem is None
    assert len(read_record(elsewhere).actions) == 2  # the action after `save` reached it too


def test_leaving_a_game_that_could_not_be_saved_says_so(tmp_path: Path) -> None:
    folder = tmp_path / "games"
    folder.mkdir()
    session = Session(CAT, default_seats(["Ann", "Bob"]), 3, autosave=folder / "g.json")
    folder.rmdir()
    with game(session, "1\n\nquit\ny\n") as (terminal, out):
        terminal.run()
    text = " ".join(out.getvalue().split())
    assert "The game could not be saved: cannot save to" in text
    assert "The game is saved in" not in text


# ---------------------------------------------------------------- the command line


@pytest.mark.parametrize(
    ("given", "message"),
    [
        (".", ". names a folder"),
        ("/", "/ names a folder"),
        ("newdir/", "newdir/ names a folder"),
        ("/dev/full", "/dev/full is not a regular file"),
    ],
)
def test_play_refuses_a_save_path_that_cannot_hold_a_game(
    given: str, message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    code = run_with_keys(["play", "--players", "Ann,Bob", "--save", given], "quit\ny\n")
    err = capsys.readouterr().err
    assert code == 2
    assert err.count("\n") == 1 and message in err and "Traceback" not in err
    assert not Path("newdir").exists()


def test_play_refuses_an_existing_folder_even_with_force(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code = run_with_keys(
        ["play", "--players", "Ann,Bob", "--save", str(tmp_path), "--force"], "quit\ny\n"
    )
    assert code == 2 and f"{tmp_path} is a folder" in capsys.readouterr().err


def test_play_saves_through_a_symlink_and_resume_keeps_it(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    target = tmp_path / "real.json"
    link = tmp_path / "link.json"
    link.symlink_to(target)
    args = ["play", "--players", "Ann,Bob", "--save", str(link)]
    assert run_with_keys(args, "1\n\nquit\ny\n") == 0
    assert run_with_keys(["resume", str(link)], "1\n\nquit\ny\n") == 0
    capsys.readouterr()
    assert link.is_symlink()
    assert len(read_record(target).actions) == 2


def test_simulate_says_which_games_it_could_not_save_and_goes_on(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    taken = tmp_path / "game-2p-2.json"
    taken.mkdir()  # the second game's file name is taken by a folder
    code = main(
        ["simulate", "--players", "2", "--games", "3", "--seed", "1", "--save-dir", str(tmp_path)]
    )
    captured = capsys.readouterr()
    assert code == 1
    assert captured.err.splitlines() == [
        f"thebes: {taken} is a folder; give a file name, such as {taken}/game.json",
        "thebes: 1 of 3 game files not saved",
    ]
    assert captured.out.count("seed ") == 3
    assert sorted(p.name for p in tmp_path.glob("*.json") if p.is_file()) == [
        "game-2p-1.json",
        "game-2p-3.json",
    ]


def test_simulate_refuses_a_save_dir_that_is_a_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    file = tmp_path / "f"
    file.write_text("")
    assert main(["simulate", "--games", "1", "--save-dir", str(file)]) == 1
    assert "cannot use" in capsys.readouterr().err


def test_a_long_series_hands_the_pool_its_games_a_window_at_a_time(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # The first results of a long series come before the series is built whole:
    # only the games of the first window have been seated.
    seated: list[int] = []
    original = Series.seats

    def counting(self: Series, index: int) -> list[Entry]:
        seated.append(index)
        return original(self, index)

    monkeypatch.setattr(Series, "seats", counting)
    series = Series((Entry("a", "random"), Entry("b", "random")), 10**5, 1)
    first = list(itertools.islice(play_series(series, jobs=2), 3))
    assert [game.result.seed for game in first] == [1, 2, 3]
    # At most jobs + ahead (2 + 2 x 16) beyond the first result not yet given (the fourth),
    # however fast the workers were: far from the 100,000 of the series.
    assert len(seated) <= 3 + 2 + 2 * 16
