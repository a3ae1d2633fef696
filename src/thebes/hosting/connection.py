"""One joined SSH session: a :class:`~thebes.tui.terminal.Terminal` made of its channel
(:mod:`thebes.hosting.terminals`, as a browser's websocket is made one), and the table
attached to it in a thread of its own.

asyncssh runs on the server's event loop thread and is not thread-safe; the table draws and
prompts from its own thread. When the connection goes, ``gone`` is set and the pipe closed,
so a waiting prompt ends with EOFError and the table lets go.
"""

from __future__ import annotations

import asyncio
import contextlib
import threading
from collections.abc import Hashable
from typing import TYPE_CHECKING, Any

import asyncssh
from prompt_toolkit.contrib.ssh import PromptToolkitSSHSession

from thebes.hosting.guard import Limits
from thebes.hosting.memory import released
from thebes.hosting.terminals import ChannelWriter, KeyPipe, Typing, remote_terminal
from thebes.language import N_, _, ngettext
from thebes.tui.terminal import Terminal, clamped

if TYPE_CHECKING:
    from thebes.hosting.server import Seating

# TRANSLATORS: {command} is the command to join with, as typed ("ssh -t").
NO_PTY = N_("thebes needs a terminal: join with `{command}`, from a terminal.")

__all__ = ["NO_PTY", "ChannelWriter", "Connection", "KeyPipe"]


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
        self._typing = Typing(limits, self._loop)
        self._last_key = self._loop.time()
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
        """The channel as a terminal, at the client's window size."""

        def window() -> tuple[int, int]:
            columns, rows, _pixels_wide, _pixels_high = chan.get_terminal_size()
            return clamped(columns or 80, rows or 24)

        environment = dict(chan.get_environment())
        return remote_terminal(writer, keys, window, chan.get_terminal_type() or "", environment)

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
        released()

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
        self._typing.type(self.keys, data)

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
        self._typing.stop()  # what was typed too fast goes with the connection
        if self.writer is not None:
            self.writer.closed = True
        if self.keys is not None:
            self.keys.close()  # a waiting prompt reads the end of input: EOFError
            self.keys.drop_unread()  # and nothing typed before it: it is gone
        at_table = self.attached is not None and self.attached.is_alive()
        self.seating.dropped(self, at_table)
