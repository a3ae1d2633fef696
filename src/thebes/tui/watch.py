"""`thebes watch FILE`: a game being played in another process, followed as it is saved.

The replay viewer (:mod:`thebes.tui.replay`), read-only as ever, opened at the newest action
and reading the file again whenever the process that plays it saves a new one (it is
checked a few times a second while the viewer waits for a key). At the newest action the
view follows the game; a step back stays where it was while the game goes on, and End comes
back to the newest action. Once the game is over it stops following and stays a replay.
It takes no lock and writes nothing: any number of watchers can follow one game. When the
file stops holding the game (changed by someone else, the game's autosave went on in
``NAME-2.json`` beside it: :meth:`Session.save_if_autosaving`), the watcher follows it there.
"""

from __future__ import annotations

import contextlib
from pathlib import Path

from thebes.catalog.components import Catalog
from thebes.language import N_, _
from thebes.records.gamefile import RecordError
from thebes.records.session import Session
from thebes.safeio.saving import Fingerprint, fingerprint
from thebes.safeio.text import printable
from thebes.tui.replay import ReplayViewer
from thebes.tui.story import story
from thebes.tui.terminal import Terminal

POLL_SECONDS = 0.3  # how often the file is looked at while the viewer waits
BESIDE = 20  # the numbered files beside it looked at for the game gone on there
CHANGED = "\x00changed:"  # a prompt's result when the file changed under it
# At most 80 columns, as the replay's keys line.
# TRANSLATORS: keys line: the keys (←, End, h, q) stay as they are; at most 80 columns
WATCH_KEYS = N_("following the game as it is saved · ← back · End newest · h help · q quit")


class GameWatcher(ReplayViewer):
    """The game in ``path`` as it stands, drawn anew at every action saved there."""

    # TRANSLATORS: the title's first word while a game is watched as it is played
    heading = N_("Watching")

    def __init__(self, path: Path, session: Session, catalog: Catalog, terminal: Terminal) -> None:
        super().__init__(session, terminal)
        self.path = path
        self.catalog = catalog
        self.lost = False  # the file cannot be read now
        self.seen = self._versions()
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

    def _file_check(self, _event: object) -> None:
        app = self.prompt.app
        if not self.session.is_over and self._versions() != self.seen and not app.is_done:
            app.exit(result=CHANGED + app.current_buffer.text)

    def _versions(self) -> tuple[Fingerprint | None, ...]:
        """What is looked at for a change: the file, and while it cannot be read, the files
        beside it that the game may go on in."""
        beside = (fingerprint(path) for path in self._beside()) if self.lost else ()
        return (fingerprint(self.path), *beside)

    def _reload(self) -> None:
        """Read the file again; at the newest action, follow the game to its new end. If the
        file no longer holds the game and the game went on in a file beside it, follow it
        there."""
        try:
            session: Session | None = Session.load(self.path, self.catalog)
            problem = ""
        except RecordError as exc:  # gone, or replaced by something else: keep what was read
            session, problem = None, printable(str(exc))
        moved = None if session and same_game(session, self.session) else self._moved_to()
        if moved is not None:
            self.path, session = moved
        self.lost = session is None
        self.seen = self._versions()
        if session is None:
            self.message = _("Cannot read the game now ({problem}); watching on.").format(
                problem=problem
            )
            return
        following = self.position == self.total and self.page == "board"
        self.session, self.story = session, story(session)
        self.position = self.total if following else min(self.position, self.total)
        self.message = self._over() if session.is_over else None
        if moved is not None:
            self.message = _("The game went on in {path}; watching it there.").format(
                path=printable(str(self.path))
            )

    def _beside(self) -> list[Path]:
        """The files the game goes on in when its autosave finds this one changed."""
        stem, suffix = self.path.stem, self.path.suffix
        return [self.path.with_name(f"{stem}-{n}{suffix}") for n in range(2, 2 + BESIDE)]

    def _moved_to(self) -> tuple[Path, Session] | None:
        """The file beside this one that the game went on in, and its game, if there is one."""
        for beside in self._beside():
            if beside.exists():
                with contextlib.suppress(RecordError):
                    session = Session.load(beside, self.catalog)
                    if same_game(session, self.session):
                        return beside, session
        return None

    def _over(self) -> str:
        # TRANSLATORS: q is the key that leaves
        return _("The game is over; the replay keys step through it, {key} leaves.").format(key="q")


def same_game(one: Session, other: Session) -> bool:
    """Whether two sessions are one game, maybe at different actions: the same players,
    seed and setup (drawn from the operating system when there is no seed)."""
    return (one.seats, one.seed, one.setup) == (other.seats, other.seed, other.setup)
