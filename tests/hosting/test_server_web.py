"""`thebes server --web`: a player who came with their SSH key asks the lobby for a link
(`web`), and their browser is in the lobby as their account; the link works once, and the
code the page is given back brings it back (a reload) into the same account. Without
--web the lobby says there is no page."""

from __future__ import annotations

import asyncio
import json
import re
from pathlib import Path
from typing import Any

import aiohttp
from server_process import new_key, thebes_server, visit
from ssh_player import WAIT

LINK = re.compile(r"(https?://\S+/#user=lobby&code=[A-Za-z0-9_-]+)")


async def browse(link: str, code: str | None = None) -> tuple[dict[str, Any], str]:
    """A page at ``link`` (with ``code`` instead of the link's, if given): what the door
    answered, and the screen's text once the lobby showed (or the socket closed)."""
    base, fragment = link.split("/#")
    fields = dict(part.split("=", 1) for part in fragment.split("&"))
    first = {"user": fields["user"], "code": code or fields["code"], "cols": 100, "rows": 30}
    text, answer = "", {}
    async with aiohttp.ClientSession() as client, client.ws_connect(base + "/socket") as ws:
        await ws.send_str(json.dumps(first))
        while "lobby>" not in text:
            message = await asyncio.wait_for(ws.receive(), WAIT)
            if message.type == aiohttp.WSMsgType.TEXT:
                answer = json.loads(message.data)
            elif message.type == aiohttp.WSMsgType.BINARY:
                text += message.data.decode()
            else:
                break
    return answer, text


def test_a_link_from_the_lobby_opens_it_in_a_browser_once(tmp_path: Path) -> None:
    async def evening(server: Any) -> None:
        ann = await visit(server, new_key())
        await ann.until("Your name:")
        ann.type("Ann")
        await ann.until("lobby>")
        ann.type("web")
        link = LINK.search(await ann.until("works once:\r\n  http"))
        while link is None:
            await ann.more()
            link = LINK.search(ann.since())
        answer, screen = await browse(link.group(1))
        assert answer["joined"] == "lobby" and "Ann" in screen and "lobby>" in screen
        again, _ = await browse(link.group(1))  # the link is spent
        # Nobody has a code to type there: the page is told how to get a new link, for good.
        assert again["refused"].startswith("This link no longer works")
        assert "`web` in the lobby" in again["refused"]
        assert again["code"] is False and again["final"] is True
        back, screen = await browse(link.group(1), answer["code"])  # the page's own code
        assert "code" not in back and "Ann" in screen

    with thebes_server(tmp_path / "server", "--web", "0") as server:
        asyncio.run(evening(server))


def test_without_a_page_the_lobby_says_so(tmp_path: Path) -> None:
    async def evening(server: Any) -> None:
        ann = await visit(server, new_key())
        await ann.until("Your name:")
        ann.type("Ann")
        await ann.until("lobby>")
        ann.type("web")
        await ann.until("This server has no web page.")

    with thebes_server(tmp_path / "server") as server:
        asyncio.run(evening(server))
