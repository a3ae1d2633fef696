"""The messages sent when a player's turn comes: webhooks.

A player may give the server a web address; when their turn comes the lobby hands a JSON
message for it to :meth:`Webhooks.send`, which POSTs it there once, from a few threads of
its own, so that the lobby never waits on someone else's server. A server on the internet
must not become a tool against others, nor against its own network, so everything here
is bounded: the queue, the threads, each attempt's time (connecting, sending and reading
the answer), the bytes read back, the attempts for one message, and the keys remembered
so that a turn is never sent twice. The addresses a player may give are checked twice:
their form when given (:func:`webhook_problem`), and what their name resolves to when
sent. Unless the server allows local addresses, a name that resolves to a loopback,
private, link-local, multicast, reserved or unspecified address is never connected to,
and the connection goes to the very address that was checked (for https too, where the
certificate is still verified against the name), so a name that resolves elsewhere a
moment later cannot redirect the request. docs/server.md (Webhooks) tells players the
rules and the message's fields.
"""

from __future__ import annotations

import heapq
import importlib.metadata
import ipaddress
import json
import logging
import re
import socket
import ssl
import string
import threading
import time
from collections import Counter, OrderedDict
from collections.abc import Callable, Sequence
from contextlib import nullcontext
from dataclasses import dataclass, field
from functools import cache
from typing import Any
from urllib.parse import SplitResult, urlsplit

from thebes.language import _, speaking
from thebes.lobby.posting import BadAnswer, exchange, left

ADDRESS_MOST = 300  # characters of a webhook's address
MESSAGE_MOST = 16_384  # bytes of one message's JSON: the lobby's are a few hundred
KEY_MOST = 200  # characters of a message's key, sent as its Idempotency-Key header
NAME_MOST = 253  # characters of a host name (DNS)

# The characters of a web address (RFC 3986): anything else (spaces, accents, quotes,
# backslashes, controls) is either a mistake or an attempt to confuse a parser.
URL_CHARACTERS = frozenset(string.ascii_letters + string.digits + "-._~:/?#[]@!$&'()*+,;=%")
LABEL = re.compile(r"[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\Z")
# IPv6 addresses that carry an IPv4 address a gateway may hand the packets to (NAT64).
NAT64 = ipaddress.IPv6Network("64:ff9b::/96")

IPAddress = ipaddress.IPv4Address | ipaddress.IPv6Address
AddressInfo = tuple[Any, ...]  # one entry of socket.getaddrinfo
Resolver = Callable[[str, int], Sequence[AddressInfo]]
OnOutcome = Callable[[str, bool, str], None]

log = logging.getLogger(__name__)


@dataclass(frozen=True, slots=True)
class WebhookLimits:
    """How much the webhooks of a server may cost it; the defaults are in docs/server.md."""

    workers: int = 2  # threads sending, whatever the number of tables
    queue: int = 200  # messages waiting or being sent, retries included: then send refuses
    per_host: int = 20  # of those, for one host, so that one dead host cannot fill the queue
    attempts: int = 3  # attempts for one message, in all
    waits: tuple[float, ...] = (5.0, 30.0)  # seconds before the 2nd, 3rd, ... attempt
    timeout: float = 5.0  # seconds for one attempt: connecting, TLS, sending and the answer
    keys_kept: int = 10_000  # keys remembered, so that none is sent twice


@dataclass(frozen=True, slots=True)
class Target:
    """Where a webhook's message goes, as read from its address."""

    secure: bool  # https
    host: str  # a name (lower case, without a final dot) or an IP address, without brackets
    port: int
    path: str  # the request's target: the path and query
    host_header: str


def webhook_problem(address: str, *, allow_local: bool = False) -> str | None:
    """Why ``address`` cannot be a webhook, in the player's language; None if it can be.
    Names are not resolved here (that waits for each message): only an IP address or a
    ``localhost`` name is refused here for being local."""
    read = parse_address(address, allow_local=allow_local)
    return read if isinstance(read, str) else None


def parse_address(address: str, *, allow_local: bool = False) -> Target | str:
    """Where ``address`` sends its messages, or why it cannot be a webhook."""
    if len(address) > ADDRESS_MOST:
        return _("A webhook address is at most {most} characters long.").format(most=ADDRESS_MOST)
    if not address or not set(address) <= URL_CHARACTERS:
        # Internationalised names must come in their ASCII (xn--) form: the form the DNS
        # knows, and one that cannot pass a look-alike letter for another.
        return _(
            "A webhook address holds only the characters of web addresses: no spaces or "
            "accents (a host name with accents is written in its xn-- form)."
        )
    try:
        parts = urlsplit(address)
    except ValueError:  # a bracketed host that is no IPv6 address
        return _("The host of a webhook address is not a valid name or IP address.")
    if parts.scheme not in ("http", "https") or not address.lower().startswith(
        f"{parts.scheme}://"
    ):
        return _("A webhook address begins with http:// or https://.")
    if "@" in parts.netloc:
        return _("A webhook address may not hold a user name or password.")
    if "#" in address:
        return _("A webhook address may not hold a # part.")
    if not parts.hostname:
        return _("A webhook address needs a host, as in https://example.org/thebes.")
    return _target(parts, allow_local)


def _target(parts: SplitResult, allow_local: bool) -> Target | str:
    """The host and port of an address whose form is otherwise right."""
    secure = parts.scheme == "https"
    host = (parts.hostname or "").rstrip(".")
    # The port as written (urlsplit's would take "+80" or " 80" on some Pythons).
    after_host = parts.netloc.rpartition("]")[2] if parts.netloc.startswith("[") else parts.netloc
    written = after_host.partition(":")[2]
    if written and not (written.isdigit() and len(written) <= 5 and 1 <= int(written) <= 65535):
        return _("The port of a webhook address is a number from 1 to 65535.")
    port = int(written) if written else 443 if secure else 80
    try:
        ip: IPAddress | None = ipaddress.ip_address(host)
    except ValueError:
        ip = None
        labels = host.split(".")
        if (
            len(host) > NAME_MOST
            or not all(LABEL.match(label) for label in labels)
            or labels[-1].isdigit()  # no top-level name is a number: a mangled IPv4 address
        ):
            return _("The host of a webhook address is not a valid name or IP address.")
    if parts.netloc.startswith("[") != isinstance(ip, ipaddress.IPv6Address):
        return _("The host of a webhook address is not a valid name or IP address.")
    local = host == "localhost" or host.endswith(".localhost")
    if not allow_local and (local or (ip is not None and not is_public(ip))):
        return _(
            "A webhook address must be reachable from the internet: this server does not "
            "send to local or private addresses."
        )
    shown = f"[{host}]" if isinstance(ip, ipaddress.IPv6Address) else host
    default = port == (443 if secure else 80)
    path = parts.path or "/"
    return Target(
        secure=secure,
        host=host,
        port=port,
        path=f"{path}?{parts.query}" if parts.query else path,
        host_header=shown if default else f"{shown}:{port}",
    )


def is_public(ip: IPAddress) -> bool:
    """Whether ``ip`` is an address of the internet at large, which a webhook may reach:
    not loopback, private, link-local, multicast, reserved or unspecified, nor an IPv6
    address that carries such an IPv4 address (mapped, 6to4, Teredo, NAT64)."""
    if isinstance(ip, ipaddress.IPv6Address):
        if ip.ipv4_mapped is not None:  # the IPv4 address itself, by a dual-stack socket
            return is_public(ip.ipv4_mapped)
        carried = [ip.sixtofour, *(ip.teredo or ())]
        if ip in NAT64:
            carried.append(ipaddress.IPv4Address(int(ip) & 0xFFFFFFFF))
        if any(inner is not None and not is_public(inner) for inner in carried):
            return False
        if ip.is_site_local:
            return False
    return ip.is_global and not (
        ip.is_loopback
        or ip.is_private
        or ip.is_link_local
        or ip.is_multicast
        or ip.is_reserved
        or ip.is_unspecified
    )


def turn_message(
    *,
    player: str,
    table: int,
    table_name: str | None,
    moves: int,
    deadline: float | None,
    join: str,
    language: str | None = None,
) -> dict[str, Any]:
    """The message telling ``player`` their turn has come (docs/server.md, Webhooks).
    ``deadline`` is when the move is due, in seconds since the epoch (None: no clock);
    ``join`` the command that opens the table; ``text`` is one sentence in ``language``
    (the current one if None) that a chat's webhook can show as it is."""
    label = str(table) if not table_name else f"{table} ({table_name})"
    with speaking(language) if language else nullcontext():
        text = _("{player}, it is your turn at table {table}: {join}").format(
            player=player, table=label, join=join
        )
    return {
        "event": "your_turn",
        "player": player,
        "table": table,
        "table_name": table_name,
        "moves": moves,
        "deadline": None
        if deadline is None
        else time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime(deadline)),
        "join": join,
        "text": text,
    }


@cache
def user_agent() -> str:
    """What the messages say sent them: thebes and its version."""
    try:
        return f"thebes/{importlib.metadata.version('thebes')}"
    except importlib.metadata.PackageNotFoundError:  # run from a source tree
        return "thebes"


class Refused(Exception):
    """A message not sent, for good: retrying would not change it."""


@dataclass(order=True)
class _Job:
    due: float  # time.monotonic() of its next attempt
    number: int  # the order sent in, among those due at once
    key: str = field(compare=False)
    target: Target = field(compare=False)
    request: bytes = field(compare=False)
    attempts: int = field(default=0, compare=False)


def _resolve(host: str, port: int) -> Sequence[AddressInfo]:
    # The system's resolver has no timeout of ours: its own (resolv.conf) bounds it.
    return socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)


class Webhooks:
    """Sends each message once to its webhook, from a few threads of its own.

    ``on_outcome(key, delivered, reason)`` is called once per message accepted by
    :meth:`send`, from a sending thread, when it was delivered or given up (``reason``:
    a short line in English for the server's log, such as ``HTTP 204`` or ``no answer
    within 5 s, 3 attempts``). ``allow_local`` lets messages go to local and private
    addresses (a server on its own network; the tests). ``resolve`` and ``tls`` stand for
    the system's resolver and the default TLS context (the tests give their own).
    """

    def __init__(
        self,
        limits: WebhookLimits | None = None,
        *,
        allow_local: bool = False,
        on_outcome: OnOutcome | None = None,
        resolve: Resolver = _resolve,
        tls: ssl.SSLContext | None = None,
    ) -> None:
        self.limits = limits or WebhookLimits()
        self.allow_local = allow_local
        self.on_outcome = on_outcome
        self._resolve = resolve
        self._tls = tls or ssl.create_default_context()
        self._ready = threading.Condition()
        self._due: list[_Job] = []  # a heap: the next attempt first
        self._sending = 0
        self._per_host: Counter[str] = Counter()
        self._keys: OrderedDict[str, None] = OrderedDict()
        self._numbers = 0
        self._closed = False
        self._threads = [
            threading.Thread(target=self._work, name=f"webhooks-{n}", daemon=True)
            for n in range(self.limits.workers)
        ]
        for thread in self._threads:
            thread.start()

    def __enter__(self) -> Webhooks:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def send(self, key: str, address: str, message: dict[str, Any]) -> bool:
        """Queue ``message`` for ``address``, never waiting; False if refused: ``key`` (e.g.
        ``"12:37:2"``: table, move, seat) was sent or queued before, the queue (or the
        host's share of it) is full, the address is not a webhook's, or this is closed.
        A key longer than 200 characters or not printable ASCII, or a message longer than
        16 KB, is a ValueError, and one that is no JSON a TypeError or ValueError: the
        lobby builds them."""
        if len(key) > KEY_MOST or not (key.isascii() and key.isprintable()):
            raise ValueError(f"a webhook key is printable ASCII, at most {KEY_MOST}: {key!r}")
        body = json.dumps(
            message, ensure_ascii=False, allow_nan=False, separators=(",", ":")
        ).encode()
        if len(body) > MESSAGE_MOST:
            raise ValueError(f"a webhook message is at most {MESSAGE_MOST} bytes: {len(body)}")
        target = parse_address(address, allow_local=self.allow_local)
        if isinstance(target, str):
            return False
        with self._ready:
            if (
                self._closed
                or key in self._keys
                or len(self._due) + self._sending >= self.limits.queue
                or self._per_host[target.host] >= self.limits.per_host
            ):
                return False
            self._keys[key] = None
            while len(self._keys) > self.limits.keys_kept:
                self._keys.popitem(last=False)
            self._per_host[target.host] += 1
            self._numbers += 1
            job = _Job(time.monotonic(), self._numbers, key, target, _request(target, key, body))
            heapq.heappush(self._due, job)
            self._ready.notify()
        return True

    def pending(self) -> int:
        """The messages waiting or being sent."""
        with self._ready:
            return len(self._due) + self._sending

    def close(self) -> None:
        """Send nothing more: the attempts under way end (each within its timeout), and the
        messages still waiting are given up (each told to ``on_outcome``)."""
        with self._ready:
            self._closed = True
            dropped, self._due = self._due, []
            self._per_host.clear()
            self._ready.notify_all()
        for job in sorted(dropped):
            self._tell(job.key, False, "not sent: the server closed")
        for thread in self._threads:
            if thread is not threading.current_thread():
                thread.join(self.limits.timeout + 1)

    def _work(self) -> None:
        while (job := self._next()) is not None:
            try:
                delivered, final, reason = self._attempt(job)
            except Exception as error:  # a bug here must not stop the sending thread
                log.exception("webhook %s", job.key)
                delivered, final, reason = False, True, f"failed: {error!r}"
            self._after(job, delivered, final, reason)

    def _next(self) -> _Job | None:
        """The next job due, waited for; None once closed."""
        with self._ready:
            while not self._closed:
                now = time.monotonic()
                if self._due and self._due[0].due <= now:
                    self._sending += 1
                    return heapq.heappop(self._due)
                self._ready.wait(self._due[0].due - now if self._due else None)
            return None

    def _after(self, job: _Job, delivered: bool, final: bool, reason: str) -> None:
        job.attempts += 1
        waits = self.limits.waits
        with self._ready:
            self._sending -= 1
            if not final and job.attempts < self.limits.attempts and not self._closed:
                job.due = time.monotonic() + (
                    waits[min(job.attempts, len(waits)) - 1] if waits else 0
                )
                heapq.heappush(self._due, job)
                self._ready.notify()
                return
            if self._per_host[job.target.host] > 0:
                self._per_host[job.target.host] -= 1
        if not delivered and not final and job.attempts > 1:
            reason = f"{reason}, {job.attempts} attempts"
        self._tell(job.key, delivered, reason)

    def _tell(self, key: str, delivered: bool, reason: str) -> None:
        if self.on_outcome is None:
            return
        try:
            self.on_outcome(key, delivered, reason)
        except Exception:  # the lobby's trouble must not stop the sending thread
            log.exception("webhook outcome %s", key)

    def _attempt(self, job: _Job) -> tuple[bool, bool, str]:
        """One attempt: (delivered, final, reason)."""
        target = job.target
        try:
            found = self._checked(target)
        except Refused as refused:
            return False, True, f"not sent: {refused}"
        except OSError as error:  # the name not found, for now: the DNS may come back
            return False, False, f"{target.host} not resolved: {error}"
        deadline = time.monotonic() + self.limits.timeout
        try:
            with self._connect(target, found, deadline) as connection:
                status = exchange(connection, job.request, deadline)
        except TimeoutError:
            return False, False, f"no answer within {self.limits.timeout:g} s"
        except (OSError, BadAnswer) as error:
            return False, False, str(error) or type(error).__name__
        if 200 <= status < 300:
            return True, True, f"HTTP {status}"
        if 300 <= status < 400:
            return False, True, f"HTTP {status}: redirects are not followed"
        if 400 <= status < 500 and status not in (408, 429):
            return False, True, f"HTTP {status}"
        return False, False, f"HTTP {status}"

    def _checked(self, target: Target) -> list[AddressInfo]:
        """The addresses ``target.host`` resolves to, every one of them checked."""
        found = [
            info
            for info in self._resolve(target.host, target.port)
            if info[0] in (socket.AF_INET, socket.AF_INET6)
        ]
        if not found:
            raise OSError("no IPv4 or IPv6 address")
        if not self.allow_local:
            for info in found:
                ip = ipaddress.ip_address(str(info[4][0]).partition("%")[0])
                if not is_public(ip):
                    # One local address among public ones is refused too: which one the
                    # connection gets is not ours to choose across retries.
                    raise Refused(f"{target.host} resolves to {ip}, a local or private address")
        return found

    def _connect(self, target: Target, found: list[AddressInfo], deadline: float) -> socket.socket:
        """A connection to the first of ``found`` that answers, over TLS for https."""
        error: OSError = OSError(f"{target.host}: no address answered")
        for family, kind, proto, _name, address in found:
            sock = socket.socket(family, kind, proto)
            try:
                sock.settimeout(left(deadline))
                sock.connect(address)  # the checked address itself, never the name again
            except OSError as failed:
                sock.close()
                if isinstance(failed, TimeoutError):  # the attempt's time is up
                    raise
                error = failed
                continue
            if not target.secure:
                return sock
            # The certificate is verified against the name the player gave, not the
            # address connected to (which is what makes connecting to that address safe).
            wrapped = self._tls.wrap_socket(
                sock, server_hostname=target.host, do_handshake_on_connect=False
            )
            try:
                wrapped.settimeout(left(deadline))
                wrapped.do_handshake()
            except BaseException:
                wrapped.close()
                raise
            return wrapped
        raise error


def _request(target: Target, key: str, body: bytes) -> bytes:
    # Every part is checked printable ASCII, without line ends (the address by its rules,
    # without spaces too; the key by send), so none can add a header or a request.
    head = (
        f"POST {target.path} HTTP/1.1\r\n"
        f"Host: {target.host_header}\r\n"
        f"User-Agent: {user_agent()}\r\n"
        "Content-Type: application/json\r\n"
        f"Content-Length: {len(body)}\r\n"
        f"Idempotency-Key: {key}\r\n"
        "Connection: close\r\n\r\n"
    )
    return head.encode("ascii") + body
