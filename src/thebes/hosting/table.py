"""The hosted table: one game played from several terminals, held by the host.

:class:`HostedTable` is the game's one authority (:class:`~thebes.tui.seating.Seating`):
every action, undo and seat change is made under its condition, autosaved there, and then
every view is woken to redraw. Each terminal (the host's own, and one per connection) runs
its view in :meth:`HostedTable.attach`, in a thread of its own; the bots play in
:meth:`HostedTable.run_bots`. Nothing a remote view does reads or writes the host's files:
the game file is written by the authority alone.
"""

from __future__ import annotations

import copy
import threading
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path

from thebes.bots import Player, make_bot
from thebes.bots.levels import BOT_LEVELS
from thebes.records.session import Session, Step
from thebes.rules import Action, IllegalAction
from thebes.safeio.locking import GameLock
from thebes.safeio.saving import SaveError, save_target
from thebes.safeio.text import clipped, printable, shown, whole_number
from thebes.tui.seating import Place, Question
from thebes.tui.seatview import SeatView
from thebes.tui.table import BOT_PAUSE_SECONDS
from thebes.tui.talk import TableTalk
from thebes.tui.terminal import Terminal

UNDO_WAIT_SECONDS = 30.0  # how long an undo waits for its owner's yes before it is a no
MAX_SAY = 200  # characters of a `say` line: a paste of a page is cut, not broadcast
KEPT_NEWS = 32  # lines said kept for views that have not drawn them yet


class HostedTable:
    """One game, shared by the terminals attached to it."""

    def __init__(self, session: Session, lock: GameLock | None, *, fast: bool = False) -> None:
        self.session = session
        self.lock = lock  # held by whoever hosts, for as long as the table is open
        self.fast = fast
        self.undo_wait = UNDO_WAIT_SECONDS
        # What the host's terminal alone may see (how friends join, their codes): set by
        # whoever hosts, before attaching the host's terminal.
        self.host_notes: list[str] = []
        self._cond = threading.Condition()
        self._version = 0  # any change: every view redraws
        self._moves = 0  # a change of the game's history: an action drawn before is stale
        self._news: list[tuple[int, str, bool]] = []  # (version, line, for the host only)
        self._over = threading.Event()
        self._closed = False
        self._places: dict[int, Place] = {}  # the live attachment of each seat
        self._joined: set[int] = set()  # seats that were ever attached
        self._watchers: list[Place] = []
        self._questions: dict[int, Question] = {}
        self._bots: dict[int, Player] = {
            seat: make_bot(s.bot, session.seed, seat, session.expert_budget)
            for seat, s in enumerate(session.seats)
            if s.bot is not None
        }
        # The table's log, shared by every view; the host's path is not in it.
        self.talk = TableTalk(session, colour=False)
        if session.autosave is not None:
            self.talk.log.pop(0)
        self.talk.message = None
        if session.is_over:
            self._over.set()

    # ------------------------------------------------------------ the contract

    @property
    def seat_names(self) -> list[str]:
        return [seat.name for seat in self.session.seats]

    def person_seats(self) -> list[int]:
        return [number for number, seat in enumerate(self.session.seats) if not seat.is_bot]

    @property
    def over(self) -> threading.Event:
        """Set once the game has ended, or the host ended hosting."""
        return self._over

    def attach(
        self,
        terminal: Terminal,
        seat: int | None,
        gone: threading.Event,
        *,
        host: bool = False,
    ) -> None:
        """Run ``terminal``'s view of the table (``seat`` None: a spectator; ``host``: the
        host's own terminal) until the game is over, the person leaves, ``gone`` is set or
        the terminal's input ends. A second attachment for a seat replaces the first."""
        if not host:
            terminal = replace(terminal, pager=False)  # `less` runs at the host's terminal only
        place = Place(seat, host, gone)
        with self._cond:
            view = copy.copy(self.session)
            view.autosave = None  # a view never writes the game's file: the authority does
            self._join(place)
        finished = threading.Event()
        threading.Thread(target=self._watch_gone, args=(place, finished), daemon=True).start()
        try:
            SeatView(self, view, terminal, place, self.talk.log).run()
        except (EOFError, OSError):
            pass  # the connection dropped: the game is saved, the seat waits
        finally:
            finished.set()
            with self._cond:
                self._part(place)

    def run_bots(self, stop: threading.Event) -> None:
        """Play the bots' turns until the game ends, hosting ends or ``stop`` is set."""
        while True:
            with self._cond:
                self._cond.wait_for(
                    lambda: stop.is_set() or self._closed or self._bot_to_move() is not None,
                    timeout=0.2,
                )
                seat = self._bot_to_move()
                if stop.is_set() or self._closed or self.session.is_over:
                    return
                if seat is None:
                    continue
                state, legal, moves = self.session.state, self.session.legal_actions(), self._moves
                bot = self._bots[seat]
            action = bot.choose(state, legal)  # outside the lock: the views go on drawing
            with self._cond:
                if self._moves == moves and not self._closed:
                    self._play(action)
            if not self.fast:
                stop.wait(BOT_PAUSE_SECONDS)

    def disconnected(self, seat: int) -> None:
        """The seat's connection dropped: its view ends, the table says so and waits."""
        with self._cond:
            place = self._places.get(seat)
            if place is not None:
                place.ended = "The connection dropped; the seat waits for you."
                self._part(place)

    # ------------------------------------------------------------ the views' side

    def refresh(self, view: Session, place: Place) -> tuple[list[str], str | None]:
        with self._cond:
            confirm = view.confirm_enabled  # each terminal's own (`confirm off`)
            view.__dict__.update(self.session.__dict__)
            view.steps, view.seats = list(self.session.steps), list(self.session.seats)
            view.autosave, view.confirm_enabled = None, confirm
            said = [
                line
                for version, line, host_only in self._news
                if version > place.version and (place.host or not host_only)
            ]
            place.version, place.moves = self._version, self._moves
            return said, self._waiting_for(place)

    def changed(self, place: Place) -> bool:
        return place.version != self._version or place.ended is not None

    def play(self, place: Place, action: Action) -> str | None:
        with self._cond:
            session = self.session
            seat = session.active_seat
            if self._closed or seat is None:
                return "Not played: the table is closed."
            if place.moves != self._moves:
                return "Not played: the game changed before your action arrived. Look again."
            if seat != place.seat or session.seats[seat].is_bot:
                return f"Not played: it is {session.seats[seat].name}'s turn."
            if action not in session.legal_actions():
                return "Not played: not legal now."
            self._play(action)
            return None

    def note_hint(self, place: Place) -> str | None:
        with self._cond:
            if place.moves != self._moves or self.session.active_seat != place.seat:
                return "No hint: the game changed meanwhile. Ask again."
            self.session.note_hint()
            return None

    def question_for(self, place: Place) -> Question | None:
        with self._cond:
            question = self._questions.get(place.seat) if place.seat is not None else None
            if question is None or question.expired or question.answer is not None:
                return None
            return question

    def answer(self, question: Question, yes: bool) -> None:
        with self._cond:
            if not question.expired:
                question.answer = yes
                self._cond.notify_all()

    def undo(self, place: Place, waiting: Callable[[str], None]) -> tuple[bool, str]:
        with self._cond:
            session = self.session
            if place.seat is None:
                return False, "Spectators take nothing back."
            try:
                taken = session.undo_steps()
            except IllegalAction as exc:
                return False, f"{str(exc)[0].upper()}{str(exc)[1:]}."
            owner_name = taken[-1].record.player
            owner = self.seat_names.index(owner_name)
            asker = session.seats[place.seat].name
            if owner != place.seat:
                refused = self._ask_owner(owner, asker, taken, waiting)
                if refused is not None:
                    return False, refused
            taken = session.undo()
            said = [f"{step.record.player}'s '{step.record.action}'" for step in taken]
            self.talk.log.extend(f"Undo: {what} is taken back." for what in said)
            who = session.seats[session.active_seat or 0].name
            line = f"{asker} took back {', then '.join(reversed(said))}. {who} to play."
            self._moves += 1
            self._changed(line)
            self._after_autosave()
            return True, line

    def _ask_owner(
        self, owner: int, asker: str, taken: list[Step], waiting: Callable[[str], None]
    ) -> str | None:
        """Ask the person at seat ``owner`` whether ``asker`` may take back their action;
        None if they agreed in time and nothing changed meanwhile, else why not. Called
        with the condition held (it is let go while the question waits)."""
        name = self.seat_names[owner]
        if owner not in self._places:
            return f"Nothing taken back: {name} is not at the table to agree."
        if owner in self._questions:
            return f"Nothing taken back: {name} is being asked something already."
        after = [f"{s.record.player}'s '{s.record.action}'" for s in reversed(taken[:-1])]
        also = f" (and {', '.join(after)} after it)" if after else ""
        text = f"{asker} asks to take back your '{taken[-1].record.action}'{also}. Agree? [y/N]"
        question = Question(owner, text)
        self._questions[owner] = question
        moves = self._moves
        self._changed()
        waiting(f"Asked {name}; waiting up to {self.undo_wait:.0f} seconds for their answer…")
        self._cond.wait_for(
            lambda: question.answer is not None or self._moves != moves or self._closed,
            timeout=self.undo_wait,
        )
        question.expired = question.answer is None
        del self._questions[owner]
        self._changed()
        if not question.answer:
            return f"Nothing taken back: {name} did not agree."
        if self._moves != moves or self._closed:
            return "Nothing taken back: the game changed meanwhile."
        return None

    def say(self, place: Place, text: str) -> None:
        with self._cond:
            if place.seat is not None:
                who = self.seat_names[place.seat]
            else:
                who = "The host" if place.host else "A spectator"
            # As typed, every control code written out (a line, never a terminal command).
            line = f"{who} says: {printable(clipped(' '.join(text.split()), MAX_SAY))}"
            self.talk.log.append(line)
            self._changed(line)

    def put_bot(self, place: Place, argument: str) -> tuple[bool, str]:
        words = argument.split()
        levels = ", ".join(BOT_LEVELS)
        usage = f"Type bot SEAT LEVEL: SEAT a number or a name, LEVEL one of {levels}."
        if not place.host:
            return False, "Only the host puts a bot in a seat."
        if len(words) != 2 or words[1].lower() not in BOT_LEVELS:
            return False, usage
        with self._cond:
            seat = self._seat_named(words[0])
            if seat is None:
                return False, f"No seat {shown(clipped(words[0]))}. {usage}"
            level = words[1].lower()
            try:
                self.session.put_bot(seat, level)
            except IllegalAction as exc:
                return False, f"{str(exc)[0].upper()}{str(exc)[1:]}."
            session = self.session
            self._bots[seat] = make_bot(level, session.seed, seat, session.expert_budget)
            article = "an" if level[0] in "aeiou" else "a"
            line = f"The host put {article} {level} bot in {self.seat_names[seat]}'s seat."
            self.talk.log.append(line)
            self._moves += 1
            self._changed(line)
            self._after_autosave()
            return True, line

    def save_now(self) -> tuple[bool, str]:
        with self._cond:
            if self.session.autosave is None:
                return False, "This game has no save file: it is hosted without one."
            try:
                self.session.save(self.session.autosave)
            except SaveError as exc:
                return False, f"Not saved: {exc}."
            return True, f"Saved to {printable(str(self.session.autosave))}."

    def notes_for(self, place: Place) -> list[str]:
        return list(self.host_notes) if place.host else []

    def game_file(self) -> Path | None:
        path = self.session.autosave
        if path is None:
            return None
        try:
            return save_target(path)
        except SaveError:
            return path

    def leave(self, place: Place) -> None:
        """The host leaves: hosting ends for everyone."""
        if place.host:
            self.close(but=place)

    def wait_for_views(self, timeout: float) -> bool:
        """Until every terminal attached has let go of the table (at the game's end each
        shows the final table first), at most ``timeout`` seconds: whether they all did."""
        with self._cond:
            return self._cond.wait_for(lambda: not self._places and not self._watchers, timeout)

    def close(self, *, but: Place | None = None) -> None:
        """End hosting (the host quit, or the hosting process is ending): every view but
        ``but`` leaves, saying why; ``over`` is set. The game is saved as it is."""
        with self._cond:
            self._closed = True
            for other in [*self._places.values(), *self._watchers]:
                if other is not but:
                    other.ended = "The host ended the table; the game is saved on the host."
            self._over.set()
            self._changed()

    # ------------------------------------------------------------ inside the lock

    def _play(self, action: Action) -> None:
        self.session.play(action)
        self.talk.tell_last_step()
        self._moves += 1
        if self.session.is_over:
            self._over.set()
        self._changed()
        self._after_autosave()

    def _after_autosave(self) -> None:
        """An autosave that failed (or works again) is told to the host's terminal only."""
        self.talk.message = None
        self.talk.after_autosave()
        if self.talk.message is not None:
            self._changed(self.talk.message.plain, host_only=True)

    def _changed(self, line: str | None = None, *, host_only: bool = False) -> None:
        self._version += 1
        if line is not None:
            self._news = [*self._news[-KEPT_NEWS:], (self._version, line, host_only)]
        self._cond.notify_all()
        for place in [*self._places.values(), *self._watchers]:
            place.wake()

    def _join(self, place: Place) -> None:
        seat = place.seat
        if seat is None:
            self._watchers.append(place)
        else:
            earlier = self._places.get(seat)
            if earlier is not None:
                earlier.ended = "Your seat was taken over from elsewhere."
                earlier.wake()
            self._places[seat] = place
            self._joined.add(seat)
        self._changed()

    def _part(self, place: Place) -> None:
        if place.seat is None:
            if place in self._watchers:
                self._watchers.remove(place)
        elif self._places.get(place.seat) is place:
            del self._places[place.seat]
            question = self._questions.get(place.seat)
            if question is not None:
                question.expired = True
        place.wake()
        self._changed()

    def _bot_to_move(self) -> int | None:
        seat = self.session.active_seat
        return seat if seat is not None and seat in self._bots else None

    def _waiting_for(self, place: Place) -> str | None:
        """What the table waits for, when the person to move has no terminal attached."""
        seat = self.session.active_seat
        if seat is None or seat == place.seat or seat in self._bots or seat in self._places:
            return None
        name = self.seat_names[seat]
        if seat in self._joined:
            line = f"{name} is disconnected; waiting for {name} to come back."
        else:
            line = f"Waiting for {name} to join."
        if place.host:
            line += f" 'bot {seat + 1} greedy' puts a bot in the seat."
        return line

    def _seat_named(self, word: str) -> int | None:
        number = whole_number(word, digits=1)
        if number is not None:
            return number - 1 if 1 <= number <= len(self.seat_names) else None
        names = [name.lower() for name in self.seat_names]
        return names.index(word.lower()) if word.lower() in names else None

    def _watch_gone(self, place: Place, finished: threading.Event) -> None:
        """Wake the view once its connection is gone (its prompt then ends)."""
        while not finished.is_set():
            if place.gone.wait(0.25):
                place.ended = place.ended or "The connection dropped."
                place.wake()
                return
