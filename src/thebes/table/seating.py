"""The places at a table and what each sees: a terminal comes for a seat (or to watch), leaves
or drops, takes its snapshot and the news since it last looked. :class:`Seating` holds the
table's state and the lock; :class:`~thebes.table.authority.Table` adds what is done at it.
"""

from __future__ import annotations

import threading
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass

from thebes.bots import Player, make_bot
from thebes.records.session import Session
from thebes.safeio.locking import GameLock
from thebes.table.filing import Filing
from thebes.table.news import (
    Arrival,
    Arrived,
    Departed,
    Departure,
    Journal,
    News,
    NotTaken,
    UndoDeclined,
    story_so_far,
)
from thebes.table.places import SAY_BURST, Ending, Place
from thebes.table.snapshot import Question, TableSnapshot

UNDO_WAIT_SECONDS = 30.0  # how long an undo waits for its owner's yes before it is a no
# How long a seat whose connection dropped has to come back before the others are told: a
# page reloading, or joining again in plain text, or a second tab taking the seat, is no
# news (and the drop is still told within the two seconds the others are promised).
DROP_GRACE_SECONDS = 1.0


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


class Seating:
    """One game's table: the session, the places at it, the bots in it, under one lock."""

    def __init__(
        self,
        session: Session,
        lock: GameLock | None = None,
        *,
        shared: bool = False,
        fast: bool = False,
        must_save: bool = False,
    ) -> None:
        self.session = session
        # A server's table: an action that cannot be saved is not played (a crash would
        # lose it), rather than kept in memory until a save succeeds.
        self.must_save = must_save
        self.lock = lock  # held for as long as the table is open
        self.shared = shared  # hosted: terminals come and go; the bots play in a thread
        self.fast = fast
        self.undo_wait = UNDO_WAIT_SECONDS
        self.drop_grace = DROP_GRACE_SECONDS
        # When the person to move runs out of time (a server's clock, in its time.time()
        # seconds), None where the table has no clock.
        self.move_deadline: float | None = None
        self._dropping: dict[int, threading.Timer] = {}  # seats whose drop is not told yet
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
        self._filing = Filing(session)
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
            back_at_once = False
            if seat is not None:
                dropping = self._dropping.pop(seat, None)
                if dropping is not None:  # its drop was not told: nor is its return
                    dropping.cancel()
                    back_at_once = True
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
            if not back_at_once:
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
                gone = place.seat
                if how is Departure.DROPPED and gone is not None and self.drop_grace > 0:
                    told = threading.Timer(self.drop_grace, self._tell_drop, (gone,))
                    told.daemon = True
                    self._dropping[gone] = told
                    told.start()
                else:
                    self.journal.publish(Departed(gone, how))
            self._changed()

    def set_move_deadline(self, when: float | None) -> None:
        """The clock of the move (a server's table): shown at every terminal."""
        with self._cond:
            if when != self.move_deadline:
                self.move_deadline = when
                self._changed()

    def _tell_drop(self, seat: int) -> None:
        """The drop of ``seat``, told once its grace is over, if it did not come back."""
        with self._cond:
            if self._dropping.pop(seat, None) is None or self.closed or seat in self._holders:
                return
            self.journal.publish(Departed(seat, Departure.DROPPED))
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
                move_deadline=self.move_deadline,
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

    # ------------------------------------------------------------ inside the lock

    def _decline(self, why: NotTaken) -> None:
        question = self._question
        assert question is not None
        self._question = None
        self.journal.publish(UndoDeclined(question.asker, question.owner, why))
        self._changed()

    def _after_autosave(self) -> None:
        self._filing.after_autosave(self.journal)

    def _changed(self) -> None:
        self._version += 1
        self._cond.notify_all()
        for place in self._places:
            place.wake()

    def _bot_to_move(self) -> int | None:
        seat = self.session.active_seat
        return seat if seat is not None and seat in self.bots else None
