"""`thebes server`: a Thebes server that stays: many tables, players known by their SSH keys,
games live or over days, and a ladder.

Everything it keeps is in one folder (``--data``; the SQLite store may be put elsewhere with
``--database``): the store, the games' files (``games/table-N.json``, ordinary game files),
and the server's host key. The folder is locked while a server runs, so two servers never
share it. The server runs until Ctrl-C or a signal; every table comes back as it was when
it starts again, even after ``kill -9``.
"""

from __future__ import annotations

import argparse
import json
import os
import threading
from collections.abc import Iterator
from contextlib import ExitStack, contextmanager
from pathlib import Path
from typing import TYPE_CHECKING

from thebes.cli.streams import Streams
from thebes.errors import EXIT_IN_USE, EXIT_OK, ThebesError
from thebes.language import _
from thebes.safeio.text import printable

if TYPE_CHECKING:
    from thebes.tui.terminal import Terminal

STORE_NAME = "lobby.sqlite3"
KEY_NAME = "host_ed25519_key"


class ServerInUse(ThebesError):
    """Another server keeps the folder (as a game open elsewhere: try again later)."""

    exit_code = EXIT_IN_USE


def server_folder() -> Path:
    """Where a server keeps everything unless --data says otherwise."""
    base = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(base) / "thebes" / "server"


def server_command(args: argparse.Namespace, handed: Terminal | None) -> int:
    """Run a server until a signal or Ctrl-C ends it."""
    from thebes.cli.host import _address
    from thebes.cli.web_options import web_door
    from thebes.hosting.accounts import KeyAccounts
    from thebes.hosting.guard import Limits
    from thebes.hosting.hostkey import fingerprint, host_key
    from thebes.hosting.memory import settle
    from thebes.hosting.server import Host
    from thebes.hosting.web import link
    from thebes.lobby.hall import Hall
    from thebes.lobby.store import Store
    from thebes.lobby.webhooks import Webhooks
    from thebes.safeio.saving import make_folder_for
    from thebes.tui.lobby import LobbyDoor
    from thebes.tui.terminal import terminal_for

    web = web_door(args)  # refused before anything is made
    folder = Path(args.data).expanduser() if args.data else server_folder()
    database = Path(args.database).expanduser() if args.database else folder / STORE_NAME
    make_folder_for(folder / KEY_NAME)
    make_folder_for(database)
    address = _address(args.listen)
    listening = {"port": args.port, "web": ""}  # where it really listens, once it does

    def join_command(table: int) -> str:
        return f"ssh -t -p {listening['port']} table-{table}@{address}"

    with terminal_for(handed, colour=False) as terminal, _only_server(folder, database):
        streams = Streams(terminal)
        store = Store(database)

        def undelivered(key: str, delivered: bool, reason: str) -> None:
            if not delivered:  # for whoever keeps the server: the player is not told
                streams.complain(
                    _("a webhook ({key}) was not delivered: {reason}").format(
                        key=key, reason=reason
                    )
                )

        webhooks = Webhooks(allow_local=args.allow_local_webhooks, on_outcome=undelivered)
        hall = Hall(
            folder,
            store,
            notifier=webhooks,
            join_command=join_command,
            local_webhooks=args.allow_local_webhooks,
            trouble=streams.complain,
            review=not args.no_review,
        )
        limits = Limits(per_seat=4, spectators=0, visitors=256, visitors_per_address=16)
        key = host_key(folder / KEY_NAME)
        hall.open()
        stop = threading.Event()
        clock = threading.Thread(target=hall.run_clock, args=(stop,), daemon=True)
        try:
            door, accounts = LobbyDoor(hall), KeyAccounts()
            if web is not None:
                door.web_link = lambda who: link(listening["web"], "lobby", accounts.web_code(who))
            with Host(
                door, accounts, key, listen=args.listen, port=args.port, limits=limits, web=web
            ) as host:
                settle()
                listening["port"] = host.port
                if web is not None:
                    listening["web"] = args.web_url or f"{web.scheme}://{address}:{host.web_port}"
                clock.start()
                _announce(args, streams, host.port, fingerprint(key), folder, listening["web"])
                idle = threading.Event()
                while not idle.wait(0.5):  # short waits: Ctrl-C and signals land between them
                    pass
        finally:
            stop.set()
            hall.close()
            webhooks.close()
            store.close()
    return EXIT_OK


def _announce(
    args: argparse.Namespace, streams: Streams, port: int, print_: str, folder: Path, web: str
) -> None:
    """Where the server listens, for its keeper (``--json``: one line of JSON alone); ``web``:
    where its page is (or nothing)."""
    from thebes.cli.host import ALL_ADDRESSES, _address

    if args.json:
        row: dict[str, object] = {"port": port, "fingerprint": print_, "data": str(folder)}
        if web:
            row["web"] = web
        print(json.dumps(row), file=streams.out, flush=True)
    else:
        lines = _welcome(port, _address(args.listen), print_, folder)
        if web:
            lines.insert(
                -1,
                _(
                    "and in a browser, at {url}, with the link the lobby's `web` command gives them"
                ).format(url=web),
            )
        for line in lines:
            print(line, file=streams.out, flush=True)
    if args.listen in (None, *ALL_ADDRESSES):
        streams.complain(
            _(
                "listening on every address of this machine, port {port}: anyone who can "
                "reach it may make an account ({option} for this machine alone)"
            ).format(port=port, option="--listen 127.0.0.1")
        )


@contextmanager
def _only_server(folder: Path, database: Path) -> Iterator[None]:
    """The store held by this server alone while it runs (its lock file beside it)."""
    from thebes.safeio.locking import GameInUse, hold_game

    held = ExitStack()
    try:
        held.enter_context(hold_game(database, printable(str(database))))
    except GameInUse:
        raise ServerInUse(
            _("another thebes server keeps {folder}: one server a folder").format(
                folder=printable(str(folder))
            )
        ) from None
    with held:
        yield


def _welcome(port: int, address: str, print_: str, folder: Path) -> list[str]:
    return [
        _("Thebes server on port {port}, keeping everything in {folder}.").format(
            port=port, folder=printable(str(folder))
        ),
        _("Players join with their SSH key: {command}").format(
            command=f"ssh -t -p {port} {address}"
        ),
        _("and go straight to a table with: {command}").format(
            command=f"ssh -t -p {port} table-N@{address}"
        ),
        _("ssh asks them to trust this host's key: its fingerprint is {fingerprint}").format(
            fingerprint=print_
        ),
        _("Ctrl-C stops the server; every table comes back when it starts again."),
    ]
