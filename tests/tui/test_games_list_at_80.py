"""`thebes games` at a terminal 80 columns wide: every line it prints fits, broken between
words; a person's seat a bot took over says from which action the bot played."""

from __future__ import annotations

import io
import json
from pathlib import Path

from helpers import CAT
from terminal import text_terminal
from thebes.cli.main import main
from thebes.records.session import Session, default_seats


def listing(folder: Path, width: int, *options: str) -> str:
    out = io.StringIO()
    terminal = text_terminal(out, (width, 24), errors=out)
    assert main(["games", "--dir", str(folder), *options], terminal) == 0
    return out.getvalue()


def taken_over(folder: Path) -> None:
    """Ann's and Bob's game, Bob's seat given to a greedy bot after Ann's first action."""
    session = Session(CAT, default_seats(["Ann", "Bob"]), 4, autosave=folder / "g.json")
    session.play(session.parse("exchange"))  # Ann's, the game's first action
    session.put_bot(1, "greedy")  # Bob's seat from the second action on


def test_every_line_fits_80_columns_broken_between_words(tmp_path: Path) -> None:
    folder = tmp_path / "a folder with a rather long name for the saved games of thebes"
    folder.mkdir()
    taken_over(folder)
    text = listing(folder, 80)
    rows = text.splitlines()
    assert len(rows) > 4  # the footer's sentences were wrapped, not printed whole
    assert all(len(row) <= 80 for row in rows), [row for row in rows if len(row) > 80]
    # Joined again at the breaks, the sentences are whole: no word was cut.
    joined = " ".join(row.strip() for row in rows)
    assert f"Saved games in {folder}, newest first:" in joined
    assert f"resume --dir '{folder}' N' resumes game N;" in joined
    assert f"replay --dir '{folder}' N' shows game N from its start." in joined
    # At 120 columns the same sentences take fewer rows.
    assert len(listing(folder, 120).splitlines()) < len(rows)


def test_no_saved_games_is_said_in_rows_that_fit(tmp_path: Path) -> None:
    folder = tmp_path / "an empty folder whose name is long"
    folder.mkdir()
    rows = listing(folder, 80).splitlines()
    assert len(rows) >= 2 and all(len(row) <= 80 for row in rows)
    assert " ".join(rows) == f"No saved games in {folder}; 'thebes play' starts one."


def test_a_seat_taken_over_by_a_bot_says_from_which_action(tmp_path: Path) -> None:
    taken_over(tmp_path)
    assert "Ann, Bob (greedy from action 2)" in listing(tmp_path, 120)
    entry = json.loads(listing(tmp_path, 80, "--json").splitlines()[0])
    assert entry["players"] == [
        {"name": "Ann", "bot": None, "bot_from": None},
        {"name": "Bob", "bot": "greedy", "bot_from": 1},
    ]


def test_a_bot_from_the_start_shows_its_level_alone(tmp_path: Path) -> None:
    session = Session(CAT, default_seats(["Ann", "Eve"], {"Eve": "greedy"}), 4)
    session.save(tmp_path / "g.json")
    text = listing(tmp_path, 80)
    assert "Ann, Eve (greedy)" in text and "from action" not in text
