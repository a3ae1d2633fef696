"""A joined connection gets its table and nothing else: no command, no sftp, no forwarding,
no second session, no session without a terminal; and the connections are counted."""

from __future__ import annotations

import asyncio
import socket
from pathlib import Path
from typing import Any

import asyncssh
import pytest
from ssh_doubles import WAIT, connect, hosted, read_until, shell, until

from thebes.hosting.guard import Limits
from thebes.hosting.invites import Invites
from thebes.hosting.server import Host


def as_ann(host: Host[Invites], work: Any) -> Any:
    async def run() -> Any:
        async with connect(host, "Ann", host.admission.codes[0]) as conn:
            return await work(conn)

    return asyncio.run(run())


def test_commands_sftp_and_forwarding_are_refused(tmp_path: Path) -> None:
    async def command(conn: Any) -> None:
        await conn.create_process("cat /etc/passwd", term_type="xterm")

    async def sftp(conn: Any) -> None:
        await conn.start_sftp_client()

    async def to_a_port(conn: Any) -> None:
        await conn.open_connection("127.0.0.1", 22)

    async def from_a_port(conn: Any) -> None:
        await conn.forward_remote_port("127.0.0.1", 0, "127.0.0.1", 22)

    with hosted(tmp_path) as (host, table):
        for work in (command, sftp, to_a_port, from_a_port):
            with pytest.raises(
                (asyncssh.ChannelOpenError, asyncssh.ChannelListenError, asyncssh.Error)
            ):
                as_ann(host, work)
        assert table.attached == []


def test_a_session_without_a_terminal_is_told_to_ask_for_one(tmp_path: Path) -> None:
    async def plain(conn: Any) -> tuple[str, int | None]:
        process = await conn.create_process()  # no pty, as `ssh -T`
        said = await asyncio.wait_for(process.stdout.read(), 20)
        await process.wait_closed()
        return str(said), process.exit_status

    with hosted(tmp_path) as (host, table):
        said, status = as_ann(host, plain)
        assert "needs a terminal" in said
        assert status == 1
        assert table.attached == []


def test_one_connection_opens_one_session(tmp_path: Path) -> None:
    async def twice(conn: Any) -> None:
        first = await shell(conn)
        await read_until(first, "colour=True")
        with pytest.raises(asyncssh.ChannelOpenError):
            await shell(conn)
        first.stdin.write("quit\r")
        await first.wait_closed()

    with hosted(tmp_path) as (host, table):
        as_ann(host, twice)
        assert table.attached == [0]


def test_strangers_beyond_an_address_share_are_dropped_before_they_log_in(
    tmp_path: Path,
) -> None:
    async def ann(local: str) -> bool:
        try:
            async with connect(host, "Ann", host.admission.codes[0], local_addr=(local, 0)):
                return True
        except (asyncssh.Error, OSError):
            return False

    with hosted(tmp_path, Limits(per_address=2)) as (host, _):
        silent = [socket.create_connection(("127.0.0.1", host.port), WAIT) for _ in range(2)]
        assert until(lambda: len(host.guard.strangers) == 2)
        assert not asyncio.run(ann("127.0.0.1"))  # the address's share is taken
        assert asyncio.run(ann("127.0.0.2"))  # another address is not held up
        for sock in silent:
            sock.close()
        assert until(lambda: not host.guard.strangers)
        assert asyncio.run(ann("127.0.0.1"))  # the ones that left are free
