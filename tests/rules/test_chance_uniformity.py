"""Chi-square tests that the real chance classes draw cards and tokens uniformly.

Each statistic is computed here (no scipy) and compared with the upper critical value of
the chi-square distribution for its degrees of freedom. The critical values were computed
with ``scipy.stats.chi2.isf(p, df)`` (SciPy 1.17) and agree with the NIST/SEMATECH
e-Handbook's table of upper critical values (section 1.3.6.7.4) where it lists them:

    df    p = 1e-3   p = 1e-4
     4     18.467     23.513
    29     58.301     66.152
    43     77.419     86.281

The seeded class is tested with a fixed seed, so its test is deterministic; the secret one
draws from the operating system, so its test can fail by bad luck, with probability below
1e-4 per statistic. A fake whose number source favours one half of the pile or bag (only
a little) is rejected by the same statistics, which shows they can see such a bias.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable
from math import comb

import pytest

from thebes.rules import Chance, Pile, SecretChance, SeededChance

CRITICAL = {  # df: (p = 1e-3, p = 1e-4)
    4: (18.467, 23.513),
    29: (58.301, 66.152),
    43: (77.419, 86.281),
}
SEED = 2026


class HalfBiased(SecretChance):
    """The real drawing code (the secret chance's) over a number source that, one time in
    five, answers from the lower half of its range: the first half of a pile or bag comes
    out 1.2 times as often as it should, the second half 0.8 times."""

    __slots__ = ("_rng",)

    def __init__(self, seed: int) -> None:
        self._rng = random.Random(seed)

    def below(self, n: int) -> int:
        rng = self._rng
        return rng.randrange((n + 1) // 2) if rng.random() < 0.2 else rng.randrange(n)


def chi_square(observed: list[int], expected: list[float]) -> float:
    return sum((o - e) ** 2 / e for o, e in zip(observed, expected, strict=True))


# A pile of 20 unseen researcher cards (any of the 40 still unseen, alike) and 4 known
# exhibitions: each unseen card has probability 20/24 * 1/40 = 1/48, each exhibition 1/24.
UNSEEN = tuple(range(1, 41))
PILE = Pile(20, (86, 87, 88, 89))
CARD_DRAWS = 24_000


def card_statistic(chance: Chance) -> tuple[float, int]:
    """Chi-square of the cards drawn from the top of :data:`PILE` (44 categories)."""
    counts = Counter(chance.draw_card(PILE, UNSEEN) for _ in range(CARD_DRAWS))
    cards = [*UNSEEN, *PILE.known]
    expected = [CARD_DRAWS / 48] * len(UNSEEN) + [CARD_DRAWS / 24] * len(PILE.known)
    return chi_square([counts[c] for c in cards], expected), len(cards) - 1


# A bag of 30 tokens and no debris, 4 drawn at a time: each token is among the 4 with
# probability p = 4/30. One draw's 30 indicators have variance p(1-p) and covariance
# -p(1-p)/29 (they always add up to 4), so sum((O - E)^2) / (N p (1-p) 30/29) over the
# tokens follows the chi-square distribution with 29 degrees of freedom (for 1 token drawn
# it is the usual Pearson statistic).
BAG = tuple(range(100, 130))
TOKENS_DRAWN = 4
TOKEN_DRAWS = 6_000


def token_statistic(chance: Chance) -> tuple[float, int]:
    """Chi-square of how often each token of :data:`BAG` is among those drawn."""
    counts: Counter[int] = Counter()
    for _ in range(TOKEN_DRAWS):
        found, debris = chance.draw_tokens(BAG, 0, TOKENS_DRAWN)
        assert debris == 0 and len(set(found)) == TOKENS_DRAWN
        counts.update(found)
    n = len(BAG)
    p = TOKENS_DRAWN / n
    spread = TOKEN_DRAWS * p * (1 - p) * n / (n - 1)
    mean = TOKEN_DRAWS * p
    return sum((counts[t] - mean) ** 2 for t in BAG) / spread, n - 1


# A real bag at the start: 14 tokens and 16 debris; a dig of 4 tokens draws d debris with
# the hypergeometric probability C(16, d) C(14, 4 - d) / C(30, 4), d = 0..4.
REAL_BAG = tuple(range(200, 214))
DEBRIS = 16
DIG_DRAWS = 6_000


def debris_statistic(chance: Chance) -> tuple[float, int]:
    """Chi-square of the number of debris among 4 tokens drawn from a fresh bag."""
    counts = Counter(chance.draw_tokens(REAL_BAG, DEBRIS, 4)[1] for _ in range(DIG_DRAWS))
    size = len(REAL_BAG) + DEBRIS
    expected = [
        DIG_DRAWS * comb(DEBRIS, d) * comb(len(REAL_BAG), 4 - d) / comb(size, 4) for d in range(5)
    ]
    return chi_square([counts[d] for d in range(5)], expected), 4


STATISTICS: dict[str, Callable[[Chance], tuple[float, int]]] = {
    "cards": card_statistic,
    "tokens": token_statistic,
    "debris": debris_statistic,
}


@pytest.mark.parametrize("what", sorted(STATISTICS))
def test_seeded_draws_are_uniform(what: str) -> None:
    statistic, df = STATISTICS[what](SeededChance(SEED))
    assert statistic < CRITICAL[df][0], (statistic, df)


@pytest.mark.parametrize("what", sorted(STATISTICS))
def test_secret_draws_are_uniform(what: str) -> None:
    statistic, df = STATISTICS[what](SecretChance())
    assert statistic < CRITICAL[df][1], (statistic, df)


@pytest.mark.parametrize("what", sorted(STATISTICS))
def test_a_draw_biased_to_one_half_fails_the_same_statistic(what: str) -> None:
    statistic, df = STATISTICS[what](HalfBiased(SEED))
    assert statistic > CRITICAL[df][1], (statistic, df)
