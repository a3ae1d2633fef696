"""Terminal UI: time to render one game screen (the target: under 50 ms).

Run: python benchmarks/bench_screen.py [--screens N] (the screens before the game's first N
actions; default: every one). Prints figures; asserts nothing.
"""

from __future__ import annotations

import argparse
import statistics
import time

from thebes.catalog.loading import default_catalog
from thebes.records.session import Session
from thebes.tournament.bot_games import bot_session
from thebes.tui.screen import ScreenInfo, game_screen, render_text
from thebes.tui.story import Told, told


def story_until(session: Session, number: int) -> list[Told]:
    return [told(session, s) for s in session.steps[:number]]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--screens", type=int, help="default: one before each action")
    args = parser.parse_args()
    if args.screens is not None and args.screens < 1:
        parser.error("--screens: 1 or more")
    catalog = default_catalog()
    session = bot_session(catalog, 4, 1904)
    steps = session.steps[: args.screens]
    colours = ("red", "blue", "green", "yellow")
    for width, height in ((120, 40), (80, 24)):
        times = []
        for number, step in enumerate(steps):
            start = time.perf_counter()
            # As the game does each turn: the story so far, then the screen.
            info = ScreenInfo("Thebes", colours, "Last events", story_until(session, number))
            render_text(game_screen(step.before, info, width, height), width, colour=True)
            times.append((time.perf_counter() - start) * 1000)
        print(
            f"{width}x{height}: {statistics.median(times):5.1f} ms median, "
            f"{max(times):5.1f} ms worst per screen ({len(times)} screens)"
        )


if __name__ == "__main__":
    main()
