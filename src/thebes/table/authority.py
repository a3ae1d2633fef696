"""The one authority of a game: every action, undo, answer, line said and seat change is made
here, under one lock, autosaved, and published to every place at the table as news.

A :class:`Place` is one front end's seat at the table (the keyboard of a hot-seat game, a
hosted terminal, a spectator's). A place acts in the position it last saw (its snapshot's
``moves``): an action chosen on a position that changed meanwhile is refused, never
applied. Only the table writes the game's file. Bots play through :meth:`Table.play_bot_turn`,
called by the keyboard's loop or by :meth:`Table.run_bots` in a hosted table's thread.
"""

from __future__ import annotations

import threading
import time
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from thebes.bots import Player, make_bot
from thebes.records.session import Session
from thebes.rules import Action
from thebes.safeio.locking import GameLock
from thebes.safeio.saving import SaveError
from thebes.table.news import (
    ActionPlayed,
    Arrival,
    Arrived,
    BotSeated,
    Departed,
    Departure,
    Journal,
    News,
    NotTaken,
    Said,
    SavedAgain,
    SaveFailed,
    SaveMoved,
    Speaker,
    TableClosed,
    TakenAction,
    TakenBack,
    UndoAsked,
    UndoDeclined,
    story_so_far,
)
from thebes.table.places import SAY_BURST, Ending, Place
from thebes.table.refusals import Refusal, Refused
from thebes.table.snapshot import Question, TableSnapshot

UNDO_WAIT_SECONDS = 30.0  # how long an undo waits for its owner's yes before it is a no
MAX_SAY = 200  # characters of a `say` line: a paste of a page is cut, not broadcast
SAY_EVERY = 1.0  # ... and then one a second: a flood is refused, not queued
PAUSE_SECONDS = 0.8  # a bot's move stays in view this long before the next one


@dataclass(frozen=True, slots=True)
class Position:
    """Where a game stands: its position's number at this table (``moves``, which an undo
    changes too), the actions played, the seat to move, and who is at the table."""

    moves: int
    steps: int
    seat: int | None
    over: bool
    bot_to_move: bool
    present: frozenset[int]


class Table:
    """One game, the places at it and the bots in it."""

    def __init__(
        self,
        session: Session,
        lock: GameLock | None = None,
        *,
        shared: bool = False,
        fast: bool = False,
    ) -> None:
        self.session = session
        self.lock = lock  # held for as long as the table is open
        self.shared = shared  # hosted: terminals come and go; the bots play in a thread
        self.fast = fast
        self.undo_wait = UNDO_WAIT_SECONDS
        # A new hosted game left with nothing played is not kept (thebes.table.games).
        self.discard_if_empty = False
        self.over = threading.Event()  # the game ended, or the table was closed
        self._cond = threading.Condition()
        self._version = 0
        self._moves = 0
        self.journal = Journal()
        # Lines said at the whole table lately: everyone's talk together at most twice the
        # pace of one place's, so a crowd of spectators cannot keep every screen redrawing.
        self._said_at: deque[float] = deque(maxlen=2 * SAY_BURST)
        self._places: list[Place] = []
        self._holders: dict[int, Place] = {}
        self._joined: set[int] = set()
        self._questions = 0
        self._question: Question | None = None
        self._asking: Place | None = None
        # The bots in the game, by seat (a test may put its own in a seat).
        self.bots: dict[int, Player] = {
            seat: make_bot(s.bot, session.seed, seat, session.expert_budget)
            for seat, s in enumerate(session.seats)
            if s.bot is not None
        }
        self._save_trouble: str | None = session.save_problem
        self.closed = False
        for played in story_so_far(session):  # every place's log starts from it
            self.journal.publish(played)
        if session.is_over:
            self.over.set()

    # ------------------------------------------------------------ places

    def join(self, seat: int | None, wake: Callable[[], None], *, host: bool = False) -> Place:
        """A hosted terminal comes for ``seat`` (None: a spectator, or the host watching):
        a terminal already there for the seat must leave (it was taken over)."""
        with self._cond:
            place = Place(frozenset() if seat is None else frozenset({seat}), host, wake)
            if seat is not None:
                earlier = self._holders.get(seat)
                how = Arrival.RETURNED if seat in self._joined else Arrival.JOINED
                if earlier is not None:
                    earlier.ended = Ending.TAKEN_OVER
                    self._places.remove(earlier)
                    earlier.wake()
                    how = Arrival.TOOK_OVER
                self._holders[seat] = place
                self._joined.add(seat)
            else:
                how = Arrival.JOINED
            self._places.append(place)
            self.journal.publish(Arrived(seat, how))
            place.seen = self.journal.serial  # its own arrival is news for the others
            self._changed()
            return place

    def join_keyboard(self, wake: Callable[[], None]) -> Place:
        """The keyboard of a hot-seat game: it acts for every person's seat."""
        with self._cond:
            people = frozenset(n for n, s in enumerate(self.session.seats) if not s.is_bot)
            place = Place(people, True, wake)
            place.seen = self.journal.serial
            for seat in people:
                self._holders[seat] = place
                self._joined.add(seat)
            self._places.append(place)
            return place

    def leave(self, place: Place, how: Departure) -> None:
        """``place`` leaves the table (its seat waits for its person); said to everyone."""
        with self._cond:
            if place not in self._places:
                return
            self._places.remove(place)
            for seat in place.seats:
                if self._holders.get(seat) is place:
                    del self._holders[seat]
            if self._question is not None and self._question.owner in place.seats:
                self._decline(NotTaken.GONE)
            if self._asking is place:
                self._asking = None
            if self.shared and not self.closed:
                self.journal.publish(Departed(place.seat, how))
            self._changed()

    def dropped(self, seat: int) -> None:
        """The connection of ``seat`` went: its place ends (said once, by :meth:`leave`)."""
        with self._cond:
            place = self._holders.get(seat)
            if place is not None:
                place.ended = Ending.DROPPED
                place.wake()

    @property
    def seat_names(self) -> list[str]:
        return [seat.name for seat in self.session.seats]

    def person_seats(self) -> list[int]:
        return [n for n, s in enumerate(self.session.seats) if not s.is_bot]

    # ------------------------------------------------------------ what a place sees

    def snapshot(self, place: Place) -> TableSnapshot:
        """The game and the table as ``place`` sees them now."""
        with self._cond:
            place.version = self._version
            session = self.session
            question = self._question
            confirm = session.confirm_enabled if place.confirm is None else place.confirm
            return TableSnapshot(
                version=self._version,
                moves=self._moves,
                catalog=session.catalog,
                seed=session.seed,
                start=session.start,
                setup_events=tuple(session.setup_events),
                state=session.state,
                steps=tuple(session.steps),
                seats=tuple(session.seats),
                hints_enabled=session.hints_enabled,
                undo_enabled=session.undo_enabled,
                confirm_enabled=confirm,
                hint_seen=session.hint_seen and session.active_seat in place.seats,
                autosave=session.autosave if place.host else None,
                save_problem=session.save_problem if place.host else None,
                present=frozenset(self._holders),
                joined=frozenset(self._joined),
                question=question if question and question.owner in place.seats else None,
                waiting_undo=question if question and self._asking is place else None,
                closed=self.closed,
            )

    def news(self, place: Place) -> list[News]:
        """What happened since ``place`` last asked (what is for the host alone, only at the
        host's terminal)."""
        with self._cond:
            fresh = self.journal.since(place.seen, host=place.host)
            place.seen = self.journal.serial
            return fresh

    def story(self, place: Place) -> list[News]:
        """Everything the table kept, for the place's log (the story from the start)."""
        with self._cond:
            return self.journal.since(0, host=place.host)

    def changed(self, place: Place) -> bool:
        """Whether anything changed since ``place`` took its last snapshot."""
        return place.version != self._version or place.ended is not None

    def position(self) -> Position:
        """Where the game stands, for a clock that follows it (a server's)."""
        with self._cond:
            session = self.session
            seat = session.active_seat
            return Position(
                moves=self._moves,
                steps=len(session.steps),
                seat=seat,
                over=session.is_over,
                bot_to_move=seat is not None and seat in self.bots,
                present=frozenset(self._holders),
            )

    def attached(self) -> int:
        """How many places are at the table."""
        with self._cond:
            return len(self._places)

    # ------------------------------------------------------------ acting

    def play(self, place: Place, action: Action, moves: int) -> Refused | None:
        """Play ``action`` for the seat to move, from ``place``, in the position it saw
        (``moves``): None when played, else why not."""
        with self._cond:
            session = self.session
            seat = session.active_seat
            if self.closed or seat is None:
                return Refused(Refusal.CLOSED)
            if moves != self._moves:
                return Refused(Refusal.STALE)
            if seat not in place.seats or seat in self.bots:
                return Refused(Refusal.NOT_YOUR_TURN, seat)
            if action not in session.legal_actions():
                return Refused(Refusal.NOT_LEGAL)
            self._play(action)
            return None

    def bot_to_move(self) -> int | None:
        with self._cond:
            return self._bot_to_move()

    def play_bot_turn(self) -> bool:
        """Work out and play the move of the bot to move (outside the lock: the places go on
        drawing meanwhile); whether one was played."""
        with self._cond:
            seat = self._bot_to_move()
            if seat is None or self.closed:
                return False
            state, legal, moves = self.session.state, self.session.legal_actions(), self._moves
            bot = self.bots[seat]
        action = bot.choose(state, legal)
        with self._cond:
            if self._moves != moves or self.closed:
                return False
            self._play(action)
            return True

    def run_bots(self, stop: threading.Event) -> None:
        """Play the bots' turns until the game ends, the table closes or ``stop`` is set."""
        while True:
            with self._cond:
                self._cond.wait_for(
                    lambda: stop.is_set() or self.closed or self._bot_to_move() is not None,
                    timeout=0.5,
                )
                if stop.is_set() or self.closed or self.session.is_over:
                    return
            if self.play_bot_turn() and not self.fast:
                stop.wait(PAUSE_SECONDS)

    def hint_refusal(self, place: Place) -> Refused | None:
        """Why the place may not see a hint now (None: it may)."""
        with self._cond:
            blocker = self.session.hint_blocker()
            if blocker is not None:
                return Refused(Refusal.HINT_BLOCKED, detail=blocker)
            if self.session.active_seat not in place.seats:
                return Refused(Refusal.NOT_YOUR_TURN, self.session.active_seat)
            return None

    def note_hint(self, place: Place, moves: int) -> Refused | None:
        """The place's player to move saw a hint: their next action is recorded as hinted."""
        with self._cond:
            session = self.session
            if moves != self._moves or session.active_seat not in place.seats:
                return Refused(Refusal.STALE)
            blocker = session.hint_blocker()
            if blocker is not None:
                return Refused(Refusal.HINT_BLOCKED, detail=blocker)
            session.note_hint()
            return None

    def undo(self, place: Place) -> Refused | None:
        """Take back the last action of a person (with the bots' after it) for the place's
        person: at once when it is their own, else once its owner agrees (a question for
        the owner, answered with :meth:`answer`). None: done, or asked."""
        with self._cond:
            session = self.session
            asker = self._asker(place)
            if asker is None:
                return Refused(Refusal.SPECTATOR)
            blocker = session.undo_blocker()
            if blocker is not None:
                return Refused(Refusal.UNDO_BLOCKED, detail=blocker)
            taken = session.undo_steps()
            owner = self.seat_names.index(taken[-1].record.player)
            if owner == asker:
                self._take_back(asker)
                self._changed()
                return None
            if owner not in self._holders:
                return Refused(Refusal.OWNER_ABSENT, owner)
            if self._question is not None:
                return Refused(Refusal.OWNER_BUSY, self._question.owner)
            self._questions += 1
            what = tuple((s.record.player, s.record.action) for s in reversed(taken))
            question = Question(self._questions, owner, asker, what, self.undo_wait)
            self._question, self._asking = question, place
            self.journal.publish(UndoAsked(asker, owner, TakenAction.taken(what), self.undo_wait))
            self._changed()
            timer = threading.Timer(self.undo_wait, self._expire, (question.number,))
            timer.daemon = True
            timer.start()
            return None

    def asks(self, number: int) -> bool:
        """Whether question ``number`` still waits for its answer."""
        with self._cond:
            return self._question is not None and self._question.number == number

    def answer(self, place: Place, number: int, yes: bool) -> None:
        """The owner's answer to question ``number`` (too late, or not theirs: nothing)."""
        with self._cond:
            question = self._question
            if question is None or question.number != number or question.owner not in place.seats:
                return
            if not yes:
                self._decline(NotTaken.REFUSED)
            else:
                self._question = None
                self._take_back(question.asker)
            self._changed()

    def say(self, place: Place, text: str) -> Refused | None:
        """``text`` on every terminal's message line, and in the log. Talk faster than a
        line a SAY_EVERY seconds (after a burst of SAY_BURST) from one place, or twice that
        from the whole table, is refused, never queued."""
        with self._cond:
            now = time.monotonic()
            for said, every in ((place.said_at, SAY_EVERY), (self._said_at, SAY_EVERY / 2)):
                if len(said) == said.maxlen and now - said[0] < len(said) * every:
                    return Refused(Refusal.SAY_TOO_FAST)  # this place's pace, or the table's
            place.said_at.append(now)
            self._said_at.append(now)
            line = " ".join(text.split())[:MAX_SAY]
            self.journal.publish(Said(Speaker(place.seat, place.host), line))
            self._changed()
            return None

    def put_bot(self, place: Place, seat: int, level: str) -> Refused | None:
        """The host puts a bot of ``level`` in ``seat`` (its person left): from now on."""
        if not place.host:
            return Refused(Refusal.HOST_ONLY)
        return self.hand_to_bot(seat, level)

    def hand_to_bot(self, seat: int, level: str) -> Refused | None:
        """A bot of ``level`` plays ``seat`` from now on: the host put it there, or its
        person gave the game up at a server."""
        with self._cond:
            session = self.session
            if session.seats[seat].is_bot:
                return Refused(Refusal.ALREADY_BOT, seat)
            session.put_bot(seat, level)
            self.bots[seat] = make_bot(level, session.seed, seat, session.expert_budget)
            if self._question is not None and self._question.owner == seat:
                self._decline(NotTaken.GONE)
            self._moves += 1
            self.journal.publish(BotSeated(seat, level))
            self._after_autosave()
            self._changed()
            return None

    def set_confirm(self, place: Place, on: bool) -> None:
        """``confirm on`` or ``off``: kept in the file at one keyboard, the terminal's own at
        a hosted table."""
        with self._cond:
            if self.shared:
                place.confirm = on
            else:
                self.session.confirm_enabled = on
                self.session.save_if_autosaving()
                self._after_autosave()
            self._changed()

    def save(self, place: Place, path: Path | None = None) -> tuple[Path | None, Refused | None]:
        """The game saved to ``path`` (None: its own file) by the host: the file written,
        or why not. While the autosave fails, a copy that works becomes the game's file."""
        if not place.host:
            return None, Refused(Refusal.HOST_ONLY)
        with self._cond:
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
                session.save_problem = self._save_trouble = None
            self._changed()
            return written, None

    def close(self, *, but: Place | None = None) -> None:
        """End the table (the host quit, or hosting is ending): every place but ``but``
        must leave; the game is saved as it is."""
        with self._cond:
            if not self.closed:
                self.closed = True
                self.journal.publish(TableClosed())
            for place in self._places:
                if place is not but:
                    place.ended = place.ended or Ending.CLOSED
            self.over.set()
            self._changed()

    def wait_for_places(self, timeout: float) -> bool:
        """Until every place has left (at the game's end each shows the final table first),
        at most ``timeout`` seconds: whether they all did."""
        with self._cond:
            return self._cond.wait_for(lambda: not self._places, timeout)

    # ------------------------------------------------------------ inside the lock

    def _asker(self, place: Place) -> int | None:
        """Who asks at ``place``: its one seat, or at the keyboard the person to move."""
        if place.seat is not None:
            return place.seat
        seat = self.session.active_seat
        if seat is not None and seat in place.seats:
            return seat
        if place.seats and self.session.steps:  # the game is over: the last person
            return self.seat_names.index(self.session.steps[-1].record.player)
        return None

    def _play(self, action: Action) -> None:
        session = self.session
        seat = session.active_seat
        assert seat is not None
        session.play(action)
        self._moves += 1
        if self._question is not None:
            self._decline(NotTaken.CHANGED)
        self.journal.publish(
            ActionPlayed(seat, len(session.steps), session.steps[-1], session.state)
        )
        if session.is_over:
            self.over.set()
        self._after_autosave()
        self._changed()

    def _take_back(self, asker: int) -> None:
        session = self.session
        taken = session.undo()
        self._moves += 1
        what = tuple(TakenAction(s.record.player, s.record.action) for s in reversed(taken))
        self.journal.publish(TakenBack(asker, what, session.active_seat))
        self._after_autosave()

    def _decline(self, why: NotTaken) -> None:
        question = self._question
        assert question is not None
        self._question = None
        self.journal.publish(UndoDeclined(question.asker, question.owner, why))
        self._changed()

    def _expire(self, number: int) -> None:
        with self._cond:
            if self._question is not None and self._question.number == number:
                self._decline(NotTaken.EXPIRED)

    def _after_autosave(self) -> None:
        """A failed autosave (or one that works again) is news for the host's terminal."""
        session = self.session
        moved, session.save_moved = session.save_moved, None
        if moved is not None:
            self.journal.publish(SaveMoved(moved))
        problem = session.save_problem
        if problem is not None and problem != self._save_trouble:
            self.journal.publish(SaveFailed(problem))
        elif problem is None and self._save_trouble is not None and session.autosave:
            self.journal.publish(SavedAgain(session.autosave))
        self._save_trouble = problem

    def _changed(self) -> None:
        self._version += 1
        self._cond.notify_all()
        for place in self._places:
            place.wake()

    def _bot_to_move(self) -> int | None:
        seat = self.session.active_seat
        return seat if seat is not None and seat in self.bots else None
