"""The random player: a uniformly random legal action, from its own seeded generator."""

from __future__ import annotations

import random
from collections.abc import Sequence

from thebes.model import Action, GameState


class RandomPlayer:
    level = "random"

    def __init__(self, seed: int | str) -> None:
        self._rng = random.Random(f"thebes-random-player:{seed}")

    def choose(self, state: GameState, legal: Sequence[Action]) -> Action:
        return legal[self._rng.randrange(len(legal))]
