"""A remote player's keys reach the table however many descriptors the host has open: a host
with over a thousand connections (a flood of idle ones at the web door) gives a new
player's key pipe a descriptor past 1023, which ``select.select`` refuses; prompt_toolkit's
reader asked it at every key, and the prompt failed in a loop without end, its memory
growing by megabytes a second. And what was typed ahead of a connection's last prompt is
not kept once the table lets go of it."""

from __future__ import annotations

import io
import os
from collections.abc import Iterator
from contextlib import contextmanager

from prompt_toolkit.application import create_app_session
from prompt_toolkit.input import typeahead
from prompt_toolkit.output import DummyOutput

from terminal import text_terminal
from thebes.hosting.terminals import KeyPipe
from thebes.tui.prompting import prompt_session


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


def test_keys_typed_ahead_of_the_last_prompt_are_let_go_with_the_pipe() -> None:
    """prompt_toolkit keeps the keys a prompt read but did not use for the next prompt of its
    input, in a dictionary of its own for ever: a connection that typed on after `quit`
    left them all behind (a thousand keys a connection) until the pipe dropped them."""
    keys = KeyPipe(16_384)
    terminal = text_terminal(io.StringIO(), keys=keys)
    try:
        with create_app_session(input=keys, output=DummyOutput()):
            keys.feed("quit\r" + "x" * 500)
            assert prompt_session(terminal).prompt("> ") == "quit"
        assert len(typeahead._buffer[keys.typeahead_hash()]) == 500  # kept for a next prompt
    finally:
        keys.close()
        keys.close_reading()
    assert keys.typeahead_hash() not in typeahead._buffer
