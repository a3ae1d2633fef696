"""Where the game's randomness comes from: one draw at a time from a public multiset.

Everything random in Thebes is a card leaving the draw pile or tokens leaving a bag. The
engine never rolls anything itself: it asks a :class:`Chance` for each draw, and checks that
the answer is a draw the pile or bag could have produced. A seeded :class:`SeededChance`
samples uniformly and reproducibly; :class:`SecretChance` samples uniformly from the
operating system's randomness, so nothing shown or saved foretells a draw; a replay feeds
recorded outcomes back; a test scripts exactly what comes out (:class:`ScriptedChance`).
"""

from __future__ import annotations

import hashlib
import secrets
from collections.abc import Iterable, Sequence
from typing import Protocol

from thebes.rules.state import Pile


class ImpossibleDraw(ValueError):
    """A chance outcome that the pile or bag could not have produced."""


class Chance(Protocol):
    def draw_card(self, pile: Pile, unseen: tuple[int, ...]) -> int:
        """The card drawn from the top of ``pile``.

        Each of the pile's ``hidden`` cards is any card of ``unseen`` with equal chance; each
        of its ``known`` cards is itself.
        """
        ...

    def draw_tokens(
        self, bag: tuple[int, ...], debris: int, count: int
    ) -> tuple[tuple[int, ...], int]:
        """Draw ``count`` tokens without replacement from ``bag`` plus ``debris`` debris.

        Returns the non-debris tokens drawn (sorted) and how many debris were drawn.
        """
        ...


_MASK = (1 << 64) - 1
_GOLDEN = 0x9E3779B97F4A7C15

# The stream of derived seeds for the deck and bag draws of a seeded game.
CHANCE_STREAM = 1
SETUP = -1  # the "action number" of the setup draws


def derive_seed(*parts: int) -> int:
    """A 64-bit seed mixed from integers (splitmix64 finaliser): same parts, same seed."""
    x = _GOLDEN
    for part in parts:
        x = mix_seed(x, part)
    return x


def mix_seed(seed: int, part: int) -> int:
    """``derive_seed(*parts, part)`` from ``seed = derive_seed(*parts)``: a caller that
    derives many seeds from one prefix mixes the prefix once."""
    x = ((seed ^ (part & _MASK)) + _GOLDEN) & _MASK
    x = ((x ^ (x >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    x = ((x ^ (x >> 27)) * 0x94D049BB133111EB) & _MASK
    return x ^ (x >> 31)


_CHANCE_PREFIX = derive_seed(CHANCE_STREAM)


class SplitMix:
    """A small, fast generator (splitmix64) whose output depends on nothing but its seed.

    Pure integer arithmetic, so a seed gives the same numbers on every Python version and
    machine, and starting a new one costs nothing (unlike seeding a Mersenne Twister).
    """

    __slots__ = ("_state",)

    def __init__(self, seed: int) -> None:
        self._state = seed & _MASK

    def below(self, n: int) -> int:
        """A number in 0..n-1 (multiply-shift; the bias is below 2**-50 for game sizes)."""
        self._state = x = (self._state + _GOLDEN) & _MASK
        x = ((x ^ (x >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        x = ((x ^ (x >> 27)) * 0x94D049BB133111EB) & _MASK
        return ((x ^ (x >> 31)) * n) >> 64


class _UniformChance:
    """Uniform draws from a source of numbers ``below(n)`` in 0..n-1."""

    __slots__ = ()

    def below(self, n: int) -> int:
        raise NotImplementedError

    def draw_card(self, pile: Pile, unseen: tuple[int, ...]) -> int:
        hidden = pile.hidden
        pick = self.below(hidden + len(pile.known))
        if pick < hidden:
            return unseen[self.below(len(unseen))]
        return pile.known[pick - hidden]

    def draw_tokens(
        self, bag: tuple[int, ...], debris: int, count: int
    ) -> tuple[tuple[int, ...], int]:
        # Partial Fisher-Yates over positions; positions >= len(bag) are debris. Only the
        # positions moved are kept: a dig draws a few of some thirty.
        in_bag = len(bag)
        size = in_bag + debris
        moved: dict[int, int] = {}
        found: list[int] = []
        debris_drawn = 0
        below = self.below
        for i in range(count):
            j = i + below(size - i)
            p = moved.get(j, j)
            moved[j] = moved.get(i, i)  # position i is never read again
            if p < in_bag:
                found.append(bag[p])
            else:
                debris_drawn += 1
        found.sort()
        return tuple(found), debris_drawn


class SeededChance(SplitMix, _UniformChance):
    """Uniform draws from a seeded generator: the same seed gives the same draws."""

    __slots__ = ()

    def __init__(self, seed: int) -> None:
        # SplitMix seeded with derive_seed(CHANCE_STREAM, seed), its prefix mixed once.
        self._state = mix_seed(_CHANCE_PREFIX, seed)

    # _UniformChance's card draw with SplitMix.below written out: nearly every action
    # draws a card, and a method call for each number cost a sixth of the draw. The same
    # numbers come out (tests/rules/test_seeded_numbers.py holds it to the plain draw).
    # The token draw, rarer, keeps _UniformChance's.

    def draw_card(self, pile: Pile, unseen: tuple[int, ...]) -> int:
        hidden = pile.hidden
        self._state = x = (self._state + _GOLDEN) & _MASK
        x = ((x ^ (x >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        x = ((x ^ (x >> 27)) * 0x94D049BB133111EB) & _MASK
        pick = ((x ^ (x >> 31)) * (hidden + len(pile.known))) >> 64
        if pick >= hidden:
            return pile.known[pick - hidden]
        self._state = x = (self._state + _GOLDEN) & _MASK
        x = ((x ^ (x >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        x = ((x ^ (x >> 27)) * 0x94D049BB133111EB) & _MASK
        return unseen[((x ^ (x >> 31)) * len(unseen)) >> 64]

    @classmethod
    def for_action(cls, game_seed: int, action_number: int) -> SeededChance:
        """The draws of one action of a game: resuming needs no generator state."""
        return cls(derive_seed(game_seed, action_number))


class SecretChance(_UniformChance):
    """Uniform draws from the operating system's randomness: no seed, nothing to foresee."""

    __slots__ = ()

    def below(self, n: int) -> int:
        return secrets.randbelow(n)


def bot_seed(game_seed: int | None, seat: int) -> int:
    """The seed of a computer player's own choices.

    In a seeded game it follows from the game seed through a one-way hash, so a bot's
    stream never reveals the seed the draws come from (:func:`derive_seed` can be undone);
    in a game without a seed it is fresh from the operating system, like the draws.
    """
    if game_seed is None:
        return secrets.randbits(64)
    digest = hashlib.sha256(f"thebes bot {game_seed} {seat}".encode()).digest()
    return int.from_bytes(digest[:8], "big")


class ScriptedChance:
    """Draws given in advance, in order: for scenario tests and replays.

    Each card draw takes the next card of ``cards``; each dig takes the next entry of
    ``digs`` (the tokens found, and the number of debris). Running out is an error.
    """

    def __init__(
        self,
        cards: Iterable[int] = (),
        digs: Iterable[tuple[Sequence[int], int]] = (),
    ) -> None:
        self.cards = list(cards)
        self.digs = [(tuple(sorted(found)), debris) for found, debris in digs]

    def draw_card(self, pile: Pile, unseen: tuple[int, ...]) -> int:
        if not self.cards:
            raise ImpossibleDraw("no scripted card draw left")
        return self.cards.pop(0)

    def draw_tokens(
        self, bag: tuple[int, ...], debris: int, count: int
    ) -> tuple[tuple[int, ...], int]:
        if not self.digs:
            raise ImpossibleDraw("no scripted dig left")
        return self.digs.pop(0)
