"""Where a bot's randomness comes from: the game's seed and the seat through a hash, or fresh
randomness when the game has no seed."""

from __future__ import annotations

from dataclasses import replace

from helpers import last_weeks, start
from thebes.bots import RandomPlayer, make_bot
from thebes.rules import SplitMix, all_actions, bot_seed, derive_seed, legal_actions, mix_seed


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


def test_the_random_player_takes_the_first_number_of_a_generator_seeded_for_each_action() -> None:
    state = start(2)
    for count in (1, 2, 7, 81):
        listing = all_actions()[:count]
        for seat in (0, 1):
            player = RandomPlayer(1904, seat)
            prefix = derive_seed(bot_seed(1904, seat))
            for number in range(200):
                at = replace(state, actions_taken=number)
                pick = SplitMix(mix_seed(prefix, number)).below(count)
                assert player.choose(at, listing) is listing[pick]
