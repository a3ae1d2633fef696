"""What `thebes simulate` pays per action beside the engine alone, on the same games.

Run: python benchmarks/bench_simulate.py [--games G] [--rounds R] [--players P] [--seed S]

Each round plays the same G seeded games of random bots twice, in turns in one process:
once by the engine alone (:func:`~thebes.tournament.bot_games.play_random_game`: the
listing, the random player and :func:`~thebes.rules.advance`, the engine-alone figure of
``bench_engine.py``), and once as `thebes simulate --json` plays them (the command's
handler, its lines written to memory; the parsing of the command line left out), then once
more with ``--save-dir`` (a game file each, into a temporary folder). It prints the CPU
time of an action of each, the best of the rounds, and their ratio to the engine's, and
counts the games whose JSON line is, in both runs of simulate, the one the engine's final
state gives. Prints figures; asserts
nothing. Target (issue point 5): simulate at most 1.3 times the engine's time per action.
The random bot is the cheapest, so whatever else a game pays for shows most with it.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import json
import tempfile
import time
from pathlib import Path

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


def simulate(players: int, seeds: range, save_dir: Path | None) -> tuple[float, int, list[str]]:
    """CPU seconds and actions of the games as `thebes simulate --json` plays them (writing
    each game's file into ``save_dir``, if given), and the JSON line of each game it printed."""
    argv = ["simulate", "--players", str(players), "--json"]
    argv += ["--games", str(len(seeds)), "--seed", str(seeds.start)]
    if save_dir is not None:
        argv += ["--save-dir", str(save_dir)]
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
    engine_us, simulate_us, saving_us = [], [], []
    with tempfile.TemporaryDirectory() as folder:
        for round_ in range(args.rounds):  # in turns: a busy moment slows them alike
            spent, actions, engine_lines = engine_alone(args.players, seeds)
            engine_us.append(spent / actions * 1e6)
            spent, actions, simulate_lines = simulate(args.players, seeds, None)
            simulate_us.append(spent / actions * 1e6)
            # A new folder each round: no file there to check before writing over it.
            into = Path(folder) / str(round_)
            spent, actions, saving_lines = simulate(args.players, seeds, into)
            saving_us.append(spent / actions * 1e6)
    runs = zip(engine_lines, simulate_lines, saving_lines, strict=True)
    same = sum(a == b == c for a, b, c in runs)
    engine = min(engine_us)
    print(
        f"{args.players} players, random bots, {args.games} games a round "
        f"({actions} actions), best of {args.rounds} rounds, CPU time"
    )
    print(f"engine alone:                      {engine:6.2f} µs an action")
    print(
        f"thebes simulate --json:            {min(simulate_us):6.2f} µs an action, "
        f"{min(simulate_us) / engine:.2f} times the engine's (target: at most 1.3)"
    )
    print(
        f"thebes simulate --json --save-dir: {min(saving_us):6.2f} µs an action, "
        f"{min(saving_us) / engine:.2f} times the engine's"
    )
    print(f"same results game by game: {same} of {args.games}")


if __name__ == "__main__":
    main()
