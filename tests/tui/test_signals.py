"""An ending signal that comes while a prompt runs is handed to the prompt's own loop; if
the prompt ends first (its input closed with the terminal), the signal is not lost."""

from __future__ import annotations

import os
import signal
import threading
from collections.abc import Callable
from typing import Any

import pytest
from prompt_toolkit.application import current

from helpers import WAIT_SECONDS
from thebes.tui.signals import Ended, ending_on_signals, held


class _Loop:
    """A loop that keeps what it is asked to call, and calls it only if told to."""

    def __init__(self) -> None:
        self.waiting: list[Callable[[], None]] = []

    def call_soon_threadsafe(self, callback: Callable[[], None]) -> None:
        self.waiting.append(callback)


class _App:
    """What the handler looks at of a running prompt_toolkit application."""

    def __init__(self) -> None:
        self.loop = _Loop()
        self.is_running = True
        self.is_done = False
        self.exited_with: BaseException | None = None

    def exit(self, exception: BaseException) -> None:
        self.exited_with = exception
        self.is_done = True


@pytest.fixture
def app(monkeypatch: pytest.MonkeyPatch) -> _App:
    running = _App()
    monkeypatch.setattr(current, "get_app_or_none", lambda: running)
    return running


def test_a_signal_at_a_prompt_ends_the_prompt_from_its_own_loop(app: _App) -> None:
    with pytest.raises(Ended) as ended, ending_on_signals():
        os.kill(os.getpid(), signal.SIGTERM)
        assert app.exited_with is None  # not raised here, in the middle of the loop
        for callback in app.loop.waiting:
            callback()
        assert isinstance(app.exited_with, Ended)
        raise app.exited_with  # as the prompt raises what it exited with
    assert ended.value.exit_code == 128 + signal.SIGTERM


def test_a_prompt_that_ends_before_its_loop_hears_of_the_signal_does_not_lose_it(
    app: _App,
) -> None:
    # The prompt's input closed with the terminal: it ended on its own, and its loop was
    # closed with the handler's call still waiting in it.
    raised: list[Any] = []
    with pytest.raises(Ended) as ended, ending_on_signals():
        os.kill(os.getpid(), signal.SIGTERM)
        app.is_running, app.is_done = False, True
        raised.append(app.exited_with)
    assert raised == [None]
    assert ended.value.signum == signal.SIGTERM


def test_a_prompt_that_ends_before_the_call_runs_leaves_the_signal_to_the_block(
    app: _App,
) -> None:
    with pytest.raises(Ended), ending_on_signals():
        os.kill(os.getpid(), signal.SIGTERM)
        app.is_done = True
        for callback in app.loop.waiting:
            callback()  # too late: the prompt is over
        assert app.exited_with is None


def test_a_block_held_in_another_thread_does_not_hold_the_main_threads_signal() -> None:
    # A hosted terminal's thread playing its action when the host is sent SIGTERM: the
    # main thread (where the handler runs) ends at once; the other thread's block is its own.
    inside, leave = threading.Event(), threading.Event()
    failed: list[BaseException] = []

    def terminal() -> None:
        try:
            with held():
                inside.set()
                leave.wait(WAIT_SECONDS)
        except BaseException as exc:  # an Ended raised here would never reach the host
            failed.append(exc)

    thread = threading.Thread(target=terminal)
    with pytest.raises(Ended), ending_on_signals():
        thread.start()
        assert inside.wait(WAIT_SECONDS)
        os.kill(os.getpid(), signal.SIGTERM)
        # As the host waits for its game's end: the signal must end the wait.
        leave.wait(WAIT_SECONDS)
        pytest.fail("the signal waited for a block held in another thread")
    leave.set()
    thread.join(WAIT_SECONDS)
    assert failed == []
