"""Who may come into a Thebes server: anyone with an SSH key, as the account of that key.

There are no passwords: the key proves the account (made at its first visit, when the lobby
asks its name), and the SSH user name only says where to go (a table's number, or the
lobby). A client that offers no key is told how to make one, and let in nowhere.
"""

from __future__ import annotations

from collections.abc import Hashable

import asyncssh

from thebes.language import _
from thebes.lobby.names import Visitor

ROOM_LETTERS = 40  # of the SSH user name kept: a table's number fits many times over


class KeyAccounts:
    """A server's door: every key is someone (:class:`~thebes.lobby.hall.Visitor`)."""

    passwords = False

    @staticmethod
    def by_key(user: str, key: asyncssh.SSHKey) -> Visitor:
        return Visitor(key.get_fingerprint("sha256"), user[:ROOM_LETTERS])

    @staticmethod
    def by_code(user: str, code: str, offered: asyncssh.SSHKey | None) -> None:
        return None

    @staticmethod
    def place_of(who: Hashable) -> Hashable:
        return who  # one key, one visitor: its connections share its places

    @staticmethod
    def without_key() -> str:
        """What a client that offered no key reads."""
        return _(
            "This Thebes server knows players by their SSH keys, and yours offered none. "
            "Make one with `ssh-keygen -t ed25519`, then connect again."
        )
