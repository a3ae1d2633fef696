"""A whole seeded game at the real `thebes host --web`, in a real browser: Debian's Chromium,
driven by Playwright, plays Ann at the page (typing in the page's line, as on a phone)
against Bob over SSH; a tab with a wrong code, in German, is refused in German and asked
again. Midway the page is reloaded, at a phone's size, and joins Ann's seat again from the
tab's storage (the code left the address bar at once); later its connection is cut (the
page reaches the host through a relay here, which drops it), and the page joins again by
itself. The host's file holds exactly the actions played, and replays to its digest.

Without a Chromium (``/usr/bin/chromium``, or ``THEBES_CHROMIUM``) the test is skipped on
a developer's machine, but fails when the CI environment variable is set: `.ci/run`
installs Chromium and Playwright, so a skip there would hide a door never tried.
"""

from __future__ import annotations

import asyncio
import contextlib
from pathlib import Path
from typing import TYPE_CHECKING

import pytest
from browser import CHROMIUM_ARGS, BrowserSeat, chromium
from ssh_player import ACTING, FINAL, WAIT, Client, HostProcess, thebes_host

from thebes.catalog.loading import default_catalog
from thebes.records.gamefile import expected_digest, read_record
from thebes.records.session import Session, default_seats

if TYPE_CHECKING:
    from playwright.async_api import ViewportSize

SEED = 5
RELOAD_AT = 8  # actions played before the page is reloaded
CUT_AT = 16  # actions played before the page's connection is cut
PHONE: ViewportSize = {"width": 390, "height": 844}
LAPTOP: ViewportSize = {"width": 1280, "height": 800}


class Relay:
    """A TCP relay between the browser and the host's web port, that can cut every
    connection through it at once, as a lost network does (no close frame)."""

    def __init__(self, port: int) -> None:
        self.port, self.open = port, 0
        self.writers: set[asyncio.StreamWriter] = set()

    async def start(self) -> int:
        server = await asyncio.start_server(self._relay, "127.0.0.1", 0)
        return int(server.sockets[0].getsockname()[1])

    async def _relay(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        upstream, downstream = await asyncio.open_connection("127.0.0.1", self.port)
        self.writers |= {writer, downstream}

        async def pipe(source: asyncio.StreamReader, sink: asyncio.StreamWriter) -> None:
            with contextlib.suppress(ConnectionError):
                while data := await source.read(65536):
                    sink.write(data)
                    await sink.drain()
            sink.close()

        await asyncio.gather(pipe(reader, downstream), pipe(upstream, writer))

    def cut(self) -> None:
        for writer in self.writers:
            writer.transport.abort()
        self.writers.clear()


async def play_in_browser(
    ann: BrowserSeat, host: HostProcess, relay: Relay, sent: list[str]
) -> None:
    """Whenever the file says it is Ann's turn in a position not acted on yet and her page
    shows the acting prompt: the first legal action, typed in the page's line; until the
    final table. Once, midway (on Bob's turn, with nothing of hers in flight): a reload at a
    phone's size; later, the connection cut."""
    acted_at, reloaded, cut, typed_on = -1, False, False, ""
    while FINAL not in (shown := await ann.screen()):
        session = host.session()
        if session.is_over:
            await ann.until(FINAL)
            break
        if not reloaded and len(session.steps) >= RELOAD_AT and session.active_seat == 1:
            reloaded = True
            await ann.page.set_viewport_size(PHONE)
            await ann.page.reload()
            assert "code=" not in ann.page.url
            await ann.until("Thebes")
            typed_on = ""
            continue
        if not cut and len(session.steps) >= CUT_AT and session.active_seat == 1:
            cut = True
            relay.cut()
            lost = ann.page.locator("#status", has_text="Connection lost: joining again in 1")
            await lost.wait_for(timeout=WAIT * 1000)
            await ann.page.locator("#status:empty").wait_for(timeout=WAIT * 1000)
            typed_on = ""
            continue
        ours = session.active_seat == 0 and len(session.steps) != acted_at
        if ours and ACTING in shown and shown != typed_on:  # drawn again since typed
            acted_at = len(session.steps)
            action = session.notation(session.legal_actions()[0])
            sent.append(action)
            typed_on = shown
            await ann.type(action)
            continue
        await asyncio.sleep(0.05)


async def play_over_ssh(bob: Client, host: HostProcess, sent: list[str]) -> None:
    acted_at = -1
    while FINAL not in bob.since():
        if bob.acting():
            session = host.session()
            if session.active_seat == 1 and len(session.steps) != acted_at:
                acted_at = len(session.steps)
                action = session.notation(session.legal_actions()[0])
                sent.append(action)
                bob.type(action)
                continue
        assert await bob.more(), f"closed mid-game: {bob.since()[-400:]!r}"


def expected_actions() -> list[str]:
    session = Session(default_catalog(), default_seats(["Ann", "Bob"], {}), SEED)
    while not session.is_over:
        session.play(session.legal_actions()[0])
    return [step.record.action for step in session.steps]


@pytest.mark.no_cover  # a whole game, as test_hosted_game's; the door's lines: test_web_door
def test_a_browser_and_an_ssh_client_play_a_whole_game_with_a_reload(tmp_path: Path) -> None:
    executable = chromium()
    from playwright.async_api import async_playwright

    sent: dict[str, list[str]] = {"Ann": [], "Bob": []}

    async def game(host: HostProcess) -> None:
        web_port = int(host.invites["Ann"]["web"].split("/#")[0].rsplit(":", 1)[1])
        relay = Relay(web_port)
        through = f"http://127.0.0.1:{await relay.start()}/#"
        link = through + host.invites["Ann"]["web"].split("/#")[1]
        async with async_playwright() as playwright:
            context = await playwright.chromium.launch_persistent_context(
                str(tmp_path / "profile"), executable_path=executable, args=CHROMIUM_ARGS,
                headless=True, viewport=LAPTOP,
            )  # fmt: skip
            try:
                page = await context.new_page()
                await page.goto(link)
                ann = BrowserSeat(page)
                await ann.until(ACTING)
                assert "code=" not in page.url  # taken out of the address bar
                await page.screenshot(path=str(tmp_path / "laptop.png"))
                # A wrong code, in another tab whose browser reads German: refused, in
                # German, and the page (in German) asks again.
                wrong = await context.new_page()
                await wrong.set_extra_http_headers({"Accept-Language": "de-DE,de;q=0.9"})
                await wrong.goto(link.split("&code=")[0] + "&code=ba-ba")
                await wrong.locator("#join:not([hidden])").wait_for(timeout=WAIT * 1000)
                assert await wrong.locator("#why").text_content() == "Falscher Name oder Code"
                assert await wrong.locator("#join button").text_content() == "Beitreten"
                await wrong.close()
                bob = await Client.join(host, "Bob", host.code("Bob"))
                await asyncio.gather(
                    play_in_browser(ann, host, relay, sent["Ann"]),
                    play_over_ssh(bob, host, sent["Bob"]),
                )
                await page.screenshot(path=str(tmp_path / "phone.png"))
                await bob.until_closed()
            finally:
                await context.close()

    options = ("--players", "Ann,Bob", "--seed", str(SEED), "--web", "0")
    with thebes_host(tmp_path, *options) as host:
        asyncio.run(game(host))
        host.process.wait(WAIT)
        assert host.process.returncode == 0
    record = read_record(host.game)
    assert [entry.action for entry in record.actions] == expected_actions()
    for name in ("Ann", "Bob"):
        assert [e.action for e in record.actions if e.player == name] == sent[name]
    session = host.session()
    assert session.is_over
    assert record.digest == expected_digest(record, session.state)
    assert (tmp_path / "laptop.png").stat().st_size > 0
    assert (tmp_path / "phone.png").stat().st_size > 0
