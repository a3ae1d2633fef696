"""The process's standard streams, made safe for `thebes` before a command runs: closed,
full or broken streams and any output encoding end in one line and an exit code, never in
a traceback.

- Standard output that cannot be written (``> /dev/full``, a closed ``>&-``, a terminal
  gone) ends the command: ``thebes: cannot write to standard output: <why>`` on standard
  error and exit code 74 (EX_IOERR). A reader that went away (``| head``) ends it quietly
  with exit code 0, as it always did.
- Standard error that cannot be written loses its messages, nothing else: the command goes
  on and its exit code says how it went.
- A closed standard input (``<&-``) is refused by the commands that read keys
  (:func:`need_keys`): ``thebes: cannot read standard input: it is closed``, exit code 66.
- Characters the output encoding cannot hold are written as stand-ins
  (:mod:`thebes.safeio.standins`).

Closed descriptors 0-2 are given ``/dev/null`` first, so that no file the command opens
(a game being saved) takes their number and receives what is meant for the terminal.
Once a write has failed, the descriptor is pointed at ``/dev/null`` too, so the writes of
clean-up code and Python's own flush at exit fail no more.
"""

from __future__ import annotations

import errno
import io
import os
import sys
from collections.abc import Callable
from typing import TYPE_CHECKING, TextIO

from thebes.cli.streams import Streams
from thebes.errors import EXIT_IO_ERROR, EXIT_NO_INPUT, EXIT_OK, ThebesError
from thebes.language import _
from thebes.safeio import standins
from thebes.safeio.text import os_reason

if TYPE_CHECKING:
    from thebes.tui.terminal import Terminal


class InputClosed(ThebesError):
    """Standard input is closed: a command that reads keys has none to read."""

    exit_code = EXIT_NO_INPUT


class OutputFailed(Exception):
    """Standard output could not be written; raised at the first failed write, not an
    OSError so that no handler meant for files takes it on its way up."""

    def __init__(self, error: OSError) -> None:
        super().__init__(os_reason(error))
        self.error = error


def need_keys(handed: Terminal | None) -> None:
    """InputClosed if the command is to read keys from the process's standard input and
    that is closed (checked before anything is started or changed)."""
    if handed is None and sys.stdin is None:
        raise InputClosed(_("cannot read standard input: it is closed"))


class _Output(io.TextIOWrapper):
    """Standard output: its first failed write raises OutputFailed and is kept in
    :attr:`failure`; what is written after that goes to /dev/null."""

    failure: OSError | None = None
    closed_at_start = False  # the process began with descriptor 1 closed

    def write(self, text: str) -> int:
        if self.failure is None and self.closed_at_start and text:
            # TRANSLATORS: why standard output cannot be written: "...: it is closed".
            raise self._failed(OSError(errno.EBADF, _("it is closed")))
        try:
            return super().write(text)
        except OSError as exc:
            if self.failure is not None:
                return len(text)
            raise self._failed(exc) from None

    def flush(self) -> None:
        try:
            super().flush()
        except OSError as exc:
            if self.failure is None:
                raise self._failed(exc) from None

    def _failed(self, error: OSError) -> OutputFailed:
        self.failure = error
        _to_null(self)
        return OutputFailed(error)


class _Messages(io.TextIOWrapper):
    """Standard error: a failed write is let go (there is nowhere to say so), and what is
    written after it goes to /dev/null."""

    def write(self, text: str) -> int:
        try:
            return super().write(text)
        except OSError:
            _to_null(self)
            return len(text)

    def flush(self) -> None:
        try:
            super().flush()
        except OSError:
            _to_null(self)


def guarded(run: Callable[[], int]) -> int:
    """The exit code of ``run`` (the command) run at the process's streams made safe."""
    standins.register()
    _fill_closed_descriptors()
    # The interpreter's own streams are replaced, __stdout__ too (the old one is detached).
    out = _rewrap(sys.stdout, sys.__stdout__, _Output, 1)
    if out is not sys.stdout:
        sys.stdout = sys.__stdout__ = out  # type: ignore[misc, assignment]
    messages = _rewrap(sys.stderr, sys.__stderr__, _Messages, 2)
    if messages is not sys.stderr:
        sys.stderr = sys.__stderr__ = messages  # type: ignore[misc, assignment]
    leaving: SystemExit | None = None  # argparse's, after --help, --version or a refusal
    try:
        try:
            code = run()
        except SystemExit as exit_:
            leaving, code = exit_, EXIT_OK
        out.flush()
    except OutputFailed:
        code = EXIT_IO_ERROR
    except OSError:
        # prompt_toolkit writes into the bytes beneath the text stream, where a failure is
        # a plain OSError: it was standard output's if what it left there cannot go out.
        try:
            out.flush()
        except OutputFailed:
            code = EXIT_IO_ERROR
        else:
            raise
    if not isinstance(out, _Output) or out.failure is None:
        if leaving is not None:
            raise leaving  # written out: argparse's exit goes on as argparse meant it
        return code
    if out.failure.errno == errno.EPIPE:
        return EXIT_OK  # the reader has what it wanted (`| head`): nothing to say
    reason = os_reason(out.failure)
    said = _("cannot write to standard output: {reason}").format(reason=reason)
    Streams(None).complain(said, flush=True)
    return EXIT_IO_ERROR


def _rewrap(
    stream: TextIO | None, own: TextIO | None, kind: type[io.TextIOWrapper], descriptor: int
) -> TextIO:
    """``stream`` (the interpreter's own ``own`` at ``descriptor``) as a ``kind`` that
    writes stand-ins for what its encoding cannot hold. A stream put in place by someone
    else (a test's capture) is left as it is."""
    if isinstance(stream, kind):
        return stream
    if stream is None:  # closed at start: descriptor now holds /dev/null
        wrapped = kind(
            open(descriptor, "wb", closefd=False),  # noqa: SIM115 (the process's, never closed)
            errors=standins.STAND_IN,
            encoding="utf-8",
        )
        if isinstance(wrapped, _Output):
            wrapped.closed_at_start = True
        return wrapped
    if type(stream) is not io.TextIOWrapper or stream is not own:
        return stream
    stream.flush()
    return kind(
        stream.detach(),
        encoding=stream.encoding,
        errors=standins.STAND_IN,
        line_buffering=stream.line_buffering,
        write_through=stream.write_through,
    )


def _fill_closed_descriptors() -> None:
    """/dev/null at each of descriptors 0, 1 and 2 that is closed (open takes the lowest
    free number)."""
    for descriptor in (0, 1, 2):
        try:
            os.fstat(descriptor)
        except OSError:
            opened = os.open(os.devnull, os.O_RDWR)
            if opened != descriptor:  # a lower one was closed meanwhile: not ours to fill
                os.close(opened)


def _to_null(stream: io.TextIOWrapper) -> None:
    """Point the descriptor of ``stream`` at /dev/null: its later writes, and those of
    whatever shares the descriptor, go nowhere instead of failing."""
    try:
        null = os.open(os.devnull, os.O_WRONLY)
        try:
            os.dup2(null, stream.fileno())
        finally:
            os.close(null)
    except (OSError, ValueError):
        pass
