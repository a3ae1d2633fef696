"""What the table at a terminal is told: the game's story in plain words with the table's
news (the log), the one message shown under the screen until the next line is typed or the
next action is played, and the hint the player to move asked for."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from rich.text import Text

from thebes.analysis.hints import Hint
from thebes.language import N_, _, place_name
from thebes.records.view import GameView
from thebes.rules import GameState
from thebes.safeio.text import printable
from thebes.table.news import BOUNDED, COMINGS, ActionPlayed, News, bounded_kind
from thebes.tui.news import is_warning, log_lines, news_line
from thebes.tui.prompting import shown_path
from thebes.tui.story import Told, since_last_turn, story, told


class TableTalk:
    """The log and the current message of a game at one terminal."""

    def __init__(
        self,
        session: GameView,
        journal: Sequence[News] = (),
        *,
        colour: bool,
        keyboard: bool = True,
    ) -> None:
        self.session = session
        self.colour = colour
        names = [s.name for s in session.seats]
        # TRANSLATORS: the players: {first} is the names but the last, with commas
        everyone = _("{first} and {last}").format(first=", ".join(names[:-1]), last=names[-1])
        self.log = [
            _("{everyone} set out from {city}; {name} moves first.").format(
                everyone=everyone, city=place_name("Warsaw"), name=names[0]
            )
        ]
        # Which of the bounded kinds of news (thebes.table.news.BOUNDED: lines said, terminals
        # coming and going) each line of the log tells, if any: the log keeps as many of
        # each as a journal does, the newest, however long the terminal stays.
        self._kinds: list[tuple[type, ...] | None] = [None]
        self._counts = dict.fromkeys(BOUNDED, 0)
        self.logged = 1  # the lines ever logged here, those let go with them
        for news in journal:
            self._log(news)
        self.message: Text | None = None
        self.own = False  # the message answers what was typed here, and is not drawn yet
        if keyboard and session.autosave is not None:
            saved = _(SAVED).format(path=printable(str(session.autosave)))
            self.log.insert(0, saved)
            self._kinds.insert(0, None)
            self.logged += 1
            # On screen in one row at 80 columns, where the events need every row: the
            # folder shortened (the log, the quit question and the farewell say it whole).
            self.say(saved_notice(session.autosave))
        # The last hint worked out and the position it is for: shown while that position
        # is on the board (the player's turn), in the events' place.
        self.hint: tuple[GameState, tuple[Hint, ...]] | None = None

    def say(self, text: str) -> None:
        self.message = Text(printable(text))
        self.own = True

    def warn(self, text: str) -> None:
        # Messages may quote what was typed or read: never let a control code through.
        self.message = Text(printable(text), style=self._warning)
        self.own = True

    @property
    def _warning(self) -> str:
        return "bold red" if self.colour else "bold"

    def hear(self, news: list[News], reader: frozenset[int]) -> None:
        """What the table published since this terminal last looked: into the log, and on
        the message line the newest that has something to say there (a move clears what was
        said before this look: nothing stays on under later moves). The answer to what was just
        typed here, not drawn yet, stays, with the news under it."""
        answer = self.message if self.own else None
        lines: list[Text] = []
        moved = False
        for item in news:
            self._log(item)
            line = news_line(item, self.session.seats, reader)
            if line is not None:
                lines.append(Text(printable(line), style=self._warning if is_warning(item) else ""))
            elif isinstance(item, ActionPlayed):
                moved = True  # what was said before this look goes; this look's news stays
        # Two lines at most: what came together is seen together, a flood is not.
        shown = ([answer] if answer is not None else []) + lines[-(1 if answer else 2) :]
        if shown and (lines or answer is None):
            self.message = Text("\n").join(shown)
        elif moved and answer is None:
            self.message = None
        self.own = False

    def _log(self, news: News) -> None:
        if isinstance(news, ActionPlayed):
            lines = [log_line(told(self.session, news.step, news.after))]
        else:
            lines = log_lines(news, self.session.seats)
        kind = bounded_kind(news)
        for line in lines:
            self.log.append(line)
            self._kinds.append(kind)
            self.logged += 1
            if kind is not None:
                self._counts[kind] += 1
                if self._counts[kind] > BOUNDED[kind]:  # the oldest of its kind goes
                    oldest = self._kinds.index(kind)
                    del self.log[oldest], self._kinds[oldest]
                    self._counts[kind] -= 1

    def since(self, logged: int) -> list[str]:
        """The lines logged after the first ``logged`` (those still kept)."""
        fresh = self.logged - logged
        return self.log[-fresh:] if fresh > 0 else []

    def latest(self, count: int) -> list[str]:
        """The log's last ``count`` lines of the game and of what was said, leaving out
        terminals coming and going (a screen reader's catch-up on joining: a dozen arrivals
        and drops would come before the position)."""
        kept = [
            line for line, kind in zip(self.log, self._kinds, strict=True) if kind is not COMINGS
        ]
        return kept[-count:]

    def events(self) -> tuple[str, list[Told]]:
        """What the events panel shows, and its title: for a person whose turn it is, the
        actions since their last turn; otherwise the latest actions."""
        session = self.session
        seat = session.active_seat
        if seat is None or session.seats[seat].is_bot:
            return _("Last events"), story(session)
        name = session.seats[seat].name
        acted = any(step.record.player == name for step in session.steps)
        # TRANSLATORS: a panel's title: the actions since {name}'s last turn, that one included
        since = _("{name}'s last turn and since").format(name=name)
        title = since if acted else _("So far")
        return title, since_last_turn(session, seat)


SAVED = N_("Saved after every action in {path}.")
NOTICE_CELLS = 79  # an 80-column terminal's row, less the cursor's cell


def saved_notice(path: Path) -> str:
    """Where the game is autosaved, in at most one row of 80 columns: the whole path if it
    fits, else under ``~`` for the home folder, else its last parts after ``…/``."""
    room = NOTICE_CELLS - len(_(SAVED).format(path=""))
    whole = printable(str(path))
    if len(whole) > room:
        whole = shown_path(path)
    parts = printable(path.name)
    for part in reversed(path.parent.parts[1:]):
        if len(whole) <= room or len(f"…/{part}/{parts}") > room:
            break
        parts = f"{printable(part)}/{parts}"
    return _(SAVED).format(path=whole if len(whole) <= room else f"…/{parts}")


def log_line(entry: Told) -> str:
    return f"{entry.when} {entry.text}"
