"""What a connection makes the host keep is bounded and freed when it leaves.

A `thebes host` with its web door is flooded over SSH (16 MB of environment requests, 2,000
window changes, a megabyte of keys) and at the web door (180 new sizes, a megabyte of keys,
a message past the bound), then joined and left 40 times at each door, every other
time by `quit` with keys typed after it: its memory (its RSS, read from /proc once its
threads are back to those it had before anyone came, so every connection has been let go)
comes back within 10 MB of what it was before anyone joined, and grows no more from the
10th join to the 40th. In process, a session keeps a bounded environment and nothing of it
is left once it leaves."""

from __future__ import annotations

import asyncio
import gc
import json
import threading
from pathlib import Path
from typing import Any

import aiohttp
import pytest
from ssh_doubles import WAIT, connect, hosted, read_until, until
from ssh_player import Client, HostProcess, thebes_host

from thebes.hosting.connection import Connection
from thebes.hosting.server import Login
from thebes.hosting.web_connection import MESSAGES

OPTIONS = ("--players", "Ann,Bob", "--bot", "Cleo=greedy", "--seed", "3", "--web", "0")
ENVIRONMENT = {f"FLOOD{n}": "x" * 16_000 for n in range(1_000)}  # 16 MB of env requests
WATCHING = " to play"  # a spectator's prompt
LEAVING = "Leave the table?"  # what `quit` asks
AHEAD = "x" * 1_000  # keys typed after the last answer, never read by any prompt
MB = 1 << 20
BOUND = 10 * MB  # over what the host held before anyone joined, after anything
PER_JOIN = 2 * MB  # growth from the 10th join to the 40th at each door: 35 KB a join of 60


def status(pid: int, field: str) -> int:
    """A number of /proc/``pid``/status (``VmRSS`` in kB, ``Threads``)."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith(field + ":"):
            return int(line.split()[1])
    raise AssertionError(f"no {field}")  # pragma: no cover


def settled(host: HostProcess, threads: int) -> int:
    """The host's RSS in bytes, once its threads are back to ``threads``: the table of each
    connection has let go (and what it made been collected, as it ends)."""
    pid = host.process.pid
    assert until(lambda: status(pid, "Threads") == threads), "a connection was never let go"
    return status(pid, "VmRSS") * 1024


async def flood(process: Any) -> None:
    """Window changes and a flood of keys, as fast as the client sends them."""
    for n in range(2_000):
        process.change_terminal_size(80 + n % 50, 24 + n % 20)
    for _ in range(16):
        process.stdin.write("say " + "y" * 65_000 + "\r")
    await process.stdin.drain()


async def over_ssh(host: HostProcess, join: int, *, flooding: bool = False) -> None:
    """A spectator over SSH: floods and leaves, or leaves by closing or (odd ``join``) by
    `quit`, typing on after its answer."""
    import asyncssh

    conn = await asyncssh.connect(
        "127.0.0.1", host.port, username="spectator", password=host.code("spectator"),
        known_hosts=None, client_keys=None, agent_path=None, preferred_auth="password",
    )  # fmt: skip
    env = ENVIRONMENT if flooding else None
    process = await conn.create_process(term_type="xterm-256color", env=env)
    client = Client(conn, process)
    await client.until(WATCHING)
    if flooding:
        await flood(process)
    elif join % 2:
        client.type("quit")
        await client.until(LEAVING)
        client.type("y\r" + AHEAD)
        await client.until_closed()
    await client.leave()


async def at_the_web(host: HostProcess, join: int, *, flooding: bool = False) -> None:
    """A spectator at the web door, as :func:`over_ssh` (a flood ends with a message past
    the door's bound, which closes the socket)."""
    base = str(host.invites["spectator"]["web"]).split("/#", 1)[0]
    first = {"user": "spectator", "code": host.code("spectator"), "cols": 100, "rows": 30}
    async with (
        aiohttp.ClientSession() as browser,
        browser.ws_connect(base.replace("http", "ws", 1) + "/socket") as socket,
    ):
        await socket.send_str(json.dumps(first))
        shown = ""

        async def until(text: str) -> None:
            nonlocal shown
            while text not in shown:
                message = await asyncio.wait_for(socket.receive(), WAIT)
                assert message.type in (aiohttp.WSMsgType.BINARY, aiohttp.WSMsgType.TEXT)
                if message.type == aiohttp.WSMsgType.BINARY:
                    shown += message.data.decode()

        await until(WATCHING)
        if flooding:
            for n in range(MESSAGES - 20):  # read at once: past them, a page is paced
                await socket.send_str(json.dumps(["r", 80 + n % 50, 24 + n % 20]))
            for _ in range(16):
                await socket.send_str(json.dumps(["k", "say " + "y" * 60_000 + "\r"]))
            await socket.send_str(json.dumps(["k", "y" * 100_000]))  # past the bound
        elif join % 2:
            shown = ""
            await socket.send_str(json.dumps(["k", "quit\r"]))
            await until(LEAVING)
            await socket.send_str(json.dumps(["k", "y\r" + AHEAD]))
        if flooding or join % 2:
            while (await asyncio.wait_for(socket.receive(), WAIT)).type not in (
                aiohttp.WSMsgType.CLOSE,
                aiohttp.WSMsgType.CLOSED,
            ):
                pass


@pytest.mark.no_cover  # 80 joins and two floods: a few seconds untraced
@pytest.mark.skipif(not Path("/proc/self/status").exists(), reason="reads /proc")
def test_floods_and_many_joins_at_both_doors_leave_the_host_s_memory_as_it_was(
    tmp_path: Path,
) -> None:
    def joins(first: int, last: int) -> None:
        for join in range(first, last):
            asyncio.run(over_ssh(host, join))
            asyncio.run(at_the_web(host, join))

    with thebes_host(tmp_path, *OPTIONS, traced=False) as host:
        threads = status(host.process.pid, "Threads")
        start = settled(host, threads)
        asyncio.run(over_ssh(host, 0, flooding=True))
        asyncio.run(at_the_web(host, 0, flooding=True))
        joins(0, 10)
        ten = settled(host, threads)
        joins(10, 40)
        forty = settled(host, threads)
        assert host.process.poll() is None
    print(f"host RSS {start / MB:.1f} MB at the start, {ten / MB:.1f} MB after the floods and")
    print(f"10 joins at each door, {forty / MB:.1f} MB after 40")
    assert ten - start < BOUND and forty - start < BOUND
    assert forty - ten < PER_JOIN


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

    def attached() -> bool:
        return any(thread.name.startswith("thebes-seat") for thread in threading.enumerate())

    with hosted(tmp_path) as (host, table):
        asyncio.run(spectate(True))
        for _ in range(5):
            asyncio.run(spectate(False))
        assert until(lambda: len(table.left) == 6 and not host.seating.sessions)
        assert until(lambda: not host.logins and host.guard.taken() == 0 and not attached())
        gc.collect()
        alive = [o for o in gc.get_objects() if isinstance(o, Connection | Login)]
        assert alive == []
    assert kept and kept[0] <= host.guard.limits.environment_value + len("COLORTERM")
