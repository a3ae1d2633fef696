"""The random player: a uniformly random legal action."""

from __future__ import annotations

from collections.abc import Sequence

from thebes.rules import Action, GameState, bot_seed, derive_seed, mix_seed, uniform_below


class RandomPlayer:
    """Chooses uniformly; each choice is seeded from the bot's seed and the action number,
    so a resumed seeded game goes on exactly as the uninterrupted one would."""

    level = "random"

    def __init__(self, game_seed: int | None, seat: int) -> None:
        self._seed = derive_seed(bot_seed(game_seed, seat))  # mixed with each action number

    def choose(self, state: GameState, legal: Sequence[Action]) -> Action:
        # SplitMix(mix_seed(self._seed, n)).below(len(legal)), without the generator
        return legal[uniform_below(mix_seed(self._seed, state.actions_taken), len(legal))]
