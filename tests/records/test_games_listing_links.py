"""`thebes games` lists each game file of a folder once: a symbolic link to a game of the
same folder (or a second link to one file) is not a second game; a link to a game kept
elsewhere is listed, as it is the only way that game is in the folder."""

from __future__ import annotations

import os
from pathlib import Path

from terminal import new_session
from thebes.records.library import game_files


def test_a_link_to_a_game_of_the_same_folder_is_not_listed_again(tmp_path: Path) -> None:
    folder, elsewhere = tmp_path / "games", tmp_path / "kept"
    folder.mkdir()
    elsewhere.mkdir()
    new_session(folder).save(folder / "g.json")
    new_session(elsewhere).save(elsewhere / "far.json")
    os.symlink("g.json", folder / "a-link.json")  # sorts before g.json by name
    os.symlink(folder / "g.json", folder / "z-link.json")
    os.symlink(elsewhere / "far.json", folder / "far-link.json")
    os.symlink(elsewhere / "far.json", folder / "far-again.json")
    names = sorted(listed.path.name for listed in game_files(folder))
    assert names == ["far-again.json", "g.json"]
