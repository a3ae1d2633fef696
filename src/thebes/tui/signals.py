"""The signals that end `thebes` from outside: SIGTERM, SIGHUP (the terminal went away) and
SIGQUIT. Ctrl-C (SIGINT) stays Python's KeyboardInterrupt, which the table asks about.

Each is turned into :class:`Ended`, raised in the main thread wherever it was (at a prompt,
while bots think, in a pager, at a setup question, in a series of games), so that it
unwinds through the ``with`` and ``finally`` blocks that are there anyway: the alternate
screen is left, prompt_toolkit's raw mode undone, a pool's workers stopped, a lock
released. Nothing exits from the handler itself. `thebes` (:func:`thebes.cli.main`) turns it
into one line and the exit code a shell expects of that signal (128 + its number).

Inside :func:`held` (an action being played and autosaved) the signal waits for the block to
end, so no action is ever left half-applied. A second signal while the first unwinds is
ignored: after a hangup the shell and the kernel each send SIGHUP, and the cleanup must run
to its end (SIGKILL is always there).
"""

from __future__ import annotations

import contextlib
import errno
import os
import signal
import sys
import termios
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from types import FrameType
from typing import Any

from thebes.language import _

ENDING = (signal.SIGTERM, signal.SIGHUP, signal.SIGQUIT)


class Ended(SystemExit):
    """The process was asked to end by the signal ``signum``.

    A SystemExit, not an Exception, so that no ``except Exception`` swallows it. A running
    prompt is ended from its own loop (:func:`_end_prompt`); should the exception still be
    raised inside some other asyncio loop's callback, asyncio lets SystemExit through, where
    it would hand any other BaseException to the loop's exception handler (prompt_toolkit's
    answers "Press ENTER to continue", and the process hung)."""

    def __init__(self, signum: int) -> None:
        super().__init__(signum)
        self.signum = signum
        self.where: str | None = None  # where the game is and how to go on, when there is one

    @property
    def exit_code(self) -> int:
        return 128 + self.signum

    @property
    def line(self) -> str:
        """What `thebes` prints after ``thebes: ``."""
        # TRANSLATORS: after "thebes: "; {signal} is the signal's name (SIGTERM).
        said = _("ended by {signal}.").format(signal=signal.Signals(self.signum).name)
        return f"{said} {self.where}" if self.where else said


class _Watch:
    """What the handler needs to know: whose it is, what is held, what came."""

    owner = 0  # the process that installed the handler (not a forked child)
    holding = 0  # depth of held() blocks
    came: int | None = None  # the first ending signal
    raised = False


@contextmanager
def ending_on_signals() -> Iterator[None]:
    """SIGTERM, SIGHUP and SIGQUIT raise :class:`Ended` inside the block; the handlers
    that were there before come back after it. Only from the main thread (where Python runs
    signal handlers); elsewhere the block runs as it is."""
    try:
        before = {number: signal.signal(number, _arrived) for number in ENDING}
    except ValueError:  # not the main thread
        yield
        return
    _Watch.owner, _Watch.holding, _Watch.came, _Watch.raised = os.getpid(), 0, None, False
    modes = _modes_of_own_terminal()
    try:
        yield
        if _Watch.came is not None and not _Watch.raised:
            # It came as a prompt was ending anyway (its input closed with the terminal):
            # the prompt could not be ended by it, so the block ends with it here.
            _raise()
    finally:
        for number, handler in before.items():
            signal.signal(number, handler)
        if _Watch.came is not None and modes is not None:
            # The with blocks on the way out restore the terminal; should a signal land
            # where one of them has set a mode and not yet taken charge of undoing it, the
            # modes thebes started with are put back all the same.
            _restore_modes(modes)


@contextmanager
def held() -> Iterator[None]:
    """An ending signal that comes inside the block is raised as it ends, not inside it.

    Only in the main thread, where Python runs signal handlers: elsewhere (a hosted
    terminal's thread playing its action) the block runs as it is. Counted there, it had
    the signal wait for a block in another thread, and then raised it in that thread: the
    main thread never heard of it, and the host went on after SIGTERM."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    _Watch.holding += 1
    try:
        yield
    finally:
        _Watch.holding -= 1
        if not _Watch.holding and _Watch.came is not None and not _Watch.raised:
            _raise()


def ended_by(error: BaseException | None) -> Ended | None:
    """The :class:`Ended` that ``error`` is, or that was unwinding when it was raised (a
    write to a terminal that hung up fails in a ``finally`` block), else None."""
    seen: set[int] = set()
    while error is not None and id(error) not in seen:
        if isinstance(error, Ended):
            return error
        seen.add(id(error))
        error = error.__context__
    return None


def _arrived(signum: int, _frame: FrameType | None) -> None:
    if os.getpid() != _Watch.owner:
        # A forked child (a pool's worker) that kept this handler: it ends as the signal
        # would end it, with no exception (a worker's would be printed as a traceback).
        signal.signal(signum, signal.SIG_DFL)
        os.kill(os.getpid(), signum)
        return
    if _Watch.came is not None:
        return  # already ending: the first signal says how
    _Watch.came = signum
    if signum == signal.SIGHUP:
        _let_go_of_a_lost_terminal()
    if not _Watch.holding and not _end_prompt(signum):
        _raise()


def _end_prompt(signum: int) -> bool:
    """End the prompt_toolkit application running here, if there is one, by making it raise
    :class:`Ended` from its own loop; whether it did. An exception raised into the middle of
    its event loop would leave its tasks half-run, to be finished as the interpreter ends:
    one of them put the terminal back into raw mode after everything else had restored it,
    and printed tracebacks."""
    current = sys.modules.get("prompt_toolkit.application.current")
    if current is None:  # never imported: no prompt has run (and `thebes` loads it late)
        return False
    app = current.get_app_or_none()
    if app is None or not app.is_running or app.is_done:
        return False

    def end() -> None:
        # Marked raised only here: should the prompt end first (its input closed with the
        # terminal), this may never run (the prompt's loop is closed with it), and the
        # signal is then raised on the way out (held, the block).
        if not app.is_done and not _Watch.raised:
            _Watch.raised = True
            app.exit(exception=Ended(signum))

    app.loop.call_soon_threadsafe(end)
    return True


def _restore_modes(modes: list[Any]) -> None:
    with contextlib.suppress(OSError, termios.error):
        if os.tcgetpgrp(0) == os.getpgrp():  # a background process would be stopped
            termios.tcsetattr(0, termios.TCSADRAIN, modes)


def _modes_of_own_terminal() -> list[Any] | None:
    """The modes of the terminal at standard input, if it is one."""
    try:
        return termios.tcgetattr(0)
    except (OSError, termios.error, ValueError):
        return None


def _let_go_of_a_lost_terminal() -> None:
    """After a hangup, the standard streams that were at the terminal and no longer are
    (it was closed, not just sent SIGHUP) read and write nothing: every write on the way out
    (leaving the alternate screen, prompt_toolkit's last redraw) would fail, each with its
    own complaint, and a write must never block."""
    for descriptor in (0, 1, 2):
        try:
            termios.tcgetattr(descriptor)
            continue  # still a terminal: it is restored as after any other signal
        except termios.error as exc:
            if exc.args[0] != errno.EIO:
                continue  # not a terminal at all (a file, a pipe): left as it is
        except OSError:
            continue
        with contextlib.suppress(OSError):
            nothing = os.open(os.devnull, os.O_RDWR)
            os.dup2(nothing, descriptor)
            os.close(nothing)


def _raise() -> None:
    assert _Watch.came is not None
    _Watch.raised = True
    raise Ended(_Watch.came)
