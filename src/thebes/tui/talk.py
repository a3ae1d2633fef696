"""What the table is told: the game's story in plain words (the log), the one message
shown under the screen until the next line is typed, and the hint the player to move asked
for."""

from __future__ import annotations

from pathlib import Path

from rich.text import Text

from thebes.analysis.hints import Hint
from thebes.records.session import Session
from thebes.rules import GameState
from thebes.safeio.text import printable
from thebes.tui.prompting import shown_path
from thebes.tui.story import Told, since_last_turn, story, told


class TableTalk:
    """The log and the current message of a game at the terminal."""

    def __init__(self, session: Session, *, colour: bool) -> None:
        self.session = session
        self.colour = colour
        names = [s.name for s in session.seats]
        everyone = ", ".join(names[:-1]) + " and " + names[-1]
        self.log = [f"{everyone} set out from Warsaw; {names[0]} moves first."]
        self.log += [log_line(t) for t in story(session)]
        self.message: Text | None = None
        if session.autosave is not None:
            saved = SAVED.format(printable(str(session.autosave)))
            self.log.insert(0, saved)
            # On screen in one row at 80 columns, where the events need every row: the
            # folder shortened (the log, the quit question and the farewell say it whole).
            self.say(saved_notice(session.autosave))
        self.save_trouble: str | None = None  # the autosave failure the table was told of
        # The last hint worked out and the position it is for: shown while that position
        # is on the board (the player's turn), in the events' place.
        self.hint: tuple[GameState, tuple[Hint, ...]] | None = None

    def say(self, text: str) -> None:
        self.message = Text(printable(text))

    def warn(self, text: str) -> None:
        # Messages may quote what was typed or read: never let a control code through.
        self.message = Text(printable(text), style="bold red" if self.colour else "bold")

    def tell_last_step(self) -> None:
        """Add the action just played to the log."""
        self.log.append(log_line(told(self.session, self.session.steps[-1], self.session.state)))

    def events(self) -> tuple[str, list[Told]]:
        """What the events panel shows, and its title: for a person whose turn it is, the
        actions since their last turn; otherwise the latest actions."""
        session = self.session
        seat = session.active_seat
        if seat is None or session.seats[seat].is_bot:
            return "Last events", story(session)
        name = session.seats[seat].name
        acted = any(step.record.player == name for step in session.steps)
        return (f"{name}'s last turn and since" if acted else "So far"), since_last_turn(
            session, seat
        )

    def after_autosave(self) -> None:
        """Tell the table when an autosave fails (the game goes on), and when saving works
        again."""
        moved, self.session.save_moved = self.session.save_moved, None
        if moved is not None:  # the file was changed by another process
            self.log.append(f"Not overwritten: {printable(moved)}.")
            self.warn(f"Not overwritten: {printable(moved)}.")
        problem = self.session.save_problem
        if problem is not None:
            if problem != self.save_trouble:
                self.log.append(f"Not saved: {problem}.")
            self.warn(
                f"Not saved: {problem}. The game goes on and is saved again after the next "
                "action; 'save PATH' saves it elsewhere."
            )
        elif self.save_trouble is not None:
            where = printable(str(self.session.autosave))
            self.log.append(f"Saved again in {where}.")
            self.say(f"Saved again in {where}.")
        self.save_trouble = problem


SAVED = "Saved after every action in {}."
NOTICE_CELLS = 79  # an 80-column terminal's row, less the cursor's cell


def saved_notice(path: Path) -> str:
    """Where the game is autosaved, in at most one row of 80 columns: the whole path if it
    fits, else under ``~`` for the home folder, else its last parts after ``…/``."""
    room = NOTICE_CELLS - len(SAVED.format(""))
    whole = printable(str(path))
    if len(whole) > room:
        whole = shown_path(path)
    parts = printable(path.name)
    for part in reversed(path.parent.parts[1:]):
        if len(whole) <= room or len(f"…/{part}/{parts}") > room:
            break
        parts = f"{printable(part)}/{parts}"
    return SAVED.format(whole if len(whole) <= room else f"…/{parts}")


def log_line(entry: Told) -> str:
    return f"{entry.when} {entry.text}"
