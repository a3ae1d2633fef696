"""Terminal UI: time to render one game screen (issue 4's target: under 50 ms).

Run: python benchmarks/bench_screen.py. Prints figures; asserts nothing.
"""

from __future__ import annotations

import statistics
import time

from thebes.catalog import default_catalog
from thebes.narrate import narrate
from thebes.simulate import bot_session
from thebes.tui.screen import ScreenInfo, game_screen, render_text


def main() -> None:
    catalog = default_catalog()
    session = bot_session(catalog, 4, 1904)
    names = [p.name for p in session.state.players]
    log = [narrate(catalog, names, e) for step in session.steps for e in step.events]
    info = ScreenInfo("Thebes", ("red", "blue", "green", "yellow"), log)
    for width, height in ((120, 36), (80, 21)):
        times = []
        for step in session.steps:
            start = time.perf_counter()
            render_text(game_screen(step.before, info, width, height), width, colour=True)
            times.append((time.perf_counter() - start) * 1000)
        print(
            f"{width}x{height}: {statistics.median(times):5.1f} ms median, "
            f"{max(times):5.1f} ms worst per screen ({len(times)} screens)"
        )


if __name__ == "__main__":
    main()
