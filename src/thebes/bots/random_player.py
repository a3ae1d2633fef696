"""The random player: a uniformly random legal action."""

from __future__ import annotations

from collections.abc import Sequence

from thebes.chance import PLAYER_STREAM, SplitMix, derive_seed
from thebes.model import Action, GameState


class RandomPlayer:
    """Chooses uniformly; each choice is seeded from the game seed, the seat and the action
    number, so a resumed game goes on exactly as the uninterrupted one would."""

    level = "random"

    def __init__(self, game_seed: int, seat: int) -> None:
        self._seed = derive_seed(PLAYER_STREAM, game_seed, seat)

    def choose(self, state: GameState, legal: Sequence[Action]) -> Action:
        rng = SplitMix(derive_seed(self._seed, state.actions_taken))
        return legal[rng.below(len(legal))]
