"""Where a game file may be written, and writing it so that nothing is ever half-written.

A save goes only to a regular file (or a new one): a folder, a path ending in ``/``, a
device, a FIFO or a socket is refused with :class:`SaveError`, whose message names the path.
A symbolic link is followed, and the file it points to is the one replaced, so a game
reached through a link stays the game the link names. The text is written to a temporary
file beside the target and renamed over it; temporaries left behind by a process that was
killed mid-save are removed by the next save to the same file.

A game's own file is written with :func:`write_unless_changed`: a file changed on disk
since this process last read or wrote it (by another process, or by hand) is not
overwritten (its content decides: a `touch` changes nothing); the caller keeps the game
elsewhere (:func:`free_name_beside`).
"""

from __future__ import annotations

import contextlib
import hashlib
import os
import stat
from dataclasses import dataclass
from pathlib import Path

from thebes.errors import EXIT_USAGE, ThebesError
from thebes.language import _
from thebes.safeio.text import os_reason, printable


class SaveError(ThebesError):
    """A game file could not be written there; the message names the path and the reason."""

    exit_code = EXIT_USAGE


class FileChanged(SaveError):
    """The file is no longer the one this process last read or wrote: another process (or
    a hand) changed it, and writing would lose what it holds."""


@dataclass(frozen=True, slots=True)
class Fingerprint:
    """What tells one version of a file from the next: its device, inode, size and
    modification time (any save or edit changes one), and a digest of its content, which
    decides whether it was changed (a `touch`, or a copy of the same bytes, changes
    nothing)."""

    stat: tuple[int, int, int, int]
    digest: str


def save_target(path: str | os.PathLike[str]) -> Path:
    """The regular file a save to ``path`` replaces or creates: ``path`` itself, or the
    file a symbolic link there points to. SaveError says why ``path`` cannot hold a game."""
    given = os.fspath(path)
    shown = printable(given)
    if not given:
        raise SaveError(
            _("an empty path names no file; give a file name, such as {example}").format(
                example="game.json"
            )
        )
    if given.endswith(("/", os.sep)) or Path(given).name in ("", ".", ".."):
        raise SaveError(
            _("{file} names a folder; give a file name, such as {example}").format(
                file=shown, example=inside(given)
            )
        )
    try:
        target = Path(os.path.realpath(Path(given).expanduser()))
    except ValueError:  # a NUL character, which no path can hold
        raise SaveError(_("{file} is not a possible file name").format(file=shown)) from None
    except RuntimeError:  # ~name for a user this system does not have
        raise SaveError(
            _("{file}: no home folder is known for {user}").format(
                file=shown, user=given.split("/")[0]
            )
        ) from None
    try:
        mode = target.stat().st_mode
    except FileNotFoundError:
        return target
    except OSError as exc:
        raise SaveError(_cannot_save(shown, exc)) from None
    if stat.S_ISDIR(mode):
        raise SaveError(
            _("{file} is a folder; give a file name, such as {example}").format(
                file=shown, example=inside(given)
            )
        )
    if not stat.S_ISREG(mode):
        raise SaveError(
            _("{file} is not a regular file (a device, a FIFO or a socket)").format(file=shown)
        )
    return target


def _cannot_save(shown: str, exc: OSError) -> str:
    # TRANSLATORS: {reason} is the system's.
    return _("cannot save to {file}: {reason}").format(file=shown, reason=os_reason(exc))


def inside(folder: str) -> str:
    """A game file in ``folder``, for a message: "/game.json" for "/", "games/game.json" for
    "games/" (one slash between them however many ``folder`` ends with)."""
    return printable(os.path.join(folder.rstrip("/" + os.sep) or folder[0], "game.json"))


def make_folder_for(path: str | os.PathLike[str]) -> Path | None:
    """Make the missing folder a save to ``path`` goes in (with the folders above it), as
    both `--save` and a typed `save PATH` do; the folder made as given, or None if it was
    there. SaveError says why ``path`` cannot hold a game or the folder cannot be made.
    Autosaves do not come here: a folder removed during a game is not made again."""
    folder = save_target(path).parent
    if folder.is_dir():
        return None
    given = Path(os.fspath(path)).expanduser().parent
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        shown = printable(str(given))
        raise SaveError(
            _("cannot make the folder {folder}: {reason}").format(
                folder=shown, reason=os_reason(exc)
            )
        ) from None
    return given


def write_game_file(path: str | os.PathLike[str], text: str) -> Path:
    """Write ``text`` to the game file at ``path`` atomically and return the file written.

    An interruption at any moment leaves either the old file or the new one, whole. Any
    failure (a refused path, a missing folder, a full disk, no permission) is a SaveError.
    """
    target, _written = write_unless_changed(path, text, None)
    return target


def write_unless_changed(
    path: str | os.PathLike[str], text: str, seen: Fingerprint | None
) -> tuple[Path, Fingerprint]:
    """:func:`write_game_file`, refused with FileChanged if the file there is no longer
    the one ``seen`` (None: not checked) says this process last read or wrote; the file
    written and its fingerprint, for the next write."""
    target = save_target(path)
    shown = printable(os.fspath(path))
    now = fingerprint(target)
    if seen is not None and now is not None and now.digest != seen.digest:
        raise FileChanged(
            _("{file} was changed by another process since this game saved it").format(file=shown)
        )
    _remove_stale_temporaries(target)
    temporary = _temporary_for(target, os.getpid())
    data = text.encode("utf-8")
    try:
        with temporary.open("wb") as stream:
            stream.write(data)
            stream.flush()
            os.fsync(stream.fileno())
            # A rename keeps the inode, the size and the modification time.
            written = Fingerprint(_stat_of(os.fstat(stream.fileno())), _digest(data))
        os.replace(temporary, target)
    except OSError as exc:
        raise SaveError(_cannot_save(shown, exc)) from None
    finally:
        # If the folder went away meanwhile, there is nothing left to clean.
        with contextlib.suppress(OSError):
            temporary.unlink(missing_ok=True)
    return target, written


def fingerprint(path: str | os.PathLike[str]) -> Fingerprint | None:
    """What tells one version of a file from the next (a save makes a new file), or None
    if there is no regular file there to tell."""
    try:
        if not stat.S_ISREG(os.stat(path).st_mode):  # nothing else is opened
            return None
        # Not blocked by a FIFO put there meanwhile; the stat and the content of one file.
        with open(os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0)), "rb") as stream:
            info = os.fstat(stream.fileno())
            if not stat.S_ISREG(info.st_mode):
                return None
            digest = hashlib.file_digest(stream, "sha256").hexdigest()
    except (OSError, ValueError):
        return None
    return Fingerprint(_stat_of(info), digest)


def _stat_of(info: os.stat_result) -> tuple[int, int, int, int]:
    return (info.st_dev, info.st_ino, info.st_size, info.st_mtime_ns)


def _digest(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def free_name_beside(path: Path) -> Path:
    """A name for a new file beside ``path`` that no file has, nor a lock file
    (``NAME.json.lock``, :mod:`thebes.safeio.locking`: a game being started there, or a
    lock left behind): ``NAME-2.json``, ``-3``..."""
    number = 2
    while True:
        candidate = path.with_name(f"{path.stem}-{number}{path.suffix}")
        lock = candidate.with_name(candidate.name + ".lock")
        if not (os.path.lexists(candidate) or os.path.lexists(lock)):
            return candidate
        number += 1


def _temporary_for(target: Path, pid: int) -> Path:
    return target.with_name(f".{target.name}.{pid}.tmp")


def _remove_stale_temporaries(target: Path) -> None:
    """Remove this file's temporaries whose writer is gone (killed mid-save): only names
    this module makes, ``.NAME.PID.tmp``, and only when no process has that PID."""
    prefix, suffix = f".{target.name}.", ".tmp"
    try:
        entries = list(os.scandir(target.parent))
    except OSError:
        return  # the write that follows says what is wrong with the folder
    for entry in entries:
        if not (entry.name.startswith(prefix) and entry.name.endswith(suffix)):
            continue
        middle = entry.name[len(prefix) : -len(suffix)]
        if not (middle.isascii() and middle.isdigit()) or process_exists(int(middle)):
            continue
        # Another save may have removed it first, or it may not be ours to remove.
        with contextlib.suppress(OSError):
            os.unlink(entry.path)


def process_exists(pid: int) -> bool:
    """Whether a process with ``pid`` may be running (someone else's counts as running)."""
    if pid == os.getpid():
        return True
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except (PermissionError, OverflowError):
        return True  # someone else's process (or a number no PID can be): leave it alone
    return True
