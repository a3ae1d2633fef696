"""One joined browser: a :class:`~thebes.tui.terminal.Terminal` made of its websocket, the
same way an SSH channel is made one (:mod:`thebes.hosting.terminals`), and the table
attached to it in a thread of its own.

The page's xterm.js is the terminal: what the table draws goes to it as binary frames of
UTF-8 (a text frame is a message of the door's own, JSON), and what is typed there comes
back as ``["k", keys]``, a new size as ``["r", columns, rows]``. Output waits in
:class:`Frames` until the socket takes it; a page that reads too little is disconnected, as
an SSH client is. When the socket goes, ``gone`` is set and the key pipe closed, so a
waiting prompt ends with EOFError and the table lets go.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import threading
from collections.abc import Hashable, Mapping
from typing import TYPE_CHECKING

from aiohttp import WSMsgType, web

from thebes.hosting.guard import Limits
from thebes.hosting.memory import released
from thebes.hosting.terminals import ChannelWriter, KeyPipe, Typing, remote_terminal
from thebes.language import _, ngettext
from thebes.tui.terminal import Terminal, clamped

if TYPE_CHECKING:
    from aiohttp import WSMessage

    from thebes.hosting.server import Seating

# Close codes the page reads (4000-4999 are the application's own): the first three are
# final (the page does not join again by itself), any other lost connection is joined again.
ENDED = 1000  # the table let go: the game is over, or the player left
REFUSED = 4003  # no such seat, a wrong code, too many connections: the page asks again
TAKEN_OVER = 4009  # the seat is in use elsewhere now (another tab, an SSH client)
CUT_OFF = 4008  # output not read, no key for too long, too much typed at once
CLOSED = 4010  # the host stopped hosting (or the server stopped): joining again is no use
TERM = "xterm-256color"  # what xterm.js is
# Messages a page may send at once (a person's keys, a window dragged to a new size)...
MESSAGES = 200
MESSAGE_RATE = 100.0  # ...then this many a second; a flood waits unread (TCP holds it back)


class Frames:
    """A websocket as the channel a :class:`ChannelWriter` writes to (on the event loop
    thread): what is written waits here, joined into one frame, until the socket has sent
    the frame before it; ``get_write_buffer_size`` counts what waits."""

    def __init__(self, socket: web.WebSocketResponse) -> None:
        self._socket = socket
        self._pending: list[str] = []
        self._size = 0
        self._wake = asyncio.Event()
        self._task = asyncio.get_running_loop().create_task(self._send())

    def write(self, data: str) -> None:
        self._pending.append(data)
        self._size += len(data)
        self._wake.set()

    def get_write_buffer_size(self) -> int:
        return self._size

    async def _send(self) -> None:
        while True:
            await self._wake.wait()
            self._wake.clear()
            data = "".join(self._pending)
            self._pending.clear()
            try:  # waits while the socket's own buffer is full: the page reads slowly
                await self._socket.send_bytes(data.encode("utf-8", "replace"))
            except (ConnectionError, RuntimeError):
                return  # the socket is closing
            finally:
                self._size -= len(data)

    async def drained(self) -> None:
        """Once what was written has gone out (or the socket went)."""
        while self._size and not self._task.done():
            await asyncio.sleep(0.02)

    def stop(self) -> None:
        self._task.cancel()


class Pace:
    """How long to wait before the next message of a page: none within the burst of
    :data:`MESSAGES`, then :data:`MESSAGE_RATE` a second. Without it, a page's flood of
    small messages (thousands in each read from the socket) kept the event loop from the
    other connections: an SSH player's keys waited a second and more."""

    def __init__(self, now: float) -> None:
        self._allowance = float(MESSAGES)
        self._last = now

    def delay(self, now: float) -> float:
        """The seconds to wait after a message received at ``now``."""
        self._allowance = min(float(MESSAGES), self._allowance + (now - self._last) * MESSAGE_RATE)
        self._last = now
        self._allowance -= 1
        return max(0.0, -self._allowance / MESSAGE_RATE)


def environment_of(first: Mapping[str, object]) -> dict[str, str]:
    """The environment a page's first message stands for, as an SSH client's would: the
    browser's language as a locale (``de-DE``: ``de_DE``), plain mode if asked."""
    environment = {"COLORTERM": "truecolor"}
    lang = first.get("lang")
    if isinstance(lang, str) and 2 <= len(lang) <= 16 and lang.replace("-", "").isalpha():
        environment["LANG"] = lang.replace("-", "_") + ".UTF-8"
    if first.get("plain") is True:
        environment["THEBES_PLAIN"] = "1"
    return environment


def size_of(columns: object, rows: object) -> tuple[int, int]:
    """A size the page sent, clamped as every terminal's is (80x24 if it is no size)."""
    if not isinstance(columns, int) or not isinstance(rows, int):
        return 80, 24
    return clamped(columns, rows)


class WebSession:
    """The websocket of a player or spectator who proved who they are."""

    def __init__(
        self,
        seating: Seating,
        seat: Hashable | None,
        limits: Limits,
        socket: web.WebSocketResponse,
        size: tuple[int, int],
        environment: Mapping[str, str],
    ) -> None:
        self.seating, self.seat, self.limits, self.socket = seating, seat, limits, socket
        self.size = size
        self.gone = threading.Event()
        self._loop = asyncio.get_running_loop()
        self.frames = Frames(socket)
        self.writer = ChannelWriter(self._loop, self.frames, limits.pending_output, self.cut_off)
        self.keys = KeyPipe(limits.pending_input)
        self._typing = Typing(limits, self._loop)
        self._pace = Pace(self._loop.time())
        self._last_key = self._loop.time()
        self._idle = self._loop.call_later(limits.idle_timeout, self._check_idle)
        terminal = remote_terminal(self.writer, self.keys, lambda: self.size, TERM, environment)
        self.attached: threading.Thread | None = threading.Thread(
            target=self._attach, args=(terminal,), name=f"thebes-web-{seat}", daemon=True
        )

    def start(self) -> None:
        assert self.attached is not None
        self.attached.start()

    def _attach(self, terminal: Terminal) -> None:
        """The table at this terminal, until it lets go; then the socket is closed."""
        try:
            self.seating.attach(terminal, self.seat, self.gone)
        except Exception:  # the table's own fault: this player goes, the game goes on
            terminal.say("thebes: " + _("the table failed at this terminal; join again."))
        finally:
            self.keys.close_reading()
            with contextlib.suppress(RuntimeError):  # the loop is closed: all is closing
                self._loop.call_soon_threadsafe(self._ended)
        released()

    def _ended(self) -> None:
        """The table let go: because a newer terminal took the seat over (the page offers
        to join here again), because the host ended the table, or for good (the game is
        over, the player left)."""
        newest = self.seating.holders.get(self.seat) if self.seat is not None else None
        if newest is not None and newest is not self:
            code = TAKEN_OVER
        else:
            code = CLOSED if self.seating.table.closed else ENDED
        self._loop.create_task(self._end(code, ""))

    async def _end(self, code: int, reason: str) -> None:
        """What was drawn goes out, then the socket closes with ``code``."""
        if not self.gone.is_set():
            with contextlib.suppress(asyncio.TimeoutError):
                await asyncio.wait_for(self.frames.drained(), 5)
        await self.close(code, reason)

    async def close(self, code: int, reason: str) -> None:
        self._lose()
        with contextlib.suppress(ConnectionError, RuntimeError):
            await self.socket.close(code=code, message=reason.encode("utf-8")[:120])

    async def paced(self) -> None:
        """After each message: the wait that keeps a flood to a person's pace."""
        wait = self._pace.delay(self._loop.time())
        if wait:
            await asyncio.sleep(wait)

    def received(self, message: WSMessage) -> None:
        """A message from the page: keys typed, or the window's new size (anything else, or
        a message that is no JSON of those, is dropped)."""
        if message.type != WSMsgType.TEXT or self.gone.is_set():
            return
        try:
            what = json.loads(message.data)
        except ValueError:
            return
        if not isinstance(what, list) or not what:
            return
        if what[0] == "k" and len(what) == 2 and isinstance(what[1], str):
            now = self._loop.time()
            self._last_key = now
            self._typing.type(self.keys, what[1])
        elif what[0] == "r" and len(what) == 3:
            self.size = size_of(what[1], what[2])
            self.keys.wake()

    def cut_off(self) -> None:
        """The page reads too little of its output: it is disconnected."""
        self._close_soon(CUT_OFF, _("output not read: disconnected"))

    def drop(self, reason: int, message: str) -> None:
        """Close this socket from the host's side (the guard let its place go)."""
        self._close_soon(TAKEN_OVER, message)

    def _close_soon(self, code: int, reason: str) -> None:
        if not self.gone.is_set():
            self._loop.create_task(self.close(code, reason))

    def _check_idle(self) -> None:
        idle = self._loop.time() - self._last_key
        if idle < self.limits.idle_timeout:
            self._idle = self._loop.call_later(self.limits.idle_timeout - idle, self._check_idle)
            return
        minutes = round(self.limits.idle_timeout / 60)
        said = ngettext(
            "No key typed for {count} minute: disconnected.",
            "No key typed for {count} minutes: disconnected.",
            minutes,
        ).format(count=minutes)
        self.writer._send(f"\r\n{said}\r\n")
        self._loop.create_task(self._end(CUT_OFF, said))

    def sending(self) -> bool:
        """Whether output for this page is still waiting to go out (loop thread)."""
        return not self.gone.is_set() and self.frames.get_write_buffer_size() > 0

    def lose(self) -> None:
        """End this session from the host's side: hosting ends (only from the event loop
        thread)."""
        self._close_soon(CLOSED, "")
        self._lose()

    def _lose(self) -> None:
        if self.gone.is_set():
            return
        self.gone.set()
        self._idle.cancel()
        self._typing.stop()  # what was typed too fast goes with the connection
        self.writer.closed = True
        self.keys.close()  # a waiting prompt reads the end of input: EOFError
        self.keys.drop_unread()  # and nothing typed before it: it is gone
        self.frames.stop()
        at_table = self.attached is not None and self.attached.is_alive()
        self.seating.dropped(self, at_table)
