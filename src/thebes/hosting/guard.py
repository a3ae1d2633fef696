"""The limits of a hosted game's port, open to whoever can reach it.

A connection from the network is a stranger until it proves its seat, and strangers,
spectators and each seat have places of their own, so that nobody without a seat's code
can keep that seat's player out:

- strangers (connected, not logged in) share a small pool, a few from each address; when
  the pool is full a newcomer takes the place of the oldest stranger of the address that
  holds the most, so connections that never log in hold no place for long (and they are
  closed after a few seconds anyway: the login grace time);
- spectators have a pool of their own, which a full pool of spectators does not outgrow;
- each seat has places of its own: a player who proves the seat's code (or key) always
  gets in, and past them the seat's oldest connection is let go.

Wrong codes are throttled per address and per connection, never for a code as a whole:
each wrong guess is answered later than the one before (doubling up to a cap), and an
address with too many wrong guesses is shut out for a while. Guesses from elsewhere never
shut a seat's own player out. With codes of about 25 bits that makes guessing one hopeless
within a game. Everything here runs on the server's event loop thread.
"""

from __future__ import annotations

import ipaddress
import time
from collections import Counter, deque
from collections.abc import Callable, Hashable
from dataclasses import dataclass, field

from thebes.language import _

# Addresses remembered for their wrong codes before the old ones are pruned (many addresses,
# e.g. from IPv6, must not grow memory without end).
ADDRESSES_KEPT = 4096


@dataclass(frozen=True, slots=True)
class Limits:
    """What one hosted game lets in; the defaults are documented in docs/hosting.md."""

    strangers: int = 16  # connected and not logged in, at once
    per_address: int = 4  # strangers from one address at once
    spectators: int = 8  # spectators' connections at once
    per_seat: int = 2  # connections of one seat at once (a player back before the drop is seen)
    first_delay: float = 0.5  # seconds before a wrong code is answered; doubles each time
    most_delay: float = 8.0
    failures_per_address: int = 12  # then that address is shut out for `shut_out` seconds
    guesses_per_connection: int = 6  # wrong codes on one connection: then it is closed
    shut_out: float = 15 * 60
    login_timeout: float = 10  # seconds from connecting to logging in (the grace time)
    session_timeout: float = 10  # seconds from logging in to opening the table's session
    idle_timeout: float = 60 * 60  # seconds without a key typed: the connection is closed
    keepalive: float = 30  # seconds between keepalives; 4 unanswered close the connection
    pending_input: int = 16_384  # characters typed but not yet read by the table
    # Every key typed and every line sent costs the host's one thread for Python a little
    # (a key about 0.2 ms, a line a few ms): a person types far less than these, a flood
    # from eight spectators at once leaves the players most of the host.
    typed_burst: int = 512  # characters a connection may type at once (a paste)...
    input_rate: int = 128  # ...then this many a second (a key held down is about 90)
    lines: int = 6  # lines a connection may send at once (Enter pressed)...
    line_rate: float = 2.0  # ...then this many a second (faster ones wait; a flood is dropped)
    pending_output: int = 1 << 20  # bytes the client has not read: then it is disconnected
    environment: int = 16  # environment variables kept a session (only those it reads)
    environment_value: int = 256  # bytes of each one kept
    # A server, where any key is let in (as its account): logged-in connections at once in
    # all, and from one address (0: no such bound, as at a hosted game, whose seats are few)
    visitors: int = 0
    visitors_per_address: int = 0


@dataclass
class Guard:
    """The places taken and the wrong codes counted, by which the limits are kept."""

    limits: Limits = field(default_factory=Limits)
    clock: Callable[[], float] = time.monotonic
    # Who holds a place, oldest first: strangers by address, spectators, each seat's own.
    strangers: dict[Hashable, str] = field(default_factory=dict)
    spectators: dict[Hashable, None] = field(default_factory=dict)
    seats: dict[Hashable, dict[Hashable, None]] = field(default_factory=dict)
    visitors: dict[Hashable, str] = field(default_factory=dict)  # a server's: their address
    # When each wrong code of the last `shut_out` seconds came, per address. A right code
    # does not wipe an address's count: the spectators' code is widely known.
    _failures: dict[str, deque[float]] = field(default_factory=dict)
    _shut_until: dict[str, float] = field(default_factory=dict)

    def arrive(self, who: Hashable, address: str) -> tuple[str | None, Hashable | None]:
        """A new connection from ``address``: why it is refused (or None), and the stranger
        whose place it takes (to be closed), if any."""
        address = counted(address)
        if Counter(self.strangers.values())[address] >= self.limits.per_address:
            return _("too many connections from your address"), None
        evicted = None
        if len(self.strangers) >= self.limits.strangers:
            busiest, _count = Counter(self.strangers.values()).most_common(1)[0]
            evicted = next(w for w, a in self.strangers.items() if a == busiest)
            del self.strangers[evicted]
        self.strangers[who] = address
        return None, evicted

    def join(self, who: Hashable, seat: Hashable | None) -> tuple[str | None, Hashable | None]:
        """``who`` proved ``seat`` (None: a spectator): why it may not stay (or None), and
        the connection of that seat whose place it takes (to be closed), if any."""
        address = self.strangers.pop(who, None)
        if seat is None:
            if len(self.spectators) >= self.limits.spectators:
                return _("too many spectators"), None
            self.spectators[who] = None
            return None, None
        limits = self.limits
        if limits.visitors and seat not in self.seats:
            if sum(map(len, self.seats.values())) >= limits.visitors:
                return _("the server is full: try again later"), None
            from_there = sum(1 for there in self.visitors.values() if there == address)
            if limits.visitors_per_address and from_there >= limits.visitors_per_address:
                return _("too many connections from your address"), None
        if limits.visitors and address is not None:
            self.visitors[who] = address
        places = self.seats.setdefault(seat, {})
        evicted = None
        if len(places) >= self.limits.per_seat:
            evicted = next(iter(places))
            del places[evicted]
        places[who] = None
        return None, evicted

    def leave(self, who: Hashable) -> None:
        """``who``'s connection ended: its place is free."""
        self.strangers.pop(who, None)
        self.spectators.pop(who, None)
        self.visitors.pop(who, None)
        for seat, places in list(self.seats.items()):
            places.pop(who, None)
            if not places:
                del self.seats[seat]

    def taken(self) -> int:
        """Places taken in all."""
        return len(self.strangers) + len(self.spectators) + sum(map(len, self.seats.values()))

    def may_guess(self, address: str) -> bool:
        """Whether a code from ``address`` is checked at all now."""
        return self._shut_until.get(counted(address), 0) <= self.clock()

    def _forget(self, times: deque[float], now: float) -> None:
        while times and times[0] <= now - self.limits.shut_out:
            times.popleft()

    def failed(self, address: str) -> float:
        """Count a wrong code (or unknown user) from ``address``; the seconds to wait
        before saying so."""
        address = counted(address)
        now = self.clock()
        if len(self._failures) + len(self._shut_until) > ADDRESSES_KEPT:
            self._prune(now)
        times = self._failures.setdefault(address, deque())
        self._forget(times, now)
        times.append(now)
        if len(times) >= self.limits.failures_per_address:
            self._shut_until[address] = now + self.limits.shut_out
            times.clear()
        return self.delay(len(times) or self.limits.failures_per_address)

    def _prune(self, now: float) -> None:
        """Forget the addresses whose wrong codes are all older than `shut_out`."""
        for address, times in list(self._failures.items()):
            self._forget(times, now)
            if not times:
                del self._failures[address]
        for address, until in list(self._shut_until.items()):
            if until <= now:
                del self._shut_until[address]

    def delay(self, count: int) -> float:
        """The wait after the ``count``-th wrong code in a row."""
        return min(self.limits.first_delay * 2.0 ** (count - 1), self.limits.most_delay)


def ip_address(text: str) -> str:
    """``text``, an IP address, written one way (an IPv4 address mapped into IPv6, as a
    dual-stack socket gives it, as IPv4); ValueError if it is none."""
    address = ipaddress.ip_address(text.strip())
    if isinstance(address, ipaddress.IPv6Address) and address.ipv4_mapped is not None:
        return str(address.ipv4_mapped)
    return str(address)


def counted(address: str) -> str:
    """The address as the limits count it (:func:`ip_address`), an IPv6 address by its /64
    network, which one household or server is given whole (each of its 2**64 addresses
    would otherwise count alone); what is no IP address as it is."""
    try:
        written = ip_address(address)
    except ValueError:
        return address
    if ":" in written:
        return str(ipaddress.IPv6Network((written, 64), strict=False))
    return written
