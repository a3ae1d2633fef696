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
from typing import Protocol

import asyncssh
from prompt_toolkit.contrib.ssh import PromptToolkitSSHServer, PromptToolkitSSHSession

from thebes.errors import ThebesError
from thebes.hosting.connection import Connection
from thebes.hosting.guard import Guard, Limits
from thebes.hosting.invites import Invites, Role
from thebes.safeio.text import printable
from thebes.tui.terminal import Terminal

# How long closing waits for the tables to let go of their terminals, and the thread to end.
CLOSING_WAIT = 5.0


class HostError(ThebesError):
    """The server cannot start (the port is taken, the address is not this machine's)."""


class Table(Protocol):
    """What the server needs of the hosted table (thebes.hosting.table.HostedTable)."""

    def attach(self, terminal: Terminal, seat: int | None, gone: threading.Event) -> None: ...

    def disconnected(self, seat: int) -> None: ...


class Seating:
    """The table and the sessions at it: which one holds each seat now."""

    def __init__(self, table: Table) -> None:
        self.table = table
        self.sessions: set[Connection] = set()
        self.holders: dict[int, Connection] = {}  # seat: its newest session

    def opened(self, session: Connection) -> None:
        self.sessions.add(session)
        if session.seat is not None:
            self.holders[session.seat] = session

    def attach(self, terminal: Terminal, seat: int | None, gone: threading.Event) -> None:
        self.table.attach(terminal, seat, gone)

    def dropped(self, session: Connection) -> None:
        """``session``'s connection went while the table was at it: the table is told
        (in a thread: it may wait for the table's lock) if it still held its seat."""
        self.sessions.discard(session)
        seat = session.seat
        if seat is not None and self.holders.get(seat) is session:
            del self.holders[seat]
            threading.Thread(target=self.table.disconnected, args=(seat,), daemon=True).start()

    def closed(self, session: Connection) -> None:
        self.sessions.discard(session)


class Login(PromptToolkitSSHServer):
    """One SSH connection, from its first packet to its end: who it proves to be, and the
    one session it may then open."""

    def __init__(self, host: Host) -> None:
        super().__init__(self._no_interaction, enable_cpr=False)
        self.host = host
        self.conn: asyncssh.SSHServerConnection | None = None
        self.address = ""
        self.admitted = False
        self.offered: bytes | None = None  # the first public key the client offered
        self.joined: Role | None = None
        self.session: Connection | None = None

    @staticmethod
    async def _no_interaction(_: PromptToolkitSSHSession) -> None:  # pragma: no cover
        """Unused: each session runs the table in a thread of its own."""

    def connection_made(self, conn: asyncssh.SSHServerConnection) -> None:
        self.conn = conn
        peer = conn.get_extra_info("peername")
        self.address = str(peer[0]) if peer else "?"
        refusal = self.host.guard.admit(self.address)
        if refusal is not None:
            conn.disconnect(asyncssh.DISC_TOO_MANY_CONNECTIONS, refusal)
            return
        self.admitted = True
        self.host.logins.add(self)

    def connection_lost(self, exc: Exception | None) -> None:
        if self.admitted:
            self.admitted = False
            self.host.guard.leave(self.address)
            self.host.logins.discard(self)

    def begin_auth(self, username: str) -> bool:
        return True  # always: there is no way in without a key or a code

    def public_key_auth_supported(self) -> bool:
        return True

    def validate_public_key(self, username: str, key: asyncssh.SSHKey) -> bool:
        role = self.host.invites.role(username)
        blob = key.public_data
        if (
            role is not None
            and role.seat is not None
            and self.host.invites.key_fits(role.seat, blob)
        ):
            self.joined = role
            return True
        if self.offered is None:
            self.offered = blob
        return False

    def password_auth_supported(self) -> bool:
        return True

    async def validate_password(self, username: str, password: str) -> bool:
        guard, invites = self.host.guard, self.host.invites
        if not guard.may_guess(self.address):
            await asyncio.sleep(guard.limits.most_delay)
            return False
        role = invites.role(username)
        if role is None or not invites.code_fits(role, password):
            await asyncio.sleep(guard.failed(self.address))
            return False
        if role.seat is not None and self.offered is not None:
            invites.remember_key(role.seat, self.offered)
        self.joined = role
        return True

    def session_requested(self) -> Connection | bool:  # type: ignore[override]
        if self.joined is None or self.session is not None:
            return False  # one session a connection: one table, one terminal
        self.session = Connection(self.host.seating, self.joined.seat, self.host.guard.limits)
        self.host.seating.opened(self.session)
        return self.session

    # Nothing but the table: no port forwarding either way, no tunnels.
    def connection_requested(self, *_: object) -> bool:
        return False

    def server_requested(self, *_: object) -> bool:
        return False

    def unix_connection_requested(self, *_: object) -> bool:
        return False

    def unix_server_requested(self, *_: object) -> bool:
        return False


class Host:
    """The server of one hosted game, listening in a thread of its own while the block
    runs; ``port`` is the one it listens on (the one asked for, or any free one for 0)."""

    def __init__(
        self,
        table: Table,
        invites: Invites,
        key: asyncssh.SSHKey,
        *,
        listen: str | None,
        port: int,
        limits: Limits | None = None,
    ) -> None:
        self.invites, self.key, self.listen, self.port = invites, key, listen, port
        self.guard = Guard(limits or Limits())
        self.seating = Seating(table)
        self.logins: set[Login] = set()
        self._loop = asyncio.new_event_loop()
        self._thread = threading.Thread(target=self._serve, name="thebes-host", daemon=True)
        self._ready = threading.Event()
        self._failure: BaseException | None = None
        self._stopping: asyncio.Event | None = None

    def __enter__(self) -> Host:
        _quiet_asyncssh()
        self._thread.start()
        self._ready.wait()
        if self._failure is not None:
            self._thread.join()
            where = f"{self.listen or 'all addresses'} port {self.port}"
            reason = printable(str(self._failure))
            raise HostError(f"cannot listen on {where}: {reason}") from None
        return self

    def __exit__(self, *_: object) -> None:
        self.close()

    def close(self) -> None:
        """Every connection dropped (their tables let go), the port closed, the thread
        ended. From any thread but the server's; more than once is fine."""
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
        self._ready.set()
        try:
            await self._stopping.wait()
        finally:
            server.close()
            for session in list(self.seating.sessions):
                session.lose()
            for login in list(self.logins):
                if login.conn is not None:
                    login.conn.close()
            await server.wait_closed()
            await asyncio.sleep(0)  # the connections' own closing callbacks


def _quiet_asyncssh() -> None:
    """asyncssh logs each connection and its user names (never a password) at INFO, and
    Python prints any logger's warnings on standard error: onto the host's table. The host
    shows who joins at the table instead."""
    log = logging.getLogger("asyncssh")
    log.setLevel(logging.CRITICAL + 1)
    log.propagate = False
    if not log.handlers:
        log.addHandler(logging.NullHandler())
