"""The random player: a uniformly random legal action."""

from __future__ import annotations

from collections.abc import Sequence

from thebes.rules import Action, GameState, bot_seed, derive_seed, mix_seed


class RandomPlayer:
    """Chooses uniformly; each choice is seeded from the bot's seed and the action number,
    so a resumed seeded game goes on exactly as the uninterrupted one would."""

    level = "random"

    def __init__(self, game_seed: int | None, seat: int) -> None:
        self._seed = derive_seed(bot_seed(game_seed, seat))  # mixed with each action number

    def choose(self, state: GameState, legal: Sequence[Action]) -> Action:
        # SplitMix(mix_seed(self._seed, n)).below(len(legal)), without the generator: its
        # first number is the mix of its seed with 0
        first = mix_seed(mix_seed(self._seed, state.actions_taken), 0)
        return legal[(first * len(legal)) >> 64]
