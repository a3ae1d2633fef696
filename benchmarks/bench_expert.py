"""The expert bot's strength and speed: series against other levels, seats rotated.

Run: python benchmarks/bench_expert.py [--games G] [--players 2,3,4] [--against strong,greedy]
                                       [--jobs J] [--seed S] [--first-game K] [--budget N]
                                       [--out FILE]
     python benchmarks/bench_expert.py --combine FILE [FILE ...]
     python benchmarks/bench_expert.py --retime SEED:MOVE [...] [--players P] [--against LEVEL]
                                       [--budget N]
Prints figures; asserts nothing. For each number of players and each level in --against, G
games of one expert against that level in every other seat, the seats rotated with the
seed (game i, from K on, has seed S+i and is the one `thebes simulate --players P --bots
expert,LEVEL,... --rotate --seed S+i --games 1 --expert-budget N` plays). With --out, each
game's figures are appended to FILE as one JSON line as soon as it ends, so a long series
can be stopped, resumed with --first-game and combined: --combine prints the figures of
every series in the files (grouped by players, rival and budget). Printed: the
expert's share of the wins with a 95% interval (a win shared by k players counts 1/k, so
a two-player tie counts half), its mean rank against the others' (1 is first; tied players
share the ranks they span) with 95% intervals, and its mean and worst CPU seconds a move
(time.process_time: the expert's own process, whatever else the machine runs); --combine
also names the slowest moves (the seed of the game and the expert's move, 0 its first).
A series run beside other work times its moves on a busy machine: --retime plays the game
of each SEED up to the expert's MOVE and times that one move three times, to tell on a
quiet machine whether the worst of a series is within the budget of 2 s a move.
Targets (issue 24), over at least 400 two-player games: the expert wins at least 60%
against strong and 85% against greedy; with 3 and 4 players its mean rank is better than
the strong bots'. The default budget is the expert's default for the number of players
(DEFAULT_EXPERT_BUDGETS, expert_simulations).
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import time
from collections import defaultdict
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass
from math import sqrt
from pathlib import Path

from thebes.bots import Player, expert_simulations, make_bot
from thebes.catalog.loading import default_catalog
from thebes.records.session import Session
from thebes.rules import Action, GameState, scores, winners
from thebes.safeio.workers import run_in_workers
from thebes.tournament.bot_games import seated_session
from thebes.tournament.series import entries_for, seating


@dataclass
class GameFigures:
    won: float  # the expert's share of the win
    rank: float  # the expert's rank, 1 first; tied players share the ranks they span
    rival_rank: float  # the mean rank of the other seats
    seconds: list[float]  # the time of each of the expert's moves


class TimedPlayer:
    def __init__(self, inner: Player, times: list[float]) -> None:
        self.inner = inner
        self.times = times

    def choose(self, state: GameState, legal: Sequence[Action]) -> Action:
        start = time.process_time()
        action = self.inner.choose(state, legal)
        self.times.append(time.process_time() - start)
        return action


def ranks(totals: Sequence[int]) -> list[float]:
    """Each seat's rank by total, 1 the highest; tied seats share the ranks they span."""
    return [
        1 + sum(t > mine for t in totals) + (sum(t == mine for t in totals) - 1) / 2
        for mine in totals
    ]


def series_game(
    players: int, rival: str, seed: int, budget: int, wrap: Callable[[Player], Player]
) -> tuple[Session, int]:
    """The series game of ``seed`` played to its end, the expert's player wrapped in
    ``wrap``; and the expert's seat."""
    entries = entries_for(["expert", *[rival] * (players - 1)], players)
    seats = seating(entries, seed, rotate=True)
    expert = next(n for n, e in enumerate(seats) if e.level == "expert")

    def made(level: str, game_seed: int, seat: int, expert_budget: int | None) -> Player:
        bot = make_bot(level, game_seed, seat, expert_budget)
        return wrap(bot) if seat == expert else bot

    session = seated_session(
        default_catalog(),
        seed,
        [(e.name, e.level) for e in seats],
        make_player=made,
        expert_budget=budget,
    )
    return session, expert


def play_one(task: tuple[int, str, int, int]) -> tuple[int, str, int, int, GameFigures]:
    players, rival, seed, budget = task
    seconds: list[float] = []
    session, expert = series_game(
        players, rival, seed, budget, lambda bot: TimedPlayer(bot, seconds)
    )
    won = winners(session.state)
    by_rank = ranks([s.total for s in scores(session.state)])
    others = [r for n, r in enumerate(by_rank) if n != expert]
    return (
        *task,
        GameFigures(
            won=1 / len(won) if expert in won else 0.0,
            rank=by_rank[expert],
            rival_rank=sum(others) / len(others),
            seconds=seconds,
        ),
    )


def interval(values: Sequence[float]) -> tuple[float, float]:
    """The mean and the half-width of its 95% interval (normal approximation)."""
    n = len(values)
    mean = sum(values) / n
    if n < 2:
        return mean, float("nan")
    sd = sqrt(sum((v - mean) ** 2 for v in values) / (n - 1))
    return mean, 1.96 * sd / sqrt(n)


def report(players: int, rival: str, games: list[GameFigures], elapsed: float | None) -> None:
    won, won_pm = interval([g.won for g in games])
    count = len(games)
    print(
        f"  expert against {rival}: expert wins {sum(g.won for g in games):g} of {count} "
        f"({100 * won:.1f}% ± {100 * won_pm:.1f}%)"
    )
    if players > 2:
        rank, rank_pm = interval([g.rank for g in games])
        rival_rank, rival_pm = interval([g.rival_rank for g in games])
        print(
            f"    mean rank: expert {rank:.2f} ± {rank_pm:.2f}, "
            f"{rival} {rival_rank:.2f} ± {rival_pm:.2f} (1 is first)"
        )
    moves = [s for g in games for s in g.seconds]
    print(
        f"    expert: {sum(moves) / len(moves):.3f} s per move on average, "
        f"{max(moves):.3f} s worst ({len(moves)} moves"
        + ("" if elapsed is None else f"; {elapsed:.0f} s in all")
        + ")"
    )


class _Reached(Exception):
    """The position to re-time is reached: the expert, the state and its legal actions."""

    def __init__(self, player: Player, state: GameState, legal: Sequence[Action]) -> None:
        self.position = (player, state, legal)


class _StopAt:
    """The expert of a series, stopped before its move number ``move`` (0 its first)."""

    def __init__(self, inner: Player, move: int) -> None:
        self.inner = inner
        self.left = move

    def choose(self, state: GameState, legal: Sequence[Action]) -> Action:
        if not self.left:
            raise _Reached(self.inner, state, legal)
        self.left -= 1
        return self.inner.choose(state, legal)


def retime(players: int, rival: str, seed: int, move: int, budget: int) -> list[float]:
    """CPU seconds of the expert's move number ``move`` in the series game of ``seed``,
    timed three times; empty if the expert makes fewer moves."""
    try:
        series_game(players, rival, seed, budget, lambda bot: _StopAt(bot, move))
    except _Reached as reached:
        player, state, legal = reached.position
        times = []
        for _ in range(3):
            start = time.process_time()
            player.choose(state, legal)
            times.append(time.process_time() - start)
        return times
    return []


def seed_and_move(text: str) -> tuple[int, int]:
    seed, _, move = text.partition(":")
    if not (seed.isdigit() and move.isdigit()):
        raise argparse.ArgumentTypeError(f"{text!r} is not SEED:MOVE, two whole numbers")
    return int(seed), int(move)


def combine(paths: Sequence[str]) -> None:
    """The figures of the games in the files written by --out, by series."""
    series: dict[tuple[int, str, int], dict[int, GameFigures]] = defaultdict(dict)
    for path in paths:
        for line in Path(path).read_text().splitlines():
            row = json.loads(line)
            key = (row["players"], row["rival"], row["budget"])
            series[key][row["seed"]] = GameFigures(**row["figures"])  # a game played twice once
    for (players, rival, budget), games in sorted(series.items()):
        seeds = sorted(games)
        print(f"{players} players, expert budget {budget}, seeds {seeds[0]}..{seeds[-1]}")
        report(players, rival, [games[s] for s in seeds], None)
        slowest = sorted(
            ((t, seed, move) for seed in seeds for move, t in enumerate(games[seed].seconds)),
            reverse=True,
        )[:5]
        print("    slowest: " + ", ".join(f"{t:.2f} s (--retime {s}:{m})" for t, s, m in slowest))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=400)
    parser.add_argument("--players", default="2")
    parser.add_argument("--against", default="strong,greedy")
    parser.add_argument("--jobs", type=int, default=multiprocessing.cpu_count())
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--first-game", type=int, default=0)
    parser.add_argument("--budget", type=int, help="simulations a move (default: by players)")
    parser.add_argument("--out", help="append each game's figures to this file (JSON lines)")
    parser.add_argument("--combine", nargs="+", metavar="FILE", help="figures of --out files")
    parser.add_argument(
        "--retime", nargs="+", type=seed_and_move, metavar="SEED:MOVE", help="time these moves"
    )
    args = parser.parse_args()
    if args.combine:
        combine(args.combine)
        return
    if args.retime:
        if not args.players.isdigit() or "," in args.against:
            parser.error("--retime times moves of one series: one --players and one --against")
        players, rival = int(args.players), args.against
        budget = expert_simulations(players, args.budget)
        print(f"{players} players against {rival}, expert budget {budget}")
        for seed, move in args.retime:
            times = retime(players, rival, seed, move, budget)
            seconds = ", ".join(f"{t:.2f}" for t in times) + " CPU s" if times else "no such move"
            print(f"  seed {seed} move {move}: {seconds}")
        return
    print(
        f"seats rotated, {args.games} games a series, {args.jobs} processes, "
        "a shared win counts as a fraction"
    )
    for players in (int(p) for p in args.players.split(",")):
        budget = expert_simulations(players, args.budget)
        print(f"{players} players, expert budget {budget} simulations a move")
        for rival in args.against.split(","):
            first = args.seed + args.first_game
            tasks = [(players, rival, first + i, budget) for i in range(args.games)]
            start = time.perf_counter()
            games = []
            for *_, seed, budget, figures in run_in_workers(args.jobs, play_one, tasks):
                games.append(figures)
                if args.out:
                    row = {"players": players, "rival": rival, "seed": seed}
                    row |= {"budget": budget, "figures": asdict(figures)}
                    with open(args.out, "a") as out:
                        out.write(json.dumps(row) + "\n")
            report(players, rival, games, time.perf_counter() - start)


if __name__ == "__main__":
    main()
