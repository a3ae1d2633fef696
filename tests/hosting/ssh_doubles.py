"""What the SSH server's tests run against: a table double (it prompts and echoes), a
server on an ephemeral port of 127.0.0.1, and asyncssh clients."""

from __future__ import annotations

import asyncio
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import asyncssh
from prompt_toolkit import PromptSession

from thebes.hosting.guard import Limits
from thebes.hosting.hostkey import host_key
from thebes.hosting.invites import Invites
from thebes.hosting.server import Host
from thebes.hosting.web import WebDoor
from thebes.tui.terminal import Terminal

NAMES = ["Ann", "Bob", "Cleo"]  # Cleo: a bot, not invited
RESIZED = "\x00resized"
WAIT = 20.0  # seconds any one step may take before the test fails (never reached when well)


class EchoTable:
    """A table double: says who is at the terminal, then echoes each line typed until
    `quit`, the end of input or `gone`."""

    seat_names = NAMES

    def __init__(self) -> None:
        self.over = threading.Event()
        self.closed = False  # the host never ends this table itself
        self.attached: list[int | None] = []
        self.left: list[int | None] = []
        self.dropped: list[int] = []
        self.sizes: list[tuple[int, int]] = []
        self.changed = threading.Condition()

    def person_seats(self) -> list[int]:
        return [0, 1]

    def attach(self, terminal: Terminal, seat: int | None, gone: threading.Event) -> None:
        self._note(self.attached, seat)
        who = "spectator" if seat is None else NAMES[seat]
        drawn = width, height = terminal.size()
        terminal.say(
            f"hello {who} at {width}x{height} colour={terminal.colour} plain={terminal.plain}"
        )

        def resized(_: object) -> None:  # as the real table's check: leave on a new size
            if terminal.size() != drawn and not session.app.is_done:
                session.app.exit(result=RESIZED)

        with terminal.prompting():
            session: PromptSession[str] = PromptSession()
            session.app.before_render += resized
            while not gone.is_set():
                try:
                    line = session.prompt("> ")
                except (EOFError, KeyboardInterrupt):
                    break
                if line == "quit":
                    break
                if line == RESIZED:
                    drawn = terminal.size()
                    self._note(self.sizes, drawn)
                    terminal.say(f"resized to {drawn[0]}x{drawn[1]}")
                    continue
                terminal.say(f"echo {len(line)} {line[:20]}")
        self._note(self.left, seat)

    def run_bots(self, stop: threading.Event) -> None:
        stop.wait()

    def disconnected(self, seat: int) -> None:
        self._note(self.dropped, seat)

    def _note(self, into: list[Any], what: Any) -> None:
        with self.changed:
            into.append(what)
            self.changed.notify_all()

    def wait_for(self, into: list[Any], count: int) -> bool:
        with self.changed:
            return self.changed.wait_for(lambda: len(into) >= count, WAIT)


@contextmanager
def hosted(
    tmp_path: Path,
    limits: Limits | None = None,
    table: EchoTable | None = None,
    *,
    web: bool = False,
    proxies: frozenset[str] = frozenset(),
) -> Iterator[tuple[Host[Invites], EchoTable]]:
    """A host of the double table on 127.0.0.1, any free port (``web``: its web door too,
    on another, trusting the reverse ``proxies``)."""
    table = table or EchoTable()
    invites = Invites(NAMES, table.person_seats())
    key = host_key(tmp_path / "host_key")
    door = WebDoor(0, "127.0.0.1", proxies=proxies) if web else None
    with Host(table, invites, key, listen="127.0.0.1", port=0, limits=limits, web=door) as host:
        yield host, table


def connect(host: Host[Invites], user: str, password: str | None = None, **options: Any) -> Any:
    """An asyncssh client connection to ``host`` (a coroutine), offering no key unless
    ``client_keys`` is given."""
    options.setdefault("client_keys", None)
    return asyncssh.connect(
        "127.0.0.1",
        host.port,
        username=user,
        password=password,
        known_hosts=None,
        agent_path=None,
        preferred_auth="publickey,password" if options["client_keys"] else "password",
        **options,
    )


async def shell(conn: Any, size: tuple[int, int] = (80, 24)) -> Any:
    """A shell session with a terminal of ``size``."""
    return await conn.create_process(term_type="xterm-256color", term_size=size)


async def read_until(process: Any, text: str) -> str:
    """What the session shows, up to and with ``text``."""
    return str(await asyncio.wait_for(process.stdout.readuntil(text), WAIT))


def until(condition: Callable[[], bool]) -> bool:
    """Whether ``condition`` comes true within WAIT seconds (what the server's thread does
    shows only in its state: it is looked at every few milliseconds)."""
    end = time.monotonic() + WAIT
    while not condition():
        if time.monotonic() > end:
            return False
        time.sleep(0.005)
    return True
