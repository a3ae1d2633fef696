"""`thebes simulate --scheduler`: a real Dask scheduler and two workers started on this
machine (127.0.0.1), studies on them compared game by game with a local run of the same
seeds (JSON, plain lines, saved files), a worker killed while it plays a game of a study,
Ctrl-C's sibling SIGTERM mid-study, workers running another thebes, a scheduler that cannot
be reached, Dask not installed, and the luck study's benchmark on the same cluster.

The scheduler and workers serve the whole module (each xdist worker that runs some of its
tests starts its own). Every process started here is stopped when the module ends, whether
its tests passed or not. The test of a lost worker kills one of the two: the tests after it
play on the other, which changes nothing they check.

Under coverage (`.ci/run`) only the `thebes simulate` commands are measured: the cluster's
processes and the local runs the studies are compared with run untraced, several times
faster (the lines a worker runs to play a game are those a local run plays them with).
"""

from __future__ import annotations

import contextlib
import importlib.util
import os
import pty
import re
import select
import shutil
import signal
import socket
import subprocess
import sys
import tomllib
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import distributed
import pytest

import thebes.tournament
from helpers import REPO, TESTS, wait_until
from thebes.cli.main import main
from thebes.rules import NO_VARIANTS
from thebes.safeio.invocation import pip_install_command
from thebes.tournament import cluster as on_cluster
from thebes.tournament.series import Entry, entries_for

DASK = Path(sys.executable).parent / "dask"
GAMES = 12
# Game i has seed 700 + i; three players, the bots moving one seat on from game to game.
SERIES: tuple[str, ...] = ("--players", "3", "--bots", "greedy,random,greedy", "--rotate")
SERIES += ("--seed", "700", "--games", str(GAMES))
# What coverage's `patch = ["subprocess"]` measures a Python subprocess with, left out.
UNTRACED = {
    name: value
    for name, value in os.environ.items()
    if name not in ("COVERAGE_PROCESS_CONFIG", "COVERAGE_PROCESS_START")
}
# Seconds: liveness bounds, far above what a working run takes (a second or two); they only
# stop a test whose process never comes up or never ends.
LIVENESS = 120


@dataclass(frozen=True)
class Worker:
    process: subprocess.Popen[bytes]
    address: str


@dataclass
class Cluster:
    """A Dask scheduler at ``address``, its workers, and every process started for it."""

    folder: Path
    address: str = ""
    workers: list[Worker] = field(default_factory=list)
    started: list[subprocess.Popen[bytes]] = field(default_factory=list)

    def start(self, name: str, command: list[str]) -> tuple[subprocess.Popen[bytes], Path]:
        """Start ``command`` untraced, its output in ``name``.log."""
        log = self.folder / f"{name}.log"
        with log.open("wb") as output:
            process = subprocess.Popen(
                command, stdout=output, stderr=subprocess.STDOUT, env=UNTRACED
            )
        self.started.append(process)
        return process, log

    def start_worker(self, name: str) -> tuple[subprocess.Popen[bytes], Path]:
        """A worker process of one thread, as docs/studies.md starts them."""
        command = [str(DASK), "worker", self.address, "--name", name, "--nthreads", "1"]
        command += ["--no-nanny", "--host", "127.0.0.1", "--no-dashboard"]
        command += ["--death-timeout", "60", "--local-directory", str(self.folder / name)]
        return self.start(name, command)


def _wait_for(log: Path, pattern: str, process: subprocess.Popen[bytes]) -> str:
    """The first group of ``pattern`` once the log holds it; fails if the process ends."""

    def written() -> str:
        return log.read_text(errors="replace")

    def came() -> bool:
        text = written()
        assert process.poll() is None, text
        return re.search(pattern, text) is not None

    wait_until(came, f"{pattern!r} in {log.name}", LIVENESS, details=written)
    found = re.search(pattern, written())
    assert found is not None
    return found[1]


def _stop(process: subprocess.Popen[Any]) -> None:
    if process.poll() is None:
        process.terminate()
        try:
            process.wait(timeout=LIVENESS)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()


@pytest.fixture(scope="module")
def cluster(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Cluster]:
    found = Cluster(tmp_path_factory.mktemp("dask"))
    try:
        # Port 0 for the scheduler and for its HTTP server: free ones, said in its log.
        command = [str(DASK), "scheduler", "--host", "127.0.0.1", "--port", "0"]
        command += ["--dashboard-address", "127.0.0.1:0", "--idle-timeout", "600"]
        scheduler, log = found.start("scheduler", command)
        found.address = _wait_for(log, r"Scheduler at:\s+(\S+)", scheduler)
        starting = [found.start_worker(name) for name in ("w1", "w2")]  # side by side
        for process, log in starting:
            address = _wait_for(log, r"Start worker at:\s+(\S+)[\s\S]*Registered to:", process)
            found.workers.append(Worker(process, address))
        yield found
    finally:
        for process in reversed(found.started):  # the workers, then the scheduler
            _stop(process)


@dataclass(frozen=True)
class LocalRun:
    json: list[str]  # the lines of --json
    plain: str  # the output without --json
    files: Path  # the game files of --save-dir


def simulate(*args: str) -> list[str]:
    """`thebes simulate ARGS` as a command line."""
    return [sys.executable, "-m", "thebes", "simulate", *args]


@pytest.fixture(scope="module")
def local(tmp_path_factory: pytest.TempPathFactory) -> LocalRun:
    """The series played here, without a scheduler."""
    files = tmp_path_factory.mktemp("local-games")
    outputs = []
    for args in ([*SERIES, "--json", "--save-dir", str(files)], SERIES):
        done = subprocess.run(
            simulate(*args), capture_output=True, text=True, env=UNTRACED, timeout=LIVENESS
        )
        assert (done.returncode, done.stderr) == (0, "")
        outputs.append(done.stdout)
    return LocalRun(outputs[0].splitlines(), outputs[1], files)


def assert_same_files(local: Path, remote: Path) -> None:
    names = sorted(p.name for p in local.iterdir())
    assert len(names) == GAMES
    assert sorted(p.name for p in remote.iterdir()) == names
    for name in names:
        assert (remote / name).read_bytes() == (local / name).read_bytes(), name


def test_the_cluster_plays_the_games_of_a_local_run(
    cluster: Cluster, local: LocalRun, tmp_path: Path
) -> None:
    args = [*SERIES, "--json", "--save-dir", str(tmp_path), "--scheduler", cluster.address]
    done = subprocess.run(simulate(*args), capture_output=True, text=True, timeout=LIVENESS)
    assert (done.returncode, done.stderr) == (0, "")
    assert done.stdout.splitlines() == local.json  # game by game, in seed order, and the sums
    assert_same_files(local.files, tmp_path)


def test_a_game_is_refused_by_a_worker_of_another_thebes_and_raises_its_own_bugs(
    cluster: Cluster,
) -> None:
    # A worker that joins after the study's check is checked by the first game it gets.
    build = on_cluster.this_build()
    other = on_cluster.Build("0.0.1", build.code, build.data)
    seats = entries_for(["random"], 2)
    buggy = [*seats[:1], Entry("genius", "genius")]  # a level no bot has: the game raises

    def ended(*args: object) -> distributed.Future[Any]:
        """The game played on the cluster, once it has ended (well or not)."""
        game: distributed.Future[Any] = client.submit(on_cluster._play, *args, pure=False)
        game.exception(timeout=LIVENESS)  # waits; None for a game that ended well
        return game

    with distributed.Client(cluster.address, set_as_default=False) as client:
        games = [
            ended(5, seats, NO_VARIANTS, True, None, build),
            ended(6, seats, NO_VARIANTS, False, None, build),
        ]
        results = on_cluster._results(client, games, [5, 6], cluster.address)
        refused = ended(5, seats, NO_VARIANTS, False, None, other)
        with pytest.raises(on_cluster.ClusterError) as said:
            on_cluster._results(client, [refused], [5], cluster.address)
        failed = ended(7, buggy, NO_VARIANTS, False, None, build)
        with pytest.raises(ValueError, match="unknown bot level 'genius'"):  # as a local run
            on_cluster._results(client, [failed], [7], cluster.address)
    (result, text), (_, no_text) = results
    assert result.seed == 5 and text is not None and text.startswith("{") and no_text is None
    assert re.fullmatch(
        r"the worker at tcp://127\.0\.0\.1:\d+ runs another thebes \(version \S+\) than this "
        r"one \(0\.0\.1\): .*",
        said.value.line,
    )


def test_workers_running_another_thebes_are_refused_before_the_study(
    cluster: Cluster, monkeypatch: pytest.MonkeyPatch
) -> None:
    build = on_cluster.this_build()
    # This process as one whose data files differ from the workers'.
    monkeypatch.setattr(on_cluster, "_build", on_cluster.Build(build.version, build.code, "0"))
    with (
        distributed.Client(cluster.address, set_as_default=False) as client,
        pytest.raises(on_cluster.ClusterError) as said,
    ):
        on_cluster._checked_workers(client, cluster.address)
    assert said.value.line in {
        f"the worker at {worker.address} runs another thebes (other data files) than this "
        f"one ({build.version}): the same seeds give the same games only with the same "
        "thebes on every machine"
        for worker in cluster.workers
    }


def test_the_build_tells_other_data_files_from_the_installed_ones(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    data = tmp_path / "data"
    shutil.copytree(REPO / "data", data)
    mine = on_cluster._digest_of(on_cluster._data_files())
    monkeypatch.setenv("THEBES_DATA", str(data))
    assert on_cluster._digest_of(on_cluster._data_files()) == mine
    with (data / "cards.yaml").open("a") as cards:
        cards.write("# the same cards, another file\n")
    assert on_cluster._digest_of(on_cluster._data_files()) != mine


def test_the_luck_study_gives_the_same_figures_on_the_cluster(
    cluster: Cluster, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    script = REPO / "benchmarks" / "bench_variants.py"
    quick = ["--games", "4", "--strong-games", "0", "--configs", "base", "--seed", "900"]
    done = subprocess.run(
        [sys.executable, str(script), *quick, "--scheduler", cluster.address],
        capture_output=True,
        text=True,
        env=UNTRACED,  # a benchmark's lines do not count toward the coverage floor
        timeout=LIVENESS,
        cwd=TESTS,
    )
    assert (done.returncode, done.stderr) == (0, "")
    lines = done.stdout.splitlines()
    assert lines[0] == f"2 players, the Dask cluster at {cluster.address}, seeds from 900"
    # The same study played here, by the script's own functions.
    spec = importlib.util.spec_from_file_location("bench_variants", script)
    assert spec is not None and spec.loader is not None
    bench = importlib.util.module_from_spec(spec)
    monkeypatch.setitem(sys.modules, "bench_variants", bench)  # its dataclasses look it up
    spec.loader.exec_module(bench)
    bench.print_luck({"base": bench.luck("base", 4, 900, bench.Players(1))}, 4)
    here = capsys.readouterr().out.splitlines()
    assert lines[1:4] == here[:3]
    # The base row's figures, all but its time.
    assert lines[4].startswith("base") and lines[4].split()[:-1] == here[3].split()[:-1]


def test_leaving_mid_study_on_sigterm_lets_the_scheduler_forget_its_games(
    cluster: Cluster,
) -> None:
    args = [*SERIES[:-2], "--games", "5000", "--json", "--scheduler", cluster.address]
    with distributed.Client(cluster.address, set_as_default=False) as watcher:
        study = subprocess.Popen(
            simulate(*args), stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True
        )
        assert study.stdout is not None
        assert select.select([study.stdout], [], [], LIVENESS)[0], "no game came back"
        assert study.stdout.readline().startswith('{"seed": 700,')
        study.send_signal(signal.SIGTERM)
        _, err = study.communicate(timeout=LIVENESS)
        assert (study.returncode, err) == (128 + signal.SIGTERM, "thebes: ended by SIGTERM.\n")

        def games_left(dask_scheduler: distributed.Scheduler) -> list[str]:
            return [str(k) for k in dask_scheduler.tasks if str(k).startswith("thebes-game-")]

        wait_until(
            lambda: not watcher.run_on_scheduler(games_left),
            "the scheduler to forget the study's games",
            LIVENESS,
        )


def test_a_worker_lost_mid_study_loses_no_game(
    cluster: Cluster, local: LocalRun, tmp_path: Path
) -> None:
    """Plain lines on a terminal, as someone at the keyboard runs a study: the same lines
    and files as a local run, and a progress bar that counts each game once."""
    doomed = cluster.workers[-1]
    leader, follower = pty.openpty()
    env = {**os.environ, "COLUMNS": "80", "TERM": "xterm"}
    args = [*SERIES, "--save-dir", str(tmp_path), "--scheduler", cluster.address]
    with distributed.Client(cluster.address, set_as_default=False) as watcher:
        study = subprocess.Popen(simulate(*args), stdout=subprocess.PIPE, stderr=follower, env=env)
        os.close(follower)
        try:
            # Killed while it plays a game of the study: that game must be played again.
            def doomed_busy() -> bool:
                assert study.poll() is None
                return bool(watcher.processing([doomed.address]).get(doomed.address))

            wait_until(doomed_busy, "a game on the doomed worker", LIVENESS, interval=0.002)
            doomed.process.kill()
            out, _ = study.communicate(timeout=LIVENESS)
        finally:
            _stop(study)
        events = [event for _, event in watcher.get_events("all")]
    chunks = []
    with contextlib.suppress(OSError):  # the pty's end, once the command has closed it
        while chunk := os.read(leader, 65536):
            chunks.append(chunk)
    os.close(leader)
    lost = [
        e for e in events if e.get("action") == "remove-worker" and e["worker"] == doomed.address
    ]
    assert any(str(key).startswith("thebes-game-") for key in lost[0]["processing-tasks"])
    assert study.returncode == 0
    assert out.decode() == local.plain  # every game once, the same game
    assert_same_files(local.files, tmp_path)
    counts = [int(n) for n in re.findall(rf"(\d+)/{GAMES}", b"".join(chunks).decode())]
    assert counts == sorted(counts) and counts[-1] == GAMES, counts


def test_a_scheduler_that_cannot_be_reached_is_one_line() -> None:
    # Nothing listens on a port just freed; the timeout is shortened for the test. A
    # malformed address is refused before a client exists (one that failed to start held
    # up the interpreter's exit with a traceback).
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    address = f"tcp://127.0.0.1:{port}"
    code = (
        "from thebes.tournament import cluster\ncluster.CONNECT_TIMEOUT = 0.5\n"
        "from thebes.cli.main import main\n"
        f"for where in ({address!r}, 'udp://10.0.0.5:8786'):\n"
        "    print(main(['simulate', '--games', '2', '--scheduler', where]))"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=LIVENESS
    )
    assert (done.returncode, done.stdout.split()) == (0, ["1", "2"])
    unreachable, malformed = done.stderr.splitlines()
    assert unreachable == (
        f"thebes: cannot reach the Dask scheduler at {address}: Timed out trying to connect "
        f"to {address} after 0.5 s"
    )
    assert malformed.startswith("thebes: udp://10.0.0.5:8786 is not a scheduler's address (")
    assert malformed.endswith("; give one such as tcp://10.0.0.5:8786")


def test_without_dask_the_option_says_what_to_install(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    config = tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))
    (wanted,) = config["project"]["optional-dependencies"]["cluster"]
    monkeypatch.setitem(sys.modules, "distributed", None)  # as if it were not installed
    monkeypatch.delitem(sys.modules, "thebes.tournament.cluster")
    monkeypatch.delattr(thebes.tournament, "cluster")
    assert main(["simulate", "--scheduler", "tcp://127.0.0.1:8786"]) == 2
    assert capsys.readouterr() == (
        "",
        "thebes: --scheduler needs Dask distributed (the extra thebes[cluster]): "
        f"{pip_install_command(wanted)}\n",
    )
    assert wanted.startswith("distributed>=") and f"'{wanted}'" in pip_install_command(wanted)
