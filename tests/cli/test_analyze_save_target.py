"""`thebes analyze FILE --save` checks where the analysis goes before it analyses (issue 22,
point 11): a folder under the analysis's name, a folder that cannot be written or a file
there that is not a thebes analysis is refused in one line, exit code 2, and the analysis
(minutes of playouts) never runs; nothing is written."""

from __future__ import annotations

import io
import os
import shutil
from pathlib import Path

import pytest

from helpers import GOLDEN
from terminal import text_terminal
from thebes.analysis import game_review
from thebes.cli.main import main


@pytest.fixture
def game(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A game to analyse, whose analysis must never run."""

    def must_not_run(*_: object, **__: object) -> None:
        raise AssertionError("the analysis ran")

    monkeypatch.setattr(game_review, "analyze", must_not_run)
    path = tmp_path / "g.json"
    shutil.copy(GOLDEN / "game-2p-v2.json", path)
    return path


def analyze_save(game: Path) -> tuple[int, str, str]:
    out, errors = io.StringIO(), io.StringIO()
    code = main(["analyze", str(game), "--save"], text_terminal(out, errors=errors))
    return code, out.getvalue(), errors.getvalue()


def test_a_folder_where_the_analysis_goes_is_refused_first(game: Path) -> None:
    (game.parent / "g.analysis.json").mkdir()
    target = game.parent / "g.analysis.json"
    assert analyze_save(game) == (
        2,
        "",
        f"thebes: {target} is a folder; the analysis is saved under that name\n",
    )


def test_a_file_that_is_not_an_analysis_is_not_replaced(game: Path) -> None:
    notes = game.parent / "g.analysis.json"
    notes.write_text("my notes on the game\n")
    assert analyze_save(game) == (
        2,
        "",
        f"thebes: {notes} exists and is not a thebes analysis; move it away to save the analysis\n",
    )
    assert notes.read_text() == "my notes on the game\n"


def test_a_folder_that_cannot_be_written_is_refused_first(
    game: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Tests may run as root, for whom every folder is writable: os.access says it is not.
    monkeypatch.setattr(os, "access", lambda path, mode: Path(path) != game.parent)
    assert analyze_save(game) == (
        2,
        "",
        f"thebes: cannot save to {game.parent / 'g.analysis.json'}: the folder {game.parent} "
        "is not writable\n",
    )
