"""`thebes games` at a terminal 80 columns wide: every line it prints fits, broken between
words; a person's seat a bot took over says from which action the bot played. Narrower and
wider terminals: the games' rows are fitted to the terminal's width too."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest

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


def four_players(folder: Path) -> list[str]:
    """Four players' game, not begun: names of 21 letters and a strong bot in the last
    seat (their row: 99 columns); its rows, and a damaged file's, at 80 columns."""
    four = [letter * 21 for letter in "ABCD"]
    Session(CAT, default_seats(four, {four[3]: "strong"}), 4).save(folder / "four.json")
    (folder / "bad.json").write_text('{"format": "thebes-game", "format_version": 2', "utf-8")
    return [
        "   AAAAAAAAAAAAAA…, BBBBBBBBBBBBBB…, CCCCCCCCCCCCCC…, DDDDDDDDDDDDDD… (strong)",
        "   unreadable: the file ends too early (truncated?) at line 1",
    ]


def test_a_games_rows_fit_a_terminal_narrower_than_80_columns(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)  # a folder named short: its sentences fit in 50 columns too
    folder = Path("g")
    folder.mkdir()
    four_players(folder)
    taken_over(folder)
    bots = [f"random{n}" for n in range(1, 5)]  # 70 columns, 66 with names cut to six
    Session(CAT, default_seats(bots, dict.fromkeys(bots, "random")), 4).save(folder / "b.json")
    rows = listing(folder, 50).splitlines()
    assert all(len(row) <= 50 for row in rows), [row for row in rows if len(row) > 50]
    # The names are cut alike, each with a mark, to fit the row; the bot's level stays whole.
    assert "   AAAAAAA…, BBBBBBB…, CCCCCCC…, DDDDDDD… (strong)" in rows
    assert "   unreadable: the file ends too early (truncated…" in rows
    # Ann's and Bob's game: where it stands keeps the first line whole, and the seed that
    # left it no room goes after the players, under the date.
    assert any(row.endswith(" 1901·1, Ann and Bob lead 0\u20130") for row in rows), rows
    assert "   Ann, Bob (greedy from action 2)  seed 4" in rows
    # Four bots that would not fit on one row even with names cut to six columns (and four
    # "rando…" alike) go on two, broken between players, their names whole.
    at = rows.index("   random1 (random), random2 (random),")
    assert rows[at + 1] == "   random3 (random), random4 (random)"


def test_a_wider_terminal_keeps_more_on_a_line_and_names_whole(tmp_path: Path) -> None:
    at_80 = four_players(tmp_path)
    rows = listing(tmp_path, 80).splitlines()
    assert all(row in rows for row in at_80)
    games = [row for row in rows if row.startswith(" ")]  # the sentences begin with a word
    rows = listing(tmp_path, 120).splitlines()
    four = ", ".join(letter * 21 for letter in "ABCD")
    assert f"   {four} (strong)" in rows  # under the date, 102 columns, every name whole
    # The reason beside the file's name, on the game's line.
    assert any(
        row.endswith("bad.json  unreadable: the file ends too early (truncated?) at line 1")
        for row in rows
    )
    assert len([row for row in rows if row.startswith(" ")]) == len(games) - 1


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
