"""The numbers behind a seeded game: splitmix64 as published, the shortcuts the hot paths
take to it, and the token draw against the plain algorithm it stands for.

Every seeded game, every bot's choice and the digests of benchmarks/game_digests.txt rest
on these numbers: a change here changes every seeded game.
"""

from __future__ import annotations

import random

from thebes.rules import Pile, SeededChance, SplitMix, mix_seed

_MASK = (1 << 64) - 1


def test_splitmix_gives_the_published_splitmix64_numbers() -> None:
    # The first outputs of splitmix64 from seed 0 (Vigna's reference implementation).
    rng = SplitMix(0)
    firsts = [rng.below(1 << 64) for _ in range(3)]
    assert firsts == [0xE220A8397B1DCDAF, 0x6E789E6AA1B965F4, 0x06C45D188009454F]


def test_mix_seed_takes_negative_parts_as_their_64_bit_pattern() -> None:
    assert mix_seed(5, -1) == mix_seed(5, _MASK)


def _fisher_yates(
    numbers: SplitMix, bag: tuple[int, ...], debris: int, count: int
) -> tuple[tuple[int, ...], int]:
    """The partial Fisher-Yates shuffle of every position, as written in a textbook."""
    positions = list(range(len(bag) + debris))
    for i in range(count):
        j = i + numbers.below(len(positions) - i)
        positions[i], positions[j] = positions[j], positions[i]
    drawn = positions[:count]
    found = sorted(bag[p] for p in drawn if p < len(bag))
    return tuple(found), count - len(found)


def test_a_token_draw_is_the_partial_fisher_yates_shuffle_of_the_bag_and_its_debris() -> None:
    rng = random.Random(24)
    for _ in range(2000):
        bag = tuple(sorted(rng.sample(range(1, 200), rng.randrange(0, 16))))
        debris = rng.randrange(0, 12)
        size = len(bag) + debris
        if size == 0:
            continue
        count = rng.randrange(0, size + 1)
        seed = rng.getrandbits(64)
        # A seeded chance is a generator: the reference takes the same stream of numbers.
        chance, numbers = SeededChance(seed), SeededChance(seed)
        assert chance.draw_tokens(bag, debris, count) == _fisher_yates(numbers, bag, debris, count)
        # and the generator goes on from where the plain draw left it
        assert chance.below(1 << 64) == numbers.below(1 << 64)


def test_a_card_draw_is_a_pick_from_the_pile_then_from_the_unseen_cards() -> None:
    rng = random.Random(25)
    for _ in range(2000):
        unseen = tuple(sorted(rng.sample(range(1, 90), rng.randrange(1, 60))))
        known = tuple(sorted(rng.sample(range(90, 120), rng.randrange(0, 6))))
        pile = Pile(rng.randrange(0 if known else 1, 30), known)
        seed = rng.getrandbits(64)
        numbers = SeededChance(seed)  # the plain draw: a place in the pile, then a card
        pick = numbers.below(pile.size)
        expected = (
            unseen[numbers.below(len(unseen))] if pick < pile.hidden else known[pick - pile.hidden]
        )
        chance = SeededChance(seed)
        assert chance.draw_card(pile, unseen) == expected
        # and the generator goes on from where the plain draw left it
        assert chance.below(1 << 64) == numbers.below(1 << 64)
