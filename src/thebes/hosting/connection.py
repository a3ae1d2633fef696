"""One joined SSH session: a :class:`~thebes.tui.terminal.Terminal` made of its channel,
and the table attached to it in a thread of its own.

asyncssh runs on the server's event loop thread and is not thread-safe; the table draws and
prompts from its own thread. So everything written to the channel is handed to the loop
(:class:`ChannelWriter`), bounded: a client that does not read its output is disconnected
rather than buffered for without end. Keys go the other way through a pipe whose writing
end never blocks the loop (:class:`KeyPipe`): what a flood or a huge paste sends beyond the
pipe's room, or faster than a person types, is dropped. When the connection goes, ``gone``
is set and the pipe closed, so a waiting prompt ends with EOFError and the table lets go.
"""

from __future__ import annotations

import asyncio
import contextlib
import fcntl
import os
import threading
from collections.abc import Callable, Hashable, Iterator
from contextlib import AbstractContextManager, contextmanager
from typing import TYPE_CHECKING, Any, TextIO, cast

import asyncssh
from prompt_toolkit.application import Application, AppSession
from prompt_toolkit.application.current import get_app_or_none
from prompt_toolkit.contrib.ssh import PromptToolkitSSHSession
from prompt_toolkit.data_structures import Size
from prompt_toolkit.input.posix_pipe import PosixPipeInput, _Pipe
from prompt_toolkit.output.vt100 import Vt100_Output
from rich.console import Console, ConsoleDimensions

from thebes.hosting.guard import Limits
from thebes.language import N_, _, language_of, ngettext
from thebes.tui.terminal import Terminal, clamped, plain_asked

if TYPE_CHECKING:
    from thebes.hosting.server import Seating

# Keys are written into the pipe in pieces of at most this many characters: at most 4096
# bytes in UTF-8, which a pipe takes whole or not at all (PIPE_BUF), so no character is cut.
PIECE = 1024
# The client's variables that choose its language, as gettext reads them.
LOCALE_VARIABLES = ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")
# TRANSLATORS: {command} is the command to join with, as typed ("ssh -t").
NO_PTY = N_("thebes needs a terminal: join with `{command}`, from a terminal.")


class ChannelWriter:
    """A text file that writes to an SSH channel from any thread, through its event loop;
    more than ``limit`` characters unread by the client end the connection."""

    encoding = "utf-8"

    def __init__(
        self, loop: asyncio.AbstractEventLoop, chan: Any, limit: int, overflow: Callable[[], None]
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


class KeyPipe(PosixPipeInput):
    """prompt_toolkit's pipe input, fed from the event loop without ever blocking it, and
    knowing the applications reading it (to wake them when the window changes size)."""

    def __init__(self, room: int) -> None:
        pipe = _Pipe()
        os.set_blocking(pipe.write_fd, False)
        with contextlib.suppress(AttributeError, OSError):  # Linux only: else 64 KB
            fcntl.fcntl(pipe.write_fd, fcntl.F_SETPIPE_SZ, room)
        super().__init__(pipe)
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
        with self._reading:
            self.pipe.close_read()


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


def colour_system(term: str, environment: dict[str, str]) -> str | None:
    """rich's colour system for the client's TERM (None: no colour at all)."""
    if environment.get("NO_COLOR") or term in ("", "dumb", "unknown"):
        return None
    if environment.get("COLORTERM") in ("truecolor", "24bit"):
        return "truecolor"
    return "256" if "256" in term else "standard"


def client_language(environment: dict[str, str]) -> str | None:
    """The language the client's locale asks for, when its SSH client sends one (OpenSSH
    sends LANG and LC_* where its configuration says SendEnv); None: the host's."""
    if not any(environment.get(name) for name in LOCALE_VARIABLES):
        return None
    return language_of(environment)


class Connection(PromptToolkitSSHSession):
    """One SSH session of a player or spectator who proved who they are."""

    def __init__(self, seating: Seating, seat: Hashable | None, limits: Limits) -> None:
        super().__init__(self._no_interaction, enable_cpr=False)
        self.seating, self.seat, self.limits = seating, seat, limits
        self.gone = threading.Event()
        self.keys: KeyPipe | None = None
        self.writer: ChannelWriter | None = None
        self.attached: threading.Thread | None = None
        self._loop = asyncio.get_running_loop()
        self._allowance = float(limits.pending_input)  # characters that may be typed now
        self._lines = float(limits.lines)  # lines that may be sent now
        self._last_key = self._last_fill = self._loop.time()
        self._idle: asyncio.TimerHandle | None = None

    @staticmethod
    async def _no_interaction(_: PromptToolkitSSHSession) -> None:  # pragma: no cover
        """prompt_toolkit's own coroutine per session: never run (the table runs in a
        thread of its own instead)."""

    def shell_requested(self) -> bool:
        return True

    def exec_requested(self, command: str) -> bool:
        return False

    def subsystem_requested(self, subsystem: str) -> bool:
        return False

    def session_started(self) -> None:
        chan = self._chan
        assert chan is not None
        if chan.get_terminal_type() is None:
            chan.write(_(NO_PTY).format(command="ssh -t") + "\r\n")
            chan.exit(1)
            return
        self.writer = ChannelWriter(self._loop, chan, self.limits.pending_output, self.cut_off)
        self.keys = KeyPipe(self.limits.pending_input)
        terminal = self.terminal(chan, self.writer, self.keys)
        self.attached = threading.Thread(
            target=self._attach, args=(terminal,), name=f"thebes-seat-{self.seat}", daemon=True
        )
        self.attached.start()
        self._idle = self._loop.call_later(self.limits.idle_timeout, self._check_idle)

    def terminal(self, chan: Any, writer: ChannelWriter, keys: KeyPipe) -> Terminal:
        """The channel as a terminal: rich draws at the client's window size in the colours
        its TERM has, prompt_toolkit reads the keys and draws its prompt there."""
        term = chan.get_terminal_type() or ""
        environment = dict(chan.get_environment())
        colours = colour_system(term, environment)

        def window() -> tuple[int, int]:
            columns, rows, _pixels_wide, _pixels_high = chan.get_terminal_size()
            return clamped(columns or 80, rows or 24)

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

    def _attach(self, terminal: Terminal) -> None:
        """The table at this terminal, until it lets go; then the channel is closed."""
        try:
            self.seating.attach(terminal, self.seat, self.gone)
        except Exception:  # the table's own fault: this player goes, the game goes on
            terminal.say("thebes: " + _("the table failed at this terminal; join again."))
        finally:
            assert self.keys is not None
            self.keys.close_reading()
            with contextlib.suppress(RuntimeError):  # the loop is closed: all is closing
                self._loop.call_soon_threadsafe(self._close)

    def _close(self) -> None:
        if self._chan is not None and not self.gone.is_set():
            self._chan.exit(0)

    def cut_off(self) -> None:
        """The client reads too little of its output: it is disconnected."""
        if self._chan is not None and not self.gone.is_set():
            self._chan.get_connection().disconnect(
                asyncssh.DISC_BY_APPLICATION, _("output not read: disconnected")
            )

    def data_received(self, data: str, datatype: object) -> None:
        now = self._loop.time()
        self._last_key = now
        if self.keys is None or self.gone.is_set():
            return
        # What a person can type: a burst of `pending_input` characters, then
        # `input_rate` a second, and a burst of `lines` lines, then `line_rate` a second;
        # the rest of a flood is dropped here, not queued.
        limits, elapsed = self.limits, now - self._last_fill
        self._last_fill = now
        self._allowance = min(
            float(limits.pending_input), self._allowance + elapsed * limits.input_rate
        )
        self._lines = min(float(limits.lines), self._lines + elapsed * limits.line_rate)
        allowed = within_lines(data[: int(self._allowance)], int(self._lines))
        if allowed:
            self._allowance -= self.keys.feed(allowed)
            self._lines -= allowed.count("\r") + allowed.count("\n")

    def terminal_size_changed(
        self, width: int, height: int, pixwidth: object, pixheight: object
    ) -> None:
        if self.keys is not None:
            self.keys.wake()

    def eof_received(self) -> bool:
        self._lose()
        return False

    def connection_lost(self, exc: Exception | None) -> None:
        self._lose()

    def _check_idle(self) -> None:
        idle = self._loop.time() - self._last_key
        if idle < self.limits.idle_timeout:
            self._idle = self._loop.call_later(self.limits.idle_timeout - idle, self._check_idle)
            return
        if self.writer is not None and self._chan is not None:
            minutes = round(self.limits.idle_timeout / 60)
            said = ngettext(
                "No key typed for {count} minute: disconnected.",
                "No key typed for {count} minutes: disconnected.",
                minutes,
            ).format(count=minutes)
            self.writer._send(f"\r\n{said}\r\n")
            self._chan.exit(0)

    def sending(self) -> bool:
        """Whether output for this terminal is still waiting to go out (loop thread)."""
        chan = self._chan
        return chan is not None and not self.gone.is_set() and chan.get_write_buffer_size() > 0

    def lose(self) -> None:
        """End this session from the host's side (only from the event loop thread)."""
        if self._chan is not None:
            self._chan.close()
        self._lose()

    def _lose(self) -> None:
        if self.gone.is_set():
            return
        self.gone.set()
        if self._idle is not None:
            self._idle.cancel()
        if self.writer is not None:
            self.writer.closed = True
        if self.keys is not None:
            self.keys.close()  # a waiting prompt reads the end of input: EOFError
            self.keys.drop_unread()  # and nothing typed before it: it is gone
        at_table = self.attached is not None and self.attached.is_alive()
        self.seating.dropped(self, at_table)
