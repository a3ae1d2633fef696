"""Bot strength and speed: 2-player series with seats rotated, win rates and time per move.

Run: python benchmarks/bench_bots.py [--games G] [--jobs J] [--seed S] [--series A-B,...]
Prints figures; asserts nothing. Targets, over at least 200 games a series:
greedy wins at least 90% against random; strong wins at least 60% against greedy, at most
1 s per move on one core. Shared wins count as fractions. Each game is the one
`thebes simulate --players 2 --bots A,B --rotate --seed S+i --games 1` plays; two bots of
one level are named as simulate names them (`greedy-greedy`: greedy1 and greedy2).
"""

from __future__ import annotations

import argparse
import multiprocessing
import time
from collections.abc import Sequence
from dataclasses import dataclass

from thebes.bots import Player, make_bot
from thebes.catalog.loading import default_catalog
from thebes.rules import Action, GameState, winners
from thebes.safeio.workers import run_in_workers
from thebes.tournament.bot_games import seated_session
from thebes.tournament.series import entries_for, seating


@dataclass
class GameFigures:
    wins: dict[str, float]
    seconds: dict[str, list[float]]  # per bot: the time of each of its moves


class TimedPlayer:
    def __init__(self, inner: Player, times: list[float]) -> None:
        self.inner = inner
        self.times = times

    def choose(self, state: GameState, legal: Sequence[Action]) -> Action:
        start = time.perf_counter()
        action = self.inner.choose(state, legal)
        self.times.append(time.perf_counter() - start)
        return action


def play_one(task: tuple[str, str, int]) -> GameFigures:
    """One game; wins and move times are keyed by the entries' names (greedy1, greedy2 when
    both play greedy)."""
    first, second, seed = task
    seats = seating(entries_for([first, second], 2), seed, rotate=True)
    seconds: dict[str, list[float]] = {e.name: [] for e in seats}

    def timed(level: str, game_seed: int, seat: int, budget: int | None) -> Player:
        return TimedPlayer(make_bot(level, game_seed, seat, budget), seconds[seats[seat].name])

    session = seated_session(
        default_catalog(), seed, [(e.name, e.level) for e in seats], make_player=timed
    )
    won = winners(session.state)
    wins = {e.name: (1 / len(won) if seat in won else 0.0) for seat, e in enumerate(seats)}
    return GameFigures(wins, seconds)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--jobs", type=int, default=multiprocessing.cpu_count())
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--series", default="greedy-random,strong-greedy")
    args = parser.parse_args()
    print(f"2 players, seats rotated, {args.games} games a series, {args.jobs} processes")
    for pair in args.series.split(","):
        first, second = pair.split("-")
        name, other = (e.name for e in entries_for([first, second], 2))
        tasks = [(first, second, args.seed + i) for i in range(args.games)]
        start = time.perf_counter()
        games = list(run_in_workers(args.jobs, play_one, tasks))
        elapsed = time.perf_counter() - start
        wins = sum(g.wins[name] for g in games)
        moves = [s for g in games for s in g.seconds[name]]
        print(
            f"  {name} against {other}: {name} wins {wins:g} of {args.games} "
            f"({100 * wins / args.games:.1f}%), {other} {args.games - wins:g}"
        )
        print(
            f"    {name}: {1000 * sum(moves) / len(moves):7.1f} ms per move on average, "
            f"{1000 * max(moves):7.1f} ms worst ({len(moves)} moves; {elapsed:.0f} s in all)"
        )


if __name__ == "__main__":
    main()
