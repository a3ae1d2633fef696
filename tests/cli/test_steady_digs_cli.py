"""Game files saved with steady-digs under the old reading (rules version thebes-2007.1,
bags of 30 tokens) given to every command that reads a game: `replay` (the viewer, the
summary, JSON), `resume FILE`, `analyze`, the `games` listing and `resume N`. Each refuses
in one line that names the rules version and says why, exits as for any refused file (2),
and leaves the file as it was; a file of that version without steady-digs still replays."""

from __future__ import annotations

import io
import os
import shutil
from pathlib import Path

import pytest

from helpers import GOLDEN, LEGACY
from terminal import text_terminal
from thebes.cli.main import main

OLD_STEADY = [
    LEGACY / "game-2p-steady-digs-rules-2007.1.json",
    LEGACY / "game-4p-all-variants-rules-2007.1.json",
]
# What every refusal says: which version the file was played under, which version changed
# a rule it plays, which rule, and that the game would not come out as it was played.
WHY = "steady-digs changed since it was played under rules version 'thebes-2007.1'"
RULE = "('thebes-2007.2': steady-digs as the 2004 rules print it"
OUTCOME = "the game would not replay as it was played"


def run(args: list[str]) -> tuple[int, str, str]:
    """``thebes ARGS`` at a terminal of its own: the exit code, the output, the errors."""
    out, errors = io.StringIO(), io.StringIO()
    code = main(args, text_terminal(out, errors=errors))
    return code, out.getvalue(), errors.getvalue()


def one_refusal(errors: str, start: str) -> str:
    """The single line of ``errors``, which begins with ``start`` and says why."""
    assert "Traceback" not in errors
    lines = errors.splitlines()
    assert len(lines) == 1, errors
    line = lines[0]
    assert line.startswith(start), line
    assert WHY in line and RULE in line and line.endswith(OUTCOME), line
    return line


@pytest.mark.parametrize(
    "command",
    [
        ["replay"],
        ["replay", "--summary"],
        ["replay", "--json"],
        ["resume"],
        ["analyze"],
        ["analyze", "--save"],
    ],
    ids=" ".join,
)
@pytest.mark.parametrize("old", OLD_STEADY, ids=lambda p: p.name)
def test_every_command_refuses_an_old_steady_digs_file_in_one_line(
    old: Path, command: list[str], tmp_path: Path
) -> None:
    path = tmp_path / old.name
    shutil.copyfile(old, path)
    code, out, errors = run([command[0], str(path), *command[1:]])
    assert (code, out) == (2, "")
    one_refusal(errors, f"thebes: {path}: ")
    assert path.read_bytes() == old.read_bytes()
    assert list(tmp_path.iterdir()) == [path]  # no autosave, no analysis beside it


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    """The two old files, newest first, and a finished 3-player game of thebes-2007.1
    without variants, the oldest."""
    games = tmp_path / "games"
    games.mkdir()
    for age, source in enumerate([*OLD_STEADY, GOLDEN / "game-3p.json"]):
        copy = games / source.name
        shutil.copyfile(source, copy)
        os.utime(copy, (1_699_963_200 - age, 1_699_963_200 - age))
    return games


def test_the_games_listing_names_the_rules_version_of_an_old_steady_digs_file(
    folder: Path,
) -> None:
    code, out, errors = run(["games", "--dir", str(folder)])
    assert (code, errors) == (0, "")
    lines = out.splitlines()[1:]
    lines = lines[: next(i for i, line in enumerate(lines) if line.startswith("'"))]
    # The reason goes under the file's name, cut to the terminal (120 columns); it starts
    # with what changed.
    for old in OLD_STEADY:
        at = next(i for i, line in enumerate(lines) if line.endswith(old.name))
        assert lines[at + 1].startswith(" " * 3 + "unreadable: steady-digs changed since it was")
        assert len(lines[at + 1]) <= 120
    assert "unreadable" not in lines[-1] and "P1 (random), P2 (random), P3 (random)" in lines[-1]
    code, out, errors = run(["games", "--dir", str(folder), "--json"])
    assert (code, errors) == (0, "")
    for listed in out.splitlines()[:2]:
        assert WHY in listed and RULE in listed and OUTCOME in listed


def test_resume_by_number_refuses_an_old_steady_digs_file_in_one_line(folder: Path) -> None:
    for number, old in enumerate(OLD_STEADY, 1):
        code, out, errors = run(["resume", "--dir", str(folder), str(number)])
        assert (code, out) == (2, "")
        one_refusal(errors, f"thebes: game {number} ({folder / old.name}) is unreadable: ")
    # Without a number, resume looks for the newest unfinished game: the old files are not
    # taken for one, and the 3-player game is finished.
    code, out, errors = run(["resume", "--dir", str(folder)])
    assert (code, out) == (2, "")
    assert errors == f"thebes: no unfinished game in {folder}; 'thebes play' starts one\n"
    for old in OLD_STEADY:
        assert (folder / old.name).read_bytes() == old.read_bytes()


@pytest.mark.parametrize(
    ("name", "seed"), [("game-3p.json", 1907), ("game-3p-card-preview.json", 2026)]
)
def test_a_file_of_the_old_version_without_steady_digs_still_replays(name: str, seed: int) -> None:
    code, out, errors = run(["replay", str(GOLDEN / name), "--summary"])
    assert (code, errors) == (0, "")
    assert out.splitlines()[0] == f"{GOLDEN / name}  seed {seed}  (final)"
