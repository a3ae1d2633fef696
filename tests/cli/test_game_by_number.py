"""`thebes replay N`, `watch N` and `analyze N` take game N of `thebes games`, as `resume N`
does (in the folder of --dir), and say so when the list has no such game."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from thebes.catalog.loading import default_catalog
from thebes.cli.main import main
from thebes.records.session import Seat, Session


def saved_game(folder: Path, name: str, seed: int, actions: int, mtime: int) -> Path:
    session = Session(default_catalog(), [Seat("Ann", "red"), Seat("Bob", "blue")], seed)
    for _ in range(actions):
        session.play(session.legal_actions()[0])
    path = folder / name
    session.save(path)
    os.utime(path, (mtime, mtime))
    return path


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    # Newest first: game 1 is new.json (3 actions), game 2 is old.json (1 action).
    saved_game(tmp_path, "old.json", 5, 1, 1_600_000_000)
    saved_game(tmp_path, "new.json", 6, 3, 1_700_000_000)
    return tmp_path


def test_replay_summary_of_game_number_two_reads_the_older_file(
    folder: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["replay", "2", "--dir", str(folder), "--summary"]) == 0
    first = capsys.readouterr().out.splitlines()[0]
    assert first.startswith(f"{folder / 'old.json'}  seed 5  (after 1 action, unfinished)")


def test_replay_of_a_number_past_the_list_is_refused_naming_the_folder(
    folder: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["replay", "3", "--dir", str(folder), "--summary"]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"thebes: there is no game 3: {folder} holds 2 saved games")


def test_a_file_named_like_a_number_is_read_when_written_with_a_folder(
    folder: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(folder)
    (folder / "old.json").rename(folder / "2")
    assert main(["replay", "./2", "--summary"]) == 0
    assert capsys.readouterr().out.startswith("2  seed 5  (after 1 action, unfinished)")


def test_analyze_of_game_number_one_analyses_the_newest_file(
    folder: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["analyze", "1", "--dir", str(folder), "--json", "--playouts", "4"]) == 0
    out = capsys.readouterr().out
    assert out.count('"number":') == 3, out
