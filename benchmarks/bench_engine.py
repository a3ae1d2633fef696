"""Engine speed: complete random games per second, beside a mock engine in the same run, and
one legal-action listing and apply.

Run: python benchmarks/bench_engine.py [--seconds S]. Prints figures; asserts nothing.
Targets (issue 24): at least 1,500 random four-player games a second on one core of a quiet
machine, and at most 1.5 times the mock's time per action.

The mock does per action the volume of work the engine cannot avoid, in plain frozen
dataclasses: find the player to move, list about ten actions (each a new value), draw a
card or a token from a tuple, rebuild one player and the state. Both run in turns in the
same process, so a busy machine slows them alike; the ratio printed is the median of the
rounds. The games are those of ``thebes simulate --bots random`` (the engine's own
:func:`~thebes.rules.advance`, as the bots' searches use it); the same games through
:func:`~thebes.rules.apply`, which checks each action and tells its events, are printed too.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Callable
from dataclasses import dataclass

from thebes.catalog.loading import default_catalog
from thebes.rules import (
    SETUP,
    GameState,
    SeededChance,
    SplitMix,
    active_seat,
    apply,
    derive_seed,
    legal_actions,
    new_game,
)
from thebes.tournament.bot_games import play_random_game

ROUNDS = 7


# ---------------------------------------------------------------- the mock engine


@dataclass(frozen=True, slots=True)
class MockPlayer:
    name: str
    location: int
    time: int
    arrival: int
    cards: tuple[int, ...]
    tokens: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class MockAction:
    kind: int  # 0: take the card of display slot ``where``; 1: dig at site ``where``
    where: int
    weeks: int


@dataclass(frozen=True, slots=True)
class MockState:
    players: tuple[MockPlayer, ...]
    display: tuple[int, ...]
    unseen: tuple[int, ...]
    bags: tuple[tuple[int, ...], ...]
    clock: int
    actions_taken: int


MOCK_END = 156  # weeks, as the engine's three years


def mock_seat(state: MockState) -> int | None:
    best, best_time, best_arrival = None, MOCK_END, -1
    for seat, player in enumerate(state.players):
        t = player.time
        if t < best_time or (t == best_time and player.arrival > best_arrival):
            best, best_time, best_arrival = seat, t, player.arrival
    return best


def mock_legal(state: MockState, seat: int) -> list[MockAction]:
    player = state.players[seat]
    actions = [MockAction(0, slot, 1 + card % 3) for slot, card in enumerate(state.display)]
    actions += [MockAction(1, r, w) for r in range(2) for w in (2, 3, 4) if state.bags[r]]
    return [a for a in actions if player.time + a.weeks <= MOCK_END and (a.kind or state.unseen)]


def mock_apply(state: MockState, seat: int, action: MockAction, rng: SplitMix) -> MockState:
    player = state.players[seat]
    display, unseen, bags = state.display, state.unseen, state.bags
    cards, tokens = player.cards, player.tokens
    if action.kind == 0:
        k = rng.below(len(unseen))
        cards = tuple(sorted((*cards, display[action.where])))
        display = (*display[: action.where], unseen[k], *display[action.where + 1 :])
        unseen = unseen[:k] + unseen[k + 1 :]
    else:
        bag = bags[action.where]
        k = rng.below(len(bag))
        tokens = tuple(sorted((*tokens, bag[k])))
        bags = (*bags[: action.where], bag[:k] + bag[k + 1 :], *bags[action.where + 1 :])
    moved = MockPlayer(
        player.name, action.where, player.time + action.weeks, state.clock, cards, tokens
    )
    players = (*state.players[:seat], moved, *state.players[seat + 1 :])
    return MockState(players, display, unseen, bags, state.clock + 1, state.actions_taken + 1)


def mock_game(seed: int) -> int:
    """A whole mock game of four random players; returns its number of actions."""
    players = tuple(MockPlayer(f"P{i}", 0, 0, i, (), ()) for i in range(4))
    bags = tuple(tuple(range(100 * r, 100 * r + 30)) for r in range(5))
    state = MockState(players, (1, 2, 3, 4), tuple(range(5, 90)), bags, 4, 0)
    while (seat := mock_seat(state)) is not None:
        legal = mock_legal(state, seat)
        if not legal:
            break
        rng = SplitMix(derive_seed(seed, state.actions_taken))
        state = mock_apply(state, seat, legal[rng.below(len(legal))], rng)
    return state.actions_taken


# ---------------------------------------------------------------- measuring


def checked_game(seed: int) -> int:
    """The game of play_random_game through apply (every action checked, events told)."""
    from thebes.bots import RandomPlayer

    catalog = default_catalog()
    state, _ = new_game(catalog, ["P1", "P2", "P3", "P4"], SeededChance.for_action(seed, SETUP))
    seats = [RandomPlayer(seed, seat) for seat in range(4)]
    while (seat := active_seat(state)) is not None:
        action = seats[seat].choose(state, legal_actions(state))
        state, _ = apply(state, action, SeededChance.for_action(seed, state.actions_taken))
    return state.actions_taken


def timed(play: Callable[[int], int], seconds: float, first: int) -> tuple[float, int, int]:
    """CPU seconds, games and actions of games played for about ``seconds``."""
    start = time.process_time()
    games = actions = 0
    while time.process_time() - start < seconds:
        actions += play(first + games)
        games += 1
    return time.process_time() - start, games, actions


def engine_beside_mock(seconds: float) -> None:
    catalog = default_catalog()

    def engine_game(seed: int) -> int:
        return play_random_game(catalog, 4, seed).actions_taken

    ratios, rates, checked_rates, engine_us, mock_us = [], [], [], [], []
    slice_ = seconds / ROUNDS / 3
    for round_ in range(ROUNDS):
        spent, games, actions = timed(engine_game, slice_, round_ * 10_000)
        rates.append(games / spent)
        engine_us.append(spent / actions * 1e6)
        spent, games, actions = timed(mock_game, slice_, round_ * 10_000)
        mock_us.append(spent / actions * 1e6)
        ratios.append(engine_us[-1] / mock_us[-1])
        spent, games, _ = timed(checked_game, slice_, round_ * 10_000)
        checked_rates.append(games / spent)
    median = statistics.median
    print(
        # No widths inside the sentence: a figure under 10 µs would print two spaces.
        f"4 players: {median(rates):7.1f} random games/s, {median(engine_us):.2f} µs an "
        f"action; mock {median(mock_us):.2f} µs an action; engine/mock {median(ratios):.2f} "
        f"(median of {ROUNDS} rounds, CPU time)"
    )
    print(f"4 players through apply (checked, with events): {median(checked_rates):7.1f} games/s")


def games_per_second(players: int, seconds: float) -> tuple[float, float]:
    catalog = default_catalog()
    spent, games, actions = timed(
        lambda seed: play_random_game(catalog, players, seed).actions_taken, seconds, 0
    )
    return games / spent, actions / games


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
    parser.add_argument("--seconds", type=float, default=3.0, help="per measurement")
    args = parser.parse_args()
    if args.seconds <= 0:
        parser.error("--seconds must be more than 0")
    engine_beside_mock(args.seconds * 2)
    for players in (2, 3):
        rate, length = games_per_second(players, args.seconds / 2)
        print(f"{players} players: {rate:7.1f} random games/s  ({length:.0f} actions per game)")
    listing, applying, size = per_call_microseconds(midgame_states(50), 40)
    print(f"legal_actions: {listing:6.1f} µs per call (mid-game, {size:.0f} actions listed)")
    print(f"apply:         {applying:6.1f} µs per call (mid-game, checked, with events)")


if __name__ == "__main__":
    main()
