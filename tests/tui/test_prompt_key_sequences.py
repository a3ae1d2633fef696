"""No key sequence, terminal report or stray escape breaks a prompt: each still returns the
line typed after it."""

from __future__ import annotations

import io
import threading
import traceback
from asyncio import AbstractEventLoop
from collections.abc import Callable
from typing import Any

import pytest
from prompt_toolkit import PromptSession
from prompt_toolkit.application import Application, create_app_session
from prompt_toolkit.input import Input, create_pipe_input
from prompt_toolkit.output import DummyOutput

from terminal import text_terminal
from thebes.tui.prompting import prompt_session

WAIT = 60  # seconds: a liveness bound, not a speed check (a prompt answers in milliseconds)


def started_prompt(
    make: Callable[[Input], PromptSession[str]], keys: str
) -> tuple[threading.Thread, list[object]]:
    """One prompt reading ``keys`` in a thread of its own, and the list its answer goes to
    (it stays empty if the prompt never returns: an error in a key handler leaves
    prompt_toolkit waiting for Enter on a broken screen)."""
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
    return worker, result


def answer_to(make: Callable[[Input], PromptSession[str]], keys: str) -> list[object]:
    """What one prompt returns for ``keys``; the test fails if it has not within WAIT."""
    worker, result = started_prompt(make, keys)
    worker.join(WAIT)
    assert not worker.is_alive(), "the prompt never returned"
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


def test_the_guard_is_needed_plain_prompt_toolkit_breaks_on_a_short_mouse_report(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # Keeps the test above honest: without our bindings this very sequence makes
    # prompt_toolkit's own mouse binding raise, and the prompt waits for Enter instead of
    # answering. The break is seen when it happens, not inferred from a silence: WAIT only
    # stops a test in which it never comes.
    raised: list[BaseException | None] = []
    broke = threading.Event()
    handle = Application._handle_exception

    def spy(app: Application[Any], loop: AbstractEventLoop, context: dict[str, Any]) -> None:
        raised.append(context.get("exception"))
        broke.set()
        handle(app, loop, context)

    monkeypatch.setattr(Application, "_handle_exception", spy)
    _, plain = started_prompt(
        lambda keys: PromptSession(input=keys, output=DummyOutput()), "\x1b[<1;2mx\n"
    )
    assert broke.wait(WAIT), "the plain prompt did not break"
    assert plain == []
    [error] = raised
    assert isinstance(error, ValueError)
    assert traceback.extract_tb(error.__traceback__)[-1].filename.endswith("mouse.py")
