"""A real `thebes server` in a process of its own (where it listens read from its `--json`
line), and players who come to it over SSH with keys of their own."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import asyncssh
from ssh_player import WAIT, Client


@dataclass
class ServerProcess:
    process: subprocess.Popen[str]
    port: int
    data: Path

    def kill(self) -> None:
        """``kill -9``: no goodbye, no closing of anything."""
        self.process.send_signal(signal.SIGKILL)
        self.process.wait(WAIT)


@contextmanager
def thebes_server(data: Path, *options: str) -> Iterator[ServerProcess]:
    """`thebes server --json` on 127.0.0.1 (any free port) keeping everything in ``data``;
    killed if still running after."""
    env = {**os.environ, "HOME": str(data.parent), "XDG_DATA_HOME": str(data.parent / "xdg")}
    env.pop("NO_COLOR", None)
    command = [sys.executable, "-m", "thebes", "server", "--json", "--data", str(data),
               "--listen", "127.0.0.1", "--port", "0", *options]  # fmt: skip
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
        line = process.stdout.readline()
        assert line, process.stderr.read() if process.stderr else "no output"
        row = json.loads(line)
        yield ServerProcess(process, int(row["port"]), data)
    finally:
        if process.poll() is None:
            process.send_signal(signal.SIGTERM)
            try:
                process.communicate(timeout=WAIT)
            except subprocess.TimeoutExpired:
                process.kill()
                process.communicate(timeout=WAIT)


def new_key() -> asyncssh.SSHKey:
    return asyncssh.generate_private_key("ssh-ed25519")


async def visit(
    server: ServerProcess,
    key: asyncssh.SSHKey | None,
    room: str = "lobby",
    size: tuple[int, int] = (80, 24),
    env: dict[str, str] | None = None,
) -> Client:
    """A player's SSH client at ``server`` with ``key``, asking for ``room``."""
    options: dict[str, Any] = {"client_keys": [key] if key is not None else None}
    conn = await asyncssh.connect(
        "127.0.0.1", server.port, username=room, known_hosts=None, agent_path=None,
        **options,
    )  # fmt: skip
    process = await conn.create_process(term_type="xterm-256color", term_size=size, env=env or {})
    return Client(conn, process)
