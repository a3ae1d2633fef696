"""Who may join a hosted game, and as what: one invite code per person's seat, one for the
spectators, and the SSH user names that ask for each.

A code is a made-up word of four syllables ("dobe-kisu": 80 syllables, about 25 bits),
drawn with :mod:`secrets`: easy to read out over the phone and to type, and, with the wrong
guesses throttled (:mod:`thebes.hosting.guard`), not found by guessing during a game. Codes
are compared in constant time and never logged; they live only in this process and in what
`thebes host` prints for the host to pass on.

The first public key a player's client offered in the session that then joined with the
seat's code is remembered for the seat (for as long as the host runs): that key alone then
lets the player back into the seat without the code, e.g. after a dropped connection.
"""

from __future__ import annotations

import hmac
import secrets
import threading
from collections.abc import Hashable
from dataclasses import dataclass, field

import asyncssh

from thebes.language import _

CONSONANTS = "bdfghjklmnprstvz"  # no c, q, w, x, y: each has a second spelling or sound
VOWELS = "aeiou"
SYLLABLES = 4

# The user names spectators join as: the first that is no seat's name.
SPECTATOR_USERS = ("spectator", "watcher", "audience")


def new_code() -> str:
    """A fresh invite code: two halves of two syllables each, e.g. ``dobe-kisu``."""
    syllables = [secrets.choice(CONSONANTS) + secrets.choice(VOWELS) for _ in range(SYLLABLES)]
    half = SYLLABLES // 2
    return "".join(syllables[:half]) + "-" + "".join(syllables[half:])


def _normal(code: str) -> bytes:
    """A typed code as compared: any case, with or without its dash and spaces."""
    return "".join(code.split()).replace("-", "").lower().encode("utf-8", "replace")


def same_code(typed: str, code: str) -> bool:
    """Whether ``typed`` is ``code``, in time that does not depend on where they differ."""
    return hmac.compare_digest(_normal(typed[:100]), _normal(code))


@dataclass(frozen=True, slots=True)
class Invite:
    """How one seat (None: the spectators) is joined."""

    seat: int | None
    user: str  # the SSH user name to give
    code: str


@dataclass(frozen=True, slots=True)
class Role:
    """What a connection joins as: a seat, or a spectator (None)."""

    seat: int | None


@dataclass
class Invites:
    """The codes of a hosted game, and the keys remembered for its seats."""

    seat_names: list[str]  # every seat, in seat order
    invited: list[int]  # the seats that get a code (people who are not at the host)
    codes: dict[int, str] = field(default_factory=dict)
    spectator_code: str = field(default_factory=new_code)
    keys: dict[int, bytes] = field(default_factory=dict)  # seat: its remembered public key
    _lock: threading.Lock = field(default_factory=threading.Lock)

    def __post_init__(self) -> None:
        for seat in self.invited:
            self.codes.setdefault(seat, new_code())

    @property
    def spectator_user(self) -> str:
        taken = {name.casefold() for name in self.seat_names}
        return next((user for user in SPECTATOR_USERS if user not in taken), "spectator-of-thebes")

    def all(self) -> list[Invite]:
        """Each invited seat's invite in seat order, then the spectators'."""
        seats = [Invite(seat, self.seat_names[seat], self.codes[seat]) for seat in self.invited]
        return [*seats, Invite(None, self.spectator_user, self.spectator_code)]

    def role(self, user: str) -> Role | None:
        """What the SSH user name ``user`` asks to join as, None for nothing anyone was
        invited as. A seat is its name in any case, or ``seat1`` ... ``seat4`` for a name
        that is hard to type."""
        folded = user.casefold()
        for seat in self.invited:
            if folded in (self.seat_names[seat].casefold(), f"seat{seat + 1}"):
                return Role(seat)
        if folded == self.spectator_user:
            return Role(None)
        return None

    def code_fits(self, role: Role, typed: str) -> bool:
        code = self.spectator_code if role.seat is None else self.codes[role.seat]
        return same_code(typed, code)

    def remember_key(self, seat: int, key: bytes) -> None:
        """``key`` lets ``seat`` in from now on, unless a key is remembered for it already."""
        with self._lock:
            self.keys.setdefault(seat, key)

    # What the SSH server asks of whoever lets people in (thebes.hosting.server.Admission).

    passwords = True

    def by_key(self, user: str, key: asyncssh.SSHKey) -> Role | None:
        """The seat whose remembered key ``key`` is, if ``user`` names it."""
        role = self.role(user)
        if role is not None and role.seat is not None and self.key_fits(role.seat, key.public_data):
            return role
        return None

    def by_code(self, user: str, code: str, offered: asyncssh.SSHKey | None) -> Role | None:
        """What ``user`` joins as with the right ``code`` (the seat then remembers the key
        ``offered``)."""
        role = self.role(user)
        if role is None or not self.code_fits(role, code):
            return None
        if role.seat is not None and offered is not None:
            self.remember_key(role.seat, offered.public_data)
        return role

    def by_web(self, user: str, code: str) -> tuple[Role | None, None]:
        """What a browser joins as with ``user`` and ``code``: as over SSH (the same code
        comes back again)."""
        return self.by_code(user, code, None), None

    @staticmethod
    def web_code_refused() -> tuple[str, bool]:
        return _("wrong name or code"), True

    @staticmethod
    def place_of(who: Hashable) -> int | None:
        assert isinstance(who, Role)
        return who.seat

    def key_fits(self, seat: int, key: bytes) -> bool:
        with self._lock:
            known = self.keys.get(seat)
        return known is not None and hmac.compare_digest(known, key)
