"""Real connections to a real `thebes host`: the command in a process of its own (its invites
read from its `--json` lines), and asyncssh clients that read their screens as text (terminal
codes left out), wait for a text to appear, and type lines."""

from __future__ import annotations

import asyncio
import json
import os
import re
import subprocess
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import asyncssh

from thebes.catalog.loading import default_catalog
from thebes.records.session import Session

WAIT = 60.0  # seconds a client waits for a text: a liveness bound, never reached when well
ACTING = " — a number"  # the prompt of the terminal whose turn it is
WATCHING = (" to play. You may type", " to play (help")  # every other terminal's prompt
SCREEN = "Thebes"  # the title that begins every screen drawn (the prompt comes last)
FINAL = "Final scores"  # the final table, shown at every terminal at the end
_CODES = re.compile(r"\x1b(\[[0-9;?>=]*[ -/]*[@-~]|\][^\x07]*\x07|[@-_])")
_TAIL = 64  # an escape sequence this near a chunk's end may go on in the next chunk


@dataclass
class HostProcess:
    """`thebes host --json` running, its invites by user name, its game file."""

    process: subprocess.Popen[str]
    invites: dict[str, dict[str, Any]]
    game: Path

    @property
    def port(self) -> int:
        return int(next(iter(self.invites.values()))["port"])

    def code(self, user: str) -> str:
        return str(self.invites[user]["code"])

    def session(self) -> Session:
        """The game as the host's file holds it now (the digest checked as it loads)."""
        return Session.load(self.game, default_catalog())


@contextmanager
def thebes_host(
    tmp_path: Path, *options: str, invites: int = 3, traced: bool = True
) -> Iterator[HostProcess]:
    """`thebes host --json --fast` on 127.0.0.1 (any free port) with its HOME and data in
    ``tmp_path``, the game saved in ``tmp_path``/game.json; killed if still running after.
    Not ``traced``: coverage, when it measures the tests, does not follow it there (its
    tracer's own tables would be in what the process holds)."""
    env = {**os.environ, "HOME": str(tmp_path), "XDG_DATA_HOME": str(tmp_path / "data")}
    env.pop("NO_COLOR", None)
    if not traced:
        env.pop("COVERAGE_PROCESS_CONFIG", None)
        env.pop("COVERAGE_PROCESS_START", None)
    game = tmp_path / "game.json"
    # --no-review: the end shows at once (the skill is the final screen's test's to check).
    command = [sys.executable, "-m", "thebes", "host", "--json", "--fast", "--no-review",
               "--save", str(game), "--listen", "127.0.0.1", "--port", "0", *options]  # fmt: skip
    process = subprocess.Popen(
        command,
        stdin=subprocess.DEVNULL,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        env=env,
        text=True,
    )
    try:
        assert process.stdout is not None
        rows = [json.loads(process.stdout.readline()) for _ in range(invites)]
        yield HostProcess(process, {row["user"]: row for row in rows}, game)
    finally:
        if process.poll() is None:
            process.kill()
        process.communicate(timeout=WAIT)


class Client:
    """One player's (or spectator's) SSH client: what its screen showed, as text."""

    def __init__(self, conn: Any, process: Any) -> None:
        self.conn, self.process = conn, process
        self.text = ""  # everything shown so far, terminal codes left out
        self.mark = 0  # where in ``text`` the last line was typed
        self.closed = False
        self._raw = ""  # the end of what came, not yet stripped (a code may be cut there)

    @classmethod
    async def join(
        cls,
        host: HostProcess,
        user: str,
        code: str,
        size: tuple[int, int] = (80, 24),
        env: dict[str, str] | None = None,
    ) -> Client:
        conn = await asyncssh.connect(
            "127.0.0.1", host.port, username=user, password=code,
            known_hosts=None, client_keys=None, agent_path=None, preferred_auth="password",
        )  # fmt: skip
        process = await conn.create_process(
            term_type="xterm-256color", term_size=size, env=env or {}
        )
        return cls(conn, process)

    def since(self) -> str:
        """What was shown since the last line typed."""
        return self.text[self.mark :]

    def acting(self) -> bool:
        """Whether the screen drawn last since the last line typed ends in the prompt that
        acts. The prompt that line answered does not count: prompt_toolkit draws it once
        more as it ends, with the line on it, before the next screen is drawn; and the next
        screen, read only in part, may not show its own prompt yet."""
        since = self.since()
        drawn = since.rfind(SCREEN)  # where the last screen begins
        last = max(since.rfind(text) for text in WATCHING)
        return drawn >= 0 and since.rfind(ACTING) > max(drawn, last)

    async def more(self, timeout: float = WAIT) -> bool:
        """Read what comes next (False: the connection closed)."""
        if self.closed:
            return False
        chunk = await asyncio.wait_for(self.process.stdout.read(65536), timeout)
        if not chunk:
            self.closed = True
            self.text += _CODES.sub("", self._raw)
            self._raw = ""
            return False
        raw = self._raw + chunk
        cut = raw.rfind("\x1b", max(0, len(raw) - _TAIL))
        ready, self._raw = (raw, "") if cut < 0 else (raw[:cut], raw[cut:])
        self.text += _CODES.sub("", ready)
        return True

    async def until(self, text: str, timeout: float = WAIT) -> str:
        """Read until ``text`` shows after the last line typed, within ``timeout`` in all (a
        screen redrawn every second, such as the lobby's clock, never ends a wait of its
        own); what was shown since."""
        try:
            async with asyncio.timeout(timeout):
                while text not in self.since():
                    more = await self.more(timeout)
                    assert more, f"closed before {text!r}: {self.since()[-400:]!r}"
        except TimeoutError:
            raise AssertionError(f"{text!r} never shown: {self.since()[-400:]!r}") from None
        return self.since()

    async def until_closed(self, timeout: float = WAIT) -> str:
        while await self.more(timeout):
            pass
        return self.since()

    def type(self, line: str) -> None:
        self.mark = len(self.text)
        self.process.stdin.write(line + "\r")

    async def leave(self) -> None:
        self.conn.close()
        await self.conn.wait_closed()


async def play_first_legal(client: Client, host: HostProcess, seat: int) -> str:
    """Once ``client``'s acting prompt shows and the host's file says it is ``seat``'s
    turn: type the first legal action there; once the file holds it, the action typed."""
    while not client.acting() or host.session().active_seat != seat:
        assert await client.more(), f"closed before its turn: {client.since()[-400:]!r}"
    session = host.session()
    action = session.notation(session.legal_actions()[0])
    client.type(action)
    while len(host.session().steps) == len(session.steps):
        assert await client.more(), f"closed before its action: {client.since()[-400:]!r}"
    return action


async def play_until_turn_of(seat: int, host: HostProcess, clients: dict[int, Client]) -> None:
    """The seats of ``clients`` play their first legal actions (the bots theirs) until it
    is ``seat``'s turn."""
    watcher = next(iter(clients.values()))
    while (to_move := host.session().active_seat) != seat:
        if to_move in clients:
            await play_first_legal(clients[to_move], host, to_move)
        else:
            await watcher.more()  # a bot moves: every terminal is drawn again
