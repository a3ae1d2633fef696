"""The game's file at a table: saved again when the host asks, and the autosave's troubles
(a save that failed, one that works again, a file changed elsewhere) told once each as news
for the host's terminal. The table calls it under its lock."""

from __future__ import annotations

from pathlib import Path

from thebes.records.session import Session
from thebes.safeio.saving import SaveError
from thebes.table.news import Journal, SavedAgain, SaveFailed, SaveMoved
from thebes.table.refusals import Refusal, Refused


class Filing:
    """What the table last told of the game's autosave, so that each trouble is news once."""

    def __init__(self, session: Session) -> None:
        self.session = session
        self._trouble: str | None = session.save_problem  # the autosave's problem, as told

    def save(self, path: Path | None) -> tuple[Path | None, Refused | None]:
        """The game saved to ``path`` (None: its own file): the file written, or why not.
        While the autosave fails, a copy that works becomes the game's file."""
        session = self.session
        target = path or session.autosave
        if target is None:
            return None, Refused(Refusal.NO_FILE)
        try:
            written = session.save(target)
        except SaveError as exc:
            return None, Refused(Refusal.NOT_SAVED, detail=str(exc))
        if path is not None and session.save_problem is not None:
            session.autosave = path
        if path is None or session.autosave == path:
            session.save_problem = self._trouble = None
        return written, None

    def after_autosave(self, journal: Journal) -> None:
        """A failed autosave (or one that works again) is news for the host's terminal."""
        session = self.session
        moved, session.save_moved = session.save_moved, None
        if moved is not None:
            journal.publish(SaveMoved(moved))
        problem = session.save_problem
        if problem is not None and problem != self._trouble:
            journal.publish(SaveFailed(problem))
        elif problem is None and self._trouble is not None and session.autosave:
            journal.publish(SavedAgain(session.autosave))
        self._trouble = problem
