"""The web door's connections before they are websockets are few and short-lived: a flood
of idle connections, or of requests sent a byte at a time, holds a bounded number of the
host's descriptors for a few seconds, and never a joined page's place."""

from __future__ import annotations

import asyncio
import gc
import json
from pathlib import Path
from typing import Any

import aiohttp
from aiohttp import web
from ssh_doubles import WAIT, hosted, until
from test_web_door import Page, page

from thebes.hosting.guard import Limits
from thebes.hosting.web import GATE_KEY
from thebes.hosting.web_connection import MESSAGE_RATE, MESSAGES, REFUSED, Pace
from thebes.hosting.web_gate import WAITING_PER_ADDRESS, Gate


def waiting(host: Any) -> int:
    """The connections the gate counts."""
    return len(host._web_runner.app[GATE_KEY].waiting)


def connections(host: Any) -> int:
    """The connections aiohttp still has (until their requests' ends)."""
    return len(host._web_runner.server.connections)


async def closed(reader: asyncio.StreamReader) -> bool:
    """Whether the door closes this connection (within WAIT seconds)."""
    try:
        return await asyncio.wait_for(reader.read(), WAIT) == b""
    except ConnectionError:
        return True


def test_a_flood_of_idle_connections_holds_a_few_places_from_one_address(
    tmp_path: Path,
) -> None:
    async def flood(host: Any) -> None:
        opened = [
            await asyncio.open_connection("127.0.0.1", host.web_port)
            for _ in range(WAITING_PER_ADDRESS + 5)
        ]
        for reader, _writer in opened[:5]:  # the oldest five let go of their places
            assert await closed(reader)
        assert until(lambda: waiting(host) == WAITING_PER_ADDRESS)
        for _reader, writer in opened:
            writer.close()

    with hosted(tmp_path, web=True) as (host, _):
        asyncio.run(flood(host))
        assert until(lambda: waiting(host) == 0)


def test_a_connection_that_asks_for_nothing_is_closed_after_the_grace_time_a_page_stays(
    tmp_path: Path,
) -> None:
    async def visit(host: Any) -> None:
        async with page(host, "Ann", host.admission.codes[0]) as ann:
            await ann.until("hello Ann")
            reader, writer = await asyncio.open_connection("127.0.0.1", host.web_port)
            writer.write(b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ")  # never ended
            assert await closed(reader)
            writer.close()
            await ann.socket.send_str(json.dumps(["k", "still here\r"]))  # past the grace
            await ann.until("echo 10 still here")

    with hosted(tmp_path, Limits(login_timeout=0.2), web=True) as (host, _):
        asyncio.run(visit(host))


class FakeTransport(asyncio.WriteTransport):
    def __init__(self, address: str) -> None:
        super().__init__()
        self.address, self.aborted = address, False

    def get_extra_info(self, name: str, default: Any = None) -> Any:
        return (self.address, 1) if name == "peername" else default

    def abort(self) -> None:
        self.aborted = True


def test_a_trusted_proxy_is_bound_only_by_the_total() -> None:
    gate = Gate(lambda peer: peer == "10.0.0.1", most=40, per_address=4)
    proxied = [FakeTransport("10.0.0.1") for _ in range(30)]
    other = [FakeTransport("10.0.0.2") for _ in range(6)]
    for transport in proxied + other:
        gate.arrive(transport)
    assert not any(t.aborted for t in proxied)  # the proxy's connections, past 4
    assert [t.aborted for t in other] == [True, True, False, False, False, False]


def test_a_guess_waiting_for_its_answer_ends_when_its_place_is_taken(tmp_path: Path) -> None:
    """A wrong code's wait held its socket's whole request to the end of it, after the
    socket had lost its place: a flood of guesses kept thousands alive at once."""
    limits = Limits(strangers=2, first_delay=60, most_delay=60)

    async def visit(host: Any) -> None:
        url = f"http://127.0.0.1:{host.web_port}/socket"
        async with aiohttp.ClientSession() as client, client.ws_connect(url) as guessing:
            await guessing.send_str(json.dumps({"user": "Ann", "code": "baba-baba"}))
            assert await until_async(lambda: "127.0.0.1" in host.guard._failures)
            async with client.ws_connect(url), client.ws_connect(url):
                assert await Page(guessing).closed() == REFUSED  # its place is taken
        assert await until_async(lambda: not connections(host))

    with hosted(tmp_path, limits, web=True) as (host, _):
        asyncio.run(visit(host))
        assert host.guard.taken() == 0


async def until_async(condition: Any) -> bool:
    """Whether ``condition`` comes true within WAIT seconds, looked at between awaits."""
    end = asyncio.get_running_loop().time() + WAIT
    while not condition():
        if asyncio.get_running_loop().time() > end:
            return False
        await asyncio.sleep(0.01)
    return True


def test_a_closed_socket_is_let_go_at_once(tmp_path: Path) -> None:
    """aiohttp armed a closed socket's heartbeat again when the close was answered, and the
    timer then held the socket, its request and buffers, for the heartbeat's 30 seconds: a
    flood of sockets refused kept thousands alive, and the host's memory never came back."""

    async def visit(host: Any) -> None:
        url = f"http://127.0.0.1:{host.web_port}/socket"
        async with aiohttp.ClientSession() as client:
            for _ in range(5):
                async with client.ws_connect(url) as ws:
                    await ws.send_str("no JSON")
                    assert (await ws.receive()).type == aiohttp.WSMsgType.CLOSE

    def sockets() -> int:
        gc.collect()
        return sum(isinstance(o, web.WebSocketResponse) for o in gc.get_objects())

    with hosted(tmp_path, web=True) as (host, _):
        asyncio.run(visit(host))
        assert until(lambda: not connections(host))
        assert until(lambda: sockets() == 0)


def test_a_pages_messages_are_paced_past_a_burst() -> None:
    pace = Pace(now=0.0)
    assert [pace.delay(0.0) for _ in range(MESSAGES)] == [0.0] * MESSAGES  # a burst: at once
    waits = [pace.delay(0.0) for _ in range(3)]
    assert waits == sorted(waits) and 0 < waits[0] <= 1 / MESSAGE_RATE  # then waiting longer
    assert pace.delay(10.0) == 0.0  # the burst is back after a pause
