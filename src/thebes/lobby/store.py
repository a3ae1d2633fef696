"""What a Thebes server keeps between its runs, in one SQLite file: the accounts and their SSH
keys, the tables with their seats and invitations, the results and the ladder.

The games themselves are not here: each table's game is an ordinary game file (the
autosave of :mod:`thebes.records.session`) that `replay`, `analyze` and `hint` read; a table
row names it. Every change is one transaction, committed before the call returns, with
SQLite's write-ahead log and full sync: a server killed at any moment comes back with every
change it confirmed. One connection serves every thread, one statement at a time.
"""

from __future__ import annotations

import contextlib
import shutil
import sqlite3
import threading
import time
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

from thebes.errors import ThebesError
from thebes.language import _
from thebes.lobby.rows import (
    SCHEMA,
    Account,
    HistoryRow,
    OnTimeout,
    Pace,
    Rating,
    SeatRow,
    TableRow,
    TableState,
    folded,
)
from thebes.safeio.text import printable

SCHEMA_VERSION = 1
# Waits this long for a lock held by another connection (only a second server would hold
# one, and the folder's lock keeps it out): then the write is refused, not hung.
BUSY_SECONDS = 5.0
FREE_BYTES = 64 << 20  # the disk must keep this much free for a new table to be made


class StoreError(ThebesError):
    """The server's store cannot be opened or written; the message says why."""


class Store:
    """The server's SQLite file, open for the server's run."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self._lock = threading.RLock()
        try:
            self._db = sqlite3.connect(
                path, timeout=BUSY_SECONDS, isolation_level=None, check_same_thread=False
            )
            self._db.execute("PRAGMA journal_mode=WAL")
            self._db.execute("PRAGMA synchronous=FULL")
            self._db.execute("PRAGMA foreign_keys=ON")
            version = self._db.execute("PRAGMA user_version").fetchone()[0]
            if version == 0:
                # One script, one transaction: a store is made whole or not at all.
                self._db.executescript(
                    f"BEGIN IMMEDIATE; {SCHEMA} PRAGMA user_version={SCHEMA_VERSION}; COMMIT;"
                )
            elif version != SCHEMA_VERSION:
                raise StoreError(
                    _(
                        "{path} was written by another version of thebes (store version {version})"
                    ).format(path=printable(str(path)), version=version)
                )
        except sqlite3.Error as exc:
            raise StoreError(_unusable(path, exc)) from None

    def close(self) -> None:
        with self._lock:
            self._db.close()

    @contextlib.contextmanager
    def _write(self) -> Iterator[sqlite3.Connection]:
        """One transaction: committed whole when the block ends, else rolled back."""
        with self._lock:
            db = self._db
            try:
                db.execute("BEGIN IMMEDIATE")
                try:
                    yield db
                except BaseException:
                    db.execute("ROLLBACK")
                    raise
                db.execute("COMMIT")
            except sqlite3.Error as exc:
                with contextlib.suppress(sqlite3.Error):
                    if db.in_transaction:
                        db.execute("ROLLBACK")
                raise StoreError(_unwritable(self.path, exc)) from None

    def _read(self, sql: str, parameters: Sequence[object] = ()) -> list[tuple[Any, ...]]:
        with self._lock:
            try:
                return self._db.execute(sql, parameters).fetchall()
            except sqlite3.Error as exc:
                raise StoreError(_unusable(self.path, exc)) from None

    # ------------------------------------------------------------ accounts

    def account_of_key(self, fingerprint: str) -> Account | None:
        rows = self._read(
            "SELECT a.id, a.name, a.webhook, a.language FROM keys k "
            "JOIN accounts a ON a.id = k.account WHERE k.fingerprint = ?",
            (fingerprint,),
        )
        return _account(rows[0]) if rows else None

    def account(self, account: int) -> Account | None:
        rows = self._read(
            "SELECT id, name, webhook, language FROM accounts WHERE id = ?", (account,)
        )
        return _account(rows[0]) if rows else None

    def account_named(self, name: str) -> Account | None:
        rows = self._read(
            "SELECT id, name, webhook, language FROM accounts WHERE folded = ?", (folded(name),)
        )
        return _account(rows[0]) if rows else None

    def name_taken(self, name: str) -> bool:
        return bool(self._read("SELECT 1 FROM accounts WHERE folded = ?", (folded(name),)))

    def accounts(self) -> int:
        return int(self._read("SELECT COUNT(*) FROM accounts")[0][0])

    def accounts_since(self, since: float) -> int:
        """Accounts made since ``since`` (a time of the server's clock)."""
        return int(self._read("SELECT COUNT(*) FROM accounts WHERE created >= ?", (since,))[0][0])

    def create_account(self, name: str, fingerprint: str) -> Account | None:
        """A new account of ``name`` for the key ``fingerprint``; None if the name was taken
        meanwhile (by another key) or the key already has one."""
        now = time.time()
        try:
            with self._write() as db:
                cursor = db.execute(
                    "INSERT INTO accounts (name, folded, created) VALUES (?, ?, ?)",
                    (name, folded(name), now),
                )
                account = cursor.lastrowid
                db.execute(
                    "INSERT INTO keys (fingerprint, account, added) VALUES (?, ?, ?)",
                    (fingerprint, account, now),
                )
        except StoreError:
            if self.name_taken(name) or self.account_of_key(fingerprint) is not None:
                return None
            raise
        assert account is not None
        return Account(account, name, None, None)

    def set_webhook(self, account: int, address: str | None) -> None:
        with self._write() as db:
            db.execute("UPDATE accounts SET webhook = ? WHERE id = ?", (address, account))

    def set_language(self, account: int, language: str | None) -> None:
        with self._write() as db:
            db.execute("UPDATE accounts SET language = ? WHERE id = ?", (language, account))

    # ------------------------------------------------------------ tables

    def create_table(
        self,
        creator: int,
        seats: Sequence[str | None],
        *,
        variants: Sequence[str],
        pace: Pace,
        move_seconds: int,
        on_timeout: OnTimeout,
        private: bool,
    ) -> int:
        """A new table waiting for its players: ``seats`` holds a bot level for each bot's
        seat and None for each person's; the creator takes the first person's seat."""
        with self._write() as db:
            cursor = db.execute(
                "INSERT INTO tables (creator, created, seats, variants, pace, move_seconds, "
                "on_timeout, private, state) VALUES (?, ?, ?, ?, ?, ?, ?, ?, 'waiting')",
                (
                    creator,
                    time.time(),
                    len(seats),
                    ",".join(variants),
                    pace.value,
                    move_seconds,
                    on_timeout.value,
                    int(private),
                ),
            )
            table = cursor.lastrowid
            assert table is not None
            creator_seated = False
            for number, bot in enumerate(seats):
                account = None
                if bot is None and not creator_seated:
                    account, creator_seated = creator, True
                db.execute(
                    "INSERT INTO seats (table_id, seat, account, bot) VALUES (?, ?, ?, ?)",
                    (table, number, account, bot),
                )
            return table

    def tables_created_by(self, account: int, states: Sequence[TableState]) -> int:
        marks = ",".join("?" * len(states))
        rows = self._read(
            f"SELECT COUNT(*) FROM tables WHERE creator = ? AND state IN ({marks})",
            (account, *(s.value for s in states)),
        )
        return int(rows[0][0])

    def table(self, table: int) -> TableRow | None:
        rows = self._tables("WHERE t.id = ?", (table,))
        return rows[0] if rows else None

    def tables_in(self, states: Sequence[TableState]) -> list[TableRow]:
        marks = ",".join("?" * len(states))
        return self._tables(f"WHERE t.state IN ({marks})", [s.value for s in states])

    def tables_of(self, account: int, states: Sequence[TableState]) -> list[TableRow]:
        """The tables where ``account`` has a seat or an invitation."""
        marks = ",".join("?" * len(states))
        return self._tables(
            f"WHERE t.state IN ({marks}) AND (t.id IN (SELECT table_id FROM seats WHERE "
            "account = ?) OR t.id IN (SELECT table_id FROM invitations WHERE account = ?))",
            [*(s.value for s in states), account, account],
        )

    def _tables(self, where: str, parameters: Sequence[object]) -> list[TableRow]:
        rows = self._read(
            "SELECT t.id, t.creator, t.created, t.variants, t.pace, t.move_seconds, "
            "t.on_timeout, t.private, t.state, t.file, t.turn_since, t.notified "
            f"FROM tables t {where} ORDER BY t.id",
            parameters,
        )
        if not rows:
            return []
        ids = [row[0] for row in rows]
        marks = ",".join("?" * len(ids))
        seats: dict[int, list[SeatRow]] = {}
        for table, seat, account, name, bot, left in self._read(
            "SELECT s.table_id, s.seat, s.account, a.name, s.bot, s.left_game FROM seats s "
            f"LEFT JOIN accounts a ON a.id = s.account WHERE s.table_id IN ({marks}) "
            "ORDER BY s.table_id, s.seat",
            ids,
        ):
            seats.setdefault(table, []).append(SeatRow(seat, account, name, bot, bool(left)))
        invited: dict[int, set[int]] = {}
        for table, account in self._read(
            f"SELECT table_id, account FROM invitations WHERE table_id IN ({marks})", ids
        ):
            invited.setdefault(table, set()).add(account)
        return [
            TableRow(
                id=row[0],
                creator=row[1],
                created=row[2],
                seats=tuple(seats.get(row[0], ())),
                variants=tuple(v for v in str(row[3]).split(",") if v),
                pace=Pace(row[4]),
                move_seconds=row[5],
                on_timeout=OnTimeout(row[6]),
                private=bool(row[7]),
                state=TableState(row[8]),
                file=row[9],
                turn_since=row[10],
                notified=row[11],
                invited=frozenset(invited.get(row[0], ())),
            )
            for row in rows
        ]

    def take_seat(self, table: int, seat: int, account: int) -> bool:
        """``account`` sits down in the free ``seat`` of a waiting table: whether it did
        (someone may have been quicker)."""
        with self._write() as db:
            cursor = db.execute(
                "UPDATE seats SET account = ? WHERE table_id = ? AND seat = ? AND account IS "
                "NULL AND bot IS NULL AND (SELECT state FROM tables WHERE id = ?) = 'waiting' "
                "AND NOT EXISTS (SELECT 1 FROM seats WHERE table_id = ? AND account = ?)",
                (account, table, seat, table, table, account),
            )
            return cursor.rowcount == 1

    def leave_seat(self, table: int, account: int) -> bool:
        """``account`` gets up from a waiting table (its creator cannot: they cancel it)."""
        with self._write() as db:
            cursor = db.execute(
                "UPDATE seats SET account = NULL WHERE table_id = ? AND account = ? AND "
                "(SELECT state FROM tables WHERE id = ?) = 'waiting' AND "
                "(SELECT creator FROM tables WHERE id = ?) != ?",
                (table, account, table, table, account),
            )
            return cursor.rowcount == 1

    def invite(self, table: int, account: int, by: int) -> bool:
        with self._write() as db:
            cursor = db.execute(
                "INSERT OR IGNORE INTO invitations (table_id, account, invited_by, created) "
                "VALUES (?, ?, ?, ?)",
                (table, account, by, time.time()),
            )
            return cursor.rowcount == 1

    def uninvite(self, table: int, account: int) -> None:
        with self._write() as db:
            db.execute(
                "DELETE FROM invitations WHERE table_id = ? AND account = ?", (table, account)
            )

    def invitations_by(self, account: int, since: float) -> int:
        rows = self._read(
            "SELECT COUNT(*) FROM invitations WHERE invited_by = ? AND created >= ?",
            (account, since),
        )
        return int(rows[0][0])

    def start(self, table: int, file: str, turn_since: float) -> None:
        """The waiting table's seats are full: its game begins in ``file``."""
        with self._write() as db:
            db.execute(
                "UPDATE tables SET state = 'playing', file = ?, turn_since = ? WHERE id = ?",
                (file, turn_since, table),
            )

    def cancel(self, table: int) -> None:
        with self._write() as db:
            db.execute("UPDATE tables SET state = 'cancelled' WHERE id = ?", (table,))

    def turn_began(self, table: int, since: float) -> None:
        with self._write() as db:
            db.execute("UPDATE tables SET turn_since = ? WHERE id = ?", (since, table))

    def mark_notified(self, table: int, moves: int) -> bool:
        """Whether the mover of the position numbered ``moves`` is still to be told (and
        now is marked told): at most one message a turn, across restarts too."""
        with self._write() as db:
            cursor = db.execute(
                "UPDATE tables SET notified = ? WHERE id = ? AND (notified IS NULL OR "
                "notified != ?)",
                (moves, table, moves),
            )
            return cursor.rowcount == 1

    def seat_left(self, table: int, seat: int, bot: str) -> None:
        """A person left their seat to a bot for the rest of the game (a loss)."""
        with self._write() as db:
            db.execute(
                "UPDATE seats SET bot = ?, left_game = 1 WHERE table_id = ? AND seat = ?",
                (bot, table, seat),
            )

    # ------------------------------------------------------------ results and ladder

    def finish(
        self,
        table: int,
        places: Sequence[tuple[int, int | None, int, int]],
        ratings: Sequence[tuple[int, float, float, int]],
    ) -> None:
        """The game at ``table`` is over: ``places`` (seat, account, place, points) and the
        people's new ratings (account, mu, sigma, place), kept in one transaction."""
        now = time.time()
        with self._write() as db:
            state = db.execute("SELECT state FROM tables WHERE id = ?", (table,)).fetchone()
            if state is None or state[0] == TableState.OVER.value:
                return  # already finished (a restart finishing it again)
            db.execute("UPDATE tables SET state = 'over' WHERE id = ?", (table,))
            db.executemany(
                "INSERT INTO results (table_id, seat, account, place, points) "
                "VALUES (?, ?, ?, ?, ?)",
                [(table, *row) for row in places],
            )
            for account, mu, sigma, place in ratings:
                db.execute(
                    "INSERT INTO ratings (account, mu, sigma, games) VALUES (?, ?, ?, 1) "
                    "ON CONFLICT (account) DO UPDATE SET mu = excluded.mu, "
                    "sigma = excluded.sigma, games = games + 1",
                    (account, mu, sigma),
                )
                db.execute(
                    "INSERT INTO rating_history (account, table_id, at, mu, sigma, place) "
                    "VALUES (?, ?, ?, ?, ?, ?)",
                    (account, table, now, mu, sigma, place),
                )

    def rating(self, account: int) -> Rating | None:
        rows = self._read(
            "SELECT r.account, a.name, r.mu, r.sigma, r.games FROM ratings r "
            "JOIN accounts a ON a.id = r.account WHERE r.account = ?",
            (account,),
        )
        return _rating(rows[0]) if rows else None

    def ladder(self) -> list[Rating]:
        """Every rated player, unordered (the ladder orders them by their rating)."""
        return [
            _rating(row)
            for row in self._read(
                "SELECT r.account, a.name, r.mu, r.sigma, r.games FROM ratings r "
                "JOIN accounts a ON a.id = r.account"
            )
        ]

    def history(self, account: int, most: int = 20) -> list[HistoryRow]:
        rows = self._read(
            "SELECT table_id, at, mu, sigma, place FROM rating_history WHERE account = ? "
            "ORDER BY at DESC LIMIT ?",
            (account, most),
        )
        return [HistoryRow(*row) for row in rows]


def room_problem(folder: Path) -> str | None:
    """Why nothing new may be written in ``folder`` now: a disk nearly full (the games
    under way still have room for their actions)."""
    try:
        free = shutil.disk_usage(folder).free
    except OSError:
        return None
    if free < FREE_BYTES:
        return _(
            "the server's disk is nearly full: no new games for now (the games under way go on)"
        )
    return None


def _account(row: tuple[Any, ...]) -> Account:
    return Account(*row)


def _rating(row: tuple[Any, ...]) -> Rating:
    return Rating(*row)


def _unusable(path: Path, exc: sqlite3.Error) -> str:
    # TRANSLATORS: {path} is the server's SQLite file; {reason} what SQLite said.
    return _("the server's store {path} cannot be read: {reason}").format(
        path=printable(str(path)), reason=printable(str(exc))
    )


def _unwritable(path: Path, exc: sqlite3.Error) -> str:
    reason = str(exc)
    if "full" in reason:
        return _("the server's disk is full: {path} cannot be written").format(
            path=printable(str(path))
        )
    return _("the server's store {path} cannot be written: {reason}").format(
        path=printable(str(path)), reason=printable(reason)
    )
