"""`save PATH` typed at the table follows the rules of `--save`: a file that is not this
game's is replaced only when the player agrees at the keyboard (Enter, Ctrl-D: no), this
game's own save file is saved over without a question, a missing folder is made, and a path
that cannot hold a game is one line of message while the game goes on."""

from __future__ import annotations

import io
from pathlib import Path

from prompt_toolkit.data_structures import Size
from prompt_toolkit.output.vt100 import Vt100_Output

from terminal import game, new_session
from thebes.records.gamefile import read_record

# The question's end (its start, with the path, may be on the row above).
QUESTION = "Replace it? [y/N]"


def play(tmp_path: Path, keys: str) -> tuple[str, str, list[str]]:
    """The game of new_session played with ``keys``: the screen's text (its lines joined),
    what the prompts showed, and the actions played."""
    session = new_session(tmp_path)
    prompts = io.StringIO()
    screen = Vt100_Output(prompts, lambda: Size(rows=40, columns=400), term="xterm")
    with game(session, keys, prompt_output=screen) as (ui, out):
        assert ui.run() is False  # the keys run out: the game is left
    actions = [step.record.action for step in session.steps]
    return " ".join(out.getvalue().split()), prompts.getvalue(), actions


def test_a_file_that_is_not_the_game_is_kept_unless_the_player_says_yes(tmp_path: Path) -> None:
    notes = tmp_path / "notes.txt"
    notes.write_text("my notes\n", encoding="utf-8")
    # Enter (the default, no), then Ctrl-D at the question (no), then y.
    keys = f"take 2\nsave {notes}\n\nsave {notes}\n\x04take 1\nsave {notes}\ny\n"
    text, prompts, actions = play(tmp_path, keys)
    assert prompts.count(QUESTION) == 3
    assert text.count(f"Not saved: {notes} is left as it was.") == 2
    assert actions == ["take 2", "take 1"]  # the game went on after each answer
    assert f"Saved to {notes}." in text
    assert [a.action for a in read_record(notes).actions] == ["take 2", "take 1"]


def test_the_games_own_save_files_are_saved_over_without_a_question(tmp_path: Path) -> None:
    copy = tmp_path / "copy.json"
    # Had either save asked, 'take 1' would have been taken as its answer and not played.
    keys = f"take 2\nsave {tmp_path / 'g.json'}\nsave {copy}\nsave {copy}\ntake 1\nsave\n"
    text, prompts, actions = play(tmp_path, keys)
    assert QUESTION not in prompts
    assert actions == ["take 2", "take 1"]
    assert text.count(f"Saved to {copy}.") == 2
    assert len(read_record(copy).actions) == 1  # saved before 'take 1'
    assert len(read_record(tmp_path / "g.json").actions) == 2


def test_a_missing_folder_is_made_as_save_does(tmp_path: Path) -> None:
    copy = tmp_path / "new" / "deeper" / "copy.json"
    text, _, _ = play(tmp_path, f"take 2\nsave {copy}\n")
    assert f"Saved to {copy} (the folder {copy.parent} was made)." in text
    assert len(read_record(copy).actions) == 1


def test_paths_that_cannot_hold_a_game_are_one_line_and_the_game_goes_on(
    tmp_path: Path,
) -> None:
    plain = tmp_path / "plain.txt"
    plain.write_text("x", encoding="utf-8")
    bad = {
        f"{plain}/g.json": f"Not saved: cannot save to {plain}/g.json: Not a directory.",
        f"{plain}/sub/g.json": f"Not saved: cannot save to {plain}/sub/g.json: Not a directory.",
        "~nobody-here-i21/g.json": "no home folder is known for ~nobody-here-i21.",
        str(tmp_path): f"Not saved: {tmp_path} is a folder; give a file name",
    }
    keys = "".join(f"save {path}\n" for path in bad) + "take 2\n"
    text, _, actions = play(tmp_path, keys)
    for message in bad.values():
        assert message in text
    assert "Traceback" not in text
    assert actions == ["take 2"]
    assert plain.read_text(encoding="utf-8") == "x"
