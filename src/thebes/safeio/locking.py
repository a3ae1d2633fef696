"""A game open in at most one process that can change it: the lock file beside a game file.

`thebes play` and `thebes resume` hold ``NAME.lock`` beside the game file ``NAME`` (after
symbolic links are followed, so every spelling of one file meets the same lock) for as long
as the game is open. The lock is the kernel's (``flock``) on that file, and the file says
who holds it: JSON with the pid, the host and when it started. The kernel lets go of the
lock when its process ends in any way, ``kill -9`` included, so a lock file left behind is
found free and taken over, without asking and without guessing from the pid; the taker is
told whose it was. The holder removes the file when it lets go (while still holding it, so
that a process that opened the old file sees it gone and opens the new one).

Where ``flock`` cannot be had (no ``fcntl`` on Windows, a file system without locks) the
pid and host in the file decide: a holder on this host whose process is gone, or a lock
from this very process, is stale. If no lock file can be made at all (a read-only folder),
the game opens unguarded and :attr:`GameLock.unguarded` says why: the save would fail there
anyway, and the content check of :mod:`thebes.safeio.saving` still guards the file.

Lock files end in ``.lock``, not ``.json``: the games list never takes them for games.
"""

from __future__ import annotations

import contextlib
import errno
import json
import os
import socket
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from thebes.errors import EXIT_IN_USE, ThebesError
from thebes.language import _
from thebes.safeio.invocation import thebes_command
from thebes.safeio.saving import process_exists, save_target
from thebes.safeio.text import os_reason, printable

try:
    import fcntl
except ImportError:  # Windows: the pid and host in the file decide
    fcntl = None  # type: ignore[assignment]

LOCK_SUFFIX = ".lock"
_HOLDER_BYTES = 4096  # a lock file says three short things; more is not read
# errno values of a lock already held by another open file (BlockingIOError's).
_BUSY = (errno.EAGAIN, errno.EWOULDBLOCK, errno.EACCES)


@dataclass(frozen=True, slots=True)
class Holder:
    """Who holds (or held) a game: what its lock file says."""

    pid: int
    host: str
    started: str  # "YYYY-MM-DD HH:MM", local time of the holder

    @property
    def here(self) -> bool:
        return self.host == socket.gethostname()

    def describe(self) -> str:
        """``process 4242`` (``on HOST`` when it is another computer)."""
        if self.here:
            # TRANSLATORS: the process that has a game open.
            return _("process {pid}").format(pid=self.pid)
        # TRANSLATORS: the process that has a game open, on another computer.
        return _("process {pid} on {host}").format(pid=self.pid, host=printable(self.host))

    @property
    def running(self) -> bool:
        """Whether the process may still be running: another host's cannot be told."""
        return not self.here or process_exists(self.pid)


class GameInUse(ThebesError):
    """The game is open in another process; the message names it and what can be done."""

    exit_code = EXIT_IN_USE


def lock_path(game: str | os.PathLike[str]) -> Path:
    """The lock file of the game file ``game`` (SaveError if no game file can be there)."""
    target = save_target(game)
    return target.with_name(target.name + LOCK_SUFFIX)


def open_elsewhere(game: str | os.PathLike[str]) -> Holder | None:
    """The process (not this one) that has ``game`` open, as far as its lock file tells,
    or None. For listings only: :func:`hold_game` is what decides."""
    try:
        path = lock_path(game)
    except ThebesError:
        return None
    holder = _holder_in(path)
    if holder is None or (holder.here and holder.pid == os.getpid()) or not holder.running:
        return None
    return holder


@dataclass(slots=True)
class GameLock:
    """The lock of one game file, held between :func:`hold_game`'s enter and exit."""

    path: Path
    fd: int | None = None
    stale: Holder | None = None  # whose lock, left behind, was taken over
    unguarded: str | None = None  # why no lock could be made, if none was

    def move(self, game: str | os.PathLike[str]) -> bool:
        """Hold the lock of the game file ``game`` instead (the game goes on in a new file):
        the new lock is taken first, then the old one let go. False, with the old one kept,
        if another process holds the new one. With no lock to be had there, the game goes
        on unguarded (:attr:`unguarded` says why)."""
        try:
            new = GameLock(lock_path(game))
        except ThebesError as exc:
            new = GameLock(Path(game), unguarded=exc.line)
        else:
            try:
                _acquire(new)
            except _Held:
                return False
        _release(self)
        self.path, self.fd, self.unguarded = new.path, new.fd, new.unguarded
        return True

    def notice(self) -> str | None:
        """The one line to tell the player, if there is anything to tell."""
        if self.stale is not None:
            who = self.stale.describe()
            # TRANSLATORS: {who} is "process 4242" or the like.
            return _(
                "A lock left by {who}, which no longer had the game open, was taken over."
            ).format(who=who)
        if self.unguarded is not None:
            # TRANSLATORS: {reason} says why the game file could not be locked.
            return _("No lock on this game ({reason}): do not open it twice.").format(
                reason=self.unguarded
            )
        return None


@contextlib.contextmanager
def hold_game(game: str | os.PathLike[str], shown: str) -> Iterator[GameLock]:
    """Hold the lock of the game file ``game`` for the ``with`` block, released however it
    ends. GameInUse (its message names the holder and the commands that show the game,
    with ``shown`` as the file's argument) if another process holds it."""
    try:
        lock = GameLock(lock_path(game))
    except ThebesError as exc:  # no game file can be there: reading it says why
        yield GameLock(Path(game), unguarded=exc.line)
        return
    try:
        _acquire(lock)
    except _Held as held:
        raise GameInUse(_in_use_line(shown, held.holder)) from None
    try:
        yield lock
    finally:
        _release(lock)


class _Held(Exception):
    def __init__(self, holder: Holder | None) -> None:
        super().__init__()
        self.holder = holder


def _in_use_line(shown: str, holder: Holder | None) -> str:
    watch = f"'{thebes_command('watch ' + shown)}'"
    replay = f"'{thebes_command('replay ' + shown)}'"
    if holder is None:
        # TRANSLATORS: {watch} and {replay} are commands to type: 'thebes watch FILE'.
        message = _(
            "{file} is open in another thebes (another process); "
            "{watch} follows it as it is played, {replay} shows it as saved"
        )
        return message.format(file=shown, watch=watch, replay=replay)
    # TRANSLATORS: {who} is "process 4242" or the like, {since} a date and time; {watch} and
    # {replay} are commands to type: 'thebes watch FILE'.
    message = _(
        "{file} is open in another thebes ({who}, since {since}); "
        "{watch} follows it as it is played, {replay} shows it as saved"
    )
    return message.format(
        file=shown,
        who=holder.describe(),
        since=printable(holder.started),
        watch=watch,
        replay=replay,
    )


def _acquire(lock: GameLock) -> None:
    """Open, lock and fill in ``lock.path``; _Held if another process holds it."""
    for _attempt in range(5):  # a holder letting go removes the file: then open the new one
        try:
            fd = os.open(lock.path, os.O_RDWR | os.O_CREAT | getattr(os, "O_CLOEXEC", 0), 0o644)
        except OSError as exc:
            lock.unguarded = _("cannot make {file}: {reason}").format(
                file=printable(str(lock.path)), reason=os_reason(exc)
            )
            return
        try:
            if _locked(fd, lock.path) and _same_file(fd, lock.path):
                break
        except BaseException:
            os.close(fd)
            raise
        os.close(fd)
    else:
        raise _Held(_holder_in(lock.path))
    lock.fd = fd
    previous = _holder_in(lock.path)
    if previous is not None and (previous.pid, previous.here) != (os.getpid(), True):
        lock.stale = previous
    _write_holder(fd)


def _locked(fd: int, path: Path) -> bool:
    """Lock ``fd`` exclusively; _Held if another process has it. Without ``flock`` the pid
    and host in the file decide."""
    if fcntl is not None:
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            return True
        except OSError as exc:
            if exc.errno in _BUSY:
                raise _Held(_holder_in(path)) from None
            # No locks on this file system: fall back on what the file says.
    holder = _holder_in(path)
    if holder is not None and holder.pid != os.getpid() and holder.running:
        raise _Held(holder)
    return True


def _same_file(fd: int, path: Path) -> bool:
    """Whether ``path`` still names the file open as ``fd`` (a releasing holder unlinks
    it: a lock on the unlinked file guards nothing)."""
    try:
        here, there = os.fstat(fd), os.stat(path)
    except OSError:
        return False
    return (here.st_dev, here.st_ino) == (there.st_dev, there.st_ino)


def _write_holder(fd: int) -> None:
    started = time.strftime("%Y-%m-%d %H:%M")
    text = json.dumps({"pid": os.getpid(), "host": socket.gethostname(), "started": started})
    with contextlib.suppress(OSError):  # the lock holds without its note
        os.ftruncate(fd, 0)
        os.lseek(fd, 0, os.SEEK_SET)
        os.write(fd, text.encode() + b"\n")


def _holder_in(path: Path) -> Holder | None:
    """What the lock file says, or None if it says nothing usable (empty, edited, gone)."""
    try:
        with open(path, "rb") as stream:
            raw = json.loads(stream.read(_HOLDER_BYTES).decode("utf-8"))
    except (OSError, ValueError):
        return None
    if not isinstance(raw, dict):
        return None
    pid, host, started = raw.get("pid"), raw.get("host"), raw.get("started")
    if type(pid) is not int or not 0 < pid < 2**31 or not isinstance(host, str):
        return None
    return Holder(pid, host[:255], started[:40] if isinstance(started, str) else "?")


def _release(lock: GameLock) -> None:
    """Remove the lock file while still holding it, then let go."""
    fd, lock.fd = lock.fd, None
    if fd is None:
        return
    with contextlib.suppress(OSError):
        if _same_file(fd, lock.path):
            os.unlink(lock.path)
    os.close(fd)
