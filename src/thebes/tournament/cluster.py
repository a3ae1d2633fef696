"""Series of games played by the workers of a Dask distributed cluster: `thebes simulate
--scheduler ADDRESS`, and the luck study's.

The one module of thebes that imports Dask (a contract in pyproject.toml), and only
:func:`thebes.tournament.series.play_series` imports it, when a study is given a scheduler:
Dask is an optional extra (``thebes[cluster]``), and a study without one does not pay for
importing it. A study on a cluster gives the games a local one gives, game by game:

- Before the first game every worker says which thebes it runs (its version, a digest of
  its code and one of the data files its catalog is loaded from); one that runs another is
  refused, since a seed gives the same game only with the same code and data. A worker
  that joins later is checked by the first game it is given.
- Games are handed to the cluster as they are needed, not all at once: at most
  :data:`GAMES_PER_THREAD` per worker thread are out (submitted, and not yet handed on),
  topped up as each comes back, so a study of a million games never holds a million
  futures. They are handed on in seed order, as the local runner does.
- A worker lost in the middle of a game (its machine gone, its process killed) costs no
  game: the scheduler runs that worker's games again on the others, and each game is
  handed on once, from whichever run ended it (a game depends on its seed alone, so every
  run of it is the same game). The scheduler gives up on a game only once it has lost
  ``distributed.scheduler.allowed-failures`` workers running it (3 unless configured),
  which is refused here in one line, as is a scheduler lost mid-study.
- An error inside a game (a bug) is raised here as the local runner raises it.
- Game files (``--save-dir``) are written by this process from the text each worker sends
  back, so the workers need no shared folder and the files are those of a local run.

Leaving the study (its end, an error, Ctrl-C, SIGTERM: the generator is closed) closes the
client, and the scheduler forgets the games still out.
"""

from __future__ import annotations

import hashlib
import importlib.metadata
import logging
import threading
import uuid
from collections.abc import Callable, Generator, Iterator, Sequence
from contextlib import contextmanager, suppress
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import distributed
from distributed.client import ClosedClientError
from distributed.comm.addressing import get_address_host_port

from thebes.catalog.loading import default_catalog, default_data_dir
from thebes.errors import EXIT_USAGE, ThebesError
from thebes.language import _
from thebes.rules import Variants
from thebes.safeio.text import printable
from thebes.tournament.bot_games import GameResult
from thebes.tournament.series import Entry, PlayedGame, Series, game_and_file, saved

# Games out per worker thread: enough that a thread finding its game done has the next one
# already at hand (a game's result takes a round trip to come back), few enough that a slow
# game holds back few finished ones waiting to be handed on in order.
GAMES_PER_THREAD = 4
# Seconds to reach the scheduler before it is said to be unreachable.
CONNECT_TIMEOUT = 5.0
# Seconds to leave the cluster: a scheduler that is gone is not waited for longer.
CLOSE_TIMEOUT = 5.0


class BadAddress(ThebesError):
    """--scheduler names no address a scheduler could have."""

    exit_code = EXIT_USAGE


class ClusterError(ThebesError):
    """The cluster cannot play the study: the scheduler cannot be reached or went away, no
    workers, a worker running another thebes, a game whose workers kept being lost."""


class WorkerDiffers(Exception):
    """Raised by a game on a worker that runs another thebes than the study's."""


@dataclass(frozen=True, slots=True)
class Build:
    """Which thebes a process runs: what must be the same everywhere for a seed to give
    the same game."""

    version: str
    code: str  # sha256 of the package's Python files
    data: str  # sha256 of the data files the catalog is loaded from

    def differences(self, other: Build) -> list[str]:
        """How ``other`` differs from this one, in words (none: the same)."""
        said = []
        if other.version != self.version:
            # TRANSLATORS: how a worker's thebes differs from this one: "version 1.2".
            said.append(_("version {version}").format(version=other.version))
        if other.code != self.code:
            said.append(_("other code"))
        if other.data != self.data:
            said.append(_("other data files"))
        return said


_build: Build | None = None
_build_lock = threading.Lock()


def this_build() -> Build:
    """The thebes this process runs (worked out once per process)."""
    global _build
    with _build_lock:
        if _build is None:
            _build = Build(_version(), _digest_of(_code_files()), _digest_of(_data_files()))
        return _build


def _version() -> str:
    try:
        return importlib.metadata.version("thebes")
    except importlib.metadata.PackageNotFoundError:
        # Not translated: builds are compared between machines, whatever their language.
        return "(not installed)"


def _code_files() -> list[tuple[str, Path]]:
    package = Path(__file__).resolve().parents[1]
    return [(path.relative_to(package).as_posix(), path) for path in package.rglob("*.py")]


def _data_files() -> list[tuple[str, Path]]:
    return [(path.name, path) for path in default_data_dir().glob("*.yaml")]


def _digest_of(files: list[tuple[str, Path]]) -> str:
    digest = hashlib.sha256()
    for name, path in sorted(files):
        content = path.read_bytes()
        digest.update(f"{name}\0{len(content)}\0".encode())
        digest.update(content)
    return digest.hexdigest()


def play_on_cluster(
    series: Series, address: str, finished: Callable[[], None] | None = None
) -> Generator[PlayedGame, None, None]:
    """Each game of the series, in order, played by the workers of the Dask cluster whose
    scheduler is at ``address``; ``finished`` is called as each game ends anywhere."""
    shown = printable(address)
    with _dask_logs_unsaid():
        client = _connect(address)
        try:
            build = _checked_workers(client, shown)
            yield from _games(client, series, build, shown, finished)
        except (OSError, ClosedClientError):
            # The connection broke under a call to the scheduler (a game file that cannot
            # be written is a SaveError, said with its game).
            raise ClusterError(_lost(shown)) from None
        finally:
            _leave(client)


def _lost(address: str) -> str:
    return _("lost the Dask scheduler at {address} in the middle of the study").format(
        address=address
    )


@contextmanager
def _dask_logs_unsaid() -> Iterator[None]:
    """Keep Dask's own log lines off the terminal while this process is its client: what
    goes wrong is said here in one line (a scheduler lost mid-study, for one, makes the
    client log its failed reconnection as a traceback)."""
    loggers = [logging.getLogger("distributed")] + [
        logging.getLogger(name)
        for name in list(logging.root.manager.loggerDict)
        if name.startswith("distributed.")
    ]
    levels = [logger.level for logger in loggers]
    for logger in loggers:
        logger.setLevel(logging.CRITICAL + 1)
    try:
        yield
    finally:
        for logger, level in zip(loggers, levels, strict=True):
            logger.setLevel(level)


def _connect(address: str) -> distributed.Client:
    shown = printable(address)
    try:
        # Checked before a Client exists: one whose start fails on a malformed address is
        # left open, and holds up the interpreter's exit with a traceback.
        get_address_host_port(address)
    except ValueError as exc:
        raise BadAddress(
            _(
                "{address} is not a scheduler's address ({reason}); give one such as {example}"
            ).format(address=shown, reason=printable(str(exc)), example="tcp://10.0.0.5:8786")
        ) from None
    try:
        return distributed.Client(address, timeout=CONNECT_TIMEOUT, set_as_default=False)
    except (OSError, ValueError, ImportError) as exc:
        reason = _first_line(exc)
        raise ClusterError(
            _("cannot reach the Dask scheduler at {address}: {reason}").format(
                address=shown, reason=reason
            )
        ) from None


def _leave(client: distributed.Client) -> None:
    """Close the client (the scheduler forgets the games it still had for it); a
    scheduler that is gone is not waited for past CLOSE_TIMEOUT, and says nothing."""
    with suppress(OSError, RuntimeError):
        client.close(timeout=CLOSE_TIMEOUT)


def _checked_workers(client: distributed.Client, address: str) -> Build:
    """This process's build, once every worker connected now is found to run the same."""
    mine = this_build()
    theirs: dict[str, Any] = client.run(this_build, on_error="return")
    if not theirs:
        raise ClusterError(
            # TRANSLATORS: {command} is the command that starts a worker, 'dask worker ...'.
            _(
                "no workers are connected to the Dask scheduler at {address}: start them with "
                "{command} on each machine"
            ).format(address=address, command=f"'dask worker {address}'")
        )
    for worker, build in sorted(theirs.items()):
        if not isinstance(build, Build):
            raise ClusterError(
                _("the worker at {worker} cannot run thebes: {reason}").format(
                    worker=worker, reason=_first_line(build)
                )
            )
        differences = mine.differences(build)
        if differences:
            raise ClusterError(_differs_line(worker, mine, differences))
    return mine


def _differs_line(worker: str, mine: Build, differences: Sequence[str]) -> str:
    # TRANSLATORS: {differences} is "version 1.2, other code" or the like.
    return _(
        "the worker at {worker} runs another thebes ({differences}) than this one "
        "({version}): the same seeds give the same games only with the same thebes on every "
        "machine"
    ).format(worker=printable(worker), differences=", ".join(differences), version=mine.version)


def _games(
    client: distributed.Client,
    series: Series,
    build: Build,
    address: str,
    finished: Callable[[], None] | None,
) -> Generator[PlayedGame, None, None]:
    """Submit games while fewer than the window are out, hand them on in order."""
    study = uuid.uuid4().hex[:12]  # the futures' keys must be unique on the scheduler
    # Says which futures have ended; their results are fetched here, a batch at a time
    # (when as_completed fetches them itself, a fetch under way as the client closes is
    # logged by Dask with a traceback).
    out = distributed.as_completed(loop=client.loop)
    index_of: dict[object, int] = {}  # by the future's key
    ended: dict[int, PlayedGame] = {}  # games come back in any order
    submitted = handed = 0
    window, resized_at = _window(client), 0
    while handed < series.games:
        if handed - resized_at >= window:  # workers come and go: the window follows them
            window, resized_at = _window(client), handed
        while submitted < series.games and submitted - handed < window:
            seed = series.seed + submitted
            future = client.submit(
                _play,
                seed,
                series.seats(submitted),
                series.variants,
                series.save_dir is not None,
                series.expert_budget,
                build,
                key=f"thebes-game-{seed}-{study}",
                pure=False,
            )
            index_of[future.key] = submitted
            out.add(future)
            submitted += 1
        batch = out.next_batch(block=True)
        indices = [index_of.pop(future.key) for future in batch]
        seeds = [series.seed + index for index in indices]
        results = _results(client, batch, seeds, address)
        for index, (result, text) in zip(indices, results, strict=True):
            ended[index] = saved(result, text, series.save_dir)
            if finished is not None:
                finished()
        while handed in ended:
            yield ended.pop(handed)
            handed += 1


def _window(client: distributed.Client) -> int:
    """How many games may be out at once: GAMES_PER_THREAD for each worker thread."""
    threads: int = sum(client.nthreads().values())
    return GAMES_PER_THREAD * max(1, threads)


def _results(
    client: distributed.Client,
    ended: list[distributed.Future[Any]],
    seeds: list[int],
    address: str,
) -> list[tuple[GameResult, str | None]]:
    """Each game's result and file text, fetched in one go; a game that failed is said
    (or raised, when it is a bug in the game, as a local run raises it)."""
    for future, seed in zip(ended, seeds, strict=True):
        if future.status == "cancelled":
            raise ClusterError(_lost(address))
        if future.status == "error":
            error = future.exception()
            if isinstance(error, distributed.KilledWorker):
                raise ClusterError(
                    # TRANSLATORS: {setting} is Dask's setting, not translated.
                    _(
                        "the game of seed {seed} was given up: every worker that ran it was "
                        "lost ({setting})"
                    ).format(seed=seed, setting="distributed.scheduler.allowed-failures")
                )
            if isinstance(error, WorkerDiffers):
                raise ClusterError(str(error))
            future.result()  # raises the game's error, with its traceback on the worker
    try:
        results: list[tuple[GameResult, str | None]] = client.gather(ended)
    except distributed.CancelledError:
        raise ClusterError(_lost(address)) from None
    return results


def _play(
    seed: int,
    seats: list[Entry],
    variants: Variants,
    with_file: bool,
    expert_budget: int | None,
    build: Build,
) -> tuple[GameResult, str | None]:
    """One game, on a worker: its result and its file's text."""
    here = this_build()
    if here != build:
        worker = distributed.get_worker().address
        raise WorkerDiffers(_differs_line(worker, build, build.differences(here)))
    return game_and_file(default_catalog(), seed, seats, variants, with_file, expert_budget)


def _first_line(error: object) -> str:
    lines = str(error).strip().splitlines()
    return printable(lines[0]) if lines else type(error).__name__
