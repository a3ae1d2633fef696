"""The page of `thebes host --web` in a real browser (Chromium, driven by Playwright), where
the whole game's test does not go: a phone held sideways sees the prompt, with or without
its keyboard up; switching to plain text is not heard by the others as a drop; a link
pasted into a tab that has the page already joins that link's seat; and when the host
stops, the page says so for good instead of trying to join again."""

from __future__ import annotations

import asyncio
import json
import signal
from pathlib import Path
from typing import Any

import pytest
from browser import CHROMIUM_ARGS, BrowserSeat, chromium
from ssh_player import ACTING, WAIT, WATCHING, Client, thebes_host


async def prompt_in_view(page: Any) -> bool:
    """Whether the row with the acting prompt lies inside the terminal's visible area."""
    screen = await page.locator("#screen").bounding_box()
    row = await page.locator(".xterm-rows > div", has_text=ACTING).last.bounding_box()
    return bool(
        row["y"] >= screen["y"] and row["y"] + row["height"] <= screen["y"] + screen["height"]
    )


async def scrolled(page: Any) -> bool:
    """Whether the terminal's rows overflow its part of the page (it scrolls)."""
    overflow = "() => { const s = document.getElementById('screen');"
    overflow += " return s.scrollHeight > s.clientHeight + 4; }"
    return bool(await page.evaluate(overflow))


async def until_prompt_in_view(page: Any, *, scrolling: bool) -> None:
    """Until the page has settled at its size, the prompt's row in view."""
    for _ in range(int(WAIT / 0.05)):
        if await scrolled(page) == scrolling and await prompt_in_view(page):
            return
        await asyncio.sleep(0.05)
    raise AssertionError(
        f"scrolling {await scrolled(page)}, prompt in view {await prompt_in_view(page)}"
    )


# Untraced: a host and a browser in subprocesses, seconds of drawing; the door's own
# lines are covered by test_web_door.
@pytest.mark.no_cover
def test_the_page_fits_a_phone_sideways_follows_a_pasted_link_and_stops_with_its_host(
    tmp_path: Path,
) -> None:
    executable = chromium()
    from playwright.async_api import async_playwright

    async def evening(host: Any) -> None:
        link = host.invites["Ann"]["web"]
        bob_fragment = host.invites["Bob"]["web"].split("#", 1)[1]
        async with async_playwright() as playwright:
            browser = await playwright.chromium.launch(
                executable_path=executable, args=CHROMIUM_ARGS
            )
            try:
                page = await browser.new_page(viewport={"width": 844, "height": 390})
                await page.goto(link)
                ann = BrowserSeat(page)
                await ann.until(ACTING)
                # Sideways, all 24 rows fit above the line and buttons: nothing scrolls.
                await until_prompt_in_view(page, scrolling=False)
                # The phone's keyboard up leaves a strip: the rows scroll, kept on the prompt.
                await page.set_viewport_size({"width": 844, "height": 200})
                await until_prompt_in_view(page, scrolling=True)
                await page.set_viewport_size({"width": 1280, "height": 800})

                # Plain text ticked: the page joins again, its new socket taking the seat
                # over from the old one; Bob, over SSH, hears of no drop and no return.
                bob = await Client.join(host, "Bob", host.code("Bob"))
                await bob.until(WATCHING[1])
                await page.click("#plain")
                await ann.until("Ann, week 1 of 1901")
                await ann.type("say hello")
                await bob.until("Ann says: hello")
                assert "dropped" not in bob.text and "back at the table" not in bob.text

                # Bob's link pasted into the same tab: only the fragment changes.
                await page.evaluate(f"() => {{ location.hash = {json.dumps(bob_fragment)}; }}")
                await page.wait_for_function(
                    "() => (JSON.parse(sessionStorage.getItem('thebes-join') || '{}')).user"
                    " === 'Bob'", timeout=WAIT * 1000,
                )  # fmt: skip
                assert "code=" not in page.url
                assert await page.locator("#line").is_enabled()

                # The host stops: the page says so for good (a lost connection would say
                # "Connection lost: joining again" in its place) and offers a button.
                host.process.send_signal(signal.SIGTERM)
                closed = page.locator("#status", has_text="The table has been closed by its host.")
                await closed.wait_for(timeout=WAIT * 1000)
                assert await page.locator("#status button").text_content() == "Join again"
                assert await page.locator("#line").is_disabled()
            finally:
                await browser.close()

    with thebes_host(tmp_path, "--players", "Ann,Bob", "--seed", "3", "--web", "0") as host:
        asyncio.run(evening(host))
        host.process.wait(WAIT)
