"""Game files: time to load and verify (replay with every check) a complete game file.

Run: python benchmarks/bench_record.py [--games G] (G games of each player count, default
20). Prints figures; asserts nothing. Target: under 100 ms for a complete 4-player game.
"""

from __future__ import annotations

import argparse
import statistics
import tempfile
import time
from pathlib import Path

from thebes.catalog.loading import default_catalog
from thebes.records.session import Session
from thebes.tournament.bot_games import bot_session


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20, help="per player count")
    args = parser.parse_args()
    if args.games < 1:
        parser.error("--games: 1 or more")
    catalog = default_catalog()
    with tempfile.TemporaryDirectory() as folder:
        for players in (2, 3, 4):
            files = []
            for seed in range(args.games):
                path = Path(folder) / f"game-{players}-{seed}.json"
                bot_session(catalog, players, seed).save(path)
                files.append(path)
            times = []
            for path in files:
                start = time.perf_counter()
                Session.load(path, catalog)
                times.append((time.perf_counter() - start) * 1000)
            actions = statistics.mean(len(Session.load(p, catalog).steps) for p in files)
            print(
                f"{players} players: load and verify {statistics.median(times):5.1f} ms median, "
                f"{max(times):5.1f} ms worst ({actions:.0f} actions per game)"
            )


if __name__ == "__main__":
    main()
