"""Where a bot's randomness comes from: the game's seed and the seat through a hash, or fresh
randomness when the game has no seed."""

from __future__ import annotations

from helpers import last_weeks, start
from thebes.bots import make_bot
from thebes.rules import bot_seed, legal_actions


def test_a_bot_seed_follows_the_game_seed_only_through_a_hash() -> None:
    assert bot_seed(1904, 1) == bot_seed(1904, 1)
    assert len({bot_seed(1904, 0), bot_seed(1904, 1), bot_seed(1905, 0)}) == 3
    assert bot_seed(1904, 0) not in (1904, 0, 1)
    # Without a seed, each bot gets fresh randomness: nothing to recompute it from.
    assert len({bot_seed(None, 0) for _ in range(4)}) == 4


def test_a_bot_made_for_an_unseeded_game_needs_no_seed() -> None:
    state = last_weeks(start(2), 6)  # near the end: the searches are short
    for level in ("random", "greedy", "strong", "expert"):
        bot = make_bot(level, None, 1)
        assert bot.choose(state, legal_actions(state)) in legal_actions(state)
