"""The host's SSH key: made once (ed25519) in the user's data folder, beside the saved
games, readable by the user alone, and used by every game hosted from then on, so players
can check its fingerprint once and trust it after."""

from __future__ import annotations

import contextlib
import os
import stat
from pathlib import Path

import asyncssh

from thebes.errors import ThebesError
from thebes.language import _
from thebes.records.library import games_folder
from thebes.safeio.text import printable

KEY_NAME = "host_ed25519_key"


class HostKeyError(ThebesError):
    """The host key cannot be read or made; the message says where and why."""


def host_key_path() -> Path:
    """``$XDG_DATA_HOME/thebes/host_ed25519_key`` (the folder of the games' folder)."""
    return games_folder().parent / KEY_NAME


def host_key(path: Path | None = None) -> asyncssh.SSHKey:
    """The host key in ``path`` (default :func:`host_key_path`), made there first if there
    is none. A key file others may read is made the user's alone again."""
    path = path or host_key_path()
    try:
        if not path.exists():
            _make(path)
        mode = path.stat().st_mode
        if mode & (stat.S_IRWXG | stat.S_IRWXO):
            path.chmod(0o600)
        return asyncssh.read_private_key(path)
    except (OSError, ValueError, asyncssh.KeyImportError) as exc:
        raise HostKeyError(
            _("the host key {path} cannot be used: {error}").format(
                path=printable(str(path)), error=exc
            )
        ) from exc


def fingerprint(key: asyncssh.SSHKey) -> str:
    """``SHA256:...``, as `ssh` shows it when it first meets the host."""
    return key.get_fingerprint("sha256")


def _make(path: Path) -> None:
    """A new key written whole to a file of mode 0600 beside ``path``, then linked to
    ``path``: two hosts started at once never read half a key, and the first one's wins."""
    path.parent.mkdir(parents=True, exist_ok=True)
    key = asyncssh.generate_private_key("ssh-ed25519", comment="thebes host")
    temporary = path.with_name(f".{path.name}.{os.getpid()}")
    descriptor = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    try:
        with os.fdopen(descriptor, "wb") as file:
            file.write(key.export_private_key())
            file.flush()
            os.fsync(file.fileno())
        with contextlib.suppress(FileExistsError):
            os.link(temporary, path)
    finally:
        with contextlib.suppress(OSError):
            temporary.unlink()
