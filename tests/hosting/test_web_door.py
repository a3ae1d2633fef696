"""The web door of a hosted game, in process: a browser's websocket (aiohttp's client
here) proves its seat with the seat's code and becomes a terminal at the table, as an SSH
session does; wrong codes are throttled by the same guard, another site's page is refused,
and floods, huge messages and idle pages are bounded."""

from __future__ import annotations

import asyncio
import json
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import aiohttp
import pytest
from ssh_doubles import WAIT, connect, hosted, read_until, shell, until

from thebes.hosting.guard import Limits
from thebes.hosting.web import link
from thebes.hosting.web_connection import CUT_OFF, REFUSED, TAKEN_OVER


class Page:
    """A browser's socket at the door: what the table showed it, as text."""

    def __init__(self, socket: aiohttp.ClientWebSocketResponse) -> None:
        self.socket = socket
        self.text = ""
        self.said: list[dict[str, Any]] = []

    async def until(self, text: str) -> str:
        while text not in self.text:
            message = await asyncio.wait_for(self.socket.receive(), WAIT)
            if message.type == aiohttp.WSMsgType.BINARY:
                self.text += message.data.decode()
            elif message.type == aiohttp.WSMsgType.TEXT:
                self.said.append(json.loads(message.data))
            else:
                raise AssertionError(f"closed before {text!r}: {self.text[-300:]!r}")
        return self.text

    async def closed(self) -> int:
        """Read until the socket closes; its close code."""
        while True:
            message = await asyncio.wait_for(self.socket.receive(), WAIT)
            if message.type == aiohttp.WSMsgType.TEXT:
                self.said.append(json.loads(message.data))
            elif message.type == aiohttp.WSMsgType.BINARY:
                self.text += message.data.decode()
            elif message.type == aiohttp.WSMsgType.CLOSE:
                return int(message.data)  # the code the door closed with
            else:
                return int(self.socket.close_code or 0)

    async def type(self, keys: str) -> None:
        await self.socket.send_str(json.dumps(["k", keys]))


@asynccontextmanager
async def page(
    host: Any,
    user: str,
    code: str,
    size: tuple[int, int] = (100, 30),
    plain: bool = False,
    headers: dict[str, str] | None = None,
) -> AsyncIterator[Page]:
    async with (
        aiohttp.ClientSession() as client,
        client.ws_connect(f"http://127.0.0.1:{host.web_port}/socket", headers=headers) as ws,
    ):
        first = {"user": user, "code": code, "cols": size[0], "rows": size[1], "lang": "en-GB"}
        if plain:
            first["plain"] = True
        await ws.send_str(json.dumps(first))
        yield Page(ws)


def test_the_page_and_its_files_are_served_and_nothing_else(tmp_path: Path) -> None:
    async def fetch(host: Any, path: str) -> tuple[int, str, dict[str, str]]:
        async with (
            aiohttp.ClientSession() as client,
            client.get(f"http://127.0.0.1:{host.web_port}{path}") as response,
        ):
            return response.status, await response.text(), dict(response.headers)

    with hosted(tmp_path, web=True) as (host, _):
        status, body, headers = asyncio.run(fetch(host, "/"))
        assert status == 200 and "xterm.js" in body
        assert "frame-ancestors 'none'" in headers["Content-Security-Policy"]
        assert headers["Referrer-Policy"] == "no-referrer"
        assert asyncio.run(fetch(host, "/xterm.js"))[0] == 200
        assert "MIT" in asyncio.run(fetch(host, "/LICENSE.xterm"))[1]
        for path in ("/../pyproject.toml", "/%2e%2e/hostkey.py", "/web.py", "/xterm/xterm.js"):
            assert asyncio.run(fetch(host, path))[0] == 404, path


def test_a_seat_joins_with_its_code_types_and_resizes(tmp_path: Path) -> None:
    async def visit(host: Any) -> None:
        async with page(host, "Ann", host.admission.codes[0]) as ann:
            await ann.until("hello Ann at 100x30 colour=True plain=False")
            assert ann.said == [{"joined": "Ann"}]
            await ann.type("hi there\r")
            await ann.until("echo 8 hi there")
            await ann.socket.send_str(json.dumps(["r", 120, 40]))
            await ann.until("resized to 120x40")
            await ann.type("quit\r")
            assert await ann.closed() == 1000  # the table let go

    with hosted(tmp_path, web=True) as (host, table):
        asyncio.run(visit(host))
        assert table.attached == [0] and table.left == [0]
        assert until(lambda: host.guard.taken() == 0)


def test_a_page_that_asks_for_plain_text_gets_a_plain_terminal(tmp_path: Path) -> None:
    async def visit(host: Any) -> None:
        async with page(host, "Bob", host.admission.codes[1], plain=True) as bob:
            await bob.until("hello Bob at 100x30 colour=True plain=True")

    with hosted(tmp_path, web=True) as (host, _):
        asyncio.run(visit(host))


def test_a_wrong_code_is_refused_after_a_wait_and_the_address_is_shut_out(
    tmp_path: Path,
) -> None:
    limits = Limits(first_delay=0.01, most_delay=0.05, failures_per_address=3)

    async def guess(host: Any, user: str, code: str) -> tuple[int, list[dict[str, Any]]]:
        async with page(host, user, code) as visitor:
            return await visitor.closed(), visitor.said

    with hosted(tmp_path, limits, web=True) as (host, table):
        for wrong in ("Ann", "wrong-code"), ("Nobody", host.admission.codes[0]):
            closed, said = asyncio.run(guess(host, *wrong))
            assert closed == REFUSED
            assert said == [{"refused": "wrong name or code", "code": True}]
        asyncio.run(guess(host, "Bob", "babe-babe"))  # the third: shut out
        closed, said = asyncio.run(guess(host, "Ann", host.admission.codes[0]))
        assert said[0]["refused"] == "too many wrong codes: try again later"
        assert table.attached == []
        # ...from that address alone: SSH from it is shut out too, the same guard.
        assert not host.guard.may_guess("127.0.0.1")


def test_behind_a_trusted_proxy_each_browser_counts_from_its_own_address(
    tmp_path: Path,
) -> None:
    limits = Limits(first_delay=0.01, most_delay=0.05, failures_per_address=2)

    async def guess(host: Any, code: str, forwarded: str) -> list[dict[str, Any]]:
        async with page(host, "Ann", code, headers={"X-Forwarded-For": forwarded}) as visitor:
            await visitor.closed()
            return visitor.said

    async def joins(host: Any, forwarded: str) -> None:
        code = host.admission.codes[0]
        async with page(host, "Ann", code, headers={"X-Forwarded-For": forwarded}) as visitor:
            await visitor.until("hello Ann")

    # The proxy (here 127.0.0.1) appends the address it saw: what is before it is the
    # visitor's claim, and does not count.
    with hosted(tmp_path, limits, web=True, proxies=frozenset({"127.0.0.1"})) as (host, table):
        for claim in ("203.0.113.7", "198.51.100.1, 203.0.113.7"):
            asyncio.run(guess(host, "wrong-code", claim))
        assert not host.guard.may_guess("203.0.113.7")
        assert host.guard.may_guess("127.0.0.1") and host.guard.may_guess("198.51.100.1")
        shut = asyncio.run(guess(host, host.admission.codes[0], "203.0.113.7"))
        assert shut[0]["refused"] == "too many wrong codes: try again later"
        asyncio.run(joins(host, "203.0.113.8"))
        assert table.attached == [0]
    # Not trusted: the header is nobody's business, the peer's address counts.
    with hosted(tmp_path, limits, web=True) as (host, _):
        for claim in ("203.0.113.7", "203.0.113.8"):
            asyncio.run(guess(host, "wrong-code", claim))
        assert not host.guard.may_guess("127.0.0.1") and host.guard.may_guess("203.0.113.7")


def test_a_socket_from_another_sites_page_is_refused(tmp_path: Path) -> None:
    async def visit(host: Any) -> None:
        with pytest.raises(aiohttp.WSServerHandshakeError) as refused:
            async with page(
                host, "Ann", host.admission.codes[0], headers={"Origin": "http://evil.example"}
            ):
                pass
        assert refused.value.status == 403
        own = f"http://127.0.0.1:{host.web_port}"
        async with page(host, "Ann", host.admission.codes[0], headers={"Origin": own}) as ann:
            await ann.until("hello Ann")

    with hosted(tmp_path, web=True) as (host, _):
        asyncio.run(visit(host))


def test_a_huge_message_closes_the_socket_and_a_flood_is_cut_to_a_persons_pace(
    tmp_path: Path,
) -> None:
    async def visit(host: Any) -> None:
        async with page(host, "Ann", host.admission.codes[0]) as ann:
            await ann.until("hello Ann")
            await ann.type("x\r" * 2000)  # 2,000 lines at once: the first 32 are typed
            await ann.type("end\r")
            await ann.until("echo 1 x")
            await ann.socket.send_str(json.dumps(["k", "y" * 100_000]))  # over 64 KB
            assert await ann.closed() == 1009  # too big
        assert ann.text.count("echo 1 x") <= Limits().lines

    with hosted(tmp_path, web=True) as (host, table):
        asyncio.run(visit(host))
        assert table.wait_for(table.dropped, 1)


def test_a_reload_joins_the_same_seat_and_a_second_page_takes_it_over(
    tmp_path: Path,
) -> None:
    async def visit(host: Any) -> None:
        code = host.admission.codes[1]
        async with page(host, "seat2", code) as first:
            await first.until("hello Bob")
        async with page(host, "Bob", code) as again, page(host, "bob", code) as other:
            await again.until("hello Bob")
            await other.until("hello Bob")
            # Two places a seat by default: a third (over SSH) lets the oldest go.
            async with connect(host, "Bob", code) as conn:
                process = await shell(conn)
                await read_until(process, "hello Bob")
                assert await again.closed() == TAKEN_OVER
                process.stdin.write("quit\r")
                await process.wait_closed()

    with hosted(tmp_path, web=True) as (host, table):
        asyncio.run(visit(host))
        assert table.attached[:4] == [1, 1, 1, 1]


def test_a_page_the_table_lets_go_for_a_newer_one_is_told_its_seat_joined_elsewhere(
    tmp_path: Path,
) -> None:
    # The table ends the older terminal of a seat taken over (here: it quits); the page
    # then offers to join here again, rather than saying the table let it go for good.
    async def visit(host: Any) -> None:
        code = host.admission.codes[1]
        async with page(host, "Bob", code) as older, page(host, "Bob", code) as newer:
            await older.until("hello Bob")
            await newer.until("hello Bob")
            await older.type("quit\r")
            assert await older.closed() == TAKEN_OVER
            await newer.type("quit\r")
            assert await newer.closed() == 1000  # the seat's own: let go for good

    with hosted(tmp_path, web=True) as (host, _):
        asyncio.run(visit(host))


def test_a_page_that_types_nothing_is_let_go(tmp_path: Path) -> None:
    async def visit(host: Any) -> None:
        async with page(host, "Ann", host.admission.codes[0]) as ann:
            await ann.until("hello Ann")
            assert await ann.closed() == CUT_OFF
            assert "No key typed" in ann.text

    with hosted(tmp_path, Limits(idle_timeout=0.3), web=True) as (host, _):
        asyncio.run(visit(host))


def test_links_carry_the_user_and_the_code_in_the_fragment() -> None:
    assert link("https://h:1", "Zoë O'Neil", "dobe-kisu") == (
        "https://h:1/#user=Zo%C3%AB%20O%27Neil&code=dobe-kisu"
    )


def test_a_silent_socket_gives_its_place_to_a_newer_one_at_once(tmp_path: Path) -> None:
    async def visit(host: Any) -> None:
        url = f"http://127.0.0.1:{host.web_port}/socket"
        async with (
            aiohttp.ClientSession() as client,
            client.ws_connect(url) as silent,
            client.ws_connect(url),
            client.ws_connect(url),  # the third stranger: the oldest lets go of its place
        ):
            oldest = Page(silent)
            assert await oldest.closed() == REFUSED
            assert oldest.said == [{"refused": "too many connections", "code": False}]

    with hosted(tmp_path, Limits(strangers=2), web=True) as (host, _):
        asyncio.run(visit(host))
