"""Hints: how long one takes, over many positions of stored games, for 2 and 4 players.

Run: python benchmarks/bench_hints.py [--games G] [--every K] [--playouts N]
Prints, per number of players, the CPU time of a hint (time.process_time, so a loaded
machine counts only the time this process ran) over every K-th position of the first G
stored games of tests/analysis_games (strong against greedy: game-2p-*.json, game-4p-*.json):
median, 95th percentile and worst, with the load average beside them. Asserts nothing.
Target: the 95th percentile at most 0.1 s on a quiet machine, for 2 and for 4 players.
``--playouts N`` gives the judge N playouts a candidate, not the hint's (docs/analysis.md,
"How the playouts are spent"): a quick run (tests/benchmarks runs the script so), not one
the target is for.
"""

from __future__ import annotations

import argparse
import os
import statistics
import time
from pathlib import Path

from thebes.analysis.game_review import open_game
from thebes.analysis.hints import Hinter
from thebes.analysis.judge import Judge
from thebes.rules import GameState

STORED = Path(__file__).resolve().parents[1] / "tests" / "analysis_games"


def positions(players: int, games: int, every: int) -> tuple[list[GameState], list[str]]:
    """Every ``every``-th position (from the first) of the first ``games`` stored games of this
    many players, and the games' names."""
    files = sorted(STORED.glob(f"game-{players}p-*.json"))[:games]
    found: list[GameState] = []
    for path in files:
        steps = open_game(path).session.steps
        found += [step.before for step in steps[::every]]
    return found, [path.name for path in files]


def percentile(values: list[float], share: float) -> float:
    """The value ``share`` of the way up the sorted values (nearest rank)."""
    ranked = sorted(values)
    return ranked[min(len(ranked) - 1, max(0, round(share * len(ranked)) - 1))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=4)
    parser.add_argument("--every", type=int, default=3)
    parser.add_argument("--playouts", type=int, help="at most N a candidate (a quick run)")
    args = parser.parse_args()
    if args.games < 1 or args.every < 1 or (args.playouts is not None and args.playouts < 1):
        parser.error("--games, --every and --playouts: 1 or more")
    hinter = Hinter()
    if args.playouts is not None:
        hinter = Hinter(Judge(args.playouts))
    playouts = "the hint's playouts" if args.playouts is None else f"{args.playouts} playouts"
    for players in (2, 4):
        states, names = positions(players, args.games, args.every)
        seconds = []
        for state in states:
            start = time.process_time()
            hinter.hints(state)
            seconds.append(time.process_time() - start)
        print(
            f"{players} players: {len(states)} positions of {len(names)} games "
            f"({names[0]}...), {playouts}: hint median "
            f"{statistics.median(seconds):.3f} s, 95th percentile "
            f"{percentile(seconds, 0.95):.3f} s, worst {max(seconds):.3f} s "
            f"(CPU time; load average {os.getloadavg()[0]:.1f}; target: 95th percentile "
            "at most 0.1 s)",
            flush=True,
        )


if __name__ == "__main__":
    main()
