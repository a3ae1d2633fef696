"""No key sequence, terminal report or stray escape breaks a prompt: each still returns the
line typed after it."""

from __future__ import annotations

import io
import threading
from collections.abc import Callable

import pytest
from prompt_toolkit import PromptSession
from prompt_toolkit.application import create_app_session
from prompt_toolkit.input import Input, create_pipe_input
from prompt_toolkit.output import DummyOutput

from terminal import text_terminal
from thebes.tui.prompting import prompt_session


def answer_to(
    make: Callable[[Input], PromptSession[str]], keys: str, wait: float = 10
) -> list[object]:
    """What one prompt returns for ``keys`` within ``wait`` seconds (empty if it never
    returns: an error in a key handler leaves prompt_toolkit waiting for Enter on a broken
    screen)."""
    result: list[object] = []

    def run() -> None:
        # A session of its own: a prompt that never returns must not draw where others
        # do once this test is over.
        with create_pipe_input() as pipe, create_app_session(input=pipe, output=DummyOutput()):
            pipe.send_text(keys)
            try:
                result.append(make(pipe).prompt("? "))
            except (KeyboardInterrupt, EOFError) as exc:
                result.append(type(exc))

    worker = threading.Thread(target=run, daemon=True)
    worker.start()
    worker.join(wait)
    return result


@pytest.mark.parametrize(
    "sequence",
    ["\x1b", "\x1b[<1;2m", "\x1b[5;41m", "\x1b[<;;M", "\x1b[M\x00\x00\x00", "\x1b[99;1M"],
)
def test_no_key_sequence_breaks_a_prompt(sequence: str) -> None:
    guarded = answer_to(
        lambda keys: prompt_session(text_terminal(io.StringIO(), keys=keys)), sequence + "x\n"
    )
    assert guarded == ["x"]


def test_the_guard_is_needed_plain_prompt_toolkit_breaks_on_a_short_mouse_report() -> None:
    # Keeps the test above honest: without our bindings this very sequence never returns.
    # A guarded prompt answers in milliseconds; 2 seconds of no answer is "never" here.
    plain = answer_to(
        lambda keys: PromptSession(input=keys, output=DummyOutput()), "\x1b[<1;2mx\n", wait=2
    )
    assert plain == []
