"""Work spread over worker processes that a signal, Ctrl-C or a lost worker cannot hang.

`thebes simulate --jobs` and `thebes analyze --jobs` hand independent tasks (games, moves to
review) to worker processes and take the results back in order. ``multiprocessing.Pool``
did it until a SIGTERM during a series hung `thebes` for good: its workers share the locks
of two queues, ``Pool.terminate()`` kills workers that may be holding one, and the pool's
own threads then wait on that lock for ever (seen twice: the task thread waiting to write
to the result queue, a worker waiting to read the task queue). Here each worker has a pipe
of its own, so a worker that dies, however and whenever, takes no lock with it: the leader
sees the pipe close.

- Results come back in the order of the tasks, while ``finished`` is told of each task as it
  ends anywhere.
- A worker that dies mid-task (killed from outside, out of memory) is replaced and its task
  is run again, up to :data:`ATTEMPTS` times in all; a task (or a worker's start) that
  raises raises the same error here, in its turn (the results before it are given first).
- However the leader leaves (a signal's ``Ended``, Ctrl-C, the caller closing the
  generator, an error), its workers are stopped and waited for. Workers ignore SIGINT
  (Ctrl-C is the leader's to handle) and end quietly if the leader goes away.
"""

from __future__ import annotations

import contextlib
import itertools
import multiprocessing
import pickle
import signal
import traceback
from collections.abc import Callable, Generator, Iterable, Iterator
from dataclasses import dataclass, field
from multiprocessing.connection import Connection, wait
from multiprocessing.process import BaseProcess
from typing import Generic, TypeVar, cast

from thebes.errors import ThebesError
from thebes.language import _

Task = TypeVar("Task")
Result = TypeVar("Result")

# How many times a task is started before the worker processes' deaths are given up on.
ATTEMPTS = 3
# Seconds a worker has to end after SIGTERM before it is killed.
STOP_SECONDS = 5.0


class WorkerLost(ThebesError):
    """A task whose worker process died every time it was run."""


class RemoteTraceback(Exception):
    """The traceback of an error raised in a worker, as the worker printed it."""


def run_in_workers(
    jobs: int,
    work: Callable[[Task], Result],
    tasks: Iterable[Task],
    *,
    start: Callable[..., None] | None = None,
    start_args: tuple[object, ...] = (),
    ahead: int = 0,
    finished: Callable[[], None] | None = None,
) -> Generator[Result, None, None]:
    """``work(task)`` for each task, in order, run by ``jobs`` worker processes.

    Each worker first calls ``start(*start_args)`` (to load what every task needs).
    ``work`` and ``start`` must be module-level functions (a spawned worker imports them).
    At most ``jobs + ahead`` tasks are taken from ``tasks`` beyond the first result not yet
    given, so a long series keeps memory flat. Close the generator when done with it
    (``contextlib.closing``): that stops the workers even when not every task was run."""
    pool = _Pool(jobs, work, start, start_args)
    try:
        yield from pool.results(iter(tasks), jobs + ahead, finished)
    finally:
        pool.stop()


@dataclass(eq=False, slots=True)
class _Task:
    number: int  # from 0, in the order given
    item: object
    attempts: int = 0  # times handed to a worker


@dataclass(eq=False, slots=True)
class _Worker:
    process: BaseProcess
    connection: Connection
    task: _Task | None = None  # the task it is running


@dataclass(eq=False)
class _Pool(Generic[Task, Result]):
    jobs: int
    work: Callable[[Task], Result]
    start: Callable[..., None] | None
    start_args: tuple[object, ...]
    workers: list[_Worker] = field(default_factory=list)

    def results(
        self, tasks: Iterator[Task], window: int, finished: Callable[[], None] | None
    ) -> Iterator[Result]:
        done: dict[int, tuple[bool, object]] = {}  # by task number: ok, result or error
        retry: list[_Task] = []  # tasks whose worker died
        taken = given = 0
        for _job in range(self.jobs):
            self._start_one()
        while True:
            for worker in self.workers:
                if worker.task is None and retry:
                    self._hand(worker, retry.pop())
                elif worker.task is None and taken < given + window:
                    for item in itertools.islice(tasks, 1):
                        self._hand(worker, _Task(taken, item))
                        taken += 1
            busy = [w for w in self.workers if w.task is not None]
            if not busy:
                return
            for connection in wait([w.connection for w in busy]):
                worker = next(w for w in busy if w.connection is connection)
                ended = self._outcome(worker, retry)
                if ended is not None:
                    done[ended[0]] = ended[1]
                    if finished is not None and ended[1][0]:
                        finished()
            while given in done:
                ok, payload = done.pop(given)
                if not ok:  # raised in its turn: the results before it are given first
                    error, text = cast(tuple[BaseException, str], payload)
                    raise error from RemoteTraceback(text)
                yield cast(Result, payload)
                given += 1

    def _outcome(
        self, worker: _Worker, retry: list[_Task]
    ) -> tuple[int, tuple[bool, object]] | None:
        """The task number and what ``worker`` sent (whether it worked, and the result or
        the error); None if it died, its task put in ``retry`` to be run by a new worker."""
        task = worker.task
        assert task is not None
        try:
            ok, payload = worker.connection.recv()
        except (EOFError, OSError):
            exit_code = worker.process.exitcode
            self._replace(worker)
            if task.attempts >= ATTEMPTS:
                lost = WorkerLost(
                    _(
                        "a worker process died on task {task} {attempts} times "
                        "(last exit code {code})"
                    ).format(task=task.number + 1, attempts=ATTEMPTS, code=exit_code)
                )
                return task.number, (False, (lost, ""))
            retry.append(task)
            return None
        except Exception as error:  # sent, but it cannot be read back (an odd exception)
            worker.task = None
            text = f"a worker's answer could not be read: {type(error).__name__}: {error}"
            return task.number, (False, (RuntimeError(text), ""))
        worker.task = None
        return task.number, (ok, payload)

    def _hand(self, worker: _Worker, task: _Task) -> None:
        task.attempts += 1
        worker.task = task
        # A worker that died before taking it is seen in wait(), its pipe closed.
        with contextlib.suppress(OSError):
            worker.connection.send((task.item,))

    def _start_one(self, index: int | None = None) -> None:
        """A new worker, at ``index`` of the workers (None: at the end). A signal waits
        until it is started and listed, so that :meth:`stop` always finds it; the worker
        starts with the signals blocked and unblocks them once it ignores SIGINT."""
        with _signals_held():
            mine, theirs = multiprocessing.Pipe()
            process = multiprocessing.Process(
                target=_serve,
                args=(theirs, mine, self.work, self.start, self.start_args),
                daemon=True,
            )
            process.start()
            theirs.close()  # so that the worker's death closes the pipe at this end
            worker = _Worker(process, mine)
            if index is None:
                self.workers.append(worker)
            else:
                self.workers[index] = worker

    def _replace(self, worker: _Worker) -> None:
        _stop(worker)
        self._start_one(self.workers.index(worker))

    def stop(self) -> None:
        """Every worker ended: told to when idle (so it exits as a program does), else
        sent SIGTERM, and killed if it lingers. A signal (a second Ctrl-C) waits until it is
        done."""
        with _signals_held():
            for worker in self.workers:
                if worker.task is None:
                    with contextlib.suppress(OSError):
                        worker.connection.send(None)
                else:
                    worker.process.terminate()
            for worker in self.workers:
                _stop(worker)
            self.workers = []


# Ctrl-C and the signals that end thebes (thebes.tui.signals.ENDING), held back while
# workers are started or stopped.
_HELD = {signal.SIGINT, signal.SIGTERM, signal.SIGHUP, signal.SIGQUIT}


@contextlib.contextmanager
def _signals_held() -> Iterator[None]:
    if not hasattr(signal, "pthread_sigmask"):  # Windows
        yield
        return
    before = signal.pthread_sigmask(signal.SIG_BLOCK, _HELD)
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, before)


def _stop(worker: _Worker) -> None:
    worker.process.join(STOP_SECONDS)
    if worker.process.exitcode is None:
        worker.process.kill()
        worker.process.join()
    worker.connection.close()


def _serve(
    connection: Connection,
    leaders_end: Connection,
    work: Callable[[object], object],
    start: Callable[..., None] | None,
    start_args: tuple[object, ...],
) -> None:
    """A worker's life: start, then run each task sent (as a 1-tuple) until sent None or
    the leader is gone."""
    # A forked worker holds a copy of the leader's end of its pipe: closed, the pipe ends
    # when the leader does, however it ends (else the worker would wait for ever).
    leaders_end.close()
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    if hasattr(signal, "pthread_sigmask"):  # started with them blocked: see _start_one
        signal.pthread_sigmask(signal.SIG_UNBLOCK, _HELD)
    failed: tuple[bool, object] | None = None  # why start failed: every task's answer
    try:
        if start is not None:
            start(*start_args)
    except Exception as error:  # raised again in the leader, by the first task
        failed = (False, (error, traceback.format_exc()))
    while True:
        try:
            sent = connection.recv()
        except (EOFError, OSError):
            return  # the leader is gone
        if sent is None:
            return
        try:
            outcome = failed or (True, work(sent[0]))
        except Exception as error:  # raised again in the leader
            outcome = (False, (_portable(error), traceback.format_exc()))
        try:
            connection.send(outcome)
        except OSError:
            return  # the leader is gone
        except Exception as error:  # a result that cannot be pickled
            text = f"{type(error).__name__}: {error}"
            with contextlib.suppress(OSError):
                connection.send((False, (RuntimeError(text), traceback.format_exc())))


def _portable(error: Exception) -> Exception:
    """``error``, or a RuntimeError saying it, if it would not come through the pipe
    whole (an exception whose constructor needs other arguments cannot be unpickled).
    Only the bytes pickled here, a line before, are unpickled: nothing from outside."""
    try:
        pickle.loads(pickle.dumps(error))
    except Exception:
        return RuntimeError(f"{type(error).__name__}: {error}")
    return error
