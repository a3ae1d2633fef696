"""The screen and the saved file name a seed only when the game has one."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from helpers import CAT
from terminal import run_with_keys
from thebes.records.session import Session, default_seats
from thebes.tui.table import game_title


def unseeded(tmp_path: Path) -> Session:
    return Session(CAT, default_seats(["Ann", "Bob"]), None, autosave=tmp_path / "g.json")


def test_the_screen_names_a_seed_only_when_there_is_one(tmp_path: Path) -> None:
    assert game_title(unseeded(tmp_path)) == "Thebes"
    seeded = Session(CAT, default_seats(["Ann", "Bob"]), 31)
    assert game_title(seeded) == "Thebes — seeded game, seed 31"


def test_play_without_a_seed_shows_and_saves_none(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "secret.json"
    assert run_with_keys(["play", "--players", "Ann,Bob", "--save", str(path)], "take 2\n") == 0
    # The folder's name holds "seed" (the autosave notice may show only its end).
    out = capsys.readouterr().out.replace(str(tmp_path), "TMP").replace(tmp_path.name, "TMP")
    assert "Thebes   to play: Ann" in out
    assert "seed" not in out.lower()
    assert json.loads(path.read_text(encoding="utf-8"))["seed"] is None
