"""The options of `thebes server` (out of :mod:`thebes.cli.arguments`, which holds the
other subcommands, so that each module stays short)."""

from __future__ import annotations

import argparse
from typing import Any

from thebes.cli import values
from thebes.cli.review_arguments import example
from thebes.cli.server import server_command
from thebes.cli.web_options import add_web
from thebes.language import _
from thebes.safeio.invocation import thebes_command


def add_server(commands: argparse._SubParsersAction[Any]) -> None:
    """thebes server: many tables, players known by their SSH keys, a ladder."""
    server = commands.add_parser(
        "server",
        help=_("run a Thebes server: many tables, games over days, a ladder"),
        description=_(
            "Run a Thebes server that players reach with {ssh}: their SSH key is their "
            "account; in the lobby they make, join and watch tables, live or played over "
            "days, and a ladder rates the games between people. Everything is kept in one "
            "folder and comes back when the server starts again. See {document}."
        ).format(ssh="'ssh -t -p PORT HOST'", document="docs/server.md"),
        epilog=example(f"{thebes_command()} server --listen 0.0.0.0 --port 8022"),
    )
    server.set_defaults(handler=server_command)
    server.add_argument(
        "--data",
        type=values.path_text,
        metavar="FOLDER",
        help=_(
            "the folder that keeps the server's store, games and host key (default {folder})"
        ).format(folder="~/.local/share/thebes/server"),
    )
    server.add_argument(
        "--database",
        type=values.path_text,
        metavar="FILE",
        help=_("the SQLite file of players, tables and ratings (default: in the data folder)"),
    )
    add_listening(server)
    server.add_argument(
        "--allow-local-webhooks",
        action="store_true",
        help=_(
            "let players' webhooks reach this machine and private networks (refused by "
            "default: a server open to the internet must not be made to call inside)"
        ),
    )
    server.add_argument(
        "--no-review",
        action="store_true",
        help=_("end the game without weighing each player's choices (luck is still shown)"),
    )
    server.add_argument(
        "--json",
        action="store_true",
        help=_("print where it listens as one JSON object ({keys}) and nothing else").format(
            keys="port, fingerprint, data, web"
        ),
    )
    add_web(server)


def add_listening(command: argparse.ArgumentParser) -> None:
    """Where a door from the network listens: ``--port`` and ``--listen`` (host, server)."""
    command.add_argument(
        "--port",
        type=values.port,
        default=8022,
        help=_("the port to listen on (default {port})").format(port=8022),
    )
    command.add_argument(
        "--listen",
        metavar="ADDRESS",
        help=_(
            "listen on this address of this machine only, e.g. 127.0.0.1 or a LAN address "
            "(default: every address)"
        ),
    )
