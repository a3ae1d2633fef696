"""Whole seeded bot games and their digests: the proof that a change to the engine or the bots
plays every game as before.

Run: python benchmarks/bench_game_digests.py [--games N] [--first I] [--write FILE | --check FILE]

Game ``i`` has seed ``i``, 2 + i mod 3 players, the variants of combination i mod 32 (V1-V5
as bits), and bots of one level: random for most games, greedy for every fifth, and strong
for a few (``--strong``). Each line gives the game and the digest of its record (every action
and every draw, see docs/game-files.md). ``--write`` saves the lines; ``--check`` plays the
games again and prints the games whose digest differs. Prints the games' speed; asserts
nothing but exits 1 when ``--check`` finds a difference.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

from thebes.catalog.loading import default_catalog
from thebes.rules import VARIANT_NAMES, Variants
from thebes.tournament.bot_games import bot_session


def game_line(index: int, strong: int) -> str:
    catalog = default_catalog()
    players = 2 + index % 3
    combination = index % 32
    names = [name for bit, name in enumerate(VARIANT_NAMES) if combination >> bit & 1]
    if index < strong:
        level = "strong"
    elif index % 5 == 0:
        level = "greedy"
    else:
        level = "random"
    session = bot_session(catalog, players, index, level, Variants.from_names(names))
    digest = session.to_record().digest
    return f"{index} {players}p {level} {'+'.join(names) or '-'} {digest}"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--strong", type=int, default=10, help="the first N games by strong bots")
    parser.add_argument("--first", type=int, default=0, help="start at game FIRST")
    where = parser.add_mutually_exclusive_group()
    where.add_argument("--write", type=Path)
    where.add_argument("--check", type=Path)
    args = parser.parse_args()
    start = time.perf_counter()
    indices = range(args.first, args.first + args.games)
    lines = [game_line(i, args.strong) for i in indices]
    elapsed = time.perf_counter() - start
    print(f"{args.games} games in {elapsed:.1f} s")
    if args.write:
        args.write.write_text("\n".join(lines) + "\n", encoding="utf-8")
        print(f"written to {args.write}")
    if args.check:
        expected = args.check.read_text(encoding="utf-8").splitlines()[indices.start : indices.stop]
        differ = [(a, b) for a, b in zip(expected, lines, strict=False) if a != b]
        for before, now in differ:
            print(f"differs: {before}\n    now: {now}")
        print(f"{len(expected) - len(differ)} of {len(expected)} games as before")
        return 1 if differ or len(expected) < args.games else 0
    return 0


if __name__ == "__main__":
    sys.exit(main())
