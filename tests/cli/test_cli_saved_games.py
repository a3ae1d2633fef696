"""The command line and saved games: `play` never overwrites one unless forced, and the
summary of an unfinished one names the leaders, not winners."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from helpers import CAT
from terminal import run_with_keys
from thebes.cli.main import main
from thebes.records.gamefile import read_record
from thebes.records.session import Session, default_seats
from thebes.rules import TakeCard


def test_play_refuses_to_overwrite_a_saved_game_unless_forced(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "yesterday.json"
    Session(CAT, default_seats(["Ann", "Bob"]), 3, autosave=path).play(TakeCard(0))
    before = path.read_bytes()
    assert main(["play", "--players", "Cleo,Dan", "--save", str(path)]) == 2
    err = capsys.readouterr().err
    assert f"thebes resume {path}" in err and "--force" in err
    assert path.read_bytes() == before
    args = ["play", "--players", "Cleo,Dan", "--save", str(path), "--force"]
    assert run_with_keys(args, "take 1\n") == 0
    assert [p.name for p in read_record(path).players] == ["Cleo", "Dan"]


def test_the_summary_of_an_unfinished_game_names_the_leaders_not_winners(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "g.json"
    session = Session(CAT, default_seats(["Ann", "Bob"]), 3, autosave=path)
    session.play(TakeCard(0))
    assert main(["replay", str(path), "--summary"]) == 0
    out = capsys.readouterr().out
    assert "after 1 action, unfinished" in out
    assert "unfinished; in the lead now: Ann, Bob" in out  # nobody has a point yet
    assert "winner" not in out
    assert main(["replay", str(path), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["finished"] is False and data["winners"] == []
    assert data["leaders"] == ["Ann", "Bob"]
