"""What a connection cannot do to the host: a flood of keys or a huge paste is cut and
blocks nobody, a client that vanishes mid-prompt is let go, a client that reads nothing is
disconnected; a resized window reaches the prompt; the host closes everything as it ends."""

from __future__ import annotations

import asyncio
import contextlib
import socket
import threading
from pathlib import Path
from typing import Any

import asyncssh
import pytest
from ssh_doubles import WAIT, EchoTable, connect, hosted, read_until, shell

from thebes.hosting.connection import ChannelWriter
from thebes.hosting.guard import Limits
from thebes.hosting.invites import Invites
from thebes.hosting.server import Host
from thebes.tui.terminal import Terminal


def test_a_huge_paste_is_cut_and_a_flood_blocks_no_one(tmp_path: Path) -> None:
    limits = Limits(pending_input=4096, input_rate=1000)

    async def flood_and_talk() -> str:
        async with (
            connect(host, "Ann", host.admission.codes[0]) as flooder,
            connect(host, "Bob", host.admission.codes[1]) as talker,
        ):
            ann, bob = await shell(flooder), await shell(talker)
            await read_until(ann, "colour=True")
            await read_until(bob, "colour=True")
            # 4 MB without a line end, far more than any pipe holds: nothing waits for it.
            for _ in range(64):
                ann.stdin.write("x" * 65536)
            bob.stdin.write("still here\r")
            seen = await read_until(bob, "echo 10 still here")
            await ann.stdin.drain()
            # The Enter that came with the flood's last packet was cut with it: the first
            # one that comes once the rate allows is typed.
            for _ in range(int(WAIT)):
                ann.stdin.write("\r")
                with contextlib.suppress(TimeoutError):
                    seen += await asyncio.wait_for(ann.stdout.readuntil("echo "), 1)
                    break
            return seen + await read_until(ann, " ")

    with hosted(tmp_path, limits) as (host, _):
        seen = asyncio.run(flood_and_talk())
        typed = int(seen.rsplit("echo ", 1)[1].split()[0])
        assert 0 < typed <= 4096 + 1000 * WAIT  # the pipe's room, and the rate after it


def test_a_client_that_vanishes_mid_prompt_is_let_go_and_the_host_goes_on(
    tmp_path: Path,
) -> None:
    async def vanish() -> None:
        conn = await connect(host, "Ann", host.admission.codes[0])
        process = await shell(conn)
        await read_until(process, "colour=True")
        process.stdin.write("half a li")
        conn.abort()  # the network goes: no goodbye

    with hosted(tmp_path) as (host, table):
        asyncio.run(vanish())
        assert table.wait_for(table.left, 1)
        assert table.wait_for(table.dropped, 1)
        assert table.dropped == [0]

        async def back() -> str:
            async with connect(host, "Ann", host.admission.codes[0]) as conn:
                process = await shell(conn)
                return await read_until(process, "colour=True")

        assert "hello Ann" in asyncio.run(back())


def test_a_new_window_size_wakes_the_waiting_prompt(tmp_path: Path) -> None:
    async def resize() -> str:
        async with connect(host, "Ann", host.admission.codes[0]) as conn:
            process = await shell(conn, (80, 24))
            await read_until(process, "colour=True")
            process.change_terminal_size(132, 43)
            return await read_until(process, "resized to 132x43")

    with hosted(tmp_path) as (host, table):
        asyncio.run(resize())
        assert table.sizes == [(132, 43)]


def test_the_host_ending_drops_every_connection_and_closes_its_port(tmp_path: Path) -> None:
    connected = threading.Event()
    release = threading.Event()
    lost: list[bool] = []

    def client(port_of: Any) -> None:
        async def stay() -> None:
            async with connect(port_of, "Ann", port_of.admission.codes[0]) as conn:
                process = await shell(conn)
                await read_until(process, "colour=True")
                connected.set()
                await asyncio.wait_for(process.wait_closed(), WAIT)
                lost.append(True)

        asyncio.run(stay())
        release.set()

    with pytest.raises(KeyboardInterrupt), hosted(tmp_path) as (host, table):
        threading.Thread(target=client, args=(host,), daemon=True).start()
        assert connected.wait(WAIT)
        raise KeyboardInterrupt  # as Ctrl-C, or a signal's Ended, unwinds the host
    assert table.wait_for(table.left, 1)
    assert release.wait(WAIT) and lost == [True]
    with pytest.raises(OSError), socket.create_connection(("127.0.0.1", host.port), 5):
        pass


class _Channel:
    """A channel whose client reads nothing: its write buffer only grows."""

    def __init__(self) -> None:
        self.buffered = 0

    def write(self, data: str) -> None:
        self.buffered += len(data)

    def get_write_buffer_size(self) -> int:
        return self.buffered


def test_a_client_that_reads_nothing_is_cut_off_not_buffered() -> None:
    loop = asyncio.new_event_loop()
    cut = threading.Event()
    channel = _Channel()
    writer = ChannelWriter(loop, channel, 10_000, cut.set)
    for _ in range(100):
        writer.write("0123456789" * 20 + "\n")
    loop.call_soon(loop.stop)
    loop.run_forever()
    loop.close()
    assert cut.is_set()
    assert channel.buffered <= 10_000 + 202  # one line past the limit, no more
    assert isinstance(asyncssh.Error, type)


class FarewellTable(EchoTable):
    """A table that, on `quit`, says a long last word (as a final screen is) and lets go."""

    LAST = "the last line of the farewell"

    def attach(self, terminal: Terminal, seat: int | None, gone: threading.Event) -> None:
        super().attach(terminal, seat, gone)
        for n in range(300):
            terminal.say(f"{n:03} " + "=" * 70)
        terminal.say(self.LAST)


def test_what_a_table_said_last_reaches_a_slow_client_before_the_host_closes(
    tmp_path: Path,
) -> None:
    # A client with a small window: the farewell (about 22 KB) waits in the host's channel
    # while the host closes; closed at once, the channel would drop what it had not sent.
    got: list[str] = []

    async def play(host: Host[Invites], table: FarewellTable) -> None:
        async with connect(host, "Ann", host.admission.codes[0]) as conn:
            process = await conn.create_process(
                term_type="xterm-256color", term_size=(80, 24), window=2048, max_pktsize=1024
            )
            await read_until(process, "colour=True")
            process.stdin.write("quit\r")
            assert await asyncio.to_thread(table.wait_for, table.left, 1)
            closing = asyncio.create_task(asyncio.to_thread(host.close))
            got.append(await asyncio.wait_for(process.stdout.read(), WAIT))
            await closing

    with hosted(tmp_path, table=FarewellTable()) as (host, table):
        assert isinstance(table, FarewellTable)
        asyncio.run(play(host, table))
    assert FarewellTable.LAST in got[0] and "299 ===" in got[0]
