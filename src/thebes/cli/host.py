"""`thebes host`: a game on this machine that friends join from theirs with `ssh`.

The game (new, or ``--resume FILE``) is held and autosaved here, as `play` holds it; the
SSH server (:mod:`thebes.hosting.server`) runs in a thread while this terminal shows the
table, playing the seat ``--play`` names or watching with the host's commands. With
``--json`` nothing is drawn here: standard output gets one JSON object per invite and
nothing else, and the host runs until the game ends or a signal ends it.
"""

from __future__ import annotations

import argparse
import json
import socket
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, TextIO

from thebes.cli.stdio import need_keys
from thebes.cli.streams import Streams
from thebes.cli.web_options import web_door
from thebes.errors import EXIT_OK, EXIT_USAGE, ThebesError
from thebes.language import _
from thebes.safeio.text import printable

if TYPE_CHECKING:
    from thebes.hosting.invites import Invites
    from thebes.hosting.server import Host
    from thebes.hosting.web import WebDoor
    from thebes.records.session import Session
    from thebes.safeio.locking import GameLock
    from thebes.table.authority import Table
    from thebes.tui.door import TerminalDoor
    from thebes.tui.terminal import Terminal

ALL_ADDRESSES = ("", "0.0.0.0", "::")
LETTING_GO_SECONDS = 5.0  # how long the views may take to say goodbye as hosting ends


class HostSetupError(ThebesError):
    """Options that cannot host a game; the message says why."""

    exit_code = EXIT_USAGE


def hosted_table(session: Session, lock: GameLock | None, *, fast: bool) -> Table:
    """The shared table of ``session``: its bots play on the host, in a thread."""
    from thebes.table.authority import Table

    return Table(session, lock, shared=True, fast=fast)


def host_command(args: argparse.Namespace, handed: Terminal | None) -> int:
    """Host a game until it is over, or a signal or Ctrl-C ends it."""
    if not args.json:
        need_keys(handed)
    web = web_door(args)  # its options refused before any game is made
    from thebes.cli.play import plain
    from thebes.tui.terminal import terminal_for

    with (
        terminal_for(handed, colour=args.colour, plain=plain(args)) as terminal,
        _game(args, terminal) as game,
    ):
        session, lock = game
        table = hosted_table(session, lock, fast=args.fast)
        table.discard_if_empty = args.resume is None
        if args.no_review:
            from thebes.table.ending import leave_out_skill

            leave_out_skill(table)
        own = _own_seat(args.play, table.seat_names, table.person_seats())
        _serve(args, terminal, table, own, web)
    return EXIT_OK


def _serve(
    args: argparse.Namespace, terminal: Terminal, table: Table, own: int | None, web: WebDoor | None
) -> None:
    from thebes.hosting.hostkey import fingerprint, host_key
    from thebes.hosting.invites import Invites
    from thebes.hosting.memory import settle
    from thebes.hosting.server import Host
    from thebes.tui.door import TerminalDoor

    invited = [seat for seat in table.person_seats() if seat != own]
    invites = Invites(list(table.seat_names), invited)
    key = host_key()
    door = TerminalDoor(table)
    with Host(door, invites, key, listen=args.listen, port=args.port, web=web) as host:
        settle()
        # The bots play from the start, before the invites are out: whoever reads them (a
        # script, with --json) finds the host whole, every thread of its own running.
        stop = threading.Event()
        bots = threading.Thread(target=table.run_bots, args=(stop,), daemon=True)
        bots.start()
        try:
            _invite(args, terminal, door, host, fingerprint(key), web)
            if args.json:
                while not table.over.wait(0.5):  # short waits: signals land between them
                    pass
            else:
                door.attach(terminal, own, threading.Event(), host=True)
        finally:
            # At the game's end every terminal shows the final table before the connections
            # go; on a signal or an error each says why it ends.
            if table.session.is_over:
                table.wait_for_places(LETTING_GO_SECONDS)
            table.close()
            table.wait_for_places(LETTING_GO_SECONDS)
            stop.set()
            bots.join(5)


def _invite(
    args: argparse.Namespace,
    terminal: Terminal,
    door: TerminalDoor,
    host: Host[Invites],
    print_: str,
    web: WebDoor | None,
) -> None:
    """How friends join (``print_``: the host key's fingerprint), for the host: on its
    terminal (its `invites` shows them again), or as JSON (--json); and a warning when
    anyone on the network may try to."""
    streams = Streams(terminal)
    address = _address(args.listen)
    invites, port = host.admission, host.port
    lines = invite_lines(invites, port, print_, address)
    base = None
    if web is not None:
        base = args.web_url or f"{web.scheme}://{address}:{host.web_port}"
        lines += web_lines(invites, base)
    if args.json:
        write_json(streams.out, invites, port, print_, base)
    else:
        for line in lines:
            terminal.say(line)
        door.notes = lines  # the table hides them: the host's `invites` shows them
    if args.listen in (None, *ALL_ADDRESSES):
        streams.complain(
            _(
                "listening on every address of this machine, port {port}: anyone who can "
                "reach it may try to join; the codes keep them out ({option} for this "
                "machine alone)"
            ).format(port=port, option="--listen 127.0.0.1")
        )


def invite_lines(invites: Invites, port: int, print_: str, address: str) -> list[str]:
    """What the host passes on: per seat the command and code, the spectators' too, and the
    host key's fingerprint that `ssh` shows when it first meets this host."""
    lines = [_("Friends join from their terminals (each line to its player alone):")]
    for invite in invites.all():
        seat = invite.seat
        who = _("Spectators") if seat is None else printable(invites.seat_names[seat])
        command = f"ssh -p {port} {_user_argument(invite.user)}@{address}"
        # TRANSLATORS: an invite: who joins (a player's name, or "Spectators"), the ssh
        # command line they type, and the code they give as the password.
        line = _("{who}: {command}   code: {code}")
        lines.append("  " + line.format(who=who, command=command, code=invite.code))
    lines.append(
        _("ssh asks them to trust this host's key: its fingerprint is {fingerprint}").format(
            fingerprint=print_
        )
    )
    return lines


def web_lines(invites: Invites, base: str) -> list[str]:
    """The links that join in a browser, one per seat and the spectators' (the code in the
    link's fragment: the page reads it, and the server never sees it in a request)."""
    from thebes.hosting.web import link

    lines = [_("Or in a browser (each link to its player alone):")]
    for invite in invites.all():
        seat = invite.seat
        who = _("Spectators") if seat is None else printable(invites.seat_names[seat])
        lines.append(f"  {who}: {link(base, invite.user, invite.code)}")
    return lines


def write_json(
    out: TextIO, invites: Invites, port: int, print_: str, base: str | None = None
) -> None:
    """One JSON object per invite: seat (number from 1, null for spectators), user, code,
    port, fingerprint, and with --web the link that joins in a browser."""
    for invite in invites.all():
        seat = None if invite.seat is None else invite.seat + 1
        row = {"seat": seat, "user": invite.user, "code": invite.code, "port": port}
        row["fingerprint"] = print_
        if base is not None:
            from thebes.hosting.web import link

            row["web"] = link(base, invite.user, invite.code)
        print(json.dumps(row), file=out, flush=True)


def _user_argument(user: str) -> str:
    """The user name as typed in `ssh USER@HOST`: a name `ssh` or a shell would take
    apart is quoted (a seat number, seat1 ... seat4, always works too)."""
    if user.isalnum() and user.isascii():
        return user
    return "'" + user.replace("'", "'\\''") + "'"


def _address(listen: str | None) -> str:
    """The address to give friends: the one listened on, or this machine's name."""
    if listen in (None, *ALL_ADDRESSES):
        return socket.gethostname() or "HOST"
    assert listen is not None
    return f"[{listen}]" if ":" in listen else listen


def _own_seat(play: str | None, names: list[str], people: list[int]) -> int | None:
    """The seat ``--play`` names, played at this terminal (None: the host watches)."""
    if play is None:
        return None
    for seat in people:
        if names[seat].casefold() == play.strip().casefold():
            return seat
    choices = ", ".join(names[seat] for seat in people)
    raise HostSetupError(
        _("{option}: no person's seat of that name ({names})").format(
            option=f"--play {printable(play)}", names=choices
        )
    )


@contextmanager
def _game(args: argparse.Namespace, terminal: Terminal) -> Iterator[tuple[Session, GameLock]]:
    """The game hosted, held (locked) while it is: the saved one, or a new one."""
    from thebes.table.games import saved_game

    if args.resume is not None:
        given = (args.players, args.bot, args.save, args.expert_budget)
        if any(given) or args.seed is not None:
            raise HostSetupError(_("--resume hosts the saved game as it is: no other game options"))
        with saved_game(Path(args.resume)) as game:
            yield game
        return
    from thebes.rules import Variants
    from thebes.tui.launch import GameOptions, ask_seats, new_game, saved_where, setup_worded

    options = GameOptions(
        args.seed,
        Variants.from_names(args.variant),
        undo=not args.no_undo,
        hints=not args.no_hints,
        confirm=not args.no_confirm,
        expert_budget=args.expert_budget,
    )
    ask = ask_seats(terminal) if terminal.interactive and not args.json else None
    hosted = new_game(
        args.players,
        args.bot,
        options,
        args.save,
        args.force,
        ask=ask,
        name_suffix="-hosted",
        keep_empty=False,
    )
    with setup_worded(), hosted as game:
        said = saved_where(game[0])
        if args.json:  # standard output is the invites' alone
            print(said, file=terminal.errors)
        else:
            terminal.say(said)
        yield game
