"""Computer players: each chooses one of the legal actions it is offered.

Every player has ``choose(state, legal) -> action``; a person at the keyboard is one more
kind of player, so the game loop treats seats alike.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from thebes.bots.greedy import GreedyPlayer
from thebes.bots.levels import BOT_LEVELS
from thebes.bots.random_player import RandomPlayer
from thebes.bots.strong import SearchBudget, StrongPlayer
from thebes.rules import Action, GameState


class Player(Protocol):
    def choose(self, state: GameState, legal: Sequence[Action]) -> Action: ...


def make_bot(level: str, game_seed: int | None, seat: int) -> Player:
    """A computer player of this level, seeded from the game seed and its seat through a
    one-way hash (or, in a game without a seed, from the operating system)."""
    if level == "random":
        return RandomPlayer(game_seed, seat)
    if level == "greedy":
        return GreedyPlayer(game_seed, seat)
    if level == "strong":
        return StrongPlayer(game_seed, seat)
    raise ValueError(f"unknown bot level {level!r} (levels: {', '.join(BOT_LEVELS)})")


__all__ = [
    "BOT_LEVELS",
    "GreedyPlayer",
    "Player",
    "RandomPlayer",
    "SearchBudget",
    "StrongPlayer",
    "make_bot",
]
