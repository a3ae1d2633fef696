"""The SSH server of a hosted game: prompt_toolkit's SSH server (on asyncssh) with its
event loop in a thread of the host's process, so the main thread stays the host's own
terminal and the one that receives signals.

A connection is a stranger until it proves its seat: authentication is always on (a seat's
name with its code, or its remembered key; the spectators' name with theirs), wrong codes are
throttled (:mod:`thebes.hosting.guard`), and a connection that proved nothing may open
nothing. A joined connection may open one interactive shell session, and nothing else: no
exec, no subsystem (sftp, scp), no forwarding of ports, agents or X11. :class:`Host` is a
context manager: however the block ends (the game over, Ctrl-C, a signal's ``Ended``),
every connection is dropped, the port closed and the thread ended.
"""

from __future__ import annotations

import asyncio
import logging
import threading
import time
from collections.abc import Hashable, Sequence
from typing import TYPE_CHECKING, Any, Generic, Protocol, TypeVar, runtime_checkable

import asyncssh
from prompt_toolkit.contrib.ssh import PromptToolkitSSHServer, PromptToolkitSSHSession

from thebes.errors import ThebesError
from thebes.hosting.connection import Connection
from thebes.hosting.guard import Guard, Limits
from thebes.language import _
from thebes.safeio.text import printable
from thebes.tui.terminal import Terminal

if TYPE_CHECKING:
    from aiohttp.web import AppRunner

    from thebes.hosting.web import WebDoor

# The environment variables a session keeps from its client: the colours it shows, the
# language it speaks, plain mode.
ENVIRONMENT = frozenset(
    {
        b"NO_COLOR",
        b"COLORTERM",
        b"LANG",
        b"LANGUAGE",
        b"LC_ALL",
        b"LC_CTYPE",
        b"LC_MESSAGES",
        b"THEBES_PLAIN",
    }
)
SERVER_THREAD = "thebes-host"
# How long closing waits for the tables to let go of their terminals, and the thread to end.
CLOSING_WAIT = 5.0


class HostError(ThebesError):
    """The server cannot start (the port is taken, the address is not this machine's)."""


class Admission(Protocol):
    """Who may come in, and as whom: a hosted game's invites (a seat's code or remembered
    key, :class:`~thebes.hosting.invites.Invites`), or a server's accounts (any key, which
    is the account)."""

    @property
    def passwords(self) -> bool:
        """Whether a code may be typed as the password (else keys alone let in)."""
        ...

    def by_key(self, user: str, key: asyncssh.SSHKey) -> Hashable | None:
        """Who the key offered for the SSH user name ``user`` proves, if anyone."""
        ...

    def by_code(self, user: str, code: str, offered: asyncssh.SSHKey | None) -> Hashable | None:
        """Who ``code`` proves for ``user`` (``offered``: the key the client offered first,
        to remember for next time), if anyone."""
        ...

    def by_web(self, user: str, code: str) -> tuple[Hashable | None, str | None]:
        """Who a browser's ``code`` proves for ``user``, if anyone, and the code it comes back
        with if not the same (thebes.hosting.web)."""
        ...

    def web_code_refused(self) -> tuple[str, bool]:
        """What a browser whose code proves no one reads, and whether its page asks for a
        code (one typed could be right; a used link cannot be mended by typing)."""
        ...

    def place_of(self, who: Hashable) -> Hashable | None:
        """Where ``who`` sits: the places they take in the guard's count, and what the table
        is told of them (a hosted game's seat, None for a spectator)."""
        ...


AdmissionT = TypeVar("AdmissionT", bound=Admission)


class Table(Protocol):
    """What the server needs of the hosted table (thebes.tui.door.TerminalDoor)."""

    def attach(self, terminal: Terminal, who: Any, gone: threading.Event) -> None: ...

    def disconnected(self, who: Any) -> None: ...

    @property
    def closed(self) -> bool:
        """Whether the host has ended the table (a page joining again finds it gone)."""
        ...


class Session(Protocol):
    """A terminal at the table, whatever carries it: an SSH session (:class:`Connection`)
    or a browser's websocket (:class:`~thebes.hosting.web_connection.WebSession`)."""

    seat: Hashable | None
    attached: threading.Thread | None  # the table running at it

    def sending(self) -> bool: ...

    def lose(self) -> None: ...


@runtime_checkable
class Droppable(Protocol):
    """What holds a place in the guard (an SSH login, a browser's socket): dropped when a
    newer one takes its place."""

    def drop(self, reason: int, message: str) -> None: ...


class Seating:
    """The table and the sessions at it: which one holds each seat now."""

    def __init__(self, table: Table) -> None:
        self.table = table
        self.sessions: set[Session] = set()
        self.holders: dict[Hashable, Session] = {}  # who: their newest session

    def opened(self, session: Session) -> None:
        self.sessions.add(session)
        if session.seat is not None:
            self.holders[session.seat] = session

    def attach(self, terminal: Terminal, who: Any, gone: threading.Event) -> None:
        self.table.attach(terminal, who, gone)

    def dropped(self, session: Session, at_table: bool) -> None:
        """``session``'s connection went: it is forgotten, and if the table was still at it
        and it held its seat, the table is told (in a thread: it may wait for the table's
        lock)."""
        self.sessions.discard(session)
        seat = session.seat
        if seat is not None and self.holders.get(seat) is session:
            del self.holders[seat]
            if at_table:
                threading.Thread(target=self.table.disconnected, args=(seat,), daemon=True).start()


class BoundedEnvironment(dict[bytes, bytes]):
    """A session's environment as asyncssh fills it from the client's requests: only the
    variables the table reads (:data:`ENVIRONMENT`), each cut to a bounded length."""

    def __init__(self, limits: Limits) -> None:
        super().__init__()
        self.limits = limits

    def __setitem__(self, name: bytes, value: bytes) -> None:
        if name in ENVIRONMENT and len(self) < self.limits.environment:
            super().__setitem__(name, value[: self.limits.environment_value])


class Login(PromptToolkitSSHServer):
    """One SSH connection, from its first packet to its end: who it proves to be, and the
    one session it may then open."""

    def __init__(self, host: Host[Any]) -> None:
        super().__init__(self._no_interaction, enable_cpr=False)
        self.host = host
        self.conn: asyncssh.SSHServerConnection | None = None
        self.address = ""
        self.admitted = False
        self.offered: asyncssh.SSHKey | None = None  # the first key the client offered
        self.joined: Hashable | None = None
        self.session: Connection | None = None
        self._no_session: asyncio.TimerHandle | None = None
        # Wrong codes on this connection, and when it may guess again: asyncssh drops a
        # guess still waiting when the next comes, so the wait is kept here, not in a sleep.
        self.failures = 0
        self.next_guess = 0.0
        self.sleep = asyncio.sleep

    @staticmethod
    async def _no_interaction(_: PromptToolkitSSHSession) -> None:  # pragma: no cover
        """Unused: each session runs the table in a thread of its own."""

    def connection_made(self, conn: asyncssh.SSHServerConnection) -> None:
        self.conn = conn
        peer = conn.get_extra_info("peername")
        self.address = str(peer[0]) if peer else "?"
        refusal, evicted = self.host.guard.arrive(self, self.address)
        if refusal is not None:
            conn.disconnect(asyncssh.DISC_TOO_MANY_CONNECTIONS, refusal)
            return
        self.admitted = True
        self.host.logins.add(self)
        if isinstance(evicted, Droppable):  # a stranger not logged in: its place is taken
            evicted.drop(asyncssh.DISC_TOO_MANY_CONNECTIONS, _("too many connections"))

    def connection_lost(self, exc: Exception | None) -> None:
        if self.admitted:
            self.admitted = False
            self.host.guard.leave(self)
            self.host.logins.discard(self)
        if self._no_session is not None:
            self._no_session.cancel()
        self.session = None

    def drop(self, reason: int, message: str) -> None:
        """Close this connection from the host's side."""
        if self.conn is not None:
            self.conn.disconnect(reason, message)

    def auth_completed(self) -> None:
        """Logged in: the connection leaves the strangers for its seat's places (or the
        spectators'), and has a few seconds to open its session."""
        who = self.joined
        assert who is not None
        refusal, evicted = self.host.guard.join(self, self.host.admission.place_of(who))
        if refusal is not None:
            self.drop(asyncssh.DISC_TOO_MANY_CONNECTIONS, refusal)
            return
        if isinstance(evicted, Droppable):  # the seat's oldest connection: a newer one came
            evicted.drop(asyncssh.DISC_BY_APPLICATION, _("your seat is now in use elsewhere"))
        loop = asyncio.get_running_loop()
        self._no_session = loop.call_later(self.host.guard.limits.session_timeout, self._idle)

    def _idle(self) -> None:
        # A session channel opened but never started (no shell asked for) holds a place
        # as surely as no channel at all: both are let go.
        if self.session is None or self.session.attached is None:
            self.drop(asyncssh.DISC_BY_APPLICATION, _("no session opened"))

    def begin_auth(self, username: str) -> bool:
        return True  # always: there is no way in without a key or a code

    def public_key_auth_supported(self) -> bool:
        return True

    def validate_public_key(self, username: str, key: asyncssh.SSHKey) -> bool:
        who = self.host.admission.by_key(username, key)
        if who is not None:
            self.joined = who
            return True
        if self.offered is None:
            self.offered = key
        return False

    def kbdint_auth_supported(self) -> bool:
        # Where keys alone let in, a client with none is told how to make one (as the
        # instructions of a keyboard-interactive login with no question), then refused.
        return hasattr(self.host.admission, "without_key")

    def get_kbdint_challenge(
        self, username: str, lang: str, submethods: str
    ) -> tuple[str, str, str, list[tuple[str, bool]]]:
        note = getattr(self.host.admission, "without_key", lambda: "")()
        return "", note + "\n", "", []

    def validate_kbdint_response(self, username: str, responses: Sequence[str]) -> bool:
        return False

    def password_auth_supported(self) -> bool:
        return bool(self.host.admission.passwords)

    async def validate_password(self, username: str, password: str) -> bool:
        guard, admission = self.host.guard, self.host.admission
        loop = asyncio.get_running_loop()
        # Guesses sent back to back on one connection wait as guesses one after the other.
        await self.sleep(max(0.0, self.next_guess - loop.time()))
        if not guard.may_guess(self.address):
            self.next_guess = loop.time() + guard.limits.most_delay
            await self.sleep(guard.limits.most_delay)
            return False
        who = admission.by_code(username, password, self.offered)
        if who is None:
            self.failures += 1
            wait = max(guard.failed(self.address), guard.delay(self.failures))
            self.next_guess = loop.time() + wait
            await self.sleep(wait)
            if self.failures >= guard.limits.guesses_per_connection:
                self.drop(asyncssh.DISC_NO_MORE_AUTH_METHODS_AVAILABLE, _("too many wrong codes"))
            return False
        self.joined = who
        return True

    def session_requested(  # type: ignore[override]
        self,
    ) -> tuple[asyncssh.SSHServerChannel[str], Connection] | bool:
        if self.joined is None or self.session is not None or self.conn is None:
            return False  # one session a connection: one table, one terminal
        chan = self.conn.create_server_channel()
        # The environment a client sends is kept within bounds: only the few variables the
        # table reads, each short (asyncssh would keep every one, of any size).
        chan._env = BoundedEnvironment(self.host.guard.limits)
        place = self.host.admission.place_of(self.joined)
        self.session = Connection(self.host.seating, place, self.host.guard.limits)
        self.host.seating.opened(self.session)
        return chan, self.session

    # Nothing but the table: no port forwarding either way, no tunnels.
    def connection_requested(self, *_: object) -> bool:
        return False

    def server_requested(self, *_: object) -> bool:
        return False

    def unix_connection_requested(self, *_: object) -> bool:
        return False

    def unix_server_requested(self, *_: object) -> bool:
        return False


class Host(Generic[AdmissionT]):
    """The server of one hosted game (or of a server's lobby and tables), listening in a
    thread of its own while the block runs; ``port`` is the one it listens on (the one
    asked for, or any free one for 0)."""

    def __init__(
        self,
        table: Table,
        admission: AdmissionT,
        key: asyncssh.SSHKey,
        *,
        listen: str | None,
        port: int,
        limits: Limits | None = None,
        web: WebDoor | None = None,
    ) -> None:
        self.admission, self.key, self.listen, self.port = admission, key, listen, port
        self.web, self.web_port = web, 0  # the web door, if any, and the port it listens on
        self._web_runner: AppRunner | None = None
        self.guard = Guard(limits or Limits())
        self.seating = Seating(table)
        self.logins: set[Login] = set()
        self._loop = asyncio.new_event_loop()
        self._thread = threading.Thread(target=self._serve, name=SERVER_THREAD, daemon=True)
        self._ready = threading.Event()
        self._failure: BaseException | None = None
        self._stopping: asyncio.Event | None = None
        self._web_failed = False

    def __enter__(self) -> Host[AdmissionT]:
        _quiet_asyncssh()
        self._thread.start()
        self._ready.wait()
        if self._failure is not None:
            self._thread.join()
            reason = printable(str(self._failure))
            if self.web is not None and self._web_failed:
                refusal = _("cannot serve the web page on port {port}: {reason}").format(
                    port=self.web.port, reason=reason
                )
            elif self.listen:
                refusal = _("cannot listen on {address} port {port}: {reason}").format(
                    address=self.listen, port=self.port, reason=reason
                )
            else:
                refusal = _("cannot listen on all addresses port {port}: {reason}").format(
                    port=self.port, reason=reason
                )
            raise HostError(refusal) from None
        return self

    def __exit__(self, *_: object) -> None:
        self.close()

    def close(self) -> None:
        """Every connection dropped (their tables let go), the port closed, the thread
        ended. From any thread but the server's; more than once is fine."""
        # First the tables that have let go finish at their terminals: what they said last
        # (the host ended the table) and their channel's clean end are queued on the loop
        # before it stops, so they reach the player before the connection is closed.
        deadline = time.monotonic() + CLOSING_WAIT
        for session in list(self.seating.sessions):
            if session.attached is not None:
                session.attached.join(max(0.0, deadline - time.monotonic()))
        if self._thread.is_alive() and self._stopping is not None:
            stopping = self._stopping
            self._loop.call_soon_threadsafe(stopping.set)
        self._thread.join(CLOSING_WAIT)
        for session in list(self.seating.sessions):
            if session.attached is not None:
                session.attached.join(CLOSING_WAIT)

    def _serve(self) -> None:
        loop = self._loop
        asyncio.set_event_loop(loop)
        # An error in a callback (a client's odd packet) is the connection's end, never a
        # line on the host's terminal.
        loop.set_exception_handler(lambda _loop, _context: None)
        try:
            loop.run_until_complete(self._listen())
        except BaseException as exc:
            self._failure = exc
            self._ready.set()
        finally:
            loop.run_until_complete(loop.shutdown_asyncgens())
            loop.close()

    async def _listen(self) -> None:
        self._stopping = asyncio.Event()
        server = await asyncssh.create_server(
            lambda: Login(self),
            self.listen or "",
            self.port,
            server_host_keys=[self.key],
            # Nothing but a shell session with a terminal.
            agent_forwarding=False,
            x11_forwarding=False,
            allow_scp=False,
            sftp_factory=None,
            line_editor=False,  # prompt_toolkit edits the lines
            encoding="utf-8",
            errors="replace",  # bytes that are not UTF-8 are typed as U+FFFD
            login_timeout=self.guard.limits.login_timeout,
            keepalive_interval=self.guard.limits.keepalive,
            keepalive_count_max=4,
        )
        self.port = server.sockets[0].getsockname()[1]
        if self.web is not None:
            from thebes.hosting.web import start

            self._web_failed = True
            try:
                self._web_runner, self.web_port = await start(self, self.web)
            except BaseException:
                server.close()
                raise
            self._web_failed = False
        self._ready.set()
        try:
            await self._stopping.wait()
            # What the tables said last (a final screen of a few kilobytes) goes out before
            # the connections close: closed, a channel drops what it has not sent.
            loop = asyncio.get_running_loop()
            deadline = loop.time() + CLOSING_WAIT
            while loop.time() < deadline and any(s.sending() for s in self.seating.sessions):
                await asyncio.sleep(0.05)
        finally:
            server.close()
            for session in list(self.seating.sessions):
                session.lose()
            for login in list(self.logins):
                if login.conn is not None:
                    login.conn.close()
            if self._web_runner is not None:
                await self._web_runner.cleanup()
            await server.wait_closed()
            await asyncio.sleep(0)  # the connections' own closing callbacks


def _quiet_asyncssh() -> None:
    """asyncssh logs each connection and its user names (never a password) at INFO (aiohttp
    each request, and a handler's errors), and
    Python prints any logger's warnings on standard error: onto the host's table. The host
    shows who joins at the table instead. asyncio, for its part, warns of each write to a
    connection already lost ("socket.send() raised exception."): from the server's thread
    that is a client gone, never the host's business, so it is dropped too."""
    for name in ("asyncssh", "aiohttp"):  # aiohttp: the web door's (no access log either)
        log = logging.getLogger(name)
        log.setLevel(logging.CRITICAL + 1)
        log.propagate = False
        if not log.handlers:
            log.addHandler(logging.NullHandler())
    loop_log = logging.getLogger("asyncio")
    if _from_the_server not in loop_log.filters:
        loop_log.addFilter(_from_the_server)


def _from_the_server(record: logging.LogRecord) -> bool:
    """Whether ``record`` may be logged: not if it comes from the server's thread."""
    return record.threadName != SERVER_THREAD
