"""Who may come into a Thebes server: anyone with an SSH key, as the account of that key.

There are no passwords: the key proves the account (made at its first visit, when the lobby
asks its name), and the SSH user name only says where to go (a table's number, or the
lobby). A client that offers no key is told how to make one, and let in nowhere.

A browser has no SSH key. A player who came with theirs asks the lobby for a link (its
`web` command): a ticket of 128 random bits that lets one browser in as that account, once,
within a few minutes. The browser is then given a ticket of its own for coming back (a
reload, a lost connection), good while the server runs and for a day at most, which the
page keeps in its tab alone. Tickets are compared in constant time; wrong ones are
throttled by the guard as wrong codes are.
"""

from __future__ import annotations

import hmac
import secrets
import threading
import time
from collections import Counter
from collections.abc import Callable, Hashable
from dataclasses import dataclass, field

import asyncssh

from thebes.language import _
from thebes.lobby.names import Visitor

ROOM_LETTERS = 40  # of the SSH user name kept: a table's number fits many times over
LINK_SECONDS = 10 * 60  # how long a link from the lobby lets a browser in (once)
RETURN_SECONDS = 24 * 60 * 60  # how long a browser may come back with its own ticket
TICKETS_KEPT = 4096  # tickets alive at once, at most: the oldest go first...
TICKETS_PER_ACCOUNT = 16  # ...of the account holding the most (each holds this many at most)


@dataclass(frozen=True, slots=True)
class Ticket:
    who: Visitor
    until: float  # the clock's time it ends
    once: bool  # a lobby's link: gone once used


@dataclass
class Tickets:
    """The web's tickets of a server's accounts (from the lobby's thread and the server's)."""

    clock: Callable[[], float] = time.monotonic
    _tickets: dict[str, Ticket] = field(default_factory=dict)
    _lock: threading.Lock = field(default_factory=threading.Lock)

    def new(self, who: Visitor, seconds: float, *, once: bool) -> str:
        token = secrets.token_urlsafe(16)
        with self._lock:
            now = self.clock()
            for old, ticket in list(self._tickets.items()):
                if ticket.until <= now:
                    del self._tickets[old]
            held = Counter(ticket.who.fingerprint for ticket in self._tickets.values())
            if held[who.fingerprint] >= TICKETS_PER_ACCOUNT:
                self._forget_oldest(who.fingerprint)
            elif len(self._tickets) >= TICKETS_KEPT:
                self._forget_oldest(held.most_common(1)[0][0])
            self._tickets[token] = Ticket(who, now + seconds, once)
        return token

    def _forget_oldest(self, fingerprint: str) -> None:
        """The oldest ticket of that account is gone (so that nobody's links, asked for
        over and over, put an end to anyone else's)."""
        oldest = next(k for k, t in self._tickets.items() if t.who.fingerprint == fingerprint)
        del self._tickets[oldest]

    def use(self, token: str) -> Ticket | None:
        """The ticket ``token`` is, if alive (a link's is then gone); compared in constant
        time with every ticket, so that how long it takes tells nothing."""
        typed = token[:64].encode("utf-8", "replace")
        with self._lock:
            now, found = self.clock(), None
            for known, ticket in self._tickets.items():
                if hmac.compare_digest(known.encode(), typed) and ticket.until > now:
                    found = known
            if found is None:
                return None
            ticket = self._tickets[found]
            if ticket.once:
                del self._tickets[found]
            return ticket


class KeyAccounts:
    """A server's door: every key is someone (:class:`~thebes.lobby.hall.Visitor`)."""

    passwords = False

    def __init__(self) -> None:
        self.tickets = Tickets()

    def web_code(self, who: Visitor) -> str:
        """The code of a link that lets one browser in as ``who``, once, for a while."""
        return self.tickets.new(who, LINK_SECONDS, once=True)

    def by_web(self, user: str, code: str) -> tuple[Visitor | None, str | None]:
        """Who a browser's code proves (``user``: the room it asks for), and the code it
        comes back with (a link's is good once)."""
        ticket = self.tickets.use(code)
        if ticket is None:
            return None, None
        who = Visitor(ticket.who.fingerprint, user[:ROOM_LETTERS])
        if not ticket.once:
            return who, None
        return who, self.tickets.new(ticket.who, RETURN_SECONDS, once=False)

    @staticmethod
    def web_code_refused() -> tuple[str, bool]:
        # The page's code came from a link (once) or from joining (until the server ends):
        # nobody has one to type.
        return (
            _(
                "This link no longer works: each link lets in once, and none after the "
                "server restarts. Type `web` in the lobby for a new one."
            ),
            False,
        )

    @staticmethod
    def by_key(user: str, key: asyncssh.SSHKey) -> Visitor:
        return Visitor(key.get_fingerprint("sha256"), user[:ROOM_LETTERS])

    @staticmethod
    def by_code(user: str, code: str, offered: asyncssh.SSHKey | None) -> None:
        return None

    @staticmethod
    def place_of(who: Hashable) -> Hashable:
        return who  # one key, one visitor: its connections share its places

    @staticmethod
    def without_key() -> str:
        """What a client that offered no key reads."""
        return _(
            "This Thebes server knows players by their SSH keys, and yours offered none. "
            "Make one with `ssh-keygen -t ed25519`, then connect again."
        )
