"""File dates that cannot be when a game was saved: before 1970, ahead of the clock, past
what a calendar holds (`touch -d @1099511627776`, 2**62 on tmpfs). `thebes games` lists such
a game with "date unknown" after the dated ones, and `--json` gives its mtime as null."""

from __future__ import annotations

import json
import os
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from helpers import CAT
from terminal import text_terminal
from thebes.cli.main import main
from thebes.records.library import ListedFile, read_game
from thebes.records.session import Session, default_seats
from thebes.tui.gamelist import game_line

PAST = 1_699_963_200  # 2023-11-14 12:00 UTC
UNKNOWN = "date unknown    "  # in the 16 columns of "2023-11-14 12:00"


def saved(folder: Path, seed: int, mtime: float) -> Path:
    """A new game of Ann and Bob with ``seed``, its file dated ``mtime`` if the file system
    takes it (ext4 keeps 2**62 as the year 2446, still ahead of the clock)."""
    path = folder / f"game{seed}.json"
    Session(CAT, default_seats(["Ann", "Bob"]), seed).save(path)
    try:
        os.utime(path, (mtime, mtime))
    except (OverflowError, OSError):
        pytest.skip(f"this file system takes no date {mtime}")
    return path


def listed(capsys: pytest.CaptureFixture[str], folder: Path, *options: str) -> list[str]:
    # Wide enough for each sentence around the games on a line of its own.
    terminal = text_terminal(sys.stdout, (300, 40), errors=sys.stderr)
    assert main(["games", "--dir", str(folder), *options], terminal) == 0
    captured = capsys.readouterr()
    assert captured.err == ""
    return captured.out.splitlines()


@pytest.mark.parametrize(
    "odd",
    [
        pytest.param(1_099_511_627_776, id="year-36812"),
        pytest.param(-100_000_000, id="1966"),
        pytest.param(-1, id="just-before-1970"),
        pytest.param(time.time() + 10 * 24 * 3600, id="ten-days-ahead"),
    ],
)
def test_a_game_with_an_odd_date_is_listed_after_the_dated_ones_with_date_unknown(
    tmp_path: Path, odd: float, utc: None, capsys: pytest.CaptureFixture[str]
) -> None:
    saved(tmp_path, 1, PAST)
    saved(tmp_path, 2, odd)
    lines = listed(capsys, tmp_path)[1:-2]
    assert [line[:19] for line in lines] == [" 1 2023-11-14 12:00", f" 2 {UNKNOWN}"]
    assert "seed 1" in lines[0] and "seed 2" in lines[1]
    objects = [json.loads(line) for line in listed(capsys, tmp_path, "--json")]
    assert [(o["seed"], o["mtime"]) for o in objects] == [
        (1, "2023-11-14T12:00:00+00:00"),
        (2, None),
    ]


def test_a_date_within_a_day_ahead_of_the_clock_is_believed(
    tmp_path: Path, utc: None, capsys: pytest.CaptureFixture[str]
) -> None:
    # A file copied from a machine whose clock runs an hour fast: the newest game.
    ahead = time.time() + 3600
    saved(tmp_path, 1, PAST)
    saved(tmp_path, 2, ahead)
    lines = listed(capsys, tmp_path)[1:-2]
    assert lines[0][3:19] == time.strftime("%Y-%m-%d %H:%M", time.gmtime(ahead))
    assert "seed 2" in lines[0] and "seed 1" in lines[1]


@pytest.fixture
def tmpfs() -> Iterator[Path]:
    """A folder on tmpfs, which keeps dates ext4 clamps (2**62 s), when there is one."""
    if not os.access("/dev/shm", os.W_OK):
        pytest.skip("no /dev/shm")
    with tempfile.TemporaryDirectory(dir="/dev/shm") as folder:
        yield Path(folder)


@pytest.mark.parametrize("odd", [2**62, -(2**62), 1_099_511_627_776])
def test_a_date_past_the_calendar_on_tmpfs_is_unknown(
    tmpfs: Path, odd: int, utc: None, capsys: pytest.CaptureFixture[str]
) -> None:
    saved(tmpfs, 1, PAST)
    saved(tmpfs, 2, odd)
    lines = listed(capsys, tmpfs)[1:-2]
    assert [line[:19] for line in lines] == [" 1 2023-11-14 12:00", f" 2 {UNKNOWN}"]
    objects = [json.loads(line) for line in listed(capsys, tmpfs, "--json")]
    assert [o["mtime"] for o in objects] == ["2023-11-14T12:00:00+00:00", None]


@pytest.mark.parametrize("mtime", [2.0**62, -(2.0**62), 1_099_511_627_776.0, 1e300])
def test_a_listed_file_with_a_date_past_the_calendar_is_shown_without_it(
    tmp_path: Path, mtime: float
) -> None:
    # A clock set far ahead makes such a date believable: it is still shown, undated.
    path = saved(tmp_path, 3, PAST)
    game = read_game(ListedFile(path, mtime), CAT)
    assert game_line(1, game)[:19] == f" 1 {UNKNOWN}"
    assert game.as_json(1)["mtime"] is None
