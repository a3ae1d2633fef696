"""A game file whose date changed but whose content did not (a `touch`, a copy of the same
bytes over it) is still the game's own file: the next autosave writes it, not a new file
beside it. A change of content is still refused."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

from helpers import CAT
from terminal import new_session
from thebes.records.session import Session


def test_a_touched_game_file_is_saved_to_as_before(tmp_path: Path) -> None:
    path = tmp_path / "g.json"
    new_session(tmp_path).save(path)
    session = Session.load(path, CAT, autosave=True)
    os.utime(path, (1_000_000_000, 1_000_000_000))  # touched after it was read
    session.play(session.parse("take 1"))
    os.utime(path)  # touched after it was written
    session.play(session.legal_actions()[0])
    assert session.autosave == path and session.save_moved is None
    assert len(Session.load(path, CAT).steps) == 2
    assert sorted(p.name for p in tmp_path.iterdir()) == ["g.json"]


def test_the_same_bytes_copied_over_it_change_nothing_but_other_bytes_do(
    tmp_path: Path,
) -> None:
    path = tmp_path / "g.json"
    session = new_session(tmp_path)
    session.play(session.parse("take 1"))
    shutil.copyfile(path, tmp_path / "copy")
    os.replace(tmp_path / "copy", path)  # a new inode with the same bytes
    session.play(session.legal_actions()[0])
    assert session.autosave == path
    path.write_text(path.read_text() + " ")  # one more byte: another file now
    session.play(session.legal_actions()[0])
    assert session.autosave == tmp_path / "g-2.json"
