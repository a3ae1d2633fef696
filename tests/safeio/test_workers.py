"""Work spread over worker processes (thebes.safeio.workers): results in order, a worker
that dies has its task run again, an error in a task is raised in the leader, and however
the leader stops, no worker is left behind and nothing hangs."""

from __future__ import annotations

import contextlib
import multiprocessing
import os
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from helpers import WAIT_SECONDS, wait_until
from thebes.safeio.workers import ATTEMPTS, RemoteTraceback, WorkerLost, run_in_workers


def square(n: int) -> int:
    return n * n


def fail_on_three(task: tuple[int, str]) -> int:
    """Task 3 fails, and task 2 ends only once it has: the error comes back first."""
    n, failed = task
    if n == 3:
        Path(failed).touch()
        raise ValueError("three is refused")
    if n == 2:
        wait_until(lambda: os.path.exists(failed), "task 3 to fail")
    return n


def die_once_on_two(task: tuple[int, str]) -> tuple[int, int]:
    """Task 2 kills its worker the first time (the marker file says it was tried)."""
    n, marker = task
    if n == 2 and not os.path.exists(marker):
        Path(marker).touch()
        os.kill(os.getpid(), signal.SIGKILL)
    return n, os.getpid()


def always_die(task: tuple[int, str]) -> int:
    """Every task but task 0 kills its worker; task 0 ends only once task 1 has killed one
    worker ATTEMPTS times (each attempt writes a line to the file named)."""
    n, attempts = task
    if n == 0:
        wait_until(
            lambda: os.path.exists(attempts) and len(Path(attempts).read_text()) >= ATTEMPTS,
            f"task 1 to kill its worker {ATTEMPTS} times",
        )
        return n
    if n == 1:
        with open(attempts, "a") as tried:
            tried.write("x")
    os.kill(os.getpid(), signal.SIGKILL)
    return n


class HoldsALock(Exception):
    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.lock = threading.Lock()  # cannot be pickled


def odd_error(n: int) -> int:
    raise HoldsALock("this and that")


def slow(n: int) -> int:
    if n > 0:
        time.sleep(600)  # busy for longer than any test may wait: stopped, or never done
    return n


def no_children_left() -> bool:
    return not multiprocessing.active_children()


def test_results_come_in_order_and_each_end_is_told() -> None:
    ended: list[int] = []
    results = list(run_in_workers(2, square, range(40), finished=lambda: ended.append(1)))
    assert results == [n * n for n in range(40)]
    assert len(ended) == 40
    assert no_children_left()


def test_tasks_are_taken_only_a_window_ahead_of_the_results_given() -> None:
    taken: list[int] = []

    def tasks() -> Iterator[int]:
        for n in range(1000):
            taken.append(n)
            yield n

    with contextlib.closing(run_in_workers(2, square, tasks(), ahead=3)) as results:
        assert next(results) == 0
        # Two workers and three ahead of the first result not yet given: tasks 0 to 5 at
        # most, however fast the workers are.
        assert len(taken) <= 6
    assert no_children_left()


def test_an_error_in_a_task_is_raised_in_its_turn_with_the_workers_traceback(
    tmp_path: Path,
) -> None:
    failed = str(tmp_path / "failed")
    results = run_in_workers(2, fail_on_three, [(n, failed) for n in range(10)])
    given = []
    with pytest.raises(ValueError, match="three is refused") as raised:
        for result in results:
            given.append(result)
    assert given == [0, 1, 2]
    assert isinstance(raised.value.__cause__, RemoteTraceback)
    assert "fail_on_three" in str(raised.value.__cause__)
    assert no_children_left()


def refuse_to_start() -> None:
    raise OSError("no data here")


def test_a_worker_that_cannot_start_raises_its_error_in_the_leader(
    capfd: pytest.CaptureFixture[str],
) -> None:
    with pytest.raises(OSError, match="no data here"):
        list(run_in_workers(2, square, range(5), start=refuse_to_start))
    assert no_children_left()
    assert "Traceback" not in capfd.readouterr().err  # nothing printed by the workers


def test_a_worker_killed_mid_task_is_replaced_and_its_task_run_again(tmp_path: Path) -> None:
    marker = str(tmp_path / "tried")
    results = list(run_in_workers(2, die_once_on_two, [(n, marker) for n in range(8)]))
    assert [n for n, _ in results] == list(range(8))
    assert os.path.exists(marker)  # task 2 did kill its first worker
    assert len({pid for _, pid in results}) >= 2
    assert no_children_left()


def test_a_task_that_kills_every_worker_is_given_up_in_its_turn_after_a_few_attempts(
    tmp_path: Path,
) -> None:
    attempts = str(tmp_path / "attempts")
    results = run_in_workers(2, always_die, [(n, attempts) for n in range(3)])
    assert next(results) == 0  # the task before it still ends and is given
    assert Path(attempts).read_text() == "x" * ATTEMPTS
    with pytest.raises(WorkerLost, match=f"died on task 2 {ATTEMPTS} times"):
        next(results)
    assert no_children_left()


def test_an_error_that_cannot_be_sent_whole_is_said_in_words() -> None:
    with pytest.raises(RuntimeError, match="HoldsALock: this and that"):
        list(run_in_workers(1, odd_error, [1]))
    assert no_children_left()


def test_closing_early_stops_busy_workers_at_once() -> None:
    results = run_in_workers(2, slow, range(4))
    assert next(results) == 0  # task 0 is quick; tasks 1 and 2 would take ten minutes
    # Closed in a thread, so that a close that waits for the busy workers fails the test
    # (after a wait far shorter than their tasks) instead of hanging it.
    closer = threading.Thread(target=results.close)
    closer.start()
    closer.join(WAIT_SECONDS)
    assert not closer.is_alive(), "closing waited for the busy workers' tasks"
    assert no_children_left()


def test_a_worker_ignores_ctrl_c_which_is_the_leaders() -> None:
    # A terminal sends SIGINT to the whole process group; only the leader acts on it.
    results = run_in_workers(1, square, [3], start=signal.raise_signal, start_args=(signal.SIGINT,))
    assert list(results) == [9]
    assert no_children_left()


LEADER = """
import os, sys, time
from thebes.safeio.workers import run_in_workers
sys.path[:0] = [{here!r}, {tests!r}]  # test_workers, and the helpers it imports
from test_workers import nap
for n in run_in_workers(2, nap, range(100)):
    print(n, os.getpid(), flush=True)
"""


def nap(n: int) -> int:
    time.sleep(0.05)  # the work of a task: the leader is killed while they go on
    return os.getpid()


def test_workers_end_when_their_leader_is_killed_outright() -> None:
    # SIGKILL leaves no chance to stop the workers: each must see its pipe close.
    here = Path(__file__).parent
    script = LEADER.format(here=str(here), tests=str(here.parent))
    leader = subprocess.Popen(
        [sys.executable, "-c", script], stdout=subprocess.PIPE, text=True, start_new_session=True
    )
    assert leader.stdout is not None
    workers = {int(leader.stdout.readline().split()[0]) for _ in range(6)}
    assert len(workers) == 2
    leader.kill()
    leader.wait()
    try:
        wait_until(
            lambda: not any(_alive(pid) for pid in workers), "the workers to end", timeout=10
        )
    finally:
        for pid in workers:
            with contextlib.suppress(ProcessLookupError):
                os.kill(pid, signal.SIGKILL)


def _alive(pid: int) -> bool:
    try:
        with open(f"/proc/{pid}/stat") as stat:
            return stat.read().split(") ")[1][0] != "Z"  # a zombie has ended
    except FileNotFoundError:
        return False
