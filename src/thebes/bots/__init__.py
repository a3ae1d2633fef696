"""Computer players: each chooses one of the legal actions it is offered.

The levels, weakest first: random, greedy (the best outlook right after the action), strong
(greedy's best actions played out) and expert (a search over sampled deals); what each
may know and how it chooses is in docs/bots.md.

Every player has ``choose(state, legal) -> action``; a person at the keyboard is one more
kind of player, so the game loop treats seats alike.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from thebes.bots.expert import ExpertBudget, ExpertPlayer
from thebes.bots.greedy import GreedyPlayer
from thebes.bots.levels import (
    BOT_LEVELS,
    DEFAULT_EXPERT_BUDGETS,
    MAX_EXPERT_BUDGET,
    expert_simulations,
)
from thebes.bots.random_player import RandomPlayer
from thebes.bots.strong import SearchBudget, StrongPlayer
from thebes.rules import Action, GameState


class Player(Protocol):
    def choose(self, state: GameState, legal: Sequence[Action]) -> Action: ...


def make_bot(
    level: str, game_seed: int | None, seat: int, expert_budget: int | None = None
) -> Player:
    """A computer player of this level, seeded from the game seed and its seat through a
    one-way hash (or, in a game without a seed, from the operating system). An expert
    searches ``expert_budget`` simulations a move (None: DEFAULT_EXPERT_BUDGETS for the
    game's number of players); the other levels have no use for it."""
    if level == "random":
        return RandomPlayer(game_seed, seat)
    if level == "greedy":
        return GreedyPlayer(game_seed, seat)
    if level == "strong":
        return StrongPlayer(game_seed, seat)
    if level == "expert":
        return ExpertPlayer(game_seed, seat, ExpertBudget(simulations=expert_budget))
    raise ValueError(f"unknown bot level {level!r} (levels: {', '.join(BOT_LEVELS)})")


__all__ = [
    "BOT_LEVELS",
    "DEFAULT_EXPERT_BUDGETS",
    "MAX_EXPERT_BUDGET",
    "ExpertBudget",
    "ExpertPlayer",
    "GreedyPlayer",
    "Player",
    "RandomPlayer",
    "SearchBudget",
    "StrongPlayer",
    "expert_simulations",
    "make_bot",
]
