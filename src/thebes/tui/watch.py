"""`thebes watch FILE`: a game being played in another process, followed as it is saved.

The replay viewer (:mod:`thebes.tui.replay`), read-only as ever, opened at the newest action
and reading the file again whenever the process that plays it saves a new one (it is
checked a few times a second while the viewer waits for a key). At the newest action the
view follows the game; a step back stays where it was while the game goes on, and End comes
back to the newest action. Once the game is over it stops following and stays a replay.
It takes no lock and writes nothing: any number of watchers can follow one game.
"""

from __future__ import annotations

from pathlib import Path

from thebes.catalog.components import Catalog
from thebes.records.gamefile import RecordError
from thebes.records.session import Session
from thebes.safeio.saving import fingerprint
from thebes.safeio.text import printable
from thebes.tui.replay import ReplayViewer
from thebes.tui.story import story
from thebes.tui.terminal import Terminal

POLL_SECONDS = 0.3  # how often the file is looked at while the viewer waits
CHANGED = "\x00changed:"  # a prompt's result when the file changed under it
# At most 80 columns, as the replay's keys line.
WATCH_KEYS = "following the game as it is saved · ← back · End newest · h help · q quit"


class GameWatcher(ReplayViewer):
    """The game in ``path`` as it stands, drawn anew at every action saved there."""

    heading = "Watching"

    def __init__(self, path: Path, session: Session, catalog: Catalog, terminal: Terminal) -> None:
        super().__init__(session, terminal)
        self.path = path
        self.catalog = catalog
        self.seen = fingerprint(path)
        self.position = self.total
        self.keys = WATCH_KEYS
        self.typed = ""  # what was typed when the file changed under the prompt
        self.message = self._over() if session.is_over else None

    def run(self) -> None:
        with self.terminal.full_screen(), self.terminal.prompting():
            self.prompt.app.before_render += self._file_check
            while True:
                self._draw()
                try:
                    text = self.prompt.prompt(
                        f"watch {self.position}/{self.total} > ",
                        default=self.typed,
                        refresh_interval=None if self.session.is_over else POLL_SECONDS,
                    )
                except (KeyboardInterrupt, EOFError):
                    return
                self.typed = ""
                if text.startswith(CHANGED):
                    self.typed = text[len(CHANGED) :]
                    self._reload()
                elif not self._command(text):
                    return

    def _file_check(self, _: object) -> None:
        app = self.prompt.app
        if not self.session.is_over and fingerprint(self.path) != self.seen and not app.is_done:
            app.exit(result=CHANGED + app.current_buffer.text)

    def _reload(self) -> None:
        """Read the file again; at the newest action, follow the game to its new end."""
        self.seen = fingerprint(self.path)
        try:
            session = Session.load(self.path, self.catalog)
        except RecordError as exc:  # gone, or replaced by something else: keep what was read
            self.message = f"Cannot read the game now ({printable(str(exc))}); watching on."
            return
        following = self.position == self.total and self.page == "board"
        self.session, self.story = session, story(session)
        self.position = self.total if following else min(self.position, self.total)
        self.message = self._over() if session.is_over else None

    def _over(self) -> str:
        return "The game is over; the replay keys step through it, q leaves."
