"""What a Thebes server's store keeps, as values: accounts, tables and their seats, ratings
(:mod:`thebes.lobby.store` reads and writes them)."""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass
from enum import Enum

SCHEMA = """
CREATE TABLE accounts (
    id INTEGER PRIMARY KEY,
    name TEXT NOT NULL,
    folded TEXT NOT NULL UNIQUE,      -- the name as compared: no two alike
    created REAL NOT NULL,
    webhook TEXT,                     -- the address told when this player's turn comes
    language TEXT                     -- the language last asked for ('de', 'fr'), if any
);
CREATE TABLE keys (
    fingerprint TEXT PRIMARY KEY,     -- SHA256 of the public key, as ssh-keygen -l shows it
    account INTEGER NOT NULL REFERENCES accounts(id),
    added REAL NOT NULL
);
CREATE TABLE tables (
    id INTEGER PRIMARY KEY,
    creator INTEGER NOT NULL REFERENCES accounts(id),
    created REAL NOT NULL,
    seats INTEGER NOT NULL CHECK (seats BETWEEN 2 AND 4),
    variants TEXT NOT NULL,           -- the variants' names, comma-separated
    pace TEXT NOT NULL CHECK (pace IN ('live', 'slow')),
    move_seconds INTEGER NOT NULL,    -- the time a player has for a move
    on_timeout TEXT NOT NULL CHECK (on_timeout IN ('move', 'game')),
    private INTEGER NOT NULL,         -- only the invited may sit down (anyone may watch)
    state TEXT NOT NULL CHECK (state IN ('waiting', 'playing', 'over', 'cancelled')),
    file TEXT,                        -- the game file, once the game started
    turn_since REAL,                  -- when the player to move was given the move
    notified INTEGER                  -- the move number whose mover was last told
);
CREATE TABLE seats (
    table_id INTEGER NOT NULL REFERENCES tables(id),
    seat INTEGER NOT NULL,
    account INTEGER REFERENCES accounts(id),  -- a person's seat, once taken
    bot TEXT,                                 -- a bot's seat: its level
    left_game INTEGER NOT NULL DEFAULT 0,     -- its person left it to a bot: a loss
    PRIMARY KEY (table_id, seat)
);
CREATE TABLE invitations (
    table_id INTEGER NOT NULL REFERENCES tables(id),
    account INTEGER NOT NULL REFERENCES accounts(id),
    invited_by INTEGER NOT NULL REFERENCES accounts(id),
    created REAL NOT NULL,
    PRIMARY KEY (table_id, account)
);
CREATE TABLE results (
    table_id INTEGER NOT NULL REFERENCES tables(id),
    seat INTEGER NOT NULL,
    account INTEGER REFERENCES accounts(id),
    place INTEGER NOT NULL,            -- 1 for the winner; a person who left ranks last
    points INTEGER NOT NULL,
    PRIMARY KEY (table_id, seat)
);
CREATE TABLE ratings (
    account INTEGER PRIMARY KEY REFERENCES accounts(id),
    mu REAL NOT NULL,
    sigma REAL NOT NULL,
    games INTEGER NOT NULL
);
CREATE TABLE rating_history (
    account INTEGER NOT NULL REFERENCES accounts(id),
    table_id INTEGER NOT NULL REFERENCES tables(id),
    at REAL NOT NULL,
    mu REAL NOT NULL,
    sigma REAL NOT NULL,
    place INTEGER NOT NULL,
    PRIMARY KEY (account, table_id)
);
CREATE INDEX seats_by_account ON seats(account);
CREATE INDEX tables_by_state ON tables(state);
"""


class TableState(Enum):
    WAITING = "waiting"  # seats left to fill: no game yet
    PLAYING = "playing"
    OVER = "over"
    CANCELLED = "cancelled"  # closed by its creator before it started


class Pace(Enum):
    LIVE = "live"  # minutes a move: played in one sitting
    SLOW = "slow"  # hours or days a move: played over days


class OnTimeout(Enum):
    MOVE = "move"  # a bot plays the move the player ran out of time for
    GAME = "game"  # a bot plays the seat from then on


@dataclass(frozen=True, slots=True)
class Account:
    id: int
    name: str
    webhook: str | None
    language: str | None


@dataclass(frozen=True, slots=True)
class SeatRow:
    seat: int
    account: int | None  # a person's seat, once taken
    name: str | None  # that person's account name
    bot: str | None  # a bot's seat: its level
    left_game: bool

    @property
    def free(self) -> bool:
        return self.account is None and self.bot is None


@dataclass(frozen=True, slots=True)
class TableRow:
    id: int
    creator: int
    created: float
    seats: tuple[SeatRow, ...]
    variants: tuple[str, ...]
    pace: Pace
    move_seconds: int
    on_timeout: OnTimeout
    private: bool
    state: TableState
    file: str | None
    turn_since: float | None
    notified: int | None
    invited: frozenset[int]

    def seat_of(self, account: int) -> int | None:
        return next((s.seat for s in self.seats if s.account == account), None)

    @property
    def free_seats(self) -> list[int]:
        return [s.seat for s in self.seats if s.free]


@dataclass(frozen=True, slots=True)
class Rating:
    account: int
    name: str
    mu: float
    sigma: float
    games: int


@dataclass(frozen=True, slots=True)
class HistoryRow:
    table_id: int
    at: float
    mu: float
    sigma: float
    place: int


def folded(name: str) -> str:
    """A name as names are compared: ``Ann``, ``ANN`` and a full-width ``Ann`` are one."""
    return unicodedata.normalize("NFKC", name).casefold()
