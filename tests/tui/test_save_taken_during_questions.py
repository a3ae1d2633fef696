"""`thebes play --save FILE` looks at FILE again under the game's lock, just before its
first save: a game saved there by another process while the players were being asked
their names is refused as it would have been before the questions, never overwritten
(unless --force was given, which replaces it)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from helpers import CAT
from terminal import run_with_keys
from thebes.errors import EXIT_USAGE
from thebes.records.session import Session, default_seats
from thebes.tui import launch


def players_in(path: Path) -> list[str]:
    return [seat["name"] for seat in json.loads(path.read_text())["players"]]


@pytest.fixture
def saved_elsewhere_meanwhile(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Path:
    """While this process asks its questions, another one saves X and Y's game (one action
    taken) in tmp_path/s3.json."""
    path = tmp_path / "s3.json"
    asked = launch._ask_seats

    def asked_while_another_saves(*args: object, **kwargs: object) -> object:
        other = Session(CAT, default_seats(["X", "Y"]), 5, autosave=path)
        other.play(other.parse("take 1"))
        return asked(*args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(launch, "_ask_seats", asked_while_another_saves)
    monkeypatch.chdir(tmp_path)
    return path


def test_a_game_saved_there_during_the_questions_is_refused_and_kept(
    saved_elsewhere_meanwhile: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = saved_elsewhere_meanwhile
    code = run_with_keys(["play", "--save", "s3.json"], "2\nAnn\nBob\n\n", interactive=True)
    assert code == EXIT_USAGE
    assert players_in(path) == ["X", "Y"]
    assert Session.load(path, CAT).steps[0].record.action == "take 1"
    err = capsys.readouterr().err
    assert "s3.json exists; '" in err and "resume s3.json' goes on with that game" in err
    assert "(--force replaces it)" in err


def test_with_force_a_game_saved_there_during_the_questions_is_replaced(
    saved_elsewhere_meanwhile: Path,
) -> None:
    path = saved_elsewhere_meanwhile
    keys = "2\nAnn\nBob\n\n"
    code = run_with_keys(["play", "--save", "s3.json", "--force"], keys, interactive=True)
    assert code == 0
    assert players_in(path) == ["Ann", "Bob"]
