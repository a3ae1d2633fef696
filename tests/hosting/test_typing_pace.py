"""What a connection types reaches the table at a person's pace: lines sent faster than the
limits wait and all arrive (answers typed quickly lose no Enter), while a flood beyond what
may wait is dropped at once."""

from __future__ import annotations

import asyncio
import contextlib
import os

from thebes.hosting.guard import Limits
from thebes.hosting.terminals import KeyPipe, Typing

WAIT = 60.0  # seconds: a liveness bound, not a speed check


def read(keys: KeyPipe) -> str:
    with contextlib.suppress(BlockingIOError):
        return os.read(keys.pipe.read_fd, 65536).decode()
    return ""


def test_lines_typed_faster_than_the_pace_wait_and_all_arrive() -> None:
    async def answer_quickly() -> tuple[str, str]:
        keys = KeyPipe(4096)
        typing = Typing(Limits(lines=2, line_rate=20.0), asyncio.get_running_loop())
        typing.type(keys, "2\r0\rlive\r5\rmove\r")
        at_once = read(keys)
        arrived = at_once
        async with asyncio.timeout(WAIT):
            while arrived.count("\r") < 5:
                await asyncio.sleep(0.01)
                arrived += read(keys)
        keys.close()
        return at_once, arrived

    at_once, arrived = asyncio.run(answer_quickly())
    assert at_once == "2\r0\rlive"  # two lines at once, and what is typed of the third
    assert arrived == "2\r0\rlive\r5\rmove\r"


def test_a_flood_beyond_what_may_wait_is_dropped() -> None:
    async def flood() -> str:
        keys = KeyPipe(65536)
        typing = Typing(Limits(typed_burst=512), asyncio.get_running_loop())
        typing.type(keys, "x" * 10_000)  # the burst goes through, the rest is dropped
        arrived = read(keys)
        typing.type(keys, "y" * 10_000)  # 512 wait for the pace, the rest is dropped
        typing.stop()  # the connection goes: what waits goes with it
        await asyncio.sleep(0)
        arrived += read(keys)
        keys.close()
        return arrived

    assert asyncio.run(flood()) == "x" * 512
