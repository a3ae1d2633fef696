"""Engine speed: complete random games per second, and one legal-action listing and apply.

Run: python benchmarks/bench_engine.py [--seconds S]. Prints figures; asserts nothing.
Target: at least 300 four-player random games per second on one core.
"""

from __future__ import annotations

import argparse
import random
import time

from thebes.catalog.loading import default_catalog
from thebes.rules import GameState, SeededChance, apply, legal_actions, new_game
from thebes.tournament.bot_games import play_random_game


def games_per_second(players: int, seconds: float) -> tuple[float, float]:
    catalog = default_catalog()
    start = time.perf_counter()
    games = actions = 0
    while time.perf_counter() - start < seconds:
        actions += play_random_game(catalog, players, games).actions_taken
        games += 1
    elapsed = time.perf_counter() - start
    return games / elapsed, actions / games


def midgame_states(count: int) -> list[GameState]:
    """States from the middle of random 4-player games, where listings are longest."""
    catalog = default_catalog()
    states = []
    for seed in range(count):
        chance = SeededChance(seed)
        rng = random.Random(seed)
        state, _ = new_game(catalog, ["A", "B", "C", "D"], chance)
        for _ in range(30):
            state, _ = apply(state, rng.choice(legal_actions(state)), chance)
        states.append(state)
    return states


def per_call_microseconds(states: list[GameState], repeat: int) -> tuple[float, float, float]:
    start = time.perf_counter()
    listed = 0
    for _ in range(repeat):
        for state in states:
            listed += len(legal_actions(state))
    listing = (time.perf_counter() - start) / (repeat * len(states)) * 1e6
    chosen = [(s, legal_actions(s)[len(legal_actions(s)) // 2]) for s in states]
    chance = SeededChance(0)
    start = time.perf_counter()
    for _ in range(repeat):
        for state, action in chosen:
            apply(state, action, chance)
    applying = (time.perf_counter() - start) / (repeat * len(states)) * 1e6
    return listing, applying, listed / (repeat * len(states))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seconds", type=float, default=3.0, help="per player count")
    args = parser.parse_args()
    for players in (2, 3, 4):
        rate, length = games_per_second(players, args.seconds)
        print(f"{players} players: {rate:7.1f} random games/s  ({length:.0f} actions per game)")
    listing, applying, size = per_call_microseconds(midgame_states(50), 40)
    print(f"legal_actions: {listing:6.1f} µs per call (mid-game, {size:.0f} actions listed)")
    print(f"apply:         {applying:6.1f} µs per call (mid-game)")


if __name__ == "__main__":
    main()
