"""The one authority of a game: every action, undo, answer, line said and seat change is made
here, under one lock, autosaved, and published to every place at the table as news (the
places themselves, and what each sees, are :mod:`thebes.table.seating`'s).

A :class:`Place` is one front end's seat at the table (the keyboard of a hot-seat game, a
hosted terminal, a spectator's). A place acts in the position it last saw (its snapshot's
``moves``): an action chosen on a position that changed meanwhile is refused, never
applied. Only the table writes the game's file. Bots play through :meth:`Table.play_bot_turn`,
called by the keyboard's loop or by :meth:`Table.run_bots` in a hosted table's thread.
"""

from __future__ import annotations

import threading
import time
from pathlib import Path

from thebes.bots import Player, make_bot
from thebes.records.session import NotSaved
from thebes.rules import Action
from thebes.table.news import (
    ActionPlayed,
    BotSeated,
    News,
    NotTaken,
    Said,
    Speaker,
    TableClosed,
    TakenAction,
    TakenBack,
    TimeRanOut,
    UndoAsked,
)
from thebes.table.places import Ending, Place
from thebes.table.refusals import Refusal, Refused
from thebes.table.seating import UNDO_WAIT_SECONDS, Position, Seating
from thebes.table.snapshot import Question

MAX_SAY = 200  # characters of a `say` line: a paste of a page is cut, not broadcast
SAY_EVERY = 1.0  # ... and then one a second: a flood is refused, not queued
PAUSE_SECONDS = 0.8  # a bot's move stays in view this long before the next one
UNSAVED_RETRY_SECONDS = 5.0  # a bot whose move could not be saved tries again after this

__all__ = ["MAX_SAY", "PAUSE_SECONDS", "SAY_EVERY", "UNDO_WAIT_SECONDS", "Position", "Table"]


class Table(Seating):
    """One game, the places at it and the bots in it: everything done at the table."""

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
            return self._play(action)

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
            return self._play(action) is None

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
            played = self.play_bot_turn()
            if played and not self.fast:
                stop.wait(PAUSE_SECONDS)
            elif not played and self.must_save and self.session.save_problem is not None:
                stop.wait(UNSAVED_RETRY_SECONDS)  # the disk is full: the bot tries again later

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
            if self.session.seats[seat].is_bot:
                return Refused(Refusal.ALREADY_BOT, seat)
            self._seat_bot(seat, level, BotSeated(seat, level))
            return None

    def stand_in(self, seat: int, level: str, *, rest_of_game: bool, moves: int) -> Refused | None:
        """The person in ``seat``, to move in the position numbered ``moves``, ran out of
        time: a bot of ``level`` plays this one action for them (the seat stays theirs; the
        file marks the action ``stood_in``), or with ``rest_of_game`` plays the seat from now
        on (``bot_from``, as :meth:`put_bot`). None when done, else why not; an unknown
        ``level`` is a ValueError. The bot thinks outside the lock, as in
        :meth:`play_bot_turn`: if the person's own action comes first, the stand-in is STALE."""
        with self._cond:
            refused = self._not_to_stand_in(seat, moves)
            if refused is not None:
                return refused
            session = self.session
            bot = make_bot(level, session.seed, seat, session.expert_budget)
            if rest_of_game:
                self._seat_bot(seat, level, TimeRanOut(seat, level, rest_of_game=True), bot)
                return None
            state, legal = session.state, session.legal_actions()
        action = bot.choose(state, legal)
        with self._cond:
            refused = self._not_to_stand_in(seat, moves)
            if refused is not None:
                return refused
            told = TimeRanOut(seat, level, rest_of_game=False)
            return self._play(action, stood_in=level, told=told)

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
        or why not (:meth:`Filing.save`)."""
        if not place.host:
            return None, Refused(Refusal.HOST_ONLY)
        with self._cond:
            written, refused = self._filing.save(path)
            if refused is None:
                self._changed()
            return written, refused

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

    def _play(
        self, action: Action, stood_in: str | None = None, told: News | None = None
    ) -> Refused | None:
        """Play ``action`` (``told``: the news that explains it, published just before it);
        at a table that must save, an action that cannot be saved is refused."""
        session = self.session
        seat = session.active_seat
        assert seat is not None
        try:
            session.play(action, stood_in=stood_in, must_save=self.must_save)
        except NotSaved as exc:
            self._after_autosave()
            return Refused(Refusal.UNSAVED, detail=exc.line)
        self._moves += 1
        if self._question is not None:
            self._decline(NotTaken.CHANGED)
        if told is not None:
            self.journal.publish(told)
        self.journal.publish(
            ActionPlayed(seat, len(session.steps), session.steps[-1], session.state)
        )
        if session.is_over:
            self.over.set()
        self._after_autosave()
        self._changed()
        return None

    def _not_to_stand_in(self, seat: int, moves: int) -> Refused | None:
        """Why no bot may stand in for ``seat`` in the position numbered ``moves`` now."""
        active = self.session.active_seat
        if self.closed or active is None:
            return Refused(Refusal.CLOSED)
        if moves != self._moves:
            return Refused(Refusal.STALE)
        if seat in self.bots:
            return Refused(Refusal.ALREADY_BOT, seat)
        if seat != active:
            return Refused(Refusal.NOT_YOUR_TURN, active)
        return None

    def _seat_bot(self, seat: int, level: str, news: News, bot: Player | None = None) -> None:
        """A bot of ``level`` (``bot``, made here if None) plays ``seat`` from now on."""
        session = self.session
        bot = bot or make_bot(level, session.seed, seat, session.expert_budget)
        session.put_bot(seat, level)
        self.bots[seat] = bot
        if self._question is not None and self._question.owner == seat:
            self._decline(NotTaken.GONE)
        self._moves += 1  # an action chosen for the person before is not the bot's
        self.journal.publish(news)
        self._after_autosave()
        self._changed()

    def _take_back(self, asker: int) -> None:
        session = self.session
        taken = session.undo()
        self._moves += 1
        what = tuple(TakenAction(s.record.player, s.record.action) for s in reversed(taken))
        self.journal.publish(TakenBack(asker, what, session.active_seat))
        self._after_autosave()

    def _expire(self, number: int) -> None:
        with self._cond:
            if self._question is not None and self._question.number == number:
                self._decline(NotTaken.EXPIRED)
