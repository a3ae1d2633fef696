"""The limits of a hosted game's port, open to whoever can reach it.

Wrong codes are throttled: each wrong guess from an address is answered later than the one
before (doubling up to a cap), an address with too many wrong guesses is shut out for a
while, and too many wrong guesses from everywhere together shut out every guess by code for
a while (remembered keys still let players in). With codes of about 25 bits that makes
guessing one hopeless within a game. Connections are counted in all and per address.
Everything here runs on the server's event loop thread.
"""

from __future__ import annotations

import time
from collections import Counter, deque
from collections.abc import Callable
from dataclasses import dataclass, field

# Addresses remembered for their wrong codes before the old ones are pruned (many addresses,
# e.g. from IPv6, must not grow memory without end).
ADDRESSES_KEPT = 4096


@dataclass(frozen=True, slots=True)
class Limits:
    """What one hosted game lets in; the defaults are documented in docs/hosting.md."""

    connections: int = 24  # at once, logged in or not
    per_address: int = 8  # at once from one address (friends behind one router share one)
    first_delay: float = 0.5  # seconds before a wrong code is answered; doubles each time
    most_delay: float = 8.0
    failures_per_address: int = 12  # then that address is shut out for `shut_out` seconds
    failures_everywhere: int = 100  # within `shut_out` seconds: then no guess is taken
    shut_out: float = 15 * 60
    login_timeout: float = 60  # seconds from connecting to joining
    idle_timeout: float = 60 * 60  # seconds without a key typed: the connection is closed
    keepalive: float = 30  # seconds between keepalives; 4 unanswered close the connection
    pending_input: int = 16_384  # characters typed but not yet read by the table
    input_rate: int = 2_048  # characters per second a connection may type, past its burst
    pending_output: int = 1 << 20  # bytes the client has not read: then it is disconnected


@dataclass
class Guard:
    """The counts the limits are kept by."""

    limits: Limits = field(default_factory=Limits)
    clock: Callable[[], float] = time.monotonic
    connected: Counter[str] = field(default_factory=Counter)
    # When each wrong code of the last `shut_out` seconds came, per address and in all. A
    # right code does not wipe an address's count: the spectators' code is widely known.
    _failures: dict[str, deque[float]] = field(default_factory=dict)
    _recent: deque[float] = field(default_factory=deque)
    _shut_until: dict[str, float] = field(default_factory=dict)

    def admit(self, address: str) -> str | None:
        """Count a new connection from ``address``; why it is refused, or None."""
        if sum(self.connected.values()) >= self.limits.connections:
            return "too many connections to this game"
        if self.connected[address] >= self.limits.per_address:
            return "too many connections from your address"
        self.connected[address] += 1
        return None

    def leave(self, address: str) -> None:
        self.connected[address] -= 1
        if self.connected[address] <= 0:
            del self.connected[address]

    def may_guess(self, address: str) -> bool:
        """Whether a code from ``address`` is checked at all now."""
        now = self.clock()
        if self._shut_until.get(address, 0) > now:
            return False
        self._forget(self._recent, now)
        return len(self._recent) < self.limits.failures_everywhere

    def _forget(self, times: deque[float], now: float) -> None:
        while times and times[0] <= now - self.limits.shut_out:
            times.popleft()

    def failed(self, address: str) -> float:
        """Count a wrong code (or unknown user) from ``address``; the seconds to wait
        before saying so."""
        now = self.clock()
        if len(self._failures) + len(self._shut_until) > ADDRESSES_KEPT:
            self._prune(now)
        times = self._failures.setdefault(address, deque())
        self._forget(times, now)
        times.append(now)
        self._recent.append(now)
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
