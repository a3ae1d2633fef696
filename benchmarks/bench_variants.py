"""The luck study: how much of a 2-player game each variant of 2004 leaves to luck.

Run: python benchmarks/bench_variants.py [--games G] [--strong-games K] [--jobs J] [--seed S]
                                         [--configs base,card-preview,...] [--strong-configs ...]
                                         [--scheduler ADDRESS]
Prints figures; asserts nothing. For the base game, each variant alone and all five together
(`--configs` picks some; `all` is all five), it plays:

- G games of greedy against greedy (default 400), seats rotated. The players are equal, so
  whatever separates them is luck, and the seat. D is the first seat's final score minus
  the second's, signed: its mean is the first seat's edge, its standard deviation (sd) how
  far luck and the seat push two equal players apart. The smaller sd, the less luck. Each
  sd has its standard error (from the sample's fourth moment, so heavy tails widen it);
  `vs base` is sd minus the base game's sd with the error of that difference (the series
  are played apart, so the two errors add in quadrature). Also the first seat's win rate,
  the mean score of a player (a variant that changes scores changes the scale of D with
  them: sd/score puts D on that scale) and the game's length in actions;
- K games of strong against greedy (default 100; 0 leaves them out), seats rotated: how often
  the stronger bot wins. In a game of less luck skill should win more often. These take
  most of the time; `--strong-configs` plays them for some configurations only.

Game i of a series has seed S+i in every configuration, so `thebes simulate --players 2
--bots greedy --rotate --variant NAME --seed S+i --games 1` plays it again. Shared wins count
as fractions. Errors are one standard error: a difference of less than about two of them is
within noise. The greedy table comes first (seconds), strong's lines as each series ends.

With `--scheduler ADDRESS` the games are played by the workers of the Dask cluster whose
scheduler is at ADDRESS, as `thebes simulate --scheduler` plays them (docs/studies.md): the
same games, so the same figures; only the times differ.
"""

from __future__ import annotations

import argparse
import multiprocessing
import sys
import time
from contextlib import closing
from dataclasses import dataclass
from math import sqrt

from thebes.errors import ThebesError
from thebes.rules import NO_VARIANTS, VARIANT_NAMES, Variants
from thebes.tournament.bot_games import GameResult
from thebes.tournament.series import Series, entries_for, play_series

CONFIGS = ("base", *VARIANT_NAMES, "all")


def variants_of(config: str) -> Variants:
    if config == "base":
        return NO_VARIANTS
    if config == "all":
        return Variants.from_names(VARIANT_NAMES)
    return Variants.from_names([config])


@dataclass(frozen=True, slots=True)
class Estimate:
    value: float
    error: float  # one standard error

    def show(self, scale: float = 1.0, digits: int = 1, sign: bool = False) -> str:
        value = f"{self.value * scale:+.{digits}f}" if sign else f"{self.value * scale:.{digits}f}"
        return f"{value} ±{self.error * scale:.{digits}f}"


def mean(xs: list[float]) -> Estimate:
    n = len(xs)
    m = sum(xs) / n
    var = sum((x - m) ** 2 for x in xs) / (n - 1)
    return Estimate(m, sqrt(var / n))


def spread(xs: list[float]) -> Estimate:
    """The standard deviation and its standard error: Var(s^2) ~ (m4 - s^4 (n-3)/(n-1)) / n,
    and s's error is s^2's over 2s (no assumption that the scores are normal)."""
    n = len(xs)
    m = sum(xs) / n
    s2 = sum((x - m) ** 2 for x in xs) / (n - 1)
    m4 = sum((x - m) ** 4 for x in xs) / n
    var_s2 = max(0.0, (m4 - s2 * s2 * (n - 3) / (n - 1)) / n)
    s = sqrt(s2)
    return Estimate(s, sqrt(var_s2) / (2 * s) if s else 0.0)


def rate(wins: float, games: int) -> Estimate:
    p = wins / games
    return Estimate(p, sqrt(p * (1 - p) / games))


@dataclass(frozen=True, slots=True)
class LuckFigures:
    sd: Estimate  # of D, the first seat's score minus the second's
    edge: Estimate  # the mean of D
    first_wins: Estimate
    score: float  # a player's mean final score
    actions: Estimate
    seconds: float


@dataclass(frozen=True, slots=True)
class Players:
    """What plays the games: ``jobs`` local processes, or the Dask cluster whose scheduler
    is at ``scheduler``."""

    jobs: int
    scheduler: str | None = None


def series(
    config: str, levels: list[str], games: int, seed: int, players: Players
) -> list[GameResult]:
    entries = entries_for(levels, 2)
    chosen = Series(tuple(entries), games, seed, rotate=True, variants=variants_of(config))
    with closing(play_series(chosen, players.jobs, players.scheduler)) as played:
        return [game.result for game in played]


def luck(config: str, games: int, seed: int, players: Players) -> LuckFigures:
    start = time.perf_counter()
    results = series(config, ["greedy"], games, seed, players)
    diffs, totals, first_wins = [], [], 0.0
    for r in results:
        first, second = (score.total for score in r.scores)
        diffs.append(float(first - second))
        totals += [first, second]
        if r.players[0] in r.leaders:
            first_wins += 1 / len(r.leaders)
    return LuckFigures(
        sd=spread(diffs),
        edge=mean(diffs),
        first_wins=rate(first_wins, games),
        score=sum(totals) / len(totals),
        actions=mean([float(r.actions) for r in results]),
        seconds=time.perf_counter() - start,
    )


def strong_wins(config: str, games: int, seed: int, players: Players) -> tuple[Estimate, float]:
    start = time.perf_counter()
    results = series(config, ["strong", "greedy"], games, seed, players)
    wins = sum(1 / len(r.leaders) for r in results if "strong" in r.leaders)
    return rate(wins, games), time.perf_counter() - start


def print_luck(figures: dict[str, LuckFigures], games: int) -> None:
    print(f"greedy against greedy, {games} games a configuration, seats rotated")
    print("D = first seat's score - second's; ± one standard error")
    header = (
        f"{'configuration':24} {'sd of D':>10} {'vs base':>10} {'sd/score':>8} {'mean D':>10}"
        f" {'1st seat wins':>14} {'score':>6} {'actions':>10} {'time':>6}"
    )
    print(header)
    base = figures.get("base")
    for config, f in figures.items():
        if base is None or config == "base":
            versus = "-"
        else:
            error = sqrt(f.sd.error**2 + base.sd.error**2)
            versus = Estimate(f.sd.value - base.sd.value, error).show(sign=True)
        print(
            f"{config:24} {f.sd.show():>10} {versus:>10} {f.sd.value / f.score:8.3f}"
            f" {f.edge.show(sign=True):>10} {f.first_wins.show(100) + '%':>14}"
            f" {f.score:6.1f} {f.actions.show():>10} {f.seconds:5.0f}s",
            flush=True,
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=400)
    parser.add_argument("--strong-games", type=int, default=100)
    parser.add_argument("--jobs", type=int, default=multiprocessing.cpu_count())
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--configs", default=",".join(CONFIGS))
    parser.add_argument("--strong-configs", help="default: those of --configs")
    parser.add_argument("--scheduler", metavar="ADDRESS", help="a Dask scheduler's address")
    args = parser.parse_args()
    if args.games < 2:
        parser.error("--games: 2 or more (a standard deviation needs two games)")
    if args.strong_games < 0:
        parser.error("--strong-games: 0 or more")
    configs = args.configs.split(",")
    strong_configs = args.strong_configs.split(",") if args.strong_configs else configs
    for config in configs + strong_configs:
        variants_of(config)  # an unknown name stops the study before it starts
    players = Players(args.jobs, args.scheduler)
    where = f"the Dask cluster at {args.scheduler}" if args.scheduler else f"{args.jobs} processes"
    print(f"2 players, {where}, seeds from {args.seed}", flush=True)
    try:
        study(args.games, args.strong_games, args.seed, configs, strong_configs, players)
    except ThebesError as exc:  # the cluster cannot be reached, or cannot play the study
        sys.exit(f"bench_variants: {exc.line}")


def study(
    games: int,
    strong_games: int,
    seed: int,
    configs: list[str],
    strong_configs: list[str],
    players: Players,
) -> None:
    start = time.perf_counter()
    print_luck({c: luck(c, games, seed, players) for c in configs}, games)
    if strong_games:
        print(f"\nstrong against greedy, {strong_games} games a configuration, seats rotated")
        for config in strong_configs:
            won, seconds = strong_wins(config, strong_games, seed, players)
            print(f"{config:24} strong wins {won.show(100)}%  ({seconds:.0f}s)", flush=True)
    print(f"\n{time.perf_counter() - start:.0f} s in all")


if __name__ == "__main__":
    main()
