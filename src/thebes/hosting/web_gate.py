"""The web door's connections before they are websockets: bounded in number, as the SSH
port's strangers are (:mod:`thebes.hosting.guard`), so that no flood of idle connections
or of requests sent a byte at a time holds the host's descriptors and memory.

Every connection to the web door is counted from its first byte until it is a websocket
(then the guard counts it, as a stranger until it proves a seat) or ends; a few may wait at
once from one address, and not many in all. A newcomer past either bound takes the place
of the oldest of its own address, or of the address holding the most: a page's file
requested again costs a browser nothing, and nobody's flood keeps anyone else from the
page. A reverse proxy trusted with ``--web-proxy`` passes on everyone's connections, so
it has no bound of its own address (only the one in all). aiohttp closes a connection
that has asked for nothing for a few seconds (the login grace time); the handshake of TLS
has as long.
"""

from __future__ import annotations

import asyncio
import ssl
from collections import Counter
from collections.abc import Callable
from typing import Any

from aiohttp import web

from thebes.hosting.guard import counted

WAITING = 64  # connections to the web door that are not (yet) websockets, at once
WAITING_PER_ADDRESS = 16  # of them from one address (a browser opens six or so)


class Gate:
    """The connections waiting at the web door, oldest first, by their address; on the
    event loop thread."""

    def __init__(
        self,
        proxy: Callable[[str], bool] = lambda _address: False,
        most: int = WAITING,
        per_address: int = WAITING_PER_ADDRESS,
    ) -> None:
        self.proxy, self.most, self.per_address = proxy, most, per_address
        self.waiting: dict[asyncio.BaseTransport, str] = {}
        self._server: asyncio.Server | None = None

    def arrive(self, transport: asyncio.BaseTransport) -> None:
        """A new connection: counted, and the one whose place it takes is closed."""
        peer = transport.get_extra_info("peername")
        peer_address = str(peer[0]) if isinstance(peer, tuple) and peer else "?"
        address = counted(peer_address)
        counts = Counter(self.waiting.values())
        if counts[address] >= self.per_address and not self.proxy(peer_address):
            self._evict(address)
        elif len(self.waiting) >= self.most:
            self._evict(counts.most_common(1)[0][0])
        self.waiting[transport] = address

    def _evict(self, address: str) -> None:
        oldest = next(t for t, there in self.waiting.items() if there == address)
        del self.waiting[oldest]
        if isinstance(oldest, asyncio.WriteTransport):
            oldest.abort()
        else:
            oldest.close()

    def leave(self, transport: asyncio.BaseTransport | None) -> None:
        """The connection ended, or is a websocket now (the guard counts it then)."""
        self.waiting.pop(transport, None)  # type: ignore[arg-type]

    async def listen(
        self,
        runner: web.AppRunner,
        address: str | None,
        port: int,
        tls: ssl.SSLContext | None,
        grace: float,
    ) -> int:
        """Serve ``runner``'s application on ``port`` through this gate; the port."""
        handlers = runner.server
        assert handlers is not None  # the runner is set up
        loop = asyncio.get_running_loop()
        self._server = await loop.create_server(
            lambda: _Counted(self, handlers),
            address,
            port,
            ssl=tls,
            ssl_handshake_timeout=grace if tls is not None else None,
        )
        return int(self._server.sockets[0].getsockname()[1])

    async def close(self, _app: web.Application) -> None:
        """No more connections (on the application's shutdown)."""
        if self._server is not None:
            self._server.close()


class Socket(web.WebSocketResponse):
    """aiohttp's websocket, whose heartbeat stays off once it is closed: aiohttp (3.14)
    arms it again when the close is answered, and its timer then holds the closed socket,
    its request and its buffers for the heartbeat's interval (30 seconds), so that a flood
    of sockets refused kept thousands alive, and the host's memory never came back."""

    def _reset_heartbeat(self) -> None:
        if not self.closed:
            super()._reset_heartbeat()


class _Counted(asyncio.Protocol):
    """aiohttp's protocol of one connection, counted by the gate while it lives."""

    def __init__(self, gate: Gate, handlers: Callable[[], Any]) -> None:
        self.gate = gate
        self.inner: asyncio.Protocol = handlers()
        self.transport: asyncio.BaseTransport | None = None

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        self.transport = transport
        self.gate.arrive(transport)
        self.inner.connection_made(transport)

    def data_received(self, data: bytes) -> None:
        self.inner.data_received(data)

    def eof_received(self) -> bool | None:
        return self.inner.eof_received()

    def connection_lost(self, exc: Exception | None) -> None:
        self.gate.leave(self.transport)
        self.inner.connection_lost(exc)

    def pause_writing(self) -> None:
        self.inner.pause_writing()

    def resume_writing(self) -> None:
        self.inner.resume_writing()
