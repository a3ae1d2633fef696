"""What a connection makes the host keep is bounded and freed when it leaves: a spectator's
floods of environment requests, window changes and keys, and joins and quits over and over,
leave the host's memory where it was (its RSS, read from /proc, within 10 MB) and no
session object behind."""

from __future__ import annotations

import asyncio
import gc
from pathlib import Path
from typing import Any

import pytest
from ssh_doubles import WAIT, connect, hosted, read_until, until
from ssh_player import Client, HostProcess, thebes_host

from thebes.hosting.connection import Connection
from thebes.hosting.server import Login

OPTIONS = ("--players", "Ann,Bob", "--bot", "Cleo=greedy", "--seed", "3")
ENVIRONMENT = {f"FLOOD{n}": "x" * 16_000 for n in range(1_000)}  # 16 MB of env requests
MB = 1 << 20


def rss(pid: int) -> int:
    """The resident memory of process ``pid``, in bytes."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) * 1024
    raise AssertionError("no VmRSS")  # pragma: no cover


async def flood(process: Any) -> None:
    """Window changes and a flood of keys, as fast as the client sends them."""
    for n in range(2_000):
        process.change_terminal_size(80 + n % 50, 24 + n % 20)
    for _ in range(16):
        process.stdin.write("say " + "y" * 65_000 + "\r")
    await process.stdin.drain()


@pytest.mark.skipif(not Path("/proc/self/status").exists(), reason="reads /proc")
def test_floods_and_many_joins_leave_the_host_s_memory_as_it_was(tmp_path: Path) -> None:
    async def spectate(host: HostProcess, flooding: bool) -> None:
        conn = await connect_to(host)
        env = ENVIRONMENT if flooding else None
        process = await conn.create_process(term_type="xterm-256color", env=env)
        client = Client(conn, process)
        await client.until(" to play")
        if flooding:
            await flood(process)
        await client.leave()

    with thebes_host(tmp_path, *OPTIONS) as host:
        asyncio.run(spectate(host, False))  # the first join's imports and caches
        before = rss(host.process.pid)
        asyncio.run(spectate(host, True))
        for _ in range(5):
            asyncio.run(spectate(host, False))
        after = rss(host.process.pid)
        assert host.process.poll() is None
    print(f"host RSS {before / MB:.1f} MB before, {after / MB:.1f} MB after")
    assert after - before < 10 * MB


async def connect_to(host: HostProcess) -> Any:
    import asyncssh

    return await asyncssh.connect(
        "127.0.0.1", host.port, username="spectator", password=host.code("spectator"),
        known_hosts=None, client_keys=None, agent_path=None, preferred_auth="password",
    )  # fmt: skip


def test_a_session_keeps_a_bounded_environment_and_nothing_after_it_leaves(
    tmp_path: Path,
) -> None:
    kept: list[int] = []

    async def spectate(flooding: bool) -> None:
        user, code = host.admission.spectator_user, host.admission.spectator_code
        async with connect(host, user, code) as conn:
            env = {**ENVIRONMENT, "COLORTERM": "truecolor" * 100} if flooding else None
            process = await conn.create_process(term_type="xterm-256color", env=env)
            await read_until(process, "colour=")
            if flooding:
                (session,) = host.seating.sessions
                assert isinstance(session, Connection)
                environment = session._chan.get_environment_bytes()  # type: ignore[union-attr]
                kept.append(sum(len(k) + len(v) for k, v in environment.items()))
                await flood(process)
                return  # leaves by closing: its quit would be cut with the flood
            process.stdin.write("quit\r")
            await asyncio.wait_for(process.wait_closed(), WAIT)

    with hosted(tmp_path) as (host, table):
        asyncio.run(spectate(True))
        for _ in range(5):
            asyncio.run(spectate(False))
        assert until(lambda: len(table.left) == 6 and not host.seating.sessions)
        assert until(lambda: not host.logins and host.guard.taken() == 0)
        gc.collect()
        alive = [o for o in gc.get_objects() if isinstance(o, Connection | Login)]
        assert alive == []
    assert kept and kept[0] <= host.guard.limits.environment_value + len("COLORTERM")
