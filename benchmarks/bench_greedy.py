"""Greedy's valuation of an exchange: paired series between two valuations, and how often
each level exchanges.

Run: python benchmarks/bench_greedy.py --pair A,B [--pairs N] [--seed S] [--players P]
                                       [--jobs J]
     python benchmarks/bench_greedy.py --exchanges LEVEL[,LEVEL...] [--games G] [--seed S]
                                       [--players P] [--variant NAME ...]
Prints figures; asserts nothing.

--pair plays greedy valuing an exchange as A against greedy valuing it as B, on N seeds
from S, each seed twice with the seats turned (A first, then B first; with 3 or 4 players
every other seat is B, and A plays the first seat, then the second), and prints A's share
of the wins with a 95% interval over the seeds (normal approximation; a win shared by k
players counts 1/k). A valuation is the share of a new display's promise
(`exchange_share`), followed by ``d`` when the promise is counted over what the display
thrown away promised (`over_display`): ``0.8`` is greedy before issue 43, ``shipped`` is
greedy's defaults.

--exchanges plays G games of each level against itself in every seat (seeds from S, the
game `thebes simulate --players P --bots LEVEL --seed S+i --games 1` plays, with the
variants named) and prints the share
of the players' actions that are exchanges or renewals, the longest run of them in a row
by one player, and how many runs of three or more there were.
"""

from __future__ import annotations

import argparse
import multiprocessing
import time
from collections.abc import Sequence
from functools import partial
from math import sqrt

from thebes.bots import Player, make_bot
from thebes.bots.greedy import EXCHANGE_SHARE, OVER_DISPLAY, GreedyPlayer
from thebes.catalog.loading import default_catalog
from thebes.rules import VARIANT_NAMES, Action, Exchange, GameState, Renew, Variants, winners
from thebes.safeio.workers import run_in_workers
from thebes.tournament.bot_games import play_bot_game
from thebes.tournament.series import entries_for


def valuation(spec: str) -> tuple[float, bool]:
    """The exchange share and over_display a spec names ("0.45", "0.45d", "shipped")."""
    if spec == "shipped":
        return EXCHANGE_SHARE, OVER_DISPLAY
    over = spec.endswith("d")
    share = float(spec.removesuffix("d"))
    if not 0 <= share <= 1:
        raise ValueError(f"an exchange share from 0 to 1, not {share}")
    return share, over


def pair_score(task: tuple[str, str, int, int]) -> float:
    """A's mean share of the wins over the two games of one seed (A first, then B first)."""
    first, second, players, seed = task
    specs = {"A": valuation(first), "B": valuation(second)}
    total = 0.0
    for a_seat in range(2):
        names = ["A" if seat == a_seat else f"B{seat}" for seat in range(players)]
        made = partial(_made, [specs[name[0]] for name in names])
        game = play_bot_game(
            default_catalog(), seed, [(n, "greedy") for n in names], make_player=made
        )
        won = winners(game.state)
        total += 1 / len(won) if a_seat in won else 0.0
    return total / 2


def _made(
    valuations: Sequence[tuple[float, bool]],
    level: str,
    game_seed: int,
    seat: int,
    budget: int | None,
) -> Player:
    share, over = valuations[seat]
    return GreedyPlayer(game_seed, seat, exchange=(share, over))


class Counting:
    """A player whose kinds of action are kept, in order."""

    def __init__(self, inner: Player, kinds: list[bool]) -> None:
        self.inner = inner
        self.kinds = kinds  # True: an exchange or a renewal

    def choose(self, state: GameState, legal: Sequence[Action]) -> Action:
        action = self.inner.choose(state, legal)
        self.kinds.append(isinstance(action, Exchange | Renew))
        return action


def exchanges_of(task: tuple[str, int, int, tuple[str, ...]]) -> list[list[bool]]:
    """Each seat's actions in the game of ``seed`` between ``players`` players of ``level``
    with ``variants``: True where it exchanged or renewed."""
    level, seed, players, variants = task
    kinds: list[list[bool]] = [[] for _ in range(players)]

    def made(level: str, game_seed: int, seat: int, budget: int | None) -> Player:
        return Counting(make_bot(level, game_seed, seat, budget), kinds[seat])

    seats = [(e.name, e.level) for e in entries_for([level], players)]
    play_bot_game(
        default_catalog(), seed, seats, make_player=made, variants=Variants.from_names(variants)
    )
    return kinds


def runs(kinds: Sequence[bool]) -> list[int]:
    """The lengths of the runs of exchanges in a row."""
    found, run = [], 0
    for exchanged in [*kinds, False]:
        if exchanged:
            run += 1
        elif run:
            found.append(run)
            run = 0
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pair", help="two valuations, A,B (e.g. 0.45,0.8 or shipped,0.8)")
    parser.add_argument("--pairs", type=int, default=1000, help="seeds, each played twice")
    parser.add_argument("--players", type=int, default=2, choices=(2, 3, 4))
    parser.add_argument("--exchanges", help="levels whose exchanges are counted")
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--variant", action="append", default=[], choices=VARIANT_NAMES)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=multiprocessing.cpu_count())
    args = parser.parse_args()
    if (args.pair is None) == (args.exchanges is None):
        parser.error("give --pair or --exchanges")
    if args.pair is not None:
        specs = args.pair.split(",")
        if len(specs) != 2:
            parser.error("--pair takes two valuations, A,B")
        try:
            for spec in specs:
                valuation(spec)
        except ValueError as error:
            parser.error(f"--pair: {error}")
        tasks = [(specs[0], specs[1], args.players, args.seed + i) for i in range(args.pairs)]
        start = time.perf_counter()
        scores = list(run_in_workers(args.jobs, pair_score, tasks))
        mean = sum(scores) / len(scores)
        spread = sqrt(sum((s - mean) ** 2 for s in scores) / max(1, len(scores) - 1))
        half = 1.96 * spread / sqrt(len(scores))
        print(
            f"{args.players} players, greedy {specs[0]} against greedy {specs[1]}: "
            f"{len(scores)} seeds from {args.seed}, each played twice with the seats turned"
        )
        print(
            f"  {specs[0]} wins {100 * mean:.1f}% ± {100 * half:.1f}% "
            f"({time.perf_counter() - start:.0f} s in all)"
        )
        return
    for level in args.exchanges.split(","):
        variants = tuple(args.variant)
        seeds = [(level, args.seed + i, args.players, variants) for i in range(args.games)]
        games = run_in_workers(args.jobs, exchanges_of, seeds)
        players = [kinds for game in games for kinds in game]
        actions = sum(len(k) for k in players)
        exchanges = sum(sum(k) for k in players)
        lengths = [n for k in players for n in runs(k)]
        named = "".join(f", {v}" for v in variants)
        print(
            f"{level}: {exchanges} of {actions} actions exchanges or renewals "
            f"({100 * exchanges / actions:.1f}%), longest run {max(lengths, default=0)}, "
            f"runs of 3 or more {sum(n >= 3 for n in lengths)} "
            f"({args.games} games of {args.players} players{named}, "
            f"seeds {args.seed}..{args.seed + args.games - 1})"
        )


if __name__ == "__main__":
    main()
