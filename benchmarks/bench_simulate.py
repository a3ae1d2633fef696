"""What `thebes simulate` pays per action beside the engine alone, on the same games.

Run: python benchmarks/bench_simulate.py [--games G] [--rounds R] [--players P] [--seed S]

Each round plays the same G seeded games of random bots twice, in turns in one process:
once by the engine alone (:func:`~thebes.tournament.bot_games.play_random_game`: the
listing, the random player and :func:`~thebes.rules.advance`, the engine-alone figure of
``bench_engine.py``), and once as `thebes simulate --json` plays them (the command's
handler, its lines written to memory; the parsing of the command line left out). It prints
the CPU time of an action of each, the best of the rounds, and their ratio, and counts the
games whose JSON line is the one the engine's final state gives. Prints figures; asserts
nothing. Target (issue point 5): simulate at most 1.3 times the engine's time per action.
The random bot is the cheapest, so whatever else a game pays for shows most with it.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import json
import time

from thebes.catalog.loading import default_catalog
from thebes.cli.arguments import build_parser
from thebes.tournament.bot_games import GameResult, play_random_game


def engine_alone(players: int, seeds: range) -> tuple[float, int, list[str]]:
    """CPU seconds and actions of the games by the engine alone, and each game's result
    as the JSON line simulate prints for it."""
    catalog = default_catalog()
    bots = {f"P{seat + 1}": "random" for seat in range(players)}
    start = time.process_time()
    states = [play_random_game(catalog, players, seed) for seed in seeds]
    spent = time.process_time() - start
    results = (GameResult.of(s, seed, bots) for s, seed in zip(states, seeds, strict=True))
    lines = [json.dumps(result.as_json()) for result in results]
    return spent, sum(s.actions_taken for s in states), lines


def simulate(players: int, seeds: range) -> tuple[float, int, list[str]]:
    """CPU seconds and actions of the games as `thebes simulate --json` plays them, and the
    JSON line of each game it printed."""
    argv = ["simulate", "--players", str(players), "--json"]
    argv += ["--games", str(len(seeds)), "--seed", str(seeds.start)]
    args = build_parser().parse_args(argv)
    out = io.StringIO()
    start = time.process_time()
    with contextlib.redirect_stdout(out):
        code = args.handler(args, None)
    spent = time.process_time() - start
    if code != 0:
        raise SystemExit(f"thebes simulate ended with {code}")
    lines = out.getvalue().splitlines()[:-1]  # the last line is the summary
    return spent, sum(json.loads(line)["actions"] for line in lines), lines


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=200, help="games a round")
    parser.add_argument("--rounds", type=int, default=7)
    parser.add_argument("--players", type=int, choices=(2, 3, 4), default=4)
    parser.add_argument("--seed", type=int, default=1, help="the first game's seed")
    args = parser.parse_args()
    if args.games < 1 or args.rounds < 1:
        parser.error("--games and --rounds must be at least 1")
    seeds = range(args.seed, args.seed + args.games)
    engine_us, simulate_us = [], []
    for _ in range(args.rounds):  # in turns: a busy moment slows both alike
        spent, actions, engine_lines = engine_alone(args.players, seeds)
        engine_us.append(spent / actions * 1e6)
        spent, actions, simulate_lines = simulate(args.players, seeds)
        simulate_us.append(spent / actions * 1e6)
    same = sum(a == b for a, b in zip(engine_lines, simulate_lines, strict=True))
    print(
        f"{args.players} players, random bots, {args.games} games a round "
        f"({actions} actions), best of {args.rounds} rounds, CPU time"
    )
    print(f"engine alone:           {min(engine_us):6.2f} µs an action")
    print(f"thebes simulate --json: {min(simulate_us):6.2f} µs an action")
    print(f"simulate/engine: {min(simulate_us) / min(engine_us):.2f} (target: at most 1.3)")
    print(f"same results game by game: {same} of {args.games}")


if __name__ == "__main__":
    main()
