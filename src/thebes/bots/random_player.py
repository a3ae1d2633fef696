"""The random player: a uniformly random legal action."""

from __future__ import annotations

from collections.abc import Sequence

from thebes.rules import Action, GameState, bot_seed, derive_seed

_MASK = (1 << 64) - 1
_GOLDEN = 0x9E3779B97F4A7C15


class RandomPlayer:
    """Chooses uniformly; each choice is seeded from the bot's seed and the action number,
    so a resumed seeded game goes on exactly as the uninterrupted one would."""

    level = "random"

    def __init__(self, game_seed: int | None, seat: int) -> None:
        self._seed = derive_seed(bot_seed(game_seed, seat))  # mixed with each action number

    def choose(self, state: GameState, legal: Sequence[Action]) -> Action:
        # SplitMix(mix_seed(self._seed, n)).below(len(legal)), without the generator: its
        # first number is the mix of its seed with 0. Both mixes are written out (the
        # engine's benchmark plays random players; tests hold them to mix_seed's).
        x = ((self._seed ^ state.actions_taken) + _GOLDEN) & _MASK
        x = ((x ^ (x >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        x = ((x ^ (x >> 27)) * 0x94D049BB133111EB) & _MASK
        x = ((x ^ (x >> 31)) + _GOLDEN) & _MASK
        x = ((x ^ (x >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        x = ((x ^ (x >> 27)) * 0x94D049BB133111EB) & _MASK
        return legal[((x ^ (x >> 31)) * len(legal)) >> 64]
