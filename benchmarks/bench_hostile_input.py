"""Hostile input: how long it takes to refuse a game file built to be costly, and to read a
line of 100,000 characters at a prompt.

Run: python benchmarks/bench_hostile_input.py [--runs R] (times each case R times, default
5). Prints figures; asserts nothing. The tests check why these stay cheap (the reader never
opens a FIFO, the JSON parser never sees deep nesting, validation stops at the first bad
entry of a list, the prompt's line never grows past its cap); this prints what that buys.
Before those bounds, the worst game file took seconds and the long line 58 s and 5 GB; a
second or two for the files, on a loaded machine, is the figure to keep an eye on.
"""

from __future__ import annotations

import argparse
import io
import statistics
import tempfile
import threading
import time
from collections.abc import Callable
from functools import partial
from pathlib import Path

from prompt_toolkit.application import AppSession
from prompt_toolkit.input import create_pipe_input
from prompt_toolkit.output import DummyOutput
from rich.console import Console

from thebes.catalog.loading import default_catalog
from thebes.records.gamefile import MAX_FILE_BYTES, RecordError, dump_record, read_record
from thebes.tournament.bot_games import bot_session
from thebes.tui.prompting import prompt_session
from thebes.tui.terminal import Terminal


def hostile_files() -> dict[str, str]:
    """Game files of nearly 1 MB, each built to cost the reader something different."""
    real = dump_record(bot_session(default_catalog(), 2, 1).to_record())
    head = real[: real.index('"actions": [') + len('"actions": [')]
    room = MAX_FILE_BYTES - len(head) - 100

    def filling(item: str) -> str:
        return ",".join([item] * (room // (len(item) + 1)))

    keys = "{" + ",".join(f'"k{i}": 1' for i in range(room // 24)) + "}"  # in two actions
    return {
        "escaped quotes": '{"format": "' + '\\"' * (room // 2) + '"}',
        "flat brackets": "[" + filling("[]") + "]",
        "one long string": '{"format": "' + "x" * room + '"}',
        "nested 100,000 deep": "[" * 100_000 + "]" * 100_000,
        "empty actions": head + filling("{}") + '], "digest": ""}',
        "many keys": head + keys + "," + keys + '], "digest": ""}',
        "too many actions": (
            head + filling('{"player": "P1", "action": "retire"}') + '], "digest": ""}'
        ),
    }


def milliseconds(work: Callable[[], object], runs: int) -> list[float]:
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        work()
        times.append((time.perf_counter() - start) * 1000)
    return times


def refuse(path: Path) -> None:
    try:
        read_record(path)
    except RecordError:
        return
    raise AssertionError(f"{path} was read")


def answer(line: str) -> None:
    """One prompt reading ``line``, typed from another thread as a terminal would."""
    with create_pipe_input() as pipe:
        terminal = Terminal(
            Console(file=io.StringIO()),
            AppSession(pipe, DummyOutput()),
            lambda: (120, 40),
            colour=False,
            errors=io.StringIO(),
        )
        typist = threading.Thread(target=pipe.send_text, args=(line + "\n",))
        typist.start()
        with terminal.prompting():
            prompt_session(terminal).prompt("? ")
        typist.join()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    if args.runs < 1:
        parser.error("--runs: 1 or more")
    with tempfile.TemporaryDirectory() as folder:
        for case, text in hostile_files().items():
            path = Path(folder) / "game.json"
            path.write_text(text, encoding="utf-8")
            times = milliseconds(partial(refuse, path), args.runs)
            print(
                f"game file, {case:>20} ({len(text) // 1024} KB): refused in "
                f"{statistics.median(times):6.1f} ms median, {max(times):6.1f} ms worst"
            )
    for length in (10, 100_000):
        times = milliseconds(partial(answer, "x" * length), args.runs)
        print(
            f"prompt, a line of {length:>7,} characters: {statistics.median(times):6.1f} ms "
            f"median, {max(times):6.1f} ms worst"
        )


if __name__ == "__main__":
    main()
