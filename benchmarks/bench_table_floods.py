"""How long a player's action waits at a hosted table while spectators flood it with talk.

One table in this process, as `thebes host` holds it: two players and SPECTATORS spectators,
each terminal at 120x40 as an SSH connection makes it (a real terminal's escape codes, written
to memory; its keys through the connection's limits on typing, into a pipe), running its view
in a thread of its own. Every spectator types `say ...` lines as fast as its connection lets
it (the table refuses what is beyond its pace; every refusal is drawn at that terminal), while
the players take turns, each typing its action once its prompt is up. What is measured: from
the moment an action's line is typed to the moment the table has played it (wall time), and
how often each terminal drew its screen. The issue's target: no flood delays an action by
more than half a second.

    PYTHONPATH=src python benchmarks/bench_table_floods.py [--spectators 8] [--actions 20]
"""

from __future__ import annotations

import argparse
import asyncio
import io
import statistics
import threading
import time
from contextlib import ExitStack, closing

from prompt_toolkit.application import AppSession
from prompt_toolkit.data_structures import Size
from prompt_toolkit.output.vt100 import Vt100_Output
from rich.console import Console

from thebes.catalog.loading import default_catalog
from thebes.hosting.guard import Limits
from thebes.hosting.terminals import KeyPipe, Typing
from thebes.records.session import Session, default_seats
from thebes.table.authority import Table
from thebes.table.news import Said
from thebes.tui.door import TerminalDoor
from thebes.tui.drawing import BEGIN_SYNC
from thebes.tui.terminal import Terminal

SIZE = (120, 40)
WAIT = 60.0  # seconds: a liveness bound for one action
ASKED = "a number, an action"  # the prompt of the player to move


class Screen(io.StringIO):
    """What a terminal was sent, kept for reading from another thread."""

    def __init__(self) -> None:
        super().__init__()
        self.lock = threading.Lock()

    def write(self, text: str) -> int:
        with self.lock:
            return super().write(text)

    def text(self) -> str:
        with self.lock:
            return self.getvalue()


def attach(door: TerminalDoor, seat: int | None, keys: KeyPipe) -> tuple[Screen, Screen]:
    """A terminal at the table for ``seat``: what its table and its prompts drew."""
    screen, prompts = Screen(), Screen()
    console = Console(
        file=screen, width=SIZE[0], height=SIZE[1], force_terminal=True, color_system="256"
    )
    output = Vt100_Output(prompts, lambda: Size(SIZE[1], SIZE[0]), term="xterm", enable_cpr=False)
    terminal = Terminal(console, AppSession(keys, output), lambda: SIZE, True, io.StringIO())
    gone = threading.Event()
    threading.Thread(target=door.attach, args=(terminal, seat, gone), daemon=True).start()
    return screen, prompts


def flood(keys: KeyPipe, stop: threading.Event, said: list[int]) -> None:
    """Lines typed as fast as a connection lets them through (the rest is dropped there)."""

    async def typing_fast() -> None:
        typing = Typing(Limits(), asyncio.get_running_loop())
        while not stop.is_set():
            typing.type(keys, f"say line {said[0]} of a flood\r")
            said[0] += 1
            await asyncio.sleep(0.01)
        typing.stop()

    asyncio.run(typing_fast())


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
        players = [stack.enter_context(closing(KeyPipe(Limits().pending_input))) for _ in range(2)]
        terminals = [attach(door, seat, keys) for seat, keys in enumerate(players)]
        for _ in range(args.spectators):
            keys = stack.enter_context(closing(KeyPipe(Limits().pending_input)))
            terminals.append(attach(door, None, keys))
            threading.Thread(target=flood, args=(keys, stop, said), daemon=True).start()
        time.sleep(1.0)  # the flood under way before the first action
        started = time.monotonic()
        asked = [0, 0]  # where each player's next prompt is looked for
        for _ in range(args.actions):
            if session.is_over:
                break
            seat = session.active_seat
            assert seat is not None
            before = len(session.steps)
            # Typed once the player's prompt is up, as a person would: a line typed before
            # the turn came is refused as out of turn, not slowed.
            shown = time.monotonic()
            prompts = terminals[seat][1]
            while prompts.text().find(ASKED, asked[seat]) < 0:
                assert time.monotonic() - shown < WAIT, "the turn was never asked"
                time.sleep(0.002)
            # The next turn's prompt comes after what the players' prompts drew so far.
            asked = [len(terminal[1].text()) for terminal in terminals[:2]]
            typed = time.monotonic()
            players[seat].feed("1\r")
            while len(session.steps) == before:
                assert time.monotonic() - typed < WAIT, "an action never arrived"
                time.sleep(0.001)
            delays.append(time.monotonic() - typed)
            time.sleep(0.2)  # the next player reads the table
        seconds = time.monotonic() - started
        stop.set()
        table.close()
        table.wait_for_places(10)
    draws = [screen.text().count(BEGIN_SYNC) for screen, _ in terminals]
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
