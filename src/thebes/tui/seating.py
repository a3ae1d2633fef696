"""A table shared by several terminals: what each terminal's view asks of the game's one
authority, and the commands that change at such a table.

At a hot-seat table (:class:`~thebes.tui.table.TerminalGame`) one terminal holds the game and
acts for every person. At a shared one (``thebes host``) the game is held by an authority
(:class:`Seating`, :mod:`thebes.hosting.table`), and each terminal's view
(:class:`~thebes.tui.seatview.SeatView`) draws a copy of it and asks the authority to act:
the authority checks that it is still that seat's turn in the position the view showed (a
stale action is refused, never applied), plays and autosaves, then wakes every view.
"""

from __future__ import annotations

import contextlib
import threading
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Protocol

from rich.console import Group
from rich.text import Text

from thebes.analysis.hints import Hinter
from thebes.records.session import Session
from thebes.rules import Action
from thebes.safeio.saving import SaveError, save_target
from thebes.tui.commands import Commands
from thebes.tui.talk import TableTalk, saved_notice
from thebes.tui.terminal import Terminal

# What a terminal that is not to move may type, as its prompt says it.
WATCHING = "help, log, board, bags, players, rules, say TEXT, quit"


@dataclass(eq=False)
class Place:
    """One terminal's place at a shared table."""

    seat: int | None  # the seat it plays; None: a spectator
    host: bool = False  # the host's own terminal: its files, its commands
    gone: threading.Event = field(default_factory=threading.Event)  # the connection dropped
    version: int = -1  # the table's version the view last drew (any change: a redraw)
    moves: int = -1  # the game's history it last drew (an action chosen on it)
    ended: str | None = None  # why the view must leave the table, said at its terminal
    wakers: list[Callable[[], None]] = field(default_factory=list)  # end a waiting prompt

    def wake(self) -> None:
        """Wake the view's prompts (thread-safe): they redraw, seeing what changed."""
        for waker in self.wakers:
            # A prompt that ends in its own thread meanwhile has no event loop left to
            # wake (prompt_toolkit checks, then uses it): the next prompt sees the change.
            with contextlib.suppress(RuntimeError):
                waker()


@dataclass(eq=False)
class Question:
    """A yes-or-no question for the person at one seat (an undo of their action)."""

    owner: int
    text: str
    answer: bool | None = None
    expired: bool = False  # asked too long, or the game moved on: the answer is no


class Seating(Protocol):
    """The game's authority at a shared table, as a view sees it."""

    def refresh(self, view: Session, place: Place) -> tuple[list[str], str | None]:
        """Bring ``view`` (the view's copy) up to the game as it is; the lines said since
        the place last drew, and what the table waits for (a player disconnected)."""

    def changed(self, place: Place) -> bool:
        """Whether anything changed since ``place`` last drew (read from any thread)."""

    def play(self, place: Place, action: Action) -> str | None:
        """Play ``action`` for the place's seat, in the position it last drew: None when
        played, else why not (not its turn, or the game moved on meanwhile)."""

    def note_hint(self, place: Place) -> str | None:
        """The place's player saw a hint: their next action is recorded as hinted."""

    def question_for(self, place: Place) -> Question | None:
        """A question waiting for the person at the place's seat."""

    def answer(self, question: Question, yes: bool) -> None: ...

    def undo(self, place: Place, waiting: Callable[[str], None]) -> tuple[bool, str]:
        """Take back the last action of a person, asking its owner when it is not the
        place's own (``waiting`` says so at the asker's terminal): done, and what to say."""

    def say(self, place: Place, text: str) -> None:
        """``text`` on every terminal's message line, and in the log."""

    def put_bot(self, place: Place, argument: str) -> tuple[bool, str]:
        """``bot SEAT LEVEL`` from the host: a bot plays that seat from now on."""

    def save_now(self) -> tuple[bool, str]:
        """Save to the game's file now (the host's ``save``)."""

    def notes_for(self, place: Place) -> list[str]:
        """What the host's terminal alone may see (the invites, with their codes): nothing
        for any other place."""

    def game_file(self) -> Path | None:
        """Where the game is autosaved on the host (told to the host's terminal only)."""

    def leave(self, place: Place) -> None:
        """The host leaves: hosting ends for everyone (the game is saved)."""


class SeatCommands(Commands):
    """The commands at one terminal of a shared table: what changes the game goes through
    the authority, and nothing touches the host's files from another terminal."""

    def __init__(
        self,
        session: Session,
        terminal: Terminal,
        talk: TableTalk,
        seating: Seating,
        place: Place,
        *,
        confirm_quit: Callable[[], None],
        ask: Callable[[str], bool],
        hinter: Hinter | None = None,
    ) -> None:
        super().__init__(session, terminal, talk, confirm_quit=confirm_quit, ask=ask, hinter=hinter)
        self.seating = seating
        self.place = place

    def _to_move(self) -> bool:
        seat = self.session.active_seat
        return seat is not None and seat == self.place.seat

    def _hint(self, argument: str) -> None:
        if not self._to_move():
            self.talk.warn("A hint is for the player to move, on their turn, at their terminal.")
            return
        super()._hint(argument)
        if self.session.hint_seen:
            refused = self.seating.note_hint(self.place)
            if refused is not None:
                self.talk.hint = None
                self.talk.warn(refused)

    def _undo(self, _: str) -> None:
        done, said = self.seating.undo(self.place, self._waiting)
        if done:
            self.talk.say(said)
        else:
            self.talk.warn(said)

    def _waiting(self, line: str) -> None:
        self.terminal.say(line)

    def _confirm(self, argument: str) -> None:
        """At a shared table confirmation is each terminal's own: not kept in the file."""
        word = argument.strip().lower()
        if word in ("on", "off"):
            self.session.confirm_enabled = word == "on"
            self.talk.say(f"Confirmation {word} at this terminal.")
        else:
            now = "on" if self.session.confirm_enabled else "off"
            self.talk.say(f"Confirmation is {now}; type 'confirm on' or 'confirm off'.")

    def _save(self, argument: str) -> None:
        if not self.place.host:
            self.talk.warn("Only the host saves: the game is saved on the host after every action.")
            return
        game_file = self.seating.game_file()
        with contextlib.suppress(SaveError):
            if argument and game_file is not None and save_target(argument) == game_file:
                argument = ""  # the game's own file is written by the authority alone
        if argument:
            super()._save(argument)  # a copy, written from the view's copy of the game
            return
        done, said = self.seating.save_now()
        if done:
            self.talk.say(said)
        else:
            self.talk.warn(said)

    def _say(self, argument: str) -> None:
        if not argument.strip():
            self.talk.warn("say TEXT: the text goes to everyone at the table.")
            return
        self.seating.say(self.place, argument)

    def _invites(self, _: str) -> None:
        notes = self.seating.notes_for(self.place)
        if not notes:
            self.talk.warn("Only the host sees how friends join: ask the host for your code.")
            return
        game_file = self.seating.game_file()
        if game_file is not None:
            notes.append(saved_notice(game_file))
        self._page(Group(*(Text(line) for line in notes)))

    def _bot(self, argument: str) -> None:
        if not self.place.host:
            self.talk.warn("Only the host puts a bot in a seat.")
            return
        done, said = self.seating.put_bot(self.place, argument)
        if not done:
            self.talk.warn(said)
