"""A real browser for the web door's tests: Debian's Chromium, driven by Playwright.

Without a Chromium (``/usr/bin/chromium``, or ``THEBES_CHROMIUM``) a browser test is skipped
on a developer's machine, but fails when the CI environment variable is set: `.ci/run`
installs Chromium and Playwright, so a skip there would hide a door never tried.
"""

from __future__ import annotations

import asyncio
import os
import shutil
from pathlib import Path
from typing import Any

import pytest
from ssh_player import WAIT

# Chromium in a closed network: without the flags against its background connections they
# are refused and slow it down; a fresh profile for each run.
CHROMIUM_ARGS = [
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
]  # fmt: skip


def chromium() -> str:
    """The Chromium to drive; skips (fails under CI) when there is none."""
    found = os.environ.get("THEBES_CHROMIUM") or shutil.which("chromium") or ""
    if not found or not Path(found).exists():
        if os.environ.get("CI"):
            pytest.fail("no chromium, and CI is set: the browser test may not be skipped")
        pytest.skip("no chromium here (apt-get install chromium; pip install playwright)")
    return found


class BrowserSeat:
    """A player at the page: what its terminal shows, read from xterm.js's rows."""

    def __init__(self, page: Any) -> None:
        self.page = page

    async def screen(self) -> str:
        return str(await self.page.locator(".xterm-rows").text_content() or "")

    async def until(self, text: str) -> str:
        for _ in range(int(WAIT / 0.05)):
            shown = await self.screen()
            if text in shown:
                return shown
            await asyncio.sleep(0.05)
        raise AssertionError(f"{text!r} never shown: {await self.screen()!r}")

    async def type(self, line: str) -> None:
        await self.page.fill("#line", line)
        await self.page.press("#line", "Enter")
