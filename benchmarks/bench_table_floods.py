"""How long a player's action waits at a hosted table while spectators flood it with talk.

One table in this process, as `thebes host` holds it: two players and SPECTATORS spectators,
each terminal at 120x40 running its view in a thread of its own (its screen written to
memory, its keys typed into a pipe). Every spectator types `say ...` lines as fast as it
can (the table refuses what is beyond its pace; every refusal is drawn at that terminal),
while the players take turns. What is measured: from the moment an action's line is typed
at the player's terminal to the moment the table has played it (wall time), and how often
each terminal drew its screen. The issue's target: no flood delays an action by more than
half a second.

    PYTHONPATH=src python benchmarks/bench_table_floods.py [--spectators 8] [--actions 20]
"""

from __future__ import annotations

import argparse
import io
import statistics
import threading
import time
from contextlib import ExitStack

from prompt_toolkit.application import AppSession
from prompt_toolkit.input import PipeInput, create_pipe_input
from prompt_toolkit.output import DummyOutput
from rich.console import Console

from thebes.catalog.loading import default_catalog
from thebes.records.session import Session, default_seats
from thebes.table.authority import Table
from thebes.table.news import Said
from thebes.tui.door import TerminalDoor
from thebes.tui.terminal import Terminal

SIZE = (120, 40)
WAIT = 60.0  # seconds: a liveness bound for one action


def attach(
    door: TerminalDoor, seat: int | None, keys: PipeInput
) -> tuple[io.StringIO, threading.Event]:
    screen = io.StringIO()
    console = Console(file=screen, width=SIZE[0], height=SIZE[1], no_color=True)
    terminal = Terminal(
        console, AppSession(keys, DummyOutput()), lambda: SIZE, False, io.StringIO()
    )
    gone = threading.Event()
    threading.Thread(target=door.attach, args=(terminal, seat, gone), daemon=True).start()
    return screen, gone


def flood(keys: PipeInput, stop: threading.Event, said: list[int]) -> None:
    while not stop.wait(0.01):
        keys.send_text(f"say line {said[0]} of a flood\n")
        said[0] += 1


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--spectators", type=int, default=8)
    parser.add_argument("--actions", type=int, default=20)
    args = parser.parse_args()
    session = Session(default_catalog(), default_seats(["Ann", "Bob"]), 7)
    session.confirm_enabled = False
    table = Table(session, None, shared=True, fast=True)
    door = TerminalDoor(table)
    delays: list[float] = []
    stop = threading.Event()
    said = [0]
    with ExitStack() as stack:
        players = [stack.enter_context(create_pipe_input()) for _ in range(2)]
        screens = [attach(door, seat, keys)[0] for seat, keys in enumerate(players)]
        for _ in range(args.spectators):
            keys = stack.enter_context(create_pipe_input())
            screens.append(attach(door, None, keys)[0])
            threading.Thread(target=flood, args=(keys, stop, said), daemon=True).start()
        time.sleep(1.0)  # the flood under way before the first action
        started = time.monotonic()
        for _ in range(args.actions):
            if session.is_over:
                break
            seat = session.active_seat
            assert seat is not None
            before = len(session.steps)
            typed = time.monotonic()
            players[seat].send_text("1\n")
            while len(session.steps) == before:
                assert time.monotonic() - typed < WAIT, "an action never arrived"
                time.sleep(0.001)
            delays.append(time.monotonic() - typed)
            time.sleep(0.2)  # the next player reads the table
        seconds = time.monotonic() - started
        stop.set()
        table.close()
        table.wait_for_places(10)
    draws = [screen.getvalue().count("Thebes — seeded game") for screen in screens]
    accepted = sum(isinstance(n, Said) for n in table.journal.since(0, host=True))
    print(f"{args.spectators} spectators flooding say, 2 players, {len(delays)} actions")
    print(f"lines typed: {said[0]}, said: {accepted}")
    print(
        f"action delay: median {statistics.median(delays) * 1000:.0f} ms, "
        f"worst {max(delays) * 1000:.0f} ms"
    )
    per_second = [d / seconds for d in draws]
    print(
        f"screens drawn a second at each terminal: median {statistics.median(per_second):.1f}, "
        f"most {max(per_second):.1f}"
    )


if __name__ == "__main__":
    main()
