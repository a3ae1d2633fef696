"""A prompt that read keys leaves nothing of itself behind once it is gone: prompt_toolkit's
own filters remembered each filter they were combined with, and under ``emacs_mode`` and
``vi_mode`` a prompt's key bindings combine them with filters of the prompt's own buffers,
so each terminal that typed a key at a hosted table kept a buffer and its filters for as
long as the host ran."""

from __future__ import annotations

import gc
import io

from prompt_toolkit.buffer import Buffer
from prompt_toolkit.input import create_pipe_input

from terminal import text_terminal
from thebes.tui.prompting import prompt_session, question_session


def buffers() -> int:
    """How many prompt_toolkit buffers are alive."""
    gc.collect()
    return sum(isinstance(kept, Buffer) for kept in gc.get_objects())


def one_terminal() -> None:
    """A terminal's two prompts, each reading a line typed there (its key bindings looked up
    at each key), then let go."""
    with create_pipe_input() as keys:
        terminal = text_terminal(io.StringIO(), keys=keys)
        with terminal.prompting():
            keys.send_text("quit\r")
            assert prompt_session(terminal).prompt("> ") == "quit"
            keys.send_text("y\r")
            assert question_session(terminal).prompt("? ") == "y"


def test_a_prompt_that_read_keys_leaves_no_buffer_behind() -> None:
    one_terminal()  # whatever prompt_toolkit makes once and keeps
    before = buffers()
    for _ in range(5):
        one_terminal()
    assert buffers() == before
