"""The hall of a Thebes server: its tables, live. What the server's terminals do in the lobby
(make an account, create, join, leave and watch tables, invite) is done here, against the
store; each table whose game is under way is open here as a :class:`~thebes.table.authority.Table`,
which the terminals at it drive exactly as at `thebes host`.

A clock (:meth:`Hall.tick`, once a second from :meth:`Hall.run_clock`) follows every table:
when the move passes to a person it notes the time (kept in the store, so a restart does
not give anyone more time), tells the person by their webhook if they are not at the table,
and when their time is up has a bot play for them, that move or the rest of the game, as
the table was created. It also sees games end, and puts their results in the ladder.
"""

from __future__ import annotations

import contextlib
import threading
import time
from collections.abc import Callable
from contextlib import ExitStack
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Protocol

from thebes.bots import HEAVY
from thebes.catalog.loading import default_catalog
from thebes.errors import ThebesError
from thebes.language import _, ngettext
from thebes.lobby import ladder
from thebes.lobby.names import bot_names, name_problem
from thebes.lobby.options import HallLimits, TableOptions
from thebes.lobby.rows import Account, OnTimeout, Rating, TableRow, TableState
from thebes.lobby.store import Store, StoreError, room_problem
from thebes.lobby.webhooks import turn_message, webhook_problem
from thebes.records.gamefile import COLOURS
from thebes.records.session import Seat, Session
from thebes.rules import Variants, scores
from thebes.safeio.text import printable
from thebes.table.authority import Table
from thebes.table.ending import leave_out_skill
from thebes.table.games import saved_game

STAND_IN = "greedy"  # the bot that plays for a person whose time ran out


class LobbyRefusal(ThebesError):
    """What a player asked in the lobby cannot be done; the message says why."""


class Notifier(Protocol):
    """Where a turn's message goes (:class:`thebes.lobby.webhooks.Webhooks`)."""

    def send(self, key: str, address: str, message: dict[str, Any]) -> bool: ...


@dataclass
class LiveTable:
    """A table whose game is under way, open in this process."""

    row: TableRow
    table: Table
    held: ExitStack  # the game file's lock, let go when the table is
    stop: threading.Event = field(default_factory=threading.Event)
    bots: threading.Thread | None = None
    moves: int = -1  # the table's position the clock saw last
    since: float = 0.0  # when the player to move was given the move


@dataclass(frozen=True, slots=True)
class Turn:
    """Whose move it is at a table (None when the game is over)."""

    table: int
    seat: int | None
    steps: int  # actions played so far: the turn's number
    since: float


class Hall:
    """The tables of one server and the clock that follows them."""

    def __init__(
        self,
        folder: Path,
        store: Store,
        *,
        notifier: Notifier | None = None,
        join_command: Callable[[int], str] = lambda table: f"table-{table}",
        limits: HallLimits | None = None,
        clock: Callable[[], float] = time.time,
        local_webhooks: bool = False,
        trouble: Callable[[str], None] = lambda line: None,
        review: bool = True,
    ) -> None:
        self.folder = folder
        self.games = folder / "games"
        self.store = store
        self.notifier = notifier
        self.join_command = join_command
        self.limits = limits or HallLimits()
        self.clock = clock
        self.local_webhooks = local_webhooks  # webhooks may call this machine and its network
        self.trouble = trouble  # what goes wrong, for whoever keeps the server
        # The end of a game weighs each player's choices (seconds of a core a game), or
        # shows luck alone.
        self.review = review
        self._lock = threading.RLock()
        self._live: dict[int, LiveTable] = {}
        self.changed = threading.Condition()  # notified whenever a table or seat changes
        self.version = 0

    # ------------------------------------------------------------ running

    def open(self) -> None:
        """Bring back every table whose game is under way (after a stop or a crash)."""
        self.games.mkdir(parents=True, exist_ok=True)
        for row in self.store.tables_in([TableState.WAITING]):
            if not row.free_seats:  # stopped between its last seat and its game's start
                with contextlib.suppress(ThebesError):
                    self._start_if_full(row.id)
        for row in self.store.tables_in([TableState.PLAYING]):
            with contextlib.suppress(ThebesError):  # a broken file: the others still open
                self._bring(row)

    def close(self) -> None:
        """Every table let go (its game saved as it is)."""
        with self._lock:
            lives = list(self._live.values())
            self._live.clear()
        for live in lives:
            self._let_go(live)

    def run_clock(self, stop: threading.Event, every: float = 1.0) -> None:
        while not stop.wait(every):
            self.tick()

    def tick(self) -> None:
        """Follow every table once: new turns noted and told, time run out, games over."""
        with self._lock:
            lives = list(self._live.values())
        for live in lives:
            try:
                self._follow(live)
            except StoreError:
                pass  # a full disk: the next tick tries again
            except Exception as exc:  # one table's fault never stops the clock of the others
                self.trouble(_("table {table}: {error}").format(table=live.row.id, error=repr(exc)))

    # ------------------------------------------------------------ accounts

    def account_for_key(self, fingerprint: str) -> Account | None:
        return self.store.account_of_key(fingerprint)

    def create_account(self, name: str, fingerprint: str) -> Account:
        """A new account of ``name`` for the key ``fingerprint``; LobbyRefusal says why not."""
        name = name.strip()
        problem = name_problem(name)
        if problem is not None:
            raise LobbyRefusal(problem)
        with self._lock:
            now = self.clock()
            # Counted in the store: a restart gives no one a fresh hour.
            if self.store.accounts_since(now - 3600) >= self.limits.accounts_an_hour:
                raise LobbyRefusal(_("too many new accounts this hour: come back later"))
            account = self.store.create_account(name, fingerprint)
            if account is None:
                raise LobbyRefusal(_("the name {name} is taken").format(name=name))
            return account

    def set_webhook(self, account: Account, address: str | None) -> None:
        """The address told when ``account``'s move comes (None: nothing is sent)."""
        if address is not None:
            problem = webhook_problem(address, allow_local=self.local_webhooks)
            if problem is not None:
                raise LobbyRefusal(problem)
        self.store.set_webhook(account.id, address)

    # ------------------------------------------------------------ tables

    def create_table(self, creator: Account, options: TableOptions) -> int:
        """A new table, the creator seated; its game begins when its seats are taken."""
        problem = options.problem()
        if problem is not None:
            raise LobbyRefusal(problem)
        seats = options.seats
        self._need_room()
        with self._lock:
            open_states = [TableState.WAITING, TableState.PLAYING]
            everyone = self.store.tables_in(open_states)
            if len(everyone) >= self.limits.server_tables:
                raise LobbyRefusal(_("the server has as many tables as it takes: come back later"))
            heavy = next((level for level in seats if level in HEAVY), None)
            busy = [row for row in everyone if any(s.bot in HEAVY for s in row.seats)]
            if heavy is not None and len(busy) >= self.limits.heavy_tables:
                raise LobbyRefusal(
                    # TRANSLATORS: {level} is a bot's level as typed (expert)
                    _(
                        "the server's {level} bots are all busy: choose another level, or come "
                        "back later"
                    ).format(level=heavy)
                )
            if self.store.tables_created_by(creator.id, open_states) >= self.limits.tables_open:
                raise LobbyRefusal(
                    ngettext(
                        "you have {count} table not yet over: finish or cancel one first",
                        "you have {count} tables not yet over: finish or cancel one first",
                        self.limits.tables_open,
                    ).format(count=self.limits.tables_open)
                )
            table = self.store.create_table(
                creator.id,
                seats,
                variants=options.variants,
                pace=options.pace,
                move_seconds=options.move_seconds,
                on_timeout=options.on_timeout,
                private=options.private,
            )
            self._start_if_full(table)
        self._changed()
        return table

    def sit(self, account: Account, table: int) -> int:
        """``account`` takes a free seat at the waiting ``table`` (the game begins once every
        seat is taken); its seat."""
        with self._lock:
            row = self._row(table)
            if row.state is not TableState.WAITING:
                raise LobbyRefusal(
                    _("table {table} is not waiting for players").format(table=table)
                )
            if row.seat_of(account.id) is not None:
                raise LobbyRefusal(_("you already sit at table {table}").format(table=table))
            if row.private and account.id not in row.invited:
                raise LobbyRefusal(
                    _("table {table} is private: only those invited sit down").format(table=table)
                )
            free = row.free_seats
            if not free or not self.store.take_seat(table, free[0], account.id):
                raise LobbyRefusal(_("table {table} has no free seat").format(table=table))
            self._need_room()
            self._start_if_full(table)
        self._changed()
        return free[0]

    def stand_up(self, account: Account, table: int) -> None:
        """``account`` leaves the waiting ``table`` (its creator cancels it instead)."""
        if not self.store.leave_seat(table, account.id):
            raise LobbyRefusal(_("you do not sit at a waiting table {table}").format(table=table))
        self._changed()

    def cancel(self, account: Account, table: int) -> None:
        """The creator closes their waiting table."""
        with self._lock:
            row = self._row(table)
            if row.creator != account.id or row.state is not TableState.WAITING:
                raise LobbyRefusal(
                    _("only its creator cancels table {table}, before it starts").format(
                        table=table
                    )
                )
            self.store.cancel(table)
        self._changed()

    def invite(self, account: Account, table: int, name: str) -> Account:
        """``account``, seated at ``table``, invites the player named ``name``."""
        with self._lock:
            row = self._row(table)
            if row.seat_of(account.id) is None:
                raise LobbyRefusal(_("only players at table {table} invite").format(table=table))
            if row.state is not TableState.WAITING:
                raise LobbyRefusal(
                    _("table {table} is not waiting for players").format(table=table)
                )
            guest = self.store.account_named(name.strip())
            if guest is None:
                raise LobbyRefusal(
                    _("nobody here is called {name}").format(name=printable(name.strip()))
                )
            since = self.clock() - 3600
            if self.store.invitations_by(account.id, since) >= self.limits.invitations_an_hour:
                raise LobbyRefusal(_("too many invitations this hour: come back later"))
            self.store.invite(table, guest.id, account.id)
        self._changed()
        return guest

    def decline(self, account: Account, table: int) -> None:
        """``account`` declines its invitation to ``table``."""
        self.store.uninvite(table, account.id)
        self._changed()

    def leave_game(self, account: Account, table: int) -> None:
        """``account`` gives up their seat at a game under way: a bot plays it to the end,
        and the game counts as their loss."""
        with self._lock:
            row = self._row(table)
            seat = row.seat_of(account.id)
            live = self._live.get(table)
            if seat is None or live is None or row.seats[seat].bot is not None:
                raise LobbyRefusal(_("you play no game at table {table}").format(table=table))
            refused = live.table.hand_to_bot(seat, STAND_IN)
            if refused is None:
                self.store.seat_left(table, seat, STAND_IN)
                live.row = self._row(table)
        self._changed()

    # ------------------------------------------------------------ looking

    def row(self, table: int) -> TableRow | None:
        return self.store.table(table)

    def live(self, table: int) -> Table | None:
        """The game of ``table``, if it is under way (or just ended) here."""
        with self._lock:
            live = self._live.get(table)
            return None if live is None else live.table

    def tables_of(self, account: Account) -> list[TableRow]:
        """The tables not over where ``account`` sits or is invited."""
        return self.store.tables_of(account.id, [TableState.WAITING, TableState.PLAYING])

    def open_tables(self) -> list[TableRow]:
        """The tables anyone may see: open ones, waiting or playing."""
        rows = self.store.tables_in([TableState.WAITING, TableState.PLAYING])
        return [row for row in rows if not row.private]

    def turns(self, account: Account) -> list[Turn]:
        """The tables where it is ``account``'s move."""
        found = []
        with self._lock:
            lives = list(self._live.values())
        for live in lives:
            seat = live.row.seat_of(account.id)
            if seat is None or live.row.seats[seat].bot is not None:
                continue
            position = live.table.position()
            if position.seat == seat and not position.over:
                found.append(Turn(live.row.id, seat, position.steps, live.since))
        return found

    def may_watch(self, account: Account, row: TableRow) -> bool:
        return not row.private or row.seat_of(account.id) is not None or account.id in row.invited

    def deadline(self, table: int) -> float | None:
        """When the player to move at ``table`` runs out of time."""
        with self._lock:
            live = self._live.get(table)
            if live is None:
                return None
            return live.since + live.row.move_seconds

    def ladder(self) -> list[Rating]:
        """The rated players, best first."""
        return sorted(self.store.ladder(), key=lambda r: -ladder.shown(r.mu, r.sigma))

    def wait_changed(self, version: int, timeout: float) -> int:
        """Until the tables change after ``version`` (or ``timeout``): the version now."""
        with self.changed:
            self.changed.wait_for(lambda: self.version != version, timeout)
            return self.version

    # ------------------------------------------------------------ inside

    def _row(self, table: int) -> TableRow:
        row = self.store.table(table)
        if row is None:
            raise LobbyRefusal(_("there is no table {table}").format(table=table))
        return row

    def _changed(self) -> None:
        with self.changed:
            self.version += 1
            self.changed.notify_all()

    def _need_room(self) -> None:
        """Refuse what would make a game file when the disk is nearly full."""
        problem = room_problem(self.folder)
        if problem is not None:
            raise LobbyRefusal(problem)

    def _start_if_full(self, table: int) -> None:
        row = self._row(table)
        if row.state is not TableState.WAITING or row.free_seats:
            return
        names = bot_names([s.bot for s in row.seats])
        seats = [
            Seat(str(s.name if s.bot is None else names[s.seat]), COLOURS[s.seat], s.bot)
            for s in row.seats
        ]
        path = self.games / f"table-{table}.json"
        session = Session(
            default_catalog(),
            seats,
            None,  # no seed: nobody at a server's table can know a draw before it is made
            variants=Variants.from_names(row.variants),
            undo=True,
            hints=False,  # a rated game: no hints
            confirm=True,
            autosave=path,
        )
        self.games.mkdir(parents=True, exist_ok=True)
        session.save(path)
        if session.save_problem is not None:
            raise LobbyRefusal(session.save_problem)
        self.store.start(table, str(path.relative_to(self.folder)), self.clock())
        self._bring(self._row(table))

    def _bring(self, row: TableRow) -> None:
        """Open the game of ``row`` here, its bots playing in a thread."""
        assert row.file is not None
        held = ExitStack()
        try:
            session, lock = held.enter_context(saved_game(self.folder / row.file))
        except BaseException:
            held.close()
            raise
        for number, seat in enumerate(session.seats):
            # The file says a bot took a person's seat over, the store not yet (stopped
            # between the two): the store catches up, and the person has left the game.
            if seat.bot_from is not None and seat.bot is not None and not row.seats[number].bot:
                self.store.seat_left(row.id, number, seat.bot)
                row = self._row(row.id)
        table = Table(session, lock, shared=True, must_save=True)
        if not self.review:
            leave_out_skill(table)
        live = LiveTable(row, table, held, since=row.turn_since or self.clock())
        live.bots = threading.Thread(
            target=table.run_bots, args=(live.stop,), name=f"thebes-table-{row.id}", daemon=True
        )
        live.moves = table.position().moves
        with self._lock:
            self._live[row.id] = live
        live.bots.start()

    def _let_go(self, live: LiveTable) -> None:
        live.table.close()
        live.table.wait_for_places(2.0)
        live.stop.set()
        if live.bots is not None:
            live.bots.join(5)
        live.held.close()

    def _follow(self, live: LiveTable) -> None:
        position = live.table.position()
        now = self.clock()
        if position.over:
            self._finish(live)
            return
        if position.moves != live.moves:
            live.moves, live.since = position.moves, now
            self.store.turn_began(live.row.id, now)
            self._changed()
        seat = position.seat
        if seat is None or live.row.seats[seat].bot is not None or position.bot_to_move:
            live.table.set_move_deadline(None)
            return
        live.table.set_move_deadline(live.since + live.row.move_seconds)
        if seat not in position.present:
            self._tell(live, seat, position.steps)
        if now - live.since < live.row.move_seconds:
            return
        rest = live.row.on_timeout is OnTimeout.GAME
        refused = live.table.stand_in(seat, STAND_IN, rest_of_game=rest, moves=position.moves)
        if refused is None and rest:
            self.store.seat_left(live.row.id, seat, STAND_IN)
            live.row = self._row(live.row.id)
        self._changed()

    def _tell(self, live: LiveTable, seat: int, steps: int) -> None:
        """The webhook of the person to move, once a turn."""
        account_id = live.row.seats[seat].account
        account = None if account_id is None else self.store.account(account_id)
        if account is None or not account.webhook or self.notifier is None:
            return
        if not self.store.mark_notified(live.row.id, steps):
            return
        message = turn_message(
            player=account.name,
            table=live.row.id,
            table_name=None,
            moves=steps,
            deadline=live.since + live.row.move_seconds,
            join=self.join_command(live.row.id),
            language=account.language,
        )
        self.notifier.send(f"{live.row.id}:{steps}:{seat}", account.webhook, message)

    def _finish(self, live: LiveTable) -> None:
        """The game is over: the results and the ladder, once; the table stays open for the
        terminals still showing its end, and is let go when the last has left."""
        row = live.row
        if self.store.table(row.id) is not None and self._row(row.id).state is TableState.PLAYING:
            totals = [score.total for score in scores(live.table.session.state)]
            places, ratings = ladder.finished(row.seats, totals, self.store.rating)
            self.store.finish(row.id, places, ratings)
            self._changed()
        if live.table.attached() == 0:
            with self._lock:
                self._live.pop(row.id, None)
            self._let_go(live)
