"""One `thebes server` under load: TABLES tables of 2 people and 2 bots, every person an SSH
client of their own, all connected at once.

The server runs in a process of its own (`thebes server --json --data TMP --listen 127.0.0.1
--port 0`); this process is the 2 x TABLES people: asyncssh clients, each with an ed25519 key
of its own made here and coming from an address of its own on the loopback (127.1.x.y, as
people come from addresses of their own: the server lets 16 in from one address). Each
person answers "Your name:", one of each table makes it in the lobby (`new`: 4 players, 2 of
them bots of level --bots, live pace, 5 minutes a move), the other sits down (`sit N`), both
go to the table and turn confirmation off (`confirm off`). Then, until --minutes have passed,
each person whose turn it is thinks (--think: seconds, uniformly at random) and types the
first legal action, read from the table's game file (DATA/games/table-N.json) as typed. When
a game ends (its final screen weighs luck and skill first, which takes the server seconds),
its two people leave, come back, and make a new table.

What is measured:
- an action's latency: from the moment a person's line is sent to the moment the screen
  drawn after it, down to its prompt, has arrived at EVERY terminal of the table (both
  people's); people's actions only. A bot's move, after it, is held in view for 0.8 s
  (authority.PAUSE_SECONDS) before the next one: that pause is the table's, not the load's,
  and is left out;
- the server's memory (VmRSS from /proc/PID/status: idle, with everyone at their tables,
  the peak over the run (VmHWM), at the end of play, and a few seconds after everyone left)
  and its threads;
- the server's CPU (user + system from /proc/PID/stat) over the play, as a share of one core,
  and this process's own (the clients share the machine with the server).

Several table counts make a series, one line each (each with a server of its own):

    PYTHONPATH=src python benchmarks/bench_server.py [--tables 10 25 50] [--minutes 3]
        [--think 1 3] [--bots random] [--seed 1] [--screens DIR]

Prints figures; asserts nothing. Every wait is bounded (--wait seconds); the server is killed
at the end whatever happens.
"""

from __future__ import annotations

import argparse
import asyncio
import atexit
import bisect
import contextlib
import json
import os
import random
import re
import shlex
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import asyncssh

from thebes.catalog.loading import default_catalog
from thebes.records.session import Session

ACTING = " — a number"  # the prompt of the terminal whose turn it is
WATCHING = (" to play. You may type", " to play (help")  # every other terminal's prompt
PROMPTS = (ACTING, *WATCHING)
SCREEN = "Thebes"  # the title that begins every screen drawn (the prompt comes last)
FINAL = "The game is over"  # then the review is weighed, then the final scores shown
SIZE = (100, 40)
_CODES = re.compile(r"\x1b(\[[0-9;?>=]*[ -/]*[@-~]|\][^\x07]*\x07|[@-_])")
_TAIL = 64  # an escape sequence this near a chunk's end may go on in the next chunk
_MADE = re.compile(r"Table (\d+) made")
TICK = os.sysconf("SC_CLK_TCK")


class Stuck(Exception):
    """A wait ran out: what was awaited never showed."""


class Person:
    """One simulated person: an SSH client with a key and an address of its own, what its
    screen showed as text, and when each part of it arrived."""

    def __init__(self, name: str, address: str, wait: float) -> None:
        self.name, self.address, self.wait = name, address, wait
        self.key = asyncssh.generate_private_key("ssh-ed25519")
        self.text = ""
        self.mark = 0  # where in ``text`` the last line was typed
        self.ends: list[int] = []  # the end of each chunk in ``text``...
        self.times: list[float] = []  # ...and when it arrived
        self.closed = False
        self.game: Path | None = None  # its table's game file
        self._raw = ""
        self._grew = asyncio.Event()
        self._conn: Any = None
        self._process: Any = None
        self._reader: asyncio.Task[None] | None = None

    async def open(self, port: int) -> None:
        self.closed, self._raw = False, ""
        self._conn = await asyncio.wait_for(
            asyncssh.connect(
                "127.0.0.1", port, username="lobby", local_addr=(self.address, 0),
                client_keys=[self.key], known_hosts=None, agent_path=None,
            ),
            self.wait,
        )  # fmt: skip
        self._process = await asyncio.wait_for(
            self._conn.create_process(term_type="xterm-256color", term_size=SIZE), self.wait
        )
        self._reader = asyncio.create_task(self._read())

    async def _read(self) -> None:
        try:
            while chunk := await self._process.stdout.read(65536):
                raw = self._raw + chunk
                cut = raw.rfind("\x1b", max(0, len(raw) - _TAIL))
                ready, self._raw = (raw, "") if cut < 0 else (raw[:cut], raw[cut:])
                self.text += _CODES.sub("", ready)
                self.ends.append(len(self.text))
                self.times.append(time.monotonic())
                self._wake()
        except (asyncssh.Error, OSError):
            pass
        self.closed = True
        self._wake()

    def _wake(self) -> None:
        self._grew.set()
        self._grew = asyncio.Event()

    async def until(self, found: Any, what: str, wait: float | None = None) -> Any:
        """Wait until ``found()`` gives something; that (Stuck after ``wait`` seconds)."""
        deadline = time.monotonic() + (wait or self.wait)
        while not (result := found()):
            left = deadline - time.monotonic()
            if self.closed or left <= 0:
                raise Stuck(f"{self.name}: no {what}: {self.text[-300:]!r}")
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._grew.wait(), left)
        return result

    async def until_text(self, text: str) -> None:
        await self.until(lambda: text in self.text[self.mark :], repr(text))

    def drawn_after(self, start: int) -> int:
        """Where in ``text`` a whole screen drawn after ``start`` ends (its prompt); 0 if
        none yet."""
        over = self.text.find(FINAL, start)  # or the game's end, drawn
        ends = [over + len(FINAL)] if over >= 0 else []
        title = self.text.find(SCREEN, start)
        if title >= 0:
            ends += [at + len(p) for p in PROMPTS if (at := self.text.find(p, title)) >= 0]
        return min(ends, default=0)

    def arrived(self, end: int) -> float:
        """When the text up to ``end`` had arrived."""
        return self.times[bisect.bisect_left(self.ends, end)]

    def acting(self) -> bool:
        """Whether the last screen drawn since the last line typed ends in the acting prompt
        (the answered prompt, drawn again with its line as it ends, does not count)."""
        since = self.text[self.mark :]
        drawn = since.rfind(SCREEN)
        last = max(since.rfind(text) for text in WATCHING)
        return drawn >= 0 and since.rfind(ACTING) > max(drawn, last)

    def type(self, line: str) -> None:
        self.mark = len(self.text)
        self._process.stdin.write(line + "\r")

    async def leave(self) -> None:
        if self._conn is not None:
            self._conn.close()
            with contextlib.suppress(TimeoutError, asyncssh.Error, OSError):
                await asyncio.wait_for(self._conn.wait_closed(), 10)
        if self._reader is not None:
            self._reader.cancel()


@dataclass
class Run:
    """What one table count gave."""

    tables: int
    latencies: list[float] = field(default_factory=list)  # to every terminal of the table
    to_self: list[float] = field(default_factory=list)  # to the acting person's own
    stuck: list[str] = field(default_factory=list)
    games_over: int = 0
    setup_seconds: float = 0.0
    play_seconds: float = 0.0
    memory: dict[str, int] = field(default_factory=dict)  # kB
    threads: int = 0
    server_cpu: float = 0.0  # seconds over the play
    own_cpu: float = 0.0
    steps: int = 0
    errors: list[str] = field(default_factory=list)


def proc_status(pid: int) -> dict[str, int]:
    figures: dict[str, int] = {}
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        key, _colon, value = line.partition(":")
        if key in ("VmRSS", "VmHWM", "Threads"):
            figures[key] = int(value.split()[0])
    return figures


def proc_cpu(pid: int) -> float:
    """User + system seconds of process ``pid`` so far."""
    text = Path(f"/proc/{pid}/stat").read_text()
    fields = text[text.rindex(")") + 2 :].split()
    return (int(fields[11]) + int(fields[12])) / TICK


def start_server(data: Path, wait: float) -> tuple[subprocess.Popen[bytes], int]:
    env = {**os.environ, "HOME": str(data.parent), "XDG_DATA_HOME": str(data.parent / "xdg")}
    env.pop("NO_COLOR", None)
    out = (data.parent / "server.out").open("wb")
    err = (data.parent / "server.err").open("wb")
    command = [sys.executable, "-m", "thebes", "server", "--json", "--data", str(data),
               "--listen", "127.0.0.1", "--port", "0"]  # fmt: skip
    process = subprocess.Popen(command, stdin=subprocess.DEVNULL, stdout=out, stderr=err, env=env)
    atexit.register(stop_server, process)  # whatever ends this process
    deadline = time.monotonic() + wait
    while time.monotonic() < deadline and process.poll() is None:
        line = (data.parent / "server.out").read_text().partition("\n")
        if line[1]:
            return process, int(json.loads(line[0])["port"])
        time.sleep(0.05)
    process.kill()
    raise Stuck(f"the server did not start: {(data.parent / 'server.err').read_text()[-500:]}")


def stop_server(process: subprocess.Popen[bytes]) -> None:
    if process.poll() is None:
        process.send_signal(signal.SIGTERM)
        try:
            process.wait(20)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait(20)


async def set_up_table(
    people: tuple[Person, Person], port: int, bots: str, gate: asyncio.Semaphore, data: Path
) -> None:
    """Both people in (their names given), then at a new table."""
    async with gate:
        for person in people:
            await person.open(port)
            await person.until_text("Your name:")
            person.type(person.name)
            await person.until_text("lobby>")
        await new_game(people, bots, data)


async def new_game(people: tuple[Person, Person], bots: str, data: Path) -> None:
    """A table made by the first of ``people`` in the lobby and taken by the second, both at
    it with confirmation off."""
    maker, guest = people
    maker.type("new")
    answers = [("(2-4)", "4"), ("bots", "2"), ("bot 1", bots), ("bot 2", bots),
               ("Pace", "live"), ("Minutes", "5"), ("runs out", "move"),
               ("Private", "n"), ("Variants", "")]  # fmt: skip
    for question, answer in answers:
        await maker.until_text(question)
        maker.type(answer)
    made = await maker.until(lambda: _MADE.search(maker.text[maker.mark :]), "table made")
    table = int(made.group(1))
    guest.type(f"sit {table}")
    await guest.until(lambda: guest.drawn_after(guest.mark), "its table")
    maker.type(str(table))
    await maker.until(lambda: maker.drawn_after(maker.mark), "its table")
    for person in people:
        person.type("confirm off")
        await person.until_text("Confirmation off")
        person.game = data / "games" / f"table-{table}.json"


async def table_life(
    people: tuple[Person, Person],
    until: float,
    args: argparse.Namespace,
    rng: random.Random,
    run: Run,
    data: Path,
    port: int,
) -> None:
    """``people`` play until ``until``; when their game is over, they make a new one."""
    think = (args.think[0], args.think[1])
    try:
        while time.monotonic() < until:
            over = await asyncio.gather(*(play(p, people, until, think, rng, run) for p in people))
            if not all(over) or time.monotonic() >= until:
                return
            run.games_over += 1
            for person in people:  # they leave the review and come back to the lobby
                await person.leave()
                person.mark = len(person.text)
                await person.open(port)
                await person.until_text("lobby>")
            await new_game(people, args.bots, data)
    except Stuck as stuck:
        run.stuck.append(f"{time.monotonic() - until:+.0f} s from the end: {stuck}")


def first_legal(person: Person) -> str | None:
    """The first legal action in ``person``'s game file, as typed, if it is their turn there
    (the screen may show it a moment before the file is read here)."""
    assert person.game is not None
    session = Session.load(person.game, default_catalog())
    seat = session.active_seat
    if seat is None or session.seats[seat].name != person.name:
        return None
    return session.notation(session.legal_actions()[0])


async def play(
    person: Person,
    table: tuple[Person, Person],
    until: float,
    think: tuple[float, float],
    rng: random.Random,
    run: Run,
) -> bool:
    """``person``'s turns until ``until`` (monotonic) or the game's end (True)."""
    try:
        while time.monotonic() < until:
            await person.until(
                lambda: person.acting() or FINAL in person.text[person.mark :],
                "turn",
                max(0.1, min(until - time.monotonic(), person.wait)),
            )
            if not person.acting():
                return True
            await asyncio.sleep(rng.uniform(*think))
            for _ in range(int(person.wait / 0.05)):
                if (action := await asyncio.to_thread(first_legal, person)) is not None:
                    break
                await asyncio.sleep(0.05)
            else:
                raise Stuck(f"{person.name}: its turn never in its game file")
            if time.monotonic() >= until:
                return False
            marks = [len(p.text) for p in table]
            sent = time.monotonic()
            person.type(action)
            ends = []
            for other, mark in zip(table, marks, strict=True):
                ends.append(
                    await other.until(lambda o=other, m=mark: o.drawn_after(m), "the new screen")
                )
            arrivals = [p.arrived(end) for p, end in zip(table, ends, strict=True)]
            run.latencies.append(max(arrivals) - sent)
            run.to_self.append(person.arrived(ends[table.index(person)]) - sent)
            if FINAL in person.text[person.mark :]:
                return True
    except Stuck as stuck:
        if time.monotonic() < until or "no turn" not in str(stuck):  # not the end of play
            run.stuck.append(f"{time.monotonic() - until:+.0f} s from the end: {stuck}")
    return False


async def measure(tables: int, args: argparse.Namespace, rng: random.Random, data: Path) -> Run:
    run = Run(tables)
    process, port = start_server(data, args.wait)
    pid = process.pid
    people: list[Person] = []
    try:
        await asyncio.sleep(1.0)
        run.memory["idle"] = proc_status(pid)["VmRSS"]
        people = [
            Person(f"p{i:03d}", f"127.1.{i // 250}.{i % 250 + 1}", args.wait)
            for i in range(2 * tables)
        ]
        pairs = [(people[2 * t], people[2 * t + 1]) for t in range(tables)]
        gate = asyncio.Semaphore(args.at_once)
        started = time.monotonic()
        await asyncio.gather(*(set_up_table(pair, port, args.bots, gate, data) for pair in pairs))
        run.setup_seconds = time.monotonic() - started
        status = proc_status(pid)
        run.memory["seated"] = status["VmRSS"]
        cpu, own = proc_cpu(pid), time.process_time()
        started = time.monotonic()
        until = started + args.minutes * 60
        await asyncio.gather(
            *(table_life(pair, until, args, rng, run, data, port) for pair in pairs)
        )
        run.play_seconds = time.monotonic() - started
        run.server_cpu = proc_cpu(pid) - cpu
        run.own_cpu = time.process_time() - own
        status = proc_status(pid)
        run.memory["end"], run.memory["peak"] = status["VmRSS"], status["VmHWM"]
        run.threads = status["Threads"]
    finally:
        await asyncio.gather(*(person.leave() for person in people))
        if args.screens:
            for person in people:
                (Path(args.screens) / f"{person.name}.txt").write_text(person.text)
        if process.poll() is None:
            await asyncio.sleep(5.0)
            run.memory["left"] = proc_status(pid)["VmRSS"]
        stop_server(process)
    run.steps = sum(
        len(Session.load(game, default_catalog()).steps)
        for game in (data / "games").glob("table-*.json")
    )
    err = (data.parent / "server.err").read_text(errors="replace")
    run.errors = [line for line in err.splitlines() if line.strip()]
    return run


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))] if ordered else 0.0


def report(run: Run) -> None:
    ms = [v * 1000 for v in run.latencies]
    own = [v * 1000 for v in run.to_self]
    mib = {k: v / 1024 for k, v in run.memory.items()}
    cpu = run.server_cpu / run.play_seconds if run.play_seconds else 0.0
    print(
        f"{run.tables:>3} tables {2 * run.tables:>3} people | actions {len(ms):>5} "
        f"({len(ms) / max(run.play_seconds, 1):.1f}/s) | latency to every terminal ms: "
        f"p50 {percentile(ms, 0.5):.0f} p95 {percentile(ms, 0.95):.0f} "
        f"max {max(ms, default=0):.0f} (own terminal p95 {percentile(own, 0.95):.0f}) | "
        f"server RSS MiB: idle {mib.get('idle', 0):.0f} seated {mib.get('seated', 0):.0f} "
        f"peak {mib.get('peak', 0):.0f} end {mib.get('end', 0):.0f} "
        f"after all left {mib.get('left', 0):.0f} | threads {run.threads} | "
        f"server CPU {cpu:.0%} of a core, clients' {run.own_cpu / max(run.play_seconds, 1):.0%}"
    )
    print(
        f"    set-up {run.setup_seconds:.0f} s, play {run.play_seconds:.0f} s, "
        f"steps in the games' files {run.steps}, games over {run.games_over}, "
        f"people stuck {len(run.stuck)}, lines on the server's stderr {len(run.errors)}"
    )
    for line in run.stuck[:3]:
        print(f"    stuck: {line[:300]}")
    for line in run.errors[:10]:
        print(f"    stderr: {line[:300]}")
    if statistics.fmean(ms or [0]) and len(ms) < 2:
        print("    too few actions for percentiles")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, nargs="+", default=[50])
    parser.add_argument("--minutes", type=float, default=3.0, help="of play, each count")
    parser.add_argument("--think", type=float, nargs=2, default=[1.0, 3.0])
    parser.add_argument("--bots", default="random", help="the bots' level")
    parser.add_argument("--at-once", type=int, default=8, help="tables set up at once")
    parser.add_argument("--wait", type=float, default=60.0, help="bound of every wait, s")
    parser.add_argument("--screens", help="a folder to write what each terminal showed")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(1))  # the server stopped at exit too
    print("command: " + shlex.join([Path(sys.executable).name, *sys.argv]))
    print(f"machine: {os.cpu_count()} cores, Python {sys.version.split()[0]}")
    rng = random.Random(args.seed)
    for tables in args.tables:
        with tempfile.TemporaryDirectory(prefix="bench-server-") as tmp:
            run = asyncio.run(measure(tables, args, rng, Path(tmp) / "server"))
        report(run)


if __name__ == "__main__":
    main()
