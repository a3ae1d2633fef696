"""When an autosave finds its file changed on disk and the game goes on in a new file beside
it, the game's lock goes with it: the new file is guarded (a second opening is refused)
and the old one is free again (opening it is not refused, and names no holder)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from helpers import CAT
from terminal import new_session
from thebes.records.session import Session
from thebes.safeio.locking import GameInUse, hold_game


def changed_by_hand(path: Path) -> None:
    path.write_text(path.read_text().replace('"take 1"', '"take 1" '))


def test_the_lock_moves_with_the_game_to_its_new_file(tmp_path: Path) -> None:
    path = tmp_path / "g.json"
    new_session(tmp_path).save(path)
    with hold_game(path, "g.json") as lock:
        session = Session.load(path, CAT, autosave=True)
        session.lock = lock
        session.play(session.parse("take 1"))
        changed_by_hand(path)
        session.play(session.legal_actions()[0])
        moved = tmp_path / "g-2.json"
        assert session.autosave == moved and moved.exists()
        assert lock.path == tmp_path / "g-2.json.lock"
        assert f'"pid": {os.getpid()}' in lock.path.read_text()
        assert not (tmp_path / "g.json.lock").exists()
        refused = pytest.raises(GameInUse, match=r"^g-2\.json is open in another thebes")
        with refused, hold_game(moved, "g-2.json"):
            pass
        with hold_game(path, "g.json") as old:  # free, and nobody's lock left behind
            assert old.notice() is None
    assert not (tmp_path / "g-2.json.lock").exists()  # let go when the game ends


def test_a_name_whose_lock_another_game_holds_is_passed_over(tmp_path: Path) -> None:
    path = tmp_path / "g.json"
    new_session(tmp_path).save(path)
    with hold_game(path, "g.json") as lock, hold_game(tmp_path / "g-2.json", "g-2.json"):
        session = Session.load(path, CAT, autosave=True)
        session.lock = lock
        session.play(session.parse("take 1"))
        changed_by_hand(path)
        session.play(session.legal_actions()[0])
        assert session.autosave == tmp_path / "g-3.json"
        assert lock.path == tmp_path / "g-3.json.lock"
        assert not (tmp_path / "g-2.json").exists()
