"""`thebes watch FILE` follows a game that another process plays: it shows the table as it
stands, draws it again when the other process saves an action, never writes the file, and
works while the game is open (and locked) elsewhere."""

from __future__ import annotations

import io
import os
import subprocess
import sys
import threading
from pathlib import Path

from prompt_toolkit.input import create_pipe_input

from helpers import WAIT_SECONDS, wait_until
from terminal import new_session, text_terminal
from thebes.cli.main import main

# Another process plays two actions on the file, through its autosave.
PLAY_TWO = """
import sys
from pathlib import Path
from thebes.catalog.loading import default_catalog
from thebes.records.session import Session
session = Session.load(Path(sys.argv[1]), default_catalog(), autosave=True)
for _ in range(2):
    session.play(session.legal_actions()[0])
"""


def test_the_watcher_draws_the_table_again_when_another_process_saves(tmp_path: Path) -> None:
    path = tmp_path / "g.json"
    new_session(tmp_path).save(path)
    out = io.StringIO()
    seen: list[str] = []

    def until(text: str) -> None:
        wait_until(lambda: text in out.getvalue(), f"the watcher to show {text!r}")
        seen.append(text)

    with create_pipe_input() as keys:

        def other_window() -> None:
            try:
                until("Watching — action 0 of 0")
                before = path.read_bytes()
                played = subprocess.run(
                    [sys.executable, "-c", PLAY_TWO, str(path)], env=os.environ, check=False
                )
                assert played.returncode == 0
                assert path.read_bytes() != before
                until("Watching — action 2 of 2")
            finally:
                keys.send_text("q\n")

        helper = threading.Thread(target=other_window)
        helper.start()
        terminal = text_terminal(out, (80, 24), keys)
        code = main(["watch", str(path)], terminal)
        helper.join(WAIT_SECONDS)
    assert code == 0
    assert seen == ["Watching — action 0 of 0", "Watching — action 2 of 2"]
    screen = out.getvalue().rsplit("Watching — action 2 of 2", 1)[1]
    assert "2: Bob — " in screen  # the step line of the newest action, Bob's
    assert not (tmp_path / "g.json.lock").exists()  # a watcher takes no lock


def test_the_watcher_shows_a_game_that_is_locked_elsewhere(tmp_path: Path) -> None:
    from thebes.safeio.locking import hold_game

    path = tmp_path / "g.json"
    new_session(tmp_path).save(path)
    before = path.read_bytes()
    out = io.StringIO()
    with hold_game(path, "g.json"), create_pipe_input() as keys:
        keys.send_text("q\n")
        assert main(["watch", str(path)], text_terminal(out, (80, 24), keys)) == 0
        assert main(["replay", str(path)], text_terminal(out, (80, 24))) == 0
    assert "Watching — action 0 of 0" in out.getvalue()
    assert "Replay — action 0 of 0" in out.getvalue()
    assert path.read_bytes() == before
