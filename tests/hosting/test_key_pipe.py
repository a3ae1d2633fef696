"""A remote player's keys reach the table however many descriptors the host has open: a host
with over a thousand connections (a flood of idle ones at the web door) gives a new
player's key pipe a descriptor past 1023, which ``select.select`` refuses; prompt_toolkit's
reader asked it at every key, and the prompt failed in a loop without end, its memory
growing by megabytes a second."""

from __future__ import annotations

import os
from collections.abc import Iterator
from contextlib import contextmanager

from thebes.hosting.terminals import KeyPipe


@contextmanager
def descriptors_taken(count: int) -> Iterator[None]:
    """``count`` more descriptors open (copies of one), as many connections would hold."""
    taken = [os.open(os.devnull, os.O_RDONLY)]
    try:
        taken += [os.dup(taken[0]) for _ in range(count)]
        yield
    finally:
        for fd in taken:
            os.close(fd)


def test_keys_are_read_from_a_pipe_past_descriptor_1023() -> None:
    with descriptors_taken(1100):
        keys = KeyPipe(16_384)
        try:
            assert keys.pipe.read_fd > 1023
            assert keys.feed("ab\r") == 3
            assert [press.data for press in keys.read_keys()] == ["a", "b", "\r"]
            assert keys.read_keys() == []  # nothing typed: nothing read, no wait
            keys.close()
            keys.read_keys()
            assert keys.closed  # the end of input
        finally:
            keys.close_reading()
