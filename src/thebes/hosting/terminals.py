"""What makes a remote connection a :class:`~thebes.tui.terminal.Terminal`, whatever carries
its bytes (an SSH channel, :mod:`thebes.hosting.connection`; a browser's websocket,
:mod:`thebes.hosting.web_connection`).

The network side runs on the server's event loop thread; the table draws and prompts from
a thread of its own. So everything written to the connection is handed to the loop
(:class:`ChannelWriter`), bounded: a client that does not read its output is disconnected
rather than buffered for without end. Keys go the other way through a pipe whose writing
end never blocks the loop (:class:`KeyPipe`); what a flood sends faster than a person
types, or beyond the pipe's room, is dropped (:class:`Typing`).
"""

from __future__ import annotations

import asyncio
import contextlib
import fcntl
import os
import threading
from collections.abc import Callable, Iterator, Mapping
from contextlib import AbstractContextManager, contextmanager
from typing import Any, Protocol, TextIO, cast

import asyncssh
from prompt_toolkit.application import Application, AppSession
from prompt_toolkit.application.current import get_app_or_none
from prompt_toolkit.data_structures import Size
from prompt_toolkit.input import typeahead
from prompt_toolkit.input.posix_pipe import PosixPipeInput, _Pipe
from prompt_toolkit.input.posix_utils import PosixStdinReader
from prompt_toolkit.output.vt100 import Vt100_Output
from rich.console import Console, ConsoleDimensions

from thebes.hosting.guard import Limits
from thebes.language import language_of
from thebes.tui.terminal import Terminal, plain_asked

# Keys are written into the pipe in pieces of at most this many characters: at most 4096
# bytes in UTF-8, which a pipe takes whole or not at all (PIPE_BUF), so no character is cut.
PIECE = 1024
# The client's variables that choose its language, as gettext reads them.
LOCALE_VARIABLES = ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")


class Channel(Protocol):
    """Where a connection's output goes, on the event loop thread: an SSH channel, or a
    websocket's queue of frames (:class:`~thebes.hosting.web_connection.Frames`)."""

    def write(self, data: str) -> Any: ...

    def get_write_buffer_size(self) -> int: ...


class ChannelWriter:
    """A text file that writes to a connection's channel from any thread, through its event loop;
    more than ``limit`` characters unread by the client end the connection."""

    encoding = "utf-8"

    def __init__(
        self,
        loop: asyncio.AbstractEventLoop,
        chan: Channel,
        limit: int,
        overflow: Callable[[], None],
    ) -> None:
        self._loop, self._chan, self._limit, self._overflow = loop, chan, limit, overflow
        self._queued = 0  # handed to the loop, not yet written to the channel
        self._lock = threading.Lock()
        self.closed = False

    def write(self, text: str) -> int:
        if self.closed or not text:
            return len(text)
        # The client's terminal is in raw mode: a new line needs its carriage return.
        data = text.replace("\r\n", "\n").replace("\n", "\r\n")
        with self._lock:
            self._queued += len(data)
            over = self._queued > self._limit
        try:
            if over:  # the loop itself is behind: nothing more is queued
                self.closed = True
                self._loop.call_soon_threadsafe(self._overflow)
            else:
                self._loop.call_soon_threadsafe(self._send, data)
        except RuntimeError:  # the loop is closed: the host is shutting down
            self.closed = True
        return len(text)

    def _send(self, data: str) -> None:
        with self._lock:
            self._queued -= len(data)
        if self.closed:
            return
        try:
            self._chan.write(data)
        except (OSError, asyncssh.Error):  # the channel is closing
            self.closed = True
            return
        if self._chan.get_write_buffer_size() > self._limit:
            self._overflow()

    def flush(self) -> None:
        pass

    def isatty(self) -> bool:
        return True

    def writable(self) -> bool:
        return True


class PipeReader(PosixStdinReader):
    """prompt_toolkit's reader of a key pipe, without its ``select.select``, which cannot
    take a descriptor past 1023: a host with that many open (many connections) would have
    every new player's prompt fail at each key, in a loop without end. The pipe's reading
    end does not block instead."""

    def read(self, count: int = 1024) -> str:
        if self.closed:
            return ""
        try:
            data = os.read(self.stdin_fd, count)
        except BlockingIOError:
            return ""  # nothing to read yet
        except OSError:  # the reading end was closed
            data = b""
        if not data:
            self.closed = True
            return ""
        return self._stdin_decoder.decode(data)


class KeyPipe(PosixPipeInput):
    """prompt_toolkit's pipe input, fed from the event loop without ever blocking it, and
    knowing the applications reading it (to wake them when the window changes size)."""

    def __init__(self, room: int) -> None:
        pipe = _Pipe()
        os.set_blocking(pipe.write_fd, False)
        os.set_blocking(pipe.read_fd, False)
        with contextlib.suppress(AttributeError, OSError):  # Linux only: else 64 KB
            fcntl.fcntl(pipe.write_fd, fcntl.F_SETPIPE_SZ, room)
        super().__init__(pipe)
        self.stdin_reader = PipeReader(pipe.read_fd, encoding="utf-8")
        self.apps: list[Application[Any]] = []
        self._reading = threading.Lock()  # the reading end is closed or drained, not both

    def feed(self, text: str) -> int:
        """Type ``text``; the characters the pipe took (the rest is dropped). Only from the
        event loop thread, which alone closes the writing end."""
        taken = 0
        for start in range(0, len(text), PIECE):
            piece = text[start : start + PIECE]
            if self.pipe._write_closed:
                break
            try:
                os.write(self.pipe.write_fd, piece.encode("utf-8", "replace"))
            except (BlockingIOError, BrokenPipeError):
                break  # full (or nobody reads any more): dropped
            taken += len(piece)
        return taken

    def attach(self, input_ready_callback: Callable[[], None]) -> AbstractContextManager[None]:
        return self._watched(super().attach(input_ready_callback))

    @contextmanager
    def _watched(self, attached: AbstractContextManager[None]) -> Iterator[None]:
        # Attached inside the running application (prompt_toolkit sets it first).
        app = get_app_or_none()
        if app is not None:
            self.apps.append(app)
        try:
            with attached:
                yield
        finally:
            if app is not None:
                self.apps.remove(app)

    def wake(self) -> None:
        """Redraw the running prompts (thread-safe), whose resize check then sees the new
        size."""
        for app in list(self.apps):
            app.invalidate()

    def drop_unread(self) -> None:
        """Throw away what was typed and not yet read (only once the writing end is closed:
        the reader then sees the end of input at once)."""
        with self._reading, contextlib.suppress(OSError):
            while not self.pipe._read_closed and os.read(self.pipe.read_fd, 65536):
                pass

    def close_reading(self) -> None:
        """The table let go: nothing reads these keys any more. prompt_toolkit keeps the keys
        a prompt had read but not used when it ended (typed ahead, for the next prompt of the
        same input) in a dictionary of its own, by input, for ever: they are dropped too, or
        every connection that typed ahead of its last prompt (a flood after `quit`) would
        leave up to a pipe's worth of keys behind, and each one its entry."""
        with self._reading:
            self.pipe.close_read()
        typeahead._buffer.pop(self.typeahead_hash(), None)


def within_lines(text: str, lines: int) -> str:
    """``text`` up to its ``lines``-th line end (Enter sends a carriage return, a paste may
    hold new lines): what comes after is cut."""
    ends = 0
    for at, char in enumerate(text):
        if char in "\r\n":
            ends += 1
            if ends > lines:
                return text[:at]
    return text


class _ChannelConsole(Console):
    """rich's console at the size of the client's window."""

    def __init__(self, window: Callable[[], tuple[int, int]], **options: Any) -> None:
        super().__init__(**options)
        self._window = window

    @property
    def size(self) -> ConsoleDimensions:
        return ConsoleDimensions(*self._window())

    @size.setter
    def size(self, new_size: tuple[int, int]) -> None:
        pass  # the client's window decides


def colour_system(term: str, environment: Mapping[str, str]) -> str | None:
    """rich's colour system for the client's TERM (None: no colour at all)."""
    if environment.get("NO_COLOR") or term in ("", "dumb", "unknown"):
        return None
    if environment.get("COLORTERM") in ("truecolor", "24bit"):
        return "truecolor"
    return "256" if "256" in term else "standard"


def client_language(environment: Mapping[str, str]) -> str | None:
    """The language the client's locale asks for, when its SSH client sends one (OpenSSH
    sends LANG and LC_* where its configuration says SendEnv); None: the host's."""
    if not any(environment.get(name) for name in LOCALE_VARIABLES):
        return None
    return language_of(environment)


class Typing:
    """What a person can type: a burst of ``typed_burst`` characters, then ``input_rate`` a
    second, and a burst of ``lines`` lines, then ``line_rate`` a second. What comes faster
    waits here, up to ``typed_burst`` characters (a person answering questions quickly
    loses no Enter); the rest of a flood is dropped. On the event loop thread."""

    def __init__(self, limits: Limits, loop: asyncio.AbstractEventLoop) -> None:
        self.limits = limits
        self._loop = loop
        self._allowance = float(limits.typed_burst)  # characters that may be typed now
        self._lines = float(limits.lines)  # lines that may be sent now
        self._last_fill = loop.time()
        self._waiting = ""  # typed too fast: let through as the limits allow
        self._later: asyncio.TimerHandle | None = None

    def type(self, keys: KeyPipe, data: str) -> None:
        """Feed ``keys`` what of ``data`` the limits let through now; the rest waits, or is
        dropped when too much waits."""
        self._waiting += data[: max(0, self.limits.typed_burst - len(self._waiting))]
        self._let_through(keys)

    def _let_through(self, keys: KeyPipe) -> None:
        limits, now = self.limits, self._loop.time()
        elapsed, self._last_fill = now - self._last_fill, now
        self._allowance = min(
            float(limits.typed_burst), self._allowance + elapsed * limits.input_rate
        )
        self._lines = min(float(limits.lines), self._lines + elapsed * limits.line_rate)
        allowed = within_lines(self._waiting[: int(self._allowance)], int(self._lines))
        if allowed:
            taken = keys.feed(allowed)
            self._allowance -= taken
            self._lines -= allowed.count("\r") + allowed.count("\n")
            # What the pipe did not take (the table reads nothing, or it is gone) is dropped.
            self._waiting = self._waiting[len(allowed) :] if taken == len(allowed) else ""
        if self._waiting and self._later is None:
            if self._lines < 1:
                wait = (1 - self._lines) / limits.line_rate
            else:
                wait = (1 - self._allowance) / limits.input_rate
            self._later = self._loop.call_later(max(wait, 0.01), self._go_on, keys)

    def _go_on(self, keys: KeyPipe) -> None:
        self._later = None
        self._let_through(keys)

    def stop(self) -> None:
        """The connection is gone: what waits is dropped."""
        self._waiting = ""
        if self._later is not None:
            self._later.cancel()
            self._later = None


def remote_terminal(
    writer: ChannelWriter,
    keys: KeyPipe,
    window: Callable[[], tuple[int, int]],
    term: str,
    environment: Mapping[str, str],
) -> Terminal:
    """A connection as a terminal: rich draws at the client's window size (``window``:
    columns and rows, asked at every redraw) in the colours its TERM has, prompt_toolkit
    reads the keys and draws its prompt there; its language and plain mode are what its
    environment asks for."""
    colours = colour_system(term, environment)
    file = cast(TextIO, writer)
    console = _ChannelConsole(
        window,
        file=file,
        force_terminal=True,
        color_system=colours,
        no_color=colours is None,
        highlight=False,
        markup=False,
        emoji=False,
        legacy_windows=False,
        _environ={},  # the host's COLUMNS, NO_COLOR, ... are not the client's
    )
    output = Vt100_Output(
        file, lambda: Size(*reversed(window())), term=term or None, enable_cpr=False
    )
    prompts = AppSession(input=keys, output=output)
    return Terminal(
        console,
        prompts,
        window,
        colours is not None,
        file,
        True,
        pager=False,
        remote=True,
        plain=plain_asked(environment) or term == "dumb",
        language=client_language(environment),
    )
