"""`thebes analyze`: its speed, and that it measures something true.

Run: python benchmarks/bench_analysis.py [--games G] [--playouts N] [--jobs J] [--seed S]
[--play-strong] [--part all|speed|greedy-random|strong-greedy] [--every K]
Prints figures; asserts nothing. Targets: with --jobs 2 on two cores of a quiet machine, at
the default playouts, a 2-player game (game-2p-300 of tests/analysis_games, 54 actions)
analysed in at most 3 s and a 4-player one (the stored one nearest 85 actions) in at most
6 s; each speed line gives the time taken, the CPU time of the process and its workers and
the load average (on a loaded machine the time is longer, the CPU time hardly so). Over at
least 20 two-player games, random has a higher mean loss than greedy (greedy against
random), and strong a lower one than greedy (strong against greedy). The greedy-random games
are played here, seats rotated, seeds S, S+1, ...; the strong-greedy ones are those kept in
tests/analysis_games (strong games take minutes to play), or played here with
--play-strong. ``--every K`` reviews only actions 1, 1+K, 1+2K, ... of each game: a quick
run (tests/benchmarks runs the script so), not one the targets are for.
"""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import tempfile
import time
from pathlib import Path

from thebes.analysis.game_review import GameToAnalyze, analyze, open_game
from thebes.analysis.judge import LABEL_NAMES
from thebes.analysis.judge import PLAYOUTS as DEFAULT_PLAYOUTS
from thebes.tournament.series import Series, entries_for, play_series

STORED = Path(__file__).resolve().parents[1] / "tests" / "analysis_games"


def play(levels: list[str], games: int, seed: int, folder: Path) -> list[Path]:
    series = Series(tuple(entries_for(levels, 2)), games, seed, True, folder)
    list(play_series(series, jobs=2))
    return sorted(folder.glob("game-*.json"))


def sample(game: GameToAnalyze, every: int) -> list[int] | None:
    """The numbers of the actions reviewed: all of them (None) unless ``every`` > 1."""
    return None if every == 1 else list(range(1, game.actions + 1, every))


def sampled(every: int) -> str:
    """Said after the playouts, so a sampled run is not taken for a whole one."""
    return "" if every == 1 else f" (one action in {every} reviewed)"


def figures(title: str, files: list[Path], playouts: int, jobs: int, every: int) -> None:
    """Each level's mean loss per game averaged over the games, with its standard error,
    the labels counted, and the time per game."""
    losses: dict[str, list[float]] = {}
    labels: dict[str, dict[str, int]] = {}
    seconds = []
    for path in files:
        game = open_game(path)
        start = time.perf_counter()
        review = analyze(game, playouts, jobs, numbers=sample(game, every))
        seconds.append(time.perf_counter() - start)
        for name, summary in review.players(game.names).items():
            if not summary.moves:  # none of its actions in the sample (--every): no loss
                continue
            losses.setdefault(name, []).append(summary.mean_loss)
            counts = labels.setdefault(name, dict.fromkeys(LABEL_NAMES, 0))
            for label, count in summary.labels.items():
                counts[label] += count
        print(f"  {path.name}: {game.actions} actions, {seconds[-1]:.1f} s", flush=True)
    print(f"{title}: {len(files)} games, {playouts} playouts{sampled(every)}, --jobs {jobs}")
    for name, values in losses.items():
        error = statistics.stdev(values) / len(values) ** 0.5 if len(values) > 1 else 0.0
        counted = ", ".join(f"{labels[name][label]} {label}" for label in LABEL_NAMES)
        print(f"  {name:<8} mean loss {statistics.mean(values):5.2f} ±{error:.2f}  ({counted})")
    print(f"  time per game: mean {statistics.mean(seconds):.1f} s, max {max(seconds):.1f} s")


def speed(playouts: int, jobs: int, every: int) -> None:
    """The time of analysing one stored 2-player game and one 4-player game."""
    four = sorted(STORED.glob("game-4p-*.json"))
    nearest = min(four, key=lambda p: (abs(open_game(p).actions - 85), p.name))
    for path, target in ((STORED / "game-2p-300.json", 3), (nearest, 6)):
        game = open_game(path)
        children = resource.getrusage(resource.RUSAGE_CHILDREN)
        cpu, start = time.process_time(), time.perf_counter()
        analyze(game, playouts, jobs, numbers=sample(game, every))
        took = time.perf_counter() - start
        done = resource.getrusage(resource.RUSAGE_CHILDREN)
        cpu = time.process_time() - cpu
        cpu += done.ru_utime + done.ru_stime - children.ru_utime - children.ru_stime
        print(
            f"speed: {path.name}, {game.actions} actions, {playouts} playouts{sampled(every)}, "
            f"--jobs {jobs}: {took:.1f} s, CPU {cpu:.1f} s, load average "
            f"{os.getloadavg()[0]:.1f} (target: at most {target} s with --jobs 2 on two cores)",
            flush=True,
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--playouts", type=int, default=DEFAULT_PLAYOUTS)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--seed", type=int, default=500)
    parser.add_argument("--play-strong", action="store_true")
    parser.add_argument(
        "--part", choices=("all", "speed", "greedy-random", "strong-greedy"), default="all"
    )
    parser.add_argument("--every", type=int, default=1)
    args = parser.parse_args()
    if args.every < 1:
        parser.error("--every: 1 or more")
    if args.part in ("all", "speed"):
        speed(args.playouts, args.jobs, args.every)
    with tempfile.TemporaryDirectory() as temporary:
        folder = Path(temporary)
        if args.part in ("all", "greedy-random"):
            (folder / "gr").mkdir()
            greedy_random = play(["greedy", "random"], args.games, args.seed, folder / "gr")
            figures("greedy against random", greedy_random, args.playouts, args.jobs, args.every)
        if args.part not in ("all", "strong-greedy"):
            return
        if args.play_strong:
            (folder / "sg").mkdir()
            strong = play(["strong", "greedy"], args.games, args.seed, folder / "sg")
        else:
            strong = sorted(STORED.glob("game-2p-*.json"))[: args.games]
        figures("strong against greedy", strong, args.playouts, args.jobs, args.every)


if __name__ == "__main__":
    main()
