"""A watcher whose file stops holding the game (broken by hand, say) while the game's own
window goes on in a file beside it (``g-2.json``, as its autosave does) says in one line
where the game went on and follows it there."""

from __future__ import annotations

import io
from pathlib import Path

from helpers import CAT
from terminal import new_session, text_terminal
from thebes.records.session import Session
from thebes.tui.watch import GameWatcher


def test_the_watcher_follows_the_game_to_the_file_it_went_on_in(tmp_path: Path) -> None:
    path = tmp_path / "g.json"
    new_session(tmp_path).save(path)
    player = Session.load(path, CAT, autosave=True)
    player.play(player.parse("take 1"))
    watcher = GameWatcher(path, Session.load(path, CAT), CAT, text_terminal(io.StringIO()))
    assert watcher.total == 1

    path.write_text("{ broken by hand")
    watcher._reload()
    assert watcher.message is not None
    assert watcher.message.startswith("Cannot read the game now (")

    player.play(player.legal_actions()[0])  # its autosave finds g.json changed: g-2.json
    moved = tmp_path / "g-2.json"
    assert player.autosave == moved
    assert watcher._versions() != watcher.seen  # the new file beside it is noticed
    watcher._reload()
    assert watcher.message == f"The game went on in {moved}; watching it there."
    assert watcher.path == moved and watcher.total == 2

    player.play(player.legal_actions()[0])  # and it follows the game on there
    assert watcher._versions() != watcher.seen
    watcher._reload()
    assert watcher.total == 3 and watcher.message is None


def test_a_different_game_beside_it_is_not_taken_for_the_watched_one(tmp_path: Path) -> None:
    path = tmp_path / "g.json"
    new_session(tmp_path, seed=7).save(path)
    new_session(tmp_path, seed=8).save(tmp_path / "g-2.json")  # another game
    watcher = GameWatcher(path, Session.load(path, CAT), CAT, text_terminal(io.StringIO()))
    path.unlink()
    watcher._reload()
    assert watcher.path == path
    assert watcher.message is not None and watcher.message.startswith("Cannot read the game now")
